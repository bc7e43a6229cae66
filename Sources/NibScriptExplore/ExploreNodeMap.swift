import CocoaSimulator
import NibScriptInterpreter
extension Explore {
    /// A hash table keyed by search node. A node is already one well-mixed 64-bit hash
    /// (`NodeKey.value`, splitmix's finalizer), so its low bits pick the slot: a Dictionary
    /// would run SipHash over it at every lookup, and the seen and passing nodes are looked
    /// up at every decision point of every variant (on two cores, under the node book's lock,
    /// where that hashing was a fifth of what the second core added).
    ///
    /// Open addressing with linear probing, at most half full. Removing an entry shifts the
    /// entries of its probe run back, so there are no tombstones and lookups stay short
    /// however many nodes come and go (the passing nodes do, at every merge). Key 0 marks an
    /// empty slot, so a node whose hash is 0 is kept aside. A value is read only where its
    /// key is, so empty slots hold whatever value was there (a copy of the first one put in
    /// when the table was made): no optional, which made each seen node's byte two.
    package struct NodeMap<Value>: ExpressibleByDictionaryLiteral {
        private var keys: [UInt64] = []
        private var values: [Value] = []
        private var zero: Value?
        private(set) var count = 0

        package init(dictionaryLiteral elements: (NodeKey, Value)...) {
            for (k, v) in elements { self[k] = v }
        }

        var isEmpty: Bool { count == 0 }

        package subscript(key: NodeKey) -> Value? {
            get {
                let k = key.value
                if k == 0 { return zero }
                guard let i = slot(of: k) else { return nil }
                return values[i]
            }
            set {
                let k = key.value
                if k == 0 {
                    count += (newValue == nil ? 0 : 1) - (zero == nil ? 0 : 1)
                    zero = newValue
                } else if let newValue {
                    insert(k, newValue)
                } else {
                    remove(k)
                }
            }
        }

        /// The slot holding `k` (not 0), if any.
        private func slot(of k: UInt64) -> Int? {
            guard !keys.isEmpty else { return nil }
            let mask = keys.count - 1
            var i = Int(truncatingIfNeeded: k) & mask
            while true {
                let s = keys[i]
                if s == k { return i }
                if s == 0 { return nil }
                i = (i + 1) & mask
            }
        }

        private mutating func insert(_ k: UInt64, _ v: Value) {
            if (count + 1) * 2 > keys.count { grow(filler: v) }
            let mask = keys.count - 1
            var i = Int(truncatingIfNeeded: k) & mask
            while true {
                let s = keys[i]
                if s == k { values[i] = v; return }
                if s == 0 { break }
                i = (i + 1) & mask
            }
            keys[i] = k
            values[i] = v
            count += 1
        }

        /// Backward-shift deletion: each later entry of the probe run that may live in the
        /// freed slot (its home is not cyclically between the hole and itself) moves there.
        private mutating func remove(_ k: UInt64) {
            guard var hole = slot(of: k) else { return }
            let mask = keys.count - 1
            var j = hole
            while true {
                j = (j + 1) & mask
                let s = keys[j]
                if s == 0 { break }
                let home = Int(truncatingIfNeeded: s) & mask
                let stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
                if !stays {
                    keys[hole] = s
                    values[hole] = values[j]
                    hole = j
                }
            }
            keys[hole] = 0
            count -= 1
        }

        private mutating func grow(filler: Value) {
            let oldKeys = keys, oldValues = values
            let size = max(16, keys.count * 2)
            keys = Array(repeating: 0, count: size)
            values = Array(repeating: filler, count: size)
            let mask = size - 1
            for j in oldKeys.indices where oldKeys[j] != 0 {
                let s = oldKeys[j]
                var i = Int(truncatingIfNeeded: s) & mask
                while keys[i] != 0 { i = (i + 1) & mask }
                keys[i] = s
                values[i] = oldValues[j]
            }
        }
    }
}
