import Foundation

// Loaders whose top-level objects the code itself takes (rule L7), and loads in a method of
// File's Owner whose rest gives an outlet's object away (rule L8). Both are read from the
// text of the method the load is in, as NibLoaders reads calls: comments skipped, a
// regular expression per shape. grammar.md, "Who loads each nib", says what each models.

extension NibLoaders {
    /// A load that hands the nib's top-level objects to the code in an array
    /// (`NSTopLevelObjects` in `loadNibFile:externalNameTable:withZone:`,
    /// `instantiateNibWithOwner:topLevelObjects:`, `loadNibNamed:owner:topLevelObjects:`,
    /// `instantiateWithOwner:topLevelObjects:`), by name or through methods that pass a name on.
    struct TopLevelLoad: Equatable {
        var name: String
        /// The loading call, as written up to its first argument.
        var call: String
        /// `Class.m:line` of the loading call.
        var place: String
        /// Whether the call leaves each top-level object at +1 for the code (the legacy
        /// calls); OS X 10.8's calls leave them autoreleased, the array holding them.
        var plusOne: Bool
        /// Whether the method gives each element's +1 back (a loop over the array that
        /// releases or autoreleases, `makeObjectsPerformSelector:@selector(release)`).
        var balanced: Bool
        /// The calls that pass the name on, caller first (`Doc.m:582 \`viewWithNibNamed:\``).
        var through: [String]
        /// The method called with the nib's literal name, when it is not the loading call.
        var entry: String? = nil
        /// The array the objects come in (`topLevelObjects`), when the code names one.
        var array: String? = nil
        /// The place of the call that names the nib.
        var file: String
        var line: Int
        /// The loading method's text from the call on, and whether the call passes `self` as
        /// owner, for a load under a computed name (L5): its releases are followed (L8).
        var rest: String? = nil
        var ownerIsSelf = false
    }

    /// One Objective-C method definition of a file: its selector's keywords, parameter
    /// names (with the keyword each follows) and the span of its body.
    struct MethodSpan {
        var keywords: [String]
        var parameters: [String: String]
        var bodyStart: Int
        var end: Int
        var inClass: String?
        /// A class method (`+ (id)viewFromNib {`): its `self` is the class object.
        var isClassMethod = false
    }

    /// One source file's code as the loaders read it, with its classes' `@implementation`
    /// places and its method spans worked out once for every question asked of it (L5's
    /// computed names, L7's top-level loads).
    struct CodeFile {
        var rel: String
        var text: String
        var ns: NSString
        var implementations: [(Int, String)]
        var methods: [MethodSpan]
        var lines: LineIndex

        init(rel: String, text: String) {
            self.rel = rel
            self.text = text
            ns = text as NSString
            lines = LineIndex(ns)
            implementations = NibLoaders.implementations(in: ns)
            methods = NibLoaders.methods(in: ns, classes: implementations)
        }

        /// The class whose `@implementation` the offset `at` is in.
        func enclosingClass(_ at: Int) -> String? { implementations.last { $0.0 < at }?.1 }
    }

    /// The object before `@"NSTopLevelObjects"` in a legacy loader's context dictionary.
    static let topLevelObjectsKeyPattern = try! NSRegularExpression(pattern: #"([A-Za-z_][A-Za-z0-9_]*)\s*,\s*(?:@"NSTopLevelObjects"|NSNibTopLevelObjects)"#)
    static let implementationPattern = try! NSRegularExpression(pattern: #"@implementation\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    static let endPattern = try! NSRegularExpression(pattern: #"(?m)^\s*@end\b"#)

    /// Each `@implementation`'s offset and class name, in the order of the text.
    static func implementations(in ns: NSString) -> [(Int, String)] {
        implementationPattern.matches(in: ns as String, range: NSRange(location: 0, length: ns.length))
            .map { ($0.range.location, ns.substring(with: $0.range(at: 1))) }
    }

    static let methodPattern = try! NSRegularExpression(pattern: #"(?m)^[ \t]*[-+][ \t]*\([^)]*\)\s*([^{;]*?)\{"#)
    static let keywordPattern = try! NSRegularExpression(pattern: #"([A-Za-z_][A-Za-z0-9_]*)\s*:\s*(?:\([^)]*\))?\s*([A-Za-z_][A-Za-z0-9_]*)"#)

    /// The methods of a text (comments already removed). A body ends where the next
    /// method or `@end` begins: braces inside strings or blocks do not mislead it.
    static func methods(in ns: NSString, classes impls: [(Int, String)]) -> [MethodSpan] {
        let range = NSRange(location: 0, length: ns.length)
        let starts = methodPattern.matches(in: ns as String, range: range)
        var ends = endPattern.matches(in: ns as String, range: range).map(\.range.location)
        ends.append(ns.length)
        var out: [MethodSpan] = []
        for (k, m) in starts.enumerated() {
            let sig = ns.substring(with: m.range(at: 1))
            let sns = sig as NSString
            var keywords: [String] = []
            var params: [String: String] = [:]
            for p in keywordPattern.matches(in: sig, range: NSRange(location: 0, length: sns.length)) {
                let kw = sns.substring(with: p.range(at: 1)) + ":"
                keywords.append(kw)
                params[sns.substring(with: p.range(at: 2))] = kw
            }
            if keywords.isEmpty { keywords = [sig.trimmingCharacters(in: .whitespacesAndNewlines)] }
            let bodyStart = m.range.location + m.range.length
            let next = k + 1 < starts.count ? starts[k + 1].range.location : ns.length
            let end = min(next, ends.first { $0 > bodyStart } ?? ns.length)
            let isClassMethod = ns.substring(with: m.range).trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("+")
            out.append(MethodSpan(keywords: keywords, parameters: params, bodyStart: bodyStart, end: max(bodyStart, end),
                                  inClass: impls.last { $0.0 < m.range.location }?.1, isClassMethod: isClassMethod))
        }
        return out
    }

    /// The top-level loads of every file (L7): first the methods that load a nib into an
    /// array, by a literal name or by a parameter; then, four times at most, the methods that
    /// pass one of their parameters to such a method; then every call of one of them with a
    /// literal name.
    static func topLevelLoads(files: [CodeFile], nameMethods: [NameMethod] = [], superclasses: [String: String] = [:]) -> [TopLevelLoad] {
        struct Loader { var keyword: String; var load: TopLevelLoad; var cls: String? }
        let loadCall = try! NSRegularExpression(pattern:
            #"(loadNibFile:|instantiateNibWithOwner:|loadNibNamed:|instantiateWithOwner:)[^;]*?(NSNibTopLevelObjects|NSTopLevelObjects|topLevelObjects:\s*&?\s*([A-Za-z_][A-Za-z0-9_]*))"#)
        let namePattern = try! NSRegularExpression(pattern:
            #"(?:pathForResource:|loadNibFile:|loadNibNamed:|initWithNibNamed:|nibWithNibName:|NSNib\(nibNamed:)\s*(@"([^"\\]+)"|([A-Za-z_][A-Za-z0-9_]*)|\[\s*self\s+([A-Za-z_][A-Za-z0-9_]*)\s*\])"#)
        var loaders: [Loader] = []
        var found: [TopLevelLoad] = []
        let spans = files.map { (rel: $0.rel, ns: $0.ns, methods: $0.methods, lines: $0.lines) }
        for (rel, ns, ms, lines) in spans {
            for m in ms {
                let bodyRange = NSRange(location: m.bodyStart, length: m.end - m.bodyStart)
                let body = ns.substring(with: bodyRange)
                let bns = body as NSString
                for call in loadCall.matches(in: body, range: NSRange(location: 0, length: bns.length)) {
                    let verb = bns.substring(with: call.range(at: 1))
                    let legacy = verb == "loadNibFile:" || verb == "instantiateNibWithOwner:"
                    // The array: `topLevelObjects:&x`, or the object before `@"NSTopLevelObjects"`.
                    var array: String?
                    if call.range(at: 3).location != NSNotFound { array = bns.substring(with: call.range(at: 3)) }
                    else if let a = topLevelObjectsKeyPattern
                                .firstMatch(in: body, range: NSRange(location: call.range.location, length: min(bns.length - call.range.location, call.range.length + 1))) { array = bns.substring(with: a.range(at: 1)) }
                    let after = bns.substring(from: call.range.location)
                    var balanced = array.map { balances(after, array: $0) } ?? false
                    // The array handed to a member (`[nibObjectsToRelease addObjectsFromArray:
                    // topLevelObjects]`, `kept = [topLevelObjects retain]`) whose elements a
                    // method of the class gives back (`dealloc`'s loop): balanced as well.
                    if !balanced, let a = array, let member = handedTo(after, array: a) {
                        balanced = ms.contains { o in
                            o.inClass == m.inClass && balances(ns.substring(with: NSRange(location: o.bodyStart, length: o.end - o.bodyStart)), array: member)
                        }
                    }
                    let line = lines.line(m.bodyStart + call.range.location)
                    let place = "\((rel as NSString).lastPathComponent):\(line)"
                    let callText = verb == "loadNibFile:" ? "loadNibFile:externalNameTable:withZone:" : verb == "loadNibNamed:" ? "loadNibNamed:owner:topLevelObjects:"
                        : verb == "instantiateNibWithOwner:" ? "instantiateNibWithOwner:topLevelObjects:" : "instantiateWithOwner:topLevelObjects:"
                    // The nib's name: the last name-giving call before the load, in this method.
                    let before = NSRange(location: 0, length: call.range.location + call.range.length)
                    // (`loadNibFile:path` names a local: the `pathForResource:name` before it counts.)
                    guard let n = namePattern.matches(in: body, range: before).reversed().first(where: { n in
                        n.range(at: 2).location != NSNotFound || n.range(at: 4).location != NSNotFound
                            || (n.range(at: 3).location != NSNotFound && m.parameters[bns.substring(with: n.range(at: 3))] != nil)
                    }) else { continue }
                    let load = TopLevelLoad(name: "", call: callText, place: place, plusOne: legacy, balanced: balanced, through: [], entry: nil, array: array,
                                            file: rel, line: line)
                    var withRest = load
                    withRest.rest = after
                    withRest.ownerIsSelf = bns.substring(with: call.range).range(of: #"[Oo]wner:\s*self\b"#, options: .regularExpression) != nil
                    if n.range(at: 4).location != NSNotFound {
                        // `[self sel]`: the nib each class returning a literal from `-sel` names (L5).
                        for nm in resolve(bns.substring(with: n.range(at: 4)), in: m.inClass, methods: nameMethods, superclasses: superclasses) {
                            var l = withRest
                            l.name = nm.name
                            l.entry = "-" + nm.selector
                            l.file = nm.file
                            l.line = nm.line
                            found.append(l)
                        }
                    } else if n.range(at: 2).location != NSNotFound {
                        var l = load
                        l.name = bns.substring(with: n.range(at: 2))
                        found.append(l)
                    } else if let kw = m.parameters[bns.substring(with: n.range(at: 3))] {
                        loaders.append(Loader(keyword: kw, load: load, cls: m.inClass))
                    }
                }
            }
        }
        // Methods that pass a parameter on to a loader, then calls with a literal.
        var known = Set(loaders.map(\.keyword))
        for _ in 0..<4 {
            var added: [Loader] = []
            for (rel, ns, ms, lines) in spans {
                for m in ms {
                    let body = ns.substring(with: NSRange(location: m.bodyStart, length: m.end - m.bodyStart))
                    for l in loaders where !m.keywords.contains(l.keyword) {
                        let p = try! NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: l.keyword) + #"\s*([A-Za-z_][A-Za-z0-9_]*)"#)
                        for call in p.matches(in: body, range: NSRange(location: 0, length: (body as NSString).length)) {
                            let arg = (body as NSString).substring(with: call.range(at: 1))
                            guard let kw = m.parameters[arg], !known.contains(kw) else { continue }
                            var load = l.load
                            load.through.insert("\((rel as NSString).lastPathComponent):\(lines.line(m.bodyStart + call.range.location)) `\(l.keyword)`", at: 0)
                            added.append(Loader(keyword: kw, load: load, cls: m.inClass))
                            known.insert(kw)
                        }
                    }
                }
            }
            if added.isEmpty { break }
            loaders += added
        }
        for (rel, ns, ms, lines) in spans {
            for l in loaders {
                let p = try! NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: l.keyword) + #"\s*@"([^"\\]+)""#)
                for call in p.matches(in: ns as String, range: NSRange(location: 0, length: ns.length)) {
                    // A wrapper spelled as a Cocoa loader (`-initWithNibName:imagePicker:`)
                    // answers only calls in its own class or on `[[ItsClass alloc] …]`.
                    if calls.contains(l.keyword) {
                        let inClass = ms.last { $0.bodyStart <= call.range.location && call.range.location < $0.end }?.inClass
                        let head = ns.substring(with: NSRange(location: max(0, call.range.location - 80), length: min(80, call.range.location)))
                        let made = l.cls.map { head.range(of: #"\[\s*"# + $0 + #"\s+alloc\s*\]\s*$"#, options: .regularExpression) != nil } ?? false
                        guard inClass == l.cls || made else { continue }
                    }
                    var load = l.load
                    load.name = ns.substring(with: call.range(at: 1))
                    load.entry = l.keyword
                    load.file = rel
                    load.line = lines.line(call.range.location)
                    found.append(load)
                }
            }
        }
        return found
    }

    /// The member the loading method hands the array of top-level objects to, keeping them
    /// for later: `[m addObjectsFromArray:array]`, `m = [array retain]` (or `copy`,
    /// `mutableCopy`), `m = [[NSMutableArray alloc] initWithArray:array]`. Apple's advice for
    /// an owner that is no window or view controller ("keep track of the top-level objects
    /// for release on dealloc"): Sequel Pro's `nibObjectsToRelease`.
    static func handedTo(_ text: String, array: String) -> String? {
        let a = NSRegularExpression.escapedPattern(for: array)
        let ns = text as NSString
        let all = NSRange(location: 0, length: ns.length)
        let shapes = [
            "\\[\\s*(?:self\\s*->\\s*)?([A-Za-z_][A-Za-z0-9_]*)\\s+addObjectsFromArray:\\s*\(a)\\s*\\]",
            "(?:^|[;{}\\s])(?:self\\s*->\\s*)?([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*\\[\\s*\(a)\\s+(?:retain|copy|mutableCopy)\\s*\\]",
            "(?:^|[;{}\\s])(?:self\\s*->\\s*)?([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*\\[\\s*\\[\\s*NSMutableArray\\s+alloc\\s*\\]\\s+initWithArray:\\s*\(a)\\s*\\]",
        ]
        for shape in shapes {
            if let m = (try! NSRegularExpression(pattern: shape)).firstMatch(in: text, range: all) {
                let member = ns.substring(with: m.range(at: 1))
                if member != array && member != "self" { return member }
            }
        }
        return nil
    }

    /// Whether the text after a load gives each element of `array` back: a loop over it
    /// (`for (id o in array)`, `FOREACH(id, o, array)`, an enumerator of it) that releases or
    /// autoreleases (`@selector(autorelease)` too), or `makeObjectsPerformSelector:` with
    /// `release`/`autorelease`.
    static func balances(_ text: String, array: String) -> Bool {
        let a = NSRegularExpression.escapedPattern(for: array)
        let ns = text as NSString
        let all = NSRange(location: 0, length: ns.length)
        if (try! NSRegularExpression(pattern: "\\[\\s*\(a)\\s+makeObjectsPerformSelector:\\s*@selector\\(\\s*(auto)?release\\s*\\)")).firstMatch(in: text, range: all) != nil {
            return true
        }
        let loop = try! NSRegularExpression(pattern: "(for\\s*\\([^;{]*\\bin\\s+\(a)\\s*\\)|FOREACH\\s*\\([^;{]*\\b\(a)\\s*\\)|\(a)\\s+objectEnumerator)")
        for m in loop.matches(in: text, range: all) {
            let rest = ns.substring(with: NSRange(location: m.range.location, length: min(600, ns.length - m.range.location)))
            if rest.range(of: #"(\s(auto)?release\s*\]|@selector\(\s*(auto)?release\s*\)|CFRelease\s*\()"#, options: .regularExpression) != nil { return true }
        }
        return false
    }

    /// Storyboard loads (L9): `storyboardWithName:@"S" bundle:` (`UIStoryboard(name: "S"`)
    /// names a storyboard, `instantiateViewControllerWithIdentifier:@"ID"`
    /// (`instantiateViewController(withIdentifier: "ID"`) a scene by its storyboard
    /// identifier, `instantiateInitialViewController` a storyboard's initial scene.
    static let storyboardPattern = try! NSRegularExpression(pattern:
        #"(storyboardWithName:|UIStoryboard\(name:|instantiateViewControllerWithIdentifier:|instantiateViewController\(withIdentifier:|instantiateInitialViewController)\s*(?:@?"([^"\\]+)")?"#)

    static func storyboardCalls(_ ns: NSString, rel: String, enclosing: (Int) -> String?, line: (Int) -> Int) -> [Load] {
        storyboardPattern.matches(in: ns as String, range: NSRange(location: 0, length: ns.length)).compactMap { m in
            let call = ns.substring(with: m.range(at: 1))
            let name = m.range(at: 2).location == NSNotFound ? "" : ns.substring(with: m.range(at: 2))
            if name.isEmpty && call != "instantiateInitialViewController" { return nil }
            return Load(call: call, name: name, createdClass: nil, inClass: enclosing(m.range.location), file: rel, line: line(m.range.location))
        }
    }

    func storyboardLoads(of name: String) -> [Load] {
        storyboard.filter { ($0.call == "storyboardWithName:" || $0.call == "UIStoryboard(name:") && ($0.name == name || $0.name == name + ".storyboard") }
    }

    func identifierLoads(of id: String) -> [Load] {
        storyboard.filter { $0.call.hasPrefix("instantiateViewController") && $0.name == id }
    }

    var instantiatesInitial: [Load] { storyboard.filter { $0.call == "instantiateInitialViewController" } }

    /// The classes whose `@interface` or `@implementation` has a class method named
    /// `shared…` (L10); comments skipped.
    static func sharedClasses(files: [String]) -> Set<String> {
        var out: Set<String> = []
        for path in files {
            guard let data = FileManager.default.contents(atPath: path),
                  let raw = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1),
                  raw.contains("shared") else { continue }
            // A declaration in a string literal is no declaration (R5).
            out.formUnion(sharedClasses(inCode: codeText(raw)))
        }
        return out
    }

    static let sharedBlockPattern = try! NSRegularExpression(pattern: #"@(?:interface|implementation)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
    static let sharedMethodPattern = try! NSRegularExpression(pattern: #"(?m)^[ \t]*\+[ \t]*\([^)]*\)\s*shared[A-Za-z0-9_]*\s*[;{]"#)

    /// The classes of one file's code text (`codeText`) that declare a `+shared…` method.
    static func sharedClasses(inCode text: String) -> Set<String> {
        guard text.contains("shared") else { return [] }
        let ns = text as NSString
        let all = NSRange(location: 0, length: ns.length)
        let blocks = sharedBlockPattern.matches(in: text, range: all).map { ($0.range.location, ns.substring(with: $0.range(at: 1))) }
        var out: Set<String> = []
        for m in sharedMethodPattern.matches(in: text, range: all) {
            if let c = blocks.last(where: { $0.0 < m.range.location })?.1 { out.insert(c) }
        }
        return out
    }

    /// The text of the method a load is in, from the load to the method's end (L8).
    static func restOfMethod(_ ns: NSString, at: Int, methods: [MethodSpan]) -> (String, String)? {
        guard let m = methods.last(where: { $0.bodyStart <= at && at < $0.end }) else { return nil }
        return (ns.substring(with: NSRange(location: at, length: m.end - at)), m.keywords.joined())
    }
}

extension NibLoaders {
    /// The text L7, L10, L5's computed names and B13 read (R5): comments, `#if 0` regions,
    /// character literals and string literals that could be code blanked (newlines kept, so
    /// lines still count). A string's contents stay only when they are a plain name (letters,
    /// digits, `_ . - + ~` and spaces: a nib's name, `NSTopLevelObjects`) and `keepNames` is
    /// set; a string holding `loadNibFile:` or `+ (id)sharedX;` is text, not a call or a
    /// declaration, and must not match.
    static func codeText(_ raw: String, keepNames: Bool = true) -> String {
        withoutDeadCode(commentsAndStringsBlanked(raw, keepNames: keepNames))
    }

    /// `#if 0` regions (up to their `#else`, `#elif` or `#endif`, nesting followed) blanked:
    /// the compiler never reads them. Lines kept. Comments must already be blanked, so that a
    /// `#if 0` in a comment opens nothing.
    static func withoutDeadCode(_ text: String) -> String {
        guard text.contains("#if") else { return text }
        var lines = text.components(separatedBy: "\n")
        var dead = 0
        for k in lines.indices {
            // Only a line whose first mark is `#` (or may be, after a space no ASCII one) is
            // trimmed and split: doing so for every line was a tenth of an audit.
            let first = lines[k].utf8.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0B && $0 != 0x0C && $0 != 0x0D }
            if first == UInt8(ascii: "#") || (first ?? 0) >= 0x80, case let t = lines[k].trimmingCharacters(in: .whitespacesAndNewlines), t.hasPrefix("#") {
                let words = t.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                let directive = words.first ?? ""
                if dead > 0 {
                    if directive.hasPrefix("if") { dead += 1 }
                    else if directive == "endif" || (dead == 1 && (directive == "else" || directive == "elif")) { dead -= 1 }
                    lines[k] = ""
                    continue
                }
                if directive == "if", words.count > 1, words[1] == "0" { dead = 1; lines[k] = ""; continue }
            }
            if dead > 0 { lines[k] = "" }
        }
        return lines.joined(separator: "\n")
    }

    static func commentsAndStringsBlanked(_ raw: String, keepNames: Bool) -> String {
        let cs = Array(raw.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(cs.count)
        func plain(_ s: ArraySlice<Unicode.Scalar>) -> Bool {
            s.allSatisfy { c in c.properties.isAlphabetic || ("0"..."9").contains(c) || "_.-+~ ".unicodeScalars.contains(c) }
        }
        var i = 0
        while i < cs.count {
            let c = cs[i]
            if c == "/", i + 1 < cs.count, cs[i + 1] == "/" {
                while i < cs.count, cs[i] != "\n" { out.append(" "); i += 1 }
                continue
            }
            if c == "/", i + 1 < cs.count, cs[i + 1] == "*" {
                out.append(" "); out.append(" "); i += 2
                while i < cs.count, !(cs[i] == "*" && i + 1 < cs.count && cs[i + 1] == "/") { out.append(cs[i] == "\n" ? "\n" : " "); i += 1 }
                if i < cs.count { out.append(" "); out.append(" "); i += 2 }
                continue
            }
            if c == "\"" || c == "'" {
                // The literal up to its closing quote (a backslash escapes the next scalar).
                var j = i + 1
                while j < cs.count, cs[j] != c, cs[j] != "\n" { j += cs[j] == "\\" ? 2 : 1 }
                let end = min(j, cs.count)
                out.append(c)
                let inside = cs[(i + 1)..<end]
                let keep = keepNames && c == "\"" && plain(inside)
                for s in inside { out.append(keep ? s : (s == "\n" ? "\n" : " ")) }
                if end < cs.count { out.append(cs[end]) }
                i = end + 1
                continue
            }
            out.append(c); i += 1
        }
        return String(out)
    }
}
