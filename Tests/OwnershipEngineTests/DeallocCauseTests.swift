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
