import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
/// An object graph as a standalone SVG picture, laid out here so that nothing (Graphviz)
/// has to be installed. The layout is layered and deterministic:
/// - layer 0 holds the roots (variables, pools, the application, windows, stacks); every
///   other object sits one layer below the nearest object that references it (breadth-first
///   from the roots, following every kind of reference);
/// - objects no root reaches (leaks, and what only leaks reference) come after, a component
///   at a time, each one layer below its lowest placed referrer;
/// - within a layer, nodes are ordered by the mean position of their referrers in the layers
///   above (one pass), ties by the graph's node order;
/// - edges are quadratic curves from the bottom of the referrer to the top of the target,
///   spread along both sides in the order of the other ends (bending below when they go up
///   or stay in a layer), labelled at their middle.
/// Colours and dashes follow `GraphDOT`. Each node is one `<g class="node …">` with the
/// node's id; each edge one `<g class="edge …">`.
public enum GraphSVG {
    package struct Box {
        var x: Double, y: Double, width: Double, height: Double
        var midX: Double { x + width / 2 }
        var bottom: Double { y + height }
    }

    package static let charWidth = 6.6, lineHeight = 14.0, padding = 10.0
    package static let hGap = 36.0, vGap = 80.0, margin = 24.0, captionHeight = 28.0

    public static func render(_ g: ObjectGraph) -> String {
        let layers = layout(g)
        // Sizes, then positions, layer by layer, each layer centred.
        var size: [String: (Double, Double)] = [:]
        for n in g.nodes {
            let lines = GraphDOT.labelLines(n)
            let w = Double(lines.map(\.count).max() ?? 0) * charWidth + 2 * padding
            size[n.id] = (max(w, 60), Double(lines.count) * lineHeight + padding)
        }
        let rowWidths = layers.map { row in row.reduce(0.0) { $0 + size[$1]!.0 } + Double(max(0, row.count - 1)) * hGap }
        let caption = GraphDOT.caption(g)
        let width = max(rowWidths.max() ?? 0, Double(caption.count) * charWidth) + 2 * margin
        var boxes: [String: Box] = [:]
        var y = margin + captionHeight
        for (i, row) in layers.enumerated() {
            var x = margin + (width - 2 * margin - rowWidths[i]) / 2
            let rowHeight = row.map { size[$0]!.1 }.max() ?? 0
            for id in row {
                let (w, h) = size[id]!
                boxes[id] = Box(x: x, y: y + (rowHeight - h) / 2, width: w, height: h)
                x += w + hGap
            }
            y += rowHeight + vGap
        }
        let height = y - vGap + margin

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(num(width))\" height=\"\(num(height))\" "
        out += "viewBox=\"0 0 \(num(width)) \(num(height))\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">\n"
        out += "<title>\(escape(caption))</title>\n"
        out += "<defs>\n"
        for (name, colour) in [("arrow", "black"), ("arrow-red", "red"), ("arrow-gray", "gray"), ("arrow-blue", "blue")] {
            out += "<marker id=\"\(name)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">"
            out += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>\n"
        }
        out += "</defs>\n"
        out += "<rect x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"white\"/>\n"
        out += "<text class=\"caption\" x=\"\(num(margin))\" y=\"\(num(margin + 12))\" font-size=\"12\">\(escape(caption))</text>\n"

        // Edges first, so nodes cover their ends. Parallel edges between one pair bend apart.
        var seenPairs: [String: Int] = [:]
        let layerOf = Dictionary(uniqueKeysWithValues: layers.enumerated().flatMap { i, row in row.map { ($0, i) } })
        // Downward edges leave a node's bottom and enter a node's top spread out, ordered by
        // the other end's position, so that they do not all meet in one point.
        let down = g.edges.indices.filter { i in
            let e = g.edges[i]
            return boxes[e.from] != nil && boxes[e.to] != nil && e.from != e.to && layerOf[e.to]! > layerOf[e.from]!
        }
        var exitX: [Int: Double] = [:], entryX: [Int: Double] = [:]
        for (ends, other, slot) in [(\ObjectGraph.Edge.from, \ObjectGraph.Edge.to, 0), (\ObjectGraph.Edge.to, \ObjectGraph.Edge.from, 1)] {
            let groups = Dictionary(grouping: down) { g.edges[$0][keyPath: ends] }
            for (id, indices) in groups {
                let box = boxes[id]!
                let sorted = indices.sorted { (boxes[g.edges[$0][keyPath: other]]!.midX, $0) < (boxes[g.edges[$1][keyPath: other]]!.midX, $1) }
                for (k, i) in sorted.enumerated() {
                    let x = box.x + box.width * Double(k + 1) / Double(sorted.count + 1)
                    if slot == 0 { exitX[i] = x } else { entryX[i] = x }
                }
            }
        }
        for (index, e) in g.edges.enumerated() {
            guard let a = boxes[e.from], let b = boxes[e.to] else { continue }
            let pair = [e.from, e.to].sorted().joined(separator: "|")
            let k = seenPairs[pair, default: 0]
            seenPairs[pair] = k + 1
            let bend = Double(k) * 28 * (k % 2 == 0 ? 1 : -1)
            let (x1, y1, x2, y2, cx, cy): (Double, Double, Double, Double, Double, Double)
            if e.from == e.to {
                (x1, y1, x2, y2) = (a.x + a.width, a.y + 4, a.x + a.width, a.bottom - 4)
                (cx, cy) = (a.x + a.width + 50 + Double(k) * 20, a.y + a.height / 2)
            } else if layerOf[e.to]! > layerOf[e.from]! {
                (x1, y1, x2, y2) = (exitX[index] ?? a.midX, a.bottom, entryX[index] ?? b.midX, b.y)
                (cx, cy) = ((x1 + x2) / 2 + bend, (y1 + y2) / 2)
            } else {
                // Up or sideways: leave and enter by the sides, bending below.
                let right = b.midX >= a.midX
                (x1, y1) = (right ? a.x + a.width : a.x, a.y + a.height / 2)
                (x2, y2) = (right ? b.x : b.x + b.width, b.y + b.height / 2)
                // Deep enough that the curve's middle passes below the boxes between them.
                (cx, cy) = ((x1 + x2) / 2, max(y1, y2) + min(60 + 0.2 * abs(x2 - x1), 110) + abs(bend))
            }
            let style = edgeStyle(e)
            out += "<g class=\"edge \(escape(GraphDOT.classes(e)))\" data-from=\"\(e.from)\" data-to=\"\(e.to)\">"
            out += "<path d=\"M\(num(x1)),\(num(y1)) Q\(num(cx)),\(num(cy)) \(num(x2)),\(num(y2))\" fill=\"none\" "
            out += "stroke=\"\(style.colour)\" stroke-width=\"\(style.width)\"\(style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "") "
            out += "marker-end=\"url(#\(style.marker))\"/>"
            // The curve's middle (t = 1/2 of a quadratic Bézier).
            let (mx, my) = ((x1 + 2 * cx + x2) / 4, (y1 + 2 * cy + y2) / 4)
            out += "<text x=\"\(num(mx))\" y=\"\(num(my))\" text-anchor=\"middle\" font-size=\"9\" fill=\"\(style.colour == "red" ? "red" : "#333")\" "
            out += "stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">"
            for (i, line) in GraphDOT.labelLines(e).enumerated() {
                out += "<tspan x=\"\(num(mx))\" dy=\"\(i == 0 ? "0" : "11")\">\(escape(line))</tspan>"
            }
            out += "</text></g>\n"
        }

        for n in g.nodes {
            guard let b = boxes[n.id] else { continue }
            let s = nodeStyle(n)
            out += "<g class=\"node \(escape(GraphDOT.classes(n)))\" id=\"\(n.id)\">"
            out += "<title>\(escape(GraphDOT.labelLines(n).joined(separator: ", ")))</title>"
            if n.marks.contains(.root) {
                out += "<rect x=\"\(num(b.x - 3))\" y=\"\(num(b.y - 3))\" width=\"\(num(b.width + 6))\" height=\"\(num(b.height + 6))\" "
                out += "rx=\"7\" fill=\"none\" stroke=\"\(s.stroke)\"/>"
            }
            out += "<rect x=\"\(num(b.x))\" y=\"\(num(b.y))\" width=\"\(num(b.width))\" height=\"\(num(b.height))\" rx=\"5\" "
            out += "fill=\"\(s.fill)\" stroke=\"\(s.stroke)\" stroke-width=\"\(s.width)\"\(s.dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>"
            out += "<text x=\"\(num(b.midX))\" y=\"\(num(b.y + padding / 2 + lineHeight - 3))\" text-anchor=\"middle\" fill=\"\(s.text)\">"
            for (i, line) in GraphDOT.labelLines(n).enumerated() {
                out += "<tspan x=\"\(num(b.midX))\" dy=\"\(i == 0 ? "0" : num(lineHeight))\"\(i == 0 ? " font-weight=\"bold\"" : "")>\(escape(line))</tspan>"
            }
            out += "</text></g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// The node ids of each layer, top first.
    package static func layout(_ g: ObjectGraph) -> [[String]] {
        let order = Dictionary(uniqueKeysWithValues: g.nodes.enumerated().map { ($1.id, $0) })
        var successors: [String: [String]] = [:], predecessors: [String: [String]] = [:]
        for e in g.edges where order[e.from] != nil && order[e.to] != nil && e.from != e.to {
            successors[e.from, default: []].append(e.to)
            predecessors[e.to, default: []].append(e.from)
        }
        var layer: [String: Int] = [:]
        func bfs(_ start: [String], at depth: Int) {
            var frontier = start.filter { layer[$0] == nil }
            frontier.forEach { layer[$0] = depth }
            var d = depth
            while !frontier.isEmpty {
                d += 1
                var next: [String] = []
                for id in frontier { for t in successors[id] ?? [] where layer[t] == nil { layer[t] = d; next.append(t) } }
                frontier = next
            }
        }
        bfs(g.nodes.filter { $0.marks.contains(.root) }.map(\.id), at: 0)
        while let first = g.nodes.first(where: { layer[$0.id] == nil && (predecessors[$0.id] ?? []).allSatisfy { layer[$0] != nil } })
                ?? g.nodes.first(where: { layer[$0.id] == nil }) {
            let placed = (predecessors[first.id] ?? []).compactMap { layer[$0] }
            let below = (layer.values.max() ?? -1) + 1
            bfs([first.id], at: placed.max().map { $0 + 1 } ?? below)
        }
        let count = (layer.values.max() ?? -1) + 1
        var rows = [[String]](repeating: [], count: count)
        for n in g.nodes { rows[layer[n.id]!].append(n.id) }
        // One pass of barycentres: order by the mean index of referrers in earlier layers.
        var position: [String: Double] = [:]
        for i in rows.indices {
            let keyed = rows[i].map { id -> (String, Double) in
                let above = (predecessors[id] ?? []).compactMap { p -> Double? in layer[p]! < i ? position[p] : nil }
                return (id, above.isEmpty ? Double(order[id]!) : above.reduce(0, +) / Double(above.count))
            }
            rows[i] = keyed.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : order[$0.0]! < order[$1.0]! }.map(\.0)
            for (k, id) in rows[i].enumerated() { position[id] = Double(k) }
        }
        return rows
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
