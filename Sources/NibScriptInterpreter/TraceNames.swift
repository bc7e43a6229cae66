import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Naming, in expectations, objects the script holds no name for: an object a method body
/// made (`aLabel = new UILabel` in a `loadView`), a controller made on the spot (`push nav
/// new Next`). The trace names every object `Class name#n`; an expectation may write the
/// name alone when one object of the scenario has it, or the trace label as a string,
/// `"aLabel#6"`, to pick one.
package enum TraceNames {
    /// The names `new` can give objects at run time, with their classes: the targets of
    /// `x = new X` and `self.x = new X` in method bodies and scenarios, and the default name
    /// of any other `new X` (`next` for `new Next`).
    package static func possible(in program: Program, classes: ClassTable) -> [String: String] {
        var out: [String: String] = [:]
        // Statements are rebuilt from their records one at a time (see `Statements`).
        func visit(_ b: Block) {
            for s in b.statements { visitStatement(s) }
        }
        func visitStatement(_ s: borrowing Stmt) {
            switch s.kind {
            case .assign(let t, let v):
                if case .new(let c, _) = v.kind {
                    switch t.kind {
                    case .name(let id), .property(_, let id), .ivar(_, let id): out[id.name] = c.name
                    default: break
                    }
                } else { expr(v) }
            case .send(_, _, let args): args.forEach(expr)
            case .command(_, let args): args.forEach(expr)
            case .autoreleasePool(let inner), .event(let inner): visit(inner)
            case .choose(let bs): bs.forEach(visit)
            case .ifElse(let s): visit(s.then); s.otherwise.map(visit)
            default: break
            }
        }
        func expr(_ e: Expr) {
            if case .new(let c, _) = e.kind, let cls = classes[c.name], out[defaultName(cls.name)] == nil {
                out[defaultName(cls.name)] = cls.name
            }
        }
        for c in program.classDecls {
            for m in c.members { if case .method(let md) = m { visit(md.body) } }
        }
        for s in program.scenarios { visit(s.body) }
        return out
    }

    /// What `new X` is called when nothing names it: the class without its prefix, lowercased.
    package static func defaultName(_ className: String) -> String {
        var n = className
        for prefix in ["UI", "NS", "MK"] where n.hasPrefix(prefix) && n.count > prefix.count { n.removeFirst(prefix.count); break }
        return n.prefix(1).lowercased() + n.dropFirst()
    }

    /// `"aLabel#6"`: a name, `#`, a number.
    package static func parseLabel(_ s: String) -> (name: String, number: Int)? {
        guard let hash = s.lastIndex(of: "#"), let n = Int(s[s.index(after: hash)...]) else { return nil }
        let name = String(s[..<hash])
        return name.isEmpty || name.contains(" ") ? nil : (name, n)
    }
}

extension ScenarioRun {
    /// The object of this scenario the trace calls `name#number`.
    package func object(labelled name: String, number: Int) -> ObjectID? {
        engine.allObjects.first { engine.name($0) == name && engine.number($0) == number }
    }

    /// The one object of this scenario the trace calls `name#…`; when several are, none, and
    /// a description that lists their labels.
    package func object(tracedAs name: String) -> (ObjectID?, String?) {
        let all = engine.allObjects.filter { engine.name($0) == name && !engine.isHidden($0) }
        if all.count == 1 { return (all[0], nil) }
        if all.isEmpty { return (nil, nil) }
        let labels = all.map { "\"\(name)#\(engine.number($0))\"" }
        return (nil, "\(all.count) objects are called \(name) in the trace: write \(labels.joined(separator: " or "))")
    }
}
