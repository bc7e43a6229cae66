// The statements a packed record holds (see `Statements`), read straight into their record:
// an assignment of a name, a one-step path, `new X [autoreleased]` or `nil` to a name or a
// one-step path, and `retain`, `release` or `autorelease` of a name or a one-step path. No
// `Identifier`, `Expr` or `Stmt` is made for them (making one, packing it and destroying it
// cost more than parsing the statement). What turns out to be anything else on the way is
// handed back to the general productions with what was read so far, so diagnostics and trees
// are those of `parseStatement`; tests compare both parses (PackedStatementsTests).

extension ScriptParser {
    /// Reads the next statement into `b` if it starts as one of the packed shapes; false, with
    /// nothing consumed, when it does not (then `parseStatement` reads it).
    mutating func parsePacked(into b: inout StatementsBuilder) throws -> Bool {
        let first = current
        guard first.kind == .identifier else { return false }
        if isAssignmentStart(peek()) {
            // `nil.x = …` is an error the general production reports.
            if isWord(first, .`nil`) { return false }
            try parsePackedAssignment(into: &b)
            return true
        }
        let kind: UInt8
        switch keyword(first) {
        case .retain?: kind = PackedForm.retain
        case .release?: kind = PackedForm.release
        case .autorelease?: kind = PackedForm.autorelease
        case .send?:
            try parsePackedSend(into: &b)
            return true
        default: return false
        }
        advance()
        let x = try packableOperand(value: false)
        let start = first.range.start, end = prevEnd
        expectEnd("statement")
        if let x, b.appendRecord(kind: kind, x, nil, start: start, end: end, &nameSlots) { return true }
        let e = expr(x)
        let k: StmtKind = kind == PackedForm.retain ? .retain(e) : kind == PackedForm.release ? .release(e) : .autorelease(e)
        b.append(Stmt(k, range: SourceRange(start: start, end: end)), &nameSlots)
        return true
    }

    /// `send x [selector]` without arguments (as `parseSimpleStatement` reads it).
    private mutating func parsePackedSend(into b: inout StatementsBuilder) throws {
        let start = advance().range.start
        let receiver = try packableOperand(value: false)
        // A selector of one word (no `:`, so no arguments) is its token's name; a word ending
        // in `:` (`\`showInspector:\``, as the audit writes selectors) takes arguments.
        guard let o = receiver,
              current.kind != .identifier || (peek().kind != .colon && text(current).utf8.last != UInt8(ascii: ":")) else {
            let kind = try parseSend(receiver: expr(receiver))
            let stmt = Stmt(kind, range: range(from: start))
            expectEnd("statement")
            b.append(stmt, &nameSlots)
            return
        }
        var selector: PackableOperand?
        if current.kind == .identifier {
            let t = advance()
            selector = PackableOperand(form: PackedForm.name, a: t.name, aRange: t.range, start: t.range.start)
        }
        let end = prevEnd
        expectEnd("statement")
        if b.appendRecord(kind: PackedForm.send, o, selector, start: start, end: end, &nameSlots) { return }
        let sel = selector.map { Identifier(names[$0.a], $0.aRange, id: $0.a) }
        b.append(Stmt(.send(expr(receiver), selector: sel, arguments: []), range: SourceRange(start: start, end: end)), &nameSlots)
    }

    /// `target = value`, the target starting with a name (as `parseAssignment` reads it).
    private mutating func parsePackedAssignment(into b: inout StatementsBuilder) throws {
        let target = try packableOperand(value: false)
        guard target != nil else {
            // A longer path: the general production goes on from it.
            let s = try parseAssignment(target: expr(target))
            b.append(s, &nameSlots)
            return
        }
        guard check(.equal) else {
            b.append(try parseAssignment(target: expr(target)), &nameSlots)  // reports and throws
            return
        }
        advance()
        let value = try packableOperand(value: true)
        let start = target!.start, end = prevEnd
        expectEnd("statement")
        if let t = target, let v = value,
           b.appendRecord(kind: PackedForm.assign, t, v, start: start, end: end, &nameSlots) { return }
        b.append(Stmt(.assign(target: expr(target), value: expr(value)), range: SourceRange(start: start, end: end)), &nameSlots)
    }

    /// An operand read the general way: kept for `expr(_:)`, and nil returned.
    private mutating func general(_ e: Expr) -> PackableOperand? {
        generalOperand = e
        return nil
    }

    /// `parseExpression`, reading a packable operand without making an `Expr`: `value` allows
    /// `new` and `nil` (an assignment's value).
    private mutating func packableOperand(value: Bool) throws -> PackableOperand? {
        let t = current
        guard t.kind == .identifier else { return try general(parseExpression()) }
        if isWord(t, .`nil`) {
            guard value else { return try general(parseExpression()) }
            advance()
            return PackableOperand(form: PackedForm.nilLiteral, start: t.range.start, end: t.range.end)
        }
        if isWord(t, .new), !isAssignmentStart(peek()) {
            guard value else { return try general(parseExpression()) }
            advance()
            guard current.kind == .identifier else { throw errorAtCurrent("expected a class name") }
            let c = advance()
            let autoreleased = isWord(current, .autoreleased)
            if autoreleased { advance() }
            return PackableOperand(form: autoreleased ? PackedForm.newAutoreleased : PackedForm.new,
                                   a: c.name, aRange: c.range, start: t.range.start, end: prevEnd)
        }
        let head = advance()
        let isProperty: Bool
        switch current.kind {
        case .dot: isProperty = true
        case .arrow: isProperty = false
        default:
            return PackableOperand(form: PackedForm.name, a: head.name, aRange: head.range, start: head.range.start)
        }
        advance()
        guard current.kind == .identifier else {
            throw errorAtCurrent(isProperty ? "expected a property name after '.'" : "expected an ivar name after '->'")
        }
        let member = advance()
        let o = PackableOperand(form: isProperty ? PackedForm.property : PackedForm.ivar, a: head.name, aRange: head.range,
                                b: member.name, bRange: member.range, start: head.range.start)
        switch current.kind {
        case .dot, .arrow:
            return try general(parsePath(after: expr(o), components: 2))
        default:
            return o
        }
    }

    /// The `Expr` `parseExpression` would have made of an operand: `o` as read, or when nil
    /// the one read the general way (taken: each is read once).
    private mutating func expr(_ read: PackableOperand?) -> Expr {
        guard let o = read else {
            defer { generalOperand = nil }
            return generalOperand!
        }
        func id(_ k: Int32, _ r: SourceRange) -> Identifier { Identifier(names[k], r, id: k) }
        switch o.form {
        case PackedForm.name:
            return Expr(.name(id(o.a, o.aRange)), range: o.aRange)
        case PackedForm.property, PackedForm.ivar:
            let base = Expr(.name(id(o.a, o.aRange)), range: o.aRange)
            let member = id(o.b, o.bRange)
            return Expr(o.form == PackedForm.property ? .property(base, member) : .ivar(base, member),
                        range: o.aRange.union(o.bRange))
        case PackedForm.new, PackedForm.newAutoreleased:
            return Expr(.new(id(o.a, o.aRange), autoreleased: o.form == PackedForm.newAutoreleased),
                        range: SourceRange(start: o.start, end: o.end))
        default:
            return Expr(.nilLiteral, range: SourceRange(start: o.start, end: o.end))
        }
    }
}
