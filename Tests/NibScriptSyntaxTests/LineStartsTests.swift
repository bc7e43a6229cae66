import XCTest
@testable import NibScriptSyntax

/// `SourceFile`'s line table (found with memchr) against a byte-by-byte count.
final class LineStartsTests: XCTestCase {
    private func naive(_ bytes: [UInt8]) -> [Int] {
        var out = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { out.append(i + 1) }
        return out
    }

    func testLineStartsMatchAByteByByteScan() {
        var rng = SystemRandomNumberGenerator()
        // Every length around a word's edges, breaks at every position, bytes that differ from
        // a break by one bit (0x0B, 0x8A, 0x0E) and non-ASCII bytes.
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x0B, 0x8A, 0x0E, 0x0D, 0x20, 0x61, 0xC3, 0xA9, 0xFF, 0x00]
        for length in 0..<70 {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
                let file = SourceFile(path: "t", bytes: bytes)
                XCTAssertEqual((0..<file.lineStarts.count).map { file.lineStarts[$0] }, naive(bytes), "\(bytes)")
            }
        }
        let text = String(repeating: "    a = new Node\n", count: 1000) + "last"
        let file = SourceFile(path: "t", text: text)
        XCTAssertEqual(file.lineStarts.count, 1001)
        XCTAssertEqual(file.location(of: text.utf8.count - 1).line, 1001)
    }
}
