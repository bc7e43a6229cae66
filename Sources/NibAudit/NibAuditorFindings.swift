import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// A finding's words: its message and its fix, worked out from the member's declaration, the
/// methods that make, release and remove its object, and the owner's kind.
extension NibAuditor {
    /// The method statement that makes the object a member holds (`x = [[X alloc] init]`,
    /// `x = [[self makeX] retain]`), if the class has one.
    func maker(of m: ImportedMember, in c: ImportedClass) -> (ImportedMethod, ImportedStatement)? {
        for method in c.methods + c.helpers {
            for st in method.statements {
                if case .setNew(let x, _, _, _) = st.kind, x == m.name || x == m.ivarName { return (method, st) }
            }
        }
        return nil
    }

    func finding(_ kind: Audit.Kind, _ c: ImportedClass, _ m: ImportedMember, object: String, platform: PlatformName, arc: Bool,
                 topLevel: Bool = false, madeBy: (ImportedMethod, ImportedStatement)? = nil, overwritten: Bool = false,
                 madeIn: ImportedClass? = nil) -> Audit.Finding {
        let place = Audit.Place(m.place, base: dir, what: "declaration of '\(m.name)'")
        let dealloc = c.method("dealloc")
        let unload = c.method("viewDidUnload")
        func at(_ p: SourcePlace) -> String { "\(p.fileName):\(p.line)" }
        var related: [Audit.Place] = []
        // A dangling outlet's holder is alive, so its `dealloc` has not run: the place to
        // see is what freed the object (`danglingCause`), not `dealloc`.
        if let d = dealloc, kind != .dangling { related.append(Audit.Place(d.place, base: dir, what: "dealloc")) }
        if kind == .dangling, let p = danglingCause(m, in: c, platform: platform) { related.append(p) }
        if let u = unload, kind == .abandoned || kind == .overRelease { related.append(Audit.Place(u.place, base: dir, what: "viewDidUnload")) }
        let how: String
        switch m.kind {
        case .property(let a, _):
            let word = a?.rawValue ?? (arc ? "strong" : "assign")
            how = "\(word.first == "a" ? "an" : "a") \(word) property"
        case .ivar: how = m.isOutlet ? "an IBOutlet ivar" : "an ivar"
        }
        let ivar = m.ivarName
        // Under ARC no fix writes `release`: ARC forbids it, and setting to nil releases.
        let release = m.isProperty ? "self.\(m.name) = nil;" : (arc ? "\(ivar) = nil;" : "[\(ivar) release];")
        // What lets go of it and leaves no pointer behind (viewDidUnload, the dangling fixes).
        let setNil = m.isProperty ? "self.\(m.name) = nil;" : (arc ? "\(ivar) = nil;" : "[\(ivar) release]; \(ivar) = nil;")
        let subject = "`\(m.name)` of \(c.name) (\(how))"
        var f = Audit.Finding(kind: kind, rule: "", className: c.name, member: m.name, objectDescription: object,
                              location: place, related: related, message: "", fix: "")
        switch kind {
        case .leak:
            let kvc = !m.isProperty && platform == .ios
            f.rule = kvc ? "N7 O9" : (m.isProperty ? "O6 O9" : "O9")
            let keeps = kvc ? "the nib loader retained it through KVC (N7)" : "its setter retained it"
            f.message = "\(subject) keeps \(object) after the owner is deallocated: \(keeps) and nothing releases it"
            if let (method, st) = madeBy, kind == .leak {
                f.rule = "V12 O9"
                f.related.append(Audit.Place(st.place, base: dir, what: "made in \(method.selector)"))
                let made = "`\(st.text)` in `\(method.selector)` (\(at(st.place)))"
                // The `dealloc` of the class that makes it counts too (a subclass's, madeIn).
                let released = [dealloc, madeIn?.method("dealloc")].compactMap { $0 }.contains { d in d.statements.contains { s in
                    if case .release(let x) = s.kind { return x == m.name || x == ivar }
                    if case .setNil(let x, true) = s.kind { return x == m.name && m.isProperty }
                    return false
                } }
                let second = Self.storedAgain(m, after: st, in: method)
                if overwritten && !arc {
                    // B1 sends each method twice: the second store replaced the first object
                    // without releasing it. Reported at the assignment (the fingerprint is the
                    // member's, so a baseline still matches).
                    let thing = object.components(separatedBy: " ").first ?? "object"
                    f.location = Audit.Place(st.place, base: dir, what: "assignment in \(method.selector)")
                    f.related.removeAll { $0.what.hasPrefix("made in") }
                    f.message = "\(made) stores a new \(thing) into `\(m.name)` (\(how)) without releasing the one it holds: sent a second time (a second click, a second callback), it leaks the first"
                        + (released ? "" : Self.lastUnreleased)
                    f.fix = "release the old value first: `[\(ivar) release];` on the line before \(made), or make it only once (`if (\(ivar) == nil)`)"
                        + (released ? "" : dealloc.map { "; and release `\(m.name)` in `dealloc` (\(at($0.place))): `\(release)`" } ?? "; and add a `dealloc` that releases `\(m.name)` (`\(release)`)")
                } else if arc {
                    // A strong member releases what it held when it is set again and when its
                    // owner goes: what outlives the owner is kept by something else.
                    f.fix = "under ARC `\(m.name)` is released with its owner: find what keeps \(c.name) or the object alive (a strong reference back to it), and make that reference weak, or write `\(release)` when done with it"
                } else if let again = second, released {
                    // Two stores in one method, no release between: the first object is
                    // lost at once, at every run of the method.
                    let thing = object.components(separatedBy: " ").first ?? "object"
                    f.message = "\(made) stores a new \(thing) into `\(m.name)` (\(how)), and `\(method.selector)` stores another at \(at(again.place)) (`\(again.text)`) without releasing it: the first leaks at every `\(method.selector)`"
                    f.fix = "delete one of the two stores, or release the first before \(at(again.place))"
                } else if let (cls, attribute) = Self.ownedThroughRetainingSetter(st, m) {
                    // `self.x = [[X alloc] init…]` with a retain (copy) property: alloc's +1
                    // and the setter's, and the class gives back one. It leaks at every store,
                    // a memory warning or not; setting the property to nil in `viewDidUnload`
                    // (Ushahidi's controllers do) does not help.
                    f.message = "\(made) hands a new \(cls), already owned through `alloc`, to the \(attribute) setter of `\(m.name)`, which retains it again: it holds one retain more than \(c.name) ever gives back, and every one stored so leaks"
                    f.fix = "give up the `alloc` reference: `autorelease` the new object in \(made), or make it into a local, assign it, and release the local"
                } else if released && ["loadView", "viewDidLoad"].contains(method.selector) {
                    f.message = "\(made) runs at every view load and stores a new \(object.components(separatedBy: " ").first ?? "object") into `\(m.name)` (\(how)) without releasing the previous one: after a memory warning unloads the view and it loads again, the old one leaks"
                    f.fix = "release `\(m.name)` in `viewDidUnload` and set it to nil (`[\(ivar) release]; \(ivar) = nil;`), or release the old value before \(made)"
                } else if released {
                    // `dealloc` releases the last one: the ones before it were overwritten
                    // (an `awakeFromNib` the owner gets at every nib it loads, an action sent again).
                    f.message = "\(made) runs again and stores a new \(object.components(separatedBy: " ").first ?? "object") into `\(m.name)` (\(how)) without releasing the previous one: `dealloc` releases only the last, the others leak"
                    f.fix = "release the old value before \(made) (`[\(ivar) release];`), or make it only once (`if (\(ivar) == nil)`)"
                } else {
                    f.message = "\(made) makes the object `\(m.name)` (\(how)) holds, and nothing releases it"
                    f.fix = dealloc.map { "release `\(m.name)` in `dealloc` (\(at($0.place))): `\(release)`" } ?? "add a `dealloc` to \(c.name) that releases `\(m.name)` (`\(release)`)"
                }
            } else if topLevel {
                f.rule = "N3 O9"
                f.message = "\(object) is a top-level object of the nib: File's Owner \(c.name) is handed its +1 and `\(m.name)` (\(how), which does not retain) is the only pointer to it; nothing releases it"
                // ARC forbids `release`: a top-level object's +1 is given back through Core
                // Foundation, or not taken at all with the 10.8 loader.
                let rel = arc ? "`CFRelease((__bridge CFTypeRef)\(ivar));` (ARC forbids `release`; on OS X 10.8 and later, `loadNibNamed:owner:topLevelObjects:` hands no +1)" : "`[\(ivar) release];`"
                f.fix = dealloc.map { "release it in `dealloc` (\(at($0.place))): \(rel), or load the nib with an NSWindowController or NSViewController, which releases its top-level objects" }
                    ?? "add a `dealloc` to \(c.name) that releases it (\(rel)), or load the nib with an NSWindowController or NSViewController, which releases its top-level objects"
                // A hand-written setter the Mac loader calls (KVC `set<Key>:` first, N6) that
                // retains: two retains, the top-level +1 and the setter's.
                if let setter = retainingSetter(of: m, in: c, platform: platform, arc: arc) {
                    let deallocReleases = dealloc?.statements.contains { if case .release(let x) = $0.kind { return x == ivar || x == m.name }; return false } ?? false
                    f.related.append(Audit.Place(setter.place, base: dir, what: "\(setter.selector), which retains"))
                    f.message = "\(object) is a top-level object of the nib: File's Owner \(c.name) is handed its +1, and the nib loader sets `\(m.name)` (\(how)) through `-\(setter.selector)` (\(at(setter.place))), which retains it again (N6): it holds two retains, and "
                        + (deallocReleases ? "`dealloc` gives back only one" : "nothing gives back either")
                    f.fix = "give back the top-level +1 once the nib is loaded (`[\(ivar) release];` right after the load: the setter's retain keeps it)"
                        + (deallocReleases ? ", as `dealloc` (\(at(dealloc!.place))) gives back the setter's" : ", and release it in `dealloc` (`[\(ivar) release];`) for the setter's")
                }
            } else if let d = dealloc, let wrong = d.statements.first(where: { if case .setNil(let x, false) = $0.kind { return x == ivar } ; return false }), m.isProperty {
                f.fix = "`\(wrong.text)` in `dealloc` (\(at(wrong.place))) stores into the ivar and releases nothing: write `self.\(m.name) = nil;` (or `[\(ivar) release];`)"
            } else if arc {
                // ARC forbids `release` and `[super dealloc]`: a strong reference outlives its
                // owner only when something keeps the owner, or the object is kept elsewhere.
                f.fix = "under ARC `\(m.name)` is released with its owner: find what keeps \(c.name) or the object alive (a strong reference back to it), and make that reference weak, or set `self.\(m.name) = nil;` when done with it"
            } else if let d = dealloc {
                f.fix = "release `\(m.name)` in `dealloc` (\(at(d.place))): `\(release)` before `[super dealloc]`"
            } else {
                f.fix = "add a `dealloc` to \(c.name) that releases `\(m.name)` (`\(release)`) and calls `[super dealloc]`"
            }
            // Released (or autoreleased) in a method the batteries never run, and not set to
            // nil there: a release in `dealloc` would then message a freed object. The fix is
            // the missing nil, not another release (FreeRDP's `_connecting_view`).
            if !arc, let (method, st) = Self.releasedWithoutNil(m, ivar: ivar, in: c.helpers) {
                f.fix = "`\(st.text)` in `\(method.selector)` (\(at(st.place))) gives it up without setting `\(m.name)` to nil: set it to nil there (`\(ivar) = nil;`); a release in `dealloc` would message a freed object"
            }
        case .abandoned:
            f.rule = "V7"
            f.message = "after a memory warning unloads the view, \(subject) still keeps \(object) (abandoned memory, iOS 3.0–5.1)"
            // Keep the release `dealloc` has; name the one it lacks (a leak hidden behind a
            // cycle, as Briefs' preview controller's, is no finding of its own).
            let keep = arc ? "" : Self.releasedInDealloc(m, of: c) ? ", and keep the release in `dealloc`"
                : ", and release it in `dealloc` too (`\(release)`), which does not"
            if let u = unload {
                f.fix = "set `\(m.name)` to nil in `viewDidUnload` (\(at(u.place))): `\(setNil)`\(keep)"
            } else {
                f.fix = "add a `viewDidUnload` to \(c.name) that sets `\(m.name)` to nil (`\(setNil)`) and calls `[super viewDidUnload]`\(keep)"
            }
        case .dangling:
            f.rule = "O10 V8"
            f.notOutlet = !m.isOutlet
            f.message = "\(subject) still points at \(object) after it was deallocated"
            if retains(m, platform: platform, arc: arc) {
                f.fix = "set `\(m.name)` to nil where it is released (`\(setNil)`)"
            } else if let (method, st) = Self.removedWithoutNil(m, in: c.helpers) {
                // B2: the superview held its only retain.
                let why: String
                if case .closeWindow = st.kind { why = "the window is released when closed" } else { why = "the superview held its only retain" }
                f.fix = "`\(st.text)` in `\(method.selector)` (\(at(st.place))) frees it (\(why)) and `\(m.name)` keeps pointing at it: set it to nil there (`\(m.isProperty ? "self.\(m.name)" : ivar) = nil;`)"
            } else if !arc, !m.isOutlet, let (method, st) = Self.releasedWithoutNil(m, ivar: ivar, in: c.helpers) {
                // An ivar the code fills (no outlet: no window, no attribute to change), given
                // up in an action without a nil (Transmission's `Controller`): the nil is the fix.
                f.fix = "`\(st.text)` in `\(method.selector)` (\(at(st.place))) gives it up without setting `\(m.name)` to nil: set it to nil there (`\(ivar) = nil;`)"
            } else if arc {
                f.fix = "declare `\(m.name)` weak, so that it is set to nil when its object is deallocated (or strong, to keep the object)"
            } else if platform == .mac {
                f.fix = "declare `\(m.name)` a retain property (`@property (retain) IBOutlet`, released in `dealloc`), so that it keeps its object after the window closes, or set it to nil when the window closes (`windowWillClose:`)"
            } else {
                f.fix = "declare `\(m.name)` retain (release it in `dealloc` and set it to nil in `viewDidUnload`), or weak under ARC"
            }
        case .zombie:
            f.rule = "O5"
            f.message = "a message reaches \(object), held by \(subject), after it was deallocated"
            f.fix = retains(m, platform: platform, arc: arc)
                ? "set `\(m.name)` to nil wherever it is released, so no later message reaches the freed object"
                : arc ? "declare `\(m.name)` weak, so that it is set to nil when its object is deallocated (or strong, to keep the object)"
                : "declare `\(m.name)` retain (release it in `dealloc`), or weak under ARC"
        case .overRelease:
            f.rule = "O4"
            f.message = "\(object), held by \(subject), is released once more after it was deallocated"
            if !retains(m, platform: platform, arc: arc) {
                // Nothing retained it: the release itself is the defect, not a missing nil.
                let why = m.isProperty ? "an assign property does not retain" : "the Mac nib loader sets an ivar outlet without a retain (N6)"
                f.rule = m.isProperty ? "O4" : "N6 O4"
                let rel = dealloc?.statements.first { st in
                    if case .release(let x) = st.kind { return x == m.name || x == ivar }
                    return false
                }
                f.fix = "`\(m.name)` never owned its object — \(why): delete `\(rel?.text ?? "[\(ivar) release];")`"
                    + (rel.map { " (\(at($0.place)))" } ?? dealloc.map { " from `dealloc` (\(at($0.place)))" } ?? "")
                    + (m.isProperty ? ", or declare it `retain`"
                        // With the compiler's own synthesis a new property is backed by `_name`,
                        // and the nib would retain into that ivar instead: bind it to this one.
                        : ", or declare `@property (nonatomic, retain) IBOutlet` for it with `@synthesize \(m.name);` (bound to this ivar, so the nib stores through the retaining setter)")
            } else if let (method, rel) = Self.releaseBeforeSetterNil(of: m, ivar: ivar, in: [unload, dealloc].compactMap { $0 }) {
                // `[self.x release]; self.x = nil;`: the setter already releases the old value,
                // so the explicit release is the second one — the code already sets nil.
                f.fix = "`self.\(m.name) = nil;` already releases it through the setter: delete `\(rel.text)` (\(at(rel.place))) in `\(method)`"
            } else if let u = unload {
                f.fix = "after releasing `\(m.name)` in `viewDidUnload` (\(at(u.place))) set it to nil (`\(m.isProperty ? "self.\(m.name) = nil;" : "\(ivar) = nil;")`), so `dealloc` does not release it again"
            } else {
                f.fix = "release `\(m.name)` once: set it to nil after each release (`\(m.isProperty ? "self.\(m.name) = nil;" : "\(ivar) = nil;")`)"
            }
        case .crash, .cycle:
            f.rule = "O5"
            f.message = "crash"
        }
        return f
    }

    /// Whether the class's `dealloc` releases the member (`[x release]`, `self.x = nil`).
    static func releasedInDealloc(_ m: ImportedMember, of c: ImportedClass) -> Bool {
        c.method("dealloc")?.statements.contains { s in
            switch s.kind {
            case .release(let x): return x == m.name || x == m.ivarName || x == "self." + m.name
            case .setNil(let x, true): return m.isProperty && (x == m.name || x == m.ivarName)
            default: return false
            }
        } ?? false
    }

    /// A method that releases a retained member by hand and then sets it to nil through its
    /// setter (which releases it again): the method's name and the explicit release.
    static func releaseBeforeSetterNil(of m: ImportedMember, ivar: String, in methods: [ImportedMethod]) -> (String, ImportedStatement)? {
        for method in methods {
            var release: ImportedStatement?
            for st in method.statements {
                switch st.kind {
                case .release(let x) where x == m.name || x == ivar || x == "self." + m.name:
                    release = st
                case .setNil(let x, let viaSetter) where viaSetter && (x == m.name || x == ivar):
                    if let r = release { return (method.selector, r) }
                default: break
                }
            }
        }
        return nil
    }

    /// A method that removes a member's view from its superview (or closes its window) and
    /// never sets the member to nil afterwards.
    static func removedWithoutNil(_ m: ImportedMember, in methods: [ImportedMethod]) -> (ImportedMethod, ImportedStatement)? {
        let names: Set<String> = [m.name, m.ivarName, "self." + m.name]
        for method in methods {
            var removed: ImportedStatement?
            for st in method.statements {
                switch st.kind {
                case .removeFromSuperview(let x) where names.contains(x), .closeWindow(let x) where names.contains(x): removed = st
                case .setNil(let x, _) where names.contains(x), .setNew(let x, _, _, _) where names.contains(x): removed = nil
                default: break
                }
            }
            if let r = removed { return (method, r) }
        }
        return nil
    }

    /// A method that releases or autoreleases a member and never sets it to nil afterwards.
    static func releasedWithoutNil(_ m: ImportedMember, ivar: String, in methods: [ImportedMethod]) -> (ImportedMethod, ImportedStatement)? {
        let names: Set<String> = [m.name, ivar, "self." + m.name]
        for method in methods {
            var given: ImportedStatement?
            for st in method.statements {
                switch st.kind {
                case .release(let x) where names.contains(x), .autorelease(let x) where names.contains(x):
                    given = st
                case .setNil(let x, _) where names.contains(x), .setNew(let x, _, _, _) where names.contains(x):
                    given = nil
                default: break
                }
            }
            if let g = given { return (method, g) }
        }
        return nil
    }
}

extension NibAuditor {
    /// Where the object a dangling member points at was freed, to show beside the finding:
    /// a release or autorelease of the member with no nil after it (in `viewDidUnload` or a
    /// method the battery sends), a `removeFromSuperview` or a window `close` of it; else, on
    /// iOS, the view's unloading after a memory warning, which follows `viewDidUnload`.
    func danglingCause(_ m: ImportedMember, in c: ImportedClass, platform: PlatformName) -> Audit.Place? {
        let unload = c.method("viewDidUnload")
        if let (method, st) = Self.releasedWithoutNil(m, ivar: m.ivarName, in: unload.map { [$0] + c.helpers } ?? c.helpers) {
            return Audit.Place(st.place, base: dir, what: "given up without a nil in \(method.selector)")
        }
        if let (method, st) = Self.removedWithoutNil(m, in: c.helpers) {
            let what: String
            if case .closeWindow = st.kind { what = "window closed in \(method.selector)" } else { what = "removed from its superview in \(method.selector)" }
            return Audit.Place(st.place, base: dir, what: what)
        }
        if platform == .ios, let u = unload { return Audit.Place(u.place, base: dir, what: "viewDidUnload: the view unloads after it") }
        return nil
    }
}

extension NibAuditor {
    /// `self.x = [[X alloc] init…]` (not autoreleased) into a retain or copy property: X and
    /// the attribute. Under MRC such a store keeps one retain nothing gives back.
    static func ownedThroughRetainingSetter(_ st: ImportedStatement, _ m: ImportedMember) -> (String, String)? {
        guard case .setNew(_, let cls, false, true) = st.kind, !cls.isEmpty,
              case .property(let a?, _) = m.kind, a == .retain || a == .copy else { return nil }
        return (cls, a.rawValue)
    }
}
