import Foundation
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Where the sources load a nib by name: the calls Cocoa and UIKit offer for it, each with
/// its place and (when the call creates it) the class of the object that loads it. The
/// audit uses them to choose a nib's battery and to tell a nib nothing loads (rule L4).
/// A plain text search, as the scanner's: comments are skipped, strings are kept.
struct NibLoaders {
    struct Load: Equatable {
        /// The call, as written up to the name: `initWithWindowNibName:`, `loadNibNamed:`…
        var call: String
        var name: String
        /// `[[NSWindowController alloc] initWithWindowNibName:@"X"]`: `NSWindowController`.
        var createdClass: String?
        /// The `@implementation` the call is in.
        var inClass: String?
        var file: String
        var line: Int
        /// `owner:self` (or another name) when the call passes File's Owner.
        var owner: String? = nil
        /// The method the call is in (its selector) and its text from the call on (L8).
        var method: String? = nil
        var rest: String? = nil
        /// `owner:v` where the method made `v = [[C alloc] init…]` before the call: `C`
        /// (L8: a class method that makes the owner, loads the nib and hands an outlet's
        /// object out, Sequel Pro's `+[SPEncodingPopupAccessory encodingAccessory:…]`).
        var ownerMadeAs: String? = nil
        /// `[self sel]` as the name (L5): `sel`, and the place of the `-sel` returning the name.
        var computed: String? = nil
        var namedAt: String? = nil
        /// The expression that names the nib (L13: `isPad ? @"A" : @"B"`, a variable `nib`).
        var expression: String? = nil
        /// A view controller archived in another nib names this nib as its view's
        /// (`nibName="X"`, `IBUINibName`): `file` is that nib (NibNamedByNibs.swift).
        var archived = false
        /// How the call names the nib, for the report (between backquotes, with the place).
        var text: String {
            if archived {
                let what = createdClass ?? "view controller"
                let article = what.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
                return "\(file):\(line) `\(call)\"\(name)\"` of \(article) \(what) archived there (UIKit loads it for that controller's view, L11)"
            }
            if let e = expression { return "\(file):\(line) `\(call)\(e)` (@\"\(name)\", L13)" }
            if let sel = computed { return "\(file):\(line) `\(call)[self \(sel)]` (`-\(sel)` returns @\"\(name)\", \(namedAt ?? ""))" }
            return "\(file):\(line) `\(call)@\"\(name)\"`"
        }
    }
    var loads: [Load] = []
    /// Loads that hand the top-level objects to the code in an array (L7).
    var topLevel: [TopLevelLoad] = []
    /// Storyboards and scenes the code instantiates (L9).
    var storyboard: [Load] = []
    /// Classes that declare or define a shared instance (`+ (id)sharedInstance`,
    /// `+sharedController`…): one object for the application's life (L10).
    var sharedClasses: Set<String> = []
    /// The shared classes known by a lazily made static instance, not a `+shared…` name (L10): class → method.
    var lazySingletons: [String: String] = [:]
    /// Each file's code text as L18 and L4's compiled loads read it (comments, strings and
    /// `#if 0` blanked, names too; a Swift file as it is), and every string literal as
    /// written, comments and dead code included (L4: a name only there is no load).
    var codeTexts: [(file: String, text: String)] = []
    var writtenLiterals: Set<String> = []
    /// Controllers made with no nib name (`[[C alloc] init]`, `initWithNibName:nil bundle:`,
    /// `[C new]`, `initWithStyle:`, `[super initWithNibName:nil …]` in C's own `init…`), for
    /// UIKit's default nib lookup (see `NibAuditorDefaultNib.swift`).
    var unnamed: [Load] = []
    /// Every string literal of the sources (a nib name mentioned anywhere counts as a use:
    /// code may build the call in ways a search does not follow).
    var strings: Set<String> = []
    /// Whether the sources build a name from a class (`NSStringFromClass([self class])`): a
    /// nib named as a class of the sources may be loaded that way.
    var buildsNamesFromClasses = false

    /// The calls whose first argument names a nib, Objective-C and Swift spellings.
    static let calls = ["initWithNibName:", "initWithWindowNibName:", "loadNibNamed:", "loadNibFile:", "nibWithNibName:",
                        "initWithNibNamed:", "nibName:", "windowNibName:", "UINib(nibName:", "NSNib(nibNamed:"]

    init() {}

    static let writtenLiteralPattern = try! NSRegularExpression(pattern: #""([^"\\\n]+)""#)

    /// `superclasses`: each class's superclass as the sources read declare it (headers are
    /// not searched here), for the computed names of L5.
    init(files: [String], base: String, superclasses known: [String: String] = [:]) {
        let callPattern = try! NSRegularExpression(pattern:
            #"(?:\[\s*\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+alloc\s*\]\s*)?(initWithNibName:|initWithWindowNibName:|loadNibNamed:|loadNibFile:|nibWithNibName:|initWithNibNamed:|UINib\(nibName:|NSNib\(nibNamed:|windowNibName:|nibName:)\s*@?"([^"\\]+)"(?:\s*(?:,\s*)?owner:\s*([A-Za-z_][A-Za-z0-9_]*))?"#)
        // `- (NSString *)windowNibName { return @"X"; }` (NSDocument, NSWindowController).
        let methodPattern = try! NSRegularExpression(pattern: #"-\s*\(\s*NSString\s*\*\s*\)\s*(windowNibName|nibName)\s*\{\s*return\s+@"([^"\\]+)""#)
        let stringPattern = try! NSRegularExpression(pattern: #"@?"((?:[^"\\\n]|\\.)*)""#)
        var plain: [CodeFile] = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path),
                  let raw = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else { continue }
            let text = Self.withoutDeadCode(Self.withoutComments(raw))
            // L7 and L5's computed names read code only (R5): not a call or a `return @"X"`
            // written in a string literal or an `#if 0` region.
            let code = Self.codeText(raw)
            let relPath = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            plain.append(CodeFile(rel: relPath, text: code))
            let rawNS = raw as NSString
            for m in Self.writtenLiteralPattern.matches(in: raw, range: NSRange(location: 0, length: rawNS.length)) {
                writtenLiterals.insert(rawNS.substring(with: m.range(at: 1)))
            }
            codeTexts.append((relPath, relPath.hasSuffix(".swift") ? raw : Self.codeText(raw, keepNames: false)))
            let named = Self.sharedClasses(inCode: code)
            sharedClasses.formUnion(named)
            for (c, m) in Self.lazySingletonClasses(plain[plain.count - 1]) {
                sharedClasses.insert(c)
                if !named.contains(c) { lazySingletons[c] = lazySingletons[c] ?? m }
            }
            if text.contains("NSStringFromClass(") || text.contains("String(describing:") { buildsNamesFromClasses = true }
            let ns = text as NSString
            let rel = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
            let lines = LineIndex(ns)
            func line(_ at: Int) -> Int { lines.line(at) }
            let range = NSRange(location: 0, length: ns.length)
            for m in stringPattern.matches(in: text, range: range) { strings.insert(ns.substring(with: m.range(at: 1))) }
            let impls = Self.implementations(in: ns)
            func enclosing(_ at: Int) -> String? { impls.last { $0.0 < at }?.1 }
            let spans = Self.methods(in: ns, classes: impls)
            storyboard += Self.storyboardCalls(ns, rel: rel, enclosing: enclosing, line: line)
            for m in callPattern.matches(in: text, range: range) {
                let created = m.range(at: 1).location == NSNotFound ? nil : ns.substring(with: m.range(at: 1))
                let owner = m.range(at: 4).location == NSNotFound ? nil : ns.substring(with: m.range(at: 4))
                let rest = Self.restOfMethod(ns, at: m.range.location, methods: spans)
                var load = Load(call: ns.substring(with: m.range(at: 2)), name: ns.substring(with: m.range(at: 3)),
                                createdClass: created, inClass: enclosing(m.range.location), file: rel, line: line(m.range.location),
                                owner: owner, method: rest?.1, rest: rest?.0)
                // `owner:self` in a class method passes the class object (ClassMethodOwner.swift).
                if owner == "self", spans.last(where: { $0.bodyStart <= m.range.location && m.range.location < $0.end })?.isClassMethod == true {
                    load.owner = Self.classObjectOwner
                }
                if let o = owner, o != "self", let span = spans.last(where: { $0.bodyStart <= m.range.location && m.range.location < $0.end }) {
                    let before = ns.substring(with: NSRange(location: span.bodyStart, length: m.range.location - span.bodyStart))
                    let made = try! NSRegularExpression(pattern: "\\b" + NSRegularExpression.escapedPattern(for: o) + #"\s*=\s*\[\s*\[\s*\[?\s*([A-Za-z_][A-Za-z0-9_]*)\s+alloc\s*\]"#)
                    if let c = made.matches(in: before, range: NSRange(location: 0, length: (before as NSString).length)).last {
                        load.ownerMadeAs = (before as NSString).substring(with: c.range(at: 1))
                    }
                }
                loads.append(load)
            }
            unnamed += Self.unnamedCreations(ns, rel: rel, enclosing: enclosing, line: line)
            loads += Self.expressionLoads(ns, rel: rel, spans: spans, enclosing: enclosing, line: line)
            for m in methodPattern.matches(in: text, range: range) {
                loads.append(Load(call: "-" + ns.substring(with: m.range(at: 1)), name: ns.substring(with: m.range(at: 2)),
                                  createdClass: nil, inClass: enclosing(m.range.location), file: rel, line: line(m.range.location)))
            }
        }
        // Loads under a computed name, `[self sel]`, resolved to the literals `-sel` returns (L5).
        let (named, found) = Self.nameMethods(files: plain)
        let supers = known.merging(found) { a, _ in a }
        if !named.isEmpty {
            for file in plain where file.text.contains("[self") {
                loads += Self.computedLoads(file.ns, rel: file.rel, spans: file.methods, enclosing: file.enclosingClass, line: file.lines.line,
                                            methods: named, superclasses: supers)
            }
        }
        topLevel = Self.topLevelLoads(files: plain, nameMethods: named, superclasses: supers)
    }

    func topLevelLoads(of name: String) -> [TopLevelLoad] {
        topLevel.filter { $0.name == name || $0.name == name + ".nib" || $0.name == name + ".xib" }
    }

    func loads(of name: String) -> [Load] { loads.filter { $0.name == name || $0.name == name + ".nib" || $0.name == name + ".xib" } }

    func mentions(_ name: String) -> Bool { strings.contains(name) || strings.contains(name + ".nib") || strings.contains(name + ".xib") }

    /// Comments replaced by spaces (newlines kept, so lines still count); strings kept.
    static func withoutComments(_ s: String) -> String {
        var out = [Character]()
        out.reserveCapacity(s.count)
        let cs = Array(s)
        var i = 0
        var inString = false
        while i < cs.count {
            let c = cs[i]
            if inString {
                out.append(c)
                if c == "\\", i + 1 < cs.count { out.append(cs[i + 1]); i += 2; continue }
                if c == "\"" || c == "\n" { inString = false }
                i += 1; continue
            }
            if c == "\"" { inString = true; out.append(c); i += 1; continue }
            if c == "/", i + 1 < cs.count, cs[i + 1] == "/" {
                while i < cs.count, cs[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < cs.count, cs[i + 1] == "*" {
                i += 2
                while i < cs.count, !(cs[i] == "*" && i + 1 < cs.count && cs[i + 1] == "/") { if cs[i] == "\n" { out.append("\n") }; i += 1 }
                i += 2; continue
            }
            out.append(c); i += 1
        }
        return String(out)
    }
}
