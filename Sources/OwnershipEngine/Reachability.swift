/// Leaks, dangling references and abandoned memory, found by walking ownership.
extension Engine {
    /// Objects alive now that no root reaches through owning references (O9): slots
    /// holding a claim, owned lists, adopted +1s. Hidden objects (the client's variable
    /// frames) are never reported; they are usually roots themselves. Sorted by id.
    public func leaks(roots: [ObjectID]) -> [ObjectID] {
        let reached = reachable(from: roots)
        return (0..<s.counts.count).compactMap { i in
            let o = ObjectID(Int32(i))
            return s.states[i] != .deallocated && !reached[i] && !isHidden(o) ? o : nil
        }
    }

    /// Every object reachable from `roots` through owning references, as a bitmap by id.
    /// An explicit worklist, not recursion: reference chains can be long.
    public func reachable(from roots: [ObjectID], skipping skip: (SlotRef) -> Bool = { _ in false }) -> [Bool] {
        traverse(from: roots, skipping: skip) { _, _, claims in claims > 0 }
    }

    /// The walk both the leak search and the collector use: slots `skip` names are never
    /// followed; otherwise lists and adopted objects always are, and a single slot when
    /// `follows(slot, target, claims)` says so. An explicit worklist, not recursion:
    /// reference chains can be long.
    func traverse(from roots: [ObjectID], skipping skip: (SlotRef) -> Bool = { _ in false },
                  follows: (SlotRef, ObjectID, Int32) -> Bool) -> [Bool] {
        let s = self.s  // one read of the state for the whole walk
        var seen = [Bool](repeating: false, count: s.counts.count)
        var work: [ObjectID] = []
        func visit(_ o: ObjectID) {
            guard !seen[o.index], s.states[o.index] != .deallocated else { return }
            seen[o.index] = true
            work.append(o)
        }
        roots.forEach(visit)
        while let o = work.popLast() {
            let layout = s.classes[s.classOf[o.index].index].slots
            let base = Int(s.slotBase[o.index])
            for (k, info) in layout.enumerated() {
                let t = s.slotTarget[base + k]
                guard t >= 0, !skip(SlotRef(o, k)) else { continue }
                if info.isList { s.lists[Int(t)].forEach(visit); continue }
                if follows(SlotRef(o, k), ObjectID(t), s.slotClaims[base + k]) { visit(ObjectID(t)) }
            }
            s.adopted[o.index].forEach(visit)
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
        for i in 0..<s.counts.count where s.states[i] != .deallocated {
            let o = ObjectID(Int32(i))
            if isHidden(o) { continue }
            let layout = s.classes[s.classOf[i].index].slots
            let base = Int(s.slotBase[i])
            for (k, info) in layout.enumerated() where !info.isList {
                let t = s.slotTarget[base + k]
                if t >= 0, s.states[Int(t)] == .deallocated { out.append(Dangling(slot: SlotRef(o, k), target: ObjectID(t))) }
            }
        }
        return out
    }

    /// A fingerprint of everything that decides what happens next: s.counts, states, every
    /// slot and claim, lists, pools. Two runs that reach equal fingerprints behave the same
    /// from there on (the basis of state-space exploration). Names and event history are
    /// left out on purpose.
    public func stateHash(into h: inout Hasher) {
        h.combine(s.counts.count)
        for i in 0..<s.counts.count { h.combine(s.counts[i]); h.combine(s.states[i].rawValue); h.combine(s.classOf[i].raw) }
        for i in 0..<s.slotTarget.count { h.combine(s.slotTarget[i]); h.combine(s.slotClaims[i]) }
        for l in s.lists { h.combine(l.count); for o in l { h.combine(o.raw) } }
        for (i, a) in s.adopted.enumerated() where !a.isEmpty { h.combine(i); h.combine(a.count); for o in a { h.combine(o.raw) } }
        for p in s.pools { h.combine(p.count); for o in p { h.combine(o.raw) } }
        h.combine(s.crash?.message)
    }
}
