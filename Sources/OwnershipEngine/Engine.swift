/// The ownership engine: objects with retain counts, slots that hold references and
/// claims of ownership, autorelease pools, weak zeroing, dealloc cascades, zombies.
///
/// Storage is a struct of arrays indexed by `ObjectID.raw`. Costs per operation: alloc,
/// retain, release without dealloc, autorelease and a single-slot store are O(1) amortized;
/// a dealloc costs O(its plan's steps + weak references to the object); a drain O(entries);
/// a leak search O(live objects + references). Cascades run on an explicit frame stack, so a
/// chain of a million owned objects uses heap, not the call stack.
public final class Engine {
    // Classes.
    struct ClassRecord {
        var name: String
        var superclass: ClassID?
        var slots: [SlotInfo]          // all slots, superclass's first
        var ownSlotStart: Int
        var hidden: Bool
    }
    var classes: [ClassRecord] = []

    // Objects (struct of arrays).
    var classOf: [ClassID] = []
    var counts: [Int32] = []
    var states: [ObjectState] = []
    var names: [String] = []
    var numbers: [Int32] = []          // display number among visible objects, 0 for hidden ones
    var slotBase: [Int32] = []
    var deallocSite: [Int32] = []
    var weakReferrers: [[SlotRef]] = []
    /// +1s an object has taken over without a slot of its own for them (Mac top-level objects
    /// handed to File's Owner): they count for reachability.
    var adopted: [[ObjectID]] = []

    // Slots, flat: a single slot holds an ObjectID raw value (or -1); a list slot holds an
    // index into `lists` (or -1 before its first element).
    var slotTarget: [Int32] = []
    var slotClaims: [Int32] = []
    var lists: [[ObjectID]] = []

    var pools: [[ObjectID]] = [[]]
    var frames: [DeallocFrame] = []
    var runningFrames = false
    var visibleCount: Int32 = 0

    /// The Mac's garbage collector instead of reference counting (G1): retain, release and
    /// autorelease do nothing; `collectGarbage(roots:)` frees what no root reaches.
    public var garbageCollected = false

    public weak var planner: DeallocPlanner?
    /// Receives every event as it happens (nil: events are not built at all).
    public var eventSink: ((EngineEvent) -> Void)?
    /// The client's token for the statement now running; stamped on every event.
    public var site: Int32 = 0
    public private(set) var crash: Crash?

    public init() {}

    // MARK: Classes

    @discardableResult
    public func defineClass(name: String, superclass: ClassID?, slots: [SlotInfo], hidden: Bool = false) -> ClassID {
        let inherited = superclass.map { classes[$0.index].slots } ?? []
        classes.append(ClassRecord(name: name, superclass: superclass, slots: inherited + slots,
                                   ownSlotStart: inherited.count, hidden: hidden))
        return ClassID(Int32(classes.count - 1))
    }

    public func className(_ c: ClassID) -> String { classes[c.index].name }
    public func superclass(of c: ClassID) -> ClassID? { classes[c.index].superclass }
    public func slots(of c: ClassID) -> [SlotInfo] { classes[c.index].slots }
    /// The index of the first slot `c` declares itself (earlier ones are inherited).
    public func ownSlotStart(of c: ClassID) -> Int { classes[c.index].ownSlotStart }
    public func slotIndex(named name: String, in c: ClassID) -> Int? {
        classes[c.index].slots.lastIndex { $0.name == name }
    }
    public func isSubclass(_ c: ClassID, of ancestor: ClassID) -> Bool {
        var k: ClassID? = c
        while let cur = k { if cur == ancestor { return true }; k = classes[cur.index].superclass }
        return false
    }

    // MARK: Objects

    public var objectCount: Int { counts.count }
    public var allObjects: [ObjectID] { (0..<counts.count).map { ObjectID(Int32($0)) } }
    public func classOf(_ o: ObjectID) -> ClassID { classOf[o.index] }
    public func count(_ o: ObjectID) -> Int { Int(counts[o.index]) }
    public func state(_ o: ObjectID) -> ObjectState { states[o.index] }
    public func isAlive(_ o: ObjectID) -> Bool { states[o.index] != .deallocated }
    public func isHidden(_ o: ObjectID) -> Bool { classes[classOf[o.index].index].hidden }
    public func name(_ o: ObjectID) -> String { names[o.index] }
    public func setName(_ o: ObjectID, _ name: String) { names[o.index] = name }
    /// 1, 2, 3… in allocation order among visible objects: stable across runs and machines.
    public func number(_ o: ObjectID) -> Int { Int(numbers[o.index]) }
    public func deallocSite(_ o: ObjectID) -> Int32 { deallocSite[o.index] }

    /// alloc/init: a new object at +1, owned by the caller (O1).
    @discardableResult
    public func alloc(_ c: ClassID, name: String) -> ObjectID {
        let o = ObjectID(Int32(counts.count))
        let layout = classes[c.index]
        classOf.append(c); counts.append(1); states.append(.alive); names.append(name)
        if layout.hidden { numbers.append(0) } else { visibleCount += 1; numbers.append(visibleCount) }
        slotBase.append(Int32(slotTarget.count)); deallocSite.append(-1)
        weakReferrers.append([]); adopted.append([])
        for _ in layout.slots { slotTarget.append(-1); slotClaims.append(0) }
        emit(.alloc(o))
        return o
    }

    // MARK: Messages

    /// A message to `o`: fine while it lives (or is deallocating); a zombie message and a
    /// crash once it is deallocated (O5). Returns false if it crashed.
    @discardableResult
    public func message(_ o: ObjectID, _ selector: String) -> Bool {
        guard crash == nil else { return false }
        if states[o.index] == .deallocated {
            let cls = classes[classOf[o.index].index].name
            let text = "*** -[\(cls) \(selector)]: message sent to deallocated instance"
            emit(.zombie(o, selector: selector))
            crash = Crash(message: text, object: o, selector: selector, site: site)
            emit(.crash(text))
            frames.removeAll()
            return false
        }
        return true
    }

    // MARK: Retain counting

    /// `retain` (O2). With `via`, the reference that now holds the extra claim.
    @discardableResult
    public func retain(_ o: ObjectID, cause: Cause = .explicit, via: SlotRef? = nil) -> Bool {
        guard message(o, "retain") else { return false }
        if garbageCollected { return true }
        counts[o.index] += 1
        if let via { slotClaims[slotIndex(via)] += 1 }
        emit(.retain(o, count: counts[o.index], cause: cause))
        return true
    }

    /// `release` (O2, O4). `via` names the reference whose claim it gives up.
    @discardableResult
    public func release(_ o: ObjectID, cause: Cause = .explicit, via: SlotRef? = nil) -> Bool {
        guard message(o, "release") else { return false }
        // The runtime ignores a release of an object whose dealloc is already running.
        if states[o.index] == .deallocating || garbageCollected { return true }
        if let via { consumeClaim(on: o, via: via) }
        counts[o.index] -= 1
        emit(.release(o, count: counts[o.index], cause: cause))
        if counts[o.index] == 0 { beginDealloc(o) }
        return crash == nil
    }

    /// `autorelease` (O3): one pending release in the innermost pool.
    @discardableResult
    public func autorelease(_ o: ObjectID, cause: Cause = .explicit, via: SlotRef? = nil) -> Bool {
        guard message(o, "autorelease") else { return false }
        if garbageCollected { return true }
        if let via { consumeClaim(on: o, via: via) }
        pools[pools.count - 1].append(o)
        emit(.autorelease(o, pool: pools.count - 1, cause: cause))
        return true
    }

    public var poolDepth: Int { pools.count }
    public func pendingReleases(inPool i: Int) -> [ObjectID] { pools[i] }
    public func pushPool() {
        guard crash == nil else { return }
        pools.append([])
    }

    /// Drains the innermost pool, newest entry first as the runtime does, until it is
    /// empty: a release that autoreleases more objects (from a dealloc) lands in the same
    /// pool and is drained too, as objc's releaseUntil does. The outermost pool (the run
    /// loop's) stays in place, ready for the next event.
    public func drainPool() {
        guard crash == nil else { return }
        let depth = pools.count - 1
        emit(.drain(pool: depth, entries: pools[depth].count))
        while crash == nil, let o = pools[depth].popLast() {
            release(o, cause: .pool)
        }
        if depth > 0, crash == nil { pools.removeLast() }
    }

    // MARK: Slots

    func slotIndex(_ r: SlotRef) -> Int { Int(slotBase[r.holder.index]) + Int(r.slot) }

    public func read(_ r: SlotRef) -> ObjectID? {
        let t = slotTarget[slotIndex(r)]
        return t < 0 ? nil : ObjectID(t)
    }
    public func claims(_ r: SlotRef) -> Int { Int(slotClaims[slotIndex(r)]) }

    /// Stores `value` into a single slot under `rule` (O6, O7, O8). Returns false on a crash.
    @discardableResult
    public func store(_ r: SlotRef, _ value: ObjectID?, rule: StoreRule, cause: Cause? = nil) -> Bool {
        guard crash == nil else { return false }
        let i = slotIndex(r)
        let old = slotTarget[i] < 0 ? nil : ObjectID(slotTarget[i])
        let why = cause ?? .store(r)
        // Storing nil is done to let the old value go, so the caller's cause says why; when a
        // new value takes its place, the caller's cause is about the new one and the old one
        // goes because it was replaced.
        let oldWhy: Cause = value == nil ? (cause ?? .replaced(r)) : .replaced(r)
        // Whatever the new rule, the slot no longer waits to be zeroed for its old target.
        if let old { unregisterWeak(r, from: old) }
        switch rule {
        case .retain:
            if let v = value { guard retain(v, cause: why) else { return false } }
            slotTarget[i] = value?.raw ?? -1
            slotClaims[i] = value == nil ? 0 : 1
            // The old value is released whatever claim the slot had on it: a setter does not
            // know that someone already released it behind its back (that is the bug to show).
            if let old { return release(old, cause: oldWhy) }
        case .adopt:
            slotTarget[i] = value?.raw ?? -1
            slotClaims[i] = value == nil ? 0 : 1
            if let old { return release(old, cause: oldWhy) }
        case .assign:
            slotTarget[i] = value?.raw ?? -1
            slotClaims[i] = 0
        case .weak:
            // A weak store of an object already deallocating reads back as nil, as objc_storeWeak does.
            if let v = value, states[v.index] == .alive {
                slotTarget[i] = v.raw
                weakReferrers[v.index].append(r)
            } else {
                slotTarget[i] = -1
            }
            slotClaims[i] = 0
        case .direct(let adoptsClaim):
            slotTarget[i] = value?.raw ?? -1
            slotClaims[i] = (adoptsClaim && value != nil) ? 1 : 0
        }
        return crash == nil
    }

    /// Moves the claims a reference holds to nobody: the pointer stays, the ownership goes
    /// (an MRC local going out of scope, a variable overwritten without a release).
    public func dropClaims(_ r: SlotRef) {
        guard crash == nil else { return }
        slotClaims[slotIndex(r)] = 0
    }

    /// Records that `holder` has taken over a +1 on `target` without a slot for it.
    public func adopt(_ target: ObjectID, by holder: ObjectID) {
        guard crash == nil else { return }
        adopted[holder.index].append(target)
    }
    public func adoptedObjects(_ holder: ObjectID) -> [ObjectID] { adopted[holder.index] }
    /// Gives up one adopted +1 of `holder` on `target` (before the caller releases it).
    @discardableResult
    public func consumeAdopted(_ target: ObjectID, by holder: ObjectID) -> Bool {
        guard let k = adopted[holder.index].firstIndex(of: target) else { return false }
        adopted[holder.index].remove(at: k)
        return true
    }

    func consumeClaim(on o: ObjectID, via r: SlotRef) {
        let i = slotIndex(r)
        if slotTarget[i] == o.raw, slotClaims[i] > 0 { slotClaims[i] -= 1; return }
        // Releasing through a reference that holds no claim gives up one the holder adopted.
        if let k = adopted[r.holder.index].firstIndex(of: o) { adopted[r.holder.index].remove(at: k) }
    }

    /// Dealloc (or finalization) begins: weak references read as nil from this moment, as
    /// objc_loadWeak does for a deallocating object.
    func markDeallocating(_ o: ObjectID) {
        states[o.index] = .deallocating
        deallocSite[o.index] = site
        emit(.dealloc(o))
        let referrers = weakReferrers[o.index]
        weakReferrers[o.index] = []
        for r in referrers {
            slotTarget[slotIndex(r)] = -1
            emit(.weakZeroed(r, target: o))
        }
    }

    /// A freed object's weak slots must not be zeroed later on its behalf.
    func forgetWeakSlots(of o: ObjectID) {
        let base = Int(slotBase[o.index])
        for (k, info) in classes[classOf[o.index].index].slots.enumerated() where !info.isList {
            let t = slotTarget[base + k]
            if t >= 0 { unregisterWeak(SlotRef(o, k), from: ObjectID(t)) }
        }
    }

    func unregisterWeak(_ r: SlotRef, from target: ObjectID) {
        if let k = weakReferrers[target.index].firstIndex(of: r) { weakReferrers[target.index].remove(at: k) }
    }

    // MARK: Lists

    public func list(_ r: SlotRef) -> [ObjectID] {
        let t = slotTarget[slotIndex(r)]
        return t < 0 ? [] : lists[Int(t)]
    }

    /// Appends to an owned list, retaining the element (a superview retaining a subview).
    @discardableResult
    public func listAppend(_ r: SlotRef, _ value: ObjectID, cause: Cause? = nil) -> Bool {
        guard retain(value, cause: cause ?? .list(r)) else { return false }
        let i = slotIndex(r)
        if slotTarget[i] < 0 { lists.append([]); slotTarget[i] = Int32(lists.count - 1) }
        lists[Int(slotTarget[i])].append(value)
        return true
    }

    /// Appends to an owned list, taking over a +1 the caller holds instead of retaining (a
    /// window controller keeping the top-level objects its nib left at +1).
    public func listAdopt(_ r: SlotRef, _ value: ObjectID) {
        let i = slotIndex(r)
        if slotTarget[i] < 0 { lists.append([]); slotTarget[i] = Int32(lists.count - 1) }
        lists[Int(slotTarget[i])].append(value)
    }

    /// Removes the last occurrence of `value` from an owned list and releases it.
    @discardableResult
    public func listRemove(_ r: SlotRef, _ value: ObjectID, cause: Cause? = nil) -> Bool {
        guard crash == nil else { return false }
        let t = slotTarget[slotIndex(r)]
        guard t >= 0, let k = lists[Int(t)].lastIndex(of: value) else { return true }
        lists[Int(t)].remove(at: k)
        return release(value, cause: cause ?? .list(r))
    }

    // MARK: Dealloc

    func beginDealloc(_ o: ObjectID) {
        markDeallocating(o)
        let plan = planner?.deallocPlan(for: o, in: self) ?? DeallocPlan(steps: [])
        frames.append(DeallocFrame(object: o, steps: plan.steps, reachesRoot: plan.reachesRoot))
        if !runningFrames { runFrames() }
    }

    /// Runs dealloc frames until none is left. Depth-first, like nested dealloc calls in
    /// the runtime, but on an explicit stack.
    func runFrames() {
        runningFrames = true
        defer { runningFrames = false }
        while crash == nil, let top = frames.indices.last {
            if frames[top].pendingIndex < frames[top].pending.count {
                let next = frames[top].pending[frames[top].pendingIndex]
                frames[top].pendingIndex += 1
                release(next, cause: frames[top].cause)
                continue
            }
            if frames[top].pc < frames[top].steps.count {
                let step = frames[top].steps[frames[top].pc]
                frames[top].pc += 1
                perform(step, in: top)
                continue
            }
            let done = frames.removeLast()
            if !done.reachesRoot { emit(.deallocIncomplete(done.object)) }
            states[done.object.index] = .deallocated
            forgetWeakSlots(of: done.object)
        }
    }

    func perform(_ step: DeallocStep, in frameIndex: Int) {
        let me = frames[frameIndex].object
        let cause = frames[frameIndex].cause
        switch step {
        case .release(let slot):
            let r = SlotRef(me, slot)
            if let t = read(r) { release(t, cause: cause, via: r) }
        case .autorelease(let slot):
            let r = SlotRef(me, slot)
            if let t = read(r) { autorelease(t, cause: cause, via: r) }
        case .storeNil(let slot, let rule):
            store(SlotRef(me, slot), nil, rule: rule, cause: cause)
        case .message(let slot, let selector):
            if let t = read(SlotRef(me, slot)) { message(t, selector) }
        case .storeNilThrough(let slot, let targetSlot, let expecting, let rule, let selector):
            guard let t = read(SlotRef(me, slot)), message(t, selector), isSubclass(classOf[t.index], of: expecting) else { return }
            store(SlotRef(t, targetSlot), nil, rule: rule, cause: cause)
        case .releaseList(let slot):
            let i = slotIndex(SlotRef(me, slot))
            guard slotTarget[i] >= 0 else { return }
            frames[frameIndex].pending += lists[Int(slotTarget[i])]
            lists[Int(slotTarget[i])] = []
        case .releaseAdopted:
            frames[frameIndex].pending += adopted[me.index]
            adopted[me.index] = []
        }
    }

    /// Stops a run as the app would stop: used by clients for crashes the engine cannot
    /// see itself (an uncaught NSUndefinedKeyException).
    public func raise(_ message: String, object: ObjectID?, selector: String) {
        guard crash == nil else { return }
        crash = Crash(message: message, object: object, selector: selector, site: site)
        emit(.crash(message))
        frames.removeAll()
    }

    @inline(__always) func emit(_ kind: EngineEvent.Kind) {
        guard let sink = eventSink else { return }
        sink(EngineEvent(kind: kind, site: site, depth: frames.count))
    }
}
