import XCTest
@testable import OwnershipEngine

/// O4 and O5: over-releases, zombie messages, `raise`, and the stop after a crash.
final class CrashTests: XCTestCase {

    func testOverReleaseIsAZombieReleaseAndACrash() {
        let w = World()
        let a = w.label("a")
        w.engine.site = 3
        XCTAssertTrue(w.engine.release(a))
        w.clearLog()
        w.engine.site = 4
        XCTAssertFalse(w.engine.release(a))
        let msg = "*** -[UILabel release]: message sent to deallocated instance"
        XCTAssertEqual(w.engine.crash, Crash(message: msg, object: a, selector: "release", site: 4))
        XCTAssertEqual(w.detailed, ["0|4|zombie a release", "0|4|crash \(msg)"])
        XCTAssertEqual(w.engine.count(a), 0, "the count does not go negative")
        XCTAssertEqual(w.engine.deallocSite(a), 3)
        XCTAssertEqual(w.planner.asked, [a], "no second dealloc")
    }

    func testZombieMessageNamesTheClassAndSelector() {
        let w = World()
        let v = w.view("v")
        w.engine.release(v)
        w.clearLog()
        XCTAssertFalse(w.engine.message(v, "setText:"))
        XCTAssertEqual(w.engine.crash?.message, "*** -[UIView setText:]: message sent to deallocated instance")
        XCTAssertEqual(w.engine.crash?.selector, "setText:")
        XCTAssertEqual(w.log, ["zombie v setText:", "crash *** -[UIView setText:]: message sent to deallocated instance"])
    }

    func testRetainAndAutoreleaseOfADeadObjectAreZombieMessages() {
        for (sel, op) in [("retain", { (e: Engine, o: ObjectID) in e.retain(o) }),
                          ("autorelease", { (e: Engine, o: ObjectID) in e.autorelease(o) })] {
            let w = World()
            let a = w.label("a")
            w.engine.release(a)
            XCTAssertFalse(op(w.engine, a))
            XCTAssertEqual(w.engine.crash?.message, "*** -[UILabel \(sel)]: message sent to deallocated instance")
            XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [])
            XCTAssertEqual(w.engine.count(a), 0)
        }
    }

    func testMessagesToLiveObjectsAreFine() {
        let w = World()
        let a = w.label("a")
        XCTAssertTrue(w.engine.message(a, "text"))
        XCTAssertNil(w.engine.crash)
        XCTAssertEqual(w.log, ["alloc a"], "a plain message emits nothing")
    }

    func testMessageToADeallocatingObjectFromAPlanStepIsFine() {
        // A child with an assign back-pointer messages its parent from its own dealloc,
        // while the parent's dealloc is releasing its subviews.
        let w = World()
        let child = w.engine.defineClass(name: "Child", superclass: nil, slots: [SlotInfo(name: "parent")])
        var parentStateDuringChildDealloc: ObjectState?
        w.planner.plans[child] = { o, e in
            parentStateDuringChildDealloc = e.read(SlotRef(o, 0)).map(e.state)
            return DeallocPlan(steps: [.message(slot: 0, selector: 0)], selectors: ["childWillGo:"])
        }
        let p = w.view("p"), c = w.engine.alloc(child, name: "c")
        w.engine.listAppend(ref(p, World.subviews), c); w.engine.release(c)
        w.engine.store(ref(c, 0), p, rule: .assign)
        XCTAssertTrue(w.engine.release(p))
        XCTAssertNil(w.engine.crash)
        XCTAssertEqual(parentStateDuringChildDealloc, .deallocating)
        XCTAssertEqual([p, c].map(w.engine.state), [.deallocated, .deallocated])
    }

    func testZombieMessageInsideACascadeStopsTheCascade() {
        let w = World()
        let child = w.engine.defineClass(name: "Child", superclass: nil, slots: [SlotInfo(name: "peer")])
        w.planner.set(child, [.message(slot: 0, selector: 0)], selectors: ["peerWillGo"])
        let gone = w.label("gone")
        let p = w.view("p"), c = w.engine.alloc(child, name: "c"), later = w.label("later")
        w.engine.store(ref(c, 0), gone, rule: .assign)
        w.engine.release(gone)
        for o in [c, later] { w.engine.listAppend(ref(p, World.subviews), o); w.engine.release(o) }
        w.clearLog()
        XCTAssertFalse(w.engine.release(p))
        let msg = "*** -[UILabel peerWillGo]: message sent to deallocated instance"
        XCTAssertEqual(w.engine.crash?.message, msg)
        XCTAssertEqual(w.engine.crash?.object, gone)
        XCTAssertEqual(w.log, ["release p 0 (explicit)", "dealloc p", "release c 0 (dealloc p)", "dealloc c",
                               "zombie gone peerWillGo", "crash \(msg)"])
        XCTAssertEqual(w.engine.state(later), .alive, "the rest of the cascade never ran")
        XCTAssertEqual(w.engine.count(later), 1)
        XCTAssertEqual(w.engine.state(p), .deallocating)
        XCTAssertEqual(w.engine.state(c), .deallocating)
    }

    func testCrashDuringDrainStopsTheDrain() {
        let w = World()
        let a = w.label("a"), b = w.label("b")
        w.engine.autorelease(a)
        w.engine.autorelease(b)
        w.engine.autorelease(b)       // b's second release is the over-release; a is never reached
        w.engine.drainPool()
        XCTAssertEqual(w.engine.crash?.object, b)
        XCTAssertEqual(w.engine.state(a), .alive)
        XCTAssertEqual(w.engine.count(a), 1)
    }

    /// After a crash, the operations that report success all refuse and change nothing.
    func testAfterACrashEveryCheckedOperationIsRefusedAndNothingChanges() {
        let w = World()
        let r = w.root()
        let v = w.view("v"), a = w.label("a"), b = w.label("b"), dead = w.label("dead")
        w.engine.store(ref(r, 0), v, rule: .adopt)
        w.engine.listAppend(ref(v, World.subviews), b)
        w.engine.autorelease(a)
        w.engine.release(dead)
        w.engine.release(dead)
        let crash = w.engine.crash
        XCTAssertNotNil(crash)
        let before = w.hash()
        let counts = w.engine.allObjects.map(w.engine.count)
        let logBefore = w.log

        XCTAssertFalse(w.engine.retain(a))
        XCTAssertFalse(w.engine.release(a))
        XCTAssertFalse(w.engine.release(v, via: ref(r, 0)))
        XCTAssertFalse(w.engine.autorelease(b))
        XCTAssertFalse(w.engine.message(a, "text"))
        XCTAssertFalse(w.engine.listAppend(ref(v, World.subviews), a))
        XCTAssertFalse(w.engine.store(ref(v, World.label), a, rule: .retain))
        w.engine.raise("second", object: a, selector: "x")

        XCTAssertEqual(w.engine.crash, crash, "the first crash stays")
        XCTAssertEqual(w.engine.allObjects.map(w.engine.count), counts)
        XCTAssertEqual(w.engine.claims(ref(r, 0)), 1)
        XCTAssertEqual(w.engine.list(ref(v, World.subviews)), [b])
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [a])
        XCTAssertEqual(w.hash(), before)
        XCTAssertEqual(w.log, logBefore, "no events after the crash")
    }

    func testRaiseStopsEverythingLikeACrash() {
        let w = World()
        let v = w.view("v"), a = w.label("a")
        w.engine.autorelease(a)
        w.engine.site = 9
        let text = "*** Terminating app due to uncaught exception 'NSUnknownKeyException'"
        w.engine.raise(text, object: v, selector: "setValue:forUndefinedKey:")
        XCTAssertEqual(w.engine.crash, Crash(message: text, object: v, selector: "setValue:forUndefinedKey:", site: 9))
        XCTAssertEqual(w.detailed.last, "0|9|crash \(text)")
        let events = w.log.count
        XCTAssertFalse(w.engine.retain(v))
        XCTAssertFalse(w.engine.release(v))
        XCTAssertFalse(w.engine.message(v, "view"))
        XCTAssertFalse(w.engine.autorelease(v))
        XCTAssertEqual(w.engine.count(v), 1)
        XCTAssertEqual(w.engine.state(v), .alive)
        XCTAssertEqual(w.log.count, events)
        w.engine.raise("again", object: a, selector: "y")
        XCTAssertEqual(w.engine.crash?.message, text, "a second raise is ignored")
        XCTAssertEqual(w.log.count, events)
    }
}
