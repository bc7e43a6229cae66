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

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // XMLParser does not count a UTF-8 byte order mark as a column.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { lineStarts = [3] }
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            lineStarts.append(offset + 1)
        }
    }

    private func lineEnd(_ line: Int) -> Int {
        line < lineStarts.count ? lineStarts[line] : bytes.count
    }

    private static func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Byte offset of the character at (line, column), clamped to the line.
    private mutating func offset(line: Int, column: Int) -> Int {
        let start = lineStarts[line - 1]
        let end = lineEnd(line)
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
        let fallback = IBLocation(line: max(reportedLine, 1), column: max(reportedColumn, 1))
        guard !bytes.isEmpty, reportedLine >= 1, reportedLine <= lineStarts.count else { return fallback }
        let column = max(reportedColumn, 1)
        let reported = offset(line: reportedLine, column: column)
        var probe = min(reported, bytes.count) - 1
        while probe >= 0, bytes[probe] != 0x3C { probe -= 1 }
        guard probe >= 0 else { return fallback }
        let startLine = line(containing: probe)
        let lineStart = lineStarts[startLine - 1]
        if startLine == reportedLine, cursorOffset >= probe {
            let back = characters(from: probe, to: cursorOffset)
            return IBLocation(line: startLine, column: max(cursorColumn - back, 1))
        }
        return IBLocation(line: startLine, column: characters(from: lineStart, to: probe) + 1)
    }
}
