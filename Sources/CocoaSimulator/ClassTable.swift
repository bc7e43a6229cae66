import OwnershipEngine

/// How a reference place manages memory once the memory model is applied.
package enum Ownership: String {
    case strong, copy, assign, weak
    /// An MRC instance variable with no property: no memory management at all (O7).
    case none
}

/// A property of a class at run time (`@property` with its attribute, an IBOutlet or not),
/// with the engine slot of its backing ivar.
package struct RuntimeProperty {
    /// The property's words, shared by every copy: a property is copied wherever a lookup
    /// answers with it (a KVC search, a setter), and one reference costs a third of what
    /// three strings did to retain and release.
    private final class Words: Sendable {
        let name, type, ivarName: String
        init(name: String, type: String, ivarName: String) { self.name = name; self.type = type; self.ivarName = ivarName }
    }
    private let words: Words
    package var name: String { words.name }
    package var type: String { words.type }
    package var ivarName: String { words.ivarName }
    package var attribute: ClassDescription.Attribute
    package var isOutlet: Bool
    package var slot: Int
    package var range: SourceSpan?

    package init(name: String, type: String, attribute: ClassDescription.Attribute, isOutlet: Bool, ivarName: String, slot: Int, range: SourceSpan?) {
        words = Words(name: name, type: type, ivarName: ivarName)
        self.attribute = attribute; self.isOutlet = isOutlet; self.slot = slot; self.range = range
    }

    package var ownership: Ownership {
        switch attribute {
        case .retain, .strong: return .strong
        case .copy: return .copy
        case .assign, .unsafeUnretained: return .assign
        case .weak: return .weak
        }
    }
}

/// An instance variable of a class at run time, with its ownership under the memory model
/// and its engine slot; `backsProperty` names the property it backs, if any.
package struct RuntimeIvar {
    package var name: String
    package var type: String
    /// Strong, weak or assign under ARC; `.none` under MRC (ivars do nothing by themselves).
    package var ownership: Ownership
    package var slot: Int
    package var backsProperty: String?
    package var range: SourceSpan?
}

/// One class at run time: a built-in from the catalogue or a class of the script.
package final class RuntimeClass {
    package let name: String
    package let superclass: RuntimeClass?
    package let builtin: BuiltinClass?
    package var engineClass = ClassID(0)
    package var properties: [RuntimeProperty] = []
    package var ivars: [RuntimeIvar] = []
    package var lists: [(name: String, slot: Int)] = []
    package var methods: [String: MethodBody] = [:]
    package var nibName: String?
    @exclusivity(unchecked) var options: [(name: String, value: String)] = []

    package init(name: String, superclass: RuntimeClass?, builtin: BuiltinClass?) {
        self.name = name; self.superclass = superclass; self.builtin = builtin
        // The ancestry is fixed once the superclass is: what kind of class this is is known
        // now, and asking it later is a read of a constant (it is asked at every callback,
        // view check and memory warning, for every controller). The superclass's kinds
        // plus this class's own name: a few comparisons per class of the table.
        var k = superclass?.kind ?? Kinds()
        switch name {
        case "UIView", "NSView": k.view = true
        case "UIViewController": k.uiViewController = true; k.viewController = true
        case "NSViewController": k.viewController = true
        case "NSWindowController": k.windowController = true
        case "UINavigationController": k.navigationController = true
        case "UITabBarController": k.tabBarController = true
        case "UIApplication", "NSApplication": k.application = true
        default: break
        }
        kind = k
    }

    package var isBuiltin: Bool { builtin != nil }
    package var ancestors: UnfoldSequence<RuntimeClass, (RuntimeClass?, Bool)> {
        sequence(first: self) { $0.superclass }
    }
    /// A handful of names, compared in order: cheaper than hashing the name.
    package func isKind(of name: String) -> Bool { ancestorNames.contains(name) }
    package var nearestBuiltin: RuntimeClass { ancestors.first { $0.isBuiltin } ?? self }

    // Lookups by name, each built on first use from the whole ancestry (the nearest class
    // wins), so the interpreter's per-statement lookups are one hash each. A class is
    // complete before anything looks it up (ClassTable builds it whole), and each run has its
    // own table for the script's classes, so their caches are never shared between threads.
    // The built-in classes are shared by every run of the process (`BuiltinClasses`): their
    // lookups are all made before they are shared (`freeze`), and nothing writes to them after.
    // The caches are written once and then only read, so their accesses are not checked for
    // exclusivity at run time (the check cost more than a lookup). The names the interpreter
    // asks for at nearly every statement (`view`, `viewControllers`, `subviews`) are answered
    // without hashing a string.
    @exclusivity(unchecked) private var propertyMapCache: [String: RuntimeProperty]?
    @exclusivity(unchecked) private var ivarMapCache: [String: RuntimeIvar]?
    @exclusivity(unchecked) private var listMapCache: [String: Int]?
    @exclusivity(unchecked) private var methodMapCache: [String: (MethodBody, RuntimeClass)]?
    @exclusivity(unchecked) private var viewSlotCache: Int??
    @exclusivity(unchecked) private var viewControllersCache: Int??
    @exclusivity(unchecked) private var subviewsCache: Int??

    @exclusivity(unchecked) private var ancestorNamesCache: [String]?
    /// Set once the class is shared by every run (a built-in of `BuiltinClasses`): every
    /// cached lookup below was made by `freeze`, and the caches that fill as runs ask (KVC,
    /// initializers, recent names) are not written, since runs on other threads read them.
    package private(set) var isShared = false

    /// Makes every lookup the class caches once and for all, then marks it shared: from now
    /// on reading it writes nothing. Only for classes without the script's methods (built-ins).
    package func freeze() {
        _ = ancestorNames; _ = propertyMap; _ = ivarMap; _ = listMap; _ = methodMap; _ = viewSlot
        _ = list("viewControllers"); _ = list("subviews"); _ = option("cleanup")
        _ = viewProperty
        if ancestors.allSatisfy({ $0.methods.isEmpty }) {
            // No callback implemented anywhere (a built-in): said at once, where asking each
            // callback's selectors of each ancestor cost 80 k instructions a class.
            lifecycleOverrideBits = 0
            lifecycleCache = Array(repeating: .some(nil), count: Callback.allCases.count)
        } else {
            for cb in Callback.allCases { _ = lifecycleMethod(cb) }
            _ = overrides(.viewDidLoad)
        }
        // A nib's model is the run's own; a class that names no nib has none in any run.
        if controllerNibName == nil { controllerNibModelCache = .some(nil) }
        isShared = true
    }

    /// Empties the caches that may hold this class or its table's other classes (a method's
    /// class, a KVC target's owner): a class referring to itself through them was never
    /// freed, and every run left its classes behind (issue 27). Called when the table goes.
    func dropCaches() {
        methodMapCache = nil; lifecycleCache = []; initializerCache = [:]; initializerRecent = RecentNames()
        initializerStepsCache = RecentNames(); iosKVCCache = [:]; iosKVCRecent = RecentNames(); macKVCCache = [:]
        controllerNibModelCache = nil; recentProperties = RecentNames(); propertyMapCache = nil
    }

    /// The class's name, then its superclasses' up to the root.
    private var ancestorNames: [String] {
        if let m = ancestorNamesCache { return m }
        let m = ancestors.map(\.name); ancestorNamesCache = m; return m
    }
    private var propertyMap: [String: RuntimeProperty] {
        if let m = propertyMapCache { return m }
        let m = nearestFirst { $0.properties.map { ($0.name, $0) } }; propertyMapCache = m; return m
    }
    private var ivarMap: [String: RuntimeIvar] {
        if let m = ivarMapCache { return m }
        let m = nearestFirst { $0.ivars.map { ($0.name, $0) } }; ivarMapCache = m; return m
    }
    private var listMap: [String: Int] {
        if let m = listMapCache { return m }
        let m = nearestFirst { $0.lists.map { ($0.name, $0.slot) } }; listMapCache = m; return m
    }
    private var methodMap: [String: (MethodBody, RuntimeClass)] {
        if let m = methodMapCache { return m }
        let m = nearestFirst { c in c.methods.map { ($0.key, ($0.value, c)) } }; methodMapCache = m; return m
    }
    /// The slot of the `view` property, if the class has one.
    package var viewSlot: Int? {
        if let c = viewSlotCache { return c }
        let v = propertyMap["view"]?.slot; viewSlotCache = .some(v); return v
    }

    private func nearestFirst<V>(_ entries: (RuntimeClass) -> [(String, V)]) -> [String: V] {
        var map: [String: V] = [:]
        for c in ancestors { for (k, v) in entries(c) where map[k] == nil { map[k] = v } }
        return map
    }

    /// The script's implementation of each lifecycle callback, by the callback's index in
    /// `Callback.allCases` (`.some(nil)`: looked up, none).
    @exclusivity(unchecked) private var lifecycleCache: [(MethodBody, RuntimeClass, String)??] = []
    /// Bit i: the script implements callback i somewhere in the ancestry (nil until asked).
    @exclusivity(unchecked) private var lifecycleOverrideBits: UInt32?
    /// Whether the script implements `cb` for this class: one bit test, where the method
    /// itself would be a copy of its declaration. Most callbacks sent are not overridden.
    package func overrides(_ cb: Callback) -> Bool {
        let bits: UInt32
        if let b = lifecycleOverrideBits { bits = b } else {
            var b: UInt32 = 0
            for c in Callback.allCases where lifecycleMethod(c) != nil { b |= 1 << UInt32(c.index) }
            lifecycleOverrideBits = b
            bits = b
        }
        return bits & (1 << UInt32(cb.index)) != 0
    }
    /// The script's implementation of a callback, if any: the method, its class and the
    /// selector it is implemented under (nearest class first, the real selector first).
    package func lifecycleMethod(_ cb: Callback) -> (MethodBody, RuntimeClass, String)? {
        let i = cb.index
        if i < lifecycleCache.count, let cached = lifecycleCache[i] { return cached }
        var found: (MethodBody, RuntimeClass, String)?
        search: for c in ancestors {
            for sel in cb.selectors { if let m = c.methods[sel] { found = (m, c, sel); break search } }
        }
        if lifecycleCache.count <= i { lifecycleCache += Array(repeating: nil, count: i + 1 - lifecycleCache.count) }
        lifecycleCache[i] = .some(found)
        return found
    }

    /// Each platform's outlet search, by key (see `KeyValueCoding.iosSearch`, `macSearch`).
    @exclusivity(unchecked) var iosKVCCache: [String: OutletTarget] = [:]
    /// The first few keys of `iosKVCCache` and their targets.
    @exclusivity(unchecked) var iosKVCRecent = RecentNames<OutletTarget>()
    @exclusivity(unchecked) var macKVCCache: [String: OutletTarget] = [:]

    @exclusivity(unchecked) private var initializerCache: [String: [(MethodBody, RuntimeClass)]] = [:]
    /// The bodies of initializer `selector` that run on a new object, root class first.
    package func initializerBodies(_ selector: String) -> [(MethodBody, RuntimeClass)] {
        // A class is asked for two or three initializers (`init`, `initWithNibName:bundle:`,
        // `initWithCoder:`), whose names are literals: compared, not hashed.
        // A shared class (a built-in) has no bodies of the script's, and keeps no answer.
        if isShared { return [] }
        if let kept = initializerRecent.value(for: selector) { return kept }
        if let cached = initializerCache[selector] { return cached }
        let bodies = ancestors.reversed().compactMap { k in k.methods[selector].map { ($0, k) } }
        initializerCache[selector] = bodies
        initializerRecent.remember(selector, bodies)
        return bodies
    }
    @exclusivity(unchecked) private var initializerRecent = RecentNames<[(MethodBody, RuntimeClass)]>()
    /// The initializer steps of a `new` or a nib load, by selector (`ScenarioRun.initializerSteps`).
    @exclusivity(unchecked) package var initializerStepsCache = RecentNames<[InitializerStep]>()

    /// Asked at every `o.name` a statement reads: the first few names found are compared
    /// before the map hashes one.
    package func property(_ name: String) -> RuntimeProperty? {
        if isShared { return propertyMap[name] }
        if let p = recentProperties.value(for: name) { return p }
        guard let p = propertyMap[name] else { return nil }
        recentProperties.remember(name, p)
        return p
    }
    @exclusivity(unchecked) private var recentProperties = RecentNames<RuntimeProperty>()
    package func ivar(_ name: String) -> RuntimeIvar? { ivarMap[name] }
    package func list(_ name: String) -> Int? {
        if name == "viewControllers" {
            if let c = viewControllersCache { return c }
            let v = listMap[name]; viewControllersCache = .some(v); return v
        }
        if name == "subviews" {
            if let c = subviewsCache { return c }
            let v = listMap[name]; subviewsCache = .some(v); return v
        }
        return listMap[name]
    }
    /// The nearest implementation of a selector written in the script, and its class.
    package func method(_ selector: String) -> (MethodBody, RuntimeClass)? { methodMap[selector] }
    package func option(_ name: String) -> String? {
        if name == "cleanup" {
            if let c = cleanupOptionCache { return c }
            let v = uncachedOption(name); cleanupOptionCache = .some(v); return v
        }
        return uncachedOption(name)
    }
    private func uncachedOption(_ name: String) -> String? {
        for c in ancestors { if let o = c.options.first(where: { $0.name == name }) { return o.value } }
        return nil
    }
    /// `option cleanup`, asked at every view load, unload and controller dealloc.
    @exclusivity(unchecked) private var cleanupOptionCache: String??
    /// The nib the class's view or window loads from (the nearest class that names one),
    /// asked at every view load.
    package var controllerNibName: String? {
        if let c = controllerNibNameCache { return c }
        let v = ancestors.lazy.compactMap(\.nibName).first; controllerNibNameCache = .some(v); return v
    }
    @exclusivity(unchecked) private var controllerNibNameCache: String??
    /// The model of that nib, kept by the run at the class's first view load (see
    /// `ScenarioRun.controllerNibModel(of:)`); the table, like the model, is the run's own.
    @exclusivity(unchecked) package var controllerNibModelCache: NibModelRef??
    /// The `view` property (loading, unloading): asked without hashing its name.
    package var viewProperty: RuntimeProperty? {
        if let c = viewPropertyCache { return c }
        let v = propertyMap["view"]; viewPropertyCache = .some(v); return v
    }
    @exclusivity(unchecked) private var viewPropertyCache: RuntimeProperty??

    private struct Kinds {
        var view = false, uiViewController = false, viewController = false, windowController = false
        var navigationController = false, tabBarController = false, application = false
    }
    private let kind: Kinds
    package var isView: Bool { kind.view }
    package var isUIViewController: Bool { kind.uiViewController }
    package var isViewController: Bool { kind.viewController }
    package var isWindowController: Bool { kind.windowController }
    /// Asked at every push, pop and appearance transition (which child a container shows).
    package var isNavigationController: Bool { kind.navigationController }
    package var isTabBarController: Bool { kind.tabBarController }
    /// UIApplication, NSApplication and their subclasses: one shared instance per app.
    package var isApplication: Bool { kind.application }
    /// Interface Builder archives the objects it knows (views, controllers, windows, menus…)
    /// and they come back through `initWithCoder:`; a plain custom object (the NSObject cube)
    /// gets `init` (N2).
    package var isArchivedByIB: Bool { nearestBuiltin.name != "NSObject" }
}

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
