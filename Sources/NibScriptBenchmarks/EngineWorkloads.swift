// The engine's own workloads: a fresh engine with events off (eventSink nil), timing only
// the operation named, with the outcome checked outside the timed region.
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

// MARK: Workloads

/// The loop the native reference runs too (native-loop.m): retain, release, retain,
/// autorelease and the drain's release of one object, five events a turn.
func engineLoop(_ events: Int) -> Duration {
    let f = Fixture()
    let e = f.engine
    let a = e.alloc(f.leaf, name: "a")
    let t = clock.measure {
        for _ in 0..<(events / 5) {
            e.retain(a)
            e.release(a)
            e.retain(a)
            e.autorelease(a)
            e.drainPool()
        }
    }
    check(e.count(a) == 1 && e.crash == nil, "engine loop leaves the object at +1")
    return t
}

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

