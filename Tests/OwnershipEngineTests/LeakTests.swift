import XCTest
@testable import OwnershipEngine

/// O7 and O9: claims, adopted +1s, lists, and the leak search; incomplete deallocs.
final class LeakTests: XCTestCase {

    func testObjectHeldByAClaimOfARootIsNotALeak() {
        let w = World()
        let r = w.root(), a = w.label("a")
        w.engine.store(ref(r, 0), a, rule: .adopt)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        XCTAssertEqual(w.engine.leaks(roots: []), [a], "without the root nothing reaches it")
    }

    func testReleaseViaTheSlotWithAnExtraRetainOutstandingLeaks() {
        let w = World()
        let r = w.root(), a = w.label("a")
        let slot = ref(r, 0)
        XCTAssertTrue(w.engine.store(slot, a, rule: .retain))   // a at 2: the alloc's +1 and the slot's
        XCTAssertEqual(w.engine.claims(slot), 1)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        XCTAssertTrue(w.engine.release(a, via: slot))
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.claims(slot), 0)
        XCTAssertEqual(w.engine.read(slot), a)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a])
    }

    func testRetainViaASlotAddsAClaim() {
        let w = World()
        let r = w.root(), a = w.label("a")
        w.engine.store(ref(r, 0), a, rule: .assign)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a])
        w.engine.retain(a, via: ref(r, 0))
        XCTAssertEqual(w.engine.claims(ref(r, 0)), 1)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        w.engine.retain(a, via: ref(r, 0))
        w.engine.release(a, via: ref(r, 0))
        XCTAssertEqual(w.engine.leaks(roots: [r]), [], "one claim left")
        w.engine.release(a, via: ref(r, 0))
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a])
    }

    func testReachabilityFollowsChainsOfClaims() {
        let w = World()
        let r = w.root(), a = w.view("a"), b = w.view("b"), c = w.label("c")
        w.engine.store(ref(r, 0), a, rule: .adopt)
        w.engine.store(ref(a, World.label), b, rule: .adopt)
        w.engine.store(ref(b, World.label), c, rule: .adopt)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        // Cutting the middle link (a's claim) orphans b and everything under it.
        w.engine.dropClaims(ref(a, World.label))
        XCTAssertEqual(w.engine.leaks(roots: [r]), [b, c])
    }

    func testAnUnownedPointerDoesNotKeepAnythingReachable() {
        let w = World()
        let r = w.root(), a = w.label("a"), b = w.label("b")
        w.engine.store(ref(r, 0), a, rule: .assign)
        w.engine.store(ref(r, 1), b, rule: .weak)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a, b])
    }

    func testACycleUnreachableFromRootsIsALeak() {
        let w = World()
        let r = w.root(), a = w.view("a"), b = w.view("b")
        w.engine.store(ref(a, World.label), b, rule: .retain)
        w.engine.store(ref(b, World.label), a, rule: .retain)
        w.engine.store(ref(r, 0), a, rule: .adopt)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        w.engine.release(a, via: ref(r, 0))
        XCTAssertEqual(w.engine.state(a), .alive)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a, b])
    }

    func testListsKeepTheirElementsReachable() {
        let w = World()
        let r = w.root(), v = w.view("v"), s = w.view("s"), t = w.label("t")
        w.engine.store(ref(r, 0), v, rule: .adopt)
        w.engine.listAppend(ref(v, World.subviews), s)
        w.engine.listAppend(ref(s, World.subviews), t)
        w.engine.release(s); w.engine.release(t)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        // Take s out of the list while someone else still holds a retain: it leaks, with t.
        w.engine.retain(s)
        w.engine.listRemove(ref(v, World.subviews), s)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [s, t])
    }

    func testAdoptedObjectIsReachableWhileItsAdopterLives() {
        let w = World()
        let r = w.root(), owner = w.view("owner"), top = w.label("top")
        w.engine.store(ref(r, 0), owner, rule: .adopt)
        w.engine.adopt(top, by: owner)
        XCTAssertEqual(w.engine.adoptedObjects(owner), [top])
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        // The owner's plan does not release what it adopted: once it is gone, top leaks.
        w.engine.store(ref(r, 0), nil, rule: .retain)
        XCTAssertEqual(w.engine.state(owner), .deallocated)
        XCTAssertEqual(w.engine.state(top), .alive)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [top])
    }

    func testReleaseAdoptedStepReleasesWhatWasAdopted() {
        let w = World()
        let controller = w.engine.defineClass(name: "NSWindowController", superclass: nil, slots: [])
        w.planner.set(controller, [.releaseAdopted])
        let r = w.root(), c = w.engine.alloc(controller, name: "c")
        let t1 = w.label("t1"), t2 = w.label("t2")
        w.engine.store(ref(r, 0), c, rule: .adopt)
        w.engine.adopt(t1, by: c)
        w.engine.adopt(t2, by: c)
        w.clearLog()
        w.engine.release(c, via: ref(r, 0))
        XCTAssertEqual(w.log, ["release c 0 (explicit)", "dealloc c",
                               "release t1 0 (dealloc c)", "dealloc t1",
                               "release t2 0 (dealloc c)", "dealloc t2"])
        XCTAssertEqual(w.engine.adoptedObjects(c), [])
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
    }

    func testReleasingThroughAClaimlessSlotGivesUpAnAdoptedClaim() {
        // A Mac top-level object: the owner adopted its +1 and points at it with an
        // ivar-only outlet; balancing it through that outlet gives up the adopted claim.
        let w = World()
        let r = w.root(), owner = w.view("owner"), top = w.label("top")
        w.engine.store(ref(r, 0), owner, rule: .adopt)
        w.engine.retain(top)
        w.engine.adopt(top, by: owner)
        w.engine.store(ref(owner, World.delegate), top, rule: .direct(adoptsClaim: false))
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        w.engine.release(top, via: ref(owner, World.delegate))
        XCTAssertEqual(w.engine.adoptedObjects(owner), [])
        XCTAssertEqual(w.engine.count(top), 1)
        XCTAssertEqual(w.engine.leaks(roots: [r]), [top])
    }

    func testHiddenObjectsAreNeverLeaks() {
        let w = World()
        let h = w.root("lostFrame"), a = w.label("a")
        w.engine.store(ref(h, 0), a, rule: .adopt)
        XCTAssertEqual(w.engine.leaks(roots: []), [a], "a leaks; the hidden frame holding it is not reported")
        XCTAssertEqual(w.engine.leaks(roots: [h]), [])
    }

    func testDeallocatedObjectsAreNeverLeaks() {
        let w = World()
        let a = w.label("a"), b = w.label("b"), c = w.label("c")
        w.engine.release(b)
        XCTAssertEqual(w.engine.leaks(roots: []), [a, c], "sorted by id, dead ones left out")
        // A dead root reaches nothing.
        let v = w.view("v"), x = w.label("x")
        w.engine.store(ref(v, World.delegate), x, rule: .direct(adoptsClaim: true))
        w.engine.release(v)
        XCTAssertEqual(w.engine.leaks(roots: [v]), [a, c, x])
    }

    func testReachableSkipsTheGivenReferences() {
        let w = World()
        let r = w.root(), a = w.label("a"), b = w.label("b")
        w.engine.store(ref(r, 0), a, rule: .adopt)
        w.engine.store(ref(r, 1), b, rule: .adopt)
        let seen = w.engine.reachable(from: [r], skipping: { $0 == ref(r, 1) })
        XCTAssertEqual(seen, [true, true, false])
    }

    // MARK: Incomplete dealloc

    func testPlanThatDoesNotReachTheRootEmitsDeallocIncompleteAfterItsSteps() {
        let w = World()
        let broken = w.engine.defineClass(name: "Broken", superclass: nil, slots: [SlotInfo(name: "x")])
        w.planner.set(broken, [.release(slot: 0)], reachesRoot: false)
        let b = w.engine.alloc(broken, name: "b"), x = w.label("x")
        w.engine.store(ref(b, 0), x, rule: .adopt)
        w.clearLog()
        w.engine.release(b)
        XCTAssertEqual(w.log, ["release b 0 (explicit)", "dealloc b", "release x 0 (dealloc b)", "dealloc x",
                               "deallocIncomplete b"])
        XCTAssertEqual(w.detailed.last, "0|0|deallocIncomplete b", "at the depth of its own dealloc line")
    }

    func testCompletePlansEmitNoDeallocIncomplete() {
        let w = World()
        let v = w.view("v")
        w.engine.release(v)
        XCTAssertFalse(w.log.contains { $0.hasPrefix("deallocIncomplete") })
    }
}
