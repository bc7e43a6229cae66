/// Writes a scenario's trace as it is made: each line once, formatted when it is written,
/// never kept. A line shows its script line number when that changes, then its text indented
/// by its depth (statements at 0, their events at 1, a dealloc cascade one more per frame).
final class TraceWriter {
    /// Indentation stops growing here: deeper lines show their depth as a number instead, so
    /// the trace of a cascade a million objects deep grows with its events, not their square.
    static let maxIndent = 8

    private let out: TextOutput
    private var lastLine = -1
    private static let indents: [String] = (0...maxIndent).map { String(repeating: "  ", count: $0) }

    init(_ out: TextOutput) { self.out = out }

    func write(line: Int, depth: Int, _ text: String) {
        var s: String
        if line == lastLine {
            s = "       "
        } else {
            lastLine = line
            let number = String(line)
            s = number.count < 5 ? String(repeating: " ", count: 5 - number.count) + number + "  " : number + "  "
        }
        if depth <= TraceWriter.maxIndent {
            s += TraceWriter.indents[max(0, depth)]
        } else {
            s += TraceWriter.indents[TraceWriter.maxIndent] + "[depth \(depth)] "
        }
        s += text
        s += "\n"
        out.write(s)
    }
}
