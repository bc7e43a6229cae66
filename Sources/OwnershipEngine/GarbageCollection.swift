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
        guard s.crash == nil else { return [] }
        let reached = reachableByAnyPointer(from: roots)
        var collected: [ObjectID] = []
        for i in 0..<s.ids.count where s.state(ObjectID(Int32(i))) != .deallocated && !reached[i] && !isHidden(ObjectID(Int32(i))) {
            collected.append(ObjectID(Int32(i)))
        }
        collected.forEach(markDeallocating)
        for o in collected {
            let l = s.place(o)
            s.setState(o, l, .deallocated)
            s.setCount(o, l, 0)
            s.forgetWeakSlots(of: o)
        }
        // Retired only once every collected object's weak slots are forgotten: one of them may
        // hold a weak reference to another.
        for o in collected { s.retireIfEmpty(o) }
        return collected
    }

    /// Reachability as the collector sees it: every pointer but a weak one keeps its target.
    func reachableByAnyPointer(from roots: [ObjectID]) -> [Bool] {
        traverse(from: roots) { r, target, _ in
            let l = s.place(target)
            return l < 0 || !s.weakReferrers[l].contains(r)
        }
    }
}
