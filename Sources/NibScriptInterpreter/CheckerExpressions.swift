import NibScriptSyntax

// The checker's expressions: the class each one gives, found statically, with the unknown
// names, classes, properties and ivars it reports on the way. A file of its own so that
// Checker.swift keeps to declarations and statements.

extension Checker {
    /// The class an expression gives, when it is known statically; reports unknown names,
    /// classes, properties and ivars on the way.
    package func type(of e: Expr, _ scope: Scope, diagnostics: inout [Diagnostic], allowNew: Bool = false) -> String? {
        switch e.kind {
        case .nilLiteral: return nil
        case .integer, .string:
            diagnostics.append(.error("expected an object, found a literal", at: e.range)); return nil
        case .new(let c, _):
            if !allowNew { diagnostics.append(.error("'new' makes an object nobody holds here; assign it to something", at: e.range)) }
            guard let cls = lookups.cls(c.name, in: classes) else { diagnostics.append(classes.unknownClass(c.name, at: c.range)); return nil }
            return cls.name
        case .name(let id):
            return nameType(id, scope, diagnostics: &diagnostics)
        case .property(let base, let name):
            guard let t = type(of: base, scope, diagnostics: &diagnostics), let cls = lookups.cls(t, in: classes) else { return nil }
            if let type = lookups.memberType(name, ivar: false, of: cls) { return type == "id" ? nil : type }
            if cls.list(name.name) != nil { return nil }
            let names = cls.ancestors.flatMap { $0.properties.map(\.name) }
            var notes = Suggest.closest(to: name.name, among: names).map { ["did you mean '\($0)'?"] } ?? []
            if cls.ivar(name.name) != nil { notes.append("'\(name.name)' is an ivar with no property: write '->\(name.name)'") }
            diagnostics.append(.error("'\(cls.name)' has no property '\(name.name)'", at: name.range, notes: notes))
            return nil
        case .ivar(let base, let name):
            guard let t = type(of: base, scope, diagnostics: &diagnostics), let cls = lookups.cls(t, in: classes) else { return nil }
            if let type = lookups.memberType(name, ivar: true, of: cls) { return type == "id" ? nil : type }
            let names = cls.ancestors.flatMap { $0.ivars.map(\.name) }
            let notes = Suggest.closest(to: name.name, among: names).map { ["did you mean '\($0)'?"] } ?? []
            diagnostics.append(.error("'\(cls.name)' has no instance variable '\(name.name)'", at: name.range, notes: notes))
            return nil
        }
    }

    func nameType(_ id: Identifier, _ scope: Scope, diagnostics: inout [Diagnostic]) -> String? {
        let n = id.name
        if id.isSelf {
            if let c = scope.cls { return c.name }
            diagnostics.append(.error("'self' only exists inside a method", at: id.range)); return nil
        }
        if let sel = scope.selector {
            if n == "value", sel.hasSuffix(":") { return nil }
            if n == "key", sel == "setValue:forUndefinedKey:" { return nil }
        }
        if let i = scope.variablePosition(id) { return scope.variables[i].type }
        if let cls = scope.cls, let iv = cls.ivar(n) { return iv.type == "id" ? nil : iv.type }
        if let o = scope.nibObject(id) { return o.type }
        if n == "app" { return config.isIOS ? "UIApplication" : "NSApplication" }
        var candidates = scope.variables.map(\.name) + scope.nibObjects.map(\.name) + ["app"]
        if let cls = scope.cls { candidates += ["self"] + cls.ancestors.flatMap { $0.ivars.map(\.name) } }
        var notes = Suggest.closest(to: n, among: candidates).map { ["did you mean '\($0)'?"] } ?? []
        if scope.isScenario, let nib = nibs.first(where: { nibObjects($0).contains { $0.name == n } }) {
            notes.append("'\(n)' is an object of nib '\(nib.name.name)', which this scenario has not loaded before this line")
        }
        diagnostics.append(.error("unknown name '\(n)'", at: id.range, notes: notes))
        return nil
    }
}
