import FileBytes

/// Interface Builder diagnostics printed as a compiler prints them: `path:line:col: error: …`,
/// then the source line and a caret. A long line (a whole xib on one line) is shown as a window
/// around the caret, as script diagnostics are, and after `errorLimit` errors one line says the
/// rest are not shown: 1,000 duplicate ids on one 221 KB line printed the whole line each time.
public enum IBDiagnosticText {
    /// The most errors printed by default (the script's `DiagnosticFormatter.defaultErrorLimit`).
    public static let defaultErrorLimit = 20
    /// A source line longer than this (in bytes) is echoed as a window around the caret.
    public static let maxEchoedLine = 200
    /// How much of a long line is shown before the caret.
    static let windowBefore = 60

    /// One text per diagnostic shown (errors and warnings in file order, each ending in a line
    /// break), then "too many errors" past `errorLimit` (0: no limit). The source lines are read
    /// again from `sourcePath` (a regular file within FileBytes' limit; none are shown when it
    /// cannot be read); `shownPath` names the file in the text.
    public static func format(_ failure: IBReadFailure, sourcePath: String, shownPath: String? = nil,
                              errorLimit: Int = defaultErrorLimit) -> [String] {
        var shown: [IBDiagnostic] = []
        var errors = 0
        var truncated = false
        for d in failure.diagnostics {
            if d.severity == .error {
                if errorLimit > 0, errors == errorLimit { truncated = true; break }
                errors += 1
            }
            shown.append(d)
        }
        let wanted = Set(shown.compactMap { $0.location?.line })
        let lines = wanted.isEmpty ? [:] : sourceLines(wanted, path: sourcePath)
        var out = shown.map { d -> String in
            var diagnostic = d
            if let shownPath { diagnostic.path = shownPath }
            var text = visible(diagnostic.description) + "\n"
            if let location = d.location, let line = lines[location.line] {
                text += echo(line, column: location.column)
            }
            return text
        }
        if truncated {
            out.append("error: too many errors in \(shownPath ?? sourcePath); stopping after \(errorLimit) "
                       + "(\(failure.errors.count) in all)\n")
        }
        return out
    }

    /// The bytes of the wanted 1-based lines, without their line breaks, in one pass.
    static func sourceLines(_ wanted: Set<Int>, path: String) -> [Int: ArraySlice<UInt8>] {
        // A bundle folder's lines are its designable.nib's, as `IBReader.read(path:)` reads it.
        var file = path
        switch IBReader.classify(path: path) {
        case .nibBundleDesignable(let designable): file = designable
        // A compiled nib is a property list (binary, or XML no one wrote by hand): no lines to show.
        case .compiledArchive, .compiledNib: return [:]
        default: break
        }
        guard case .success(let bytes) = FileBytes.read(atPath: file), let last = wanted.max() else { return [:] }
        var out: [Int: ArraySlice<UInt8>] = [:]
        var line = 1, start = 0
        var i = 0
        while i <= bytes.count, line <= last {
            if i == bytes.count || bytes[i] == 0x0A {
                var end = i
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                if wanted.contains(line) { out[line] = bytes[start..<end] }
                line += 1
                start = i + 1
            }
            i += 1
        }
        return out
    }

    /// The line (or a window of it around the caret, with "..." where cut) and a caret under
    /// `column`, counted in bytes; control characters are shown as "?", so that nothing in a
    /// file reaches the terminal as a control sequence.
    static func echo(_ line: ArraySlice<UInt8>, column: Int) -> String {
        let bytes = Array(line)
        let caret = max(0, min(column - 1, bytes.count))
        var from = 0, to = bytes.count
        if bytes.count > maxEchoedLine {
            from = max(0, caret - windowBefore)
            while from > 0, from < bytes.count, bytes[from] & 0xC0 == 0x80 { from -= 1 }
            to = min(bytes.count, from + maxEchoedLine)
            while to < bytes.count, to > from, bytes[to] & 0xC0 == 0x80 { to -= 1 }
        }
        let text = visible(String(decoding: bytes[from..<to], as: UTF8.self))
        var out = (from > 0 ? "..." : "") + text + (to < bytes.count ? "..." : "") + "\n"
        var pad = from > 0 ? "   " : ""
        for b in bytes[from..<min(caret, to)] where b & 0xC0 != 0x80 {
            pad += b == 0x09 ? "\t" : " "
        }
        out += pad + "^\n"
        return out
    }

    /// Control characters (but tab) replaced by "?".
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s.value != 0x09) || (s.value >= 0x7F && s.value < 0xA0)
    }
}
