import Foundation
import NibScriptSyntax

/// The `nibscript` command, as a library function so tests can run it in-process.
public enum Driver {
    public static let version = "0.1.0"

    public struct Result: Equatable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        /// Writes the result as the executable does: diagnostics (the warnings found before
        /// the run included) first, where they are read, then the traces and reports, as the
        /// golden files show them.
        public func write(stdout out: (String) -> Void, stderr err: (String) -> Void) {
            if !stderr.isEmpty { err(stderr) }
            if !stdout.isEmpty { out(stdout) }
        }
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
      import [--platform ios|mac] [--memory mrc|arc] <file>...
                                  Read classes, outlets and the memory-relevant statements of
                                  their methods from Objective-C (.h, .m, .mm) and Swift files,
                                  and print them as nibscript classes.
      audit [--platform ios|mac] [--memory mrc|arc] [--format text|json|sarif]
            [--baseline <file>] <dir>
                                  Match every .xib and .storyboard under <dir> with the classes
                                  of its sources, run standard scenarios under every
                                  configuration, and report leaks, abandoned memory, dangling
                                  outlets, zombie messages and over-releases with their fixes.

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
                 audit: 0 no finding, 1 findings, 2 an error (a nib not read, a bad option).

    """

    /// Runs a command and returns what it printed: for tests, and for callers that want the
    /// text as a value.
    public static func main(_ args: [String], stdin: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Result {
        let out = StringOutput(), err = StringOutput()
        let status = main(args, stdout: out, stderr: err, stdin: stdin, environment: environment)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }

    /// Runs a command, writing its output as it is produced (a trace is streamed, never held
    /// whole). Returns the exit status.
    public static func main(_ args: [String], stdout: TextOutput, stderr: TextOutput,
                            stdin: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        func emit(_ r: Result) -> Int32 {
            r.write(stdout: { stdout.write($0); stdout.flush() }, stderr: { stderr.write($0); stderr.flush() })
            return r.status
        }
        guard let sub = args.first else { return emit(usage("missing subcommand")) }
        let rest = Array(args.dropFirst())
        switch sub {
        case "-h", "--help", "help": return emit(Result(status: 0, stdout: help, stderr: ""))
        case "--version": return emit(Result(status: 0, stdout: "nibscript \(version)\n", stderr: ""))
        case "run": return runCommand(rest, stdout: stdout, stderr: stderr, stdin: stdin)
        case "test": return emit(GoldenTests.command(rest, environment: environment))
        case "describe": return emit(describeCommand(rest))
        case "matrix": return emit(Matrix.command(rest))
        case "explore": return emit(Explore.command(rest))
        case "graph": return emit(GraphCommand.command(rest))
        case "import": return emit(ImportCommand.command(rest))
        case "audit": return emit(Audit.command(rest))
        default:
            if sub.hasSuffix(".nibscript") { return runCommand(args, stdout: stdout, stderr: stderr, stdin: stdin) }
            return emit(usage("unknown subcommand '\(sub)'"))
        }
    }

    static func usage(_ message: String) -> Result {
        Result(status: 2, stdout: "", stderr: "error: \(message)\nUSAGE: nibscript <subcommand> [options] <file>...\nSee 'nibscript --help'.\n")
    }

    static func runCommand(_ args: [String], stdout: TextOutput, stderr: TextOutput, stdin: () -> Data) -> Int32 {
        if let status = RunInConfiguration.command(args, stdout: stdout, stderr: stderr, stdin: stdin) { return status }  // run --config NAME
        var quiet = false
        var files: [String] = []
        for a in args {
            if a == "--quiet" || a == "-q" { quiet = true }
            else if a == "-h" || a == "--help" { stdout.write(help); stdout.flush(); return 0 }
            else if a.hasPrefix("-") && a != "-" { stderr.write(usage("unknown option '\(a)' for 'run'").stderr); stderr.flush(); return 2 }
            else { files.append(a) }
        }
        if files.isEmpty { stderr.write(usage("'run' needs a file (or '-' for standard input)").stderr); stderr.flush(); return 2 }
        var status: Int32 = 0
        for path in files {
            let file: SourceFile
            if path == "-" {
                file = SourceFile(path: "<stdin>", bytes: [UInt8](stdin()))
            } else {
                guard let data = FileManager.default.contents(atPath: path) else {
                    stderr.write("error: cannot read '\(path)'\n"); stderr.flush()
                    status = 2
                    continue
                }
                file = SourceFile(path: path, bytes: [UInt8](data))
            }
            status = max(status, runSource(file, quiet: quiet, stdout: stdout, stderr: stderr))
        }
        return status
    }

    /// Compiles and runs one script, returning what it printed.
    public static func runSource(_ file: SourceFile, quiet: Bool = false) -> Result {
        let out = StringOutput(), err = StringOutput()
        let status = runSource(file, quiet: quiet, stdout: out, stderr: err)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }

    /// Compiles and runs one script: the compiler's diagnostics first, then each scenario's
    /// trace as it runs, its summary, and last the errors found while running.
    public static func runSource(_ file: SourceFile, quiet: Bool = false, stdout: TextOutput, stderr: TextOutput) -> Int32 {
        let (program, diagnostics) = Compiler.compile(file)
        stderr.write(DiagnosticFormatter.format(diagnostics, in: file))
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            stderr.write("\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
            stderr.flush()
            return 2
        }
        stderr.flush()
        let reports = Runner.run(program, quiet: quiet, to: stdout)
        if reports.isEmpty { stdout.write("\(file.path): no scenarios\n") }
        stdout.flush()
        // Impossible orders found while running are errors in the script, like those found before.
        let runtimeErrors = reports.flatMap(\.runtimeErrors)
        stderr.write(DiagnosticFormatter.format(runtimeErrors, in: file))
        stderr.flush()
        let failed = reports.contains { $0.failed > 0 }
        return !runtimeErrors.isEmpty ? 2 : failed ? 1 : 0
    }

    static func describeCommand(_ args: [String]) -> Result {
        guard args.count == 1, let path = args.first else { return usage("'describe' takes one .xib or .storyboard file") }
        return InterfaceBuilderDescribe.describe(path: path)
    }
}
