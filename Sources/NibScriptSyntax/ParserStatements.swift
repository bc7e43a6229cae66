// Blocks and statements (scenario bodies, method bodies, autorelease pools).

extension ScriptParser {
    static let statementVerbs = Vocabulary.statementVerbs
    /// Verbs of the controller world, parsed alike (`VERB { expr } END`) and checked by the interpreter.
    static let commandVerbs = Vocabulary.commandVerbs

    /// block = "{" { NEWLINE | statement } "}"
    mutating func parseBlock() throws -> Block {
        // Each statement is packed as soon as it is read: the block never exists as an
        // array of full statements (88 bytes each), so the peak is the packed size.
        var b = StatementsBuilder()
        let range = try parseBracedEach { p in
            if p.packStatements {
                if try !p.parsePacked(into: &b) { b.append(try p.parseStatement(), &p.nameSlots) }
            } else {
                b.appendWhole(try p.parseStatement())
            }
            if b.count == Self.bigBlock { b.reserveCapacity(b.count + p.linesLeft()) }
        }
        // As `parseBraced` does: room reserved and not used is given back unless the block
        // runs to the end of the file (then it was never touched).
        if b.capacity > 2 * b.count + Self.bigBlock, linesLeft() >= Self.bigBlock { b.shrink() }
        return Block(statements: b.finish(nameSlots), range: range)
    }

    /// statement = assign | VERB … ; a statement's range covers it without its line break.
    /// `autoreleasepool` is split off because pools nest by recursion through here, and the
    /// big switch below has a large stack frame in debug builds.
    mutating func parseStatement() throws -> Stmt {
        if let k = compoundKeyword() { return try parseCompound(k) }
        return try parseSimpleStatement()
    }

    /// The keyword of a statement holding blocks, if the current token begins one. Apart,
    /// so that the tokens it copies take no room in `parseStatement`'s frame, which every
    /// level of nesting keeps on the stack (1,000 nested blocks must parse on a thread's
    /// 1 MB stack in a debug build, which inlines nothing; an optimized build inlines it
    /// again, where a call cost 60 instructions a statement).
    private func compoundKeyword() -> Keyword? {
        guard let k = keyword(current), k == .autoreleasepool || k == .choose || k == .event || k == .if else { return nil }
        return (k == .autoreleasepool || k == .if ? !isAssignmentStart(peek()) : peek().kind == .leftBrace) ? k : nil
    }

    /// A statement holding blocks: apart, and not inlined, so that `parseStatement`, which
    /// every nested block recurses through, keeps a small frame.
    @inline(never)
    private mutating func parseCompound(_ k: Keyword) throws -> Stmt {
        switch k {
        case .autoreleasepool: return try parsePool()
        case .choose: return try parseChoose()
        case .if: return try parseIf()
        default: return try parseEvent()
        }
    }

    /// "autoreleasepool" block
    private mutating func parsePool() throws -> Stmt {
        let start = advance().range.start
        let body = try parseBlock()
        let stmt = Stmt(.autoreleasePool(body), range: range(from: start))
        expectEnd("statement")
        return stmt
    }

    /// event = "event" block ; (`event` stays a name unless a `{` follows.)
    /// Not inlined: `parseStatement` recurses through blocks and must keep a small frame.
    @inline(never)
    private mutating func parseEvent() throws -> Stmt {
        let start = advance().range.start
        let body = try parseBlock()
        let stmt = Stmt(.event(body), range: range(from: start))
        expectEnd("statement")
        return stmt
    }

    /// choose = "choose" block "or" block { "or" block } ; `or` follows the `}` on its line
    /// (or starts the next line).
    private mutating func parseChoose() throws -> Stmt {
        let start = advance().range.start
        var branches = [try parseBlock()]
        while true {
            if isWord(current, .or) {
                advance()
            } else if current.kind == .newline, isWord(peek(), .or) {
                advance(); advance()
            } else {
                break
            }
            branches.append(try parseBlock())
        }
        if branches.count < 2 {
            report("'choose' needs at least two branches: choose { … } or { … }", at: SourceRange(start: start, end: start + 6))
        }
        let stmt = Stmt(.choose(branches), range: range(from: start))
        expectEnd("statement")
        return stmt
    }

    /// A word followed by `=`, `.` or `->` begins an assignment's target, whatever the word:
    /// keywords are contextual (`show = new X` names a variable show).
    @inline(__always)
    func isAssignmentStart(_ next: Lexeme) -> Bool {
        switch next.kind {
        case .equal, .dot, .arrow: return true
        default: return false
        }
    }

    private mutating func parseSimpleStatement() throws -> Stmt {
        let first = current
        guard first.kind == .identifier else {
            if canStartExpression(first) { return try parseAssignment() }
            throw errorAtCurrent("expected a statement, found \(describe(first))")
        }
        if isAssignmentStart(peek()) { return try parseAssignment() }
        let kind: StmtKind
        // Verbs are told apart by their interned ids; the word's text is needed only when
        // the statement starts with some other name.
        switch keyword(first) {
        case .retain?:
            advance()
            kind = .retain(try parseExpression())
        case .release?:
            advance()
            kind = .release(try parseExpression())
        case .autorelease?:
            advance()
            kind = .autorelease(try parseExpression())
        case .cfRelease?:
            advance()
            kind = .cfRelease(try parseExpression())
        case .send?:
            // send = "send" expr [ selector { expr } ]
            advance()
            kind = try parseSend(receiver: try parseExpression())
        case .load?:
            kind = try parseLoadNib()
        case .drain?:
            advance()
            kind = .drain
        case .watch?:
            advance()
            kind = .watch(try parseExpression())
        case .`super`?:
            advance()
            kind = .superCall
        case .expect?:
            advance()
            kind = .expect(try parseExpectation())
        case .new?, .`nil`?:
            return try parseAssignment()
        default:
            let word = text(first)
            if Self.commandVerbs.contains(word) {
                kind = try parseCommand()
                break
            }
            let notes = didYouMean(word, Self.statementVerbs + Self.commandVerbs)
            // A lone name that resembles no verb is a bare expression: say what is missing.
            if notes.isEmpty && isEnd(peek()) { return try parseAssignment() }
            report("unknown statement '\(word)'", at: first.range, notes: notes)
            throw ParseError()
        }
        let stmt = Stmt(kind, range: range(from: first.range.start))
        expectEnd("statement")
        return stmt
    }

    /// The selector and arguments of a `send` whose receiver has been read.
    mutating func parseSend(receiver: Expr) throws -> StmtKind {
        let selector = current.kind == .identifier ? try parseSelector() : nil
        var arguments: [Expr] = []
        if let s = selector, s.name.utf8.last == UInt8(ascii: ":") {
            while canStartExpression(current) { arguments.append(try parseExpression()) }
        }
        return .send(receiver, selector: selector, arguments: arguments)
    }

    /// command = VERB { expr } END
    private mutating func parseCommand() throws -> StmtKind {
        let verb = identifier(advance())
        var args: [Expr] = []
        while canStartExpression(current) { args.append(try parseExpression()) }
        return .command(verb: verb, args: args)
    }

    /// assign = expr "=" expr ; the target must be a name, `e.p` or `e->iv`.
    mutating func parseAssignment() throws -> Stmt {
        try parseAssignment(target: try parseExpression())
    }

    /// The rest of an assignment whose target has been read.
    mutating func parseAssignment(target: Expr) throws -> Stmt {
        guard check(.equal) else {
            // Points at the expression: the whole line is the problem, not the place after it.
            report("expected '=' after expression; to send a message write 'send …'", at: target.range)
            throw ParseError()
        }
        switch target.kind {
        case .name, .property, .ivar: break
        default:
            report("cannot assign to this expression", at: target.range)
            throw ParseError()
        }
        advance()
        let value = try parseExpression()
        let stmt = Stmt(.assign(target: target, value: value), range: range(from: target.range.start))
        expectEnd("statement")
        return stmt
    }

    /// "load" "nib" IDENT "owner" expr
    mutating func parseLoadNib() throws -> StmtKind {
        advance()
        guard isWord(current, .nib) else { throw errorAtCurrent("expected 'nib' after 'load'") }
        advance()
        let nib = try expectIdentifier("expected a nib name")
        guard isWord(current, .owner) else {
            throw errorAtCurrent("expected 'owner' after 'load nib \(nib.name)'")
        }
        advance()
        return .loadNib(nib: nib, owner: try parseExpression())
    }
}
