import Foundation

/// L13, a nib name the code chooses. Real iOS code picks a nib by device or by style before
/// it loads it, and names it in an expression rather than a literal at the call:
/// `initWithNibName:(isPad ? @"Story-ipad" : @"Story") bundle:nil` (Frotz), `NSString *nib;
/// if (DeviceIsPad()) nib = @"EditPost-iPad"; else nib = @"EditPost"; … initWithNibName:nib`
/// (WordPress for iOS), `static NSString *CellIdentifier = @"Cell"; … loadNibNamed:
/// CellIdentifier owner:self options:nil` (a table cell's nib). Each literal such an
/// expression can give is a load of that nib by that call: both branches of a conditional,
/// every literal the variable is assigned in the method before the call, or (for a name no
/// assignment in the method gives) a file-level `static`/`const` initializer or `#define`
/// of it. A name built any other way (`stringWithFormat:`, a method's result) names no nib.
extension NibLoaders {
    static let expressionCallPattern = try! NSRegularExpression(pattern:
        #"(?:\[\s*\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+alloc\s*\]\s*)?\b(initWithNibName:|initWithWindowNibName:|loadNibNamed:|nibWithNibName:|initWithNibNamed:)(?!\s*@?")"#)
    static let literalPattern = try! NSRegularExpression(pattern: #"@"([^"\\\n]+)""#)

    /// The loads of `ns` (comments removed, strings kept) whose name is an expression.
    static func expressionLoads(_ ns: NSString, rel: String, spans: [MethodSpan], enclosing: (Int) -> String?,
                                line: (Int) -> Int) -> [Load] {
        let text = ns as String
        var out: [Load] = []
        for m in expressionCallPattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let (arg, after) = argument(ns, from: m.range.location + m.range.length)
            let expr = arg.trimmingCharacters(in: CharacterSet(charactersIn: " \t\n()"))
            guard !expr.isEmpty, expr != "nil" else { continue }
            var names: [String] = []
            var via = ""
            if expr.contains("?") {
                // Both branches of a conditional (`cond ? @"A" : @"B"`).
                let tail = String(expr[expr.firstIndex(of: "?")!...])
                names = literals(in: tail)
                via = expr
            } else if expr.range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil {
                let span = spans.last { $0.bodyStart <= m.range.location && m.range.location < $0.end }
                names = assigned(expr, in: ns, before: m.range.location, span: span)
                via = expr
            }
            guard !names.isEmpty else { continue }
            let created = m.range(at: 1).location == NSNotFound ? nil : ns.substring(with: m.range(at: 1))
            let owner = after.range(of: #"^\s*(?:,\s*)?owner:\s*([A-Za-z_][A-Za-z0-9_]*)"#, options: .regularExpression)
                .map { String(after[$0]).components(separatedBy: ":").last!.trimmingCharacters(in: .whitespaces) }
            let rest = restOfMethod(ns, at: m.range.location, methods: spans)
            for n in names where !out.contains(where: { $0.name == n && $0.line == line(m.range.location) }) {
                var l = Load(call: ns.substring(with: m.range(at: 2)), name: n, createdClass: created, inClass: enclosing(m.range.location),
                             file: rel, line: line(m.range.location), owner: owner, method: rest?.1, rest: rest?.0)
                l.expression = via
                out.append(l)
            }
        }
        return out
    }

    /// The argument text after a keyword, up to the next keyword, `]` or `;` at its own depth;
    /// and the text after it (for `owner:`).
    static func argument(_ ns: NSString, from start: Int) -> (String, String) {
        var depth = 0
        var i = start
        let end = min(ns.length, start + 400)
        while i < end {
            let c = ns.character(at: i)
            switch c {
            case 0x28, 0x5B: depth += 1                 // ( [
            case 0x29, 0x5D:                            // ) ]
                if depth == 0 { return (ns.substring(with: NSRange(location: start, length: i - start)), ns.substring(from: i)) }
                depth -= 1
            case 0x3B: return (ns.substring(with: NSRange(location: start, length: i - start)), "")   // ;
            case 0x3A where depth == 0:                 // `:` right after an identifier: the next keyword
                var j = i - 1
                while j >= start, let s = Unicode.Scalar(ns.character(at: j)), CharacterSet.alphanumerics.contains(s) || s == "_" { j -= 1 }
                if j < i - 1, j >= start, ns.character(at: j) == 0x20 || ns.character(at: j) == 0x0A || ns.character(at: j) == 0x09 {
                    return (ns.substring(with: NSRange(location: start, length: j - start)), ns.substring(from: j))
                }
            default: break
            }
            i += 1
        }
        return ("", "")
    }

    /// The literals a right-hand side gives: a literal (`@"X"`) or a conditional of two
    /// (`c ? @"A" : @"B"`); anything else (`stringWithFormat:`, a call) gives none.
    static func givenLiterals(_ rhs: String) -> [String] {
        let r = rhs.trimmingCharacters(in: .whitespacesAndNewlines)
        let lit = #"\(?\s*@"[^"\\\n]+"\s*\)?"#
        guard r.range(of: "^" + lit + "$", options: .regularExpression) != nil
                || r.range(of: #"^[^"\[\]]+\?\s*"# + lit + #"\s*:\s*"# + lit + "$", options: .regularExpression) != nil else { return [] }
        return literals(in: r)
    }

    static func literals(in s: String) -> [String] {
        let ns = s as NSString
        var out: [String] = []
        for m in literalPattern.matches(in: s, range: NSRange(location: 0, length: ns.length)) {
            let v = ns.substring(with: m.range(at: 1))
            if !out.contains(v) { out.append(v) }
        }
        return out
    }

    /// The literals `name` is given: by its assignments in the method before `at` (each
    /// `name = …;`, literals or a conditional's), else (when the method assigns it nothing:
    /// a constant, or a member) by a file-level initializer
    /// (`static NSString *name = @"X";`, `NSString * const name = @"X";`) or `#define name @"X"`.
    static func assigned(_ name: String, in ns: NSString, before at: Int, span: MethodSpan?) -> [String] {
        let esc = NSRegularExpression.escapedPattern(for: name)
        guard let assign = try? NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.>])"# + esc + #"\s*=(?!=)\s*([^;]*);"#),
              let define = try? NSRegularExpression(pattern: #"(?m)^\s*#\s*define\s+"# + esc + #"\s+@"([^"\\\n]+)""#) else { return [] }
        var out: [String] = []
        if let s = span {
            let r = NSRange(location: s.bodyStart, length: max(0, at - s.bodyStart))
            let here = assign.matches(in: ns as String, range: r)
            for m in here {
                for v in givenLiterals(ns.substring(with: m.range(at: 1))) where !out.contains(v) { out.append(v) }
            }
            // A local the method gives a value of its own (a call, a format): that value, not
            // another method's variable of the same name.
            if !here.isEmpty { return out }
        }
        // Elsewhere in the file: a file-level constant, or a member another method sets
        // (`nibName = @"X";` in `init`), when it is given a literal.
        for m in assign.matches(in: ns as String, range: NSRange(location: 0, length: ns.length)) {
            for v in givenLiterals(ns.substring(with: m.range(at: 1))) where !out.contains(v) { out.append(v) }
        }
        for m in define.matches(in: ns as String, range: NSRange(location: 0, length: ns.length)) {
            let v = ns.substring(with: m.range(at: 1))
            if !out.contains(v) { out.append(v) }
        }
        return out
    }
}
