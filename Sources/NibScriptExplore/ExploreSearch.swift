import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

extension Explore {
    /// One scenario's search (`Explore.search`): what its waves share. The original run
    /// goes first (`run`); then each wave's variants run, one after the other on one core or
    /// on all cores (`runParallel`, ExploreParallel.swift), and their results are merged in
    /// generation order (`merge`), which queues their children for the next wave (`enqueue`).
    package final class Searcher {
        let program: Program
        let scenario: ScenarioDecl
        let budget: Int
        let options: Options
        let shard: (index: Int, count: Int)?
        let reads: HistoryReads
        let workers: Int
        /// Each worker's run, made by the worker when it first needs it: on all cores the
        /// first worker makes its run and then the original run while the others make theirs
        /// (making a run builds its class table: a tenth of a millisecond that one core did
        /// alone before the search). Fresh runs are all in the same state, so each keeps a
        /// snapshot of its own to replay children from.
        let runs: [WorkerRun]
        let nodes = NodeBook()
        var out = Search()
        /// Variants the search may still run (`Options.maxVariants`, less the earlier scenarios').
        var remaining: Int
        var unpruned = 0
        var overflow = false
        var subtrees = 0
        var forks = 0              // fork points the next wave holds
        var lastFork: ForkPoint?   // the latest of them from the run being merged

        init(_ program: Program, _ scenario: ScenarioDecl, budget: Int, options: Options,
             shard: (index: Int, count: Int)?, remaining: Int) {
            self.program = program
            self.scenario = scenario
            self.budget = budget
            self.options = options
            self.shard = shard
            self.remaining = remaining
            reads = HistoryReads(scenario.body)
            workers = options.parallel ? processors : 1
            runs = (0..<workers).map { _ in WorkerRun() }
        }

        func makeRun() -> ScenarioRun {
            let run = ScenarioRun(program: program, scenario: scenario, config: program.config)
            run.engine.maintainsStateDigest = true
            run.controllers.recordsCallbacks = reads.callbacks
            run.memoizeScenarioSlots()
            return run
        }

        /// Worker `w`'s run and its fresh snapshot, made on first use.
        func ownRun(_ w: Int) -> (run: ScenarioRun, initial: ScenarioRun.Snapshot) {
            if let r = runs[w].run, let i = runs[w].initial { return (r, i) }
            let r = makeRun(), i = r.snapshot()
            runs[w].run = r
            runs[w].initial = i
            return (r, i)
        }

        func enqueue(_ next: inout [Child], _ deviations: [Deviation], _ v: Visit, _ option: Int, _ group: Int) {
            guard next.count < remaining else { overflow = true; return }
            if let f = v.fork, forks < options.maxForks || (option > 1 && next.last?.fork === f) {
                if option == 1 { forks += 1 }
                next.append(Child(fork: f, option: option, group: group))
                lastFork = f
            } else {
                // Replayed from the run's latest checkpoint before it, one the next wave holds
                // anyway (so memory stays bounded by `maxForks`).
                next.append(Child(fork: nil, option: option, group: group,
                                  recipe: deviations + [Deviation(point: Int32(v.point), option: Int32(option))],
                                  base: lastFork))
            }
        }

        /// Merges finished runs in order. On all cores (`merged`: the run's number) the run's
        /// nodes are marked under the book's lock, which the workers' lookups take, and the
        /// rest (its children, its outcome) is done outside it.
        func merge(_ results: [RunResult], _ wave: ArraySlice<Child>, into next: inout [Child], merged: Int? = nil) {
            // By index: a `zip` here instantiated its iterator's type metadata at every merge.
            for k in results.indices {
                let r = results[k]
                let g = wave[wave.startIndex + k].group
                lastFork = nil
                if shard != nil {
                    out.records.append(Record(deviations: r.deviations, visited: r.visited.map { ($0.key, $0.used, $0.options, $0.point) },
                                              prunedEarly: r.prunedEarly, outcome: nil))
                }
                let marked = nodes.markSeen(r, group: g, merged: merged)
                for v in r.visited[..<marked] {
                    for option in 1..<max(1, v.options) { enqueue(&next, r.deviations, v, option, g) }
                }
                if r.prunedEarly || marked < r.visited.count { out.pruned += 1; continue }
                if let o = r.outcome {
                    out.findings.add(o, of: r, index: unpruned)
                    if shard != nil, let (key, _, _) = newOutcome(o, base: out.findings.original) {
                        out.records[out.records.count - 1].outcome = (key, r.steps, r.warningsUsed)
                    }
                }
                unpruned += 1
            }
        }

        /// The whole search: the original run (with the first wave at once, on all cores),
        /// then wave after wave until none is left or the variant limit is reached.
        func run() -> Search {
            var wave = firstWave()
            while !wave.isEmpty || overflow {
                if overflow { out.truncated = true }
                remaining -= wave.count
                out.variants += wave.count
                var next: [Child] = []
                forks = 0
                if workers > 1 && wave.count > 1 {
                    runParallel(&wave, &next)
                } else {
                    runSequential(&wave, &next)
                }
                if out.truncated { break }
                wave = next
            }
            out.states = nodes.count
            return out
        }

        /// Runs the original run and returns the first wave: its children (with `shard`,
        /// those of this shard's subtrees).
        private func firstWave() -> [Child] {
            var wave: [Child] = []
            remaining -= 1
            out.variants += 1
            let d = VariantDriver(budget: budget, reads: reads, seen: [:], base: [:])
            d.forkBudget = options.maxForks
            if workers > 1 && shard == nil {
                // The original run and the first wave at once (see `runParallel`).
                var next: [Child] = []
                runParallel(&wave, &next, original: d)
                // A first wave queued past the limit left no room for more: `next` is empty, and
                // the loop in `run` says the search was cut, as after any wave.
                return next
            }
            let run = ownRun(0).run
            run.runExplored(d)
            let r = d.result(of: run)
            d.visited = []   // its fork points are its children's now
            out.findings.original = r.outcome ?? Outcome()
            out.originalOutcome = r.outcome
            if let shard {
                out.records.append(Record(deviations: [], visited: r.visited.map { ($0.key, $0.used, $0.options, $0.point) },
                                          prunedEarly: false, outcome: nil))
                lastFork = nil
                for v in r.visited {
                    guard nodes.markBase(v.key, used: v.used) else { break }
                    for option in 1..<max(1, v.options) {
                        if subtrees % shard.count == shard.index { enqueue(&wave, r.deviations, v, option, subtrees) }
                        subtrees += 1
                    }
                }
                unpruned = 1
            } else {
                merge([r], [Child(fork: nil, option: 0, group: 0)], into: &wave)
            }
            return wave
        }

        /// One wave on one core, in order, each variant merged as it ends.
        private func runSequential(_ wave: inout [Child], _ next: inout [Child]) {
            for i in wave.indices {
                // A run may keep snapshots for the fork points still free.
                let free = max(0, min(options.maxForks - forks, remaining - next.count))
                let (run, initial) = ownRun(0)
                let results = runChunk(wave[i...i], run: run, initial: initial, budget: budget, reads: reads, nodes: nodes,
                                       forkBudget: free)
                merge(results, wave[i...i], into: &next)
                wave[i].fork = nil; wave[i].recipe = nil; wave[i].base = nil   // no longer needed
            }
        }
    }
}
