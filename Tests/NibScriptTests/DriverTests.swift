import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax
import TestSupport

/// The command line, run in-process.
final class DriverTests: XCTestCase {
    func testHelpAndVersion() {
        let h = Driver.main(["--help"])
        XCTAssertEqual(h.status, 0)
        XCTAssert(h.stdout.contains("USAGE: nibscript"))
        XCTAssert(h.stdout.contains("SUBCOMMANDS:"))
        let v = Driver.main(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertEqual(v.stdout, "nibscript \(Driver.version)\n")
    }

    func testUsageErrorsGoToStderrWithStatus2() {
        for args in [[], ["frobnicate"], ["run"], ["run", "--bogus", "x.nibscript"]] {
            let r = Driver.main(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertEqual(r.stdout, "", "\(args)")
            // A subcommand's usage error points at that subcommand's help.
            let see = args.first == "run" ? "See 'nibscript run --help'." : "See 'nibscript --help'."
            XCTAssert(r.stderr.contains(see), "\(args): \(r.stderr)")
        }
        let missing = Driver.main(["run", "/nonexistent/x.nibscript"])
        XCTAssertEqual(missing.status, 2)
        XCTAssert(missing.stderr.contains("cannot read '/nonexistent/x.nibscript'"))
    }

    func testCompileTimeWarningsAreWrittenBeforeTheTraces() {
        let script = "class A : NSObject {\n    ivar x : NSObject strong\n}\nscenario \"s\" {\n    o = new A\n}\n"
        let r = Driver.runSource(SourceFile(path: "w.nibscript", bytes: Array(script.utf8)))
        XCTAssert(r.stderr.contains("warning: ownership qualifiers on ivars mean nothing under MRC"), r.stderr)
        var written: [String] = []
        r.write(stdout: { written.append("out:" + $0) }, stderr: { written.append("err:" + $0) })
        XCTAssertEqual(written.count, 2)
        XCTAssert(written[0].hasPrefix("err:") && written[0].contains("warning:"), "\(written)")
        XCTAssert(written[1].hasPrefix("out:") && written[1].contains("scenario \"s\""), "\(written)")
    }

    func testRunReadsStandardInput() {
        let script = "scenario \"s\" {\n    o = new NSObject\n    expect count o == 1\n}\n"
        let r = Driver.main(["run", "-"], stdin: { Data(script.utf8) })
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssert(r.stdout.contains("pass     3  expect count o == 1"), r.stdout)
    }

    func testStatusOneWhenAnExpectationFails() {
        let r = Driver.main(["run", "-"], stdin: { Data("scenario \"s\" {\n    o = new NSObject\n    expect count o == 2\n}\n".utf8) })
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stdout.contains("FAIL     3  expect count o == 2  —  NSObject o#1 has count 1"), r.stdout)
    }

    func testAnUnexpectedCrashFails() {
        let r = Driver.main(["run", "-"], stdin: { Data("scenario \"s\" {\n    o = new NSObject\n    release o\n    release o\n}\n".utf8) })
        XCTAssertEqual(r.status, 1)
        XCTAssert(r.stdout.contains("the app crashed at line 4"), r.stdout)
    }

    func testQuietPrintsNoTrace() {
        let script = "scenario \"s\" {\n    o = new NSObject\n    retain o\n}\n"
        let loud = Driver.main(["run", "-"], stdin: { Data(script.utf8) })
        let quiet = Driver.main(["run", "--quiet", "-"], stdin: { Data(script.utf8) })
        XCTAssert(loud.stdout.contains("retain       NSObject o#1"))
        XCTAssertFalse(quiet.stdout.contains("retain       NSObject o#1"))
        XCTAssert(quiet.stdout.contains("summary"))
    }

    func testScriptErrorsHaveACaretAndStatus2() {
        let r = Driver.main(["run", "-"], stdin: { Data("scenario \"s\" {\n    relase o\n}\n".utf8) })
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.hasPrefix("<stdin>:2:5: error: unknown statement 'relase'\n    relase o\n    ^~~~~~\nnote: did you mean 'release'?\n"), r.stderr)
    }

    func testNoInputTrapsTheTool() {
        // Arbitrary bytes never crash the tool: they give diagnostics or a run.
        var rng = SplitMix64(seed: 0x9E3779B97F4A7C15)
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<rng.below(300) { bytes.append(UInt8(truncatingIfNeeded: rng.next())) }
            let r = Driver.main(["run", "-"], stdin: { Data(bytes) })
            XCTAssert([0, 1, 2].contains(r.status))
        }
    }

    func testGoldenDiffShowsLineNumbers() {
        let d = UnifiedDiff.render(expected: "a\nb\nc\n", actual: "a\nB\nc\n", expectedName: "x.out", actualName: "actual")
        XCTAssertEqual(d, "--- x.out\n+++ actual\n@@ expected line 1, actual line 1 @@\n a\n-b\n+B\n c\n \n")
    }
}
