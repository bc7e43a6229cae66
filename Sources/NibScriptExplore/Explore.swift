import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

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
package enum Explore {
    package struct Options {
        package var warnings = 1
        package var parallel = true
        /// The search stops here and says so: about a minute of work on two cores, so a
        /// script whose variants explode never looks like a hang.
        package var maxVariants = 20_000
        /// At most this many fork points (snapshots) are kept for the next wave; children past
        /// it replay their prefix instead. A snapshot costs about the run's state, so this
        /// bounds memory whatever the number of variants waiting (in the first wave on all
        /// cores, which starts while the original run runs, 32 per worker more). It changes
        /// no output.
        var maxForks = 320

        package init() {}
    }

    /// One step of a variant's path.
    package enum Step: Equatable {
        case statement(line: Int, text: String)
        case warning(afterLine: Int)
        case branch(line: Int, index: Int, of: Int)
        case end(line: Int)
    }

    /// What a finished variant ended with.
    package struct Outcome {
        package var crash: (line: Int, message: String)?
        package var zombies: [String] = []
        package var leaks: [String] = []
        /// The same as records, for JSON (objects numbered as in this variant's run).
        package var crashRecord: CrashRecord?
        package var zombieRecords: [ObjectRecord] = []
        package var leakRecords: [ObjectRecord] = []
        package var failed: [(line: Int, text: String, detail: String?)] = []
        package var errors: [String] = []
        package var passed = 0
    }

    /// A node of the search: where the run is about to decide, and the state it is in.
    /// Kept as one 64-bit stable hash of (kind, position, state hash): a search may see
    /// millions of nodes, and each is 8 bytes of key and a byte of warnings used (see `NodeMap`).
    package struct NodeKey: Hashable {
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
    package typealias Seen = NodeMap<UInt8>

    /// A variant leaves the path of its parent at one decision point, taking a non-default
    /// option there: (the decision point's number in execution order, the option).
    package struct Deviation: Hashable {
        var point: Int32
        var option: Int32

        package init(point: Int32, option: Int32) {
            self.point = point
            self.option = option
        }
    }

    /// Where a run may leave its path: the run's whole state at a decision point, shared by
    /// the children that fork from it (one per non-default option).
    package final class ForkPoint {
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
    package struct Child {
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
    package struct Visit {
        package var key: NodeKey
        package var used: Int
        package var options: Int
        package var point: Int
        var fork: ForkPoint?
    }

    /// What one run found.
    package struct RunResult {
        var deviations: [Deviation] = []
        var visited: [Visit] = []
        var prunedEarly = false
        var outcome: Outcome?
        var steps = 0
        var warningsUsed = 0
    }

    /// A distinct new outcome and the shortest variant that reaches it.
    package struct Finding {
        var key: String
        package var summary: String
        package var details: [String]
        package var steps: [Step]
        package var sharedPrefix: Int
        package var warnings: Int
        var variantIndex: Int
        /// The steps the variant counted while it was explored (forked); `steps` is its
        /// replay from the start, so the two agree.
        var stepCount: Int
    }

    package struct ScenarioResult {
        package var title: String
        package var line: Int
        package var original: Outcome
        /// The original run's path: empty when no finding shares a prefix with it.
        var originalSteps: [Step]
        package var findings: [Finding]
        package var variants: Int
        package var states: Int
        package var pruned: Int
        package var truncated: Bool
    }

    package struct Result {
        package var path: String
        package var config: Configuration
        package var warnings: Int
        package var scenarios: [ScenarioResult]
        package var status: Int32 { scenarios.contains { !$0.findings.isEmpty } ? 1 : 0 }

        package init(path: String, config: Configuration, warnings: Int, scenarios: [ScenarioResult]) {
            self.path = path
            self.config = config
            self.warnings = warnings
            self.scenarios = scenarios
        }
    }

    // MARK: The search

    /// `progress`: called with the scenarios explored and their number.
    package static func explore(_ program: Program, options: Options, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> Result {
        let budget = program.config.isIOS ? options.warnings : 0
        // The variant limit is for the whole run: each scenario gets what the earlier ones left.
        var remaining = options.maxVariants
        var scenarios: [ScenarioResult] = []
        for s in program.scenarios {
            let search = search(program, s, budget: budget, options: options, shard: nil, remaining: &remaining)
            scenarios.append(search.result(program: program, scenario: s, budget: budget))
            progress?(scenarios.count, program.scenarios.count)
        }
        return Result(path: program.file.path, config: program.config, warnings: budget, scenarios: scenarios)
    }

    /// The workers on all cores. Read once: `activeProcessorCount` reads files of /proc
    /// each time it is asked on Linux, 0.14 ms, a thirtieth of a search of 60 pushes.
    package static let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// What a search found, before its findings' paths are rendered.
    package struct Search {
        var findings = FindingCollector()
        var variants = 0, states = 0, pruned = 0
        var truncated = false
        /// `--shard`: every run's record, for `--merge`.
        var records: [Record] = []
        /// The original run's outcome, when this process ran it (not after `--merge`).
        var originalOutcome: Outcome?

        package func result(program: Program, scenario: ScenarioDecl, budget: Int) -> ScenarioResult {
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
    package struct Record {
        package var deviations: [Deviation]
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
    package static func search(_ program: Program, _ scenario: ScenarioDecl, budget: Int, options: Options,
                       shard: (index: Int, count: Int)?, remaining: inout Int) -> Search {
        let searcher = Searcher(program, scenario, budget: budget, options: options, shard: shard, remaining: remaining)
        let out = searcher.run()
        remaining = searcher.remaining
        return out
    }

    /// Runs the variants of `part` one after the other on `run`, each from its fork point
    /// (or replaying its prefix from `initial`), and returns their results in order.
    package static func runChunk(_ part: ArraySlice<Child>, run: ScenarioRun, initial: ScenarioRun.Snapshot, budget: Int,
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
    package static func replaySearch(_ records: [[Deviation]: Record], remaining: inout Int) -> Search? {
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
}
