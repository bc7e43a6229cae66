import NibScriptInterpreter

/// JSON written as UTF-8 bytes straight into a line buffer, for `run --format json`, whose
/// records come at the rate of the engine's events: no `JSON` value, no intermediate strings,
/// escaping done on the bytes of each string (runs of ordinary bytes copied at once). The
/// text is byte for byte what `JSON.renderLine` writes for the same record (a test compares
/// them), so the schema in grammar.md is unchanged.
extension LineBuffer {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `s` as a JSON string, escaped as `JSON.quote` escapes it: `"`, `\`, the C0 controls
    /// (`\n`, `\r`, `\t`, else `\u00xx`), DEL, the C1 controls and U+FFFE/U+FFFF.
    mutating func appendJSONString(_ s: String) {
        append(UInt8(ascii: "\""))
        var s = s  // withUTF8 wants a var; a native string is not copied
        s.withUTF8 { u in
            let n = u.count
            var start = 0, i = 0
            while i < n {
                let b = u[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F {
                    if b < 0xC2 || (b != 0xC2 && b != 0xEF) { i += 1; continue }
                    // C2 80…C2 9F: a C1 control; EF BF BE/BF: U+FFFE/U+FFFF.
                    if b == 0xC2 && i + 1 < n && u[i + 1] < 0xA0 {
                        flushRun(u, start, i)
                        appendUnicodeEscape(0x80 | UInt32(u[i + 1] & 0x3F))
                        i += 2; start = i
                    } else if b == 0xEF && i + 2 < n && u[i + 1] == 0xBF && u[i + 2] >= 0xBE {
                        flushRun(u, start, i)
                        appendUnicodeEscape(0xFFC0 | UInt32(u[i + 2] & 0x3F))
                        i += 3; start = i
                    } else {
                        i += 1
                    }
                    continue
                }
                flushRun(u, start, i)
                switch b {
                case 0x22: append(UInt8(ascii: "\\")); append(UInt8(ascii: "\""))
                case 0x5C: append(UInt8(ascii: "\\")); append(UInt8(ascii: "\\"))
                case 0x0A: append(UInt8(ascii: "\\")); append(UInt8(ascii: "n"))
                case 0x0D: append(UInt8(ascii: "\\")); append(UInt8(ascii: "r"))
                case 0x09: append(UInt8(ascii: "\\")); append(UInt8(ascii: "t"))
                default: appendUnicodeEscape(UInt32(b))
                }
                i += 1; start = i
            }
            flushRun(u, start, n)
        }
        append(UInt8(ascii: "\""))
    }

    private mutating func flushRun(_ u: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        if to > from { append(UnsafeBufferPointer(rebasing: u[from..<to])) }
    }

    /// `\u001b`, lowercase as `JSON.quote` writes it.
    private mutating func appendUnicodeEscape(_ v: UInt32) {
        append(UInt8(ascii: "\\")); append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { append(LineBuffer.hex[Int((v >> UInt32(shift)) & 0xF)]) }
    }

    mutating func appendJSONString(_ s: String?) {
        if let s { appendJSONString(s) } else { appendNull() }
    }

    mutating func appendJSON(_ n: Int?) {
        if let n { append(n) } else { appendNull() }
    }

    private mutating func appendNull() { append("null") }

    /// A key with its comma and colon, `,"line":`, in one copy (keys are ASCII words).
    mutating func appendKey(_ key: StaticString) {
        append(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }
}

/// The records `JSONLinesWriter` writes, as bytes. Field order is `JSONLines.event`'s.
extension JSONLines {
    /// `{"type":"KIND","scenario":"…"` for each record type of a scenario, its title escaped
    /// once.
    struct Heads {
        var statement = LineBuffer(), note = LineBuffer(), event = LineBuffer()

        init(scenario: String) {
            var title = LineBuffer()
            title.appendJSONString(scenario)
            for (type, head) in [("statement", \Heads.statement), ("note", \.note), ("event", \.event)] {
                self[keyPath: head].append("{\"type\":\"\(type)\",\"scenario\":")
                self[keyPath: head].append(title)
            }
        }
    }

    static func writeStatement(_ b: inout LineBuffer, _ heads: Heads, line: Int, column: Int, depth: Int, text: String) {
        b.append(heads.statement)
        b.appendKey(",\"line\":"); b.append(line)
        b.appendKey(",\"column\":"); b.append(column)
        b.appendKey(",\"depth\":"); b.append(depth)
        b.appendKey(",\"text\":"); b.appendJSONString(text)
        b.append("}\n")
    }

    static func writeNote(_ b: inout LineBuffer, _ heads: Heads, line: Int, column: Int?, depth: Int, text: String) {
        b.append(heads.note)
        b.appendKey(",\"line\":"); b.append(line)
        b.appendKey(",\"column\":"); b.appendJSON(column)
        b.appendKey(",\"depth\":"); b.append(depth)
        b.appendKey(",\"text\":"); b.appendJSONString(text)
        b.append("}\n")
    }

    static func writeEvent(_ b: inout LineBuffer, _ heads: Heads, _ t: TraceEvent) {
        b.append(heads.event)
        b.appendKey(",\"line\":"); b.append(t.line)
        b.appendKey(",\"column\":"); b.appendJSON(t.column)
        b.appendKey(",\"depth\":"); b.append(t.depth)
        b.appendKey(",\"kind\":"); b.append(UInt8(ascii: "\"")); b.append(t.kind.rawValue); b.append(UInt8(ascii: "\""))
        b.appendKey(",\"object\":"); b.appendJSON(t.object)
        b.appendKey(",\"class\":"); b.appendJSONString(t.className)
        b.appendKey(",\"name\":"); b.appendJSONString(t.name)
        b.appendKey(",\"count\":"); b.appendJSON(t.count)
        b.appendKey(",\"cause\":"); b.appendJSONString(t.cause)
        b.appendKey(",\"rules\":"); b.append(UInt8(ascii: "["))
        for (i, r) in t.rules.enumerated() {
            if i > 0 { b.append(UInt8(ascii: ",")) }
            b.appendJSONString(r)
        }
        b.append(UInt8(ascii: "]"))
        b.appendKey(",\"pool\":"); b.appendJSON(t.pool)
        b.appendKey(",\"entries\":"); b.appendJSON(t.entries)
        b.appendKey(",\"slot\":"); b.appendJSONString(t.slot)
        b.appendKey(",\"selector\":"); b.appendJSONString(t.selector)
        b.appendKey(",\"message\":"); b.appendJSONString(t.message)
        b.append("}\n")
    }
}
