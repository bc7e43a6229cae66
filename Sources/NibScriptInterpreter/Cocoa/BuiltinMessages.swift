import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Cocoa methods with an argument whose effect on ownership the simulator models: a view
/// retaining its subviews, a mutable array retaining its objects.
package enum BuiltinMessages {
    package static func needsArgument(_ selector: String) -> Bool {
        ["addSubview:", "addObject:", "removeObject:", "setValue:forKey:"].contains(selector)
    }

    /// Performs the message if it is one of these; false otherwise.
    package static func perform(_ selector: String, on o: ObjectID, cls: RuntimeClass, arguments: [Operand], in run: ScenarioRun) -> Bool {
        let engine = run.engine
        switch selector {
        case "addSubview:":
            guard let list = cls.list("subviews") else { return false }
            guard let v = arguments.first?.object else { run.note("-[\(cls.name) addSubview:nil]: nothing happens"); return true }
            guard engine.message(v, "retain") else { return true }
            // A view has one superview: adding it elsewhere first removes it from the old one.
            if let (old, slot) = superview(of: v, in: run), old != o {
                engine.listRemove(SlotRef(old, slot), v, cause: run.because("removed from the subviews of \(run.shortLabel(old))"))
            } else if let (old, _) = superview(of: v, in: run), old == o {
                return true
            }
            engine.listAppend(SlotRef(o, list), v)
            return true
        case "setValue:forKey:":
            // Key-Value Coding on any object (issue 26): the N7 search, nil included.
            guard arguments.count == 2, let key = arguments[1].text else { return false }
            run.setValue(arguments[0].object, forKey: key, of: o)
            return true
        case "close", "performClose:":
            // B7: the window's delegate gets windowWillClose: (CocoaSimulator/WindowClosing.swift).
            return run.world.closeWindow(o)
        case "removeFromSuperview":
            guard cls.isView else { return false }
            if let (sup, slot) = superview(of: o, in: run) { engine.listRemove(SlotRef(sup, slot), o) }
            else { run.note("\(run.shortLabel(o)) has no superview: nothing happens") }
            return true
        case "addObject:":
            guard cls.isKind(of: "NSMutableArray") || cls.isKind(of: "NSMutableSet"), let list = cls.list("objects") else { return false }
            guard let v = arguments.first?.object else {
                engine.raise("*** -[\(cls.name) insertObject:atIndex:]: object cannot be nil", object: o, selector: selector)
                return true
            }
            engine.listAppend(SlotRef(o, list), v)
            return true
        case "removeObject:":
            guard cls.isKind(of: "NSMutableArray") || cls.isKind(of: "NSMutableSet"), let list = cls.list("objects") else { return false }
            if let v = arguments.first?.object {
                while engine.list(SlotRef(o, list)).contains(v), !run.crashed { engine.listRemove(SlotRef(o, list), v) }
            }
            return true
        case "removeAllObjects":
            guard cls.isKind(of: "NSMutableArray") || cls.isKind(of: "NSMutableDictionary") || cls.isKind(of: "NSMutableSet"),
                  let list = cls.list("objects") else { return false }
            for v in engine.list(SlotRef(o, list)).reversed() where !run.crashed { engine.listRemove(SlotRef(o, list), v) }
            return true
        default:
            return OwnershipTraps.perform(selector, on: o, cls: cls, arguments: arguments, in: run)
        }
    }

    /// The live view whose subviews hold `v`, found by looking (views have no back pointer here).
    package static func superview(of v: ObjectID, in run: ScenarioRun) -> (ObjectID, Int)? {
        let engine = run.engine
        for o in engine.allObjects where engine.isAlive(o) && !engine.isHidden(o) {
            guard let slot = run.runtimeClass(of: o).list("subviews") else { continue }
            if engine.list(SlotRef(o, slot)).contains(v) { return (o, slot) }
        }
        return nil
    }
}
