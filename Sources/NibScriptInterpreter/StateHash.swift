import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

// What explore keys a state by. It lives with the run's state (and its snapshot,
// ScenarioRunSnapshot.swift) rather than with the search: it reads most of the run's
// fields at every run-loop turn, and from another module each read of a class's stored
// property kept a dynamic exclusivity check.

/// Which parts of a run's history the scenario's expectations read: they must be part of
/// the state hash, or two runs with equal memory but different histories would be merged
/// although a later expectation tells them apart.
package struct HistoryReads {
    package var events = false
    package var callbacks = false
    package var warnings = false

    package init(_ body: Block) {
        var stack = [body]
        while let b = stack.popLast() {
            for s in b.statements {
                switch s.kind {
                case .expect(let e):
                    switch e.kind {
                    case .event: events = true
                    case .warning: warnings = true
                    case .other(let verb, _, _) where verb.name == "called" || verb.name == "order": callbacks = true
                    default: break
                    }
                case .choose(let bs): stack += bs
                case .autoreleasePool(let b2), .event(let b2): stack.append(b2)
                default: break
                }
            }
        }
    }
}

extension ScenarioRun {
    /// Everything that decides what happens next, and nothing that is only cosmetic (names,
    /// numbers, the trace, lines). The engine's own state, the bindings of names, the
    /// controller world, what the run has found so far (expectations already failed, the
    /// deferred ones), and the history the scenario's expectations read.
    ///
    /// O(1) for what grows with the run: the engine's state and the controller world's
    /// tables keep their digests as they change (StateDigest.swift, DigestedCollections.swift);
    /// dictionaries' digests are sums of one hash per entry, so no order is involved. Walked
    /// here: the presentations, the failed and deferred expectations, and the histories the
    /// expectations read (only when they read them).
    package func explorationHash(reads: HistoryReads) -> Int {
        var h = StableHash()
        engine.stateDigest(into: &h)
        h.combine(tag: -10, count: nibNames.count, digest: nibNames.digest)
        h.combine(tag: -11, count: sceneViewNibs.count, digest: sceneViewNibs.digest)
        h.combine(application.map { Int($0.raw) } ?? -1)
        h.combine(extraRoots.count); for o in extraRoots { h.combine(o.raw) }
        traps.digest(into: &h)
        if frameClassesDigest == nil {
            var sum: UInt64 = 0
            for e in frameClasses { sum &+= StableHash.entry { $0.combine(e.key); $0.combine(e.value.0.raw) } }
            frameClassesDigest = sum
        }
        h.combine(tag: -12, count: frameClasses.count, digest: frameClassesDigest!)
        controllers.stateDigest(into: &h)
        h.combine(results.count)
        for i in results.indices where !results.passed(i) { h.combine(results.line(i)) }
        h.combine(-8)
        for d in deferred { h.combine(d.1) }
        if reads.callbacks { controllers.callbacksDigest(into: &h) }
        if reads.events { hashEvents(into: &h) }
        if reads.warnings { for w in warnings { h.combine(w.text) } }
        return Int(bitPattern: UInt(h.value))
    }
}
