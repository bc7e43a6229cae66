/// A 64-bit hash that is the same in every process and on every machine (Swift's `Hasher`
/// is seeded per process), and cheap: one multiply per word. `explore` keys its search
/// nodes with it, so runs on different machines (`--shard`) name the same state alike.
public struct StableHash {
    public private(set) var state: UInt64 = 0x243F_6A88_85A3_08D3

    public init() {}

    @inline(__always) public mutating func combine(_ x: Int) {
        state = ((state ^ UInt64(bitPattern: Int64(x))) &* 0x9E37_79B9_7F4A_7C15)
        state = (state << 27) | (state >> 37)
    }
    @inline(__always) public mutating func combine(_ x: Int32) { combine(Int(x)) }
    public mutating func combine(_ s: String) {
        // The bytes in place (a native or small string's own storage), not through the UTF-8
        // view's iterator, which cost several times the hashing: nibs bind names and KVC keys
        // at every load, and explore digests each binding. Read without copying the string
        // into a `var` first (`withUTF8` needs one), which retained and released it each time.
        if let n = s.utf8.withContiguousStorageIfAvailable({ bytes -> Int in
            for b in bytes { combine(Int(b)) }
            return bytes.count
        }) {
            combine(n)
            return
        }
        var s = s
        let n = s.withUTF8 { bytes -> Int in
            for b in bytes { combine(Int(b)) }
            return bytes.count
        }
        combine(n)
    }

    /// The finished value, well mixed (splitmix64's finalizer).
    public var value: UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The hash of one entry of an unordered collection: add these up (wrapping) to hash a
    /// set or dictionary without sorting it.
    public static func entry(_ body: (inout StableHash) -> Void) -> UInt64 {
        var h = StableHash()
        body(&h)
        return h.value
    }
}
