// A tolerant scanner of Swift files: classes, their `@IBOutlet` properties, and the
// memory-relevant statements of `deinit`, `viewDidUnload` and the view lifecycle methods.

public enum SwiftScanner {
    public static func scan(path: String, bytes: [UInt8]) -> [ImportedClass] {
        let toks = SourceCleaner.tokens(SourceCleaner.clean(bytes, preprocessor: false))
        var out: [ImportedClass] = []
        func t(_ k: Int) -> String { k < toks.count ? toks[k].text : "" }
        func place(_ k: Int) -> SourcePlace { SourcePlace(file: path, line: toks[k].line, column: toks[k].column) }
        var i = 0
        while i < toks.count {
            // `class Name: Super, Protocol {` (not `class func`, `class var`).
            guard t(i) == "class", toks.indices.contains(i + 1), toks[i + 1].isIdentifier,
                  !["func", "var", "let", "override", "private", "public", "final", "static"].contains(t(i + 1)) else { i += 1; continue }
            // The declaration starts at its first attribute or modifier on the same line.
            var start = i
            while start > 0, toks[start - 1].line == toks[i].line, toks[start - 1].isIdentifier { start -= 1 }
            var c = ImportedClass(name: t(i + 1), superclass: nil, language: .swift, place: place(start))
            c.hasImplementation = true
            var k = i + 2
            if t(k) == "<" { var d = 0; repeat { if t(k) == "<" { d += 1 } else if t(k) == ">" { d -= 1 }; k += 1 } while d > 0 && k < toks.count }
            if t(k) == ":" { c.superclass = t(k + 1); if t(k + 2) == "." { c.superclass = t(k + 3) } }
            while k < toks.count && t(k) != "{" { k += 1 }
            let open = k
            var depth = 0
            var end = k
            while end < toks.count {
                if t(end) == "{" { depth += 1 } else if t(end) == "}" { depth -= 1; if depth == 0 { break } }
                end += 1
            }
            // Members at depth 1.
            depth = 0
            k = open
            while k < end {
                let w = t(k)
                if w == "{" { depth += 1; k += 1; continue }
                if w == "}" { depth -= 1; k += 1; continue }
                if depth == 1, w == "@IBOutlet" || w == "@IBOutletCollection" {
                    var j = k + 1
                    var attr: MemberAttribute = .strong
                    while j < end, t(j) != "var", t(j) != "let" {
                        if t(j) == "weak" { attr = .weak }
                        if t(j) == "unowned" { attr = .unsafeUnretained }
                        j += 1
                    }
                    let name = t(j + 1)
                    var type = "NSObject", element: String?
                    if t(j + 2) == ":" {
                        var m = j + 3
                        if t(m) == "[" { element = t(m + 1); if t(m + 2) == "." { element = t(m + 3) }; type = "NSArray"; m += 1 }
                        else { type = t(m); if t(m + 1) == "." { type = t(m + 2) } }
                        _ = m
                    }
                    c.members.append(ImportedMember(name: name, type: type, kind: .property(attribute: attr, ivar: name), isOutlet: true,
                                                    collectionElement: element, place: place(k)))
                    k = j + 2; continue
                }
                if depth == 1, w == "deinit" || (w == "func" && ["viewDidUnload", "viewDidLoad", "viewWillUnload", "awakeFromNib",
                                                                   "loadView", "didReceiveMemoryWarning"].contains(t(k + 1))) {
                    let selector = w == "deinit" ? "dealloc" : t(k + 1)
                    let at = place(k)
                    var b = k
                    while b < end && t(b) != "{" { b += 1 }
                    // The body: statements are lines at its own depth.
                    var d = 0, e = b
                    while e < end { if t(e) == "{" { d += 1 } else if t(e) == "}" { d -= 1; if d == 0 { break } }; e += 1 }
                    var statements: [ImportedStatement] = []
                    var skipped = 0
                    var line: [Int] = []
                    var m = b + 1
                    func flush() {
                        guard !line.isEmpty else { return }
                        if let s = statement(line) { statements.append(s) } else { skipped += 1 }
                        line = []
                    }
                    func statement(_ idx: [Int]) -> ImportedStatement? {
                        let ws = idx.map { t($0) }
                        var text = ""
                        for (n, w) in ws.enumerated() {
                            if n > 0, ![".", "(", ")"].contains(w), ws[n - 1] != ".", ws[n - 1] != "(" { text += " " }
                            text += w
                        }
                        let p = place(idx[0])
                        if ws.count == 5, ws[0] == "self", ws[1] == ".", ws[3] == "=", ws[4] == "nil" {
                            return ImportedStatement(kind: .setNil(ws[2], viaSetter: true), place: p, text: text)
                        }
                        if ws.count == 3, ws[1] == "=", ws[2] == "nil", toks[idx[0]].isIdentifier {
                            return ImportedStatement(kind: .setNil(ws[0], viaSetter: true), place: p, text: text)
                        }
                        if ws.count >= 3, ws[0] == "super", ws[1] == ".", ws[2] == selector {
                            return ImportedStatement(kind: .superCall, place: p, text: text)
                        }
                        return nil
                    }
                    while m < e {
                        if t(m) == "{" {
                            var dd = 0
                            while m < e { if t(m) == "{" { dd += 1 } else if t(m) == "}" { dd -= 1; if dd == 0 { break } }; m += 1 }
                            line = []; skipped += 1; m += 1; continue
                        }
                        if t(m) == ";" { flush(); m += 1; continue }
                        if let last = line.last, toks[last].line != toks[m].line { flush() }
                        line.append(m); m += 1
                    }
                    flush()
                    if c.method(selector) == nil {
                        c.methods.append(ImportedMethod(selector: selector, place: at, statements: statements, skipped: skipped))
                    }
                    k = e + 1; depth = 1; continue
                }
                k += 1
            }
            out.append(c)
            i = end + 1
        }
        return out
    }
}
