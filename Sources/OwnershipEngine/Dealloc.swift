/// What one step of an object's dealloc does, relative to the object being deallocated.
/// The client lowers a class's dealloc (the user's body, the built-in superclasses' own
/// cleanup, ARC's release of strong ivars) to a flat list of these, so the engine can run
/// any cascade on an explicit stack instead of recursing.
///
/// Plain data, nothing reference-counted: a cascade copies a step out of its plan for every
/// step it runs, and a step holding a `String` made each copy a call that retained it. The
/// selectors the steps send are kept by the plan (`DeallocPlan.selectors`) and named by
/// their index there.
public enum DeallocStep: Sendable, Equatable {
    /// Release what slot `slot` of self points at (nothing if nil), consuming the slot's claim.
    case release(slot: Int)
    /// Autorelease what slot `slot` points at.
    case autorelease(slot: Int)
    /// Store nil into the slot under the given rule (`self.label = nil`, or `label = nil`).
    case storeNil(slot: Int, rule: StoreRule)
    /// Send a message to what the slot points at (a zombie message if it is deallocated):
    /// selector number `selector` of the plan.
    case message(slot: Int, selector: Int32)
    /// Through what slot `slot` points at, store nil into its slot `targetSlot` under `rule`
    /// (`self.table.delegate = nil`): a setter message to that object first, so a zombie
    /// if it is gone; nothing if it is nil or not of class `expecting`. The setter is
    /// selector number `selector` of the plan.
    case storeNilThrough(slot: Int, targetSlot: Int, expecting: ClassID, rule: StoreRule, selector: Int32)
    /// Release every element of an owned list, first to last, and empty it.
    case releaseList(slot: Int)
    /// Release one object held by self's adopted claims (Mac top-level objects of a nib whose
    /// owner is a window or view controller).
    case releaseAdopted
    /// A line of the client's own dealloc code begins here (`token` is the client's name for
    /// it, `site` its site, in the client's terms): the engine reports it (`deallocStatement`), indented
    /// `indent` levels under the dealloc, and the events of the steps after it come one level
    /// deeper, and carry `site`, until the next such step or the dealloc's end.
    case statement(site: Int32, token: Int32, indent: Int32)
}

/// A class's dealloc, flattened: steps, the selectors they send, and whether the chain
/// reaches NSObject's dealloc (an MRC `dealloc` body without `[super dealloc]` does not: the
/// memory is never freed).
public struct DeallocPlan: Sendable {
    public var steps: [DeallocStep]
    /// The selectors `message` and `storeNilThrough` steps send, by their number.
    public var selectors: [String]
    public var reachesRoot: Bool
    /// The planner gives this very plan for every object of the class, and asking it has no
    /// other effect: the engine keeps it and asks no more for that class.
    public var sameForEveryObject: Bool
    public init(steps: [DeallocStep], selectors: [String] = [], reachesRoot: Bool = true, sameForEveryObject: Bool = false) {
        self.steps = steps; self.selectors = selectors; self.reachesRoot = reachesRoot
        self.sameForEveryObject = sameForEveryObject
    }

    /// The number of `name` among the plan's selectors, added if it is new.
    public mutating func selector(_ name: String) -> Int32 {
        if let k = selectors.firstIndex(of: name) { return Int32(k) }
        selectors.append(name)
        return Int32(selectors.count - 1)
    }
}

/// Supplies dealloc plans. Called when an object's dealloc begins (unless an earlier plan for
/// its class was `sameForEveryObject`); it must not call back into the engine's mutating
/// operations.
public protocol DeallocPlanner: AnyObject {
    func deallocPlan(for object: ObjectID, in engine: Engine) -> DeallocPlan
}

/// How a store treats the new and the old value.
public enum StoreRule: Sendable, Equatable {
    /// `retain`/`strong` setters, KVC's ivar path, ARC strong variables: retain the new
    /// value, store it, then release the old one (O6).
    case retain
    /// Take over a +1 the caller already holds (a fresh `new`, a copy), then release the old value.
    case adopt
    /// `assign`/`unsafe_unretained`: store, no memory management; the pointer may dangle.
    case assign
    /// ARC `weak`: store without retaining; set to nil when the target is deallocated.
    case weak
    /// MRC direct ivar assignment: no retain, no release of the old value (O7). With
    /// `adoptsClaim`, the slot takes over the +1 of a fresh object (`_history = new …`).
    case direct(adoptsClaim: Bool)
}

/// A running dealloc. Plain data: its plan is named, not held (a frame holding the plan's
/// arrays retained them when it began and released them when it ended).
struct DeallocFrame {
    var object: ObjectID
    /// The next step of the plan to run.
    var pc: Int32 = 0
    /// Where the plan is: `>= 0`, the plan the engine keeps for that class
    /// (`Engine.classPlans`); `< 0`, `EngineState.framePlans[-1 - plan]`.
    var plan: Int32
    /// Where in `EngineState.pendingLists` the objects a `releaseList` (or `releaseAdopted`)
    /// step took out wait, or -1. Kept beside the frames rather than in them: few frames
    /// have any, and a cascade a million deep keeps a million frames on the stack (120 bytes
    /// each with the list inline, 32 without).
    var pendingList: Int32 = -1
    var reachesRoot: Bool
    /// How many levels the events of this frame are indented by its `statement` steps.
    var indent: Int32 = 0
    /// The client's site when the dealloc began, given back when it ends.
    var siteBefore: Int32 = 0

    init(object: ObjectID, plan: Int32, reachesRoot: Bool, siteBefore: Int32) {
        self.object = object; self.plan = plan; self.reachesRoot = reachesRoot; self.siteBefore = siteBefore
    }
}

/// The name of a plan's selector number `k` (a step naming one the plan lacks sends
/// `description` rather than trapping).
func selectorName(_ k: Int32, in selectors: [String]) -> String {
    k >= 0 && Int(k) < selectors.count ? selectors[Int(k)] : "description"
}

/// Objects a frame's `releaseList` (or `releaseAdopted`) step took out, still to be released
/// in order, and why: every pending object comes from the one step that queued them.
struct PendingReleases {
    var objects: [ObjectID] = []
    var cause: Cause = .explicit
    var next = 0
}
