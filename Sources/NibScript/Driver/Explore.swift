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
/// so the original run is the empty list. A run replays its decisions, then continues with
/// defaults to the end; at each decision point past its replayed part it records the node
/// (kind, position, state hash) and, for each non-default option, a child variant to run.
/// Runs go in waves (wave w+1 holds the children of wave w), so variants with fewer
/// deviations run first. A wave's runs are independent (each has its own engine) and run
/// on all cores; their results are merged in generation order, so the output never depends
/// on thread timing. A node already seen with no more warnings used prunes the run that
/// reaches it (its future is already explored): a run checks the nodes of earlier waves
/// while it runs and stops early, and the merge prunes against earlier runs of its wave.
enum Explore {
    struct Options {
        var warnings = 1
        var parallel = true
        /// The search stops here and says so: about a minute of work on two cores, so a
        /// script whose variants explode never looks like a hang.
        var maxVariants = 20_000
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
    struct NodeKey: Hashable {
        var kind: UInt8      // 0: a gap before a statement, 1: the end gap, 2: a choose
        var position: Int
        var hash: Int
    }

    /// What one run found.
    struct RunResult {
        var decisions: [Int]
        var visited: [(key: NodeKey, used: Int, children: [[Int]])] = []
        var prunedEarly = false
        var outcome: Outcome?
        var steps: [Step] = []
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
    }

    struct ScenarioResult {
        var title: String
        var line: Int
        var original: Outcome
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
        let scenarios = program.scenarios.map { explore(program, $0, budget: budget, options: options) }
        return Result(path: program.file.path, config: program.config, warnings: budget, scenarios: scenarios)
    }

    static func explore(_ program: Program, _ scenario: ScenarioDecl, budget: Int, options: Options) -> ScenarioResult {
        let reads = HistoryReads(scenario.body)
        var seen: [NodeKey: Int] = [:]
        var wave: [[Int]] = [[]]
        var all: [RunResult] = []          // unpruned runs, in order
        var variants = 0, pruned = 0
        var truncated = false
        while !wave.isEmpty {
            if variants + wave.count > options.maxVariants {
                wave = Array(wave.prefix(max(0, options.maxVariants - variants)))
                truncated = true
            }
            let frozen = seen
            let results = runWave(wave, program: program, scenario: scenario, budget: budget, reads: reads,
                                  seen: frozen, parallel: options.parallel)
            variants += results.count
            var next: [[Int]] = []
            for var r in results {
                var cut = r.prunedEarly
                var claimed = 0
                for v in r.visited {
                    if let u = seen[v.key], u <= v.used { cut = true; break }
                    seen[v.key] = v.used
                    next += v.children
                    claimed += 1
                }
                if cut {
                    pruned += 1
                    continue
                }
                r.visited = []
                all.append(r)
            }
            if truncated { break }
            wave = next
        }
        let original = all[0]
        let findings = findNew(all, original: original, scenario: scenario, program: program)
        return ScenarioResult(title: scenario.title, line: program.file.location(of: scenario.range.start).line,
                              original: original.outcome ?? Outcome(), originalSteps: original.steps, findings: findings,
                              variants: variants, states: seen.count, pruned: pruned, truncated: truncated)
    }

    static func runWave(_ wave: [[Int]], program: Program, scenario: ScenarioDecl, budget: Int, reads: HistoryReads,
                        seen: [NodeKey: Int], parallel: Bool) -> [RunResult] {
        var results = [RunResult?](repeating: nil, count: wave.count)
        let one: (Int) -> RunResult = { i in
            let driver = VariantDriver(decisions: wave[i], budget: budget, seen: seen, reads: reads)
            let run = ScenarioRun(program: program, scenario: scenario, config: program.config)
            run.runExplored(driver)
            return driver.result(of: run)
        }
        if parallel && wave.count > 1 {
            results.withUnsafeMutableBufferPointer { buf in
                let base = buf.baseAddress!
                DispatchQueue.concurrentPerform(iterations: wave.count) { i in (base + i).pointee = one(i) }
            }
        } else {
            for i in wave.indices { results[i] = one(i) }
        }
        return results.map { $0! }
    }

    // MARK: Findings

    static func findNew(_ runs: [RunResult], original: RunResult, scenario: ScenarioDecl, program: Program) -> [Finding] {
        guard let base = original.outcome else { return [] }
        let baseFailed = Set(base.failed.map(\.line))
        let baseLeaks = Set(base.leaks)
        let baseErrors = Set(base.errors)
        var best: [String: Finding] = [:]
        var order: [String] = []
        for (index, r) in runs.enumerated() where index > 0 {
            guard let o = r.outcome else { continue }
            var key: String
            var summary: String
            var details: [String] = []
            if let c = o.crash, base.crash.map({ $0.line != c.line || $0.message != c.message }) ?? true {
                key = "crash|\(c.line)|\(c.message)"
                summary = "crash at line \(c.line): \(c.message)"
                if !o.zombies.isEmpty { details.append("zombie message to " + o.zombies.joined(separator: ", ")) }
            } else {
                if o.crash != nil { continue }   // the original's own crash
                var atoms: [String] = []
                let leaks = o.leaks.filter { !baseLeaks.contains($0) }
                if !leaks.isEmpty { atoms.append("leak|" + leaks.joined(separator: ",")); details.append("leaks " + leaks.joined(separator: ", ")) }
                for f in o.failed where !baseFailed.contains(f.line) {
                    atoms.append("fail|\(f.line)")
                    details.append("line \(f.line): \(f.text) fails" + (f.detail.map { " — " + $0 } ?? ""))
                }
                for e in o.errors where !baseErrors.contains(e) { atoms.append("error|" + e); details.append("error: " + e) }
                if atoms.isEmpty { continue }
                key = atoms.joined(separator: " ")
                var kinds: [String] = []
                if !leaks.isEmpty { kinds.append("new leak") }
                if o.failed.contains(where: { !baseFailed.contains($0.line) }) { kinds.append("failed expectation") }
                if o.errors.contains(where: { !baseErrors.contains($0) }) { kinds.append("error") }
                summary = kinds.joined(separator: ", ")
            }
            let shared = zip(r.steps, original.steps).prefix { $0 == $1 }.count
            let f = Finding(key: key, summary: summary, details: details, steps: r.steps, sharedPrefix: shared,
                            warnings: r.warningsUsed, variantIndex: index)
            if let old = best[key] {
                if (f.steps.count, f.warnings, f.variantIndex) < (old.steps.count, old.warnings, old.variantIndex) { best[key] = f }
            } else {
                best[key] = f
                order.append(key)
            }
        }
        return order.map { best[$0]! }.sorted { ($0.steps.count, $0.warnings, $0.variantIndex) < ($1.steps.count, $1.warnings, $1.variantIndex) }
    }
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

/// Drives one variant: replays its decisions, then takes defaults and records the nodes it
/// passes and the children to run.
final class VariantDriver {
    let decisions: [Int]
    let budget: Int
    let seen: [Explore.NodeKey: Int]
    let reads: HistoryReads
    var cursor = 0
    var taken: [Int] = []
    var used = 0
    var stopped = false
    var steps: [Explore.Step] = []
    var visited: [(key: Explore.NodeKey, used: Int, children: [[Int]])] = []
    /// Whether the last step ended a run-loop event (true at the start of the scenario).
    var eventEnded = true

    init(decisions: [Int], budget: Int, seen: [Explore.NodeKey: Int], reads: HistoryReads) {
        self.decisions = decisions; self.budget = budget; self.seen = seen; self.reads = reads
    }

    /// A decision point with `options` choices; returns the choice.
    func decide(kind: UInt8, position: Int, options: Int, run: ScenarioRun) -> Int {
        if cursor < decisions.count {
            let c = decisions[cursor]
            cursor += 1
            taken.append(c)
            return c
        }
        let key = Explore.NodeKey(kind: kind, position: position, hash: run.explorationHash(reads: reads))
        if let u = seen[key], u <= used {
            stopped = true
            return 0
        }
        let children = (1..<max(options, 1)).map { taken + [$0] }
        visited.append((key, used, children))
        taken.append(0)
        return 0
    }

    func result(of run: ScenarioRun) -> Explore.RunResult {
        var r = Explore.RunResult(decisions: decisions)
        r.visited = visited
        r.prunedEarly = stopped
        r.steps = steps
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
        let ctx = Context(selfObject: nil, implementingClass: nil, selector: nil, frame: scenarioFrame)
        walk(scenario.body.statements, ctx, d)
        guard !d.stopped else { return }
        line = file.location(of: max(scenario.range.start, scenario.range.end - 1)).line
        if !crashed { gap(kind: 1, position: -1, ctx, d) }
        guard !d.stopped else { return }
        if !crashed { d.steps.append(.end(line: line)) }
        finish()
    }

    private func walk(_ statements: [Stmt], _ ctx: Context, _ d: VariantDriver) {
        for s in statements {
            line = file.location(of: s.range.start).line
            if case .expect(let e) = s.kind { check(e, ctx); continue }
            if crashed || d.stopped { if d.stopped { return }; continue }
            if case .choose(let branches) = s.kind {
                let k = d.decide(kind: 2, position: s.range.start, options: branches.count, run: self)
                if d.stopped { return }
                d.steps.append(.branch(line: line, index: k, of: branches.count))
                walk(branches[k].statements, ctx, d)
                continue
            }
            let isCommand: Bool = { if case .command = s.kind { return true }; return false }()
            if d.eventEnded || isCommand {
                gap(kind: 0, position: s.range.start, ctx, d)
                if d.stopped { return }
                line = file.location(of: s.range.start).line
            }
            d.steps.append(.statement(line: line, text: stepText(s)))
            header(s.range)
            execute(s, ctx)
            switch s.kind {
            case .drain, .command: d.eventEnded = true
            default: d.eventEnded = false
            }
        }
    }

    /// A run-loop turn: while warnings are left, decide whether one comes here.
    private func gap(kind: UInt8, position: Int, _ ctx: Context, _ d: VariantDriver) {
        // With no warning left the gap is still a checkpoint: a run that reaches a state
        // already explored stops there.
        while !crashed {
            let c = d.decide(kind: kind, position: position, options: d.used < d.budget ? 2 : 1, run: self)
            if d.stopped || c == 0 { return }
            d.used += 1
            let after = d.steps.reversed().lazy.compactMap { step -> Int? in
                if case .statement(let l, _) = step { return l }
                return nil
            }.first ?? line
            d.steps.append(.warning(afterLine: after))
            let saved = line
            note("memory warning inserted by explore", extraDepth: 0)
            command(Identifier("memoryWarning", scenario.titleRange), [], ctx)
            line = saved
            d.eventEnded = true
        }
    }

    private func stepText(_ s: Stmt) -> String {
        let t = file.text(s.range).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return t.trimmingCharacters(in: .whitespaces)
    }

    /// Everything that decides what happens next, and nothing that is only cosmetic (names,
    /// numbers, the trace, lines). The engine's own state, the bindings of names, the
    /// controller world, what the run has found so far (expectations already failed, the
    /// deferred ones), and the history the scenario's expectations read.
    func explorationHash(reads: HistoryReads) -> Int {
        var h = Hasher()
        engine.stateHash(into: &h)
        for k in nibNames.keys.sorted() { h.combine(k); h.combine(nibNames[k]!.raw) }
        for k in sceneViewNibs.keys.sorted() { h.combine(k.raw); h.combine(sceneViewNibs[k]!.name) }
        h.combine(application?.raw ?? -1)
        h.combine(extraRoots.count); for o in extraRoots { h.combine(o.raw) }
        for k in frameClasses.keys.sorted() { h.combine(k); h.combine(frameClasses[k]!.0.raw) }
        let c = controllers
        h.combine(c.keyWindow?.raw ?? -1)
        h.combine(c.shownRoot?.raw ?? -1)
        for o in c.macShown.sorted() { h.combine(o.raw) }
        h.combine(-2)
        for k in c.selectedTab.keys.sorted() { h.combine(k.raw); h.combine(c.selectedTab[k]!) }
        h.combine(-3)
        for k in c.appearance.keys.sorted() { h.combine(k.raw); h.combine(c.appearance[k]!.rawValue) }
        h.combine(-4)
        for p in c.presentations { h.combine(p.presenter.raw); h.combine(p.presented.raw); h.combine(p.covered.raw) }
        h.combine(-5)
        for k in c.viewObjects.keys.sorted() { h.combine(k.raw); for o in c.viewObjects[k]! { h.combine(o.raw) } }
        h.combine(-6)
        for o in c.everLoaded.sorted() { h.combine(o.raw) }
        h.combine(-7)
        for k in c.trackedKeys.keys.sorted() { h.combine(k.raw); h.combine(c.trackedKeys[k]!) }
        h.combine(c.runtimeErrors.count)
        h.combine(results.count)
        for r in results where !r.passed { h.combine(r.line) }
        h.combine(-8)
        for d in deferred { h.combine(d.1) }
        if reads.callbacks {
            h.combine(c.callbacks.count)
            for cb in c.callbacks { h.combine(cb.object.raw); h.combine(cb.callback.rawValue) }
        }
        if reads.events {
            eventLog.hash(into: &h)
        }
        if reads.warnings { for w in warnings { h.combine(w.text) } }
        return h.finalize()
    }

    /// The outcome of a finished run, with objects named by class and name (no numbers, so
    /// the same object made in two variants compares equal).
    func exploreOutcome() -> Explore.Outcome {
        let report = report()
        func name(_ o: ObjectID) -> String { "\(engine.className(engine.classOf(o))) \(engine.name(o))" }
        var o = Explore.Outcome()
        if let c = engine.crash { o.crash = (crashLine ?? 0, c.message) }
        o.zombies = zombieObjects().map(name)
        o.leaks = leakedObjects().map(name)
        o.failed = report.results.filter { !$0.passed && $0.text != "(no crash expected)" }.map { ($0.line, $0.text, $0.detail) }
        o.errors = report.runtimeErrors.map { "line \(file.location(of: $0.range.start).line): \($0.message)" }
        o.passed = report.passed
        return o
    }
}

extension Explore {
    /// `nibscript explore [--warnings K] [--format text|json] [--sequential] FILE`, and
    /// `nibscript explore --bench [--size N]`.
    static func command(_ args: [String]) -> Driver.Result {
        var format = "text"
        var options = Options()
        var files: [String] = []
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var bench = false
        var size = 60
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
            case "--bench": bench = true
            case "--size":
                guard let v = value(a), let n = Int(v), n > 0 else { return Driver.usage("'--size' takes a positive number") }
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
        guard files.count == 1, let path = files.first else { return Driver.usage("'explore' takes one script") }
        switch Driver.readScript(path) {
        case .success(let bytes):
            return runSource(SourceFile(path: path, bytes: bytes), options: options, json: format == "json",
                             errorLimit: errorLimit)
        case .failure(let e):
            return Driver.Result(status: 2, stdout: "", stderr: "error: \(e.message)\n")
        }
    }

    /// Compiles a script, then explores every scenario.
    static func runSource(_ file: SourceFile, options: Options, json: Bool,
                          errorLimit: Int = DiagnosticFormatter.defaultErrorLimit) -> Driver.Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file, errorLimit: errorLimit)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Driver.Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        let r = explore(program, options: options)
        let out = json ? ExploreReport.json(r, requested: options.warnings) : ExploreReport.text(r, requested: options.warnings)
        return Driver.Result(status: r.status, stdout: out, stderr: err)
    }
}

/// Variants per second on a generated script: `nibscript explore --bench [--size N]`.
/// The script pushes and pops N controllers with assign and retain outlets, so every gap
/// has something for a warning to unload. Timed once sequentially and once on all cores.
enum ExploreBench {
    static func script(size: Int) -> String {
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
        var counts: [Int] = []
        for parallel in [false, true] {
            var options = Explore.Options()
            options.warnings = warnings
            options.parallel = parallel
            let start = DispatchTime.now().uptimeNanoseconds
            let r = Explore.explore(program, options: options)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let s = r.scenarios[0]
            counts.append(s.variants)
            out += "  \(parallel ? "all cores " : "sequential"): \(s.variants) variants, \(s.states) states, \(s.pruned) pruned in "
                + String(format: "%.2f s: %.0f variants/s", seconds, Double(s.variants) / seconds) + "\n"
        }
        if counts[0] != counts[1] { out += "  MISMATCH: the two searches disagree\n" }
        return out
    }
}
