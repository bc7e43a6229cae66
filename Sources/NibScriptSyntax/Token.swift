// Tokens of a .nibscript file. Keywords are contextual (see grammar.md), so the lexer has no
// keyword kinds: every word is an `identifier` and the parser compares its text where a
// keyword may stand.

/// What the lexer found. Numbers are decoded here so the parser never re-reads digits;
/// identifiers are interned (`Token.name`); a string's value is decoded from its range by
/// `Lexer.stringValue(of:in:)` when the parser takes it. So a token holds no reference and
/// copying one is copying its bytes.
public enum TokenKind: Equatable, Sendable {
    /// Letters (Unicode's, as Swift and Objective-C take them), digits and `_`, not starting
    /// with a digit: `label`, `_setFoo`, `café`; or any text in backquotes, `` `My-Class` ``.
    case identifier
    /// `42`.
    case integer(Int)
    /// An integer followed immediately by `.digits`: `5.1`, `10.7`, `6.0`. Only versions use it,
    /// so the parts are kept as integers (`10.10` is minor 10, not 1).
    case version(major: Int, minor: Int)
    /// `"text"` (`\"`, `\\` and `\u{HEX}` are the only escapes).
    case string
    case leftBrace, rightBrace, leftParen, rightParen
    case colon, comma, dot
    /// `->`
    case arrow
    /// `=`
    case equal
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    /// `&&` and `!`, in the conditions of `if`.
    case ampAmp, bang
    /// A line break (`\n` or `\r\n`). Blank lines and comment-only lines collapse into the
    /// preceding break, and the file never starts with one, so no two are adjacent.
    case newline
    case eof
    /// Text that is no token. The parser reports it once and carries on.
    case error(LexError)
}

/// A lexical error, carried by an `.error` token.
public enum LexError: Equatable, Sendable {
    /// A byte (or, for non-ASCII text, a whole UTF-8 scalar) that starts no token.
    case unexpectedCharacter(Unicode.Scalar)
    /// A byte that does not begin a valid UTF-8 scalar.
    case invalidUTF8(UInt8)
    /// A string with no closing quote before the end of its line. Its range stops there, so
    /// the parser can go on as if the quote had been closed.
    case unterminatedString
    /// An integer (or a part of a version) that does not fit in `Int`.
    case numberTooLarge
    /// A quoted name, `` `…` ``, with no closing backquote before the end of its line.
    case unterminatedQuotedName
    /// ``` `` ```: a quoted name must have at least one character.
    case emptyQuotedName

    public var message: String {
        switch self {
        case .unexpectedCharacter(let c): return "unexpected character '\(Lexer.printable(c))'"
        case .invalidUTF8(let b):
            let hex = String(b, radix: 16, uppercase: true)
            return "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex)"
        case .unterminatedString: return "unterminated string literal"
        case .numberTooLarge: return "integer literal is too large"
        case .unterminatedQuotedName: return "unterminated quoted name (a name in backquotes ends on its line)"
        case .emptyQuotedName: return "empty quoted name"
        }
    }
}

public struct Token: Equatable, Sendable {
    public var kind: TokenKind
    /// Byte offsets into `SourceFile.bytes`.
    public var range: SourceRange
    /// True for the first token of a line (only whitespace and comments before it).
    public var isAtLineStart: Bool
    /// An identifier's id in the lexer's `NameTable` (a keyword's is its `Keyword` raw value);
    /// -1 for other tokens.
    public var name: Int32

    public init(_ kind: TokenKind, _ range: SourceRange, isAtLineStart: Bool = false, name: Int32 = -1) {
        self.kind = kind; self.range = range; self.isAtLineStart = isAtLineStart; self.name = name
    }
}
