import XCTest
@testable import OwnershipEngine

/// The engine keeps what expectations ask of events (kinds per object, the count, zombies)
/// whether or not a sink receives them, so a run without a trace needs no sink per event.
final class EventHistoryTests: XCTestCase {
    func testTheHistoryIsKeptWithoutASink() {
        let w = World(events: false)
        let a = w.label("a"), b = w.label("b")
        w.engine.retain(a)
        w.engine.release(a)
        w.engine.autorelease(b)
        w.engine.drainPool()
        let h = w.engine.history
        XCTAssertTrue(h.happened(.alloc, to: a))
        XCTAssertTrue(h.happened(.retain, to: a))
        XCTAssertTrue(h.happened(.release, to: a))
        XCTAssertFalse(h.happened(.autorelease, to: a))
        XCTAssertFalse(h.happened(.dealloc, to: a), "a is still at +1")
        XCTAssertTrue(h.happened(.autorelease, to: b))
        XCTAssertTrue(h.happened(.dealloc, to: b), "the drain released b's only claim")
        XCTAssertTrue(h.happened(.dealloc, to: nil))
        XCTAssertFalse(h.happened(.zombie, to: nil))
        // alloc a, alloc b, retain, release, autorelease, drain, release b, dealloc b.
        XCTAssertEqual(h.count, 8)
    }

    func testTheCountAndKindsAreTheSameWithASink() {
        func run(_ w: World) -> EventHistory {
            let a = w.label("a")
            w.engine.release(a)
            w.engine.message(a, "text")
            return w.engine.history
        }
        let quiet = run(World(events: false)), logged = World(events: true)
        let traced = run(logged)
        XCTAssertEqual(quiet.count, traced.count)
        XCTAssertEqual(traced.count, logged.log.count, "one event in the history per event the sink received")
        XCTAssertEqual(quiet.zombies, traced.zombies)
        XCTAssertEqual(quiet.zombies.count, 1)
        for k in EventHistory.Kind.allCases { XCTAssertEqual(quiet.happened(k, to: nil), traced.happened(k, to: nil), "\(k)") }
    }

    func testANotableOnlySinkHearsOfCrashesAndZombiesOnly() {
        let w = World(events: false)
        var heard: [String] = []
        w.engine.eventSink = { heard.append(w.describe($0.kind)) }
        w.engine.sinkTakesNotableOnly = true
        let a = w.label("a")
        w.engine.retain(a)
        w.engine.release(a)
        w.engine.release(a)
        XCTAssertTrue(heard.isEmpty, "no crash yet: \(heard)")
        w.engine.message(a, "text")
        XCTAssertEqual(heard.count, 2, "the zombie message and the crash: \(heard)")
    }

    func testASnapshotTakesTheHistoryAlong() {
        let w = World(events: false)
        let a = w.label("a")
        let before = w.engine.snapshot()
        w.engine.release(a)
        XCTAssertTrue(w.engine.history.happened(.dealloc, to: a))
        w.engine.restore(before)
        XCTAssertFalse(w.engine.history.happened(.dealloc, to: a))
        XCTAssertEqual(w.engine.history.count, 1)
    }
}
