import XCTest
@testable import OwnershipEngine

/// Engine bugs found while writing this suite, each pinned by the test that first failed:
/// nothing changes after a crash, a drain also drains what its releases autorelease, and
/// the state hash tells apart who adopted an object.
final class RegressionTests: XCTestCase {

    private func crashedWorld() -> (World, r: ObjectID, v: ObjectID, a: ObjectID, b: ObjectID) {
        let w = World()
        let r = w.root(), v = w.view("v"), a = w.label("a"), b = w.label("b"), dead = w.label("dead")
        w.engine.store(ref(r, 0), v, rule: .adopt)
        w.engine.store(ref(v, World.label), a, rule: .retain)
        w.engine.store(ref(v, World.delegate), b, rule: .weak)
        w.engine.listAppend(ref(v, World.subviews), b)
        w.engine.autorelease(a)
        w.engine.release(dead)
        w.engine.release(dead)          // over-release: the run stops here
        XCTAssertNotNil(w.engine.crash)
        return (w, r, v, a, b)
    }

    /// Engine.swift `store(_:_:rule:cause:)` has no `crash == nil` guard: after a crash,
    /// .assign, .weak, .direct, .adopt and `.retain` of nil still rewrite the slot (and
    /// .weak re-registers it) and only then report false.
    func testBUG_storeAfterCrashStillMutatesTheSlot() {
        let rules: [(String, StoreRule, Bool)] = [
            ("assign", .assign, true), ("weak nil", .weak, false), ("direct", .direct(adoptsClaim: true), true),
            ("adopt", .adopt, true), ("retain nil", .retain, false),
        ]
        for (what, rule, storesValue) in rules {
            let (w, _, v, _, b) = crashedWorld()
            let slot = ref(v, rule == .weak ? World.delegate : World.label)
            let before = w.hash()
            let pointer = w.engine.read(slot), claims = w.engine.claims(slot)
            XCTAssertFalse(w.engine.store(slot, storesValue ? b : nil, rule: rule), what)
            XCTAssertEqual(w.engine.read(slot), pointer, "\(what): slot changed after the crash")
            XCTAssertEqual(w.engine.claims(slot), claims, "\(what): claims changed after the crash")
            XCTAssertEqual(w.hash(), before, "\(what): state changed after the crash")
        }
    }

    /// Engine.swift `listRemove`: removes the element from the list before `release`
    /// refuses, so after a crash the list loses an element whose count is unchanged.
    func testBUG_listRemoveAfterCrashStillRemovesTheElement() {
        let (w, _, v, _, b) = crashedWorld()
        let before = w.hash()
        XCTAssertFalse(w.engine.listRemove(ref(v, World.subviews), b))
        XCTAssertEqual(w.engine.list(ref(v, World.subviews)), [b])
        XCTAssertEqual(w.hash(), before)
    }

    /// Engine.swift `drainPool`: after a crash it still empties (or pops) the pool and emits
    /// a `.drain` event after the `.crash` event; the pending releases are silently lost.
    func testBUG_drainPoolAfterCrashEmptiesThePoolAndEmitsADrainEvent() {
        let (w, _, _, a, _) = crashedWorld()
        let logBefore = w.log
        w.engine.drainPool()
        XCTAssertEqual(w.log, logBefore, "no events after the crash")
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [a])

        // With an inner pool: the drain must not pop it after the crash.
        let w2 = World()
        let x = w2.label("x"), dead = w2.label("dead")
        w2.engine.pushPool()
        w2.engine.autorelease(x)
        w2.engine.release(dead)
        w2.engine.release(dead)
        XCTAssertNotNil(w2.engine.crash)
        w2.engine.drainPool()
        XCTAssertEqual(w2.engine.poolDepth, 2, "a drain after a crash must not pop the pool")
        if w2.engine.poolDepth == 2 { XCTAssertEqual(w2.engine.pendingReleases(inPool: 1), [x]) }
    }

    /// Reachability.swift `stateHash`: `for a in adopted where !a.isEmpty { for o in a { h.combine(o.raw) } }`
    /// combines neither the adopter's id nor the list length, so "h1 adopted x" and "h2
    /// adopted x" hash the same although they behave differently from there on (h1's
    /// releaseAdopted step releases x in one state and not in the other).
    func testBUG_stateHashDoesNotSayWhoAdopted() {
        func world(adopter: Int) -> (World, [ObjectID]) {
            let w = World()
            let r = w.root()
            let h1 = w.view("h1"), h2 = w.view("h2"), x = w.label("x")
            w.engine.store(ref(r, 0), h1, rule: .adopt)
            w.engine.store(ref(r, 1), h2, rule: .adopt)
            w.engine.adopt(x, by: adopter == 1 ? h1 : h2)
            return (w, [r, h1, h2, x])
        }
        let (w1, o1) = world(adopter: 1), (w2, _) = world(adopter: 2)
        XCTAssertEqual(w1.engine.leaks(roots: [o1[0]]), [])
        // Same slots, counts, lists, pools: only the adopter differs, and that matters:
        w1.engine.store(ref(o1[0], 0), nil, rule: .retain)  // h1 dies without releaseAdopted
        XCTAssertEqual(w1.engine.leaks(roots: [o1[0]]), [o1[3]])
        let (w1b, _) = world(adopter: 1)
        XCTAssertNotEqual(w1b.hash(), w2.hash(), "different adopters must give different fingerprints")
    }

    /// Engine.swift `drainPool` takes the entries out (and pops the pool) before releasing
    /// them, so an object autoreleased by a dealloc that the drain triggered lands in the
    /// next pool (or stays pending in the emptied outermost pool) instead of being released
    /// by this same drain. Apple's runtime releases it in the same pop: objc4 NSObject.mm
    /// `AutoreleasePoolPage::releaseUntil` loops "while (this->next != stop)" and restarts
    /// "from hotPage() every time, in case -release autoreleased more objects". O3 says the
    /// drain behaves "as Apple's runtime does". Effect: a scenario that ends right after a
    /// drain reports such an object alive (a leak) although the app freed it.
    func testBUG_objectAutoreleasedDuringADrainIsReleasedBySameDrain() {
        let w = World()
        let holder = w.engine.defineClass(name: "Holder", superclass: nil, slots: [SlotInfo(name: "thing")])
        w.planner.set(holder, [.autorelease(slot: 0)])
        let h = w.engine.alloc(holder, name: "h"), t = w.label("t")
        w.engine.store(ref(h, 0), t, rule: .adopt)
        w.engine.autorelease(h)
        w.engine.drainPool()
        XCTAssertEqual(w.engine.state(h), .deallocated)
        XCTAssertEqual(w.engine.state(t), .deallocated, "t was autoreleased during the drain")
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [])

        // The same with an inner pool: t must not move to the outer pool.
        let w2 = World()
        let holder2 = w2.engine.defineClass(name: "Holder", superclass: nil, slots: [SlotInfo(name: "thing")])
        w2.planner.set(holder2, [.autorelease(slot: 0)])
        let h2 = w2.engine.alloc(holder2, name: "h"), t2 = w2.label("t")
        w2.engine.store(ref(h2, 0), t2, rule: .adopt)
        w2.engine.pushPool()
        w2.engine.autorelease(h2)
        w2.engine.drainPool()
        XCTAssertEqual(w2.engine.state(t2), .deallocated)
        XCTAssertEqual(w2.engine.pendingReleases(inPool: 0), [])
    }
}
