// The reader of Objective-C and Objective-C++ declarations: classes, categories, class
// extensions and protocols, their ivars (in `@interface` and `@implementation` blocks) and
// properties, `@synthesize`, and the methods whose bodies matter for nib memory management,
// split into statements (ObjCStatements.swift). Its input is the preprocessed token stream
// (ObjCLexer, ObjCPreprocessor). Whatever it does not recognise is skipped (and, in a
// method, recorded as not understood), never an error; C and C++ between the Objective-C
// (functions, namespaces, classes, templates) is passed over by its braces.

public enum ObjCScanner {
    /// The classes one Objective-C file declares or implements, read alone: its own macros
    /// apply, its conditions undecided are read both ways (see `SourceReader` for a project).
    public static func scan(path: String, bytes: [UInt8]) -> [ImportedClass] {
        let ctx = PreprocessContext(settings: ReaderSettings())
        var pre = Preprocessor(ctx: ctx, isCPlusPlus: path.hasSuffix(".mm"), env: MacroTable())
        return scan(path: path, tokens: pre.run(ObjCLexer.tokens(bytes)), ctx: ctx)
    }

    static func scan(path: String, tokens: [ObjCToken], ctx: PreprocessContext) -> [ImportedClass] {
        var s = State(path: path, toks: tokens, ctx: ctx)
        s.run()
        return s.classes
    }

    /// Selectors whose bodies matter for nib memory management.
    public static func isInteresting(_ sel: String) -> Bool {
        ["dealloc", "viewDidUnload", "viewWillUnload", "viewDidLoad", "loadView", "awakeFromNib",
         "didReceiveMemoryWarning", "windowDidLoad"].contains(sel) || sel.hasPrefix("init") || isSetter(sel)
    }

    public static func isSetter(_ sel: String) -> Bool {
        guard sel.hasPrefix("set"), sel.hasSuffix(":"), sel.dropLast().firstIndex(of: ":") == nil, sel.count > 4 else { return false }
        return sel.dropFirst(3).first!.isUppercase
    }

    struct State {
        let path: String
        let toks: [ObjCToken]
        let ctx: PreprocessContext
        var i = 0
        var classes: [ImportedClass] = []
        /// Per class (by its index in `classes`): member keys already read, so a file with
        /// 20,000 members stays linear.
        var memberKeys: [[String: Int]] = []
        var selectors: [Set<String>] = []

        init(path: String, toks: [ObjCToken], ctx: PreprocessContext) { self.path = path; self.toks = toks; self.ctx = ctx }

        func t(_ k: Int) -> String { k < toks.count ? toks[k].text : "" }
        func place(_ k: Int) -> SourcePlace {
            let tk = toks[min(k, toks.count - 1)]
            return SourcePlace(file: path, line: Int(tk.line), column: Int(tk.column))
        }

        mutating func run() {
            while i < toks.count {
                switch t(i) {
                case "@interface": interface()
                case "@implementation": implementation()
                case "@protocol":
                    // `@protocol(Name)` is an expression, `@protocol A, B;` a forward declaration.
                    if t(i + 1) == "(" || t(i + 2) == ";" || t(i + 2) == "," { i += 1 } else { interface(isProtocol: true) }
                default: i += 1
                }
            }
        }

        mutating func skipBalanced() {
            let open = t(i)
            let close: String
            switch open {
            case "(": close = ")"
            case "[": close = "]"
            case "{": close = "}"
            case "<": close = ">"
            default: i += 1; return
            }
            var depth = 0
            while i < toks.count {
                let w = t(i)
                if w == open { depth += 1 } else if w == close { depth -= 1; if depth == 0 { i += 1; return } }
                else if open == "<" && w == ">>" { depth -= 2; if depth <= 0 { i += 1; return } }
                else if w == "@end" && open == "{" { return }   // an unbalanced brace never swallows the class
                i += 1
            }
        }

        /// A new record for what this file says about a class (files are merged by the project).
        mutating func record(_ name: String, superclass: String?, at k: Int, definition: Bool) -> Int {
            var c = ImportedClass(name: name, superclass: superclass, language: .objc, place: place(k), isDefinition: definition)
            c.conditions = ctx.texts(toks[k].condition)
            classes.append(c)
            memberKeys.append([:])
            selectors.append([])
            return classes.count - 1
        }

        /// `<A, B>` at `i`: the names.
        mutating func protocolList() -> [String] {
            guard t(i) == "<" else { return [] }
            var out: [String] = []
            i += 1
            while i < toks.count && t(i) != ">" && t(i) != "{" && t(i) != "@end" {
                if toks[i].isIdentifier { out.append(t(i)) }
                i += 1
            }
            if t(i) == ">" { i += 1 }
            return out
        }

        mutating func interface(isProtocol: Bool = false) {
            let start = i
            i += 1
            guard toks.indices.contains(i), toks[i].isIdentifier else { return }
            let name = t(i); i += 1
            var superclass: String?
            var isCategory = false
            if t(i) == ":" { superclass = t(i + 1); i += 2 }
            if t(i) == "(" { isCategory = true; skipBalanced() }
            let protocols = protocolList()
            // A class extension or category adds to its class; `@interface Root` with neither
            // superclass nor parentheses defines a root class.
            let c = record(name, superclass: superclass, at: start, definition: !isCategory && !isProtocol)
            classes[c].isProtocol = isProtocol
            classes[c].protocols = protocols
            if t(i) == "{" { ivarBlock(c) }
            while i < toks.count && t(i) != "@end" {
                switch t(i) {
                case "@property": property(c)
                case "@interface", "@implementation": return   // a missing @end
                case "{", "(": skipBalanced()
                default: i += 1
                }
            }
            i += 1
        }

        /// `{ IBOutlet UILabel *label; id delegate; … }`.
        mutating func ivarBlock(_ c: Int) {
            i += 1
            var stmt: [Int] = []
            while i < toks.count && t(i) != "}" && t(i) != "@end" {
                let w = t(i)
                if w == ";" {
                    declaration(stmt, into: c, property: nil)
                    stmt = []
                } else if ["@private", "@public", "@protected", "@package"].contains(w) {
                    // access keywords are not part of a declaration
                } else if w == "{" {
                    skipBalanced(); stmt = []; continue   // a struct or union's fields
                } else {
                    stmt.append(i)
                }
                i += 1
            }
            if t(i) == "}" { i += 1 }
        }

        /// `@property (nonatomic, retain) IBOutlet UILabel *label;`
        mutating func property(_ c: Int) {
            i += 1
            var attribute: MemberAttribute?
            var readonly = false
            if t(i) == "(" {
                var k = i + 1
                while k < toks.count && t(k) != ")" && t(k) != ";" {
                    switch t(k) {
                    case "retain": attribute = .retain
                    case "strong": attribute = .strong
                    case "copy": attribute = .copy
                    case "assign": attribute = .assign
                    case "weak": attribute = .weak
                    case "unsafe_unretained": attribute = .unsafeUnretained
                    case "readonly": readonly = true
                    case "getter", "setter":
                        // `getter=isOn`, `setter=setOn:`: the name is not an attribute.
                        k += 2
                        while k < toks.count && t(k) != "," && t(k) != ")" { k += 1 }
                        continue
                    default: break
                    }
                    k += 1
                }
                i = k + 1
            }
            var stmt: [Int] = []
            while i < toks.count && t(i) != ";" && t(i) != "@end" { stmt.append(i); i += 1 }
            if t(i) == ";" { i += 1 }
            declaration(stmt, into: c, property: .some(attribute), readonly: readonly)
        }

        /// One declaration: qualifiers, a type, then one or more `*name` declarators.
        /// `property` is nil for an ivar, or the property's attribute (itself optional).
        mutating func declaration(_ idx: [Int], into c: Int, property: MemberAttribute??, readonly: Bool = false) {
            guard let first = idx.first else { return }
            var isOutlet = false
            var collection: String?
            var qualifier: MemberAttribute?
            var rest: [Int] = []
            var k = 0
            while k < idx.count {
                let w = t(idx[k])
                switch w {
                case "IBOutlet": isOutlet = true
                case "IBOutletCollection":
                    isOutlet = true
                    if k + 2 < idx.count, t(idx[k + 1]) == "(" { collection = t(idx[k + 2]) }
                    while k < idx.count && t(idx[k]) != ")" { k += 1 }
                case "__weak": qualifier = .weak
                case "__unsafe_unretained": qualifier = .unsafeUnretained
                case "__strong": qualifier = .strong
                case "const", "volatile", "__block", "__kindof", "_Nullable", "_Nonnull", "nullable", "nonnull",
                     "__nullable", "__nonnull", "__autoreleasing", "static", "extern", "__unused", "mutable":
                    break
                default: rest.append(idx[k])
                }
                k += 1
            }
            guard let typeAt = rest.first, toks[typeAt].isIdentifier else { return }
            var type = t(typeAt)
            if ["struct", "enum", "union", "unsigned", "signed", "long", "short", "class", "typename"].contains(type) { return }
            var declarators: [(name: String, pointer: Bool, at: Int)] = []
            var pointer = false
            var depth = 0
            for j in rest.dropFirst() {
                let w = t(j)
                if w == "<" || w == "(" || w == "[" { depth += 1; continue }
                if w == ">" || w == ")" || w == "]" { depth -= 1; continue }
                if w == ">>" { depth -= 2; continue }
                if depth > 0 { continue }
                if w == "*" { pointer = true; continue }
                if w == "," { pointer = false; continue }
                if w == ":" || w == "::" || w == "=" { break }   // a bit field, C++, an initializer
                if toks[j].isIdentifier { declarators.append((w, pointer, j)) }
            }
            if type == "id" || type == "instancetype" { type = "NSObject" }
            let isID = t(typeAt) == "id"
            for d in declarators where d.pointer || isID {
                let kind: ImportedMember.Kind
                if let attr = property { kind = .property(attribute: attr, ivar: d.name) } else { kind = .ivar(qualifier: qualifier) }
                var m = ImportedMember(name: d.name, type: type, kind: kind, isOutlet: isOutlet, collectionElement: collection, place: place(first))
                m.isReadonly = readonly
                if let existing = memberKeys[c][m.key] {
                    // Declared again in the same file (both branches of an undecided `#if`): one member.
                    if isOutlet { classes[c].members[existing].isOutlet = true }
                    continue
                }
                memberKeys[c][m.key] = classes[c].members.count
                classes[c].members.append(m)
            }
        }

        mutating func implementation() {
            let start = i
            i += 1
            guard toks.indices.contains(i), toks[i].isIdentifier else { return }
            let name = t(i)
            i += 1
            var superclass: String?
            var isCategory = false
            if t(i) == ":" { superclass = t(i + 1); i += 2 }
            if t(i) == "(" { isCategory = true; skipBalanced() }
            let c = record(name, superclass: superclass, at: start, definition: superclass != nil)
            classes[c].hasImplementation = !isCategory
            if t(i) == "{" { ivarBlock(c) }
            var statementStart = true
            while i < toks.count && t(i) != "@end" {
                let w = t(i)
                switch w {
                case "@synthesize":
                    i += 1
                    while i < toks.count && t(i) != ";" && t(i) != "@end" {
                        if toks[i].isIdentifier {
                            let prop = t(i)
                            if t(i + 1) == "=" { classes[c].synthesized[prop] = t(i + 2); i += 3 } else { classes[c].synthesized[prop] = prop; i += 1 }
                        } else { i += 1 }
                    }
                case "-" where statementStart, "+" where statementStart:
                    method(c, instance: w == "-")
                    statementStart = true; continue
                case "{": skipBalanced(); statementStart = true; continue
                case "@interface", "@implementation", "@protocol": return   // a missing @end
                default: i += 1
                }
                statementStart = w == ";" || w == "}" || (i < toks.count && t(i) == "-" && toks[i - 1].line < toks[i].line) || w.hasPrefix("@")
            }
            i += 1
        }

        /// `- (void)setLabel:(UILabel *)l { … }`.
        mutating func method(_ c: Int, instance: Bool) {
            let start = i
            i += 1
            if t(i) == "(" { skipBalanced() }
            guard toks.indices.contains(i), toks[i].isIdentifier else { return }
            var selector = t(i)
            var arguments: [String] = []
            var argumentTypes: [String] = []
            i += 1
            if t(i) == ":" {
                selector += ":"
                i += 1
                while i < toks.count {
                    var type = ""
                    if t(i) == "(" {
                        let open = i
                        skipBalanced()
                        if i - 1 > open + 1 { type = (open + 1 ..< i - 1).map { t($0) }.joined(separator: " ") }
                    }
                    while toks.indices.contains(i), toks[i].isIdentifier, ["__unused", "__strong", "__weak"].contains(t(i)) { i += 1 }
                    if toks.indices.contains(i), toks[i].isIdentifier { arguments.append(t(i)); argumentTypes.append(type); i += 1 }
                    if toks.indices.contains(i + 1), toks[i].isIdentifier, t(i + 1) == ":" {
                        selector += t(i) + ":"; i += 2; continue
                    }
                    if t(i) == ":" { selector += ":"; i += 1; continue }
                    break
                }
            }
            // Attributes, `, ...` and the like up to the body.
            while i < toks.count && t(i) != "{" && t(i) != ";" && t(i) != "@end" { i += 1 }
            guard t(i) == "{" else { if t(i) == ";" { i += 1 }; return }
            let bodyStart = i
            skipBalanced()
            let bodyEnd = t(i - 1) == "}" ? i - 1 : i   // the closing brace (or the @end)
            var usesMRC = false
            for k in (bodyStart + 1)..<max(bodyStart + 1, bodyEnd) {
                let w = t(k)
                guard w == "release" || w == "retain" || w == "autorelease" || (w == "dealloc" && t(k - 1) == "super") else { continue }
                if t(k - 1) == "." || ctx.requiresARC(toks[k].condition) == true { continue }
                usesMRC = true; break
            }
            if usesMRC { classes[c].usesMRC = true }
            // Other instance methods are read too, as helpers a lifecycle method may call.
            let interesting = ObjCScanner.isInteresting(selector)
            guard instance, selectors[c].insert(selector).inserted else { return }
            var split = StatementSplitter(toks: toks, path: path, from: bodyStart + 1, to: bodyEnd)
            split.body()
            var rec = StatementRecognizer(selector: selector, arguments: arguments)
            rec.ownedLocals = OwnedLocals(split.out.map { $0.idx.map { toks[$0].text } }, recognizer: rec)
            var statements: [ImportedStatement] = []
            var unread: [UnreadStatement] = []
            for s in split.out {
                let ts = s.idx.map { toks[$0] }
                let text = StatementRecognizer.text(ts) + ";"
                let at = place(s.idx[0])
                if let kind = rec.recognize(ts.map(\.text)) {
                    var st = ImportedStatement(kind: kind, place: at, text: text)
                    st.path = s.path
                    let cond = ts.first { $0.condition != 0 }?.condition ?? 0
                    st.conditions = ctx.texts(cond)
                    st.requiresARC = ctx.requiresARC(cond)
                    st.macro = ts.first?.macro
                    st.timer = StatementRecognizer.timer(ts.map(\.text), kind: kind)
                    statements.append(st)
                    // A call is not a memory statement of this body: it stays "not understood"
                    // here, and the audit follows it into the helper when it finds one.
                    if case .callSelf = kind {
                        var names: [String] = []
                        for tk in ts where tk.isIdentifier && !names.contains(tk.text) { names.append(tk.text) }
                        unread.append(UnreadStatement(text: text, place: at, path: s.path, names: names))
                    }
                } else {
                    var names: [String] = []
                    for tk in ts where tk.isIdentifier && !names.contains(tk.text) { names.append(tk.text) }
                    var u = UnreadStatement(text: text, place: at, path: s.path, names: names)
                    if var call = ReleasingFunctionScanner.call(ts) {
                        let cond = ts.first { $0.condition != 0 }?.condition ?? 0
                        call.conditions = ctx.texts(cond)
                        call.requiresARC = ctx.requiresARC(cond)
                        call.macro = ts.first?.macro
                        u.call = call
                    }
                    unread.append(u)
                }
            }
            var m = ImportedMethod(selector: selector, place: place(start), statements: statements, skipped: unread.count + split.unreachable)
            m.unread = unread
            m.arguments = arguments
            m.argumentTypes = argumentTypes
            if bodyEnd - bodyStart == 4, t(bodyStart + 1) == "return", t(bodyStart + 3) == ";" {
                let lit = t(bodyStart + 2)
                if lit.hasPrefix("@\""), lit.hasSuffix("\""), lit.count > 3 { m.returnsLiteral = String(lit.dropFirst(2).dropLast()) }
            }
            if interesting { classes[c].methods.append(m) } else { classes[c].helpers.append(m) }
        }
    }
}
