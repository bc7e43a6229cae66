#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import FileBytes

/// A script's text as UTF-8 bytes, with a line table so that byte offsets turn into
/// line and column numbers by binary search instead of rescanning the text.
///
/// The line table is made the first time a lookup needs it (`LazyLineStarts`), not when
/// the file is read: a run that prints no line (`run --quiet`) never makes it, and a lookup
/// near the start of a big file (a scenario's heading) counts the lines before it instead.
public struct SourceFile: Sendable {
    /// The path shown in diagnostics, exactly as the user gave it (never made absolute,
    /// so golden files do not depend on where the repository is checked out).
    public let path: String
    public let bytes: [UInt8]
    /// Made at the first lookup that needs it; copies of the file share it.
    private let lines: LazyLineStarts

    /// Byte offset of the first byte of each line.
    public var lineStarts: LineStarts { lines.table(of: bytes) }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lines = LazyLineStarts()
    }

    /// Whether the line table has been made (for tests: what a run makes).
    public var hasLineTable: Bool { lines.isMade }

    /// 1-based line and column (columns count UTF-8 bytes, as swift-syntax does).
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let (i, start) = lines.line(of: clamped, after: (0, 0), in: bytes)
        return SourceLocation(line: i + 1, column: clamped - start + 1, offset: clamped)
    }

    /// The lines from the one holding `offset` to the end of the file (1 at the last line):
    /// the most items a block starting there can have.
    public func linesLeft(from offset: Int) -> Int {
        lines.linesLeft(from: max(0, min(offset, bytes.count)), in: bytes)
    }

    /// The 1-based line of `offset`, searching from the line that the previous call left in
    /// `hint`: O(1) when offsets come in order, as a run's statements do. The next few lines
    /// are found by looking for their line breaks, so lookups in order need no line table.
    public func line(of offset: Int, hint: inout LineHint) -> Int {
        let o = max(0, min(offset, bytes.count))
        if o >= hint.start {
            if o < hint.end { return hint.index + 1 }
            // The next lines, a few at most: each step is a search for the next break.
            var steps = 0
            while steps < 8, hint.end <= o {
                hint.index += 1
                hint.start = hint.end
                hint.end = nextLineStart(after: hint.start)
                steps += 1
            }
            if o < hint.end { return hint.index + 1 }
        }
        // Farther on: the breaks counted from the hint's line; before it: from the start.
        let known = o >= hint.start && hint.index >= 0 ? (hint.index, hint.start) : (0, 0)
        let (i, start) = lines.line(of: o, after: known, in: bytes)
        hint = LineHint(index: i, start: start, end: nextLineStart(after: start))
        return i + 1
    }

    /// The start of the line after the one starting at `start`; `Int.max` for the last.
    private func nextLineStart(after start: Int) -> Int {
        bytes.withUnsafeBufferPointer { b in
            guard start < b.count, let base = b.baseAddress,
                  let hit = memchr(base + start, Int32(UInt8(ascii: "\n")), b.count - start) else { return Int.max }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base) + 1
        }
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, end <= bytes.count, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// The first line of `range`'s text without the spaces around it: how a trace shows a
    /// statement. Works on the bytes; only text with non-ASCII characters is decoded first.
    public func firstLineTrimmed(_ range: SourceRange) -> String {
        var lo = max(0, min(range.start, bytes.count))
        let hi = max(lo, min(range.end, bytes.count))
        var end = lo
        while end < hi, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        while lo < end, isSpace(bytes[lo]) { lo += 1 }
        while end > lo, isSpace(bytes[end - 1]) { end -= 1 }
        if bytes[lo..<end].contains(where: { $0 >= 0x80 }) {
            // Unicode spaces count as space too, as they do for `trimmingCharacters(in: .whitespaces)`.
            let text = String(decoding: bytes[lo..<end], as: UTF8.self)
            return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
        }
        return String(decoding: bytes[lo..<end], as: UTF8.self)
    }

    /// The bytes of the file at `path`, read straight into the array a SourceFile keeps (a
    /// `Data` in between would be one more copy of the whole script), or nil when it cannot
    /// be read.
    public static func readBytes(atPath path: String) -> [UInt8]? { FileBytes.contents(atPath: path) }

    public func text(_ range: SourceRange) -> String {
        let lo = max(0, min(range.start, bytes.count)), hi = max(lo, min(range.end, bytes.count))
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }
}

/// A point in a source file: 1-based line and column, plus the byte offset.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let offset: Int
    public init(line: Int, column: Int, offset: Int) {
        self.line = line; self.column = column; self.offset = offset
    }
    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }
    public var description: String { "\(line):\(column)" }
}

/// A half-open byte range in one source file. Every token, AST node and engine event
/// carries one, so that a trace line and a failed expectation can point back at the script.
/// Stored as two 32-bit offsets (files up to 2 GB), which keeps tokens and syntax nodes small.
public struct SourceRange: Hashable, Sendable {
    private var lo: Int32
    private var hi: Int32
    public var start: Int {
        get { Int(lo) }
        set { lo = Int32(clamping: newValue) }
    }
    public var end: Int {
        get { Int(hi) }
        set { hi = Int32(clamping: newValue) }
    }
    public init(start: Int, end: Int) {
        lo = Int32(clamping: start)
        hi = Int32(clamping: max(start, end))
    }
    public static let none = SourceRange(start: 0, end: 0)
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(start: min(start, other.start), end: max(end, other.end))
    }
    /// The two offsets in one word, the start in its low half (how a `Lexeme` keeps them).
    @inline(__always) init(packed: UInt64) {
        lo = Int32(truncatingIfNeeded: packed)
        hi = Int32(truncatingIfNeeded: packed >> 32)
    }
    @inline(__always) var packed: UInt64 { UInt64(UInt32(bitPattern: lo)) | UInt64(UInt32(bitPattern: hi)) << 32 }
}

/// Where the last `SourceFile.line(of:hint:)` found its line: the line's index, its start,
/// and the next line's start (`Int.max` for the last line).
public struct LineHint: Sendable, Equatable {
    @usableFromInline var index: Int
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    /// Before any lookup: an empty line before the first, so the first lookup steps on to
    /// the first line.
    public init() { index = -1; start = 0; end = 0 }
    @usableFromInline init(index: Int, start: Int, end: Int) { self.index = index; self.start = start; self.end = end }
}

/// The byte offsets where a file's lines start, kept compactly (issue 27, item 4): the
/// start of every 16th line in 32 bits, and each line's length in one byte (255 and more
/// in a sorted side table), so a line costs 1.25 bytes, not 4 (a 35 MB script of two
/// million lines kept 8 MB of starts, at the peak of its run). A start is a sample plus at
/// most 15 lengths; a line is found by binary search of the samples and at most 15 steps;
/// a run's lookups in order step from the line before (`SourceFile.line(of:hint:)`).
public struct LineStarts: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline static let shift = 4
    /// The start of lines 0, 16, 32…
    @usableFromInline let samples: [Int32]
    /// The length of every line but the last (the next line's start minus its own), or
    /// `UInt8.max` when it is 255 or more (or does not fit a byte): then in `long`.
    @usableFromInline let lengths: [UInt8]
    /// The lines whose length is not in `lengths`, by index (sorted), and their lengths.
    @usableFromInline let longIndices: [Int32]
    @usableFromInline let longLengths: [Int32]

    /// The starts of `bytes`' lines: 0, and each offset after a line break.
    init(bytes: [UInt8]) {
        // memchr finds each line break many bytes at a time: once to count them, so that
        // the tables are made at their size, then to fill them, the lengths written in
        // place (appending each, with its check of room and of a unique buffer, cost more
        // than finding the break).
        var samples: [Int32] = [0], longIndices: [Int32] = [], longLengths: [Int32] = []
        let lengths: [UInt8] = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            func eachBreak(_ body: (Int) -> Void) {
                var p = UnsafeRawPointer(base), left = buffer.count
                while left > 0, let hit = memchr(p, Int32(UInt8(ascii: "\n")), left) {
                    let next = UnsafeRawPointer(hit) + 1
                    body(next - UnsafeRawPointer(base))
                    left -= next - p
                    p = next
                }
            }
            var count = 0
            eachBreak { _ in count += 1 }
            samples.reserveCapacity(count >> LineStarts.shift + 1)
            return [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                var j = 0, last = 0
                eachBreak { start in
                    let length = start - last
                    if length >= 0, length < Int(UInt8.max) {
                        out[j] = UInt8(length)
                    } else {
                        out[j] = UInt8.max
                        longIndices.append(Int32(truncatingIfNeeded: j))
                        longLengths.append(Int32(truncatingIfNeeded: length))
                    }
                    j += 1
                    last = start
                    if j & (1 << LineStarts.shift - 1) == 0 { samples.append(Int32(truncatingIfNeeded: start)) }
                }
                initialized = j
            }
        }
        self.samples = samples; self.lengths = lengths; self.longIndices = longIndices; self.longLengths = longLengths
    }

    public init(arrayLiteral elements: Int...) {
        var b = Builder()
        b.reserve(elements.count)
        for (i, e) in elements.enumerated() where i > 0 { b.append(e) }
        self.init(b)
    }

    private init(_ b: Builder) {
        samples = b.samples; lengths = b.lengths; longIndices = b.longIndices; longLengths = b.longLengths
    }

    /// Builds the tables from the starts after the first (which is 0), in order.
    private struct Builder {
        var samples: [Int32] = [0]
        var lengths: [UInt8] = []
        var longIndices: [Int32] = []
        var longLengths: [Int32] = []
        var last = 0
        mutating func reserve(_ lines: Int) {
            lengths.reserveCapacity(lines)
            samples.reserveCapacity(lines >> LineStarts.shift + 1)
        }
        mutating func append(_ start: Int) {
            let length = start - last
            if length >= 0, length < Int(UInt8.max) {
                lengths.append(UInt8(length))
            } else {
                lengths.append(UInt8.max)
                longIndices.append(Int32(truncatingIfNeeded: lengths.count - 1))
                longLengths.append(Int32(truncatingIfNeeded: length))
            }
            last = start
            if lengths.count & (1 << LineStarts.shift - 1) == 0 { samples.append(Int32(truncatingIfNeeded: start)) }
        }
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { lengths.count + 1 }

    /// The length of line `i` (not the last).
    @inlinable @inline(__always) func length(_ i: Int) -> Int {
        let l = lengths[i]
        return l != UInt8.max ? Int(l) : longLength(i)
    }

    @usableFromInline func longLength(_ i: Int) -> Int {
        var lo = 0, hi = longIndices.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(longIndices[mid]) < i { lo = mid + 1 } else { hi = mid }
        }
        return Int(longLengths[lo])
    }

    @inlinable public subscript(i: Int) -> Int {
        precondition(i >= 0 && i < endIndex, "line index out of range")
        var p = Int(samples[i >> Self.shift])
        var j = i & ~(1 << Self.shift - 1)
        while j < i { p += length(j); j += 1 }
        return p
    }

    /// The start of the line after line `i`, which starts at `start`; `Int.max` for the last.
    @inlinable func end(ofLine i: Int, start: Int) -> Int {
        i < lengths.count ? start + length(i) : Int.max
    }

    /// The index of the line holding `offset` (its last line starting at or before it), and
    /// that line's start.
    @usableFromInline func line(of offset: Int) -> (index: Int, start: Int) {
        var lo = 0, hi = samples.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if Int(samples[mid]) <= offset { lo = mid } else { hi = mid - 1 }
        }
        var i = lo << Self.shift, p = Int(samples[lo])
        while i < lengths.count {
            let next = p + length(i)
            if next > offset { break }
            p = next
            i += 1
        }
        return (i, p)
    }
}
