#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A file's line table (`LineStarts`), made the first time a lookup needs it (issue 27,
/// item 5).
///
/// Why: making the table was 9.2 M of the 300 M instructions of `run --quiet` on b1's loop
/// (100,000 lines), whose output names three lines. Until the table is made, a lookup counts
/// the line breaks between its offset and a line it knows (the file's first, or the line a
/// run's hint holds), sixteen bytes at a time; once lookups have counted twice as many bytes
/// as the file has, the next one makes the table, so no pattern of lookups costs much more
/// than the table would have. A run's lookups in order (`SourceFile.line(of:hint:)`) step
/// from line to line by their breaks and rarely come here.
///
/// Copies of a `SourceFile` share one, possibly on several threads (explore's and audit's
/// workers): its state is behind a mutex. The table, once made, never changes.
final class LazyLineStarts: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var made: LineStarts?
    /// Bytes counted by lookups made without the table.
    private var counted = 0

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    var isMade: Bool { locked { made != nil } }

    /// The table of `bytes` (the file's own, always the same), made now if it was not.
    func table(of bytes: [UInt8]) -> LineStarts {
        locked { tableLocked(bytes) }
    }

    private func tableLocked(_ bytes: [UInt8]) -> LineStarts {
        if let t = made { return t }
        let t = LineStarts(bytes: bytes)
        made = t
        return t
    }

    /// Whether a count of `n` more bytes is within the budget (and counted), or the table
    /// should be made instead. Counting is about 0.3 instructions a byte, making the table
    /// about 6, so lookups may count twice the file before the table is made.
    private func mayCount(_ n: Int, of bytes: [UInt8]) -> Bool {
        guard made == nil, counted + n <= 2 * bytes.count else { return false }
        counted += n
        return true
    }

    /// The 0-based index of the line holding `offset` and its start, counting from line
    /// `known.index`, which starts at `known.start` (at or before `offset`; `(0, 0)` for the
    /// first line).
    func line(of offset: Int, after known: (index: Int, start: Int), in bytes: [UInt8]) -> (index: Int, start: Int) {
        let table: LineStarts? = locked { mayCount(offset - known.start, of: bytes) ? nil : tableLocked(bytes) }
        if let table { return table.line(of: offset) }
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, offset > known.start else { return known }
            let breaks = Self.countBreaks(base + known.start, offset - known.start)
            guard breaks > 0 else { return known }
            var start = offset
            while base[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            return (known.index + breaks, start)
        }
    }

    /// The number of lines from the one holding `offset` to the last.
    func linesLeft(from offset: Int, in bytes: [UInt8]) -> Int {
        let table: LineStarts? = locked { mayCount(bytes.count - offset, of: bytes) ? nil : tableLocked(bytes) }
        if let table { return table.count - table.line(of: offset).index }
        return bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, offset < b.count else { return 1 }
            return Self.countBreaks(base + offset, b.count - offset) + 1
        }
    }

    /// The line breaks among the `n` bytes at `p`, sixteen bytes at a time (a vector compare
    /// and subtract where the target has them): each lane counts up to 255 blocks before
    /// the lanes are added up.
    static func countBreaks(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let newline = SIMD16<UInt8>(repeating: UInt8(ascii: "\n"))
        var total = 0, i = 0
        while n - i >= 16 {
            var lanes = SIMD16<UInt8>()
            let stop = min(n - 15, i + 255 * 16)
            while i < stop {
                let v = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self)
                lanes &-= unsafeBitCast(v .== newline, to: SIMD16<UInt8>.self)
                i += 16
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        while i < n {
            if p[i] == UInt8(ascii: "\n") { total += 1 }
            i += 1
        }
        return total
    }
}
