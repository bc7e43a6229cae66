import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// The script's `dealloc` bodies lowered to engine steps, for the world's dealloc planner
/// (CocoaSimulator/DeallocPlanning.swift), which adds the Cocoa classes' own cleanup and
/// ARC's release of strong ivars around them.
extension ScenarioRun {
    package func lowerDealloc(_ body: MethodBody, of k: RuntimeClass, for cls: RuntimeClass, into plan: inout DeallocPlan) -> Bool {
        let m = body.decl
        plan.steps.append(deallocLine(.method(k.name), at: m.range.start, indent: 0))
        lower(m.body, in: cls, into: &plan)
        return m.body.statements.contains(where: { if case .superCall = $0.kind { return true }; return false })
    }

    package func deallocNote(_ text: String, at m: MethodBody) -> DeallocStep {
        deallocLine(.note(text), at: m.decl.range.start, indent: 0)
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
        return .statement(site: Self.site(offset), token: Int32(deallocLines.count - 1), indent: indent)
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
