import XCTest
@testable import OwnershipEngine

/// A dealloc's releases say which of the object's references each one let go of.
final class DeallocCauseTests: XCTestCase {
    func testEachReleaseOfADeallocNamesItsSlot() {
        let w = World(events: false)
        var causes: [(ObjectID, Cause)] = []
        w.engine.eventSink = { e in if case .release(let o, _, let c) = e.kind { causes.append((o, c)) } }
        let v = w.view("v"), a = w.label("a"), b = w.label("b")
        w.engine.store(SlotRef(v, World.label), a, rule: .adopt)
        w.engine.listAppend(SlotRef(v, World.subviews), b)
        w.engine.release(b)
        causes.removeAll()
        w.engine.release(v)
        let byObject = Dictionary(uniqueKeysWithValues: causes.filter { $0.0 != v }.map { ($0.0, $0.1) })
        XCTAssertEqual(byObject[a], .deallocSlot(SlotRef(v, World.label)))
        XCTAssertEqual(byObject[b], .deallocSlot(SlotRef(v, World.subviews)))
    }
}

/// A plan's `statement` steps: reported in order, with the site they bring, and the events
/// after them one level deeper and at that site, until the dealloc ends.
final class DeallocStatementTests: XCTestCase {
    func testStatementStepsNestTheEventsAfterThemAndGiveBackTheSite() {
        let w = World(events: false)
        var seen: [(String, Int32, Int)] = []
        w.engine.eventSink = { e in
            switch e.kind {
            case .deallocStatement(_, let site, let token): seen.append(("statement \(token) → \(site)", e.site, e.depth))
            case .release(let o, _, _): seen.append(("release \(w.engine.name(o))", e.site, e.depth))
            default: break
            }
        }
        w.planner.set(w.owner, [.statement(site: 12, token: 0, indent: 0), .statement(site: 13, token: 1, indent: 1),
                                .release(slot: World.label)])
        let v = w.view("v"), a = w.label("a")
        w.engine.store(SlotRef(v, World.label), a, rule: .adopt)
        w.engine.site = 40
        w.engine.release(v)
        XCTAssertEqual(seen.map(\.0), ["release v", "statement 0 → 12", "statement 1 → 13", "release a"])
        XCTAssertEqual(seen.map(\.1), [40, 40, 12, 13], "each statement event carries the site before it; the events after, its own")
        XCTAssertEqual(seen.map(\.2), [0, 1, 2, 3], "the method at the frame, its statement one deeper, the statement's events deeper still")
        XCTAssertEqual(w.engine.site, 40, "the site is given back when the dealloc ends")
        XCTAssertEqual(w.engine.deallocSite(a), 40, "objects a dealloc frees are freed at the statement that began it")
    }
}

/// A cascade deeper than `Engine.deepCascade` (its stack is then reserved whole) and objects
/// allocated into reserved room behave as without the room: every object deallocated, in
/// order, each at depth one more than the one that released it.
final class DeepCascadeTests: XCTestCase {
    func testAChainDeeperThanTheReservedStackDeallocsInOrder() {
        let w = World(events: false)
        let n = Engine.deepCascade * 2 + 3
        var deallocs: [(ObjectID, Int)] = []
        w.engine.eventSink = { e in if case .dealloc(let o) = e.kind { deallocs.append((o, e.depth)) } }
        w.engine.reserveCapacity(objects: n)
        let views = (0..<n).map { w.view("v\($0)") }
        for i in 1..<n { w.engine.store(SlotRef(views[i - 1], World.label), views[i], rule: .adopt) }
        w.engine.release(views[0])
        XCTAssertEqual(deallocs.map(\.0), views)
        XCTAssertEqual(deallocs.map(\.1), Array(0..<n))
        XCTAssertEqual(w.engine.objectCount, n)
        XCTAssertTrue(views.allSatisfy { !w.engine.isAlive($0) })
    }
}
