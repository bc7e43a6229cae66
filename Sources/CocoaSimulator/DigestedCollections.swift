import OwnershipEngine

/// How many absent entries a dense table indexed by object id appends to reach index `i`:
/// at least to `i`, and at least doubling, since objects are made one after another and a
/// table grown to each new id in turn appended a few entries at a time, at every push.
/// Absent entries are never iterated as entries, so a longer table changes no answer.
@inlinable public func grownCount(to i: Int, from count: Int) -> Int {
    max(i + 1 - count, count, 16)
}

// Everything here is `public` and `@inlinable`, though no part of the library's documented
// API: the collections are generic and used by the layers above (the interpreter, explore)
// at every callback and run-loop turn, and across a module boundary an unspecialized
// generic call cost more than the collection's own work. (`package` declarations are not
// specialized or inlined in another module, even when `@inlinable`.)

/// A value `explore`'s state hash can take in: the words it combines into a `StableHash`.
public protocol StableDigestible {
    func stableDigest(into h: inout StableHash)
}

extension ObjectID: StableDigestible {
    @inlinable public func stableDigest(into h: inout StableHash) { h.combine(raw) }
}
extension Int: StableDigestible {
    @inlinable public func stableDigest(into h: inout StableHash) { h.combine(self) }
}
extension String: StableDigestible {
    @inlinable public func stableDigest(into h: inout StableHash) { h.combine(self) }
}
extension Appearance: StableDigestible {
    @inlinable public func stableDigest(into h: inout StableHash) {
        switch self { case .disappeared: h.combine(0); case .appearing: h.combine(1); case .appeared: h.combine(2); case .disappearing: h.combine(3) }
    }
}
extension NibModel: StableDigestible {
    @inlinable public func stableDigest(into h: inout StableHash) { h.combine(name) }
}
extension Array: StableDigestible where Element: StableDigestible {
    @inlinable public func stableDigest(into h: inout StableHash) {
        h.combine(count)
        for e in self { e.stableDigest(into: &h) }
    }
}

/// A dictionary that keeps the wrapping sum of its entries' stable hashes as it changes, so
/// `explore` reads its digest in O(1) at every run-loop turn instead of walking it (an entry
/// change costs hashing the old and the new entry). Iteration follows the dictionary's own
/// order: callers that print must sort.
public struct DigestedMap<Key: Hashable & StableDigestible, Value: StableDigestible>: Sequence {
    public var storage: [Key: Value] = [:]
    /// The wrapping sum of `entryDigest` over the entries.
    public var digest: UInt64 = 0

    @inlinable public init() {}

    @inlinable public static func entryDigest(_ k: Key, _ v: Value) -> UInt64 {
        var h = StableHash()
        k.stableDigest(into: &h)
        v.stableDigest(into: &h)
        return h.value
    }

    @inlinable public subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            // One probe of the table, not a read and then a write: a nib binds a name per object.
            let old: Value?
            if let newValue {
                old = storage.updateValue(newValue, forKey: key)
                digest &+= Self.entryDigest(key, newValue)
            } else {
                old = storage.removeValue(forKey: key)
            }
            if let old { digest &-= Self.entryDigest(key, old) }
        }
    }

    @inlinable public subscript(key: Key, default value: @autoclosure () -> Value) -> Value {
        get { storage[key] ?? value() }
        set { self[key] = newValue }
    }

    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    @inlinable public mutating func reserveCapacity(_ n: Int) { storage.reserveCapacity(n) }
    @inlinable public func makeIterator() -> Dictionary<Key, Value>.Iterator { storage.makeIterator() }
    /// The digest walked from scratch (for tests: it equals `digest`).
    @inlinable public var computedDigest: UInt64 { storage.reduce(0) { $0 &+ Self.entryDigest($1.key, $1.value) } }
}

/// A set that keeps the wrapping sum of its elements' stable hashes (see `DigestedMap`).
public struct DigestedSet<Element: Hashable & StableDigestible>: Sequence {
    public var storage: Set<Element> = []
    public var digest: UInt64 = 0

    @inlinable public init() {}

    @inlinable public static func elementDigest(_ e: Element) -> UInt64 {
        var h = StableHash()
        e.stableDigest(into: &h)
        return h.value
    }

    @discardableResult
    @inlinable public mutating func insert(_ e: Element) -> Bool {
        guard storage.insert(e).inserted else { return false }
        digest &+= Self.elementDigest(e)
        return true
    }

    @inlinable public mutating func remove(_ e: Element) {
        if storage.remove(e) != nil { digest &-= Self.elementDigest(e) }
    }

    @inlinable public func contains(_ e: Element) -> Bool { storage.contains(e) }
    @inlinable public var count: Int { storage.count }
    @inlinable public var isEmpty: Bool { storage.isEmpty }
    @inlinable public func makeIterator() -> Set<Element>.Iterator { storage.makeIterator() }
    /// The digest walked from scratch (for tests: it equals `digest`).
    @inlinable public var computedDigest: UInt64 { storage.reduce(0) { $0 &+ Self.elementDigest($1) } }
}

extension StableHash {
    /// A digested collection's part of a state hash: its tag, size and digest.
    @inlinable public mutating func combine(tag: Int, count: Int, digest: UInt64) {
        combine(tag); combine(count); combine(Int(bitPattern: UInt(digest)))
    }
}

/// A `DigestedMap` keyed by object, stored densely by object id: a lookup is an array index,
/// not a hash of the key, and iteration goes in id order.
public struct DigestedObjectMap<Value: StableDigestible>: Sequence {
    @usableFromInline var values: [Value?] = []
    public var count = 0
    public var digest: UInt64 = 0

    @inlinable public init() {}

    @inlinable public static func entryDigest(_ k: ObjectID, _ v: Value) -> UInt64 { DigestedMap<ObjectID, Value>.entryDigest(k, v) }

    @inlinable public subscript(key: ObjectID) -> Value? {
        get { key.index < values.count ? values[key.index] : nil }
        set {
            let i = key.index
            if i >= values.count {
                guard newValue != nil else { return }
                values.append(contentsOf: repeatElement(nil, count: grownCount(to: i, from: values.count)))
            }
            if let old = values[i] { digest &-= Self.entryDigest(key, old); count -= 1 }
            if let newValue { digest &+= Self.entryDigest(key, newValue); count += 1 }
            values[i] = newValue
        }
    }

    @inlinable public subscript(key: ObjectID, default value: @autoclosure () -> Value) -> Value {
        get { self[key] ?? value() }
        set { self[key] = newValue }
    }

    @inlinable public var isEmpty: Bool { count == 0 }

    @inlinable public func makeIterator() -> AnyIterator<(key: ObjectID, value: Value)> {
        var i = 0
        let values = self.values
        return AnyIterator {
            while i < values.count {
                defer { i += 1 }
                if let v = values[i] { return (ObjectID(Int32(i)), v) }
            }
            return nil
        }
    }

    /// The digest walked from scratch (for tests: it equals `digest`).
    @inlinable public var computedDigest: UInt64 { reduce(0) { $0 &+ Self.entryDigest($1.key, $1.value) } }
}

/// A `DigestedObjectMap` for values that are not plain data (arrays, models): only the
/// object → entry index is dense (plain Int32s), and the values are kept for the objects
/// that have one. explore restores a snapshot for every variant, and the first write after
/// it copies the table, the last variant's copy is freed: a dense table of optional arrays
/// copied and freed every object's entry (one per view, mostly empty) through the generic
/// value witnesses, where this copies a block of integers and the few values.
public struct SparseDigestedObjectMap<Value: StableDigestible>: Sequence {
    /// Per object id: 1 + the index of its entry, or 0.
    @usableFromInline var slots: [Int32] = []
    @usableFromInline var values: [Value] = []
    /// The object each entry belongs to (to move the last entry into a freed place).
    @usableFromInline var keys: [ObjectID] = []
    /// Each entry's digest, kept so that replacing or removing it does not hash the old
    /// value again: a value here is an array (a controller's KVC keys),
    /// replaced at every view load and unload.
    @usableFromInline var entryDigests: [UInt64] = []
    public var digest: UInt64 = 0

    @inlinable public init() {}

    @inlinable public static func entryDigest(_ k: ObjectID, _ v: Value) -> UInt64 { DigestedMap<ObjectID, Value>.entryDigest(k, v) }

    @inlinable public var count: Int { values.count }
    @inlinable public var isEmpty: Bool { values.isEmpty }

    @inlinable public subscript(key: ObjectID) -> Value? {
        get {
            let i = key.index
            guard i < slots.count, slots[i] != 0 else { return nil }
            return values[Int(slots[i]) - 1]
        }
        set {
            let i = key.index
            let e = i < slots.count ? Int(slots[i]) - 1 : -1
            if e >= 0 { digest &-= entryDigests[e] }
            if let newValue {
                let d = Self.entryDigest(key, newValue)
                digest &+= d
                if e >= 0 { values[e] = newValue; entryDigests[e] = d; return }
                if i >= slots.count { slots.append(contentsOf: repeatElement(0, count: grownCount(to: i, from: slots.count))) }
                values.append(newValue)
                keys.append(key)
                entryDigests.append(d)
                slots[i] = Int32(values.count)
            } else if e >= 0 {
                // The last entry takes the freed place.
                let last = values.count - 1
                if e != last {
                    values.swapAt(e, last)
                    keys.swapAt(e, last)
                    entryDigests.swapAt(e, last)
                    slots[keys[e].index] = Int32(e + 1)
                }
                values.removeLast()
                keys.removeLast()
                entryDigests.removeLast()
                slots[i] = 0
            }
        }
    }

    @inlinable public subscript(key: ObjectID, default value: @autoclosure () -> Value) -> Value {
        get { self[key] ?? value() }
        set { self[key] = newValue }
    }

    /// In object id order, as the dense map iterates.
    @inlinable public func makeIterator() -> AnyIterator<(key: ObjectID, value: Value)> {
        var i = 0
        let slots = self.slots, values = self.values
        return AnyIterator {
            while i < slots.count {
                defer { i += 1 }
                if slots[i] != 0 { return (ObjectID(Int32(i)), values[Int(slots[i]) - 1]) }
            }
            return nil
        }
    }

    /// The digest walked from scratch (for tests: it equals `digest`).
    @inlinable public var computedDigest: UInt64 { reduce(0) { $0 &+ Self.entryDigest($1.key, $1.value) } }
}

/// An entry of `DigestedObjectLists`: its object, its place in the pool and its digest. Not
/// nested in the generic type, which made it generic too: each growth of the entries
/// instantiated its type's metadata at run time.
@usableFromInline struct ObjectListEntry {
    @usableFromInline var key: ObjectID
    @usableFromInline var start: Int32
    @usableFromInline var count: Int32
    @usableFromInline var digest: UInt64

    @inlinable init(key: ObjectID, start: Int32, count: Int32, digest: UInt64) {
        self.key = key
        self.start = start
        self.count = count
        self.digest = digest
    }
}

/// A `SparseDigestedObjectMap` of lists of plain values (a controller's view objects), all
/// kept in one pool: an entry is a range of it. explore restores a snapshot for every
/// variant, and its first write after that copies the table, the previous copy freed; with a
/// list per entry that retained and released every list, where this copies plain memory. A
/// list written again goes to the pool's end; the pool is compacted when most of it is old.
public struct DigestedObjectLists<Element: StableDigestible>: Sequence {
    @usableFromInline typealias Entry = ObjectListEntry
    /// Per object id: 1 + the index of its entry, or 0.
    @usableFromInline var slots: [Int32] = []
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var pool: [Element] = []
    /// Pool places no entry uses any more.
    @usableFromInline var unused = 0
    public var digest: UInt64 = 0

    @inlinable public init() {}

    /// The same as a `DigestedMap<ObjectID, [Element]>` entry's, so the state hash is unchanged.
    @inlinable public static func entryDigest<C: Collection>(_ k: ObjectID, _ list: C) -> UInt64 where C.Element == Element {
        var h = StableHash()
        k.stableDigest(into: &h)
        h.combine(list.count)
        for e in list { e.stableDigest(into: &h) }
        return h.value
    }

    @inlinable public var count: Int { entries.count }
    @inlinable public var isEmpty: Bool { entries.isEmpty }

    @inlinable public subscript(key: ObjectID) -> ArraySlice<Element>? {
        let i = key.index
        guard i < slots.count, slots[i] != 0 else { return nil }
        return list(entries[Int(slots[i]) - 1])
    }

    @inlinable func list(_ e: Entry) -> ArraySlice<Element> { pool[Int(e.start)..<Int(e.start + e.count)] }

    /// Appends `more` to the list of `key` (making it if it has none), in the pool itself:
    /// no list is built beside it (a view load extends its controller's at every push). The
    /// list becomes a new run at the pool's end; its old run is left unused until the pool
    /// is compacted. (An entry is never removed: a controller's view objects only grow.)
    @inlinable public mutating func extend<S: Sequence>(_ key: ObjectID, with more: S) where S.Element == Element {
        let i = key.index
        let e = i < slots.count ? Int(slots[i]) - 1 : -1
        let start = pool.count
        if e >= 0 {
            let old = entries[e]
            digest &-= old.digest
            unused += Int(old.count)
            // By index: a slice of the pool appended to it would hold its buffer and make
            // the append copy it.
            for j in Int(old.start)..<Int(old.start + old.count) { pool.append(pool[j]) }
        }
        pool.append(contentsOf: more)
        let d = Self.entryDigest(key, pool[start...])
        digest &+= d
        let entry = Entry(key: key, start: Int32(start), count: Int32(pool.count - start), digest: d)
        if e >= 0 {
            entries[e] = entry
        } else {
            if i >= slots.count { slots.append(contentsOf: repeatElement(0, count: grownCount(to: i, from: slots.count))) }
            entries.append(entry)
            slots[i] = Int32(entries.count)
        }
        if unused > 64 && unused * 2 > pool.count { compact() }
    }

    @inlinable mutating func compact() {
        var fresh: [Element] = []
        fresh.reserveCapacity(pool.count - unused)
        for e in entries.indices {
            let start = fresh.count
            fresh.append(contentsOf: list(entries[e]))
            entries[e].start = Int32(start)
        }
        pool = fresh
        unused = 0
    }

    /// In object id order, as the dense map iterates.
    @inlinable public func makeIterator() -> AnyIterator<(key: ObjectID, value: ArraySlice<Element>)> {
        var i = 0
        let slots = self.slots, entries = self.entries, pool = self.pool
        return AnyIterator {
            while i < slots.count {
                defer { i += 1 }
                if slots[i] != 0 {
                    let e = entries[Int(slots[i]) - 1]
                    return (ObjectID(Int32(i)), pool[Int(e.start)..<Int(e.start + e.count)])
                }
            }
            return nil
        }
    }

    /// The digest walked from scratch (for tests: it equals `digest`).
    @inlinable public var computedDigest: UInt64 { reduce(0) { $0 &+ Self.entryDigest($1.key, $1.value) } }
}

/// A `DigestedSet` of objects, stored densely by object id (see `DigestedObjectMap`).
public struct DigestedObjectSet: Sequence {
    @usableFromInline var members: [Bool] = []
    public var count = 0
    public var digest: UInt64 = 0

    @inlinable public init() {}

    @inlinable public static func elementDigest(_ o: ObjectID) -> UInt64 { DigestedSet<ObjectID>.elementDigest(o) }

    @discardableResult
    @inlinable public mutating func insert(_ o: ObjectID) -> Bool {
        if o.index >= members.count { members.append(contentsOf: repeatElement(false, count: grownCount(to: o.index, from: members.count))) }
        guard !members[o.index] else { return false }
        members[o.index] = true
        count += 1
        digest &+= Self.elementDigest(o)
        return true
    }

    @inlinable public mutating func remove(_ o: ObjectID) {
        guard contains(o) else { return }
        members[o.index] = false
        count -= 1
        digest &-= Self.elementDigest(o)
    }

    @inlinable public func contains(_ o: ObjectID) -> Bool { o.index < members.count && members[o.index] }
    @inlinable public var isEmpty: Bool { count == 0 }

    @inlinable public func makeIterator() -> AnyIterator<ObjectID> {
        var i = 0
        let members = self.members
        return AnyIterator {
            while i < members.count {
                defer { i += 1 }
                if members[i] { return ObjectID(Int32(i)) }
            }
            return nil
        }
    }

    @inlinable public var computedDigest: UInt64 { reduce(0) { $0 &+ Self.elementDigest($1) } }
}
