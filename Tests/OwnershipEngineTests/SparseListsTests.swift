import XCTest
@testable import OwnershipEngine
import TestSupport

/// The engine's sparse per-object lists (weak referrers, adopted +1s) against plain arrays of
/// arrays, through appends, removals, whole-list sets and new objects, in a fixed
/// pseudo-random order; a copy taken midway keeps what it had. An object the lists never
/// heard of has an empty list (they grow only as far as the last that had one).
final class SparseListsTests: XCTestCase {
    func testSparseListsAgreeWithArraysOfArrays() {
        var sparse = SparseLists<Int32>()
        var dense: [[Int32]] = []
        var rng = SplitMix64(seed: 99)
        for _ in 0..<20 { dense.append([]) }
        for step in 0..<5000 {
            let i = rng.below(dense.count)
            switch rng.below(5) {
            case 0, 1:
                let v = Int32(rng.below(50))
                sparse[i].append(v); dense[i].append(v)
            case 2:
                if let k = dense[i].firstIndex(of: Int32(rng.below(50))) { sparse[i].remove(at: k); dense[i].remove(at: k) }
            case 3:
                let v = rng.below(3) == 0 ? [] : (0..<rng.below(3)).map { _ in Int32(rng.below(50)) }
                sparse[i] = v; dense[i] = v
            default:
                if rng.below(10) == 0 { dense.append([]) }
            }
            if step % 250 == 0 {
                let copy = sparse, before = dense
                let j = rng.below(dense.count)
                sparse[j] = []; dense[j] = []
                for k in before.indices { XCTAssertEqual(copy[k], before[k]) }
            }
        }
        for i in dense.indices + [dense.count, dense.count + 1_000] where i >= dense.count {
            XCTAssertEqual(sparse[i], [])
            XCTAssertTrue(sparse.isEmpty(at: i))
        }
        for i in dense.indices {
            XCTAssertEqual(sparse[i], dense[i])
            XCTAssertEqual(sparse.isEmpty(at: i), dense[i].isEmpty)
        }
        let nonEmpty = dense.enumerated().filter { !$0.element.isEmpty }
        XCTAssertEqual(sparse.enumerated().map(\.offset), nonEmpty.map(\.offset))
        XCTAssertEqual(sparse.enumerated().map(\.element), nonEmpty.map(\.element))
    }
}
