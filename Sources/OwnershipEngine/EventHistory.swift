/// What the events so far say that a client asks about later, kept by the engine as each
/// event happens, whether or not anyone receives events: which kinds of event each object
/// has had, how many events there were, and which objects were sent a message after their
/// dealloc. A few bytes per object, never a record per event, and part of the engine's
/// state, so a snapshot takes it along.
public struct EventHistory: Sendable {
    /// The kinds an object can have had.
    public enum Kind: Int, CaseIterable, Sendable {
        case alloc, retain, release, autorelease, dealloc, zombie, zeroed, deallocIncomplete
    }

    private var bits: [UInt8] = []
    private var any: UInt8 = 0
    /// How many events there were.
    public private(set) var count = 0
    /// Objects sent a message after their dealloc, in the order it first happened.
    public private(set) var zombies: [ObjectID] = []

    /// Room for the kinds of `objects` objects in all.
    mutating func reserveCapacity(objects: Int) { bits.reserveCapacity(objects) }

    @inline(__always) mutating func record(_ event: EngineEvent.Kind) {
        count += 1
        switch event {
        case .alloc(let o): mark(.alloc, o)
        case .retain(let o, _, _): mark(.retain, o)
        case .release(let o, _, _): mark(.release, o)
        case .autorelease(let o, _, _, _): mark(.autorelease, o)
        case .dealloc(let o): mark(.dealloc, o)
        case .deallocIncomplete(let o): mark(.deallocIncomplete, o)
        case .weakZeroed(_, let t): mark(.zeroed, t)
        case .zombie(let o, _):
            mark(.zombie, o)
            if !zombies.contains(o) { zombies.append(o) }
        case .drain, .crash, .deallocStatement: break
        }
    }

    @inline(__always) private mutating func mark(_ kind: Kind, _ o: ObjectID) {
        let b: UInt8 = 1 << UInt8(kind.rawValue)
        // Objects are marked as they are made, so the table grows by one entry at a time:
        // an append each, cheaper than appending a repeated sequence.
        if o.index < bits.count {
            // Written only when the bit is new: an object has had most kinds of event before,
            // and a write checks the array's uniqueness (and copies it, the first time after a
            // snapshot).
            if bits[o.index] & b == 0 { bits[o.index] |= b }
        } else {
            // A new object's first event: appended with its bit, not appended and then written.
            while o.index > bits.count { bits.append(0) }
            bits.append(b)
        }
        any |= b
    }

    /// Whether an event of `kind` happened (to `o`, when given).
    public func happened(_ kind: Kind, to o: ObjectID?) -> Bool {
        let b: UInt8 = 1 << UInt8(kind.rawValue)
        guard let o else { return any & b != 0 }
        return o.index < bits.count && bits[o.index] & b != 0
    }

    /// Every (object, kinds) pair with any event, in object order.
    public func hash(into h: inout StableHash) {
        for (i, b) in bits.enumerated() where b != 0 { h.combine(i); h.combine(Int(b)) }
    }
}
