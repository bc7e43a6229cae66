import Foundation
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

/// `nibscript run --config "mac arc" FILE…`: one column of the matrix with the full trace,
/// so a surprising cell can be looked into. The script is prepared exactly as `matrix`
/// prepares it (twin classes on the other platform, the MRC → ARC rewrite), then each
/// scenario runs and prints as `run` prints it; a scenario that cannot run there says why.
package enum RunInConfiguration {
    /// The names `--config` takes: the matrix's column names.
    static var names: [String] { Configuration.matrix.map(\.columnName) }

    /// The configuration a name stands for: a column name of the matrix, any case and spacing
    /// (`"mac arc"`, `"ios 6.0 mrc"`; `"ios 6 mrc"` too).
    static func configuration(named name: String) -> Configuration? {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map { $0 == "6" ? "6.0" : String($0) }
        return Configuration.matrix.first { $0.columnName == words.joined(separator: " ") }
    }

    /// `run` with `--config NAME` among its arguments; nil when there is no `--config`, so
    /// that plain `run` goes on as before. Writes as it runs, as `run` does; returns the status.
    static func command(_ args: [String], stdout: TextOutput, stderr: TextOutput, stdin: () -> Data) -> Int32? {
        guard args.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }) else { return nil }
        func fail(_ r: Driver.Result) -> Int32 {
            stdout.write(r.stdout); stdout.flush()
            stderr.write(r.stderr); stderr.flush()
            return r.status
        }
        var name: String?
        var quiet = false
        var files: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--config" {
                guard i + 1 < args.count else { return fail(Driver.usage("'--config' takes a configuration: \(names.joined(separator: ", "))")) }
                name = args[i + 1]; i += 2; continue
            }
            if a.hasPrefix("--config=") { name = String(a.dropFirst("--config=".count)); i += 1; continue }
            if a == "--quiet" || a == "-q" { quiet = true }
            else if a == "-h" || a == "--help" { return fail(Driver.Result(status: 0, stdout: SubcommandHelp.text("run") ?? Driver.help, stderr: "")) }
            else if a.hasPrefix("-") && a != "-" { return fail(Driver.usage("unknown option '\(a)' for 'run'")) }
            else { files.append(a) }
            i += 1
        }
        guard let name, let config = configuration(named: name) else {
            return fail(Driver.usage("unknown configuration '\(name ?? "")'; the configurations are \(names.joined(separator: ", "))"))
        }
        if files.isEmpty { return fail(Driver.usage("'run' needs a file (or '-' for standard input)")) }
        var status: Int32 = 0
        for path in files {
            guard let file = Driver.source(path, stdin: stdin, stderr: stderr) else { status = 2; continue }
            status = max(status, runSource(file, config: config, quiet: quiet, stdout: stdout, stderr: stderr))
        }
        return status
    }

    /// Compiles the script in its own configuration (its errors are errors, as for `run`),
    /// prepares it for `config` as the matrix does, and runs every scenario that can run,
    /// writing each scenario's heading, trace and summary as it goes.
    static func runSource(_ file: SourceFile, config: Configuration, quiet: Bool,
                          stdout: TextOutput, stderr: TextOutput) -> Int32 {
        guard let program = Driver.compile(file, stderr: stderr) else { return 2 }
        let prepared = Matrix.prepare(file, program: program, config: config)
        let own = program.config
        stdout.write("configuration \(config.columnName) (\(config)); the script's own is \(own)\n")
        if config.platform != own.platform {
            stdout.write("  the script's \(own.isIOS ? "UIKit" : "AppKit") classes run as their \(own.isIOS ? "AppKit" : "UIKit") twins\n")
        }
        if prepared.rewritten > 0 {
            stdout.write("  rewritten for ARC: each explicit 'release x' runs as 'x = nil'; in dealloc explicit releases and [super dealloc] are dropped (\(prepared.rewritten) statement\(prepared.rewritten == 1 ? "" : "s"))\n")
        }
        var reports: [ScenarioReport] = []
        for (i, s) in program.scenarios.enumerated() {
            stdout.write("\n")
            stdout.write(TextReport.heading(title: s.title, line: file.location(of: s.range.start).line, config: config))
            guard prepared.reasons[i] == nil, let compiled = prepared.program,
                  let decl = compiled.scenarios.first(where: { $0.title == s.title }) else {
                stdout.write("  n/a: \(prepared.reasons[i] ?? "not compiled")\n")
                continue
            }
            let run = ScenarioRun(program: compiled, scenario: decl, config: config, trace: quiet ? nil : TraceWriter(stdout))
            run.run()
            let r = run.report()
            reports.append(r)
            TextReport.writeSummary(r, to: stdout)
        }
        if program.scenarios.isEmpty { stdout.write("\(file.path): no scenarios\n") }
        stdout.flush()
        let runtimeErrors = reports.flatMap(\.runtimeErrors)
        stderr.write(DiagnosticFormatter.format(runtimeErrors, in: file))
        stderr.flush()
        return !runtimeErrors.isEmpty ? 2 : reports.contains { $0.failed > 0 } ? 1 : 0
    }
}
