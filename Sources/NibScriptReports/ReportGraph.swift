import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore

/// The plug-in point for the object graph `report` shows beside a line: given a running
/// scenario between two statements, an `<svg>` element of its objects as they stand. Each
/// object is drawn as an element with `class="node"` (what the report's tests count; Graphviz's
/// SVG does the same). `ReportGraph.svg` is the report's own small drawing; `nibscript graph`'s
/// renderer can take its place.
package typealias ObjectGraphRenderer = (_ run: ScenarioRun) -> String

/// A small layered drawing of the live objects and the references between them: the
/// scenario's variables on the left, each object one column right of the first object that
/// reaches it, owning references solid, others dashed, references to deallocated objects red.
package enum ReportGraph {
    package static let maxNodes = 300

    package struct Edge { var from: Int; var to: Int; var label: String; var owning: Bool; var dangling: Bool }

    package static func svg(of run: ScenarioRun) -> String {
        let engine = run.engine
        var objects = engine.liveVisibleObjects
        let hiddenCount = max(0, objects.count - maxNodes)
        if hiddenCount > 0 { objects = Array(objects.prefix(maxNodes)) }
        var index: [ObjectID: Int] = [:]
        for (i, o) in objects.enumerated() { index[o] = i }
        // Deallocated objects still pointed at are drawn as ghosts after the live ones.
        var ghosts: [ObjectID] = []
        var ghostIndex: [ObjectID: Int] = [:]
        func target(_ t: ObjectID) -> (Int, Bool)? {
            if let i = index[t] { return (i, false) }
            if engine.isAlive(t) || engine.isHidden(t) { return nil }
            if let g = ghostIndex[t] { return (g, true) }
            let g = objects.count + ghosts.count
            ghosts.append(t)
            ghostIndex[t] = g
            return (g, true)
        }
        var edges: [Edge] = []
        // The scenario's variables: node -1.
        var variables: [(String, ObjectID)] = []
        if let frame = run.scenarioFrame {
            for (k, name) in frame.names.enumerated() {
                if let o = engine.read(SlotRef(frame.object, k)) { variables.append((name, o)) }
            }
        }
        for (name, o) in variables {
            if let (t, dead) = target(o) { edges.append(Edge(from: -1, to: t, label: name, owning: true, dangling: dead)) }
        }
        // Past a dozen variables their box would dwarf the graph: objects keep their names.
        let drawVariables = variables.count <= 12
        for (i, o) in objects.enumerated() {
            let slots = engine.slots(of: engine.classOf(o))
            for (k, slot) in slots.enumerated() {
                let r = SlotRef(o, k)
                if slot.isList {
                    for t in engine.list(r) {
                        if let (j, dead) = target(t) { edges.append(Edge(from: i, to: j, label: slot.name, owning: true, dangling: dead)) }
                    }
                } else if let t = engine.read(r), let (j, dead) = target(t) {
                    edges.append(Edge(from: i, to: j, label: slot.name, owning: engine.claims(r) > 0, dangling: dead))
                }
            }
        }
        // Layers: breadth first from the variables; what nothing reaches starts a column of its own.
        let n = objects.count + ghosts.count
        var layer = [Int](repeating: -1, count: n)
        var out = [[Int]](repeating: [], count: n)
        var roots: [Int] = []
        for e in edges {
            if e.from < 0 { roots.append(e.to) } else { out[e.from].append(e.to) }
        }
        var queue: [Int] = []
        for r in roots where layer[r] < 0 { layer[r] = 0; queue.append(r) }
        var head = 0
        func flood() {
            while head < queue.count {
                let v = queue[head]; head += 1
                for w in out[v] where layer[w] < 0 { layer[w] = layer[v] + 1; queue.append(w) }
            }
        }
        flood()
        for v in 0..<n where layer[v] < 0 {
            layer[v] = 0
            queue.append(v)
            flood()
        }
        let labels: [(String, String)] = (0..<n).map { v in
            let o = v < objects.count ? objects[v] : ghosts[v - objects.count]
            let cls = engine.className(engine.classOf(o))
            let name = "\(engine.name(o))#\(engine.number(o))"
            return v < objects.count ? (cls, "\(name)  ×\(engine.count(o))") : (cls, "\(name)  deallocated")
        }
        let charWidth = 7.2
        func textWidth(_ v: Int) -> Int { Int((Double(max(labels[v].0.count, labels[v].1.count, 8)) * charWidth).rounded()) + 16 }
        let nodeHeight = 38, rowGap = 14, colGap = 56
        let varsWidth = variables.isEmpty || !drawVariables ? 0 : Int(Double(variables.map(\.0.count).max()! + 2) * charWidth) + 30
        let left = 10 + varsWidth
        // A layer taller than `maxRows` wraps into several columns, so a graph of hundreds of
        // objects stays a block rather than one very tall column.
        let maxRows = 12
        var rowsInLayer: [Int: Int] = [:]
        for v in 0..<n { rowsInLayer[layer[v], default: 0] += 1 }
        let layers = (layer.max() ?? -1) + 1
        var firstColumn = [Int](repeating: 0, count: layers + 1)
        for l in 0..<layers { firstColumn[l + 1] = firstColumn[l] + max(1, (rowsInLayer[l, default: 0] + maxRows - 1) / maxRows) }
        // Each column is as wide as its widest node.
        var placed: [Int: Int] = [:]
        var columnOf = [Int](repeating: 0, count: n)
        var row = [Int](repeating: 0, count: n)
        var columnWidth = [Int](repeating: 0, count: firstColumn[layers])
        for v in 0..<n {
            let k = placed[layer[v], default: 0]
            placed[layer[v]] = k + 1
            columnOf[v] = firstColumn[layer[v]] + k / maxRows
            row[v] = k % maxRows
            columnWidth[columnOf[v]] = max(columnWidth[columnOf[v]], textWidth(v))
        }
        var columnX = [Int](repeating: left, count: columnWidth.count + 1)
        for c in columnWidth.indices { columnX[c + 1] = columnX[c] + columnWidth[c] + colGap }
        var pos = [(x: Int, y: Int)](repeating: (0, 0), count: n)
        var nodeWidths = [Int](repeating: 0, count: n)
        for v in 0..<n {
            pos[v] = (columnX[columnOf[v]], 10 + row[v] * (nodeHeight + rowGap))
            nodeWidths[v] = columnWidth[columnOf[v]]
        }
        let rows = min(maxRows, max(rowsInLayer.values.max() ?? 0, 1))
        let width = max(200, columnX[columnWidth.count] - colGap + 10)
        let height = max(60, 20 + rows * (nodeHeight + rowGap) + (hiddenCount > 0 ? 20 : 0), drawVariables ? variables.count * 18 + 30 : 0)
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"object-graph\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"ui-monospace, Menlo, Consolas, monospace\" font-size=\"12\">"
        s += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"#374151\"/></marker><marker id=\"arrow-dangling\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"#dc2626\"/></marker></defs>"
        if n == 0 { s += "<text x=\"10\" y=\"30\" fill=\"#666\">no live objects</text>" }
        // The variables' box.
        var varY: [String: Int] = [:]
        if !variables.isEmpty && drawVariables {
            let h = max(nodeHeight, variables.count * 18 + 10)
            s += "<g class=\"variables\"><rect x=\"6\" y=\"10\" width=\"\(varsWidth - 24)\" height=\"\(h)\" rx=\"4\" fill=\"#f3f4f6\" stroke=\"#9ca3af\"/>"
            for (i, (name, _)) in variables.enumerated() {
                let y = 10 + 18 * i + 18
                varY[name] = y - 4
                s += "<text x=\"12\" y=\"\(y)\">\(HTML.escape(name))</text>"
            }
            s += "</g>"
        }
        for e in edges where e.from >= 0 || drawVariables {
            let (x1, y1): (Int, Int) = e.from < 0 ? (varsWidth - 18, varY[e.label] ?? 30) : (pos[e.from].x + nodeWidths[e.from], pos[e.from].y + nodeHeight / 2)
            let (x2, y2) = (pos[e.to].x, pos[e.to].y + nodeHeight / 2)
            let color = e.dangling ? "#dc2626" : e.owning ? "#374151" : "#6b7280"
            let dash = e.owning && !e.dangling ? "" : " stroke-dasharray=\"5 3\""
            let path: String
            if x2 > x1 {
                let mid = (x1 + x2) / 2
                path = "M\(x1),\(y1) C\(mid),\(y1) \(mid),\(y2) \(x2),\(y2)"
            } else {
                // Back to the same or an earlier column: loop below.
                let dip = max(y1, y2) + nodeHeight
                path = "M\(x1),\(y1) C\(x1 + 40),\(dip) \(x2 - 40),\(dip) \(x2),\(y2)"
            }
            s += "<path class=\"edge\(e.dangling ? " dangling" : "")\" d=\"\(path)\" fill=\"none\" stroke=\"\(color)\"\(dash) marker-end=\"url(#\(e.dangling ? "arrow-dangling" : "arrow"))\"><title>\(HTML.escape(e.label))\(e.owning ? " (owning)" : "")\(e.dangling ? " → deallocated" : "")</title></path>"
            if e.from >= 0 {
                s += "<text class=\"edge-label\" x=\"\(x2 - 8)\" y=\"\(y2 - 5)\" text-anchor=\"end\" font-size=\"10\" fill=\"\(color)\">\(HTML.escape(e.label))</text>"
            }
        }
        for v in 0..<n {
            let (x, y) = pos[v]
            let ghost = v >= objects.count
            let o = ghost ? ghosts[v - objects.count] : objects[v]
            s += "<g class=\"\(ghost ? "ghost" : "node")\" data-object=\"\(engine.number(o))\">"
            s += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(nodeWidths[v])\" height=\"\(nodeHeight)\" rx=\"5\" fill=\"\(ghost ? "#fee2e2" : "#eef2ff")\" stroke=\"\(ghost ? "#dc2626" : "#4f46e5")\"\(ghost ? " stroke-dasharray=\"4 3\"" : "")/>"
            s += "<text x=\"\(x + 8)\" y=\"\(y + 15)\" font-weight=\"bold\">\(HTML.escape(labels[v].0))</text>"
            s += "<text x=\"\(x + 8)\" y=\"\(y + 30)\">\(HTML.escape(labels[v].1))</text></g>"
        }
        if hiddenCount > 0 {
            s += "<text x=\"10\" y=\"\(height - 6)\" fill=\"#666\">and \(hiddenCount) more objects, not drawn</text>"
        }
        return s + "</svg>"
    }
}
