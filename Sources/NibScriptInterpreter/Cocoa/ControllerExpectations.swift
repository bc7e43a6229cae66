import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Expectations of the controller world. Like every expectation they read memory and the
/// record of callbacks; they send no message, so `expect loaded c` never loads a view.
extension ScenarioRun {
    package func controllerExpectation(_ verb: Identifier, _ args: [Expr], negated: Bool, _ ctx: Context,
                               result: (Bool, @autoclosure () -> String) -> ExpectationResult) -> ExpectationResult {
        switch verb.name {
        case "loaded":
            guard let (o, desc) = object(args.first, ctx) else { return result(false, "\(args.first.map { file.text($0.range) } ?? "it") is nil") }
            let loaded = engine.isAlive(o) && isViewLoaded(o)
            let what = runtimeClass(of: o).isWindowController ? "window" : "view"
            return result(loaded != negated, "\(desc).\(what) is \(loaded ? "loaded" : "not loaded")\(engine.isAlive(o) ? "" : " (\(label(o)) is deallocated)")")
        case "onscreen":
            guard let (o, desc) = object(args.first, ctx) else { return result(false, "\(args.first.map { file.text($0.range) } ?? "it") is nil") }
            let cls = runtimeClass(of: o)
            let on = engine.isAlive(o) && (cls.isView ? isInWindow(o) : isOnScreen(o))
            return result(on != negated, "\(desc) (\(label(o))) is \(on ? "on screen" : "not on screen")")
        case "called":
            guard args.count >= 2, let (o, desc) = object(args[0], ctx), let cb = callbackName(args[1]) else {
                return result(false, "expected 'called OBJECT CALLBACK [TIMES]'")
            }
            let n = controllers.callbacks.filter { $0.object == o && $0.callback == cb }.count
            let lines = controllers.callbacks.filter { $0.object == o && $0.callback == cb }.map { String($0.line) }
            let seen = n == 0 ? "never called" : "called \(n) time\(n == 1 ? "" : "s") (line\(n == 1 ? "" : "s") \(lines.joined(separator: ", ")))"
            if negated { return result(n == 0, "\(cb.rawValue) of \(desc) was \(seen)") }
            if args.count >= 3, let want = Int(file.text(args[2].range)) {
                return result(n == want, "\(cb.rawValue) of \(desc) was \(seen)")
            }
            return result(n > 0, "\(cb.rawValue) of \(desc) was \(seen)")
        case "order":
            return orderExpectation(args, negated: negated, ctx, result: result)
        case "abandoned":
            let actual = abandonedObjects()
            let wanted = args.compactMap { inspect($0, ctx).0 }
            let text = actual.isEmpty ? "nothing is abandoned" : "abandoned: " + actual.map(label).joined(separator: ", ")
            if negated {
                if args.isEmpty { return result(actual.isEmpty, text) }
                return result(wanted.allSatisfy { !actual.contains($0) }, text)
            }
            return result(Set(actual) == Set(wanted) && wanted.count == args.count, text)
        default:
            return result(false, "unknown expectation '\(verb.name)'")
        }
    }

    private func object(_ e: Expr?, _ ctx: Context) -> (ObjectID, String)? {
        guard let e else { return nil }
        let (o, desc) = inspect(e, ctx)
        return o.map { ($0, desc) }
    }

    private func callbackName(_ e: Expr) -> Callback? {
        if case .name(let id) = e.kind { return Callback.named(id.name) }
        return nil
    }

    /// `expect order c viewWillAppear viewDidAppear` (one controller's callbacks), or
    /// `expect order a.viewWillDisappear b.viewWillAppear` (across controllers): the
    /// callbacks happened in this order, others possibly between them.
    private func orderExpectation(_ args: [Expr], negated: Bool, _ ctx: Context,
                                  result: (Bool, @autoclosure () -> String) -> ExpectationResult) -> ExpectationResult {
        var wanted: [(ObjectID, Callback)] = []
        if let first = args.first, case .property = first.kind {
            for a in args {
                guard case .property(let base, let name) = a.kind, let o = inspect(base, ctx).0, let cb = Callback.named(name.name) else {
                    return result(false, "'\(file.text(a.range))' names no object's callback")
                }
                wanted.append((o, cb))
            }
        } else {
            guard let (o, _) = object(args.first, ctx) else { return result(false, "the controller is nil") }
            for a in args.dropFirst() {
                guard let cb = callbackName(a) else { return result(false, "'\(file.text(a.range))' is not a callback") }
                wanted.append((o, cb))
            }
        }
        var k = 0
        for r in controllers.callbacks where k < wanted.count {
            if r.object == wanted[k].0 && r.callback == wanted[k].1 { k += 1 }
        }
        let ok = k == wanted.count
        let objects = Set(wanted.map(\.0))
        let actual = controllers.callbacks.filter { objects.contains($0.object) }
            .map { objects.count == 1 ? $0.callback.rawValue : "\(shortLabel($0.object)).\($0.callback.rawValue)" }
        return result(ok != negated, "the callbacks were: " + (actual.isEmpty ? "none" : actual.joined(separator: " ")))
    }
}
