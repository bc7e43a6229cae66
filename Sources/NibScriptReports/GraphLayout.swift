import NibScriptInterpreter

/// Where everything of an object graph goes: the one layout behind `nibscript graph --format
/// svg` and the report's graph panel (issue 28 item 2). Layered, in the manner of Graphviz's
/// `dot`, in five steps:
/// 1. Ranks. Roots on top; every other object one rank below the object that first reaches it
///    (breadth first). What no root reaches (leaks) hangs one rank below an object that
///    points at it (its owner, near which a reader looks for it), or, when nothing does, in
///    the first rank below the roots, all such leaks together, not a rank each. A rank wider
///    than the drawing may be pushes its last objects one rank down (their descendants follow).
/// 2. Every edge gets a label box in the gap next to its source (below it, or above it when
///    the edge goes up) and a point at every rank it passes, so that labels are laid out as
///    boxes among boxes: they cannot overlap each other or a node, nor leave the drawing.
/// 3. Order within ranks: barycentre sweeps down and up, keeping the order with the fewest
///    crossings. A rank still wider than the drawing wraps into rows.
/// 4. x: each row's boxes as near the mean of their neighbours as their order and spacing
///    allow (isotonic regression, exact), within the drawing's width.
/// 5. y: ranks stacked, rows within them.
/// Text is monospace (its width is known without a font's metrics) and at least 12 px.
package struct GraphLayout {
    package struct Options {
        /// The drawing's width is at most this, unless one node alone is wider.
        package var maxWidth = 960.0
        /// The caption above the drawing (the report's panel has a caption of its own).
        package var caption = true
        /// What a focused graph left out, under the caption (GraphFocus.swift).
        package var note: String?
        package init(maxWidth: Double = 960, caption: Bool = true, note: String? = nil) {
            self.maxWidth = maxWidth; self.caption = caption; self.note = note
        }
    }

    package struct Box: Equatable {
        package var x: Double, y: Double, width: Double, height: Double
        package var midX: Double { x + width / 2 }
        package var midY: Double { y + height / 2 }
        package var bottom: Double { y + height }
        package var right: Double { x + width }
        package func intersects(_ o: Box) -> Bool { x < o.right && o.x < right && y < o.bottom && o.y < bottom }
    }

    /// Monospace text: 12 px, a character 0.6 em wide (DejaVu Sans Mono and Menlo: 0.602).
    package static let fontSize = 12.0, charWidth = 7.25, lineHeight = 15.0
    package static let nodePadding = 8.0, labelPadding = 3.0, gap = 14.0, dummyWidth = 8.0, margin = 12.0
    /// Lines longer than this wrap: a node's, an edge label's, the caption's (in characters).
    package static let nodeChars = 30, labelChars = 22

    package var width = 0.0, height = 0.0
    /// The caption's lines, then the note's (from `noteStart` on).
    package var caption: [String] = []
    package var noteStart = 0
    package var captionBox = Box(x: 0, y: 0, width: 0, height: 0)
    /// Per node of the graph: its box and the lines of its label.
    package var nodes: [Box] = []
    package var nodeLines: [[String]] = []
    /// Per edge: the points its curve passes through, its label's box and lines.
    package var paths: [[(x: Double, y: Double)]] = []
    package var labels: [Box] = []
    package var labelLines: [[String]] = []
    /// Node indices by rank, top first (each rank's order left to right, rows joined).
    package var ranks: [[Int]] = []

    // MARK: Text

    /// Columns a string takes in a monospace font: wide (East Asian, emoji) characters two,
    /// combining marks none, a hidden character its visible escape's.
    package static func columns(_ s: String) -> Int {
        var n = 0
        for u in s.unicodeScalars {
            let v = u.value
            if VisibleTextWidth.isHidden(v) { n += VisibleTextWidth.escapeColumns(v) }
            else if (0x300..<0x370).contains(v) || (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v) { continue }
            else if v >= 0x1100 { n += 2 }
            else { n += 1 }
        }
        return n
    }

    /// `s` in lines of at most `limit` columns, broken after a space, `.` or `#` where one is
    /// near the end, else anywhere.
    package static func wrap(_ s: String, _ limit: Int) -> [String] {
        guard columns(s) > limit else { return [s] }
        var lines: [String] = []
        var current = "", width = 0, lastBreak: String.Index? = nil
        for ch in s {
            let w = columns(String(ch))
            if width + w > limit && !current.isEmpty {
                if let b = lastBreak, current.distance(from: current.startIndex, to: b) > limit / 2 {
                    lines.append(String(current[..<b]).trimmingSpaces)
                    current = String(current[b...])
                } else {
                    lines.append(current.trimmingSpaces)
                    current = ""
                }
                width = columns(current)
                lastBreak = nil
            }
            current.append(ch)
            width += w
            if ch == " " || ch == "." || ch == "#" || ch == "," || ch == ":" { lastBreak = current.endIndex }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func textWidth(_ lines: [String]) -> Double { Double(lines.map(columns).max() ?? 0) * charWidth }

    // MARK: Layout

    private enum Element { case node(Int), label(Int), dummy(Int) }

    package init(_ g: ObjectGraph, _ options: Options = Options()) {
        let n = g.nodes.count
        let index = Dictionary(g.nodes.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Edges whose ends are both drawn.
        let edges = g.edges.enumerated().compactMap { k, e -> (k: Int, from: Int, to: Int)? in
            guard let a = index[e.from], let b = index[e.to] else { return nil }
            return (k, a, b)
        }
        nodeLines = g.nodes.map { n in GraphDOT.labelLines(n).flatMap { Self.wrap($0, Self.nodeChars) } }
        let nodeSize = nodeLines.map { (max(Self.textWidth($0) + 2 * Self.nodePadding, 60), Double($0.count) * Self.lineHeight + Self.nodePadding) }
        labelLines = g.edges.map { e in GraphDOT.labelLines(e).flatMap { Self.wrap($0, Self.labelChars) } }
        let labelSize = labelLines.map { (Self.textWidth($0) + 2 * Self.labelPadding, Double($0.count) * Self.lineHeight + 2) }
        let widest = max(nodeSize.map(\.0).max() ?? 0, labelSize.map(\.0).max() ?? 0)
        let inner = max(options.maxWidth - 2 * Self.margin, widest)

        // 1. Ranks.
        var successors = [[Int]](repeating: [], count: n), predecessors = [[Int]](repeating: [], count: n)
        for e in edges where e.from != e.to { successors[e.from].append(e.to); predecessors[e.to].append(e.from) }
        var rank = [Int](repeating: -1, count: n), parent = [Int](repeating: -1, count: n)
        var queue: [Int] = []
        var head = 0
        func flood() {
            while head < queue.count {
                let v = queue[head]; head += 1
                for w in successors[v] where rank[w] < 0 { rank[w] = rank[v] + 1; parent[w] = v; queue.append(w) }
            }
        }
        let roots = (0..<n).filter { g.nodes[$0].marks.contains(.root) }
        for r in roots { rank[r] = 0; queue.append(r) }
        flood()
        let below = roots.isEmpty ? 0 : 1
        // Leaks: first those something drawn points at (below their owner), then the rest.
        var next = 0
        while next < n {
            if rank[next] >= 0 { next += 1; continue }
            if let v = (next..<n).first(where: { v in rank[v] < 0 && predecessors[v].contains { rank[$0] >= 0 } }) {
                let owner = predecessors[v].filter { rank[$0] >= 0 }.min { rank[$0] < rank[$1] }!
                rank[v] = rank[owner] + 1; parent[v] = owner
                queue.append(v)
            } else {
                rank[next] = below
                queue.append(next)
            }
            flood()
        }
        // Width-bounded: a rank keeps what fits; the rest goes one rank down, children after it.
        var members: [[Int]] = []
        var r = 0
        var remaining = n
        var position = [Int](repeating: 0, count: n)
        while remaining > 0 {
            var here = (0..<n).filter { rank[$0] == r }
            for v in here where parent[v] >= 0 && rank[parent[v]] >= r { rank[v] = rank[parent[v]] + 1 }
            here = here.filter { rank[$0] == r }.sorted { a, b in
                let pa = parent[a] >= 0 ? position[parent[a]] : -1, pb = parent[b] >= 0 ? position[parent[b]] : -1
                return pa != pb ? pa < pb : a < b
            }
            var used = 0.0, kept: [Int] = []
            for v in here {
                let w = nodeSize[v].0 + (kept.isEmpty ? 0 : Self.gap)
                if !kept.isEmpty && used + w > inner { rank[v] = r + 1; continue }
                used += w
                kept.append(v)
            }
            for (k, v) in kept.enumerated() { position[v] = k }
            members.append(kept)
            remaining -= kept.count
            r += 1
        }
        let nodeRanks = members.count

        // 2. Elements: nodes at even ranks, labels and the points of long edges between.
        var elements: [Element] = [], elementRank: [Int] = [], size: [(Double, Double)] = []
        var nodeElement = [Int](repeating: -1, count: n)
        for (r, row) in members.enumerated() {
            for v in row { nodeElement[v] = elements.count; elements.append(.node(v)); elementRank.append(2 * r); size.append(nodeSize[v]) }
        }
        var chains = [[Int]](repeating: [], count: g.edges.count)
        for e in edges {
            let (ru, rv) = (rank[e.from], rank[e.to])
            let labelRank = rv < ru ? 2 * ru - 1 : 2 * ru + 1
            var chain = [nodeElement[e.from]]
            chain.append(elements.count); elements.append(.label(e.k)); elementRank.append(labelRank); size.append(labelSize[e.k])
            // A point at every rank between the label and the target, label ranks included.
            let passes: [Int] = rv > ru ? Array((2 * ru + 2)..<(2 * rv)) : rv < ru ? Array(((2 * rv + 1)..<(2 * ru - 1)).reversed()) : []
            for p in passes {
                chain.append(elements.count); elements.append(.dummy(e.k)); elementRank.append(p); size.append((Self.dummyWidth, 0))
            }
            chain.append(nodeElement[e.to])
            chains[e.k] = chain
        }
        let rankCount = max(1, 2 * nodeRanks)
        var order = [[Int]](repeating: [], count: rankCount)
        for (i, r) in elementRank.enumerated() { order[r].append(i) }
        // Neighbours across one rank, both ways.
        var up = [[Int]](repeating: [], count: elements.count), down = up
        for chain in chains where chain.count > 1 {
            for (a, b) in zip(chain, chain.dropFirst()) {
                if elementRank[a] < elementRank[b] { down[a].append(b); up[b].append(a) } else { down[b].append(a); up[a].append(b) }
            }
        }

        // 3. Order: barycentre sweeps, the best order kept.
        var pos = [Double](repeating: 0, count: elements.count)
        func renumber() { for row in order { for (k, i) in row.enumerated() { pos[i] = Double(k) } } }
        renumber()
        func crossings() -> Int {
            var total = 0
            for r in 0..<(rankCount - 1) {
                var pairs: [(Int, Int)] = []
                for a in order[r] { for b in down[a] { pairs.append((Int(pos[a]), Int(pos[b]))) } }
                pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
                total += Self.inversions(pairs.map(\.1), size: order[r + 1].count)
            }
            return total
        }
        var best = order, bestCrossings = crossings()
        for sweep in 0..<8 where bestCrossings > 0 {
            let downward = sweep % 2 == 0
            for r in downward ? Array(1..<rankCount) : Array((0..<(rankCount - 1)).reversed()) {
                let keyed = order[r].map { i -> (Int, Double) in
                    let ns = downward ? up[i] : down[i]
                    return (i, ns.isEmpty ? pos[i] : ns.reduce(0) { $0 + pos[$1] } / Double(ns.count))
                }
                order[r] = keyed.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : pos[$0.0] < pos[$1.0] }.map(\.0)
                for (k, i) in order[r].enumerated() { pos[i] = Double(k) }
            }
            let c = crossings()
            if c < bestCrossings { best = order; bestCrossings = c }
        }
        order = best
        renumber()

        // Rows: a rank wider than the drawing wraps.
        let rows: [[[Int]]] = order.map { row in
            var out: [[Int]] = [[]], used = 0.0
            for i in row {
                let w = size[i].0 + (out[out.count - 1].isEmpty ? 0 : Self.gap)
                if !out[out.count - 1].isEmpty && used + w > inner { out.append([]); used = 0; out[out.count - 1].append(i); used = size[i].0; continue }
                used += w
                out[out.count - 1].append(i)
            }
            return out
        }
        // 4. x: centres, each row packed then pulled toward its neighbours.
        var x = [Double](repeating: 0, count: elements.count)
        for rank in rows { for row in rank {
            let total = row.reduce(0.0) { $0 + size[$1].0 } + Double(max(0, row.count - 1)) * Self.gap
            var left = (inner - total) / 2
            for i in row { x[i] = left + size[i].0 / 2; left += size[i].0 + Self.gap }
        } }
        for sweep in 0..<8 {
            let downward = sweep % 2 == 0
            for r in downward ? Array(0..<rankCount) : Array((0..<rankCount).reversed()) {
                for row in rows[r] where !row.isEmpty {
                    let desired = row.map { i -> Double in
                        let primary = downward ? up[i] : down[i], other = downward ? down[i] : up[i]
                        let ns = primary.isEmpty ? other : primary
                        return ns.isEmpty ? x[i] : ns.reduce(0) { $0 + x[$1] } / Double(ns.count)
                    }
                    let placed = Self.place(desired: desired, widths: row.map { size[$0].0 }, gap: Self.gap, width: inner)
                    for (k, i) in row.enumerated() { x[i] = placed[k] }
                }
            }
        }

        // The drawing is as wide as what is in it (and its caption), no wider.
        let lefts = elements.indices.map { x[$0] - size[$0].0 / 2 }, rights = elements.indices.map { x[$0] + size[$0].0 / 2 }
        let shift = lefts.min() ?? 0
        for i in x.indices { x[i] -= shift }
        var drawingWidth = max((rights.max() ?? 0) - shift, 60)

        // 5. y.
        var y = [Double](repeating: 0, count: elements.count)
        var top = Self.margin
        if options.caption || options.note != nil {
            // As wide as the drawing, but not so narrow that a short drawing gets a tall caption.
            let columns = max(20, Int(min(inner, max(drawingWidth, 480)) / Self.charWidth))
            caption = options.caption ? Self.wrap(GraphDOT.caption(g), columns) : []
            noteStart = caption.count
            caption += options.note.map { Self.wrap($0, columns) } ?? []
            drawingWidth = max(drawingWidth, Self.textWidth(caption))
            captionBox = Box(x: Self.margin, y: top, width: Self.textWidth(caption), height: Double(caption.count) * Self.lineHeight)
            top += captionBox.height + 10
        }
        for r in 0..<rankCount {
            let isLabels = r % 2 == 1
            var rowTops: [Double] = []
            for (k, row) in rows[r].enumerated() {
                let h = row.map { size[$0].1 }.max() ?? 0
                rowTops.append(top)
                for i in row { y[i] = top + h / 2 }
                top += h + (k + 1 < rows[r].count ? 8 : 0)
            }
            // Room for the curves between a node rank and its labels, even when there are none.
            top += isLabels ? (rows[r].allSatisfy(\.isEmpty) ? 18 : 14) : 14
        }
        width = drawingWidth + 2 * Self.margin
        height = max(top - 14 + Self.margin, Self.margin * 2 + 20)
        func box(_ i: Int) -> Box { Box(x: Self.margin + x[i] - size[i].0 / 2, y: y[i] - size[i].1 / 2, width: size[i].0, height: size[i].1) }
        nodes = (0..<n).map { box(nodeElement[$0]) }
        labels = g.edges.indices.map { k in chains[k].count > 1 ? box(chains[k][1]) : Box(x: 0, y: 0, width: 0, height: 0) }
        ranks = rows.enumerated().filter { $0.offset % 2 == 0 }.map { _, rank in
            rank.flatMap { $0 }.compactMap { if case .node(let v) = elements[$0] { return v }; return nil }
        }

        // Edge ends spread along a node's top and bottom, in the order of the other end.
        var ends: [Int: [(edge: Int, bottom: Bool, towardX: Double)]] = [:]
        for e in edges {
            let chain = chains[e.k]
            let first = nodes[e.from], last = nodes[e.to]
            let afterStart = box(chain[1]), beforeEnd = box(chain[chain.count - 2])
            ends[e.from, default: []].append((e.k, afterStart.midY > first.midY, afterStart.midX))
            ends[e.to, default: []].append((-e.k - 1, beforeEnd.midY > last.midY, beforeEnd.midX))
        }
        var anchor: [Int: (Double, Double)] = [:]
        for (v, list) in ends {
            let b = nodes[v]
            for side in [false, true] {
                let here = list.filter { $0.bottom == side }.sorted { ($0.towardX, $0.edge) < ($1.towardX, $1.edge) }
                for (k, end) in here.enumerated() {
                    anchor[end.edge] = (b.x + b.width * Double(k + 1) / Double(here.count + 1), side ? b.bottom : b.y)
                }
            }
        }
        paths = g.edges.indices.map { k in
            let chain = chains[k]
            guard chain.count > 1, let start = anchor[k], let end = anchor[-k - 1] else { return [] }
            var points = [(x: start.0, y: start.1)]
            for i in chain.dropFirst().dropLast() { let b = box(i); points.append((b.midX, b.midY)) }
            points.append((end.0, end.1))
            return points
        }
    }

    /// Centres for boxes of `widths` in this order, at least `gap` apart, in [0, width], as
    /// near `desired` as can be in the least-squares sense: with offsets taken out it is
    /// isotonic regression (pool adjacent violators), then clipped to the drawing.
    static func place(desired: [Double], widths: [Double], gap: Double, width: Double) -> [Double] {
        var offset = [Double](repeating: 0, count: widths.count)
        for k in 1..<max(1, widths.count) { offset[k] = offset[k - 1] + (widths[k - 1] + widths[k]) / 2 + gap }
        var blocks: [(sum: Double, count: Double)] = []
        for (k, d) in desired.enumerated() {
            blocks.append((d - offset[k], 1))
            while blocks.count > 1, blocks[blocks.count - 2].sum / blocks[blocks.count - 2].count > blocks[blocks.count - 1].sum / blocks[blocks.count - 1].count {
                let last = blocks.removeLast()
                blocks[blocks.count - 1].sum += last.sum
                blocks[blocks.count - 1].count += last.count
            }
        }
        let lo = widths[0] / 2, hi = width - widths[widths.count - 1] / 2 - offset[widths.count - 1]
        var out: [Double] = []
        for b in blocks {
            let v = min(max(b.sum / b.count, lo), max(lo, hi))
            for _ in 0..<Int(b.count) { out.append(v + offset[out.count]) }
        }
        return out
    }

    /// Inversions of `values` (each in 0..<size): the crossings of edges between two ranks
    /// sorted by their upper ends. A Fenwick tree: O(E log V).
    static func inversions(_ values: [Int], size: Int) -> Int {
        var tree = [Int](repeating: 0, count: size + 1)
        var total = 0, seen = 0
        for v in values {
            var i = v + 1, atMost = 0
            while i > 0 { atMost += tree[i]; i -= i & -i }
            total += seen - atMost
            seen += 1
            i = v + 1
            while i <= size { tree[i] += 1; i += i & -i }
        }
        return total
    }
}

/// What `VisibleText` makes of a hidden character, counted in columns.
enum VisibleTextWidth {
    static func isHidden(_ v: UInt32) -> Bool { VisibleText.isHidden(v) }
    static func escapeColumns(_ v: UInt32) -> Int { VisibleText.escape(v).count }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
