import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine

/// `nibscript explore FILE`: UIKit may send a memory warning at any run-loop turn, and a
/// script may leave choices open (`choose { … } or { … }`). Explore runs every variant —
/// up to K inserted warnings, every branch of every choice — and reports each outcome the
/// original run did not have, with the shortest path that reaches it.
///
/// The search. A variant is a list of decisions, one per decision point met in execution
/// order: at a gap, 0 (no warning) or 1 (a warning, while the budget lasts; a gap offers
/// again after each warning); at a `choose`, the branch index. Decision 0 is the default,
/// so the original run is the empty list, and a variant is named by its deviations (the
/// points where it takes another option). A run records, at each decision point past its
/// start, the node (kind, position, state hash) and, where there are other options, a
/// snapshot of the whole run (`ForkPoint`) its children start from: a child restores it
/// and takes its option there, so it costs the statements after its fork (past
/// `Options.maxForks` snapshots a child replays its prefix instead). Runs go in waves
/// (wave w+1 holds the children of wave w), so variants with fewer deviations run first.
/// On all cores, workers take a wave's variants in order (the first wave's as the original
/// run queues them, while it runs); results are merged in generation order, so the output
/// never depends on thread timing. A node already seen with no more
/// warnings used prunes the run that reaches it (its future is already explored): a run
/// checks the nodes merged so far (and, on all cores, those earlier variants still running
/// have passed; there only a quarter of its nodes, the same in every variant) and stops
/// early, and the merge prunes against everything merged before it; both give the same
/// answer. Paths are rendered as text only for the findings printed, by
/// running those variants again.
enum Explore {
    struct Options {
        var warnings = 1
        var parallel = true
        /// The search stops here and says so: about a minute of work on two cores, so a
        /// script whose variants explode never looks like a hang.
        var maxVariants = 20_000
        /// At most this many fork points (snapshots) are kept for the next wave; children past
        /// it replay their prefix instead. A snapshot costs about the run's state, so this
        /// bounds memory whatever the number of variants waiting (in the first wave on all
        /// cores, which starts while the original run runs, 32 per worker more). It changes
        /// no output.
        var maxForks = 320
    }

    /// One step of a variant's path.
    enum Step: Equatable {
        case statement(line: Int, text: String)
        case warning(afterLine: Int)
        case branch(line: Int, index: Int, of: Int)
        case end(line: Int)
    }

    /// What a finished variant ended with.
    struct Outcome {
        var crash: (line: Int, message: String)?
        var zombies: [String] = []
        var leaks: [String] = []
        var failed: [(line: Int, text: String, detail: String?)] = []
        var errors: [String] = []
        var passed = 0
    }

    /// A node of the search: where the run is about to decide, and the state it is in.
    /// Kept as one 64-bit stable hash of (kind, position, state hash): a search may see
    /// millions of nodes, and each is 8 bytes of key and a byte of warnings used (see `NodeMap`).
    struct NodeKey: Hashable {
        var value: UInt64
        /// kind 0: a gap before a statement, 1: the end gap, 2: a choose.
        init(kind: UInt8, position: Int, hash: Int) {
            var h = StableHash()
            h.combine(Int(kind)); h.combine(position); h.combine(hash)
            value = h.value
        }
        init(value: UInt64) { self.value = value }
        /// Whether a variant on all cores looks the node up in the shared book (a quarter of
        /// the nodes, the same in every variant: see `VariantDriver.decide`); only these are
        /// ever recorded as passing.
        var isLookedUp: Bool { value & 3 == 0 }
    }
    /// The nodes seen, with the fewest warnings used on reaching each.
    typealias Seen = NodeMap<UInt8>

    /// A variant leaves the path of its parent at one decision point, taking a non-default
    /// option there: (the decision point's number in execution order, the option).
    struct Deviation: Hashable {
        var point: Int32
        var option: Int32
    }

    /// Where a run may leave its path: the run's whole state at a decision point, shared by
    /// the children that fork from it (one per non-default option).
    final class ForkPoint {
        let run: ScenarioRun.Snapshot
        let frames: [WalkFrame]
        let atEnd: Bool
        let point: Int
        let used: Int
        let steps: Int
        let eventEnded: Bool
        let deviations: [Deviation]

        init(run: ScenarioRun.Snapshot, driver d: VariantDriver) {
            self.run = run
            frames = d.frames; atEnd = d.atEnd; point = d.point; used = d.used; steps = d.stepCount
            eventEnded = d.eventEnded; deviations = d.deviations
        }
    }

    /// A variant still to run: the fork point it starts from and the option it takes there.
    struct Child {
        var fork: ForkPoint?
        var option: Int
        /// Whose seen nodes it is checked against (always 0 unless sharded: its subtree).
        var group: Int
        /// Without a fork point (too many snapshots were kept already): its deviations, to
        /// replay from `base` or else from the start.
        var recipe: [Deviation]? = nil
        /// A fork point of the same parent run before its own (a checkpoint): the child
        /// restores it and replays from there to its deviation, instead of from the start.
        var base: ForkPoint? = nil
    }



    /// A decision point a run passed past its fork: its node, and where its children fork.
    struct Visit {
        var key: NodeKey
        var used: Int
        var options: Int
        var point: Int
        var fork: ForkPoint?
    }

    /// What one run found.
    struct RunResult {
        var deviations: [Deviation] = []
        var visited: [Visit] = []
        var prunedEarly = false
        var outcome: Outcome?
        var steps = 0
        var warningsUsed = 0
    }

    /// A distinct new outcome and the shortest variant that reaches it.
    struct Finding {
        var key: String
        var summary: String
        var details: [String]
        var steps: [Step]
        var sharedPrefix: Int
        var warnings: Int
        var variantIndex: Int
        /// The steps the variant counted while it was explored (forked); `steps` is its
        /// replay from the start, so the two agree.
        var stepCount: Int
    }

    struct ScenarioResult {
        var title: String
        var line: Int
        var original: Outcome
        /// The original run's path: empty when no finding shares a prefix with it.
        var originalSteps: [Step]
        var findings: [Finding]
        var variants: Int
        var states: Int
        var pruned: Int
        var truncated: Bool
    }

    struct Result {
        var path: String
        var config: Configuration
        var warnings: Int
        var scenarios: [ScenarioResult]
        var status: Int32 { scenarios.contains { !$0.findings.isEmpty } ? 1 : 0 }
    }

    // MARK: The search

    static func explore(_ program: Program, options: Options) -> Result {
        let budget = program.config.isIOS ? options.warnings : 0
        // The variant limit is for the whole run: each scenario gets what the earlier ones left.
        var remaining = options.maxVariants
        var scenarios: [ScenarioResult] = []
        for s in program.scenarios {
            let search = search(program, s, budget: budget, options: options, shard: nil, remaining: &remaining)
            scenarios.append(search.result(program: program, scenario: s, budget: budget))
        }
        return Result(path: program.file.path, config: program.config, warnings: budget, scenarios: scenarios)
    }

    /// The workers on all cores. Read once: `activeProcessorCount` reads files of /proc
    /// each time it is asked on Linux, 0.14 ms, a thirtieth of a search of 60 pushes.
    static let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// What a search found, before its findings' paths are rendered.
    struct Search {
        var findings = FindingCollector()
        var variants = 0, states = 0, pruned = 0
        var truncated = false
        /// `--shard`: every run's record, for `--merge`.
        var records: [Record] = []
        /// The original run's outcome, when this process ran it (not after `--merge`).
        var originalOutcome: Outcome?

        func result(program: Program, scenario: ScenarioDecl, budget: Int) -> ScenarioResult {
            let reads = HistoryReads(scenario.body)
            // The original's path is rendered (by running it again from the start) only for
            // the findings' shared prefix; its outcome is the search's own original run's.
            let chosen = findings.chosen
            let (originalSteps, original) = chosen.isEmpty && originalOutcome != nil
                ? ([], originalOutcome!)
                : Explore.render([], program: program, scenario: scenario, budget: budget, reads: reads)
            let found = chosen.map { c -> Finding in
                let (steps, o) = Explore.render(c.deviations, program: program, scenario: scenario, budget: budget, reads: reads)
                let (_, summary, details) = Explore.newOutcome(o, base: original) ?? (c.key, "", [])
                let shared = zip(steps, originalSteps).prefix { $0 == $1 }.count
                return Finding(key: c.key, summary: summary, details: details, steps: steps, sharedPrefix: shared,
                               warnings: c.warnings, variantIndex: c.variantIndex, stepCount: c.steps)
            }
            return ScenarioResult(title: scenario.title, line: program.file.location(of: scenario.range.start).line,
                                  original: original, originalSteps: originalSteps, findings: found,
                                  variants: variants, states: states, pruned: pruned, truncated: truncated)
        }
    }

    /// One run as `--shard` writes it: enough for `--merge` to redo the search's bookkeeping
    /// (which runs are pruned, which nodes are new, which variants come next) without the runs.
    struct Record {
        var deviations: [Deviation]
        var visited: [(key: NodeKey, used: Int, options: Int, point: Int)]
        var prunedEarly: Bool
        /// The new outcome's key, the steps and the warnings used; nil if none or pruned.
        var outcome: (key: String, steps: Int, warnings: Int)?
    }

    /// The search. Variants run in waves by number of deviations, in generation order; each
    /// node a run passes is checked against the nodes seen before. Unsharded, there is one
    /// set of seen nodes (`groups[0]`). With `shard` (index, count), the original run's
    /// children are the roots of independent subtrees, numbered in generation order; this
    /// run explores those whose number is index mod count, each against the original's nodes
    /// and its own, and keeps every run's record: a subtree never prunes less than the whole
    /// search would, so the records hold every run the whole search makes, and `--merge`
    /// replays the whole search's bookkeeping over them.
    static func search(_ program: Program, _ scenario: ScenarioDecl, budget: Int, options: Options,
                       shard: (index: Int, count: Int)?, remaining: inout Int) -> Search {
        let reads = HistoryReads(scenario.body)
        let workers = options.parallel ? processors : 1
        func makeRun() -> ScenarioRun {
            let run = ScenarioRun(program: program, scenario: scenario, config: program.config)
            run.engine.maintainsStateDigest = true
            run.controllers.recordsCallbacks = reads.callbacks
            run.memoizeScenarioSlots()
            return run
        }
        // Each worker's run, made by the worker when it first needs it: on all cores the
        // first worker makes its run and then the original run while the others make theirs
        // (making a run builds its class table: a tenth of a millisecond that one core did
        // alone before the search). Fresh runs are all in the same state, so each keeps a
        // snapshot of its own to replay children from.
        let runs = (0..<workers).map { _ in WorkerRun() }
        func ownRun(_ w: Int) -> (run: ScenarioRun, initial: ScenarioRun.Snapshot) {
            if let r = runs[w].run, let i = runs[w].initial { return (r, i) }
            let r = makeRun(), i = r.snapshot()
            runs[w].run = r
            runs[w].initial = i
            return (r, i)
        }
        let nodes = NodeBook()
        var out = Search()
        var unpruned = 0
        var overflow = false
        var subtrees = 0
        var forks = 0           // fork points the next wave holds
        var lastFork: ForkPoint?   // the latest of them from the run being merged
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


        // All cores: each worker takes the next variant in order; results are merged in
        // order as soon as all earlier ones are in. A running variant checks the nodes merged
        // so far and those that earlier variants, still running, have passed (`passing`): a
        // node an earlier variant passes with no more warnings is either claimed by it at its
        // merge or by the earlier run it joins there, which takes the same default path
        // (by induction on the order), so stopping at it gives what the merge would. So a
        // variant stops as soon as it joins a state an earlier one reaches, as on one core,
        // and the output does not depend on timing.
        //
        // The first wave starts while the original run runs (`original`): as the run records
        // each node, the node is marked seen and its children are queued, as its merge would
        // do, in the same order; its children's results are merged only after it ends, so
        // merging goes in order as ever. (The run took a tenth of a search at 60 pushes, with
        // the other cores idle.) Queueing goes on as the run goes until it first thins its
        // snapshots or `ahead` children are queued, as many as may start before the run
        // ends; the snapshots of the children queued by then stay theirs, and the rest are
        // queued when the run ends, with up to `maxForks` snapshots more.
        func runParallel(_ wave: inout [Child], _ next: inout [Child], original: VariantDriver? = nil) {
            // `queueLock` guards the queue of variants and the merge; the book's lock guards
            // the nodes, which every decision point of every worker reads. A worker that must
            // wait for a variant polls, and one that finds the lock taken spins a while: waiting
            // on a condition put it to sleep while the other merged, a few microseconds' work.
            let queueLock = SpinningLock()
            nodes.resetPassing()
            var started = 0, merged = 0
            var pending: [Int: RunResult] = [:]
            let ahead = 32 * workers   // results waiting for an earlier one, at most
            var producing = original != nil   // the original run is still queueing the wave
            var queued = 0                     // its visits whose children are queued
            var cut = false                    // it met a node seen before: no more children

            /// Marks the original run's next visit seen and queues its children (under `queueLock`).
            func queue(_ v: Visit) {
                guard !cut else { return }
                guard nodes.lock.withLock({ nodes.mark(v, group: 0) }) else { cut = true; return }
                for option in 1..<max(1, v.options) { enqueue(&wave, [], v, option, 0) }
                queued += 1
            }
            /// Merges the results that are next in order (under `queueLock`; none before the original run ends).
            func mergeReady() {
                guard !producing else { return }
                while let r = pending.removeValue(forKey: merged) {
                    merge([r], wave[merged...merged], into: &next, merged: merged)
                    merged += 1
                }
            }
            /// Runs the original run, queueing the first wave as it goes, and merges it.
            func runOriginal(_ d: VariantDriver) {
                lastFork = nil
                var open = true
                func onVisit() {
                    guard open else { return }
                    queueLock.withLock {
                        if d.forkStride > 1 || wave.count >= ahead {
                            // It thinned its snapshots, or enough children are queued to keep the
                            // workers busy until it ends (they may not start more before their
                            // results can be merged): the children still to come are queued at
                            // its end, from the snapshots it keeps, with an allotment of their own.
                            open = false
                            forks = 0
                        } else {
                            queue(d.visited[d.visited.count - 1])
                        }
                    }
                }
                // The driver holds the hook only while the run runs.
                withoutActuallyEscaping(onVisit) { hook in
                    d.onVisit = hook
                    ownRun(0).run.runExplored(d)
                    d.onVisit = nil
                }
                let r = d.result(of: ownRun(0).run)
                d.visited = []   // its fork points are its children's now
                queueLock.withLock {
                    for v in r.visited[queued...] where !cut { queue(v) }
                    out.findings.original = r.outcome ?? Outcome()
                    out.originalOutcome = r.outcome
                    if cut {
                        out.pruned += 1
                    } else {
                        if let o = r.outcome { out.findings.add(o, of: r, index: unpruned) }
                        unpruned += 1
                    }
                    remaining -= wave.count
                    out.variants += wave.count
                    forks = 0
                    producing = false
                    mergeReady()
                }
            }

            /// What a worker does next: run variant `i`, wait, or stop (`last`: after the search's
            /// last wave).
            enum Turn { case run(Int, Child, free: Int), wait, done, last }

            DispatchQueue.concurrentPerform(iterations: workers) { w in
                let (run, initial) = ownRun(w)
                if w == 0, let original { runOriginal(original) }
                var waits = 0
                while true {
                    let turn: Turn = queueLock.withLock {
                        if started < wave.count ? started - merged >= ahead : producing { return .wait }
                        if started >= wave.count {
                            // Whether another wave follows is known once every result is merged.
                            if merged < wave.count { return .wait }
                            return next.isEmpty ? .last : .done
                        }
                        let i = started
                        started += 1
                        // The variant holds its fork point, and frees it when it has started from
                        // it (its worker, outside the lock: a snapshot is many arrays).
                        let child = wave[i]
                        wave[i].fork = nil; wave[i].recipe = nil; wave[i].base = nil
                        // A run may keep snapshots for the fork points still free in the next wave
                        // (while the first wave is queued, its size and so what is left are not known).
                        let free = producing ? max(0, min(options.maxForks, remaining - wave.count))
                                             : max(0, min(options.maxForks - forks, remaining - next.count))
                        return .run(i, child, free: free)
                    }
                    guard case .run(let i, let child, let free) = turn else {
                        if case .done = turn { return }
                        if case .last = turn {
                            // No wave follows: each worker frees its own run, all at once, rather
                            // than one core freeing them all after the search (a tenth of a
                            // millisecond at 60 pushes).
                            runs[w].run = nil; runs[w].initial = nil
                            return
                        }
                        // Mostly microseconds (the next variant being queued or merged); longer
                        // only while the original run runs far ahead of its children.
                        waits += 1
                        if waits < 64 { sched_yield() } else { usleep(50) }
                        continue
                    }
                    waits = 0
                    let d = VariantDriver(budget: budget, reads: reads, seen: [:], base: [:])
                    // One lock per node the variant passes, for both: the node as seen so far,
                    // and, when the variant goes on from it, the news that it passes it.
                    let group = child.group
                    d.lookup = { key, used, records in
                        nodes.lock.withLock { nodes.lookup(key, used: used, variant: i, group: group, records: records) }
                    }
                    d.forkBudget = (free + workers - 1) / workers
                    run.start(d, child, initial: initial)
                    let r = d.result(of: run)
                    queueLock.withLock {
                        pending[i] = r
                        mergeReady()
                    }
                }
            }
        }


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
            // the loop below says the search was cut, as after any wave.
            wave = next
        } else {
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
        }
        while !wave.isEmpty || overflow {
            if overflow { out.truncated = true }
            remaining -= wave.count
            out.variants += wave.count
            var next: [Child] = []
            forks = 0
            if workers > 1 && wave.count > 1 {
                runParallel(&wave, &next)
            } else {
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
            if out.truncated { break }
            wave = next
        }
        out.states = nodes.count
        return out
    }

    /// Runs the variants of `part` one after the other on `run`, each from its fork point
    /// (or replaying its prefix from `initial`), and returns their results in order.
    static func runChunk(_ part: ArraySlice<Child>, run: ScenarioRun, initial: ScenarioRun.Snapshot, budget: Int,
                         reads: HistoryReads, nodes: NodeBook, forkBudget: Int) -> [RunResult] {
        part.map { child in
            let d = VariantDriver(budget: budget, reads: reads, seen: nodes.group(child.group), base: nodes.base)
            d.forkBudget = forkBudget
            run.start(d, child, initial: initial)
            return d.result(of: run)
        }
    }

    /// `--merge`: the whole search's bookkeeping replayed over the shards' records, in the
    /// same order and with the same limit, so it counts and chooses as one unsharded run.
    /// Returns nil if a run the whole search makes has no record (a shard stopped early).
    static func replaySearch(_ records: [[Deviation]: Record], remaining: inout Int) -> Search? {
        var out = Search()
        var seen: Seen = [:]
        var unpruned = 0
        var overflow = false
        var wave: [[Deviation]] = [[]]
        var first = true
        while !wave.isEmpty || overflow {
            if overflow { out.truncated = true }
            if !first { remaining -= wave.count; out.variants += wave.count } else { remaining -= 1; out.variants += 1 }
            var next: [[Deviation]] = []
            for d in wave {
                guard let r = records[d] else { return nil }
                var cut = r.prunedEarly
                for v in r.visited {
                    if let u = seen[v.key], Int(u) <= v.used { cut = true; break }
                    seen[v.key] = UInt8(v.used)
                    guard v.options > 1 else { continue }
                    for option in 1..<v.options {
                        if next.count < remaining {
                            next.append(d + [Deviation(point: Int32(v.point), option: Int32(option))])
                        } else { overflow = true }
                    }
                }
                if cut { out.pruned += 1; continue }
                if let o = r.outcome, unpruned > 0 {
                    out.findings.add(FindingCollector.Candidate(key: o.key, deviations: d, steps: o.steps, warnings: o.warnings,
                                                                variantIndex: unpruned))
                }
                unpruned += 1
            }
            first = false
            if out.truncated { break }
            wave = next
        }
        out.states = seen.count
        return out
    }

    // MARK: Findings

    /// The best variant found so far for each new outcome. Only these are kept: a finished
    /// variant leaves nothing else behind, so memory is bounded by the findings and the frontier.
    struct FindingCollector {
        struct Candidate {
            var key: String
            var deviations: [Deviation]
            var steps: Int
            var warnings: Int
            var variantIndex: Int
            var order: (Int, Int, Int) { (steps, warnings, variantIndex) }
        }
        var original = Outcome()
        var best: [String: Candidate] = [:]
        var order: [String] = []

        mutating func add(_ o: Outcome, of r: RunResult, index: Int) {
            guard index > 0, let (key, _, _) = Explore.newOutcome(o, base: original) else { return }
            add(Candidate(key: key, deviations: r.deviations, steps: r.steps, warnings: r.warningsUsed, variantIndex: index))
        }

        mutating func add(_ c: Candidate) {
            if let old = best[c.key] {
                if c.order < old.order { best[c.key] = c }
            } else {
                best[c.key] = c
                order.append(c.key)
            }
        }

        /// The findings in report order.
        var chosen: [Candidate] { order.map { best[$0]! }.sorted { $0.order < $1.order } }
    }

    /// Runs a variant from the start with its path recorded as steps (the only place a
    /// path's text is built), and its outcome.
    static func render(_ deviations: [Deviation], program: Program, scenario: ScenarioDecl, budget: Int,
                       reads: HistoryReads) -> ([Step], Outcome) {
        let d = VariantDriver(budget: budget, reads: reads, seen: [:], base: [:])
        d.replay = deviations
        d.steps = []
        let run = ScenarioRun(program: program, scenario: scenario, config: program.config)
        run.runExplored(d)
        return (d.steps ?? [], run.exploreOutcome())
    }

    /// What is new in outcome `o` compared with the original's: (key, summary, details), or
    /// nil when nothing is.
    static func newOutcome(_ o: Outcome, base: Outcome) -> (String, String, [String])? {
        let baseFailed = Set(base.failed.map(\.line))
        let baseLeaks = Set(base.leaks)
        let baseErrors = Set(base.errors)
        var details: [String] = []
        if let c = o.crash, base.crash.map({ $0.line != c.line || $0.message != c.message }) ?? true {
            if !o.zombies.isEmpty { details.append("zombie message to " + o.zombies.joined(separator: ", ")) }
            return ("crash|\(c.line)|\(c.message)", "crash at line \(c.line): \(c.message)", details)
        }
        if o.crash != nil { return nil }   // the original's own crash
        var atoms: [String] = []
        let leaks = o.leaks.filter { !baseLeaks.contains($0) }
        if !leaks.isEmpty { atoms.append("leak|" + leaks.joined(separator: ",")); details.append("leaks " + leaks.joined(separator: ", ")) }
        for f in o.failed where !baseFailed.contains(f.line) {
            atoms.append("fail|\(f.line)")
            details.append("line \(f.line): \(f.text) fails" + (f.detail.map { " — " + $0 } ?? ""))
        }
        for e in o.errors where !baseErrors.contains(e) { atoms.append("error|" + e); details.append("error: " + e) }
        if atoms.isEmpty { return nil }
        var kinds: [String] = []
        if !leaks.isEmpty { kinds.append("new leak") }
        if o.failed.contains(where: { !baseFailed.contains($0.line) }) { kinds.append("failed expectation") }
        if o.errors.contains(where: { !baseErrors.contains($0) }) { kinds.append("error") }
        return (atoms.joined(separator: " "), kinds.joined(separator: ", "), details)
    }
}

/// A worker's own run, and a snapshot of it fresh, made by the worker on its thread (on all
/// cores, while the first worker runs the original run: see `Explore.search`); then only its
/// worker reads them.
final class WorkerRun {
    var run: ScenarioRun?
    var initial: ScenarioRun.Snapshot?
}

/// Which parts of a run's history the scenario's expectations read: they must be part of
/// the state hash, or two runs with equal memory but different histories would be merged
/// although a later expectation tells them apart.
struct HistoryReads {
    var events = false
    var callbacks = false
    var warnings = false

    init(_ body: Block) {
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
                case .autoreleasePool(let b2): stack.append(b2)
                default: break
                }
            }
        }
    }
}

/// A frame of the statement walk: a block's statements and the index of the next one. The
/// stack of them is the continuation a forked variant resumes (a `choose` branch is a frame
/// above the scenario's body).
struct WalkFrame {
    var statements: [Stmt]
    var index: Int
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
final class VariantDriver {
    let budget: Int
    let reads: HistoryReads
    let seen: Explore.Seen
    /// Nodes seen before the variant's subtree began (sharded searches; else empty).
    let base: Explore.Seen
    /// Instead of `seen` and `base` (all cores): the nodes merged so far and those earlier
    /// variants are passing, read under the node book's lock; a node the run goes on from (none
    /// seen at `used` warnings or fewer) is told to later variants in the same call.
    var lookup: ((_ key: Explore.NodeKey, _ used: Int, _ records: Bool) -> UInt8?)?
    /// Whether the next node is the first after the variant's own deviation (see `decide`).
    var checksNext = false
    /// The option to take at the first decision (a forked variant's own).
    var pending: Int?
    /// Rendering: the deviations to take, and no nodes recorded.
    @exclusivity(unchecked) var replay: [Explore.Deviation]?
    var replayCursor = 0
    /// After the replayed deviations, explore as usual (a variant without a fork point).
    var exploreAfterReplay = false
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
    @exclusivity(unchecked) var deviations: [Explore.Deviation] = []
    var used = 0
    var stopped = false
    var stepCount = 0
    /// The steps as text, only when rendering a path.
    @exclusivity(unchecked) var steps: [Explore.Step]?
    @exclusivity(unchecked) var visited: [Explore.Visit] = []
    /// Whether the last step ended a run-loop event (true at the start of the scenario).
    var eventEnded = true
    /// The continuation: where the walk is.
    @exclusivity(unchecked) var frames: [WalkFrame] = []
    var atEnd = false

    init(budget: Int, reads: HistoryReads, seen: Explore.Seen, base: Explore.Seen) {
        self.budget = budget; self.reads = reads; self.seen = seen; self.base = base
    }

    /// A decision point with `options` choices; returns the choice.
    func decide(kind: UInt8, position: Int, options: Int, run: ScenarioRun) -> Int {
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

    func step(_ s: @autoclosure () -> Explore.Step) {
        stepCount += 1
        if steps != nil { steps!.append(s()) }
    }

    func result(of run: ScenarioRun) -> Explore.RunResult {
        var r = Explore.RunResult(deviations: deviations)
        r.visited = visited
        r.prunedEarly = stopped
        r.steps = stepCount
        r.warningsUsed = used
        if !stopped { r.outcome = run.exploreOutcome() }
        return r
    }
}

extension ScenarioRun {
    /// `run()` with the exploration's decision points: a gap before each statement where the
    /// run loop turns (at the start, after a `drain` or a command, before a command, and at
    /// the end), and every `choose`.
    func runExplored(_ d: VariantDriver) {
        line = file.location(of: scenario.range.start).line
        scenarioFrame = makeFrame(key: "scenario", names: Names.assigned(in: scenario.body))
        d.frames = [WalkFrame(statements: scenario.body.statements, index: 0)]
        walk(d)
    }

    /// Runs a child variant: from its fork point, or replaying its prefix from `initial`.
    func start(_ d: VariantDriver, _ child: Explore.Child, initial: Snapshot) {
        if let f = child.fork {
            runExplored(d, from: f, option: child.option)
        } else if let b = child.base, let recipe = child.recipe, let own = recipe.last {
            // A checkpoint of the parent's run: the same state replaying from the start would
            // reach there, so replaying on from it is the same run, shorter.
            restore(b.run)
            d.frames = b.frames; d.atEnd = b.atEnd; d.point = b.point; d.used = b.used; d.stepCount = b.steps
            d.eventEnded = b.eventEnded
            d.replay = [own]
            d.deviations = recipe
            d.exploreAfterReplay = true
            walk(d)
        } else {
            restore(initial)
            d.replay = child.recipe!
            d.deviations = child.recipe!
            d.exploreAfterReplay = true
            runExplored(d)
        }
    }

    /// Runs a variant from its parent's fork point, taking `option` there.
    func runExplored(_ d: VariantDriver, from f: Explore.ForkPoint, option: Int) {
        restore(f.run)
        d.frames = f.frames; d.atEnd = f.atEnd; d.point = f.point; d.used = f.used; d.stepCount = f.steps
        d.eventEnded = f.eventEnded; d.deviations = f.deviations
        d.pending = option
        walk(d)
    }

    /// The statement walk, from wherever the continuation `d.frames` says, to the end.
    private func walk(_ d: VariantDriver) {
        let ctx = Context(selfObject: nil, implementingClass: nil, selector: nil, frame: scenarioFrame)
        if !d.atEnd {
            frames: while let fi = d.frames.indices.last {
                // The frame's statements, held while the frame runs (a `choose` entered grows
                // `d.frames`, so they are not read through it), and read in place (see
                // `execute(_:_:topLevel:)`).
                let statements = d.frames[fi].statements
                while d.frames[fi].index < statements.count {
                    let i = d.frames[fi].index
                    let range = statements[i].range
                    line = file.line(of: range.start, hint: &lineHint)
                    // What the walk does with it, found without copying its payload.
                    let isCommand: Bool, endsEvent: Bool
                    switch statements[i].kind {
                    case .expect(let e):
                        check(e, ctx)
                        d.frames[fi].index += 1
                        continue
                    case .choose: isCommand = false; endsEvent = false
                    case .command: isCommand = true; endsEvent = true
                    case .drain: isCommand = false; endsEvent = true
                    default: isCommand = false; endsEvent = false
                    }
                    if d.stopped { return }
                    if crashed { d.frames[fi].index += 1; continue }
                    if case .choose(let branches) = statements[i].kind {
                        let k = d.decide(kind: 2, position: range.start, options: branches.count, run: self)
                        if d.stopped { return }
                        d.step(.branch(line: line, index: k, of: branches.count))
                        d.frames.append(WalkFrame(statements: branches[k].statements, index: 0))
                        continue frames
                    }
                    if d.eventEnded || isCommand {
                        gap(kind: 0, position: range.start, ctx, d)
                        if d.stopped { return }
                        line = file.line(of: range.start, hint: &lineHint)
                    }
                    d.step(.statement(line: line, text: stepText(range)))
                    header(range)
                    statements.withUnsafeBufferPointer { execute($0, i, ctx) }
                    d.eventEnded = endsEvent
                    d.frames[fi].index += 1
                }
                d.frames.removeLast()
                if let up = d.frames.indices.last { d.frames[up].index += 1 }
            }
            line = file.location(of: max(scenario.range.start, scenario.range.end - 1)).line
            d.atEnd = true
        }
        if !crashed { gap(kind: 1, position: -1, ctx, d) }
        guard !d.stopped else { return }
        if !crashed { d.step(.end(line: line)) }
        finish()
    }

    /// A run-loop turn: while warnings are left, decide whether one comes here.
    private func gap(kind: UInt8, position: Int, _ ctx: Context, _ d: VariantDriver) {
        // With no warning left the gap is still a checkpoint: a run that reaches a state
        // already explored stops there.
        while !crashed {
            let c = d.decide(kind: kind, position: position, options: d.used < d.budget ? 2 : 1, run: self)
            if d.stopped || c == 0 { return }
            d.used += 1
            if d.steps != nil {
                // After the last step taken, a `choose` included: the path lists steps in
                // the order they happened, so the warning names the line just before it.
                let after = d.steps!.reversed().lazy.compactMap { step -> Int? in
                    switch step {
                    case .statement(let l, _), .branch(let l, _, _): return l
                    default: return nil
                    }
                }.first ?? line
                d.step(.warning(afterLine: after))
            } else {
                d.stepCount += 1
            }
            let saved = line
            note("memory warning inserted by explore", extraDepth: 0)
            command(Identifier("memoryWarning", scenario.titleRange), [], ctx)
            line = saved
            d.eventEnded = true
        }
    }

    private func stepText(_ range: SourceRange) -> String {
        let t = file.text(range).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return t.trimmingCharacters(in: .whitespaces)
    }

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
    func explorationHash(reads: HistoryReads) -> Int {
        var h = StableHash()
        engine.stateDigest(into: &h)
        h.combine(tag: -10, count: nibNames.count, digest: nibNames.digest)
        h.combine(tag: -11, count: sceneViewNibs.count, digest: sceneViewNibs.digest)
        h.combine(application.map { Int($0.raw) } ?? -1)
        h.combine(extraRoots.count); for o in extraRoots { h.combine(o.raw) }
        if frameClassesDigest == nil {
            var sum: UInt64 = 0
            for e in frameClasses { sum &+= StableHash.entry { $0.combine(e.key); $0.combine(e.value.0.raw) } }
            frameClassesDigest = sum
        }
        h.combine(tag: -12, count: frameClasses.count, digest: frameClassesDigest!)
        let c = controllers
        h.combine(c.keyWindow.map { Int($0.raw) } ?? -1)
        h.combine(c.shownRoot.map { Int($0.raw) } ?? -1)
        h.combine(tag: -13, count: c.macShown.count, digest: c.macShown.digest)
        h.combine(tag: -14, count: c.selectedTab.count, digest: c.selectedTab.digest)
        h.combine(tag: -15, count: c.appearance.count, digest: c.appearance.digest)
        h.combine(-4)
        for p in c.presentations { h.combine(p.presenter.raw); h.combine(p.presented.raw); h.combine(p.covered.raw) }
        h.combine(tag: -16, count: c.viewObjects.count, digest: c.viewObjects.digest)
        h.combine(tag: -17, count: c.everLoaded.count, digest: c.everLoaded.digest)
        h.combine(tag: -18, count: c.trackedKeys.count, digest: c.trackedKeys.digest)
        h.combine(c.runtimeErrors.count)
        h.combine(results.count)
        for r in results where !r.passed { h.combine(r.line) }
        h.combine(-8)
        for d in deferred { h.combine(d.1) }
        if reads.callbacks {
            h.combine(c.callbacks.count)
            for cb in c.callbacks { h.combine(cb.object.raw); h.combine(Callback.allCases.firstIndex(of: cb.callback) ?? -1) }
        }
        if reads.events { hashEvents(into: &h) }
        if reads.warnings { for w in warnings { h.combine(w.text) } }
        return Int(bitPattern: UInt(h.value))
    }

    /// The outcome of a finished run, with objects named by class and name (no numbers, so
    /// the same object made in two variants compares equal).
    /// Only what an outcome needs: the full `report()` would label every live object and
    /// search for abandoned memory, for each finished variant.
    func exploreOutcome() -> Explore.Outcome {
        checkDeferred()
        func name(_ o: ObjectID) -> String { "\(engine.className(engine.classOf(o))) \(engine.name(o))" }
        var o = Explore.Outcome()
        if let c = engine.crash { o.crash = (crashLine ?? 0, c.message) }
        o.zombies = zombieObjects().map(name)
        o.leaks = leakedObjects().map(name)
        o.failed = results.filter { !$0.passed && $0.text != "(no crash expected)" }.map { ($0.line, $0.text, $0.detail) }
        o.errors = runtimeErrors.map { "line \(file.location(of: $0.range.start).line): \($0.message)" }
        o.passed = results.filter(\.passed).count
        return o
    }
}

extension Explore {
    /// `nibscript explore [--warnings K] [--format text|json] [--sequential] [--shard I/N] FILE`,
    /// `nibscript explore --merge [--format text|json] SHARD.json…`, and
    /// `nibscript explore --bench [--size N]`.
    static func command(_ args: [String]) -> Driver.Result {
        var format = "text"
        var options = Options()
        var files: [String] = []
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var bench = false
        var size = 60
        var shard: ShardSpec?
        var merging = false
        var i = 0
        func value(_ name: String) -> String? {
            guard i + 1 < args.count else { return nil }
            i += 1
            return args[i]
        }
        while i < args.count {
            let a = args[i]
            switch a {
            case "--format":
                guard let v = value(a), ["text", "json"].contains(v) else { return Driver.usage("'--format' takes 'text' or 'json'") }
                format = v
            case "--warnings", "-k":
                guard let v = value(a), let n = Int(v), (0...8).contains(n) else { return Driver.usage("'--warnings' takes a number from 0 to 8") }
                options.warnings = n
            case "--max-variants":
                guard let v = value(a), let n = Int(v), n > 0 else { return Driver.usage("'--max-variants' takes a positive number") }
                options.maxVariants = n
            case "--sequential": options.parallel = false
            case "--shard":
                guard let v = value(a), let spec = ShardSpec(v) else { return Driver.usage("'--shard' takes I/N, with 1 ≤ I ≤ N") }
                shard = spec
            case "--merge": merging = true
            case "--bench": bench = true
            case "--size":
                guard let v = value(a), let n = Int(v), ExploreBench.sizes.contains(n) else {
                    return Driver.usage("'--size' takes a number from \(ExploreBench.sizes.lowerBound) to \(ExploreBench.sizes.upperBound)")
                }
                size = n
            case "-h", "--help": return Driver.Result(status: 0, stdout: Driver.help, stderr: "")
            default:
                if let (limit, taken) = Driver.errorLimitOption(args, at: i) {
                    switch limit {
                    case .success(let n): errorLimit = n
                    case .failure(let e): return Driver.usage(e.message)
                    }
                    i += taken - 1
                    break
                }
                if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'explore'") }
                files.append(a)
            }
            i += 1
        }
        if bench { return Driver.Result(status: 0, stdout: ExploreBench.run(size: size, warnings: options.warnings), stderr: "") }
        if merging {
            guard !files.isEmpty, shard == nil else { return Driver.usage("'--merge' takes the JSON files the shards wrote") }
            return merge(files, json: format == "json")
        }
        guard files.count == 1, let path = files.first else { return Driver.usage("'explore' takes one script") }
        switch Driver.readScript(path) {
        case .success(let bytes):
            return runSource(SourceFile(path: path, bytes: bytes), options: options, json: format == "json",
                             errorLimit: errorLimit, shard: shard)
        case .failure(let e):
            return Driver.Result(status: 2, stdout: "", stderr: "error: \(e.message)\n")
        }
    }

    /// Compiles a script, then explores every scenario (or, with `shard`, its part of them).
    static func runSource(_ file: SourceFile, options: Options, json: Bool,
                          errorLimit: Int = DiagnosticFormatter.defaultErrorLimit, shard: ShardSpec? = nil) -> Driver.Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file, errorLimit: errorLimit)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Driver.Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        if let shard { return Driver.Result(status: 0, stdout: Explore.shard(program, options: options, shard: shard), stderr: err) }
        let r = explore(program, options: options)
        let out = json ? ExploreReport.json(r, requested: options.warnings) : ExploreReport.text(r, requested: options.warnings)
        return Driver.Result(status: r.status, stdout: out, stderr: err)
    }
}

/// Variants per second on a generated script: `nibscript explore --bench [--size N]`.
/// The script pushes and pops N controllers with assign and retain outlets, so every gap
/// has something for a warning to unload. Timed once sequentially and once on all cores.
public enum ExploreBench {
    /// The pushes `--size` accepts: the generated script grows with it, and 99999999999 ran
    /// without end at 50 MB/s; 1000 is four times the largest search measured (240 pushes).
    static let sizes = 1...1000

    /// What one exploration did, for the benchmark.
    public struct Figures {
        public var variants: Int
        public var states: Int
        public var pruned: Int
        public var findings: Int
        public var truncated: Bool
    }

    /// Explores the script at `source` as `nibscript explore` does (nil if it does not compile).
    public static func explore(path: String, source: String, warnings: Int, maxVariants: Int = 20_000, parallel: Bool) -> Figures? {
        let (program, _) = Compiler.compile(SourceFile(path: path, bytes: Array(source.utf8)))
        guard let program else { return nil }
        return explore(program, warnings: warnings, maxVariants: maxVariants, parallel: parallel)
    }

    /// Explores a compiled program: what the benchmark times, the compiling left out (at
    /// 60 pushes it is a tenth of the search, and on one core whatever the cores).
    public static func explore(_ program: Program, warnings: Int, maxVariants: Int = 20_000, parallel: Bool) -> Figures {
        var options = Explore.Options()
        options.warnings = warnings
        options.maxVariants = maxVariants
        options.parallel = parallel
        let r = Explore.explore(program, options: options)
        return Figures(variants: r.scenarios.reduce(0) { $0 + $1.variants }, states: r.scenarios.reduce(0) { $0 + $1.states },
                       pruned: r.scenarios.reduce(0) { $0 + $1.pruned }, findings: r.scenarios.reduce(0) { $0 + $1.findings.count },
                       truncated: r.scenarios.contains { $0.truncated })
    }

    /// The time two one-core searches take when run at once, each on a thread of its own.
    /// Twice the one-core time over it is what two cores give this work on this machine
    /// now: the most the all-cores search could reach (much less while something else runs).
    public static func twoAtOnce(_ program: Program, warnings: Int) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 2) { _ in _ = explore(program, warnings: warnings, parallel: false) }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// A script of `blocks` `choose` blocks (issue 14's shape: about 160 bytes a block, each
    /// branch a push or a message), whose variants far outnumber any limit.
    public static func chooseScript(blocks: Int) -> String {
        var s = String(script(size: 0).dropLast(2))   // without the scenario's closing "}\n"
        for k in 0..<blocks {
            s += "    choose {\n        c\(k) = new A\n        push nav c\(k)\n        release c\(k)\n    } or {\n"
            s += "        send first.button setHidden:\n        send first.label setHidden:\n    }\n"
        }
        return s + "}\n"
    }

    /// The generated script of `size` pushes `explore --bench` measures.
    public static func script(size: Int) -> String {
        var s = """
        platform ios 5.1
        memory mrc

        class A : UIViewController {
            nib ANib
            option cleanup kvc
            outlet label : UILabel retain
            outlet button : UIButton assign
        }

        nib ANib {
            owner : A
            root : UIView {
                title : UILabel
                ok : UIButton
            }
            connect owner.view -> root
            connect owner.label -> title
            connect owner.button -> ok
        }

        scenario "bench" {
            nav = new UINavigationController
            first = new A
            push nav first
            release first
            show nav

        """
        for k in 0..<size {
            s += "    c\(k) = new A\n    push nav c\(k)\n    release c\(k)\n    send first.button setHidden:\n"
            if k % 3 == 2 { s += "    pop nav\n" }
        }
        s += "}\n"
        return s
    }

    static func run(size: Int, warnings: Int) -> String {
        let file = SourceFile(path: "<bench>", bytes: Array(script(size: size).utf8))
        let (program, diagnostics) = Compiler.compile(file)
        guard let program else { return DiagnosticFormatter.format(diagnostics, in: file) }
        var out = "explore benchmark: generated script with \(size) pushes, up to \(warnings) warning\(warnings == 1 ? "" : "s"), \(ProcessInfo.processInfo.activeProcessorCount) cores\n"
        // One search takes hundredths of a second, so one timing is mostly noise: each line
        // is the median of five, the kinds alternating so all see the same machine.
        let rounds = 5
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var seconds: [[Double]] = [[], []]
        var pairs: [Double] = []
        var results: [Explore.ScenarioResult] = []
        for _ in 0..<rounds {
            for (k, parallel) in [false, true].enumerated() {
                var options = Explore.Options()
                options.warnings = warnings
                options.parallel = parallel
                let start = DispatchTime.now().uptimeNanoseconds
                let r = Explore.explore(program, options: options)
                seconds[k].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                if results.count < 2 { results.append(r.scenarios[0]) }
            }
            if cores >= 2 { pairs.append(twoAtOnce(program, warnings: warnings)) }
        }
        var counts: [Int] = []
        for (k, s) in results.enumerated() {
            let median = seconds[k].sorted()[rounds / 2]
            counts.append(s.variants)
            out += "  \(k == 1 ? "all cores " : "sequential"): \(s.variants) variants, \(s.states) states, \(s.pruned) pruned in "
                + String(format: "%.3f s: %.0f variants/s (median of %d)", median, Double(s.variants) / median, rounds) + "\n"
        }
        if results.count == 2 {
            out += String(format: "  all cores / sequential: %.2f ×\n", seconds[0].sorted()[rounds / 2] / seconds[1].sorted()[rounds / 2])
        }
        if !pairs.isEmpty {
            // The reference for the ratio: what two cores give two searches that share nothing.
            let one = seconds[0].sorted()[rounds / 2], all = seconds[1].sorted()[rounds / 2]
            let given = 2 * one / pairs.sorted()[rounds / 2]
            out += String(format: "  two sequential searches at once: %.2f × one (what two cores give now, median of %d)\n", given, rounds)
            // Steadier than either ratio on a shared machine, where both move with its load.
            out += String(format: "  all cores reach %.2f of what two cores give now\n", one / all / given)
        }
        if counts[0] != counts[1] { out += "  MISMATCH: the two searches disagree\n" }
        return out
    }
}
