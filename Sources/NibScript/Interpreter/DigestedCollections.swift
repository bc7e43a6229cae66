import OwnershipEngine

/// A value `explore`'s state hash can take in: the words it combines into a `StableHash`.
protocol StableDigestible {
    func stableDigest(into h: inout StableHash)
}

extension ObjectID: StableDigestible {
    func stableDigest(into h: inout StableHash) { h.combine(raw) }
}
extension Int: StableDigestible {
    func stableDigest(into h: inout StableHash) { h.combine(self) }
}
extension String: StableDigestible {
    func stableDigest(into h: inout StableHash) { h.combine(self) }
}
extension Appearance: StableDigestible {
    func stableDigest(into h: inout StableHash) {
        switch self { case .disappeared: h.combine(0); case .appearing: h.combine(1); case .appeared: h.combine(2); case .disappearing: h.combine(3) }
    }
}
extension NibModel: StableDigestible {
    func stableDigest(into h: inout StableHash) { h.combine(name) }
}
extension Array: StableDigestible where Element: StableDigestible {
    func stableDigest(into h: inout StableHash) {
        h.combine(count)
        for e in self { e.stableDigest(into: &h) }
    }
}

/// A dictionary that keeps the wrapping sum of its entries' stable hashes as it changes, so
/// `explore` reads its digest in O(1) at every run-loop turn instead of walking it (an entry
/// change costs hashing the old and the new entry). Iteration follows the dictionary's own
/// order: callers that print must sort.
struct DigestedMap<Key: Hashable & StableDigestible, Value: StableDigestible>: Sequence {
    private(set) var storage: [Key: Value] = [:]
    /// The wrapping sum of `entryDigest` over the entries.
    private(set) var digest: UInt64 = 0

    init() {}

    static func entryDigest(_ k: Key, _ v: Value) -> UInt64 {
        var h = StableHash()
        k.stableDigest(into: &h)
        v.stableDigest(into: &h)
        return h.value
    }

    subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            if let old = storage[key] { digest &-= Self.entryDigest(key, old) }
            if let newValue { digest &+= Self.entryDigest(key, newValue) }
            storage[key] = newValue
        }
    }

    subscript(key: Key, default value: @autoclosure () -> Value) -> Value {
        get { storage[key] ?? value() }
        set { self[key] = newValue }
    }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }
    func makeIterator() -> Dictionary<Key, Value>.Iterator { storage.makeIterator() }
    /// The digest walked from scratch (for tests: it equals `digest`).
    var computedDigest: UInt64 { storage.reduce(0) { $0 &+ Self.entryDigest($1.key, $1.value) } }
}

/// A set that keeps the wrapping sum of its elements' stable hashes (see `DigestedMap`).
struct DigestedSet<Element: Hashable & StableDigestible>: Sequence {
    private(set) var storage: Set<Element> = []
    private(set) var digest: UInt64 = 0

    init() {}

    static func elementDigest(_ e: Element) -> UInt64 {
        var h = StableHash()
        e.stableDigest(into: &h)
        return h.value
    }

    @discardableResult
    mutating func insert(_ e: Element) -> Bool {
        guard storage.insert(e).inserted else { return false }
        digest &+= Self.elementDigest(e)
        return true
    }

    mutating func remove(_ e: Element) {
        if storage.remove(e) != nil { digest &-= Self.elementDigest(e) }
    }

    func contains(_ e: Element) -> Bool { storage.contains(e) }
    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }
    func makeIterator() -> Set<Element>.Iterator { storage.makeIterator() }
    /// The digest walked from scratch (for tests: it equals `digest`).
    var computedDigest: UInt64 { storage.reduce(0) { $0 &+ Self.elementDigest($1) } }
}

extension StableHash {
    /// A digested collection's part of a state hash: its tag, size and digest.
    mutating func combine(tag: Int, count: Int, digest: UInt64) {
        combine(tag); combine(count); combine(Int(bitPattern: UInt(digest)))
    }
}
