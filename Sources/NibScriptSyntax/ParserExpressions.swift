// Expressions, paths and selectors.

extension ScriptParser {
    /// Paths are built left to right into nested nodes; this caps their length for the same
    /// reason as `maxDepth` (a very deep node chain is released recursively).
    static let maxPathComponents = 256

    @inline(__always)
    func canStartExpression(_ t: Lexeme) -> Bool {
        switch t.kind {
        case .identifier, .integer, .string: return true
        default: return false
        }
    }

    /// expr = "nil" | INTEGER | STRING | "new" IDENT [ "autoreleased" ] | path
    mutating func parseExpression() throws -> Expr {
        let t = current
        switch t.kind {
        case .integer:
            advance()
            return Expr(.integer(integerValue(t)), range: t.range)
        case .string:
            advance()
            return Expr(.string(stringValue(t)), range: t.range)
        case .identifier:
            if isWord(t, .`nil`) {
                advance()
                return Expr(.nilLiteral, range: t.range)
            }
            // `new` followed by `.`, `->` or `=` is a variable that happens to be called new.
            if isWord(t, .new), !isAssignmentStart(peek()) {
                advance()
                let className = try expectIdentifier("expected a class name")
                let autoreleased = isWord(current, .autoreleased)
                if autoreleased { advance() }
                return Expr(.new(className, autoreleased: autoreleased), range: range(from: t.range.start))
            }
            return try parsePath()
        default:
            throw errorAtCurrent("expected an expression")
        }
    }

    /// path = IDENT { "." IDENT | "->" IDENT }, nested left to right: `a.b->c` is ivar(property(a, b), c).
    /// In expectations the head may also be a trace label, `"aLabel#6"`.
    mutating func parsePath() throws -> Expr {
        var expr: Expr
        if case .string = current.kind {
            let label = stringValue(current)
            expr = Expr(.string(label), range: advance().range)
        } else {
            let head = try expectIdentifier("expected a name")
            expr = Expr(.name(head), range: head.range)
        }
        return try parsePath(after: expr, components: 1)
    }

    /// The rest of a path whose first `components` parts are `expr`.
    mutating func parsePath(after head: Expr, components: Int) throws -> Expr {
        var expr = head
        var components = components
        while true {
            let isProperty: Bool
            switch current.kind {
            case .dot: isProperty = true
            case .arrow: isProperty = false
            default: return expr
            }
            advance()
            let name = try expectIdentifier(isProperty ? "expected a property name after '.'"
                                                       : "expected an ivar name after '->'")
            components += 1
            if components > Self.maxPathComponents {
                report("path is too long", at: name.range)
                throw ParseError()
            }
            let range = expr.range.union(name.range)
            expr = Expr(isProperty ? .property(expr, name) : .ivar(expr, name), range: range)
        }
    }

    /// selector = IDENT [ ":" { IDENT ":" } ] — the text is rebuilt from its tokens, so
    /// `setValue: forUndefinedKey:` is `setValue:forUndefinedKey:`; the range spans it all.
    mutating func parseSelector() throws -> Identifier {
        let first = try expectIdentifier("expected a selector")
        var name = first.name
        // One word keeps its id; a selector of parts is a name no token had.
        guard check(.colon) else { return first }
        if match(.colon) {
            name += ":"
            while current.kind == .identifier && peek().kind == .colon {
                let t = advance()
                name += text(t) + ":"
                advance()
            }
        }
        return Identifier(name, range(from: first.range.start))
    }
}
