import Foundation
import InterfaceBuilder
import SourceImport
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptReports

// A nib loaded under a computed name (rule L5's loader, grammar.md "Who loads each nib"):
// `[[NSNib alloc] initWithNibNamed:[self mainNibName] bundle:…]`,
// `[NSBundle loadNibNamed:[self paneNibName] owner:self]` in a class, with the class or a
// subclass defining the method as `return @"X";` (Quicksilver's `-[QSPreferencePane
// loadMainView]`, each pane returning its nib's name). The call loads nib X with an object of
// the class defining the method as owner, so it is X's loader, and what the loading method
// does after it (a release of an outlet's top-level object, L7/L8) is followed.
extension NibLoaders {
    /// A method returning a string literal: `- (NSString *)sel { return @"X"; }`.
    /// Or one returning its class's name, `return … NSStringFromClass([self class]);`
    /// (`byClass`, `name` empty): for each class inheriting it, that class's name.
    struct NameMethod: Equatable { var selector: String; var name: String; var inClass: String; var file: String; var line: Int; var byClass = false }

    static let nameMethodPattern = try! NSRegularExpression(pattern:
        #"-\s*\(\s*NSString\s*\*\s*\)\s*([A-Za-z_][A-Za-z0-9_]*)\s*\{\s*return\s+@"([^"\\]+)"\s*;\s*\}"#)
    static let superclassPattern = try! NSRegularExpression(pattern: #"@interface\s+([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([A-Za-z_][A-Za-z0-9_]*)"#)
    /// `[self sel]` as the name argument of a loading call.
    static let computedCallPattern = try! NSRegularExpression(pattern:
        #"(initWithNibName:|initWithWindowNibName:|loadNibNamed:|loadNibFile:|nibWithNibName:|initWithNibNamed:)\s*\[\s*self\s+([A-Za-z_][A-Za-z0-9_]*)\s*\](?:\s*(?:,\s*)?owner:\s*([A-Za-z_][A-Za-z0-9_]*))?"#)

    /// The name methods and the superclass of each class the texts declare.
    static let byClassPattern = try! NSRegularExpression(pattern: #"\breturn\b[^;]*NSStringFromClass\s*\(\s*\[\s*self\s+class\s*\]\s*\)"#)

    static func nameMethods(files: [CodeFile]) -> (methods: [NameMethod], superclasses: [String: String]) {
        var methods: [NameMethod] = []
        // Every definition of a selector with no argument, to tell which one a class inherits.
        var defined: [NameMethod] = []
        var supers: [String: String] = [:]
        for file in files {
            let (rel, text, ns, lines) = (file.rel, file.text, file.ns, file.lines)
            let all = NSRange(location: 0, length: ns.length)
            for m in superclassPattern.matches(in: text, range: all) where supers[ns.substring(with: m.range(at: 1))] == nil {
                supers[ns.substring(with: m.range(at: 1))] = ns.substring(with: m.range(at: 2))
            }
            for span in file.methods where span.keywords.count == 1 && !span.keywords[0].hasSuffix(":") {
                guard let cls = span.inClass else { continue }
                let body = ns.substring(with: NSRange(location: span.bodyStart, length: span.end - span.bodyStart))
                let byClass = byClassPattern.firstMatch(in: body, range: NSRange(location: 0, length: (body as NSString).length)) != nil
                defined.append(NameMethod(selector: span.keywords[0], name: "", inClass: cls, file: rel, line: lines.line(span.bodyStart), byClass: byClass))
            }
            for m in nameMethodPattern.matches(in: text, range: all) {
                guard let cls = file.enclosingClass(m.range.location) else { continue }
                methods.append(NameMethod(selector: ns.substring(with: m.range(at: 1)), name: ns.substring(with: m.range(at: 2)), inClass: cls,
                                          file: rel, line: lines.line(m.range.location)))
            }
        }
        // A definition returning its class's name, unless a literal one is its own. (Asked of a
        // set: a generated file defines thousands of methods without arguments.)
        var known = Set(methods.map { [$0.selector, $0.inClass] })
        for d in defined where d.byClass && known.insert([d.selector, d.inClass]).inserted { methods.append(d) }
        // The other definitions (a body the reader does not resolve) hide what they override.
        for d in defined where !d.byClass && known.insert([d.selector, d.inClass]).inserted {
            var opaque = d
            opaque.name = ""
            methods.append(opaque)
        }
        return (methods, supers)
    }

    /// The names a `[self sel]` in class `cls` stands for: each class that is `cls` or one of
    /// its subclasses and defines `sel` returning a literal gives its literal (for its own
    /// instances, the nearest definition being its own), with that method.
    static func resolve(_ sel: String, in cls: String?, methods: [NameMethod], superclasses: [String: String]) -> [NameMethod] {
        guard let cls else { return [] }
        let defs = methods.filter { $0.selector == sel }
        guard !defs.isEmpty else { return [] }
        let definers = Dictionary(defs.map { ($0.inClass, $0) }, uniquingKeysWith: { a, _ in a })
        // Each class under `cls` (itself included) gets the definition nearest to it.
        var out: [NameMethod] = []
        for k in Set(superclasses.keys).union(defs.map(\.inClass)).sorted() {
            var n: String? = k
            var seen = Set<String>()
            var nearest: NameMethod?
            var under = false
            while let c = n, seen.insert(c).inserted {
                if nearest == nil, let d = definers[c] { nearest = d }
                if c == cls { under = true; break }
                n = superclasses[c]
            }
            guard under, var d = nearest else { continue }
            if d.byClass { d.name = k } else if d.name.isEmpty { continue }
            // A literal definition answers for its own class only once (its subclasses name it too).
            if !d.byClass, out.contains(d) { continue }
            out.append(d)
        }
        return out
    }

    /// The loads by `[self sel]` of one file, each resolved to the literal names (L5).
    static func computedLoads(_ ns: NSString, rel: String, spans: [MethodSpan], enclosing: (Int) -> String?, line: (Int) -> Int,
                              methods: [NameMethod], superclasses: [String: String]) -> [Load] {
        var out: [Load] = []
        for m in computedCallPattern.matches(in: ns as String, range: NSRange(location: 0, length: ns.length)) {
            let sel = ns.substring(with: m.range(at: 2))
            let cls = enclosing(m.range.location)
            let owner = m.range(at: 3).location == NSNotFound ? nil : ns.substring(with: m.range(at: 3))
            let rest = restOfMethod(ns, at: m.range.location, methods: spans)
            for nm in resolve(sel, in: cls, methods: methods, superclasses: superclasses) {
                out.append(Load(call: ns.substring(with: m.range(at: 1)), name: nm.name, createdClass: nil, inClass: cls, file: rel,
                                line: line(m.range.location), owner: owner, method: rest?.1, rest: rest?.0,
                                computed: sel, namedAt: (nm.byClass ? "the name of its class, " : "") + "\((nm.file as NSString).lastPathComponent):\(nm.line)"))
            }
        }
        return out
    }
}


extension NibAuditor {
    /// A load under a computed name that passes `self` as owner and keeps the top-level
    /// objects' +1 (L7): the loading method's own releases of an outlet's top-level object
    /// after the call (`[_window release]` in `-[QSPreferencePane loadMainView]`) give that
    /// object's +1 back, as L8 reads them for a load by a literal name.
    func releasesAfterComputedLoad(_ t: NibLoaders.TopLevelLoad, doc: IBDocument, ownerClass: String, platform: PlatformName, arc: Bool,
                                   cvar: String) -> (lines: [String], notes: [String]) {
        guard t.entry?.hasPrefix("-") == true, t.ownerIsSelf, let rest = t.rest, let owner = doc.filesOwner else { return ([], []) }
        let give = arc ? "CFRelease" : "release"
        let tops = Set(doc.ownedTopLevelObjects)
        var lines: [String] = []
        var notes: [String] = []
        for conn in doc.connections(from: owner) where conn.kind == .outlet && tops.contains(conn.destination) {
            guard let (_, m) = member(conn.name, of: ownerClass), !retains(m, platform: platform, arc: arc) else { continue }
            let script = m.isProperty ? "\(cvar).\(ScriptText.name(m.name))" : "\(cvar)->\(ScriptText.name(m.ivarName))"
            let alts = Set([m.name, m.ivarName]).map { NSRegularExpression.escapedPattern(for: $0) }.sorted().joined(separator: "|")
            guard Self.matches(rest, #"\[\s*(?:self\.)?(?:"# + alts + #")\s+(?:auto)?release\s*\]"#) else { continue }
            let nilled = Self.matches(rest, #"(?:self\.)?(?:"# + alts + #")\s*=\s*nil\b"#)
            lines += ["\(give) \(script)"] + (nilled ? ["\(script) = nil"] : [])
            notes.append("the method loading it (\(t.place)) releases `\(m.name)`'s top-level object itself (L8)")
        }
        return (lines, notes)
    }
}
