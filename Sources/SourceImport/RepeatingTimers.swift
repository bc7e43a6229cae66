// T1 in the reader (B15 of grammar.md): a repeating NSTimer whose target is the object that
// makes it. The run loop retains a scheduled timer and the timer retains its target until
// it is invalidated, so an owner that invalidates its timer only in `dealloc` never gets
// there. The recognizer reads the making (`+scheduledTimerWithTimeInterval:target:self
// selector:… userInfo:… repeats:YES`, or `+timerWithTimeInterval:…` then `-[NSRunLoop
// addTimer:forMode:]`) and `[x invalidate]`. A timer kept at +1 (`[[NSTimer …] retain]`)
// stays the owned object it always was (`setNew`), its timer told beside it
// (`ImportedStatement.timer`), so every analysis of made members sees it as before.

extension StatementRecognizer {
    /// The keyword arguments of the message `r` (`[receiver a:x b:y]`, `r[1]` the receiver,
    /// one token): `(receiver, [(keyword, value tokens)])`, or nil when `r` is no such message.
    static func keywordMessage(_ r: [String]) -> (String, [(String, [String])])? {
        guard r.count >= 6, r[0] == "[", r.last == "]", r[3] == ":" else { return nil }
        var depth = 0
        // The whole `r` must be one message: its first `[` closes at its last token.
        for (k, t) in r.enumerated() {
            if t == "[" || t == "(" { depth += 1 } else if t == "]" || t == ")" { depth -= 1; if depth == 0 && k != r.count - 1 { return nil } }
        }
        var parts: [(String, [String])] = []
        depth = 0
        var k = 2
        while k < r.count - 1 {
            let t = r[k]
            if depth == 0, isName(t) || t == "target" || t == "selector", k + 1 < r.count - 1, r[k + 1] == ":",
               parts.isEmpty || !parts[parts.count - 1].1.isEmpty {
                parts.append((t, []))
                k += 2
                continue
            }
            if t == "[" || t == "(" || t == "{" { depth += 1 } else if t == "]" || t == ")" || t == "}" { depth -= 1 }
            guard !parts.isEmpty else { return nil }
            parts[parts.count - 1].1.append(t)
            k += 1
        }
        return (r[1], parts)
    }

    /// `[NSTimer scheduledTimerWithTimeInterval:… target:self selector:@selector(s) userInfo:…
    /// repeats:YES]` (scheduled true) or `timerWithTimeInterval:` (scheduled false), maybe
    /// inside `[… retain]`: the selector the timer sends, whether it is scheduled, whether it
    /// is retained. Nil for any other target, a one-shot timer (`repeats:NO` releases its
    /// target once it fires), or a repeat flag the text does not decide.
    static func repeatingTimerOnSelf(_ written: [String], original: [String]) -> (selector: String, scheduled: Bool, retained: Bool)? {
        var r = written
        var retained = false
        if r.count >= 4, r[0] == "[", r[r.count - 2] == "retain", r.last == "]", keywordMessage(Array(r[1..<(r.count - 2)])) != nil {
            r = Array(r[1..<(r.count - 2)])
            retained = true
        }
        guard let (receiver, parts) = keywordMessage(r), receiver == "NSTimer",
              let first = parts.first?.0, first == "scheduledTimerWithTimeInterval" || first == "timerWithTimeInterval",
              parts.map(\.0) == [first, "target", "selector", "userInfo", "repeats"],
              parts[1].1 == ["self"], ["YES", "true", "1"].contains(parts[4].1.joined()) else { return nil }
        // `@selector(tick:)`: the tokens between the parentheses, as written (`(update)`
        // looks like a cast, which `withoutCasts` took out of `r`).
        let s = parts[2].1
        guard let head = s.first, head == "@selector" || head == "@", let at = original.firstIndex(of: head) else { return nil }
        let inner = original[at...].drop { $0 != "(" }.dropFirst().prefix { $0 != ")" }
        let sel = inner.joined()
        guard !sel.isEmpty else { return nil }
        return (sel, first == "scheduledTimerWithTimeInterval", retained)
    }

    /// `[[NSRunLoop currentRunLoop] addTimer:x forMode:…]` (or `mainRunLoop`): x.
    static func timerAdded(_ w: [String]) -> String? {
        guard w.count >= 12, w[0] == "[", w[1] == "[", w[2] == "NSRunLoop", ["currentRunLoop", "mainRunLoop"].contains(w[3]), w[4] == "]",
              w[5] == "addTimer", w[6] == ":", let fm = w.firstIndex(of: "forMode"), fm > 7, w.last == "]" else { return nil }
        return subject(w[7..<fm]).map(\.0)
    }

    /// The timer of a `setNew` that stores `[[NSTimer …repeats:YES] retain]` (see `ImportedStatement.timer`).
    static func timer(_ written: [String], kind: ImportedStatementKind) -> RetainedTimer? {
        guard case .setNew(_, let cls, false, _) = kind, cls.isEmpty, let eq = written.firstIndex(of: "=") else { return nil }
        let r = withoutCasts(Array(written[(eq + 1)...]).filter { $0 != ";" })
        guard let t = repeatingTimerOnSelf(r, original: written), t.retained else { return nil }
        return RetainedTimer(selector: t.selector, scheduled: t.scheduled)
    }
}

/// A repeating timer on self stored retained: the selector it fires, and whether it is scheduled.
public struct RetainedTimer: Sendable, Equatable {
    public var selector: String
    public var scheduled: Bool
}
