import NibScriptSyntax
import CocoaSimulator

// The configurations `nibscript matrix` runs a script under, and the rewriting that lets a
// script written for one platform and memory model run under another: UIKit classes become
// their AppKit twins (and back), and an MRC script under ARC loses its explicit releases.

extension ConfigFilter {
    /// Whether every part the filter names equals the configuration's.
    public func matches(_ c: Configuration) -> Bool {
        if let p = platform, PlatformName(p) != c.platform { return false }
        if let a = major, a != c.major || (minor ?? 0) != c.minor { return false }
        if let m = memory, MemoryModelName(m) != c.memory { return false }
        return true
    }
}

extension Configuration {
    /// The configurations of the matrix, in column order: Mac (10.7), iOS 5.1, iOS 6.0 and
    /// later; MRC then ARC.
    public static let matrix: [Configuration] = [
        Configuration(platform: .mac, major: 10, minor: 7, memory: .mrc),
        Configuration(platform: .mac, major: 10, minor: 7, memory: .arc),
        Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc),
        Configuration(platform: .ios, major: 5, minor: 1, memory: .arc),
        Configuration(platform: .ios, major: 6, minor: 0, memory: .mrc),
        Configuration(platform: .ios, major: 6, minor: 0, memory: .arc),
    ]

    /// A column's name: `mac mrc`, `ios 5.1 arc`, `ios 6.0 mrc` (6.0 stands for 6.0 and later).
    public var columnName: String {
        isMac ? "mac \(memory.rawValue)" : "ios \(versionText) \(memory.rawValue)"
    }
}

/// UIKit ↔ AppKit twins: the class a script's class name stands for on the other platform.
/// Only classes of the catalogue on both sides; a class without a twin stays as written (and
/// the checker says it is not available, which makes the cell `n/a`).
package enum Twins {
    /// iOS name → Mac name. Several UIKit controls map to one AppKit class.
    package static let iosToMac: [(String, String)] = [
        ("UIResponder", "NSResponder"), ("UIView", "NSView"), ("UIWindow", "NSWindow"),
        ("UILabel", "NSTextField"), ("UITextField", "NSTextField"), ("UIButton", "NSButton"),
        ("UISwitch", "NSButton"), ("UIImageView", "NSImageView"), ("UIImage", "NSImage"),
        ("UIControl", "NSControl"), ("UIScrollView", "NSScrollView"), ("UITextView", "NSTextView"),
        ("UITableView", "NSTableView"), ("UIViewController", "NSViewController"),
        ("UIApplication", "NSApplication"),
    ]
    /// Mac name → iOS name: the first iOS class listed for each Mac class (NSTextField → UILabel).
    package static let macToIOS: [(String, String)] = {
        var out: [(String, String)] = []
        for (i, m) in iosToMac where !out.contains(where: { $0.0 == m }) { out.append((m, i)) }
        return out
    }()

    package static func map(for target: PlatformName) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (target == .mac ? iosToMac : macToIOS.map { ($0.0, $0.1) }).map { ($0.0, $0.1) })
    }
}

/// Rewrites a script's syntax tree for another configuration. Ranges are kept, so every
/// diagnostic and trace line still points into the original file.
package struct ScriptRewriter {
    /// Class renames (empty when the platform is the script's own).
    package var classes: [String: String]
    /// MRC → ARC: explicit releases become `x = nil` (in dealloc they are dropped: ARC
    /// releases strong ivars after dealloc), `[super dealloc]` is dropped.
    package var toARC: Bool
    /// What the rewrite could not translate (an explicit retain under ARC), as reasons.
    package private(set) var untranslatable: [(range: SourceRange, text: String)] = []
    /// How many statements were dropped or rewritten.
    package private(set) var rewrittenReleases = 0
    /// The scenario's variables assigned so far, in the order the rewrite meets them: a
    /// name released before any assignment is a nib object, not a variable.
    private var variables: Set<String> = []

    package init(classes: [String: String], toARC: Bool) { self.classes = classes; self.toARC = toARC }

    package mutating func rewrite(_ f: ScriptFile) -> ScriptFile {
        ScriptFile(decls: f.decls.map { d in
            switch d {
            case .classDecl(var c):
                c.superclass = cls(c.superclass)
                c.members = c.members.map { m in
                    switch m {
                    case .property(var p): p.type = cls(p.type); return .property(p)
                    case .ivar(var v): v.type = cls(v.type); return .ivar(v)
                    case .method(var md):
                        md.body = block(md.body, inDealloc: md.selector.name == "dealloc")
                        return .method(md)
                    default: return m
                    }
                }
                return .classDecl(c)
            case .nib(var n):
                if case .inline(let items) = n.body {
                    n.body = .inline(items.map { item in
                        switch item {
                        case .owner(let c, let r): return .owner(cls(c), range: r)
                        case .object(let o): return .object(object(o))
                        default: return item
                        }
                    })
                }
                return .nib(n)
            case .scenario(var s):
                variables = []
                s.body = block(s.body, inDealloc: false, inScenario: true)
                return .scenario(s)
            default:
                return d
            }
        })
    }

    private func cls(_ id: Identifier) -> Identifier {
        guard let t = classes[id.name] else { return id }
        return Identifier(t, id.range)
    }

    private func object(_ o: NibObjectDecl) -> NibObjectDecl {
        var o = o
        o.className = cls(o.className)
        o.children = o.children.map(object)
        return o
    }

    private mutating func block(_ b: Block, inDealloc: Bool, inScenario: Bool = false) -> Block {
        var out: [Stmt] = []
        for s in b.statements {
            // A scenario's `release x` becomes `watch x` then `x = nil`: the expectations
            // after it still name the object x held (the MRC variable still points at it),
            // not the nil ARC leaves in x.
            if toARC, inScenario, case .release(let e) = s.kind, case .name(let id) = e.kind {
                if variables.contains(id.name) {
                    out.append(Stmt(.watch(e), range: s.range))
                } else {
                    // A nib object no variable holds: ARC's bridged release balances it (O8).
                    rewrittenReleases += 1
                    out.append(Stmt(.cfRelease(e), range: s.range))
                    continue
                }
            }
            if inScenario, case .assign(let t, _) = s.kind, case .name(let id) = t.kind { variables.insert(id.name) }
            if let t = statement(s, inDealloc: inDealloc, inScenario: inScenario) { out.append(t) }
        }
        return Block(statements: out, range: b.range)
    }

    private mutating func statement(_ s: Stmt, inDealloc: Bool, inScenario: Bool) -> Stmt? {
        func same(_ k: StmtKind) -> Stmt { Stmt(k, range: s.range) }
        switch s.kind {
        case .assign(let t, let v): return same(.assign(target: expr(t), value: expr(v)))
        case .retain(let e):
            if toARC { untranslatable.append((s.range, "explicit 'retain' has no ARC equivalent")); return nil }
            return same(.retain(expr(e)))
        case .release(let e):
            guard toARC else { return same(.release(expr(e))) }
            rewrittenReleases += 1
            if inDealloc { return nil }
            switch e.kind {
            case .name, .property, .ivar:
                return same(.assign(target: expr(e), value: Expr(.nilLiteral, range: e.range)))
            default:
                untranslatable.append((s.range, "explicit 'release' of an expression has no ARC equivalent")); return nil
            }
        case .autorelease(let e):
            guard toARC else { return same(.autorelease(expr(e))) }
            if inDealloc { rewrittenReleases += 1; return nil }
            untranslatable.append((s.range, "explicit 'autorelease' has no ARC equivalent")); return nil
        case .superCall:
            if toARC && inDealloc { rewrittenReleases += 1; return nil }
            return s
        case .cfRelease(let e): return same(.cfRelease(expr(e)))
        case .send(let e, let sel, let args): return same(.send(expr(e), selector: sel, arguments: args.map(expr)))
        case .loadNib(let n, let o): return same(.loadNib(nib: n, owner: expr(o)))
        case .autoreleasePool(let b): return same(.autoreleasePool(block(b, inDealloc: inDealloc, inScenario: inScenario)))
        case .event(let b): return same(.event(block(b, inDealloc: inDealloc, inScenario: inScenario)))
        case .ifElse(let i):
            // A twin on the other platform tests the same words: `ios`/`mac` then read its platform.
            let terms = i.condition.terms.map { t -> ConditionTerm in
                if case .compare(let a, let eq, let b) = t { return .compare(expr(a), equal: eq, expr(b)) }
                return t
            }
            return same(.ifElse(IfStatement(condition: Condition(terms: terms, range: i.condition.range),
                                             then: block(i.then, inDealloc: inDealloc, inScenario: inScenario),
                                             otherwise: i.otherwise.map { block($0, inDealloc: inDealloc, inScenario: inScenario) })))
        case .choose(let bs): return same(.choose(bs.map { block($0, inDealloc: inDealloc, inScenario: inScenario) }))
        case .command(let v, let args): return same(.command(verb: v, args: args.map(expr)))
        case .drain, .expect, .watch: return s
        }
    }

    private func expr(_ e: Expr) -> Expr {
        switch e.kind {
        case .new(let c, let auto): return Expr(.new(cls(c), autoreleased: auto), range: e.range)
        case .property(let b, let n): return Expr(.property(expr(b), n), range: e.range)
        case .ivar(let b, let n): return Expr(.ivar(expr(b), n), range: e.range)
        default: return e
        }
    }
}
