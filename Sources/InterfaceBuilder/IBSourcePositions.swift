// XMLParser reports where it is when a start tag has been read (at or near its `>`), in
// lines and characters. Elements are reported at their `<`, so walk back to it: a start
// tag never contains another `<` (XML forbids it in attribute values).
struct IBSourcePositions {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    // Positions arrive in increasing order; resuming the walk from the last one keeps
    // long single-line documents linear.
    private var cursorLine = 0
    private var cursorOffset = 0
    private var cursorColumn = 1

    /// Per line, whether it is all ASCII: there a column is a byte, and no walk is needed.
    private var lineIsASCII: [Bool] = []

    // Byte offsets from the plain reader also arrive in increasing order.
    private var forwardLine = 0
    private var forwardOffset = 0
    private var forwardColumn = 1

    /// Lines are found as far as `bytes[..<scanned]`; `scanningASCII`: whether the line
    /// being scanned is ASCII so far. The plain reader asks for positions in document order,
    /// so the lines are found just behind it, over bytes it has just read: a pass of their
    /// own read a large document from memory once more (at a million objects, 118 MB that
    /// no cache holds).
    private var scanned = 0
    private var scanningASCII = true

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // XMLParser does not count a UTF-8 byte order mark as a column.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStarts = [3] }
    }

    /// Finds the lines up to the end of the one that holds `target` (every line, for a
    /// target past the end).
    private mutating func scan(past target: Int) {
        // Every line is found once the last one's `lineIsASCII` is in.
        guard lineIsASCII.count < lineStarts.count else { return }
        var offset = scanned, ascii = scanningASCII
        let bytes = self.bytes
        bytes.withUnsafeBufferPointer { buffer in
            while offset < buffer.count {
                // Eight printable ASCII bytes hold no line end and keep the line ASCII.
                if offset + 8 <= buffer.count,
                   IBXMLText.isPlainASCII(UnsafeRawPointer(buffer.baseAddress! + offset).loadUnaligned(as: UInt64.self)) {
                    offset += 8
                    continue
                }
                let byte = buffer[offset]
                offset += 1
                if byte == 0x0A {
                    endLine(ascii: ascii, nextStart: offset)
                    ascii = true
                    if offset > target { break }
                } else if byte >= 0x80 {
                    ascii = false
                }
            }
        }
        (scanned, scanningASCII) = (offset, ascii)
        if offset >= bytes.count { endLine(ascii: ascii, nextStart: nil) }
    }

    private mutating func endLine(ascii: Bool, nextStart: Int?) {
        // The mark itself is not ASCII.
        lineIsASCII.append(ascii && !(lineIsASCII.isEmpty && lineStarts[0] == 3))
        if let nextStart { lineStarts.append(nextStart) }
    }

    /// Every line: what XMLParser reports is a line and column, anywhere.
    private mutating func scanAll() { scan(past: Int.max) }

    private func lineEnd(_ line: Int) -> Int {
        line < lineStarts.count ? lineStarts[line] : bytes.count
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Byte offset of the character at (line, column), clamped to the line.
    private mutating func offset(line: Int, column: Int) -> Int {
        let start = lineStarts[line - 1]
        let end = lineEnd(line)
        if lineIsASCII[line - 1] {
            let offset = min(start + column - 1, end)
            (cursorLine, cursorOffset, cursorColumn) = (line, offset, offset - start + 1)
            return offset
        }
        var offset = start
        var current = 1
        if cursorLine == line, cursorColumn <= column, cursorOffset >= start, cursorOffset <= end {
            offset = cursorOffset
            current = cursorColumn
        }
        while current < column, offset < end {
            offset += 1
            while offset < end, Self.isContinuation(bytes[offset]) { offset += 1 }
            current += 1
        }
        cursorLine = line
        cursorOffset = offset
        cursorColumn = current
        return offset
    }

    private func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low + 1
    }

    private func characters(from start: Int, to end: Int) -> Int {
        var count = 0
        var offset = start
        while offset < end {
            if !Self.isContinuation(bytes[offset]) { count += 1 }
            offset += 1
        }
        return count
    }

    /// The location of the `<` that starts the element XMLParser has just reported at (line, column).
    mutating func elementStart(line reportedLine: Int, column reportedColumn: Int) -> IBLocation {
        scanAll()
        let fallback = IBLocation(line: max(reportedLine, 1), column: max(reportedColumn, 1))
        guard !bytes.isEmpty, reportedLine >= 1, reportedLine <= lineStarts.count else { return fallback }
        let column = max(reportedColumn, 1)
        let reported = offset(line: reportedLine, column: column)
        var probe = min(reported, bytes.count) - 1
        while probe >= 0, bytes[probe] != 0x3C { probe -= 1 }
        guard probe >= 0 else { return fallback }
        let startLine = line(containing: probe)
        let lineStart = lineStarts[startLine - 1]
        if lineIsASCII[startLine - 1] { return IBLocation(line: startLine, column: probe - lineStart + 1) }
        if startLine == reportedLine, cursorOffset >= probe {
            let back = characters(from: probe, to: cursorOffset)
            return IBLocation(line: startLine, column: max(cursorColumn - back, 1))
        }
        return IBLocation(line: startLine, column: characters(from: lineStart, to: probe) + 1)
    }

    /// The location of the byte at `offset` (a `<` the plain reader found). Offsets must come
    /// in increasing order: the walk resumes where the last one ended.
    mutating func location(ofByte offset: Int) -> IBLocation {
        scan(past: offset)
        var line = forwardLine
        while line + 1 < lineStarts.count, lineStarts[line + 1] <= offset { line += 1 }
        let start = lineStarts[line]
        guard offset >= start else { return IBLocation(line: line + 1, column: 1) }  // inside the mark
        if lineIsASCII[line] {
            forwardLine = line
            return IBLocation(line: line + 1, column: offset - start + 1)
        }
        if line != forwardLine || forwardOffset < start || forwardOffset > offset {
            (forwardOffset, forwardColumn) = (start, 1)
        }
        forwardColumn += characters(from: forwardOffset, to: offset)
        (forwardLine, forwardOffset) = (line, offset)
        return IBLocation(line: line + 1, column: forwardColumn)
    }

    /// The length in bytes from (line, column) to the next `>`: how long the tag, attribute
    /// value or comment that the parser stopped in is (at least).
    mutating func markupLength(line: Int, column: Int) -> Int {
        scanAll()
        guard line >= 1, line <= lineStarts.count else { return 0 }
        let start = offset(line: line, column: max(column, 1))
        var end = start
        while end < bytes.count, bytes[end] != 0x3E { end += 1 }
        return end - start
    }

    struct EntityDeclaration {
        var name: String
        var reference: String
        var location: IBLocation
    }

    /// `<!ENTITY name SYSTEM "…">` and `<!ENTITY name PUBLIC "…" "…">` declarations in the
    /// document type declaration, which comes before the root element.
    mutating func externalEntityDeclarations() -> [EntityDeclaration] {
        scanAll()
        let doctype = Array("<!DOCTYPE".utf8), entity = Array("<!ENTITY".utf8)
        func matches(_ word: [UInt8], at i: Int) -> Bool {
            i + word.count <= bytes.count && bytes[i..<(i + word.count)].elementsEqual(word)
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        // The prolog ends at the first '<' that starts neither a declaration nor an instruction.
        var i = 0
        var inDoctype = false
        var found: [EntityDeclaration] = []
        while i < bytes.count {
            guard bytes[i] == 0x3C else { i += 1; continue }
            if matches(doctype, at: i) {
                inDoctype = true
                i += doctype.count
                continue
            }
            if inDoctype, matches(entity, at: i) {
                let start = i
                var j = i + entity.count
                var words: [String] = []
                // Name (after an optional '%'), keyword, literal: enough to tell an external one.
                while words.count < 3, j < bytes.count, bytes[j] != 0x3E {
                    while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                    guard j < bytes.count, bytes[j] != 0x3E else { break }
                    let begin = j
                    if bytes[j] == 0x22 || bytes[j] == 0x27 {
                        let quote = bytes[j]
                        j += 1
                        while j < bytes.count, bytes[j] != quote { j += 1 }
                        j = min(j + 1, bytes.count)
                    } else {
                        while j < bytes.count, !isSpace(bytes[j]), bytes[j] != 0x3E { j += 1 }
                    }
                    let word = String(decoding: bytes[begin..<j], as: UTF8.self)
                    if word != "%" { words.append(word) }
                }
                if words.count == 3, words[1] == "SYSTEM" || words[1] == "PUBLIC" {
                    let line = self.line(containing: start)
                    let column = characters(from: lineStarts[line - 1], to: start) + 1
                    found.append(EntityDeclaration(name: words[0], reference: words[1] + " " + words[2],
                                                   location: IBLocation(line: line, column: column)))
                }
                i = j
                continue
            }
            let next = i + 1 < bytes.count ? bytes[i + 1] : 0
            if next != 0x21 && next != 0x3F { break }  // the root element: the prolog is over
            i += 1
        }
        return found
    }
}
