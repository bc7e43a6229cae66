import Foundation
import XCTest
import TestSupport
@testable import InterfaceBuilder

/// The binary property list reader that replaces Foundation's for compiled nibs: the same
/// values as Foundation on intact files, and no read outside a damaged one.
final class IBBinaryPropertyListTests: XCTestCase {
    /// Foundation's reading of an intact file, made plain the way the XML form is.
    func foundation(_ data: Data) throws -> IBKeyedValue {
        let plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        return try XCTUnwrap(IBKeyedArchive.plain(plist, depth: 0))
    }

    func ours(_ data: Data) -> IBKeyedValue? {
        IBBinaryPropertyList.read([UInt8](data), maxDepth: IBKeyedArchive.maxDepth)
    }

    func testIntactFilesReadAsFoundationReadsThem() throws {
        let values: [String: Any] = [
            "ascii": "File's Owner", "unicode": "Fenêtre — 窓", "empty": "",
            "small": 7, "byte": 200, "short": 40_000, "word": 3_000_000_000, "negative": -5, "big": Int64.max,
            "real": 2.5, "float": Float(0.25), "yes": true, "no": false, "bytes": Data([1, 2, 3]),
            "nested": ["a", ["b", 1, ["c": 2]], [:]] as [Any], "uid": ["CF$UID": 12],
            "long": String(repeating: "x", count: 300), "many": Array(0..<40),
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        XCTAssertEqual(ours(data), try foundation(data))
        // A sample nib, its UIDs as binary UIDs and as CF$UID dictionaries.
        var archive = CompiledNibArchive.sample().archive
        let plist = archive.propertyList()
        for realUIDs in [true, false] {
            let nib = CompiledNibArchive.binary(plist, realUIDs: realUIDs)
            let read = try XCTUnwrap(ours(nib))
            XCTAssertEqual(read, try foundation(nib))
            XCTAssertNotNil(read["$top"]?["IB.objectdata"]?.uidValue)
        }
    }

    func testSharedObjectsAreReadOnceAndCyclesAreRefused() {
        // bplist00, then: 0 an array of [1, 1], 1 an array of [2, 2], 2 an array of [0] (a cycle).
        func file(_ objects: [[UInt8]], top: UInt8 = 0) -> [UInt8] {
            var bytes = Array("bplist00".utf8)
            var offsets: [UInt8] = []
            for o in objects { offsets.append(UInt8(bytes.count)); bytes += o }
            let table = bytes.count
            bytes += offsets
            bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
                + [0, 0, 0, 0, 0, 0, 0, top] + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
            return bytes
        }
        XCTAssertNil(IBBinaryPropertyList.read(file([[0xA2, 1, 1], [0xA2, 2, 2], [0xA1, 0]]), maxDepth: 32))
        // Each array holding the next one twice, 20 deep: 2^20 paths, 21 objects to decode.
        var chain: [[UInt8]] = (0..<20).map { [0xA2, UInt8($0 + 1), UInt8($0 + 1)] }
        chain.append([0x51, 0x78])
        let shared = IBBinaryPropertyList.read(file(chain), maxDepth: 32)
        XCTAssertNotNil(shared)
        // Deeper than allowed is refused.
        XCTAssertNil(IBBinaryPropertyList.read(file(chain), maxDepth: 10))
        // A reference, an offset or a length past the end is refused.
        XCTAssertNil(IBBinaryPropertyList.read(file([[0xA1, 9]]), maxDepth: 32))
        XCTAssertNil(IBBinaryPropertyList.read(file([[0x5F, 0x10, 0xFF, 0x78]]), maxDepth: 32))
        XCTAssertNil(IBBinaryPropertyList.read(file([[0x51, 0x78]], top: 3), maxDepth: 32))
    }

    /// Thousands of damaged copies of a nib: each reads as something or is refused, and no
    /// byte outside the file is read (Foundation's reader on Linux crashed here at random).
    func testDamagedFilesNeverReadOutsideThemselves() {
        var archive = CompiledNibArchive.sample().archive
        let whole = [UInt8](CompiledNibArchive.binary(archive.propertyList()))
        var random = SplitMix64(seed: 2026)
        var refused = 0
        for _ in 0..<3_000 {
            var bytes = whole
            for _ in 0..<(1 + random.below(6)) {
                bytes[8 + random.below(bytes.count - 8)] = UInt8(truncatingIfNeeded: random.next())
            }
            if ours(Data(bytes)) == nil { refused += 1 }
            // The whole reader, on top of it.
            _ = IBReader.read(data: Data(bytes), path: "Main.nib")
        }
        XCTAssertGreaterThan(refused, 0)
    }
}
