/// Everything the engine knows, as plain data: a struct of arrays indexed by `ObjectID`,
/// mutated in place.
///
/// Why a struct: each stored property of a class is an exclusivity-checked access at run time,
/// and those checks were most of the engine's cost when the arrays were the class's own
/// properties. Here one operation (a retain, a store) is one mutating call on one value, and
/// the arrays inside it are plain local accesses. A copy of it is also a complete snapshot of
/// the engine (arrays are copy-on-write), which is what `explore` forks from.
///
/// The primitives here never call out (no events, no planner): they report what happened,
/// and `Engine` turns that into events and runs dealloc cascades.
struct EngineState {
    struct ClassRecord {
        var name: String
        var superclass: ClassID?
        var slots: [SlotInfo]          // all slots, superclass's first
        var ownSlotStart: Int
        var hidden: Bool
    }
    var classes: [ClassRecord] = []

    // Objects.
    var classOf: [ClassID] = []
    var counts: [Int32] = []
    var states: [ObjectState] = []
    var names: [String] = []
    /// Display number among visible objects, 0 for hidden ones.
    var numbers: [Int32] = []
    var slotBase: [Int32] = []
    var deallocSite: [Int32] = []
    var weakReferrers: [[SlotRef]] = []
    /// +1s an object has taken over without a slot of its own for them (Mac top-level objects
    /// handed to File's Owner): they count for reachability.
    var adopted: [[ObjectID]] = []

    // Slots, flat: a single slot holds an ObjectID raw value (or -1); a list slot holds an
    // index into `lists` (or -1 before its first element).
    var slotTarget: [Int32] = []
    var slotClaims: [Int32] = []
    var lists: [[ObjectID]] = []

    var pools: [[ObjectID]] = [[]]
    /// What the events so far say (kinds per object, the count, zombies).
    var history = EventHistory()
    var frames: [DeallocFrame] = []
    /// The sum of the running frames' `indent`s (kept as frames come and go, so an event's
    /// depth is O(1) however deep the cascade).
    var frameIndent = 0
    var runningFrames = false
    var visibleCount: Int32 = 0
    var garbageCollected = false
    var site: Int32 = 0
    var crash: Crash?

    /// What a counting primitive did.
    enum Outcome: Equatable {
        /// The run has crashed already: nothing happens any more.
        case stopped
        /// The object is deallocated: the message is a zombie message.
        case zombie
        /// The operation does nothing here (garbage collection; a release during dealloc).
        case ignored
        /// Done; the count after it.
        case counted(Int32)
    }

    @inline(__always) func slotIndex(_ r: SlotRef) -> Int { Int(slotBase[r.holder.index]) + Int(r.slot) }

    @inline(__always) func isHidden(_ o: ObjectID) -> Bool { classes[classOf[o.index].index].hidden }

    mutating func alloc(_ c: ClassID, name: String) -> ObjectID {
        let o = ObjectID(Int32(counts.count))
        let hidden = classes[c.index].hidden
        let slotCount = classes[c.index].slots.count
        classOf.append(c); counts.append(1); states.append(.alive); names.append(name)
        if hidden { numbers.append(0) } else { visibleCount += 1; numbers.append(visibleCount) }
        slotBase.append(Int32(slotTarget.count)); deallocSite.append(-1)
        weakReferrers.append([]); adopted.append([])
        if slotCount > 0 {
            slotTarget.append(contentsOf: repeatElement(-1, count: slotCount))
            slotClaims.append(contentsOf: repeatElement(0, count: slotCount))
        }
        return o
    }

    @inline(__always) func check(_ o: ObjectID) -> Outcome? {
        if crash != nil { return .stopped }
        if states[o.index] == .deallocated { return .zombie }
        return nil
    }

    mutating func retain(_ o: ObjectID, via: SlotRef?) -> Outcome {
        if let stop = check(o) { return stop }
        if garbageCollected { return .ignored }
        counts[o.index] += 1
        if let via { slotClaims[slotIndex(via)] += 1 }
        return .counted(counts[o.index])
    }

    mutating func release(_ o: ObjectID, via: SlotRef?) -> Outcome {
        if let stop = check(o) { return stop }
        // The runtime ignores a release of an object whose dealloc is already running.
        if states[o.index] == .deallocating || garbageCollected { return .ignored }
        if let via { consumeClaim(on: o, via: via) }
        counts[o.index] -= 1
        return .counted(counts[o.index])
    }

    mutating func autorelease(_ o: ObjectID, via: SlotRef?) -> Outcome {
        if let stop = check(o) { return stop }
        if garbageCollected { return .ignored }
        if let via { consumeClaim(on: o, via: via) }
        pools[pools.count - 1].append(o)
        return .counted(counts[o.index])
    }

    mutating func consumeClaim(on o: ObjectID, via r: SlotRef) {
        let i = slotIndex(r)
        if slotTarget[i] == o.raw, slotClaims[i] > 0 { slotClaims[i] -= 1; return }
        // Releasing through a reference that holds no claim gives up one the holder adopted.
        if let k = adopted[r.holder.index].firstIndex(of: o) { adopted[r.holder.index].remove(at: k) }
    }

    mutating func unregisterWeak(_ r: SlotRef, from target: ObjectID) {
        if let k = weakReferrers[target.index].firstIndex(of: r) { weakReferrers[target.index].remove(at: k) }
    }

    /// A freed object's weak slots must not be zeroed later on its behalf.
    mutating func forgetWeakSlots(of o: ObjectID) {
        let base = Int(slotBase[o.index])
        let slots = classes[classOf[o.index].index].slots
        for k in slots.indices where !slots[k].isList {
            let t = slotTarget[base + k]
            if t >= 0, !weakReferrers[Int(t)].isEmpty { unregisterWeak(SlotRef(o, k), from: ObjectID(t)) }
        }
    }

    /// Dealloc (or finalization) begins: weak references read as nil from this moment.
    /// Returns the weak references it zeroed.
    mutating func markDeallocating(_ o: ObjectID) -> [SlotRef] {
        states[o.index] = .deallocating
        // The statement that started the cascade, not a line of a dealloc body inside it.
        deallocSite[o.index] = frames.first?.siteBefore ?? site
        let referrers = weakReferrers[o.index]
        if referrers.isEmpty { return referrers }
        weakReferrers[o.index] = []
        for r in referrers { slotTarget[slotIndex(r)] = -1 }
        return referrers
    }

    /// Appends to the list in slot `r`, making the list on first use.
    mutating func listAppend(_ r: SlotRef, _ value: ObjectID) {
        let i = slotIndex(r)
        if slotTarget[i] < 0 { lists.append([]); slotTarget[i] = Int32(lists.count - 1) }
        lists[Int(slotTarget[i])].append(value)
    }
}
