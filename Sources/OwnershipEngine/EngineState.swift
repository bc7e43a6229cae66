/// The facts the engine keeps per live object, side by side: an alloc writes one record, not
/// one element of each of five arrays, and the first write after explore restores a snapshot
/// copies one array, not five. Indexed by the object's `IDRecord.place`, not by its id: a
/// place is reused once its object is deallocated and retired (ObjectIdentities.swift).
@usableFromInline struct ObjectRecord {
    @usableFromInline var count: Int32
    @usableFromInline var state: ObjectState
    /// Where its slots begin in `EngineState.slotValues`.
    @usableFromInline var slotBase: Int32
    var deallocSite: Int32
    /// The first list slot that holds it, or `EngineState.noHolder`: which navigation stack
    /// holds a controller, which view a subview is in, in O(1). Nearly every object is in one
    /// list at most, so the first holder is kept inline (no array per object: a nib of a
    /// million views would allocate a million) and the rest, rarely any, beside it
    /// (`EngineState.moreListHolders`).
    @usableFromInline var firstListHolder: SlotRef
}

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
@usableFromInline struct EngineState {
    @usableFromInline struct ClassRecord {
        var name: String
        var superclass: ClassID?
        var slots: [SlotInfo]          // all slots, superclass's first
        var ownSlotStart: Int
        @usableFromInline var hidden: Bool
        /// Which slots are lists, by index: walks over every slot of many objects read these
        /// plain flags, not the slots' descriptions (each holding its name, retained when read).
        var slotIsList: [Bool]
        /// `slots.count`, read at every alloc and dealloc without touching the arrays.
        var slotCount: Int32
    }
    @usableFromInline var classes: [ClassRecord] = []

    /// Every object ever made, by `ObjectID` (ObjectIdentities.swift).
    @usableFromInline var ids: [IDRecord] = []
    /// The live objects' records, by `IDRecord.place`, and the places free for reuse.
    @usableFromInline var objects: [ObjectRecord] = []
    /// The first free place in `objects` of an object without slots (-1: none), the first of
    /// one with `n` slots (`freeWithSlots[n]`), and how many free places there are in all (the
    /// rest are linked from the first, see `newRecord`).
    var freeRecords: Int32 = -1
    var freeWithSlots: [Int32] = []
    var freeCount = 0
    /// The number of ids the last `reserveCapacity(objects:)` made room for.
    var reservedUpTo = 0
    /// Each live record's fact's hash in the state digest (`EngineState.objectFact`), by
    /// place, kept while the engine digests: a change of count or state then hashes the new
    /// fact only, not the old one again (two mixes were most of a retain's or a release's
    /// cost). Empty while it does not.
    var facts: [UInt64] = []
    var numbers = VisibleNumbers()
    /// The names, interned (ObjectNames.swift, `intern`), and a cache of recent ones.
    var names: [ObjectName] = []
    var nameCache: [Int32] = []
    /// The name the last alloc was given, in `names` (-1: none yet).
    var lastName: Int32 = -1
    /// Objects' classes and names (`IDRecord.identity`), interned, a cache of recent ones,
    /// and the last alloc's (-1: none yet).
    @usableFromInline var identities: [Identity] = []
    var identityCache: [Int32] = []
    var lastIdentity: Int32 = -1
    /// Names longer than an `ObjectName` holds inline.
    var longNames: [String] = []
    /// By place, like `objects`.
    var weakReferrers = SparseLists<SlotRef>()
    /// +1s an object has taken over without a slot of its own for them (Mac top-level objects
    /// handed to File's Owner): they count for reachability.
    var adopted = SparseLists<ObjectID>()

    // Slots, flat: a single slot holds an ObjectID raw value (or -1); a list slot holds an
    // index into `lists` (or -1 before its first element). Target and claims side by side in
    // one array: an alloc appends, and a store checks and writes, one array, not two.
    @usableFromInline var slotValues: [SlotValue] = []
    @usableFromInline var lists: [[ObjectID]] = []

    /// For each object, the list slots that hold it beyond the first (`ObjectRecord.firstListHolder`).
    @usableFromInline var moreListHolders: [Int32: [SlotRef]] = [:]
    /// Computed, not stored: a stored one was read through its lazy initializer's accessor,
    /// a call at every list append and removal.
    @usableFromInline static var noHolder: SlotRef { SlotRef(ObjectID(-1), 0) }

    /// The list slots that hold `o`, in the order they came to.
    func listHolders(of o: ObjectID) -> [SlotRef] {
        let first = firstListHolder(o)
        if first == EngineState.noHolder { return [] }
        return [first] + (moreListHolders[o.raw] ?? [])
    }

    @usableFromInline var pools = AutoreleasePools()
    /// What the events so far say (kinds per object, the count, zombies).
    var history = EventHistory()
    var frames: [DeallocFrame] = []
    /// The plans of running frames that the engine does not keep by class, in the frames'
    /// order (see `DeallocFrame.plan`).
    var framePlans: [DeallocPlan] = []
    /// The frames' pending releases (see `DeallocFrame.pendingList`), in the frames' order.
    var pendingLists: [PendingReleases] = []
    /// The sum of the running frames' `indent`s (kept as frames come and go, so an event's
    /// depth is O(1) however deep the cascade).
    var frameIndent = 0
    var runningFrames = false
    var visibleCount: Int32 = 0
    var garbageCollected = false
    @usableFromInline var site: Int32 = 0
    @usableFromInline var crash: Crash?
    /// explore's state digest (StateDigest.swift), kept up to date as facts change while
    /// `digesting` is on: the wrapping sum of one strong hash per fact.
    var digesting = false
    var digest: UInt64 = 0

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

    @inlinable @inline(__always) func isHidden(_ o: ObjectID) -> Bool { classes[classID(o).index].hidden }

    /// See `Engine.reserveCapacity(objects:)`.
    mutating func reserveCapacity(objects n: Int) {
        guard n > 0 else { return }
        // Live records for as many as the free places do not already hold.
        let live = objects.count + max(0, n - freeCount)
        ids.reserveCapacity(ids.count + n); objects.reserveCapacity(live)
        numbers.reserveCapacity(ids.count + n)
        history.reserveCapacity(objects: ids.count + n)
        // A nib's objects have names of their own, mostly: one each (a million names grown by
        // doubling kept up to 16 MB of room unused).
        names.reserveCapacity(names.count + n)
        identities.reserveCapacity(identities.count + n)
        reservedUpTo = ids.count + n
    }

    /// Room in `slotValues` for the objects still to come of a reservation, `n` slots each
    /// (the object being made has as many): asked when the array is full, instead of its
    /// doubling (a million views' slots kept up to 16 MB of room unused).
    @inline(never) mutating func reserveSlotsForReservedObjects(_ n: Int) {
        slotValues.reserveCapacity(slotValues.count + max(1, reservedUpTo - ids.count) * n)
    }

    mutating func alloc(_ c: ClassID, name: String) -> ObjectID {
        let o = ObjectID(Int32(ids.count))
        let hidden = classes[c.index].hidden
        if !hidden { visibleCount += 1 }
        numbers.append(visible: !hidden)
        let l = newRecord(slots: Int(classes[c.index].slotCount))
        ids.append(IDRecord(identity: identity(c, name: intern(name)), place: Int32(l)))
        if digesting {
            let fact = Self.objectFact(o.index, 1, .alive, c)
            setFact(l, fact)
            digest &+= fact
        }
        return o
    }

    /// `o`'s live place, or nil with the outcome that stops the operation.
    @inline(__always) func check(_ o: ObjectID) -> (place: Int, stop: Outcome?) {
        if crash != nil { return (-1, .stopped) }
        let l = place(o)
        if l < 0 || record(l).state == .deallocated { return (l, .zombie) }
        return (l, nil)
    }

    // The counting primitives are inlined into Engine's: as calls, each returned its
    // Outcome as a value for Engine's switch to take apart. Each reads its record once and
    // returns the count it wrote, not a second read of it.

    @inline(__always) mutating func retain(_ o: ObjectID, via: SlotRef?) -> Outcome {
        let (l, stop) = check(o)
        if let stop { return stop }
        if garbageCollected { return .ignored }
        let n = record(l).count + 1
        setCount(o, l, n)
        if let via { let i = slotIndex(forWriting: via); setSlot(via, i, slotValues[i].target, slotValues[i].claims + 1) }
        return .counted(n)
    }

    @inline(__always) mutating func release(_ o: ObjectID, via: SlotRef?) -> Outcome {
        let (l, stop) = check(o)
        if let stop { return stop }
        let r = record(l)
        // The runtime ignores a release of an object whose dealloc is already running.
        if r.state == .deallocating || garbageCollected { return .ignored }
        // (Giving up a claim changes slots and adoptions, not the count.)
        if let via { consumeClaim(on: o, via: via) }
        if digesting && r.count == 1 {
            // Count 0 begins the dealloc at once (`Engine.release`), which marks the object
            // deallocating: its fact goes from (1, alive) to (0, deallocating) in one change,
            // not two (a hash mix fewer per dealloc), and `markDeallocating(_:digested:)`
            // leaves the digest alone. Nothing reads the digest in between.
            let f = Self.objectFact(o.index, 0, .deallocating, classID(o))
            write(l, count: 0, state: r.state, fact: f)
            return .counted(0)
        }
        setCount(o, l, r.count - 1)
        return .counted(r.count - 1)
    }

    @inline(__always) mutating func autorelease(_ o: ObjectID, via: SlotRef?) -> Outcome {
        let (l, stop) = check(o)
        if let stop { return stop }
        if garbageCollected { return .ignored }
        if let via { consumeClaim(on: o, via: via) }
        poolAppend(o)
        return .counted(record(l).count)
    }

    mutating func consumeClaim(on o: ObjectID, via r: SlotRef) {
        // A retired holder has no claim and adopted nothing.
        let i = slotIndexIfAny(r)
        guard i >= 0 else { return }
        if slotValues[i].target == o.raw, slotValues[i].claims > 0 { setSlot(r, i, slotValues[i].target, slotValues[i].claims - 1); return }
        // Releasing through a reference that holds no claim gives up one the holder adopted.
        if let k = adopted[place(r.holder)].firstIndex(of: o) { adoptedRemove(r.holder, at: k) }
    }

    mutating func unregisterWeak(_ r: SlotRef, from target: ObjectID) {
        let l = place(target)
        guard l >= 0 else { return }
        if let k = weakReferrers[l].firstIndex(of: r) { weakReferrers[l].remove(at: k) }
    }

    /// A freed object's weak slots must not be zeroed later on its behalf.
    @inline(__always) mutating func forgetWeakSlots(of o: ObjectID) {
        // Run at every dealloc's end: without any weak reference there is nothing to look up
        // (tested where it is called, not in a call).
        guard !weakReferrers.allEmpty else { return }
        forgetWeakSlotsWalking(o)
    }

    private mutating func forgetWeakSlotsWalking(_ o: ObjectID) {
        let l = place(o)
        guard l >= 0 else { return }
        let base = Int(objects[l].slotBase)
        let c = classID(o).index
        for k in classes[c].slotIsList.indices where !classes[c].slotIsList[k] {
            let t = slotValues[base + k].target
            if t >= 0, place(ObjectID(t)) >= 0, !weakReferrers.isEmpty(at: place(ObjectID(t))) { unregisterWeak(SlotRef(o, k), from: ObjectID(t)) }
        }
    }

    /// Dealloc (or finalization) begins. `digested`: the digest holds the object as
    /// deallocating already (its release to 0 put it so, see `release(_:via:)`).
    @inline(__always) mutating func markDeallocating(_ o: ObjectID, digested: Bool) {
        // The statement that started the cascade, not a line of a dealloc body inside it.
        let deallocSite = frames.first?.siteBefore ?? site
        let l = place(o)
        if digested {
            // State and site in one access to the element (one uniqueness check, not two).
            Self.beginDealloc(&objects[l], site: deallocSite)
        } else {
            setState(o, l, .deallocating)
            objects[l].deallocSite = deallocSite
        }
    }

    @inline(__always) static func beginDealloc(_ r: inout ObjectRecord, site: Int32) {
        r.state = .deallocating
        r.deallocSite = site
    }

    /// Weak references to `o` read as nil from now on. Returns them.
    mutating func zeroWeakReferences(to o: ObjectID) -> [SlotRef] {
        let p = place(o)
        guard p >= 0 else { return [] }
        let referrers = weakReferrers[p]
        weakReferrers[p] = []
        // A weak referrer keeps its record: its slot is not empty while it is registered.
        if digesting {
            for r in referrers {
                let i = slotIndexIfAny(r)
                assert(i >= 0, "a retired weak referrer")
                setSlot(r, i, -1, slotValueAt(i).claims)
            }
        } else {
            // One uniqueness check of the slots for all the referrers, not one each.
            let ids = self.ids, objects = self.objects
            slotValues.withUnsafeMutableBufferPointer { v in
                for r in referrers {
                    let l = Int(ids[r.holder.index].place)
                    assert(l >= 0, "a retired weak referrer")
                    v[Int(objects[l].slotBase) + Int(r.slot)].target = -1
                }
            }
        }
        return referrers
    }

    /// Appends to the list in slot `r`, making the list on first use.
    @inline(__always) mutating func listAppend(_ r: SlotRef, _ value: ObjectID) {
        let i = slotIndex(forWriting: r)
        if slotValues[i].target < 0 { lists.append([]); setSlot(r, i, Int32(lists.count - 1), slotValues[i].claims) }
        let l = Int(slotValues[i].target)
        if digesting { digest &+= Self.listFact(l, lists[l].count, value) }
        lists[l].append(value)
        let v = record(forWriting: value)
        if objects[v].firstListHolder == EngineState.noHolder {
            objects[v].firstListHolder = r
        } else {
            moreListHolders[value.raw, default: []].append(r)
        }
    }

    /// Removes element `k` of the list in slot `r` (the caller releases it).
    mutating func listRemove(_ r: SlotRef, list l: Int, at k: Int) {
        let value = lists[l][k]
        if digesting {
            let n = lists[l].count
            for j in k..<n { digest &-= Self.listFact(l, j, lists[l][j]) }
            for j in (k + 1)..<n { digest &+= Self.listFact(l, j - 1, lists[l][j]) }
        }
        lists[l].remove(at: k)
        forgetHolder(r, of: value)
    }

    /// Empties the list in slot `r` and returns what it held.
    @inline(__always) mutating func listTakeAll(_ r: SlotRef, list l: Int) -> [ObjectID] {
        // Swapped out, not copied and then replaced: the array changes hands without a
        // retain and a release.
        var taken: [ObjectID] = []
        swap(&taken, &lists[l])
        for (j, o) in taken.enumerated() {
            if digesting { digest &-= Self.listFact(l, j, o) }
            forgetHolder(r, of: o)
        }
        return taken
    }

    /// Forgets the last occurrence of `r` among `o`'s holders.
    @inline(__always) private mutating func forgetHolder(_ r: SlotRef, of o: ObjectID) {
        // A retired object is in no list.
        let p = place(o)
        guard p >= 0 else { return }
        if var more = moreListHolders[o.raw] {
            if let k = more.lastIndex(of: r) {
                more.remove(at: k)
            } else if objects[p].firstListHolder == r {
                objects[p].firstListHolder = more.removeFirst()
            } else {
                return
            }
            moreListHolders[o.raw] = more.isEmpty ? nil : more
        } else if objects[p].firstListHolder == r {
            objects[p].firstListHolder = EngineState.noHolder
        }
    }

    // MARK: Writes that keep the digest

    /// Object `o` (at live place `l`) now has count `n`.
    @inline(__always) mutating func setCount(_ o: ObjectID, _ l: Int, _ n: Int32) {
        guard digesting else { objects[l].count = n; return }
        let st = record(l).state
        write(l, count: n, state: st, fact: Self.objectFact(o.index, n, st, classID(o)))
    }

    /// Object `o` (at live place `l`) is now in state `st`.
    @inline(__always) mutating func setState(_ o: ObjectID, _ l: Int, _ st: ObjectState) {
        guard digesting else { objects[l].state = st; return }
        let n = record(l).count
        write(l, count: n, state: st, fact: Self.objectFact(o.index, n, st, classID(o)))
    }

    /// Writes the record at `l`'s count and state in one access (each access to an element
    /// checks the array's uniqueness), and its fact `f`: the digest trades the fact the
    /// record had for `f`.
    @inline(__always) mutating func write(_ l: Int, count: Int32, state: ObjectState, fact f: UInt64) {
        Self.write(&objects[l], count: count, state: state)
        digest = digest &- facts[l] &+ f
        facts[l] = f
    }

    @inline(__always) static func write(_ r: inout ObjectRecord, count: Int32, state: ObjectState) {
        r.count = count; r.state = state
    }

    /// Slot `r`, at flat index `i`, now points at `target` (-1: nil) with `claims` claims.
    @inline(__always) mutating func setSlot(_ r: SlotRef, _ i: Int, _ target: Int32, _ claims: Int32) {
        if digesting {
            digest &-= Self.slotFact(r, slotValues[i].target, slotValues[i].claims)
            digest &+= Self.slotFact(r, target, claims)
        }
        slotValues[i] = SlotValue(target: target, claims: claims)
    }

    mutating func adoptedAppend(_ holder: ObjectID, _ target: ObjectID) {
        let h = record(forWriting: holder)
        if digesting { digest &+= Self.adoptedFact(holder.index, adopted[h].count, target) }
        adopted[h].append(target)
    }

    mutating func adoptedRemove(_ holder: ObjectID, at k: Int) {
        let h = place(holder)
        if digesting {
            let a = adopted[h]
            for j in k..<a.count { digest &-= Self.adoptedFact(holder.index, j, a[j]) }
            for j in (k + 1)..<a.count { digest &+= Self.adoptedFact(holder.index, j - 1, a[j]) }
        }
        adopted[h].remove(at: k)
    }

    /// What `holder` adopted (nothing if it is retired).
    func adoptedObjects(_ holder: ObjectID) -> [ObjectID] {
        let h = place(holder)
        return h < 0 ? [] : adopted[h]
    }

    mutating func adoptedTakeAll(_ holder: ObjectID) -> [ObjectID] {
        let h = place(holder)
        guard h >= 0 else { return [] }
        let a = adopted[h]
        if digesting { for (j, o) in a.enumerated() { digest &-= Self.adoptedFact(holder.index, j, o) } }
        adopted[h] = []
        return a
    }

    @inline(__always) mutating func poolAppend(_ o: ObjectID) {
        let p = pools.count - 1
        if digesting { digest &+= Self.poolFact(p, pools.entryCount(p), o) }
        pools.append(o)
    }

    mutating func poolPopLast(_ p: Int) -> ObjectID? {
        guard let o = pools.popLast(p) else { return nil }
        if digesting { digest &-= Self.poolFact(p, pools.entryCount(p), o) }
        return o
    }
}

extension EngineState {
    /// The next object frame `f` has left to release from a list, if any.
    @inline(__always) mutating func nextPending(ofFrame f: Int) -> (ObjectID, Cause)? {
        let l = Int(frames[f].pendingList)
        guard l >= 0, pendingLists[l].next < pendingLists[l].objects.count else { return nil }
        pendingLists[l].next += 1
        return (pendingLists[l].objects[pendingLists[l].next - 1], pendingLists[l].cause)
    }

    /// Queues `taken` to be released by frame `f` (the running one, so its list, if new, is
    /// the last).
    @inline(__always) mutating func addPending(_ taken: [ObjectID], cause: Cause, toFrame f: Int) {
        // A step runs only once the frame's pending releases are done, so the objects it
        // queues replace those: the list taken is kept as it is, not copied into another.
        if frames[f].pendingList < 0 {
            frames[f].pendingList = Int32(pendingLists.count)
            pendingLists.append(PendingReleases(objects: taken, cause: cause))
            return
        }
        let l = Int(frames[f].pendingList)
        if pendingLists[l].next == pendingLists[l].objects.count {
            pendingLists[l].objects = taken
            pendingLists[l].next = 0
        } else {
            pendingLists[l].objects += taken
        }
        pendingLists[l].cause = cause
    }

    /// Ends every frame (a crash stops the cascade).
    mutating func dropFrames() {
        frames.removeAll()
        framePlans.removeAll()
        pendingLists.removeAll()
        frameIndent = 0
    }
}
