import XCTest
@testable import OwnershipEngine

/// The engine's sparse per-object lists (weak referrers, adopted +1s) against plain arrays of
/// arrays, through appends, removals, whole-list sets and new objects, in a fixed
/// pseudo-random order; a copy taken midway keeps what it had.
final class SparseListsTests: XCTestCase {
    func testSparseListsAgreeWithArraysOfArrays() {
        var sparse = SparseLists<Int32>()
        var dense: [[Int32]] = []
        var seed: UInt64 = 99
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<20 { sparse.appendEmpty(); dense.append([]) }
        for step in 0..<5000 {
            let i = next(dense.count)
            switch next(5) {
            case 0, 1:
                let v = Int32(next(50))
                sparse[i].append(v); dense[i].append(v)
            case 2:
                if let k = dense[i].firstIndex(of: Int32(next(50))) { sparse[i].remove(at: k); dense[i].remove(at: k) }
            case 3:
                let v = next(3) == 0 ? [] : (0..<next(3)).map { _ in Int32(next(50)) }
                sparse[i] = v; dense[i] = v
            default:
                if next(10) == 0 { sparse.appendEmpty(); dense.append([]) }
            }
            if step % 250 == 0 {
                let copy = sparse, before = dense
                let j = next(dense.count)
                sparse[j] = []; dense[j] = []
                for k in before.indices { XCTAssertEqual(copy[k], before[k]) }
            }
        }
        XCTAssertEqual(sparse.count, dense.count)
        for i in dense.indices {
            XCTAssertEqual(sparse[i], dense[i])
            XCTAssertEqual(sparse.isEmpty(at: i), dense[i].isEmpty)
        }
        let nonEmpty = dense.enumerated().filter { !$0.element.isEmpty }
        XCTAssertEqual(sparse.enumerated().map(\.offset), nonEmpty.map(\.offset))
        XCTAssertEqual(sparse.enumerated().map(\.element), nonEmpty.map(\.element))
    }
}
