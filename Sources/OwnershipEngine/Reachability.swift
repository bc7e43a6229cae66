/// Leaks, dangling references and abandoned memory, found by walking ownership.
extension Engine {
    /// Objects alive now that no root reaches through owning references (O9): slots
    /// holding a claim, owned lists, adopted +1s. Hidden objects (the client's variable
    /// frames) are never reported; they are usually roots themselves. Sorted by id.
    public func leaks(roots: [ObjectID]) -> [ObjectID] {
        let reached = reachable(from: roots)
        return (0..<counts.count).compactMap { i in
            let o = ObjectID(Int32(i))
            return states[i] != .deallocated && !reached[i] && !isHidden(o) ? o : nil
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
        var seen = [Bool](repeating: false, count: counts.count)
        var work: [ObjectID] = []
        func visit(_ o: ObjectID) {
            guard !seen[o.index], states[o.index] != .deallocated else { return }
            seen[o.index] = true
            work.append(o)
        }
        roots.forEach(visit)
        while let o = work.popLast() {
            let layout = classes[classOf[o.index].index].slots
            let base = Int(slotBase[o.index])
            for (k, info) in layout.enumerated() {
                let t = slotTarget[base + k]
                guard t >= 0, !skip(SlotRef(o, k)) else { continue }
                if info.isList { lists[Int(t)].forEach(visit); continue }
                if follows(SlotRef(o, k), ObjectID(t), slotClaims[base + k]) { visit(ObjectID(t)) }
            }
            adopted[o.index].forEach(visit)
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
        for i in 0..<counts.count where states[i] != .deallocated {
            let o = ObjectID(Int32(i))
            if isHidden(o) { continue }
            let layout = classes[classOf[i].index].slots
            let base = Int(slotBase[i])
            for (k, info) in layout.enumerated() where !info.isList {
                let t = slotTarget[base + k]
                if t >= 0, states[Int(t)] == .deallocated { out.append(Dangling(slot: SlotRef(o, k), target: ObjectID(t))) }
            }
        }
        return out
    }

    /// A fingerprint of everything that decides what happens next: counts, states, every
    /// slot and claim, lists, pools. Two runs that reach equal fingerprints behave the same
    /// from there on (the basis of state-space exploration). Names and event history are
    /// left out on purpose.
    public func stateHash(into h: inout Hasher) {
        h.combine(counts.count)
        for i in 0..<counts.count { h.combine(counts[i]); h.combine(states[i].rawValue); h.combine(classOf[i].raw) }
        for i in 0..<slotTarget.count { h.combine(slotTarget[i]); h.combine(slotClaims[i]) }
        for l in lists { h.combine(l.count); for o in l { h.combine(o.raw) } }
        for (i, a) in adopted.enumerated() where !a.isEmpty { h.combine(i); h.combine(a.count); for o in a { h.combine(o.raw) } }
        for p in pools { h.combine(p.count); for o in p { h.combine(o.raw) } }
        h.combine(crash?.message)
    }
}
