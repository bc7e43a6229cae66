import OwnershipEngine

// The world's public API: the simulated frameworks driven from Swift, without a script.
// `CocoaWorld(configuration:classes:)` makes a world that is its own host (`StandaloneHost`,
// below): nothing but the frameworks' own behaviour runs (a `ClassDescription` has no
// method bodies), and what the host is told (trace notes, run-time errors, warnings) is
// kept as values to read.

/// A class description a world cannot take (an unknown superclass, a name given twice).
public struct UnsupportedClassError: Error, CustomStringConvertible {
    public let description: String
}

extension CocoaWorld {
    /// A world of `configuration`'s frameworks (platform, version, memory model) with the
    /// catalogue's classes and `classes`. Throws if a class is not well formed (an unknown
    /// superclass, a name given twice).
    public convenience init(configuration: Configuration, classes described: [ClassDescription] = []) throws {
        let engine = Engine()
        var problems: [ClassProblem] = []
        let table = ClassTable(described: described, config: configuration, engine: engine, problems: &problems)
        if let p = problems.first { throw UnsupportedClassError(description: p.message(described)) }
        self.init(config: configuration, engine: engine, classes: table)
        engine.planner = self
        engine.garbageCollected = configuration.isGC
        let host = StandaloneHost(world: self)
        standaloneHost = host
        self.host = host
        engine.eventSink = { [unowned host] e in host.events.append(e) }
    }

    /// The configuration every rule asks about.
    public var configuration: Configuration { config }

    /// A new object of class `className`, +1 as `[[X alloc] init]` returns it: the caller
    /// owns it (it is a root: abandoned memory is counted from what the caller holds).
    public func make(_ className: String, name: String) -> ObjectID {
        guard let cls = classes[className] else { preconditionFailure("no class \(className) in \(config)") }
        let o = engine.alloc(cls.engineClass, name: name)
        standaloneHost?.held.append(o)
        return o
    }

    /// The caller's `release` of an object it holds.
    public func release(_ o: ObjectID) {
        _ = engine.release(o)
        standaloneHost?.held.removeAll { $0 == o }
    }

    /// The nib named `model.name`, for the controllers whose class loads its view from it
    /// (`option nib NAME`) and for `loadNib(named:owner:)`.
    public func add(_ model: NibModel) {
        standaloneHost?.nibs[model.name] = model
    }

    /// Loads `model` with File's Owner `owner` (N1–N7): every object made, each nested one
    /// held by its parent, each top-level one disposed of by the platform's rule, then
    /// every outlet set where the platform's Key-Value Coding search sends it. The objects
    /// made, by name.
    @discardableResult
    public func loadNib(_ model: NibModel, owner: ObjectID?) -> [String: ObjectID] {
        loadNib(model, owner: owner, keptBy: nil)
        var byName: [String: ObjectID] = [:]
        if let made = standaloneHost?.lastLoaded {
            for (i, o) in made.enumerated() where i < model.objects.count { byName[model.objects[i].name] = o }
        }
        return byName
    }

    /// `c.view`, read as the app reads it: loaded first if it is not (V1: loadView, the
    /// controller's nib or a plain view, then viewDidLoad).
    public func view(of c: ObjectID) -> ObjectID? {
        guard let r = lazyProperty("view", of: c, cls: runtimeClass(of: c)) else { return nil }
        return engine.read(r)
    }

    /// `show c`: `c` becomes the key window's root view controller (a window is made if
    /// there is none) and appears.
    public func show(_ c: ObjectID) { show(c, at: nil) }

    /// `[nav pushViewController:c animated:]` (V4): the stack retains `c`; on screen, its
    /// view loads and the appearance callbacks go out in UIKit's order.
    public func push(_ c: ObjectID, onto nav: ObjectID) { push(c, onto: nav, navRange: nil, range: nil) }

    /// `[nav popViewControllerAnimated:]`: the top controller leaves the stack, returned
    /// autoreleased; the one below reappears (its view loads again if it was unloaded).
    public func pop(_ nav: ObjectID) {
        guard requireNavigation(nav, nil) else { return }
        pop(nav, at: nil)
    }

    /// The end of an event: the run loop's autorelease pool drains.
    public func drain() {
        while engine.poolDepth > 1, !crashed { engine.drainPool() }
        if !crashed { engine.drainPool() }
    }

    /// An object's retain count.
    public func retainCount(_ o: ObjectID) -> Int { engine.count(o) }

    /// Whether an object has not been deallocated.
    public func isAlive(_ o: ObjectID) -> Bool { engine.isAlive(o) }

    /// Every engine event so far, in order: allocs, retains, releases, autoreleases, drains,
    /// deallocs, weak references zeroed, zombie messages, crashes.
    public var events: [EngineEvent] { standaloneHost?.events ?? [] }

    /// The lifecycle callbacks sent so far, in order.
    public var callbacks: [CallbackRecord] { controllers.callbacks }

    /// Orders the frameworks refuse (a controller pushed twice, a pop of a root), in words.
    public var errors: [String] { standaloneHost?.errors ?? [] }

    /// What the frameworks would log (a nib's File's Owner of the wrong class, an outlet
    /// not connected), in words.
    public var warnings: [String] { standaloneHost?.warnings ?? [] }

    /// What a trace would say, line by line (`loadView`, the appearance callbacks, V5's
    /// unload, …).
    public var notes: [String] { standaloneHost?.notes ?? [] }

    /// V7: objects a view load made that only controllers with an unloaded view still keep.
    public var abandoned: [ObjectID] { abandonedObjects() }
}

/// The host of a world driven from Swift: the frameworks' own behaviour and nothing else.
/// What it is told is kept as values (`CocoaWorld.events`, `errors`, `warnings`, `notes`).
final class StandaloneHost: CocoaWorldHost {
    unowned let world: CocoaWorld
    var events: [EngineEvent] = []
    var errors: [String] = []
    var warnings: [String] = []
    var notes: [String] = []
    /// Objects the caller made and holds, the application and the windows made key.
    var held: [ObjectID] = []
    var application: ObjectID?
    var nibs: [String: NibModel] = [:]
    /// The objects of the last nib loaded, by the model's index.
    var lastLoaded: [ObjectID] = []
    var sceneNibs: [ObjectID: NibModel] = [:]
    var depth = 0
    let line = 0
    let tracing = true

    init(world: CocoaWorld) { self.world = world }

    private var engine: Engine { world.engine }

    func note(_ text: @autoclosure () -> String, extraDepth: Int) {
        notes.append(String(repeating: "  ", count: depth + extraDepth - 1) + text())
    }
    func because(_ text: @autoclosure () -> String) -> Cause { .explicit }
    func label(_ o: ObjectID) -> String { "\(engine.className(engine.classOf(o))) \(engine.name(o))#\(engine.number(o))" }
    func shortLabel(_ o: ObjectID) -> String { "\(engine.name(o))#\(engine.number(o))" }

    func runtimeError(_ text: String, at range: SourceSpan?) {
        errors.append(text)
        note("ERROR        " + text, extraDepth: 1)
    }
    func warn(_ text: String) {
        warnings.append(text)
        note("warning: " + text, extraDepth: 1)
    }

    var roots: [ObjectID] {
        let pending = (0..<engine.poolDepth).flatMap { engine.pendingReleases(inPool: $0) }
        return held + (application.map { [$0] } ?? []) + pending
    }
    func adoptionIsReference(_ holder: ObjectID) -> Bool {
        holder == application || world.runtimeClass(of: holder).isKind(of: "NSWindowController")
            || world.runtimeClass(of: holder).isKind(of: "NSViewController")
    }
    func keepAsRoot(_ o: ObjectID) { if !held.contains(o) { held.append(o) } }
    func applicationObject() -> ObjectID {
        if let a = application { return a }
        let a = engine.alloc(world.classes[world.config.isIOS ? "UIApplication" : "NSApplication"]!.engineClass, name: "app")
        application = a
        return a
    }
    func newObject(of cls: RuntimeClass, name: String) -> ObjectID { engine.alloc(cls.engineClass, name: name) }
    func runInitializers(_ selector: String, of cls: RuntimeClass, on o: ObjectID) {}
    func noteNextAlloc(_ text: String) {}

    // Properties through the frameworks' own accessors (no class here writes one).
    func readProperty(_ name: String, of o: ObjectID) -> ObjectID? {
        guard engine.message(o, name) else { return nil }
        let cls = world.runtimeClass(of: o)
        if let r = world.lazyProperty(name, of: o, cls: cls) { return engine.read(r) }
        return cls.property(name).flatMap { engine.read(SlotRef(o, $0.slot)) }
    }
    func setProperty(_ name: String, of o: ObjectID, to v: ObjectID?, fresh: Bool, cause: Cause?) {
        guard engine.message(o, KeyValueCoding.setterSelector(name)) else { return }
        let cls = world.runtimeClass(of: o)
        guard let p = cls.property(name) else { return }
        storeThroughSetter(p, of: o, to: v, cause: cause ?? .explicit)
        // ARC releases a +1 nobody adopted at the end of the statement; under MRC the caller does.
        if fresh, world.config.isARC, let v, engine.isAlive(v) { engine.release(v, cause: .temporary) }
        if !world.crashed { world.builtinDidSet(name, of: o, cls: cls) }
    }
    /// A synthesized setter: retain (`copy` too: the values a nib connects are never copied
    /// here), assign, or weak.
    func storeThroughSetter(_ p: RuntimeProperty, of o: ObjectID, to v: ObjectID?, cause: Cause) {
        let r = SlotRef(o, p.slot)
        switch p.ownership {
        case .strong, .none, .copy: engine.store(r, v, rule: .retain, cause: cause)
        case .assign: engine.store(r, v, rule: .assign, cause: cause)
        case .weak:
            if world.config.isMac, let v, !world.canFormWeakReference(to: v) { return }
            engine.store(r, v, rule: .weak, cause: cause)
        }
    }
    func storeIvar(_ iv: RuntimeIvar, of o: ObjectID, to v: ObjectID?, cause: Cause) {
        let r = SlotRef(o, iv.slot)
        switch iv.ownership {
        case .none: engine.store(r, v, rule: .direct(adoptsClaim: false), cause: cause)
        case .strong, .copy: engine.store(r, v, rule: .retain, cause: cause)
        case .weak: engine.store(r, v, rule: .weak, cause: cause)
        case .assign: engine.store(r, v, rule: .assign, cause: cause)
        }
    }

    func nibModel(named name: String) -> NibModel? { nibs[name] }
    func sceneViewNib(of c: ObjectID) -> NibModel? { sceneNibs[c] }
    func nibDidLoad(_ model: NibModel, objects: [ObjectID], plan: NibClassPlan?) {
        lastLoaded = objects
        for s in model.sceneViews where s.controller < objects.count { sceneNibs[objects[s.controller]] = s.model }
    }
    func nibEvent(_ event: NibLoaderEvent, _ o: ObjectID) {}

    // No class of a standalone world has a method body (a `ClassDescription` has none).
    func runMethod(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String) { preconditionFailure("no method bodies") }
    func sendNil(_ m: MethodBody, of owner: RuntimeClass, to o: ObjectID, selector: String) { preconditionFailure("no method bodies") }
    func runSetter(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String, value: ObjectID?) { preconditionFailure("no method bodies") }
    func runSetValueForUndefinedKey(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, value: ObjectID?, key: String) { preconditionFailure("no method bodies") }
    func lowerDealloc(_ m: MethodBody, of k: RuntimeClass, for cls: RuntimeClass, into plan: inout DeallocPlan) -> Bool { preconditionFailure("no method bodies") }
    func deallocNote(_ text: String, at m: MethodBody) -> DeallocStep { preconditionFailure("no method bodies") }
}
