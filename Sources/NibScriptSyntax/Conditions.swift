// `if` / `else` in method bodies: a small set of predicates, enough for the patterns of the
// seeds and of real code (iOS 6's `didReceiveMemoryWarning` advice, setters that test
// `if (foo != newFoo)`).

/// `if cond { … } [else { … } | else if …]`. `else if` is an `else` block holding one `if`.
public struct IfStatement: Sendable {
    public var condition: Condition
    public var then: Block
    public var otherwise: Block?
    public init(condition: Condition, then: Block, otherwise: Block?) {
        self.condition = condition; self.then = then; self.otherwise = otherwise
    }
}

/// A conjunction of terms, evaluated left to right and stopping at the first false one
/// (`&&` short-circuits, as in C: `isViewLoaded && view.window == nil` never loads the view).
public struct Condition: Sendable {
    public var terms: [ConditionTerm]
    public var range: SourceRange
    public init(terms: [ConditionTerm], range: SourceRange) { self.terms = terms; self.range = range }
}

public enum ConditionTerm: Sendable {
    /// `isViewLoaded` (of self), `!isViewLoaded`.
    case viewLoaded(negated: Bool, range: SourceRange)
    /// `a == b`, `a != b`; either side may be `nil`. The paths are read as the code reads
    /// them: through getters (messages), so `view.window` loads an unloaded view.
    case compare(Expr, equal: Bool, Expr)
    /// `ios`, `mac`, `ios >= 6.0`, `mac < 10.8`: the platform, and its version if compared.
    case platform(ScriptPlatform, CompareOp?, major: Int, minor: Int, range: SourceRange)
    /// `arc`, `mrc`, `gc`: the memory model.
    case memory(ScriptMemoryModel, range: SourceRange)
}

extension ScriptParser {
    /// if = "if" cond block [ [ NEWLINE ] "else" ( block | if ) ]
    mutating func parseIf() throws -> Stmt {
        let stmt = try parseIfWithoutEnd()
        expectEnd("statement")
        return stmt
    }

    /// An `else` binds to the nearest `if`, as in C.
    private mutating func parseIfWithoutEnd() throws -> Stmt {
        let start = advance().range.start
        let condition = try parseCondition()
        let then = try parseBlock()
        var otherwise: Block?
        if isWord(current, .else) || (current.kind == .newline && isWord(peek(), .else)) {
            if current.kind == .newline { advance() }
            let elseStart = advance().range.start
            if isWord(current, .if) {
                let nested = try parseIfWithoutEnd()
                otherwise = Block(statements: [nested], range: SourceRange(start: elseStart, end: nested.range.end))
            } else {
                otherwise = try parseBlock()
            }
        }
        return Stmt(.ifElse(IfStatement(condition: condition, then: then, otherwise: otherwise)), range: range(from: start))
    }

    /// cond = term { "&&" term }
    mutating func parseCondition() throws -> Condition {
        let start = current.range.start
        var terms = [try parseConditionTerm()]
        while current.kind == .ampAmp {
            advance()
            terms.append(try parseConditionTerm())
        }
        return Condition(terms: terms, range: range(from: start))
    }

    /// term = [ "!" ] "isViewLoaded" | expr ( "==" | "!=" ) expr | ( "ios" | "mac" ) [ cmp VERSION ]
    ///      | "arc" | "mrc" | "gc"
    private mutating func parseConditionTerm() throws -> ConditionTerm {
        let t = current
        if t.kind == .bang {
            advance()
            guard current.kind == .identifier, text(current) == "isViewLoaded" else {
                throw errorAtCurrent("'!' negates 'isViewLoaded' only; write 'a != b' to negate a comparison")
            }
            return .viewLoaded(negated: true, range: SourceRange(start: t.range.start, end: advance().range.end))
        }
        if t.kind == .identifier, !isPathContinuation(peek()) {
            let word = text(t)
            if word == "isViewLoaded" { advance(); return .viewLoaded(negated: false, range: t.range) }
            if let p = ScriptPlatform(rawValue: word) {
                advance()
                if let op = CompareOp(current.kind), peek().kind == .version {
                    let (major, minor) = version(peek())
                    advance(); advance()
                    return .platform(p, op, major: major, minor: minor, range: range(from: t.range.start))
                }
                return .platform(p, nil, major: 0, minor: 0, range: t.range)
            }
            if let m = ScriptMemoryModel(rawValue: word) { advance(); return .memory(m, range: t.range) }
        }
        let left = try parseExpression()
        let equal: Bool
        switch current.kind {
        case .equalEqual: equal = true
        case .bangEqual: equal = false
        default: throw errorAtCurrent("expected '==' or '!=' in the condition, found \(describe(current))")
        }
        advance()
        let right = try parseExpression()
        return .compare(left, equal: equal, right)
    }

    private func isPathContinuation(_ t: Lexeme) -> Bool {
        switch t.kind {
        case .dot, .arrow, .equalEqual, .bangEqual: return true
        default: return false
        }
    }
}
