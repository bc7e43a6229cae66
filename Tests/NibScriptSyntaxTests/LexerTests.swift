import XCTest
@testable import NibScriptSyntax

final class LexerTests: XCTestCase {
    private func lex(_ text: String) -> (SourceFile, [Token]) {
        let file = SourceFile(path: "t", text: text)
        return (file, Lexer.tokenize(file))
    }

    private func kinds(_ text: String) -> [TokenKind] { lex(text).1.map(\.kind) }

    /// `kind text` for every token but EOF.
    private func described(_ text: String) -> [String] {
        let (file, tokens) = lex(text)
        return tokens.dropLast().map { "\($0.kind) \(file.text($0.range).debugDescription)" }
    }

    func testEveryPunctuationKind() {
        XCTAssertEqual(kinds("{ } ( ) : , . -> = == != < <= > >="), [
            .leftBrace, .rightBrace, .leftParen, .rightParen, .colon, .comma, .dot, .arrow,
            .equal, .equalEqual, .bangEqual, .less, .lessEqual, .greater, .greaterEqual, .eof,
        ])
        // No spaces needed between operators and words.
        XCTAssertEqual(kinds("a->b==c!=d<=e>=f=g<h>i"), [
            .identifier, .arrow, .identifier, .equalEqual, .identifier, .bangEqual, .identifier, .lessEqual,
            .identifier, .greaterEqual, .identifier, .equal, .identifier, .less, .identifier, .greater,
            .identifier, .eof,
        ])
    }

    func testIdentifierBytesAreLettersDigitsAndUnderscore() {
        for b in 0...255 {
            let c = UInt8(b)
            let expected = (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
                || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_")
            XCTAssertEqual(Lexer.isIdentifierByte(c), expected, "byte \(b)")
        }
    }

    func testIdentifiers() {
        let (file, tokens) = lex("unsafe_unretained _setFoo isFoo CFRelease x1 _ __a9")
        XCTAssertEqual(tokens.dropLast().map { file.text($0.range) },
                       ["unsafe_unretained", "_setFoo", "isFoo", "CFRelease", "x1", "_", "__a9"])
        XCTAssertTrue(tokens.dropLast().allSatisfy { $0.kind == .identifier })
        XCTAssertEqual(tokens.last?.kind, .eof)
    }

    func testKeywordsAreIdentifiers() {
        XCTAssertEqual(kinds("class nib expect nil new"), [.identifier, .identifier, .identifier, .identifier, .identifier, .eof])
    }

    func testIntegersAndVersions() {
        XCTAssertEqual(kinds("0 42 5.1 10.7 6.0 10.10"),
                       [.integer(0), .integer(42), .version(major: 5, minor: 1), .version(major: 10, minor: 7),
                        .version(major: 6, minor: 0), .version(major: 10, minor: 10), .eof])
        // A dot not followed by a digit is a dot; a version takes one dot only.
        XCTAssertEqual(kinds("5. 5.x 1.2.3"),
                       [.integer(5), .dot, .integer(5), .dot, .identifier, .version(major: 1, minor: 2), .dot, .integer(3), .eof])
        // Digits then letters: two tokens (the parser reports the second).
        XCTAssertEqual(kinds("12ab"), [.integer(12), .identifier, .eof])
        XCTAssertEqual(kinds(String(Int.max)), [.integer(Int.max), .eof])
    }

    func testNumberTooLarge() {
        let (_, tokens) = lex("99999999999999999999 1.99999999999999999999")
        XCTAssertEqual(tokens.map(\.kind), [.error(.numberTooLarge), .error(.numberTooLarge), .eof])
        XCTAssertEqual(tokens[0].range, SourceRange(start: 0, end: 20))
        XCTAssertEqual(tokens[1].range, SourceRange(start: 21, end: 43))
        XCTAssertEqual(LexError.numberTooLarge.message, "integer literal is too large")
    }

    /// The decoded value of each string token (and unterminated string).
    private func values(_ file: SourceFile, _ tokens: [Token]) -> [String] {
        tokens.filter {
            switch $0.kind {
            case .string, .error(.unterminatedString): return true
            default: return false
            }
        }.map { Lexer.stringValue(of: $0.range, in: file.bytes) }
    }

    func testStrings() {
        let (file, tokens) = lex(#"x "a b" "" "q\"q" "s\\" "\n" "é""#)
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .string, .string, .string, .string, .string, .string, .eof])
        XCTAssertEqual(values(file, tokens), [
            "a b", "", "q\"q", "s\\",
            // Other backslashes are kept as written.
            "\\n", "é",
        ])
        XCTAssertEqual(file.text(tokens[1].range), "\"a b\"")
        XCTAssertEqual(tokens[3].range, SourceRange(start: 11, end: 17))
    }

    func testUnterminatedString() {
        let (file, tokens) = lex("x = \"abc\ny \"q\\\"\r\nz \"")
        XCTAssertEqual(tokens.map(\.kind), [
            .identifier, .equal, .error(.unterminatedString), .newline,
            .identifier, .error(.unterminatedString), .newline,
            .identifier, .error(.unterminatedString), .eof,
        ])
        XCTAssertEqual(values(file, tokens), ["abc", "q\"", ""])
        // The range stops before the line break (and before a \r\n).
        XCTAssertEqual(file.text(tokens[2].range), "\"abc")
        XCTAssertEqual(file.text(tokens[5].range), "\"q\\\"")
        XCTAssertEqual(file.text(tokens[8].range), "\"")
        XCTAssertEqual(LexError.unterminatedString.message, "unterminated string literal")
    }

    func testComments() {
        XCTAssertEqual(kinds("a # comment \"not a string\n b #x"), [.identifier, .newline, .identifier, .eof])
        XCTAssertEqual(kinds("# only\n# comments\n"), [.eof])
        XCTAssertEqual(kinds("#"), [.eof])
        // `#` in a string is not a comment.
        let (file, tokens) = lex("\"#x\"")
        XCTAssertEqual(tokens.map(\.kind), [.string, .eof])
        XCTAssertEqual(values(file, tokens), ["#x"])
    }

    func testNewlinesCollapseAndRanges() {
        let (file, tokens) = lex("\n\n  a\n\n   \n# c\nb\n")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .newline, .identifier, .newline, .eof])
        // The one NEWLINE for several blank lines is the first break.
        XCTAssertEqual(tokens[1].range, SourceRange(start: 5, end: 6))
        XCTAssertEqual(file.text(tokens[2].range), "b")
        XCTAssertEqual(tokens[4].range, SourceRange(start: file.bytes.count, end: file.bytes.count))
    }

    func testCRLF() {
        let (file, tokens) = lex("a\r\nb # c\r\n\r\nc\rd")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .newline, .identifier, .newline, .identifier, .identifier, .eof])
        // \r\n is one break, and its token covers both bytes.
        XCTAssertEqual(tokens[1].range, SourceRange(start: 1, end: 3))
        XCTAssertEqual(tokens[3].range, SourceRange(start: 8, end: 10))
        XCTAssertEqual(file.location(of: tokens[2].range.start).description, "2:1")
        XCTAssertEqual(file.location(of: tokens[4].range.start).description, "4:1")
        // A lone \r is whitespace.
        XCTAssertEqual(file.text(tokens[5].range), "d")
    }

    /// A comment ends at `\n` or at the `\r` of `\r\n`; a lone `\r` inside it is text,
    /// and a comment at the end of the file (with or without a `\r`) has no break.
    func testCommentEnds() {
        let (file, tokens) = lex("a #x\r\r\nb #\r\nc #\rq\nd # end\r")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .newline, .identifier, .newline, .identifier, .newline, .identifier, .eof])
        XCTAssertEqual(tokens[1].range, SourceRange(start: 5, end: 7))
        XCTAssertEqual(tokens[3].range, SourceRange(start: 10, end: 12))
        XCTAssertEqual(tokens[5].range, SourceRange(start: 17, end: 18))
        XCTAssertEqual(file.text(tokens[6].range), "d")
        XCTAssertEqual(kinds("#"), [.eof])
        XCTAssertEqual(kinds("#\r"), [.eof])
        XCTAssertEqual(kinds("\t\u{0B}\u{0C} x"), [.identifier, .eof])
    }

    func testLineAndColumn() {
        let (file, tokens) = lex("platform ios 5.1\n\nclass A : B {\n\touter x\n}")
        let where_ = tokens.map { "\(file.location(of: $0.range.start))" }
        XCTAssertEqual(where_, ["1:1", "1:10", "1:14", "1:17", "3:1", "3:7", "3:9", "3:11", "3:13", "3:14",
                                "4:2", "4:8", "4:9", "5:1", "5:2"])
    }

    func testIsAtLineStart() {
        let (_, tokens) = lex("a b\n  c # x\n# y\n d\ne")
        XCTAssertEqual(tokens.map(\.isAtLineStart), [true, false, false, true, false, true, false, true, false])
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .identifier, .newline, .identifier, .newline, .identifier,
                                            .newline, .identifier, .eof])
    }

    func testUnexpectedASCIICharacters() {
        // A backquote starts a quoted name (`` `My-Class` ``), so it is not among them.
        let (_, tokens) = lex("a @ ; - & '")
        XCTAssertEqual(tokens.map(\.kind), [
            .identifier, .error(.unexpectedCharacter("@")), .error(.unexpectedCharacter(";")),
            .error(.unexpectedCharacter("-")), .error(.unexpectedCharacter("&")),
            .error(.unexpectedCharacter("'")), .eof,
        ])
        // `!` and `&&` are tokens of `if` conditions.
        XCTAssertEqual(lex("! && !=").1.map(\.kind), [.bang, .ampAmp, .bangEqual, .eof])
        XCTAssertEqual(tokens[1].range, SourceRange(start: 2, end: 3))
        XCTAssertEqual(LexError.unexpectedCharacter("@").message, "unexpected character '@'")
        // Control characters are shown escaped.
        XCTAssertEqual(kinds("\u{7}\u{0}"), [.error(.unexpectedCharacter("\u{7}")), .error(.unexpectedCharacter("\u{0}")), .eof])
        XCTAssertEqual(LexError.unexpectedCharacter("\u{7}").message, "unexpected character '\\u{7}'")
    }

    func testNonASCIIIsOneErrorPerCharacter() {
        // `é` is a letter (identifiers take Unicode letters, as Swift's and Objective-C's
        // do), so it starts a name; `😀` is no letter.
        let (file, tokens) = lex("·😀x\u{A0}y")
        XCTAssertEqual(tokens.map(\.kind), [
            .error(.unexpectedCharacter("·")), .error(.unexpectedCharacter("😀")), .identifier,
            .error(.unexpectedCharacter("\u{A0}")), .identifier, .eof,
        ])
        XCTAssertEqual(tokens[0].range, SourceRange(start: 0, end: 2))
        XCTAssertEqual(tokens[1].range, SourceRange(start: 2, end: 6))
        XCTAssertEqual(file.text(tokens[2].range), "x")
    }

    func testInvalidUTF8() {
        let file = SourceFile(path: "t", bytes: [0xFF, 0x41, 0x80, 0x80, 0x80, 0x20, 0xC3, 0x20, 0xE9, 0x42])
        let tokens = Lexer.tokenize(file)
        XCTAssertEqual(tokens.map(\.kind), [
            .error(.invalidUTF8(0xFF)), .identifier, .error(.invalidUTF8(0x80)),
            .error(.invalidUTF8(0xC3)), .error(.invalidUTF8(0xE9)), .identifier, .eof,
        ])
        // A run of stray continuation bytes is one error.
        XCTAssertEqual(tokens[2].range, SourceRange(start: 2, end: 5))
        XCTAssertEqual(LexError.invalidUTF8(0xFF).message, "invalid UTF-8 byte 0xFF")
        XCTAssertEqual(LexError.invalidUTF8(0x0A).message, "invalid UTF-8 byte 0x0A")
    }

    func testByteOrderMarkIsSkipped() {
        let file = SourceFile(path: "t", bytes: [0xEF, 0xBB, 0xBF] + Array("a".utf8))
        let tokens = Lexer.tokenize(file)
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .eof])
        XCTAssertEqual(tokens[0].range, SourceRange(start: 3, end: 4))
    }

    func testEmptyFileAndRepeatedEOF() {
        XCTAssertEqual(kinds(""), [.eof])
        XCTAssertEqual(kinds("   \t "), [.eof])
        var lexer = Lexer(SourceFile(path: "t", text: "a"))
        XCTAssertEqual(lexer.next().kind, .identifier)
        XCTAssertEqual(lexer.next().kind, .eof)
        XCTAssertEqual(lexer.next().kind, .eof)
    }

    func testExampleLexesWithoutErrors() {
        let (file, tokens) = lex(exampleScript)
        XCTAssertFalse(tokens.contains { if case .error = $0.kind { return true } else { return false } })
        // Spot checks.
        let texts = tokens.map { file.text($0.range) }
        XCTAssertTrue(texts.contains("setValue"))
        XCTAssertTrue(texts.contains("\"Detail.xib\""))
        XCTAssertTrue(tokens.contains { $0.kind == .version(major: 5, minor: 1) })
        XCTAssertEqual(described("o->_spinner = nil"), [
            "identifier \"o\"", "arrow \"->\"", "identifier \"_spinner\"", "equal \"=\"", "identifier \"nil\"",
        ])
    }
}
