import CocoaSimulator
import NibScriptInterpreter
extension Explore {
    /// The nodes a search has seen, kept per group (the whole search is group 0; a sharded
    /// search has one group per subtree), the original run's (`base`, sharded searches),
    /// and on all cores the nodes that variants still running pass, with the variant's
    /// number.
    ///
    /// A class whose tables are unchecked for exclusivity, not variables captured by the
    /// workers' lookup closure: captured, each was boxed, and every access at every
    /// decision point of every worker was checked at run time. It is safe because on all
    /// cores every access happens under `lock` (sequentially, on one thread), and each is
    /// one read or one change of an entry that calls nothing touching the book again.
    package final class NodeBook {
        @exclusivity(unchecked) private var groups: [Seen] = []
        @exclusivity(unchecked) private(set) var base: Seen = [:]
        @exclusivity(unchecked) private var passing: [NodeMap<(used: UInt8, index: Int)>] = []
        /// Taken by every lookup on all cores, and by a merge while it marks a run's nodes.
        let lock = SpinningLock()

        /// How many nodes are seen, in every group and the original run.
        var count: Int { groups.reduce(base.count) { $0 + $1.count } }

        /// The nodes group `g` has seen.
        func group(_ g: Int) -> Seen { g < groups.count ? groups[g] : [:] }

        /// Marks a node of the original run (sharded searches): false if it was seen at
        /// `used` warnings or fewer already.
        func markBase(_ key: NodeKey, used: Int) -> Bool {
            if let u = base[key], Int(u) <= used { return false }
            base[key] = UInt8(used)
            return true
        }

        /// Marks run `r`'s nodes seen in group `g`, up to the first one seen before at as few
        /// warnings or fewer (where the run is cut), and returns how many it marked. With
        /// `merged`, the run is that variant on all cores: the nodes it was passing are in
        /// the group now, or never will be, so they stop being passing; and the book's lock is
        /// taken for a few nodes at a time, so that the other workers' lookups wait for a
        /// few nodes' work at most, not the whole run's. A lookup between two of those steps
        /// may miss a node the merge is about to mark and let its variant go on: that only
        /// costs work, since the merge cuts the variant at the same node (see `merge`).
        func markSeen(_ r: RunResult, group g: Int, merged: Int?) -> Int {
            var marked = 0
            guard let merged else {
                // One core: all at once.
                while marked < r.visited.count, mark(r.visited[marked], group: g) { marked += 1 }
                return marked
            }
            // All cores: eight nodes per taking of the lock, each chunk's passing entries
            // dropped (only looked-up nodes have any) and its nodes marked until the cut.
            var cut = false
            for at in stride(from: 0, to: r.visited.count, by: 8) {
                let end = min(r.visited.count, at + 8)
                lock.withLock {
                    if g < passing.count {
                        for v in r.visited[at..<end] where v.key.isLookedUp && passing[g][v.key]?.index == merged {
                            passing[g][v.key] = nil
                        }
                    }
                    while !cut && marked < end {
                        if mark(r.visited[marked], group: g) { marked += 1 } else { cut = true }
                    }
                }
            }
            return marked
        }

        /// Marks one node of a run seen in group `g`: false, marking nothing, if it was seen
        /// at as few warnings or fewer already (the run is cut there). On all cores the
        /// caller holds `lock`.
        func mark(_ v: Visit, group g: Int) -> Bool {
            while groups.count <= g { groups.append([:]) }
            if let u = groups[g][v.key] ?? base[v.key], Int(u) <= v.used { return false }
            groups[g][v.key] = UInt8(v.used)
            return true
        }

        /// On all cores: what variant `i` of group `g`, at `used` warnings, finds at node
        /// `key` — the fewest warnings it was seen with, or passed with by an earlier variant
        /// still running. When that does not stop the variant, it is recorded (if `records`)
        /// as passing the node, for later variants, unless an earlier one already is.
        func lookup(_ key: NodeKey, used: Int, variant i: Int, group g: Int, records: Bool = true) -> UInt8? {
            var u = (g < groups.count ? groups[g][key] : nil) ?? base[key]
            let p = g < passing.count ? passing[g][key] : nil
            if let p, p.index < i { u = min(u ?? .max, p.used) }
            if let u, Int(u) <= used { return u }
            if !records { return u }
            if let p, p.index <= i { return u }
            while passing.count <= g { passing.append([:]) }
            passing[g][key] = (UInt8(used), i)
            return u
        }

        /// Forgets every passing node (a new wave starts).
        func resetPassing() { passing = [] }
    }
}
