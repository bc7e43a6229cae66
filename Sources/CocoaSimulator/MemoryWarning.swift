import OwnershipEngine

/// Memory warnings (V5, V6), view unloading, the automatic outlet cleanups (V10) and
/// abandoned memory (V7, O9).
extension CocoaWorld {
    /// `memoryWarning`: every live view controller gets didReceiveMemoryWarning, in the
    /// order they were allocated.
    public func memoryWarning() {
        note("memory warning: every live view controller gets -didReceiveMemoryWarning (V5\(config.atLeast(6) ? ", V6" : ""))")
        // By id, not through `engine.allObjects`: that builds an array of every object ever made.
        // The class first: most objects are views, and one read of the class's facts
        // passes them over before the object's own state is asked for.
        var live: [ObjectID] = []
        for i in 0..<engine.objectCount {
            let o = ObjectID(Int32(i))
            if classes.isUIViewController(engineClass: engine.classOf(o)) && engine.isAlive(o) && !engine.isHidden(o) { live.append(o) }
        }
        for c in live {
            guard !crashed else { return }
            deliver(.didReceiveMemoryWarning, to: c) { self.defaultDidReceiveMemoryWarning(c) }
        }
        // The abandoned objects are only named in the trace: without one (explore, --quiet)
        // the two reachability passes that find them would be wasted at every warning.
        guard !crashed, let host = _host, host.tracing else { return }
        for o in abandonedObjects() {
            note("abandoned    \(Self.pad(host.label(o), 28)) \(keeper(of: o)) (V7)")
        }
    }

    /// UIViewController's own didReceiveMemoryWarning: on iOS 3.0–5.1, an off-screen loaded
    /// view is released, then viewDidUnload is called (viewWillUnload first on iOS 5);
    /// from iOS 6.0 nothing is unloaded.
    package func defaultDidReceiveMemoryWarning(_ c: ObjectID) {
        guard engine.isAlive(c), classes.isUIViewController(engineClass: engine.classOf(c)) else { return }
        if config.atLeast(6) { return note("iOS \(config.versionText): UIViewController no longer unloads its view (V6)") }
        guard let host = _host else { return }
        guard isViewLoaded(c) else { return note("\(host.shortLabel(c)).view is not loaded: nothing to unload") }
        if isOnScreen(c) { return note("\(host.shortLabel(c)).view is on screen: it stays (V5)") }
        note("\(host.shortLabel(c)).view is loaded and not in a window: UIViewController unloads it (V5)")
        if config.atLeast(5) { deliver(.viewWillUnload, to: c) }
        // `self.view = nil` through the synthesized setter, by the engine class's facts: the
        // property itself is a copy of a struct holding a reference.
        let engineClass = engine.classOf(c)
        guard !crashed, let slot = classes.viewSlot(engineClass: engineClass) else { return }
        engine.store(SlotRef(c, slot), nil, rule: classes.viewNilRule(engineClass: engineClass), cause: CauseNote.viewUnloads.cause)
        guard !crashed else { return }
        unloadTableView(of: c)
        guard !crashed else { return }
        if config.atLeast(3) {
            deliver(.viewDidUnload, to: c) { self.automaticCleanup(c, when: "viewDidUnload") }
        }
    }

    /// V10, as UIViewController subclasses did it in their viewDidUnload (reached when the
    /// script's class does not override it, or its override calls super).
    package func automaticCleanup(_ c: ObjectID, when: String) {
        // `cleanup kvc`, at every unload, by the engine class's facts: its class (a
        // retained reference) is fetched only to make its plan.
        let engineClass = engine.classOf(c)
        if classes.cleansUpByKVC(engineClass: engineClass) {
            let keys = controllers.trackedKeys[c] ?? []
            note("cleanup kvc: setValue:nil forKey: for each key set during loadView: \(keys.isEmpty ? "none" : keys.joined(separator: ", ")) (V10)")
            let plan = kvcNilPlan(for: keys, engineClass: engineClass, of: c)
            for i in plan.steps.indices where !crashed { setNil(plan.steps[i], key: plan.keys[i], of: c, in: plan) }
            controllers.trackedKeys[c] = []
            return
        }
        let cls = runtimeClass(of: c)
        switch cls.option("cleanup") {
        case "views"?:
            let ivars = viewIvars(of: cls)
            note("cleanup views: release every ivar that holds a UIView: \(ivars.isEmpty ? "none" : ivars.map(\.name).joined(separator: ", ")) (V10)")
            for iv in ivars where !crashed {
                let r = SlotRef(c, iv.slot)
                guard let v = engine.read(r) else { continue }
                engine.release(v, cause: because("cleanup views: [\(iv.name) release]"), via: r)
                if !crashed { engine.store(r, nil, rule: .direct(adoptsClaim: false)) }
            }
        default:
            break
        }
    }

    /// V10 in dealloc (the steps a plan runs when the script's dealloc reaches the cleanup
    /// class, `[super dealloc]`): `option cleanup kvc` nils every key KVC set during loadView;
    /// `option cleanup views` releases every ivar whose declared type is a view.
    package func cleanupDeallocSteps(_ o: ObjectID, _ cls: RuntimeClass) -> [DeallocStep] {
        switch cls.option("cleanup") {
        case "kvc"?:
            var steps: [DeallocStep] = []
            for key in controllers._trackedKeys[o] ?? [] {
                switch KeyValueCoding.iosSearch(key, in: cls) {
                case .setter(let p):
                    let rule: StoreRule = p.ownership == .assign ? .assign : (p.ownership == .weak ? .weak : .retain)
                    steps.append(.storeNil(slot: p.slot, rule: rule))
                case .kvcIvar(let iv):
                    let rule: StoreRule = iv.ownership == .assign ? .assign : (iv.ownership == .weak ? .weak : .retain)
                    steps.append(.storeNil(slot: iv.slot, rule: rule))
                default:
                    break
                }
            }
            return steps
        case "views"?:
            return viewIvars(of: cls).flatMap { [DeallocStep.release(slot: $0.slot), .storeNil(slot: $0.slot, rule: .direct(adoptsClaim: false))] }
        default:
            return []
        }
    }

    /// The ivars of the script's classes, from the class up to UIViewController, whose
    /// declared type is a view (the approach `001_…` cites).
    package func viewIvars(of cls: RuntimeClass) -> [RuntimeIvar] {
        var out: [RuntimeIvar] = []
        for k in cls.ancestors where !k.isBuiltin {
            for iv in k.ivars where classes[iv.type]?.isView == true { out.append(iv) }
        }
        return out
    }

    /// What `setValue:nil forKey:` does for each key, by the iOS search (N7). It depends on
    /// the class and the keys alone (a run's classes never change), and a controller's keys
    /// are nearly always its nib's shared list: the class table keeps the last plan by engine
    /// class, and comparing the same list again is one identity check.
    package func kvcNilPlan(for keys: [String], engineClass: ClassID, of c: ObjectID) -> KVCNilPlan {
        if let kept = classes.kvcNilPlan(engineClass: engineClass), kept.keys == keys { return kept }
        let cls = runtimeClass(of: c)
        let plan = KVCNilPlan(keys: keys, targets: keys.map { KeyValueCoding.iosSearch($0, in: cls) })
        classes.keepKVCNilPlan(plan, engineClass: engineClass)
        return plan
    }

    /// `[self setValue:nil forKey:key]`, its target found already.
    package func setNil(_ step: KVCNilPlan.Step, key: String, of c: ObjectID, in plan: KVCNilPlan) {
        let why = because("cleanup kvc: setValue:nil forKey:@\"\(key)\"")
        switch step {
        case .store(let slot, let rule):
            engine.store(SlotRef(c, slot), nil, rule: rule, cause: why)
        case .method(let index):
            let m = plan.methods[index]
            _host?.sendNil(m.method, of: m.owner, to: c, selector: m.selector)
        case .nothing:
            break
        }
    }

    // MARK: Abandoned memory

    /// Controllers whose view was loaded once and is not loaded now.
    package func unloadedControllers() -> Set<ObjectID> {
        Set(controllers.everLoaded.filter { engine.isAlive($0) && runtimeClass(of: $0).isUIViewController && !isViewLoaded($0) })
    }

    /// V7, O9: objects a view load made (in loadView or viewDidLoad) that are still alive,
    /// reachable from the roots, but only through controllers whose view is unloaded. Not
    /// leaks (they are reachable), but memory nobody needs until the view loads again.
    package func abandonedObjects() -> [ObjectID] {
        let unloaded = unloadedControllers()
        guard !unloaded.isEmpty, let host = _host else { return [] }
        let roots = host.roots, adoptionIsReference = host.adoptionIsReference
        let reach = engine.reachable(from: roots, followsAdopted: adoptionIsReference)
        let without = engine.reachable(from: roots, skipping: { unloaded.contains($0.holder) && !self.isKeptBesideTheView($0) },
                                       followsAdopted: adoptionIsReference)
        var out: [ObjectID] = []
        for c in unloaded {
            for o in controllers.viewObjects[c] ?? [] where engine.isAlive(o) && reach[o.index] && !without[o.index] && !out.contains(o) {
                out.append(o)
            }
        }
        return out.sorted()
    }

    /// Which unloaded controller's reference keeps an abandoned object, in words.
    package func keeper(of o: ObjectID) -> String {
        for c in unloadedControllers().sorted() {
            let slots = engine.slots(of: engine.classOf(c))
            for (k, s) in slots.enumerated() where !s.isList {
                let r = SlotRef(c, k)
                if engine.read(r) == o, engine.claims(r) > 0 { return "kept by \(_host?.shortLabel(c) ?? "").\(s.name) while its view is unloaded" }
            }
        }
        return "kept through an object a controller with an unloaded view holds"
    }

    /// `s` filled with spaces to `width` characters (the trace's columns).
    static func pad(_ s: String, _ width: Int) -> String {
        let n = s.count
        return n < width ? s + String(repeating: " ", count: width - n) : s
    }
}
