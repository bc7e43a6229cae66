import XCTest
@testable import OwnershipEngine
import TestSupport

/// Issue 29: the engine against a reference counter written for this test, on seeded random
/// programs that drive counts far above 4 (many retains, nested pools, one object in many
/// lists and slots, long dealloc cascades). The model is deliberately naive — plain arrays,
/// recursion for the cascade — so it shares no code and no cleverness with the engine
/// (no digest, no explicit frame stack, no sparse lists). After every operation the two
/// must agree on every object's count and state, every slot, claim, list and pool, the
/// crash, and the events (with the counts they report).
final class ReferenceModelTests: XCTestCase {
    static let seed: UInt64 = 0x5245_4643_4F55_4E54   // "REFCOUNT"
    static let programs = 80
    static let operationsPerProgram = 300

    func testEngineAgreesWithTheReferenceCounterOnRandomPrograms() {
        var rng = SplitMix64(seed: Self.seed)
        var stats = RefStats()
        for p in 0..<Self.programs {
            var harness = Harness()
            var trace: [String] = []
            for step in 0..<Self.operationsPerProgram {
                let op = harness.randomOperation(&rng)
                trace.append(op.description)
                harness.apply(op)
                if let difference = harness.firstDifference() {
                    let tail = trace.suffix(12).joined(separator: "\n  ")
                    XCTFail("program \(p), step \(step) (seed 0x\(String(Self.seed, radix: 16))): \(difference)\nlast operations:\n  \(tail)\nlast events:\n  " + harness.model.events.suffix(12).joined(separator: "\n  "))
                    return
                }
                stats.observe(harness.model)
            }
            // Teardown: drain every pool, then give up every +1 the program still owns, so
            // the objects that went high come down again, through cascades.
            for op in harness.teardown() {
                harness.apply(op)
                trace.append(op.description)
                if let difference = harness.firstDifference() {
                    XCTFail("program \(p), teardown: \(difference)\nlast operations:\n  " + trace.suffix(12).joined(separator: "\n  "))
                    return
                }
                stats.observe(harness.model)
            }
            stats.finish(harness.model)
        }
        // The programs must reach what the test claims to cover: otherwise a change to the
        // generator could make this pass while checking nothing above count 4.
        XCTAssertGreaterThanOrEqual(stats.maxCount, 30, "no count reached 30")
        XCTAssertGreaterThan(stats.stepsWithCountAbove4, 10_000, "too few states with a count above 4")
        XCTAssertGreaterThanOrEqual(stats.maxCascadeDepth, 40, "no dealloc cascade 40 deep")
        XCTAssertGreaterThanOrEqual(stats.maxPoolDepth, 5, "pools never nested 5 deep")
        XCTAssertGreaterThanOrEqual(stats.maxListMemberships, 8, "no object in 8 lists at once")
        XCTAssertGreaterThan(stats.deallocsFromAbove4, 30, "too few objects deallocated after a count above 4")
        XCTAssertGreaterThan(stats.crashes, 5, "the zombie path was never taken")
        XCTAssertLessThan(stats.crashes, Self.programs / 2, "most programs crash early and check little")
    }

    /// A few hand-made programs whose counts are known without either implementation.
    func testHighCountsByHand() {
        var h = Harness()
        h.apply(.alloc(.leaf))                                   // 0
        for _ in 0..<9 { h.apply(.retain(0)) }                   // 10
        XCTAssertEqual(h.world.engine.count(ObjectID(0)), 10)
        h.apply(.alloc(.view))                                   // 1
        for _ in 0..<7 { h.apply(.listAppend(holder: 1, value: 0)) }
        XCTAssertEqual(h.world.engine.count(ObjectID(0)), 17)
        h.apply(.pushPool); h.apply(.pushPool)
        for _ in 0..<5 { h.apply(.autorelease(0)) }
        XCTAssertEqual(h.world.engine.count(ObjectID(0)), 17, "autorelease defers the release")
        h.apply(.drain)
        XCTAssertEqual(h.world.engine.count(ObjectID(0)), 12)
        h.apply(.release(1))                                     // the view goes, and its 7 claims
        XCTAssertEqual(h.world.engine.count(ObjectID(0)), 5)
        XCTAssertNil(h.firstDifference())
    }
}

/// What the random programs reached, over all of them.
private struct RefStats {
    var maxCount = 0, stepsWithCountAbove4 = 0, maxCascadeDepth = 0, maxPoolDepth = 0
    var maxListMemberships = 0, deallocsFromAbove4 = 0, crashes = 0

    mutating func observe(_ m: RefModel) {
        let top = m.count.max() ?? 0
        maxCount = max(maxCount, top)
        if top > 4 { stepsWithCountAbove4 += 1 }
        maxCascadeDepth = max(maxCascadeDepth, m.deepestCascade)
        maxPoolDepth = max(maxPoolDepth, m.pools.count)
        var memberships = [Int](repeating: 0, count: m.count.count)
        for l in m.subviews { for o in Set(l) { memberships[o] += 1 } }
        maxListMemberships = max(maxListMemberships, memberships.max() ?? 0)
    }

    mutating func finish(_ m: RefModel) {
        deallocsFromAbove4 += m.deallocsFromAbove4
        if m.crashed { crashes += 1 }
    }
}

/// The classes the programs use.
enum RefKind { case leaf, view, cell }

/// One operation of a random program, on object numbers (ids in allocation order).
enum RefOp: CustomStringConvertible {
    case alloc(RefKind)
    case chain(Int)
    case retain(Int), release(Int), autorelease(Int)
    case pushPool, drain
    case store(holder: Int, value: Int?)
    case listAppend(holder: Int, value: Int), listRemove(holder: Int, value: Int)

    var description: String {
        switch self {
        case .alloc(let k): return "alloc \(k)"
        case .chain(let n): return "chain of \(n) views"
        case .retain(let o): return "retain \(o)"
        case .release(let o): return "release \(o)"
        case .autorelease(let o): return "autorelease \(o)"
        case .pushPool: return "push pool"
        case .drain: return "drain"
        case .store(let h, let v): return "store \(v.map(String.init) ?? "nil") into slot 0 of \(h)"
        case .listAppend(let h, let v): return "append \(v) to the list of \(h)"
        case .listRemove(let h, let v): return "remove \(v) from the list of \(h)"
        }
    }
}

/// The reference counter. Rules, as SEMANTICS.md O1–O5 and the engine's documented choices
/// give them: alloc at 1; retain +1; release −1 and dealloc at 0; a release of an object
/// whose dealloc is running is ignored; a message (retain, release, autorelease) to a
/// deallocated object is a zombie and a crash that stops everything; autorelease appends
/// to the innermost pool, a drain releases newest first until the pool is empty and pops
/// it unless it is the outermost; a retaining store retains the new value, then releases
/// the old; a view's dealloc releases slot 0 (consuming its claim), then every element of
/// its list first to last; a cell's dealloc autoreleases slot 0. Cascades nest depth-first.
struct RefModel {
    enum State { case alive, deallocating, deallocated }
    var kind: [RefKind] = []
    var count: [Int] = []
    var state: [State] = []
    var slot: [Int?] = []
    var claims: [Int] = []
    var subviews: [[Int]] = []
    var pools: [[Int]] = [[]]
    var crashed = false
    var events: [String] = []
    var depth = 0, deepestCascade = 0, deallocsFromAbove4 = 0
    /// The highest count each object ever had.
    var peak: [Int] = []

    /// The +1s of `o` that no slot, list or pool holds: the program's own.
    func owned(_ o: Int) -> Int {
        guard state[o] == .alive else { return 0 }
        var held = 0
        for h in 0..<count.count where slot[h] == o { held += claims[h] }
        for l in subviews { for x in l where x == o { held += 1 } }
        for p in pools { for x in p where x == o { held += 1 } }
        return count[o] - held
    }

    mutating func alloc(_ k: RefKind) -> Int {
        kind.append(k); count.append(1); state.append(.alive); slot.append(nil); claims.append(0)
        subviews.append([]); peak.append(1)
        events.append("alloc \(kind.count - 1)")
        return kind.count - 1
    }

    /// False if it crashed (or had crashed).
    private mutating func zombie(_ o: Int, _ selector: String) -> Bool {
        events.append("zombie \(o) \(selector)")
        events.append("crash")
        crashed = true
        return false
    }

    @discardableResult
    mutating func retain(_ o: Int) -> Bool {
        if crashed { return false }
        if state[o] == .deallocated { return zombie(o, "retain") }
        count[o] += 1
        peak[o] = max(peak[o], count[o])
        events.append("retain \(o) \(count[o])")
        return true
    }

    @discardableResult
    mutating func release(_ o: Int, viaSlotOf holder: Int? = nil) -> Bool {
        if crashed { return false }
        if state[o] == .deallocated { return zombie(o, "release") }
        if state[o] == .deallocating { return true }
        if let h = holder, slot[h] == o, claims[h] > 0 { claims[h] -= 1 }
        count[o] -= 1
        events.append("release \(o) \(count[o])")
        if count[o] == 0 { dealloc(o) }
        return !crashed
    }

    @discardableResult
    mutating func autorelease(_ o: Int, viaSlotOf holder: Int? = nil) -> Bool {
        if crashed { return false }
        if state[o] == .deallocated { return zombie(o, "autorelease") }
        if let h = holder, slot[h] == o, claims[h] > 0 { claims[h] -= 1 }
        pools[pools.count - 1].append(o)
        events.append("autorelease \(o) pool \(pools.count - 1) count \(count[o])")
        return true
    }

    mutating func pushPool() { if !crashed { pools.append([]) } }

    mutating func drain() {
        if crashed { return }
        let d = pools.count - 1
        events.append("drain \(d) \(pools[d].count)")
        while !crashed, let o = pools[d].popLast() { release(o) }
        if d > 0, !crashed { pools.removeLast() }
    }

    mutating func store(_ h: Int, _ v: Int?) {
        if crashed { return }
        let old = slot[h]
        if let v { guard retain(v) else { return } }
        slot[h] = v
        claims[h] = v == nil ? 0 : 1
        if let old { release(old) }
    }

    mutating func listAppend(_ h: Int, _ v: Int) {
        guard retain(v) else { return }
        subviews[h].append(v)
    }

    mutating func listRemove(_ h: Int, _ v: Int) {
        if crashed { return }
        guard let k = subviews[h].lastIndex(of: v) else { return }
        subviews[h].remove(at: k)
        release(v)
    }

    private mutating func dealloc(_ o: Int) {
        if peak[o] > 4 { deallocsFromAbove4 += 1 }
        state[o] = .deallocating
        events.append("dealloc \(o)")
        depth += 1
        deepestCascade = max(deepestCascade, depth)
        defer { depth -= 1 }
        switch kind[o] {
        case .leaf: break
        case .view:
            if let t = slot[o] { release(t, viaSlotOf: o) }
            if crashed { return }
            let taken = subviews[o]
            subviews[o] = []
            for t in taken where !crashed { release(t) }
        case .cell:
            if let t = slot[o] { autorelease(t, viaSlotOf: o) }
        }
        // A crash ends the run where it stands: the object stays mid-dealloc.
        if !crashed { state[o] = .deallocated }
    }
}

/// The engine and the model side by side, with the engine's events in the model's words.
struct Harness {
    let world = World(events: false)
    let cell: ClassID
    var model = RefModel()
    private let log = EventLog()

    init() {
        cell = world.engine.defineClass(name: "Cell", superclass: nil, slots: [SlotInfo(name: "content")])
        world.planner.set(cell, [.autorelease(slot: 0)])
        let log = self.log
        world.engine.eventSink = { ev in log.lines.append(Self.words(ev.kind)) }
    }

    static func words(_ k: EngineEvent.Kind) -> String {
        switch k {
        case .alloc(let o): return "alloc \(o.raw)"
        case .retain(let o, let n, _): return "retain \(o.raw) \(n)"
        case .release(let o, let n, _): return "release \(o.raw) \(n)"
        case .autorelease(let o, let p, let n, _): return "autorelease \(o.raw) pool \(p) count \(n)"
        case .drain(let p, let entries): return "drain \(p) \(entries)"
        case .dealloc(let o): return "dealloc \(o.raw)"
        case .zombie(let o, let selector): return "zombie \(o.raw) \(selector)"
        case .crash: return "crash"
        default: return "unexpected \(k)"
        }
    }

    private func id(_ o: Int) -> ObjectID { ObjectID(Int32(o)) }

    mutating func apply(_ op: RefOp) {
        let e = world.engine
        switch op {
        case .alloc(let k):
            _ = model.alloc(k)
            switch k {
            case .leaf: e.alloc(world.leaf, name: "o")
            case .view: e.alloc(world.owner, name: "o")
            case .cell: e.alloc(cell, name: "o")
            }
        case .chain(let n):
            // n views, each holding the next in slot 0 and giving up its own +1: releasing
            // the first deallocates the whole chain, one dealloc inside the other.
            let first = model.count.count
            for _ in 0..<n { apply(.alloc(.view)) }
            for k in first..<(first + n - 1) { apply(.store(holder: k, value: k + 1)); apply(.release(k + 1)) }
        case .retain(let o): model.retain(o); e.retain(id(o))
        case .release(let o): model.release(o); e.release(id(o))
        case .autorelease(let o): model.autorelease(o); e.autorelease(id(o))
        case .pushPool: model.pushPool(); e.pushPool()
        case .drain: model.drain(); e.drainPool()
        case .store(let h, let v):
            model.store(h, v)
            e.store(SlotRef(id(h), 0), v.map(id), rule: .retain)
        case .listAppend(let h, let v):
            model.listAppend(h, v)
            e.listAppend(SlotRef(id(h), World.subviews), id(v))
        case .listRemove(let h, let v):
            model.listRemove(h, v)
            e.listRemove(SlotRef(id(h), World.subviews), id(v))
        }
    }

    /// The first way the engine and the model disagree, in words; nil if they agree.
    func firstDifference() -> String? {
        let e = world.engine
        let m = model
        // Only the events since the last check: both logs only grow.
        if log.lines.count != m.events.count || log.lines[log.checked...] != m.events[log.checked...] {
            let k = zip(log.lines, m.events).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(log.lines.count, m.events.count)
            let at = { (a: [String]) in k < a.count ? a[k] : "(nothing)" }
            return "event \(k): engine says '\(at(log.lines))', the model '\(at(m.events))'"
        }
        if e.objectCount != m.count.count { return "engine has \(e.objectCount) objects, the model \(m.count.count)" }
        if e.hasCrashed != m.crashed { return "engine crashed: \(e.hasCrashed), the model: \(m.crashed)" }
        for o in 0..<m.count.count {
            let st: RefModel.State = switch e.state(id(o)) { case .alive: .alive; case .deallocating: .deallocating; case .deallocated: .deallocated }
            if st != m.state[o] { return "object \(o) is \(st) in the engine, \(m.state[o]) in the model" }
            if e.count(id(o)) != m.count[o] { return "object \(o) has count \(e.count(id(o))) in the engine, \(m.count[o]) in the model" }
            guard m.kind[o] != .leaf else { continue }
            let r = SlotRef(id(o), 0)
            if e.read(r)?.index != m.slot[o] { return "slot 0 of \(o) holds \(String(describing: e.read(r))) in the engine, \(String(describing: m.slot[o])) in the model" }
            if e.claims(r) != m.claims[o] { return "slot 0 of \(o) has \(e.claims(r)) claims in the engine, \(m.claims[o]) in the model" }
            if m.kind[o] == .view, e.list(SlotRef(id(o), World.subviews)).map(\.index) != m.subviews[o] {
                return "the list of \(o) differs: engine \(e.list(SlotRef(id(o), World.subviews)).map(\.index)), model \(m.subviews[o])"
            }
        }
        log.checked = log.lines.count
        if !m.crashed {
            if e.poolDepth != m.pools.count { return "pool depth \(e.poolDepth) in the engine, \(m.pools.count) in the model" }
            for p in 0..<m.pools.count where e.pendingReleases(inPool: p).map(\.index) != m.pools[p] {
                return "pool \(p) holds \(e.pendingReleases(inPool: p).map(\.index)) in the engine, \(m.pools[p]) in the model"
            }
        }
        return nil
    }

    /// The operations that end a program: drain every pool, then release every +1 the
    /// program owns, object by object (each may cascade through the others).
    func teardown() -> [RefOp] {
        var ops = [RefOp](repeating: .drain, count: model.pools.count)
        var m = model
        for _ in 0..<m.pools.count { m.drain() }
        for o in 0..<m.count.count where m.state[o] == .alive {
            let n = m.owned(o)
            for _ in 0..<max(0, n) { ops.append(.release(o)); m.release(o) }
        }
        return ops
    }

    /// A random operation, weighted so that a few objects collect many references.
    mutating func randomOperation(_ rng: inout SplitMix64) -> RefOp {
        let m = model
        let n = m.count.count
        let alive = (0..<n).filter { m.state[$0] == .alive }
        if alive.count < 2 || (n < 30 && rng.chance(4)) {
            return .alloc([RefKind.leaf, .view, .view, .cell][rng.below(4)])
        }
        if n < 150 && rng.chance(1) { return .chain(20 + rng.below(40)) }
        // "Hot" objects: the first few alive ones get most of the traffic.
        func pick() -> Int { rng.chance(70) ? alive[rng.below(min(3, alive.count))] : alive[rng.below(alive.count)] }
        // Rarely any object at all, deallocated ones included: the zombie path.
        if rng.chance(1) && rng.chance(25) {
            let any = rng.below(n)
            return [RefOp.retain(any), .release(any), .autorelease(any)][rng.below(3)]
        }
        let holders = alive.filter { m.kind[$0] != .leaf }
        let views = alive.filter { m.kind[$0] == .view }
        switch rng.below(100) {
        case 0..<34: return .retain(pick())
        case 34..<52:
            // Release mostly what the program itself owns, so most programs run long; the
            // odd over-release leaves dangling slots for a later cascade to trip on.
            let o = pick()
            return m.owned(o) > 0 || rng.chance(3) ? .release(o) : .retain(o)
        case 52..<62: let o = pick(); return m.owned(o) > 0 ? .autorelease(o) : .retain(o)
        case 62..<67: return m.pools.count < 7 ? .pushPool : .drain
        case 67..<72: return .drain
        case 72..<82:
            guard !holders.isEmpty else { return .retain(pick()) }
            return .store(holder: holders[rng.below(holders.count)], value: rng.chance(10) ? nil : pick())
        case 82..<95:
            guard !views.isEmpty else { return .retain(pick()) }
            return .listAppend(holder: views[rng.below(views.count)], value: pick())
        default:
            guard let h = views.first(where: { !m.subviews[$0].isEmpty }) else { return .retain(pick()) }
            let l = m.subviews[h]
            return .listRemove(holder: h, value: l[rng.below(l.count)])
        }
    }
}

/// The engine's events as the model words them (a class: the sink is an escaping closure).
private final class EventLog { var lines: [String] = []; var checked = 0 }
