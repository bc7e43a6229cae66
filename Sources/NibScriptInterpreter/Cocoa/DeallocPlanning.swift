import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The last dealloc plan made for a class with `option cleanup kvc`, and the keys it nils.
package struct KVCCleanupPlan {
    package var keys: [String]
    package var plan: DeallocPlan
}

/// A class's dealloc plan, made once.
package struct CachedPlan {
    package var plan: DeallocPlan
    /// A controller: its dealloc is also recorded as a callback, each time.
    package var recordsCallback: Bool
}

/// Lowers each object's dealloc to engine steps: the script's `dealloc` bodies, the
/// built-in classes' own cleanup, and ARC's release of strong ivars (O2, O8).
extension ScenarioRun: DeallocPlanner {
    package func deallocPlan(for o: ObjectID, in engine: Engine) -> DeallocPlan {
        if engine.isHidden(o) {
            // A scope ends: ARC releases its strong variables, last declared first.
            guard config.isARC else { return DeallocPlan(steps: []) }
            let n = engine.slots(of: engine.classOf(o)).count
            return DeallocPlan(steps: (0..<n).reversed().map { .release(slot: $0) })
        }
        let c = engine.classOf(o)
        // A controller's dealloc is a callback `expect called` reads, so it is recorded each time.
        if c.index < planCache.count, let plan = planCache[c.index], !plan.recordsCallback { return plan.plan }
        let cls = runtimeClass(of: o)
        if (cls.isViewController || cls.isWindowController) && controllers.recordsCallbacks {
            controllers.callbacks.append(CallbackRecord(object: o, callback: .dealloc, line: line))
        }
        // A plan depends on the class alone, except for `cleanup kvc`, which nils the keys
        // KVC set on this very object: plans are made once per class and kept.
        let perObject = cls.option("cleanup") == "kvc"
        if !perObject, c.index < planCache.count, let plan = planCache[c.index] { return plan.plan }
        // With `cleanup kvc` the plan depends on the class and the keys alone: the last plan
        // made for the class is reused while the object's keys are the same (they nearly
        // always are: the keys its nib's outlets set).
        let keys = perObject ? controllers.trackedKeys[o] ?? [] : []
        if perObject, c.index < kvcPlanCache.count, let cached = kvcPlanCache[c.index], cached.keys == keys { return cached.plan }
        let plan = makePlan(for: o, cls)
        if perObject {
            if c.index >= kvcPlanCache.count { kvcPlanCache += repeatElement(nil, count: c.index + 1 - kvcPlanCache.count) }
            kvcPlanCache[c.index] = KVCCleanupPlan(keys: keys, plan: plan)
        } else {
            if c.index >= planCache.count { planCache += repeatElement(nil, count: c.index + 1 - planCache.count) }
            let recordsCallback = cls.isViewController || cls.isWindowController
            // Without a callback to record, asking again for the class only gives this plan:
            // the engine may keep it.
            var kept = plan
            kept.sameForEveryObject = !recordsCallback
            planCache[c.index] = CachedPlan(plan: kept, recordsCallback: recordsCallback)
            return kept
        }
        return plan
    }

    private func makePlan(for o: ObjectID, _ cls: RuntimeClass) -> DeallocPlan {
        var plan = DeallocPlan(steps: [])
        var cleanedUp = false
        for k in cls.ancestors {
            if k.isBuiltin {
                // V10: the cleanup class sits between the script's classes and UIViewController,
                // so its dealloc runs when the script's dealloc reaches [super dealloc].
                if !cleanedUp { plan.steps += world.cleanupDeallocSteps(o, cls); cleanedUp = true }
                plan.steps += builtinDeallocSteps(k)
                continue
            }
            guard let m = k.methods["dealloc"] else { continue }
            plan.steps.append(deallocLine(.method(k.name), at: m.range.start, indent: 0))
            lower(m.body, in: cls, into: &plan)
            if !config.isARC && !m.body.statements.contains(where: { if case .superCall = $0.kind { return true }; return false }) {
                plan.reachesRoot = false
                return plan
            }
        }
        if config.isARC {
            // .cxx_destruct, from the class itself up: each class's strong ivars, last declared first.
            if let body = cls.ancestors.lazy.compactMap({ $0.methods["dealloc"] }).first,
               cls.ancestors.contains(where: { !$0.isBuiltin && $0.ivars.contains { $0.ownership == .strong } }) {
                plan.steps.append(deallocLine(.note(".cxx_destruct: ARC releases the strong ivars"), at: body.range.start, indent: 0))
            }
            for k in cls.ancestors where !k.isBuiltin {
                for iv in k.ivars.reversed() where iv.ownership == .strong { plan.steps.append(.release(slot: iv.slot)) }
            }
        }
        return plan
    }

    /// A Cocoa class releases what it retains: its retained properties, then its lists.
    private func builtinDeallocSteps(_ k: RuntimeClass) -> [DeallocStep] {
        DeallocRules.builtinSteps(k)
    }

    /// A `dealloc` body as engine steps, added to `plan`. The checker allows only statements
    /// that lower.
    private func lower(_ body: Block, in cls: RuntimeClass, into plan: inout DeallocPlan) {
        for s in body.statements {
            plan.steps.append(deallocLine(.statement(s.range), at: s.range.start, indent: 1))
            switch s.kind {
            case .release(let e), .cfRelease(let e):
                if let slot = DeallocLowering.slot(of: e, in: cls) { plan.steps.append(.release(slot: slot)) }
            case .autorelease(let e):
                if let slot = DeallocLowering.slot(of: e, in: cls) { plan.steps.append(.autorelease(slot: slot)) }
            case .assign(let target, _):
                if let (slot, rule) = DeallocLowering.nilStore(target, in: cls) {
                    plan.steps.append(.storeNil(slot: slot, rule: rule))
                } else if let through = DeallocLowering.nilStoreThrough(target, in: cls, classes: classes) {
                    let step = through.step(in: &plan)
                    plan.steps.append(step)
                }
            case .send(let e, let sel, _):
                if let slot = DeallocLowering.slot(of: e, in: cls) {
                    let selector = plan.selector(sel?.name ?? "description")
                    plan.steps.append(.message(slot: slot, selector: selector))
                }
            default:
                break
            }
        }
    }
}

/// A line a dealloc plan shows in the trace: the method's name, a statement of its body, or
/// a note of the runtime's own (ARC's `.cxx_destruct`).
package enum DeallocLine {
    case method(String)
    case statement(SourceRange)
    case note(String)
}

extension ScenarioRun {
    /// A plan step that shows `l` in the trace at the line of `offset`.
    package func deallocLine(_ l: DeallocLine, at offset: Int, indent: Int32) -> DeallocStep {
        deallocLines.append(l)
        return .statement(site: Int32(file.location(of: offset).line), token: Int32(deallocLines.count - 1), indent: indent)
    }
}

/// Which statements a `dealloc` body may hold, and what they lower to. Shared by the
/// checker (which reports the rest) and the planner.
package enum DeallocLowering {
    /// `label`, `self->label`, `self.label`: a slot of self.
    package static func slot(of e: Expr, in cls: RuntimeClass) -> Int? {
        switch e.kind {
        case .name(let id): return cls.ivar(id.name)?.slot
        case .ivar(let base, let id):
            if case .name(let b) = base.kind, b.name == "self" { return cls.ivar(id.name)?.slot }
        case .property(let base, let id):
            if case .name(let b) = base.kind, b.name == "self" { return cls.property(id.name)?.slot }
        default: break
        }
        return nil
    }

    /// What `self.table.delegate = nil` does: through self's slot `slot`, nil slot
    /// `targetSlot` of an object of class `expecting`, sending `selector` first.
    package struct NilStoreThrough {
        var slot: Int
        var targetSlot: Int
        var expecting: ClassID
        var rule: StoreRule
        var selector: String

        /// The step, its selector numbered among `plan`'s.
        func step(in plan: inout DeallocPlan) -> DeallocStep {
            .storeNilThrough(slot: slot, targetSlot: targetSlot, expecting: expecting, rule: rule,
                             selector: plan.selector(selector))
        }
    }

    /// `self.table.delegate = nil` or `table.delegate = nil`: a property of an object self
    /// holds, known by the declared class of self's ivar or property.
    package static func nilStoreThrough(_ target: Expr, in cls: RuntimeClass, classes: ClassTable) -> NilStoreThrough? {
        guard case .property(let base, let id) = target.kind, let slot = slot(of: base, in: cls) else { return nil }
        let type = cls.ancestors.lazy.compactMap { $0.ivars.first { $0.slot == slot }?.type }.first
        guard let t = type.flatMap({ classes[$0] }), let p = t.property(id.name) else { return nil }
        let rule: StoreRule
        switch p.ownership {
        case .strong, .copy, .none: rule = .retain
        case .assign: rule = .assign
        case .weak: rule = .weak
        }
        return NilStoreThrough(slot: slot, targetSlot: p.slot, expecting: t.engineClass, rule: rule,
                               selector: KeyValueCoding.setterSelector(id.name))
    }

    /// `self.label = nil` (the setter's rule) or `label = nil` (the ivar's).
    package static func nilStore(_ target: Expr, in cls: RuntimeClass) -> (Int, StoreRule)? {
        if case .property(let base, let id) = target.kind, case .name(let b) = base.kind, b.name == "self", let p = cls.property(id.name) {
            switch p.ownership {
            case .strong, .copy, .none: return (p.slot, .retain)
            case .assign: return (p.slot, .assign)
            case .weak: return (p.slot, .weak)
            }
        }
        guard let slot = slot(of: target, in: cls) else { return nil }
        let iv = cls.ancestors.lazy.compactMap { $0.ivars.first { $0.slot == slot } }.first
        switch iv?.ownership ?? .none {
        case .none: return (slot, .direct(adoptsClaim: false))
        case .strong, .copy: return (slot, .retain)
        case .weak: return (slot, .weak)
        case .assign: return (slot, .assign)
        }
    }
}
