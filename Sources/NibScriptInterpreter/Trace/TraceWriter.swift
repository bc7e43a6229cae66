import CocoaSimulator
/// Writes a scenario's trace as it is made: each line once, formatted when it is written,
/// never kept. A line shows its script line number when that changes, then its text indented
/// by its depth (statements at 0, their events at 1, a dealloc cascade one more per frame).
package final class TraceWriter {
    /// Indentation stops growing here: deeper lines show their depth as a number instead, so
    /// the trace of a cascade a million objects deep grows with its events, not their square.
    package static let maxIndent = 8

    private let out: TextOutput
    private var lastLine = -1
    /// The line being written, reused for every line so writing one allocates nothing.
    private var buffer = LineBuffer()
    /// An event's words, built by the run (reused too).
    var eventText = LineBuffer()

    package init(_ out: TextOutput) { self.out = out }

    package func write(line: Int, depth: Int, _ text: String) {
        prefix(line: line, depth: depth)
        buffer.append(text)
        finish()
    }

    /// Writes a line whose text was built in `text` (which is left empty).
    package func write(line: Int, depth: Int, _ text: inout LineBuffer) {
        prefix(line: line, depth: depth)
        buffer.append(text)
        text.removeAll()
        finish()
    }

    private func prefix(line: Int, depth: Int) {
        buffer.removeAll()
        if line == lastLine {
            buffer.appendSpaces(7)
        } else {
            lastLine = line
            buffer.appendSpaces(5 - LineBuffer.digits(line))
            buffer.append(line)
            buffer.appendSpaces(2)
        }
        buffer.appendSpaces(2 * min(max(0, depth), TraceWriter.maxIndent))
        if depth > TraceWriter.maxIndent {
            buffer.append("[depth ")
            buffer.append(depth)
            buffer.append("] ")
        }
    }

    private func finish() {
        buffer.append(UInt8(ascii: "\n"))
        buffer.withUnsafeBytes { out.write(utf8: $0) }
    }
}

/// UTF-8 text built by appending, without the intermediate strings of interpolation.
package struct LineBuffer {
    package private(set) var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(256) }

    package var count: Int { bytes.count }
    package mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    package mutating func append(_ s: String) {
        // A string's bytes in place, without copying the string first to make it contiguous.
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: s.utf8)
        }
    }

    package mutating func append(_ other: LineBuffer) { bytes.append(contentsOf: other.bytes) }

    package mutating func append<I: BinaryInteger>(_ n: I) {
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var v = UInt64(n.magnitude)  // the magnitude: negating the smallest value would trap
        if v < 10 { bytes.append(UInt8(ascii: "0") + UInt8(v)); return }
        // Digits from the last, into a small buffer on the stack, then one append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = digits.count
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            } while v > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i...]))
        }
    }

    package mutating func appendSpaces(_ n: Int) {
        if n > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) }
    }

    /// Drops trailing spaces.
    package mutating func trimTrailingSpaces() {
        while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
    }

    package func withUnsafeBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer(body)
    }

    package static func digits(_ n: Int) -> Int {
        var v = n.magnitude, d = 1
        while v >= 10 { v /= 10; d += 1 }
        return n < 0 ? d + 1 : d
    }
}
