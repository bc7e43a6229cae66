import OwnershipEngine
import CocoaSimulator

/// The kinds of event `expect event` can name. The engine keeps which of its own events each
/// object has had (`Engine.history`); the two the nib loader adds, `connected` and
/// `unconnected`, are kept here, as a bit set per object.
package struct EventLog {
    /// The kinds a script can name in `expect event KIND`, in the order the checker lists them.
    package static let kinds = ["alloc", "retain", "release", "autorelease", "dealloc", "zombie", "zeroed",
                        "connected", "unconnected", "deallocIncomplete"]

    /// A kind the engine keeps, or one of the loader's.
    package enum Source {
        case engine(EventHistory.Kind)
        case loader(UInt8)
    }

    package static func source(_ kind: String) -> Source? {
        switch kind {
        case "alloc": return .engine(.alloc)
        case "retain": return .engine(.retain)
        case "release": return .engine(.release)
        case "autorelease": return .engine(.autorelease)
        case "dealloc": return .engine(.dealloc)
        case "zombie": return .engine(.zombie)
        case "zeroed": return .engine(.zeroed)
        case "deallocIncomplete": return .engine(.deallocIncomplete)
        case "connected": return .loader(connected)
        case "unconnected": return .loader(unconnected)
        default: return nil
        }
    }

    private var bits: [UInt8] = []
    private var any: UInt8 = 0

    package mutating func note(_ kind: UInt8, _ o: ObjectID) {
        // Usually one entry short (the object was just made): grown by doubling, as the
        // object tables are (see `grownCount`).
        if o.index >= bits.count { bits.append(contentsOf: repeatElement(0, count: grownCount(to: o.index, from: bits.count))) }
        bits[o.index] |= kind
        any |= kind
    }

    /// Whether an event of `kind` happened (to `o`, when given), the engine's from `history`.
    package func happened(_ kind: String, to o: ObjectID?, history: EventHistory) -> Bool {
        switch EventLog.source(kind) {
        case .engine(let k)?: return history.happened(k, to: o)
        case .loader(let b)?:
            guard let o else { return any & b != 0 }
            return o.index < bits.count && bits[o.index] & b != 0
        case nil: return false
        }
    }

    /// Every (object, kinds) pair with a loader event, in object order, then the engine's:
    /// the log as explore keys it.
    package func hash(into h: inout StableHash, history: EventHistory) {
        for (i, b) in bits.enumerated() where b != 0 { h.combine(i); h.combine(Int(b)) }
        history.hash(into: &h)
    }

    package static let connected: UInt8 = 1, unconnected: UInt8 = 2
}
