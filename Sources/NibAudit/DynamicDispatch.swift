import NibScriptSyntax
import SourceImport

// Rule B9, dynamic dispatch through the project's classes. A method of a project base class
// that calls `[self hook]` runs, on an instance of a subclass that overrides `hook`, the
// subclass's `hook` (Objective-C sends every message to the receiver's class). Inlining the
// helper where it is called (HelperCalls.swift) reads the base class's `hook` instead: a
// pane whose `-viewWillClose` releases its nib objects, called from its base class's
// `-closeView`, would never release them. So a `[self hook]` whose selector some project
// class overrides (a class of the script defines it, and so does one of its project
// superclasses) is lowered as a message, `send self hook`, and every class of the script
// that defines `hook` gets it as a method of its own: the run dispatches it from the
// receiver's class, and a `[super hook]` in an override reaches the base class's. Hooks
// nobody overrides are still inlined, 4 deep, as before.

extension ImportLowering {
    /// What the frameworks send that a class implements for them (B7, B8): lowered as
    /// methods of their own wherever a class defines them.
    package static let frameworkCallbacks: Set<String> = Set(["windowWillClose:"]).union(preferencePaneCallbacks)

    /// NSPreferencePane's lifecycle, as System Preferences sends it (B8; Apple's
    /// NSPreferencePane reference and Preference Pane Programming Guide, "The Life Cycle").
    package static let preferencePaneCallbacks: Set<String> = ["mainViewDidLoad", "willSelect", "didSelect", "shouldUnselect", "willUnselect", "didUnselect"]

    /// The classes whose overrides count: the script's (when it says which), else every
    /// class of the project.
    private func counts(_ name: String) -> Bool { declared.map { $0.contains(name) } ?? true }

    /// The selectors sent to self somewhere in the project that a project class overrides (a
    /// class and one of its project superclasses both define it), computed once.
    var dispatchedSelectors: Set<String> {
        if let d = memberNames.dispatched { return d }
        var called = Set<String>()
        // (Each list read in place: `methods + helpers` copied every method of the project
        // for each lowering, several a nib.)
        for c in project.classes {
            for list in [\ImportedClass.methods, \.helpers] {
                for m in c[keyPath: list] {
                    for s in m.statements { if case .callSelf(let sel) = s.kind { called.insert(sel) } }
                }
            }
        }
        var out = Set<String>()
        for c in project.classes where counts(c.name) {
            for h in c.helpers where called.contains(h.selector) && !out.contains(h.selector) {
                var k = c.superclass.flatMap { project[$0] }
                var seen: Set<String> = [c.name]
                while let a = k, seen.insert(a.name).inserted {
                    if counts(a.name), a.helper(h.selector) != nil { out.insert(h.selector); break }
                    k = a.superclass.flatMap { project[$0] }
                }
            }
        }
        memberNames.dispatched = out
        return out
    }

    /// Whether a class of the script below `c` (a subclass, however deep) defines `sel`: then
    /// `[self sel]` in `c`'s methods may run that override, and is sent, not inlined.
    func overriddenBelow(_ sel: String, in c: ImportedClass) -> Bool {
        guard dispatchedSelectors.contains(sel) else { return false }
        for x in definers(of: sel) where x != c.name {
            var k = project[x]?.superclass
            var seen: Set<String> = [x]
            while let n = k, seen.insert(n).inserted {
                if n == c.name { return true }
                k = project[n]?.superclass
            }
        }
        return false
    }

    /// The classes that count and define `sel`, found once per selector (asked at every
    /// `[self sel]` lowered, a walk of every class of the project each time: Adium has
    /// hundreds).
    private func definers(of sel: String) -> [String] {
        if let d = memberNames.definers[sel] { return d }
        let d = project.classes.filter { counts($0.name) && $0.helper(sel) != nil }.map(\.name)
        memberNames.definers[sel] = d
        return d
    }

    /// Whether `c` defines `sel` as a hook sent to self that some class overrides: lowered as
    /// a method of `c`, for the run to dispatch.
    func isDispatched(_ sel: String, in c: ImportedClass) -> Bool {
        c.helper(sel) != nil && dispatchedSelectors.contains(sel)
    }

    /// `send self sel nil…` for a dispatched call, under the script's `if` for each nil check of
    /// a member its call is under (`if (view) [self viewWillClose];`); nil when another branch
    /// (a loop, an unknown condition) decides whether it runs.
    func dispatchedCall(_ sel: String, _ s: ImportedStatement, in c: ImportedClass, at: String) -> [String]? {
        var conds: [String] = []
        for b in s.path {
            if b.kind == .tryBody || b.isNilCheck(of: ["self"]) { continue }
            guard let cond = scriptCondition(b, in: c) else { return nil }
            conds.append(cond)
        }
        let args = String(repeating: " nil", count: sel.filter { $0 == ":" }.count)
        let line = "send self \(ScriptText.name(sel))\(args)" + at
        if conds.isEmpty { return [line] }
        return ["if \(conds.joined(separator: " && ")) {", "    " + line, "}"]
    }
}
