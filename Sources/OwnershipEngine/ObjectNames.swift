/// An object's name as plain data: up to 15 bytes of UTF-8 inline, its length in the 16th
/// byte; a longer name is kept in `EngineState.longNames` and named by its index there.
///
/// Why: explore restores a snapshot of the engine for every variant, and the first alloc
/// after it copies the names. An array of `String`s is copied element by element, each one
/// retained, and released again when the variant's copy is freed at the next restore; an
/// array of these is copied as a block. Names are nearly always short (a variable, a nib
/// object), and read only when something is printed.
struct ObjectName: Equatable {
    /// The 16 bytes, in memory order: the name's bytes, then its length in byte 15 (`long`:
    /// the name is in `longNames`, at index `words.0`).
    private var words: (UInt64, UInt64)
    private static let long: UInt8 = 0xFF

    init(_ name: String, longNames: inout [String]) {
        // The bytes in place, copied as a block (iterating the UTF-8 view cost more than
        // all the copies this saves).
        let packed = name.utf8.withContiguousStorageIfAvailable(Self.pack) ?? Array(name.utf8).withUnsafeBufferPointer(Self.pack)
        if let packed {
            words = packed
        } else {
            longNames.append(name)
            words = (UInt64(longNames.count - 1), 0)
            withUnsafeMutableBytes(of: &words) { $0[15] = Self.long }
        }
    }

    /// Up to 15 bytes and their count as the 16 bytes; nil for more.
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64)? {
        guard bytes.count <= 15 else { return nil }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { w in
            if let base = bytes.baseAddress { w.copyMemory(from: UnsafeRawBufferPointer(start: base, count: bytes.count)) }
            w[15] = UInt8(bytes.count)
        }
        return words
    }

    static func == (a: ObjectName, b: ObjectName) -> Bool { a.words == b.words }

    /// A cache bucket for the name, of `size` (a power of two).
    @inline(__always) func bucket(_ size: Int) -> Int {
        Int(truncatingIfNeeded: ((words.0 ^ (words.1 &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9) >> 40) & (size - 1)
    }

    func string(longNames: [String]) -> String {
        withUnsafeBytes(of: words) { w in
            if w[15] == Self.long { return Int(words.0) < longNames.count ? longNames[Int(words.0)] : "" }
            return String(decoding: UnsafeRawBufferPointer(rebasing: w[0..<Int(w[15])]), as: UTF8.self)
        }
    }
}
