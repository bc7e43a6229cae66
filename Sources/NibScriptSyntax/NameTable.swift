// Interned names. The lexer looks every identifier up here by its bytes, so a name that a
// script uses a million times is decoded into a String once, and every token of it carries
// the same small id. Keywords are interned first, in `Keyword` order, so the parser tells a
// keyword by comparing ids instead of building and comparing Strings.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One String and one dense id per distinct name of a file.
public struct NameTable: Sendable {
    /// The names by id.
    public private(set) var strings: [String] = []
    /// Every name's UTF-8 bytes, one after another: name `i` is `bytes[ends[i - 1]..<ends[i]]`.
    private var bytes: [UInt8] = []
    private var ends: [Int32] = []
    private var hashes: [UInt64] = []
    /// Open addressing with linear probing: an id, or -1 for an empty slot. The count is a
    /// power of two, at least twice the number of names.
    private var slots: [Int32] = Array(repeating: -1, count: 256)

    public init() {
        for k in Keyword.allCases {
            let utf8 = Array(k.text.utf8)
            let id = intern(utf8, 0..<utf8.count)
            assert(id == k.rawValue, "keywords are interned first, in order")
        }
    }

    public var count: Int { strings.count }

    public subscript(id: Int32) -> String { strings[Int(id)] }

    /// The id of `source[range]`, a name added if it is new.
    public mutating func intern(_ source: [UInt8], _ range: Range<Int>) -> Int32 {
        intern(source, range, hash: Self.hash(source, range))
    }

    /// The same, with the hash the lexer computed as it scanned the name
    /// (`finish(mix(mix(seed, b0), b1)…)`), so the bytes are read once for both.
    @inline(__always)
    mutating func intern(_ source: [UInt8], _ range: Range<Int>, hash: UInt64) -> Int32 {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let id = slots[i]
            if id < 0 { break }
            if hashes[Int(id)] == hash && equals(Int(id), source, range) { return id }
            i = (i + 1) & mask
        }
        let id = Int32(strings.count)
        slots[i] = id
        hashes.append(hash)
        bytes.append(contentsOf: source[range])
        ends.append(Int32(bytes.count))
        strings.append(String(decoding: source[range], as: UTF8.self))
        if strings.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `name` if it has been interned: a hash of its bytes (no SipHash, no
    /// allocation) and one String comparison, which for an interned name is a comparison of
    /// its 16 bytes (a short name is stored inline; a long one shares the table's storage).
    public func id(of name: String) -> Int32? {
        var h = Self.seed
        if let done: Void = name.utf8.withContiguousStorageIfAvailable({ for b in $0 { h = Self.mix(h, b) } }) {
            _ = done
        } else {
            for b in name.utf8 { h = Self.mix(h, b) }
        }
        let hash = Self.finish(h)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i] >= 0 {
            let id = Int(slots[i])
            if hashes[id] == hash && strings[id] == name { return Int32(id) }
            i = (i + 1) & mask
        }
        return nil
    }

    private func equals(_ id: Int, _ source: [UInt8], _ range: Range<Int>) -> Bool {
        let start = id == 0 ? 0 : Int(ends[id - 1]), end = Int(ends[id])
        guard end - start == range.count, range.lowerBound >= 0, range.upperBound <= source.count else { return false }
        return bytes.withUnsafeBufferPointer { mine in
            source.withUnsafeBufferPointer { theirs in
                memcmp(mine.baseAddress! + start, theirs.baseAddress! + range.lowerBound, range.count) == 0
            }
        }
    }

    private mutating func grow() {
        let count = slots.count * 2, mask = count - 1
        var new = [Int32](repeating: -1, count: count)
        for id in hashes.indices {
            var i = Int(truncatingIfNeeded: hashes[id]) & mask
            while new[i] >= 0 { i = (i + 1) & mask }
            new[i] = Int32(id)
        }
        slots = new
    }

    // FNV-1a over the bytes, with a final mix so that the low bits (the slot) depend on
    // every byte.
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325
    @inline(__always) static func mix(_ h: UInt64, _ b: UInt8) -> UInt64 { (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    @inline(__always) static func finish(_ h: UInt64) -> UInt64 { h ^ (h >> 29) }

    private static func hash(_ source: [UInt8], _ range: Range<Int>) -> UInt64 {
        var h = seed
        for i in range { h = mix(h, source[i]) }
        return finish(h)
    }
}

/// The words the parser recognises by id (see `NameTable`). Keywords are contextual: a
/// keyword's id only says which word a token is; the grammar decides what it means there.
public enum Keyword: Int32, CaseIterable, Sendable {
    // Statement verbs.
    case retain, release, autorelease, cfRelease, send, load, drain, watch, `super`, expect
    case autoreleasepool, choose, or, new, `nil`, autoreleased
    // Nib declarations and items.
    case nib, owner, main, from, connect, action, `as`, stale
    // Class members and expectations.
    case outlet, ivar, no, leaks, zombies, event, crash

    public var text: String { Keyword.texts[Int(rawValue)] }

    /// In case order (a test checks each against its case name).
    static let texts = ["retain", "release", "autorelease", "CFRelease", "send", "load", "drain", "watch", "super",
                        "expect", "autoreleasepool", "choose", "or", "new", "nil", "autoreleased",
                        "nib", "owner", "main", "from", "connect", "action", "as", "stale",
                        "outlet", "ivar", "no", "leaks", "zombies", "event", "crash"]
}

/// A map from names to indices that finds a name of the file by its interned id (see
/// `NameTable.id(of:)`, then an array index: no SipHash per use) and any other name (one an
/// Interface Builder file or a rewrite brought) by its text. Scopes and nib builders map a
/// million names this way.
public struct NameIndex: Sendable {
    public let names: NameTable
    /// By id: index + 1, or 0 when absent. Grown as ids come.
    private var byID: [Int32] = []
    /// Names the table does not hold.
    private var byText: [String: Int] = [:]

    public init(names: NameTable) { self.names = names }

    public subscript(_ name: Identifier) -> Int? { self[name.name] }

    public subscript(_ name: String) -> Int? {
        if let k = names.id(of: name) {
            let i = Int(k)
            return i < byID.count && byID[i] > 0 ? Int(byID[i] - 1) : nil
        }
        return byText[name]
    }

    /// Maps `name` to `index`, replacing what it mapped to.
    public mutating func set(_ name: String, to index: Int) {
        guard let k = names.id(of: name) else { byText[name] = index; return }
        let i = Int(k)
        if i >= byID.count { byID += repeatElement(0, count: max(i + 1 - byID.count, byID.count)) }
        byID[i] = Int32(index + 1)
    }

    public mutating func set(_ name: Identifier, to index: Int) { set(name.name, to: index) }

    /// Room for every name of the table, so a big scope does not grow step by step.
    public mutating func reserveAll() {
        if byID.count < names.count { byID += repeatElement(0, count: names.count - byID.count) }
    }
}
