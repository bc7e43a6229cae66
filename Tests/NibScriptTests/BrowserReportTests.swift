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

/// Renders `nibscript report` pages in headless Chromium and checks what a reader would see:
/// every source line, the FAIL marks of the scenario shown, an object graph with one node per
/// live object, and no JavaScript error (none reported on the console, none caught by the
/// page's own `error` handler). Skipped, saying so, when no Chromium can be found; set
/// NIBSCRIPT_BROWSER to a Chromium or Chrome binary to choose one.
final class BrowserReportTests: XCTestCase {
    static func browser() -> String? {
        let env = ProcessInfo.processInfo.environment
        if let b = env["NIBSCRIPT_BROWSER"], !b.isEmpty { return b }
        let path = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for dir in path where FileManager.default.isExecutableFile(atPath: dir + "/" + name) { return dir + "/" + name }
        }
        return nil
    }

    struct Page {
        var dom: String
        var console: [String]
        func attribute(_ name: String) -> String? {
            guard let r = dom.range(of: " \(name)=\"") else { return nil }
            return String(dom[r.upperBound...].prefix { $0 != "\"" })
        }
        func count(_ needle: String) -> Int { dom.components(separatedBy: needle).count - 1 }
        /// The markup inside `<div id="graph">` (it holds no other div).
        var graph: String {
            guard let r = dom.range(of: "<div id=\"graph\"") else { return "" }
            let rest = dom[r.upperBound...]
            return String(rest[..<(rest.range(of: "</div>")?.lowerBound ?? rest.endIndex)])
        }
    }

    /// Loads `url` in headless Chromium and returns the DOM after its scripts ran, and the
    /// console messages it logged.
    func load(_ browser: String, _ url: String, dir: URL) throws -> Page {
        let out = dir.appendingPathComponent("dom-\(UUID().uuidString).html"), err = dir.appendingPathComponent("log-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: browser)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                       "--user-data-dir=" + dir.appendingPathComponent("profile").path,
                       "--enable-logging=stderr", "--v=0", "--dump-dom", url]
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        let deadline = Date().addingTimeInterval(30)
        while p.isRunning && Date() < deadline { usleep(50_000) }
        if p.isRunning { p.terminate(); XCTFail("\(browser) did not finish loading \(url) in 30 s") }
        p.waitUntilExit()
        let dom = try String(contentsOf: out, encoding: .utf8)
        let log = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        return Page(dom: dom, console: log.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") })
    }

    func testReportsRenderInHeadlessChromium() throws {
        guard let browser = Self.browser() else {
            print("BrowserReportTests: SKIPPED — no headless Chromium found (apt-get install chromium, or set NIBSCRIPT_BROWSER)")
            throw XCTSkip("no headless Chromium found (apt-get install chromium, or set NIBSCRIPT_BROWSER)")
        }
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("nibscript-browser-\(getpid())")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let root = GoldenFileTests.root
        // (script, scenario to show): a crash and a dangling outlet, a failing expectation in the
        // second of three scenarios, a matrix, and a 1,000-line script.
        var cases: [(path: String, text: String, scenario: Int)] = []
        for (example, scenario) in [("nibs/ios-assign-outlet-toplevel", 0), ("controllers/naming-trace-objects", 1),
                                    ("matrix/memory-warning-platforms", 0)] {
            let path = "examples/\(example).nibscript"
            cases.append((path, try String(contentsOfFile: root + "/" + path, encoding: .utf8), scenario))
        }
        cases.append(("long.nibscript", HTMLReportTests.longScript(lines: 1000), 0))
        let start = Date()
        for c in cases {
            let file = SourceFile(path: c.path, bytes: Array(c.text.utf8))
            let program = try XCTUnwrap(Compiler.compile(file).0, c.path)
            let cwd = fm.currentDirectoryPath
            _ = fm.changeCurrentDirectoryPath(root)
            let (html, reports) = HTMLReport(version: Driver.version).render(program, matrix: HTMLReport.matrix(for: file, program: program))
            _ = fm.changeCurrentDirectoryPath(cwd)
            let page = dir.appendingPathComponent((c.path as NSString).lastPathComponent + ".html")
            try html.write(to: page, atomically: true, encoding: .utf8)
            let s = program.scenarios[c.scenario]
            let closing = file.location(of: s.range.end - 1).line
            let shown = try load(browser, page.absoluteString + "#s\(c.scenario)-L\(closing)", dir: dir)

            XCTAssertEqual(shown.attribute("data-ready"), "1", "\(c.path): the page's script did not finish")
            XCTAssertEqual(shown.count("<div id=\"js-error\""), 0, "\(c.path): the page caught a JavaScript error")
            XCTAssertEqual(shown.console, [], "\(c.path): the page logged to the console")
            XCTAssertEqual(shown.attribute("data-scenario"), String(c.scenario), c.path)
            // Every source line is there, escaped text included.
            let lines = c.text.split(separator: "\n", omittingEmptySubsequences: false).count - (c.text.hasSuffix("\n") ? 1 : 0)
            XCTAssertEqual(shown.count("<tr id=\"L"), lines, c.path)
            XCTAssert(shown.dom.contains(HTML.escape(String(c.text.split(separator: "\n")[1]))), c.path)
            // The FAIL marks a reader sees are those of the scenario shown.
            XCTAssertEqual(shown.attribute("data-visible-fail-marks"), String(reports[c.scenario].failed), c.path)
            // The graph after the scenario's end: one node per object alive then.
            let alive = min(reports[c.scenario].alive.count, ReportGraph.maxNodes)
            let nodes = shown.graph.components(separatedBy: "class=\"node\"").count - 1
            if c.path != "long.nibscript" {   // a long script's last graph may be the nearest kept one
                XCTAssertEqual(nodes, alive, "\(c.path): objects drawn in the graph")
                XCTAssert(shown.dom.contains("id=\"graph-caption\">After line \(closing):"), c.path)
            }
            XCTAssertEqual(shown.attribute("data-visible-graph-nodes"), String(nodes), c.path)
            XCTAssert(shown.graph.contains("<svg"), "\(c.path): no graph drawn")
            if HTMLReport.matrix(for: file, program: program) != nil {
                XCTAssert(shown.dom.contains("<section id=\"matrix\">"), c.path)
            }
        }
        print("BrowserReportTests: \(cases.count) reports rendered in \(browser) in \(Int(Date().timeIntervalSince(start))) s")
    }
}
