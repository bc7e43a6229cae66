/// Dense integer handles. The engine keeps every per-object fact in arrays indexed by
/// these, so the hot path (retain, release, store) never hashes a string.
public struct ObjectID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let raw: Int32
    public init(_ raw: Int32) { self.raw = raw }
    @inlinable public var index: Int { Int(raw) }
    public static func < (a: ObjectID, b: ObjectID) -> Bool { a.raw < b.raw }
    public var description: String { "object \(raw)" }
}

public struct ClassID: Hashable, Sendable {
    public let raw: Int32
    public init(_ raw: Int32) { self.raw = raw }
    @inlinable public var index: Int { Int(raw) }
}

/// One reference-holding place: slot `slot` (an index into the holder's class layout) of `holder`.
public struct SlotRef: Hashable, Sendable {
    public let holder: ObjectID
    public let slot: Int32
    public init(_ holder: ObjectID, _ slot: Int) { self.holder = holder; self.slot = Int32(slot) }
}

/// A slot in a class layout: a single reference (an ivar) or an owned list (a view's
/// subviews, a controller's top-level objects, a navigation stack). Every element of a
/// list holds one retain on it.
public struct SlotInfo: Sendable, Equatable {
    public var name: String
    public var isList: Bool
    public init(name: String, isList: Bool = false) { self.name = name; self.isList = isList }
}

public enum ObjectState: UInt8, Sendable {
    case alive
    /// Its count reached zero and its dealloc is running.
    case deallocating
    case deallocated
}

/// What one slot holds: its target (an ObjectID raw value, or a list's index for a list
/// slot; -1 for none) and the claims of ownership it has on it.
@usableFromInline struct SlotValue: Equatable {
    @usableFromInline init(target: Int32, claims: Int32) { self.target = target; self.claims = claims }
    @usableFromInline var target: Int32
    @usableFromInline var claims: Int32
    /// Computed, not stored: a stored one is read through its lazy initializer's accessor.
    @inlinable static var empty: SlotValue { SlotValue(target: -1, claims: 0) }
}
