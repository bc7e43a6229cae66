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
    public internal(set) var names = NameTable()

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
        if let newline = skipTrivia() { return newline }
        let lineStart = atLineStart
        if pos >= bytes.count {
            return Token(.eof, SourceRange(start: bytes.count, end: bytes.count), isAtLineStart: lineStart)
        }
        atLineStart = false
        suppressNewline = false
        let start = pos
        if isIdentifierStart(bytes[pos]) || (bytes[pos] >= 0x80 && unicodeWidth(at: pos, start: true) > 0) {
            // Hashed as it is scanned, for the name table; read through the buffer, as the
            // loop checks the end itself. ASCII stays on the fast path; a byte of 0x80 or
            // more decodes one scalar, a letter or a combining mark as Swift and
            // Objective-C take them (`café`, `Pröfile`).
            var hash = NameHash()
            var end = pos
            while true {
                bytes.withUnsafeBufferPointer { b in
                    while end < b.count, Self.isIdentifierByte(b[end]) {
                        hash.mix(b[end])
                        end += 1
                    }
                }
                guard end < bytes.count, bytes[end] >= 0x80 else { break }
                let w = unicodeWidth(at: end, start: end == pos)
                if w == 0 { break }
                for i in end..<end + w { hash.mix(bytes[i]) }
                end += w
            }
            pos = end
            return Token(.identifier, SourceRange(start: start, end: pos), isAtLineStart: lineStart,
                         name: names.intern(bytes, start..<pos, hash: hash))
        }
        if bytes[pos] == .backtick { return scanQuotedName(lineStart: lineStart) }
        let kind = scanToken()
        return Token(kind, SourceRange(start: start, end: pos), isAtLineStart: lineStart)
    }

    /// Skips whitespace, comments and the line breaks of blank lines; returns the NEWLINE
    /// token that ends a line with a token on it, if one comes first. Read through one
    /// buffer pointer: indentation and comments are a large part of a script's bytes, and
    /// a bounds check and a call per byte cost the lexer a third of its instructions.
    @inline(__always)
    private mutating func skipTrivia() -> Token? {
        let n = bytes.count
        var p = pos
        var result: Token?
        var lineStart = atLineStart, suppress = suppressNewline
        bytes.withUnsafeBufferPointer { b in
            while p < n {
                let c = b[p]
                if c == .space || c == .tab || c == 0x0B || c == 0x0C {
                    p += 1
                } else if c == .hash {
                    // A comment runs to the line break, which is left for the next iteration:
                    // a `\n`, or the `\r` of a `\r\n` (a lone `\r` before it is text).
                    var q = p + 1
                    while q < n && b[q] != .lf { q += 1 }
                    p = q < n && b[q - 1] == .cr && q - 1 > p ? q - 1 : q
                } else if c == .lf || (c == .cr && p + 1 < n && b[p + 1] == .lf) {
                    let start = p
                    p += c == .cr ? 2 : 1
                    lineStart = true
                    if suppress { continue }
                    suppress = true
                    result = Token(.newline, SourceRange(start: start, end: p))
                    return
                } else if c == .cr {
                    p += 1  // a lone carriage return (no \n after it) is whitespace
                } else {
                    return
                }
            }
        }
        pos = p
        atLineStart = lineStart
        suppressNewline = suppress
        return result
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
    /// the quotes with `\"`, `\\` and `\u{HEX}` unescaped; any other backslash is kept as
    /// written (the language has no other escapes).
    public static func stringValue(of range: SourceRange, in bytes: [UInt8]) -> String {
        unescape(bytes, from: range.start + 1, to: min(range.end, bytes.count), closing: .quote)
    }

    /// The text from `i` up to `closing` (or `end`), with `\` before `closing` or `\`
    /// dropped and `\u{HEX}` (1 to 6 hex digits, a Unicode scalar) decoded: how a string
    /// or a quoted name can hold a quote, a line break or any character.
    static func unescape(_ bytes: [UInt8], from start: Int, to end: Int, closing: UInt8) -> String {
        var i = start
        var value: [UInt8] = []
        while i < end {
            let c = bytes[i]
            if c == closing { break }
            if c == .backslash, i + 1 < end, bytes[i + 1] == closing || bytes[i + 1] == .backslash {
                value.append(bytes[i + 1])
                i += 2
                continue
            }
            if c == .backslash, let (scalar, width) = unicodeEscape(bytes, at: i, end: end) {
                value += Array(String(Character(scalar)).utf8)
                i += width
                continue
            }
            value.append(c)
            i += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// `\u{HEX}` at `i`: the scalar and the escape's length in bytes, or nil.
    static func unicodeEscape(_ bytes: [UInt8], at i: Int, end: Int) -> (Unicode.Scalar, Int)? {
        guard i + 3 < end, bytes[i + 1] == UInt8(ascii: "u"), bytes[i + 2] == UInt8(ascii: "{") else { return nil }
        var j = i + 3, value: UInt32 = 0
        while j < end, j - (i + 3) < 6, let d = hexValue(bytes[j]) { value = value * 16 + d; j += 1 }
        guard j > i + 3, j < end, bytes[j] == UInt8(ascii: "}"), let s = Unicode.Scalar(value) else { return nil }
        return (s, j + 1 - i)
    }

    private static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A quoted name, `` `My-Class` ``: any text on one line between backquotes, with `\``,
    /// `\\` and `\u{HEX}` escapes, is one identifier (the same name as the word, when it is
    /// one). What the audit writes for names it did not choose, so that no name can change
    /// the shape of the script.
    private mutating func scanQuotedName(lineStart: Bool) -> Token {
        let start = pos
        pos += 1  // the opening backquote
        while pos < bytes.count, !isLineBreak(at: pos) {
            let c = bytes[pos]
            if c == .backtick {
                pos += 1
                let value = Self.unescape(bytes, from: start + 1, to: pos, closing: .backtick)
                if value.isEmpty { return Token(.error(.emptyQuotedName), SourceRange(start: start, end: pos), isAtLineStart: lineStart) }
                return Token(.identifier, SourceRange(start: start, end: pos), isAtLineStart: lineStart, name: names.intern(value))
            }
            pos += c == .backslash && pos + 1 < bytes.count && (bytes[pos + 1] == .backtick || bytes[pos + 1] == .backslash) ? 2 : 1
        }
        return Token(.error(.unterminatedQuotedName), SourceRange(start: start, end: pos), isAtLineStart: lineStart)
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

    /// The length in bytes of the UTF-8 scalar at `i` when it may be part of an identifier
    /// (a letter or `_`-like start when `start`, else also a digit or a mark: Unicode's
    /// XID_Start and XID_Continue, which Swift and C11 follow), else 0.
    private func unicodeWidth(at i: Int, start: Bool) -> Int {
        var iterator = bytes[i...].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return 0 }
        let p = scalar.properties
        return (start ? p.isXIDStart : p.isXIDContinue) ? UTF8.width(scalar) : 0
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
    static let backtick = UInt8(ascii: "`")
}
