import NibScriptSyntax
import CocoaSimulator

/// Every name a script declares and every place it is used, from one walk of its syntax
/// tree: what go-to-definition, find-references, hover, completion and the outline read.
/// Names are resolved as the checker resolves them (grammar.md): a class by its name, a nib
/// object inside its nib (and in a scenario after a `load nib` of that nib), a variable from
/// its first assignment to the end of its scenario or method body, a property or ivar on
/// the class of the expression before `.` or `->` when that class is known. The walk never
/// fails: a name it cannot resolve (a trace label, a misspelling the checker reports) is
/// simply not an occurrence of anything.
struct DocumentIndex {
    enum Kind: String { case classDecl = "class", nib, nibObject = "nib object", variable, property, outlet, ivar, scenario, method }

    struct Symbol {
        var kind: Kind
        var name: String
        /// The name where it is declared (a variable's first assignment).
        var nameRange: SourceRange
        /// The whole declaration, for the outline.
        var declRange: SourceRange
        /// How hover shows the declaration: `outlet label : UILabel retain`.
        var detail: String
        /// The class, nib, scenario or method it belongs to.
        var container: String?
        /// The class of its value (a variable's, a property's, a nib object's), when known.
        var type: String?
    }

    struct Occurrence {
        var range: SourceRange
        var symbol: Int
    }

    /// A scenario's or a method body's names, for completion.
    struct Scope {
        var range: SourceRange
        var className: String?
        /// Variables (and, in a scenario, nib objects a `load nib` brought), by the offset from
        /// which they are known.
        var names: [(name: String, from: Int, symbol: Int)] = []
    }

    private(set) var symbols: [Symbol] = []
    private(set) var occurrences: [Occurrence] = []
    private(set) var scopes: [Scope] = []
    private(set) var classes: [String: Int] = [:]
    private(set) var nibs: [String: Int] = [:]
    /// By class, then member name.
    private(set) var properties: [String: [String: Int]] = [:]
    private(set) var ivars: [String: [String: Int]] = [:]
    private(set) var nibObjects: [String: [String: Int]] = [:]
    private(set) var superclasses: [String: String] = [:]
    /// Each nib's File's Owner class, when it names one.
    private(set) var nibOwners: [String: String] = [:]
    private(set) var platform: PlatformName = .ios
    private(set) var file: SourceFile
    private let external: [String: NibModel]

    /// `external`: the nibs read from Interface Builder files when the script compiled
    /// (`Program.externalNibs`): their objects are declared at the file's name in the script.
    init(file: SourceFile, ast: ScriptFile, external: [String: NibModel] = [:]) {
        self.file = file
        self.external = external
        // Declarations first, so that a use before its declaration (a class used by an
        // earlier nib) resolves.
        for d in ast.decls {
            switch d {
            case .platform(let p): platform = p.platform == .ios ? .ios : .mac
            case .classDecl(let c): declareClass(c)
            case .nib(let n): declareNib(n)
            default: break
            }
        }
        for d in ast.decls {
            switch d {
            case .classDecl(let c): walkClass(c)
            case .nib(let n): walkNib(n)
            case .scenario(let s): walkScenario(s)
            default: break
            }
        }
        occurrences.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
    }

    // MARK: Questions

    /// The occurrence under a byte offset (the offset just after a name counts, where the
    /// caret is after typing it).
    func occurrence(at offset: Int) -> Occurrence? {
        var lo = 0, hi = occurrences.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if occurrences[mid].range.end < offset { lo = mid + 1 } else { hi = mid }
        }
        var best: Occurrence?
        var i = lo
        while i < occurrences.count, occurrences[i].range.start <= offset {
            if occurrences[i].range.end >= offset, best == nil || occurrences[i].range.start > best!.range.start { best = occurrences[i] }
            i += 1
        }
        return best
    }

    func references(to symbol: Int) -> [SourceRange] {
        occurrences.filter { $0.symbol == symbol }.map(\.range)
    }

    /// The class and its superclasses of the script, nearest first (a built-in ends it).
    func chain(_ className: String) -> [String] {
        var out: [String] = []
        var c: String? = className
        while let name = c, !out.contains(name), out.count < 64 {
            out.append(name)
            c = superclasses[name]
        }
        return out
    }

    func property(_ name: String, of className: String?) -> Int? {
        guard let className else { return nil }
        for c in chain(className) { if let p = properties[c]?[name] { return p } }
        return nil
    }

    func ivar(_ name: String, of className: String?) -> Int? {
        guard let className else { return nil }
        for c in chain(className) { if let v = ivars[c]?[name] { return v } }
        return nil
    }

    /// The type of a built-in class's property, from the catalogue.
    func builtinPropertyType(_ name: String, of className: String) -> String? {
        var c: String? = className
        var steps = 0
        while let n = c, steps < 64 {
            steps += 1
            if let k = superclasses[n] { c = k; continue }
            guard let b = Catalogue.classes.first(where: { $0.name == n }) else { return nil }
            if let p = b.properties.first(where: { $0.name == name }) { return p.type }
            c = b.superclass
        }
        return nil
    }

    // MARK: Declarations

    /// `occurrence`: whether the declaration's range is an occurrence of the name (not for
    /// the objects of an Interface Builder file, which all share the file name's range).
    private mutating func add(_ s: Symbol, occurrence: Bool = true) -> Int {
        symbols.append(s)
        if occurrence { occurrences.append(Occurrence(range: s.nameRange, symbol: symbols.count - 1)) }
        return symbols.count - 1
    }

    private mutating func use(_ id: Identifier, _ symbol: Int?) {
        guard let symbol else { return }
        occurrences.append(Occurrence(range: id.range, symbol: symbol))
    }

    private mutating func declareClass(_ c: ClassDecl) {
        guard classes[c.name.name] == nil else { return }
        classes[c.name.name] = add(Symbol(kind: .classDecl, name: c.name.name, nameRange: c.name.range, declRange: c.range,
                                          detail: "class \(c.name.name) : \(c.superclass.name)", type: c.name.name))
        superclasses[c.name.name] = c.superclass.name
        for m in c.members {
            switch m {
            case .property(let p):
                let attr = p.attribute.map { " \($0.rawValue)" } ?? ""
                let iv = p.backingIvar.map { " ivar \($0.name)" } ?? ""
                let s = add(Symbol(kind: p.isOutlet ? .outlet : .property, name: p.name.name, nameRange: p.name.range, declRange: p.range,
                                   detail: "\(p.isOutlet ? "outlet" : "property") \(p.name.name) : \(p.type.name)\(attr)\(iv)",
                                   container: c.name.name, type: p.type.name))
                if properties[c.name.name, default: [:]][p.name.name] == nil { properties[c.name.name, default: [:]][p.name.name] = s }
                // The backing ivar: named by `ivar _x`, else the property's name.
                if let b = p.backingIvar {
                    let v = add(Symbol(kind: .ivar, name: b.name, nameRange: b.range, declRange: p.range,
                                       detail: "ivar \(b.name) : \(p.type.name) (backs property \(p.name.name))",
                                       container: c.name.name, type: p.type.name))
                    if ivars[c.name.name, default: [:]][b.name] == nil { ivars[c.name.name, default: [:]][b.name] = v }
                } else if ivars[c.name.name, default: [:]][p.name.name] == nil {
                    ivars[c.name.name, default: [:]][p.name.name] = s
                }
            case .ivar(let v):
                let q = v.qualifier.map { " \($0.rawValue)" } ?? ""
                let s = add(Symbol(kind: .ivar, name: v.name.name, nameRange: v.name.range, declRange: v.range,
                                   detail: "ivar \(v.name.name) : \(v.type.name)\(q)", container: c.name.name, type: v.type.name))
                ivars[c.name.name, default: [:]][v.name.name] = s
            case .method(let m):
                _ = add(Symbol(kind: .method, name: m.selector.name, nameRange: m.selector.range, declRange: m.range,
                               detail: "method \(m.selector.name) of \(c.name.name)", container: c.name.name))
            default: break
            }
        }
    }

    private mutating func declareNib(_ n: NibDecl) {
        guard nibs[n.name.name] == nil else { return }
        var detail = "nib \(n.name.name)\(n.isMain ? " main" : "")"
        if case .file(let path, _) = n.body { detail += " from \"\(path)\"" }
        nibs[n.name.name] = add(Symbol(kind: .nib, name: n.name.name, nameRange: n.name.range, declRange: n.range, detail: detail))
        if case .file(let path, let range) = n.body, let m = external[n.name.name] {
            // Objects of an Interface Builder file: declared, for the script, at its name.
            nibOwners[n.name.name] = m.ownerClass
            for o in m.objects + m.sceneViews.flatMap(\.model.objects) where nibObjects[n.name.name]?[o.name] == nil {
                nibObjects[n.name.name, default: [:]][o.name] = add(Symbol(
                    kind: .nibObject, name: o.name, nameRange: range, declRange: range,
                    detail: "\(o.name) : \(o.className)   (in nib \(n.name.name), from \"\(path)\")",
                    container: n.name.name, type: o.className), occurrence: false)
            }
        }
        guard case .inline(let items) = n.body else { return }
        for case .owner(let c, _) in items { nibOwners[n.name.name] = c.name }
        var stack: [NibObjectDecl] = items.compactMap { if case .object(let o) = $0 { return o }; return nil }.reversed()
        while let o = stack.popLast() {
            let key = o.key.map { " as \($0.name)" } ?? ""
            let s = add(Symbol(kind: .nibObject, name: o.name.name, nameRange: o.name.range, declRange: o.range,
                               detail: "\(o.name.name) : \(o.className.name)\(key)   (in nib \(n.name.name))",
                               container: n.name.name, type: o.className.name))
            if nibObjects[n.name.name, default: [:]][o.name.name] == nil { nibObjects[n.name.name, default: [:]][o.name.name] = s }
            stack.append(contentsOf: o.children.reversed())
        }
    }

    // MARK: Uses

    private mutating func walkClass(_ c: ClassDecl) {
        use(c.superclass, classes[c.superclass.name])
        for m in c.members {
            switch m {
            case .property(let p): use(p.type, classes[p.type.name])
            case .ivar(let v): use(v.type, classes[v.type.name])
            case .nibName(let n, _): use(n, nibs[n.name])
            case .method(let m):
                var scope = Scope(range: m.range, className: c.name.name)
                var vars: [String: Int] = [:]
                walkBlock(m.body, &scope, &vars, container: "\(c.name.name) \(m.selector.name)")
                scopes.append(scope)
            default: break
            }
        }
    }

    private mutating func walkNib(_ n: NibDecl) {
        guard case .inline(let items) = n.body else { return }
        let objects = nibObjects[n.name.name] ?? [:]
        func typeOf(_ name: String) -> String? {
            name == "owner" ? nibOwners[n.name.name] : objects[name].map { symbols[$0].type } ?? nil
        }
        for item in items {
            switch item {
            case .owner(let c, _): use(c, classes[c.name])
            case .object(let top):
                var stack: [(NibObjectDecl, String?)] = [(top, nil)]
                while let (o, parent) = stack.popLast() {
                    use(o.className, classes[o.className.name])
                    if let k = o.key { use(k, property(k.name, of: parent)) }
                    stack.append(contentsOf: o.children.reversed().map { ($0, o.className.name) })
                }
            case .connect(let c):
                use(c.source, objects[c.source.name])
                use(c.outlet, property(c.outlet.name, of: typeOf(c.source.name)))
                for d in c.destinations { use(d, objects[d.name]) }
            case .action(let a):
                use(a.sender, objects[a.sender.name])
                use(a.target, objects[a.target.name])
            }
        }
    }

    private mutating func walkScenario(_ s: ScenarioDecl) {
        _ = add(Symbol(kind: .scenario, name: s.title, nameRange: s.titleRange, declRange: s.range,
                       detail: "scenario \"\(s.title)\""))
        var scope = Scope(range: s.range, className: nil)
        var vars: [String: Int] = [:]
        walkBlock(s.body, &scope, &vars, container: "scenario \"\(s.title)\"")
        scopes.append(scope)
    }

    /// A block's statements in order; `vars` maps the names known so far to their symbols.
    private mutating func walkBlock(_ b: Block, _ scope: inout Scope, _ vars: inout [String: Int], container: String) {
        for st in b.statements {
            switch st.kind {
            case .assign(let target, let value):
                let t = walkExpr(value, scope, vars)
                if case .name(let id) = target.kind, vars[id.name] == nil, id.name != "self",
                   scope.className == nil || ivar(id.name, of: scope.className) == nil {
                    let s = add(Symbol(kind: .variable, name: id.name, nameRange: id.range, declRange: st.range,
                                       detail: "\(id.name) = \(file.firstLineTrimmed(value.range))   (variable of \(container))",
                                       container: container, type: t))
                    vars[id.name] = s
                    scope.names.append((id.name, id.range.start, s))
                } else {
                    _ = walkExpr(target, scope, vars)
                }
            case .retain(let e), .release(let e), .autorelease(let e), .cfRelease(let e), .watch(let e):
                _ = walkExpr(e, scope, vars)
            case .send(let e, _, let args):
                _ = walkExpr(e, scope, vars)
                for a in args { _ = walkExpr(a, scope, vars) }
            case .loadNib(let nib, let owner):
                use(nib, nibs[nib.name])
                _ = walkExpr(owner, scope, vars)
                // The nib's objects are known by name from here on, as the checker has it.
                for (name, sym) in (nibObjects[nib.name] ?? [:]).sorted(by: { $0.key < $1.key }) where vars[name] == nil {
                    vars[name] = sym
                    scope.names.append((name, st.range.end, sym))
                }
            case .autoreleasePool(let inner), .event(let inner):
                walkBlock(inner, &scope, &vars, container: container)
            case .choose(let branches):
                for br in branches { walkBlock(br, &scope, &vars, container: container) }
            case .ifElse(let i):
                walkIf(i, &scope, &vars, container: container)
            case .command(_, let args):
                for a in args { _ = walkExpr(a, scope, vars) }
            case .expect(let e):
                switch e.kind {
                case .count(let x, _, _, _), .state(let x, _): _ = walkExpr(x, scope, vars)
                case .leaks(let xs), .zombies(let xs): for x in xs { _ = walkExpr(x, scope, vars) }
                case .event(_, _, let x): if let x { _ = walkExpr(x, scope, vars) }
                case .other(_, let args, _): for x in args { _ = walkExpr(x, scope, vars) }
                default: break
                }
            case .drain, .superCall: break
            }
        }
    }

    private mutating func walkIf(_ i: IfStatement, _ scope: inout Scope, _ vars: inout [String: Int], container: String) {
        for case .compare(let a, _, let b) in i.condition.terms { walkExpr(a, scope, vars); walkExpr(b, scope, vars) }
        walkBlock(i.then, &scope, &vars, container: container)
        if let e = i.otherwise { walkBlock(e, &scope, &vars, container: container) }
    }

    /// Records the names of an expression and gives the class of its value, when known.
    @discardableResult
    private mutating func walkExpr(_ e: Expr, _ scope: Scope, _ vars: [String: Int]) -> String? {
        switch e.kind {
        case .nilLiteral, .integer, .string: return nil
        case .new(let c, _):
            use(c, classes[c.name])
            return c.name
        case .name(let id):
            if id.name == "self" { return scope.className }
            if let s = vars[id.name] { use(id, s); return symbols[s].type }
            if let s = ivar(id.name, of: scope.className) { use(id, s); return symbols[s].type }
            return nil
        case .property(let base, let name):
            let t = walkExpr(base, scope, vars)
            if let p = property(name.name, of: t) { use(name, p); return symbols[p].type }
            return t.flatMap { builtinPropertyType(name.name, of: $0) }
        case .ivar(let base, let name):
            let t = walkExpr(base, scope, vars)
            if let v = ivar(name.name, of: t) { use(name, v); return symbols[v].type }
            return nil
        }
    }
}
