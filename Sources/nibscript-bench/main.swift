// nibscript-bench: throughput of the OwnershipEngine hot paths.
//
// Run it in release mode (debug numbers are meaningless):
//
//     swift run -c release nibscript-bench            # best of 3 runs per workload
//     swift run -c release nibscript-bench --runs 5
//
// Each workload builds a fresh engine with events off (eventSink nil), times only the
// operation named in its row, checks the outcome outside the timed region, and reports
// the best run. Nothing here asserts on time; it is for comparing builds by eye.
import Foundation
import OwnershipEngine

// MARK: Setup

/// Plans indexed by class id: the cheapest possible planner, so the numbers are the engine's.
final class ArrayPlanner: DeallocPlanner {
    var plans: [DeallocPlan] = []
    func set(_ c: ClassID, _ plan: DeallocPlan) {
        while plans.count <= c.index { plans.append(DeallocPlan(steps: [])) }
        plans[c.index] = plan
    }
    func deallocPlan(for object: ObjectID, in engine: Engine) -> DeallocPlan {
        let c = engine.classOf(object).index
        return c < plans.count ? plans[c] : DeallocPlan(steps: [])
    }
}

struct Fixture {
    let engine = Engine()
    let planner = ArrayPlanner()
    let leaf: ClassID      // no slots
    let node: ClassID      // slot 0 `next` (single), slot 1 `children` (list); releases both
    let holder: ClassID    // ten single slots, no plan steps
    let frame: ClassID     // hidden root with one single slot

    init() {
        leaf = engine.defineClass(name: "Leaf", superclass: nil, slots: [])
        node = engine.defineClass(name: "Node", superclass: nil,
                                  slots: [SlotInfo(name: "next"), SlotInfo(name: "children", isList: true)])
        holder = engine.defineClass(name: "WeakHolder", superclass: nil,
                                    slots: (0..<10).map { SlotInfo(name: "w\($0)") })
        frame = engine.defineClass(name: "Frame", superclass: nil, slots: [SlotInfo(name: "root")], hidden: true)
        planner.set(node, DeallocPlan(steps: [.release(slot: 0), .releaseList(slot: 1)]))
        engine.planner = planner
    }

    func allDeallocated() -> Bool {
        for i in 0..<engine.objectCount where engine.state(ObjectID(Int32(i))) != .deallocated { return false }
        return true
    }
}

func check(_ ok: Bool, _ what: String) {
    if !ok { FileHandle.standardError.write("nibscript-bench: sanity check failed: \(what)\n".data(using: .utf8)!); exit(1) }
}

// MARK: Timing

func nanoseconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) * 1e9 + Double(c.attoseconds) / 1e9
}

struct Row {
    var name: String
    var ops: Int
    var bestNs: Double
    var medianNs: Double
}

/// Runs `body` `runs` times. `body` does its own untimed setup and returns the duration of
/// its timed part.
func measure(_ name: String, ops: Int, runs: Int, _ body: () -> Duration) -> Row {
    var times: [Double] = []
    for _ in 0..<runs { times.append(nanoseconds(body())) }
    times.sort()
    return Row(name: name, ops: ops, bestNs: times[0], medianNs: times[times.count / 2])
}

let clock = ContinuousClock()

// MARK: Workloads

let million = 1_000_000

/// (1) alloc, retain, release, release (to zero: dealloc) of independent objects.
func independentLifecycles(_ n: Int) -> Duration {
    let f = Fixture()
    let e = f.engine, leaf = f.leaf
    let t = clock.measure {
        for _ in 0..<n {
            let o = e.alloc(leaf, name: "")
            e.retain(o)
            e.release(o)
            e.release(o)
        }
    }
    check(f.allDeallocated() && f.engine.objectCount == n, "independent objects all deallocated")
    return t
}

/// (2a) a chain of retain slots, each node owning the next; only the cascade is timed.
func slotChainCascade(_ n: Int) -> Duration {
    let f = Fixture()
    let e = f.engine
    let head = e.alloc(f.node, name: "")
    var prev = head
    for _ in 1..<n {
        let o = e.alloc(f.node, name: "")
        e.store(SlotRef(prev, 0), o, rule: .adopt)
        prev = o
    }
    let t = clock.measure { e.release(head) }
    check(f.allDeallocated() && e.crash == nil, "slot chain fully deallocated")
    return t
}

/// (2b) the same chain through owned lists (one element each).
func listChainCascade(_ n: Int) -> Duration {
    let f = Fixture()
    let e = f.engine
    let head = e.alloc(f.node, name: "")
    var prev = head
    for _ in 1..<n {
        let o = e.alloc(f.node, name: "")
        e.listAppend(SlotRef(prev, 1), o)
        e.release(o)
        prev = o
    }
    let t = clock.measure { e.release(head) }
    check(f.allDeallocated() && e.crash == nil, "list chain fully deallocated")
    return t
}

/// (3) autorelease n live objects, then drain the pool (newest first, each to dealloc).
func autoreleaseAndDrain(_ n: Int) -> Duration {
    let f = Fixture()
    let e = f.engine
    var objects: [ObjectID] = []
    objects.reserveCapacity(n)
    for _ in 0..<n { objects.append(e.alloc(f.leaf, name: "")) }
    let t = clock.measure {
        for o in objects { e.autorelease(o) }
        e.drainPool()
    }
    check(f.allDeallocated() && e.pendingReleases(inPool: 0).isEmpty, "pool drained")
    return t
}

/// (4a) weak stores: n targets, 10 weak slots each (one holder per target).
/// (4b) deallocating those n targets, zeroing 10 weak references each.
func weakReferences(_ n: Int) -> (store: Duration, dealloc: Duration) {
    let f = Fixture()
    let e = f.engine
    var targets: [ObjectID] = [], holders: [ObjectID] = []
    targets.reserveCapacity(n); holders.reserveCapacity(n)
    for _ in 0..<n {
        targets.append(e.alloc(f.leaf, name: ""))
        holders.append(e.alloc(f.holder, name: ""))
    }
    let store = clock.measure {
        for i in 0..<n {
            let t = targets[i], h = holders[i]
            for s in 0..<10 { e.store(SlotRef(h, s), t, rule: .weak) }
        }
    }
    let dealloc = clock.measure {
        for t in targets { e.release(t) }
    }
    var ok = true
    for h in holders { for s in 0..<10 where e.read(SlotRef(h, s)) != nil { ok = false } }
    check(ok, "every weak reference zeroed")
    return (store, dealloc)
}

/// (5) a leak search over n reachable objects: a hidden root owning a node whose list holds
/// sqrt(n) nodes, each of whose lists holds the rest as leaves (plus one retain-slot link).
func leakSearch(_ n: Int) -> Duration {
    let f = Fixture()
    let e = f.engine
    let root = e.alloc(f.frame, name: "root")
    let top = e.alloc(f.node, name: "")
    e.store(SlotRef(root, 0), top, rule: .adopt)
    let fan = Int(Double(n).squareRoot())
    var made = 1
    var branches: [ObjectID] = []
    for _ in 0..<fan {
        let b = e.alloc(f.node, name: "")
        e.listAppend(SlotRef(top, 1), b); e.release(b)
        branches.append(b); made += 1
    }
    var i = 0
    while made < n {
        let b = branches[i % fan]
        let leaf = e.alloc(f.leaf, name: "")
        if e.read(SlotRef(b, 0)) == nil { e.store(SlotRef(b, 0), leaf, rule: .adopt) }
        else { e.listAppend(SlotRef(b, 1), leaf); e.release(leaf) }
        made += 1; i += 1
    }
    var leaks: [ObjectID]? = nil
    let t = clock.measure { leaks = e.leaks(roots: [root]) }
    check(leaks == [] && e.objectCount == n + 1, "no leaks among \(n) reachable objects")
    return t
}

// MARK: Main

var runs = 3
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--runs":
        guard let v = args.popFirst().flatMap(Int.init), v > 0 else {
            FileHandle.standardError.write("usage: nibscript-bench [--runs N]\n".data(using: .utf8)!); exit(2)
        }
        runs = v
    case "-h", "--help":
        print("usage: nibscript-bench [--runs N]   (run with: swift run -c release nibscript-bench)"); exit(0)
    default:
        FileHandle.standardError.write("nibscript-bench: unknown argument '\(a)'\nusage: nibscript-bench [--runs N]\n"
            .data(using: .utf8)!); exit(2)
    }
}

#if DEBUG
print("warning: debug build; run `swift run -c release nibscript-bench` for meaningful numbers\n")
#endif

var rows: [Row] = []
rows.append(measure("alloc+retain+release+dealloc, 1M independent", ops: million, runs: runs) { independentLifecycles(million) })
rows.append(measure("cascade: 1M-long retain-slot chain", ops: million, runs: runs) { slotChainCascade(million) })
rows.append(measure("cascade: 1M-long owned-list chain", ops: million, runs: runs) { listChainCascade(million) })
rows.append(measure("autorelease 1M, then drain", ops: million, runs: runs) { autoreleaseAndDrain(million) })
var weakDeallocs: [Duration] = []
rows.append(measure("weak store: 100k targets x 10 refs", ops: 1_000_000, runs: runs) {
    let r = weakReferences(100_000); weakDeallocs.append(r.dealloc); return r.store
})
do {
    let ns = weakDeallocs.map(nanoseconds).sorted()
    rows.append(Row(name: "dealloc 100k targets, 10 weak refs each", ops: 100_000, bestNs: ns[0], medianNs: ns[ns.count / 2]))
}
rows.append(measure("leaks() over 1M reachable objects", ops: million, runs: runs) { leakSearch(million) })

// MARK: Table

func grouped(_ n: Int) -> String {
    let s = String(n)
    var out = ""
    for (i, ch) in s.enumerated() {
        if i > 0 && (s.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return out
}
func fixed(_ x: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", x) }
func pad(_ s: String, _ w: Int, right: Bool = true) -> String {
    let fill = String(repeating: " ", count: max(0, w - s.count))
    return right ? fill + s : s + fill
}

print("nibscript-bench: OwnershipEngine, events off, best and median of \(runs) run\(runs == 1 ? "" : "s")")
print("")
let header = pad("workload", 46, right: false) + pad("ops", 11) + pad("best ms", 10) + pad("ns/op", 9)
    + pad("median ms", 11) + pad("ns/op", 9)
print(header)
print(String(repeating: "-", count: header.count))
for r in rows {
    print(pad(r.name, 46, right: false) + pad(grouped(r.ops), 11)
          + pad(fixed(r.bestNs / 1e6, 1), 10) + pad(fixed(r.bestNs / Double(r.ops), 1), 9)
          + pad(fixed(r.medianNs / 1e6, 1), 11) + pad(fixed(r.medianNs / Double(r.ops), 1), 9))
}
