/// explore's state digest, kept as the state changes instead of walked at every run-loop turn.
///
/// What it covers: the same facts as `stateHash` — for every object ever allocated, its
/// count, state and class; every slot's target and claims, by its holder's id and its number
/// in the holder's layout (a list slot's target is its list's number); every list element, with its list and position; every adopted +1, with its
/// holder and position; every pending pool entry, with its pool and position; the number of
/// objects, lists and pools, and the crash. Each fact is hashed on its own with a strong
/// 64-bit mix (splitmix64's finalizer over the words) and the digest is the wrapping sum of
/// the facts' hashes, so a change costs two mixes (the old fact out, the new one in) and
/// reading the digest costs O(1). A slot that is nil with no claims has no fact: which slots
/// exist follows from the objects' classes. Positions are part of the facts, so order in a
/// list or a pool counts, as it does for what happens next.
///
/// Two different states collide only if their differing facts' hashes happen to sum alike:
/// for facts hashed independently to 64 bits, about 2^-64 per pair of states.
extension EngineState {
    @inline(__always) static func mix(_ tag: Int, _ a: Int, _ b: Int, _ c: Int) -> UInt64 {
        var h = StableHash()
        h.combine(tag); h.combine(a); h.combine(b); h.combine(c)
        return h.value
    }

    @inline(__always) static func objectFact(_ i: Int, _ count: Int32, _ state: ObjectState, _ cls: ClassID) -> UInt64 {
        mix(1, i, Int(count), Int(state.rawValue) | (Int(cls.raw) << 8))
    }

    /// Nothing for an empty slot (nil, no claims). By holder and slot number, not by the
    /// slot's place in `slotValues`: places are reused (ObjectIdentities.swift), and two runs
    /// that reach the same objects may have put them in different places.
    @inline(__always) static func slotFact(_ r: SlotRef, _ target: Int32, _ claims: Int32) -> UInt64 {
        target < 0 && claims == 0 ? 0 : mix(2, Int(r.holder.raw) << 32 | Int(r.slot), Int(target), Int(claims))
    }

    @inline(__always) static func listFact(_ list: Int, _ position: Int, _ o: ObjectID) -> UInt64 {
        mix(3, list, position, Int(o.raw))
    }

    @inline(__always) static func adoptedFact(_ holder: Int, _ position: Int, _ o: ObjectID) -> UInt64 {
        mix(4, holder, position, Int(o.raw))
    }

    @inline(__always) static func poolFact(_ pool: Int, _ position: Int, _ o: ObjectID) -> UInt64 {
        mix(5, pool, position, Int(o.raw))
    }

    /// Stores every live record's fact (`facts`), as the digest begins to be kept.
    mutating func keepObjectFacts() {
        facts = [UInt64](repeating: 0, count: objects.count)
        for i in 0..<ids.count where ids[i].place >= 0 {
            let l = Int(ids[i].place)
            facts[l] = Self.objectFact(i, objects[l].count, objects[l].state, classID(ObjectID(Int32(i))))
        }
    }

    /// The sum of every fact's hash, walked from scratch.
    func computedDigest() -> UInt64 {
        var d: UInt64 = 0
        for i in 0..<ids.count {
            let o = ObjectID(Int32(i))
            d &+= Self.objectFact(i, count(o), state(o), classID(o))
            // A retired object's slots are all empty, and it adopted nothing.
            let l = place(o)
            guard l >= 0 else { continue }
            let base = Int(objects[l].slotBase)
            for k in 0..<classes[classID(ObjectID(Int32(i))).index].slots.count {
                d &+= Self.slotFact(SlotRef(o, k), slotValues[base + k].target, slotValues[base + k].claims)
            }
            for (j, a) in adopted[l].enumerated() { d &+= Self.adoptedFact(i, j, a) }
        }
        for (l, list) in lists.enumerated() { for (j, o) in list.enumerated() { d &+= Self.listFact(l, j, o) } }
        for (p, pool) in pools.all.enumerated() { for (j, o) in pool.enumerated() { d &+= Self.poolFact(p, j, o) } }
        return d
    }
}

extension Engine {
    /// Whether the engine keeps its state digest as it goes (explore turns it on; other runs
    /// do not pay for it). Turning it on computes it once from scratch.
    public var maintainsStateDigest: Bool {
        get { s.digesting }
        set {
            s.digesting = newValue
            if newValue { s.keepObjectFacts(); s.digest = s.computedDigest() }
        }
    }

    /// The state digest (see StateDigest.swift) combined into `h`: O(1) while
    /// `maintainsStateDigest` is on, a walk over the whole state otherwise.
    public func stateDigest(into h: inout StableHash) {
        h.combine(s.ids.count)
        h.combine(s.lists.count)
        h.combine(s.pools.count)
        h.combine(Int(bitPattern: UInt(s.digesting ? s.digest : s.computedDigest())))
        if let c = s.crash { h.combine(c.message) } else { h.combine(-4) }
    }

    /// The digest as kept, and as walked from scratch: equal unless an update was missed
    /// (for tests).
    public var stateDigests: (kept: UInt64, computed: UInt64) { (s.digest, s.computedDigest()) }

    /// The list slots that hold `o` (one per occurrence), in the order it was added to them.
    public func listHolders(of o: ObjectID) -> [SlotRef] { s.listHolders(of: o) }

    /// The same, one by one, without building an array: asked at every push (which stack
    /// holds a controller) and for every view's way up to the window.
    @inlinable public func forEachListHolder(of o: ObjectID, _ body: (SlotRef) -> Void) {
        let first = s.firstListHolder(o)
        if first.holder.raw < 0 { return }   // `EngineState.noHolder`
        body(first)
        if let more = s.moreListHolders[o.raw] { for r in more { body(r) } }
    }
}
