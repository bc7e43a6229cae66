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

/// What a `Lexeme` is: a `TokenKind` without its payload, in a byte. The case names are
/// `TokenKind`'s, so the parser reads `t.kind == .identifier` either way.
public enum TokenTag: UInt8, Sendable {
    case identifier, integer, version, string
    case leftBrace, rightBrace, leftParen, rightParen
    case colon, comma, dot, arrow, equal
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    case ampAmp, bang, newline, eof, error
}

/// The token the parser reads: 16 bytes, returned in two registers, where a `Token` (40
/// bytes: `TokenKind`'s payloads) was returned through memory and copied twice more on its
/// way to the parser's lookahead. A number's value, a version's parts and an error's
/// details are read again from the bytes when asked for (`Lexer.integerValue(of:)`,
/// `Lexer.version(of:)`, `Lexer.error(of:)`): they are rare.
public struct Lexeme: Sendable {
    /// The range's offsets, the start in the low half.
    private var offsets: UInt64
    /// The name's id (low half), the kind (bits 32–39), `isAtLineStart` (bit 40) and an
    /// error's code (bits 48–55): two words, so that a copy (the parser's lookahead moving
    /// to its current token at each token) is two loads and two stores, not seven of each.
    private var fields: UInt64

    /// Byte offsets into `SourceFile.bytes`.
    public var range: SourceRange {
        @inline(__always) get { SourceRange(packed: offsets) }
        @inline(__always) set { offsets = newValue.packed }
    }
    /// An identifier's id in the lexer's `NameTable`; -1 for other tokens.
    public var name: Int32 {
        @inline(__always) get { Int32(truncatingIfNeeded: fields) }
        @inline(__always) set { fields = fields & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: newValue)) }
    }
    public var kind: TokenTag {
        @inline(__always) get { unsafeBitCast(UInt8(truncatingIfNeeded: fields >> 32), to: TokenTag.self) }
        @inline(__always) set { fields = fields & ~(0xFF << 32) | UInt64(newValue.rawValue) << 32 }
    }
    /// True for the first token of a line (only whitespace and comments before it).
    public var isAtLineStart: Bool { @inline(__always) get { fields >> 40 & 1 != 0 } }
    /// An `.error`'s `LexError`, by `Lexeme.errorCode(_:)`.
    var errorCode: UInt8 {
        @inline(__always) get { UInt8(truncatingIfNeeded: fields >> 48) }
        @inline(__always) set { fields = fields & ~(0xFF << 48) | UInt64(newValue) << 48 }
    }

    @inline(__always)
    public init(_ kind: TokenTag, _ range: SourceRange, isAtLineStart: Bool = false, name: Int32 = -1) {
        offsets = range.packed
        fields = UInt64(UInt32(bitPattern: name)) | UInt64(kind.rawValue) << 32 | (isAtLineStart ? 1 << 40 : 0)
    }

    @inline(__always)
    init(error: LexError, _ range: SourceRange, isAtLineStart: Bool = false) {
        self.init(.error, range, isAtLineStart: isAtLineStart)
        errorCode = Self.errorCode(error)
    }

    static func errorCode(_ e: LexError) -> UInt8 {
        switch e {
        case .unexpectedCharacter: return 0
        case .invalidUTF8: return 1
        case .unterminatedString: return 2
        case .numberTooLarge: return 3
        case .unterminatedQuotedName: return 4
        case .emptyQuotedName: return 5
        }
    }
}
