import OwnershipEngine

/// What a `CocoaWorld` asks of whoever drives it, for what only the driver knows: code
/// written outside the frameworks (an override of a lifecycle callback, a setter), the
/// words of the trace, and the objects the driver itself keeps alive. The interpreter's
/// `ScenarioRun` is the host of a script's world; a test can be the host of its own.
package protocol CocoaWorldHost: AnyObject {
    /// Whether anything reads the trace: without one no trace text is built at all.
    var tracing: Bool { get }
    /// A line of the trace, one level below the statement running (`extraDepth` more).
    func note(_ text: @autoclosure () -> String, extraDepth: Int)
    /// A cause in words for the engine's events (made only when tracing).
    func because(_ text: @autoclosure () -> String) -> Cause
    /// `UILabel title#3`: an object's class, name and number, for the trace.
    func label(_ o: ObjectID) -> String
    /// `title#3`: an object's name and number.
    func shortLabel(_ o: ObjectID) -> String
    /// How deep the trace's lines now go: one more while UIKit's own behaviour for a
    /// callback runs, so that what it does shows under the callback.
    var depth: Int { get set }
    /// Runs a method written outside the frameworks (an override of a lifecycle callback).
    func runMethod(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String)
    /// Runs a setter written outside the frameworks with a nil argument (`setValue:nil
    /// forKey:` reaching an overridden setter, V10).
    func sendNil(_ m: MethodBody, of owner: RuntimeClass, to o: ObjectID, selector: String)
    /// An impossible order of commands at `range` (nil: the scenario's): the command does
    /// nothing, and the run fails with this error.
    func runtimeError(_ text: String, at range: SourceSpan?)
    /// `o.name` read as the app reads it: the getter of `o`'s class (an override, or the
    /// built-in one, which loads a controller's view or a window controller's window).
    func readProperty(_ name: String, of o: ObjectID) -> ObjectID?
    /// `o.name = v` through the setter of `o`'s class (an override, or the built-in one);
    /// `fresh`: `v` is a +1 nobody owns yet (ARC's store takes it over).
    func setProperty(_ name: String, of o: ObjectID, to v: ObjectID?, fresh: Bool, cause: Cause?)
    /// The nib named `name`, if the host has one.
    func nibModel(named name: String) -> NibModel?
    /// The nib a storyboard scene's controller `c` loads its view from, if it came from one.
    func sceneViewNib(of c: ObjectID) -> NibModel?
    /// `p`'s synthesized setter (retain, copy, assign or weak) storing `v`, with its side effects.
    func storeThroughSetter(_ p: RuntimeProperty, of o: ObjectID, to v: ObjectID?, cause: Cause)
    /// A new object of `cls` (+1), its initializers run (the host's `init` bodies too).
    func newObject(of cls: RuntimeClass, name: String) -> ObjectID
    /// The application object (UIApplication, NSApplication), made when first asked for.
    func applicationObject() -> ObjectID
    /// Keeps `o` (a window made key) among the roots.
    func keepAsRoot(_ o: ObjectID)
    /// A warning of the run (a nib's File's Owner of another class, an outlet not connected).
    func warn(_ text: String)
    /// Said on the trace's line of the next object made (`-initWithCoder: (from the nib)`).
    func noteNextAlloc(_ text: String)
    /// Runs the initializers `selector` reaches on a new `o` of `cls` (the host's bodies too,
    /// and a controller's initializer callback).
    func runInitializers(_ selector: String, of cls: RuntimeClass, on o: ObjectID)
    /// A nib has loaded its `objects` (by the model's index; `plan`: a small nib's kept plan,
    /// where the host keeps what it found for the names): the host binds their names.
    func nibDidLoad(_ model: NibModel, objects: [ObjectID], plan: NibClassPlan?)
    /// The loader connected an outlet to `o`, or found no place for it (`expect event`).
    func nibEvent(_ event: NibLoaderEvent, _ o: ObjectID)
    /// Runs a setter written outside the frameworks with `value` (an outlet's, N7).
    func runSetter(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String, value: ObjectID?)
    /// Runs an override of `setValue:forUndefinedKey:`.
    func runSetValueForUndefinedKey(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, value: ObjectID?, key: String)
    /// Stores `v` in ivar `iv` as the ivar's own ownership says (ARC: strong, weak, unsafe).
    func storeIvar(_ iv: RuntimeIvar, of o: ObjectID, to v: ObjectID?, cause: Cause)
    /// What the host keeps alive besides the world's objects: its variables, the
    /// application, windows and stacks, what the autorelease pools still hold.
    var roots: [ObjectID] { get }
    /// Whether the +1s `holder` adopted from a nib load are references (O9).
    func adoptionIsReference(_ holder: ObjectID) -> Bool
    /// The line of the statement running, recorded with each callback.
    var line: Int { get }
    /// A `dealloc` written outside the frameworks (`m`, declared by `k`, for an object of
    /// class `cls`) lowered to engine steps and appended to `plan`, with the lines the trace
    /// shows; whether it calls `[super dealloc]`.
    func lowerDealloc(_ m: MethodBody, of k: RuntimeClass, for cls: RuntimeClass, into plan: inout DeallocPlan) -> Bool
    /// A step that shows a note of the runtime's own (ARC's `.cxx_destruct`) in the trace, at `m`'s line.
    func deallocNote(_ text: String, at m: MethodBody) -> DeallocStep
}

/// What the nib loader tells its host beside the engine's events (`expect event`).
package enum NibLoaderEvent {
    /// An outlet was set to the object.
    case connected
    /// An outlet to the object found no place (the Mac loader, N6).
    case unconnected
}

/// The simulated frameworks for one configuration: the engine that owns every object, the
/// class table, and the controller world's state (windows, stacks, appearance, callbacks).
/// Its behaviour — memory warnings, dealloc planning (it is its engine's `DeallocPlanner`),
/// lifecycle callbacks, navigation, view loading and nib loading — changes
/// the engine by UIKit's and AppKit's rules and asks its `host` only for what is not the
/// frameworks'.
///
/// The engine, the class table and the controller state are shared with the host (the
/// same objects): a run reads them directly on its hot paths.
public final class CocoaWorld {
    /// The platform, its version and the memory model every rule asks about.
    package let config: Configuration
    /// Every object, reference, retain count and event.
    package let engine: Engine
    /// The configuration's classes, the catalogue's and the described ones.
    package let classes: ClassTable
    /// Windows, stacks, appearance states, callbacks sent, what each view load made.
    package let controllers = ControllerState()
    /// The driver: overrides, trace words, roots. Set right after the world is made, and
    /// it owns the world (unowned, so no cycle; never read after the host is gone).
    package var host: (any CocoaWorldHost)? {
        get { _host }
        set { _host = newValue; _tracing = newValue?.tracing ?? false }
    }
    /// The host's `tracing`, asked once (it does not change): a trace line not written costs
    /// one read, and explore writes none.
    @exclusivity(unchecked) var _tracing = false
    /// The host's storage, read at each controller a memory warning reaches: internal and
    /// unchecked for exclusivity (a stored property visible outside its module keeps a
    /// dynamic check at each read, even inside it); each access is one read or one assignment.
    @exclusivity(unchecked) unowned(unsafe) var _host: (any CocoaWorldHost)?

    /// Dealloc plans already made, by engine class (DeallocPlanning.swift). Indexed by the
    /// class id: a cascade of a million objects asks a million times. Internal and unchecked
    /// for exclusivity: each access is one read or one write, never held across a call.
    @exclusivity(unchecked) var planCache: [CachedPlan?] = []
    /// By class: the last plan of a class whose plan depends on the object's KVC keys.
    @exclusivity(unchecked) var kvcPlanCache: [KVCCleanupPlan?] = []

    /// What each small nib's loads found for its objects' classes, by nib name
    /// (NibLoading.swift). Read at every nib load; unchecked for exclusivity: each access
    /// is one read or one write of the cache, never held across a call that touches it again.
    @exclusivity(unchecked) var nibClassPlans: [String: NibClassPlan] = [:]
    /// Storage a nib load reuses for the objects it makes; unchecked like the plans: taken
    /// and handed back in one assignment each.
    @exclusivity(unchecked) var nibObjectsBuffer: [ObjectID] = []

    /// The host of a world made from Swift (`init(configuration:classes:)`), owned here: a
    /// script's run owns its world instead.
    var standaloneHost: StandaloneHost?

    /// A world over `engine`, whose classes `classes` has defined.
    package init(config: Configuration, engine: Engine, classes: ClassTable) {
        self.config = config
        self.engine = engine
        self.classes = classes
    }

    /// Whether the app has crashed (a message to a deallocated object, an exception): the
    /// world then does nothing more.
    public var crashed: Bool { engine.hasCrashed }

    /// A trace line, one level below the statement running.
    func note(_ text: @autoclosure () -> String, extraDepth: Int = 1) {
        guard _tracing, let h = _host else { return }
        h.note(text(), extraDepth: extraDepth)
    }

    func because(_ text: @autoclosure () -> String) -> Cause {
        guard _tracing, let h = _host else { return .explicit }
        return h.because(text())
    }

    /// An object's own class in the table (a described class, or its catalogue class).
    package func runtimeClass(of o: ObjectID) -> RuntimeClass {
        classes[engineClass: engine.classOf(o)] ?? classes[engine.className(engine.classOf(o))]!
    }

    /// Whether a controller's view (or a window controller's window) is loaded. Reads the
    /// slot: no message, no load.
    @inline(__always) public func isViewLoaded(_ c: ObjectID) -> Bool {
        guard let slot = classes.loadedSlot(engineClass: engine.classOf(c)) else { return false }
        return engine.read(SlotRef(c, slot)) != nil
    }
}
