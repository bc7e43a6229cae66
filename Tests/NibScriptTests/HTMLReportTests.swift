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

/// `nibscript report`: the page's content, escaping, determinism and size, without a browser
/// (BrowserReportTests renders it in one).
final class HTMLReportTests: XCTestCase {
    static func compile(_ text: String, path: String = "t.nibscript") -> Program {
        let file = SourceFile(path: path, bytes: Array(text.utf8))
        let (program, diagnostics) = Compiler.compile(file)
        XCTAssertNotNil(program, DiagnosticFormatter.format(diagnostics, in: file))
        return program!
    }

    /// A script of about `lines` lines: `lines / 3` views, each allocated, retained and
    /// released, and one expectation that fails.
    static func longScript(lines: Int) -> String {
        var s = "# rules: O1\nclass Owner : NSObject {\n    outlet label : UILabel retain\n}\nscenario \"long\" {\n    o = new Owner\n"
        for i in 1...max(1, (lines - 9) / 3) {
            s += "    v\(i) = new UIView\n    retain v\(i)\n    release v\(i)\n"
        }
        for _ in 0..<(max(0, lines - 9) % 3) { s += "    # padding\n" }
        s += "    expect count v1 == 2\n    expect count v2 == 1\n}\n"
        return s
    }

    func testScriptTextIsEscapedEverywhere() {
        let program = Self.compile("""
            # <script>alert("comment")</script> & more
            class Owner : NSObject {
                outlet label : UILabel retain
            }
            scenario "<img src=x onerror=alert(1)> & \\"quotes\\"" {
                o = new Owner
                expect count o == 2   # '<b>'
            }
            """)
        let html = HTMLReport(version: Driver.version).render(program).html
        XCTAssertFalse(html.contains("<script>alert"), "a comment's markup reached the page")
        XCTAssertFalse(html.contains("<img"), "a scenario title's markup reached the page")
        XCTAssertFalse(html.contains("<b>'"), "a comment's markup reached the page")
        XCTAssert(html.contains("&lt;script&gt;alert(&quot;comment&quot;)&lt;/script&gt; &amp; more"))
        XCTAssert(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        // Exactly the page's own script element and the JSON data islands (the graphs' index,
        // the one scenario's events).
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 3)
        XCTAssertEqual(html.components(separatedBy: "<script type=\"application/json\"").count - 1, 2)
    }

    func testThePageIsSelfContainedAndDeterministic() {
        let program = Self.compile(Self.longScript(lines: 60))
        let a = HTMLReport(version: Driver.version).render(program).html
        let b = HTMLReport(version: Driver.version).render(Self.compile(Self.longScript(lines: 60))).html
        XCTAssertEqual(a, b)
        for needle in ["src=\"http", "href=\"http", "url(http", "@import", "fetch(", "XMLHttpRequest"] {
            XCTAssertFalse(a.contains(needle), "the page would fetch something: \(needle)")
        }
        // The only URL is SVG's namespace name, which is never fetched.
        let urls = a.components(separatedBy: "http").dropFirst().map { String($0.prefix(24)) }
        XCTAssert(urls.allSatisfy { $0.hasPrefix("://www.w3.org/2000/svg\"") }, "\(Set(urls))")
    }

    func testFindingsComeFirstAndFailuresAreMarkedAtTheirLines() {
        let program = Self.compile(Self.longScript(lines: 30))
        let html = HTMLReport(version: Driver.version).render(program).html
        let findings = html.range(of: "<section id=\"findings\">")!.lowerBound
        let source = html.range(of: "<div id=\"source\">")!.lowerBound
        XCTAssert(findings < source)
        XCTAssert(html.contains("<a href=\"#s0-L28\" data-s=\"0\" data-line=\"28\">line 28</a> <b class=\"tag\">FAIL</b> <code>expect count v1 == 2</code> — UIView v1#2 has count 1"), html)
        XCTAssert(html.contains("<tr id=\"L28\" class=\"f0\">"))
        XCTAssertEqual(html.components(separatedBy: "<div class=\"x fail\">").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "<div class=\"x pass\">").count - 1, 1)
        XCTAssertEqual(html.components(separatedBy: "<tr id=\"L").count - 1, 30)
    }

    func testTheGraphComesThroughItsPlugInPoint() {
        let program = Self.compile(Self.longScript(lines: 15))
        var calls = 0
        var report = HTMLReport(version: Driver.version)
        report.graph = { run, _ in
            calls += 1
            return "<svg class=\"plugged\"><g class=\"node\"></g><text>\(run.engine.liveVisibleObjects.count)</text></svg>"
        }
        let html = report.render(program).html
        // Once per statement boundary (6 statements after the first, the end), sharing equal drawings.
        XCTAssertEqual(calls, 8)
        XCTAssert(html.contains("<template id=\"svg-0\"><svg class=\"plugged\">"))
        XCTAssertFalse(html.contains("class=\"object-graph\""))
    }

    func testAOneThousandLineScriptMakesAUsablePage() {
        let program = Self.compile(Self.longScript(lines: 1000))
        let start = Date()
        let (html, reports) = HTMLReport(version: Driver.version).render(program)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(reports[0].failed, 1)
        XCTAssertEqual(html.components(separatedBy: "<tr id=\"L").count - 1, 1000)
        XCTAssertLessThan(html.utf8.count, 8 << 20, "the page is \(html.utf8.count) bytes")
        XCTAssertLessThan(seconds, 60, "rendering took \(seconds) s")
        print("HTMLReportTests: a 1,000-line script: \(html.utf8.count) bytes in \(seconds) s")
        // Graphs were thinned to fit, evenly: the first and some late ones are there.
        XCTAssert(html.contains("<template id=\"svg-"))
        XCTAssertEqual(html.components(separatedBy: "<div class=\"sc s0 tl\" data-s=\"0\"></div>").count - 1, 1)
    }

    func testTheMatrixIsShownOnlyForSeveralConfigurations() throws {
        let fm = FileManager.default
        let root = GoldenFileTests.root
        let with = try XCTUnwrap(fm.contents(atPath: root + "/examples/matrix/memory-warning-platforms.nibscript"))
        let file = SourceFile(path: "m.nibscript", bytes: [UInt8](with))
        let program = try XCTUnwrap(Compiler.compile(file).0)
        let m = try XCTUnwrap(HTMLReport.matrix(for: file, program: program))
        let html = HTMLReport(version: Driver.version).render(program, matrix: m).html
        XCTAssert(html.contains("<section id=\"matrix\">"))
        XCTAssert(html.contains("<th>ios 6.0 mrc</th>"))
        let plain = Self.compile(Self.longScript(lines: 20))
        XCTAssertNil(HTMLReport.matrix(for: plain.file, program: plain))
    }

    func testTheReportCommand() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-report-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.nibscript").path
        try Self.longScript(lines: 20).write(toFile: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("r.html").path
        let r = Driver.main(["report", script, "-o", out])
        XCTAssertEqual(r.status, 1, r.stderr)   // one expectation fails; the page is written all the same
        XCTAssertEqual(r.stdout, "wrote \(out): 1 scenario, 1 passed, 1 failed\n")
        XCTAssert(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

        let bad = dir.appendingPathComponent("bad.nibscript").path
        try "scenario \"s\" {\n    x = new UILable\n}\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let e = Driver.main(["report", bad, "-o", out])
        XCTAssertEqual(e.status, 2)
        XCTAssert(e.stderr.hasPrefix("\(bad):2:13: error: "), e.stderr)
        XCTAssert(e.stderr.contains("    x = new UILable\n            ^"), e.stderr)

        XCTAssertEqual(Driver.main(["report"]).status, 2)
        XCTAssertEqual(Driver.main(["report", script, "-o"]).status, 2)
        XCTAssertEqual(Driver.main(["report", script, "--pdf"]).status, 2)
    }
}
