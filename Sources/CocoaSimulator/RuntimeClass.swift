import OwnershipEngine

// One class at run time (a catalogue built-in or a class of the script): its ancestry,
// members, script methods and the lookups the interpreter caches on it.

/// One class at run time: a built-in from the catalogue or a class of the script.
package final class RuntimeClass {
    package let name: String
    package let superclass: RuntimeClass?
    package let builtin: BuiltinClass?
    /// Set once, as the class table defines the class in its engine; read at every `new`
    /// and nib object. A computed property over a stored one unchecked for exclusivity:
    /// each access is one read or that one write. Read as a stored property from the
    /// interpreter (another module, where `@exclusivity(unchecked)` does not reach), each
    /// read was checked, about 75 instructions a `new`.
    package var engineClass: ClassID {
        @inline(__always) get { storedEngineClass }
        set { storedEngineClass = newValue }
    }
    @exclusivity(unchecked) @usableFromInline var storedEngineClass = ClassID(0)
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
