import NibScriptSyntax
import OwnershipEngine
import NibScriptInterpreter

/// Past a size a picture of every object stops helping (issue 27 item 3): a nib of 111,111
/// views drawn whole is a 20,000-pixel wall that says nothing. Past `limit` objects the graph
/// keeps the objects that matter (leaked, abandoned, deallocated but pointed at, holding a
/// dangling reference, named in an expectation) and those nearest to them, breadth first
/// (referrers before referents, so an object's owner is drawn with it), up to the limit;
/// the picture says so and what it left out. The choice is made on the engine's integer
/// ids (references in two arrays, by holder and by target), and only what is drawn becomes
/// nodes with names: linear in objects and references, about 1,500 instructions an object.
extension ObjectGraph {
    /// The objects `graph` draws at most.
    package static let standaloneLimit = 80
    /// The objects the report's panel draws at most (a narrower picture).
    package static let reportLimit = 60
}

extension ScenarioRun {
    /// The graph, or past `limit` objects the part worth drawing and a note of what was left out.
    package func objectGraph(limit: Int, named: Set<String>) -> (graph: ObjectGraph, note: String?) {
        let e = engine
        let leaked = Set(leakedObjects()), abandoned = Set(abandonedObjects())
        let live = e.liveVisibleObjects
        guard live.count > limit else { return (objectGraph(leaked: leaked, abandoned: abandoned, only: nil), nil) }
        let frame = scenarioFrame.object
        let n = e.objectCount
        // References as (holder, target) pairs, then by holder and by target (counting sort).
        var pairs: [(Int32, Int32)] = []
        var holdsDangling: [ObjectID] = []
        for o in [frame] + live {
            var dangles = false
            func add(_ t: ObjectID) {
                guard !e.isHidden(t) else { return }
                pairs.append((o.raw, t.raw))
                if !e.isAlive(t) { dangles = true }
            }
            for (k, info) in e.slots(of: e.classOf(o)).enumerated() {
                let r = SlotRef(o, k)
                if info.isList { for t in e.list(r) { add(t) } } else if let t = e.read(r) { add(t) }
            }
            for t in e.adoptedObjects(o) { add(t) }
            if dangles && o != frame { holdsDangling.append(o) }
        }
        func index(byTarget: Bool) -> (start: [Int], items: [Int32]) {
            var start = [Int](repeating: 0, count: n + 1)
            for p in pairs { start[Int(byTarget ? p.1 : p.0) + 1] += 1 }
            for i in 0..<n { start[i + 1] += start[i] }
            var fill = start, items = [Int32](repeating: 0, count: pairs.count)
            for p in pairs {
                let (key, value) = byTarget ? (Int(p.1), p.0) : (Int(p.0), p.1)
                items[fill[key]] = value
                fill[key] += 1
            }
            return (start, items)
        }
        let byHolder = index(byTarget: false), byTarget = index(byTarget: true)
        // The objects that matter, in id order.
        var seeds = Set(leaked).union(abandoned).union(holdsDangling)
        for p in pairs where !e.isAlive(ObjectID(p.1)) { seeds.insert(ObjectID(p.1)) }
        if !named.isEmpty { for o in live where named.contains(e.name(o)) { seeds.insert(o) } }
        var chosen = [Bool](repeating: false, count: n)
        chosen[Int(frame.raw)] = true
        var taken = 0
        var queue: [Int32] = []
        func take(_ o: Int32) {
            guard !chosen[Int(o)], taken < limit else { return }
            chosen[Int(o)] = true
            taken += 1
            queue.append(o)
        }
        for o in seeds.sorted() { take(o.raw) }
        // Nothing stands out: what the variables and the pools reach first.
        let why = queue.isEmpty ? "the first objects the variables reach" : "the leaked, dangling and expected objects and their neighbours"
        if queue.isEmpty {
            queue.append(frame.raw)
            for p in 0..<e.poolDepth { for o in e.pendingReleases(inPool: p) { take(o.raw) } }
        }
        var head = 0
        func spread() {
            while head < queue.count && taken < limit {
                let v = Int(queue[head]); head += 1
                for k in byTarget.start[v]..<byTarget.start[v + 1] where ObjectID(byTarget.items[k]) != frame { take(byTarget.items[k]) }
                for k in byHolder.start[v]..<byHolder.start[v + 1] { take(byHolder.items[k]) }
            }
        }
        spread()
        // Room left: what the variables reach, in the order of the variables.
        if taken < limit && !queue.contains(frame.raw) { queue.append(frame.raw); spread() }
        let only = Set((0..<n).filter { chosen[$0] && $0 != Int(frame.raw) }.map { ObjectID(Int32($0)) })
        let g = objectGraph(leaked: leaked, abandoned: abandoned, only: only)
        // What was left out, by class, the most common first.
        var byClass: [ClassID: Int] = [:]
        for o in live where !chosen[Int(o.raw)] { byClass[e.classOf(o), default: 0] += 1 }
        let classes = byClass.map { (e.className($0.key), $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        let shown = classes.prefix(3).map { "\(grouped($0.1)) \($0.0)" } + (classes.count > 3 ? ["…"] : [])
        let references = pairs.filter { !chosen[Int($0.0)] || !chosen[Int($0.1)] }.count
        let objects = g.nodes.filter { $0.kind == .object }.count
        let note = "\(grouped(live.count)) objects alive are too many to draw: drawn, \(grouped(objects)): \(why). "
            + "Left out: \(grouped(live.count - only.filter { e.isAlive($0) }.count)) objects (\(shown.joined(separator: ", "))) and \(grouped(references)) references."
        return (g, note)
    }
    /// The names expectations of the run's scenario mention (`expect count o.label == 2`
    /// names `o` and `label`): objects so named are drawn first in a large graph.
    package func namesInExpectations() -> Set<String> { Self.namesInExpectations(of: scenario, in: file) }

    package static func namesInExpectations(of scenario: ScenarioDecl, in file: SourceFile) -> Set<String> {
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

/// 111111 as `111,111` (the graph's notes and the benchmarks' tables).
package func grouped(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, ch) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return out
}
