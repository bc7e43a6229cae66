import XCTest
@testable import OwnershipEngine

/// G1: under the Mac's garbage collector an object lives while a root reaches it, through
/// any reference but a weak one; retain and release do nothing.
final class GarbageCollectionTests: XCTestCase {
    func gcWorld() -> World {
        let w = World()
        w.engine.garbageCollected = true
        return w
    }

    func testRetainAndReleaseDoNothing() {
        let w = gcWorld()
        let a = w.label("a")
        w.engine.retain(a)
        w.engine.release(a)
        w.engine.release(a)
        XCTAssertEqual(w.engine.count(a), 1)
        XCTAssertEqual(w.engine.state(a), .alive)
        w.engine.autorelease(a)
        XCTAssertEqual(w.engine.pendingReleases(inPool: 0), [])
    }

    func testAnyNonWeakPointerKeepsAnObjectAlive() {
        let w = gcWorld()
        let root = w.root(), v = w.view("v"), a = w.label("a"), b = w.label("b"), lost = w.label("lost")
        w.engine.store(ref(root, 0), v, rule: .direct(adoptsClaim: false))
        w.engine.store(ref(v, World.delegate), a, rule: .assign)          // an "assign" outlet is strong under GC
        w.engine.listAppend(ref(v, World.subviews), b)
        let collected = w.engine.collectGarbage(roots: [root])
        XCTAssertEqual(collected, [lost])
        XCTAssertEqual(w.engine.state(lost), .deallocated)
        for o in [v, a, b] { XCTAssertEqual(w.engine.state(o), .alive) }
    }

    func testCyclesAreCollectedAndWeakReferencesZeroed() {
        let w = gcWorld()
        let root = w.root(), x = w.view("x"), y = w.view("y"), watcher = w.view("watcher")
        w.engine.store(ref(x, World.label), y, rule: .retain)
        w.engine.store(ref(y, World.label), x, rule: .retain)
        w.engine.store(ref(root, 0), watcher, rule: .direct(adoptsClaim: false))
        w.engine.store(ref(watcher, World.delegate), x, rule: .weak)
        w.clearLog()
        XCTAssertEqual(w.engine.collectGarbage(roots: [root]), [x, y])
        XCTAssertNil(w.engine.read(ref(watcher, World.delegate)))
        XCTAssertEqual(w.log, ["dealloc x", "weakZeroed watcher.delegate was x", "dealloc y"])
    }

    func testNothingReachableIsEverCollected() {
        let w = gcWorld()
        let root = w.root()
        var previous = root
        var chain: [ObjectID] = []
        for i in 0..<1000 {
            let v = w.view("v\(i)")
            w.engine.store(ref(previous, previous == root ? 0 : World.label), v, rule: .retain)
            chain.append(v)
            previous = v
        }
        XCTAssertEqual(w.engine.collectGarbage(roots: [root]), [])
        w.engine.store(ref(root, 0), nil, rule: .retain)
        XCTAssertEqual(w.engine.collectGarbage(roots: [root]).count, 1000)
    }
}
