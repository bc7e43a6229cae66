import XCTest
@testable import OwnershipEngine

/// O1 and O2: alloc, retain, release, dealloc, and the order of a dealloc cascade.
final class RetainCountTests: XCTestCase {

    // MARK: O1

    func testAllocGivesAnAliveObjectAtCountOne() {
        let w = World()
        w.engine.site = 7
        let a = w.label("a")
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.state(a), .alive)
        XCTAssertTrue(w.engine.isAlive(a))
        XCTAssertEqual(w.engine.name(a), "a")
        XCTAssertEqual(w.engine.classOf(a), w.leaf)
        XCTAssertEqual(w.engine.deallocSite(a), -1, "a live object has no dealloc site")
        XCTAssertEqual(w.detailed, ["0|7|alloc a"])
        XCTAssertEqual(w.engine.objectCount, 1)
    }

    func testAllocatedSlotsStartEmpty() {
        let w = World()
        let v = w.view("v")
        XCTAssertNil(w.engine.read(ref(v, World.label)))
        XCTAssertEqual(w.engine.claims(ref(v, World.label)), 0)
        XCTAssertEqual(w.engine.list(ref(v, World.subviews)), [])
    }

    func testNumbersCountVisibleObjectsOnlyAndHiddenOnesGetZero() {
        let w = World()
        let a = w.label("a")
        let h1 = w.root("h1")
        let b = w.view("b")
        let h2 = w.root("h2")
        let h3 = w.root("h3")
        let c = w.label("c")
        XCTAssertEqual([a, b, c].map(w.engine.number), [1, 2, 3])
        XCTAssertEqual([h1, h2, h3].map(w.engine.number), [0, 0, 0])
        XCTAssertTrue(w.engine.isHidden(h1))
        XCTAssertFalse(w.engine.isHidden(a))
        // Ids are dense and in allocation order, hidden or not.
        XCTAssertEqual([a, h1, b, h2, h3, c].map(\.raw), [0, 1, 2, 3, 4, 5])
        // A dealloc does not renumber anything.
        w.engine.release(b)
        XCTAssertEqual(w.engine.number(w.label("d")), 4)
        XCTAssertEqual(w.engine.number(c), 3)
    }

    func testSubclassInheritsSlotsFirst() {
        let w = World()
        let sub = w.engine.defineClass(name: "MyView", superclass: w.owner, slots: [SlotInfo(name: "extra")])
        XCTAssertEqual(w.engine.slots(of: sub).map(\.name), ["label", "subviews", "delegate", "extra"])
        XCTAssertEqual(w.engine.ownSlotStart(of: sub), 3)
        XCTAssertEqual(w.engine.slotIndex(named: "extra", in: sub), 3)
        XCTAssertEqual(w.engine.slotIndex(named: "subviews", in: sub), 1)
        XCTAssertNil(w.engine.slotIndex(named: "nope", in: sub))
        XCTAssertTrue(w.engine.isSubclass(sub, of: w.owner))
        XCTAssertFalse(w.engine.isSubclass(w.owner, of: sub))
        XCTAssertEqual(w.engine.superclass(of: sub), w.owner)
    }

    // MARK: O2

    func testRetainAndReleaseMoveTheCount() {
        let w = World()
        let a = w.label("a")
        XCTAssertTrue(w.engine.retain(a))
        XCTAssertTrue(w.engine.retain(a))
        XCTAssertEqual(w.engine.count(a), 3)
        XCTAssertTrue(w.engine.release(a))
        XCTAssertEqual(w.engine.count(a), 2)
        XCTAssertEqual(w.engine.state(a), .alive)
        XCTAssertEqual(w.log, ["alloc a", "retain a 2 (explicit)", "retain a 3 (explicit)", "release a 2 (explicit)"])
        XCTAssertEqual(w.planner.asked, [], "no dealloc above zero")
        XCTAssertTrue(w.engine.release(a, cause: .temporary))
        XCTAssertTrue(w.engine.release(a, cause: .other(note: 7)))
        XCTAssertEqual(w.engine.state(a), .deallocated)
        XCTAssertEqual(Array(w.log.suffix(3)),
                       ["release a 1 (temporary)", "release a 0 (other 7)", "dealloc a"])
    }

    func testReleaseToZeroRunsThePlanWithEventsInOrder() {
        let w = World()
        let v = w.view("v")
        let l = w.label("l")
        let s1 = w.label("s1"), s2 = w.label("s2")
        XCTAssertTrue(w.engine.store(ref(v, World.label), l, rule: .adopt))
        XCTAssertTrue(w.engine.listAppend(ref(v, World.subviews), s1))
        XCTAssertTrue(w.engine.listAppend(ref(v, World.subviews), s2))
        w.engine.release(s1); w.engine.release(s2)
        w.clearLog()
        w.engine.site = 42
        XCTAssertTrue(w.engine.release(v))
        XCTAssertEqual(w.detailed, [
            "0|42|release v 0 (explicit)",
            "0|42|dealloc v",
            "1|42|release l 0 (dealloc v)",
            "1|42|dealloc l",
            "1|42|release s1 0 (dealloc v)",
            "1|42|dealloc s1",
            "1|42|release s2 0 (dealloc v)",
            "1|42|dealloc s2",
        ])
        for o in [v, l, s1, s2] {
            XCTAssertEqual(w.engine.state(o), .deallocated)
            XCTAssertEqual(w.engine.deallocSite(o), 42)
        }
        XCTAssertEqual(w.deallocOrder, ["v", "l", "s1", "s2"])
        XCTAssertEqual(w.engine.list(ref(v, World.subviews)), [], "releaseList empties the list")
        XCTAssertEqual(w.engine.claims(ref(v, World.label)), 0, "the release step consumed the slot's claim")
    }

    func testPlanIsAskedForOncePerObjectAndSeesItDeallocating() {
        let w = World()
        var seen: [ObjectState] = []
        w.planner.plans[w.leaf] = { o, e in seen.append(e.state(o)); return DeallocPlan(steps: []) }
        let a = w.label("a")
        w.engine.release(a)
        XCTAssertEqual(seen, [.deallocating])
        XCTAssertEqual(w.planner.asked, [a])
    }

    func testDeallocSiteIsTheSiteOfTheFinalRelease() {
        let w = World()
        let a = w.label("a")
        w.engine.site = 1
        w.engine.retain(a)
        w.engine.site = 2
        w.engine.release(a)
        XCTAssertEqual(w.engine.deallocSite(a), -1)
        w.engine.site = 3
        w.engine.release(a)
        XCTAssertEqual(w.engine.deallocSite(a), 3)
    }

    func testWithoutPlannerAnObjectStillDeallocates() {
        let w = World()
        w.engine.planner = nil
        let v = w.view("v")
        let l = w.label("l")
        w.engine.store(ref(v, World.label), l, rule: .adopt)
        w.engine.release(v)
        XCTAssertEqual(w.engine.state(v), .deallocated)
        XCTAssertEqual(w.engine.state(l), .alive, "an empty plan releases nothing")
    }

    func testReleaseOfDeallocatingObjectDoesNotDeallocAgain() {
        // A parent whose child holds an assign back-pointer and releases it in its dealloc.
        let w = World()
        let child = w.engine.defineClass(name: "Child", superclass: nil, slots: [SlotInfo(name: "parent")])
        w.planner.set(child, [.release(slot: 0)])
        let p = w.view("p")
        let c = w.engine.alloc(child, name: "c")
        w.engine.listAppend(ref(p, World.subviews), c); w.engine.release(c)
        w.engine.store(ref(c, 0), p, rule: .assign)
        w.engine.release(p)
        XCTAssertEqual(w.log.filter { $0.hasPrefix("dealloc") }, ["dealloc p", "dealloc c"])
        XCTAssertEqual(w.engine.state(p), .deallocated)
        XCTAssertNil(w.engine.crash, "a deallocating object still takes messages")
    }

    // MARK: Cascade order

    func testCascadeIsDepthFirstLikeNestedDeallocCalls() {
        let w = World()
        let parent = w.view("parent")
        let a = w.view("a"), b = w.view("b"), a1 = w.view("a1")
        for (holder, child) in [(parent, a), (parent, b), (a, a1)] {
            XCTAssertTrue(w.engine.listAppend(ref(holder, World.subviews), child))
            w.engine.release(child)
        }
        w.clearLog()
        w.engine.release(parent)
        XCTAssertEqual(w.deallocOrder, ["parent", "a", "a1", "b"])
        XCTAssertEqual(w.detailed.filter { $0.contains("dealloc ") && !$0.contains("(") },
                       ["0|0|dealloc parent", "1|0|dealloc a", "2|0|dealloc a1", "1|0|dealloc b"])
        // a finished (a1 released in it) before b was released.
        let releaseA1 = w.log.firstIndex(of: "release a1 0 (dealloc a)")!
        let releaseB = w.log.firstIndex(of: "release b 0 (dealloc parent)")!
        XCTAssertLessThan(releaseA1, releaseB)
    }

    func testCascadeThroughSingleSlotsRunsRemainingStepsAfterTheChildFinishes() {
        // Owner plan: release label, then release subviews. The label is itself an Owner
        // with a label: its whole dealloc completes before the parent's list is released.
        let w = World()
        let top = w.view("top"), mid = w.view("mid"), low = w.label("low"), sib = w.label("sib")
        w.engine.store(ref(top, World.label), mid, rule: .adopt)
        w.engine.store(ref(mid, World.label), low, rule: .adopt)
        w.engine.listAppend(ref(top, World.subviews), sib); w.engine.release(sib)
        w.engine.release(top)
        XCTAssertEqual(w.deallocOrder, ["top", "mid", "low", "sib"])
    }

    func testEachStepFinishesItsCascadeBeforeTheNextStep() {
        // Plan order is the client's: here the list first, then the label. Every element of
        // the list is released (and its dealloc run) before the label's release step.
        let w = World()
        let sub = w.engine.defineClass(name: "ListFirst", superclass: w.owner, slots: [])
        w.planner.set(sub, [.releaseList(slot: World.subviews), .release(slot: World.label)])
        let v = w.engine.alloc(sub, name: "v"), l = w.label("l"), s1 = w.view("s1"), s2 = w.label("s2")
        let s1child = w.label("s1child")
        w.engine.store(ref(v, World.label), l, rule: .adopt)
        w.engine.store(ref(s1, World.label), s1child, rule: .adopt)
        for s in [s1, s2] { w.engine.listAppend(ref(v, World.subviews), s); w.engine.release(s) }
        w.clearLog()
        w.engine.release(v)
        XCTAssertEqual(w.log, [
            "release v 0 (explicit)", "dealloc v",
            "release s1 0 (dealloc v)", "dealloc s1", "release s1child 0 (dealloc s1)", "dealloc s1child",
            "release s2 0 (dealloc v)", "dealloc s2",
            "release l 0 (dealloc v)", "dealloc l",
        ])
    }

    func testChildKeptAliveByAnotherOwnerSurvivesTheCascade() {
        let w = World()
        let p = w.view("p"), c = w.label("c")
        w.engine.listAppend(ref(p, World.subviews), c)   // c at 2: the caller still owns it
        w.engine.release(p)
        XCTAssertEqual(w.engine.state(c), .alive)
        XCTAssertEqual(w.engine.count(c), 1)
    }

    // MARK: Long chains: the cascade must not recurse

    private static let chainLength = 1_000_000

    func testMillionLongRetainSlotChainDeallocatesWithoutRecursion() {
        let w = World(events: false)
        let node = w.engine.defineClass(name: "Node", superclass: nil, slots: [SlotInfo(name: "next")])
        w.planner.set(node, [.release(slot: 0)])
        w.planner.recordsCalls = false
        let head = w.engine.alloc(node, name: "head")
        var prev = head
        var stored = true
        for _ in 1..<Self.chainLength {
            let n = w.engine.alloc(node, name: "")
            stored = w.engine.store(SlotRef(prev, 0), n, rule: .adopt) && stored
            prev = n
        }
        XCTAssertTrue(stored)
        let tail = prev
        XCTAssertEqual(w.engine.count(tail), 1)
        XCTAssertTrue(w.engine.release(head))
        XCTAssertNil(w.engine.crash)
        var alive = 0
        for o in w.engine.allObjects where w.engine.state(o) != .deallocated { alive += 1 }
        XCTAssertEqual(alive, 0)
        XCTAssertEqual(w.engine.count(tail), 0)
        XCTAssertEqual(w.engine.leaks(roots: []), [])
    }

    func testMillionLongListChainDeallocatesWithoutRecursion() {
        let w = World(events: false)
        w.planner.recordsCalls = false
        let head = w.view("head")
        var prev = head
        var appended = true
        for _ in 1..<Self.chainLength {
            let n = w.view("")
            appended = w.engine.listAppend(SlotRef(prev, World.subviews), n) && appended
            w.engine.release(n)
            prev = n
        }
        XCTAssertTrue(appended)
        XCTAssertEqual(w.engine.count(prev), 1, "the tail is held by its list only")
        XCTAssertTrue(w.engine.release(head))
        XCTAssertNil(w.engine.crash)
        var alive = 0
        for o in w.engine.allObjects where w.engine.state(o) != .deallocated { alive += 1 }
        XCTAssertEqual(alive, 0)
    }
}
