import NibScriptSyntax

/// LSP counts a position as a 0-based line and a character offset in UTF-16 code units;
/// the syntax layer counts UTF-8 bytes from the start of the file. These convert between
/// them over the file's line table, decoding only the one line asked about. A byte that is
/// not UTF-8 counts as one unit, as the editor shows it as one replacement character.
struct Position: Equatable, Comparable {
    var line: Int
    var character: Int

    static func < (a: Position, b: Position) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSON { ["line": JSON(line), "character": JSON(character)] }

    init(line: Int, character: Int) { self.line = line; self.character = character }

    init?(_ json: JSON?) {
        guard let l = json?["line"]?.int, let c = json?["character"]?.int, l >= 0, c >= 0 else { return nil }
        line = l; character = c
    }
}

extension SourceFile {
    /// The LSP position of a byte offset.
    func position(of offset: Int) -> Position {
        let loc = location(of: offset)
        let start = lineStarts[loc.line - 1]
        return Position(line: loc.line - 1, character: utf16Count(bytes[start..<loc.offset]))
    }

    /// The byte offset of an LSP position: clamped to its line's end (before the line break),
    /// and to the file's end past the last line.
    func offset(of p: Position) -> Int {
        guard p.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[p.line]
        var end = p.line + 1 < lineStarts.count ? lineStarts[p.line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        var at = start, units = 0
        while at < end, units < p.character {
            let (width, u) = scalarWidth(at, end)
            if units + u > p.character { break }
            units += u
            at += width
        }
        return at
    }

    /// An LSP range for a byte range.
    func lspRange(_ r: SourceRange) -> JSON {
        ["start": position(of: r.start).json, "end": position(of: max(r.start, r.end)).json]
    }

    private func utf16Count(_ slice: ArraySlice<UInt8>) -> Int {
        var at = slice.startIndex, units = 0
        while at < slice.endIndex {
            let (width, u) = scalarWidth(at, slice.endIndex)
            units += u
            at += width
        }
        return units
    }

    /// The bytes of the UTF-8 scalar at `at` (1 for a byte that starts none) and its UTF-16 units.
    private func scalarWidth(_ at: Int, _ end: Int) -> (bytes: Int, units: Int) {
        let b = bytes[at]
        let n = b < 0x80 ? 1 : b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 && b < 0xF0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 1
        guard n > 1, at + n <= end, bytes[at + 1..<at + n].allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (1, 1) }
        return (n, n == 4 ? 2 : 1)
    }
}
