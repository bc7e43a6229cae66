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

/// A scenario's variables by the index of their names in a parse's table of names (see
/// `PackedNameRef.index`): a variable's position, + 1, once a record has found it. A
/// variable keeps its position in its scope (and in the copies `choose` makes of it), so
/// what is kept stays right; only names found are kept, as a later assignment may declare
/// one. Only a scope with no selector uses it: a method's `value` and `key` are found
/// before its variables.
struct RecordVariables {
    private var token: UnsafeRawPointer?
    private var positions: [Int32] = []

    /// Makes the table answer for the names of `token`'s table (emptied if it was another's).
    @inline(__always)
    mutating func use(_ token: UnsafeRawPointer?) {
        if token != self.token { self.token = token; positions = [] }
    }

    @inline(__always)
    func position(_ n: PackedNameRef) -> Int? {
        let k = Int(n.index)
        guard k < positions.count, positions[k] > 0 else { return nil }
        return Int(positions[k] - 1)
    }

    mutating func keep(_ n: PackedNameRef, at position: Int) {
        let k = Int(n.index)
        if k >= positions.count { positions += repeatElement(0, count: max(k + 1 - positions.count, positions.count, 16)) }
        positions[k] = Int32(position + 1)
    }
}

extension Checker {
    /// A type found statically, or `nil` when the name or member is unknown (the long way
    /// then reports it).
    typealias Found = String??

    /// Checks record `i` of `v` (not kept whole); false when it must be checked the long way.
    func checkRecord(_ v: StatementsView, _ i: Int, _ kind: PackedKind, _ scope: inout Scope) -> Bool {
        scope.recordVariables.use(v.namesToken)
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
        if scope.selector == nil, let i = scope.recordVariables.position(n) { return .some(scope.variables[i].type) }
        let name = n.name
        if let sel = scope.selector {
            if name == "value", sel.hasSuffix(":") { return .some(nil) }
            if name == "key", sel == "setValue:forUndefinedKey:" { return .some(nil) }
        }
        if let i = scope.variableIndex.index(of: name, id: n.id) {
            if scope.selector == nil { scope.recordVariables.keep(n, at: i) }
            return .some(scope.variables[i].type)
        }
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
            if n.isSelf { return false }
            let name = n.name
            if scope.nibObjectIndex.index(of: name, id: n.id) != nil { return false }
            if let cls = scope.cls, cls.ivar(name) != nil { return true }
            // Declared already (`addVariable` would do nothing).
            if scope.selector == nil, scope.recordVariables.position(n) != nil { return true }
            scope.addVariable(n.identifier, valueType)
            if scope.selector == nil, let i = scope.variableIndex.index(of: name, id: n.id) { scope.recordVariables.keep(n, at: i) }
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
