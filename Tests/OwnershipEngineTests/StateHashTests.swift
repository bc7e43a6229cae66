import XCTest
@testable import OwnershipEngine

/// The state fingerprint used for state-space exploration.
final class StateHashTests: XCTestCase {

    /// A fixed little scenario: stores, lists, a pool entry, an adoption, a dealloc.
    private func drive(_ w: World) {
        let r = w.root()
        let v = w.view("v"), a = w.label("a"), b = w.label("b"), c = w.label("c")
        w.engine.store(ref(r, 0), v, rule: .adopt)
        w.engine.store(ref(v, World.label), a, rule: .retain)
        w.engine.listAppend(ref(v, World.subviews), b)
        w.engine.store(ref(v, World.delegate), c, rule: .weak)
        w.engine.adopt(c, by: v)
        w.engine.autorelease(b)
        w.engine.release(a)
    }

    func testSameOperationsGiveEqualHashes() {
        let w1 = World(), w2 = World(events: false)
        drive(w1); drive(w2)
        XCTAssertEqual(w1.hash(), w2.hash())
        XCTAssertEqual(w1.hash(), w1.hash(), "hashing does not change the state")
    }

    func testNamesAndSitesAreLeftOut() {
        let w1 = World(), w2 = World()
        w2.engine.site = 99
        drive(w1); drive(w2)
        w2.engine.setName(ObjectID(1), "renamed")
        XCTAssertEqual(w1.hash(), w2.hash())
    }

    func testOneExtraRetainChangesTheHash() {
        let w1 = World(), w2 = World()
        drive(w1); drive(w2)
        w2.engine.retain(ObjectID(1))
        XCTAssertNotEqual(w1.hash(), w2.hash())
    }

    func testEachKindOfStateChangesTheHash() {
        let changes: [(String, (World) -> Void)] = [
            ("a claim", { $0.engine.dropClaims(ref(ObjectID(0), 0)) }),
            ("a pool entry", { $0.engine.autorelease(ObjectID(1)) }),
            ("a pushed pool", { $0.engine.pushPool() }),
            ("a list element", { $0.engine.listAppend(ref(ObjectID(1), World.subviews), ObjectID(2)) }),
            ("a slot pointer", { $0.engine.store(ref(ObjectID(1), World.delegate), nil, rule: .weak) }),
            ("a new object", { _ = $0.label("extra") }),
            ("a dealloc", { w in w.engine.store(ref(ObjectID(1), World.label), nil, rule: .retain) }),
            ("an adoption", { $0.engine.adopt(ObjectID(2), by: ObjectID(1)) }),
            ("a crash", { $0.engine.raise("boom", object: ObjectID(1), selector: "x") }),
        ]
        let base = World()
        drive(base)
        for (what, change) in changes {
            let w = World()
            drive(w)
            change(w)
            XCTAssertNotEqual(w.hash(), base.hash(), what)
        }
    }
}
