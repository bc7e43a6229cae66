// `nib` declarations: inline object trees with connections, or a reference to a .xib file.

extension ScriptParser {
    static let nibItemWords = Vocabulary.nibItems

    /// nib = "nib" IDENT [ "main" ] ( "{" { NEWLINE | nibitem } "}" | "from" STRING END )
    mutating func parseNib() throws -> NibDecl {
        let keyword = advance()
        let name = try expectIdentifier("expected a nib name")
        let isMain = isWord(current, .main)
        if isMain { advance() }
        if isWord(current, .from) {
            advance()
            guard case .string = current.kind else { throw errorAtCurrent("expected a string") }
            let path = stringValue(current)
            let pathRange = advance().range
            let decl = NibDecl(name: name, isMain: isMain, body: .file(path, range: pathRange),
                               range: range(from: keyword.range.start))
            expectEnd("declaration")
            return decl
        }
        guard check(.leftBrace) else {
            let notes = current.kind == .identifier ? didYouMean(text(current), ["main", "from"]) : []
            throw errorAtCurrent("expected '{' or 'from'", notes: notes)
        }
        let body: NibBody
        if nibTables {
            table = NibTable()
            do {
                _ = try parseBracedEach { p in try p.parseTableItem() }
            } catch {
                table = NibTable()
                throw error
            }
            var read = NibTable()
            swap(&read, &table)
            if read.objects.capacity > 2 * read.objects.count + Self.bigBlock { shrink(&read.objects) }
            if read.connections.capacity > 2 * read.connections.count + Self.bigBlock { shrink(&read.connections) }
            body = .table(read)
        } else {
            body = .inline(try parseBraced { p in try p.parseNibItem() }.0)
        }
        let decl = NibDecl(name: name, isMain: isMain, body: body, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// nibitem = owner | object | connect | action
    mutating func parseNibItem() throws -> NibItem {
        guard current.kind == .identifier else {
            throw errorAtCurrent("expected a nib item, found \(describe(current))")
        }
        // `owner :` is always File's Owner; any other `NAME :` is an object, even one named
        // `connect` or `action`.
        if isWord(current, .owner) { return try parseOwner() }
        if peek().kind == .colon { return .object(try parseNibObject()) }
        if isWord(current, .connect) { return .connect(try parseConnect()) }
        if isWord(current, .action) { return .action(try parseAction()) }
        throw unknownNibItem()
    }

    private mutating func unknownNibItem() -> ParseError {
        let word = text(current)
        report("unknown nib item '\(word)'", at: current.range, notes: didYouMean(word, Self.nibItemWords))
        return ParseError()
    }

    // MARK: - Nib blocks as tables (see NibTable)

    /// nibitem, the same grammar and errors as `parseNibItem`, stored in `table`.
    mutating func parseTableItem() throws {
        guard current.kind == .identifier else {
            throw errorAtCurrent("expected a nib item, found \(describe(current))")
        }
        if isWord(current, .owner) {
            if case .owner(let type, let range) = try parseOwner() { table.owners.append((type, range)) }
            return
        }
        if peek().kind == .colon { return try parseTableObject(parent: -1) }
        if isWord(current, .connect) { return try parseTableConnect() }
        if isWord(current, .action) {
            let before = table.connections.count
            table.actions.append((before, try parseAction()))
            return
        }
        throw unknownNibItem()
    }

    /// object, as `parseNibObject`: the object is stored before its children (document
    /// order, parents first); one whose braces cannot be read is taken out again with
    /// everything stored after it, as the tree drops it with its children.
    mutating func parseTableObject(parent: Int32) throws {
        let t = advance()
        let name = NibTable.Name(id: t.name, range: t.range)
        advance()  // the colon
        let className = try expectName("expected a class name")
        var key = NibTable.Name.none
        if isWord(current, .`as`) {
            advance()
            key = try expectName("expected a key name after 'as'")
        }
        let index = table.objects.count
        table.objects.append(.init(name: name, className: className, key: key, parent: parent, end: Int32(clamping: prevEnd)))
        if table.objects.count == Self.bigBlock {
            // As a big block of statements does (see `reserveForBigBlock`).
            let more = linesLeft()
            table.objects.reserveCapacity(table.objects.count + more)
        }
        if check(.leftBrace) {
            do {
                _ = try parseBracedEach { p in try p.parseTableChild(parent: Int32(index)) }
            } catch {
                table.objects.removeSubrange(index...)
                throw error
            }
            table.objects[index].end = Int32(clamping: prevEnd)
        }
        expectEnd("declaration")
    }

    private mutating func parseTableChild(parent: Int32) throws {
        guard current.kind == .identifier, peek().kind == .colon else { throw childObjectError() }
        try parseTableObject(parent: parent)
    }

    /// connect, as `parseConnect`.
    mutating func parseTableConnect() throws {
        let keyword = advance()
        let source = try expectName("expected an object name")
        try expect(.dot, "expected '.' after object name")
        let outlet = try expectName("expected an outlet name")
        try expect(.arrow, "expected '->'")
        let first = try expectName("expected an object name")
        let moreStart = table.moreDestinations.count
        while case .comma = current.kind {
            advance()
            do {
                table.moreDestinations.append(try expectName("expected an object name"))
            } catch {
                table.moreDestinations.removeSubrange(moreStart...)
                throw error
            }
        }
        let isStale = isWord(current, .stale)
        if isStale { advance() }
        table.connections.append(.init(source: source, outlet: outlet, destination: first, moreStart: Int32(moreStart),
                                       moreCount: Int32(table.moreDestinations.count - moreStart), isStale: isStale,
                                       range: range(from: keyword.range.start)))
        if table.connections.count == Self.bigBlock {
            let more = linesLeft()
            table.connections.reserveCapacity(table.connections.count + more)
        }
        expectEnd("declaration")
    }

    /// An identifier as a table's name: its id and range.
    private mutating func expectName(_ message: String) throws -> NibTable.Name {
        guard current.kind == .identifier else { throw errorAtCurrent(message) }
        let t = advance()
        return NibTable.Name(id: t.name, range: t.range)
    }

    /// owner = "owner" ":" IDENT END
    mutating func parseOwner() throws -> NibItem {
        let keyword = advance()
        try expect(.colon, "expected ':' after 'owner'")
        let type = try expectIdentifier("expected a class name")
        let item = NibItem.owner(type, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return item
    }

    /// object = IDENT ":" IDENT [ "as" IDENT ] ( "{" { NEWLINE | object } "}" | END )
    /// The caller has seen `IDENT :`. Children recurse through parseBraced, which caps depth;
    /// the header is parsed by a helper to keep this recursive frame small.
    mutating func parseNibObject() throws -> NibObjectDecl {
        var decl = try parseNibObjectHeader()
        if check(.leftBrace) {
            decl.children = try parseBraced { p in try p.parseChildObject() }.0
            decl.range = range(from: decl.name.range.start)
        }
        expectEnd("declaration")
        return decl
    }

    /// `IDENT : IDENT [ as IDENT ]`, as an object with no children yet.
    private mutating func parseNibObjectHeader() throws -> NibObjectDecl {
        let t = advance()
        let name = identifier(t)
        advance()  // the colon
        let className = try expectIdentifier("expected a class name")
        var key: Identifier?
        if isWord(current, .`as`) {
            advance()
            key = try expectIdentifier("expected a key name after 'as'")
        }
        return NibObjectDecl(name: name, className: className, key: key, children: [],
                             range: range(from: name.range.start))
    }

    /// Inside an object's braces only objects may stand.
    mutating func parseChildObject() throws -> NibObjectDecl {
        guard current.kind == .identifier, peek().kind == .colon else { throw childObjectError() }
        return try parseNibObject()
    }

    private mutating func childObjectError() -> ParseError {
        errorAtCurrent("expected an object declaration (name : Class), found \(describe(current))")
    }

    /// connect = "connect" IDENT "." IDENT "->" IDENT { "," IDENT } [ "stale" ] END
    mutating func parseConnect() throws -> ConnectDecl {
        let keyword = advance()
        let source = try expectIdentifier("expected an object name")
        try expect(.dot, "expected '.' after object name")
        let outlet = try expectIdentifier("expected an outlet name")
        try expect(.arrow, "expected '->'")
        let first = try expectIdentifier("expected an object name")
        var more: [Identifier] = []
        while case .comma = current.kind {
            advance()
            more.append(try expectIdentifier("expected an object name"))
        }
        let isStale = isWord(current, .stale)
        if isStale { advance() }
        let decl = ConnectDecl(source: source, outlet: outlet, destination: first, moreDestinations: more,
                               isStale: isStale, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// action = "action" IDENT "->" IDENT "." selector END
    mutating func parseAction() throws -> ActionDecl {
        let keyword = advance()
        let sender = try expectIdentifier("expected an object name")
        try expect(.arrow, "expected '->'")
        let target = try expectIdentifier("expected an object name")
        try expect(.dot, "expected '.' after object name")
        let selector = try parseSelector()
        let decl = ActionDecl(sender: sender, target: target, selector: selector, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }
}
