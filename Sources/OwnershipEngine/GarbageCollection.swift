/// The Mac's garbage collector (G1, deprecated since OS X 10.8): with `garbageCollected`
/// set, retain, release and autorelease do nothing, stores keep plain pointers, and an
/// object lives while a root reaches it through any non-weak reference.
extension Engine {
    /// Finalizes every live, visible object that no root reaches through any reference
    /// (any slot, list or adopted object; weak slots do not count: they were never
    /// registered as strong). Weak references to them read nil. Objects go in id order, so
    /// the trace is the same on every run. Returns what was collected.
    @discardableResult
    public func collectGarbage(roots: [ObjectID]) -> [ObjectID] {
        guard crash == nil else { return [] }
        let reached = reachableByAnyPointer(from: roots)
        var collected: [ObjectID] = []
        for i in 0..<counts.count where states[i] != .deallocated && !reached[i] && !isHidden(ObjectID(Int32(i))) {
            collected.append(ObjectID(Int32(i)))
        }
        for o in collected {
            states[o.index] = .deallocating
            deallocSite[o.index] = site
            emit(.dealloc(o))
            let referrers = weakReferrers[o.index]
            weakReferrers[o.index] = []
            for r in referrers {
                slotTarget[slotIndex(r)] = -1
                emit(.weakZeroed(r, target: o))
            }
        }
        for o in collected {
            states[o.index] = .deallocated
            counts[o.index] = 0
            forgetWeakSlots(of: o)
        }
        return collected
    }

    /// Reachability as the collector sees it: every pointer but a weak one keeps its target.
    func reachableByAnyPointer(from roots: [ObjectID]) -> [Bool] {
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
                guard t >= 0 else { continue }
                if info.isList { lists[Int(t)].forEach(visit); continue }
                let target = ObjectID(t)
                if weakReferrers[target.index].contains(SlotRef(o, k)) { continue }
                visit(target)
            }
            adopted[o.index].forEach(visit)
        }
        return seen
    }
}
