import Foundation
import NibScriptSyntax

/// The `nibscript` command, as a library function so tests can run it in-process.
public enum Driver {
    public static let version = "0.1.0"

    public struct Result: Equatable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static let help = """
    OVERVIEW: Simulate Cocoa nib and view-controller memory management.

    USAGE: nibscript <subcommand> [options] <file>...

    SUBCOMMANDS:
      run [--quiet] <file>...     Run each scenario and print its trace, summary and expectations.
                                  '-' reads the script from standard input.
      test [--update] [<dir>]     Run every .nibscript under <dir> (default: examples) and compare
                                  its output with the golden .out file beside it.
      describe <file.xib>         Print the nib model read from an Interface Builder file.
      matrix [--format text|json] <file>
                                  Run each scenario under every configuration (Mac, iOS 5.1,
                                  iOS 6.0; MRC and ARC) and print one table of outcomes.
      explore [--warnings K] [--max-variants N] [--format text|json] <file>
                                  Insert up to K memory warnings (default 1) at every run-loop
                                  turn, take every branch of each 'choose', and report each
                                  outcome the original run did not have, with its path.

    OPTIONS:
      --quiet                     Print only the summary and expectations of each scenario.
      --error-limit N             Stop printing errors after N (default 20; 0 for no limit).
                                  For run, test, matrix and explore.
      --update                    Rewrite golden files instead of comparing (never on CI).
      -h, --help                  Show this help.
      --version                   Show the version.

    EXIT STATUS: 0 every expectation holds, 1 an expectation failed, 2 a usage or script error.

    """

    public static func main(_ args: [String], stdin: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Result {
        guard let sub = args.first else { return usage("missing subcommand") }
        let rest = Array(args.dropFirst())
        switch sub {
        case "-h", "--help", "help": return Result(status: 0, stdout: help, stderr: "")
        case "--version": return Result(status: 0, stdout: "nibscript \(version)\n", stderr: "")
        case "run": return runCommand(rest, stdin: stdin)
        case "test": return GoldenTests.command(rest, environment: environment)
        case "describe": return describeCommand(rest)
        case "matrix": return Matrix.command(rest)
        case "explore": return Explore.command(rest)
        default:
            if sub.hasSuffix(".nibscript") { return runCommand(args, stdin: stdin) }
            return usage("unknown subcommand '\(sub)'")
        }
    }

    static func usage(_ message: String) -> Result {
        Result(status: 2, stdout: "", stderr: "error: \(message)\nUSAGE: nibscript <subcommand> [options] <file>...\nSee 'nibscript --help'.\n")
    }

    /// `--error-limit N` or `--error-limit=N` at `args[i]`: nil if `args[i]` is not that
    /// option, else the limit or a usage error, and how many arguments it took.
    static func errorLimitOption(_ args: [String], at i: Int) -> (limit: Swift.Result<Int, UsageError>, taken: Int)? {
        let a = args[i]
        let value: String?
        let taken: Int
        if a == "--error-limit" {
            value = i + 1 < args.count ? args[i + 1] : nil
            taken = 2
        } else if a.hasPrefix("--error-limit=") {
            value = String(a.dropFirst("--error-limit=".count))
            taken = 1
        } else {
            return nil
        }
        guard let value, let n = Int(value), n >= 0 else {
            return (.failure(UsageError(message: "'--error-limit' takes a number (0 for no limit)")), taken)
        }
        return (.success(n), taken)
    }

    struct UsageError: Error { var message: String }

    /// A script's bytes, or why they cannot be read: no such file, a directory, or no permission.
    static func readScript(_ path: String) -> Swift.Result<[UInt8], UsageError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(UsageError(message: "cannot read '\(path)': no such file"))
        }
        if isDirectory.boolValue {
            return .failure(UsageError(message: "cannot read '\(path)': it is a directory, not a script"))
        }
        guard FileManager.default.isReadableFile(atPath: path), let data = FileManager.default.contents(atPath: path) else {
            return .failure(UsageError(message: "cannot read '\(path)': permission denied"))
        }
        return .success([UInt8](data))
    }

    static func runCommand(_ args: [String], stdin: () -> Data) -> Result {
        var quiet = false
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var files: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if let (limit, taken) = errorLimitOption(args, at: i) {
                switch limit {
                case .success(let n): errorLimit = n
                case .failure(let e): return usage(e.message)
                }
                i += taken
                continue
            }
            if a == "--quiet" || a == "-q" { quiet = true }
            else if a == "-h" || a == "--help" { return Result(status: 0, stdout: help, stderr: "") }
            else if a.hasPrefix("-") && a != "-" { return usage("unknown option '\(a)' for 'run'") }
            else { files.append(a) }
            i += 1
        }
        if files.isEmpty { return usage("'run' needs a file (or '-' for standard input)") }
        var result = Result(status: 0, stdout: "", stderr: "")
        for path in files {
            let r: Result
            if path == "-" {
                r = runSource(SourceFile(path: "<stdin>", bytes: [UInt8](stdin())), quiet: quiet, errorLimit: errorLimit)
            } else {
                switch readScript(path) {
                case .success(let bytes):
                    r = runSource(SourceFile(path: path, bytes: bytes), quiet: quiet, errorLimit: errorLimit)
                case .failure(let e):
                    result.stderr += "error: \(e.message)\n"
                    result.status = 2
                    continue
                }
            }
            result.stdout += r.stdout
            result.stderr += r.stderr
            result.status = max(result.status, r.status)
        }
        return result
    }

    /// Compiles and runs one script. At most `errorLimit` errors are printed (0: all).
    public static func runSource(_ file: SourceFile, quiet: Bool = false,
                                 errorLimit: Int = DiagnosticFormatter.defaultErrorLimit) -> Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file, errorLimit: errorLimit)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        let reports = Runner.run(program)
        var out = ""
        for (i, r) in reports.enumerated() {
            if i > 0 { out += "\n" }
            out += TextReport.render(r, quiet: quiet)
        }
        if reports.isEmpty { out += "\(file.path): no scenarios\n" }
        // Impossible orders found while running are errors in the script, like those found before.
        let runtimeErrors = reports.flatMap(\.runtimeErrors)
        let failed = reports.contains { $0.failed > 0 }
        let status: Int32 = !runtimeErrors.isEmpty ? 2 : failed ? 1 : 0
        return Result(status: status, stdout: out,
                      stderr: err + DiagnosticFormatter.format(runtimeErrors, in: file, errorLimit: errorLimit))
    }

    static func describeCommand(_ args: [String]) -> Result {
        guard args.count == 1, let path = args.first else { return usage("'describe' takes one .xib or .storyboard file") }
        return InterfaceBuilderDescribe.describe(path: path)
    }
}
