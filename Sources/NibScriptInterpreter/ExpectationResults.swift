import NibScriptSyntax

/// A run's expectation results, kept compactly (issue 27, item 4): a result that passed or
/// failed with nothing more to say than its line and its own text (the expectation's words
/// in the script) is 16 bytes, its text read from the script's bytes when asked; any other
/// (a detail, an observed count, a text of its own) is kept whole beside. A scenario that
/// crashed early and went on checking a hundred thousand `expect nil x.peer` lines kept a
/// whole result of about 110 bytes for each, with its text, at the peak of the run.
/// Read as a random-access collection of `ExpectationResult`, in the order they were added
/// (or sorted by line).
package struct ExpectationResults: RandomAccessCollection {
    /// `text` is the script's bytes `start..<end` (after "expect " when `prefixed`); a
    /// whole result is `whole[start]`.
    struct Record {
        var line: Int32
        var start: Int32
        var end: Int32
        var flags: UInt8
        static let passed: UInt8 = 1, prefixed: UInt8 = 2, whole: UInt8 = 4
    }
    private var records: [Record] = []
    private var whole: [ExpectationResult] = []
    /// The script's bytes, which the compact records' texts are read from.
    private let bytes: [UInt8]

    package init(bytes: [UInt8] = []) { self.bytes = bytes }

    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count }

    package subscript(i: Int) -> ExpectationResult {
        let r = records[i]
        if r.flags & Record.whole != 0 { return whole[Int(r.start)] }
        let lo = Swift.max(0, Swift.min(Int(r.start), bytes.count)), hi = Swift.max(lo, Swift.min(Int(r.end), bytes.count))
        let t = String(decoding: bytes[lo..<hi], as: UTF8.self)
        return ExpectationResult(line: Int(r.line), text: r.flags & Record.prefixed != 0 ? "expect " + t : t,
                                 passed: r.flags & Record.passed != 0, detail: nil)
    }

    /// Whether result `i` passed, and its line, without making its text.
    package func passed(_ i: Int) -> Bool { records[i].flags & Record.passed != 0 }
    package func line(_ i: Int) -> Int { Int(records[i].line) }

    package var passedCount: Int { records.reduce(0) { $0 + Int($1.flags & Record.passed) } }

    package mutating func append(_ r: ExpectationResult) {
        records.append(Record(line: Int32(truncatingIfNeeded: r.line), start: Int32(whole.count), end: 0,
                              flags: Record.whole | (r.passed ? Record.passed : 0)))
        whole.append(r)
    }

    /// A result whose text is the script's bytes of `range` (after "expect " when
    /// `prefixed`), with no detail and no observed count.
    package mutating func append(line: Int, passed: Bool, text range: SourceRange, prefixed: Bool) {
        guard line <= Int(Int32.max), range.end <= bytes.count else {
            let t = String(decoding: bytes[Swift.min(range.start, bytes.count)..<Swift.min(range.end, bytes.count)], as: UTF8.self)
            return append(ExpectationResult(line: line, text: prefixed ? "expect " + t : t, passed: passed, detail: nil))
        }
        records.append(Record(line: Int32(line), start: Int32(range.start), end: Int32(range.end),
                              flags: (passed ? Record.passed : 0) | (prefixed ? Record.prefixed : 0)))
    }

    /// Sorts by line as `[ExpectationResult].sort { $0.line < $1.line }` does: the same
    /// comparisons in the same algorithm, so results of one line keep the same order.
    package mutating func sortByLine() {
        records.sort { $0.line < $1.line }
    }
}
