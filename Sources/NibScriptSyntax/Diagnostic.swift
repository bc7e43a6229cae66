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
    public static func format(_ d: Diagnostic, in file: SourceFile) -> String {
        let loc = file.location(of: d.range.start)
        var out = "\(file.path):\(loc.line):\(loc.column): \(d.severity.rawValue): \(d.message)\n"
        let line = file.lineText(loc.line)
        out += line + "\n"
        // Keep tabs so the caret lines up under tab-indented source.
        var pad = ""
        for ch in line.utf8.prefix(loc.column - 1) { pad.append(ch == UInt8(ascii: "\t") ? "\t" : " ") }
        let endLoc = file.location(of: max(d.range.start, d.range.end - 1))
        let width = endLoc.line == loc.line ? max(1, endLoc.column - loc.column + 1) : 1
        out += pad + "^" + String(repeating: "~", count: width - 1) + "\n"
        for n in d.notes { out += "note: \(n)\n" }
        return out
    }

    /// Every diagnostic in source order (errors and warnings interleaved), then a count line.
    public static func format(_ ds: [Diagnostic], in file: SourceFile) -> String {
        ds.sorted { ($0.range.start, $0.severity == .error ? 0 : 1) < ($1.range.start, $1.severity == .error ? 0 : 1) }
            .map { format($0, in: file) }.joined()
    }
}
