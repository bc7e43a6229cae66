import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The run is its world's host: the script's overrides, the trace's words and the
/// scenario's roots are what the frameworks ask of it (CocoaSimulator/CocoaWorld.swift).
/// The rest of the requirements are the run's own methods, in the files of their areas.
extension ScenarioRun: CocoaWorldHost {
    package func sendNil(_ m: MethodBody, of owner: RuntimeClass, to o: ObjectID, selector: String) {
        invoke(m, of: owner, on: o, selector: selector, arguments: [("value", .none)])
    }

    package func runMethod(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String) {
        invoke(m, of: owner, on: o, selector: selector)
    }

    package func readProperty(_ name: String, of o: ObjectID) -> ObjectID? {
        getProperty(name, of: o).object
    }

    package func setProperty(_ name: String, of o: ObjectID, to v: ObjectID?, fresh: Bool, cause: Cause?) {
        setProperty(name, of: o, Operand(object: v, fresh: fresh), cause: cause)
    }

    package func sceneViewNib(of c: ObjectID) -> NibModel? { sceneViewNibs[c] }

    package func storeThroughSetter(_ p: RuntimeProperty, of o: ObjectID, to v: ObjectID?, cause: Cause) {
        storeThroughSetter(p, of: o, v.map { Operand(object: $0) } ?? .none, cause: cause)
    }

    package func newObject(of cls: RuntimeClass, name: String) -> ObjectID {
        instantiate(cls, name: name)
    }

    package func keepAsRoot(_ o: ObjectID) {
        if !extraRoots.contains(o) { extraRoots.append(o) }
    }
}

extension ScenarioRun {
    /// V7, O9: what the world's controllers with an unloaded view still keep (for
    /// `expect abandoned`, the report, the graph and the audit).
    package func abandonedObjects() -> [ObjectID] { world.abandonedObjects() }
}
