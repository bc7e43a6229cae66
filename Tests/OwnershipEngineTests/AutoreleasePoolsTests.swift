import XCTest
@testable import OwnershipEngine

/// The autorelease pools as one array of entries: each pool keeps its own entries, newest
/// last, whichever pool is popped from (a pool pushed while an outer one drains, as a dealloc
/// body's `autoreleasepool` does, takes nothing of the outer pool's and gives nothing to it).
final class AutoreleasePoolsTests: XCTestCase {
    private func ids(_ raws: [Int32]) -> [ObjectID] { raws.map(ObjectID.init) }

    func testEachPoolKeepsItsEntriesWhateverPoolIsPoppedFrom() {
        var pools = AutoreleasePools()
        pools.append(ObjectID(1)); pools.append(ObjectID(2))
        pools.push()
        pools.append(ObjectID(3))
        pools.push()
        pools.append(ObjectID(4)); pools.append(ObjectID(5))
        XCTAssertEqual(pools.count, 3)
        XCTAssertEqual(pools.pendingCount, 5)
        XCTAssertEqual(pools.all.map(Array.init), [ids([1, 2]), ids([3]), ids([4, 5])])
        // The outer pools, popped from while inner ones exist.
        XCTAssertEqual(pools.popLast(1), ObjectID(3))
        XCTAssertNil(pools.popLast(1))
        XCTAssertEqual(pools.popLast(0), ObjectID(2))
        XCTAssertEqual(pools.all.map(Array.init), [ids([1]), [], ids([4, 5])])
        XCTAssertEqual(pools.entryCount(2), 2)
        pools.append(ObjectID(6))
        XCTAssertEqual(pools.popLast(2), ObjectID(6))
        XCTAssertEqual(pools.popLast(2), ObjectID(5))
        XCTAssertEqual(pools.popLast(2), ObjectID(4))
        XCTAssertNil(pools.popLast(2))
        pools.popInnermost(); pools.popInnermost()
        XCTAssertEqual(pools.count, 1)
        XCTAssertEqual(Array(pools[0]), ids([1]))
    }
}
