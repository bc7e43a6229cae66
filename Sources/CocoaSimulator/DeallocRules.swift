import OwnershipEngine

/// What a dealloc releases by the frameworks' own rules, as engine steps. The interpreter's
/// dealloc planner adds the script's `dealloc` bodies and the outlet cleanups (V10) around
/// these; a class none of whose classes has a dealloc body needs only these.
package enum DeallocRules {
    /// A Cocoa class releases what it retains: its retained properties, then its lists.
    /// Mac controllers release the top-level objects a plain nib load left to them (N3).
    package static func builtinSteps(_ k: RuntimeClass) -> [DeallocStep] {
        var steps: [DeallocStep] = []
        for p in k.properties where p.ownership == .strong || p.ownership == .copy { steps.append(.release(slot: p.slot)) }
        for l in k.lists { steps.append(.releaseList(slot: l.slot)) }
        if ["NSWindowController", "NSViewController"].contains(k.name) { steps.append(.releaseAdopted) }
        return steps
    }

    /// ARC's `.cxx_destruct`: from the class itself up, each declared class's strong ivars,
    /// last declared first.
    package static func arcDestructSteps(_ cls: RuntimeClass) -> [DeallocStep] {
        var steps: [DeallocStep] = []
        for k in cls.ancestors where !k.isBuiltin {
            for iv in k.ivars.reversed() where iv.ownership == .strong { steps.append(.release(slot: iv.slot)) }
        }
        return steps
    }

    /// The dealloc of an object of `cls` when none of its classes has a `dealloc` body and
    /// it asks for no outlet cleanup: each Cocoa ancestor's steps, nearest first, then (under
    /// ARC) `.cxx_destruct`'s.
    package static func plan(for cls: RuntimeClass, isARC: Bool) -> DeallocPlan {
        var plan = DeallocPlan(steps: [])
        for k in cls.ancestors where k.isBuiltin { plan.steps += builtinSteps(k) }
        if isARC { plan.steps += arcDestructSteps(cls) }
        return plan
    }
}
