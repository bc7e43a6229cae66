import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// What one scenario run found: the state at its end and its expectations. (Its trace was
/// written while it ran.)
public struct ScenarioReport {
    public var title: String
    public var config: Configuration
    public var line: Int
    /// The objects alive at the end, in id order, as parts: a run can end with a million of
    /// them, and the summary writes them without making a label of each.
    public var aliveObjects: [AliveObject]
    /// The same, with each object's label (`UIView root#2`).
    public var alive: [(label: String, count: Int)] { aliveObjects.map { ($0.label, $0.count) } }
    /// What the summary lists, as records (`ObjectRecords.swift`) and as the summary's words.
    public var leakRecords: [ObjectRecord]
    public var danglingRecords: [DanglingRecord]
    public var zombieRecords: [ObjectRecord]
    public var crashRecord: CrashRecord?
    public var warningRecords: [WarningRecord]
    /// Objects alive and reachable only through controllers whose view is unloaded (O9, V7).
    public var abandonedRecords: [ObjectRecord]
    public var leaks: [String] { leakRecords.map(\.text) }
    public var dangling: [String] { danglingRecords.map(\.text) }
    public var zombies: [String] { zombieRecords.map(\.text) }
    public var crash: String? { crashRecord?.text }
    public var warnings: [String] { warningRecords.map(\.summaryText) }
    public var abandoned: [String] { abandonedRecords.map(\.text) }
    /// Impossible orders found while running, as diagnostics at their statements.
    public var runtimeErrors: [Diagnostic]
    package var results: ExpectationResults
    /// How many engine events the run had.
    public var events: Int

    public struct AliveObject {
        public var className: String
        public var name: String
        public var number: Int
        public var count: Int
        /// Its dealloc had begun (count 0) when a crash stopped the run: not a leak.
        public var deallocating = false
        public var label: String { "\(className) \(name)#\(number)" }
    }

    public var passed: Int { results.passedCount }
    public var failed: Int { results.count - passed }
}

extension ScenarioRun {
    package func report() -> ScenarioReport {
        checkDeferred()
        let alive = engine.liveVisibleObjects.map {
            ScenarioReport.AliveObject(className: engine.className(engine.classOf($0)), name: engine.name($0),
                                       number: engine.number($0), count: engine.count($0),
                                       deallocating: engine.state($0) == .deallocating)
        }
        return ScenarioReport(title: scenario.title, config: config, line: file.location(of: scenario.range.start).line,
                              aliveObjects: alive, leakRecords: leakedObjects().map(objectRecord),
                              danglingRecords: danglingRecords(), zombieRecords: engine.history.zombies.map(objectRecord),
                              crashRecord: crashRecord(), warningRecords: warnings.map { WarningRecord(line: $0.line, text: $0.text) },
                              abandonedRecords: abandonedObjects().map(objectRecord), runtimeErrors: runtimeErrors, results: results,
                              events: events)
    }
}

/// Runs every scenario of a program, each on a fresh engine.
public enum Runner {
    /// Reports only; no trace is built.
    public static func run(_ program: Program, config: Configuration? = nil) -> [ScenarioReport] {
        program.scenarios.map { s in
            let run = ScenarioRun(program: program, scenario: s, config: config ?? program.config)
            run.run()
            return run.report()
        }
    }

    /// Runs each scenario and writes its text to `out` as it goes: the heading, the trace
    /// line by line as the run makes it (unless `quiet`), then the summary and expectations.
    public static func run(_ program: Program, config: Configuration? = nil, quiet: Bool,
                           to out: TextOutput) -> [ScenarioReport] {
        var reports: [ScenarioReport] = []
        for (i, s) in program.scenarios.enumerated() {
            let cfg = config ?? program.config
            if i > 0 { out.write("\n") }
            out.write(TextReport.heading(title: s.title, line: program.file.location(of: s.range.start).line, config: cfg))
            let run = ScenarioRun(program: program, scenario: s, config: cfg, trace: quiet ? nil : TraceWriter(out))
            run.run()
            let r = run.report()
            TextReport.writeSummary(r, to: out)
            reports.append(r)
        }
        return reports
    }
}
