import XCTest
import Foundation
@testable import NibScriptSyntax
import TestSupport

/// The parser reads tokens the lexer scanned ahead in runs (`Lexer.scan(into:capacity:)`,
/// whose fast path handles trivia, ASCII names and punctuation itself and leaves the rest to
/// `scanOther()`); `next()` and `scan()`, for callers that read one token at a time, read
/// runs of one. Trivia is read in one place (`skipTrivia`), so what must agree is the seam:
/// the same tokens and the same names, whatever the text and wherever a run ends.
final class LexerRunTests: XCTestCase {
    private struct Seen: Equatable {
        var start, end: Int, name: Int32, kind: TokenTag, lineStart: Bool, error: UInt8
        init(_ l: Lexeme) {
            start = l.range.start; end = l.range.end; name = l.name; kind = l.kind
            lineStart = l.isAtLineStart; error = l.kind == .error ? l.errorCode : 0
        }
    }

    private func oneAtATime(_ bytes: [UInt8]) -> ([Seen], [String]) {
        var lexer = Lexer(SourceFile(path: "t", bytes: bytes))
        var out: [Seen] = []
        while true {
            let l = lexer.scan()
            out.append(Seen(l))
            if l.kind == .eof { return (out, lexer.names.strings) }
        }
    }

    private func inRuns(_ bytes: [UInt8], capacity: Int) -> ([Seen], [String]) {
        var lexer = Lexer(SourceFile(path: "t", bytes: bytes))
        let buffer = UnsafeMutablePointer<Lexeme>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var out: [Seen] = []
        while true {
            let n = lexer.scan(into: buffer, capacity: capacity)
            XCTAssertGreaterThan(n, 0)
            for i in 0..<n { out.append(Seen(buffer[i])) }
            if out.last?.kind == .eof { return (out, lexer.names.strings) }
        }
    }

    /// Random texts from pieces that meet at every kind of boundary: names of every length
    /// around eight bytes (the word the lexer reads at once), names followed by non-ASCII
    /// letters, runs of spaces, tabs, comments, CR/LF, numbers, versions, strings, quoted
    /// names, punctuation and junk; each lexed one token at a time and in runs of 1, 2, 3,
    /// 7 and 256 tokens.
    func testRunsGiveTheSameTokensAsOneAtATime() {
        let pieces: [String] = [
            "a", "ab", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnopq", "x0", "x1", "_under_score",
            "Name9", "retain", "release", "autoreleasepool", "café", "naïveté", "a\u{301}",
            " ", "  ", "        ", "         ", "\t", "\n", "\r\n", "\r", "# comment\n", "#\r\n",
            "{", "}", "(", ")", ":", ",", ".", "->", "-", "=", "==", "!", "!=", "&&", "&", "<", "<=", ">", ">=",
            "42", "5.1", "10.10", "99999999999999999999", "\"text\"", "\"un", "`quoted name`", "``", "`open",
            "@", "é", "\u{A0}", "\u{FF}", "\u{1F600}",
        ]
        var rng = SplitMix64(seed: 27)
        for round in 0..<300 {
            var text = ""
            for _ in 0..<Int(rng.next() % 40) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            var bytes = Array(text.utf8)
            if round % 10 == 0 { bytes.append(0xFF) }  // a byte that is no UTF-8
            let expected = oneAtATime(bytes)
            for capacity in [1, 2, 3, 7, 256] {
                let got = inRuns(bytes, capacity: capacity)
                XCTAssertEqual(got.0, expected.0, "\(text.debugDescription), runs of \(capacity)")
                XCTAssertEqual(got.1, expected.1, "\(text.debugDescription), runs of \(capacity)")
            }
        }
    }

    /// Every example, read one token at a time (`next()`, with its payload) and in runs
    /// of 3 and 256: the same tokens.
    func testEveryExampleGivesTheSameTokensInRunsAndOneAtATime() throws {
        let dir = PackedStatementsTests.root + "/examples"
        guard let e = FileManager.default.enumerator(atPath: dir) else { return XCTFail("no examples under \(dir)") }
        var count = 0
        for case let path as String in e where path.hasSuffix(".nibscript") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + path)))
            let expected = oneAtATime(bytes)
            var lexer = Lexer(SourceFile(path: path, bytes: bytes))
            var tokens: [Token] = []
            while tokens.last?.kind != .eof { tokens.append(lexer.next()) }
            XCTAssertEqual(tokens.map(\.range), expected.0.map { SourceRange(start: $0.start, end: $0.end) }, path)
            XCTAssertEqual(tokens.map(\.isAtLineStart), expected.0.map(\.lineStart), path)
            for capacity in [3, 256] {
                let got = inRuns(bytes, capacity: capacity)
                XCTAssertEqual(got.0, expected.0, "\(path), runs of \(capacity)")
                XCTAssertEqual(got.1, expected.1, "\(path), runs of \(capacity)")
            }
            count += 1
        }
        XCTAssertGreaterThan(count, 50, "the examples were found")
    }

    /// More short and long names than the lexer's caches of recent ones hold, each used many times
    /// in an order that makes them evict one another: every use gets its name's one id.
    func testManyShortNamesKeepTheirIds() {
        var rng = SplitMix64(seed: 5)
        var words: [String] = []
        // Short names (the first cache) and names of nine to sixteen bytes (the second).
        for i in 0..<20_000 { words.append(i % 2 == 0 ? "v\(i)" : "longer_name\(i)") }
        var text = ""
        var used: [String] = []
        for _ in 0..<60_000 {
            let w = words[Int(rng.next() % UInt64(words.count))]
            used.append(w)
            text += w + (rng.next() % 5 == 0 ? "\n" : " ")
        }
        var lexer = Lexer(SourceFile(path: "t", text: text))
        let buffer = UnsafeMutablePointer<Lexeme>.allocate(capacity: 256)
        defer { buffer.deallocate() }
        var names: [Int32] = []
        while true {
            let n = lexer.scan(into: buffer, capacity: 256)
            for i in 0..<n where buffer[i].kind == .identifier { names.append(buffer[i].name) }
            if buffer[n - 1].kind == .eof { break }
        }
        XCTAssertEqual(names.count, used.count)
        for (id, word) in zip(names, used) { XCTAssertEqual(lexer.names[id], word) }
    }
}
