/// Why a retain or release happened, so a trace line can say it in words.
///
/// Plain data, nothing reference-counted: every retain, release and store passes one along,
/// into events and pending releases, and a case holding a `String` made each copy a call
/// that retained it. A reason in the client's own words is the client's number for them.
public enum Cause: Equatable, Sendable {
    /// The script (or a method body) said `retain`, `release` or `autorelease`.
    case explicit
    /// Storing into a slot retained the new value.
    case store(SlotRef)
    /// Storing into a slot released the value it replaced.
    case replaced(SlotRef)
    /// Adding to or removing from an owned list (subviews, a navigation stack).
    case list(SlotRef)
    /// The dealloc of this object released what it owned.
    case dealloc(ObjectID)
    /// The dealloc of the slot's holder let go of what the slot (a single reference or an
    /// owned list) held: names which of its references it was.
    case deallocSlot(SlotRef)
    /// An autorelease pool drained.
    case pool
    /// ARC released a +1 temporary at the end of its statement.
    case temporary
    /// A reason the client names (the nib loader balancing its own reference, …): `note` is
    /// the client's number for its words, which the engine never reads.
    case other(note: Int32)
}

public struct EngineEvent: Sendable {
    public enum Kind: Sendable {
        case alloc(ObjectID)
        case retain(ObjectID, count: Int32, cause: Cause)
        case release(ObjectID, count: Int32, cause: Cause)
        case autorelease(ObjectID, pool: Int, count: Int32, cause: Cause)
        /// A pool begins to drain `entries` pending releases.
        case drain(pool: Int, entries: Int)
        /// The count reached zero: dealloc begins.
        case dealloc(ObjectID)
        /// The dealloc chain stopped before NSObject's dealloc: the superclasses'
        /// cleanup was skipped and the memory is never freed.
        case deallocIncomplete(ObjectID)
        case weakZeroed(SlotRef, target: ObjectID)
        /// A message to a deallocated object (NSZombieEnabled's report). Always followed by `.crash`.
        case zombie(ObjectID, selector: String)
        case crash(String)
        /// A `statement` step of the dealloc of the object ran: the client's line `token`, at
        /// the client's site `site` (the event's own site is the one before it).
        case deallocStatement(ObjectID, site: Int32, token: Int32)

        /// What a client must hear of even when it keeps no trace: a crash, a zombie
        /// message, a dealloc that never reached NSObject's.
        public var isNotable: Bool {
            switch self {
            case .crash, .zombie, .deallocIncomplete: return true
            default: return false
            }
        }
    }
    public var kind: Kind
    /// The client's token for the statement that caused it (the interpreter's: the
    /// statement's byte offset in the script, plus 1).
    public var site: Int32
    /// How many dealloc frames were running when it happened: a trace indents by it.
    public var depth: Int
}

/// The crash that stopped a run: the first zombie message or over-release.
public struct Crash: Sendable, Equatable {
    public var message: String
    public var object: ObjectID?
    public var selector: String
    public var site: Int32
}
