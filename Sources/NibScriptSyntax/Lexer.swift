// The lexer: one pass over the UTF-8 bytes of a SourceFile. It never builds a String per
// character; only string literals (and error messages) are decoded, once per token.

public struct Lexer {
    public let file: SourceFile
    private let bytes: [UInt8]
    private var pos = 0
    /// Nothing but whitespace and comments since the last line break (or the file's start).
    private var atLineStart = true
    /// The last token returned was a NEWLINE, or none was returned yet: further line breaks
    /// are blank lines and produce no token.
    private var suppressNewline = true
    /// Every identifier read so far, each once.
    public private(set) var names = NameTable()

    public init(_ file: SourceFile) {
        self.file = file
        self.bytes = file.bytes
        // A UTF-8 byte order mark, as some editors write, is not text.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { pos = 3 }
    }

    /// Every token of the file, ending with exactly one `.eof`.
    public static func tokenize(_ file: SourceFile) -> [Token] {
        var lexer = Lexer(file)
        var tokens: [Token] = []
        while true {
            let t = lexer.next()
            tokens.append(t)
            if t.kind == .eof { return tokens }
        }
    }

    /// The next token; `.eof` (again) once the bytes are used up.
    public mutating func next() -> Token {
        skipTrivia: while pos < bytes.count {
            switch bytes[pos] {
            case .space, .tab, 0x0B, 0x0C:
                pos += 1
            case .hash:
                // A comment runs to the line break, which is left for the next iteration.
                while pos < bytes.count, !isLineBreak(at: pos) { pos += 1 }
            case _ where isLineBreak(at: pos):
                let start = pos
                pos += bytes[pos] == .cr ? 2 : 1
                atLineStart = true
                if suppressNewline { continue skipTrivia }
                suppressNewline = true
                return Token(.newline, SourceRange(start: start, end: pos))
            case .cr:
                pos += 1  // a lone carriage return (no \n after it) is whitespace
            default:
                break skipTrivia
            }
        }
        let lineStart = atLineStart
        if pos >= bytes.count {
            return Token(.eof, SourceRange(start: bytes.count, end: bytes.count), isAtLineStart: lineStart)
        }
        atLineStart = false
        suppressNewline = false
        let start = pos
        if isIdentifierStart(bytes[pos]) {
            // Hashed as it is scanned, for the name table; read through the buffer, as the
            // loop checks the end itself.
            var hash = NameHash()
            var end = pos
            bytes.withUnsafeBufferPointer { b in
                while end < b.count, Self.isIdentifierByte(b[end]) {
                    hash.mix(b[end])
                    end += 1
                }
            }
            pos = end
            return Token(.identifier, SourceRange(start: start, end: pos), isAtLineStart: lineStart,
                         name: names.intern(bytes, start..<pos, hash: hash))
        }
        let kind = scanToken()
        return Token(kind, SourceRange(start: start, end: pos), isAtLineStart: lineStart)
    }

    /// `\n`, or `\r\n` (one break, not two).
    private func isLineBreak(at i: Int) -> Bool {
        bytes[i] == .lf || (bytes[i] == .cr && i + 1 < bytes.count && bytes[i + 1] == .lf)
    }

    private func peek(_ offset: Int = 1) -> UInt8? {
        pos + offset < bytes.count ? bytes[pos + offset] : nil
    }

    /// Scans one token other than an identifier starting at `pos` (not trivia, not EOF) and
    /// advances past it.
    private mutating func scanToken() -> TokenKind {
        let b = bytes[pos]
        if isDigit(b) { return scanNumber() }
        func one(_ k: TokenKind) -> TokenKind { pos += 1; return k }
        func two(_ k: TokenKind) -> TokenKind { pos += 2; return k }
        switch b {
        case .quote: return scanString()
        case UInt8(ascii: "{"): return one(.leftBrace)
        case UInt8(ascii: "}"): return one(.rightBrace)
        case UInt8(ascii: "("): return one(.leftParen)
        case UInt8(ascii: ")"): return one(.rightParen)
        case UInt8(ascii: ":"): return one(.colon)
        case UInt8(ascii: ","): return one(.comma)
        case UInt8(ascii: "."): return one(.dot)
        case UInt8(ascii: "-") where peek() == UInt8(ascii: ">"): return two(.arrow)
        case UInt8(ascii: "=") where peek() == UInt8(ascii: "="): return two(.equalEqual)
        case UInt8(ascii: "="): return one(.equal)
        case UInt8(ascii: "!") where peek() == UInt8(ascii: "="): return two(.bangEqual)
        case UInt8(ascii: "!"): return one(.bang)
        case UInt8(ascii: "&") where peek() == UInt8(ascii: "&"): return two(.ampAmp)
        case UInt8(ascii: "<") where peek() == UInt8(ascii: "="): return two(.lessEqual)
        case UInt8(ascii: "<"): return one(.less)
        case UInt8(ascii: ">") where peek() == UInt8(ascii: "="): return two(.greaterEqual)
        case UInt8(ascii: ">"): return one(.greater)
        default: return scanUnexpected()
        }
    }

    /// An integer, or a version when `.digits` follows immediately (`5.1`; `5.` or `5.x` is an
    /// integer and a dot).
    private mutating func scanNumber() -> TokenKind {
        var overflow = false
        let major = scanDigits(&overflow)
        guard pos + 1 < bytes.count, bytes[pos] == .dot, isDigit(bytes[pos + 1]) else {
            return overflow ? .error(.numberTooLarge) : .integer(major)
        }
        pos += 1
        let minor = scanDigits(&overflow)
        return overflow ? .error(.numberTooLarge) : .version(major: major, minor: minor)
    }

    private mutating func scanDigits(_ overflow: inout Bool) -> Int {
        var value = 0
        while pos < bytes.count, isDigit(bytes[pos]) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(bytes[pos] - UInt8(ascii: "0")))
            if o1 || o2 { overflow = true } else { value = sum }
            pos += 1
        }
        return value
    }

    /// A double-quoted string on one line. An unterminated string ends before the line break
    /// and becomes an error token; its value is read as if the quote had been closed there.
    private mutating func scanString() -> TokenKind {
        pos += 1  // the opening quote
        while pos < bytes.count, !isLineBreak(at: pos) {
            let c = bytes[pos]
            if c == .quote {
                pos += 1
                return .string
            }
            if c == .backslash, let n = peek(), n == .quote || n == .backslash {
                pos += 2
                continue
            }
            pos += 1
        }
        return .error(.unterminatedString)
    }

    /// The value of the string token (or unterminated string) at `range`: the text between
    /// the quotes with `\"` and `\\` unescaped; any other backslash is kept as written (the
    /// language has no other escapes).
    public static func stringValue(of range: SourceRange, in bytes: [UInt8]) -> String {
        let end = min(range.end, bytes.count)
        var i = range.start + 1  // the opening quote
        var value: [UInt8] = []
        while i < end {
            let c = bytes[i]
            if c == .quote { break }
            if c == .backslash, i + 1 < end, bytes[i + 1] == .quote || bytes[i + 1] == .backslash {
                value.append(bytes[i + 1])
                i += 2
                continue
            }
            value.append(c)
            i += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// A byte that starts no token. A non-ASCII character is consumed whole, so `é` is one
    /// error, not two.
    private mutating func scanUnexpected() -> TokenKind {
        let b = bytes[pos]
        if b < 0x80 {
            pos += 1
            return .error(.unexpectedCharacter(Unicode.Scalar(b)))
        }
        var iterator = bytes[pos...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            pos += UTF8.width(scalar)
            return .error(.unexpectedCharacter(scalar))
        }
        // Not UTF-8 (e.g. a Latin-1 file): skip the byte and any continuation bytes after it,
        // which cannot start a token either, so one bad sequence is one error.
        pos += 1
        while pos < bytes.count, bytes[pos] & 0xC0 == 0x80 { pos += 1 }
        return .error(.invalidUTF8(b))
    }

    /// The character as it should appear between quotes in a message: itself, or an escape
    /// such as `\u{A0}` when it would be invisible.
    public static func printable(_ s: Unicode.Scalar) -> String {
        let p = s.properties
        if s.value < 0x20 || s.value == 0x7F || p.isWhitespace || p.generalCategory == .format
            || p.generalCategory == .control || p.generalCategory == .unassigned
            || p.generalCategory == .nonspacingMark {
            return "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
        }
        return String(Character(s))
    }

    private func isIdentifierStart(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_")
    }

    /// A letter, a digit or `_`: one shift of a 128-bit mask (bit b of `low` for the bytes
    /// below 64, of `high` for 64 to 127) instead of five comparisons.
    @inline(__always)
    static func isIdentifierByte(_ b: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_0000_0000_0000   // 0-9
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE  // A-Z, _, a-z
        return b < 128 && ((b < 64 ? low : high) >> UInt64(b & 63)) & 1 != 0
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}

private extension UInt8 {
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let hash = UInt8(ascii: "#")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let dot = UInt8(ascii: ".")
}
