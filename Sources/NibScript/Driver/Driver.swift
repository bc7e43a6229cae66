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
      run [--quiet] [--config <name>] <file>...
                                  Run each scenario and print its trace, summary and expectations.
                                  '-' reads the script from standard input. --config runs it as
                                  that matrix column does ('mac arc', 'ios 6.0 mrc', ...).
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
      explore --bench [--size N] [--warnings K]
                                  Explore a generated script with N pushes (default 60) twice,
                                  on one core and on all cores, and print variants per second.
      graph [--scenario <title>] [--at <line>] [--format dot|svg] <file>
                                  Print the objects of a scenario (default: the first) after a
                                  line (default: its end) and the references between them, as
                                  Graphviz DOT or as a standalone SVG picture.

    OPTIONS:
      --quiet                     Print only the summary and expectations of each scenario.
      --update                    Rewrite golden files instead of comparing (never on CI).
      --config <name>             run: one configuration of the matrix, with the full trace.
      --format <f>                matrix, explore: text or json; graph: dot or svg.
      --warnings K                explore: memory warnings per variant (default 1, at most 8).
      --max-variants N            explore: stop after N variants (default 20,000).
      --bench, --size N           explore: the benchmark and its generated script's size.
      --sequential                explore: run the variants on one core, not on all.
      --scenario <title>          graph: the scenario to draw.
      --at <line>                 graph: the state after this line of the scenario.
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
        case "graph": return GraphCommand.command(rest)
        default:
            if sub.hasSuffix(".nibscript") { return runCommand(args, stdin: stdin) }
            return usage("unknown subcommand '\(sub)'")
        }
    }

    static func usage(_ message: String) -> Result {
        Result(status: 2, stdout: "", stderr: "error: \(message)\nUSAGE: nibscript <subcommand> [options] <file>...\nSee 'nibscript --help'.\n")
    }

    static func runCommand(_ args: [String], stdin: () -> Data) -> Result {
        if let r = RunInConfiguration.command(args, stdin: stdin) { return r }  // run --config NAME
        var quiet = false
        var files: [String] = []
        for a in args {
            if a == "--quiet" || a == "-q" { quiet = true }
            else if a == "-h" || a == "--help" { return Result(status: 0, stdout: help, stderr: "") }
            else if a.hasPrefix("-") && a != "-" { return usage("unknown option '\(a)' for 'run'") }
            else { files.append(a) }
        }
        if files.isEmpty { return usage("'run' needs a file (or '-' for standard input)") }
        var result = Result(status: 0, stdout: "", stderr: "")
        for path in files {
            let r: Result
            if path == "-" {
                r = runSource(SourceFile(path: "<stdin>", bytes: [UInt8](stdin())), quiet: quiet)
            } else {
                guard let data = FileManager.default.contents(atPath: path) else {
                    result.stderr += "error: cannot read '\(path)'\n"
                    result.status = 2
                    continue
                }
                r = runSource(SourceFile(path: path, bytes: [UInt8](data)), quiet: quiet)
            }
            result.stdout += r.stdout
            result.stderr += r.stderr
            result.status = max(result.status, r.status)
        }
        return result
    }

    /// Compiles and runs one script.
    public static func runSource(_ file: SourceFile, quiet: Bool = false) -> Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file)
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
        return Result(status: status, stdout: out, stderr: err + DiagnosticFormatter.format(runtimeErrors, in: file))
    }

    static func describeCommand(_ args: [String]) -> Result {
        guard args.count == 1, let path = args.first else { return usage("'describe' takes one .xib or .storyboard file") }
        return InterfaceBuilderDescribe.describe(path: path)
    }
}
