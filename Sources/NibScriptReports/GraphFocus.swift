import NibScriptSyntax
import NibScriptInterpreter

/// Past a size a picture of every object stops helping (issue 27 item 3): a nib of 111,111
/// views drawn whole is a 20,000-pixel wall that says nothing. Past `limit` objects the graph
/// keeps the objects that matter (leaked, abandoned, deallocated but pointed at, holding a
/// dangling reference, named in an expectation) and those nearest to them, breadth first
/// (referrers before referents, so an object's owner is drawn with it), up to the limit;
/// the picture says so and what it left out. All of it is linear in objects and references.
extension ObjectGraph {
    /// The objects `graph` draws at most.
    package static let standaloneLimit = 150
    /// The objects the report's panel draws at most (a narrower picture).
    package static let reportLimit = 60

    /// The part worth drawing, and a note of what was left out (nil when nothing was).
    package func focused(limit: Int, named: Set<String> = []) -> (graph: ObjectGraph, note: String?) {
        let objects = nodes.filter { $0.kind == .object }.count
        guard objects > limit else { return (self, nil) }
        var index: [String: Int] = [:]
        index.reserveCapacity(nodes.count)
        for (i, n) in nodes.enumerated() { index[n.id] = i }
        var predecessors = [[Int]](repeating: [], count: nodes.count), successors = predecessors
        var holdsDangling = [Bool](repeating: false, count: nodes.count)
        for e in edges {
            guard let a = index[e.from], let b = index[e.to], a != b else { continue }
            successors[a].append(b); predecessors[b].append(a)
            if e.dangling { holdsDangling[a] = true }
        }
        func baseName(_ n: Node) -> Substring { n.name[..<(n.name.lastIndex(of: "#") ?? n.name.endIndex)] }
        let seeds = nodes.indices.filter { i in
            let n = nodes[i]
            guard n.kind == .object else { return false }
            return !n.marks.isDisjoint(with: [.leaked, .abandoned, .deallocated]) || holdsDangling[i] || named.contains(String(baseName(n)))
        }
        var chosen = [Bool](repeating: false, count: nodes.count)
        var taken = 0
        var queue: [Int] = []
        func take(_ i: Int) {
            guard !chosen[i] else { return }
            chosen[i] = true
            if nodes[i].kind == .object { taken += 1 }
            queue.append(i)
        }
        // The variables (and pools) are always drawn: they are where a reader starts.
        for (i, n) in nodes.enumerated() where n.kind != .object { chosen[i] = true }
        for s in seeds where taken < limit { take(s) }
        if queue.isEmpty { queue = nodes.indices.filter { nodes[$0].kind != .object } }
        var head = 0
        while head < queue.count && taken < limit {
            let v = queue[head]; head += 1
            for w in predecessors[v] + successors[v] where taken < limit { take(w) }
        }
        var kept = self
        kept.nodes = nodes.indices.filter { chosen[$0] }.map { nodes[$0] }
        kept.edges = edges.filter { e in index[e.from].map { chosen[$0] } == true && index[e.to].map { chosen[$0] } == true }
        // What was left out, by class, the most common first.
        var byClass: [String: Int] = [:]
        for (i, n) in nodes.enumerated() where !chosen[i] && n.kind == .object { byClass[n.className, default: 0] += 1 }
        let classes = byClass.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let shown = classes.prefix(3).map { "\(grouped($0.value)) \($0.key)" } + (classes.count > 3 ? ["…"] : [])
        let why = seeds.isEmpty ? "the first objects the roots reach" : "the leaked, dangling and expected objects and their neighbours"
        let note = "\(grouped(objects)) objects are too many to draw: drawn, \(grouped(taken)): \(why). "
            + "Left out: \(grouped(objects - taken)) objects (\(shown.joined(separator: ", "))) and \(grouped(edges.count - kept.edges.count)) references."
        return (kept, note)
    }
}

extension ScenarioRun {
    /// The names expectations of the run's scenario mention (`expect count o.label == 2`
    /// names `o` and `label`): objects so named are drawn first in a large graph.
    package func namesInExpectations() -> Set<String> {
        var names: Set<String> = []
        let first = file.location(of: scenario.range.start).line, last = file.location(of: max(scenario.range.start, scenario.range.end - 1)).line
        for line in first...max(first, last) {
            let text = file.lineText(line).drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("expect") else { continue }
            var word = ""
            for ch in text.dropFirst(6) {
                if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch) } else {
                    if !word.isEmpty { names.insert(word); word = "" }
                    if ch == "#" { break }
                }
            }
            if !word.isEmpty { names.insert(word) }
        }
        return names
    }
}

/// 111111 as `111,111`.
func grouped(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, ch) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return out
}
