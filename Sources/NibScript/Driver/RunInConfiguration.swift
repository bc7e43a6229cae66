import Foundation
import NibScriptSyntax

/// `nibscript run --config "mac arc" FILE…`: one column of the matrix with the full trace,
/// so a surprising cell can be looked into. The script is prepared exactly as `matrix`
/// prepares it (twin classes on the other platform, the MRC → ARC rewrite), then each
/// scenario runs and prints as `run` prints it; a scenario that cannot run there says why.
enum RunInConfiguration {
    /// The names `--config` takes: the matrix's column names.
    static var names: [String] { Configuration.matrix.map(\.columnName) }

    /// The configuration a name stands for: a column name of the matrix, any case and spacing
    /// (`"mac arc"`, `"ios 6.0 mrc"`; `"ios 6 mrc"` too).
    static func configuration(named name: String) -> Configuration? {
        let words = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map { $0 == "6" ? "6.0" : String($0) }
        return Configuration.matrix.first { $0.columnName == words.joined(separator: " ") }
    }

    /// `run` with `--config NAME` among its arguments; nil when there is no `--config`, so
    /// that plain `run` goes on as before.
    static func command(_ args: [String], stdin: () -> Data) -> Driver.Result? {
        guard args.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }) else { return nil }
        var name: String?
        var quiet = false
        var files: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--config" {
                guard i + 1 < args.count else { return Driver.usage("'--config' takes a configuration: \(names.joined(separator: ", "))") }
                name = args[i + 1]; i += 2; continue
            }
            if a.hasPrefix("--config=") { name = String(a.dropFirst("--config=".count)); i += 1; continue }
            if a == "--quiet" || a == "-q" { quiet = true }
            else if a == "-h" || a == "--help" { return Driver.Result(status: 0, stdout: Driver.help, stderr: "") }
            else if a.hasPrefix("-") && a != "-" { return Driver.usage("unknown option '\(a)' for 'run'") }
            else { files.append(a) }
            i += 1
        }
        guard let name, let config = configuration(named: name) else {
            return Driver.usage("unknown configuration '\(name ?? "")'; the configurations are \(names.joined(separator: ", "))")
        }
        if files.isEmpty { return Driver.usage("'run' needs a file (or '-' for standard input)") }
        var result = Driver.Result(status: 0, stdout: "", stderr: "")
        for path in files {
            let file: SourceFile
            if path == "-" {
                file = SourceFile(path: "<stdin>", bytes: [UInt8](stdin()))
            } else {
                guard let data = FileManager.default.contents(atPath: path) else {
                    result.stderr += "error: cannot read '\(path)'\n"
                    result.status = 2
                    continue
                }
                file = SourceFile(path: path, bytes: [UInt8](data))
            }
            let r = runSource(file, config: config, quiet: quiet)
            result.stdout += r.stdout
            result.stderr += r.stderr
            result.status = max(result.status, r.status)
        }
        return result
    }

    /// Compiles the script in its own configuration (its errors are errors, as for `run`),
    /// prepares it for `config` as the matrix does, and runs every scenario that can run.
    static func runSource(_ file: SourceFile, config: Configuration, quiet: Bool) -> Driver.Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Driver.Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        let prepared = Matrix.prepare(file, program: program, config: config)
        let own = program.config
        var out = "configuration \(config.columnName) (\(config)); the script's own is \(own)\n"
        if config.platform != own.platform {
            out += "  the script's \(own.isIOS ? "UIKit" : "AppKit") classes run as their \(own.isIOS ? "AppKit" : "UIKit") twins\n"
        }
        if prepared.rewritten > 0 {
            out += "  rewritten for ARC: each explicit 'release x' runs as 'x = nil'; in dealloc explicit releases and [super dealloc] are dropped (\(prepared.rewritten) statement\(prepared.rewritten == 1 ? "" : "s"))\n"
        }
        var reports: [ScenarioReport] = []
        for (i, s) in program.scenarios.enumerated() {
            out += "\n"
            let line = file.location(of: s.range.start).line
            guard prepared.reasons[i] == nil, let compiled = prepared.program,
                  let decl = compiled.scenarios.first(where: { $0.title == s.title }) else {
                out += "scenario \"\(s.title)\" (line \(line); \(config))\n  n/a: \(prepared.reasons[i] ?? "not compiled")\n"
                continue
            }
            let run = ScenarioRun(program: compiled, scenario: decl, config: config)
            run.run()
            let r = run.report()
            reports.append(r)
            out += TextReport.render(r, quiet: quiet)
        }
        if program.scenarios.isEmpty { out += "\(file.path): no scenarios\n" }
        let runtimeErrors = reports.flatMap(\.runtimeErrors)
        let status: Int32 = !runtimeErrors.isEmpty ? 2 : reports.contains { $0.failed > 0 } ? 1 : 0
        return Driver.Result(status: status, stdout: out, stderr: err + DiagnosticFormatter.format(runtimeErrors, in: file))
    }
}
