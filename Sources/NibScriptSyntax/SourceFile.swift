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
public struct SourceFile: Sendable {
    /// The path shown in diagnostics, exactly as the user gave it (never made absolute,
    /// so golden files do not depend on where the repository is checked out).
    public let path: String
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line.
    public let lineStarts: LineStarts

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        var starts: [Int32] = [0]
        // memchr finds each line break many bytes at a time: once to count them, so that the
        // table is made at its size (a million lines would otherwise copy it twenty times),
        // then to fill it.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
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
            starts.reserveCapacity(count + 1)
            eachBreak { starts.append(Int32(truncatingIfNeeded: $0)) }
        }
        self.lineStarts = LineStarts(starts)
    }

    /// 1-based line and column (columns count UTF-8 bytes, as swift-syntax does).
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= clamped { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + 1, column: clamped - lineStarts[lo] + 1, offset: clamped)
    }

    /// The 1-based line of `offset`, searching from the line index `hint` that the previous
    /// call left: O(1) when offsets come in order, as a run's statements do.
    public func line(of offset: Int, hint: inout Int) -> Int {
        let o = max(0, min(offset, bytes.count))
        var i = min(max(hint, 0), lineStarts.count - 1)
        if lineStarts[i] > o {
            i = location(of: o).line - 1
        } else {
            var steps = 0
            while i + 1 < lineStarts.count, lineStarts[i + 1] <= o {
                i += 1
                steps += 1
                if steps == 8 { i = location(of: o).line - 1; break }
            }
        }
        hint = i
        return i + 1
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

/// The byte offsets where a file's lines start, read as `Int`s and kept in 32 bits, as
/// `SourceRange` keeps offsets (a 50 MB script has nearly three million lines: 11 MB less).
public struct LineStarts: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    @usableFromInline let offsets: [Int32]
    init(_ offsets: [Int32]) { self.offsets = offsets }
    public init(arrayLiteral elements: Int...) { offsets = elements.map { Int32(truncatingIfNeeded: $0) } }
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { offsets.count }
    @inlinable public subscript(i: Int) -> Int { Int(offsets[i]) }
}
