import XCTest
@testable import OwnershipEngine

/// O6, O7, O10: the store rules, weak zeroing, dangling references.
final class StoreTests: XCTestCase {

    // MARK: .retain

    func testRetainStoreRetainsNewStoresThenReleasesOld() {
        let w = World()
        let v = w.view("v"), old = w.label("old"), new = w.label("new")
        let slot = ref(v, World.label)
        w.engine.store(slot, old, rule: .adopt)
        // The old value's dealloc looks back at the slot: it must already hold the new value.
        var slotDuringOldDealloc: ObjectID??
        w.planner.plans[w.leaf] = { o, e in
            if o == old { slotDuringOldDealloc = .some(e.read(slot)) }
            return DeallocPlan(steps: [])
        }
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, new, rule: .retain))
        XCTAssertEqual(w.log, ["retain new 2 (store v.label)", "release old 0 (replaced v.label)", "dealloc old"])
        XCTAssertEqual(slotDuringOldDealloc, .some(new))
        XCTAssertEqual(w.engine.read(slot), new)
        XCTAssertEqual(w.engine.claims(slot), 1)
        XCTAssertEqual(w.engine.count(new), 2)
    }

    func testRetainStoreOfTheSameObjectIsSafe() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.label)
        w.engine.store(slot, a, rule: .retain)
        w.engine.release(a)                       // the slot holds the only reference
        XCTAssertEqual(w.engine.count(a), 1)
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, a, rule: .retain))
        XCTAssertEqual(w.log, ["retain a 2 (store v.label)", "release a 1 (replaced v.label)"])
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.state(a), .alive)
        XCTAssertEqual(w.engine.claims(slot), 1)
        XCTAssertEqual(w.planner.asked, [])
    }

    func testRetainStoreOfNilReleasesTheOldValue() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.label)
        w.engine.store(slot, a, rule: .adopt)
        XCTAssertTrue(w.engine.store(slot, nil, rule: .retain, cause: .temporary))
        XCTAssertNil(w.engine.read(slot))
        XCTAssertEqual(w.engine.claims(slot), 0)
        XCTAssertEqual(w.engine.state(a), .deallocated)
        XCTAssertTrue(w.log.contains("release a 0 (temporary)"), "an explicit cause replaces .store")
    }

    func testRetainStoreOfADeadObjectIsAZombieRetain() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        w.engine.release(a)
        XCTAssertFalse(w.engine.store(ref(v, World.label), a, rule: .retain))
        XCTAssertEqual(w.engine.crash?.message, "*** -[UILabel retain]: message sent to deallocated instance")
        XCTAssertNil(w.engine.read(ref(v, World.label)), "the slot is untouched")
    }

    func testRetainStoreReleasesOldEvenIfTheSlotLostItsClaim() {
        // A setter does not know someone released the old value behind its back (the bug to show).
        let w = World()
        let v = w.view("v"), a = w.label("a"), b = w.label("b")
        let slot = ref(v, World.label)
        w.engine.store(slot, a, rule: .adopt)
        w.engine.release(a, via: slot)
        XCTAssertEqual(w.engine.state(a), .deallocated)
        XCTAssertFalse(w.engine.store(slot, b, rule: .retain))
        XCTAssertEqual(w.engine.crash?.message, "*** -[UILabel release]: message sent to deallocated instance")
        XCTAssertEqual(w.engine.crash?.object, a)
    }

    // MARK: .adopt

    func testAdoptStoreTakesOverAPlusOne() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.label)
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, a, rule: .adopt))
        XCTAssertEqual(w.log, [], "no retain")
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.claims(slot), 1)
        let b = w.label("b")
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, b, rule: .adopt))
        XCTAssertEqual(w.log, ["release a 0 (replaced v.label)", "dealloc a"])
        XCTAssertEqual(w.engine.read(slot), b)
        XCTAssertTrue(w.engine.release(b, via: slot))
        XCTAssertEqual(w.engine.state(b), .deallocated)
        XCTAssertEqual(w.engine.claims(slot), 0)
    }

    // MARK: .assign and dangling references (O10)

    func testAssignStoreDanglesAfterTheTargetDies() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.delegate)
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, a, rule: .assign))
        XCTAssertEqual(w.log, [])
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.claims(slot), 0)
        XCTAssertEqual(w.engine.danglingReferences(), [])
        w.engine.release(a)
        XCTAssertEqual(w.engine.read(slot), a, "assign is not zeroed")
        XCTAssertEqual(w.engine.danglingReferences(), [Engine.Dangling(slot: slot, target: a)])
        // Reading through it later is a zombie message (O10 -> O5).
        XCTAssertFalse(w.engine.message(w.engine.read(slot)!, "text"))
        XCTAssertEqual(w.engine.crash?.message, "*** -[UILabel text]: message sent to deallocated instance")
    }

    func testAssignStoreOverAnOldValueDoesNotReleaseIt() {
        let w = World()
        let v = w.view("v"), a = w.label("a"), b = w.label("b")
        let slot = ref(v, World.delegate)
        w.engine.store(slot, a, rule: .assign)
        w.engine.store(slot, b, rule: .assign)
        XCTAssertEqual([a, b].map(w.engine.count), [1, 1])
    }

    func testDanglingReferencesSkipHiddenAndDeadHoldersAndLists() {
        let w = World()
        let r = w.root(), v = w.view("v"), deadHolder = w.view("deadHolder"), a = w.label("a")
        w.engine.store(ref(r, 0), a, rule: .assign)
        w.engine.store(ref(deadHolder, World.delegate), a, rule: .assign)
        w.engine.store(ref(v, World.delegate), a, rule: .assign)
        w.engine.release(deadHolder)
        w.engine.release(a)
        XCTAssertEqual(w.engine.danglingReferences(), [Engine.Dangling(slot: ref(v, World.delegate), target: a)])
    }

    // MARK: .weak

    func testWeakStoreZeroesWhenTheTargetDeallocs() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.delegate)
        var slotDuringDealloc: ObjectID?? = .none
        w.planner.plans[w.leaf] = { _, e in slotDuringDealloc = .some(e.read(slot)); return DeallocPlan(steps: []) }
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, a, rule: .weak))
        XCTAssertEqual(w.log, [], "no retain")
        XCTAssertEqual(w.engine.read(slot), a)
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.leaks(roots: [v]), [a], "weak does not own")
        w.engine.release(a)
        XCTAssertEqual(w.log, ["release a 0 (explicit)", "dealloc a", "weakZeroed v.delegate was a"])
        XCTAssertEqual(slotDuringDealloc, .some(nil), "weak reads nil from the moment dealloc begins")
        XCTAssertNil(w.engine.read(slot))
        XCTAssertEqual(w.engine.danglingReferences(), [])
    }

    func testWeakZeroingComesBeforeThePlansReleases() {
        let w = World()
        let holder = w.view("holder"), target = w.view("target"), inner = w.label("inner")
        w.engine.store(ref(target, World.label), inner, rule: .adopt)
        w.engine.store(ref(holder, World.delegate), target, rule: .weak)
        w.clearLog()
        w.engine.release(target)
        XCTAssertEqual(w.log, ["release target 0 (explicit)", "dealloc target", "weakZeroed holder.delegate was target",
                               "release inner 0 (dealloc target)", "dealloc inner"])
    }

    func testEveryWeakReferenceIsZeroed() {
        let w = World()
        let a = w.label("a")
        let holders = (0..<5).map { w.view("h\($0)") }
        for h in holders { w.engine.store(ref(h, World.delegate), a, rule: .weak) }
        w.engine.store(ref(holders[0], World.label), a, rule: .weak)
        w.engine.release(a)
        XCTAssertEqual(w.log.filter { $0.hasPrefix("weakZeroed") }.count, 6)
        for h in holders { XCTAssertNil(w.engine.read(ref(h, World.delegate))) }
        XCTAssertNil(w.engine.read(ref(holders[0], World.label)))
    }

    func testWeakOverwriteUnregistersTheOldTarget() {
        let w = World()
        let v = w.view("v"), a = w.label("a"), b = w.label("b")
        let slot = ref(v, World.delegate)
        w.engine.store(slot, a, rule: .weak)
        w.engine.store(slot, b, rule: .weak)
        w.engine.release(a)
        XCTAssertEqual(w.engine.read(slot), b, "a's death must not zero a slot that now holds b")
        XCTAssertFalse(w.log.contains { $0.hasPrefix("weakZeroed") })
        w.engine.store(slot, nil, rule: .weak)
        w.engine.release(b)
        XCTAssertFalse(w.log.contains { $0.hasPrefix("weakZeroed") })
        XCTAssertNil(w.engine.read(slot))
    }

    func testWeakStoreOfADeallocatingObjectStoresNil() {
        // While `a` is deallocating (the event sink sees its dealloc begin), storing it weakly
        // reads back as nil and is not zeroed later, as objc_storeWeak does.
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.delegate)
        var stateWhenStored: ObjectState?
        w.engine.eventSink = { ev in
            if case .dealloc(let o) = ev.kind, o == a {
                stateWhenStored = w.engine.state(a)
                XCTAssertTrue(w.engine.store(slot, a, rule: .weak))
            }
            if case .weakZeroed = ev.kind { XCTFail("nothing to zero") }
        }
        w.engine.release(a)
        XCTAssertEqual(stateWhenStored, .deallocating)
        XCTAssertNil(w.engine.read(slot))
        XCTAssertEqual(w.engine.claims(slot), 0)
    }

    // MARK: .direct (O7)

    func testDirectStoreDoesNoMemoryManagement() {
        let w = World()
        let v = w.view("v"), a = w.label("a"), b = w.label("b")
        let slot = ref(v, World.label)
        w.engine.store(slot, a, rule: .adopt)
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, b, rule: .direct(adoptsClaim: false)))
        XCTAssertEqual(w.log, [], "no retain of the new, no release of the old")
        XCTAssertEqual([a, b].map(w.engine.count), [1, 1])
        XCTAssertEqual(w.engine.read(slot), b)
        XCTAssertEqual(w.engine.claims(slot), 0)
        XCTAssertEqual(w.engine.leaks(roots: [v]), [a, b], "a is lost; b is unowned")
    }

    func testDirectStoreAdoptingTheClaimOwnsAFreshObject() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        let slot = ref(v, World.label)
        w.clearLog()
        XCTAssertTrue(w.engine.store(slot, a, rule: .direct(adoptsClaim: true)))
        XCTAssertEqual(w.log, [])
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.claims(slot), 1)
        XCTAssertEqual(w.engine.leaks(roots: [v]), [])
        XCTAssertTrue(w.engine.store(slot, nil, rule: .direct(adoptsClaim: true)))
        XCTAssertEqual(w.engine.claims(slot), 0, "no claim on nil")
        XCTAssertEqual(w.engine.state(a), .alive, "and no release of the old value")
    }

    func testDropClaimsKeepsThePointerButNotTheOwnership() {
        let w = World()
        let r = w.root(), a = w.label("a")
        w.engine.store(ref(r, 0), a, rule: .adopt)
        w.engine.dropClaims(ref(r, 0))
        XCTAssertEqual(w.engine.read(ref(r, 0)), a)
        XCTAssertEqual(w.engine.claims(ref(r, 0)), 0)
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a])
    }

    func testStoreNilStepInDeallocUsesItsRule() {
        let w = World()
        let holder = w.engine.defineClass(name: "Holder", superclass: nil,
                                          slots: [SlotInfo(name: "strong"), SlotInfo(name: "weakRef")])
        w.planner.set(holder, [.storeNil(slot: 0, rule: .retain), .storeNil(slot: 1, rule: .weak)])
        let h = w.engine.alloc(holder, name: "h"), a = w.label("a"), b = w.label("b")
        w.engine.store(ref(h, 0), a, rule: .adopt)
        w.engine.store(ref(h, 1), b, rule: .weak)
        w.clearLog()
        w.engine.release(h)
        XCTAssertEqual(w.log, ["release h 0 (explicit)", "dealloc h", "release a 0 (dealloc h)", "dealloc a"])
        XCTAssertEqual(w.engine.state(a), .deallocated)
        w.clearLog()
        w.engine.release(b)
        XCTAssertEqual(w.log, ["release b 0 (explicit)", "dealloc b"], "the weak store of nil unregistered it")
    }

    // MARK: Lists

    func testListAppendRetainsAndListRemoveReleasesTheLastOccurrence() {
        let w = World()
        let v = w.view("v"), a = w.label("a"), b = w.label("b")
        let subviews = ref(v, World.subviews)
        w.clearLog()
        XCTAssertTrue(w.engine.listAppend(subviews, a))
        XCTAssertTrue(w.engine.listAppend(subviews, b))
        XCTAssertTrue(w.engine.listAppend(subviews, a))
        XCTAssertEqual(w.engine.list(subviews), [a, b, a])
        XCTAssertEqual(w.engine.count(a), 3)
        XCTAssertEqual(w.log.first, "retain a 2 (list v.subviews)")
        XCTAssertTrue(w.engine.listRemove(subviews, a))
        XCTAssertEqual(w.engine.list(subviews), [a, b])
        XCTAssertEqual(w.engine.count(a), 2)
        XCTAssertEqual(w.log.last, "release a 2 (list v.subviews)")
        XCTAssertTrue(w.engine.listRemove(subviews, w.label("stranger")), "removing an absent element is a no-op")
        XCTAssertEqual(w.engine.list(subviews), [a, b])
    }

    func testListAppendOfADeadObjectCrashesAndLeavesTheListAlone() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        w.engine.release(a)
        XCTAssertFalse(w.engine.listAppend(ref(v, World.subviews), a))
        XCTAssertEqual(w.engine.list(ref(v, World.subviews)), [])
        XCTAssertEqual(w.engine.crash?.selector, "retain")
    }
}
