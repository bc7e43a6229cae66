import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

extension Explore.Searcher {
    /// All cores: each worker takes the next variant in order; results are merged in
    /// order as soon as all earlier ones are in. A running variant checks the nodes merged
    /// so far and those that earlier variants, still running, have passed (`passing`): a
    /// node an earlier variant passes with no more warnings is either claimed by it at its
    /// merge or by the earlier run it joins there, which takes the same default path
    /// (by induction on the order), so stopping at it gives what the merge would. So a
    /// variant stops as soon as it joins a state an earlier one reaches, as on one core,
    /// and the output does not depend on timing.
    ///
    /// The first wave starts while the original run runs (`original`): as the run records
    /// each node, the node is marked seen and its children are queued, as its merge would
    /// do, in the same order; its children's results are merged only after it ends, so
    /// merging goes in order as ever. (The run took a tenth of a search at 60 pushes, with
    /// the other cores idle.) Queueing goes on as the run goes until it first thins its
    /// snapshots or `ahead` children are queued, as many as may start before the run
    /// ends; the snapshots of the children queued by then stay theirs, and the rest are
    /// queued when the run ends, with up to `maxForks` snapshots more.
    func runParallel(_ wave: inout [Explore.Child], _ next: inout [Explore.Child], original: VariantDriver? = nil) {
        nodes.resetPassing()
        let p = ParallelWave(self, wave: wave, producing: original != nil)
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            p.work(w, original: w == 0 ? original : nil)
        }
        wave = p.wave
        next = p.next
    }
}

/// One wave on all cores (`Explore.Searcher.runParallel`), in the parts a worker goes
/// through: the original run queueing the first wave (`runOriginal`, `queue`), taking the
/// next variant (`nextTurn`), running it (`run`), and merging what is ready (`mergeReady`).
final class ParallelWave {
    let search: Explore.Searcher
    /// The wave's variants, and the next wave their merges queue.
    var wave: [Explore.Child]
    var next: [Explore.Child] = []
    /// Guards the queue of variants and the merge; the book's lock guards the nodes, which
    /// every decision point of every worker reads. A worker that must wait for a variant
    /// polls, and one that finds the lock taken spins a while: waiting on a condition put it
    /// to sleep while the other merged, a few microseconds' work.
    let queueLock = Explore.SpinningLock()
    var started = 0, merged = 0
    var pending: [Int: Explore.RunResult] = [:]
    /// Results waiting for an earlier one, at most.
    let ahead: Int
    /// The original run is still queueing the wave.
    var producing: Bool
    /// Its visits whose children are queued.
    var queued = 0
    /// It met a node seen before: no more children.
    var cut = false

    init(_ search: Explore.Searcher, wave: [Explore.Child], producing: Bool) {
        self.search = search
        self.wave = wave
        self.producing = producing
        ahead = 32 * search.workers
    }

    /// What a worker does next: run variant `i`, wait, or stop (`last`: after the search's
    /// last wave).
    enum Turn { case run(Int, Explore.Child, free: Int), wait, done, last }

    /// Worker `w`'s loop: (worker 0 first runs the original run, if any) then variant after
    /// variant until the wave is done.
    func work(_ w: Int, original: VariantDriver?) {
        let (run, initial) = search.ownRun(w)
        if let original { runOriginal(original) }
        var waits = 0
        while true {
            let turn = queueLock.withLock { nextTurn() }
            guard case .run(let i, let child, let free) = turn else {
                if case .done = turn { return }
                if case .last = turn {
                    // No wave follows: each worker frees its own run, all at once, rather
                    // than one core freeing them all after the search (a tenth of a
                    // millisecond at 60 pushes).
                    search.runs[w].run = nil; search.runs[w].initial = nil
                    return
                }
                // Mostly microseconds (the next variant being queued or merged); longer
                // only while the original run runs far ahead of its children.
                waits += 1
                if waits < 64 { sched_yield() } else { usleep(50) }
                continue
            }
            waits = 0
            self.run(i, child, free: free, on: run, initial: initial)
        }
    }

    /// The next variant to run, or why there is none (under `queueLock`).
    func nextTurn() -> Turn {
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
        let options = search.options
        let free = producing ? max(0, min(options.maxForks, search.remaining - wave.count))
                             : max(0, min(options.maxForks - search.forks, search.remaining - next.count))
        return .run(i, child, free: free)
    }

    /// Runs variant `i` on a worker's run and hands its result to the merge.
    func run(_ i: Int, _ child: Explore.Child, free: Int, on run: ScenarioRun, initial: ScenarioRun.Snapshot) {
        let nodes = search.nodes
        let d = VariantDriver(budget: search.budget, reads: search.reads, seen: [:], base: [:])
        // One lock per node the variant passes, for both: the node as seen so far,
        // and, when the variant goes on from it, the news that it passes it.
        let group = child.group
        d.lookup = { key, used, records in
            nodes.lock.withLock { nodes.lookup(key, used: used, variant: i, group: group, records: records) }
        }
        d.forkBudget = (free + search.workers - 1) / search.workers
        run.start(d, child, initial: initial)
        let r = d.result(of: run)
        queueLock.withLock {
            pending[i] = r
            mergeReady()
        }
    }

    /// Marks the original run's next visit seen and queues its children (under `queueLock`).
    func queue(_ v: Explore.Visit) {
        guard !cut else { return }
        guard search.nodes.lock.withLock({ search.nodes.mark(v, group: 0) }) else { cut = true; return }
        for option in 1..<max(1, v.options) { search.enqueue(&wave, [], v, option, 0) }
        queued += 1
    }

    /// Merges the results that are next in order (under `queueLock`; none before the original run ends).
    func mergeReady() {
        guard !producing else { return }
        while let r = pending.removeValue(forKey: merged) {
            search.merge([r], wave[merged...merged], into: &next, merged: merged)
            merged += 1
        }
    }

    /// Runs the original run, queueing the first wave as it goes, and merges it.
    func runOriginal(_ d: VariantDriver) {
        search.lastFork = nil
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
                    search.forks = 0
                } else {
                    queue(d.visited[d.visited.count - 1])
                }
            }
        }
        // The driver holds the hook only while the run runs.
        let run = search.ownRun(0).run
        withoutActuallyEscaping(onVisit) { hook in
            d.onVisit = hook
            run.runExplored(d)
            d.onVisit = nil
        }
        let r = d.result(of: run)
        d.visited = []   // its fork points are its children's now
        queueLock.withLock {
            for v in r.visited[queued...] where !cut { queue(v) }
            search.out.findings.original = r.outcome ?? Explore.Outcome()
            search.out.originalOutcome = r.outcome
            if cut {
                search.out.pruned += 1
            } else {
                if let o = r.outcome { search.out.findings.add(o, of: r, index: search.unpruned) }
                search.unpruned += 1
            }
            search.remaining -= wave.count
            search.out.variants += wave.count
            search.forks = 0
            producing = false
            mergeReady()
        }
    }
}
