import Foundation
import XCTest
import NibScriptSyntax

/// `SourceFile.readBytes` reads a script straight into its array: every byte, whatever the size.
final class ReadBytesTests: XCTestCase {
    func testReadsEveryByteOrNothing() throws {
        let dir = NSTemporaryDirectory() + "readbytes-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for size in [0, 1, 4095, 4096, 65537, 300_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let path = dir + "/f\(size)"
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            XCTAssertEqual(SourceFile.readBytes(atPath: path), bytes, "size \(size)")
        }
        XCTAssertNil(SourceFile.readBytes(atPath: dir + "/missing"))
        XCTAssertNil(SourceFile.readBytes(atPath: dir), "a directory is no file")
    }

    func testTheLineTableIsTheSameAsCountingAsItGoes() {
        let text = "a\n\nbc\r\nd\n"
        let file = SourceFile(path: "t", text: text)
        XCTAssertEqual(file.lineStarts, [0, 2, 3, 7, 9])
        XCTAssertEqual(SourceFile(path: "t", text: "").lineStarts, [0])
        XCTAssertEqual(SourceFile(path: "t", text: "no break").lineStarts, [0])
    }
}
