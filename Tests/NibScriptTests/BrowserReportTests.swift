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
    func load(_ browser: String, _ url: String, dir: URL, screenshot: String? = nil) throws -> Page {
        let out = dir.appendingPathComponent("dom-\(UUID().uuidString).html"), err = dir.appendingPathComponent("log-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: browser)
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                       "--user-data-dir=" + dir.appendingPathComponent("profile").path,
                       "--enable-logging=stderr", "--v=0", "--window-size=\(Self.window.width),\(Self.window.height)", "--hide-scrollbars"]
            + (screenshot.map { ["--screenshot=" + $0] } ?? ["--dump-dom"]) + [url]
        p.standardOutput = try FileHandle(forWritingTo: out)
        p.standardError = try FileHandle(forWritingTo: err)
        try p.run()
        let deadline = Date().addingTimeInterval(30)
        while p.isRunning && Date() < deadline { usleep(50_000) }
        if p.isRunning { p.terminate(); XCTFail("\(browser) did not finish loading \(url) in 30 s") }
        p.waitUntilExit()
        let dom = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
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
            let alive = min(reports[c.scenario].alive.count, ObjectGraph.reportLimit)
            let nodes = Self.liveNodes(shown.graph)
            if c.path != "long.nibscript" {   // a long script's last graph may be the nearest kept one
                XCTAssertEqual(nodes, alive, "\(c.path): objects drawn in the graph")
                XCTAssert(shown.dom.contains("id=\"graph-caption\">After line \(closing):"), c.path)
            }
            XCTAssertEqual(shown.attribute("data-visible-graph-nodes"), String(nodes), c.path)
            XCTAssert(shown.graph.contains("<svg"), "\(c.path): no graph drawn")
            if HTMLReport.matrix(for: file, program: program) != nil {
                XCTAssert(shown.dom.contains("<section id=\"matrix\">"), c.path)
            }
            // The graph as a reader sees it: labels apart, inside the window, 12 px or more.
            try checkGraph(browser, page: page, hash: "#s\(c.scenario)-L\(closing)", dir: dir, what: c.path)
            // The timelines are drawn from the events' data: a row per object with events.
            XCTAssertGreaterThan(shown.count("<div class=\"row\"><span class=\"who\" title="), 0, "\(c.path): no timeline drawn")
            // The same scenario by its title's slug.
            let slug = HTMLReport.slugs(program.scenarios.map(\.title))[c.scenario]
            let bySlug = try load(browser, page.absoluteString + "#\(slug)-L\(closing)", dir: dir)
            XCTAssertEqual(bySlug.attribute("data-scenario"), String(c.scenario), "\(c.path): #\(slug)")
            XCTAssertEqual(bySlug.count("id=\"address-error\""), 0, c.path)
        }
        print("BrowserReportTests: \(cases.count) reports rendered in \(browser) in \(Int(Date().timeIntervalSince(start))) s")
    }

    static let window = (width: 1280, height: 900)

    /// Objects alive drawn in a graph's markup: `<g class="node object …">` but deallocated ones.
    static func liveNodes(_ markup: String) -> Int {
        markup.components(separatedBy: "<g class=\"node object").dropFirst().filter { !$0.prefix { $0 != "\"" }.contains("deallocated") }.count
    }

    /// Measures, in the page, every text of the graph: no two boxes intersect, none leaves the
    /// window or the picture, none is drawn smaller than 12 px.
    static let measure = """
    <script>
    (function () {
      var svg = document.querySelector("#graph svg") || document.querySelector("svg.object-graph");
      var texts = svg ? svg.querySelectorAll("text") : [], boxes = [], overlaps = 0, outside = 0, small = 0;
      var frame = svg ? svg.getBoundingClientRect() : null, scale = svg ? frame.width / svg.width.baseVal.value : 0;
      for (var k = 0; k < texts.length; k++) {
        var r = texts[k].getBoundingClientRect();
        if (r.width === 0) { continue; }
        var size = parseFloat(getComputedStyle(texts[k]).fontSize) * scale;
        if (size < 11.95) { small++; }
        if (r.left < 0 || r.right > window.innerWidth || r.left < frame.left - 0.5 || r.right > frame.right + 0.5
            || r.top < frame.top - 0.5 || r.bottom > frame.bottom + 0.5) { outside++; }
        for (var j = 0; j < boxes.length; j++) {
          var b = boxes[j];
          if (r.left < b.right - 0.5 && b.left < r.right - 0.5 && r.top < b.bottom - 0.5 && b.top < r.bottom - 0.5) { overlaps++; }
        }
        boxes.push(r);
      }
      var more = document.querySelector("button.more:not(.rows)"), before = -1, after = -1, promised = -1;
      if (more) {
        var cell = more.parentNode;
        before = cell.querySelectorAll(".e").length; promised = parseInt(more.textContent, 10);
        more.click();
        after = cell.querySelectorAll(".e").length;
      }
      var b = document.body || document.documentElement;
      b.setAttribute("data-labels", String(boxes.length));
      b.setAttribute("data-label-overlaps", String(overlaps));
      b.setAttribute("data-labels-outside", String(outside));
      b.setAttribute("data-small-labels", String(small));
      b.setAttribute("data-graph-width", svg ? String(frame.width) : "0");
      b.setAttribute("data-more-added", String(after - before));
      b.setAttribute("data-more-promised", String(promised));
    })();
    </script>
    """

    func checkGraph(_ browser: String, page: URL, hash: String, dir: URL, what: String) throws {
        let html = try String(contentsOf: page, encoding: .utf8)
        let measured = dir.appendingPathComponent("measured-" + page.lastPathComponent)
        try html.replacingOccurrences(of: "</body>", with: Self.measure + "</body>").write(to: measured, atomically: true, encoding: .utf8)
        let p = try load(browser, measured.absoluteString + hash, dir: dir)
        XCTAssertGreaterThan(Int(p.attribute("data-labels") ?? "") ?? 0, 0, "\(what): no label measured")
        XCTAssertEqual(p.attribute("data-label-overlaps"), "0", "\(what): labels overlap")
        XCTAssertEqual(p.attribute("data-labels-outside"), "0", "\(what): a label leaves the window or the picture")
        XCTAssertEqual(p.attribute("data-small-labels"), "0", "\(what): text under 12 px")
        XCTAssertLessThanOrEqual(Double(p.attribute("data-graph-width") ?? "") ?? .infinity, ReportGraph.maxWidth + 1, what)
        // "N more events" adds N events.
        if p.attribute("data-more-promised") != "-1" { XCTAssertEqual(p.attribute("data-more-added"), p.attribute("data-more-promised"), what) }
    }

    /// A wrong address says so; the standalone SVG of `graph` passes the same measures and
    /// renders at its own size (a screenshot of it).
    func testAddressesAndTheStandaloneGraph() throws {
        guard let browser = Self.browser() else {
            print("BrowserReportTests: SKIPPED — no headless Chromium found (apt-get install chromium, or set NIBSCRIPT_BROWSER)")
            throw XCTSkip("no headless Chromium found (apt-get install chromium, or set NIBSCRIPT_BROWSER)")
        }
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("nibscript-browser2-\(getpid())")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: dir) }
        let root = GoldenFileTests.root
        let path = root + "/examples/controllers/naming-trace-objects.nibscript"
        let file = SourceFile(path: path, bytes: Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        let program = try XCTUnwrap(Compiler.compile(file).0)
        let page = dir.appendingPathComponent("naming.html")
        try HTMLReport(version: Driver.version).render(program).html.write(to: page, atomically: true, encoding: .utf8)
        for hash in ["#s7-L20", "#no-such-scenario-L20", "#s1-L4000"] {
            let p = try load(browser, page.absoluteString + hash, dir: dir)
            XCTAssertEqual(p.attribute("data-ready"), "1", hash)
            XCTAssertEqual(p.count("id=\"address-error\""), 1, "\(hash): a wrong address is not said so")
        }
        let wrong = try load(browser, page.absoluteString + "#s7-L20", dir: dir)
        XCTAssert(wrong.dom.contains("This page has no scenario \u{201C}s7\u{201D}"), wrong.dom)
        XCTAssert(wrong.dom.contains("s1 or a-controller-nothing-but-the-scenario-holds"), "the scenarios are listed")
        let right = try load(browser, page.absoluteString + "#two-controllers-two-labels-L45", dir: dir)
        XCTAssertEqual(right.attribute("data-scenario"), "2")
        XCTAssertEqual(right.count("id=\"address-error\""), 0)

        // The standalone SVG, a long title and all, in a page that measures it.
        for (example, extra) in [("controllers/arc-outlets", [String]()), ("engine/direct-ivars-and-leaks", ["--scenario", "a class that forgets its dealloc leaks what it owns"])] {
            let svg = Driver.main(["graph", root + "/examples/\(example).nibscript", "--format", "svg"] + extra).stdout
            let width = Double(svg.components(separatedBy: " width=\"")[1].prefix { $0 != "\"" })!
            XCTAssertLessThanOrEqual(width, GraphLayout.Options().maxWidth, example)
            let wrapped = dir.appendingPathComponent("svg.html")
            try ("<!DOCTYPE html><html><body style=\"margin:0\">" + svg.replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
                 + Self.measure + "</body></html>").write(to: wrapped, atomically: true, encoding: .utf8)
            let p = try load(browser, wrapped.absoluteString, dir: dir)
            XCTAssertGreaterThan(Int(p.attribute("data-labels") ?? "") ?? 0, 3, example)
            XCTAssertEqual(p.attribute("data-label-overlaps"), "0", "\(example): labels overlap")
            XCTAssertEqual(p.attribute("data-labels-outside"), "0", "\(example): a label leaves the picture")
            XCTAssertEqual(p.attribute("data-small-labels"), "0", "\(example): text under 12 px")
            // A screenshot of the SVG itself: a PNG of the window's size, not blank.
            let svgFile = dir.appendingPathComponent("g.svg"), png = dir.appendingPathComponent("g.png")
            try svg.write(to: svgFile, atomically: true, encoding: .utf8)
            _ = try load(browser, svgFile.absoluteString, dir: dir, screenshot: png.path)
            let bytes = [UInt8](try Data(contentsOf: png))
            XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "\(example): no PNG")
            func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual(be32(16), Self.window.width, example)
            XCTAssertEqual(be32(20), Self.window.height, example)
            XCTAssertGreaterThan(bytes.count, 8_000, "\(example): the screenshot looks blank")
        }
    }
}
