import Foundation
import XCTest
import NibScriptInterpreter
@testable import NibScriptCommandLine

/// Issue 28, item 6: `audit`, `explore`, `matrix` and `test` draw their progress on standard
/// error when it is a terminal, in place, and print nothing extra otherwise or with `--quiet`.
final class ProgressLineTests: XCTestCase {
    /// Collects what a progress sink is given.
    final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String] = []
        func add(_ s: String) { lock.lock(); parts.append(s); lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return parts.joined() }
        var sink: @Sendable (String) -> Void { { [self] in add($0) } }
    }

    func testTheLineSaysWhatIsDoneOfHowMuchAndTheTimeLeft() {
        XCTAssertEqual(ProgressLine.text(label: "audit", unit: "nibs", done: 3, total: 12, elapsed: 9), "audit: 3/12 nibs, about 27 s left")
        XCTAssertEqual(ProgressLine.text(label: "test", unit: "scripts", done: 1, total: 3, elapsed: 40), "test: 1/3 scripts, about 1 min 20 s left")
        XCTAssertEqual(ProgressLine.text(label: "matrix", unit: "configurations", done: 6, total: 6, elapsed: 2), "matrix: 6/6 configurations")
        XCTAssertEqual(ProgressLine.text(label: "matrix", unit: "configurations", done: 0, total: 6, elapsed: 0), "matrix: 0/6 configurations")
        // Too early to tell: no time is promised.
        XCTAssertEqual(ProgressLine.text(label: "matrix", unit: "configurations", done: 1, total: 6, elapsed: 0.01), "matrix: 1/6 configurations")
    }

    /// Redrawn in place (carriage return, erase line), at most ten times a second but always
    /// at the end, and cleared by `finish`.
    func testRedrawsInPlaceThrottledAndClears() {
        let out = Collected()
        final class Clock: @unchecked Sendable { var t = 0.0 }
        let clock = Clock()
        let line = ProgressLine("explore", unit: "scenarios", write: out.sink, now: { clock.t })
        line.update(done: 1, total: 4)
        clock.t = 0.05
        line.update(done: 2, total: 4)   // too soon: not drawn
        clock.t = 2.0
        line.update(done: 3, total: 4)
        clock.t = 2.01
        line.update(done: 4, total: 4)   // the end: drawn however soon
        line.finish()
        XCTAssertEqual(out.text, "\r\u{1B}[Kexplore: 1/4 scenarios"
                       + "\r\u{1B}[Kexplore: 3/4 scenarios, about 1 s left"
                       + "\r\u{1B}[Kexplore: 4/4 scenarios" + "\r\u{1B}[K")
    }

    func testEachLongCommandDrawsAndQuietOrNoTerminalDrawsNothing() throws {
        let script = "examples/matrix/arc-rewrite-keeps-names.nibscript"
        guard FileManager.default.fileExists(atPath: script) else { throw XCTSkip("run from the package root: \(script) not found") }
        let cases: [([String], String)] = [
            (["matrix", script], "matrix: 4/4 configurations"),
            (["explore", script], "explore: "),
            (["test", "examples/matrix"], "test: "),
            (["audit", "examples/audit/profile-app"], "audit: "),
        ]
        for (args, expected) in cases {
            let drawn = Collected()
            let out = StringOutput(), err = StringOutput()
            let status = Driver.main(args, stdout: out, stderr: err, environment: [:], progress: drawn.sink)
            XCTAssertTrue(drawn.text.contains(expected), "\(args): \(drawn.text.debugDescription)")
            XCTAssertTrue(drawn.text.hasSuffix("\r\u{1B}[K"), "\(args): the line is not cleared")
            // What the command prints is the same with and without the line, and never holds it.
            let plain = Driver.main(args, environment: [:])
            XCTAssertEqual(out.text, plain.stdout, "\(args)")
            XCTAssertEqual(err.text, plain.stderr, "\(args)")
            XCTAssertEqual(status, plain.status, "\(args)")
            XCTAssertFalse(plain.stderr.contains("\r"), "\(args)")
            // --quiet: no line, the same output.
            let quiet = Collected()
            let qout = StringOutput()
            _ = Driver.main([args[0], "--quiet"] + args.dropFirst(), stdout: qout, stderr: StringOutput(), environment: [:], progress: quiet.sink)
            XCTAssertEqual(quiet.text, "", "\(args) --quiet")
            XCTAssertEqual(qout.text, plain.stdout, "\(args) --quiet")
        }
    }

    /// The executable: with standard error a pipe nothing is drawn; under a terminal (a
    /// pseudo-terminal made by `script`) the line is drawn.
    func testTheExecutableDrawsOnlyOnATerminal() throws {
        let binary = try BuiltBinary.nibscript()
        let script = "examples/matrix/arc-rewrite-keeps-names.nibscript"
        let piped = try BuiltBinary.run(binary, ["matrix", script])
        XCTAssertFalse(piped.stderrText.contains("\u{1B}[K"), piped.stderrText)
        guard let scriptTool = BuiltBinary.tool("script") else { throw XCTSkip("no `script` (util-linux) to make a terminal: the drawn line is not tested") }
        let tty = try BuiltBinary.run(scriptTool, ["-qec", "\(binary.path) matrix \(script)", "/dev/null"])
        let text = String(decoding: tty.stdout, as: UTF8.self)
        XCTAssertTrue(text.contains("\r\u{1B}[Kmatrix: 4/4 configurations"), text.debugDescription)
        let quiet = try BuiltBinary.run(scriptTool, ["-qec", "\(binary.path) matrix --quiet \(script)", "/dev/null"])
        XCTAssertFalse(String(decoding: quiet.stdout, as: UTF8.self).contains("\u{1B}[K"))
    }
}
