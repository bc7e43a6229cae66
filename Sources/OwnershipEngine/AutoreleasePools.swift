/// The autorelease pools, outermost (the run loop's) first: every pending release in one
/// array, in the order the pools were pushed, and where each pool's entries begin.
///
/// Why: an array per pool (`[[ObjectID]]`) made each autorelease an append to an array inside
/// an array, two uniqueness checks and a generic append out of line (about 64 instructions, a
/// third of the engine's loop); here it is one append to one array. Pools nest, and a pool is
/// drained and popped before the one outside it, so the innermost pool's entries are always
/// the array's last.
@usableFromInline struct AutoreleasePools {
    /// Every pool's pending releases, the outermost pool's first.
    @usableFromInline var entries: [ObjectID] = []
    /// Where each pool's entries begin in `entries` (the outermost's at 0).
    @usableFromInline var starts: [Int] = [0]

    /// How many pools there are.
    @inlinable var count: Int { starts.count }

    /// The pending releases of every pool.
    @inlinable var pendingCount: Int { entries.count }

    /// Where pool `p`'s entries end in `entries`.
    @inline(__always) func end(_ p: Int) -> Int { p + 1 < starts.count ? starts[p + 1] : entries.count }

    /// Pool `p`'s pending releases, oldest first.
    subscript(p: Int) -> ArraySlice<ObjectID> { entries[starts[p] ..< end(p)] }

    /// Every pool's pending releases, outermost pool first.
    var all: [ArraySlice<ObjectID>] { starts.indices.map { self[$0] } }

    /// How many releases pool `p` has pending.
    func entryCount(_ p: Int) -> Int { end(p) - starts[p] }

    /// A new innermost pool.
    mutating func push() { starts.append(entries.count) }

    /// Removes the innermost pool; its releases (none after a drain) go to the pool outside it.
    mutating func popInnermost() { starts.removeLast() }

    /// One more pending release in the innermost pool.
    @inline(__always) mutating func append(_ o: ObjectID) { entries.append(o) }

    /// Removes the newest entry of pool `p`, if it has one.
    @inline(__always) mutating func popLast(_ p: Int) -> ObjectID? {
        // The innermost pool, nearly always: its entries are the array's last.
        if p == starts.count - 1 {
            guard entries.count > starts[p] else { return nil }
            return entries.removeLast()
        }
        return popLastNotInnermost(p)
    }

    @inline(never) private mutating func popLastNotInnermost(_ p: Int) -> ObjectID? {
        let e = end(p)
        guard e > starts[p] else { return nil }
        // Not the innermost pool (a pool pushed while this one drains, not yet popped): the
        // pools inside it begin one entry earlier.
        let o = entries.remove(at: e - 1)
        for q in (p + 1) ..< starts.count { starts[q] -= 1 }
        return o
    }
}
