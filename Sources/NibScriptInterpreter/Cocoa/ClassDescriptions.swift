import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

// The class table takes classes as the simulator's own descriptions (CocoaSimulator/
// ClassDescription.swift), so the simulator needs nothing of the script's syntax: the
// script's declarations are turned into them here, the script's method bodies kept as
// handles the world hands back to the run, and the table's problems reported as the
// script's diagnostics, at the declaration's place.

/// A method of the script as the world keeps it: it finds it by selector and hands it back
/// to the run (`invoke`), which reads its declaration.
final class ScriptMethod: MethodBody {
    let declaration: MethodDecl
    init(_ declaration: MethodDecl) { self.declaration = declaration }
}

extension MethodBody {
    /// The script's declaration: every method a run's world holds is the script's.
    @inline(__always) var decl: MethodDecl { unsafeDowncast(self, to: ScriptMethod.self).declaration }
}

extension ClassDescription.Attribute {
    init(_ a: PropertyAttribute) {
        switch a {
        case .retain: self = .retain
        case .strong: self = .strong
        case .copy: self = .copy
        case .assign: self = .assign
        case .weak: self = .weak
        case .unsafeUnretained: self = .unsafeUnretained
        }
    }
}

extension ClassDescription.Qualifier {
    init(_ q: IvarQualifier) {
        switch q {
        case .strong: self = .strong
        case .weak: self = .weak
        case .unsafeUnretained: self = .unsafeUnretained
        }
    }
}

extension ClassDescription {
    /// A class of the script; a property without an attribute gets the memory model's
    /// default (strong under ARC, assign under MRC).
    init(_ d: ClassDecl, isARC: Bool) {
        self.init(d.name.name, superclass: d.superclass.name)
        for m in d.members {
            switch m {
            case .property(let p):
                let attribute = p.attribute.map(Attribute.init) ?? (isARC ? .strong : .assign)
                properties.append(Property(p.name.name, p.type.name, attribute, isOutlet: p.isOutlet,
                                           ivarName: p.backingIvar?.name, span: p.range.span))
            case .ivar(let v):
                ivars.append(Ivar(v.name.name, v.type.name, v.qualifier.map(Qualifier.init), span: v.range.span))
            case .method(let m):
                methods.append((m.selector.name, ScriptMethod(m)))
            case .nibName(let n, _):
                nib = n.name
            case .option(let o):
                options.append((o.name.name, o.value?.name ?? "YES"))
            }
        }
    }
}

extension ClassTable {
    /// The table of the script's classes. Problems with them are appended to `diagnostics`
    /// at their declarations; the table is usable whatever they are.
    package convenience init(script: [ClassDecl], config: Configuration, engine: Engine, diagnostics: inout [Diagnostic]) {
        let described = script.map { ClassDescription($0, isARC: config.isARC) }
        var problems: [ClassProblem] = []
        self.init(described: described, config: config, engine: engine, problems: &problems)
        for p in problems {
            let d = script[p.index]
            switch p {
            case .builtinName, .declaredTwice:
                diagnostics.append(.error(p.message(described), at: d.name.range))
            case .inheritsFromItself:
                diagnostics.append(.error(p.message(described), at: d.superclass.range))
            case .unknownSuperclass(_, let known):
                diagnostics.append(Self.unknownClass(d.superclass.name, at: d.superclass.range, platform: config.platform, among: known))
            }
        }
    }
}
