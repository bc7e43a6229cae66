import XCTest
@testable import NibScriptSyntax
import TestSupport

/// The parser reads tokens the lexer scanned ahead in runs (`Lexer.scan(into:capacity:)`,
/// whose fast path handles trivia, ASCII names and punctuation itself); the lexer's other
/// tests read them one at a time (`next()`, through `scan()`). Both must give the same
/// tokens and the same names, whatever the text and wherever a run ends.
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

    /// More short names than the lexer's cache of recent ones holds, each used many times
    /// in an order that makes them evict one another: every use gets its name's one id.
    func testManyShortNamesKeepTheirIds() {
        var rng = SplitMix64(seed: 5)
        var words: [String] = []
        for i in 0..<20_000 { words.append("v\(i)") }
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
