import NibScriptSyntax
import NibScriptInterpreter

/// What the report's page builds for itself (issue 27 item 3). A scenario's events are stored
/// once, as numbers (`[line, kind, depth, object, count, string]`, objects and strings in
/// tables of their own), and the page's script draws from them what a reader asks for: a
/// line's events past the first dozen when "more" is clicked, and the retain-count
/// timelines, a few hundred rows at a time. Written out as HTML, a nib of 111,111 views made
/// a 39 MB page (each event about 150 bytes, each object's timeline an SVG); as data an event
/// is about 20 bytes. Each line's own first events, notes and expectation marks stay HTML.
extension HTMLReport {
    /// Kinds in the order the page's script names them.
    static let kinds: [TraceEvent.Kind] = [.alloc, .retain, .release, .autorelease, .drain, .dealloc, .deallocIncomplete, .weakZeroed, .zombie, .crash]

    /// The scenario's events as JSON for `<script type="application/json">` (no `<` in it).
    /// Past `budget` the rest is left out: `cut` says how many.
    func eventData(_ s: Scenario, budget: HTMLDetailBudget) -> String {
        // Bytes straight into buffers (numbers as digits, strings copied when they need no
        // escape): at 10^5 objects, string interpolation per event was a third of the page.
        var objects: [Int: Int] = [:], objectTable = JSONBuffer(capacity: 1 << 12)
        var strings: [String: Int] = [:], stringTable = JSONBuffer(capacity: 1 << 10)
        var events = JSONBuffer(capacity: 1 << 16), ticks = JSONBuffer(capacity: 1 << 10), record = JSONBuffer(capacity: 128)
        defer { objectTable.deallocate(); stringTable.deallocate(); events.deallocate(); ticks.deallocate(); record.deallocate() }
        func string(_ t: String?) -> Int {
            guard let t else { return -1 }
            if let k = strings[t] { return k }
            let k = strings.count
            strings[t] = k
            if k > 0 { stringTable.append(UInt8(ascii: ",")) }
            Self.appendString(t, to: &stringTable)
            return k
        }
        func object(_ e: TraceEvent) -> Int {
            guard let o = e.object else { return -1 }
            if let k = objects[o] { return k }
            let k = objects.count
            objects[o] = k
            if k > 0 { objectTable.append(UInt8(ascii: ",")) }
            objectTable.append(UInt8(ascii: "["))
            objectTable.append(o)
            objectTable.append(UInt8(ascii: ","))
            Self.appendString(e.label ?? "#\(o)", to: &objectTable)
            objectTable.append(UInt8(ascii: "]"))
            return k
        }
        let kindIndex = Dictionary(uniqueKeysWithValues: Self.kinds.enumerated().map { ($1, $0) })
        var count = 0, cut = 0
        var pendingTick: Int?
        for entry in s.entries {
            switch entry {
            case .statement(let line, _, let depth, _) where depth == 0: pendingTick = line
            case .event(let e):
                if budget.isSpent { budget.leaveOutRow(); cut += 1; continue }
                let extra: Int
                var n = e.count ?? -1
                switch e.kind {
                case .autorelease: extra = e.pool ?? 0
                case .drain: extra = e.pool ?? 0; n = e.entries ?? 0
                case .deallocIncomplete, .crash: extra = string(e.message)
                case .weakZeroed: extra = string(e.slot)
                case .zombie: extra = string("-[\(e.className ?? "") \(e.selector ?? "")]")
                default: extra = -1
                }
                record.removeAll()
                if count > 0 { record.append(UInt8(ascii: ",")) }
                record.append(UInt8(ascii: "[")); record.append(e.line)
                record.append(UInt8(ascii: ",")); record.append(kindIndex[e.kind]!)
                record.append(UInt8(ascii: ",")); record.append(min(e.depth, 6))
                record.append(UInt8(ascii: ",")); record.append(object(e))
                record.append(UInt8(ascii: ",")); record.append(n)
                record.append(UInt8(ascii: ",")); record.append(string(e.cause))
                record.append(UInt8(ascii: ",")); record.append(extra)
                record.append(UInt8(ascii: "]"))
                guard budget.spend(record.count) else { cut += 1; continue }
                events.append(record.bytes)
                if let l = pendingTick {
                    if ticks.count > 0 { ticks.append(UInt8(ascii: ",")) }
                    ticks.append(UInt8(ascii: "[")); ticks.append(count); ticks.append(UInt8(ascii: ",")); ticks.append(l); ticks.append(UInt8(ascii: "]"))
                    pendingTick = nil
                }
                count += 1
            default: break
            }
        }
        var out = JSONBuffer(capacity: objectTable.count + stringTable.count + events.count + ticks.count + 64)
        defer { out.deallocate() }
        out.append("{\"objects\":["); out.append(objectTable.bytes)
        out.append("],\"strings\":["); out.append(stringTable.bytes)
        out.append("],\"events\":["); out.append(events.bytes)
        out.append("],\"ticks\":["); out.append(ticks.bytes)
        out.append("],\"cut\":"); out.append(cut); out.append(UInt8(ascii: "}"))
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A JSON string into `b`: copied as it is when it holds nothing to escape (the usual case).
    static func appendString(_ s: String, to b: inout JSONBuffer) {
        var plain = true
        for c in s.utf8 where c < 0x20 || c == 0x22 || c == 0x5C || c == 0x3C || c >= 0x7F { plain = false; break }
        if plain {
            b.append(UInt8(ascii: "\""))
            b.appendRaw(s)
            b.append(UInt8(ascii: "\""))
        } else {
            b.appendRaw(jsonString(s))
        }
    }

    /// A JSON string with `<` escaped too (it goes inside a script element).
    static func jsonString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case "\n": out += "\\n"
            default:
                if VisibleText.isHidden(u.value) {
                    // Shown as the page shows any hidden character: its escape, as text.
                    out += VisibleText.escape(u.value).replacingBackslashes
                } else if u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// A scenario's name in an address: its title in lower case, letters and digits, words
    /// joined by `-`; `s1`-like slugs (an index's form) get `scenario-` before them, and a
    /// slug taken already `-2`, `-3` after it.
    static func slugs(_ titles: [String]) -> [String] {
        var taken: Set<String> = []
        return titles.map { title in
            var s = ""
            for ch in title.lowercased().unicodeScalars {
                if (ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9") { s.unicodeScalars.append(ch) }
                else if !s.isEmpty && !s.hasSuffix("-") { s += "-" }
            }
            while s.hasSuffix("-") { s.removeLast() }
            if s.isEmpty { s = "scenario" }
            if s.first == "s", s.dropFirst().allSatisfy(\.isNumber), s.count > 1 { s = "scenario-" + s }
            var unique = s, k = 2
            while taken.contains(unique) { unique = "\(s)-\(k)"; k += 1 }
            taken.insert(unique)
            return unique
        }
    }
}

private extension String {
    /// `\u{1B}` as JSON text: its backslash doubled.
    var replacingBackslashes: String { replacingOccurrences(of: "\\", with: "\\\\") }
}
