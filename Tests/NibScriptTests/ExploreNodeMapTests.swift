import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import TestSupport

/// `Explore.NodeMap` against a Dictionary doing the same inserts, updates and removals.
/// Keys are drawn from a few hundred values whose low bits collide often (long probe runs,
/// wrapping at the table's end), plus 0, which the map keeps aside.
final class ExploreNodeMapTests: XCTestCase {
    func testAgreesWithADictionary() {
        var rng = SplitMix64(state: 0x5EED)
        var map: Explore.NodeMap<Int> = [:]
        var reference: [UInt64: Int] = [:]
        let pool: [UInt64] = [0] + (1..<400).map { i in
            // Half share their low 12 bits with another key: they probe past each other.
            i % 2 == 0 ? UInt64(i) << 20 | 7 : rng.next()
        }
        for step in 0..<40_000 {
            let k = pool[rng.below(pool.count)]
            let key = Explore.NodeKey(value: k)
            if rng.chance(35) {
                map[key] = nil
                reference[k] = nil
            } else {
                map[key] = step
                reference[k] = step
            }
            if step % 97 == 0 {
                XCTAssertEqual(map.count, reference.count, "after step \(step)")
                for p in pool { XCTAssertEqual(map[Explore.NodeKey(value: p)], reference[p], "key \(p) after step \(step)") }
            }
        }
        XCTAssertEqual(map.isEmpty, reference.isEmpty)
    }

    func testEmptyMapFindsNothing() {
        let map: Explore.NodeMap<UInt8> = [:]
        XCTAssertNil(map[Explore.NodeKey(value: 0)])
        XCTAssertNil(map[Explore.NodeKey(value: 42)])
        XCTAssertEqual(map.count, 0)
    }
}
