import Foundation
import NibScript
import NibScriptSyntax

/// End-to-end workloads: what `nibscript run` does with a generated input, from reading the
/// file to the last line of output.
public enum ScriptWorkload: String, CaseIterable {
    /// `run --quiet` on the counting script.
    case runQuiet = "run-quiet"
    /// `run` with its full trace written to /dev/null.
    case runTrace = "run-trace"
    /// `run --format json`, its JSON Lines written to /dev/null.
    case runJSON = "run-json"
    /// Lexing, parsing and checking only.
    case compile
    /// Loading a nib block of N objects.
    case nibBlock = "nib-block"
    /// Loading a `.xib` of N objects.
    case xib
    /// Building a chain of N objects and releasing it at once (`--quiet`).
    case chain
    /// The full trace of a dealloc cascade N deep, counted in bytes.
    case deepTrace = "deep-trace"
    /// `report -o` of a nib of N views (ReportWorkloads.swift).
    case report
    /// `graph --format svg` of a nib of N views (ReportWorkloads.swift).
    case graph

    /// Writes the workload's input for `size` into `dir`; returns the script's path.
    public func prepare(size: Int, in dir: String) throws -> String {
        let path = dir + "/\(rawValue)-\(size).nibscript"
        let text: String
        switch self {
        case .runQuiet, .runTrace, .runJSON, .compile: text = Generate.countingScript(statements: size)
        case .nibBlock, .report, .graph: text = Generate.nibBlockScript(objects: size)
        case .chain, .deepTrace: text = Generate.chainScript(objects: size)
        case .xib:
            let xibName = "big-\(size).xib"
            try Generate.xib(objects: size).write(toFile: dir + "/" + xibName, atomically: false, encoding: .utf8)
            text = Generate.xibScript(xibPath: xibName)
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Runs the workload on the script at `path`, as the command line would.
    public func run(path: String) -> Measurement {
        if self == .report || self == .graph { return runPicture(path: path) }
        let start = clock.now
        let startCPU = processCPUSeconds()
        // Read as `nibscript run` reads a script (Driver.readScript).
        guard let bytes = SourceFile.readBytes(atPath: path) else {
            check(false, "cannot read \(path)"); return Measurement(seconds: 0, events: 0, bytes: 0)
        }
        let file = SourceFile(path: path, bytes: bytes)
        // As `nibscript run` compiles (Driver.runSource): nib blocks read as tables.
        var (program, diagnostics) = Compiler.compile(file, nibTables: true)
        check(program != nil, "\(path) compiles: \(diagnostics.first.map { "\($0)" } ?? "")")
        if self == .compile {
            return Measurement(seconds: nanoseconds(clock.now - start) / 1e9, events: 0, bytes: bytes.count,
                               cpuSeconds: processCPUSeconds() - startCPU)
        }
        let out: TextOutput
        let counter = CountingOutput()
        switch self {
        case .runTrace, .runJSON: out = DevNullOutput()
        case .deepTrace: out = counter
        default: out = counter
        }
        let quiet = !(self == .runTrace || self == .runJSON || self == .deepTrace)
        // As `nibscript run` does (Driver.runSource): the nibs' syntax is freed before the run,
        // and standard output shows no control character (VisibleOutput).
        program = program!.withoutNibSyntax()
        let shown = VisibleOutput(out)
        let reports = self == .runJSON ? Runner.runJSONLines(program!, quiet: quiet, to: shown) : Runner.run(program!, quiet: quiet, to: shown)
        out.flush()
        let seconds = nanoseconds(clock.now - start) / 1e9
        let cpu = processCPUSeconds() - startCPU
        check(reports.allSatisfy { $0.failed == 0 && $0.crash == nil }, "\(path): every expectation holds")
        return Measurement(seconds: seconds, events: reports.reduce(0) { $0 + $1.events }, bytes: counter.bytes,
                           cpuSeconds: cpu)
    }
}

/// Counts what is written and keeps none of it.
final class CountingOutput: TextOutput {
    var bytes = 0
    func write(_ text: String) { bytes += text.utf8.count }
    func write(utf8 text: UnsafeBufferPointer<UInt8>) { bytes += text.count }
    func flush() {}
}

/// /dev/null through the same buffered writer the command line uses for standard output.
final class DevNullOutput: TextOutput {
    private let fd = open("/dev/null", O_WRONLY)
    private lazy var output = FileDescriptorOutput(fd: fd)
    func write(_ text: String) { output.write(text) }
    func write(utf8 text: UnsafeBufferPointer<UInt8>) { output.write(utf8: text) }
    func flush() { output.flush() }
    deinit { output.flush(); close(fd) }
}
