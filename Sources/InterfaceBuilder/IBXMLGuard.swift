// What is checked in a document's bytes before Foundation's XMLParser sees them.
//
// On Linux, XMLParser passes a processing instruction's data to `strlen` without checking it,
// and libxml2 gives a null pointer for an instruction with no data (`<?x?>`, `<?x ?>`): the
// process dies of SIGSEGV. The readers use no processing instruction, so each one without
// data is blanked out (spaces, line breaks kept) before XMLParser reads the bytes: the
// document reads as it would without it, and every line and column stays where it was.
enum IBXMLGuard {
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
            if k + 1 < n, bytes[k] == UInt8(ascii: "?"), bytes[k + 1] == UInt8(ascii: ">") {
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
