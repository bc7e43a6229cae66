import OwnershipEngine

/// Where an outlet's value goes, as found by the platform's search. Indirect: a search
/// hands out a copy of its kept answer at every outlet a nib connects and every key a
/// cleanup sets to nil, and copying or dropping a boxed answer is one reference count,
/// where an inline one was a switch over its case and its payload's fields.
package indirect enum OutletTarget {
    /// A synthesized property setter `setFoo:`; the property's attribute decides retain.
    case setter(RuntimeProperty)
    /// A setter body written in the script (`setFoo:` or `_setFoo:`).
    case method(selector: String, MethodBody, RuntimeClass)
    /// iOS KVC found the ivar: release the old value, retain the new (N7).
    case kvcIvar(RuntimeIvar)
    /// Mac: an ivar named exactly like the outlet, set with no retain and no release (N6).
    case directIvar(RuntimeIvar)
    /// `setValue:forUndefinedKey:`, overridden in the script.
    case undefinedKeyOverride(MethodBody, RuntimeClass)
    /// iOS: `setValue:forUndefinedKey:` raises NSUndefinedKeyException.
    case undefinedKey
    /// Mac: nothing found; the outlet stays nil (a warning).
    case notConnected
}

/// Key-Value Coding as the nib loaders use it to connect outlets and as `setValue:forKey:`
/// does it: the iOS search (N7), the Mac nib loader's (N6), their answers kept per class.
package enum KeyValueCoding {
    package static func capitalized(_ key: String) -> String {
        guard let f = key.first else { return key }
        return f.uppercased() + key.dropFirst()
    }

    /// `setFoo:` for `foo`. A key that starts with an ASCII byte (all of them, nearly) is
    /// written byte by byte: uppercasing a `Character` cost about 1,700 instructions a
    /// setter (`a.child = b` in a loop spent 5 % of its run on it); the result is the same.
    package static func setterSelector(_ key: String) -> String {
        var key = key
        let ascii: String? = key.withUTF8 { u in
            guard let f = u.first, f < 0x80 else { return nil }
            return String(unsafeUninitializedCapacity: u.count + 4) { out in
                out[0] = UInt8(ascii: "s"); out[1] = UInt8(ascii: "e"); out[2] = UInt8(ascii: "t")
                out[3] = f >= UInt8(ascii: "a") && f <= UInt8(ascii: "z") ? f - 32 : f
                for i in 1..<u.count { out[i + 3] = u[i] }
                out[u.count + 3] = UInt8(ascii: ":")
                return u.count + 4
            }
        }
        return ascii ?? "set\(capitalized(key)):"
    }

    /// iOS: `setValue:forKey:` — `setFoo:`, `_setFoo:`, then (unless the class turns off
    /// direct ivar access) the ivars `_foo`, `_isFoo`, `foo`, `isFoo`, then
    /// `setValue:forUndefinedKey:` (N7).
    package static func iosSearch(_ key: String, in cls: RuntimeClass) -> OutletTarget {
        // A class's methods, properties and ivars never change during a run: the answer is
        // kept per class (each run has its own classes, so no thread shares the cache).
        // The keys a class is asked for are few (its outlets): compared first, they are found
        // without hashing the key.
        // A shared class (a built-in) keeps no answer: other threads' runs read it.
        if cls.isShared { return uncachedIOSSearch(key, in: cls) }
        if let t = cls.iosKVCRecent.value(for: key) { return t }
        if let t = cls.iosKVCCache[key] { return t }
        let t = uncachedIOSSearch(key, in: cls)
        cls.iosKVCCache[key] = t
        cls.iosKVCRecent.remember(key, t)
        return t
    }

    private static func uncachedIOSSearch(_ key: String, in cls: RuntimeClass) -> OutletTarget {
        if let t = setter(key, in: cls, selectors: [setterSelector(key), "_" + setterSelector(key)]) { return t }
        if cls.option("accessInstanceVariablesDirectly") != "NO" {
            let cap = capitalized(key)
            for name in ["_" + key, "_is" + cap, key, "is" + cap] {
                if let v = cls.ivar(name) { return .kvcIvar(v) }
            }
        }
        if let (m, owner) = cls.method("setValue:forUndefinedKey:") { return .undefinedKeyOverride(m, owner) }
        return .undefinedKey
    }

    /// Mac: `setFoo:`, else an ivar named exactly `foo`, else nothing (N6). Neither
    /// `_setFoo:` nor `_foo` is looked for.
    package static func macSearch(_ key: String, in cls: RuntimeClass) -> OutletTarget {
        if cls.isShared { return uncachedMacSearch(key, in: cls) }
        if let t = cls.macKVCCache[key] { return t }
        let t = uncachedMacSearch(key, in: cls)
        cls.macKVCCache[key] = t
        return t
    }

    private static func uncachedMacSearch(_ key: String, in cls: RuntimeClass) -> OutletTarget {
        if let t = setter(key, in: cls, selectors: [setterSelector(key)]) { return t }
        if let v = cls.ivar(key) { return .directIvar(v) }
        return .notConnected
    }

    private static func setter(_ key: String, in cls: RuntimeClass, selectors: [String]) -> OutletTarget? {
        for sel in selectors {
            // A setter written in the script wins over a synthesized one, as an explicit
            // method implementation does over @synthesize.
            if let (m, owner) = cls.method(sel) { return .method(selector: sel, m, owner) }
            if sel == selectors[0], let p = cls.property(key) { return .setter(p) }
        }
        return nil
    }

    /// Whether the class has anything either platform's search could use for the key: a
    /// setter, `_setKey:`, or one of the ivars KVC looks for (even if the class turns that
    /// search off: the outlet is then declared, and refusing it is the point of the script).
    package static func hasAnyTarget(for key: String, in cls: RuntimeClass) -> Bool {
        if setter(key, in: cls, selectors: [setterSelector(key), "_" + setterSelector(key)]) != nil { return true }
        let cap = capitalized(key)
        return ["_" + key, "_is" + cap, key, "is" + cap].contains { cls.ivar($0) != nil }
    }
}

/// What `cleanup kvc` does to each of a class's keys at a view unload (V10), as plain data:
/// the search (N7) is made once per class and list of keys. A reference, kept by the class.
package final class KVCNilPlan {
    /// Plain data, so reading a step out copies no reference.
    package enum Step {
        /// A synthesized setter, or the ivar KVC found: nil stored by the rule the setter
        /// or the ivar's ownership gives.
        case store(slot: Int, rule: StoreRule)
        /// A setter written in the script: `methods[index]`.
        case method(index: Int)
        /// No setter and no ivar: nothing is set.
        case nothing
    }

    package let keys: [String]
    package let steps: [Step]
    package let methods: [(selector: String, method: MethodBody, owner: RuntimeClass)]

    /// The plan for `keys`, from each key's target as the iOS search (N7) found it.
    package init(keys: [String], targets: [OutletTarget]) {
        var steps: [Step] = []
        var methods: [(selector: String, method: MethodBody, owner: RuntimeClass)] = []
        for t in targets {
            switch t {
            // Storing nil through a setter or ivar does what `storeThroughSetter` and the KVC
            // ivar path do with nil: a copy setter copies nothing and stores as a strong one does.
            case .setter(let p):
                switch p.ownership {
                case .strong, .none, .copy: steps.append(.store(slot: p.slot, rule: .retain))
                case .assign: steps.append(.store(slot: p.slot, rule: .assign))
                case .weak: steps.append(.store(slot: p.slot, rule: .weak))
                }
            case .method(let sel, let m, let owner):
                steps.append(.method(index: methods.count))
                methods.append((sel, m, owner))
            case .kvcIvar(let iv):
                steps.append(.store(slot: iv.slot, rule: iv.ownership == .weak ? .weak : (iv.ownership == .assign ? .assign : .retain)))
            default:
                steps.append(.nothing)
            }
        }
        self.keys = keys; self.steps = steps; self.methods = methods
    }
}
