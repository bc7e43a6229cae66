// Top-level declarations (platform, memory, class, scenario) and class members.
// `nib` declarations are in ParserNib.swift.

extension ScriptParser {
    static let declarationWords = Vocabulary.declarations
    static let memberWords = Vocabulary.members

    /// file = { NEWLINE | decl } EOF
    mutating func parseFile() -> [Decl] {
        var decls: [Decl] = []
        while true {
            skipNewlines()
            switch current.kind {
            case .eof:
                return decls
            case .rightBrace:
                // Inside a body the `}` would close it; here there is nothing to close.
                report("unexpected '}'", at: current.range)
                advance()
            default:
                let start = index
                do {
                    decls.append(try parseDecl())
                } catch {
                    recover(from: start)
                }
            }
        }
    }

    mutating func parseDecl() throws -> Decl {
        guard current.kind == .identifier else {
            throw errorAtCurrent("expected a declaration, found \(describe(current))")
        }
        let word = text(current)
        switch word {
        case "platform": return .platform(try parsePlatform())
        case "memory": return .memory(try parseMemory())
        case "class": return .classDecl(try parseClass())
        case "nib": return .nib(try parseNib())
        case "scenario": return .scenario(try parseScenario())
        case "configurations": return .configurations(try parseConfigurations())
        default:
            report("unknown declaration '\(word)'", at: current.range,
                   notes: didYouMean(word, Self.declarationWords))
            throw ParseError()
        }
    }

    /// platform = "platform" ( "ios" | "mac" ) VERSION NEWLINE ; `6` means 6.0.
    mutating func parsePlatform() throws -> PlatformDecl {
        let keyword = advance()
        guard current.kind == .identifier, let platform = ScriptPlatform(rawValue: text(current)) else {
            let notes = current.kind == .identifier ? didYouMean(text(current), Vocabulary.platforms) : []
            throw errorAtCurrent("expected a platform (ios or mac)", notes: notes)
        }
        advance()
        let major: Int, minor: Int
        switch current.kind {
        case .version: (major, minor) = version(current)
        case .integer: (major, minor) = (integerValue(current), 0)
        default: throw errorAtCurrent("expected a version like 5.1")
        }
        advance()
        let decl = PlatformDecl(platform: platform, major: major, minor: minor, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// configurations = "configurations" filter { "," filter } NEWLINE
    mutating func parseConfigurations() throws -> ConfigurationsDecl {
        let keyword = advance()
        var filters = [try parseConfigFilter()]
        while match(.comma) { filters.append(try parseConfigFilter()) }
        let decl = ConfigurationsDecl(filters: filters, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// memory = "memory" ( "mrc" | "arc" | "gc" ) NEWLINE
    mutating func parseMemory() throws -> MemoryDecl {
        let keyword = advance()
        guard current.kind == .identifier, let model = ScriptMemoryModel(rawValue: text(current)) else {
            let notes = current.kind == .identifier ? didYouMean(text(current), Vocabulary.memoryModels) : []
            throw errorAtCurrent("expected 'mrc', 'arc' or 'gc'", notes: notes)
        }
        advance()
        let decl = MemoryDecl(model: model, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// scenario = "scenario" STRING block
    mutating func parseScenario() throws -> ScenarioDecl {
        let keyword = advance()
        guard case .string = current.kind else { throw errorAtCurrent("expected a string") }
        let title = stringValue(current)
        let titleRange = advance().range
        let body = try parseBlock()
        let decl = ScenarioDecl(title: title, titleRange: titleRange, body: body, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    // MARK: - Classes

    /// class = "class" IDENT ":" IDENT "{" { NEWLINE | member } "}"
    mutating func parseClass() throws -> ClassDecl {
        let keyword = advance()
        let name = try expectIdentifier("expected a class name")
        try expect(.colon, "expected ':' after class name")
        let superclass = try expectIdentifier("expected a superclass name")
        let className = name.name
        let (members, _) = try parseBraced { p in try p.parseMember(in: className) }
        let decl = ClassDecl(name: name, superclass: superclass, members: members, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// member = property | ivar | method | nibname | option
    mutating func parseMember(in className: String) throws -> Member {
        guard current.kind == .identifier else {
            throw errorAtCurrent("expected a member, found \(describe(current))")
        }
        let first = current
        let word = text(first)
        // No member keyword is followed by `{`, so `nib {` would be a method named nib.
        if peek().kind != .leftBrace {
            switch word {
            case "outlet", "property": return .property(try parseProperty())
            case "ivar": return .ivar(try parseIvar())
            case "nib":
                advance()
                let name = try expectIdentifier("expected a nib name")
                let member = Member.nibName(name, range: range(from: first.range.start))
                expectEnd("declaration")
                return member
            case "option": return .option(try parseOption())
            default: break
            }
        }
        // method = selector block
        let selector = try parseSelector()
        guard check(.leftBrace) else {
            // A single word that is not followed by a block is most likely a misspelt keyword
            // (`outlt label : UILabel`); a bare `dealloc` just lacks its body.
            let notes = didYouMean(word, Self.memberWords)
            if !selector.name.hasSuffix(":"), !notes.isEmpty || !isEnd(current) {
                report("unknown member '\(word)' in class '\(className)'", at: first.range, notes: notes)
                throw ParseError()
            }
            throw errorAtCurrent("expected '{'")
        }
        let body = try parseBlock()
        let member = Member.method(MethodDecl(selector: selector, body: body, range: range(from: first.range.start)))
        expectEnd("declaration")
        return member
    }

    /// property = ( "outlet" | "property" ) IDENT ":" IDENT [ attribute ] [ "ivar" IDENT ] END
    mutating func parseProperty() throws -> PropertyDecl {
        let keyword = advance()
        let isOutlet = isWord(keyword, .outlet)
        let noun = isOutlet ? "outlet" : "property"
        let name = try expectIdentifier(isOutlet ? "expected an outlet name" : "expected a property name")
        try expect(.colon, "expected ':' after \(noun) name")
        let type = try expectIdentifier("expected a class name")
        var attribute: PropertyAttribute?
        var attributeRange: SourceRange?
        if current.kind == .identifier, !isWord(current, .ivar) {
            let w = text(current)
            guard let a = PropertyAttribute(rawValue: w) else {
                let names = PropertyAttribute.allCases.map(\.rawValue)
                throw errorAtCurrent("expected an attribute (\(names.joined(separator: ", "))), found '\(w)'",
                                     notes: didYouMean(w, names))
            }
            attribute = a
            attributeRange = advance().range
        }
        var backingIvar: Identifier?
        if isWord(current, .ivar) {
            advance()
            backingIvar = try expectIdentifier("expected an ivar name")
        }
        let decl = PropertyDecl(name: name, type: type, attribute: attribute, attributeRange: attributeRange,
                                isOutlet: isOutlet, backingIvar: backingIvar, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// ivar = "ivar" IDENT ":" IDENT [ "strong" | "weak" | "unsafe_unretained" ] END
    mutating func parseIvar() throws -> IvarDecl {
        let keyword = advance()
        let name = try expectIdentifier("expected an ivar name")
        try expect(.colon, "expected ':' after ivar name")
        let type = try expectIdentifier("expected a class name")
        var qualifier: IvarQualifier?
        if current.kind == .identifier {
            let w = text(current)
            guard let q = IvarQualifier(rawValue: w) else {
                let names = IvarQualifier.allCases.map(\.rawValue)
                throw errorAtCurrent("expected a qualifier (\(names.joined(separator: ", "))), found '\(w)'",
                                     notes: didYouMean(w, names))
            }
            qualifier = q
            advance()
        }
        let decl = IvarDecl(name: name, type: type, qualifier: qualifier, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }

    /// option = "option" IDENT [ IDENT ] END
    mutating func parseOption() throws -> OptionDecl {
        let keyword = advance()
        let name = try expectIdentifier("expected an option name")
        var value: Identifier?
        if current.kind == .identifier { let t = advance(); value = identifier(t) }
        let decl = OptionDecl(name: name, value: value, range: range(from: keyword.range.start))
        expectEnd("declaration")
        return decl
    }
}
