import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Everything a scenario run is in the middle of, as values: the engine's state, the run's
/// own fields and the controller world. `explore` takes one at each run-loop turn where a
/// variant may leave the path and restores it to run that variant from there, so a variant
/// costs the statements after its fork, not its whole prefix. Taking one is O(fields):
/// arrays and dictionaries are copy-on-write and are copied only when either side writes.
///
/// A stored field added to `ScenarioRun` or `ControllerState` that changes while a scenario
/// runs must be added here too (the explore tests compare forked runs with full replays).
extension ScenarioRun {
    package struct Snapshot {
        var engine: Engine.Snapshot
        var site: Int32
        var lineHint: LineHint
        var allocNote: String?
        var depth: Int
        var eventLog: EventLog
        var warnings: [(line: Int, text: String)]
        var results: ExpectationResults
        var crashLine: Int?
        var crashStatementLine: Int?
        var traps: TrapState
        var deferred: [(Expectation, Int, Context)]
        var extraRoots: [ObjectID]
        var scenarioFrame: LocalFrame?
        var nibNames: NibBindings
        var sceneViewNibs: SparseDigestedObjectMap<NibModel>
        var application: ObjectID?
        var frameClasses: [String: (ClassID, [String])]
        var callDepth: Int
        var watched: [String: ObjectID]
        var floatingRetains: [(frame: ObjectID, object: ObjectID)]
        var controllers: ControllerState.Snapshot
    }

    package func snapshot() -> Snapshot {
        Snapshot(engine: engine.snapshot(), site: site, lineHint: lineHint, allocNote: allocNote, depth: depth,
                 eventLog: eventLog, warnings: warnings, results: results, crashLine: crashLine,
                 crashStatementLine: crashStatementLine, traps: traps,
                 deferred: deferred, extraRoots: extraRoots, scenarioFrame: scenarioFrame, nibNames: nibNames,
                 sceneViewNibs: sceneViewNibs, application: application, frameClasses: frameClasses,
                 callDepth: callDepth, watched: watched, floatingRetains: floatingRetains,
                 controllers: controllers.snapshot())
    }

    /// Puts the run back as it was at `s`. The trace, planner and event sink stay as they are.
    package func restore(_ s: Snapshot) {
        engine.restore(s.engine)
        site = s.site; lineHint = s.lineHint; allocNote = s.allocNote; depth = s.depth
        eventLog = s.eventLog; warnings = s.warnings; results = s.results
        crashLine = s.crashLine; crashStatementLine = s.crashStatementLine; traps = s.traps; deferred = s.deferred; extraRoots = s.extraRoots
        scenarioFrame = s.scenarioFrame; nibNames = s.nibNames; sceneViewNibs = s.sceneViewNibs
        application = s.application; frameClasses = s.frameClasses; callDepth = s.callDepth
        watched = s.watched; floatingRetains = s.floatingRetains
        controllers.restore(s.controllers)
    }
}
