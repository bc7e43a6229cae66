import Foundation
import XCTest
import NibScriptSyntax

/// The compact line table (a start every 16 lines, a byte of length a line, long lines
/// beside) answers what a table of every start did: every start, every offset's line and
/// column, and the lookups a run makes in order with a hint.
final class LineStartsTests: XCTestCase {
    /// Every line start, found the plain way.
    private func plainStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        return starts
    }

    private func check(_ bytes: [UInt8], _ name: String, every step: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        let f = SourceFile(path: name, bytes: bytes)
        let plain = plainStarts(bytes)
        XCTAssertEqual(Array(f.lineStarts), plain, name, file: file, line: line)
        XCTAssertEqual(f.lineStarts.count, plain.count, name, file: file, line: line)
        var hint = LineHint()
        var k = 0
        for offset in stride(from: 0, through: bytes.count + 1, by: step) {
            let o = min(offset, bytes.count)
            while k + 1 < plain.count, plain[k + 1] <= o { k += 1 }
            let loc = f.location(of: offset)
            guard loc.line == k + 1, loc.column == o - plain[k] + 1 else {
                return XCTFail("\(name): offset \(offset) is line \(k + 1) column \(o - plain[k] + 1), not \(loc)", file: file, line: line)
            }
            guard f.line(of: offset, hint: &hint) == k + 1 else {
                return XCTFail("\(name): offset \(offset) in order gave another line", file: file, line: line)
            }
        }
        // Out of order: backwards, and jumps of every size, from a hint left anywhere.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<min(2_000, bytes.count + 1) {
            let o = Int.random(in: 0...bytes.count, using: &random)
            let expected = plain.lastIndex { $0 <= o }! + 1
            XCTAssertEqual(f.line(of: o, hint: &hint), expected, "\(name): offset \(o) after a jump", file: file, line: line)
        }
    }

    func testEveryExampleLinesAsBefore() throws {
        let dir = PackedStatementsTests.root + "/examples"
        guard let e = FileManager.default.enumerator(atPath: dir) else { return XCTFail("no examples under \(dir)") }
        var count = 0
        for case let path as String in e where path.hasSuffix(".nibscript") {
            check(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + path))), path)
            count += 1
        }
        XCTAssertGreaterThan(count, 50, "the examples were found")
    }

    func testLongLinesEmptyLinesAndNoFinalBreak() {
        check([], "empty")
        check(Array("\n".utf8), "one break")
        check(Array("\n\n\n\n".utf8), "breaks only")
        check(Array("no break".utf8), "no break")
        // Lines of every length around the byte's limit (254, 255, 256), long ones (past
        // 65,535), on both sides of the 16-line samples.
        var text = ""
        for n in [0, 1, 253, 254, 255, 256, 300, 3, 70_000, 0, 0, 5, 254, 255, 1_000, 2, 0, 0, 0, 0, 17, 255, 9] {
            text += String(repeating: "x", count: n) + "\n"
        }
        for i in 0..<100 { text += String(repeating: "y", count: (i * 37) % 600) + "\r\n" }
        text += "last line without a break"
        check(Array(text.utf8), "long lines", every: 7)
        XCTAssertEqual(SourceFile(path: "t", text: text).lineText(7), String(repeating: "x", count: 300))
    }

    func testLiteralsAreTheSameTable() {
        let file = SourceFile(path: "t", text: "a\n\nbc\r\nd\n")
        XCTAssertEqual(file.lineStarts, [0, 2, 3, 7, 9])
        XCTAssertNotEqual(file.lineStarts, [0, 2, 3, 7])
        let starts = (0..<40).map { $0 * 300 }
        var text = ""
        for _ in 0..<39 { text += String(repeating: "z", count: 299) + "\n" }
        XCTAssertEqual(Array(SourceFile(path: "t", text: text).lineStarts), starts)
    }

    /// Lookups made before the table exists answer as the table does: in order with a hint
    /// (stepping from break to break, no table made), out of order (counting the breaks
    /// before the offset until lookups have counted the file's size, then the table), and
    /// `linesLeft`. A lookup near the start makes no table.
    func testLookupsBeforeTheTableIsMade() {
        var text = ""
        for i in 0..<3_000 { text += String(repeating: "w", count: (i * 53) % 400) + (i % 7 == 0 ? "\r\n" : "\n") }
        text += "end"
        let bytes = Array(text.utf8)
        let plain = plainStarts(bytes)
        func expectedLine(_ o: Int) -> Int { plain.lastIndex { $0 <= o }! + 1 }

        let inOrder = SourceFile(path: "t", bytes: bytes)
        var hint = LineHint()
        for o in stride(from: 0, through: bytes.count + 3, by: 5) {
            guard inOrder.line(of: o, hint: &hint) == expectedLine(min(o, bytes.count)) else { return XCTFail("offset \(o) in order") }
        }
        XCTAssertFalse(inOrder.hasLineTable, "lookups in order make no table")

        let near = SourceFile(path: "t", bytes: bytes)
        XCTAssertEqual(near.location(of: 700).line, expectedLine(700))
        XCTAssertFalse(near.hasLineTable, "a lookup near the start makes no table")

        let jumping = SourceFile(path: "t", bytes: bytes)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for k in 0..<400 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let o = Int(state >> 33) % (bytes.count + 1)
            let line = expectedLine(o)
            let loc = jumping.location(of: o)
            guard loc.line == line, loc.column == o - plain[line - 1] + 1 else { return XCTFail("lookup \(k): offset \(o) is \(line), not \(loc)") }
            guard jumping.linesLeft(from: o) == plain.count - line + 1 else { return XCTFail("lookup \(k): lines left from \(o)") }
            if k % 3 == 0, jumping.line(of: o, hint: &hint) != line { return XCTFail("lookup \(k): offset \(o) with a hint") }
        }
        XCTAssertTrue(jumping.hasLineTable, "made once the lookups had counted as many bytes as the file has")
        XCTAssertEqual(Array(jumping.lineStarts), plain)
    }
}
