// A tolerant scanner of Objective-C headers and implementation files: enough to find
// classes, their outlets and ivars, and the memory-relevant statements of a few methods.
// It is not a parser: whatever it does not recognise is skipped (and counted), never an error.

/// A token of the cleaned text: an identifier (with a leading `@` for directives), a number,
/// or one punctuation character.
struct ScanToken {
    var text: String
    var line: Int
    var column: Int
    var isIdentifier: Bool
}

enum SourceCleaner {
    /// The file's bytes with comments, string and character literals, preprocessor lines and
    /// `#if 0` regions replaced by spaces (newlines kept), so lines and columns stay right.
    static func clean(_ bytes: [UInt8], preprocessor: Bool) -> [UInt8] {
        var out = bytes
        let n = bytes.count
        var i = 0
        var atLineStart = true
        // `#if 0` nesting: depth of the false region, and the nesting inside it.
        var skipDepth = 0
        var nested = 0
        func blank(_ a: Int, _ b: Int) { for k in a..<min(b, n) where out[k] != 10 { out[k] = 32 } }
        while i < n {
            let c = bytes[i]
            if c == 10 { atLineStart = true; i += 1; continue }
            if preprocessor && atLineStart && (c == 32 || c == 9) { i += 1; continue }
            if preprocessor && atLineStart && c == UInt8(ascii: "#") {
                // The whole directive, with backslash continuations.
                var j = i
                while j < n && !(bytes[j] == 10 && (j == 0 || bytes[j - 1] != UInt8(ascii: "\\"))) { j += 1 }
                let text = String(decoding: bytes[i..<j], as: UTF8.self)
                let words = text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
                let directive = words.first.map(String.init) ?? ""
                if skipDepth > 0 {
                    if directive.hasPrefix("if") { nested += 1 }
                    else if directive == "endif" { if nested > 0 { nested -= 1 } else { skipDepth = 0 } }
                    else if (directive == "else" || directive == "elif") && nested == 0 { skipDepth = 0 }
                } else if directive == "if", words.count > 1, words[1] == "0" {
                    skipDepth = 1; nested = 0
                }
                blank(i, j); i = j; continue
            }
            atLineStart = false
            if skipDepth > 0 {
                // Inside `#if 0`: blank up to the end of the line.
                var j = i
                while j < n && bytes[j] != 10 { j += 1 }
                blank(i, j); i = j; continue
            }
            if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
                var j = i
                while j < n && bytes[j] != 10 { j += 1 }
                blank(i, j); i = j; continue
            }
            if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < n && !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) { j += 1 }
                j = min(n, j + 2)
                blank(i, j); i = j; continue
            }
            if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "'") && preprocessor) {
                var j = i + 1
                while j < n && bytes[j] != c && bytes[j] != 10 {
                    if bytes[j] == UInt8(ascii: "\\") { j += 1 }
                    j += 1
                }
                // Keep the quotes, so a string stays one token-sized gap.
                blank(i + 1, j); i = min(n, j + 1); continue
            }
            i += 1
        }
        return out
    }

    static func tokens(_ bytes: [UInt8]) -> [ScanToken] {
        var out: [ScanToken] = []
        var line = 1, lineStart = 0
        var i = 0
        let n = bytes.count
        func isIdent(_ c: UInt8) -> Bool {
            (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || c >= 128
        }
        while i < n {
            let c = bytes[i]
            if c == 10 { line += 1; lineStart = i + 1; i += 1; continue }
            if c == 32 || c == 9 || c == 13 || c == 12 { i += 1; continue }
            let col = i - lineStart + 1
            if isIdent(c) || (c == UInt8(ascii: "@") && i + 1 < n && isIdent(bytes[i + 1])) {
                var j = i + 1
                while j < n && isIdent(bytes[j]) { j += 1 }
                let text = String(decoding: bytes[i..<j], as: UTF8.self)
                let first = bytes[i]
                out.append(ScanToken(text: text, line: line, column: col, isIdentifier: !(first >= 48 && first <= 57)))
                i = j; continue
            }
            out.append(ScanToken(text: String(UnicodeScalar(c)), line: line, column: col, isIdentifier: false))
            i += 1
        }
        return out
    }
}

public enum ObjCScanner {
    /// The classes one Objective-C file declares or implements.
    public static func scan(path: String, bytes: [UInt8]) -> [ImportedClass] {
        var s = State(path: path, toks: SourceCleaner.tokens(SourceCleaner.clean(bytes, preprocessor: true)))
        s.run()
        return s.classes
    }

    /// Selectors whose bodies matter for nib memory management.
    public static func isInteresting(_ sel: String) -> Bool {
        ["dealloc", "viewDidUnload", "viewWillUnload", "viewDidLoad", "loadView", "awakeFromNib",
         "didReceiveMemoryWarning"].contains(sel) || sel.hasPrefix("init") || isSetter(sel)
    }

    public static func isSetter(_ sel: String) -> Bool {
        guard sel.hasPrefix("set"), sel.hasSuffix(":"), sel.dropLast().firstIndex(of: ":") == nil, sel.count > 4 else { return false }
        return sel.dropFirst(3).first!.isUppercase
    }

    struct State {
        let path: String
        let toks: [ScanToken]
        var i = 0
        var classes: [ImportedClass] = []

        init(path: String, toks: [ScanToken]) { self.path = path; self.toks = toks }

        func t(_ k: Int) -> String { k < toks.count ? toks[k].text : "" }
        func place(_ k: Int) -> SourcePlace {
            let tk = toks[min(k, toks.count - 1)]
            return SourcePlace(file: path, line: tk.line, column: tk.column)
        }

        mutating func run() {
            while i < toks.count {
                switch t(i) {
                case "@interface": interface()
                case "@implementation": implementation()
                case "@protocol":
                    if t(i + 2) == ";" || t(i + 2) == "," { i += 2 } else { skip(to: "@end") }
                default: i += 1
                }
            }
        }

        mutating func skip(to word: String) {
            while i < toks.count && t(i) != word { i += 1 }
            i += 1
        }

        /// Skips a balanced group starting at `i` (an opening `{`, `(`, `[` or `<`).
        mutating func skipBalanced() {
            let open = t(i)
            let close = ["{": "}", "(": ")", "[": "]", "<": ">"][open] ?? ""
            var depth = 0
            while i < toks.count {
                if t(i) == open { depth += 1 } else if t(i) == close { depth -= 1; if depth == 0 { i += 1; return } }
                i += 1
            }
        }

        mutating func classIndex(_ name: String, superclass: String?, at k: Int) -> Int {
            if let j = classes.firstIndex(where: { $0.name == name }) {
                if classes[j].superclass == nil, let s = superclass { classes[j].superclass = s; classes[j].place = place(k) }
                return j
            }
            classes.append(ImportedClass(name: name, superclass: superclass, language: .objc, place: place(k)))
            return classes.count - 1
        }

        mutating func interface() {
            let start = i
            i += 1
            guard toks.indices.contains(i), toks[i].isIdentifier else { return }
            let name = t(i); i += 1
            var superclass: String?
            var isCategory = false
            if t(i) == ":" { superclass = t(i + 1); i += 2 }
            if t(i) == "(" {
                isCategory = t(i + 1) != ")"
                skipBalanced()
            }
            if t(i) == "<" { skipBalanced() }
            let c = classIndex(name, superclass: superclass, at: start)
            if t(i) == "{" { ivarBlock(c) }
            while i < toks.count && t(i) != "@end" {
                if t(i) == "@property" && !isCategory { property(c) } else if t(i) == "{" { skipBalanced() } else { i += 1 }
            }
            i += 1
        }

        /// `{ IBOutlet UILabel *label; id delegate; … }`.
        mutating func ivarBlock(_ c: Int) {
            i += 1
            var stmt: [Int] = []
            while i < toks.count && t(i) != "}" {
                if t(i) == ";" {
                    declaration(stmt, into: c, property: nil)
                    stmt = []
                } else if t(i).hasPrefix("@") && ["@private", "@public", "@protected", "@package"].contains(t(i)) {
                    // access keywords are not part of a declaration
                } else if t(i) == "{" {
                    skipBalanced(); stmt = []; continue
                } else {
                    stmt.append(i)
                }
                i += 1
            }
            i += 1
        }

        /// `@property (nonatomic, retain) IBOutlet UILabel *label;`
        mutating func property(_ c: Int) {
            i += 1
            var attribute: MemberAttribute?
            if t(i) == "(" {
                var k = i + 1
                while k < toks.count && t(k) != ")" {
                    switch t(k) {
                    case "retain": attribute = .retain
                    case "strong": attribute = .strong
                    case "copy": attribute = .copy
                    case "assign": attribute = .assign
                    case "weak": attribute = .weak
                    case "unsafe_unretained": attribute = .unsafeUnretained
                    default: break
                    }
                    k += 1
                }
                i = k + 1
            }
            var stmt: [Int] = []
            while i < toks.count && t(i) != ";" && t(i) != "@end" { stmt.append(i); i += 1 }
            if t(i) == ";" { i += 1 }
            declaration(stmt, into: c, property: .some(attribute))
        }

        /// One declaration: qualifiers, a type, then one or more `*name` declarators.
        /// `property` is nil for an ivar, or the property's attribute (itself optional).
        mutating func declaration(_ idx: [Int], into c: Int, property: MemberAttribute??) {
            guard let first = idx.first else { return }
            var isOutlet = false
            var collection: String?
            var qualifier: MemberAttribute?
            var rest: [Int] = []
            var k = 0
            while k < idx.count {
                let w = t(idx[k])
                switch w {
                case "IBOutlet": isOutlet = true
                case "IBOutletCollection":
                    isOutlet = true
                    if k + 2 < idx.count, t(idx[k + 1]) == "(" { collection = t(idx[k + 2]) }
                    while k < idx.count && t(idx[k]) != ")" { k += 1 }
                case "__weak": qualifier = .weak
                case "__unsafe_unretained": qualifier = .unsafeUnretained
                case "__strong": qualifier = .strong
                case "const", "volatile", "__block", "__kindof", "_Nullable", "_Nonnull", "nullable", "nonnull",
                     "__nullable", "__nonnull", "__autoreleasing", "static", "extern":
                    break
                default: rest.append(idx[k])
                }
                k += 1
            }
            guard let typeAt = rest.first, toks[typeAt].isIdentifier else { return }
            var type = t(typeAt)
            if ["struct", "enum", "union", "unsigned", "signed", "long", "short"].contains(type) { return }
            var declarators: [(name: String, pointer: Bool)] = []
            var pointer = false
            var depth = 0
            for j in rest.dropFirst() {
                let w = t(j)
                if w == "<" || w == "(" || w == "[" { depth += 1; continue }
                if w == ">" || w == ")" || w == "]" { depth -= 1; continue }
                if depth > 0 { continue }
                if w == "*" { pointer = true; continue }
                if w == "," { pointer = false; continue }
                if w == ":" { break }   // a bit field
                if toks[j].isIdentifier { declarators.append((w, pointer)) }
            }
            if type == "id" { type = "NSObject" }
            let isID = t(typeAt) == "id"
            for d in declarators where d.pointer || isID {
                let kind: ImportedMember.Kind
                if let attr = property { kind = .property(attribute: attr, ivar: d.name) } else { kind = .ivar(qualifier: qualifier) }
                if classes[c].member(d.name) != nil { continue }
                classes[c].members.append(ImportedMember(name: d.name, type: type, kind: kind, isOutlet: isOutlet,
                                                         collectionElement: collection, place: place(first)))
            }
        }

        mutating func implementation() {
            i += 1
            guard toks.indices.contains(i), toks[i].isIdentifier else { return }
            let name = t(i)
            var superclass: String?
            if t(i + 1) == ":" { superclass = t(i + 2) }
            let isCategory = t(i + 1) == "("
            let c = classIndex(name, superclass: superclass, at: i - 1)
            classes[c].hasImplementation = true
            i += 1
            while i < toks.count && t(i) != "@end" {
                switch t(i) {
                case "@synthesize":
                    i += 1
                    while i < toks.count && t(i) != ";" {
                        if toks[i].isIdentifier {
                            let prop = t(i)
                            if t(i + 1) == "=" { classes[c].synthesized[prop] = t(i + 2); i += 3 } else { classes[c].synthesized[prop] = prop; i += 1 }
                        } else { i += 1 }
                    }
                case "-", "+":
                    if i == 0 || [";", "}", "{"].contains(t(i - 1)) || toks[i - 1].line < toks[i].line {
                        method(c, instance: t(i) == "-" && !isCategory)
                    } else { i += 1 }
                case "{": skipBalanced()
                case "(" where t(i + 1) == ")":
                    i += 2
                default: i += 1
                }
            }
            i += 1
        }

        /// `- (void)setLabel:(UILabel *)l { … }`.
        mutating func method(_ c: Int, instance: Bool) {
            let start = i
            i += 1
            if t(i) == "(" { skipBalanced() }
            var selector = ""
            guard toks.indices.contains(i), toks[i].isIdentifier else { return }
            selector = t(i); i += 1
            if t(i) == ":" {
                selector += ":"
                i += 1
                while i < toks.count {
                    if t(i) == "(" { skipBalanced() }
                    if toks.indices.contains(i), toks[i].isIdentifier { i += 1 }   // the argument's name
                    if toks.indices.contains(i + 1), toks[i].isIdentifier, t(i + 1) == ":" {
                        selector += t(i) + ":"; i += 2; continue
                    }
                    if t(i) == ":" { selector += ":"; i += 1; continue }
                    break
                }
            }
            // Attributes, `, ...` and the like up to the body.
            while i < toks.count && t(i) != "{" && t(i) != ";" && t(i) != "@end" && !(t(i) == "-" && toks[i].line > toks[start].line) { i += 1 }
            guard t(i) == "{" else { if t(i) == ";" { i += 1 }; return }
            let bodyStart = i
            skipBalanced()
            let bodyEnd = i - 1   // the closing brace
            let inner = Array((bodyStart + 1)..<max(bodyStart + 1, bodyEnd))
            if inner.contains(where: { ["release", "autorelease", "retain"].contains(t($0)) })
                || inner.indices.contains(where: { t(inner[$0]) == "super" && inner.indices.contains($0 + 1) && t(inner[$0 + 1]) == "dealloc" }) {
                classes[c].usesMRC = true
            }
            guard instance, ObjCScanner.isInteresting(selector), classes[c].method(selector) == nil else { return }
            var statements: [ImportedStatement] = []
            var skipped = 0
            var stmt: [Int] = []
            var k = bodyStart + 1
            var depth = 0
            while k < bodyEnd {
                let w = t(k)
                if w == "(" || w == "[" { depth += 1 } else if w == ")" || w == "]" { depth -= 1 }
                if w == "{" && depth == 0 {
                    // A compound statement (if, for, a block): not followed into.
                    i = k; skipBalanced(); k = i
                    skipped += 1; stmt = []
                    if t(k) == ";" { k += 1 }
                    // `} else {` continues the same compound statement.
                    while t(k) == "else" {
                        k += 1
                        if t(k) == "{" { i = k; skipBalanced(); k = i } else {
                            while k < bodyEnd && t(k) != ";" && t(k) != "{" { k += 1 }
                            if t(k) == ";" { k += 1 }
                        }
                    }
                    continue
                }
                if w == ";" && depth == 0 {
                    if !stmt.isEmpty {
                        if let s = statement(stmt, selector: selector) { statements.append(s) } else { skipped += 1 }
                    }
                    stmt = []
                } else {
                    stmt.append(k)
                }
                k += 1
            }
            if !stmt.isEmpty { skipped += 1 }
            i = bodyEnd + 1
            classes[c].methods.append(ImportedMethod(selector: selector, place: place(start), statements: statements, skipped: skipped))
        }

        /// Recognises one statement, or nil.
        func statement(_ idx: [Int], selector: String) -> ImportedStatement? {
            let w = idx.map { t($0) }
            let text = lineText(idx)
            let at = place(idx[0])
            func ok(_ k: ImportedStatementKind) -> ImportedStatement { ImportedStatement(kind: k, place: at, text: text) }
            func ident(_ s: String) -> Bool {
                guard let f = s.unicodeScalars.first else { return false }
                return (f == "_" || (f.properties.isAlphabetic)) && s != "self" && s != "super" && s != "nil"
            }
            // [x release] / [x retain] / [x autorelease] / [self.x release]
            if w.count == 4, w[0] == "[", w[3] == "]", ident(w[1]) {
                switch w[2] {
                case "release": return ok(.release(w[1]))
                case "retain": return ok(.retain(w[1]))
                case "autorelease": return ok(.autorelease(w[1]))
                default: break
                }
            }
            if w.count == 6, w[0] == "[", w[1] == "self", w[2] == ".", ident(w[3]), w[5] == "]" {
                switch w[4] {
                case "release": return ok(.release(w[3]))
                case "autorelease": return ok(.autorelease(w[3]))
                default: break
                }
            }
            // [super sel]
            if w.count == 4, w[0] == "[", w[1] == "super", w[3] == "]", w[2] == selector { return ok(.superCall) }
            // [self setX:nil]
            if w.count == 6, w[0] == "[", w[1] == "self", w[2].hasPrefix("set"), w[2].count > 3, w[3] == ":", w[4] == "nil", w[5] == "]" {
                let key = String(w[2].dropFirst(3))
                return ok(.setNil(key.prefix(1).lowercased() + key.dropFirst(), viaSetter: true))
            }
            // self.x = …  /  x = …
            var target: String?, viaSetter = false, rhs: ArraySlice<String> = []
            if w.count >= 5, w[0] == "self", w[1] == ".", ident(w[2]), w[3] == "=" { target = w[2]; viaSetter = true; rhs = w[4...] }
            else if w.count >= 3, ident(w[0]), w[1] == "=" { target = w[0]; rhs = w[2...] }
            else if w.count >= 5, w[0] == "self", w[1] == "-", w[2] == ">", ident(w[3]), w[4] == "=" { target = w[3]; rhs = w[5...] }
            guard let x = target else { return nil }
            let r = Array(rhs)
            if r == ["nil"] || r == ["NULL"] || r == ["0"] { return ok(.setNil(x, viaSetter: viaSetter)) }
            if let (cls, autoreleased) = allocInit(r) { return ok(.setNew(x, className: cls, autoreleased: autoreleased, viaSetter: viaSetter)) }
            // `x = [[self makeToolbar] retain]`: an owned object of x's own type (className "").
            if r.count >= 4, r[0] == "[", r[r.count - 2] == "retain", r.last == "]", outermost(r) {
                return ok(.setNew(x, className: "", autoreleased: false, viaSetter: viaSetter))
            }
            return nil
        }

        /// Whether the `[` that opens `r` is closed by its last token.
        func outermost(_ r: [String]) -> Bool {
            var depth = 0
            for (k, w) in r.enumerated() {
                if w == "[" { depth += 1 } else if w == "]" { depth -= 1; if depth == 0 { return k == r.count - 1 } }
            }
            return false
        }

        /// `[[X alloc] init…]`, `[[[X alloc] init…] autorelease]`, `[X new]`.
        func allocInit(_ r: [String]) -> (String, Bool)? {
            if r.count == 4, r[0] == "[", r[2] == "new", r[3] == "]" { return (r[1], false) }
            if r.count >= 4, r[0] == "[", r.last == "]", r[r.count - 2] == "autorelease",
               let (c, a) = allocInit(Array(r[1..<(r.count - 2)])), !a { return (c, true) }
            if r.count >= 7, r[0] == "[", r[1] == "[", r[3] == "alloc", r[4] == "]", r[5].hasPrefix("init"), r.last == "]" {
                return (r[2], false)
            }
            return nil
        }

        /// The statement's tokens joined as a reader writes them.
        func lineText(_ idx: [Int]) -> String {
            var s = ""
            var prev: String?
            for k in idx {
                let w = t(k)
                if let p = prev {
                    let tight = ["[", ".", "(", "-", ">"].contains(p) || [".", "]", ")", ":", ",", "-", ">"].contains(w)
                        || (p == ":" && false)
                    if !tight { s += " " }
                }
                s += w
                prev = w
            }
            return s + ";"
        }
    }
}
