import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
/// An object graph as a standalone SVG picture, laid out here (`GraphLayout`) so that
/// nothing (Graphviz) has to be installed; the HTML report draws its graph panel with the
/// same function. Roots on top, each object below the object that first reaches it, leaks
/// below their owners, every edge labelled with its slot and kind in a box of its own (no
/// two labels overlap, none leaves the picture), text monospace and 12 px or more, the
/// width bounded (long lines wrap). Colours and dashes follow `GraphDOT`. Each node is one
/// `<g class="node …">` with the node's id; each edge one `<g class="edge …">` holding its
/// curve and its label (`<g class="label">`).
public enum GraphSVG {
    public static func render(_ g: ObjectGraph) -> String { render(g, GraphLayout.Options()) }

    /// `alive`: the objects alive in the whole graph, when `g` is the part of it worth drawing
    /// (`focused`), for the report's caption; `note` says what was left out.
    package static func render(_ g: ObjectGraph, _ options: GraphLayout.Options, standalone: Bool = true, note: String? = nil,
                               alive: Int? = nil) -> String {
        var options = options
        options.note = note
        let L = GraphLayout(g, options)
        let width = L.width, height = L.height
        var out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        let objects = alive ?? g.nodes.filter { $0.kind == .object && !$0.marks.contains(.deallocated) }.count
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"object-graph\" data-alive=\"\(objects)\" width=\"\(num(width))\" height=\"\(num(height))\" "
        out += "viewBox=\"0 0 \(num(width)) \(num(height))\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, ui-monospace, monospace\" font-size=\"12\">\n"
        out += "<title>\(escape(GraphDOT.caption(g)))</title>\n"
        out += "<defs>\n"
        for (name, colour) in [("arrow", "black"), ("arrow-red", "red"), ("arrow-gray", "gray"), ("arrow-blue", "blue")] {
            out += "<marker id=\"\(name)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" markerWidth=\"9\" markerHeight=\"9\" orient=\"auto\">"
            out += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>\n"
        }
        out += "</defs>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"white\"/>\n"
        if L.noteStart > 0 {
            out += lines(Array(L.caption[..<L.noteStart]), x: L.captionBox.x, y: L.captionBox.y, anchor: "start", attributes: "class=\"caption\"")
        }
        if L.noteStart < L.caption.count {
            out += lines(Array(L.caption[L.noteStart...]), x: L.captionBox.x, y: L.captionBox.y + Double(L.noteStart) * GraphLayout.lineHeight,
                         anchor: "start", attributes: "class=\"note\" fill=\"#92400e\"")
        }
        // Edges first, so nodes cover their ends; each edge's label over its curve.
        for (k, e) in g.edges.enumerated() {
            let points = L.paths[k]
            guard points.count >= 2 else { continue }
            let style = edgeStyle(e)
            var d = "M\(num(points[0].x)),\(num(points[0].y))"
            for (p, q) in zip(points, points.dropFirst()) {
                // Vertical tangents at every point: the curve leaves and enters boxes straight.
                let dy = (q.y - p.y) / 2
                d += " C\(num(p.x)),\(num(p.y + dy)) \(num(q.x)),\(num(q.y - dy)) \(num(q.x)),\(num(q.y))"
            }
            out += "<g class=\"edge \(escape(GraphDOT.classes(e)))\" data-from=\"\(e.from)\" data-to=\"\(e.to)\">"
            out += "<path d=\"\(d)\" fill=\"none\" stroke=\"\(style.colour)\" stroke-width=\"\(style.width)\"\(style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") "
            out += "marker-end=\"url(#\(style.marker))\"/>"
            let b = L.labels[k]
            out += "<g class=\"label\"><rect x=\"\(num(b.x))\" y=\"\(num(b.y))\" width=\"\(num(b.width))\" height=\"\(num(b.height))\" rx=\"3\" fill=\"white\" fill-opacity=\"0.9\"/>"
            out += lines(L.labelLines[k], x: b.midX, y: b.y + 1, anchor: "middle", attributes: "fill=\"\(style.colour == "red" ? "#c00000" : "#333")\"")
            out += "</g></g>\n"
        }
        for (i, n) in g.nodes.enumerated() {
            let b = L.nodes[i]
            let s = nodeStyle(n)
            out += "<g class=\"node \(escape(GraphDOT.classes(n)))\" id=\"\(n.id)\">"
            out += "<title>\(escape(GraphDOT.labelLines(n).joined(separator: ", ")))</title>"
            if n.marks.contains(.root) {
                out += "<rect x=\"\(num(b.x - 3))\" y=\"\(num(b.y - 3))\" width=\"\(num(b.width + 6))\" height=\"\(num(b.height + 6))\" "
                out += "rx=\"7\" fill=\"none\" stroke=\"\(s.stroke)\"/>"
            }
            out += "<rect x=\"\(num(b.x))\" y=\"\(num(b.y))\" width=\"\(num(b.width))\" height=\"\(num(b.height))\" rx=\"5\" "
            out += "fill=\"\(s.fill)\" stroke=\"\(s.stroke)\" stroke-width=\"\(s.width)\"\(s.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>"
            out += lines(L.nodeLines[i], x: b.midX, y: b.y + GraphLayout.nodePadding / 2, anchor: "middle", attributes: "fill=\"\(s.text)\"", boldFirst: true)
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// One `<text>` per line (a box per line, as a browser measures it), the first line's top at `y`.
    private static func lines(_ lines: [String], x: Double, y: Double, anchor: String, attributes: String, boldFirst: Bool = false) -> String {
        var out = ""
        for (i, line) in lines.enumerated() {
            // The baseline sits about 0.8 em below the line's top.
            let baseline = y + Double(i) * GraphLayout.lineHeight + 12
            out += "<text x=\"\(num(x))\" y=\"\(num(baseline))\" text-anchor=\"\(anchor)\" \(attributes)\(boldFirst && i == 0 ? " font-weight=\"bold\"" : "")>\(escape(line))</text>"
        }
        return out
    }

    /// The node ids of each rank, top first.
    package static func layout(_ g: ObjectGraph) -> [[String]] {
        GraphLayout(g).ranks.map { $0.map { g.nodes[$0].id } }
    }

    package struct NodeStyle { var fill: String, stroke: String, text: String, width: String, dash: String? }
    package struct EdgeStyle { var colour: String, width: String, dash: String?, marker: String }

    package static func nodeStyle(_ n: ObjectGraph.Node) -> NodeStyle {
        if n.marks.contains(.leaked) { return NodeStyle(fill: "#ffe0e0", stroke: "red", text: "#b00000", width: "2", dash: nil) }
        if n.marks.contains(.abandoned) { return NodeStyle(fill: "#fff0d0", stroke: "darkorange", text: "black", width: "2", dash: nil) }
        if n.marks.contains(.deallocated) { return NodeStyle(fill: "#f4f4f4", stroke: "gray", text: "gray", width: "1", dash: "4,3") }
        switch n.kind {
        case .variables: return NodeStyle(fill: "#e8f0ff", stroke: "black", text: "black", width: "1.5", dash: nil)
        case .pool: return NodeStyle(fill: "#f0f0f0", stroke: "gray", text: "black", width: "1.5", dash: nil)
        case .object: return NodeStyle(fill: "white", stroke: "black", text: "black", width: n.marks.contains(.root) ? "1.5" : "1", dash: nil)
        }
    }

    package static func edgeStyle(_ e: ObjectGraph.Edge) -> EdgeStyle {
        if e.dangling { return EdgeStyle(colour: "red", width: "1.5", dash: "5,3", marker: "arrow-red") }
        switch e.kind {
        case .strong: return EdgeStyle(colour: "black", width: "2", dash: nil, marker: "arrow")
        case .assign: return EdgeStyle(colour: "black", width: "1", dash: "5,3", marker: "arrow")
        case .weak: return EdgeStyle(colour: "black", width: "1", dash: "1,3", marker: "arrow")
        case .retainedIvar: return EdgeStyle(colour: "blue", width: "2", dash: nil, marker: "arrow-blue")
        case .subview, .list, .adopted: return EdgeStyle(colour: "black", width: "1", dash: nil, marker: "arrow")
        case .pool: return EdgeStyle(colour: "gray", width: "1", dash: "5,3", marker: "arrow-gray")
        }
    }

    /// A number with at most one decimal, the same on every machine.
    package static func num(_ x: Double) -> String {
        let tenths = Int((x * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let a = abs(tenths)
        return a % 10 == 0 ? "\(sign)\(a / 10)" : "\(sign)\(a / 10).\(a % 10)"
    }

    /// Text and attribute values escaped for XML, as the HTML report escapes them.
    package static func escape(_ s: String) -> String { HTML.escape(s) }
}
