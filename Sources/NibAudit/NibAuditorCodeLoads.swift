import Foundation
import InterfaceBuilder
import SourceImport
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptReports

// What the code does with a nib's top-level objects when it loads the nib itself (rules L7
// and L8, grammar.md "Who loads each nib"). A plain owner's battery loads the nib and
// releases the owner; these add the statements the loading code adds: giving back the +1 of
// each top-level object it took in an array (L7), releasing an outlet's top-level object in
// the method that loaded it, or handing it to the method's caller by its return (L8).
extension NibAuditor {
    struct CodeLoads {
        /// Statements after `load nib`, and after the owner is released.
        var afterLoad: [String] = []
        var afterOwner: [String] = []
        /// A shared instance (L10): the owner is never released.
        var keepsOwner = false
        var loadedBy: [String] = []
        var notes: [String] = []
        /// An array loader whose +1s the code never gives back: the top-level leaks' fix.
        var unbalanced: NibLoaders.TopLevelLoad?
        /// R6: outlets whose top-level object a method returns at +1 under a name that, by
        /// Cocoa's naming convention, returns +0: the member, and what a finding about it says.
        var naming: [String: (reason: String, fix: String)] = [:]
        var isEmpty: Bool { afterLoad.isEmpty && afterOwner.isEmpty }
    }

    /// `cvar` is the battery's name for the owner; `taken` the names the nib already uses.
    func codeLoads(doc: IBDocument, names: [String?], ownerClass: String, platform: PlatformName, arc: Bool,
                   cvar: String, taken: Set<String>) -> CodeLoads {
        var out = CodeLoads()
        let give = arc ? "CFRelease" : "release"
        // L10: a shared instance (its class or a superclass has `+shared…`) loads the nib and
        // lives as long as the application: it and the nib's objects are kept, as the
        // application keeps a main nib's (L1). The scenario holds each top-level object.
        var up: String? = ownerClass
        var seen = Set<String>()
        while let n = up, seen.insert(n).inserted {
            // L18: an owner made once by an object that lives as long as the application.
            let why = context.loaders.sharedClasses.contains(n) ? "\(ownerClass), a shared instance (\(sharedReason(n))): kept, with its nib's objects, for the application's life (L10)"
                : n == ownerClass ? context.appLifetime[n].map { "\(ownerClass), \($0): kept, with its nib's objects, for the application's life (L18)" } : nil
            if let why {
                out.keepsOwner = true
                var used = taken
                used.insert(cvar)
                for t in doc.ownedTopLevelObjects.compactMap({ names[$0] }) {
                    var v = "kept"
                    var i = 1
                    while used.contains(v) { v = "kept\(i)"; i += 1 }
                    used.insert(v)
                    out.afterLoad.append("\(v) = \(ScriptText.name(t))")
                }
                out.loadedBy.append(why)
                return out
            }
            up = project[n]?.superclass
        }
        // (Before L7: a shared instance keeps what it loads however it loads it.)
        // L7: the top-level objects come to the code in an array.
        if let t = context.loaders.topLevelLoads(of: entry.name).first {
            // A computed name (L5): `-sel` returning the literal, then the load asking for it.
            let chain = (t.entry.map { $0.hasPrefix("-") ? ["`\($0)` returns @\"\(t.name)\" (\((t.file as NSString).lastPathComponent):\(t.line))"]
                                                         : ["\(t.file):\(t.line) `\($0)@\"\(t.name)\"`"] } ?? []) + t.through + ["\(t.place) `\(t.call)`"]
            out.loadedBy.append(chain.joined(separator: " → ") + ", which hands the top-level objects to the code (L7)")
            if t.balanced || !t.plusOne {
                // The code holds each object (the array, or what it retains from it) and gives
                // it back when it is done with it: after the owner, as the owner's ivars go.
                let tops = doc.ownedTopLevelObjects.compactMap { names[$0] }
                out.afterOwner += tops.map { "\(give) \(ScriptText.name($0))" }
                out.notes.append(t.plusOne
                    ? "the code gives back each top-level object's +1 (\(t.place)): they are the code's, not File's Owner's (L7)"
                    : "`\(t.call)` leaves the top-level objects to the array the code keeps (OS X 10.8): none is File's Owner's (L7)")
            } else {
                out.notes.append("the code takes the top-level objects at +1 (\(t.place)) and gives none back: they leak unless kept by an outlet that is released (L7)")
                out.unbalanced = t
                let (lines, notes) = releasesAfterComputedLoad(t, doc: doc, ownerClass: ownerClass, platform: platform, arc: arc, cvar: cvar)
                out.afterLoad += lines
                out.notes += notes
            }
            return out
        }
        // L8: `loadNibNamed:@"X" owner:self` in a method of File's Owner's class, whose rest
        // releases or returns an outlet's top-level object.
        // Only the Mac loader hands File's Owner a +1 (N3); UIKit's autoreleases the
        // top-level objects, so a returned cell is +0 and the caller retains it itself.
        guard platform == .mac, let owner = doc.filesOwner else { return out }
        var chain: [String] = []
        var k: String? = ownerClass
        while let n = k, !chain.contains(n) { chain.append(n); k = project[n]?.superclass }
        let tops = Set(doc.ownedTopLevelObjects)
        var handed = 0
        for l in context.loaders.loads(of: entry.name) where l.owner == "self" && l.inClass.map(chain.contains) == true || l.ownerMadeAs.map(chain.contains) == true {
            guard let rest = l.rest, let method = l.method else { continue }
            // The owner as the method names it: `self` (`x`, `self.x`), or the local it made
            // and loaded the nib with (`v->x`, `v.x`).
            let who = l.owner == "self" ? #"(?:self\.)?"# : NSRegularExpression.escapedPattern(for: l.owner ?? "") + #"\s*(?:->|\.)\s*"#
            for conn in doc.connections(from: owner) where conn.kind == .outlet && tops.contains(conn.destination) {
                guard let (_, m) = member(conn.name, of: ownerClass), !retains(m, platform: platform, arc: arc) else { continue }
                let script = m.isProperty ? "\(cvar).\(ScriptText.name(m.name))" : "\(cvar)->\(ScriptText.name(m.ivarName))"
                let alts = Set([m.name, m.ivarName]).map { NSRegularExpression.escapedPattern(for: $0) }.sorted().joined(separator: "|")
                let nilled = Self.matches(rest, who + #"(?:"# + alts + #")\s*=\s*nil\b"#)
                let place = "`\(method)` (\(l.file):\(l.line))"
                if Self.matches(rest, #"\[\s*"# + who + #"(?:"# + alts + #")\s+(?:auto)?release\s*\]"#) {
                    out.afterLoad += ["\(give) \(script)"] + (nilled ? ["\(script) = nil"] : [])
                    out.notes.append("\(place) loads the nib and releases `\(m.name)`'s top-level object itself (L8)")
                } else if nilled, Self.returns(rest, alts), !Self.returnsOwned(method) {
                    // R6: by Cocoa's naming convention only alloc/new/copy/mutableCopy methods
                    // hand their caller a +1; `-createView` hands +0. The code may still work
                    // (its caller releases what it gets), but a reviewer flags the name: the
                    // handover is not taken on trust, and the leak stays, low confidence.
                    let reason = "\(place) returns `\(m.name)`'s top-level object at +1 (its +1 from the nib, N3): if the caller releases it, there is no leak, "
                        + "but by Cocoa's naming convention only a method whose name begins with alloc, new, copy or mutableCopy hands its caller a +1, so `\(method)` says +0 (R6)"
                    out.naming[m.name] = (reason, "name the method for what it hands over (`\(Self.owningName(method))`, so that callers and the static analyzer know they own the result), or return the object autoreleased and let the caller retain it")
                    out.notes.append("\(place) returns `\(m.name)`'s top-level object at +1, but its name says +0 (Cocoa's naming convention): not taken as a handover (R6)")
                } else if nilled, Self.returns(rest, alts) {
                    // Only a method that lets go of the outlet (`x = nil`) hands its object
                    // over: a getter returning its ivar (`-view`) hands nothing, +0.
                    var v = "handed"
                    while taken.contains(v) || v == cvar { v += "_" }
                    v += handed == 0 ? "" : "\(handed)"
                    handed += 1
                    out.afterLoad += ["\(v) = \(script)"] + (nilled ? ["\(script) = nil"] : [])
                    out.afterOwner += ["\(give) \(v)"]
                    out.notes.append("\(place) loads the nib and returns `\(m.name)`'s top-level object: its +1 goes to the caller, which owns it (L8)")
                }
            }
        }
        // L16: `[[view window] release]` in `dealloc`, view an outlet inside a top-level window.
        let through = windowsReleasedThroughOutlets(doc: doc, names: names, ownerClass: ownerClass, give: give)
        out.afterOwner += through.afterOwner
        out.notes += through.notes
        return out
    }

    /// The fix of a top-level leak (N3) when the code took the objects in an array and
    /// never gave them back (L7): the code, not File's Owner, owes the release.
    static func topLevelFix(_ t: NibLoaders.TopLevelLoad) -> String {
        let array = t.array ?? "the array"
        return "`\(t.call)` (\(t.place)) hands every top-level object to the code at +1 in `\(array)`: give each back when done with them "
            + "(`[\(array) makeObjectsPerformSelector:@selector(release)];`), or load with "
            // The 10.8 call of the same class: an NSNib has one of its own.
            + (t.call.hasPrefix("instantiateNib") ? "`-[NSNib instantiateWithOwner:topLevelObjects:]`" : "`-[NSBundle loadNibNamed:owner:topLevelObjects:]`")
            + " (OS X 10.8), which hands no +1"
    }

    /// Whether a selector is in a family that returns an owned object (Cocoa's naming
    /// convention, as clang's `ns_returns_retained` families): `alloc`, `new`, `copy`,
    /// `mutableCopy`, as the first word (leading underscores aside), followed by nothing or
    /// by a character that is not a lowercase letter (`newView`, `copy:`; not `newsletter`).
    static func returnsOwned(_ selector: String) -> Bool {
        let s = selector.drop { $0 == "_" }
        for family in ["alloc", "new", "copy", "mutableCopy"] where s.hasPrefix(family) {
            guard let next = s.dropFirst(family.count).first else { return true }
            if !next.isLowercase { return true }
        }
        return false
    }

    /// The selector renamed into the `new` family: its first lowercase word (`create` in
    /// `createView`) becomes `new`; a one-word selector gets `new` before it (`newView`).
    static func owningName(_ selector: String) -> String {
        let rest = selector.drop { $0.isLowercase }
        if let f = rest.first, f.isUppercase { return "new" + rest }
        return "new" + selector.prefix(1).uppercased() + selector.dropFirst()
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: pattern, options: .regularExpression) != nil
    }

    /// `return x;`, or `v = x;` … `return v;`, for x one of the member's names.
    static func returns(_ text: String, _ alts: String) -> Bool {
        if matches(text, #"\breturn\s+(?:self\.)?(?:"# + alts + #")\s*;"#) { return true }
        let assign = try! NSRegularExpression(pattern: #"([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:self\.)?(?:"# + alts + #")\s*;"#)
        let ns = text as NSString
        for m in assign.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let v = NSRegularExpression.escapedPattern(for: ns.substring(with: m.range(at: 1)))
            if matches(ns.substring(from: m.range.location), #"\breturn\s+(?:\[\s*)?"# + v + #"\b"#) { return true }
        }
        return false
    }
}
