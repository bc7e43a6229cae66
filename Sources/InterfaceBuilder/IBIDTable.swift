/// The ids of a document and what the scanner knows of each, found by the id's bytes.
///
/// A Dictionary of a million String ids scattered them with a seeded hash, so at a million
/// objects every insert was a cache miss (the largest thing that grew faster than the
/// document). Here, as in the script's name table (`NameHash` in NibScriptSyntax), ids that
/// differ only in their last byte start their probe in the same block of sixteen slots, at
/// that byte's low four bits: Xcode's random ids lose nothing, and numbered ids in document
/// order (`n120` … `n129`) share a block.
struct IBIDTable<Value> {
    /// A slot: the high half of the id's hash and its index + 1 (0: empty). Linear probing;
    /// the count is a power of two, at least twice the ids.
    private var slots = [UInt64](repeating: 0, count: 64)
    private(set) var keys: [String] = []
    private(set) var values: [Value] = []

    var count: Int { keys.count }

    /// Room for `count` ids in all, so that adding them never rehashes.
    mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        var target = slots.count
        while count * 2 > target { target *= 2 }
        if target > slots.count { rehash(to: target) }
    }

    /// The index of `key`, if it is in the table.
    func index(of key: String) -> Int? {
        let (hash, home) = Self.hash(key)
        let mask = slots.count - 1
        var i = home & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            let index = Int(UInt32(truncatingIfNeeded: slot)) - 1
            if slot >> 32 == hash >> 32 && keys[index] == key { return index }
            i = (i + 1) & mask
        }
    }

    subscript(key: String) -> Value? { index(of: key).map { values[$0] } }

    /// Adds `key` with `value` unless it is there already: one probe either way. Returns its
    /// index and whether it was added.
    mutating func insert(_ key: String, _ value: Value) -> (index: Int, inserted: Bool) {
        let (hash, home) = Self.hash(key)
        let mask = slots.count - 1
        var i = home & mask
        while true {
            let slot = slots[i]
            if slot == 0 { break }
            let index = Int(UInt32(truncatingIfNeeded: slot)) - 1
            if slot >> 32 == hash >> 32 && keys[index] == key { return (index, false) }
            i = (i + 1) & mask
        }
        let index = keys.count
        slots[i] = (hash >> 32) << 32 | UInt64(UInt32(index + 1))
        keys.append(key)
        values.append(value)
        if keys.count * 2 > slots.count { rehash(to: slots.count * 2) }
        return (index, true)
    }

    subscript(index index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }

    private mutating func rehash(to count: Int) {
        let mask = count - 1
        var new = [UInt64](repeating: 0, count: count)
        for index in keys.indices {
            let (hash, home) = Self.hash(keys[index])
            var i = home & mask
            while new[i] != 0 { i = (i + 1) & mask }
            new[i] = (hash >> 32) << 32 | UInt64(UInt32(index + 1))
        }
        slots = new
    }

    /// FNV-1a over the bytes with a final mix; the probe starts in the block of every byte
    /// but the last, at the last byte's place in it.
    private static func hash(_ key: String) -> (hash: UInt64, home: Int) {
        var key = key
        return key.withUTF8 { bytes in
            var state: UInt64 = 0xcbf2_9ce4_8422_2325
            var previous = state
            var last: UInt8 = 0
            for b in bytes {
                previous = state
                last = b
                state = (state ^ UInt64(b)) &* 0x100_0000_01b3
            }
            func finish(_ h: UInt64) -> UInt64 { h ^ (h >> 29) }
            return (finish(state), Int(truncatingIfNeeded: (finish(previous) & ~15) | UInt64(last & 15)))
        }
    }
}
