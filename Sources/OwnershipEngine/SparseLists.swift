/// A list per object that is nearly always empty (the weak references to an object, the +1s
/// it adopted): a dense index of plain Int32s and the few non-empty lists beside it. The
/// index reaches only as far as the last object that ever had a list: an object past it has
/// an empty one, so an alloc appends nothing here (two appends an alloc were a tenth of it).
///
/// Why: explore restores a snapshot of the engine for every variant; the first alloc after it
/// copies each per-object array and the variant's copy is freed when the next one restores.
/// An array of arrays, one (empty) per object, is copied and freed element by element through
/// the generic value witnesses, and each alloc appended an empty array to it the same way;
/// an array of Int32s is copied as a block.
struct SparseLists<Element: Equatable> {
    /// Per object: 1 + the index of its list in `lists`, or 0 when its list is empty (and
    /// for every object past its end).
    private var slots: [Int32] = []
    private var lists: [[Element]] = []
    /// The object each list belongs to (to move the last list into a freed place).
    private var owners: [Int32] = []

    @inline(__always) func isEmpty(at i: Int) -> Bool { i >= slots.count || slots[i] == 0 }

    /// The index reaches object `i`.
    @inline(__always) private mutating func reach(_ i: Int) {
        // Doubling: objects come to have lists in the order they were made, mostly.
        if i >= slots.count { slots += repeatElement(0, count: max(i + 1 - slots.count, slots.count)) }
    }

    /// Whether every list is empty (as the weak references are in nearly every MRC run).
    var allEmpty: Bool { lists.isEmpty }

    subscript(i: Int) -> [Element] {
        get {
            guard i < slots.count else { return [] }
            let e = Int(slots[i]) - 1
            return e < 0 ? [] : lists[e]
        }
        set {
            if newValue.isEmpty && i >= slots.count { return }
            reach(i)
            let e = Int(slots[i]) - 1
            if e >= 0 {
                if newValue.isEmpty { remove(e, of: i) } else { lists[e] = newValue }
            } else if !newValue.isEmpty {
                lists.append(newValue); owners.append(Int32(i)); slots[i] = Int32(lists.count)
            }
        }
        _modify {
            reach(i)
            var e = Int(slots[i]) - 1
            if e < 0 {
                lists.append([]); owners.append(Int32(i)); slots[i] = Int32(lists.count)
                e = lists.count - 1
            }
            yield &lists[e]
            if lists[e].isEmpty { remove(e, of: i) }
        }
    }

    /// Frees list `e` (object `i`'s): the last list takes its place.
    private mutating func remove(_ e: Int, of i: Int) {
        let last = lists.count - 1
        if e != last {
            lists.swapAt(e, last)
            owners.swapAt(e, last)
            slots[Int(owners[e])] = Int32(e + 1)
        }
        lists.removeLast()
        owners.removeLast()
        slots[i] = 0
    }

    /// The non-empty lists with their objects' indexes, in index order (the empty ones, which
    /// a dense array's `enumerated()` would also give, add nothing to any walk of them).
    func enumerated() -> [(offset: Int, element: [Element])] {
        var out: [(offset: Int, element: [Element])] = []
        out.reserveCapacity(lists.count)
        for i in slots.indices where slots[i] != 0 { out.append((i, lists[Int(slots[i]) - 1])) }
        return out
    }
}
