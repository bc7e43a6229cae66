/// Leaks, dangling references and abandoned memory, found by walking ownership.
extension Engine {
    /// Objects alive now that no root reaches through owning references (O9): slots
    /// holding a claim, owned lists, adopted +1s. Hidden objects (the client's variable
    /// frames) are never reported; they are usually roots themselves. Sorted by id.
    /// An object whose dealloc had begun when a crash stopped the run is not a leak: its
    /// count reached 0, so no one owes it a release (issue 29; grammar.md, "A leak").
    /// `followsAdopted(holder)` says whether the +1s `holder` adopted are references
    /// anyone can follow (an application's, a controller's that releases them) or only
    /// bookkeeping of who owes the release (a plain File's Owner's, N3): those are not
    /// followed, so an object only they hold is a leak.
    public func leaks(roots: [ObjectID], followsAdopted: (ObjectID) -> Bool = { _ in true }) -> [ObjectID] {
        let reached = reachable(from: roots, followsAdopted: followsAdopted)
        return (0..<s.ids.count).compactMap { i in
            let o = ObjectID(Int32(i))
            return s.state(o) == .alive && !reached[i] && !isHidden(o) ? o : nil
        }
    }

    /// Every object reachable from `roots` through owning references, as a bitmap by id.
    /// An explicit worklist, not recursion: reference chains can be long.
    public func reachable(from roots: [ObjectID], skipping skip: (SlotRef) -> Bool = { _ in false },
                          followsAdopted: (ObjectID) -> Bool = { _ in true }) -> [Bool] {
        traverse(from: roots, skipping: skip, followsAdopted: followsAdopted) { _, _, claims in claims > 0 }
    }

    /// The walk both the leak search and the collector use: slots `skip` names are never
    /// followed; otherwise lists always are, and a single slot when
    /// `follows(slot, target, claims)` says so. What a holder adopted is followed when
    /// `followsAdopted(holder)`; otherwise (a plain File's Owner's +1s, N3) an adopted object
    /// is reached only if some reached object still points at it from a slot, owning or not
    /// (the owner's ivar outlet it will release through): the +1 alone is a debt, not a
    /// pointer. An explicit worklist, not recursion: reference chains can be long.
    func traverse(from roots: [ObjectID], skipping skip: (SlotRef) -> Bool = { _ in false },
                  followsAdopted: (ObjectID) -> Bool = { _ in true },
                  follows: (SlotRef, ObjectID, Int32) -> Bool) -> [Bool] {
        let s = self.s  // one read of the state for the whole walk
        var seen = [Bool](repeating: false, count: s.ids.count)
        // An adopted object of a holder whose +1s are debts becomes reached once both hold:
        // its holder was reached (`owed`) and a reached slot points at it (`pointed`).
        var owed = [Bool](repeating: false, count: s.ids.count)
        var pointed = [Bool](repeating: false, count: s.ids.count)
        var work: [ObjectID] = []
        func visit(_ o: ObjectID) {
            guard !seen[o.index], s.state(o) != .deallocated else { return }
            seen[o.index] = true
            work.append(o)
        }
        // `visit` is only ever called, never passed as a closure (`forEach(visit)`): as a
        // closure value it made `seen` and `work` boxed, with every access checked at run time.
        for r in roots { visit(r) }
        while let o = work.popLast() {
            // Only objects not deallocated are visited: each has its live record.
            let c = s.classID(o).index
            let l = s.place(o)
            let base = Int(s.objects[l].slotBase)
            for k in s.classes[c].slotIsList.indices {
                let t = s.slotValues[base + k].target
                guard t >= 0, !skip(SlotRef(o, k)) else { continue }
                if s.classes[c].slotIsList[k] { for x in s.lists[Int(t)] { visit(x) }; continue }
                let target = ObjectID(t)
                if follows(SlotRef(o, k), target, s.slotValues[base + k].claims) {
                    visit(target)
                } else {
                    pointed[target.index] = true
                    if owed[target.index] { visit(target) }
                }
            }
            guard !s.adopted.isEmpty(at: l) else { continue }
            if followsAdopted(o) {
                for a in s.adopted[l] { visit(a) }
            } else {
                for a in s.adopted[l] {
                    owed[a.index] = true
                    if pointed[a.index] { visit(a) }
                }
            }
        }
        return seen
    }

    public struct Dangling: Sendable, Equatable {
        public var slot: SlotRef
        public var target: ObjectID
    }

    /// Single slots of live, visible objects that still point at a deallocated object (O10).
    public func danglingReferences() -> [Dangling] {
        var out: [Dangling] = []
        for i in 0..<s.ids.count where s.state(ObjectID(Int32(i))) != .deallocated {
            let o = ObjectID(Int32(i))
            if isHidden(o) { continue }
            let c = s.classID(ObjectID(Int32(i))).index
            let base = Int(s.objects[s.place(o)].slotBase)
            for k in s.classes[c].slotIsList.indices where !s.classes[c].slotIsList[k] {
                let t = s.slotValues[base + k].target
                if t >= 0, s.state(ObjectID(t)) == .deallocated { out.append(Dangling(slot: SlotRef(o, k), target: ObjectID(t))) }
            }
        }
        return out
    }

    /// A fingerprint of everything that decides what happens next: counts, states, every
    /// slot and claim, lists, pools. Two runs that reach equal fingerprints behave the same
    /// from there on (the basis of state-space exploration). Names and event history are
    /// left out on purpose.
    public func stateHash(into h: inout Hasher) {
        h.combine(s.ids.count)
        for i in 0..<s.ids.count {
            let o = ObjectID(Int32(i))
            h.combine(s.count(o)); h.combine(s.state(o).rawValue); h.combine(s.classID(ObjectID(Int32(i))).raw)
        }
        // Every slot by its holder, in id order (a retired holder's are all empty).
        for i in 0..<s.ids.count {
            let o = ObjectID(Int32(i))
            for k in 0..<s.classes[s.classID(ObjectID(Int32(i))).index].slots.count {
                let v = s.slotValue(SlotRef(o, k))
                h.combine(v.target); h.combine(v.claims)
            }
        }
        for l in s.lists { h.combine(l.count); for o in l { h.combine(o.raw) } }
        for i in 0..<s.ids.count {
            let a = s.adoptedObjects(ObjectID(Int32(i)))
            if !a.isEmpty { h.combine(i); h.combine(a.count); for o in a { h.combine(o.raw) } }
        }
        for p in s.pools.all { h.combine(p.count); for o in p { h.combine(o.raw) } }
        h.combine(s.crash?.message)
    }
}
