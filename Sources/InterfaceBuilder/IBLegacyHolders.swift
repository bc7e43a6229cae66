// Objects without an object record, and the records that skip over them.
//
// A legacy archive gives no record to some objects: a clip view, a box's or a table cell's
// content view, and in some 8.00 files a scroll view's document view. A record names the
// nearest recorded ancestor as its parent, however many unrecorded objects sit between: with
// nested scroll views (a scroll view in a clip view's document view, in another scroll view)
// that is two or more, and a record may even name an unrecorded object as its parent. Here
// each unrecorded object on such a path — and each unrecorded object a connection points at —
// gets a record of its own, so that the tree and the connections see every object; the path
// is found through what each object holds by an owning key (not by where the XML happens to
// write an element first).

extension IBLegacyArchive {
    /// How far up the search for a recorded ancestor goes (archives nest a few levels).
    static let maxHolderDepth = 16
    /// How many holders one search looks at, at most: a real object has one or two, and a
    /// hostile archive with thousands of objects holding one element must not make the
    /// searches quadratic.
    static let maxHoldersVisited = 256

    /// `records` with a record added for each unrecorded object that holds a recorded one, or
    /// that a connection points at, and each record's parent made its nearest holder.
    func withRecordsForHolders(_ records: [Record], container: Int, rootObjects: Set<Int>) -> [Record] {
        let owners = owningObjects(excluding: container)
        var recorded: Set<Int> = Set(records.map(\.element))
        recorded.formUnion(rootObjects)
        // The search passes through holders given a record here, never through the file's own.
        let ownRecords = recorded
        var out = records
        var position: [Int: Int] = [:]   // element → position in out; lookup only
        for (i, record) in out.enumerated() where position[record.element] == nil { position[record.element] = i }

        /// The holders from `element` up to the first recorded object (or `goal`), nearest first,
        /// that recorded object last; nil when there is none within the depth limit.
        func pathUp(from element: Int, to goal: Int?) -> [Int]? {
            var previous: [Int: Int] = [element: element]
            var frontier = [element]
            for _ in 0..<Self.maxHolderDepth {
                var next: [Int] = []
                for node in frontier {
                    for owner in owners[node] ?? [] where previous[owner] == nil {
                        if previous.count > Self.maxHoldersVisited { return nil }
                        previous[owner] = node
                        let reached = goal.map { owner == $0 } ?? ownRecords.contains(owner)
                        if reached {
                            var path = [owner]
                            var step = node
                            while step != element { path.append(step); step = previous[step]! }
                            return path.reversed()
                        }
                        // A recorded object that is not the goal ends that way up.
                        if !ownRecords.contains(owner) { next.append(owner) }
                    }
                }
                if next.isEmpty { return nil }
                frontier = next
            }
            return nil
        }

        /// Gives each holder on `path` (all but its last, recorded element) a record whose
        /// parent is the next one up.
        func addRecords(along path: [Int]) {
            for (holder, parent) in zip(path, path.dropFirst()) where !recorded.contains(holder) {
                recorded.insert(holder)
                let id = "archive-" + (elements[holder].attributes["id"] ?? String(holder))
                position[holder] = out.count
                out.append(Record(objectID: id, element: holder, parent: parent, name: nil))
            }
        }

        for i in records.indices {
            let record = records[i]
            guard let parent = record.parent else { continue }
            if !recorded.contains(parent) {
                // The parent itself has no record: it gets one, as does each holder above it.
                guard isHolder(parent), let path = pathUp(from: parent, to: nil) else { continue }
                addRecords(along: [parent] + path)
            }
            // Recorded parent: the holders between it and the object, if any, get records.
            guard let path = pathUp(from: record.element, to: parent), path.count > 1 else { continue }
            addRecords(along: path)
            out[i].parent = path[0]
        }
        // An unrecorded object a connection points at (a clip view, a content view).
        for end in connectionEnds(container).sorted() where !recorded.contains(end) && isHolder(end) {
            if let path = pathUp(from: end, to: nil) { addRecords(along: [end] + path) }
        }
        return out
    }

    /// An object that can stand in the tree: not a value, an array or IB's own bookkeeping.
    private func isHolder(_ element: Int) -> Bool {
        let e = elements[element]
        guard e.name == "object", let archiveClass = e.archiveClass else { return false }
        return !IBLegacyClassMap.isValueClass(archiveClass) && !IBLegacyClassMap.isArray(e)
            && !archiveClass.hasPrefix("IBObject") && !archiveClass.hasSuffix("Record")
            && !archiveClass.hasSuffix("Connection")
    }

    /// For each object, the objects that hold it by an owning key (directly or as an array
    /// member), in document order; the records' container (`excluding`) is left out.
    private func owningObjects(excluding container: Int) -> [Int: [Int]] {
        var skipped: Set<Int> = []
        var stack = [container]
        while let e = stack.popLast() {
            skipped.insert(e)
            stack.append(contentsOf: elements[e].children)
        }
        var owners: [Int: [Int]] = [:]
        for holder in elements.indices where !skipped.contains(holder) && isHolder(holder) {
            func own(_ element: Int) {
                guard element != holder, isHolder(element) else { return }
                // A holder's keys are walked together: a repeat is always its last owner.
                if owners[element]?.last != holder { owners[element, default: []].append(holder) }
            }
            for c in elements[holder].children {
                guard let key = elements[c].key, !IBLegacyClassMap.nonOwningKeys.contains(key),
                      let t = target(c) else { continue }
                if IBLegacyClassMap.isArray(elements[t]) {
                    for m in members(t) { if let mt = target(m) { own(mt) } }
                } else {
                    own(t)
                }
            }
        }
        return owners
    }
}
