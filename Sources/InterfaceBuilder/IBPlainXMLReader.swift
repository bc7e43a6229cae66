import Foundation  // memchr

/// Who hears of the elements a reader finds, in document order, as XMLParser's delegate does.
protocol IBElementHandler: AnyObject {
    /// Set when the handler wants no more elements (an archive root, a foreign document).
    var stopped: Bool { get }
    /// An element starts; `offset` is the byte offset of its `<`.
    func startElement(_ name: String, attributes: IBAttributes, atByte offset: Int)
    func endElement()
}

/// Reads the XML that Interface Builder writes straight from its bytes: UTF-8, no document
/// type declaration, no CDATA, only the five predefined entities and character references.
/// XMLParser spent two thirds of the time of reading a large document building a dictionary
/// of `String`s for every element and calling through Objective-C-style delegation; this
/// reader hands the same elements on at a fraction of that.
///
/// It declines everything else, and every mistake, by returning `false`, possibly after it
/// has handed on some elements: the caller then starts again with a fresh handler and
/// XMLParser, so that malformed or unusual documents get XMLParser's own behaviour and
/// errors, unchanged.
struct IBPlainXMLReader {
    /// Deeper than this, leave it to XMLParser and its nesting limit (Xcode never nests so deep).
    static let maxDepth = 128
    /// libxml2's limits on one attribute value, comment or text run, and on one name.
    static let maxItemLength = IBXMLErrors.maxValueLength
    static let maxNameLength = 50_000

    /// Reads `bytes`, handing elements to `handler`. True if the document was read to its end
    /// or until the handler stopped; false if it must be read by XMLParser instead.
    static func read<Handler: IBElementHandler>(_ bytes: [UInt8], into handler: Handler) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard IBXMLText.isWellFormedUTF8(buffer) else { return false }
            var reader = Cursor(buffer: buffer)
            return reader.document(handler)
        }
    }

    /// How many ` id="` the document has: about how many ids and objects it will give.
    static func countIDAttributes(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var count = 0
            var k = 3
            // From one '=' to the next with memchr, which reads many bytes at a time.
            while k + 1 < buffer.count, let found = memchr(base + k, 0x3D, buffer.count - k - 1) {
                k = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[k + 1] == 0x22, buffer[k - 1] == 0x64, buffer[k - 2] == 0x69, Cursor.isSpace(buffer[k - 3]) {
                    count += 1
                }
                k += 1
            }
            return count
        }
    }

    private struct Cursor {
        let buffer: UnsafeBufferPointer<UInt8>
        var i = 0
        /// The names of the open elements, as byte ranges of the document.
        var open: [Range<Int>] = []
        var attributes = IBAttributes()
        /// The names of the current element's attributes, to refuse one given twice.
        var attributeNames: [Range<Int>] = []
        var scratch: [UInt8] = []

        init(buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

        var n: Int { buffer.count }

        func at(_ k: Int) -> UInt8 { k < n ? buffer[k] : 0 }

        func starts(with word: StaticString, at k: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard k + count <= n else { return false }
            let p = word.utf8Start
            for j in 0..<count where buffer[k + j] != p[j] { return false }
            return true
        }

        static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D }

        static func isNameStart(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
        }

        static func isNameByte(_ b: UInt8) -> Bool {
            isNameStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x2D
        }

        mutating func skipSpace() { while i < n, Self.isSpace(buffer[i]) { i += 1 } }

        func string(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }

        // MARK: the document

        mutating func document<Handler: IBElementHandler>(_ handler: Handler) -> Bool {
            if starts(with: "\u{FEFF}", at: 0) { i = 3 }
            // Another byte order mark, or none and a zero byte: UTF-16 or UTF-32.
            if at(i) == 0xFE || at(i) == 0xFF || at(i) == 0 { return false }
            if starts(with: "<?xml", at: i), Self.isSpace(at(i + 5)) {
                guard declaration() else { return false }
            }
            // The prolog: space, comments and processing instructions, then the root.
            while true {
                skipSpace()
                guard i < n, buffer[i] == 0x3C else { return false }  // no root: XMLParser's error
                if starts(with: "<!--", at: i) {
                    guard comment() else { return false }
                } else if starts(with: "<?", at: i) {
                    guard instruction() else { return false }
                } else {
                    break
                }
            }
            guard element(handler) else { return false }
            if handler.stopped { return true }
            while !open.isEmpty {
                guard content(handler) else { return false }
                if handler.stopped { return true }
            }
            // After the root: only space, comments and processing instructions.
            while true {
                skipSpace()
                guard i < n else { return true }
                if starts(with: "<!--", at: i) {
                    guard comment() else { return false }
                } else if starts(with: "<?", at: i) {
                    guard instruction() else { return false }
                } else {
                    return false
                }
            }
        }

        /// `<?xml version="1.0" encoding="UTF-8" standalone="…"?>`, each part in its place.
        mutating func declaration() -> Bool {
            i += 5
            var seen: [String] = []
            while true {
                let hadSpace = i < n && Self.isSpace(buffer[i])
                skipSpace()
                if starts(with: "?>", at: i) { i += 2; break }
                guard hadSpace, let (name, value) = pseudoAttribute() else { return false }
                switch name {
                case "version" where seen.isEmpty && value == "1.0": break
                case "encoding" where seen == ["version"] && value.lowercased() == "utf-8": break
                case "standalone" where seen.first == "version" && !seen.contains("standalone")
                    && (value == "yes" || value == "no"): break
                default: return false
                }
                seen.append(name)
            }
            return seen.first == "version"
        }

        mutating func pseudoAttribute() -> (String, String)? {
            let start = i
            while i < n, Self.isNameByte(buffer[i]) { i += 1 }
            guard i > start else { return nil }
            let name = string(start..<i)
            guard let quote = equalsAndQuote() else { return nil }
            let valueStart = i
            while i < n, buffer[i] != quote {
                guard buffer[i] != 0x3C, buffer[i] != 0x26 else { return nil }
                i += 1
            }
            guard i < n else { return nil }
            i += 1
            return (name, string(valueStart..<(i - 1)))
        }

        /// `=` and the quote that opens a value, with space around the `=`: the quote, with
        /// the cursor past it.
        mutating func equalsAndQuote() -> UInt8? {
            skipSpace()
            guard at(i) == 0x3D else { return nil }
            i += 1
            skipSpace()
            let quote = at(i)
            guard quote == 0x22 || quote == 0x27 else { return nil }
            i += 1
            return quote
        }

        /// `<!-- … -->`, without `--` inside.
        mutating func comment() -> Bool {
            let start = i
            i += 4
            while i + 1 < n {
                if buffer[i] == 0x2D, buffer[i + 1] == 0x2D {
                    guard at(i + 2) == 0x3E, i - start <= IBPlainXMLReader.maxItemLength else { return false }
                    i += 3
                    return true
                }
                i += 1
            }
            return false
        }

        /// `<?target …?>`, where the target is a name and not `xml` in any case.
        mutating func instruction() -> Bool {
            let start = i
            i += 2
            let nameStart = i
            while i < n, Self.isNameByte(buffer[i]) { i += 1 }
            guard i > nameStart, Self.isNameStart(buffer[nameStart]),
                  string(nameStart..<i).lowercased() != "xml" else { return false }
            guard starts(with: "?>", at: i) || Self.isSpace(at(i)) else { return false }
            while i + 1 < n {
                if buffer[i] == 0x3F, buffer[i + 1] == 0x3E {
                    i += 2
                    return i - start <= IBPlainXMLReader.maxItemLength
                }
                i += 1
            }
            return false
        }

        // MARK: elements

        mutating func name() -> Range<Int>? {
            let start = i
            guard i < n, Self.isNameStart(buffer[i]) else { return nil }
            i += 1
            while i < n, Self.isNameByte(buffer[i]) { i += 1 }
            // A ':' (a namespace prefix) or a non-ASCII name: XMLParser's rules apply.
            guard i < n, buffer[i] != 0x3A, buffer[i] < 0x80,
                  i - start <= IBPlainXMLReader.maxNameLength else { return nil }
            return start..<i
        }

        /// A start tag at `i` (its `<`), handed on; an empty element is handed on as ended too.
        mutating func element<Handler: IBElementHandler>(_ handler: Handler) -> Bool {
            let tagStart = i
            i += 1
            guard let nameRange = name() else { return false }
            attributes.removeAll()
            attributeNames.removeAll(keepingCapacity: true)
            var empty = false
            while true {
                let hadSpace = i < n && Self.isSpace(buffer[i])
                skipSpace()
                guard i < n else { return false }
                if buffer[i] == 0x3E { i += 1; break }
                if buffer[i] == 0x2F {
                    guard at(i + 1) == 0x3E else { return false }
                    i += 2
                    empty = true
                    break
                }
                guard hadSpace, attribute() else { return false }
            }
            guard open.count < IBPlainXMLReader.maxDepth else { return false }
            handler.startElement(string(nameRange), attributes: attributes, atByte: tagStart)
            if handler.stopped { return true }
            if empty {
                handler.endElement()
            } else {
                open.append(nameRange)
            }
            return true
        }

        /// `name="value"` (or single quotes), its value unescaped and its white space
        /// normalized as XML requires of an attribute without a declared type.
        mutating func attribute() -> Bool {
            guard let nameRange = name(), let quote = equalsAndQuote() else { return false }
            let valueStart = i
            var plain = true
            while i < n, buffer[i] != quote {
                let b = buffer[i]
                if b == 0x3C { return false }
                if b == 0x26 || b == 0x0A || b == 0x0D || b == 0x09 { plain = false }
                i += 1
            }
            guard i < n, i - valueStart <= IBPlainXMLReader.maxItemLength else { return false }
            let valueEnd = i
            i += 1
            for other in attributeNames where other.count == nameRange.count {
                if buffer[other].elementsEqual(buffer[nameRange]) { return false }  // given twice
            }
            attributeNames.append(nameRange)
            let known = IBAttribute.named(UnsafeBufferPointer(rebasing: buffer[nameRange]))
            if plain {
                if let known { attributes.append(known, string(valueStart..<valueEnd)) }
                return true
            }
            // Unescaped even when unread: a malformed reference is XMLParser's to report.
            guard let value = unescapedValue(valueStart..<valueEnd) else { return false }
            if let known { attributes.append(known, value) }
            return true
        }

        mutating func unescapedValue(_ range: Range<Int>) -> String? {
            scratch.removeAll(keepingCapacity: true)
            var k = range.lowerBound
            while k < range.upperBound {
                let b = buffer[k]
                switch b {
                case 0x26:
                    guard let (scalar, next) = reference(at: k, end: range.upperBound) else { return nil }
                    scratch.append(contentsOf: Array(String(scalar).utf8))
                    k = next
                    continue
                case 0x0D:
                    // A line end (CR LF, or CR alone) is one LF, and an LF in a value is a space.
                    scratch.append(0x20)
                    if k + 1 < range.upperBound, buffer[k + 1] == 0x0A { k += 1 }
                case 0x0A, 0x09:
                    scratch.append(0x20)
                default:
                    scratch.append(b)
                }
                k += 1
            }
            return String(decoding: scratch, as: UTF8.self)
        }

        /// The character an entity or character reference at `k` (its `&`) stands for, and
        /// where the reference ends; nil for any other entity or a malformed reference.
        func reference(at k: Int, end: Int) -> (Unicode.Scalar, Int)? {
            var semicolon = k + 1
            while semicolon < end, semicolon - k < 12, buffer[semicolon] != 0x3B { semicolon += 1 }
            guard semicolon < end, buffer[semicolon] == 0x3B else { return nil }
            let body = string((k + 1)..<semicolon)
            let next = semicolon + 1
            switch body {
            case "lt": return ("<", next)
            case "gt": return (">", next)
            case "amp": return ("&", next)
            case "quot": return ("\"", next)
            case "apos": return ("'", next)
            default: break
            }
            guard body.hasPrefix("#") else { return nil }
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.hasPrefix("x") {
                let hex = digits.dropFirst()
                value = hex.isEmpty || !hex.allSatisfy(\.isHexDigit) ? nil : UInt32(hex, radix: 16)
            } else {
                value = digits.isEmpty || !digits.allSatisfy({ $0.isASCII && $0.isNumber }) ? nil : UInt32(digits)
            }
            guard let value, IBXMLText.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, next)
        }

        /// What follows inside the open elements, up to and including the next tag.
        mutating func content<Handler: IBElementHandler>(_ handler: Handler) -> Bool {
            // Character data: ignored, but it must be well formed.
            let textStart = i
            while i < n, buffer[i] != 0x3C {
                if buffer[i] == 0x26 {
                    guard let (_, next) = reference(at: i, end: n) else { return false }
                    i = next
                    continue
                }
                if buffer[i] == 0x5D, starts(with: "]]>", at: i) { return false }
                i += 1
            }
            guard i < n, i - textStart <= IBPlainXMLReader.maxItemLength else { return false }
            if at(i + 1) == 0x2F {
                return endTag(handler)
            }
            if starts(with: "<!--", at: i) { return comment() }
            if at(i + 1) == 0x21 { return false }  // CDATA, or a declaration out of place
            if at(i + 1) == 0x3F { return instruction() }
            return element(handler)
        }

        mutating func endTag<Handler: IBElementHandler>(_ handler: Handler) -> Bool {
            i += 2
            guard let nameRange = name(), let expected = open.last,
                  nameRange.count == expected.count else { return false }
            for k in 0..<nameRange.count where buffer[nameRange.lowerBound + k] != buffer[expected.lowerBound + k] {
                return false
            }
            skipSpace()
            guard at(i) == 0x3E else { return false }
            i += 1
            open.removeLast()
            handler.endElement()
            return true
        }
    }
}

/// What XML allows as characters.
enum IBXMLText {
    /// Whether eight bytes are all ASCII from the space up: no line end, tab or other control
    /// character, nothing to decode. Most of a document is, eight bytes at a time.
    @inline(__always)
    static func isPlainASCII(_ word: UInt64) -> Bool {
        let high: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20 borrows when 0x20 is taken from it (valid as no byte is ≥ 0x80).
        return word & high == 0 && (word &- 0x2020_2020_2020_2020) & ~word & high == 0
    }

    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    /// Whether `bytes` are UTF-8 (shortest forms, no surrogates) of XML characters only, with
    /// no CR but before an LF.
    static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        let n = bytes.count
        while k < n {
            if k + 8 <= n, isPlainASCII(UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self)) {
                k += 8
                continue
            }
            let b = bytes[k]
            if b < 0x80 {
                if b < 0x20, b != 0x09, b != 0x0A, b != 0x0D { return false }
                // A lone CR (a classic Mac line end): XMLParser does not count it as a line,
                // and the locations must be its, so it reads such a document.
                if b == 0x0D, k + 1 == n || bytes[k + 1] != 0x0A { return false }
                k += 1
                continue
            }
            let length: Int
            var value: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; value = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; value = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; value = UInt32(b & 0x07)
            default: return false
            }
            guard k + length <= n else { return false }
            for j in 1..<length {
                let c = bytes[k + j]
                guard c & 0xC0 == 0x80 else { return false }
                value = value << 6 | UInt32(c & 0x3F)
            }
            let shortest: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
            guard value >= shortest, isXMLCharacter(value) else { return false }
            k += length
        }
        return true
    }
}
