import Foundation

// A reader of binary property lists (`bplist00`), the form of a compiled nib's
// `keyedobjects.nib`, written here rather than taken from PropertyListSerialization: on Linux,
// swift-corelibs-foundation's binary reader follows a damaged file's offsets and lengths
// without checking them all, and reads outside the file (a crash, at random, on a damaged
// nib). Every offset, count and reference here is checked against the file before it is
// used; a shared object is decoded once (so a file whose objects share each other cannot
// make the work grow exponentially), and an object that contains itself is refused.
//
// The format (Apple's CFBinaryPList.c): "bplist00", the objects, an offset table, and a
// 32-byte trailer giving the offsets' width, the references' width, the count of objects,
// the top object and where the offset table begins. An object starts with a marker byte: the
// high four bits its type, the low four a size or, when 0xF, an integer object holding it.

enum IBBinaryPropertyList {
    enum Failure: Error, Equatable {
        case malformed
        /// Values nest deeper than the reader walks (or an object contains itself).
        case tooDeep
    }

    /// Decodes `bytes`: the top object, the root at depth 0.
    static func decode(_ bytes: [UInt8], maxDepth: Int) -> Result<IBKeyedValue, Failure> {
        var reader = Reader(bytes: bytes, maxDepth: maxDepth)
        if let value = reader.top() { return .success(value) }
        return .failure(reader.tooDeep ? .tooDeep : .malformed)
    }

    /// The top object, or nil when the file is no well-formed binary property list or nests
    /// deeper than `maxDepth`.
    static func read(_ bytes: [UInt8], maxDepth: Int) -> IBKeyedValue? {
        try? decode(bytes, maxDepth: maxDepth).get()
    }

    private struct Reader {
        let bytes: [UInt8]
        let maxDepth: Int
        var offsetSize = 0
        var refSize = 0
        var count = 0
        var tableStart = 0
        /// Objects decoded so far, by number; a shared object is decoded once.
        var done: [Int: IBKeyedValue] = [:]
        /// Objects being decoded: met again, the file is a cycle.
        var open: Set<Int> = []
        var tooDeep = false

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        mutating func top() -> IBKeyedValue? {
            guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
            let t = bytes.count - 32
            offsetSize = Int(bytes[t + 6])
            refSize = Int(bytes[t + 7])
            guard (1...8).contains(offsetSize), (1...8).contains(refSize),
                  let objects = bigEndian(at: t + 8, size: 8),
                  let topObject = bigEndian(at: t + 16, size: 8),
                  let table = bigEndian(at: t + 24, size: 8),
                  objects > 0, objects <= t, topObject < objects,
                  table >= 8, table <= t, objects <= (t - table) / offsetSize else { return nil }
            count = objects
            tableStart = table
            return object(topObject, depth: 0)
        }

        /// An unsigned big-endian number of `size` bytes at `at`, if the file holds it and it
        /// fits an `Int`.
        func bigEndian(at: Int, size: Int) -> Int? {
            guard at >= 0, size >= 0, size <= 8, at <= bytes.count - size else { return nil }
            var n: UInt64 = 0
            for i in 0..<size { n = n << 8 | UInt64(bytes[at + i]) }
            return n <= UInt64(Int.max) ? Int(n) : nil
        }

        func offset(of n: Int) -> Int? {
            guard n >= 0, n < count, let o = bigEndian(at: tableStart + n * offsetSize, size: offsetSize),
                  o >= 8, o < tableStart else { return nil }
            return o
        }

        /// The number of object references (or bytes, or characters) after a marker whose low
        /// bits are `low`, and where they begin.
        func length(low: Int, after at: Int) -> (Int, Int)? {
            guard low == 0xF else { return (low, at) }
            guard at < bytes.count, bytes[at] >> 4 == 0x1 else { return nil }
            let size = 1 << Int(bytes[at] & 0xF)
            guard size <= 8, let n = bigEndian(at: at + 1, size: size) else { return nil }
            return (n, at + 1 + size)
        }

        func references(_ n: Int, at: Int) -> [Int]? {
            guard n >= 0, n <= (bytes.count - at) / refSize else { return nil }
            var out: [Int] = []
            out.reserveCapacity(n)
            for i in 0..<n {
                guard let r = bigEndian(at: at + i * refSize, size: refSize) else { return nil }
                out.append(r)
            }
            return out
        }

        mutating func object(_ n: Int, depth: Int) -> IBKeyedValue? {
            if let value = done[n] { return value }
            guard depth < maxDepth, !open.contains(n) else { tooDeep = true; return nil }
            guard let at = offset(of: n) else { return nil }
            open.insert(n)
            defer { open.remove(n) }
            guard let value = decode(at: at, depth: depth) else { return nil }
            done[n] = value
            return value
        }

        mutating func decode(at: Int, depth: Int) -> IBKeyedValue? {
            let marker = bytes[at]
            let type = Int(marker >> 4), low = Int(marker & 0xF)
            switch type {
            case 0x0:
                switch low {
                case 0x0: return .null
                case 0x8: return .bool(false)
                case 0x9: return .bool(true)
                default: return nil
                }
            case 0x1:
                let size = 1 << low
                if size == 16 {   // a 128-bit integer: its low 64 bits, as CF reads it
                    guard let n = bigEndian(at: at + 9, size: 8) else { return nil }
                    return .integer(n)
                }
                guard size <= 8, at + 1 + size <= bytes.count else { return nil }
                var n: UInt64 = 0
                for i in 0..<size { n = n << 8 | UInt64(bytes[at + 1 + i]) }
                // Eight bytes are signed; fewer are unsigned.
                return .integer(size == 8 ? Int(Int64(bitPattern: n)) : Int(n))
            case 0x2:
                let size = 1 << low
                guard size == 4 || size == 8, at + 1 + size <= bytes.count else { return nil }
                var n: UInt64 = 0
                for i in 0..<size { n = n << 8 | UInt64(bytes[at + 1 + i]) }
                return .real(size == 4 ? Double(Float(bitPattern: UInt32(n))) : Double(bitPattern: n))
            case 0x3:
                guard at + 9 <= bytes.count else { return nil }
                return .null   // a date: nothing a nib's model reads
            case 0x4:
                guard let (n, start) = length(low: low, after: at + 1), n <= bytes.count - start else { return nil }
                return .data(n)
            case 0x5:
                guard let (n, start) = length(low: low, after: at + 1), n <= bytes.count - start else { return nil }
                return .string(String(decoding: bytes[start..<start + n], as: UTF8.self))
            case 0x6:
                guard let (n, start) = length(low: low, after: at + 1), n <= (bytes.count - start) / 2 else { return nil }
                var units: [UInt16] = []
                units.reserveCapacity(n)
                for i in 0..<n { units.append(UInt16(bytes[start + 2 * i]) << 8 | UInt16(bytes[start + 2 * i + 1])) }
                return .string(String(decoding: units, as: UTF16.self))
            case 0x8:
                guard let n = bigEndian(at: at + 1, size: low + 1), n <= Int(UInt32.max) else { return nil }
                return .uid(n)
            case 0xA, 0xC:
                guard let (n, start) = length(low: low, after: at + 1), let refs = references(n, at: start) else { return nil }
                var out: [IBKeyedValue] = []
                out.reserveCapacity(n)
                for r in refs {
                    guard let member = object(r, depth: depth + 1) else { return nil }
                    out.append(member)
                }
                return .array(out)
            case 0xD:
                guard let (n, start) = length(low: low, after: at + 1), n <= Int.max / 2,
                      let refs = references(2 * n, at: start) else { return nil }
                var entries: [(String, IBKeyedValue)] = []
                entries.reserveCapacity(n)
                for i in 0..<n {
                    guard case .string(let key)? = object(refs[i], depth: depth + 1),
                          let value = object(refs[n + i], depth: depth + 1) else { return nil }
                    entries.append((key, value))
                }
                // The XML form's UID: a dictionary whose only key is `CF$UID`.
                if entries.count == 1, entries[0].0 == "CF$UID", case .integer(let u) = entries[0].1,
                   u >= 0, u <= Int(UInt32.max) { return .uid(u) }
                return .dictionary(entries.sorted { $0.0 < $1.0 })
            default:
                return nil
            }
        }
    }
}
