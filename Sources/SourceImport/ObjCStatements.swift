// The statement splitter of method bodies: `if`/`else`, `switch`, loops, `@try`/`@catch`,
// `@synchronized`, nested blocks, early `return` and comma expressions, each simple
// statement with the branches it is on. Then the recognizer: which simple statements are
// about memory (`[x release]`, `self.x = nil`, `x = [v retain]`, `[super dealloc]`, …).

/// A simple statement of a body: its tokens (indices into the method's tokens) and path.
struct SplitStatement {
    var idx: [Int]
    var path: [ImportedBranch]
}

struct StatementSplitter {
    let toks: [ObjCToken]
    let path: String
    var i: Int
    let end: Int
    var out: [SplitStatement] = []
    /// Statements never reached (after an unconditional `return`).
    var unreachable = 0

    init(toks: [ObjCToken], path: String, from: Int, to: Int) {
        self.toks = toks; self.path = path; self.i = from; self.end = to
    }

    func t(_ k: Int) -> String { k < end ? toks[k].text : "" }
    func place(_ k: Int) -> SourcePlace {
        let tk = toks[min(k, toks.count - 1)]
        return SourcePlace(file: path, line: Int(tk.line), column: Int(tk.column))
    }

    /// How a statement leaves: it goes on, it always returns, or it returns on one branch
    /// (the rest of the block then runs on the other).
    enum Flow { case falls, returns, returnsUnless(ImportedBranch) }

    mutating func body() {
        _ = block(path: [], until: end)
        // R10: the blocks handed to a call that runs them later (a sheet's completion
        // handler, `dispatch_async`) run after the method's own statements.
        out += later
        later = []
    }

    /// Statements of block literals passed to calls that run them later, once (R10).
    var later: [SplitStatement] = []

    /// Statements up to `stop` (a `}` or the end); returns whether the block always returns.
    mutating func block(path: [ImportedBranch], until stop: Int) -> Bool {
        var path = path
        while i < stop && t(i) != "}" {
            switch statement(path: path) {
            case .falls: break
            case .returns:
                // The rest of the block is never reached.
                var depth = 0
                var count = 0
                while i < stop {
                    let w = t(i)
                    if w == "{" { depth += 1 } else if w == "}" { if depth == 0 { break }; depth -= 1 }
                    if w == ";" && depth == 0 { count += 1 }
                    i += 1
                }
                unreachable += count
                return true
            case .returnsUnless(let b): path.append(b)
            }
        }
        return false
    }

    /// The tokens between the parentheses at `i` as text; `i` moves past them.
    mutating func parenthesized() -> String {
        guard t(i) == "(" else { return "" }
        var depth = 0
        var idx: [Int] = []
        while i < end {
            let w = t(i)
            if w == "(" { depth += 1; if depth == 1 { i += 1; continue } }
            if w == ")" { depth -= 1; if depth == 0 { i += 1; break } }
            idx.append(i); i += 1
        }
        return StatementRecognizer.text(idx.map { toks[$0] })
    }

    /// How deep statements nest now: past a limit the rest is read as plain expressions, so a
    /// pathological body cannot exhaust the stack.
    var nesting = 0

    mutating func statement(path: [ImportedBranch]) -> Flow {
        let start = i
        let w = t(i)
        nesting += 1
        defer { nesting -= 1 }
        if nesting > 400 && w != ";" && w != "}" {
            expression(path: path)
            if i == start { i += 1 }
            return .falls
        }
        switch w {
        case ";": i += 1; return .falls
        case "{":
            i += 1
            let r = block(path: path, until: end)
            if t(i) == "}" { i += 1 }
            return r ? .returns : .falls
        case "if":
            i += 1
            let cond = parenthesized()
            let yes = ImportedBranch(kind: .ifTrue, condition: cond, place: place(start))
            let thenFlow = statement(path: path + [yes])
            var elseFlow = Flow.falls
            if t(i) == "else" {
                i += 1
                elseFlow = statement(path: path + [ImportedBranch(kind: .ifFalse, condition: cond, place: place(start))])
            }
            switch (thenFlow, elseFlow) {
            case (.returns, .returns): return .returns
            case (.returns, _): return .returnsUnless(ImportedBranch(kind: .notReturned, condition: cond, place: place(start)))
            case (_, .returns): return .returnsUnless(yes)
            default: return .falls
            }
        case "for", "while":
            i += 1
            let header = parenthesized()
            _ = statement(path: path + [ImportedBranch(kind: .loop, condition: "\(w) (\(header))", place: place(start))])
            return .falls
        case "do":
            i += 1
            // The loop's condition comes after the body: read the body under a branch whose
            // text is filled in once the condition is known.
            let before = out.count
            let k = path.count
            _ = statement(path: path + [ImportedBranch(kind: .loop, condition: "do", place: place(start))])
            var header = ""
            if t(i) == "while" { i += 1; header = parenthesized() }
            if t(i) == ";" { i += 1 }
            // `do { … } while (0)`, the macro writer's statement: its body runs once.
            let once = ["0", "NO", "false"].contains(String(header.filter { $0 != " " }))
            for j in before..<out.count where out[j].path.count > k {
                if once { out[j].path.remove(at: k) } else { out[j].path[k].condition = "do … while (\(header))" }
            }
            return .falls
        case "switch":
            i += 1
            let cond = parenthesized()
            guard t(i) == "{" else { return statement(path: path) }
            i += 1
            var label: String?
            var alwaysReturns = true
            var sawDefault = false
            while i < end && t(i) != "}" {
                if t(i) == "case" || t(i) == "default" {
                    let kw = t(i)
                    if kw == "default" { sawDefault = true }
                    var idx: [Int] = []
                    i += 1
                    while i < end && t(i) != ":" { idx.append(i); i += 1 }
                    i += 1
                    label = kw == "default" ? "default" : StatementRecognizer.text(idx.map { toks[$0] })
                    continue
                }
                if t(i) == "break" { i += 1; if t(i) == ";" { i += 1 }; continue }
                let b = ImportedBranch(kind: .switchCase, condition: cond, label: label ?? "default", place: place(start))
                if case .falls = statement(path: path + [b]) { alwaysReturns = false }
            }
            if t(i) == "}" { i += 1 }
            return alwaysReturns && sawDefault ? .returns : .falls
        case "@try", "try":
            i += 1
            _ = statement(path: path + [ImportedBranch(kind: .tryBody, condition: "", place: place(start))])
            while t(i) == "@catch" || t(i) == "catch" {
                let at = i
                i += 1
                let p = parenthesized()
                _ = statement(path: path + [ImportedBranch(kind: .catchBody, condition: p, place: place(at))])
            }
            if t(i) == "@finally" { i += 1; _ = statement(path: path) }
            return .falls
        case "@synchronized":
            i += 1
            _ = parenthesized()
            return statement(path: path)
        case "@autoreleasepool":
            i += 1
            return statement(path: path)
        case "return":
            // `return [self autorelease];`: the object gives up its own reference as it hands
            // itself back (B14): the message is a statement of the body.
            if i + 5 < end, t(i + 1) == "[", t(i + 2) == "self", ["autorelease", "release"].contains(t(i + 3)), t(i + 4) == "]", t(i + 5) == ";" {
                out.append(SplitStatement(idx: Array(i + 1 ... i + 4), path: path))
            }
            skipExpression()
            return .returns
        case "break", "continue", "goto":
            skipExpression()
            return .falls
        case "else", ")", "]":
            i += 1; return .falls   // stray: a branch the preprocessor read both ways
        case "case", "default":
            while i < end && t(i) != ":" { i += 1 }
            i += 1
            return .falls
        default:
            expression(path: path)
            return .falls
        }
    }

    /// Moves past an expression statement without recording it.
    mutating func skipExpression() {
        var depth = 0
        while i < end {
            let w = t(i)
            if w == "(" || w == "[" || w == "{" { depth += 1 }
            if w == ")" || w == "]" || w == "}" { if depth == 0 { return }; depth -= 1 }
            i += 1
            if w == ";" && depth == 0 { return }
        }
    }

    /// An expression or declaration up to its `;`, split at its top-level commas (a comma
    /// expression is its parts, in order).
    mutating func expression(path: [ImportedBranch]) {
        var depth = 0
        var part: [Int] = []
        // The innermost `[` or `(` still open: where the call a block literal is passed to starts.
        var opens: [Int] = []
        while i < end {
            let w = t(i)
            // Past half the nesting limit a block stays unread: each block read nests a
            // splitter, and hostile input must not exhaust the stack.
            if w == "^", nesting < 200, let open = opens.last, let body = blockBody(at: i) {
                readBlock(open: open, caret: i, body: body, path: path)
                // The call's own statement keeps the block's braces, not its statements.
                part += Array(i...body.lowerBound) + [body.upperBound]
                i = body.upperBound + 1
                continue
            }
            if w == "(" || w == "[" { opens.append(i) } else if (w == ")" || w == "]"), !opens.isEmpty { opens.removeLast() }
            if w == "(" || w == "[" || w == "{" { depth += 1 }
            if w == ")" || w == "]" || w == "}" {
                if depth == 0 { break }   // a `}` that closes the block: the `;` was missing
                depth -= 1
            }
            if depth == 0 && w == ";" { i += 1; break }
            if depth == 0 && w == "," {
                if !part.isEmpty { out.append(SplitStatement(idx: part, path: path)) }
                part = []; i += 1; continue
            }
            part.append(i); i += 1
        }
        if !part.isEmpty { out.append(SplitStatement(idx: part, path: path)) }
    }
}

extension StatementSplitter {
    /// The braces of the block literal whose `^` is at `k` (`^{ … }`, `^(NSInteger r) { … }`,
    /// `^BOOL (id obj) { … }`): the index of its `{` up to that of its `}`; nil for an `^`
    /// that is C's exclusive or, or a block type (`void (^)(void)`).
    func blockBody(at k: Int) -> ClosedRange<Int>? {
        var j = k + 1
        // A return type written before the parameters.
        while j < end, StatementRecognizer.isName(t(j)) || t(j) == "*" || t(j) == "void" { j += 1 }
        if t(j) == "(" {
            var depth = 0
            while j < end {
                if t(j) == "(" { depth += 1 } else if t(j) == ")" { depth -= 1; if depth == 0 { j += 1; break } }
                j += 1
            }
        }
        guard t(j) == "{" else { return nil }
        var depth = 0
        var e = j
        while e < end {
            if t(e) == "{" { depth += 1 } else if t(e) == "}" { depth -= 1; if depth == 0 { return j...e } }
            e += 1
        }
        return nil
    }

    /// Selector parts and function names of calls that run the block they are given at each
    /// element, match or event (not once): its statements go on a loop branch (R10).
    static let repeating = ["enumerate", "PassingTest", "passingTest", "Comparator", "dispatch_apply",
                            "addObserverForName", "MonitorForEvents", "scheduledTimer", "timerWithTimeInterval"]
    /// Calls that run the block before they return (not later): its statements stay in place.
    static let synchronous = ["enumerate", "PassingTest", "passingTest", "Comparator", "dispatch_apply",
                              "dispatch_sync", "AndWait", "performWithoutAnimation"]

    /// R10: the statements of the block literal at `caret`…`body`, passed to the call opened at
    /// `open`. A reviewer reads a completion handler (`beginSheetModalForWindow:completionHandler:`,
    /// `dispatch_async`, `animations:completion:`) as code of the method that runs later, once:
    /// its statements follow the method's own, on the branches of the call. A block run at each
    /// element or event is on a loop branch; one run before the call returns stays in place.
    mutating func readBlock(open: Int, caret: Int, body: ClosedRange<Int>, path: [ImportedBranch]) {
        // The call: its selector parts up to the block, or the function's name.
        var names: [String] = []
        if t(open) == "(", open > 0, StatementRecognizer.isName(toks[open - 1].text) { names.append(toks[open - 1].text) }
        var k = open + 1
        while k < caret {
            if t(k + 1) == ":" && StatementRecognizer.isName(t(k)) { names.append(t(k)) }
            k += 1
        }
        let call = names.joined(separator: ":")
        var inner = StatementSplitter(toks: toks, path: self.path, from: body.lowerBound + 1, to: body.upperBound)
        inner.nesting = nesting
        inner.body()
        unreachable += inner.unreachable
        var prefix = path
        if Self.repeating.contains(where: { call.contains($0) }) {
            prefix.append(ImportedBranch(kind: .loop, condition: "the block of \(call)", place: place(caret)))
        }
        let statements = inner.out.map { SplitStatement(idx: $0.idx, path: prefix + $0.path) }
        if Self.synchronous.contains(where: { call.contains($0) }) { out += statements } else { later += statements }
    }
}

/// Which simple statements are about memory.
struct StatementRecognizer {
    let selector: String
    let arguments: [String]
    /// Locals of the method holding a new object it stores (OwnedLocals.swift).
    var ownedLocals: OwnedLocals? = nil

    static let tight: Set<String> = ["[", ".", "(", "->", "!", "~", "^", "::"]
    static let tightAfter: Set<String> = [".", "]", ")", ":", ",", "->", ";", "::", "++", "--"]

    /// The tokens joined as a reader writes them.
    static func text(_ ts: [ObjCToken]) -> String {
        var s = ""
        var prev: String?
        for tk in ts {
            let w = tk.text
            if let p = prev, !(tight.contains(p) || tightAfter.contains(w) || (w == "(" && !tk.spaceBefore) || (p == "*" && !tk.spaceBefore)) { s += " " }
            s += w
            prev = w
        }
        return s
    }

    static func isName(_ s: String) -> Bool {
        guard let f = s.unicodeScalars.first else { return false }
        return (f == "_" || f.properties.isAlphabetic) && !["self", "super", "nil", "Nil", "NULL", "YES", "NO", "return"].contains(s)
    }

    /// `x`, `self.x`, `self->x`: the name and whether it goes through the setter.
    static func subject(_ w: ArraySlice<String>) -> (String, Bool)? {
        let w = Array(w)
        if w.count == 1, isName(w[0]) { return (w[0], false) }
        if w.count == 3, w[0] == "self", isName(w[2]) {
            if w[1] == "." { return (w[2], true) }
            if w[1] == "->" { return (w[2], false) }
        }
        if w.count == 3, w[0] == "(", w[2] == ")", isName(w[1]) { return (w[1], false) }
        return nil
    }

    /// The tokens without C casts to a type (`(NSButton *)`, `(id)`), which change nothing here.
    static func withoutCasts(_ w: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(w.count)
        var k = 0
        while k < w.count {
            if w[k] == "(", k + 2 < w.count, isName(w[k + 1]) || w[k + 1] == "id" {
                var j = k + 2
                while j < w.count && (w[j] == "*" || w[j] == "const" || w[j] == "__bridge") { j += 1 }
                // A cast is followed by what it casts (a name, a message, another parenthesis).
                if j + 1 < w.count, w[j] == ")", isName(w[j + 1]) || w[j + 1] == "[" || w[j + 1] == "(" || w[j + 1] == "self",
                   k == 0 || !isName(w[k - 1]) && w[k - 1] != "]" && w[k - 1] != ")" {
                    k = j + 1; continue
                }
            }
            out.append(w[k]); k += 1
        }
        return out
    }

    func recognize(_ written: [String]) -> ImportedStatementKind? {
        let w = Self.withoutCasts(written)
        guard let first = w.first else { return nil }
        // [x release] / [self.x retain] / [self->x autorelease] / [super sel] / [self setX:nil]
        if first == "[", w.last == "]", w.count >= 4, outermost(w) {
            let verb = w[w.count - 2]
            let receiver = w[1..<(w.count - 2)]
            if receiver == ["super"], verb == selector, !selector.contains(":") { return .superCall }
            if let (x, _) = Self.subject(receiver) {
                switch verb {
                case "release": return .release(x)
                case "retain": return .retain(x)
                case "autorelease": return .autorelease(x)
                case "removeFromSuperview": return .removeFromSuperview(x)
                case "close": return .closeWindow(x)
                case "invalidate": return .invalidate(x)
                default: break
                }
            }
            if w.count == 6, w[1] == "self", w[2].hasPrefix("set"), w[2].count > 3, w[3] == ":", ["nil", "NULL", "Nil"].contains(w[4]) {
                let key = String(w[2].dropFirst(3))
                return .setNil(key.prefix(1).lowercased() + key.dropFirst(), viaSetter: true)
            }
            if w.count >= 6, w[w.count - 4] == "performClose", w[w.count - 3] == ":", let (x, _) = Self.subject(w[1..<(w.count - 4)]) {
                return .closeWindow(x)
            }
            if let nib = Self.nibLoadedBySelf(w) { return .loadNib(nib) }
            if let t = Self.timerAdded(w) { return .addTimer(t) }
            if let cls = madeAndForgotten(w) { return .makeUnkept(cls) }
            // [self helper] / [self helperWith:x and:y]: a call to follow (not a setter,
            // which a nib's KVC or a property assignment stands for already).
            if w[1] == "self", let sel = Self.selectorSent(w), !ObjCScanner.isSetter(sel) { return .callSelf(sel) }
            // [super initWithNibName:…] in an init: the super call.
            if w[1] == "super", selector.hasPrefix("init"), w[2].hasPrefix("init") { return .superCall }
        }
        // self.x = …  /  x = …  /  self->x = …
        guard let eq = w.firstIndex(of: "="), eq > 0, eq + 1 < w.count, let (x, viaSetter) = Self.subject(w[..<eq]) else {
            // `self = [super init…]` is an init's super call.
            return nil
        }
        let r = Array(w[(eq + 1)...])
        if r == ["nil"] || r == ["NULL"] || r == ["0"] || r == ["Nil"] { return .setNil(x, viaSetter: viaSetter) }
        if let (cls, autoreleased) = allocInit(r) { return .setNew(x, className: cls, autoreleased: autoreleased, viaSetter: viaSetter) }
        // B15: a repeating timer on self kept at +0 (`[[…] retain]` is the owned object of
        // the rule below, its timer in `ImportedStatement.timer`).
        if let t = Self.repeatingTimerOnSelf(r, original: written), !t.retained {
            return .makeTimer(x, selector: t.selector, scheduled: t.scheduled, retained: false, viaSetter: viaSetter)
        }
        // `x = v` with v a local holding a new object (OwnedLocals.swift).
        if r.count == 1, !arguments.contains(r[0]), r[0] != x, let (cls, autoreleased) = ownedLocals?.store(of: r[0], viaSetter: viaSetter) {
            return .setNew(x, className: cls, autoreleased: autoreleased, viaSetter: viaSetter)
        }
        // `x = v` / `x = [v retain]` with v an argument of the method: a setter's store.
        if !viaSetter {
            if r.count == 1, arguments.contains(r[0]) { return .storeArgument(x, retained: false) }
            if r.count == 4, r[0] == "[", arguments.contains(r[1]), r[2] == "retain", r[3] == "]" { return .storeArgument(x, retained: true) }
        }
        // `x = [[self makeToolbar] retain]`: an owned object of x's own type (className "").
        if r.count >= 4, r[0] == "[", r[r.count - 2] == "retain", r.last == "]", outermost(r),
           !(r.count == 4 && arguments.contains(r[1])) {
            return .setNew(x, className: "", autoreleased: false, viaSetter: viaSetter)
        }
        return nil
    }

    /// The nib a `[NSBundle loadNibNamed:@"X" owner:self]` or `[[NSBundle mainBundle]
    /// loadNibNamed:@"X" owner:self options:…]` loads with self as its owner.
    static func nibLoadedBySelf(_ w: [String]) -> String? {
        let joined = w.joined(separator: " ")
        guard joined.hasPrefix("[ NSBundle loadNibNamed : ") || joined.hasPrefix("[ [ NSBundle mainBundle ] loadNibNamed : ") else { return nil }
        guard let k = w.firstIndex(of: "loadNibNamed"), k + 5 < w.count, w[k + 1] == ":" else { return nil }
        // R3: `loadNibNamed:[self nibNameMethod] owner:self`: the nib is what `-nibNameMethod`
        // returns, written `-nibNameMethod` for the audit to resolve.
        if w[k + 2] == "[", k + 8 < w.count, w[k + 3] == "self", isName(w[k + 4]), w[k + 5] == "]",
           w[k + 6] == "owner", w[k + 7] == ":", w[k + 8] == "self" {
            return "-" + w[k + 4]
        }
        guard w[k + 3] == "owner", w[k + 4] == ":", w[k + 5] == "self" else { return nil }
        let lit = w[k + 2]
        guard lit.hasPrefix("@\""), lit.hasSuffix("\""), lit.count > 3 else { return nil }
        return String(lit.dropFirst(2).dropLast())
    }

    /// The selector of the message `[receiver sel]` / `[receiver a:x b:y]` that `w` is
    /// (receiver one token at `w[1]`): the keywords at the message's own bracket depth.
    static func selectorSent(_ w: [String]) -> String? {
        guard w.count >= 4, isName(w[2]) else { return nil }
        if w.count == 4 { return w[2] }
        var sel = ""
        var depth = 0
        var k = 2
        while k < w.count - 1 {
            let t = w[k]
            if t == "[" || t == "(" || t == "{" { depth += 1 } else if t == "]" || t == ")" || t == "}" { depth -= 1 }
            else if depth == 0, t == ":", k > 2, isName(w[k - 1]) || w[k - 1] == "]" || w[k - 1] == ")" {
                // `a:x b:y`: the keyword is the name just before the colon.
                if isName(w[k - 1]) { sel += w[k - 1] + ":" }
            }
            k += 1
        }
        return sel.isEmpty ? nil : (w[3] == ":" ? sel : nil)
    }

    /// `[[[X alloc] init…] sel…]` whose outer message is not a memory message: X.
    func madeAndForgotten(_ w: [String]) -> String? {
        guard w.count >= 9, w[0] == "[", w[1] == "[" else { return nil }
        var depth = 0
        var close: Int?
        for k in 1..<w.count {
            if w[k] == "[" { depth += 1 } else if w[k] == "]" { depth -= 1; if depth == 0 { close = k; break } }
        }
        guard let j = close, j + 1 < w.count - 1, Self.isName(w[j + 1]),
              !["release", "autorelease", "retain", "copy", "mutableCopy"].contains(w[j + 1]),
              let (cls, autoreleased) = allocInit(Array(w[1...j])), !autoreleased, w[2] == "[" else { return nil }
        return cls
    }

    /// Whether the `[` that opens `r` is closed by its last token.
    func outermost(_ r: [String]) -> Bool {
        var depth = 0
        for (k, w) in r.enumerated() {
            if w == "[" { depth += 1 } else if w == "]" { depth -= 1; if depth == 0 { return k == r.count - 1 } }
        }
        return false
    }

    /// `[[X alloc] init…]`, `[[[X alloc] init…] autorelease]`, `[X new]`.
    func allocInit(_ r: [String]) -> (String, Bool)? {
        if r.count == 4, r[0] == "[", r[2] == "new", r[3] == "]", Self.isName(r[1]) { return (r[1], false) }
        if r.count >= 4, r[0] == "[", r.last == "]", r[r.count - 2] == "autorelease", outermost(r),
           let (c, a) = allocInit(Array(r[1..<(r.count - 2)])), !a { return (c, true) }
        if r.count >= 7, r[0] == "[", r[1] == "[", r[3] == "alloc", r[4] == "]", r[5].hasPrefix("init"), r.last == "]", outermost(r) {
            return (r[2], false)
        }
        return nil
    }
}
