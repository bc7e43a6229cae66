import OwnershipEngine

// The table of one run's classes (the platform's built-ins and the script's, with their
// engine layouts) and the facts it keeps per engine class for the controller world.
// The classes themselves are RuntimeClass.swift; their members RuntimeMembers.swift.

/// One initializer run on a new object: its selector, the callback it records on a
/// controller (nil for other classes and for selectors that are no callback), and the
/// script's bodies of it, root class first.
package struct InitializerStep {
    package let selector: String
    package let callback: Callback?
    package let bodies: [(MethodBody, RuntimeClass)]

    package init(selector: String, callback: Callback?, bodies: [(MethodBody, RuntimeClass)]) {
        self.selector = selector
        self.callback = callback
        self.bodies = bodies
    }
}

/// A few facts about one engine class, kept by its id (see `ClassTable.facts`).
package struct EngineClassFacts {
    package var isUIViewController = false
    /// A UIViewController or an NSViewController.
    package var isViewController = false
    /// Bit i: the script implements callback i (`Callback.allCases`) in the class or an
    /// ancestor, as `RuntimeClass.overrides` answers.
    package var overrides: UInt32 = 0
    package var isNavigationController = false
    package var isTabBarController = false
    /// The `viewControllers` list's slot; -1: none.
    package var viewControllersSlot: Int32 = -1
    /// The `subviews` list's slot; -1: none.
    package var subviewsSlot: Int32 = -1
    /// -1: none.
    package var viewSlot: Int32 = -1
    /// `option cleanup kvc` (V10), in the class or the nearest ancestor that says.
    package var cleansUpByKVC = false
    /// How the `view` property's synthesized setter stores nil (an unload), by its attribute.
    package var viewNilRule: StoreRule = .retain
    package var windowSlot: Int32 = -1
    package var loadedSlot: Int32 = -1
}

/// All classes of one run: the platform's built-ins plus the script's, with engine layouts.
package final class ClassTable {
    package private(set) var classes: [RuntimeClass] = []
    /// Written only while the table is built, like `byEngineClass` below: unchecked.
    @exclusivity(unchecked) private var byName: [String: RuntimeClass] = [:]
    /// By engine class id, so the class of an object is found without its name.
    /// Written only while the table is built: not checked for exclusivity at each of the
    /// interpreter's many class lookups.
    @exclusivity(unchecked) private var byEngineClass: [RuntimeClass?] = []
    package let config: Configuration

    /// Asked at every `new X` a statement makes: the first few classes found are compared by
    /// name before the table hashes one.
    package subscript(name: String) -> RuntimeClass? {
        if let c = recentByName.value(for: name) { return c }
        guard let c = byName[name] else { return nil }
        recentByName.remember(name, c)
        return c
    }
    /// Unchecked like `byName`: each access is one search or one append.
    @exclusivity(unchecked) private var recentByName = RecentNames<RuntimeClass>()
    package subscript(engineClass c: ClassID) -> RuntimeClass? { c.index < byEngineClass.count ? byEngineClass[c.index] : nil }
    /// What the controller world asks of an object's class at every callback, view check
    /// and memory warning, by engine class: reading it fetches no class (a retained
    /// reference) and copies no property. Each class's entry is made as the class is
    /// defined, from its own properties and its superclass's entry (defined before it), so
    /// building a table makes no lookup maps. Written only then, as `byEngineClass` is.
    @exclusivity(unchecked) private var facts: [EngineClassFacts] = []
    @inline(__always) private func facts(_ c: ClassID) -> EngineClassFacts { c.index < facts.count ? facts[c.index] : EngineClassFacts() }
    /// A fact of the class read in place (see `slotFact`); `absent` past the table's classes.
    @inline(__always) private func fact<T>(_ c: ClassID, _ absent: T, _ read: (borrowing EngineClassFacts) -> T) -> T {
        let i = c.index
        return i < facts.count ? read(facts[i]) : absent
    }
    /// The slot fact `slot` of the class, without copying the class's whole entry (the
    /// loaded slot is asked at every callback sent). -1: none.
    @inline(__always) private func slotFact(_ c: ClassID, _ slot: (borrowing EngineClassFacts) -> Int32) -> Int? {
        let i = c.index
        guard i < facts.count else { return nil }
        let s = slot(facts[i])
        return s < 0 ? nil : Int(s)
    }
    /// Whether instances of the class are UIViewControllers.
    @inline(__always) package func isUIViewController(engineClass c: ClassID) -> Bool { fact(c, false) { $0.isUIViewController } }
    @inline(__always) package func isViewController(engineClass c: ClassID) -> Bool { fact(c, false) { $0.isViewController } }
    @inline(__always) package func isNavigationController(engineClass c: ClassID) -> Bool { fact(c, false) { $0.isNavigationController } }
    @inline(__always) package func isTabBarController(engineClass c: ClassID) -> Bool { fact(c, false) { $0.isTabBarController } }
    /// The slot of the class's `viewControllers` list, if it has one.
    @inline(__always) package func viewControllersSlot(engineClass c: ClassID) -> Int? { slotFact(c) { $0.viewControllersSlot } }
    /// The slot of the class's `subviews` list, if it has one.
    @inline(__always) package func subviewsSlot(engineClass c: ClassID) -> Int? { slotFact(c) { $0.subviewsSlot } }
    /// Whether the script implements callback `cb` for instances of the class.
    @inline(__always) package func overrides(_ cb: Callback, engineClass c: ClassID) -> Bool { fact(c, 0) { $0.overrides } & (1 << UInt32(cb.index)) != 0 }
    /// The slot of the class's `view` property, if it has one.
    @inline(__always) package func viewSlot(engineClass c: ClassID) -> Int? { slotFact(c) { $0.viewSlot } }
    /// Whether the class has `option cleanup kvc` (V10), asked at every view unload.
    package func cleansUpByKVC(engineClass c: ClassID) -> Bool { fact(c, false) { $0.cleansUpByKVC } }
    /// The last plan `cleanup kvc` used on an object of the class (`ScenarioRun.kvcNilPlan`),
    /// by engine class. A cache of what the class and its keys give (neither changes during
    /// a run); unchecked for exclusivity: each access is one read or one write.
    @exclusivity(unchecked) private var kvcNilPlans: [KVCNilPlan?] = []
    package func kvcNilPlan(engineClass c: ClassID) -> KVCNilPlan? { c.index < kvcNilPlans.count ? kvcNilPlans[c.index] : nil }
    package func keepKVCNilPlan(_ plan: KVCNilPlan, engineClass c: ClassID) {
        if c.index >= kvcNilPlans.count { kvcNilPlans += repeatElement(nil, count: c.index + 1 - kvcNilPlans.count) }
        kvcNilPlans[c.index] = plan
    }
    /// The initializer steps of a `new` or a nib load (`ScenarioRun.initializerSteps`) kept
    /// for `selector`: a shared class keeps none of its own (other threads read it), so the
    /// table keeps them for this run, by engine class.
    package func keptInitializerSteps(_ selector: String, of c: RuntimeClass) -> [InitializerStep]? {
        guard c.isShared else { return c.initializerStepsCache.value(for: selector) }
        let i = c.engineClass.index
        return i < sharedInitializerSteps.count ? sharedInitializerSteps[i].value(for: selector) : nil
    }
    package func keepInitializerSteps(_ steps: [InitializerStep], for selector: String, of c: RuntimeClass) {
        guard c.isShared else { return c.initializerStepsCache.remember(selector, steps) }
        let i = c.engineClass.index
        if i >= sharedInitializerSteps.count {
            sharedInitializerSteps += repeatElement(RecentNames(), count: i + 1 - sharedInitializerSteps.count)
        }
        sharedInitializerSteps[i].remember(selector, steps)
    }
    @exclusivity(unchecked) private var sharedInitializerSteps: [RecentNames<[InitializerStep]>] = []

    /// The rule by which the `view` property's synthesized setter stores nil.
    package func viewNilRule(engineClass c: ClassID) -> StoreRule { fact(c, .retain) { $0.viewNilRule } }
    /// The slot whose being set means the view (a window controller: the window) is
    /// loaded, if the class has one.
    @inline(__always) package func loadedSlot(engineClass c: ClassID) -> Int? { slotFact(c) { $0.loadedSlot } }

    /// Builds the table and defines every class in the engine: the catalogue's, then the
    /// described ones. Problems with the described classes (a built-in's name, a name given
    /// twice, an unknown superclass, a cycle) are appended to `problems`, by index in
    /// `described`, for the driver to report in its own words; the table is usable whatever
    /// they are (such a class is left out, or inherits from NSObject).
    package init(described: [ClassDescription], config: Configuration, engine: Engine, problems: inout [ClassProblem]) {
        self.config = config
        if engine.classCount == 0 {
            // The built-ins every run defines alike, made once per process (issue 27: they
            // were a table of 96 classes made and freed about 32 times per nib an audit ran).
            let shared = BuiltinClasses.shared(platform: config.platform, arc: config.isARC)
            engine.adoptClasses(of: shared.engine)
            classes = shared.table.classes
            byName = shared.table.byName
            byEngineClass = shared.table.byEngineClass
            facts = shared.table.facts
            classes.reserveCapacity(classes.count + described.count)
            byName.reserveCapacity(classes.count + described.count)
        } else {
            defineBuiltins(engine: engine, extra: described.count)
        }
        for d in ordered(described, problems: &problems) {
            let sup = byName[d.superclass] ?? byName["NSObject"]!
            let c = RuntimeClass(name: d.name, superclass: sup, builtin: nil)
            add(c)
            let props = d.properties.map { ($0.name, $0.type, $0.attribute, $0.isOutlet, $0.ivarName ?? $0.name, $0.span) }
            let ivars = d.ivars.map { ($0.name, $0.type, $0.qualifier, $0.span) }
            for m in d.methods { c.methods[m.selector] = m.body }
            c.nibName = d.nib
            c.options = d.options
            define(c, engine: engine, props: props, ivars: ivars, lists: [])
        }
    }

    /// The built-ins alone, defined in `engine`: the table `BuiltinClasses` shares.
    init(builtinsFor config: Configuration, engine: Engine) {
        self.config = config
        defineBuiltins(engine: engine, extra: 0)
    }

    private func defineBuiltins(engine: Engine, extra: Int) {
        let builtins = Catalogue.classes(for: config.platform)
        // Room for every class at once: the table is built for every script checked.
        byName.reserveCapacity(builtins.count + extra)
        classes.reserveCapacity(builtins.count + extra)
        for b in builtins {
            let c = RuntimeClass(name: b.name, superclass: b.superclass.flatMap { byName[$0] }, builtin: b)
            add(c)
            define(c, engine: engine, props: b.properties.map { ($0.name, $0.type, $0.attribute, false, "_" + $0.name, nil) },
                   ivars: b.ivars.map { ($0.name, $0.type, .unsafeUnretained, nil) }, lists: b.lists)
        }
    }

    /// The classes' caches may refer to the classes themselves (a method's class): emptied
    /// here, or the run's classes outlived it (issue 27). Shared classes keep theirs.
    deinit {
        for c in classes where !c.isShared { c.dropCaches() }
    }

    private func add(_ c: RuntimeClass) { classes.append(c); byName[c.name] = c }

    /// Described classes in an order where each superclass comes first; cycles and unknown
    /// superclasses are reported and broken by falling back to NSObject.
    private func ordered(_ decls: [ClassDescription], problems: inout [ClassProblem]) -> [ClassDescription] {
        var out: [ClassDescription] = []
        var placed = Set<String>()
        var seenNames: [String: Int] = [:]
        var pending: [Int] = []
        for (i, d) in decls.enumerated() {
            if Catalogue.allNames.contains(d.name) { problems.append(.builtinName(i)); continue }
            if seenNames[d.name] != nil { problems.append(.declaredTwice(i)); continue }
            seenNames[d.name] = i
            pending.append(i)
        }
        while !pending.isEmpty {
            var progressed = false
            pending = pending.filter { i in
                let s = decls[i].superclass
                if byName[s] != nil || placed.contains(s) { out.append(decls[i]); placed.insert(decls[i].name); progressed = true; return false }
                return true
            }
            if !progressed {
                // Whatever is left names an unknown superclass or sits in a cycle.
                for i in pending {
                    let s = decls[i].superclass
                    if seenNames[s] != nil {
                        problems.append(.inheritsFromItself(i))
                    } else {
                        problems.append(.unknownSuperclass(i, known: classes.map(\.name) + seenNames.keys.sorted()))
                    }
                }
                out += pending.map { var d = decls[$0]; d.superclass = "NSObject"; return d }
                pending = []
            }
        }
        return out
    }

    private func define(_ c: RuntimeClass, engine: Engine,
                        props: [(String, String, ClassDescription.Attribute, Bool, String, SourceSpan?)],
                        ivars: [(String, String, ClassDescription.Qualifier?, SourceSpan?)], lists: [String]) {
        var slots: [SlotInfo] = []
        var ivarNames: [String] = []
        for p in props where !ivarNames.contains(p.4) { ivarNames.append(p.4); slots.append(SlotInfo(name: p.4)) }
        for v in ivars where !ivarNames.contains(v.0) { ivarNames.append(v.0); slots.append(SlotInfo(name: v.0)) }
        for l in lists { slots.append(SlotInfo(name: l, isList: true)) }
        c.engineClass = engine.defineClass(name: c.name, superclass: c.superclass?.engineClass, slots: slots)
        while byEngineClass.count <= c.engineClass.index { byEngineClass.append(nil) }
        byEngineClass[c.engineClass.index] = c
        let base = engine.ownSlotStart(of: c.engineClass)
        func slot(_ name: String) -> Int { base + ivarNames.firstIndex(of: name)! }
        for p in props {
            c.properties.append(RuntimeProperty(name: p.0, type: p.1, attribute: p.2, isOutlet: p.3, ivarName: p.4, slot: slot(p.4), range: p.5))
            let own: Ownership
            if !config.isARC { own = .none } else {
                switch p.2 {
                case .weak: own = .weak
                case .assign, .unsafeUnretained: own = .assign
                case .retain, .strong, .copy: own = .strong
                }
            }
            if !c.ivars.contains(where: { $0.name == p.4 }) {
                c.ivars.append(RuntimeIvar(name: p.4, type: p.1, ownership: own, slot: slot(p.4), backsProperty: p.0, range: p.5))
            }
        }
        for v in ivars where !c.ivars.contains(where: { $0.name == v.0 }) {
            let own: Ownership
            if !config.isARC { own = .none } else {
                switch v.2 {
                case .weak?: own = .weak
                case .unsafeUnretained?: own = .assign
                case .strong?, nil: own = .strong
                }
            }
            c.ivars.append(RuntimeIvar(name: v.0, type: v.1, ownership: own, slot: slot(v.0), backsProperty: nil, range: v.3))
        }
        for (k, l) in lists.enumerated() { c.lists.append((l, base + ivarNames.count + k)) }
        // The nearest class's property wins, as in the class's own lookups.
        var f = c.superclass.map { facts($0.engineClass) } ?? EngineClassFacts()
        f.isUIViewController = c.isUIViewController
        f.isViewController = c.isViewController
        f.isNavigationController = c.isNavigationController
        f.isTabBarController = c.isTabBarController
        // A list of the class's own, else its superclass's (as `list` finds it; asking `list`
        // here built a map of every ancestor's lists for each class, 40 % of making a table).
        for (name, slot) in c.lists {
            if name == "viewControllers" { f.viewControllersSlot = Int32(slot) }
            if name == "subviews" { f.subviewsSlot = Int32(slot) }
        }
        // The class's options are complete before it is defined (ClassTable.init).
        f.cleansUpByKVC = c.option("cleanup") == "kvc"
        // Only the script's classes have methods: a table is built for every run.
        if !c.methods.isEmpty {
            for cb in Callback.allCases where cb.selectors.contains(where: { c.methods[$0] != nil }) {
                f.overrides |= 1 << UInt32(cb.index)
            }
        }
        if let p = c.properties.first(where: { $0.name == "view" }) {
            f.viewSlot = Int32(p.slot)
            f.viewNilRule = p.ownership == .assign ? .assign : (p.ownership == .weak ? .weak : .retain)
        }
        if let p = c.properties.first(where: { $0.name == "window" }) { f.windowSlot = Int32(p.slot) }
        f.loadedSlot = c.isWindowController ? f.windowSlot : f.viewSlot
        while facts.count <= c.engineClass.index { facts.append(EngineClassFacts()) }
        facts[c.engineClass.index] = f
    }
}
