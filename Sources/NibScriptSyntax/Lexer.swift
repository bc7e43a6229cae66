// The lexer: one pass over the UTF-8 bytes of a SourceFile. It never builds a String per
// character; only string literals (and error messages) are decoded, once per token.

public struct Lexer {
    public let file: SourceFile
    /// The file's bytes (its `bytes`), which the payloads of tokens are read again from.
    let bytes: [UInt8]
    private var pos = 0
    /// Nothing but whitespace and comments since the last line break (or the file's start).
    /// The same as "the last token returned was a NEWLINE, or none was returned yet", when
    /// further line breaks are blank lines and produce no token: both start at a line break
    /// that ends a line with a token and end at the next token, so one flag keeps both.
    private var atLineStart = true
    /// The `LexError` code of the `.error` a scan just returned (see `Lexeme.errorCode`).
    private var pendingError: UInt8 = 0
    /// The ids of short names read lately (see `scanRun`). A reference: copies of a lexer
    /// share it, which is right only while they read the same names in the same order (the
    /// parser never copies its lexer).
    private let recent = RecentShortNames()
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

    /// The next token with its payload, read from a run of one (`scan(into:capacity:)`);
    /// `.eof` (again) once the bytes are used up. For callers that read one token at a time.
    public mutating func next() -> Token {
        let l = scan()
        return Token(kind(of: l), l.range, isAtLineStart: l.isAtLineStart, name: l.kind == .identifier ? l.name : -1)
    }

    /// The next token as the parser reads it, from a run of one; `.eof` (again) once the
    /// bytes are used up.
    public mutating func scan() -> Lexeme {
        var l = Lexeme(.eof, .none)
        _ = scan(into: &l, capacity: 1)
        return l
    }

    /// A token other than trivia, an ASCII name followed by ASCII or punctuation: what a
    /// run leaves (the end of the file, numbers, strings, quoted and non-ASCII names,
    /// errors). Trivia is skipped first only for a file too big for a run, which skips it
    /// itself otherwise.
    private mutating func scanOther() -> Lexeme {
        if bytes.count > Int(Int32.max) {
            var p = pos, lineStart = atLineStart
            let newline = bytes.withUnsafeBufferPointer { Self.skipTrivia($0.baseAddress!, $0.count, &p, lineStart: &lineStart) }
            pos = p
            atLineStart = lineStart
            if newline >= 0 { return Lexeme(.newline, SourceRange(start: newline, end: p)) }
        }
        let lineStart = atLineStart
        let start = pos
        if start >= bytes.count {
            return Lexeme(.eof, SourceRange(start: bytes.count, end: bytes.count), isAtLineStart: lineStart)
        }
        atLineStart = false
        let c = bytes[start]
        if isIdentifierStart(c) {
            // An ASCII start followed by a non-ASCII letter (`café`), or any name in a file
            // too big for a run.
            let (end, head) = bytes.withUnsafeBufferPointer { Self.scanASCIIName($0, $0.baseAddress!, from: start) }
            if end >= bytes.count || bytes[end] < 0x80 {
                pos = end
                return Lexeme(.identifier, SourceRange(start: start, end: end), isAtLineStart: lineStart,
                              name: names.intern(bytes, start, end, head: head))
            }
            return scanName(lineStart: lineStart)
        }
        if c >= 0x80 && unicodeWidth(at: pos, start: true) > 0 { return scanName(lineStart: lineStart) }
        if c == .backtick { return scanQuotedName(lineStart: lineStart) }
        return scanToken(lineStart: lineStart)
    }

    /// Scans tokens into `out` (room for `capacity`, at least one) and returns how many: the
    /// lexer's state is kept in registers for the whole run instead of being read and
    /// written back for each token, and each token is written once, where the parser reads
    /// it (a call and a return per token, and the copies of a 40-byte token on its way,
    /// were half of what lexing cost). Stops after `.eof`.
    public mutating func scan(into out: UnsafeMutablePointer<Lexeme>, capacity: Int) -> Int {
        var count = 0
        while count < capacity {
            count += scanRun(into: out + count, capacity: capacity - count)
            if count == capacity { break }
            // What the run leaves: the end of the file, numbers, strings, quoted and
            // non-ASCII names, errors.
            let l = scanOther()
            out[count] = l
            count += 1
            if l.kind == .eof { break }
        }
        return count
    }

    /// Trivia, ASCII names and punctuation, until `capacity` tokens or a token of another
    /// kind, which is left (trivia before it skipped) for `scanOther()`.
    private mutating func scanRun(into out: UnsafeMutablePointer<Lexeme>, capacity: Int) -> Int {
        // Offsets fit in 32 bits (see `SourceRange`): a file too big for that takes the
        // general path, which clamps them.
        guard bytes.count <= Int(Int32.max) else { return 0 }
        // The state is copied in and out of the closure, so that it stays in registers.
        let (written, p, lineStart) = bytes.withUnsafeBufferPointer { b -> (Int, Int, Bool) in
            var p = pos, lineStart = atLineStart
            // Where the next token goes: a pointer moved along, not an index scaled at each store.
            var o = out
            let limit = out + capacity
            let n = b.count
            // Loaded once for the run, not once a name (the compiler cannot tell they stay).
            guard let base = b.baseAddress else { return (0, p, lineStart) }
            let entries = recent.entries, longEntries = recent.longEntries
            /// The range from `start` to `end`, packed without clamping.
            @inline(__always) func range(_ start: Int, _ end: Int) -> SourceRange {
                SourceRange(packed: UInt64(truncatingIfNeeded: start) | UInt64(truncatingIfNeeded: end) << 32)
            }
            run: while o < limit {
                let newline = Self.skipTrivia(base, n, &p, lineStart: &lineStart)
                if newline >= 0 {
                    o.pointee = Lexeme(.newline, range(newline, p))
                    o += 1
                    continue
                }
                if p >= n { break }
                let start = p
                let c = base[p]
                let kind: TokenTag
                if isIdentifierStart(c) {
                    let (end, head) = Self.scanASCIIName(b, base, from: p)
                    if end < n && base[end] >= 0x80 { break }
                    // A name of up to eight bytes seen lately is found by its word and length
                    // alone, in a direct-mapped cache; the table hashes and probes for the rest.
                    let length = UInt64(end &- start)
                    let id: Int32
                    if length <= 8 {
                        let entry = entries + Int(truncatingIfNeeded: (head &* 0x9E37_79B9_7F4A_7C15) >> (64 - RecentShortNames.bits))
                        if entry.pointee.head == head && entry.pointee.info >> 32 == length {
                            id = Int32(truncatingIfNeeded: entry.pointee.info)
                        } else {
                            id = names.intern(b, start, end, head: head)
                            entry.pointee = (head, length << 32 | UInt64(UInt32(bitPattern: id)))
                        }
                    } else if length <= 16 && start &+ 16 <= n {
                        // Up to sixteen bytes (`autorelease`, `viewController`): the same with
                        // the second word too.
                        let second = UInt64(littleEndian: UnsafeRawPointer(base + (start &+ 8)).loadUnaligned(as: UInt64.self))
                        let tail = second & (UInt64.max >> (128 &- 8 &* length))
                        let entry = longEntries + Int(truncatingIfNeeded: ((head ^ tail &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15) >> (64 - RecentShortNames.longBits))
                        if entry.pointee.head == head && entry.pointee.tail == tail && entry.pointee.info >> 32 == length {
                            id = Int32(truncatingIfNeeded: entry.pointee.info)
                        } else {
                            id = names.intern(b, start, end, head: head)
                            entry.pointee = (head, tail, length << 32 | UInt64(UInt32(bitPattern: id)))
                        }
                    } else {
                        id = names.intern(b, start, end, head: head)
                    }
                    o.pointee = Lexeme(.identifier, range(start, end), isAtLineStart: lineStart, name: id)
                    o += 1
                    p = end
                    lineStart = false
                    continue
                }
                let next: UInt8 = p &+ 1 < n ? base[p &+ 1] : 0
                switch c {
                case UInt8(ascii: "{"): kind = .leftBrace
                case UInt8(ascii: "}"): kind = .rightBrace
                case UInt8(ascii: "("): kind = .leftParen
                case UInt8(ascii: ")"): kind = .rightParen
                case UInt8(ascii: ":"): kind = .colon
                case UInt8(ascii: ","): kind = .comma
                case UInt8(ascii: "."): kind = .dot
                case UInt8(ascii: "-") where next == UInt8(ascii: ">"): kind = .arrow
                case UInt8(ascii: "="): kind = next == UInt8(ascii: "=") ? .equalEqual : .equal
                case UInt8(ascii: "!"): kind = next == UInt8(ascii: "=") ? .bangEqual : .bang
                case UInt8(ascii: "&") where next == UInt8(ascii: "&"): kind = .ampAmp
                case UInt8(ascii: "<"): kind = next == UInt8(ascii: "=") ? .lessEqual : .less
                case UInt8(ascii: ">"): kind = next == UInt8(ascii: "=") ? .greaterEqual : .greater
                default: break run
                }
                switch kind {
                case .arrow, .equalEqual, .bangEqual, .ampAmp, .lessEqual, .greaterEqual: p &+= 2
                default: p &+= 1
                }
                o.pointee = Lexeme(kind, range(start, p), isAtLineStart: lineStart)
                o += 1
                lineStart = false
            }
            return (o - out, p, lineStart)
        }
        pos = p
        atLineStart = lineStart
        return written
    }

    /// The end of the ASCII letters, digits and `_` from `start`, and the first eight of
    /// them (or fewer) as a little-endian word with zeros past the name.
    @inline(__always)
    private static func scanASCIIName(_ b: UnsafeBufferPointer<UInt8>, _ base: UnsafePointer<UInt8>, from start: Int) -> (end: Int, head: UInt64) {
        let n = b.count
        var end = start
        var head: UInt64 = 0
        var first = true
        while end &+ 8 <= n {
            let w = UInt64(littleEndian: UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
            let stop = ~nameBytes(w) & 0x8080_8080_8080_8080
            if stop == 0 {
                if first { head = w; first = false }
                end &+= 8
                continue
            }
            let k = stop.trailingZeroBitCount >> 3
            if first { head = k == 0 ? 0 : w & (UInt64.max >> UInt64(64 - 8 * k)) }
            return (end &+ k, head)
        }
        // The last few bytes of the file, one at a time.
        while end < n, isIdentifierByte(b[end]) { end += 1 }
        if first { head = NameHash.word(b, start, min(8, end - start)) }
        return (end, head)
    }

    /// The high bit of each byte of `w` that is an ASCII letter, digit or `_` (the others
    /// clear): each range test adds to the byte's low seven bits (no carry leaves a byte)
    /// and reads the high bit. Letters are tested once, with the case bit set.
    @inline(__always)
    static func nameBytes(_ w: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        let v = w & ~high
        @inline(__always) func inRange(_ x: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            (x &+ ones &* (0x80 - lo)) & ~(x &+ ones &* (0x7F - hi))
        }
        let letters = inRange(v | ones &* 0x20, 0x61, 0x7A)
        let digits = inRange(v, 0x30, 0x39)
        let underscore = inRange(v, 0x5F, 0x5F)
        return (letters | digits | underscore) & ~w & high
    }

    /// A name with a byte of 0x80 or more: each such byte decodes one scalar, a letter or a
    /// combining mark as Swift and Objective-C take them (`café`, `Pröfile`).
    private mutating func scanName(lineStart: Bool) -> Lexeme {
        let start = pos
        var end = pos
        while true {
            bytes.withUnsafeBufferPointer { b in
                while end < b.count, Self.isIdentifierByte(b[end]) { end += 1 }
            }
            guard end < bytes.count, bytes[end] >= 0x80 else { break }
            let w = unicodeWidth(at: end, start: end == pos)
            if w == 0 { break }
            end += w
        }
        pos = end
        return Lexeme(.identifier, SourceRange(start: start, end: pos), isAtLineStart: lineStart,
                      name: names.intern(bytes, start..<pos))
    }

    /// Skips whitespace, comments and the line breaks of blank lines from `p`; returns the
    /// start of the NEWLINE token that ends a line with a token on it (`p` its end), if one
    /// comes first, else -1. The only place trivia is read: a run inlines it, and a file too
    /// big for a run calls it on its own.
    @inline(__always)
    private static func skipTrivia(_ b: UnsafePointer<UInt8>, _ n: Int, _ p: inout Int,
                                   lineStart: inout Bool) -> Int {
        while p < n {
            let c = b[p]
            if c == .space {
                // One space (between tokens, the most common trivia) at once; more
                // (indentation, the room before a comment) eight bytes at a time.
                p &+= 1
                if p &+ 8 <= n && b[p] == .space {
                    let w = UInt64(littleEndian: UnsafeRawPointer(b + p).loadUnaligned(as: UInt64.self))
                    let x = w ^ 0x2020_2020_2020_2020
                    let nonzero = ((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | x) & 0x8080_8080_8080_8080
                    p &+= nonzero == 0 ? 8 : nonzero.trailingZeroBitCount >> 3
                }
            } else if c == .tab || c == 0x0B || c == 0x0C {
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
                // A blank line's break (or one before any token) makes no token.
                if lineStart { continue }
                lineStart = true
                return start
            } else if c == .cr {
                p += 1  // a lone carriage return (no \n after it) is whitespace
            } else {
                break
            }
        }
        return -1
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
    private mutating func scanToken(lineStart: Bool) -> Lexeme {
        let start = pos
        let b = bytes[pos]
        func one(_ k: TokenTag) -> TokenTag { pos += 1; return k }
        func two(_ k: TokenTag) -> TokenTag { pos += 2; return k }
        let kind: TokenTag
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): kind = scanNumber()
        case .quote: kind = scanString()
        case UInt8(ascii: "{"): kind = one(.leftBrace)
        case UInt8(ascii: "}"): kind = one(.rightBrace)
        case UInt8(ascii: "("): kind = one(.leftParen)
        case UInt8(ascii: ")"): kind = one(.rightParen)
        case UInt8(ascii: ":"): kind = one(.colon)
        case UInt8(ascii: ","): kind = one(.comma)
        case UInt8(ascii: "."): kind = one(.dot)
        case UInt8(ascii: "-") where peek() == UInt8(ascii: ">"): kind = two(.arrow)
        case UInt8(ascii: "=") where peek() == UInt8(ascii: "="): kind = two(.equalEqual)
        case UInt8(ascii: "="): kind = one(.equal)
        case UInt8(ascii: "!") where peek() == UInt8(ascii: "="): kind = two(.bangEqual)
        case UInt8(ascii: "!"): kind = one(.bang)
        case UInt8(ascii: "&") where peek() == UInt8(ascii: "&"): kind = two(.ampAmp)
        case UInt8(ascii: "<") where peek() == UInt8(ascii: "="): kind = two(.lessEqual)
        case UInt8(ascii: "<"): kind = one(.less)
        case UInt8(ascii: ">") where peek() == UInt8(ascii: "="): kind = two(.greaterEqual)
        case UInt8(ascii: ">"): kind = one(.greater)
        default:
            let error = scanUnexpected()
            return Lexeme(error: error, SourceRange(start: start, end: pos), isAtLineStart: lineStart)
        }
        var l = Lexeme(kind, SourceRange(start: start, end: pos), isAtLineStart: lineStart)
        if kind == .error { l.errorCode = pendingError }
        return l
    }

    /// An integer, or a version when `.digits` follows immediately (`5.1`; `5.` or `5.x` is an
    /// integer and a dot). The value is read again when the parser asks for it.
    private mutating func scanNumber() -> TokenTag {
        var overflow = false
        scanDigits(&overflow)
        guard pos + 1 < bytes.count, bytes[pos] == .dot, isDigit(bytes[pos + 1]) else {
            return overflow ? numberTooLarge() : .integer
        }
        pos += 1
        scanDigits(&overflow)
        return overflow ? numberTooLarge() : .version
    }

    private mutating func numberTooLarge() -> TokenTag {
        pendingError = Lexeme.errorCode(.numberTooLarge)
        return .error
    }

    private mutating func scanDigits(_ overflow: inout Bool) {
        var value = 0
        while pos < bytes.count, isDigit(bytes[pos]) {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(bytes[pos] - UInt8(ascii: "0")))
            if o1 || o2 { overflow = true } else { value = sum }
            pos += 1
        }
    }

    /// A double-quoted string on one line. An unterminated string ends before the line break
    /// and becomes an error token; its value is read as if the quote had been closed there.
    private mutating func scanString() -> TokenTag {
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
        pendingError = Lexeme.errorCode(.unterminatedString)
        return .error
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
    private mutating func scanQuotedName(lineStart: Bool) -> Lexeme {
        let start = pos
        pos += 1  // the opening backquote
        while pos < bytes.count, !isLineBreak(at: pos) {
            let c = bytes[pos]
            if c == .backtick {
                pos += 1
                let value = Self.unescape(bytes, from: start + 1, to: pos, closing: .backtick)
                if value.isEmpty { return Lexeme(error: .emptyQuotedName, SourceRange(start: start, end: pos), isAtLineStart: lineStart) }
                return Lexeme(.identifier, SourceRange(start: start, end: pos), isAtLineStart: lineStart, name: names.intern(value))
            }
            pos += c == .backslash && pos + 1 < bytes.count && (bytes[pos + 1] == .backtick || bytes[pos + 1] == .backslash) ? 2 : 1
        }
        return Lexeme(error: .unterminatedQuotedName, SourceRange(start: start, end: pos), isAtLineStart: lineStart)
    }

    /// A byte that starts no token. A non-ASCII character is consumed whole, so `é` is one
    /// error, not two.
    private mutating func scanUnexpected() -> LexError {
        let b = bytes[pos]
        if b < 0x80 {
            pos += 1
            return .unexpectedCharacter(Unicode.Scalar(b))
        }
        var iterator = bytes[pos...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            pos += UTF8.width(scalar)
            return .unexpectedCharacter(scalar)
        }
        // Not UTF-8 (e.g. a Latin-1 file): skip the byte and any continuation bytes after it,
        // which cannot start a token either, so one bad sequence is one error.
        pos += 1
        while pos < bytes.count, bytes[pos] & 0xC0 == 0x80 { pos += 1 }
        return .invalidUTF8(b)
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

    @inline(__always)
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
