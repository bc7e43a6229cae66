import Foundation

// L10 by what a class method does, not by its name: Cocoa code wrote its singletons
// long before `+shared…` was the convention (`+[OpenURLPanel openURLPanel]`,
// `+defaultController`, `+instance`). A class method that stores `[[self alloc] init…]`
// (or `[[C alloc] init…]`, C its own class) into a `static` variable of the file and returns
// that variable makes one object for the application's life, as a `+shared…` method does —
// unless the file stores into that static again or releases it (an instance given up when
// its window closes is made again next time: no shared instance).
extension NibLoaders {
    static let allocInitPattern = try! NSRegularExpression(pattern: #"\b([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\[\s*\[\s*([A-Za-z_][A-Za-z0-9_]*)\s+alloc\s*\]\s*init"#)

    /// The classes of one file (code text: comments, strings and dead code blanked) with a
    /// lazily made instance kept in a `static` variable that a class method returns.
    /// Each such class with its method (`+openURLPanel`), for the notes.
    static func lazySingletonClasses(_ file: CodeFile) -> [String: String] {
        guard file.text.contains("static"), file.text.contains("alloc") else { return [:] }
        var out: [String: String] = [:]
        for m in file.methods where m.isClassMethod {
            guard let cls = m.inClass, out[cls] == nil, m.end > m.bodyStart else { continue }
            let body = file.ns.substring(with: NSRange(location: m.bodyStart, length: m.end - m.bodyStart))
            let bns = body as NSString
            for a in allocInitPattern.matches(in: body, range: NSRange(location: 0, length: bns.length)) {
                let v = bns.substring(with: a.range(at: 1))
                let made = bns.substring(with: a.range(at: 2))
                guard made == "self" || made == cls else { continue }
                let name = NSRegularExpression.escapedPattern(for: v)
                // Returned by the method, and a `static` of the file (at file level or in it).
                guard body.range(of: #"\breturn\s+\(?\s*"# + name + #"\b"#, options: .regularExpression) != nil,
                      file.text.range(of: #"\bstatic\s+[A-Za-z_][A-Za-z0-9_ \t]*[\s*]+"# + name + #"\s*[=;]"#, options: .regularExpression) != nil
                else { continue }
                // Made once and never given up: no other store into the static (`x = nil`
                // when its window closes, Adium's `+showDebugWindow`) and no release of it.
                let stores = file.text.components(separatedBy: "\n").filter { l in
                    l.range(of: #"\b"# + name + #"\s*=[^=]"#, options: .regularExpression) != nil && l.range(of: #"\bstatic\b"#, options: .regularExpression) == nil
                }
                guard stores.count == 1,
                      file.text.range(of: #"\[\s*"# + name + #"\s+(release|autorelease)\s*\]"#, options: .regularExpression) == nil else { continue }
                out[cls] = "+" + m.keywords.joined()
                break
            }
        }
        return out
    }
}

extension NibAuditor {
    /// Why class `n` is a shared instance (L10), for the notes: its `+shared…` method, or the
    /// class method that keeps its lazily made instance in a static.
    func sharedReason(_ n: String) -> String {
        if let m = context.loaders.lazySingletons[n] { return "`\(m)` keeps its one instance in a static, in \(n)" }
        return "a `+shared…` method in \(n)"
    }
}

extension NibAuditor {
    static let holdPattern = try! NSRegularExpression(pattern: #"^[A-Za-z_][A-Za-z0-9_]* = [A-Za-z_][A-Za-z0-9_.]*$"#)

    /// A script line that only names an object in a variable of the scenario (`kept =
    /// window_s1`): a hold, no retain count changed.
    static func isHold(_ line: String) -> Bool {
        let ns = line as NSString
        guard !line.hasPrefix("load "), !line.contains(" = new ") else { return false }
        return holdPattern.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) != nil
    }
}
