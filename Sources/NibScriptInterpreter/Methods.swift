import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

extension ScenarioRun {
    /// Runs a method body of the script with `self` = `o`. Its variables live in a frame of
    /// their own, released at the closing brace under ARC and simply dropped under MRC.
    package func invoke(_ body: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String,
                arguments: [(name: String, value: Operand)] = []) {
        guard callDepth < Self.maxCallDepth else {
            engine.raise("stack overflow: -[\(owner.name) \(selector)] nested \(Self.maxCallDepth) calls deep", object: o, selector: selector)
            return
        }
        let m = body.decl
        if callDepth == 0 { outerStatementSite = site }
        callDepth += 1
        let savedSite = site, savedDepth = depth
        defer { callDepth -= 1; site = savedSite; depth = savedDepth }
        note("-[\(owner.name) \(selector)] on \(shortLabel(o))")
        depth += 2
        let cls = runtimeClass(of: o)
        let locals = Names.assigned(in: m.body) { name in
            cls.ivar(name) != nil || arguments.contains { $0.name == name }
        }
        let frame = makeFrame(key: "\(owner.name) \(selector)", names: locals)
        let ctx = Context(selfObject: o, implementingClass: owner, selector: selector, frame: frame, arguments: arguments)
        execute(m.body.statements, ctx)
        floatingRetains.removeAll { $0.frame == frame.object }
        if !crashed { engine.release(frame.object) }
    }

    /// `super`: the next implementation up the chain, written in the script or built in.
    package func callSuper(_ ctx: Context) {
        guard let me = ctx.selfObject, let impl = ctx.implementingClass, let sel = ctx.selector else { return }
        if let sup = impl.superclass, let (m, owner) = sup.method(sel) {
            invoke(m, of: owner, on: me, selector: sel, arguments: ctx.arguments)
            return
        }
        builtinSuper(sel, on: me, ctx)
    }

    /// What Cocoa's own implementation of a selector does when a body calls `super`.
    package func builtinSuper(_ selector: String, on o: ObjectID, _ ctx: Context) {
        let cls = runtimeClass(of: o)
        switch selector {
        case "loadView":
            world.defaultLoadView(o, cls)
        case "setValue:forUndefinedKey:":
            raiseUndefinedKey(ctx.argument("key")?.text ?? "?", on: o)
        default:
            if let handled = builtinMessage(selector, to: o, cls: cls, fromSuper: true), handled { return }
            note("[super \(selector)]: nothing to do for ownership")
        }
    }

    package func raiseUndefinedKey(_ key: String, on o: ObjectID) { world.raiseUndefinedKey(key, on: o) }

    /// Built-in behaviour for a message the script sends; nil when Cocoa does nothing
    /// that matters for ownership.
    package func builtinMessage(_ selector: String, to o: ObjectID, cls: RuntimeClass, fromSuper: Bool = false) -> Bool? {
        if cls.property(selector) != nil || selector == "view" || selector == "window" {
            _ = getProperty(selector, of: o)
            return true
        }
        return controllerMessage(selector, to: o, cls: cls, fromSuper: fromSuper)
    }
}
