/// A list per object that is nearly always empty (the weak references to an object, the +1s
/// it adopted): a dense index of plain Int32s and the few non-empty lists beside it.
///
/// Why: explore restores a snapshot of the engine for every variant; the first alloc after it
/// copies each per-object array and the variant's copy is freed when the next one restores.
/// An array of arrays, one (empty) per object, is copied and freed element by element through
/// the generic value witnesses, and each alloc appended an empty array to it the same way;
/// an array of Int32s is copied as a block.
struct SparseLists<Element: Equatable> {
    /// Per object: 1 + the index of its list in `lists`, or 0 when its list is empty.
    private var slots: [Int32] = []
    private var lists: [[Element]] = []
    /// The object each list belongs to (to move the last list into a freed place).
    private var owners: [Int32] = []

    var count: Int { slots.count }

    /// Room for `count` objects in all.
    mutating func reserveCapacity(_ count: Int) { slots.reserveCapacity(count) }

    /// One more object, with an empty list.
    mutating func appendEmpty() { slots.append(0) }

    func isEmpty(at i: Int) -> Bool { slots[i] == 0 }

    /// Whether every list is empty (as the weak references are in nearly every MRC run).
    var allEmpty: Bool { lists.isEmpty }

    subscript(i: Int) -> [Element] {
        get {
            let e = Int(slots[i]) - 1
            return e < 0 ? [] : lists[e]
        }
        set {
            let e = Int(slots[i]) - 1
            if e >= 0 {
                if newValue.isEmpty { remove(e, of: i) } else { lists[e] = newValue }
            } else if !newValue.isEmpty {
                lists.append(newValue); owners.append(Int32(i)); slots[i] = Int32(lists.count)
            }
        }
        _modify {
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
