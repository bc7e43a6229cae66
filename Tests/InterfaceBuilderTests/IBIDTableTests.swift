import XCTest
@testable import InterfaceBuilder
import TestSupport

/// The id table answers as a Dictionary would, for ids built to crowd its blocks (numbered
/// ids, ids differing only in their last byte) and for random ones, across rehashes.
final class IBIDTableTests: XCTestCase {
    func testTheTableAgreesWithADictionary() {
        var generator = SplitMix64(seed: 0x1D5)
        var ids: [String] = (0..<3_000).map { "n\($0)" }
        ids += (0..<500).map { _ in String((0..<Int.random(in: 1...12, using: &generator)).map { _ in "ab-Z9é".randomElement(using: &generator)! }) }
        ids += (0..<300).map { "same-prefix-" + String(UnicodeScalar(UInt8(32 + $0 % 90))) }
        for reserve in [0, 5_000] {
            var table = IBIDTable<Int>()
            table.reserveCapacity(reserve)
            var reference: [String: Int] = [:]
            for (k, id) in ids.enumerated() {
                let (index, inserted) = table.insert(id, k)
                XCTAssertEqual(inserted, reference[id] == nil, id)
                if inserted { reference[id] = k }
                XCTAssertEqual(table[index: index], reference[id], id)
            }
            XCTAssertEqual(table.count, reference.count)
            for (id, value) in reference { XCTAssertEqual(table[id], value, id) }
            for missing in ["", "n-1", "n3000", "same-prefix-", "zzz"] { XCTAssertNil(table[missing], missing) }
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: zip(table.keys, table.values)), reference)
        }
    }
}
