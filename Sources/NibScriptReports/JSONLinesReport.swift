import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore

/// `run --format json`: JSON Lines, one object per line, written as the run makes them.
/// grammar.md ("JSON Lines output") is the schema; `version` in the `file` record changes
/// when a key changes meaning or goes away (adding keys does not change it).
package enum JSONLines {
    package static let version = 2

    package static func fileRecord(_ path: String, scenarios: Int) -> String {
        JSON.object([("type", .string("file")), ("version", .int(version)), ("file", .string(path)),
                     ("scenarios", .int(scenarios))]).renderLine()
    }

    package static func scenarioRecord(title: String, line: Int, config: Configuration) -> String {
        JSON.object([("type", .string("scenario")), ("scenario", .string(title)), ("line", .int(line)),
                     ("configuration", .string(config.description))]).renderLine()
    }

    package static func event(_ t: TraceEvent, scenario: String) -> JSON {
        .object([("type", .string("event")), ("scenario", .string(scenario)), ("line", .int(t.line)),
                 ("column", .optional(t.column)), ("depth", .int(t.depth)), ("kind", .string(t.kind.rawValue)),
                 ("object", .object(t.objectRef)),
                 ("count", .optional(t.count)), ("cause", .optional(t.cause)), ("rules", .strings(t.rules)),
                 ("pool", .optional(t.pool)), ("entries", .optional(t.entries)), ("slot", .optional(t.slot)),
                 ("selector", .optional(t.selector)), ("message", .optional(t.message))])
    }

    /// The summary record, then one record per expectation, in line order.
    package static func summaryRecords(_ r: ScenarioReport) -> String {
        let summary = JSON.object([
            ("type", .string("summary")), ("scenario", .string(r.title)), ("line", .int(r.line)),
            ("configuration", .string(r.config.description)),
            ("alive", .array(r.aliveObjects.map {
                .object([("object", .object(ObjectRef(id: $0.number, className: $0.className, name: $0.name))),
                         ("count", .int($0.count)), ("deallocating", .bool($0.deallocating))])
            })),
            ("leaks", .array(r.leakRecords.map(JSON.record))), ("dangling", .array(r.danglingRecords.map(JSON.record))),
            ("abandoned", .array(r.abandonedRecords.map(JSON.record))), ("zombies", .array(r.zombieRecords.map(JSON.record))),
            ("crash", .record(r.crashRecord)), ("warnings", .array(r.warningRecords.map(JSON.record))),
            ("passed", .int(r.passed)), ("failed", .int(r.failed)), ("events", .int(r.events)),
        ])
        var out = summary.renderLine()
        for x in r.results {
            out += JSON.object([("type", .string("expectation")), ("scenario", .string(r.title)), ("line", .int(x.line)),
                                ("text", .string(x.text)), ("passed", .bool(x.passed)), ("detail", .optional(x.detail)),
                                ("observed", .optional(x.observed))]).renderLine()
        }
        return out
    }
}

/// Writes a scenario's statements, notes and events as JSON Lines records as they happen,
/// as bytes into one reused buffer (JSONBytes.swift): at the rate of the text trace.
package final class JSONLinesWriter: TraceSink {
    private let out: TextOutput
    private let heads: JSONLines.Heads
    private var position = StatementPosition()
    private var buffer = JSONBuffer()

    package init(_ out: TextOutput, scenario: String) {
        self.out = out
        heads = JSONLines.Heads(scenario: scenario)
    }

    package func statement(_ range: SourceRange, line: Int, depth: Int, in run: ScenarioRun) {
        position.enter(range, line: line, file: run.file)
        JSONLines.writeStatement(&buffer, heads, line: line, column: position.column, depth: depth,
                                 text: run.file.firstLineTrimmed(range))
        send()
    }

    package func note(_ text: String, line: Int, depth: Int, in run: ScenarioRun) {
        JSONLines.writeNote(&buffer, heads, line: line, column: position.column(at: line), depth: depth, text: text)
        send()
    }

    package func event(_ e: EngineEvent, line: Int, depth: Int, in run: ScenarioRun) {
        guard let t = run.traceEvent(e, line: line, column: position.column(at: line), depth: depth) else { return }
        JSONLines.writeEvent(&buffer, heads, t)
        send()
    }

    deinit { buffer.deallocate() }

    private func send() {
        out.write(utf8: buffer.bytes)
        buffer.removeAll()
    }
}

extension Runner {
    /// `run --format json`: a `file` record, then per scenario a `scenario` record, its
    /// statements, notes and events as they happen (none when `quiet`), its `summary` and
    /// its `expectation`s.
    public static func runJSONLines(_ program: Program, config: Configuration? = nil, quiet: Bool,
                                    to out: TextOutput) -> [ScenarioReport] {
        out.write(JSONLines.fileRecord(program.file.path, scenarios: program.scenarios.count))
        // The records escape every control character themselves (JSONBytes.swift), so they
        // skip the terminal's filter, which would only look at every byte again.
        let escaped = (out as? VisibleOutput)?.unfiltered ?? out
        var reports: [ScenarioReport] = []
        for s in program.scenarios {
            let cfg = config ?? program.config
            out.write(JSONLines.scenarioRecord(title: s.title, line: program.file.location(of: s.range.start).line, config: cfg))
            let run = ScenarioRun(program: program, scenario: s, config: cfg,
                                  trace: quiet ? nil : JSONLinesWriter(escaped, scenario: s.title))
            run.run()
            let r = run.report()
            out.write(JSONLines.summaryRecords(r))
            reports.append(r)
        }
        return reports
    }
}
