import FileBytes
import Foundation
import XCTest
@testable import NibScript
@testable import NibScriptInterpreter
@testable import NibScriptCommandLine

/// Issue 29, item 5: the output does not depend on the process. Swift seeds its hashing
/// afresh in every process, so a Dictionary or Set order that reaches the output shows only
/// between two processes, never between two runs in one. Every example runs through the
/// built binary twice, as separate processes (its golden's command, which must also give
/// the golden), and each example runs once more, twice, under one of matrix, explore,
/// report, graph (DOT and SVG) and `run --format json`, in turn; the audit's text, JSON and
/// SARIF are goldens' commands.
final class ProcessDeterminismTests: XCTestCase {
    static let root = URL(fileURLWithPath: GoldenFileTests.root)

    /// The command line of an example's golden, as `GoldenTests.runCommand` reads it.
    static func goldenArguments(_ script: String) throws -> [String] {
        let bytes = try XCTUnwrap(FileBytes.contents(atPath: root.appendingPathComponent(script).path))
        guard let words = GoldenTests.command(of: bytes) else { return ["run", script] }
        switch words[0] {
        case "matrix", "explore", "run": return words + [script]
        default:
            // audit and import: paths relative to the script's folder, options as given.
            let folder = (script as NSString).deletingLastPathComponent
            var args = [words[0]]
            var k = 1
            while k < words.count {
                let w = words[k]
                if w.hasPrefix("-") {
                    args.append(w)
                    if k + 1 < words.count, ["--platform", "--memory", "--format", "--baseline"].contains(w) { args.append(words[k + 1]); k += 1 }
                } else { args.append(folder + "/" + w) }
                k += 1
            }
            return args
        }
    }

    /// The child's environment: the parent's, without anything that would fix the seed.
    static var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_DETERMINISTIC_HASHING"] = nil
        return env
    }

    /// Runs the binary twice with `args` from the package root; `file`, when given, is a
    /// file the command writes, compared too. Returns the first run's output.
    @discardableResult
    func twice(_ binary: URL, _ args: [String], writing file: URL? = nil) throws -> BuiltBinary.Output {
        var outputs: [(BuiltBinary.Output, [UInt8]?)] = []
        if let file {
            // One after the other: both write the same file.
            for _ in 0..<2 {
                try? FileManager.default.removeItem(at: file)
                let r = try BuiltBinary.run(binary, args, in: Self.root, environment: Self.environment)
                outputs.append((r, FileBytes.contents(atPath: file.path)))
            }
        } else {
            // Side by side: two processes at once, on two cores when there are.
            let runs = Runs()
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                let r = Result { try BuiltBinary.run(binary, args, in: Self.root, environment: Self.environment) }
                runs.set(k, r)
            }
            for r in runs.all { outputs.append((try r.get(), nil)) }
        }
        let (a, b) = (outputs[0], outputs[1])
        XCTAssertEqual(a.0.status, b.0.status, "nibscript \(args.joined(separator: " ")): exit status differs between two processes")
        if let d = GoldenFiles.firstDifference(expected: a.0.stdout, actual: b.0.stdout) {
            XCTFail("nibscript \(args.joined(separator: " ")): standard output differs between two processes, \(d)")
        }
        if let d = GoldenFiles.firstDifference(expected: a.0.stderr, actual: b.0.stderr) {
            XCTFail("nibscript \(args.joined(separator: " ")): standard error differs between two processes, \(d)")
        }
        if let file {
            XCTAssertNotNil(a.1, "nibscript \(args.joined(separator: " ")) wrote no \(file.path)")
            if let x = a.1, let y = b.1, let d = GoldenFiles.firstDifference(expected: x, actual: y) {
                XCTFail("nibscript \(args.joined(separator: " ")): \(file.lastPathComponent) differs between two processes, \(d)")
            }
        }
        return a.0
    }

    func testEveryExampleIsTheSameInTwoProcessesAndMatchesItsGolden() throws {
        let binary = try BuiltBinary.nibscript()
        let scripts = GoldenTests.scripts(under: Self.root.appendingPathComponent("examples").path)
            .map { String($0.dropFirst(Self.root.path.count + 1)) }
        XCTAssertGreaterThan(scripts.count, 50)
        for s in scripts {
            let r = try twice(binary, try Self.goldenArguments(s))
            // The binary gives what the in-process golden test compares.
            let golden = try XCTUnwrap(FileBytes.contents(atPath: Self.root.appendingPathComponent(String(s.dropLast(".nibscript".count)) + ".out").path))
            let actual = r.stderr + r.stdout + Array("exit status \(r.status)\n".utf8)
            if let d = GoldenFiles.firstDifference(expected: golden, actual: actual) { XCTFail("\(s): the binary's output is not the golden, \(d)") }
        }
    }

    func testOtherOutputsAreTheSameInTwoProcesses() throws {
        let binary = try BuiltBinary.nibscript()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-determinism-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.html")
        // Scripts `run` takes (not those that are only an audit's or an import's comments).
        let scripts = try GoldenTests.scripts(under: Self.root.appendingPathComponent("examples").path)
            .map { String($0.dropFirst(Self.root.path.count + 1)) }
            .filter { try !["audit", "import"].contains(Self.goldenArguments($0)[0]) }
        XCTAssertGreaterThan(scripts.count, 40)
        var kinds: Set<String> = []
        for (i, s) in scripts.enumerated() {
            // A script with errors writes no report (its golden ends in exit status 2): it
            // takes the next kind, so which script gets which kind does not depend on the
            // number of examples before it.
            let golden = (try? String(contentsOfFile: Self.root.appendingPathComponent(s).deletingPathExtension().path + ".out", encoding: .utf8)) ?? ""
            let kind = i % 6 == 2 && golden.hasSuffix("exit status 2\n") ? 3 : i % 6
            switch kind {
            case 0: try twice(binary, ["matrix", s]); kinds.insert("matrix")
            case 1: try twice(binary, ["explore", "--format", "json", s]); kinds.insert("explore")
            case 2: try twice(binary, ["report", s, "-o", report.path], writing: report); kinds.insert("report")
            case 3: try twice(binary, ["graph", "--format", "dot", s]); kinds.insert("graph dot")
            case 4: try twice(binary, ["graph", "--format", "svg", s]); kinds.insert("graph svg")
            default: try twice(binary, ["run", "--format", "json", s]); kinds.insert("json")
            }
        }
        XCTAssertEqual(kinds.count, 6)
        // The audit of a real project slice, when ../shared is there (the goldens' audits
        // above cover examples/audit/profile-app).
        let slice = Self.root.appendingPathComponent("../shared/projects/mac-mrc-coreplot-cpttestapp").standardized
        guard FileManager.default.fileExists(atPath: slice.appendingPathComponent("SLICE.md").path) else {
            throw XCTSkip("../shared is absent: the audit of a real project was not run twice")
        }
        for format in ["text", "json", "sarif"] { try twice(binary, ["audit", "--format", format, slice.path]) }
    }
}

/// The two runs' results, filled from two threads.
private final class Runs: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<BuiltBinary.Output, Error>?] = [nil, nil]
    func set(_ k: Int, _ r: Result<BuiltBinary.Output, Error>) { lock.lock(); results[k] = r; lock.unlock() }
    var all: [Result<BuiltBinary.Output, Error>] { lock.lock(); defer { lock.unlock() }; return results.compactMap { $0 } }
}
