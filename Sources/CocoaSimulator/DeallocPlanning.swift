import OwnershipEngine

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

/// Lowers each object's dealloc to engine steps: the Cocoa classes' own cleanup
/// (`DeallocRules`), the automatic outlet cleanups (V10), ARC's release of strong ivars
/// (O2, O8), and — through the host — the `dealloc` bodies written outside the frameworks.
/// The world is its engine's planner.
extension CocoaWorld: DeallocPlanner {
    public func deallocPlan(for o: ObjectID, in engine: Engine) -> DeallocPlan {
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
            controllers.callbacks.append(CallbackRecord(object: o, callback: .dealloc, line: _host?.line ?? 0))
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
                if !cleanedUp { plan.steps += cleanupDeallocSteps(o, cls); cleanedUp = true }
                plan.steps += DeallocRules.builtinSteps(k)
                continue
            }
            guard let m = k.methods["dealloc"], let host = _host else { continue }
            let callsSuper = host.lowerDealloc(m, of: k, for: cls, into: &plan)
            if !config.isARC && !callsSuper {
                plan.reachesRoot = false
                return plan
            }
        }
        if config.isARC {
            // .cxx_destruct, from the class itself up: each class's strong ivars, last declared first.
            if let body = cls.ancestors.lazy.compactMap({ $0.methods["dealloc"] }).first, let host = _host,
               cls.ancestors.contains(where: { !$0.isBuiltin && $0.ivars.contains { $0.ownership == .strong } }) {
                plan.steps.append(host.deallocNote(".cxx_destruct: ARC releases the strong ivars", at: body))
            }
            plan.steps += DeallocRules.arcDestructSteps(cls)
        }
        return plan
    }
}
