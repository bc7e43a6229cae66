import CocoaSimulator
/// A JSON value built by hand, so the text is deterministic: object keys keep the order
/// they were given in (each report documents its order), numbers are integers, and strings
/// are escaped the same way on every platform. Foundation's serializer is not used because
/// its spacing and escaping of `/` differ between Darwin and Linux.
package enum JSON {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func strings(_ xs: [String]) -> JSON { .array(xs.map { .string($0) }) }
    package static func optional(_ s: String?) -> JSON { s.map { .string($0) } ?? .null }

    /// Pretty-printed with two-space indentation and a final newline.
    package func render() -> String {
        var out = ""
        write(into: &out, indent: 0)
        return out + "\n"
    }

    /// On one line with no spaces, and a final newline: a record of JSON Lines.
    package func renderLine() -> String {
        var out = ""
        writeCompact(into: &out)
        return out + "\n"
    }

    private func writeCompact(into out: inout String) {
        switch self {
        case .array(let xs):
            out += "["
            for (i, x) in xs.enumerated() { if i > 0 { out += "," }; x.writeCompact(into: &out) }
            out += "]"
        case .object(let kvs):
            out += "{"
            for (i, (k, v)) in kvs.enumerated() {
                if i > 0 { out += "," }
                JSON.quote(k, into: &out)
                out += ":"
                v.writeCompact(into: &out)
            }
            out += "}"
        default: write(into: &out, indent: 0)
        }
    }

    package static func optional(_ n: Int?) -> JSON { n.map { .int($0) } ?? .null }

    private func write(into out: inout String, indent: Int) {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .string(let s): JSON.quote(s, into: &out)
        case .array(let xs):
            if xs.isEmpty { out += "[]"; return }
            // Arrays of scalars stay on one line.
            if xs.allSatisfy({ $0.isScalar }) {
                out += "["
                for (i, x) in xs.enumerated() { if i > 0 { out += ", " }; x.write(into: &out, indent: indent + 1) }
                out += "]"
                return
            }
            out += "[\n"
            for (i, x) in xs.enumerated() {
                out += pad
                x.write(into: &out, indent: indent + 1)
                out += i == xs.count - 1 ? "\n" : ",\n"
            }
            out += close + "]"
        case .object(let kvs):
            if kvs.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, (k, v)) in kvs.enumerated() {
                out += pad
                JSON.quote(k, into: &out)
                out += ": "
                v.write(into: &out, indent: indent + 1)
                out += i == kvs.count - 1 ? "\n" : ",\n"
            }
            out += close + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    package static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Controls as \u escapes, C1 and U+FFFE/U+FFFF too (see VisibleText): lossless,
                // and nothing a terminal obeys.
                if u.value < 0x20 || VisibleText.isHidden(u.value) {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
