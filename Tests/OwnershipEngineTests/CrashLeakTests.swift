import XCTest
@testable import OwnershipEngine

/// Issue 29, item 8: an object whose dealloc was under way when a crash stopped the run
/// (count 0, deallocating) is not a leak — its count reached 0, no one owes it a release —
/// while an object still alive that nothing reaches is one, crash or not (grammar.md).
final class CrashLeakTests: XCTestCase {
    func testAnObjectMidDeallocAtTheCrashIsNotALeak() {
        let w = World()
        let e = w.engine
        let v = w.view("v")
        let label = w.label("label")
        let other = w.label("other")
        e.store(ref(v, World.label), label, rule: .retain)   // label at 2
        e.listAppend(ref(v, World.subviews), other)         // other at 2
        e.release(label)                                    // label at 1: v's
        e.release(label)                                    // an over-release: label deallocated
        e.release(other)                                    // other at 1: v's list's
        XCTAssertEqual(e.state(label), .deallocated)
        e.release(v)                                        // v's dealloc releases label: a zombie
        XCTAssertTrue(e.hasCrashed)
        XCTAssertEqual(e.state(v), .deallocating, "the premise: the crash stopped v's dealloc")
        XCTAssertEqual(e.count(v), 0)
        // `other` was never released: v's dealloc stopped before its list. Alive, reached by
        // nothing: a leak. `v` is not one.
        XCTAssertEqual(e.leaks(roots: []), [other])
        XCTAssertEqual(e.count(other), 1)
    }

    func testWithoutACrashNothingStaysDeallocating() {
        let w = World()
        let v = w.view("v")
        let l = w.label("l")
        w.engine.store(ref(v, World.label), l, rule: .retain)
        w.engine.release(l)
        w.engine.release(v)
        XCTAssertEqual([v, l].map(w.engine.state), [.deallocated, .deallocated])
        XCTAssertEqual(w.engine.leaks(roots: []), [])
    }
}
