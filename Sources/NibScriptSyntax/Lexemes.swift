// What a `Lexeme` leaves out, read again from the bytes when the parser asks: a number's
// value, a version's parts, an error's details (rare, so the token the parser copies at
// each step stays 16 bytes); and the lexer's cache of recent short names.

extension Lexer {
    /// The token's kind with its payload, read again from the bytes.
    public func kind(of l: Lexeme) -> TokenKind {
        switch l.kind {
        case .identifier: return .identifier
        case .integer: return .integer(integerValue(of: l))
        case .version: let (a, b) = version(of: l); return .version(major: a, minor: b)
        case .string: return .string
        case .leftBrace: return .leftBrace
        case .rightBrace: return .rightBrace
        case .leftParen: return .leftParen
        case .rightParen: return .rightParen
        case .colon: return .colon
        case .comma: return .comma
        case .dot: return .dot
        case .arrow: return .arrow
        case .equal: return .equal
        case .equalEqual: return .equalEqual
        case .bangEqual: return .bangEqual
        case .less: return .less
        case .lessEqual: return .lessEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterEqual
        case .ampAmp: return .ampAmp
        case .bang: return .bang
        case .newline: return .newline
        case .eof: return .eof
        case .error: return .error(error(of: l))
        }
    }

    /// The value of the digits of an `.integer` token; `Int.max` for any other text (a
    /// number too large, or a version too large, read as an integer after its error).
    public func integerValue(of l: Lexeme) -> Int {
        var value = 0
        for i in l.range.start ..< min(l.range.end, bytes.count) {
            guard bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") else { return Int.max }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int(bytes[i] - UInt8(ascii: "0")))
            if o1 || o2 { return Int.max }
            value = sum
        }
        return value
    }

    /// The parts of a `.version` token (`5.1`: 5 and 1).
    public func version(of l: Lexeme) -> (major: Int, minor: Int) {
        var parts = (0, 0), minor = false
        for i in l.range.start ..< min(l.range.end, bytes.count) {
            if bytes[i] == UInt8(ascii: ".") { minor = true; continue }
            let d = Int(bytes[i] - UInt8(ascii: "0"))
            if minor { parts.1 = parts.1 &* 10 &+ d } else { parts.0 = parts.0 &* 10 &+ d }
        }
        return parts
    }

    /// An `.error` token's error.
    public func error(of l: Lexeme) -> LexError {
        switch l.errorCode {
        case 0:
            let b = bytes[l.range.start]
            if b < 0x80 { return .unexpectedCharacter(Unicode.Scalar(b)) }
            var iterator = bytes[l.range.start...].makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) { return .unexpectedCharacter(scalar) }
            return .invalidUTF8(b)
        case 1: return .invalidUTF8(bytes[l.range.start])
        case 2: return .unterminatedString
        case 3: return .numberTooLarge
        case 4: return .unterminatedQuotedName
        default: return .emptyQuotedName
        }
    }
}

/// A direct-mapped cache of names of up to eight bytes: each entry is a name's bytes as a
/// word (`NameKey.head`) and its length and id (`length << 32 | id`). A script repeats a few
/// names (its verbs, its variables, its properties) most of the time: finding one here is a
/// multiply and a comparison, where the table hashes it and probes (half of the lexer's
/// cost per name). An empty entry has length 0, which no name has. Names of nine to sixteen
/// bytes have a smaller cache of their own, keyed by both words (`autorelease` missed the
/// first and cost 150 instructions a use in the table).
final class RecentShortNames {
    static let bits: UInt64 = 12
    static let longBits: UInt64 = 10
    let entries: UnsafeMutablePointer<(head: UInt64, info: UInt64)>
    let longEntries: UnsafeMutablePointer<(head: UInt64, tail: UInt64, info: UInt64)>
    init() {
        entries = .allocate(capacity: 1 << Int(Self.bits))
        entries.initialize(repeating: (0, 0), count: 1 << Int(Self.bits))
        longEntries = .allocate(capacity: 1 << Int(Self.longBits))
        longEntries.initialize(repeating: (0, 0, 0), count: 1 << Int(Self.longBits))
    }
    deinit {
        entries.deallocate()
        longEntries.deallocate()
    }
}
