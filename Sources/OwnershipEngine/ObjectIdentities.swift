/// What every object ever made keeps, alive or dead: its class and name (as one identity)
/// and where its live record is. 8 bytes.
///
/// Why: an `ObjectID` is never reused (traces, zombie messages and dangling references name
/// a dead object by it), so whatever is indexed by it grows with every object ever made. A
/// run of a million `new` + `release` rounds kept a 40-byte record, a 16-byte name and the
/// sparse lists' heads for each dead object (about 110 bytes with the arrays' growth). Now
/// what only a live object needs (count, state, slots, the list holding it, weak references,
/// adopted +1s) is in a live record, whose place is reused once the object is deallocated
/// and nothing of it is left to read: its count is 0 and every slot, list and holder empty.
/// What a dead object still answers (its class, its name, where it was deallocated, which
/// events it had) is here and in `EventHistory`, and its display number is counted
/// (`VisibleNumbers`).
///
/// Class and name are one index into `EngineState.identities`, interned (issue 27, item 4):
/// a script's rounds and a nib's objects of one class and name share one, and the record is
/// 8 bytes where a class and a name beside the place made it 12 (a million `new` + `release`
/// rounds kept 12 MB of them at their peak). An object whose name is its own (a nib's views)
/// pays 8 bytes for its identity instead.
@usableFromInline struct IDRecord {
    /// Its class and name: an index into `EngineState.identities`.
    @usableFromInline var identity: Int32
    /// `>= 0`: the index of its live record in `EngineState.objects`. `< 0`: retired (see
    /// above), deallocated at site `-2 - place` (sites are the client's, `>= -1`).
    @usableFromInline var place: Int32
}

/// A class and a name (its index in `EngineState.names`), shared by the objects that have both.
@usableFromInline struct Identity: Equatable {
    @usableFromInline var classID: ClassID
    @usableFromInline var name: Int32
    @usableFromInline init(classID: ClassID, name: Int32) { self.classID = classID; self.name = name }
}

/// Objects' display numbers (1, 2, 3… in allocation order among visible objects), counted
/// rather than stored: a bit per object and a running total per 64 objects, so an object's
/// number costs it 0.19 bytes, not 4.
struct VisibleNumbers {
    private struct Word {
        var bits: UInt64
        /// Visible objects before this word's first.
        var before: Int32
    }
    /// Every full word (64 objects).
    private var words: [Word] = []
    /// The word being filled, kept out of the array until it is full: an alloc then writes
    /// no array element.
    private var current = Word(bits: 0, before: 0)
    private var count = 0
    private var visible: Int32 = 0

    mutating func reserveCapacity(_ n: Int) { words.reserveCapacity((n + 63) / 64) }

    @inline(__always) mutating func append(visible isVisible: Bool) {
        if isVisible {
            current.bits |= 1 << UInt64(count & 63)
            visible += 1
        }
        count += 1
        if count & 63 == 0 {
            words.append(current)
            current = Word(bits: 0, before: visible)
        }
    }

    /// Object `i`'s number: 0 for a hidden one.
    func number(_ i: Int) -> Int32 {
        let word = i >> 6 < words.count ? words[i >> 6] : current
        let bit = UInt64(1) << UInt64(i & 63)
        guard word.bits & bit != 0 else { return 0 }
        return word.before + Int32((word.bits & (bit - 1)).nonzeroBitCount) + 1
    }
}

extension EngineState {
    /// The index of `name` in `names`, added if it is new to the cache.
    ///
    /// A direct-mapped cache of recent names, not a dictionary: hashing every name with the
    /// standard hasher cost more than the rest of an alloc. A name the cache has forgotten is
    /// stored again (names are read only when something is printed, so a duplicate is only
    /// 16 bytes); a script's rounds reuse a few names, so nearly every alloc finds its own.
    @inline(__always) mutating func intern(_ name: String) -> Int32 {
        let n = ObjectName(name, longNames: &longNames)
        // The name of the alloc before, most often (a script's rounds, a nib's objects of one name).
        if lastName >= 0, names[Int(lastName)] == n { return lastName }
        lastName = internMiss(n)
        return lastName
    }

    @inline(never) private mutating func internMiss(_ n: ObjectName) -> Int32 {
        if nameCache.isEmpty { nameCache = [Int32](repeating: -1, count: Self.nameCacheSize) }
        let h = n.bucket(Self.nameCacheSize)
        let k = nameCache[h]
        if k >= 0, names[Int(k)] == n { return k }
        names.append(n)
        nameCache[h] = Int32(names.count - 1)
        return Int32(names.count - 1)
    }

    static var nameCacheSize: Int { 1024 }

    /// The index of class `c` with name `name` (interned) in `identities`, added if it is
    /// new to the cache: the last alloc's first, then a direct-mapped cache as for names. A
    /// pair the cache has forgotten is stored again (8 bytes).
    @inline(__always) mutating func identity(_ c: ClassID, name: Int32) -> Int32 {
        let k = Identity(classID: c, name: name)
        if lastIdentity >= 0, identities[Int(lastIdentity)] == k { return lastIdentity }
        lastIdentity = identityMiss(k)
        return lastIdentity
    }

    @inline(never) private mutating func identityMiss(_ k: Identity) -> Int32 {
        if identityCache.isEmpty { identityCache = [Int32](repeating: -1, count: Self.nameCacheSize) }
        let mixed = (UInt32(bitPattern: k.classID.raw) &* 0x9E37_79B1) ^ (UInt32(bitPattern: k.name) &* 0x85EB_CA77)
        let h = Int(mixed >> 22)  // 10 bits: `nameCacheSize`
        let i = identityCache[h]
        if i >= 0, identities[Int(i)] == k { return i }
        identities.append(k)
        identityCache[h] = Int32(identities.count - 1)
        return Int32(identities.count - 1)
    }

    /// `o`'s class and name.
    @inlinable @inline(__always) func identity(of o: ObjectID) -> Identity {
        let i = Int(idRecord(o).identity)
        return identities.withUnsafeBufferPointer { $0[i] }
    }

    /// `o`'s class (unchecked reads, as `idRecord`: identities come from `identity(_:name:)`).
    @inlinable @inline(__always) func classID(_ o: ObjectID) -> ClassID { identity(of: o).classID }

    /// A live record's place for a new object with `slots` slots: a freed one with as many
    /// slots if any, its block of slots with it.
    ///
    /// The free places are linked lists through themselves (a free record's `count` names the
    /// next free place), one per number of slots, so a freed record keeps its block of slots
    /// and the next object of as many slots takes both: a pop and a push are a read and a
    /// write of the record the alloc or the dealloc touches anyway, and of the list's head.
    @inline(__always) mutating func newRecord(slots n: Int) -> Int {
        if n == 0 {
            if freeRecords >= 0 {
                let l = Int(freeRecords)
                freeRecords = record(l).count
                freeCount -= 1
                objects[l] = ObjectRecord(count: 1, state: .alive, slotBase: 0, deallocSite: -1, firstListHolder: EngineState.noHolder)
                return l
            }
        } else if n < freeWithSlots.count, freeWithSlots[n] >= 0 {
            // Its slots were all empty when it was freed (see `endDealloc`).
            let l = Int(freeWithSlots[n])
            let r = record(l)
            freeWithSlots[n] = r.count
            freeCount -= 1
            objects[l] = ObjectRecord(count: 1, state: .alive, slotBase: r.slotBase, deallocSite: -1, firstListHolder: EngineState.noHolder)
            return l
        }
        let base = Int32(slotValues.count)
        if n > 0, ids.count < reservedUpTo, slotValues.count + n > slotValues.capacity { reserveSlotsForReservedObjects(n) }
        // One append per slot: a class has a few, and appending a block (a template array, or
        // repeated elements) cost more in the generic append than the appends themselves.
        for _ in 0..<n { slotValues.append(.empty) }
        objects.append(ObjectRecord(count: 1, state: .alive, slotBase: base, deallocSite: -1, firstListHolder: EngineState.noHolder))
        return objects.count - 1
    }

    /// The end of `o`'s dealloc: deallocated, and its live record freed if nothing of it is
    /// left to read (count 0, every slot empty, in no list, no weak reference to it, nothing
    /// adopted). What it answered then it answers from its `IDRecord` alone. Its fact in the
    /// digest is the same for a retired object as for the record it had (`objectFact`,
    /// count 0, deallocated).
    ///
    /// A call, not inlined into `runFrames`: inlined, it made the loop too large for the dealloc
    /// steps (`Engine.perform`) to be inlined into it, which cost more than this call (about
    /// 100 instructions a dealloc). Its reads are unchecked (`record`, `idRecord`,
    /// `slotsEmpty`), as are its writes (`retire`): with checks, this was a third of an
    /// alloc-and-release round.
    @inline(never) mutating func endDealloc(_ o: ObjectID) {
        let id = idRecord(o)
        let l = Int(id.place)
        guard l >= 0 else { return }
        let r = record(l)
        let c = identities.withUnsafeBufferPointer { $0[Int(id.identity)].classID }
        let n = Int(classes.withUnsafeBufferPointer { $0[c.index].slotCount })
        // The record's own fields first, then its slots (most objects that keep anything keep
        // a pointer), then the lists beside it.
        guard r.count == 0, r.firstListHolder.holder.raw < 0, r.deallocSite >= -1,
              n == 0 || slotsEmpty(Int(r.slotBase), n),
              weakReferrers.allEmpty || weakReferrers.isEmpty(at: l), adopted.allEmpty || adopted.isEmpty(at: l) else {
            if digesting { setState(o, l, .deallocated) } else { objects.withUnsafeMutableBufferPointer { $0[l].state = .deallocated } }
            return
        }
        retire(o, c, place: l, slots: n, site: r.deallocSite)
    }

    /// Frees the live record of `o` (deallocated, at place `l`, with `n` slots, all empty).
    /// Wrapping arithmetic and unchecked writes: `site >= -1` and both indexes are valid
    /// (see `idRecord` and `record`), and the checks were a third of this.
    @inline(__always) private mutating func retire(_ o: ObjectID, _ c: ClassID, place l: Int, slots n: Int, site: Int32) {
        if digesting { digest = digest &- facts[l] &+ Self.objectFact(o.index, 0, .deallocated, c) }
        let retired = -2 &- site
        ids.withUnsafeMutableBufferPointer { $0[o.index].place = retired }
        freeCount &+= 1
        let next: Int32
        if n == 0 {
            next = freeRecords
            freeRecords = Int32(truncatingIfNeeded: l)
        } else {
            if n >= freeWithSlots.count { freeWithSlots += repeatElement(-1, count: n + 1 - freeWithSlots.count) }
            next = freeWithSlots[n]
            freeWithSlots[n] = Int32(truncatingIfNeeded: l)
        }
        objects.withUnsafeMutableBufferPointer { $0[l].count = next }
    }

    @inline(__always) private func slotsEmpty(_ base: Int, _ n: Int) -> Bool {
        slotValues.withUnsafeBufferPointer { v in
            for k in base..<(base + n) where v[k].target >= 0 || v[k].claims != 0 { return false }
            return true
        }
    }

    /// Retires `o` if it is deallocated and nothing of it is left to read (see `endDealloc`).
    mutating func retireIfEmpty(_ o: ObjectID) {
        let l = place(o)
        guard l >= 0, record(l).state == .deallocated else { return }
        endDealloc(o)
    }

    /// `o`'s live record, made again (deallocated, count 0, empty slots) if it was retired:
    /// for a write to a dead object (a store into one of its slots). Its digest fact is
    /// already counted.
    @inline(__always) mutating func record(forWriting o: ObjectID) -> Int {
        let p = idRecord(o).place
        if p >= 0 { return Int(p) }
        return revive(o, site: -2 - p)
    }

    @inline(never) private mutating func revive(_ o: ObjectID, site: Int32) -> Int {
        let c = classID(o)
        let l = newRecord(slots: Int(classes[c.index].slotCount))
        objects[l].count = 0
        objects[l].state = .deallocated
        objects[l].deallocSite = site
        ids[o.index].place = Int32(l)
        if digesting { setFact(l, Self.objectFact(o.index, 0, .deallocated, c)) }
        return l
    }

    /// Stores fact `f` of the object at live place `l` (while digesting).
    @inline(__always) mutating func setFact(_ l: Int, _ f: UInt64) {
        if l < facts.count { facts[l] = f } else { facts.append(f) }
    }

    // Reads by object id, whether or not it has a live record.

    /// `o`'s `IDRecord`, read without a bounds check: every ObjectID a client holds was made by
    /// this engine (or the one whose snapshot it restored, with the client's own state of the
    /// time), and ids are never removed. A checked read (two tests and two branches) at every
    /// retain and release was most of what the id table added to them. Checked in debug builds.
    @inlinable @inline(__always) func idRecord(_ o: ObjectID) -> IDRecord {
        assert(o.index >= 0 && o.index < ids.count, "\(o) was not made by this engine")
        return ids.withUnsafeBufferPointer { $0[o.index] }
    }

    /// The live record at place `l`, read without a bounds check: places come from `ids`,
    /// and every place there is one of `objects` (which never shrinks).
    @inlinable @inline(__always) func record(_ l: Int) -> ObjectRecord {
        assert(l >= 0 && l < objects.count, "no live record at \(l)")
        return objects.withUnsafeBufferPointer { $0[l] }
    }

    @inlinable @inline(__always) func place(_ o: ObjectID) -> Int { Int(idRecord(o).place) }

    @inlinable @inline(__always) func state(_ o: ObjectID) -> ObjectState {
        let l = place(o)
        return l < 0 ? .deallocated : record(l).state
    }

    @inlinable @inline(__always) func count(_ o: ObjectID) -> Int32 {
        let l = place(o)
        return l < 0 ? 0 : record(l).count
    }

    func deallocSite(_ o: ObjectID) -> Int32 {
        let l = place(o)
        return l < 0 ? -2 - Int32(l) : objects[l].deallocSite
    }

    @inlinable @inline(__always) func firstListHolder(_ o: ObjectID) -> SlotRef {
        let l = place(o)
        return l < 0 ? EngineState.noHolder : record(l).firstListHolder
    }

    /// The flat index of slot `r`, or -1 if its holder is retired (every slot of it empty).
    @inlinable @inline(__always) func slotIndexIfAny(_ r: SlotRef) -> Int {
        let l = place(r.holder)
        return l < 0 ? -1 : Int(record(l).slotBase) + Int(r.slot)
    }

    /// What slot `r` holds: its target (-1: nil, or a list's index) and claims.
    @inlinable @inline(__always) func slotValue(_ r: SlotRef) -> SlotValue {
        let i = slotIndexIfAny(r)
        assert(i < slotValues.count, "no slot \(r.slot) in \(r.holder)")
        // Unchecked, like `record`: a slot's index comes from its holder's record and class.
        return i < 0 ? .empty : slotValues.withUnsafeBufferPointer { $0[i] }
    }

    /// The slot at flat index `i` (from `slotIndex(forWriting:)`), read without a bounds check.
    @inline(__always) func slotValueAt(_ i: Int) -> SlotValue {
        assert(i >= 0 && i < slotValues.count)
        return slotValues.withUnsafeBufferPointer { $0[i] }
    }

    /// The flat index of slot `r` for a write (its holder's record made again if retired).
    @inline(__always) mutating func slotIndex(forWriting r: SlotRef) -> Int {
        let l = record(forWriting: r.holder)
        return Int(record(l).slotBase) + Int(r.slot)
    }
}
