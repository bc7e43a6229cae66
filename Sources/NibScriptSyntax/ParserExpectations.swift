// `expect …`: the checks that end a scenario.

extension ScriptParser {
    /// Words with a grammar of their own after `expect`. Any other word is a verb of the
    /// controller world (`loaded`, `onscreen`, …) checked by the interpreter, unless it is
    /// within two edits of one of these, when it is taken for a typo.
    static let expectationWords = Vocabulary.expectations
    static let negatedExpectationWords = Vocabulary.negatedExpectations

    /// Called after `expect`. The Expectation's range starts at the word after `expect`
    /// (the Stmt around it starts at `expect`).
    mutating func parseExpectation() throws -> Expectation {
        var scope: [ConfigFilter]?
        let scopeStart = current.range.start
        if check(.leftParen) {
            // "(" filter { "," filter } ")": the configurations the expectation applies in.
            advance()
            var filters = [try parseConfigFilter()]
            while match(.comma) { filters.append(try parseConfigFilter()) }
            try expect(.rightParen, "expected ')' after the configurations")
            scope = filters
        }
        guard current.kind == .identifier else { throw errorAtCurrent("expected an expectation") }
        let start = scope == nil ? current.range.start : scopeStart
        let kind: ExpectationKind
        if isWord(current, .no) {
            advance()
            kind = try parseNegatedExpectation()
        } else {
            let verb = current
            let word = text(verb)
            switch word {
            case "count":
                // "count" path cmp INTEGER
                advance()
                let path = try parsePath()
                let opToken = current
                guard let op = CompareOp(opToken.kind) else {
                    let notes = opToken.kind == .equal ? ["use '==' to compare"] : []
                    throw errorAtCurrent("expected '==', '!=', '<', '<=', '>' or '>='", notes: notes)
                }
                advance()
                guard current.kind == .integer else { throw errorAtCurrent("expected an integer") }
                let value = integerValue(current)
                advance()
                kind = .count(path, op, value, opRange: opToken.range)
            case "alive", "deallocated", "nil", "dangling":
                advance()
                kind = .state(try parsePath(), ObjectStateName(rawValue: word)!)
            case "leaks", "zombies":
                advance()
                var paths = [try parsePath()]
                while match(.comma) { paths.append(try parsePath()) }
                kind = word == "leaks" ? .leaks(paths) : .zombies(paths)
            case "crash":
                advance()
                if case .string = current.kind {
                    kind = .crash(stringValue(advance()))
                } else if isEnd(current) {
                    kind = .crash(nil)
                } else {
                    throw errorAtCurrent("expected a string")
                }
            case "event":
                kind = try parseEventExpectation(negated: false)
            case "warning":
                advance()
                guard case .string = current.kind else { throw errorAtCurrent("expected a string") }
                kind = .warning(stringValue(advance()))
            default:
                kind = try parseOtherExpectation(negated: false, candidates: Self.expectationWords)
            }
        }
        return Expectation(kind, range: range(from: start), scope: scope)
    }

    /// filter = WORD { WORD } ; WORD = "mac" | "ios" | VERSION | "mrc" | "arc". Each part at most once.
    mutating func parseConfigFilter() throws -> ConfigFilter {
        let start = current.range.start
        var platform: ScriptPlatform?, memory: ScriptMemoryModel?, major: Int?, minor: Int?
        var any = false
        while true {
            let t = current
            switch t.kind {
            case .identifier:
                let w = text(t)
                if let p = ScriptPlatform(rawValue: w), platform == nil { platform = p }
                else if let m = ScriptMemoryModel(rawValue: w), memory == nil { memory = m }
                else if any {
                    return ConfigFilter(platform: platform, major: major, minor: minor, memory: memory, range: range(from: start))
                } else {
                    throw errorAtCurrent("expected a configuration: mac, ios, a version such as 5.1, mrc or arc",
                                         notes: didYouMean(w, ["mac", "ios", "mrc", "arc"]))
                }
            case .version where major == nil: (major, minor) = version(t)
            case .integer where major == nil: (major, minor) = (integerValue(t), 0)
            default:
                if !any { throw errorAtCurrent("expected a configuration: mac, ios, a version such as 5.1, mrc or arc") }
                return ConfigFilter(platform: platform, major: major, minor: minor, memory: memory, range: range(from: start))
            }
            any = true
            advance()
        }
    }

    /// After `expect no`.
    private mutating func parseNegatedExpectation() throws -> ExpectationKind {
        guard current.kind == .identifier else { throw errorAtCurrent("expected an expectation") }
        if isWord(current, .leaks) { advance(); return .leaks([]) }
        if isWord(current, .zombies) { advance(); return .zombies([]) }
        if isWord(current, .crash) { advance(); return .noCrash }
        if isWord(current, .event) { return try parseEventExpectation(negated: true) }
        return try parseOtherExpectation(negated: true, candidates: Self.negatedExpectationWords)
    }

    /// [ "no" ] "event" EVENT [ path ]
    private mutating func parseEventExpectation(negated: Bool) throws -> ExpectationKind {
        advance()
        let eventKind = try expectIdentifier("expected an event kind")
        let subject = current.kind == .identifier ? try parsePath() : nil
        return .event(negated: negated, kind: eventKind, subject: subject)
    }

    /// [ "no" ] VERB { expr }
    private mutating func parseOtherExpectation(negated: Bool, candidates: [String]) throws -> ExpectationKind {
        let verb = current
        let word = text(verb)
        let notes = didYouMean(word, candidates)
        if !notes.isEmpty {
            report("unknown expectation '\(word)'", at: verb.range, notes: notes)
            throw ParseError()
        }
        advance()
        var args: [Expr] = []
        while canStartExpression(current) {
            args.append(try parseExpression())
            // `expect abandoned a, b` reads like `expect leaks a, b`; commas are optional.
            if current.kind == .comma { advance() }
        }
        return .other(verb: identifier(verb), args: args, negated: negated)
    }
}
