import XCTest
@testable import NibScriptSyntax
import TestSupport

/// Names the writer of a script did not choose (issue 25 item 4): every name through
/// `ScriptText` is one token of that value, whatever its characters.
final class ScriptTextTests: XCTestCase {
    func tokens(_ text: String) -> ([Token], Lexer) {
        var lexer = Lexer(SourceFile(path: "t", bytes: Array(text.utf8)))
        var out: [Token] = []
        while true { let t = lexer.next(); out.append(t); if t.kind == .eof { return (out, lexer) } }
    }

    /// Swift and Objective-C identifiers with Unicode letters are identifiers, read on the
    /// bytes; backquoted names take any text; `\u{…}` is an escape in both.
    func testUnicodeAndQuotedIdentifiers() {
        let (t, lexer) = tokens("café Pröfile_2 `My-Class` `A\\u{A}B` `a\\`b` \"x\\u{22}y\\u{A}\"")
        XCTAssertEqual(t.map(\.kind), [.identifier, .identifier, .identifier, .identifier, .identifier, .string, .eof])
        XCTAssertEqual(t.prefix(5).map { lexer.names[$0.name] }, ["café", "Pröfile_2", "My-Class", "A\nB", "a`b"])
        XCTAssertEqual(Lexer.stringValue(of: t[5].range, in: lexer.file.bytes), "x\"y\n")
        // A quoted plain word is that word: `nib` and `` `nib` `` are the same name.
        let (k, kl) = tokens("`nib` nib")
        XCTAssertEqual(k[0].name, k[1].name)
        XCTAssertEqual(kl.names[k[0].name], "nib")
        // Errors, not traps: an unterminated or empty quoted name, a digit or a mark first.
        XCTAssertEqual(tokens("`abc\nx").0.map(\.kind), [.error(.unterminatedQuotedName), .newline, .identifier, .eof])
        XCTAssertEqual(tokens("``").0.first?.kind, .error(.emptyQuotedName))
        XCTAssertEqual(tokens("\u{301}a").0.first?.kind, .error(.unexpectedCharacter("\u{301}")))
    }

    /// Seeded: a name of any characters (quotes, backquotes, backslashes, `#`, line breaks,
    /// controls, non-ASCII, `\u{` itself) written with `ScriptText.name` reads back as one
    /// identifier of that name; `ScriptText.string` as one string of that value; a comment
    /// stays on its line.
    func testEveryNameRoundTrips() {
        var rng = SplitMix64(seed: 25)
        let alphabet: [Unicode.Scalar] = ["a", "Z", "_", "0", "-", " ", "#", "\"", "`", "\\", "u", "{", "}", "\n", "\r", "\t",
                                          "\u{0}", "\u{7F}", "\u{85}", "\u{2028}", "é", "\u{301}", "ß", "日", "\u{1F600}", ".", "&", ";", "@", ":"]
        for _ in 0..<3000 {
            var s = ""
            for _ in 0..<(1 + Int(rng.next() % 12)) { s.unicodeScalars.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            let (n, nl) = tokens(ScriptText.name(s) + " x")
            XCTAssertEqual(n.map(\.kind), [.identifier, .identifier, .eof], s.debugDescription)
            if n.count == 3 { XCTAssertEqual(nl.names[n[0].name], s, s.debugDescription) }
            let (q, ql) = tokens(ScriptText.string(s) + " x")
            XCTAssertEqual(q.map(\.kind), [.string, .identifier, .eof], s.debugDescription)
            if q.count == 3 { XCTAssertEqual(Lexer.stringValue(of: q[0].range, in: ql.file.bytes), s, s.debugDescription) }
            XCTAssertEqual(tokens("# " + ScriptText.comment(s) + "\nx").0.map(\.kind), [.identifier, .eof], s.debugDescription)
        }
    }
}
