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
        let (items, _) = try parseBraced { p in try p.parseNibItem() }
        let decl = NibDecl(name: name, isMain: isMain, body: .inline(items), range: range(from: keyword.range.start))
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
        let word = text(current)
        report("unknown nib item '\(word)'", at: current.range, notes: didYouMean(word, Self.nibItemWords))
        throw ParseError()
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
