import Foundation
import FileBytes
import InterfaceBuilder
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

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
           nibscript <subcommand> --help    (that subcommand's usage and options)

    SUBCOMMANDS:
      run [--quiet] [--format text|json] [--config <name>] <file>...
                                  Run each scenario and print its trace, summary and expectations
                                  ('json': JSON Lines, one record per event, summary and
                                  expectation). '-' reads the script from standard input.
                                  --config runs it as that matrix column does ('mac arc',
                                  'ios 6.0 mrc', ...).
      test [--update] [<dir>]     Run every .nibscript under <dir> (default: examples), or one
                                  script, and compare its output with the golden .out file beside it.
      describe <file.xib>         Print the nib model read from an Interface Builder file.
      matrix [--format text|json] <file>
                                  Run each scenario under every configuration (Mac, iOS 5.1,
                                  iOS 6.0; MRC and ARC) and print one table of outcomes.
      report [--detail-budget MB] <file> [-o <report.html>]
                                  Write one self-contained HTML page: findings, the source with
                                  each line's events and expectations, the object graph after a
                                  clicked line, retain-count timelines, the matrix. Without -o
                                  the page goes to standard output. Past --detail-budget MB
                                  (default 20) of per-line detail, the rest is cut with a note.
      explore [--warnings K] [--max-variants N] [--format text|json] <file>
                                  Insert up to K memory warnings (default 1) at every run-loop
                                  turn, take every branch of each 'choose', and report each
                                  outcome the original run did not have, with its path.
      explore --shard I/N [...] <file>
                                  Explore the I-th of N parts of the variants; print JSON.
      explore --merge [--format text|json] <shard.json>...
                                  Print the report of one unsharded run from the N shards.
      explore --bench [--size N] [--warnings K]
                                  Explore a generated script with N pushes (default 60, at most
                                  1000) on one core and on all cores, and print variants per
                                  second (with two one-core searches at once as the reference
                                  for the ratio).
      graph [--scenario <title>] [--at <line>] [--format dot|svg] <file>
                                  Print the objects of a scenario (default: the first) after a
                                  line (default: its end) and the references between them, as
                                  Graphviz DOT or as a standalone SVG picture.
      import [--platform ios|mac] [--memory mrc|arc] <file>...
                                  Read classes, outlets and the memory-relevant statements of
                                  their methods from Objective-C (.h, .m, .mm) and Swift files,
                                  and print them as nibscript classes.
      audit [--platform ios|mac] [--memory mrc|arc] [--format text|json|sarif]
            [--baseline <file>] [--strict] [--all-configurations] [--fix] [--jobs N] <dir>
                                  Match every .xib, .storyboard and .nib under <dir> with the
                                  classes of its sources and the loads that use it, under the
                                  project's own settings (project.pbxproj), run standard
                                  scenarios, and report leaks, abandoned memory, dangling
                                  outlets, zombie messages, over-releases and retain cycles
                                  with their fixes; every nib not audited is listed with why.
                                  --strict: a nib not read makes the status 2.
                                  --all-configurations: every build configuration, not only
                                  the shipped one. --fix: print the fixes, each proven by
                                  auditing the fixed sources again, as one unified diff.
                                  --jobs N: nibs audited at once (default: one per core).
      audit --summary <dir>...    One line per project: nibs on disk, audited, listed, findings.
      lsp [--stdio]               Serve the Language Server Protocol on standard input and output
                                  for an editor: diagnostics as you type, hover (declarations, and
                                  the objects after a line in the last run), definition,
                                  references, completion, outline, a pass/fail lens per scenario.

    OPTIONS:
      --quiet                     run: print only the summary and expectations of each scenario.
                                  audit, explore, matrix, test: draw no progress line (drawn on
                                  standard error only when it is a terminal).
      --format <f>                run: the text trace (default) or JSON Lines (schema in grammar.md);
                                  matrix, explore: text or json; graph: dot or svg.
      -o, --output <file>         report: where to write the HTML page.
      --error-limit N             Stop printing errors after N (default 20; 0 for no limit).
                                  For run, test, matrix and explore.
      --update                    Rewrite golden files instead of comparing (never on CI).
      --config <name>             run: one configuration of the matrix, with the full trace.
      --warnings K                explore: memory warnings per variant (default 1, at most 8).
      --max-variants N            explore: stop after N variants (default 20,000).
      --bench, --size N           explore: the benchmark and its generated script's size.
      --sequential                explore: run the variants on one core, not on all.
      --scenario <title>          graph: the scenario to draw.
      --at <line>                 graph: the state after this line of the scenario.
      -h, --help                  Show this help.
      --version                   Show the version.

    EXIT STATUS: 0 every expectation holds, 1 an expectation failed, 2 a usage or script error.
                 audit: 0 no finding, 1 findings, 2 a bad option or not one nib audited.

    """

    /// Runs a command and returns what it printed: for tests, and for callers that want the
    /// text as a value.
    public static func main(_ args: [String], stdin: () -> Data = Driver.standardInput,
                            environment: [String: String] = ProcessInfo.processInfo.environment) -> Result {
        let out = StringOutput(), err = StringOutput()
        let status = main(args, stdout: out, stderr: err, stdin: stdin, environment: environment)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }

    /// Runs a command, writing its output as it is produced (a trace is streamed, never held
    /// whole). Returns the exit status.
    /// `progress`: where `audit`, `explore`, `matrix` and `test` draw their progress line
    /// (the executable gives standard error when it is a terminal); `--quiet` turns it off.
    public static func main(_ args: [String], stdout: TextOutput, stderr: TextOutput,
                            stdin: () -> Data = Driver.standardInput,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            progress: (@Sendable (String) -> Void)? = nil) -> Int32 {
        var args = args
        var progress = progress
        if let sub = args.first, ProgressLine.commands.contains(sub), args.contains(where: { $0 == "--quiet" || $0 == "-q" }) {
            progress = nil
            args = [sub] + args.dropFirst().filter { $0 != "--quiet" && $0 != "-q" }
        }
        return ProgressLine.$sink.withValue(progress.map(ProgressLine.Sink.init)) {
            $subcommand.withValue(args.first.flatMap { SubcommandHelp.text($0) == nil ? nil : $0 }) {
                dispatch(args, stdout: stdout, stderr: stderr, stdin: stdin, environment: environment)
            }
        }
    }

    private static func dispatch(_ args: [String], stdout: TextOutput, stderr: TextOutput,
                                 stdin: () -> Data, environment: [String: String]) -> Int32 {
        // No control character from a script, a nib or a file name reaches the terminal.
        let stdout = VisibleOutput(stdout), stderr = VisibleOutput(stderr)
        func emit(_ r: Result) -> Int32 {
            r.write(stdout: { stdout.write($0); stdout.flush() }, stderr: { stderr.write($0); stderr.flush() })
            return r.status
        }
        guard let sub = args.first else { return emit(usage("missing subcommand")) }
        let rest = Array(args.dropFirst())
        // `SUBCOMMAND --help` anywhere among its arguments: that subcommand's own usage.
        if rest.contains(where: { $0 == "-h" || $0 == "--help" }), let text = SubcommandHelp.text(sub) {
            return emit(Result(status: 0, stdout: text, stderr: ""))
        }
        switch sub {
        case "-h", "--help", "help": return emit(Result(status: 0, stdout: help, stderr: ""))
        case "--version": return emit(Result(status: 0, stdout: "nibscript \(version)\n", stderr: ""))
        case "run": return runCommand(rest, stdout: stdout, stderr: stderr, stdin: stdin)
        case "test": return emit(GoldenTests.command(rest, environment: environment))
        case "describe": return emit(describeCommand(rest))
        case "matrix": return emit(Matrix.command(rest))
        case "explore": return emit(Explore.command(rest))
        case "graph": return emit(GraphCommand.command(rest))
        case "report": return emit(reportCommand(rest))
        case "import": return emit(ImportCommand.command(rest))
        case "audit": return emit(Audit.command(rest))
        case "lsp":
            if let error = LanguageServerCommand.command(rest) { return emit(error) }
            return LanguageServerCommand.serve()
        default:
            if sub.hasSuffix(".nibscript") { return runCommand(args, stdout: stdout, stderr: stderr, stdin: stdin) }
            return emit(usage("unknown subcommand '\(sub)'"))
        }
    }

    /// The subcommand being run, for its usage line under a usage error.
    @TaskLocal static var subcommand: String?

    /// A usage error: the message, then the usage of the subcommand being run (its first line
    /// of `--help`) and where to read more, as every subcommand says it.
    static func usage(_ message: String) -> Result {
        guard let sub = subcommand, let text = SubcommandHelp.text(sub),
              let line = text.split(separator: "\n").first, line.hasPrefix("USAGE: ") else {
            return Result(status: 2, stdout: "", stderr: "error: \(message)\nUSAGE: nibscript <subcommand> [options] <file>...\nSee 'nibscript --help'.\n")
        }
        return Result(status: 2, stdout: "", stderr: "error: \(message)\n\(line)\nSee 'nibscript \(sub) --help'.\n")
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

    package struct UsageError: Error { var message: String }

    /// A script's bytes, or why they cannot be read: no such file, a directory, or no permission.
    /// Worded by `CommandInput`, as every subcommand words it.
    static func readScript(_ path: String) -> Swift.Result<[UInt8], UsageError> {
        CommandInput.readText(path)
    }

    static func runCommand(_ args: [String], stdout: TextOutput, stderr: TextOutput, stdin: () -> Data) -> Int32 {
        if let status = RunInConfiguration.command(args, stdout: stdout, stderr: stderr, stdin: stdin) { return status }  // run --config NAME
        var quiet = false
        var json = false
        var errorLimit = DiagnosticFormatter.defaultErrorLimit
        var files: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if let (limit, taken) = errorLimitOption(args, at: i) {
                switch limit {
                case .success(let n): errorLimit = n
                case .failure(let e): stderr.write(usage(e.message).stderr); stderr.flush(); return 2
                }
                i += taken
                continue
            }
            i += 1
            if a == "--quiet" || a == "-q" { quiet = true }
            else if a == "--format" || a.hasPrefix("--format=") {
                let value: String
                if a == "--format" {
                    guard i < args.count else { stderr.write(usage("'--format' needs 'text' or 'json'").stderr); stderr.flush(); return 2 }
                    value = args[i]
                    i += 1
                } else {
                    value = String(a.dropFirst("--format=".count))
                }
                guard value == "text" || value == "json" else {
                    stderr.write(usage("unknown format '\(value)' for 'run' (use 'text' or 'json')").stderr); stderr.flush(); return 2
                }
                json = value == "json"
            }
            else if a == "-h" || a == "--help" { stdout.write(SubcommandHelp.text("run") ?? help); stdout.flush(); return 0 }
            else if a.hasPrefix("-") && a != "-" { stderr.write(usage("unknown option '\(a)' for 'run'").stderr); stderr.flush(); return 2 }
            else { files.append(a) }
        }
        if files.isEmpty { stderr.write(usage("'run' needs a file (or '-' for standard input)").stderr); stderr.flush(); return 2 }
        var status: Int32 = 0
        for (k, path) in files.enumerated() {
            guard let file = source(path, stdin: stdin, stderr: stderr) else { status = 2; continue }
            // The last file's program is not freed: the process ends after it (see `keepUntilExit`).
            status = max(status, runSource(file, quiet: quiet, json: json, errorLimit: errorLimit, stdout: stdout, stderr: stderr,
                                           keepsProgram: k == files.count - 1))
        }
        return status
    }

    /// Compiles and runs one script, returning what it printed. At most `errorLimit` errors
    /// are printed (0: all).
    public static func runSource(_ file: SourceFile, quiet: Bool = false,
                                 errorLimit: Int = DiagnosticFormatter.defaultErrorLimit) -> Result {
        let out = StringOutput(), err = StringOutput()
        let status = runSource(file, quiet: quiet, errorLimit: errorLimit, stdout: out, stderr: err)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }

    /// Compiles and runs one script: the compiler's diagnostics first, then each scenario's
    /// trace as it runs, its summary, and last the errors found while running.
    /// `keepsProgram`: the process exits after this run, so the program is never freed.
    public static func runSource(_ file: SourceFile, quiet: Bool = false, json: Bool = false,
                                 errorLimit: Int = DiagnosticFormatter.defaultErrorLimit,
                                 stdout: TextOutput, stderr: TextOutput, keepsProgram: Bool = false) -> Int32 {
        guard var program = compile(file, errorLimit: errorLimit, stderr: stderr, nibTables: true) else { return 2 }
        defer { if keepsProgram { program.keepUntilExit() } }
        program = program.withoutNibSyntax()  // the nibs' syntax is freed here, not at the end
        let reports = json ? Runner.runJSONLines(program, quiet: quiet, to: stdout) : Runner.run(program, quiet: quiet, to: stdout)
        if reports.isEmpty && !json { stdout.write("\(file.path): no scenarios\n") }
        stdout.flush()
        // Impossible orders found while running are errors in the script, like those found before.
        let runtimeErrors = reports.flatMap(\.runtimeErrors)
        stderr.write(DiagnosticFormatter.format(runtimeErrors, in: file, errorLimit: errorLimit))
        stderr.flush()
        let failed = reports.contains { $0.failed > 0 }
        return !runtimeErrors.isEmpty ? 2 : failed ? 1 : 0
    }

    /// The script at `path` (`-`: standard input), or nil when it cannot be read, with the
    /// reason written to `stderr`.
    static func source(_ path: String, stdin: () -> Data, stderr: TextOutput) -> SourceFile? {
        if path == "-" {
            let data = stdin()
            guard data.count <= FileBytes.maxFileSize else {
                stderr.write("error: cannot read standard input: \(FileBytes.Failure.tooLarge(size: data.count, limit: FileBytes.maxFileSize))\n")
                stderr.flush()
                return nil
            }
            if let nul = data.prefix(CommandInput.binaryProbe).firstIndex(of: 0) {
                stderr.write("error: cannot read standard input: it is not a text file (a NUL byte at byte \(nul - data.startIndex + 1)); give a UTF-8 text file\n")
                stderr.flush()
                return nil
            }
            return SourceFile(path: "<stdin>", bytes: [UInt8](data))
        }
        switch readScript(path) {
        case .success(let bytes): return SourceFile(path: path, bytes: bytes)
        case .failure(let e):
            stderr.write("error: \(e.message)\n"); stderr.flush()
            return nil
        }
    }

    /// Compiles a script and writes its diagnostics, before anything runs; nil (with the
    /// count of errors written) when it does not compile.
    /// `nibTables`: see `Compiler.compile`; for a program run as it is.
    static func compile(_ file: SourceFile, errorLimit: Int = DiagnosticFormatter.defaultErrorLimit,
                        stderr: TextOutput, nibTables: Bool = false) -> Program? {
        let (program, diagnostics) = Compiler.compile(file, nibTables: nibTables)
        stderr.write(DiagnosticFormatter.format(diagnostics, in: file, errorLimit: errorLimit))
        if program == nil {
            let n = diagnostics.filter { $0.severity == .error }.count
            stderr.write("\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        stderr.flush()
        return program
    }

    /// `nibscript report FILE [-o OUT]`: the HTML report. Exit status as `run`'s: 0, 1 when
    /// an expectation failed (the report is written all the same), 2 for a usage error or a
    /// script that does not compile (nothing is written).
    static func reportCommand(_ args: [String]) -> Result {
        var output: String?
        var files: [String] = []
        var report = HTMLReport(version: version)
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "--detail-budget" || a.hasPrefix("--detail-budget=") {
                let value: String
                if a == "--detail-budget" {
                    guard i < args.count else { return usage("'--detail-budget' needs a size in MB") }
                    value = args[i]
                    i += 1
                } else {
                    value = String(a.dropFirst("--detail-budget=".count))
                }
                let range = HTMLDetailBudget.megabytes
                guard let mb = Int(value), range.contains(mb) else {
                    return usage("'--detail-budget' takes a size in MB from \(range.lowerBound) to \(range.upperBound) (default \(HTMLDetailBudget.defaultMegabytes))")
                }
                report.detailBudget = mb << 20
            } else if a == "-o" || a == "--output" {
                guard i < args.count else { return usage("'\(a)' needs a file name") }
                output = args[i]
                i += 1
            } else if a.hasPrefix("--output=") {
                output = String(a.dropFirst("--output=".count))
            } else if a == "-h" || a == "--help" {
                return Result(status: 0, stdout: SubcommandHelp.text("report") ?? help, stderr: "")
            } else if a.hasPrefix("-") {
                return usage("unknown option '\(a)' for 'report'")
            } else {
                files.append(a)
            }
        }
        guard files.count == 1, let path = files.first else { return usage("'report' takes one script") }
        let file: SourceFile
        switch readScript(path) {
        case .success(let bytes): file = SourceFile(path: path, bytes: bytes)
        case .failure(let e): return Result(status: 2, stdout: "", stderr: "error: \(e.message)\n")
        }
        let (program, diagnostics) = Compiler.compile(file)
        var err = DiagnosticFormatter.format(diagnostics, in: file)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        let (html, reports) = report.render(program, matrix: HTMLReport.matrix(for: file, program: program))
        let runtimeErrors = reports.flatMap(\.runtimeErrors)
        err += DiagnosticFormatter.format(runtimeErrors, in: file)
        let status: Int32 = !runtimeErrors.isEmpty ? 2 : reports.contains { $0.failed > 0 } ? 1 : 0
        guard let output else { return Result(status: status, stdout: html, stderr: err) }
        if case .failure(let f) = ReplaceFile.write(Array(html.utf8), to: output) {
            return Result(status: 2, stdout: "", stderr: err + "error: \(f.message)\n")
        }
        let passed = reports.reduce(0) { $0 + $1.passed }, failed = reports.reduce(0) { $0 + $1.failed }
        return Result(status: status, stdout: "wrote \(output): \(reports.count) scenario\(reports.count == 1 ? "" : "s"), \(passed) passed, \(failed) failed\n", stderr: err)
    }

    static func describeCommand(_ args: [String]) -> Result {
        if let option = args.first(where: { $0.hasPrefix("-") }) { return usage("unknown option '\(option)' for 'describe'") }
        guard args.count == 1, let path = args.first else { return usage("'describe' takes one .xib or .storyboard file") }
        // A `.nib` is a bundle folder or a compiled (binary) nib, which the reader names itself.
        let nib = path.lowercased().hasSuffix(".nib") || path.lowercased().hasSuffix(".nib/")
        if let problem = CommandInput.fileProblem(path, allowDirectory: nib, allowBinary: nib) { return CommandInput.failure(problem) }
        // A compiled nib (Mac keyed archive, iOS NIBArchive) is read; one nibscript cannot read
        // (an objects.nib bundle, a damaged file) is refused by the reader in one line, with why.
        return InterfaceBuilderDescribe.describe(path: path)
    }
}
