// What is checked in a document's bytes before Foundation's XMLParser sees them.
//
// On Linux, XMLParser passes a processing instruction's data to `strlen` without checking it,
// and libxml2 gives a null pointer for an instruction with no data (`<?x?>`, `<?x ?>`): the
// process dies of SIGSEGV. The readers use no processing instruction, so each one without
// data is blanked out (spaces, line breaks kept) before XMLParser reads the bytes: the
// document reads as it would without it, and every line and column stays where it was.
//
// The same null pointer comes from a notation declaration without a public or system id and
// from an attribute-list declaration without a default value (`<!ATTLIST d a CDATA #IMPLIED>`)
// and an unparsed entity (`<!ENTITY e SYSTEM "x" NDATA n>`): in a DOCTYPE's internal subset,
// those declarations are blanked out as well (Interface Builder writes no DOCTYPE; the
// readers use none of them).
enum IBXMLGuard {
    /// The bytes XMLParser may be given: `bytes` less what crashes it (see above).
    static func prepare(_ bytes: [UInt8]) -> [UInt8] {
        withoutDeclarationsThatCrash(withoutEmptyProcessingInstructions(bytes))
    }

    /// `bytes` with each `<!NOTATION …>` and `<!ATTLIST …>` inside a DOCTYPE's `[…]` blanked.
    static func withoutDeclarationsThatCrash(_ bytes: [UInt8]) -> [UInt8] {
        let doctype = Array("<!DOCTYPE".utf8)
        guard var start = find(doctype, in: bytes, from: 0) else { return bytes }
        var out = bytes
        // Every "<!DOCTYPE" (one in a comment must not hide the real one after it).
        while true {
            let end = blankInternalSubset(&out, from: start + doctype.count)
            guard let next = find(doctype, in: out, from: max(end, start + 1)) else { return out }
            start = next
        }
    }

    /// Blanks the dangerous declarations of the internal subset that starts after `from`;
    /// returns where it stopped.
    private static func blankInternalSubset(_ out: inout [UInt8], from: Int) -> Int {
        var i = from
        // Up to the internal subset's "[" (quoted ids may hold one), or the DOCTYPE's end.
        var quote: UInt8 = 0
        while i < out.count {
            let b = out[i]
            if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b }
            else if b == UInt8(ascii: ">") { return i }
            else if b == UInt8(ascii: "[") { break }
            i += 1
        }
        i += 1
        let notation = Array("<!NOTATION".utf8), attlist = Array("<!ATTLIST".utf8), comment = Array("<!--".utf8)
        let entity = Array("<!ENTITY".utf8)
        while i < out.count, out[i] != UInt8(ascii: "]") {
            if starts(comment, in: out, at: i) {
                // A comment may hold anything; skip to its end.
                guard let end = find(Array("-->".utf8), in: out, from: i + 4) else { return out.count }
                i = end + 3
            } else if starts(notation, in: out, at: i) || starts(attlist, in: out, at: i) || starts(entity, in: out, at: i) {
                var j = i + 2
                var q: UInt8 = 0
                var unquoted: [UInt8] = []
                while j < out.count {
                    let b = out[j]
                    if q != 0 { if b == q { q = 0 } } else if b == 0x22 || b == 0x27 { q = b } else if b == UInt8(ascii: ">") { break }
                    else { unquoted.append(b) }
                    j += 1
                }
                // An entity only when unparsed (NDATA): the others are what the readers check.
                let blank = !starts(entity, in: out, at: i) || find(Array("NDATA".utf8), in: unquoted, from: 0) != nil
                if blank {
                    for m in i..<min(j + 1, out.count) where out[m] != 0x0A && out[m] != 0x0D { out[m] = 0x20 }
                }
                i = j + 1
            } else if out[i] == 0x22 || out[i] == 0x27 {
                // A quoted entity value: skip it whole.
                let q = out[i]
                i += 1
                while i < out.count, out[i] != q { i += 1 }
                i += 1
            } else {
                i += 1
            }
        }
        return i
    }

    private static func starts(_ needle: [UInt8], in bytes: [UInt8], at i: Int) -> Bool {
        i + needle.count <= bytes.count && bytes[i..<(i + needle.count)].elementsEqual(needle)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var i = from
        while i + needle.count <= bytes.count {
            if bytes[i] == needle[0], starts(needle, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// `bytes` with every data-less processing instruction replaced by spaces; the same array
    /// when there is none (the usual case: only the XML declaration, which has data).
    static func withoutEmptyProcessingInstructions(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8]?
        var i = 0
        let n = bytes.count
        while i + 1 < n {
            guard bytes[i] == UInt8(ascii: "<"), bytes[i + 1] == UInt8(ascii: "?") else { i += 1; continue }
            // The target: everything up to white space or "?>".
            var j = i + 2
            while j < n, !isSpace(bytes[j]), !(bytes[j] == UInt8(ascii: "?") && j + 1 < n && bytes[j + 1] == UInt8(ascii: ">")) {
                j += 1
            }
            var k = j
            while k < n, isSpace(bytes[k]) { k += 1 }
            // `<?xml?>` is a declaration without its version, an error libxml2 reports itself.
            let isDeclaration = j - (i + 2) == 3 && String(decoding: bytes[(i + 2)..<j], as: UTF8.self).lowercased() == "xml"
            if !isDeclaration, k + 1 < n, bytes[k] == UInt8(ascii: "?"), bytes[k + 1] == UInt8(ascii: ">") {
                // No data: blank "<?target ?>" (an empty target too, "<??>").
                if out == nil { out = bytes }
                for m in i...(k + 1) where out![m] != 0x0A && out![m] != 0x0D { out![m] = 0x20 }
                i = k + 2
            } else {
                i = j
            }
        }
        return out ?? bytes
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
