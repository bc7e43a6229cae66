import XCTest
@testable import OwnershipEngine

/// O3: autorelease pools.
final class AutoreleaseTests: XCTestCase {

    func testAutoreleaseDefersTheReleaseToTheDrain() {
        let w = World()
        let a = w.label("a")
        XCTAssertTrue(w.engine.autorelease(a))
        XCTAssertEqual(w.engine.count(a), 1, "autorelease does not change the count")
        XCTAssertEqual(w.engine.state(a), .alive)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [a])
        w.engine.drainPool()
        XCTAssertEqual(w.engine.state(a), .deallocated)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [])
    }

    func testDrainReleasesNewestFirst() {
        let w = World()
        let a = w.label("a"), b = w.label("b"), c = w.label("c")
        for o in [a, b, c] { w.engine.autorelease(o) }
        w.clearLog()
        w.engine.site = 5
        w.engine.drainPool()
        XCTAssertEqual(w.detailed, [
            "0|5|drain pool 0 entries 3",
            "0|5|release c 0 (pool)", "0|5|dealloc c",
            "0|5|release b 0 (pool)", "0|5|dealloc b",
            "0|5|release a 0 (pool)", "0|5|dealloc a",
        ])
        XCTAssertEqual(w.deallocOrder, ["c", "b", "a"])
    }

    func testAutoreleaseEventNamesThePool() {
        let w = World()
        let a = w.label("a")
        w.engine.autorelease(a)
        w.engine.pushPool()
        w.engine.autorelease(a, cause: .temporary)
        XCTAssertEqual(Array(w.log.suffix(2)), ["autorelease a pool 0 (explicit)", "autorelease a pool 1 (temporary)"])
    }

    func testTwiceAutoreleasedIsReleasedTwice() {
        let w = World()
        let a = w.label("a")
        w.engine.retain(a)
        w.engine.autorelease(a)
        w.engine.autorelease(a)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [a, a])
        w.clearLog()
        w.engine.drainPool()
        XCTAssertEqual(w.log, ["drain pool 0 entries 2", "release a 1 (pool)", "release a 0 (pool)", "dealloc a"])
    }

    func testTooManyAutoreleasesCrashAtTheDrain() {
        let w = World()
        let a = w.label("a")
        w.engine.autorelease(a)
        w.engine.autorelease(a)
        w.engine.drainPool()
        XCTAssertEqual(w.engine.crash?.message, "*** -[UILabel release]: message sent to deallocated instance")
        XCTAssertEqual(Array(w.log.suffix(2)),
                       ["zombie a release", "crash *** -[UILabel release]: message sent to deallocated instance"])
    }

    func testNestedPoolsDrainOnlyTheInnermost() {
        let w = World()
        let a = w.label("a"), b = w.label("b"), c = w.label("c")
        XCTAssertEqual(w.engine.poolDepth, 1)
        w.engine.autorelease(a)
        w.engine.pushPool()
        XCTAssertEqual(w.engine.poolDepth, 2)
        w.engine.autorelease(b)
        w.engine.pushPool()
        w.engine.autorelease(c)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [a])
        XCTAssertEqual(w.engine.pendingReleases(inPool: 1), [b])
        XCTAssertEqual(w.engine.pendingReleases(inPool: 2), [c])

        w.engine.drainPool()
        XCTAssertEqual(w.engine.poolDepth, 2)
        XCTAssertEqual([a, b, c].map(w.engine.state), [.alive, .alive, .deallocated])
        XCTAssertTrue(w.log.contains("drain pool 2 entries 1"))

        w.engine.drainPool()
        XCTAssertEqual(w.engine.poolDepth, 1)
        XCTAssertEqual([a, b].map(w.engine.state), [.alive, .deallocated])

        // After the inner pools are gone, new autoreleases land in the outermost pool.
        let d = w.label("d")
        w.engine.autorelease(d)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [a, d])
        w.engine.drainPool()
        XCTAssertEqual(w.engine.poolDepth, 1)
        XCTAssertEqual([a, d].map(w.engine.state), [.deallocated, .deallocated])
    }

    func testOutermostPoolStaysUsableAfterDrains() {
        let w = World()
        w.engine.drainPool()
        w.engine.drainPool()
        XCTAssertEqual(w.engine.poolDepth, 1, "draining the outermost pool never removes it")
        XCTAssertEqual(w.log, ["drain pool 0 entries 0", "drain pool 0 entries 0"])
        for round in 0..<3 {
            let o = w.label("o\(round)")
            XCTAssertTrue(w.engine.autorelease(o))
            XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [o])
            w.engine.drainPool()
            XCTAssertEqual(w.engine.state(o), .deallocated)
            XCTAssertEqual(w.engine.poolDepth, 1)
        }
    }

    func testAutoreleaseViaSlotConsumesTheSlotsClaim() {
        let w = World()
        let r = w.root()
        let a = w.label("a")
        w.engine.store(ref(r, 0), a, rule: .adopt)
        XCTAssertEqual(w.engine.claims(ref(r, 0)), 1)
        w.engine.autorelease(a, via: ref(r, 0))
        XCTAssertEqual(w.engine.claims(ref(r, 0)), 0)
        XCTAssertEqual(w.engine.read(ref(r, 0)), a, "the pointer stays")
        XCTAssertEqual(w.engine.leaks(roots: [r]), [a], "only the pool keeps it now")
        w.engine.drainPool()
        XCTAssertEqual(w.engine.leaks(roots: [r]), [])
        XCTAssertEqual(w.engine.danglingReferences(), [], "hidden holders are not reported")
    }

    func testAutoreleaseStepInsideDeallocGoesToTheInnermostPool() {
        let w = World()
        let ac = w.engine.defineClass(name: "Holder", superclass: nil, slots: [SlotInfo(name: "thing")])
        w.planner.set(ac, [.autorelease(slot: 0)])
        let h = w.engine.alloc(ac, name: "h"), t = w.label("t")
        w.engine.store(ref(h, 0), t, rule: .adopt)
        w.engine.release(h)
        XCTAssertEqual(w.engine.state(t), .alive)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [t])
        XCTAssertTrue(w.log.contains("autorelease t pool 0 (dealloc h)"))
        w.engine.drainPool()
        XCTAssertEqual(w.engine.state(t), .deallocated)
    }
}
