import FileBytes
import Foundation
import NibScriptSyntax
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Lowers classes read from Objective-C or Swift sources to nibscript `class` declarations:
/// the text `nibscript import` prints, and the classes `audit` checks with the same
/// checker and class table as a hand-written script.
package struct ImportLowering {
    package let project: ImportedProject
    package let platform: PlatformName
    package let memory: MemoryModelName
    /// Classes declared besides the project's (stubs for nib classes the sources lack).
    package var extraClasses: Set<String> = []
    /// Paths are printed relative to this folder.
    package var base: String = ""
    /// When set, the classes the script declares (besides the catalogue): a project class
    /// outside it (one only made in a method body, a category's class) is not a type the
    /// script can name, and a member of that type is an NSObject.
    package var declared: Set<String>?
    /// Superclasses neither the sources nor the catalogue define, and the class each is
    /// modelled as (the nib element's class, or NSObject): listed as assumed.
    package var assumedSuperclass: [String: String] = [:]
    /// Ivars whose `release`/`autorelease` statements are left out: an audit that found
    /// the member over-released runs again without it, to judge the other members.
    package var neutralized: Set<String> = []
    /// Nibs a method body may load (`[NSBundle loadNibNamed:@"X" owner:self]`): the name in
    /// the sources and the script's token for it (the audited nib only).
    package var nibTokens: [String: String] = [:]
    /// Per class, the selectors of methods other than the lifecycle ones (actions, delegate
    /// and notification methods) lowered as methods of their own, for the battery to send (B1).
    package var entries: [String: [String]] = [:]
    /// Ivars the audited nib connects to a window released when closed (B3): the code's
    /// `[x close]`/`[x performClose:…]` gives back that window's +1.
    package var releasedWhenClosed: Set<String> = []
    /// Selectors lowered as methods of their own in every class that defines them, for the
    /// frameworks or the battery to send: a window delegate's `windowWillClose:` (B7), a
    /// preference pane's lifecycle (B8), the teardown methods the project's users send (B10).
    package var callbacks: Set<String> = ImportLowering.frameworkCallbacks
    /// Classes a method body makes that neither the sources nor the catalogue know: made as
    /// plain objects (B4), and a finding about one is low confidence.
    package final class Unknown {
        package var made: [String: String] = [:]
        /// Variables standing for objects made and kept nowhere (`[[[X alloc] init] show]`):
        /// the class made, the class whose method makes it, the statement.
        package var unkept: [String: (String, String, ImportedStatement, String)] = [:]
        /// Class → member → why a `dealloc` release of it was taken as run on a condition
        /// the nib does not decide (R1): a finding about it is low confidence.
        package var conditional: [String: [String: String]] = [:]
        /// Repeating timers made with self as target (B15), by `Class.ivar`.
        package var timers: [String: TimerMade] = [:]
    }
    package let unknownMade = Unknown()
    /// The audited nib's outlet connections, per class whose object makes them: outlet key →
    /// the destination's id; `?` when the class has several objects in the nib (R1).
    package var nibConnections: [String: [String: String]] = [:]

    /// The outlets of File's Owner another nib connects to its top-level objects (key, class),
    /// by the nib's name; nil when no such nib was found (R3).
    package var otherNib: (@Sendable (String) -> [(String, String)]?)?

    /// `-sel` (a nib named by what `[self sel]` returns): the literal that method returns, in
    /// the class or an imported superclass (R3).
    func resolveNibName(_ written: String, in c: ImportedClass) -> String? {
        guard written.hasPrefix("-") else { return nil }
        let sel = String(written.dropFirst())
        var k: ImportedClass? = c
        var seen = Set<String>()
        while let cls = k, seen.insert(cls.name).inserted {
            if let m = cls.method(sel) ?? cls.helper(sel) { return m.returnsLiteral }
            k = cls.superclass.flatMap { project[$0] }
        }
        return nil
    }

    /// R3: on the Mac under MRC, a load of another nib with self as File's Owner hands self
    /// a +1 of each top-level object and stores it in the outlets the nib connects, directly
    /// into an ivar (the old value is not released, N6) or through a retaining setter: so a
    /// release of that outlet later (in `dealloc`) balances the load. The objects are made as
    /// objects of their nib class; nil when there is no such nib or nothing it connects.
    func otherNibLoad(_ nib: String, in c: ImportedClass, at: String) -> [String]? {
        guard platform == .mac, memory == .mrc, let outs = otherNib?(nib), !outs.isEmpty else { return nil }
        var lines: [String] = []
        for (key, cls) in outs {
            guard let mem = member(key, in: c) ?? member("_" + key, in: c) else { continue }
            let new = "new \(ScriptText.name(type(cls)))"
            if mem.isProperty, !mem.isReadonly, case .property(let a, _) = mem.kind, a == .retain || a == .strong || a == .copy {
                lines.append("self.\(ScriptText.name(mem.name)) = \(new)" + at)
            } else {
                lines.append("\(ScriptText.name(mem.ivarName)) = \(new)" + at)
            }
        }
        return lines.isEmpty ? nil : lines
    }

    /// `a == b` (or `!=`, `equal` false) of two members of `c`, evaluated from the nib (R1): a
    /// member the nib connects holds that object; one it does not connect holds nil or an
    /// object from elsewhere, never one of this nib. Nil when the nib does not decide: a
    /// member the code also sets (outside `dealloc`), both unconnected, or an ambiguous class.
    func evaluate(_ a: ImportedMember, equal: Bool, _ b: ImportedMember, in c: ImportedClass) -> Bool? {
        if a.ivarName == b.ivarName { return equal }
        let conns = nibConnections[c.name] ?? [:]
        func target(_ m: ImportedMember) -> String? { conns[m.name] ?? conns[m.ivarName] }
        func setByCode(_ m: ImportedMember) -> Bool {
            let names: Set<String> = [m.name, m.ivarName]
            return (c.methods + c.helpers).contains { method in
                method.selector != "dealloc" && method.statements.contains { s in
                    switch s.kind {
                    case .setNew(let x, _, _, _), .storeArgument(let x, _): return names.contains(x)
                    default: return false
                    }
                }
            }
        }
        let ta = target(a), tb = target(b)
        if ta == "?" || tb == "?" || setByCode(a) || setByCode(b) { return nil }
        guard ta != nil || tb != nil else { return nil }
        return (ta == tb) == equal
    }

    package init(project: ImportedProject, platform: PlatformName, memory: MemoryModelName) {
        self.project = project
        self.platform = platform
        self.memory = memory
    }

    /// Catalogue classes of the platform, for type checks (made once per lowering).
    package var catalogue: Set<String> {
        if let c = memberNames.catalogue { return c }
        let c = Set(Catalogue.classes(for: platform).map(\.name))
        memberNames.catalogue = c
        return c
    }

    package func isKnown(_ name: String) -> Bool {
        if let d = declared { return d.contains(name) || extraClasses.contains(name) || catalogue.contains(name) }
        return project[name] != nil || extraClasses.contains(name) || catalogue.contains(name)
    }

    /// A type the script can write: the declared class, or NSObject when neither the sources
    /// nor the catalogue has it (the type only decides copying and `cleanup views`).
    package func type(_ t: String) -> String { isKnown(t) ? t : "NSObject" }

    /// The superclass the script can write, or nil when it is unknown.
    package func superclass(of c: ImportedClass) -> String? {
        guard let s = c.superclass else { return c.language == .swift ? "NSObject" : nil }
        return isKnown(s) ? s : assumedSuperclass[s]
    }

    /// Whether a catalogue class above `c` declares `view` (UIViewController, NSViewController).
    func inheritsBuiltinView(_ c: ImportedClass) -> Bool {
        var k = superclass(of: c)
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if let p = project[n], p.superclass != nil || p.language == .swift { k = superclass(of: p); continue }
            guard let b = Catalogue.classes(for: platform).first(where: { $0.name == n }) else { return false }
            if b.properties.contains(where: { $0.name == "view" }) { return true }
            k = b.superclass
        }
        return false
    }

    package func place(_ p: SourcePlace) -> String {
        var f = p.file
        if !base.isEmpty, f.hasPrefix(base + "/") { f = String(f.dropFirst(base.count + 1)) }
        return ScriptText.comment("\(f):\(p.line)")
    }

    /// Members by the names a method body may use, per class, built once per class so that a
    /// body of 20,000 statements over 20,000 members stays linear.
    final class MemberNames {
        var byClass: [String: [String: ImportedMember]] = [:]
        var catalogue: Set<String>?
        /// See `dispatchedSelectors` (DynamicDispatch.swift).
        var dispatched: Set<String>?
        /// The classes defining each selector asked of `overriddenBelow` (DynamicDispatch.swift).
        var definers: [String: [String]] = [:]
        /// `makesModelledTimer`'s answers, by class, ivar and kind (RepeatingTimers.swift): each
        /// reads every class of the project.
        var modelledTimers: [String: Bool] = [:]
        func names(of c: ImportedClass) -> [String: ImportedMember] {
            if let n = byClass[c.name] { return n }
            var n: [String: ImportedMember] = [:]
            // As `member(forIvarOrName:)`: a member's name (a property first), then an ivar's.
            for m in c.members where !m.isProperty && n[m.ivarName] == nil { n[m.ivarName] = m }
            for m in c.members where m.isProperty && n[m.ivarName] == nil { n[m.ivarName] = m }
            for m in c.members where !m.isProperty { n[m.name] = m }
            for m in c.members where m.isProperty { n[m.name] = m }
            byClass[c.name] = n
            return n
        }
    }
    let memberNames = MemberNames()

    /// The members of `c` and its imported superclasses, for names in method bodies.
    package func member(_ name: String, in c: ImportedClass) -> ImportedMember? {
        var k: ImportedClass? = c
        var seen = Set<String>()
        while let cls = k, seen.insert(cls.name).inserted {
            if let m = memberNames.names(of: cls)[name] { return m }
            k = cls.superclass.flatMap { project[$0] }
        }
        return nil
    }

    /// One class as nibscript. `nib` names the nib its default loadView loads.
    /// `interfaceNotRead`: an `@implementation` whose `@interface` was in no file read (a
    /// lone `.m`): said so, with the superclass it is given, rather than named `@interface`.
    package func render(_ c: ImportedClass, nib: String? = nil, interfaceNotRead: Bool = false) -> String {
        var out = "# \(place(c.place)): \(c.language == .swift ? "class" : "@interface") \(c.name)"
        if interfaceNotRead {
            out = "# \(place(c.place)): \(c.name), implemented here; its @interface was in no file read, so its superclass is taken to be NSObject (give its header too)"
        } else if c.superclass.map({ !isKnown($0) }) == true { out += " (superclass \(c.superclass!) not found: \(superclass(of: c) ?? "NSObject"))" }
        if !c.conditions.isEmpty { out += " (read under \(c.conditions.joined(separator: ", ")), undecided)" }
        out = ScriptText.comment(out) + "\n"
        // Every name through ScriptText.name: a nib's or a source's name cannot change the script.
        out += "class \(ScriptText.name(c.name)) : \(ScriptText.name(superclass(of: c) ?? "NSObject")) {\n"
        if let n = nib { out += "    nib \(n)\n" }
        var propertyIvars: [String: String] = [:]
        for m in c.members where m.isProperty && propertyIvars[m.name] == nil { propertyIvars[m.name] = m.ivarName }
        // A `view` outlet of a view controller is the built-in one; any other class's `view`
        // (a pane, a row controller) is a member of its own, released in its `dealloc`.
        let builtinView = inheritsBuiltinView(c)
        for m in c.members where !(m.name == "view" && m.isOutlet && builtinView) {
            // An ivar beside a property of its name that does not back it (`foo` beside a
            // property synthesized to `_foo`): legal, and nothing loads or releases through
            // it that the property does not say; the script names one member once.
            if !m.isProperty, let iv = propertyIvars[m.name] {
                out += "    " + ScriptText.comment("# \(place(m.place)): ivar \(m.name) beside the property \(m.name) (ivar \(iv)): left out") + "\n"
                continue
            }
            out += "    " + memberLine(m) + "\n"
        }
        for m in c.methods { out += method(m, in: c) }
        var lowered = Set(c.methods.map(\.selector))
        for sel in entries[c.name] ?? [] {
            if let h = c.helper(sel), c.method(sel) == nil, lowered.insert(sel).inserted { out += method(h, in: c) }
        }
        // What the frameworks or the project's own users send it (B7, B8, B10), and the hooks
        // its superclasses send to self that a subclass overrides (B9): methods of their own.
        for h in c.helpers where (callbacks.contains(h.selector) || isDispatched(h.selector, in: c)) && lowered.insert(h.selector).inserted {
            out += method(h, in: c)
        }
        out += "}\n"
        return out
    }

    package func memberLine(_ m: ImportedMember) -> String {
        let t = type(m.collectionElement != nil ? "NSArray" : m.type)
        let qt = ScriptText.name(t), memberName = ScriptText.name(m.name)
        var note = "# \(place(m.place))"
        if t != m.type, m.collectionElement == nil { note += " (\(m.type) not found: NSObject)" }
        if let e = m.collectionElement { note += " (collection of \(e))" }
        switch m.kind {
        case .property(let attr, let ivar) where m.isReadonly:
            // No setter: the loader and KVC store into the ivar, as for an ivar outlet; under
            // ARC the synthesized ivar has the property's ownership.
            var q = ""
            if memory == .arc {
                switch attr {
                case .weak?: q = " weak"
                case .assign?, .unsafeUnretained?: q = " unsafe_unretained"
                default: break
                }
            }
            return "ivar \(ScriptText.name(ivar)) : \(qt)\(q)    " + ScriptText.comment(note + " (readonly property \(m.name)\(m.isOutlet ? ", IBOutlet" : ""))")
        case .property(let attr, let ivar):
            var a = attr
            if a == .weak && memory == .mrc { a = .assign; note += " (weak under MRC: assign)" }
            var s = "\(m.isOutlet ? "outlet" : "property") \(memberName) : \(qt)"
            if let a { s += " \(a.rawValue)" }
            if ivar != m.name {
                if a == nil { s += " \(memory == .arc ? "strong" : "assign")" }
                s += " ivar \(ScriptText.name(ivar))"
            }
            return s + "    " + ScriptText.comment(note)
        case .ivar(let q):
            var s = "ivar \(memberName) : \(qt)"
            if m.isOutlet { note += " (IBOutlet ivar)" }
            if memory == .arc {
                switch q {
                case .weak?: s += " weak"
                case .unsafeUnretained?: s += " unsafe_unretained"
                default: break
                }
            }
            return s + "    " + ScriptText.comment(note)
        }
    }

    /// A method's lowered body, or nothing when lowering it would change more than it says
    /// (a setter or a loadView whose body is not understood whole).
    package func method(_ m: ImportedMethod, in c: ImportedClass) -> String {
        let (lines, dropped, notes) = statements(m, in: c)
        let skipped = m.skipped - followedCalls(m, in: c).count + dropped
        if ObjCScanner.isSetter(m.selector) && (skipped > 0 || lines.isEmpty) { return "" }
        if m.selector == "loadView" && !m.statements.contains(where: { $0.kind == .superCall }) { return "" }
        if m.selector == "dealloc" && memory == .arc && lines.isEmpty { return "" }
        var out = "    \(m.selector) {    # \(place(m.place))"
        if skipped > 0 { out += " (\(skipped) statement\(skipped == 1 ? "" : "s") skipped)" }
        out += "\n"
        for l in lines { out += "        \(l)\n" }
        for n in notes { out += "        " + ScriptText.comment("# \(n)") + "\n" }
        let calls = Set(followedCalls(m, in: c))
        for u in m.unread where !calls.contains(u.place) {
            let path = u.path.isEmpty ? "" : " (on \(u.path.map(\.description).joined(separator: ", ")))"
            out += "        " + ScriptText.comment("# not understood: \(place(u.place)): \(u.text)\(path)") + "\n"
        }
        out += "    }\n"
        return out
    }

    /// A branch as a script condition when it is a nil check of a member (`if (!x)`,
    /// `if (x == nil)`, `unless if (x) returned`): `x == nil` or `x != nil`.
    func scriptCondition(_ b: ImportedBranch, in c: ImportedClass) -> String? {
        guard [.ifTrue, .ifFalse, .notReturned].contains(b.kind) else { return nil }
        var t = String(b.condition.filter { $0 != " " })
        while t.hasPrefix("("), t.hasSuffix(")") { t = String(t.dropFirst().dropLast()) }
        var isNil: Bool
        var name: String
        if t.hasPrefix("!") { isNil = true; name = String(t.dropFirst()) }
        else if t.hasSuffix("==nil") { isNil = true; name = String(t.dropLast(5)) }
        else if t.hasSuffix("!=nil") { isNil = false; name = String(t.dropLast(5)) }
        else { isNil = false; name = t }
        while name.hasPrefix("("), name.hasSuffix(")") { name = String(name.dropFirst().dropLast()) }
        if name.hasPrefix("self.") { name = String(name.dropFirst(5)) } else if name.hasPrefix("self->") { name = String(name.dropFirst(6)) }
        guard let f = name.first, f == "_" || f.isLetter, name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }), let mem = member(name, in: c) else { return nil }
        if b.kind != .ifTrue { isNil.toggle() }
        return "\(ScriptText.name(mem.ivarName)) \(isNil ? "==" : "!=") nil"
    }

    /// Whether a statement about `names` runs whenever the method does, as far as memory goes:
    /// its branches are nil checks of its subject, a setter's `if (x != value)` guard, or an
    /// init's `if (self = [super init…])`.
    func runsAlways(_ s: ImportedStatement, names: Set<String>, in m: ImportedMethod, of c: ImportedClass) -> Bool {
        let outlet = names.contains { member($0, in: c)?.isOutlet == true }
        return s.path.allSatisfy { runsAlways(branch: $0, names: names, in: m, of: c, outlet: outlet) }
    }

    func runsAlways(branch b: ImportedBranch, names: Set<String>, in m: ImportedMethod, of c: ImportedClass, outlet: Bool) -> Bool {
        let cls = c
        do {
            // A `@try` body runs whenever the method does, barring an exception.
            if b.kind == .tryBody || b.isNilCheck(of: names) || b.isNilCheck(of: ["self"]) { return true }
            // R7: an outlet is nil until the window nib loads.
            if outlet, ConditionalReleases.isWindowLoadedCheck(b), ConditionalReleases.isWindowController(c, project: project) { return true }
            let c = String(b.condition.filter { $0 != " " && $0 != "(" && $0 != ")" })
            if b.kind == .ifTrue, c.hasPrefix("self=[super") || c.hasPrefix("self=[self") { return true }
            if b.kind == .ifTrue, ObjCScanner.isSetter(m.selector), let arg = m.arguments.first {
                for n in names where c == "\(n)!=\(arg)" || c == "\(arg)!=\(n)" || c == "self.\(n)!=\(arg)" || c == "\(arg)!=self.\(n)" { return true }
            }
            // `if (flag) return; flag = YES;`: the body of its first send (OnceGuards.swift;
            // asked last, as it reads the method's other statements).
            return isOnceGuard(b, in: m, of: cls)
        }
    }

    /// The statements of a body nibscript can run, each with its source line; how many
    /// recognised statements had to be left out (about something that is not a member, or on
    /// a branch that may not run); and a note for each left out for its branch or condition.
    package func statements(_ m: ImportedMethod, in c: ImportedClass) -> ([String], Int, [String]) {
        var out: [String] = []
        var notes: [String] = []
        var dropped = 0
        let isInit = m.selector.hasPrefix("init")
        let isDealloc = m.selector == "dealloc"
        let isSetter = ObjCScanner.isSetter(m.selector)
        var afterSuper = false
        var superDeallocLine: String?
        // A helper's statements left out are not this body's: they do not count as skipped.
        let own = Set(m.statements.map(\.place))
        for s in followed(m, in: c) {
            var at = "    # \(place(s.place)): \(s.text)"
            if let mac = s.macro { at += " (from \(mac))" }
            if !s.conditions.isEmpty { at += " (under \(s.conditions.joined(separator: ", ")))" }
            at = ScriptText.comment(at)
            // Under ARC nothing follows the (implicit) super call; under MRC see `superDeallocLine`.
            if afterSuper && isDealloc && memory == .arc { if own.contains(s.place) { dropped += 1 }; continue }
            // A branch of an undecided `#if` that holds only under the other memory model.
            if let r = s.requiresARC, r != (memory == .arc) { continue }
            var names: Set<String> = []
            switch s.kind {
            case .release(let x), .retain(let x), .autorelease(let x), .setNil(let x, _), .setNew(let x, _, _, _), .storeArgument(let x, _):
                names = [x]
                if let mem = member(x, in: c) { names.formUnion([mem.name, mem.ivarName]) }
            case .removeFromSuperview(let x), .closeWindow(let x), .makeTimer(let x, _, _, _, _), .addTimer(let x), .invalidate(let x):
                names = [x]
                if let mem = member(x, in: c) { names.formUnion([mem.name, mem.ivarName]) }
            case .superCall, .callSelf, .loadNib, .makeUnkept: break
            }
            // A nib loaded with self as owner (B1), under nil checks of members as `if`s.
            if case .loadNib(let written) = s.kind {
                let nib = resolveNibName(written, in: c) ?? written
                let conds = s.path.map { scriptCondition($0, in: c) }
                // R3: another nib loaded with self as owner sets the outlets it connects anew.
                if nibTokens[nib] == nil, !conds.contains(where: { $0 == nil }), let lines = otherNibLoad(nib, in: c, at: at) {
                    if conds.isEmpty { out += lines } else {
                        out.append("if \(conds.compactMap { $0 }.joined(separator: " && ")) {")
                        out += lines.map { "    " + $0 }
                        out.append("}")
                    }
                    continue
                }
                guard let token = nibTokens[nib], !conds.contains(where: { $0 == nil }) else {
                    if own.contains(s.place) { dropped += 1 }
                    notes.append("a nib load not modelled: \(place(s.place)): \(s.text)")
                    continue
                }
                let line = "load nib \(token) owner self" + at
                if conds.isEmpty { out.append(line) } else {
                    out.append("if \(conds.compactMap { $0 }.joined(separator: " && ")) {")
                    out.append("    " + line)
                    out.append("}")
                }
                continue
            }
            if case .callSelf(let sel) = s.kind, overriddenBelow(sel, in: c), helper(sel, in: c) != nil {
                if let line = dispatchedCall(sel, s, in: c, at: at) { out += line } else if own.contains(s.place) { dropped += 1 }
                continue
            }
            // The super call after an early return is the one of the path that goes on.
            let superAfterReturn = s.kind == .superCall && s.path.allSatisfy { $0.kind == .notReturned }
            // R1: in `dealloc`, a release on a branch the audit cannot call a nil check: under a
            // comparison of two members it is evaluated from the nib here (a `dealloc` body
            // takes no script `if`); under any other condition it is kept, as if some path runs
            // it (a finding about the member says so, low confidence). R7: `isWindowLoaded` is
            // a nil check of an outlet (in `runsAlways`).
            if !superAfterReturn && !runsAlways(s, names: names, in: m, of: c) {
                let releaseLike: Bool
                switch s.kind { case .release, .autorelease, .setNil: releaseLike = true; default: releaseLike = false }
                // Only the branches of an `if` or a `switch`: a `@catch` body or a loop is not
                // a path `dealloc` takes as a rule.
                let conditional = s.path.allSatisfy { [.ifTrue, .ifFalse, .notReturned, .switchCase, .tryBody].contains($0.kind) }
                guard isDealloc, releaseLike, conditional, let mem = names.lazy.compactMap({ member($0, in: c) }).first else {
                    if own.contains(s.place) { dropped += 1 }
                    notes.append("on a branch: \(place(s.place)): \(s.text) (\(s.path.map(\.description).joined(separator: ", ")))")
                    continue
                }
                var never = false
                for b in s.path where !runsAlways(branch: b, names: names, in: m, of: c, outlet: mem.isOutlet) {
                    guard let (l, equal, r) = ConditionalReleases.comparison(b), let ml = member(l, in: c), let mr = member(r, in: c) else { continue }
                    switch evaluate(ml, equal: equal, mr, in: c) {
                    case false?: never = true
                    case true?: break
                    case nil:
                        unknownMade.conditional[c.name, default: [:]][mem.name] = "`dealloc` releases `\(mem.name)` only \(b.description) (\(s.place.fileName):\(s.place.line)), which the nib does not decide (a member set by the code, or an object that occurs more than once): taken as released (R1)"
                    }
                }
                if never {
                    if own.contains(s.place) { dropped += 1 }
                    notes.append("never runs, as the nib connects them (R1): \(place(s.place)): \(s.text) (\(s.path.map(\.description).joined(separator: ", ")))")
                    continue
                }
                notes.append("on a branch, taken as run (R1): \(place(s.place)): \(s.text) (\(s.path.map(\.description).joined(separator: ", ")))")
            }
            switch s.kind {
            case .callSelf(let verb) where isSelfRelease(s, in: m):
                // B14: `[self release]` / `[self autorelease]`: the object's own reference given up.
                out.append("\(verb) self" + at)
            case .callSelf, .loadNib:
                continue   // a call no helper answers: it is among the method's unread statements
            case .makeTimer(let x, let fires, let scheduled, let retained, let viaSetter):
                // B15: a repeating timer with self as target, modelled when only `dealloc` stops it.
                guard !isDealloc, let lines = timerLines(s, x: x, fires: fires, scheduled: scheduled, retained: retained, viaSetter: viaSetter, in: m, of: c, at: at)
                else { if own.contains(s.place) { dropped += 1 }; continue }
                out += lines
            case .addTimer(let x):
                guard !isDealloc, let lines = addTimerLines(x, in: c, at: at) else { if own.contains(s.place) { dropped += 1 }; continue }
                out += lines
            case .invalidate(let x):
                guard let lines = invalidateLines(x, in: c, at: at) else { if own.contains(s.place) { dropped += 1 }; continue }
                out += lines
            case .removeFromSuperview(let x):
                // B2: the superview gives up its retain; an assign outlet to it may dangle.
                guard let mem = member(x, in: c) else { if own.contains(s.place) { dropped += 1 }; continue }
                out.append("send \(ScriptText.name(mem.ivarName)) removeFromSuperview" + at)
            case .makeUnkept(let made):
                // Made at +1 and kept nowhere: a leak under MRC (ARC releases it).
                guard memory == .mrc, !isDealloc else { if own.contains(s.place) { dropped += 1 }; continue }
                let v = "made_\(s.place.line)_\(s.place.column)"
                unknownMade.unkept[v] = (made, c.name, s, m.selector)
                out.append("\(v) = new \(ScriptText.name(isKnown(made) ? made : "NSObject"))" + at)
            case .closeWindow(let x):
                // B3: a window the nib says is released when closed gives back its +1 (the
                // owner's, N3, or the application's for a main nib); another closes and stays.
                // B7: first the close's notification, the delegate's `windowWillClose:`.
                guard let mem = member(x, in: c), !isDealloc else {
                    if own.contains(s.place) { dropped += 1 }; continue
                }
                let ivar = ScriptText.name(mem.ivarName)
                if releasedWhenClosed.contains(mem.ivarName), memory == .mrc {
                    // The window releases itself after the notification, whatever the delegate
                    // did with the ivar meanwhile (`xmlConsoleWindow = nil` in windowWillClose:):
                    // a local keeps the object the close is about.
                    let local = ScriptText.name("closing_\(mem.ivarName)_\(s.place.line)")
                    out += ["\(local) = \(ivar)" + at, "send \(ivar) close" + at, "release \(local)" + at]
                } else {
                    out.append("send \(ivar) close" + at)
                    // Under ARC a local would be strong: the release goes through the ivar,
                    // unless the delegate set it to nil (then the window's release is not seen).
                    if releasedWhenClosed.contains(mem.ivarName) { out += ["if \(ivar) != nil {", "    CFRelease \(ivar)" + at, "}"] }
                }
            case .superCall:
                if isInit { continue }
                if isDealloc && memory == .arc { continue }
                // MRC: releases written after `[super dealloc]` run after it (see
                // DeallocAfterSuper.swift); the super call is appended once the body is read.
                if isDealloc, !afterSuper, let late = statementsAfterSuperDealloc(s, in: m) {
                    superDeallocLine = "super" + at
                    notes.append(late)
                    afterSuper = true
                    continue
                }
                out.append("super" + at)
                afterSuper = true
            case .retain(let x) where isSetter && memory == .mrc && x == m.arguments.first && member(x, in: c) == nil:
                // `[view retain]; [old release]; old = view;`: the setter retains its argument.
                out.append("retain value" + at)
            case .release(let x), .retain(let x), .autorelease(let x):
                guard memory == .mrc, let mem = member(x, in: c) else { if own.contains(s.place) { dropped += 1 }; continue }
                let verb: String
                switch s.kind { case .release: verb = "release"; case .retain: verb = "retain"; default: verb = "autorelease" }
                if verb != "retain" && neutralized.contains(mem.ivarName) { if own.contains(s.place) { dropped += 1 }; continue }
                if isDealloc && verb == "retain" { if own.contains(s.place) { dropped += 1 }; continue }
                out.append("\(verb) \(ScriptText.name(mem.ivarName))" + at)
            case .setNil(let x, let viaSetter):
                guard let mem = member(x, in: c) else { if own.contains(s.place) { dropped += 1 }; continue }
                if viaSetter {
                    guard mem.isProperty, !mem.isReadonly else { if own.contains(s.place) { dropped += 1 }; continue }
                    out.append("self.\(ScriptText.name(mem.name)) = nil" + at)
                } else {
                    guard x == mem.ivarName else { if own.contains(s.place) { dropped += 1 }; continue }
                    out.append("\(ScriptText.name(mem.ivarName)) = nil" + at)
                }
            case .storeArgument(let x, let retained):
                // A hand-written setter's store: `value` is the setter's argument.
                guard isSetter, let mem = member(x, in: c), x == mem.ivarName, memory == .mrc || !retained else { if own.contains(s.place) { dropped += 1 }; continue }
                out.append("\(ScriptText.name(mem.ivarName)) = value" + at)
                if retained { out.append("retain value" + at) }
            case .setNew(let x, var cls, let autoreleased, let viaSetter):
                // B15: `x = [[NSTimer scheduledTimer…target:self…repeats:YES] retain]`, when
                // the audit models the timer; otherwise the owned object it was before.
                if let t = s.timer, !isDealloc, !isSetter,
                   let lines = timerLines(s, x: x, fires: t.selector, scheduled: t.scheduled, retained: true, viaSetter: viaSetter, in: m, of: c, at: at) {
                    out += lines
                    continue
                }
                // `x = [[self makeX] retain]` in a setter stores its argument: not a new object.
                if cls.isEmpty && isSetter { if own.contains(s.place) { dropped += 1 }; continue }
                if cls.isEmpty, let mem = member(x, in: c) { cls = type(mem.type) }
                // B4: a class neither the sources nor the catalogue know is made as a plain
                // object (its own memory management is not seen: low confidence).
                // An autoreleased one is handed to a method the script cannot see (an
                // `addAnnotation:` that retains it): left out, as before.
                if !isKnown(cls), !cls.isEmpty, !autoreleased, project[cls] == nil, let mem = member(x, in: c), !isDealloc {
                    unknownMade.made[mem.ivarName] = cls
                    cls = "NSObject"
                }
                guard !isDealloc, let mem = member(x, in: c), isKnown(cls) else { if own.contains(s.place) { dropped += 1 }; continue }
                let new = "new \(ScriptText.name(cls))" + (autoreleased ? " autoreleased" : "")
                if viaSetter {
                    guard mem.isProperty, !mem.isReadonly else { if own.contains(s.place) { dropped += 1 }; continue }
                    out.append("self.\(ScriptText.name(mem.name)) = \(new)" + at)
                } else {
                    guard x == mem.ivarName, memory == .mrc || !autoreleased else { if own.contains(s.place) { dropped += 1 }; continue }
                    out.append("\(ScriptText.name(mem.ivarName)) = \(new)" + at)
                }
            }
        }
        if let l = superDeallocLine { out.append(l) }
        return (out, dropped, notes)
    }
}


/// Reads source files into one project (SourceImport's reader: the project's macros and
/// headers, conditions decided by the settings when they can be).
package enum SourceReading {
    package static let objcExtensions = SourceReader.objcExtensions

    package static func read(paths: [String], settings: ReaderSettings = ReaderSettings(),
                             fileSettings: ((String) -> ReaderSettings?)? = nil) -> (ImportedProject, [String]) {
        var files: [(path: String, bytes: [UInt8])] = []
        var errors: [String] = []
        for p in paths {
            // A regular file within FileBytes' limit (a FIFO named X.m would block for ever).
            let bytes: [UInt8]
            switch FileBytes.read(atPath: p) {
            case .success(let b): bytes = b
            case .failure(let reason): errors.append("error: cannot read '\(p)': \(reason)"); continue
            }
            let ext = (p as NSString).pathExtension.lowercased()
            guard ext == "swift" || objcExtensions.contains(ext) else {
                errors.append("error: '\(p)' is not an Objective-C (.h, .m, .mm, .pch) or Swift file"); continue
            }
            files.append((p, bytes))
        }
        return (SourceReader.read(files, settings: settings, fileSettings: fileSettings), errors)
    }
}
