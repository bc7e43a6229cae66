import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

/// A worker's own run, and a snapshot of it fresh, made by the worker on its thread (on all
/// cores, while the first worker runs the original run: see `Explore.search`); then only its
/// worker reads them.
package final class WorkerRun {
    var run: ScenarioRun?
    var initial: ScenarioRun.Snapshot?
}

/// A frame of the statement walk: a block's statements and the index of the next one. The
/// stack of them is the continuation a forked variant resumes (a `choose` branch is a frame
/// above the scenario's body).
package struct WalkFrame {
    package var statements: Statements
    package var index: Int
}

/// Drives one variant: starts at the beginning or at a fork point, takes defaults, and
/// records the nodes it passes with a snapshot where children fork. When rendering a path
/// (`replay` set), it takes the given deviations instead and records the steps as text.
///
/// The arrays read or changed at every statement and decision point (`replay`,
/// `deviations`, `steps`, `visited`, `frames`) are unchecked for exclusivity, for the
/// reason the run's line hint is: a driver is used by one thread, and each access is one
/// read, append or in-place change of an element, never held across a call that touches
/// the driver again (a step's text is made before it is appended).
package final class VariantDriver {
    package let budget: Int
    package let reads: HistoryReads
    package let seen: Explore.Seen
    /// Nodes seen before the variant's subtree began (sharded searches; else empty).
    package let base: Explore.Seen
    /// Instead of `seen` and `base` (all cores): the nodes merged so far and those earlier
    /// variants are passing, read under the node book's lock; a node the run goes on from (none
    /// seen at `used` warnings or fewer) is told to later variants in the same call.
    var lookup: ((_ key: Explore.NodeKey, _ used: Int, _ records: Bool) -> UInt8?)?
    /// Whether the next node is the first after the variant's own deviation (see `decide`).
    var checksNext = false
    /// The option to take at the first decision (a forked variant's own).
    var pending: Int?
    /// Rendering: the deviations to take, and no nodes recorded.
    @exclusivity(unchecked) package var replay: [Explore.Deviation]?
    var replayCursor = 0
    /// After the replayed deviations, explore as usual (a variant without a fork point).
    package var exploreAfterReplay = false
    /// Told of each node the run records, right after (the original run on all cores: its
    /// children are queued as it goes; see `Explore.search`).
    var onVisit: (() -> Void)?
    /// How many more snapshots this run may take for its children (see `Explore.Options.maxForks`).
    var forkBudget = 0
    /// The visits holding a snapshot, in order: checkpoints spread over the run.
    var forkVisits: [Int] = []
    /// Visits with options that have passed, and every how many of them keeps a snapshot.
    var forkCandidates = 0
    var forkStride = 1
    /// The number of the next decision point, in execution order.
    var point = 0
    @exclusivity(unchecked) package var deviations: [Explore.Deviation] = []
    var used = 0
    package var stopped = false
    var stepCount = 0
    /// The steps as text, only when rendering a path.
    @exclusivity(unchecked) package var steps: [Explore.Step]?
    @exclusivity(unchecked) package var visited: [Explore.Visit] = []
    /// Whether the last step ended a run-loop event (true at the start of the scenario).
    var eventEnded = true
    /// The continuation: where the walk is.
    @exclusivity(unchecked) var frames: [WalkFrame] = []
    var atEnd = false

    package init(budget: Int, reads: HistoryReads, seen: Explore.Seen, base: Explore.Seen) {
        self.budget = budget; self.reads = reads; self.seen = seen; self.base = base
    }

    /// A decision point with `options` choices; returns the choice.
    package func decide(kind: UInt8, position: Int, options: Int, run: ScenarioRun) -> Int {
        let here = point
        point += 1
        if let p = pending {
            pending = nil
            deviations.append(Explore.Deviation(point: Int32(here), option: Int32(p)))
            checksNext = true
            return p
        }
        if let r = replay, replayCursor < r.count || !exploreAfterReplay {
            guard replayCursor < r.count, r[replayCursor].point == here else { return 0 }
            replayCursor += 1
            checksNext = replayCursor == r.count
            return Int(r[replayCursor - 1].option)
        }
        let key = Explore.NodeKey(kind: kind, position: position, hash: run.explorationHash(reads: reads))
        if let lookup {
            // On all cores a quarter of the nodes, by their hash, are looked up (under the
            // book's lock, which the other workers wait for), and every variant looks up the
            // same ones: one that joins a state an earlier one reaches stops a few nodes
            // later, and its merge cuts it at the same node as ever, so only that work is
            // lost. (Looking up each node made the workers wait for each other's lookups.)
            // The first node after the variant's own deviation is looked up too: a warning
            // that unloads nothing lands there on a node the run it left has passed, and most
            // pruned variants are those. It is not recorded as passing (only the quarter are).
            let first = checksNext
            checksNext = false
            if key.isLookedUp || first, let u = lookup(key, used, key.isLookedUp), Int(u) <= used {
                stopped = true
                return 0
            }
        } else if let u = seen[key] ?? base[key], Int(u) <= used {
            stopped = true
            return 0
        }
        var fork: Explore.ForkPoint?
        // The snapshots are checkpoints spread evenly over the run: while the budget lasts,
        // every decision point with options keeps one; when it runs out, every other
        // checkpoint is dropped and the spacing doubles. A child without a snapshot of its
        // own replays from the checkpoint before it, so no child replays more than a
        // spacing's worth of the run, however long the run.
        var keep = false
        if options > 1 {
            let candidate = forkCandidates
            forkCandidates += 1
            if candidate % forkStride == 0 {
                if forkBudget == 0, forkVisits.count > 1 {
                    var kept: [Int] = []
                    for (j, vi) in forkVisits.enumerated() {
                        if j % 2 == 0 { kept.append(vi) } else { visited[vi].fork = nil; forkBudget += 1 }
                    }
                    forkVisits = kept
                    forkStride *= 2
                }
                if forkBudget > 0, candidate % forkStride == 0 {
                    forkBudget -= 1
                    keep = true
                }
            }
        }
        if keep {
            forkVisits.append(visited.count)
            point = here   // the children decide this point again
            fork = Explore.ForkPoint(run: run.snapshot(), driver: self)
            point = here + 1
        }
        visited.append(Explore.Visit(key: key, used: used, options: options, point: here, fork: fork))
        onVisit?()
        return 0
    }

    package func step(_ s: @autoclosure () -> Explore.Step) {
        stepCount += 1
        if steps != nil { steps!.append(s()) }
    }

    package func result(of run: ScenarioRun) -> Explore.RunResult {
        var r = Explore.RunResult(deviations: deviations)
        r.visited = visited
        r.prunedEarly = stopped
        r.steps = stepCount
        r.warningsUsed = used
        if !stopped { r.outcome = run.exploreOutcome() }
        return r
    }
}
