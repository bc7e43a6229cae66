/// The ownership engine: objects with retain counts, slots that hold references and
/// claims of ownership, autorelease pools, weak zeroing, dealloc cascades, zombies.
///
/// Storage is a struct of arrays: what every object keeps indexed by `ObjectID.raw`, what only
/// a live one needs by a place reused after its dealloc (ObjectIdentities.swift). Costs per operation: alloc,
/// retain, release without dealloc, autorelease and a single-slot store are O(1) amortized;
/// a dealloc costs O(its plan's steps + weak references to the object); a drain O(entries);
/// a leak search O(live objects + references). Cascades run on an explicit frame stack, so a
/// chain of a million owned objects uses heap, not the call stack.
public final class Engine {
    /// All mutable state, in one value (see EngineState for why). Its accesses are not
    /// checked for exclusivity at run time: every one is a plain read or a mutation that
    /// calls nothing back (the engine's own methods never hold an access to `s` across a call
    /// that touches it again: a dealloc cascade runs on an explicit stack, and the event sink
    /// and the planner are called between accesses), and the check cost more than the events.
    ///
    /// Usable from inlinable code: the one-line queries the interpreter asks hundreds of
    /// thousands of times a search (an object's class, whether it lives, a slot's target)
    /// are inlined into it, one load each instead of a call across modules.
    @exclusivity(unchecked) @usableFromInline var s = EngineState()

    /// Asked for a plan at every dealloc. Unchecked like `s`: the client sets it once, when
    /// it makes the engine, and each read is a plain load, not held across the call it makes.
    ///
    /// Unowned, not weak: the engine does not keep its planner alive, and the client, which
    /// owns both (a scenario run is its engine's planner), must keep it alive while the engine
    /// deallocates. A weak reference gave the planner a side table, which made every retain
    /// and release of it (a scenario run is retained all over the interpreter) take the
    /// runtime's slow path, besides a weak load at every dealloc.
    @exclusivity(unchecked) public unowned var planner: DeallocPlanner?
    /// The plans the planner said are the same for every object of their class, by class.
    /// Not part of `s`, like the planner: a plan depends on the class alone, so it holds
    /// whatever state a snapshot brings back. Unchecked like `s`: read and written only
    /// between calls out.
    /// A class without one has an empty plan here and `false` in `keepsClassPlan`: plain
    /// arrays, so a frame reads its next step in place.
    @exclusivity(unchecked) var classPlans: [DeallocPlan] = []
    @exclusivity(unchecked) var keepsClassPlan: [Bool] = []
    /// Where events go. Read at every event, so unchecked like `s`; not part of `s`, so
    /// restoring a snapshot leaves it as it is.
    struct Delivery {
        var sink: ((EngineEvent) -> Void)?
        var notableOnly = false
    }
    @exclusivity(unchecked) var delivery = Delivery()
    /// Receives every event as it happens (nil: events are not built at all).
    public var eventSink: ((EngineEvent) -> Void)? {
        get { delivery.sink }
        set { delivery.sink = newValue }
    }
    /// The sink receives only the notable events (crashes, zombie messages, deallocs that
    /// never reach NSObject's): a client that prints no trace needs no more, since the
    /// engine keeps what expectations ask of the rest (`history`).
    public var sinkTakesNotableOnly: Bool {
        get { delivery.notableOnly }
        set { delivery.notableOnly = newValue }
    }
    /// Which kinds of event each object has had, how many there were, and the zombies.
    public var history: EventHistory { s.history }

    /// The Mac's garbage collector instead of reference counting (G1): retain, release and
    /// autorelease do nothing; `collectGarbage(roots:)` frees what no root reaches.
    public var garbageCollected: Bool {
        get { s.garbageCollected }
        set { s.garbageCollected = newValue }
    }
    /// The client's token for the statement now running; stamped on every event.
    public var site: Int32 {
        @inlinable get { s.site }
        set { s.site = newValue }
    }
    public var crash: Crash? { s.crash }
    /// Whether the run has crashed (without copying the crash's message).
    @inlinable public var hasCrashed: Bool {
        // Asked before every statement: test the optional's case without copying the crash.
        if case .none = s.crash { return false }
        return true
    }

    public init() {}

    // MARK: Snapshots

    /// The whole state of the engine, to go back to later (`explore` forks variants from
    /// one). Taking one is O(1): the arrays are shared until either side writes.
    public struct Snapshot {
        let state: EngineState
    }
    public func snapshot() -> Snapshot { Snapshot(state: s) }
    /// Puts the engine back as it was at `snapshot`. The planner and event sink are not
    /// part of the state and stay as they are.
    public func restore(_ snapshot: Snapshot) { s = snapshot.state }

    // MARK: Classes

    @discardableResult
    public func defineClass(name: String, superclass: ClassID?, slots: [SlotInfo], hidden: Bool = false) -> ClassID {
        let inherited = superclass.map { s.classes[$0.index].slots } ?? []
        let all = inherited + slots
        s.classes.append(EngineState.ClassRecord(name: name, superclass: superclass, slots: all,
                                                 ownSlotStart: inherited.count, hidden: hidden,
                                                 slotIsList: all.map(\.isList), slotCount: Int32(all.count)))
        return ClassID(Int32(s.classes.count - 1))
    }

    /// How many classes are defined.
    public var classCount: Int { s.classes.count }
    /// Defines `template`'s classes here, with the same ids, in O(1): the records are shared
    /// until either engine defines another. Only into an engine with no class yet (the
    /// built-in classes every run of a process defines alike, `BuiltinClasses`).
    public func adoptClasses(of template: Engine) {
        precondition(s.classes.isEmpty, "adoptClasses into an engine that has classes")
        s.classes = template.s.classes
    }

    public func className(_ c: ClassID) -> String { s.classes[c.index].name }
    public func superclass(of c: ClassID) -> ClassID? { s.classes[c.index].superclass }
    public func slots(of c: ClassID) -> [SlotInfo] { s.classes[c.index].slots }
    /// The index of the first slot `c` declares itself (earlier ones are inherited).
    public func ownSlotStart(of c: ClassID) -> Int { s.classes[c.index].ownSlotStart }
    public func slotIndex(named name: String, in c: ClassID) -> Int? {
        s.classes[c.index].slots.lastIndex { $0.name == name }
    }
    public func isSubclass(_ c: ClassID, of ancestor: ClassID) -> Bool {
        var k: ClassID? = c
        while let cur = k { if cur == ancestor { return true }; k = s.classes[cur.index].superclass }
        return false
    }

    // MARK: Objects

    @inlinable public var objectCount: Int { s.ids.count }
    public var allObjects: [ObjectID] { (0..<s.ids.count).map { ObjectID(Int32($0)) } }
    /// Objects that are alive (or deallocating) and not hidden, in id order.
    public var liveVisibleObjects: [ObjectID] {
        var out: [ObjectID] = []
        for i in 0..<s.ids.count where s.state(ObjectID(Int32(i))) != .deallocated && !s.isHidden(ObjectID(Int32(i))) {
            out.append(ObjectID(Int32(i)))
        }
        return out
    }
    @inlinable public func classOf(_ o: ObjectID) -> ClassID { s.classID(o) }
    @inlinable public func count(_ o: ObjectID) -> Int { Int(s.count(o)) }
    @inlinable public func state(_ o: ObjectID) -> ObjectState { s.state(o) }
    @inlinable public func isAlive(_ o: ObjectID) -> Bool { s.state(o) != .deallocated }
    @inlinable public func isHidden(_ o: ObjectID) -> Bool { s.isHidden(o) }
    public func name(_ o: ObjectID) -> String { s.names[Int(s.identity(of: o).name)].string(longNames: s.longNames) }
    public func setName(_ o: ObjectID, _ name: String) { s.ids[o.index].identity = s.identity(s.classID(o), name: s.intern(name)) }
    /// 1, 2, 3… in allocation order among visible objects: stable across runs and machines.
    public func number(_ o: ObjectID) -> Int { Int(s.numbers.number(o.index)) }
    public func deallocSite(_ o: ObjectID) -> Int32 { s.deallocSite(o) }
    /// How many objects have a live record (alive, deallocating, or deallocated with
    /// something left to read): what the engine's memory grows with (for tests).
    public var liveRecordCount: Int { s.objects.count - s.freeCount }

    /// Room for `objects` more objects, before a caller allocates that many (a nib loads a
    /// million objects): the per-object arrays then never grow by doubling, which copies
    /// each of them at every step and touches twice the memory they end with; room
    /// reserved and never used is never touched. (The slots, whose number depends on the
    /// classes, still grow as they come.)
    public func reserveCapacity(objects: Int) {
        s.reserveCapacity(objects: objects)
    }

    /// alloc/init: a new object at +1, owned by the caller (O1).
    @discardableResult
    public func alloc(_ c: ClassID, name: String) -> ObjectID {
        let o = s.alloc(c, name: name)
        emit(.alloc(o))
        return o
    }

    // MARK: Messages

    /// A message to `o`: fine while it lives (or is deallocating); a zombie message and a
    /// crash once it is deallocated (O5). Returns false if it crashed.
    /// Inlinable: the interpreter sends one at most statements, and the selector passed
    /// across modules was retained and released around each call.
    @discardableResult
    @inlinable public func message(_ o: ObjectID, _ selector: String) -> Bool {
        // `EngineState.check`'s two tests, on the fields in place: calling the method on
        // `s` from here copied the whole state (every array retained, then released).
        if case .some = s.crash { return false }
        if s.state(o) == .deallocated { zombie(o, selector); return false }
        return true
    }

    /// A message step of frame `f`: its selector's name is looked up only for a zombie.
    @discardableResult
    private func message(_ o: ObjectID, _ selector: Int32, inFrame f: Int) -> Bool {
        if s.crash != nil { return false }
        if s.state(o) == .deallocated {
            zombie(o, selectorName(selector, ofFrame: f))
            return false
        }
        return true
    }

    @usableFromInline func zombie(_ o: ObjectID, _ selector: String) {
        let cls = s.classes[s.classID(o).index].name
        let text = "*** -[\(cls) \(selector)]: message sent to deallocated instance"
        emit(.zombie(o, selector: selector))
        s.crash = Crash(message: text, object: o, selector: selector, site: s.site)
        emit(.crash(text))
        s.dropFrames()
    }

    // MARK: Retain counting

    /// `retain` (O2). With `via`, the reference that now holds the extra claim.
    ///
    /// Inlined where the engine retains (a retaining store, a list append): a call there cost
    /// about as much as the retain.
    @discardableResult
    @inline(__always) public func retain(_ o: ObjectID, cause: Cause = .explicit, via: SlotRef? = nil) -> Bool {
        switch s.retain(o, via: via) {
        case .counted(let n): emit(.retain(o, count: n, cause: cause)); return true
        case .ignored: return true
        case .zombie: zombie(o, "retain"); return false
        case .stopped: return false
        }
    }

    /// `release` (O2, O4). `via` names the reference whose claim it gives up.
    ///
    /// Inlined where the engine releases (a store, a drain, a dealloc's steps), as `retain`.
    @discardableResult
    @inline(__always) public func release(_ o: ObjectID, cause: Cause = .explicit, via: SlotRef? = nil) -> Bool {
        switch s.release(o, via: via) {
        case .counted(let n):
            emit(.release(o, count: n, cause: cause))
            if n == 0 { beginDealloc(o) }
            return s.crash == nil
        case .ignored: return true
        case .zombie: zombie(o, "release"); return false
        case .stopped: return false
        }
    }

    /// `autorelease` (O3): one pending release in the innermost pool.
    @discardableResult
    public func autorelease(_ o: ObjectID, cause: Cause = .explicit, via: SlotRef? = nil) -> Bool {
        switch s.autorelease(o, via: via) {
        case .counted(let n): emit(.autorelease(o, pool: s.pools.count - 1, count: n, cause: cause)); return true
        case .ignored: return true
        case .zombie: zombie(o, "autorelease"); return false
        case .stopped: return false
        }
    }

    @inlinable public var poolDepth: Int { s.pools.count }
    public func pendingReleases(inPool i: Int) -> [ObjectID] { Array(s.pools[i]) }
    /// The releases pending in every pool: whether an event's end drains anything, asked
    /// before and after every command, without copying the pools.
    @inlinable public var pendingReleaseCount: Int { s.pools.pendingCount }
    public func pushPool() {
        guard s.crash == nil else { return }
        s.pools.push()
    }

    /// Drains the innermost pool, newest entry first as the runtime does, until it is
    /// empty: a release that autoreleases more objects (from a dealloc) lands in the same
    /// pool and is drained too, as objc's releaseUntil does. The outermost pool (the run
    /// loop's) stays in place, ready for the next event.
    public func drainPool() {
        guard s.crash == nil else { return }
        let depth = s.pools.count - 1
        emit(.drain(pool: depth, entries: s.pools.entryCount(depth)))
        while s.crash == nil, let o = s.poolPopLast(depth) {
            release(o, cause: .pool)
        }
        if depth > 0, s.crash == nil { s.pools.popInnermost() }
    }

    // MARK: Slots

    @inlinable @inline(__always) public func read(_ r: SlotRef) -> ObjectID? {
        let t = s.slotValue(r).target
        return t < 0 ? nil : ObjectID(t)
    }
    public func claims(_ r: SlotRef) -> Int { Int(s.slotValue(r).claims) }

    /// Stores `value` into a single slot under `rule` (O6, O7, O8). Returns false on a crash.
    @discardableResult
    public func store(_ r: SlotRef, _ value: ObjectID?, rule: StoreRule, cause: Cause? = nil) -> Bool {
        guard s.crash == nil else { return false }
        let i = s.slotIndex(forWriting: r)
        let t = s.slotValueAt(i).target
        let old = t < 0 ? nil : ObjectID(t)
        // The causes are made only where they are used: most stores retain nothing or
        // release nothing, and both were built at every store.
        // Whatever the new rule, the slot no longer waits to be zeroed for its old target.
        if let old, !s.weakReferrers.allEmpty, s.place(old) >= 0, !s.weakReferrers.isEmpty(at: s.place(old)) { s.unregisterWeak(r, from: old) }
        switch rule {
        case .retain:
            // A retain deallocates nothing, so the holder keeps its place meanwhile.
            if let v = value { guard retain(v, cause: cause ?? .store(r)) else { return false } }
            s.setSlot(r, i, value?.raw ?? -1, value == nil ? 0 : 1)
        case .adopt:
            s.setSlot(r, i, value?.raw ?? -1, value == nil ? 0 : 1)
        case .assign:
            s.setSlot(r, i, value?.raw ?? -1, 0)
            return s.crash == nil
        case .weak:
            // A weak store of an object already deallocating reads back as nil, as objc_storeWeak does.
            if let v = value, case let pv = s.place(v), pv >= 0, s.record(pv).state == .alive {
                s.setSlot(r, i, v.raw, 0)
                s.weakReferrers[pv].append(r)
            } else {
                s.setSlot(r, i, -1, 0)
            }
            return s.crash == nil
        case .direct(let adoptsClaim):
            s.setSlot(r, i, value?.raw ?? -1, (adoptsClaim && value != nil) ? 1 : 0)
            return s.crash == nil
        }
        // `retain` and `adopt` release the old value whatever claim the slot had on it: a
        // setter does not know that someone already released it behind its back (that is
        // the bug to show). One release for both rules: `release` is inlined here.
        if let old { return release(old, cause: Self.replacedCause(value, cause, r)) }
        return s.crash == nil
    }

    /// Why a store let its old value go. Storing nil is done to let the old value go, so the
    /// caller's cause says why; when a new value takes its place, the caller's cause is about
    /// the new one and the old one goes because it was replaced.
    @inline(__always) static func replacedCause(_ value: ObjectID?, _ cause: Cause?, _ r: SlotRef) -> Cause {
        value == nil ? (cause ?? .replaced(r)) : .replaced(r)
    }

    /// Moves the claims a reference holds to nobody: the pointer stays, the ownership goes
    /// (an MRC local going out of scope, a variable overwritten without a release).
    public func dropClaims(_ r: SlotRef) {
        guard s.crash == nil else { return }
        let i = s.slotIndex(forWriting: r)
        s.setSlot(r, i, s.slotValues[i].target, 0)
    }

    /// Records that `holder` has taken over a +1 on `target` without a slot for it.
    public func adopt(_ target: ObjectID, by holder: ObjectID) {
        guard s.crash == nil else { return }
        s.adoptedAppend(holder, target)
    }
    public func adoptedObjects(_ holder: ObjectID) -> [ObjectID] { s.adoptedObjects(holder) }
    /// Gives up one adopted +1 of `holder` on `target` (before the caller releases it).
    @discardableResult
    public func consumeAdopted(_ target: ObjectID, by holder: ObjectID) -> Bool {
        guard let k = s.adoptedObjects(holder).firstIndex(of: target) else { return false }
        s.adoptedRemove(holder, at: k)
        return true
    }

    /// Dealloc (or finalization) begins: weak references read as nil from this moment, as
    /// objc_loadWeak does for a deallocating object.
    func markDeallocating(_ o: ObjectID) { markDeallocating(o, digested: false) }

    /// See `EngineState.markDeallocating(_:digested:)`. Weak references read as nil from
    /// this moment.
    @inline(__always) func markDeallocating(_ o: ObjectID, digested: Bool) {
        s.markDeallocating(o, digested: digested)
        // Nearly every object has no weak reference: the list (an array, retained and
        // released) is taken only for one that has.
        if s.weakReferrers.allEmpty || s.weakReferrers.isEmpty(at: s.place(o)) { emit(.dealloc(o)); return }
        let zeroed = s.zeroWeakReferences(to: o)
        emit(.dealloc(o))
        for r in zeroed { emit(.weakZeroed(r, target: o)) }
    }

    // MARK: Lists

    @inlinable @inline(__always) public func list(_ r: SlotRef) -> [ObjectID] {
        let t = s.slotValue(r).target
        return t < 0 ? [] : s.lists[Int(t)]
    }

    // Questions about a list answered in place: each `list(_:)` hands out the array, retained
    // and released again by the caller, for a count or a membership test at every push.

    /// How many elements the owned list in `r` holds.
    @inlinable public func listCount(_ r: SlotRef) -> Int {
        let t = s.slotValue(r).target
        return t < 0 ? 0 : s.lists[Int(t)].count
    }

    /// Whether the owned list in `r` holds `o`.
    @inlinable public func listContains(_ r: SlotRef, _ o: ObjectID) -> Bool {
        let t = s.slotValue(r).target
        return t >= 0 && s.lists[Int(t)].contains(o)
    }

    /// The last element of the owned list in `r`, if any.
    @inlinable public func listLast(_ r: SlotRef) -> ObjectID? {
        let t = s.slotValue(r).target
        return t < 0 ? nil : s.lists[Int(t)].last
    }

    /// Appends to an owned list, retaining the element (a superview retaining a subview).
    @discardableResult
    public func listAppend(_ r: SlotRef, _ value: ObjectID, cause: Cause? = nil) -> Bool {
        guard retain(value, cause: cause ?? .list(r)) else { return false }
        s.listAppend(r, value)
        return true
    }

    /// Appends to an owned list, taking over a +1 the caller holds instead of retaining (a
    /// window controller keeping the top-level objects its nib left at +1).
    public func listAdopt(_ r: SlotRef, _ value: ObjectID) {
        s.listAppend(r, value)
    }

    /// Removes the last occurrence of `value` from an owned list and releases it.
    @discardableResult
    public func listRemove(_ r: SlotRef, _ value: ObjectID, cause: Cause? = nil) -> Bool {
        guard s.crash == nil else { return false }
        let t = s.slotValue(r).target
        guard t >= 0, let k = s.lists[Int(t)].lastIndex(of: value) else { return true }
        s.listRemove(r, list: Int(t), at: k)
        return release(value, cause: cause ?? .list(r))
    }

    // MARK: Dealloc

    func beginDealloc(_ o: ObjectID) {
        // Called only when a release took the count to 0 (see `EngineState.release`).
        markDeallocating(o, digested: true)
        let c = s.classID(o).index
        let frame: DeallocFrame
        if c < keepsClassPlan.count, keepsClassPlan[c] {
            frame = DeallocFrame(object: o, plan: Int32(c), reachesRoot: classPlans[c].reachesRoot, siteBefore: s.site)
        } else {
            let plan = planner?.deallocPlan(for: o, in: self) ?? DeallocPlan(steps: [])
            if plan.sameForEveryObject {
                if c >= classPlans.count {
                    classPlans += repeatElement(DeallocPlan(steps: []), count: c + 1 - classPlans.count)
                    keepsClassPlan += repeatElement(false, count: c + 1 - keepsClassPlan.count)
                }
                classPlans[c] = plan
                keepsClassPlan[c] = true
                frame = DeallocFrame(object: o, plan: Int32(c), reachesRoot: plan.reachesRoot, siteBefore: s.site)
            } else {
                s.framePlans.append(plan)
                frame = DeallocFrame(object: o, plan: -Int32(s.framePlans.count), reachesRoot: plan.reachesRoot, siteBefore: s.site)
            }
        }
        if s.frames.count == Self.deepCascade { reserveFramesForDeepCascade() }
        s.frames.append(frame)
        if !s.runningFrames { runFrames() }
    }

    /// The next step of frame `f`'s plan, if any, read in place.
    @inline(__always) private func nextStep(ofFrame f: Int) -> DeallocStep? {
        let pc = Int(s.frames[f].pc), p = Int(s.frames[f].plan)
        let step: DeallocStep
        if p >= 0 {
            // A kept plan (a snapshot from another engine may name a class this one keeps no
            // plan for: then there is no step, rather than a trap).
            guard p < classPlans.count, pc < classPlans[p].steps.count else { return nil }
            step = classPlans[p].steps[pc]
        } else {
            guard -1 - p < s.framePlans.count, pc < s.framePlans[-1 - p].steps.count else { return nil }
            step = s.framePlans[-1 - p].steps[pc]
        }
        s.frames[f].pc += 1
        return step
    }

    /// The name of frame `f`'s selector number `k`.
    private func selectorName(_ k: Int32, ofFrame f: Int) -> String {
        let p = Int(s.frames[f].plan)
        if p >= 0 { return p < classPlans.count ? OwnershipEngine.selectorName(k, in: classPlans[p].selectors) : "description" }
        return -1 - p < s.framePlans.count ? OwnershipEngine.selectorName(k, in: s.framePlans[-1 - p].selectors) : "description"
    }

    /// A cascade this deep is likely to be deep indeed (a chain of a million objects, each
    /// releasing the next from its dealloc, keeps a million frames on the stack).
    static let deepCascade = 4096

    /// Room for a frame per object: no cascade is deeper, as each frame deallocates a
    /// different object. The stack then never grows by doubling (a copy of every frame at
    /// each step, and twice the memory touched); the room never reached is never touched.
    @inline(never)
    private func reserveFramesForDeepCascade() {
        s.frames.reserveCapacity(s.ids.count)
    }

    /// Runs dealloc frames until none is left. Depth-first, like nested dealloc calls in
    /// the runtime, but on an explicit stack.
    func runFrames() {
        s.runningFrames = true
        defer { s.runningFrames = false }
        while s.crash == nil, let top = s.frames.indices.last {
            // Most frames never queue releases: test that in place before asking for the next.
            if s.frames[top].pendingList >= 0, let (next, cause) = s.nextPending(ofFrame: top) {
                releasePending(next, cause: cause)
                continue
            }
            if let step = nextStep(ofFrame: top) {
                perform(step, in: top)
                continue
            }
            let done = s.frames.removeLast()
            if done.pendingList >= 0 { s.pendingLists.removeLast() }
            if done.plan < 0 { s.framePlans.removeLast() }
            s.frameIndent -= Int(done.indent)
            s.site = done.siteBefore
            if !done.reachesRoot { emit(.deallocIncomplete(done.object)) }
            s.forgetWeakSlots(of: done.object)
            // Deallocated; if nothing of it is left to read, its live record goes back for
            // the next object.
            s.endDealloc(done.object)
        }
    }

    /// A release a frame queued, out of line: inlined into `runFrames` with the rest, its
    /// event was left a call of its own (and whether it was depended on the whole loop's size).
    @inline(never)
    private func releasePending(_ o: ObjectID, cause: Cause) {
        release(o, cause: cause)
    }

    /// Inlined into `runFrames`, its one caller: a call per step cost more than most steps.
    /// The two steps nearly every dealloc has are here; the others, each a store, a message
    /// or an event anyway, are a call away (inlined too, they made this too large to be
    /// inlined itself).
    @inline(__always) func perform(_ step: DeallocStep, in frameIndex: Int) {
        let me = s.frames[frameIndex].object
        switch step {
        case .release(let slot):
            let r = SlotRef(me, slot)
            if let t = read(r) { release(t, cause: .deallocSlot(r), via: r) }
        case .releaseList(let slot):
            let t = s.slotValue(SlotRef(me, slot)).target
            guard t >= 0 else { return }
            let list = Int(t)
            let taken = s.listTakeAll(SlotRef(me, slot), list: list)
            s.addPending(taken, cause: .deallocSlot(SlotRef(me, slot)), toFrame: frameIndex)
        default:
            performOther(step, of: me, in: frameIndex)
        }
    }

    @inline(never) private func performOther(_ step: DeallocStep, of me: ObjectID, in frameIndex: Int) {
        let cause = Cause.dealloc(me)
        switch step {
        case .release, .releaseList:
            perform(step, in: frameIndex)
        case .autorelease(let slot):
            let r = SlotRef(me, slot)
            if let t = read(r) { autorelease(t, cause: .deallocSlot(r), via: r) }
        case .storeNil(let slot, let rule):
            store(SlotRef(me, slot), nil, rule: rule, cause: .deallocSlot(SlotRef(me, slot)))
        case .message(let slot, let selector):
            if let t = read(SlotRef(me, slot)) { message(t, selector, inFrame: frameIndex) }
        case .storeNilThrough(let slot, let targetSlot, let expecting, let rule, let selector):
            guard let t = read(SlotRef(me, slot)), message(t, selector, inFrame: frameIndex),
                  isSubclass(s.classID(t), of: expecting) else { return }
            store(SlotRef(t, targetSlot), nil, rule: rule, cause: cause)
        case .statement(let site, let token, let indent):
            s.frameIndent += Int(indent - s.frames[frameIndex].indent)
            s.frames[frameIndex].indent = indent
            // Reported with the site before it, so the client sees where it comes from too.
            emit(.deallocStatement(me, site: site, token: token))
            s.site = site
            s.frameIndent += 1
            s.frames[frameIndex].indent = indent + 1
        case .releaseAdopted:
            let taken = s.adoptedTakeAll(me)
            s.addPending(taken, cause: cause, toFrame: frameIndex)
        }
    }

    /// Stops a run as the app would stop: used by clients for crashes the engine cannot
    /// see itself (an uncaught NSUndefinedKeyException).
    public func raise(_ message: String, object: ObjectID?, selector: String) {
        guard s.crash == nil else { return }
        s.crash = Crash(message: message, object: object, selector: selector, site: s.site)
        emit(.crash(message))
        s.dropFrames()
    }

    @inline(__always) func emit(_ kind: EngineEvent.Kind) {
        s.history.record(kind)
        // The kind first: a run without a trace hears only notable events, and taking the
        // sink out (its context retained and released) for each event it does not hear was
        // most of this.
        if delivery.notableOnly && !kind.isNotable { return }
        guard let sink = delivery.sink else { return }
        sink(EngineEvent(kind: kind, site: s.site, depth: s.frames.count + s.frameIndent))
    }
}
