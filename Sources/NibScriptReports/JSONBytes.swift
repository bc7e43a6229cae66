import NibScriptInterpreter

/// UTF-8 bytes in memory of its own, for `run --format json`, whose records come at the rate
/// of the engine's events: appending is a bounds check and a copy, without `Array`'s
/// per-call uniqueness and capacity work, and integers are written without going through a
/// generic `BinaryInteger` (which, called from another module, is not specialized). The
/// writer owns one buffer, reused for every record, and frees it (`deallocate`).
struct JSONBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    func deallocate() { base.deallocate() }

    mutating func removeAll() { count = 0 }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count + n > capacity { grow(count + n) }
    }

    private mutating func grow(_ needed: Int) {
        var c = capacity * 2
        while c < needed { c *= 2 }
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = c
    }

    @inline(__always)
    mutating func append(_ b: UInt8) {
        reserve(1)
        base[count] = b
        count += 1
    }

    @inline(__always)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        guard let from = run.baseAddress, run.count > 0 else { return }
        reserve(run.count)
        (base + count).update(from: from, count: run.count)
        count += run.count
    }

    /// A constant such as `,"line":` (keys are ASCII words with nothing to escape).
    @inline(__always)
    mutating func append(_ s: StaticString) {
        append(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append($0) } }

    /// A string's bytes as they are (an event kind's name).
    mutating func appendRaw(_ s: String) {
        var s = s
        s.withUTF8 { append($0) }
    }

    mutating func append(_ n: Int) {
        reserve(20)
        if n < 0 { base[count] = UInt8(ascii: "-"); count += 1 }
        var v = n.magnitude  // the magnitude: negating the smallest value would trap
        if v < 10 { base[count] = UInt8(ascii: "0") + UInt8(v); count += 1; return }
        var digits = 0
        var w = v
        while w > 0 { digits += 1; w /= 10 }
        var i = count + digits
        while v > 0 { i -= 1; base[i] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 }
        count += digits
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// `s` as a JSON string, escaped as `JSON.quote` escapes it: `"`, `\`, the C0 controls
    /// (`\n`, `\r`, `\t`, else `\u00xx`), DEL, the C1 controls and U+FFFE/U+FFFF, by bytes
    /// (runs of ordinary bytes copied at once).
    mutating func appendJSONString(_ s: String) {
        append(UInt8(ascii: "\""))
        var s = s  // withUTF8 wants a var; a native string is not copied
        s.withUTF8 { u in
            let n = u.count
            var start = 0, i = 0
            while i < n {
                let b = u[i]
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F {
                    if b != 0xC2 && b != 0xEF { i += 1; continue }
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

    @inline(__always)
    private mutating func flushRun(_ u: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) {
        if to > from { append(UnsafeBufferPointer(rebasing: u[from..<to])) }
    }

    /// `\u001b`, lowercase as `JSON.quote` writes it.
    private mutating func appendUnicodeEscape(_ v: UInt32) {
        append(UInt8(ascii: "\\")); append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) { append(JSONBuffer.hex[Int((v >> UInt32(shift)) & 0xF)]) }
    }

    mutating func appendJSONString(_ s: String?) {
        if let s { appendJSONString(s) } else { append("null") }
    }

    mutating func appendJSON(_ n: Int?) {
        if let n { append(n) } else { append("null") }
    }
}

/// The records `JSONLinesWriter` writes, as bytes: byte for byte what `JSON.renderLine`
/// writes for the same record (a test compares them for every example), so the schema in
/// grammar.md is unchanged. Field order is `JSONLines.event`'s.
extension JSONLines {
    /// `{"type":"KIND","scenario":"…"` for each record type of a scenario, its title escaped
    /// once.
    struct Heads {
        var statement: [UInt8], note: [UInt8], event: [UInt8]

        init(scenario: String) {
            var title = JSONBuffer()
            title.appendJSONString(scenario)
            let quoted = Array(title.bytes)
            title.deallocate()
            func head(_ type: String) -> [UInt8] { Array("{\"type\":\"\(type)\",\"scenario\":".utf8) + quoted }
            statement = head("statement"); note = head("note"); event = head("event")
        }
    }

    static func writeStatement(_ b: inout JSONBuffer, _ heads: Heads, line: Int, column: Int, depth: Int, text: String) {
        b.append(heads.statement)
        b.append(",\"line\":"); b.append(line)
        b.append(",\"column\":"); b.append(column)
        b.append(",\"depth\":"); b.append(depth)
        b.append(",\"text\":"); b.appendJSONString(text)
        b.append("}\n")
    }

    static func writeNote(_ b: inout JSONBuffer, _ heads: Heads, line: Int, column: Int?, depth: Int, text: String) {
        b.append(heads.note)
        b.append(",\"line\":"); b.append(line)
        b.append(",\"column\":"); b.appendJSON(column)
        b.append(",\"depth\":"); b.append(depth)
        b.append(",\"text\":"); b.appendJSONString(text)
        b.append("}\n")
    }

    static func writeEvent(_ b: inout JSONBuffer, _ heads: Heads, _ t: TraceEvent) {
        b.append(heads.event)
        b.append(",\"line\":"); b.append(t.line)
        b.append(",\"column\":"); b.appendJSON(t.column)
        b.append(",\"depth\":"); b.append(t.depth)
        b.append(",\"kind\":\""); b.appendRaw(t.kind.rawValue); b.append(UInt8(ascii: "\""))
        if let id = t.object {
            b.append(",\"object\":{\"id\":"); b.append(id)
            b.append(",\"class\":"); b.appendJSONString(t.className ?? "")
            b.append(",\"name\":"); b.appendJSONString(t.name ?? "")
            b.append(UInt8(ascii: "}"))
        } else {
            b.append(",\"object\":null")
        }
        b.append(",\"count\":"); b.appendJSON(t.count)
        b.append(",\"cause\":"); b.appendJSONString(t.cause)
        b.append(",\"rules\":[")
        for (i, r) in t.rules.enumerated() {
            if i > 0 { b.append(UInt8(ascii: ",")) }
            b.appendJSONString(r)
        }
        b.append(UInt8(ascii: "]"))
        b.append(",\"pool\":"); b.appendJSON(t.pool)
        b.append(",\"entries\":"); b.appendJSON(t.entries)
        b.append(",\"slot\":"); b.appendJSONString(t.slot)
        b.append(",\"selector\":"); b.appendJSONString(t.selector)
        b.append(",\"message\":"); b.appendJSONString(t.message)
        b.append("}\n")
    }
}
