import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptReports
@testable import NibScriptCommandLine
import NibScriptSyntax
import TestSupport

/// The one layout of `graph --format svg` and the report's graph (issue 28 item 2), checked on
/// its geometry for every scenario of every example; and the part of a large graph worth
/// drawing (issue 27 item 3). BrowserReportTests measures the same in Chromium.
final class GraphLayoutTests: XCTestCase {
    /// Every example's graph at each scenario's end, in both widths: no two boxes (nodes and
    /// edge labels) intersect, every box is inside the picture, the picture is no wider than
    /// asked, every edge leaves its source's box and enters its target's.
    func testBoxesNeverOverlapNorLeaveThePicture() throws {
        let paths = (FileManager.default.enumerator(atPath: GraphTests.examples.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".nibscript") }.sorted()
        var graphs = 0, labels = 0
        for p in paths {
            let path = GraphTests.example(p)
            let file = SourceFile(path: path, bytes: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))))
            guard let program = Compiler.compile(file).0 else { continue }
            for s in program.scenarios {
                let run = ScenarioRun(program: program, scenario: s, config: program.config)
                run.run()
                let g = run.objectGraph()
                for maxWidth in [960.0, ReportGraph.maxWidth] {
                    let L = GraphLayout(g, GraphLayout.Options(maxWidth: maxWidth))
                    graphs += 1
                    let at = "\(p): \(s.title) at \(maxWidth)"
                    var boxes = L.nodes
                    for k in g.edges.indices {
                        XCTAssertGreaterThanOrEqual(L.paths[k].count, 2, "\(at): edge \(k) not drawn")
                        boxes.append(L.labels[k])
                        labels += 1
                    }
                    boxes.append(L.captionBox)
                    let widest = boxes.map(\.width).max() ?? 0
                    XCTAssertLessThanOrEqual(L.width, max(maxWidth, widest + 2 * GraphLayout.margin) + 0.01, at)
                    for (i, a) in boxes.enumerated() {
                        XCTAssert(a.x >= -0.01 && a.y >= -0.01 && a.right <= L.width + 0.01 && a.bottom <= L.height + 0.01, "\(at): box \(i) \(a) outside \(L.width)×\(L.height)")
                        for b in boxes[(i + 1)...] { XCTAssertFalse(a.intersects(b), "\(at): \(a) and \(b) overlap") }
                    }
                    let index = Dictionary(uniqueKeysWithValues: g.nodes.enumerated().map { ($1.id, $0) })
                    for (k, e) in g.edges.enumerated() {
                        let (from, to) = (L.nodes[index[e.from]!], L.nodes[index[e.to]!])
                        let (first, last) = (L.paths[k].first!, L.paths[k].last!)
                        XCTAssert(first.x >= from.x && first.x <= from.right && (first.y == from.y || first.y == from.bottom), "\(at): edge \(k) starts off its source")
                        XCTAssert(last.x >= to.x && last.x <= to.right && (last.y == to.y || last.y == to.bottom), "\(at): edge \(k) ends off its target")
                    }
                    for line in L.nodeLines.flatMap({ $0 }) + L.labelLines.flatMap({ $0 }) {
                        XCTAssertLessThanOrEqual(GraphLayout.columns(line), GraphLayout.nodeChars, "\(at): \(line)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(graphs, 200)
        XCTAssertGreaterThan(labels, 1000)
    }

    /// A long title wraps: the picture stays within its width.
    func testALongTitleWraps() throws {
        let title = String(repeating: "a scenario with a very long title ", count: 8)
        let program = HTMLReportTests.compile("scenario \"\(title)\" {\n    v = new UIView\n}\n")
        let run = ScenarioRun(program: program, scenario: program.scenarios[0], config: program.config)
        run.run()
        let svg = GraphSVG.render(run.objectGraph())
        let width = Double(svg.components(separatedBy: " width=\"")[1].prefix { $0 != "\"" })!
        XCTAssertLessThanOrEqual(width, 960)
        XCTAssertGreaterThan(svg.components(separatedBy: "class=\"caption\"").count - 1, 3, "the caption wraps into lines")
    }

    /// Leaks sit right below an object that points at them, and leaks nothing points at share
    /// one rank (they used to take a rank each, far apart).
    func testLeaksStayNearTheirOwners() throws {
        let program = HTMLReportTests.compile("""
            platform ios 5.1
            memory mrc
            class Holder : NSObject {
                outlet peer : UIView assign
            }
            scenario "leaks" {
                h = new Holder
                a = new UIView
                h.peer = a
                a = nil
                b = new UIView
                b = nil
                c = new UIView
                c = nil
                d = new UIView
                d = nil
            }

            """)
        let run = ScenarioRun(program: program, scenario: program.scenarios[0], config: program.config)
        run.run()
        let g = run.objectGraph()
        let ranks = GraphSVG.layout(g)
        let rankOf = Dictionary(uniqueKeysWithValues: ranks.enumerated().flatMap { i, r in r.map { ($0, i) } })
        let leaked = g.nodes.filter { $0.marks.contains(.leaked) }
        XCTAssertEqual(leaked.count, 4)
        let a = try XCTUnwrap(leaked.first { $0.name.hasPrefix("a#") }), h = try XCTUnwrap(g.nodes.first { $0.name.hasPrefix("h#") })
        XCTAssertEqual(rankOf[a.id], rankOf[h.id]! + 1, "a leak hangs below the object that points at it")
        XCTAssertEqual(Set(leaked.filter { $0.id != a.id }.map { rankOf[$0.id]! }).count, 1, "unreferenced leaks share a rank")
        let svg = GraphSVG.render(g)
        XCTAssertEqual(svg.components(separatedBy: "<g class=\"node object leaked\"").count - 1, 4)
        XCTAssertEqual(svg.components(separatedBy: "fill=\"#ffe0e0\" stroke=\"red\"").count - 1, 4, "leaks are red")
    }

    /// Past the limit the picture is the part around what matters, and says what it left out.
    func testALargeGraphDrawsThePartThatMatters() throws {
        var s = "platform ios 5.1\nmemory mrc\nclass Holder : NSObject {\n    outlet peer : UIView assign\n}\nscenario \"many\" {\n    h = new Holder\n"
        for i in 1...500 { s += "    v\(i) = new UIView\n" }
        s += "    lost = new UILabel\n    h.peer = lost\n    lost = nil\n    expect alive v250\n}\n"
        let program = HTMLReportTests.compile(s)
        let run = ScenarioRun(program: program, scenario: program.scenarios[0], config: program.config)
        run.run()
        let (g, note) = run.objectGraph(limit: ObjectGraph.standaloneLimit, named: run.namesInExpectations())
        let objects = g.nodes.filter { $0.kind == .object }
        XCTAssertEqual(objects.count, ObjectGraph.standaloneLimit)
        XCTAssert(objects.contains { $0.marks.contains(.leaked) && $0.className == "UILabel" }, "the leak is drawn")
        XCTAssert(objects.contains { $0.name.hasPrefix("h#") }, "its owner too")
        XCTAssert(objects.contains { $0.name.hasPrefix("v250#") }, "and what an expectation names")
        let n = try XCTUnwrap(note)
        XCTAssert(n.hasPrefix("502 objects alive are too many to draw: drawn, 80: the leaked, dangling and expected objects and their neighbours."), n)
        XCTAssert(n.contains("Left out: 422 objects (422 UIView)"), n)
        for e in g.edges { XCTAssert(g.nodes.contains { $0.id == e.to } && g.nodes.contains { $0.id == e.from }) }
        // Both formats say so.
        let path = NSTemporaryDirectory() + "many-\(getpid()).nibscript"
        try s.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssert(Driver.main(["graph", path]).stdout.contains("502 objects alive are too many to draw"))
        XCTAssert(Driver.main(["graph", path, "--format", "svg"]).stdout.contains("class=\"note\""))
        // Under the limit, nothing is left out and there is no note.
        XCTAssertNil(run.objectGraph(limit: 1000, named: []).note)
    }

    /// The crossing count (a Fenwick tree) against counting every pair.
    func testCrossingsAreCountedExactly() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let size = Int.random(in: 1...12, using: &rng)
            let values = (0..<Int.random(in: 0...30, using: &rng)).map { _ in Int.random(in: 0..<size, using: &rng) }
            var pairs = 0
            for i in values.indices { for j in values.indices where i < j && values[i] > values[j] { pairs += 1 } }
            XCTAssertEqual(GraphLayout.inversions(values, size: size), pairs)
        }
    }

    /// Placement keeps order, spacing and bounds, and puts boxes where they want to be when
    /// there is room.
    func testPlacementKeepsOrderSpacingAndBounds() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let count = Int.random(in: 1...8, using: &rng)
            let widths = (0..<count).map { _ in Double(Int.random(in: 10...80, using: &rng)) }
            let desired = (0..<count).map { _ in Double(Int.random(in: -100...700, using: &rng)) }
            let total = widths.reduce(0, +) + Double(count - 1) * 14
            let width = max(total, 600)
            let x = GraphLayout.place(desired: desired, widths: widths, gap: 14, width: width)
            XCTAssertEqual(x.count, count)
            XCTAssertGreaterThanOrEqual(x[0] - widths[0] / 2, -0.001)
            XCTAssertLessThanOrEqual(x[count - 1] + widths[count - 1] / 2, width + 0.001)
            for k in 1..<max(1, count) where count > 1 {
                XCTAssertGreaterThanOrEqual(x[k] - x[k - 1], (widths[k] + widths[k - 1]) / 2 + 14 - 0.001)
            }
        }
        XCTAssertEqual(GraphLayout.place(desired: [100, 300], widths: [20, 20], gap: 14, width: 600), [100, 300])
    }
}
