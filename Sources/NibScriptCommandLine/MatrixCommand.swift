import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

extension Matrix {
    /// `nibscript matrix [--format text|json] FILE`.
    package static func command(_ args: [String]) -> Driver.Result {
        var format = "text"
        var files: [String] = []
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--format" {
                guard i + 1 < args.count, ["text", "json"].contains(args[i + 1]) else { return Driver.usage("'--format' takes 'text' or 'json'") }
                format = args[i + 1]; i += 2; continue
            }
            if a.hasPrefix("--format=") {
                format = String(a.dropFirst("--format=".count))
                guard ["text", "json"].contains(format) else { return Driver.usage("'--format' takes 'text' or 'json'") }
                i += 1; continue
            }
            if let (limit, taken) = Driver.errorLimitOption(args, at: i) {
                switch limit {
                case .success(let n): errorLimit = n
                case .failure(let e): return Driver.usage(e.message)
                }
                i += taken; continue
            }
            if a == "-h" || a == "--help" { return Driver.Result(status: 0, stdout: SubcommandHelp.text("matrix") ?? Driver.help, stderr: "") }
            if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'matrix'") }
            files.append(a); i += 1
        }
        guard files.count == 1, let path = files.first else { return Driver.usage("'matrix' takes one script") }
        switch Driver.readScript(path) {
        case .success(let bytes):
            return runSource(SourceFile(path: path, bytes: bytes), json: format == "json", errorLimit: errorLimit)
        case .failure(let e):
            return Driver.Result(status: 2, stdout: "", stderr: "error: \(e.message)\n")
        }
    }

    /// Compiles a script in its own configuration, then runs its matrix.
    package static func runSource(_ file: SourceFile, json: Bool,
                          errorLimit: Int = DiagnosticFormatter.defaultErrorLimit) -> Driver.Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file, errorLimit: errorLimit)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Driver.Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        let line = ProgressLine.start("matrix", unit: "configurations")
        let m = run(file, program: program, progress: line.map { l in { l.update(done: $0, total: $1) } })
        line?.finish()
        return Driver.Result(status: m.status, stdout: json ? MatrixReport.json(m) : MatrixReport.text(m), stderr: err)
    }
}
