import Foundation
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `nibscript graph`: the DOT is parsed back and checked node by node and edge by edge; the
/// SVG is parsed as XML.
final class GraphTests: XCTestCase {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    static func example(_ path: String) -> String { examples.appendingPathComponent(path).path }

    /// A DOT graph read back: nodes and edges with their attributes (strings unescaped).
    struct ParsedDOT {
        var nodes: [String: [String: String]] = [:]
        var nodeOrder: [String] = []
        var edges: [(from: String, to: String, attributes: [String: String])] = []

        func edge(_ from: String, _ to: String) -> [String: String]? {
            edges.first { $0.from == from && $0.to == to }?.attributes
        }
        /// The node whose label starts with `Class name#n` (numbers as in the trace).
        func node(labelled prefix: String) -> (id: String, attributes: [String: String])? {
            nodeOrder.lazy.map { ($0, nodes[$0]!) }.first { $0.1["label"]?.hasPrefix(prefix + "\n") == true || $0.1["label"] == prefix }
        }
        func classes(_ id: String) -> Set<String> { Set((nodes[id]?["class"] ?? "").split(separator: " ").map(String.init)) }
    }

    static func parse(_ dot: String, file: StaticString = #filePath, line: UInt = #line) -> ParsedDOT {
        var g = ParsedDOT()
        let nodeRE = try! NSRegularExpression(pattern: #"^  (\w+) \[(.*)\];$"#)
        let edgeRE = try! NSRegularExpression(pattern: #"^  (\w+) -> (\w+) \[(.*)\];$"#)
        let attrRE = try! NSRegularExpression(pattern: #"(\w+)=("(?:[^"\\]|\\.)*"|[^,\s"]+)"#)
        func attributes(_ s: String) -> [String: String] {
            var out: [String: String] = [:]
            for m in attrRE.matches(in: s, range: NSRange(s.startIndex..., in: s)) {
                let key = (s as NSString).substring(with: m.range(at: 1))
                var value = (s as NSString).substring(with: m.range(at: 2))
                if value.hasPrefix("\"") {
                    value = String(value.dropFirst().dropLast())
                        .replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\\"", with: "\"")
                        .replacingOccurrences(of: "\\\\", with: "\\")
                }
                out[key] = value
            }
            return out
        }
        let lines = dot.components(separatedBy: "\n")
        XCTAssert(lines.first?.hasPrefix("digraph \"") == true, "not a digraph: \(lines.first ?? "")", file: file, line: line)
        XCTAssertEqual(lines.suffix(2), ["}", ""], file: file, line: line)
        for l in lines {
            let r = NSRange(l.startIndex..., in: l)
            if let m = edgeRE.firstMatch(in: l, range: r) {
                let s = { (i: Int) in (l as NSString).substring(with: m.range(at: i)) }
                g.edges.append((s(1), s(2), attributes(s(3))))
            } else if let m = nodeRE.firstMatch(in: l, range: r) {
                let s = { (i: Int) in (l as NSString).substring(with: m.range(at: i)) }
                if ["graph", "node", "edge"].contains(s(1)) { continue }
                XCTAssertNil(g.nodes[s(1)], "node \(s(1)) twice", file: file, line: line)
                g.nodes[s(1)] = attributes(s(2))
                g.nodeOrder.append(s(1))
            }
        }
        for e in g.edges {
            XCTAssertNotNil(g.nodes[e.from], "edge from undeclared node \(e.from)", file: file, line: line)
            XCTAssertNotNil(g.nodes[e.to], "edge to undeclared node \(e.to)", file: file, line: line)
        }
        return g
    }

    func graph(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> ParsedDOT {
        let r = Driver.main(["graph"] + args)
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        return Self.parse(r.stdout, file: file, line: line)
    }

    // MARK: DOT

    func testAssignOutletToADrainedTopLevelViewDangles() throws {
        let g = graph([Self.example("nibs/ios-assign-outlet-toplevel.nibscript")])
        // At the end: the owner, its label and spinner, and the deallocated button the
        // assign outlet still points at; root (the top-level view) is gone and not pointed at.
        XCTAssertEqual(g.nodes.count, 5, "\(g.nodeOrder)")
        XCTAssertEqual(g.edges.count, 4)
        let owner = try XCTUnwrap(g.node(labelled: "Owner o#1"))
        let button = try XCTUnwrap(g.node(labelled: "UIButton ok#4"))
        let spinner = try XCTUnwrap(g.node(labelled: "UIActivityIndicatorView spin#5"))
        XCTAssertNil(g.node(labelled: "UIView root#2"))
        XCTAssertEqual(g.classes(button.id), ["object", "deallocated"])
        XCTAssert(button.attributes["label"]!.contains("DEALLOCATED at line 38"))
        let outlet = try XCTUnwrap(g.edge(owner.id, button.id))
        XCTAssertEqual(outlet["label"], "button\nassign, DANGLING")
        XCTAssertEqual(outlet["class"], "assign dangling")
        XCTAssertEqual(outlet["color"], "red")
        // The ivar KVC found (no setter) holds a +1 although the ivar manages nothing itself.
        XCTAssertEqual(g.edge(owner.id, spinner.id)?["label"], "_spinner\nretained ivar")
        XCTAssertEqual(g.edge("vars", owner.id)?["label"], "o\nstrong")
        XCTAssertEqual(g.classes("vars"), ["variables", "root"])
        XCTAssertEqual(g.nodes["vars"]?["peripheries"], "2")
    }

    func testBeforeTheDrainThePoolHoldsTheTopLevelView() throws {
        // After line 37 the run loop's pool still holds the autoreleased top-level view.
        let g = graph([Self.example("nibs/ios-assign-outlet-toplevel.nibscript"), "--at", "37"])
        XCTAssertEqual(g.nodes.count, 7, "\(g.nodeOrder)")  // vars, pool0, 5 objects
        let root = try XCTUnwrap(g.node(labelled: "UIView root#2"))
        XCTAssertEqual(g.classes("pool0"), ["pool", "root"])
        XCTAssertEqual(g.edge("pool0", root.id)?["class"], "pool")
        XCTAssertEqual(g.edges.filter { $0.from == root.id }.map { $0.attributes["label"]! },
                       ["subviews[0]\nsubview", "subviews[1]\nsubview", "subviews[2]\nsubview"])
        let button = try XCTUnwrap(g.node(labelled: "UIButton ok#4"))
        XCTAssertEqual(g.classes(button.id), ["object"])
        XCTAssert(button.attributes["label"]!.contains("count 1"))
        XCTAssertFalse(g.edges.contains { $0.attributes["class"]!.contains("dangling") })
        // The caption says where the run stopped.
        let r = Driver.main(["graph", Self.example("nibs/ios-assign-outlet-toplevel.nibscript"), "--at", "37"])
        XCTAssert(r.stdout.contains("after line 37"), r.stdout)
    }

    func testStoppingInsideAPoolLeavesItUndrained() throws {
        let path = Self.example("engine/autorelease-pools.nibscript")
        // Twice autoreleased: one edge that awaits two releases.
        let twice = graph([path, "--at", "14"])
        let a = try XCTUnwrap(twice.node(labelled: "NSString a#1"))
        XCTAssertEqual(twice.edge("pool0", a.id)?["label"], "pending ×2")
        // Inside the nested pool, after its autoreleased string: pool 1 holds it.
        let inside = graph([path, "--scenario", "a nested pool drains at its closing brace", "--at", "25"])
        let temp = try XCTUnwrap(inside.node(labelled: "NSString temp#2"))
        XCTAssertEqual(inside.edge("pool1", temp.id)?["label"], "pending")
        XCTAssertEqual(inside.edge("vars", temp.id)?["label"], "temp\nassign")
        // On the pool's last line, before its closing brace: not drained yet.
        let last = graph([path, "--scenario", "a nested pool drains at its closing brace", "--at", "26"])
        XCTAssertNotNil(last.nodes["pool1"])
        // After the closing brace the string is gone, and with it the pool's node.
        let after = graph([path, "--scenario", "a nested pool drains at its closing brace", "--at", "27"])
        XCTAssertNil(after.nodes["pool1"])
        XCTAssertEqual(after.node(labelled: "NSString temp#2").map { after.classes($0.id) }, ["object", "deallocated"])
        // The end of the scenario drains the run loop's pool; stopping on its last line does not.
        let end = graph([path, "--scenario", "the end of the scenario ends the event"])
        XCTAssertNil(end.nodes["pool0"])
        let beforeEnd = graph([path, "--scenario", "the end of the scenario ends the event", "--at", "35"])
        XCTAssertNotNil(beforeEnd.nodes["pool0"])
    }

    func testLeakedObjectsAreMarked() throws {
        let g = graph([Self.example("engine/direct-ivars-and-leaks.nibscript"),
                       "--scenario", "a class that forgets its dealloc leaks what it owns"])
        let leaked = g.nodeOrder.filter { g.classes($0).contains("leaked") }.map { g.nodes[$0]!["label"]!.components(separatedBy: "\n")[0] }
        XCTAssertEqual(leaked, ["NSMutableArray _items#2", "NSString n#3"])
        for id in g.nodeOrder where g.classes(id).contains("leaked") {
            XCTAssertEqual(g.nodes[id]?["color"], "red")
            XCTAssertFalse(g.classes(id).contains("root"))
        }
        let f = try XCTUnwrap(g.node(labelled: "Forgetful f#1"))
        XCTAssertEqual(g.edge("vars", f.id)?["class"], "assign dangling")
    }

    func testControllersRootsAndAbandonedObjects() throws {
        let path = Self.example("controllers/arc-outlets.nibscript")
        let g = graph([path, "--scenario", "viewDidUnload forgets the strong top-level outlet", "--at", "76"])
        let app = try XCTUnwrap(g.node(labelled: "UIApplication app#3"))
        let window = try XCTUnwrap(g.node(labelled: "UIWindow window#4"))
        let nav = try XCTUnwrap(g.node(labelled: "UINavigationController nav#1"))
        let f = try XCTUnwrap(g.node(labelled: "Forgetful f#2"))
        let bar = try XCTUnwrap(g.node(labelled: "UIToolbar bar2#8"))
        XCTAssertEqual(g.classes(app.id), ["object", "root"])
        XCTAssertEqual(g.classes(window.id), ["object", "root"])
        XCTAssertEqual(g.classes(bar.id), ["object", "abandoned"])
        XCTAssertEqual(g.edge(nav.id, f.id)?["label"], "viewControllers[0]\nlist")
        XCTAssertEqual(g.edge(window.id, nav.id)?["label"], "rootViewController\nstrong")
        XCTAssertEqual(g.edge(f.id, bar.id)?["label"], "toolbar2\nstrong")
        XCTAssertEqual(g.edge(app.id, window.id)?["class"], "adopted")
        // After the pop (end of scenario) the view loaded again: nothing is abandoned.
        let end = graph([path, "--scenario", "viewDidUnload forgets the strong top-level outlet"])
        XCTAssertFalse(end.nodeOrder.contains { end.classes($0).contains("abandoned") })
    }

    func testWeakReferencesAreDotted() throws {
        let path = Self.example("controllers/arc-outlets.nibscript")
        let g = graph([path, "--scenario", "weak subviews zero, strong top-level niled", "--at", "55"])
        let weak = g.edges.filter { $0.attributes["class"] == "weak" }
        XCTAssertFalse(weak.isEmpty, "\(g.edges.map(\.attributes))")
        for e in weak { XCTAssertEqual(e.attributes["style"], "dotted") }
    }

    func testOutputIsDeterministic() {
        let args = ["graph", Self.example("controllers/memory-warning-ios51.nibscript")]
        XCTAssertEqual(Driver.main(args).stdout, Driver.main(args).stdout)
        XCTAssertEqual(Driver.main(args + ["--format", "svg"]).stdout, Driver.main(args + ["--format", "svg"]).stdout)
    }

    /// Every line of every scenario of every example that compiles: the graph is drawn, every
    /// edge joins drawn nodes, a leaked object is never a root, a dangling edge always points
    /// at a deallocated node, and the SVG has a node per node of the graph.
    func testEveryLineOfEveryExampleDraws() throws {
        let paths = (FileManager.default.enumerator(atPath: Self.examples.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".nibscript") }.sorted()
        var graphs = 0
        for p in paths {
            let path = Self.example(p)
            let file = SourceFile(path: path, bytes: [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: path))))
            guard let program = Compiler.compile(file).0 else { continue }
            for s in program.scenarios {
                let first = file.location(of: s.range.start).line
                let last = file.location(of: s.range.end - 1).line
                for line in first...last {
                    let run = ScenarioRun(program: program, scenario: s, config: program.config)
                    run.stopAfterLine = line
                    run.run()
                    let g = run.objectGraph()
                    graphs += 1
                    let at = "\(p):\(line)"
                    let nodes = Dictionary(uniqueKeysWithValues: g.nodes.map { ($0.id, $0) })
                    XCTAssertEqual(nodes.count, g.nodes.count, at)
                    for e in g.edges {
                        guard let to = nodes[e.to] else { XCTFail("\(at): edge to \(e.to) not drawn"); continue }
                        XCTAssertNotNil(nodes[e.from], at)
                        XCTAssertEqual(e.dangling, to.marks.contains(.deallocated), "\(at): \(e)")
                    }
                    for n in g.nodes {
                        XCTAssertFalse(n.marks.contains(.leaked) && n.marks.contains(.root), "\(at): \(n)")
                        XCTAssertFalse(n.marks.contains(.leaked) && n.marks.contains(.deallocated), "\(at): \(n)")
                    }
                    XCTAssertEqual(GraphSVG.layout(g).flatMap { $0 }.count, g.nodes.count, at)
                }
            }
        }
        XCTAssertGreaterThan(graphs, 500)
    }

    // MARK: SVG

    /// Counts `<g class="node …">` elements and their ids.
    final class SVGNodes: NSObject, XMLParserDelegate {
        var nodeIDs: [String] = []
        var edges = 0
        var root: String?
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if root == nil { root = name }
            guard name == "g", let c = attributes["class"] else { return }
            if c.hasPrefix("node ") { nodeIDs.append(attributes["id"] ?? "") }
            if c.hasPrefix("edge ") { edges += 1 }
        }
    }

    func testSVGIsWellFormedWithOneNodePerObject() throws {
        for (path, extra) in [("controllers/memory-warning-ios51.nibscript", [String]()),
                              ("nibs/ios-assign-outlet-toplevel.nibscript", ["--at", "37"]),
                              ("engine/direct-ivars-and-leaks.nibscript", ["--scenario", "a class that forgets its dealloc leaks what it owns"])] {
            let svg = Driver.main(["graph", Self.example(path), "--format", "svg"] + extra)
            XCTAssertEqual(svg.status, 0, svg.stderr)
            let dot = graph([Self.example(path)] + extra)
            let parser = XMLParser(data: Data(svg.stdout.utf8))
            let delegate = SVGNodes()
            parser.delegate = delegate
            XCTAssert(parser.parse(), "\(path): \(parser.parserError.map { "\($0)" } ?? "")")
            XCTAssertEqual(delegate.root, "svg")
            XCTAssertEqual(delegate.nodeIDs.sorted(), dot.nodeOrder.sorted(), path)
            XCTAssertEqual(delegate.edges, dot.edges.count, path)
        }
    }

    func testSVGLayoutPutsRootsOnTopAndNodesDoNotOverlap() throws {
        let path = Self.example("controllers/memory-warning-ios51.nibscript")
        let data = try XCTUnwrap(FileManager.default.contents(atPath: path))
        let (program, _) = Compiler.compile(SourceFile(path: path, bytes: [UInt8](data)))
        let run = ScenarioRun(program: program!, scenario: program!.scenarios[0], config: program!.config)
        run.run()
        let g = run.objectGraph()
        let layers = GraphSVG.layout(g)
        let roots = Set(g.nodes.filter { $0.marks.contains(.root) }.map(\.id))
        XCTAssertEqual(Set(layers[0]), roots)
        XCTAssertEqual(layers.flatMap { $0 }.sorted(), g.nodes.map(\.id).sorted())
        // Each non-root object sits below some object that references it.
        let layerOf = Dictionary(uniqueKeysWithValues: layers.enumerated().flatMap { i, row in row.map { ($0, i) } })
        for n in g.nodes where !roots.contains(n.id) {
            let referrers = g.edges.filter { $0.to == n.id }.map { layerOf[$0.from]! }
            if !referrers.isEmpty { XCTAssert(referrers.contains { $0 < layerOf[n.id]! }, n.id) }
        }
        // Rectangles of one layer do not overlap: read them back from the SVG.
        let svg = GraphSVG.render(g)
        let rectRE = try NSRegularExpression(pattern: #"<g class="node [^"]*" id="(\w+)"><title>[^<]*</title>(?:<rect[^>]*fill="none"[^>]*/>)?<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)""#)
        var rects: [(Double, Double, Double, Double)] = []
        for m in rectRE.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)) {
            let v = (2...5).map { Double((svg as NSString).substring(with: m.range(at: $0)))! }
            rects.append((v[0], v[1], v[2], v[3]))
        }
        XCTAssertEqual(rects.count, g.nodes.count)
        for i in rects.indices { for j in rects.indices where i < j {
            let (a, b) = (rects[i], rects[j])
            let apart = a.0 + a.2 <= b.0 || b.0 + b.2 <= a.0 || a.1 + a.3 <= b.1 || b.1 + b.3 <= a.1
            XCTAssert(apart, "nodes \(i) and \(j) overlap")
        } }
    }

    func testGraphvizAcceptsTheDOT() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/usr/local/bin"
        let candidates = (path.split(separator: ":").map(String.init) + ["/opt/homebrew/bin"]).map { $0 + "/dot" }
        guard let dot = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("Graphviz's 'dot' is not on the PATH: the DOT is checked by parsing it back instead")
        }
        let r = Driver.main(["graph", Self.example("controllers/memory-warning-ios51.nibscript")])
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dot)
        p.arguments = ["-Tsvg"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        p.standardInput = input; p.standardOutput = output; p.standardError = errors
        try p.run()
        input.fileHandleForWriting.write(Data(r.stdout.utf8))
        try input.fileHandleForWriting.close()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, err)
        XCTAssertEqual(err, "", "Graphviz warned")
        XCTAssert(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }

    // MARK: Errors

    func testALinePastTheEndIsAnErrorAtTheLastLine() {
        let path = Self.example("nibs/ios-assign-outlet-toplevel.nibscript")
        let r = Driver.main(["graph", path, "--at", "9999"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssert(r.stderr.hasPrefix("\(path):45:1: error: --at 9999 is past the end of the file, which has 45 lines\n}\n^\n"), r.stderr)
    }

    func testALineOutsideTheScenarioSaysWhereItRuns() {
        let path = Self.example("nibs/ios-assign-outlet-toplevel.nibscript")
        let r = Driver.main(["graph", path, "--at", "27"])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains(":32:10: error: --at 27 is not a line of scenario \"assign outlet to an autoreleased top-level view\", which runs from line 32 to line 45\n"), r.stderr)
        XCTAssert(r.stderr.contains("         ^~~~"), r.stderr)
    }

    func testAnUnknownScenarioListsTheTitles() {
        let path = Self.example("engine/direct-ivars-and-leaks.nibscript")
        let r = Driver.main(["graph", path, "--scenario", "a dealloc that releases everythin"])
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("error: no scenario titled \"a dealloc that releases everythin\""), r.stderr)
        XCTAssert(r.stderr.contains("note: did you mean 'a dealloc that releases everything'?"), r.stderr)
        XCTAssert(r.stderr.contains("note: the scenarios are \"overwriting an MRC ivar neither retains nor releases\" (line 35), "), r.stderr)
    }

    func testUsageErrors() {
        for args in [["graph"], ["graph", "x.nibscript", "--format", "png"], ["graph", "x.nibscript", "--at", "zero"],
                     ["graph", "x.nibscript", "--bogus"]] {
            let r = Driver.main(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssert(r.stderr.contains("\nUSAGE: nibscript graph [--scenario <title>]"), "\(args): \(r.stderr)")
            XCTAssert(r.stderr.contains("See 'nibscript graph --help'."), "\(args): \(r.stderr)")
        }
    }
}
