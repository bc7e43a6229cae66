/// A message about a script, collected as a value and printed at the end, so that one
/// run reports every error in a file rather than only the first.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Sendable { case error, warning, note }

    public var severity: Severity
    public var message: String
    public var range: SourceRange
    /// Further lines printed after the caret, each as `note: …` (a suggestion, the place of an earlier declaration).
    public var notes: [String]

    public init(_ severity: Severity, _ message: String, at range: SourceRange, notes: [String] = []) {
        self.severity = severity; self.message = message; self.range = range; self.notes = notes
    }
    public static func error(_ message: String, at range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: range, notes: notes)
    }
    public static func warning(_ message: String, at range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: range, notes: notes)
    }
}

/// Prints diagnostics as the Swift compiler does:
/// `path:line:col: error: message`, the source line, then a caret under the range.
public enum DiagnosticFormatter {
    /// The most errors printed by default, as clang's `-ferror-limit`.
    public static let defaultErrorLimit = 20
    /// A source line longer than this (in bytes) is echoed as a window around the caret.
    public static let maxEchoedLine = 200
    /// How much of a long line is shown before the caret.
    static let windowBefore = 60

    public static func format(_ d: Diagnostic, in file: SourceFile) -> String {
        let loc = file.location(of: d.range.start)
        var out = "\(file.path):\(loc.line):\(loc.column): \(d.severity.rawValue): \(visible(d.message))\n"
        let line = Array(lineBytes(loc.line, in: file))
        let endLoc = file.location(of: max(d.range.start, d.range.end - 1))
        let caret = min(loc.column - 1, line.count)
        let caretEnd = endLoc.line == loc.line ? max(caret + 1, endLoc.column) : caret + 1
        // A long line is shown as a window around the caret, with "..." where it is cut.
        var from = 0, to = line.count
        if line.count > maxEchoedLine {
            from = max(0, caret - windowBefore)
            while from > 0, from < line.count, line[from] & 0xC0 == 0x80 { from -= 1 }
            to = min(line.count, from + maxEchoedLine)
            while to < line.count, to > from, line[to] & 0xC0 == 0x80 { to -= 1 }
        }
        let (text, widths) = echo(line[from..<to])
        out += (from > 0 ? "..." : "") + text + (to < line.count ? "..." : "") + "\n"
        // Keep tabs so the caret lines up under tab-indented source.
        var pad = from > 0 ? "   " : ""
        for (i, b) in line[from..<min(caret, to)].enumerated() {
            pad += b == UInt8(ascii: "\t") ? "\t" : String(repeating: " ", count: widths[i])
        }
        // Under the range: each byte's printed width; past the end of the line (the line
        // break) one column each; nothing past a cut.
        var width = 0
        for at in caret..<caretEnd {
            if at < to { width += widths[at - from] } else if to == line.count { width += 1 } else { break }
        }
        out += pad + "^" + String(repeating: "~", count: max(1, width) - 1) + "\n"
        for n in d.notes { out += "note: \(visible(n))\n" }
        return out
    }

    /// The bytes of a 1-based line, without its line break.
    static func lineBytes(_ line: Int, in file: SourceFile) -> ArraySlice<UInt8> {
        guard line >= 1, line <= file.lineStarts.count else { return [] }
        let start = file.lineStarts[line - 1]
        var end = line < file.lineStarts.count ? file.lineStarts[line] - 1 : file.bytes.count
        if end > start, end <= file.bytes.count, file.bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return file.bytes[start..<max(start, end)]
    }

    /// The line as it is printed, and the printed width of each byte: control characters and
    /// bytes that are not UTF-8 are escaped (`\u{1B}`, `\xFF`), so that no raw binary or
    /// terminal escape reaches the screen. Other characters print as they are, one column per
    /// byte, as columns are counted.
    static func echo(_ bytes: ArraySlice<UInt8>) -> (String, [Int]) {
        var out = ""
        var widths: [Int] = []
        widths.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b < 0x80 {
                if b < 0x20 && b != 0x09 || b == 0x7F {
                    let e = escape(UInt32(b))
                    out += e
                    widths.append(e.count)
                } else {
                    out.unicodeScalars.append(Unicode.Scalar(b))
                    widths.append(1)
                }
                i += 1
                continue
            }
            var iterator = bytes[i...].makeIterator()
            var decoder = UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                let n = UTF8.width(scalar)
                if isInvisible(scalar) {
                    let e = escape(scalar.value)
                    out += e
                    widths.append(e.count)
                    widths.append(contentsOf: repeatElement(0, count: n - 1))
                } else {
                    out.unicodeScalars.append(scalar)
                    widths.append(contentsOf: repeatElement(1, count: n))
                }
                i += n
            } else {
                let hex = String(b, radix: 16, uppercase: true)
                let e = "\\x" + (hex.count < 2 ? "0" : "") + hex
                out += e
                widths.append(e.count)
                i += 1
            }
        }
        return (out, widths)
    }

    /// C0 and C1 controls, and characters that change how a terminal shows what follows.
    private static func isInvisible(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x80 && s.value < 0xA0) || s.value == 0x2028 || s.value == 0x2029
            || (s.value >= 0x202A && s.value <= 0x202E) || (s.value >= 0x2066 && s.value <= 0x2069)
    }

    private static func escape(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// A message or note with control characters escaped (a string literal may hold any).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F || isInvisible($0) })
        else { return text }
        var out = ""
        for s in text.unicodeScalars {
            if s.value < 0x20 && s != "\t" || s.value == 0x7F || isInvisible(s) { out += escape(s.value) } else { out.unicodeScalars.append(s) }
        }
        return out
    }

    /// Every diagnostic in source order (errors and warnings interleaved). After `errorLimit`
    /// errors (nil or 0: no limit), one line says the rest are not shown.
    public static func format(_ ds: [Diagnostic], in file: SourceFile, errorLimit: Int? = nil) -> String {
        let sorted = ds.sorted { ($0.range.start, $0.severity == .error ? 0 : 1) < ($1.range.start, $1.severity == .error ? 0 : 1) }
        var out = ""
        var errors = 0
        for d in sorted {
            if d.severity == .error {
                if let limit = errorLimit, limit > 0, errors == limit {
                    out += "error: too many errors; stopping (--error-limit \(limit))\n"
                    break
                }
                errors += 1
            }
            out += format(d, in: file)
        }
        return out
    }
}
