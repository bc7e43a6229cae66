import SourceImport

// Following `[self helper]` from a lifecycle method (issue 24 item 2): the helper's memory
// statements are inlined where the call is, as if written there, so that a view made in a
// `-setupViews` called from `viewDidLoad` and never released is a leak, and a release in a
// `-cleanup` called from `dealloc` counts. Inlining rather than lowering a nibscript method
// call keeps the scenario batteries (which only send lifecycle messages) unchanged.

extension ImportLowering {
    /// How many calls deep a lifecycle method is followed: `viewDidLoad` → `setupViews` →
    /// `makeToolbar` → … stops after this many helpers (grammar.md, "Choices for audit").
    package static let helperDepth = 4

    /// The helper a call names: the class's own first, then its imported superclasses'.
    func helper(_ selector: String, in c: ImportedClass) -> ImportedMethod? {
        var k: ImportedClass? = c
        var seen = Set<String>()
        while let cls = k, seen.insert(cls.name).inserted {
            if let h = cls.helper(selector) { return h }
            k = cls.superclass.flatMap { project[$0] }
        }
        return nil
    }

    /// The places of `m`'s own `[self helper]` calls that a helper answers.
    func followedCalls(_ m: ImportedMethod, in c: ImportedClass) -> [SourcePlace] {
        m.statements.compactMap { s in
            if case .callSelf(let sel) = s.kind, helper(sel, in: c) != nil { return s.place }
            // B14: a self-release is lowered (or noted on its branch), not "not understood".
            if isSelfRelease(s, in: m) { return s.place }
            return nil
        }
    }

    /// `m`'s statements with each followed call replaced by the helper's statements (on the
    /// call's branches, then their own), to `helperDepth` calls deep; a helper already on
    /// the way (recursion) is not entered again. An inlined statement's text names the call.
    func followed(_ m: ImportedMethod, in c: ImportedClass) -> [ImportedStatement] {
        expand(m.statements, in: c, depth: 0, stack: [m.selector])
    }

    private func expand(_ statements: [ImportedStatement], in c: ImportedClass, depth: Int, stack: [String]) -> [ImportedStatement] {
        var out: [ImportedStatement] = []
        for s in statements {
            guard case .callSelf(let sel) = s.kind, let h = helper(sel, in: c) else { out.append(s); continue }
            // B9: a hook a project subclass overrides is a message, dispatched at run time
            // from the receiver's class (see DynamicDispatch.swift), not inlined from here.
            if overriddenBelow(sel, in: c) { out.append(s); continue }
            guard depth < Self.helperDepth, !stack.contains(sel) else { continue }
            for var inner in expand(h.statements, in: c, depth: depth + 1, stack: stack + [sel]) {
                // A helper's own `[super sel]` is not the caller's super call.
                if inner.kind == .superCall { continue }
                inner.path = s.path + inner.path
                inner.conditions = s.conditions + inner.conditions
                if inner.requiresARC == nil { inner.requiresARC = s.requiresARC }
                inner.text += " (in -\(sel), called at \(place(s.place)))"
                out.append(inner)
            }
        }
        return out
    }
}
