import XCTest
@testable import OwnershipEngine

/// A dead object keeps its class, its name, its number and where it was deallocated, and
/// nothing else once nothing else of it can be read: its live record goes back for the next
/// object (ObjectIdentities.swift). Ids are never reused.
final class LiveRecordTests: XCTestCase {
    func testRoundsOfNewAndReleaseKeepOneLiveRecord() {
        let w = World(events: false)
        var made: [ObjectID] = []
        for k in 0..<10_000 {
            w.engine.site = Int32(k)
            let o = w.label(k % 3 == 0 ? "x" : "y\(k % 7)")
            made.append(o)
            XCTAssertTrue(w.engine.release(o))
        }
        XCTAssertEqual(w.engine.objectCount, 10_000)
        XCTAssertEqual(w.engine.liveRecordCount, 0, "every dead object's record was given back")
        XCTAssertEqual(made.map(\.raw), (0..<10_000).map(Int32.init), "ids are never reused")
        for (k, o) in made.enumerated() {
            XCTAssertEqual(w.engine.name(o), k % 3 == 0 ? "x" : "y\(k % 7)")
            XCTAssertEqual(w.engine.number(o), k + 1)
            XCTAssertEqual(w.engine.deallocSite(o), Int32(k))
            XCTAssertEqual(w.engine.state(o), .deallocated)
            XCTAssertEqual(w.engine.count(o), 0)
            XCTAssertEqual(w.engine.className(w.engine.classOf(o)), "UILabel")
        }
        // A zombie message to the first one names its class.
        XCTAssertFalse(w.engine.message(made[0], "title"))
        XCTAssertEqual(w.engine.crash?.message, "*** -[UILabel title]: message sent to deallocated instance")
    }

    func testNumbersCountVisibleObjectsAcrossWords() {
        let w = World(events: false)
        var expected: [(ObjectID, Int)] = []
        var visible = 0
        for k in 0..<300 {
            if k % 5 == 2 || (k > 60 && k < 70) {
                expected.append((w.root("f\(k)"), 0))
            } else {
                visible += 1
                expected.append((w.label("l\(k)"), visible))
            }
        }
        for (o, n) in expected { XCTAssertEqual(w.engine.number(o), n, "number of \(w.engine.name(o))") }
    }

    func testADeadObjectWithAPointerLeftKeepsItsRecord() {
        let w = World(events: false)
        let v = w.view("v"), l = w.label("l")
        w.engine.store(SlotRef(v, World.delegate), l, rule: .assign)
        w.engine.release(v)
        XCTAssertEqual(w.engine.state(v), .deallocated)
        XCTAssertEqual(w.engine.read(SlotRef(v, World.delegate)), l, "a dead object's ivar still reads as it was left")
        XCTAssertEqual(w.engine.liveRecordCount, 2)
        // The next object takes no place of the dead one's.
        let m = w.label("m")
        XCTAssertEqual(w.engine.read(SlotRef(v, World.delegate)), l)
        XCTAssertEqual(w.engine.name(m), "m")
    }

    func testAWriteIntoARetiredObjectMakesItsRecordAgain() {
        let w = World(events: false)
        let v = w.view("v")
        w.engine.site = 7
        w.engine.release(v)
        XCTAssertEqual(w.engine.liveRecordCount, 0)
        XCTAssertNil(w.engine.read(SlotRef(v, World.label)))
        XCTAssertEqual(w.engine.list(SlotRef(v, World.subviews)), [])
        let l = w.label("l")
        w.engine.store(SlotRef(v, World.label), l, rule: .assign)
        XCTAssertEqual(w.engine.read(SlotRef(v, World.label)), l)
        XCTAssertEqual(w.engine.state(v), .deallocated)
        XCTAssertEqual(w.engine.deallocSite(v), 7)
        XCTAssertEqual(w.engine.count(v), 0)
    }

    func testTheDigestDoesNotDependOnWhichPlaceAnObjectGot() {
        // Two engines free their objects in opposite orders, so the next object takes a
        // different place in each: the states are the same, and so are the digests.
        func run(_ order: [Int]) -> (UInt64, UInt64, Int) {
            let w = World(events: false)
            w.engine.maintainsStateDigest = true
            let a = w.view("a"), b = w.view("b")
            for k in order { w.engine.release([a, b][k]) }
            let c = w.view("c"), d = w.label("d")
            w.engine.store(SlotRef(c, World.label), d, rule: .retain)
            w.engine.listAppend(SlotRef(c, World.subviews), d)
            w.engine.store(SlotRef(b, World.delegate), d, rule: .assign)   // a write into a dead object
            var h = StableHash()
            w.engine.stateDigest(into: &h)
            let digests = w.engine.stateDigests
            XCTAssertEqual(digests.kept, digests.computed)
            return (digests.kept, h.value, w.hash())
        }
        let one = run([0, 1]), other = run([1, 0])
        XCTAssertEqual(one.0, other.0)
        XCTAssertEqual(one.1, other.1)
        XCTAssertEqual(one.2, other.2)
        XCTAssertNotEqual(run([1]).0, one.0, "a different state digests differently")
    }

    func testNamesAreInternedAndStillRenamable() {
        let w = World(events: false)
        let long = "a name longer than fifteen bytes"
        let objects = (0..<3_000).map { w.label($0 % 2 == 0 ? "same" : ($0 % 3 == 0 ? long : "n\($0)")) }
        for (k, o) in objects.enumerated() {
            XCTAssertEqual(w.engine.name(o), k % 2 == 0 ? "same" : (k % 3 == 0 ? long : "n\(k)"))
        }
        w.engine.setName(objects[0], "other")
        XCTAssertEqual(w.engine.name(objects[0]), "other")
        XCTAssertEqual(w.engine.name(objects[2]), "same", "renaming one object renames no other")
    }
}
