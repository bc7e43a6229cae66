import FileBytes
import Foundation
import NibScriptSyntax
import CocoaSimulator

/// nibscript as a library: run a script from Swift (your own XCTest case, a tool) and look
/// at what each scenario did, as values.
///
/// ```swift
/// let scenario = try Simulator.run(source: script)[0]
/// XCTAssertEqual(scenario.failures, [])
/// XCTAssert(scenario.events.contains { $0.kind == .dealloc && $0.name == "root" })
/// ```
///
/// (The type is not called `NibScript`: a type named like its module would hide the module's
/// other names from code that writes `NibScript.Driver`.)
public enum Simulator {
    /// Compiles and runs every scenario of a script given as text. `path` names the file in
    /// messages and is where `nib … from "X.xib"` looks for Interface Builder files.
    /// Throws `ScriptError` when the script does not compile.
    public static func run(source: String, path: String = "<source>", configuration: Configuration? = nil) throws -> [ScenarioResult] {
        try run(SourceFile(path: path, bytes: Array(source.utf8)), configuration: configuration)
    }

    /// Compiles and runs every scenario of the script at `path`.
    public static func run(file path: String, configuration: Configuration? = nil) throws -> [ScenarioResult] {
        guard let data = FileBytes.contents(atPath: path).map({ Data($0) }) else {
            throw ScriptError(diagnostics: [], text: "error: cannot read '\(path)'\n")
        }
        return try run(SourceFile(path: path, bytes: [UInt8](data)), configuration: configuration)
    }

    package static func run(_ file: SourceFile, configuration: Configuration?) throws -> [ScenarioResult] {
        let (program, diagnostics) = Compiler.compile(file, override: configuration)
        guard let program else {
            throw ScriptError(diagnostics: diagnostics, text: DiagnosticFormatter.format(diagnostics, in: file))
        }
        return program.scenarios.map { s in
            let recorder = TraceRecorder()
            let run = ScenarioRun(program: program, scenario: s, config: configuration ?? program.config, trace: recorder)
            run.run()
            let report = run.report()
            return ScenarioResult(report: report, trace: recorder.entries,
                                  errors: DiagnosticFormatter.format(report.runtimeErrors, in: file))
        }
    }
}

/// A script that did not compile: its diagnostics, and their text as `nibscript run`
/// prints them (`file:line:col: error: …`, the source line, a caret).
public struct ScriptError: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var text: String
    public var description: String { text }
}

/// What one scenario did: every event in order, the state at its end and its expectations.
public struct ScenarioResult {
    /// The summary, as the text report prints it.
    public var report: ScenarioReport
    /// Statements, notes and events in the order the run made them (what the text trace shows).
    public var trace: [TraceEntry]
    /// Impossible orders of commands found while running, formatted as errors ("" if none).
    public var errors: String

    public var title: String { report.title }
    /// The engine events only.
    public var events: [TraceEvent] { trace.compactMap { if case .event(let e) = $0 { return e }; return nil } }
    public var expectations: [ExpectationOutcome] {
        report.results.map { ExpectationOutcome(line: $0.line, text: $0.text, passed: $0.passed, detail: $0.detail, observed: $0.observed) }
    }
    /// The expectations that failed (an unexpected crash counts as one).
    public var failures: [ExpectationOutcome] { expectations.filter { !$0.passed } }
    /// Objects leaked at the end, as `Class name#n`.
    public var leaks: [String] { report.leaks }
    /// Slots of live objects that point at deallocated objects.
    public var dangling: [String] { report.dangling }
    /// Objects that were sent a message after their dealloc.
    public var zombies: [String] { report.zombies }
    public var crash: String? { report.crash }
    public var warnings: [String] { report.warnings }
    /// The retain count of an object alive at the end, by its label (`UILabel title#3`).
    public func count(of label: String) -> Int? { report.alive.first { $0.label == label }?.count }
}

/// One `expect` line and what it found.
public struct ExpectationOutcome: Equatable, Sendable {
    public var line: Int
    /// The expectation as written (`expect count o.label == 2`).
    public var text: String
    public var passed: Bool
    /// What was found instead, when it failed.
    public var detail: String?
    /// For `expect count`: the count found (0 once deallocated).
    public var observed: Int?

    public init(line: Int, text: String, passed: Bool, detail: String? = nil, observed: Int? = nil) {
        self.line = line
        self.text = text
        self.passed = passed
        self.detail = detail
        self.observed = observed
    }
}
