import OwnershipEngine

/// Which kinds of event each object has had, for `expect event`, the summary's zombies and
/// explore's state key: a bit set per object, so a run of a million events keeps a few
/// bytes per object rather than a record per event.
struct EventLog {
    /// The kinds a script can name in `expect event KIND`, in the order the checker lists them.
    static let kinds = ["alloc", "retain", "release", "autorelease", "dealloc", "zombie", "zeroed",
                        "connected", "unconnected", "deallocIncomplete"]

    private var bits: [UInt16] = []
    private var any: UInt16 = 0
    /// Objects sent a message after their dealloc, in the order it happened.
    private(set) var zombies: [ObjectID] = []

    static func bit(_ kind: String) -> UInt16? { kinds.firstIndex(of: kind).map { 1 << UInt16($0) } }

    mutating func note(_ kind: Int, _ o: ObjectID) {
        let b: UInt16 = 1 << UInt16(kind)
        if o.index >= bits.count { bits.append(contentsOf: repeatElement(0, count: o.index + 1 - bits.count)) }
        bits[o.index] |= b
        any |= b
        if kind == EventLog.zombie, !zombies.contains(o) { zombies.append(o) }
    }

    /// Whether an event of `kind` happened (to `o`, when given).
    func happened(_ kind: String, to o: ObjectID?) -> Bool {
        guard let b = EventLog.bit(kind) else { return false }
        guard let o else { return any & b != 0 }
        return o.index < bits.count && bits[o.index] & b != 0
    }

    /// Every (object, kinds) pair with any event, in object order: the log as explore keys it.
    func hash(into h: inout Hasher) {
        for (i, b) in bits.enumerated() where b != 0 { h.combine(i); h.combine(b) }
    }

    static let alloc = 0, retain = 1, release = 2, autorelease = 3, dealloc = 4, zombie = 5, zeroed = 6,
               connected = 7, unconnected = 8, deallocIncomplete = 9
}
