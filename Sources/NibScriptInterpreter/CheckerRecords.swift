import NibScriptSyntax

// The checker's way through a packed record (issue 27, item 5): its names by reference
// (`StatementsView.operands`), found by their parser ids, with no `Identifier` or `Expr`
// made. It covers what nearly every statement is, a check that finds nothing to report;
// whenever it would report something, or meets what only the whole statement's check
// knows (a list property, `watch` of an unknown name…), it gives up having changed
// nothing but its lookup caches, and the statement is checked the long way, which then
// reports exactly what it always did. Making the operands as `Expr`s and destroying them
// after cost about 450 instructions a statement, more than the check. The scope is passed
// `inout` throughout: passed by value from the block's loop, it was copied at each call.

extension Checker {
    /// A type found statically, or `nil` when the name or member is unknown (the long way
    /// then reports it).
    typealias Found = String??

    /// Checks record `i` of `v` (not kept whole); false when it must be checked the long way.
    func checkRecord(_ v: StatementsView, _ i: Int, _ kind: PackedKind, _ scope: inout Scope) -> Bool {
        switch kind {
        case .assign:
            let ops = v.operands(i)
            guard let t = operandType(ops.second, &scope) else { return false }
            return checkAssignTarget(ops.first, valueType: t, &scope)
        case .retain, .release, .autorelease:
            if config.isARC { return false }
            return operandType(v.operands(i).first, &scope) != nil
        case .cfRelease:
            return operandType(v.operands(i).first, &scope) != nil
        case .send:
            let ops = v.operands(i)
            guard operandType(ops.first, &scope) != nil else { return false }
            // A selector that ends in a colon needs an argument: the long way reports it.
            return !(ops.selector.exists && ops.selector.ends(with: UInt8(ascii: ":")))
        default:
            return false
        }
    }

    /// `type(of:)` of a record's operand (`new` allowed: only a value is one).
    private func operandType(_ o: PackedOperand, _ scope: inout Scope) -> Found {
        switch o.form {
        case .nilLiteral:
            return .some(nil)
        case .new, .newAutoreleased:
            guard let cls = lookups.cls(o.a.name, in: classes) else { return nil }
            return .some(cls.name)
        case .name:
            return nameType(o.a, &scope)
        case .property, .ivar:
            let isIvar = o.form == .ivar
            guard let bt = nameType(o.a, &scope) else { return nil }
            guard let t = bt, let cls = lookups.cls(t, in: classes) else { return .some(nil) }
            let m = o.b
            guard let type = lookups.memberType(m.name, id: m.id, ivar: isIvar, of: cls) else { return nil }
            return .some(type == "id" ? nil : type)
        }
    }

    /// `nameType` of a record's name, nil where that reports something.
    private func nameType(_ n: PackedNameRef, _ scope: inout Scope) -> Found {
        if n.isSelf {
            guard let c = scope.cls else { return nil }
            return .some(c.name)
        }
        let name = n.name
        if let sel = scope.selector {
            if name == "value", sel.hasSuffix(":") { return .some(nil) }
            if name == "key", sel == "setValue:forUndefinedKey:" { return .some(nil) }
        }
        if let i = scope.variableIndex.index(of: name, id: n.id) { return .some(scope.variables[i].type) }
        if let cls = scope.cls, let iv = cls.ivar(name) { return .some(iv.type == "id" ? nil : iv.type) }
        if scope.nibObjectIndex.index(of: name, id: n.id) != nil, let o = scope.nibObject(n.identifier) { return .some(o.type) }
        if name == "app" { return .some(config.isIOS ? "UIApplication" : "NSApplication") }
        return nil
    }

    /// `checkAssignTarget` of a record's target; false where that reports something.
    private func checkAssignTarget(_ target: PackedOperand, valueType: String?, _ scope: inout Scope) -> Bool {
        switch target.form {
        case .name:
            let n = target.a
            if n.isSelf || scope.nibObjectIndex.index(of: n.name, id: n.id) != nil { return false }
            if let cls = scope.cls, cls.ivar(n.name) != nil { return true }
            scope.addVariable(n.identifier, valueType)
            return true
        case .property, .ivar:
            // With no type for the base (and nothing reported), the long way finds nothing
            // either; with one, the member must be there.
            guard let bt = nameType(target.a, &scope) else { return false }
            guard let t = bt, let cls = lookups.cls(t, in: classes) else { return true }
            let m = target.b
            return lookups.memberType(m.name, id: m.id, ivar: target.form == .ivar, of: cls) != nil
        default:
            return false
        }
    }
}
