import SourceImport
import NibScriptSyntax
import CocoaSimulator
import InterfaceBuilder

// Reading limits (rules R1–R7, grammar.md "Reading limits"): what the lowering and the
// auditor need to read these patterns as a reviewer does. Releases on a branch (R1, R7): a
// release under an `if` is judged as a reviewer judges it:
// - a condition that the subject is not nil is a nil check: `[nil release]` does nothing, so
//   the release is as good as unconditional (this was already so);
// - `if ([self isWindowLoaded])` in an NSWindowController is a nil check of every outlet:
//   the outlets are set when the window nib loads, and are nil until then (R7);
// - a comparison of two members (`if (view_setup != view_options)`) is kept as a script
//   condition, which the simulator evaluates from what the nib connected (R1);
// - any other condition in `dealloc` cannot be evaluated: the release is taken as happening
//   (some path runs it), and a finding about the member is low confidence, naming it (R1).
enum ConditionalReleases {
    /// `[self isWindowLoaded]`, `self.isWindowLoaded`, `self.windowLoaded`, spaces and
    /// parentheses removed: true when the window nib has loaded.
    static let windowLoaded: Set<String> = ["[selfisWindowLoaded]", "self.isWindowLoaded", "self.windowLoaded",
                                            "[selfisWindowLoaded]==YES", "[selfisWindowLoaded]!=NO"]

    static func compact(_ s: String) -> String {
        var t = String(s.filter { $0 != " " })
        while t.hasPrefix("("), t.hasSuffix(")") { t = String(t.dropFirst().dropLast()) }
        return t
    }

    /// Whether the branch runs whenever the window nib has loaded (R7): the outlets it sets
    /// are nil otherwise, so a release of one of them on it is a nil check.
    static func isWindowLoadedCheck(_ b: ImportedBranch) -> Bool {
        let c = compact(b.condition)
        switch b.kind {
        case .ifTrue: return windowLoaded.contains(c)
        case .ifFalse, .notReturned: return c.hasPrefix("!") && windowLoaded.contains(compact(String(c.dropFirst())))
        default: return false
        }
    }

    /// Whether `cls` is (or descends from) `NSWindowController`, through the project's classes.
    static func isWindowController(_ cls: ImportedClass, project: ImportedProject) -> Bool {
        var k: String? = cls.name
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if n == "NSWindowController" { return true }
            k = project[n]?.superclass
        }
        return false
    }

    /// `a != b` / `a == b` of two names (`self.` and `self->` allowed), as written.
    static func comparison(_ b: ImportedBranch) -> (String, Bool, String)? {
        guard [.ifTrue, .ifFalse, .notReturned].contains(b.kind) else { return nil }
        let c = compact(b.condition)
        for (op, equal) in [("!=", false), ("==", true)] {
            let parts = c.components(separatedBy: op)
            guard parts.count == 2 else { continue }
            func name(_ s: String) -> String? {
                var n = s
                while n.hasPrefix("("), n.hasSuffix(")") { n = String(n.dropFirst().dropLast()) }
                if n.hasPrefix("self.") { n = String(n.dropFirst(5)) } else if n.hasPrefix("self->") { n = String(n.dropFirst(6)) }
                guard let f = n.first, f == "_" || f.isLetter, n.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }),
                      !["nil", "NULL", "Nil", "YES", "NO", "self"].contains(n) else { return nil }
                return n
            }
            guard let l = name(parts[0]), let r = name(parts[1]) else { return nil }
            // The else-branch, and the path after `if (c) return;`, run when c is false.
            return (l, b.kind == .ifTrue ? equal : !equal, r)
        }
        return nil
    }

    /// The branches of a `dealloc` release of a member that the audit cannot evaluate: not a
    /// nil check of its subject, not an outlet under `isWindowLoaded`, not a comparison of two
    /// members (each name resolved by `member`).
    static func unevaluated(_ s: ImportedStatement, names: Set<String>, isOutlet: Bool, windowController: Bool,
                            member: (String) -> ImportedMember?) -> [ImportedBranch] {
        // A `@catch` body or a loop is left out of `dealloc`'s lowering (not taken as run).
        guard s.path.allSatisfy({ [.ifTrue, .ifFalse, .notReturned, .switchCase, .tryBody].contains($0.kind) }) else { return [] }
        return s.path.filter { b in
            if b.kind == .tryBody || b.isNilCheck(of: names) || b.isNilCheck(of: ["self"]) { return false }
            if isOutlet && windowController && isWindowLoadedCheck(b) { return false }
            if let (l, _, r) = comparison(b), member(l) != nil, member(r) != nil { return false }
            return true
        }
    }

    /// The releases of `m` in its class's `dealloc` that stand on a condition the audit could
    /// not evaluate (R1): the statement and the conditions, for a finding's confidence.
    static func unevaluatedReleases(of m: ImportedMember, in c: ImportedClass, project: ImportedProject) -> [(ImportedStatement, [ImportedBranch])] {
        guard let d = c.method("dealloc") else { return [] }
        let names: Set<String> = [m.name, m.ivarName]
        let wc = isWindowController(c, project: project)
        var out: [(ImportedStatement, [ImportedBranch])] = []
        for s in d.statements {
            let subject: String
            switch s.kind {
            case .release(let x), .autorelease(let x), .setNil(let x, _): subject = x
            default: continue
            }
            guard names.contains(subject) else { continue }
            let bs = unevaluated(s, names: names, isOutlet: m.isOutlet, windowController: wc, member: { c.member(forIvarOrName: $0) })
            if !bs.isEmpty { out.append((s, bs)) }
        }
        return out
    }
}

extension NibAuditor {
    /// The nib's outlet connections by the class of the object that makes them (R1): outlet
    /// key → destination id, `?` for a key that objects of one class connect differently.
    /// A connection counts for the source's class and each of its project superclasses: a
    /// `dealloc` written in a superclass compares what a subclass's nib connects.
    static func connectionsByClass(_ doc: IBDocument, ownerClass: String, project: ImportedProject) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for c in doc.connections where c.kind == .outlet {
            let id = doc.objects[c.destination].id
            var k: String? = c.source == doc.filesOwner ? ownerClass : doc.objects[c.source].effectiveClass
            var seen = Set<String>()
            while let cls = k, seen.insert(cls).inserted {
                if let old = out[cls]?[c.name], old != id { out[cls]![c.name] = "?" } else { out[cls, default: [:]][c.name] = id }
                k = project[cls]?.superclass
            }
        }
        return out
    }
}

extension NibAuditor {
    /// R3: for a nib name, the outlets its File's Owner connects to top-level objects (key,
    /// the object's class), read from the nib's file; nil when there is no readable nib.
    static func ownerOutlets(paths: [String: String], dir: String) -> @Sendable (String) -> [(String, String)]? {
        { name in
            guard let rel = paths[name] else { return nil }
            guard case .success(let doc) = IBReader.read(path: dir + "/" + rel, displayPath: rel), let owner = doc.filesOwner else { return nil }
            let tops = Set(doc.topLevelObjects)
            return doc.connections(from: owner).filter { $0.kind == .outlet && tops.contains($0.destination) }
                .map { ($0.name, doc.objects[$0.destination].effectiveClass) }
        }
    }
}

extension NibAuditor {
    /// The findings of one nib from `first` on, marked for what the lowering could not decide.
    /// R6: a returned top-level object whose method's name says +0: the leak stands, low
    /// confidence, and the fix names the naming. R1: a `dealloc` release taken as run on a
    /// condition the nib does not decide.
    static func markReadingLimits(_ findings: inout [Audit.Finding], from first: Int,
                                  naming: [String: (reason: String, fix: String)], conditional: [String: [String: String]]) {
        for k in findings.indices[first...] {
            guard let n = findings[k].member else { continue }
            if findings[k].kind == .leak, let (reason, fix) = naming[n] {
                findings[k].confidence = "low"
                findings[k].confidenceReason = reason
                findings[k].fix = fix
                findings[k].rule += " R6"
            }
            if let reason = conditional[findings[k].className]?[n] {
                findings[k].confidence = "low"
                findings[k].confidenceReason = [findings[k].confidenceReason, reason].compactMap { $0 }.joined(separator: "; ")
            }
        }
    }
}
