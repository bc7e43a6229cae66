import Foundation
import XCTest

/// Issue 29, item 3: `.ci/run`'s closing line comes from XCTest's own totals (`.ci/summarize`),
/// skipped tests are counted as skipped, not passed, and on CI a skipped test fails the run.
/// Checked on XCTest output written here, in the shapes XCTest prints.
final class CIScriptTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `.ci/summarize` on `log` with `CI` set as given (unset when nil).
    func summarize(_ log: String, ci: String?) throws -> (status: Int32, out: String) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xctest-\(UUID().uuidString).log")
        try log.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [Self.root.appendingPathComponent(".ci/summarize").path, file.path]
        var env = ProcessInfo.processInfo.environment
        env["CI"] = ci
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// XCTest's lines for a run: `cases` as (name, verdict, skip reason).
    func log(_ cases: [(String, String)], failures: Int = 0, reasons: [String: String] = [:]) -> String {
        var out = "Test Suite 'All tests' started at 2026-11-27 05:00:00.000\n"
        for (name, verdict) in cases {
            out += "Test Case '\(name)' started at 2026-11-27 05:00:00.000\n"
            if verdict == "skipped" {
                out += "/src/Tests/X.swift:10: \(name) : Test skipped - \(reasons[name] ?? "why")\n"
            }
            if verdict == "failed" { out += "/src/Tests/X.swift:12: error: \(name) : XCTAssertTrue failed\n" }
            out += "Test Case '\(name)' \(verdict) (0.001 seconds)\n"
        }
        let skipped = cases.filter { $0.1 == "skipped" }.count
        let s = skipped == 0 ? "" : "\(skipped) test\(skipped == 1 ? "" : "s") skipped and "
        let line = "\t Executed \(cases.count) test\(cases.count == 1 ? "" : "s"), with \(s)\(failures) failure\(failures == 1 ? "" : "s") (0 unexpected) in 0.1 (0.1) seconds\n"
        return out + "Test Suite 'All tests' \(failures > 0 ? "failed" : "passed") at 2026-11-27 05:00:01.000\n" + line + line
    }

    func testSkippedTestsAreCountedAsSkipped() throws {
        // The run the issue describes: 21 tests, 17 skipped, none failed.
        let cases = (0..<21).map { ("T.test\($0)", $0 < 17 ? "skipped" : "passed") }
        let r = try summarize(log(cases), ci: nil)
        XCTAssertEqual(r.out, "4 passed, 0 failed, 17 skipped\n")
        XCTAssertEqual(r.status, 0)
    }

    func testFailedTestsAreTestsNotAssertions() throws {
        let cases = [("T.a", "passed"), ("T.b", "failed"), ("T.c", "failed"), ("T.d", "skipped"), ("T.e", "passed")]
        let r = try summarize(log(cases, failures: 5), ci: nil)
        XCTAssertEqual(r.out, "2 passed, 2 failed, 1 skipped\n")
    }

    func testAllPassing() throws {
        let r = try summarize(log([("T.a", "passed"), ("T.b", "passed")]), ci: "true")
        XCTAssertEqual(r.out, "2 passed, 0 failed, 0 skipped\n")
        XCTAssertEqual(r.status, 0)
    }

    /// On CI a skip is a check that did not run: the summary names it and fails.
    func testASkipFailsCI() throws {
        let reason = "no headless Chromium found (apt-get install chromium, or set NIBSCRIPT_BROWSER)"
        let text = log([("BrowserReportTests.testRender", "skipped"), ("T.b", "passed")], reasons: ["BrowserReportTests.testRender": reason])
        for ci in ["true", "1"] {
            let r = try summarize(text, ci: ci)
            XCTAssertEqual(r.status, 1, "CI=\(ci)")
            XCTAssertEqual(r.out, "1 passed, 0 failed, 1 skipped\nerror: 1 test(s) skipped on CI, where every dependency is installed:\n"
                           + "  BrowserReportTests.testRender: \(reason)\n")
        }
        XCTAssertEqual(try summarize(text, ci: nil).status, 0, "off CI a skip is reported, not a failure")
    }

    /// A test of material no clone has (a developer's fetched projects, named by an
    /// environment variable) says `opt-in:`: listed on CI, not a failure; any other skip
    /// beside it still fails the run.
    func testAnOptInSkipIsListedNotAFailure() throws {
        let optIn = "opt-in: set NIBSCRIPT_REAL_PROJECTS to a folder of real projects with compiled nibs"
        let alone = log([("IBCompiledNibRealTests.testReal", "skipped"), ("T.b", "passed")],
                        reasons: ["IBCompiledNibRealTests.testReal": optIn])
        let r = try summarize(alone, ci: "true")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.out, "1 passed, 0 failed, 1 skipped\nopt-in tests not run:\n  IBCompiledNibRealTests.testReal: \(optIn)\n")
        let both = log([("IBCompiledNibRealTests.testReal", "skipped"), ("BrowserReportTests.testRender", "skipped")],
                       reasons: ["IBCompiledNibRealTests.testReal": optIn, "BrowserReportTests.testRender": "no Chromium"])
        let r2 = try summarize(both, ci: "true")
        XCTAssertEqual(r2.status, 1)
        XCTAssertEqual(r2.out, "0 passed, 0 failed, 2 skipped\nerror: 1 test(s) skipped on CI, where every dependency is installed:\n"
                       + "  BrowserReportTests.testRender: no Chromium\n")
    }

    func testNoTotalsIsAFailure() throws {
        let r = try summarize("error: compile command failed\n", ci: nil)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.hasPrefix("no XCTest totals"), r.out)
    }

    /// `.ci/run` end to end, with a stand-in `swift` that prints a given XCTest log and exits
    /// with a given status (and stand-ins for chromium, dot, nvim and node, so nothing is installed).
    func ciRun(log: String, status: Int32, ci: String?) throws -> (status: Int32, out: String) {
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("ci-bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        try log.write(to: bin.appendingPathComponent("log.txt"), atomically: true, encoding: .utf8)
        let fake = """
        #!/bin/bash
        if [ "$1" = --version ]; then echo "stand-in swift"; exit 0; fi
        echo "CI is '$CI'"
        cat "\(bin.path)/log.txt"
        exit \(status)

        """
        for (name, text) in [("swift", fake), ("chromium", "#!/bin/sh\n"), ("dot", "#!/bin/sh\n"), ("nvim", "#!/bin/sh\n"), ("node", "#!/bin/sh\n")] {
            let f = bin.appendingPathComponent(name)
            try text.write(to: f, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: f.path)
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [Self.root.appendingPathComponent(".ci/run").path]
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = bin.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        env["CI"] = ci
        p.environment = env
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testRunSetsCIAndEndsWithTheTotals() throws {
        let r = try ciRun(log: log([("T.a", "passed"), ("T.b", "passed")]), status: 0, ci: nil)
        XCTAssertEqual(r.status, 0, r.out)
        XCTAssertTrue(r.out.contains("CI is 'true'\n"), r.out)
        XCTAssertTrue(r.out.hasSuffix("\n2 passed, 0 failed, 0 skipped\n"), r.out)
    }

    func testRunFailsWhenATestWasSkippedThoughSwiftTestPassed() throws {
        let text = log([("GraphTests.testGraphvizAcceptsTheDOT", "skipped"), ("T.b", "passed")],
                       reasons: ["GraphTests.testGraphvizAcceptsTheDOT": "Graphviz's 'dot' is not on the PATH"])
        let r = try ciRun(log: text, status: 0, ci: nil)
        XCTAssertEqual(r.status, 1, r.out)
        XCTAssertTrue(r.out.contains("1 passed, 0 failed, 1 skipped\nerror: 1 test(s) skipped on CI"), r.out)
        XCTAssertTrue(r.out.contains("  GraphTests.testGraphvizAcceptsTheDOT: Graphviz's 'dot' is not on the PATH\n"), r.out)
    }

    func testRunKeepsSwiftTestsFailure() throws {
        let r = try ciRun(log: log([("T.a", "failed")], failures: 1), status: 1, ci: nil)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.out.hasSuffix("0 passed, 1 failed, 0 skipped\n"), r.out)
    }

    /// `.ci/run` says CI=true itself, installs Graphviz and Neovim as it installs Chromium, and ends
    /// with the summary's verdict.
    func testRunScriptSetsCIAndInstallsWhatTheTestsNeed() throws {
        let run = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        XCTAssertTrue(run.contains("\nexport CI=true\n"))
        XCTAssertTrue(run.contains("missing+=(graphviz)"))
        XCTAssertTrue(run.contains("missing+=(chromium)"))
        XCTAssertTrue(run.contains("missing+=(python3-jsonschema)"))
        XCTAssertTrue(run.contains("missing+=(neovim)"))
        XCTAssertTrue(run.contains("missing+=(nodejs)"))
        XCTAssertTrue(run.contains(".ci/summarize \"$log\""))
    }
}
