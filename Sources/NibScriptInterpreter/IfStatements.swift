import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

extension Checker {
    /// `if` belongs in a method body; `isViewLoaded` in a view controller's; a path ending
    /// in `.window` reads a view's window (nil off screen).
    func checkIf(_ s: IfStatement, _ scope: inout Scope, diagnostics: inout [Diagnostic]) {
        guard !scope.isScenario else {
            diagnostics.append(.error("'if' tests what the app's code tests; it belongs in a method, not in a scenario", at: s.condition.range,
                                      notes: ["a scenario states what happens; use 'choose { … } or { … }' for the author's alternatives"]))
            return
        }
        for t in s.condition.terms {
            switch t {
            case .viewLoaded(_, let r):
                if !(scope.cls?.isViewController ?? false) {
                    diagnostics.append(.error("'isViewLoaded' asks a view controller about its view; '\(scope.cls?.name ?? "?")' is not one", at: r))
                }
            case .compare(let a, _, let b):
                for e in [a, b] {
                    if case .property(let base, let name) = e.kind, name.name == "window" {
                        _ = type(of: base, scope, diagnostics: &diagnostics)
                    } else {
                        _ = type(of: e, scope, diagnostics: &diagnostics)
                    }
                }
            case .platform, .memory: break
            }
        }
        // Names a branch introduces stay known after it, as either branch may run.
        let before = scope
        var after = scope
        for b in [s.then] + (s.otherwise.map { [$0] } ?? []) {
            var inner = before
            checkBlock(b, &inner, diagnostics: &diagnostics)
            for v in inner.variables { after.addVariable(v.name, v.type) }
        }
        scope = after
    }
}

extension ScenarioRun {
    /// Runs the branch the condition picks; the trace says what the condition found.
    func runIf(_ s: IfStatement, _ ctx: Context) {
        let (holds, why) = evaluate(s.condition, ctx)
        guard !crashed else { return }
        note("if: \(why) → \(holds ? "then" : (s.otherwise == nil ? "nothing" : "else"))")
        if holds { execute(s.then.statements, ctx) } else if let o = s.otherwise { execute(o.statements, ctx) }
    }

    /// The conjunction, left to right, stopping at the first false term (C's `&&`).
    func evaluate(_ c: Condition, _ ctx: Context) -> (Bool, String) {
        var words: [String] = []
        for t in c.terms {
            let (ok, text) = evaluate(t, ctx)
            guard !crashed else { return (false, "") }
            words.append(text)
            if !ok { return (false, words.joined(separator: " && ")) }
        }
        return (true, words.joined(separator: " && "))
    }

    private func evaluate(_ t: ConditionTerm, _ ctx: Context) -> (Bool, String) {
        switch t {
        case .viewLoaded(let negated, _):
            guard let me = ctx.selfObject else { return (false, "no self") }
            let loaded = viewOf(me) != nil
            return (loaded != negated, "\(negated ? "!" : "")isViewLoaded is \(loaded != negated ? "true" : "false")")
        case .compare(let a, let equal, let b):
            let x = conditionValue(a, ctx)
            guard !crashed else { return (false, "") }
            let y = conditionValue(b, ctx)
            guard !crashed else { return (false, "") }
            let same = x == y
            func side(_ e: Expr, _ o: ObjectID?) -> String {
                if case .nilLiteral = e.kind { return "nil" }
                return "\(file.text(e.range)) (\(o.map(shortLabel) ?? "nil"))"
            }
            let text = "\(side(a, x)) \(equal ? "==" : "!=") \(side(b, y))"
            return (same == equal, text)
        case .platform(let p, let op, let major, let minor, _):
            var ok = config.platform == PlatformName(p)
            if ok, let op {
                let have = (config.major, config.minor), want = (major, minor)
                switch op {
                case .eq: ok = have == want
                case .ne: ok = have != want
                case .lt: ok = have < want
                case .le: ok = have <= want
                case .gt: ok = have > want
                case .ge: ok = have >= want
                }
            }
            return (ok, "\(p.rawValue)\(op.map { " \($0.rawValue) \(major).\(minor)" } ?? "") is \(ok) (\(config.platform.rawValue) \(config.versionText))")
        case .memory(let m, _):
            let ok = config.memory == MemoryModelName(m)
            return (ok, "\(m.rawValue) is \(ok)")
        }
    }

    /// A side of a comparison, read as the code reads it: through getters (a zombie message
    /// to a deallocated object, a view loaded by `view`). `v.window` of a view is the key
    /// window while the view is in it, else nil.
    private func conditionValue(_ e: Expr, _ ctx: Context) -> ObjectID? {
        if case .property(let base, let name) = e.kind, name.name == "window" {
            guard let v = evaluate(base, ctx).object, !crashed else { return nil }
            if runtimeClass(of: v).isView {
                guard engine.message(v, "window") else { return nil }
                return isInWindow(v) ? controllers.keyWindow : nil
            }
            return getProperty("window", of: v).object
        }
        return evaluate(e, ctx).object
    }
}
