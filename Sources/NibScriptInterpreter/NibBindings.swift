import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The names loaded nibs bind to their objects (`expect deallocated n1`, `release label`):
/// the last object bound to each name.
///
/// A script can only look up a name it wrote, and its names are interned in the program's
/// `NameTable`, so a binding is kept by the name's id there, in an array (`NameIndex`), and
/// only a name the script never wrote (an object of an Interface Builder file) by its text.
/// A nib of a million objects bound them in a Dictionary of a million String keys: SipHash
/// of each name and a cache miss per insert, which grew faster than the nib did (a tenth of
/// the chain's time at 10^6, from 2 % at 10^5); the table finds names that differ only in
/// their last byte side by side (see `NameHash`), and the array is written in id order.
///
/// `explore` reads `count` and `digest`: the digest is the wrapping sum, over the bindings,
/// of the same entry hash a `DigestedMap<String, ObjectID>` keeps, so states compare as
/// they did when the bindings were one.
package struct NibBindings {
    private var index: NameIndex
    package private(set) var count = 0
    package private(set) var digest: UInt64 = 0

    /// Bindings found by ids in `names` (any table is correct; names it lacks are found by
    /// text, more slowly).
    package init(names: NameTable) { index = NameIndex(names: names) }

    package subscript(name: String) -> ObjectID? {
        index[name].map { ObjectID(Int32(truncatingIfNeeded: $0)) }
    }

    /// Binds `name` to `object`, replacing what it was bound to.
    package mutating func bind(_ name: String, to object: ObjectID) {
        let old = index.updateValue(Int(object.raw), forName: name)
        digest &+= Self.entryDigest(name, object)
        if let old { digest &-= Self.entryDigest(name, ObjectID(Int32(truncatingIfNeeded: old))) } else { count += 1 }
    }

    /// The same for a name of the table, by its id there (`id` must name `name`): an array
    /// write, no lookup of the name.
    package mutating func bind(id: Int32, _ name: String, to object: ObjectID) {
        bind(name, id: id, hashed: Self.hashedName(name), to: object)
    }

    /// Binds `name` as `bind(_:to:)` does, with what a small nib's plan found for it once:
    /// its id in the name table (`nameID`) and its hash (`hashedName`). A controller's view
    /// nib binds its names at every push.
    package mutating func bind(_ name: String, id: Int32?, hashed: StableHash, to object: ObjectID) {
        guard let k = id else { return bind(name, to: object) }
        let old = index.updateValue(Int(object.raw), forID: k)
        digest &+= Self.entryDigest(hashed, object)
        if let old { digest &-= Self.entryDigest(hashed, ObjectID(Int32(truncatingIfNeeded: old))) } else { count += 1 }
    }

    /// The id of `name` in the bindings' name table, if it has one.
    package func nameID(_ name: String) -> Int32? { index.names.id(of: name) }

    /// The start of a binding's digest: its name hashed.
    package static func hashedName(_ name: String) -> StableHash {
        var h = StableHash()
        name.stableDigest(into: &h)
        return h
    }

    package static func entryDigest(_ hashed: StableHash, _ object: ObjectID) -> UInt64 {
        var h = hashed
        object.stableDigest(into: &h)
        return h.value
    }

    /// Room for `objects` more bindings (a big nib's), so neither the array nor the
    /// Dictionary of other names grows step by step: the array takes every name of the
    /// table, and at least the objects the table has too few names for are bound by text
    /// (all of them, for an Interface Builder file whose names the script never wrote).
    package mutating func reserveCapacity(_ objects: Int) {
        index.reserveAll()
        index.reserveCapacityForOtherNames(max(0, objects - index.names.count))
    }

    package static func entryDigest(_ name: String, _ object: ObjectID) -> UInt64 {
        entryDigest(hashedName(name), object)
    }

    /// The digest walked from scratch (for tests: it equals `digest`).
    package var computedDigest: UInt64 {
        var d: UInt64 = 0
        index.forEach { name, o in d &+= Self.entryDigest(name, ObjectID(Int32(truncatingIfNeeded: o))) }
        return d
    }

    /// Every binding, in no particular order (for tests).
    package var all: [(name: String, object: ObjectID)] {
        var all: [(name: String, object: ObjectID)] = []
        index.forEach { name, o in all.append((name, ObjectID(Int32(truncatingIfNeeded: o)))) }
        return all
    }
}
