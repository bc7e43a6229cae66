import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptReports

/// Runs a document's scenarios in the background after each change, one document's runs
/// after another on one serial queue, and keeps the last finished outcome per document:
/// each scenario's pass/fail (the code lenses), its failed expectations and the errors
/// found while running (diagnostics, as `nibscript run` prints them), and after each of
/// its statement lines the objects' counts and states (hover).
///
/// A change cancels the run of the version before it: each document has a generation
/// number, bumped by every change; a run checks it before each of its scenario's
/// statements and, once it is stale, stops the run there (`ScenarioRun.stopped`, the flag
/// `graph --at` uses) and drops its outcome. So typing never waits on a long scenario.
final class ScenarioRuns: @unchecked Sendable {
    struct ScenarioOutcome {
        var title: String
        /// The scenario's `scenario` line (1-based) and the range of its title.
        var line: Int
        var titleRange: SourceRange
        var passed: Int
        var failed: Int
        /// Failed expectations: line (1-based), text, what was found.
        var failures: [(line: Int, text: String, detail: String?)]
        var crash: String?
        var leaks: [String]
        var runtimeErrors: [Diagnostic]
        /// After each line (1-based) of the scenario that ran: the objects' table, as hover
        /// shows it. Equal tables share one string.
        var states: [Int: String]
        /// The first line with no state because the budget ran out, if it did.
        var statesCut: Int?
    }

    struct Outcome {
        var uri: String
        var version: Int
        var scenarios: [ScenarioOutcome]
        /// How long the runs took, in milliseconds.
        var milliseconds: Double
    }

    /// At most this many objects are listed in a line's state.
    static let objectsShown = 30
    /// A scenario's lines get a state up to this many objects counted over all its lines
    /// (each state walks every object for the graph): a scenario of a hundred thousand
    /// statements over thousands of objects would otherwise take minutes in the background.
    /// Past it, hover on a later line shows the last state recorded, and says which line.
    /// (A property, so that a test can make it small; set before the first schedule.)
    var stateBudget = 2_000_000

    private let queue = DispatchQueue(label: "nibscript.lsp.scenario-runs", qos: .utility)
    private let lock = NSLock()
    private var generations: [String: Int] = [:]
    private var outcomes: [String: Outcome] = [:]
    /// Called on the runs' queue when a run finishes and is still current.
    var finished: ((Outcome) -> Void)?

    /// Cancels the runs of earlier versions of the document and, when it compiles, starts
    /// running this one.
    func schedule(_ analysis: Analysis) {
        let g = bump(analysis.uri)
        guard let program = analysis.program else { return }
        let uri = analysis.uri, version = analysis.version
        queue.async { [self] in
            guard isCurrent(uri, g) else { return }
            let started = DispatchTime.now().uptimeNanoseconds
            var scenarios: [ScenarioOutcome] = []
            for s in program.scenarios {
                guard let o = run(program, s, uri: uri, generation: g) else { return }
                scenarios.append(o)
            }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            let outcome = Outcome(uri: uri, version: version, scenarios: scenarios, milliseconds: ms)
            lock.lock()
            let current = generations[uri] == g
            if current { outcomes[uri] = outcome }
            lock.unlock()
            if current { finished?(outcome) }
        }
    }

    /// Forgets a closed document and stops its run.
    func close(_ uri: String) {
        _ = bump(uri)
        lock.lock()
        outcomes[uri] = nil
        lock.unlock()
    }

    /// The last finished outcome of the document (possibly of an earlier version).
    func outcome(_ uri: String) -> Outcome? {
        lock.lock()
        defer { lock.unlock() }
        return outcomes[uri]
    }

    /// Waits until every run scheduled so far has finished or stopped (for tests).
    func waitUntilIdle() { queue.sync {} }

    private func bump(_ uri: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        generations[uri, default: 0] += 1
        return generations[uri]!
    }

    private func isCurrent(_ uri: String, _ g: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return generations[uri] == g
    }

    /// One scenario's run, or nil when a change made it stale.
    private func run(_ program: Program, _ s: ScenarioDecl, uri: String, generation g: Int) -> ScenarioOutcome? {
        let file = program.file
        let sink = StateSink(budget: stateBudget)
        var cancelled = false
        sink.willStart = { [self] line, run in
            // Asked before each of the scenario's statements: cheap (a lock, a compare).
            if !isCurrent(uri, g) { cancelled = true; run.stopped = true; return }
            guard line != sink.pending else { return }
            if let p = sink.pending { sink.record(p, run) }
            sink.pending = line
        }
        let run = ScenarioRun(program: program, scenario: s, config: program.config, trace: sink)
        run.run()
        if cancelled || !isCurrent(uri, g) { return nil }
        if let p = sink.pending { sink.record(p, run) }
        let closing = file.location(of: max(s.range.start, s.range.end - 1)).line
        if sink.pending != closing { sink.record(closing, run) }
        let report = run.report()
        return ScenarioOutcome(
            title: s.title, line: file.location(of: s.range.start).line, titleRange: s.titleRange,
            passed: report.passed, failed: report.failed,
            failures: report.results.filter { !$0.passed }.map { ($0.line, $0.text, $0.detail) },
            crash: report.crash, leaks: report.leaks, runtimeErrors: report.runtimeErrors, states: sink.states,
            statesCut: sink.cut)
    }
}

/// A trace sink that keeps nothing of the trace: it only hears where each of the
/// scenario's own statements starts, which is when the state the line before left is
/// complete, and records that state as a table.
private final class StateSink: TraceSink {
    var willStart: ((Int, ScenarioRun) -> Void)?
    var pending: Int?
    var states: [Int: String] = [:]
    private var last = ""

    func statement(_ range: SourceRange, line: Int, depth: Int, in run: ScenarioRun) {
        if depth == 0 { willStart?(line, run) }
    }
    func note(_ text: String, line: Int, depth: Int, in run: ScenarioRun) {
        if depth == 0 { willStart?(line, run) }
    }
    func event(_ e: EngineEvent, line: Int, depth: Int, in run: ScenarioRun) {}

    /// Objects walked for states so far (`ScenarioRuns.stateBudget`), and the first line
    /// left without a state when it ran out.
    private var spent = 0
    private let budget: Int
    var cut: Int?

    init(budget: Int) { self.budget = budget }

    func record(_ line: Int, _ run: ScenarioRun) {
        spent += run.engine.objectCount + 1
        guard spent <= budget else {
            if cut == nil { cut = line }
            return
        }
        let text = Self.table(run.objectGraph(), run)
        if text != last { last = text }
        states[line] = last
    }

    /// The objects of the graph as a Markdown table: name, retain count, state.
    /// The graph holds the live objects and the deallocated ones something still points at;
    /// the others deallocated so far are added from the engine. Rows in allocation order.
    static func table(_ g: ObjectGraph, _ run: ScenarioRun) -> String {
        let e = run.engine
        var rows: [(number: Int, text: String)] = []
        var drawn = Set<String>()
        for n in g.nodes where n.kind == .object {
            drawn.insert(n.id)
            var state: [String] = []
            if n.marks.contains(.deallocated) {
                state.append(n.deallocLine.map { "deallocated (line \($0))" } ?? "deallocated")
            } else {
                state.append("alive")
            }
            if n.marks.contains(.leaked) { state.append("**leaked**") }
            if n.marks.contains(.abandoned) { state.append("abandoned") }
            if let r = n.rootReason { state.append("root: \(r)") }
            let number = n.name.split(separator: "#").last.flatMap { Int($0) } ?? 0
            rows.append((number, row("\(n.className) \(n.name)", n.count.map(String.init) ?? "", state.joined(separator: ", "))))
        }
        for o in e.allObjects where !e.isHidden(o) && !e.isAlive(o) && !drawn.contains("o\(o.index)") {
            rows.append((e.number(o), row("\(e.className(e.classOf(o))) \(e.name(o))#\(e.number(o))", "0",
                                          "deallocated (line \(run.deallocLine(o)))")))
        }
        guard !rows.isEmpty else { return "no objects" }
        rows.sort { $0.number < $1.number }
        var out = "| object | count | state |\n|---|---:|---|\n"
        for r in rows.prefix(ScenarioRuns.objectsShown) { out += r.text }
        if rows.count > ScenarioRuns.objectsShown {
            out += "\n… and \(rows.count - ScenarioRuns.objectsShown) more\n"
        }
        if let c = g.crash { out += "\ncrashed: \(c)\n" }
        return out
    }

    private static func row(_ name: String, _ count: String, _ state: String) -> String {
        "| `\(name.replacingOccurrences(of: "`", with: "'"))` | \(count) | \(state) |\n"
    }
}
