import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

// The scenario's assignments, retains, releases and autoreleases run from their packed
// records' names in place (issue 27, item 5): `StatementsView.parts` made an `Identifier`
// (a `String`) per name and an `Expr` per operand and destroyed them after, and each name
// was then found in the frame by comparing or hashing its text. Here a name is found by
// its index in the parse's table of names, once per name (`recordSlots`). Only in the
// scenario's own frame (no self, no arguments), where a name is either a variable of the
// frame or resolved the long way; what each statement does is `assign`'s, `retain`'s,
// `release`'s and `autorelease`'s, step for step.

extension ScenarioRun {
    /// Makes `recordSlots` answer for `v`'s table of names.
    @inline(__always)
    func useRecordSlots(of v: StatementsView) {
        let token = v.namesToken
        if token != recordSlotsToken {
            recordSlots = []
            recordClasses = []
            recordSlotsToken = token
        }
    }

    /// Runs record `i` (an assignment, retain, release or autorelease) in the scenario's frame.
    func runRecord(_ v: StatementsView, _ i: Int, _ kind: PackedKind, _ ctx: Context) {
        let ops = v.operands(i)
        header(ops.range)
        switch kind {
        case .assign:
            assignRecord(ops.first, ops.second, ctx)
        case .retain:
            if config.isGC { return noteGC() }
            retain(recordOperand(ops.first, ctx, nameHint: nil), isArgument: false, ctx)
        case .release:
            if config.isGC { return noteGC() }
            release(recordOperand(ops.first, ctx, nameHint: nil))
        default:
            if config.isGC { return noteGC() }
            autorelease(recordOperand(ops.first, ctx, nameHint: nil))
        }
    }

    /// The slot of the name `n` in the scenario's frame + 1, or -1 when it has none (or is
    /// `self`): looked up once per name.
    @inline(__always)
    private func recordSlot(_ n: PackedNameRef) -> Int32 {
        let k = Int(n.index)
        if k < recordSlots.count {
            let m = recordSlots[k]
            if m != 0 { return m }
        } else {
            recordSlots += repeatElement(0, count: max(k + 1 - recordSlots.count, recordSlots.count, 16))
        }
        let m: Int32 = n.isSelf ? -1 : scenarioFrame.slot(n.name).map { Int32($0 + 1) } ?? -1
        recordSlots[k] = m
        return m
    }

    /// `classes[n.name]`, kept by the name's index once found.
    @inline(__always)
    private func recordClass(_ n: PackedNameRef) -> RuntimeClass? {
        let k = Int(n.index)
        if k < recordClasses.count, let c = recordClasses[k] { return c }
        guard let c = classes[n.name] else { return nil }
        if k >= recordClasses.count {
            recordClasses += repeatElement(nil, count: max(k + 1 - recordClasses.count, recordClasses.count, 16))
        }
        recordClasses[k] = c
        return c
    }

    /// `resolve` of a record's name.
    @inline(__always)
    private func recordName(_ n: PackedNameRef, _ ctx: Context) -> Operand {
        if crashed { return .none }
        let m = recordSlot(n)
        if m > 0 {
            let r = SlotRef(ctx.frame.object, Int(m - 1))
            return Operand(object: engine.read(r), place: r)
        }
        return resolve(n.name, ctx)
    }

    /// `evaluate` of a record's operand.
    private func recordOperand(_ o: PackedOperand, _ ctx: Context, nameHint: PackedNameRef?) -> Operand {
        if crashed { return .none }
        switch o.form {
        case .nilLiteral:
            return .none
        case .new, .newAutoreleased:
            return newObject(recordClass(o.a), autoreleased: o.form == .newAutoreleased, nameHint: nameHint.map { $0.name })
        case .name:
            return recordName(o.a, ctx)
        case .property:
            guard let b = recordName(o.a, ctx).object else { return .none }
            return getProperty(o.b.name, of: b)
        case .ivar:
            let name = o.b.name
            guard let b = recordName(o.a, ctx).object else {
                engine.raise("EXC_BAD_ACCESS: read of ivar '\(name)' through a nil pointer", object: nil, selector: name)
                return .none
            }
            return readIvar(name, of: b)
        }
    }

    /// `assign` of a record's target and value.
    private func assignRecord(_ target: PackedOperand, _ value: PackedOperand, _ ctx: Context) {
        switch target.form {
        case .name:
            let n = target.a
            let v = recordOperand(value, ctx, nameHint: n)
            guard !crashed else { return }
            let m = recordSlot(n)
            guard let k = m > 0 ? Int(m - 1) : ctx.frame.slot(n.name) else { return }
            // A watched variable given another object is no longer watched.
            if v.object != nil, !watched.isEmpty { watched[n.name] = nil }
            storeVariable(SlotRef(ctx.frame.object, k), v)
        case .property:
            let b = recordName(target.a, ctx)
            guard !crashed else { return }
            let member = target.b
            let v = recordOperand(value, ctx, nameHint: member)
            guard !crashed else { return }
            guard let o = b.object else {
                releaseTemporary(v)
                return note("message to nil: nothing happens")
            }
            setProperty(member.name, of: o, v)
        case .ivar:
            let b = recordName(target.a, ctx)
            guard !crashed else { return }
            let name = target.b.name
            let v = recordOperand(value, ctx, nameHint: target.b)
            guard !crashed, let o = b.object else { return }
            if !engine.isAlive(o) {
                engine.raise("EXC_BAD_ACCESS: write to ivar '\(name)' of deallocated \(label(o))", object: o, selector: name)
                return
            }
            guard let iv = runtimeClass(of: o).ivar(name) else { return }
            storeIvar(iv, of: o, v)
        default:
            break
        }
    }
}
