import NibScriptInterpreter

/// A JSON value, read and written by hand: the server's messages come from another program
/// and must never trap it, so the reader checks every byte, bounds nesting, and answers nil
/// for anything that is not JSON. (Foundation's JSONSerialization gives `Any` with numbers
/// and booleans told apart differently on Linux and macOS; this keeps one behaviour.)
/// Objects keep their keys in a dictionary and are written with the keys sorted, so the
/// same value always gives the same bytes.
enum JSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    subscript(key: String) -> JSON? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    var string: String? { if case .string(let s) = self { return s }; return nil }
    var array: [JSON]? { if case .array(let a) = self { return a }; return nil }
    var object: [String: JSON]? { if case .object(let o) = self { return o }; return nil }
    var bool: Bool? { if case .bool(let b) = self { return b }; return nil }
    /// A number that is a whole number in Int's range (LSP's integers), else nil.
    var int: Int? {
        guard case .number(let d) = self, d.rounded() == d, abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }

    init(_ i: Int) { self = .number(Double(i)) }

    // MARK: Writing

    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d):
            if d.rounded() == d, abs(d) < 9.0e15 { out += String(Int(d)) }
            else if d.isFinite { out += "\(d)" }
            else { out += "null" }
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let a):
            out += "["
            for (i, v) in a.enumerated() {
                if i > 0 { out += "," }
                v.write(into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                JSON.quote(k, into: &out)
                out += ":"
                o[k]!.write(into: &out)
            }
            out += "}"
        }
    }

    /// Strings are escaped by the interpreter's JSON writer, so the server and `--json` output
    /// write the same bytes for the same text (controls, C1 and noncharacters as `\u` escapes).
    static func quote(_ s: String, into out: inout String) {
        NibScriptInterpreter.JSON.quote(s, into: &out)
    }

    // MARK: Reading

    /// Arrays and objects nest at most this deep: the reader recurses, and a message of a
    /// million `[` must not overflow the stack.
    static let maxDepth = 256

    /// The value `bytes` hold, or nil when they are not one JSON value (trailing bytes other
    /// than white space included).
    static func parse(_ bytes: [UInt8]) -> JSON? {
        var reader = Reader(bytes: bytes)
        guard let v = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        return reader.at == bytes.count ? v : nil
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        mutating func skipSpace() {
            while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let w = Array(word.utf8)
            guard at + w.count <= bytes.count, Array(bytes[at..<at + w.count]) == w else { return false }
            at += w.count
            return true
        }

        mutating func value(depth: Int) -> JSON? {
            guard depth < JSON.maxDepth else { return nil }
            skipSpace()
            guard at < bytes.count else { return nil }
            switch bytes[at] {
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "\""): return string().map(JSON.string)
            case UInt8(ascii: "["):
                at += 1
                var items: [JSON] = []
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                while true {
                    guard let v = value(depth: depth + 1) else { return nil }
                    items.append(v)
                    skipSpace()
                    guard at < bytes.count else { return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                    return nil
                }
            case UInt8(ascii: "{"):
                at += 1
                var members: [String: JSON] = [:]
                skipSpace()
                if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: "\""), let k = string() else { return nil }
                    skipSpace()
                    guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
                    at += 1
                    guard let v = value(depth: depth + 1) else { return nil }
                    members[k] = v
                    skipSpace()
                    guard at < bytes.count else { return nil }
                    if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                    if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                    return nil
                }
            default: return number()
            }
        }

        mutating func number() -> JSON? {
            let start = at
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            guard at < bytes.count, isDigit(bytes[at]) else { return nil }
            while at < bytes.count, isDigit(bytes[at]) { at += 1 }
            if at < bytes.count, bytes[at] == UInt8(ascii: ".") {
                at += 1
                guard at < bytes.count, isDigit(bytes[at]) else { return nil }
                while at < bytes.count, isDigit(bytes[at]) { at += 1 }
            }
            if at < bytes.count, bytes[at] == UInt8(ascii: "e") || bytes[at] == UInt8(ascii: "E") {
                at += 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                guard at < bytes.count, isDigit(bytes[at]) else { return nil }
                while at < bytes.count, isDigit(bytes[at]) { at += 1 }
            }
            guard let d = Double(String(decoding: bytes[start..<at], as: UTF8.self)) else { return nil }
            return .number(d)
        }

        /// A string at `at` (its opening quote), with its escapes decoded; nil when it is not
        /// closed, holds a raw control character or a bad escape.
        mutating func string() -> String? {
            at += 1
            var out: [UInt8] = []
            var scalars = ""
            func flush() {
                if !out.isEmpty { scalars += String(decoding: out, as: UTF8.self); out.removeAll() }
            }
            while at < bytes.count {
                let b = bytes[at]
                if b == UInt8(ascii: "\"") { at += 1; flush(); return scalars }
                if b < 0x20 { return nil }
                if b != UInt8(ascii: "\\") { out.append(b); at += 1; continue }
                at += 1
                guard at < bytes.count else { return nil }
                let e = bytes[at]
                at += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var unit = hex4() else { return nil }
                    flush()
                    // A surrogate pair is one scalar; a lone surrogate becomes U+FFFD.
                    if unit >= 0xD800 && unit < 0xDC00, at + 1 < bytes.count,
                       bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                        let save = at
                        at += 2
                        if let low = hex4(), low >= 0xDC00 && low < 0xE000 {
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            at = save
                        }
                    }
                    scalars.unicodeScalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                default: return nil
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16) else { return nil }
            at += 4
            return v
        }
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
                ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    init(arrayLiteral elements: JSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSON)...) {
        var o: [String: JSON] = [:]
        for (k, v) in elements { o[k] = v }
        self = .object(o)
    }
    init(nilLiteral: ()) { self = .null }
}
