import OwnershipEngine

/// Loading a nib: instantiate every object, then connect every outlet (N1), with each
/// platform's rules for top-level objects (N3, N4, N5) and for finding outlets (N6, N7).
/// The host runs what its classes wrote (initializers, setters, awakeFromNib), keeps the
/// names the objects get, and hears of the loader's events (`connected`, `unconnected`).
extension CocoaWorld {
    /// `plan`: the nib's plan when the caller keeps it (a controller class's view nib), so
    /// that finding it hashes no name.
    package func loadNib(_ model: NibModel, owner: ObjectID?, keptBy controller: ObjectID? = nil, plan keptPlan: NibClassPlan? = nil) {
        let name = model.name
        // The model's arrays, held once: each `model.objects[i]` retained and released the
        // array, several times per object.
        let modelObjects = model.objects, connections = model.connections
        note("load nib '\(name)' with File's Owner \(owner.map(shortLabel) ?? "nil"): instantiate \(model.objects.count) object\(model.objects.count == 1 ? "" : "s"), then connect")
        let keepsPlan = modelObjects.count <= NibClassPlan.maxObjects
        // A reference: what a load finds is written into the kept plan in place.
        let plan = keepsPlan ? keptPlan ?? classPlan(forNib: name) : NibClassPlan()
        if let o = owner, let want = model.ownerClass {
            // An owner's class found to be of the class the nib wants stays so: kept by id.
            let ownerClass = engine.classOf(o)
            if plan.ownerClassFound == ownerClass.raw, plan.fixedModel || plan.ownerClassWanted == want {
            } else if runtimeClass(of: o).isKind(of: want) {
                if keepsPlan { plan.ownerClassFound = ownerClass.raw; plan.ownerClassWanted = want }
            } else {
                _host?.warn("nib '\(name)' expects File's Owner of class \(want), got \(label(o))")
            }
        }
        if let doc = model.documentPlatform, doc != config.platform {
            _host?.warn("nib '\(name)' was written for \(doc == .ios ? "iOS" : "the Mac"); loading it with the rules of \(config.isIOS ? "iOS" : "the Mac")")
        }
        if model.ignoredSegues > 0 {
            note("\(model.ignoredSegues) segue\(model.ignoredSegues == 1 ? "" : "s") ignored: a segue retains nothing until it is performed")
        }
        _host?.depth += 1
        defer { _host?.depth -= 1 }
        // A storyboard's Application scene connects NSApp: it exists before the scene's objects.
        for i in connections.indices where connections[i].source == .application || connections[i].hasDestination(.application) {
            _ = _host?.applicationObject()
            break
        }

        // The application keeps a main nib's top-level objects (N5): it exists before them, so
        // its alloc is not traced in the middle of theirs.
        if model.isMain { _ = _host?.applicationObject() }

        // Phase 1: instantiate. Objects of a class usually come in runs (a view's subviews),
        // so the class found for the previous object is tried first: one string compare. A
        // small nib (a controller's view, loaded again at each push) keeps what it found for
        // each object (`nibClassPlans`), checked by name as it is used, so a later load looks
        // no class up and works out nothing again.
        // The run's buffer for a load's objects, taken for this load (a load nested in an
        // awakeFromNib takes an empty one) and handed back: a view nib loads at every push.
        var objects = nibObjectsBuffer
        nibObjectsBuffer = []
        objects.removeAll(keepingCapacity: true)
        defer { nibObjectsBuffer = objects }
        objects.reserveCapacity(modelObjects.count)
        if modelObjects.count >= 4096 { engine.reserveCapacity(objects: modelObjects.count) }
        var awake: [(object: ObjectID, method: MethodBody, owner: RuntimeClass)] = []
        var last: LoadedClass?
        // Objects and connections are read in place, field by field: a copy of one retains
        // each of its strings and arrays, and a small nib is loaded at every push.
        for i in modelObjects.indices {
            guard !crashed else { return }
            let k: LoadedClass
            if i < plan.classes.count, plan.fixedModel || plan.classes[i].name == modelObjects[i].className {
                k = plan.classes[i]
            } else {
                let className = modelObjects[i].className
                if let l = last, l.name == className {
                    k = l
                } else {
                    guard let c = classes[className] else { return }
                    k = LoadedClass(className, c)
                }
                if keepsPlan {
                    if i < plan.classes.count { plan.classes[i] = k } else if i == plan.classes.count { plan.classes.append(k) }
                }
            }
            last = k
            let createdWithInit = modelObjects[i].createdWithInit
            let initializer = (createdWithInit ?? !k.archived) ? "init" : "initWithCoder:"
            if _tracing { _host?.noteNextAlloc("-\(initializer) (from the nib)") }
            let o = engine.alloc(k.engineClass, name: modelObjects[i].name)
            // Most objects of a nib are views whose initializers the script never wrote.
            if !(k.initializesNothing && createdWithInit == nil) { _host?.runInitializers(initializer, of: k.cls, on: o) }
            objects.append(o)
            if let (m, owner) = k.awake { awake.append((o, m, owner)) }
            guard !crashed else { return }
            if let p = modelObjects[i].parent {
                attach(o, to: objects[p], modelObjects[i].relationship)
            } else {
                disposeTopLevel(o, model, owner: owner, controller: controller)
            }
        }
        // Phase 2: connect. (`resolve` reads a constant: a captured variable would be boxed
        // and each read of it checked for exclusivity.)
        let made = objects
        func resolve(_ e: NibModel.Endpoint) -> ObjectID? {
            switch e {
            case .owner: return owner
            case .object(let i): return made[i]
            case .application: return _host?.applicationObject()
            }
        }
        for i in connections.indices {
            guard !crashed else { break }
            let src = resolve(connections[i].source)
            switch connections[i].kind {
            case .action:
                let c = connections[i]
                let target = resolve(c.destination).map(shortLabel) ?? "nil"
                note("action \(src.map(shortLabel) ?? "nil") → [\(target) \(c.name)]: the target is not retained (N9)")
            case .outlet:
                guard let s = src else { note("outlet \(connections[i].name) of File's Owner: the owner is nil, nothing connects"); continue }
                // An earlier connection's store may have released the last reference to
                // the source (File's Owner held only by itself): the loader's next message
                // to it is a zombie message (O5), during a load as anywhere.
                guard engine.isAlive(s) else { zombieConnection(connections[i].name, to: s); break }
                if !connections[i].isCollection, connections[i].moreDestinations.isEmpty {
                    // The target the search finds depends on the source's class and the key
                    // alone: kept per connection, it is checked against the class at each load.
                    let key = connections[i].name
                    let sourceClass = engine.classOf(s)
                    let target: OutletTarget
                    // (Plans are kept by nib name, and two nibs may share one: the key is checked too.)
                    if i < plan.outletSourceClasses.count, plan.outletSourceClasses[i] == sourceClass.raw, plan.fixedModel || plan.outletKeys[i] == key {
                        // Untraced, an outlet set by a plain store is that store and its event.
                        if !_tracing, let store = plan.outletStores[i] {
                            connectOutlet(key, of: s, to: resolve(connections[i].destination), slot: Int(store.slot), rule: store.rule)
                            continue
                        }
                        target = plan.outletTargets[i]
                    } else {
                        target = outletTarget(key, in: runtimeClass(of: s))
                        if keepsPlan {
                            plan.keepOutlet(i, of: connections.count, sourceClass: sourceClass, key: key, target: target,
                                            store: plainStore(for: target))
                        }
                    }
                    connectOutlet(key, of: s, to: resolve(connections[i].destination), target: target)
                } else {
                    connectCollection(connections[i].name, of: s, to: connections[i].destinations.compactMap(resolve))
                }
            }
        }
        // The names the objects get, and the scenes' view nibs, are the host's to keep.
        _host?.nibDidLoad(model, objects: objects, plan: keepsPlan ? plan : nil)
        // awakeFromNib goes to every object that came out of the archive, after all connections.
        for a in awake where !crashed { _host?.runMethod(a.method, of: a.owner, on: a.object, selector: "awakeFromNib") }
        // B5 (grammar.md): on the Mac, File's Owner is sent awakeFromNib too, at every nib it
        // owns (the Resource Programming Guide; iOS sends it to no placeholder).
        if !config.isIOS, let o = owner, !crashed, engine.isAlive(o), let (m, cls) = runtimeClass(of: o).method("awakeFromNib") {
            _host?.runMethod(m, of: cls, on: o, selector: "awakeFromNib")
        }
    }

    /// What loading an object of a class needs, found once for a run of objects of that class.
    /// A reference: a plan hands one out per object loaded, and copying the fields would
    /// retain each of them.
    package final class LoadedClass {
        package let name: String
        package let cls: RuntimeClass
        package let engineClass: ClassID
        /// Whether the loader creates it with `initWithCoder:` (else `init`), unless the element says.
        package let archived: Bool
        /// Creating one with its class's own initializer runs no code of the script's and
        /// records no controller callback.
        package let initializesNothing: Bool
        package let awake: (MethodBody, RuntimeClass)?

        package init(_ name: String, _ cls: RuntimeClass) {
            self.name = name
            self.cls = cls
            engineClass = cls.engineClass
            archived = cls.isArchivedByIB
            initializesNothing = !cls.isViewController && !cls.isWindowController
                && cls.initializerBodies(archived ? "initWithCoder:" : "init").isEmpty
            awake = cls.method("awakeFromNib")
        }
    }

    /// N2: a nested object ends owned by its parent alone.
    func attach(_ o: ObjectID, to parent: ObjectID, _ rel: NibModel.Relationship) {
        let balance = CauseNote.nibLoaderBalancesAlloc.cause
        switch rel {
        case .subview:
            guard let slot = classes.subviewsSlot(engineClass: engine.classOf(parent)) else { return }
            engine.listAppend(SlotRef(parent, slot), o)
            engine.release(o, cause: balance)
        case .property(let key):
            _host?.setProperty(key, of: parent, to: o, fresh: false, cause: because("\(shortLabel(parent)).\(key) holds it"))
            if !crashed { engine.release(o, cause: balance) }
        case .collection(let name):
            // A collection the catalogue does not know is held like any owned child.
            let pcls = runtimeClass(of: parent)
            guard let slot = pcls.list(name) ?? pcls.list("children") else { return }
            engine.listAppend(SlotRef(parent, slot), o)
            engine.release(o, cause: balance)
        case .topLevel:
            break
        }
    }

    /// N3, N4, N5: what happens to the +1 of a top-level object.
    func disposeTopLevel(_ o: ObjectID, _ model: NibModel, owner: ObjectID?, controller: ObjectID?) {
        // The rule is the simulator's (CocoaSimulator/NibLoadingRules.swift); carrying it out
        // and saying so in the trace is the run's.
        let keptList = controller.flatMap { runtimeClass(of: $0).list("topLevelObjects") }
        switch TopLevelDisposal.rule(config, isMainNib: model.isMain, fromStoryboard: model.fromStoryboard,
                                     controllerKeepsTopLevelObjects: keptList != nil, hasOwner: owner != nil) {
        case .keptByApplication:
            // N5: the main nib's top-level objects are not autoreleased; the application keeps them.
            engine.adopt(o, by: _host!.applicationObject())
            note("top-level object of the main nib: not autoreleased, stays at +1 for the application (N5)", extraDepth: 2)
        case .autoreleased:
            engine.autorelease(o, cause: because("top-level object of nib '\(model.name)' (N4)"))
        case .autoreleasedByStoryboard:
            // -[NSStoryboard instantiateControllerWithIdentifier:] returns its controller +0.
            engine.autorelease(o, cause: CauseNote.instantiateController.cause)
        case .keptByController:
            let c = controller!
            engine.listAdopt(SlotRef(c, keptList!), o)
            note("\(shortLabel(c)) keeps it in its top-level objects and releases it in dealloc (N3)", extraDepth: 2)
        case .collected:
            note("top-level object: under garbage collection it lives while something references it; nothing to release (G1)", extraDepth: 2)
        case .keptByOwner:
            let owner = owner!
            engine.adopt(o, by: owner)
            // ARC forbids `release`: the +1 is given back through Core Foundation (issue 28, item 5).
            note("top-level object left at +1: File's Owner \(shortLabel(owner)) must \(config.isARC ? "give it back with CFRelease, as ARC forbids release" : "release it") (N3)", extraDepth: 2)
        case .leftAtPlusOne:
            note("top-level object left at +1 with no File's Owner to release it (N3)", extraDepth: 2)
        }
    }

    /// The plan of a small nib, made at its first load and kept by name.
    package func classPlan(forNib name: String) -> NibClassPlan {
        if let kept = nibClassPlans[name] { return kept }
        let plan = NibClassPlan()
        nibClassPlans[name] = plan
        return plan
    }

    /// Where the platform's search (N6, N7) sends outlet `key` of an object of class `cls`.
    package func outletTarget(_ key: String, in cls: RuntimeClass) -> OutletTarget {
        KeyValueCoding.outletTarget(key, in: cls, config: config)
    }

    /// N6 (Mac) and N7 (iOS): find where outlet `key` of `source` goes and set it.
    package func connectOutlet(_ key: String, of source: ObjectID, to value: ObjectID?) {
        connectOutlet(key, of: source, to: value, target: outletTarget(key, in: runtimeClass(of: source)))
    }

    /// The store an outlet's target comes down to when it is one engine store of the value
    /// (not a copy, not the script's code, not an error): the slot and the rule that
    /// `connectOutlet` would use. It depends on the target and the run's memory model alone.
    package func plainStore(for target: OutletTarget) -> NibClassPlan.OutletStore? {
        target.plainStore(config)
    }

    /// An outlet that comes down to one store (`plainStore`), when no trace is written.
    func connectOutlet(_ key: String, of source: ObjectID, to value: ObjectID?, slot: Int, rule: StoreRule) {
        if let v = value { _host?.nibEvent(.connected, v) }
        engine.store(SlotRef(source, slot), value, rule: rule, cause: because("outlet \(key)"))
    }

    /// An outlet whose target the search already found.
    package func connectOutlet(_ key: String, of source: ObjectID, to value: ObjectID?, target: OutletTarget, by how: String = "outlet") {
        // Words for the trace and for warnings: made only when one of them needs them.
        var what: String { "\(how) \(shortLabel(source)).\(key) → \(value.map(shortLabel) ?? "nil")" }
        let cause = because("\(how) \(key)")
        // Only an outlet that found a place is `connected`; one that found nothing is
        // `unconnected` (Mac) or raises (iOS), and is not also logged as connected.
        switch target {
        case .notConnected, .undefinedKey: break
        default: if let v = value { _host?.nibEvent(.connected, v) }
        }
        switch target {
        case .setter(let p):
            note("\(what): setter -\(KeyValueCoding.setterSelector(key)) (\(p.attribute.rawValue))")
            _host?.storeThroughSetter(p, of: source, to: value, cause: cause)
        case .method(let sel, let m, let owner):
            note("\(what): -\(sel) written in the script")
            _host?.runSetter(m, of: owner, on: source, selector: sel, value: value)
        case .kvcIvar(let iv):
            if iv.ownership == .weak, let v = value, !canFormWeakReference(to: v) { return }
            let rule: StoreRule = iv.ownership == .weak ? .weak : (iv.ownership == .assign ? .assign : .retain)
            // What the store does, said as it is: a nil releases the old value and retains nothing.
            let how = rule == .weak ? "as a weak reference" : rule == .assign ? "without a retain"
                : value == nil ? "releasing the old value" : "retaining"
            note("\(what): KVC found no setter and sets ivar '\(iv.name)' directly, \(how) (N7)")
            engine.store(SlotRef(source, iv.slot), value, rule: rule, cause: cause)
        case .directIvar(let iv):
            note("\(what): no setter; ivar '\(iv.name)' set directly, " + macIvarOutletWords(iv))
            if config.isARC {
                if iv.ownership == .weak, let v = value, !canFormWeakReference(to: v) { return }
                _host?.storeIvar(iv, of: source, to: value, cause: cause)
            } else {
                engine.store(SlotRef(source, iv.slot), value, rule: .direct(adoptsClaim: false), cause: cause)
            }
        case .undefinedKeyOverride(let m, let owner):
            note("\(what): no setter or ivar; -setValue:forUndefinedKey: written in the script")
            _host?.runSetValueForUndefinedKey(m, of: owner, on: source, value: value, key: key)
        case .undefinedKey:
            if runtimeClass(of: source).option("accessInstanceVariablesDirectly") == "NO" {
                note("\(what): no setter, and +accessInstanceVariablesDirectly is NO, so KVC looks for no ivar (N7)")
            } else {
                note("\(what): no setter and no ivar _\(key), _is\(KeyValueCoding.capitalized(key)), \(key) or is\(KeyValueCoding.capitalized(key)) (N7)")
            }
            raiseUndefinedKey(key, on: source)
        case .notConnected:
            if let v = value { _host?.nibEvent(.unconnected, v) }
            _host?.warn("\(what) not connected: \(runtimeClass(of: source).name) has no -\(KeyValueCoding.setterSelector(key)) and no ivar named '\(key)' (the Mac loader looks for neither -_\(KeyValueCoding.setterSelector(key)) nor '_\(key)') (N6)")
        }
    }

    /// An outlet collection: the loader builds an array holding each object, then sets it
    /// like any outlet.
    func connectCollection(_ key: String, of source: ObjectID, to values: [ObjectID]) {
        let array = engine.alloc(classes["NSArray"]!.engineClass, name: key)
        let slot = classes["NSArray"]!.list("objects")!
        for v in values { engine.listAppend(SlotRef(array, slot), v) }
        connectOutlet(key, of: source, to: array)
        if !crashed { engine.release(array, cause: CauseNote.nibLoaderBalancesAlloc.cause) }
    }

    /// `setValue:forUndefinedKey:` of NSObject: NSUnknownKeyException.
    package func raiseUndefinedKey(_ key: String, on o: ObjectID) {
        let cls = engine.className(engine.classOf(o))
        engine.raise("*** Terminating app due to uncaught exception 'NSUnknownKeyException', reason: '[<\(cls) \(shortLabel(o))> setValue:forUndefinedKey:]: this class is not key value coding-compliant for the key \(key).'",
                     object: o, selector: "setValue:forUndefinedKey:")
    }

    /// The loader sets outlet `key` on an object already deallocated. iOS sends it
    /// `setValue:forKey:` (N7); the Mac loader first asks it whether it has the setter
    /// (`respondsToSelector:`, N6). Either is a message to a deallocated instance: a crash.
    func zombieConnection(_ key: String, to source: ObjectID) {
        let selector = config.isIOS ? "setValue:forKey:" : "respondsToSelector:"
        note("outlet \(shortLabel(source)).\(key): \(shortLabel(source)) was deallocated by an earlier connection; the loader still sends it -\(selector)")
        _ = engine.message(source, selector)
    }
}

/// What a nib's loads found for each of its objects' classes, by object index (see
/// `CocoaWorld.loadNib`). Only a cache: it depends on the nib and the run's classes, which
/// never change during a run, and each entry is checked against the object's class name.
/// A reference, so a load writes what it finds into the kept plan without looking it up again.
package final class NibClassPlan {
    /// Whether the plan serves one model only (a controller class's view nib, see
    /// `NibModelRef.loadPlan`): then what it keeps by index was found for that model's
    /// objects and connections, and is not checked against their names at each load.
    package let fixedModel: Bool

    package init(fixedModel: Bool = false) { self.fixedModel = fixedModel }

    /// A nib of more objects is loaded once or twice, and its plan would cost memory.
    package static let maxObjects = 256
    // The fields are unchecked for exclusivity: each access is one read or one write of a
    // field, never held across a call that touches the plan again.
    @exclusivity(unchecked) package var classes: [CocoaWorld.LoadedClass] = []
    /// Each object's name as its binding needs it, found at the first load and checked
    /// against the model's names at each.
    @exclusivity(unchecked) package var names: [Name] = []
    /// By connection index: where each single outlet went (`outletTargets`), for the class
    /// its source had (its raw id; -1: none kept) and its key. The search's answer depends on
    /// that class, the key and the platform alone (a run's classes and platform never
    /// change), so it is reused while both are the same. Three arrays, not one of structs:
    /// reading a struct out copied its key and target.
    @exclusivity(unchecked) package var outletSourceClasses: [Int32] = []
    @exclusivity(unchecked) package var outletKeys: [String] = []
    @exclusivity(unchecked) package var outletTargets: [OutletTarget] = []
    /// The File's Owner class (raw id) last found to be of the class the nib wants, and that
    /// class's name; -1: none yet.
    @exclusivity(unchecked) package var ownerClassFound: Int32 = -1
    @exclusivity(unchecked) package var ownerClassWanted = ""

    /// By connection index: the outlet's target as one store (`CocoaWorld.plainStore`), if it is one.
    @exclusivity(unchecked) package var outletStores: [OutletStore?] = []

    /// One store an outlet comes down to (CocoaSimulator/NibLoadingRules.swift).
    package typealias OutletStore = CocoaSimulator.OutletStore

    package func keepOutlet(_ i: Int, of count: Int, sourceClass: ClassID, key: String, target: OutletTarget, store: OutletStore?) {
        if outletSourceClasses.count != count {
            outletSourceClasses = Array(repeating: -1, count: count)
            outletKeys = Array(repeating: "", count: count)
            outletTargets = Array(repeating: .notConnected, count: count)
            outletStores = Array(repeating: nil, count: count)
        }
        outletSourceClasses[i] = sourceClass.raw
        outletKeys[i] = key
        outletTargets[i] = target
        outletStores[i] = store
    }

    /// An object's name as the host binds it, found at a nib's first load: its text, and
    /// what the host's bindings keep of it (the host makes these, `CocoaWorldHost.nibDidLoad`).
    package struct Name {
        package let text: String
        /// The name's id in the host's name table, if the host's script wrote the name.
        package let id: Int32?
        /// The name hashed as the start of its binding's digest.
        package let hashed: StableHash

        package init(text: String, id: Int32?, hashed: StableHash) {
            self.text = text
            self.id = id
            self.hashed = hashed
        }
    }
}
