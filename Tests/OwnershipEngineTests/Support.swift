import XCTest
@testable import OwnershipEngine

/// A dealloc planner for tests: a table from class to a closure that builds the plan.
/// It records every object it was asked about, in order, which is the dealloc order.
final class TestPlanner: DeallocPlanner {
    var plans: [ClassID: (ObjectID, Engine) -> DeallocPlan] = [:]
    private(set) var asked: [ObjectID] = []
    var recordsCalls = true

    func set(_ c: ClassID, _ steps: [DeallocStep], selectors: [String] = [], reachesRoot: Bool = true) {
        plans[c] = { _, _ in DeallocPlan(steps: steps, selectors: selectors, reachesRoot: reachesRoot) }
    }

    func deallocPlan(for object: ObjectID, in engine: Engine) -> DeallocPlan {
        if recordsCalls { asked.append(object) }
        return plans[engine.classOf(object)]?(object, engine) ?? DeallocPlan(steps: [])
    }
}

/// An engine with a planner (held strongly here: the engine's reference is unowned), an event
/// log in words, and a handful of classes:
/// - `Leaf` ("UILabel"): no slots, empty plan.
/// - `Owner` ("UIView"): slot 0 `label` (single), slot 1 `subviews` (list), slot 2 `delegate`
///   (single, not released); plan: release label, release subviews.
/// - `Frame`: hidden, eight single slots, used as a root (the scenario's variables).
final class World {
    let engine = Engine()
    let planner = TestPlanner()
    private(set) var log: [String] = []
    /// Events with their depth and site: "depth|site|text".
    private(set) var detailed: [String] = []
    let leaf: ClassID
    let owner: ClassID
    let frame: ClassID

    static let label = 0, subviews = 1, delegate = 2

    init(events: Bool = true) {
        leaf = engine.defineClass(name: "UILabel", superclass: nil, slots: [])
        owner = engine.defineClass(name: "UIView", superclass: nil, slots: [
            SlotInfo(name: "label"), SlotInfo(name: "subviews", isList: true), SlotInfo(name: "delegate"),
        ])
        frame = engine.defineClass(name: "Frame", superclass: nil,
                                   slots: (0..<8).map { SlotInfo(name: "v\($0)") }, hidden: true)
        engine.planner = planner
        planner.set(owner, [.release(slot: World.label), .releaseList(slot: World.subviews)])
        if events { startLogging() }
    }

    func startLogging() {
        engine.eventSink = { [unowned self] ev in
            let text = self.describe(ev.kind)
            self.log.append(text)
            self.detailed.append("\(ev.depth)|\(ev.site)|\(text)")
        }
    }

    func clearLog() { log.removeAll(); detailed.removeAll() }

    func n(_ o: ObjectID) -> String { engine.name(o) }

    func describe(_ r: SlotRef) -> String {
        let slot = engine.slots(of: engine.classOf(r.holder))[Int(r.slot)].name
        return "\(n(r.holder)).\(slot)"
    }

    func describe(_ c: Cause) -> String {
        switch c {
        case .explicit: return "explicit"
        case .store(let r): return "store \(describe(r))"
        case .replaced(let r): return "replaced \(describe(r))"
        case .list(let r): return "list \(describe(r))"
        case .dealloc(let o): return "dealloc \(n(o))"
        // Which slot is checked on its own (DeallocCauseTests); the traces here read alike.
        case .deallocSlot(let r): return "dealloc \(n(r.holder))"
        case .pool: return "pool"
        case .temporary: return "temporary"
        case .other(let s): return "other \(s)"
        }
    }

    func describe(_ k: EngineEvent.Kind) -> String {
        switch k {
        case .alloc(let o): return "alloc \(n(o))"
        case .retain(let o, let c, let why): return "retain \(n(o)) \(c) (\(describe(why)))"
        case .release(let o, let c, let why): return "release \(n(o)) \(c) (\(describe(why)))"
        case .autorelease(let o, let p, _, let why): return "autorelease \(n(o)) pool \(p) (\(describe(why)))"
        case .drain(let p, let entries): return "drain pool \(p) entries \(entries)"
        case .dealloc(let o): return "dealloc \(n(o))"
        case .deallocIncomplete(let o): return "deallocIncomplete \(n(o))"
        case .weakZeroed(let r, let t): return "weakZeroed \(describe(r)) was \(n(t))"
        case .zombie(let o, let sel): return "zombie \(n(o)) \(sel)"
        case .crash(let m): return "crash \(m)"
        case .deallocStatement(let o, let site, let token): return "statement \(token) at \(site) in dealloc of \(n(o))"
        }
    }

    /// A hidden frame object to use as a root.
    func root(_ name: String = "frame") -> ObjectID { engine.alloc(frame, name: name) }
    func label(_ name: String) -> ObjectID { engine.alloc(leaf, name: name) }
    func view(_ name: String) -> ObjectID { engine.alloc(owner, name: name) }

    func hash() -> Int {
        var h = Hasher()
        engine.stateHash(into: &h)
        return h.finalize()
    }

    /// Objects the planner was asked about, by name: the dealloc order.
    var deallocOrder: [String] { planner.asked.map(n) }
}

func ref(_ o: ObjectID, _ slot: Int) -> SlotRef { SlotRef(o, slot) }
