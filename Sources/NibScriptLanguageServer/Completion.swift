import Foundation
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter

/// Completion from the text before the cursor on its line and the index: after `x.` or
/// `x->` the properties (outlets first) or ivars of x's class; after `new`, `:` or `as` a
/// class (the script's, then the platform's built-in ones); after `load nib` or `nib` a nib;
/// elsewhere the keywords that may stand there and the objects in scope (the variables
/// assigned before the line, the nib objects a `load nib` brought, `self` and the ivars in
/// a method).
enum Completion {
    // LSP's CompletionItemKind.
    static let keyword = 14, classKind = 7, property = 10, field = 5, variable = 6, module = 9, method = 2

    static func items(_ a: Analysis, at offset: Int) -> JSON {
        let file = a.file
        let loc = file.location(of: offset)
        let lineStart = file.lineStarts[loc.line - 1]
        let before = String(decoding: file.bytes[lineStart..<offset], as: UTF8.self)
        // The word being typed, and what stands before it.
        let typed = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }
        let head = String(before.dropLast(typed.count))
        let trimmed = head.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let idx = a.index
        let context = Context(a, offset: offset)

        var out: [JSON] = []
        var seen = Set<String>()
        func add(_ label: String, _ kind: Int, _ detail: String? = nil) {
            guard !label.isEmpty, seen.insert(label).inserted else { return }
            var item: [String: JSON] = ["label": .string(label), "kind": JSON(kind)]
            if let detail { item["detail"] = .string(detail) }
            out.append(.object(item))
        }

        // Members after `.` or `->`.
        if head.hasSuffix(".") || head.hasSuffix("->") {
            let isIvar = head.hasSuffix("->")
            let path = String(head.dropLast(isIvar ? 2 : 1)).reversed().prefix { !$0.isWhitespace && $0 != "(" && $0 != "," }
            let type = context.type(ofPath: String(path.reversed()))
            if let type {
                for c in idx.chain(type) {
                    // Outlets first, as they are what a nib connects and a test expects.
                    let members = idx.symbols.filter { $0.container == c && $0.declRange.start >= 0 }
                    for s in members where !isIvar && s.kind == .outlet { add(s.name, property, s.detail) }
                    for s in members where !isIvar && s.kind == .property { add(s.name, property, s.detail) }
                    for s in members where isIvar && s.kind == .ivar { add(s.name, field, s.detail) }
                    if isIvar { for s in members where s.kind == .outlet || s.kind == .property { add(s.name, field, s.detail) } }
                }
                if !isIvar { for (n, t) in builtinProperties(of: type, idx) { add(n, property, "property \(n) : \(t) (built-in)") } }
            }
            return ["isIncomplete": false, "items": .array(out)]
        }

        let last = words.last ?? ""
        if last == "new" || last == ":" || last.hasSuffix(":") && words.count <= 3 && context.kind != .statements || last == "as" {
            classes(a, add)
            return ["isIncomplete": false, "items": .array(out)]
        }
        if (last == "nib" && (words.count == 2 && words[0] == "load" || context.kind == .classBody)) {
            for (n, s) in idx.nibs.sorted(by: { $0.key < $1.key }) { add(n, module, idx.symbols[s].detail) }
            return ["isIncomplete": false, "items": .array(out)]
        }

        switch context.kind {
        case .topLevel:
            for k in Vocabulary.declarations { add(k, keyword) }
        case .classBody:
            for k in Vocabulary.members { add(k, keyword) }
            for c in Callback.allCases { add(c.rawValue, method, "a method body") }
            for m in ["dealloc", "initWithCoder:", "setValue:forUndefinedKey:"] { add(m, method, "a method body") }
            if words.count >= 3, ["outlet", "property"].contains(words[0]) { for k in Vocabulary.attributes { add(k, keyword) } }
        case .nibBody:
            // `connect a.outlet -> b`, `action a -> b.sel:`: after the verb, the nib's objects.
            if words.isEmpty { for k in Vocabulary.nibItems { add(k, keyword) } } else { add("owner", variable, context.nibOwner.map { "owner : \($0)" }) }
            for (name, s) in context.names { add(name, variable, idx.symbols[s].detail) }
        case .statements:
            if words.first == "expect" {
                for k in Vocabulary.expectations + ControllerCommands.expectationVerbs { add(k, keyword) }
                if words.count >= 2 { for k in ScenarioRun.eventKinds { add(k, keyword) } }
            } else if words.isEmpty {
                for k in Vocabulary.statementVerbs + Vocabulary.commandVerbs + ["event", "choose", "autoreleasepool"] { add(k, keyword) }
            } else {
                for k in ["nil", "new"] { add(k, keyword) }
            }
            for (name, s) in context.names {
                let sym = idx.symbols[s]
                add(name, sym.kind == .ivar || sym.kind == .property || sym.kind == .outlet ? field : variable, sym.detail)
            }
            if context.className != nil { add("self", variable, context.className.map { "self : \($0)" }) }
        }
        return ["isIncomplete": false, "items": .array(out)]
    }

    static func classes(_ a: Analysis, _ add: (String, Int, String?) -> Void) {
        for (n, s) in a.index.classes.sorted(by: { $0.key < $1.key }) { add(n, classKind, a.index.symbols[s].detail) }
        for b in Catalogue.classes(for: a.index.platform) { add(b.name, classKind, "built-in" + (b.superclass.map { " : \($0)" } ?? "")) }
    }

    static func builtinProperties(of type: String, _ idx: DocumentIndex) -> [(String, String)] {
        var out: [(String, String)] = []
        var c: String? = idx.chain(type).last.flatMap { idx.superclasses[$0] } ?? type
        if idx.classes[type] == nil { c = type }
        var steps = 0
        while let n = c, steps < 64, let b = Catalogue.classes.first(where: { $0.name == n }) {
            steps += 1
            out += b.properties.map { ($0.name, $0.type) }
            c = b.superclass
        }
        return out
    }

    /// Where the cursor is: which kind of block, the class of `self`, the names in scope.
    struct Context {
        enum Kind { case topLevel, classBody, nibBody, statements }
        var kind = Kind.topLevel
        var className: String?
        /// In a nib block: the class its `owner :` names.
        var nibOwner: String?
        var names: [(String, Int)] = []
        let index: DocumentIndex

        init(_ a: Analysis, offset: Int) {
            index = a.index
            for d in a.ast.decls {
                switch d {
                case .classDecl(let c) where c.range.start < offset && offset <= c.range.end:
                    kind = .classBody
                    className = c.name.name
                case .nib(let n) where n.range.start < offset && offset <= n.range.end:
                    kind = .nibBody
                    nibOwner = a.index.nibOwners[n.name.name]
                    names = (a.index.nibObjects[n.name.name] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                case .scenario(let s) where s.range.start < offset && offset <= s.range.end:
                    kind = .statements
                default: break
                }
            }
            // The innermost scope (a method body inside the class, or the scenario).
            if let scope = a.index.scopes.filter({ $0.range.start < offset && offset <= $0.range.end })
                .min(by: { $0.range.end - $0.range.start < $1.range.end - $1.range.start }) {
                kind = .statements
                className = scope.className
                names = scope.names.filter { $0.from <= offset }.map { ($0.name, $0.symbol) }
                if let c = scope.className {
                    for k in a.index.chain(c) {
                        for (n, s) in (a.index.ivars[k] ?? [:]).sorted(by: { $0.key < $1.key }) { names.append((n, s)) }
                    }
                }
            }
        }

        /// The class of `a.b.c` (names in scope, then properties).
        func type(ofPath path: String) -> String? {
            let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard let first = parts.first, !first.isEmpty else { return nil }
            var t: String?
            if first == "self" { t = className } else if first == "owner", kind == .nibBody { t = nibOwner } else if let s = names.first(where: { $0.0 == first })?.1 { t = index.symbols[s].type }
            for p in parts.dropFirst() {
                guard let c = t else { return nil }
                if let s = index.property(p, of: c) { t = index.symbols[s].type } else { t = index.builtinPropertyType(p, of: c) }
            }
            return t
        }
    }
}
