import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The run is its world's host: the script's overrides, the trace's words and the
/// scenario's roots are what the frameworks ask of it (CocoaSimulator/CocoaWorld.swift).
/// The rest of the requirements are the run's own methods, in the files of their areas.
extension ScenarioRun: CocoaWorldHost {
    package func sendNil(_ m: MethodDecl, of owner: RuntimeClass, to o: ObjectID, selector: String) {
        invoke(m, of: owner, on: o, selector: selector, arguments: [("value", .none)])
    }
}

extension ScenarioRun {
    /// V7, O9: what the world's controllers with an unloaded view still keep (for
    /// `expect abandoned`, the report, the graph and the audit).
    package func abandonedObjects() -> [ObjectID] { world.abandonedObjects() }
}
