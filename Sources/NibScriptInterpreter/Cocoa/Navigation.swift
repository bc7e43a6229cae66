import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The controller-world commands lowered to the world's operations (push, pop, present,
/// dismiss, select, show: CocoaSimulator/Navigation.swift), with the run loop's events
/// they end.
extension ScenarioRun {
    /// Controller-world commands (O3). One the app calls from its code (push, pop, present,
    /// dismiss, select, show) runs inside the current event and then ends it, as an action
    /// method's `pushViewController:` does: the container retains before the pool lets go.
    /// A memory warning is the system's own event: the current event ends first. Inside an
    /// `event { … }` block no command ends the event; the block's closing brace does.
    package func command(_ verb: Identifier, _ args: [Expr], _ ctx: Context) {
        controllers.currentRange = verb.range.span
        defer { controllers.currentRange = nil }
        if verb.name == "memoryWarning" {
            endEventIfPending("a memory warning is an event of its own: the current event ends first")
            guard !crashed else { return }
        }
        // `push nav new Next`: under ARC the +1 of `new` is a temporary, released once the
        // command has retained it (the navigation controller, the window or the presenter holds it).
        var temporaries: [Operand] = []
        defer { temporaries.forEach(releaseTemporary) }
        // A method taking the temporaries inout, not a nested function capturing them: a
        // captured variable is boxed, and each access to it checked for exclusivity.
        func object(_ i: Int, _ temporaries: inout [Operand]) -> ObjectID? {
            commandObject(args, i, verb, ctx, &temporaries)
        }
        // The commands explore runs most come first: each case passed over is a comparison
        // of two different strings, a call into the runtime.
        switch verb.name {
        case "push":
            guard let nav = object(0, &temporaries), let c = object(1, &temporaries) else { return }
            world.push(c, onto: nav, navRange: args[0].range.span, range: args[1].range.span)
        case "pop":
            guard let nav = object(0, &temporaries), world.requireNavigation(nav, args[0].range.span) else { return }
            world.pop(nav, at: verb.range.span)
        case "memoryWarning":
            world.memoryWarning()
        case "show":
            guard let x = object(0, &temporaries) else { return }
            world.show(x, at: args[0].range.span)
        case "popToRoot":
            guard let nav = object(0, &temporaries), world.requireNavigation(nav, args[0].range.span) else { return }
            world.popToRoot(nav)
        case "select":
            guard let tabs = object(0, &temporaries) else { return }
            let index = args.count > 1 ? Int(file.text(args[1].range)) ?? -1 : -1
            world.select(index, in: tabs, tabsRange: args[0].range.span, indexRange: (args.count > 1 ? args[1].range : verb.range).span)
        case "present":
            guard let a = object(0, &temporaries), let b = object(1, &temporaries) else { return }
            world.present(b, from: a, presenterRange: args[0].range.span, range: args[1].range.span)
        case "dismiss":
            guard let a = object(0, &temporaries) else { return }
            world.dismiss(a, at: args[0].range.span)
        default:
            runtimeError("unknown command '\(verb.name)'", at: verb.range.span)
        }
        guard !crashed, !insideEventBlock else { return }
        endEventIfPending("the event ends")
    }

    /// Argument `i` of a command, evaluated: an object, or nil after the error or the
    /// zombie message it caused. A fresh +1 (`new`) goes into `temporaries`.
    private func commandObject(_ args: [Expr], _ i: Int, _ verb: Identifier, _ ctx: Context,
                               _ temporaries: inout [Operand]) -> ObjectID? {
        guard i < args.count else { return nil }
        let v = evaluate(args[i], ctx)
        guard !crashed else { return nil }
        if v.fresh { temporaries.append(v) }
        guard let o = v.object else {
            runtimeError("'\(file.text(args[i].range))' is nil", at: args[i].range.span)
            return nil
        }
        if !engine.isAlive(o) {
            _ = engine.message(o, verb.name)   // a zombie message: a crash (O5)
            return nil
        }
        return o
    }

    /// Drains the run loop's pool if anything is pending in it: the end of an event.
    package func endEventIfPending(_ why: String) {
        guard engine.pendingReleaseCount > 0 || !traps.performs.isEmpty else { return }
        note(why + ": the run loop's autorelease pool drains")
        drainRunLoopPool()
    }

    // The structure of the controller world, the world's (CocoaSimulator/Navigation.swift),
    // asked by expectations and `if` conditions.
    package func isKind(_ o: ObjectID, _ name: String) -> Bool { runtimeClass(of: o).isKind(of: name) }
    package func isInWindow(_ view: ObjectID) -> Bool { world.isInWindow(view) }
    package func isOnScreen(_ c: ObjectID) -> Bool { world.isOnScreen(c) }
    package func subviewsRef(_ view: ObjectID) -> SlotRef? { world.subviewsRef(view) }
    package func addSubview(_ child: ObjectID, to parent: ObjectID) { world.addSubview(child, to: parent) }
    package func removeFromSuperview(_ child: ObjectID, _ parent: ObjectID?) { world.removeFromSuperview(child, parent) }
}
