// The preprocessor the reader needs: the project's own `#define`s (object-like and
// function-like, `#` and `##`, `__VA_ARGS__`), expanded where used, recursively up to a
// limit; `#import`/`#include` of the project's headers, whose macros the file then sees;
// and `#if`/`#ifdef`/`#elif`/`#else`, taking the branch the settings select, or — when they
// do not decide it (`__has_feature(objc_arc)` with the memory model unknown, an SDK version)
// — both branches, each token marked with the condition it is under.

/// What decides the preprocessor's conditions.
public struct ReaderSettings: Sendable {
    /// `__has_feature(objc_arc)`; nil reads both branches, marked.
    public var arc: Bool?
    /// `TARGET_OS_IPHONE`; nil reads both branches, marked.
    public var platform: SourcePlatform?
    /// Macros the build defines (`GCC_PREPROCESSOR_DEFINITIONS`): name → value ("1" for a bare name).
    public var defines: [String: String]
    /// Whether `defines` is all the build defines: then a name neither it nor the sources
    /// define is undefined (`#ifdef INCLUDE_X` is false); otherwise such a `#if` is undecided
    /// and both branches are read, marked.
    public var buildDefinesKnown: Bool
    public init(arc: Bool? = nil, platform: SourcePlatform? = nil, defines: [String: String] = [:], buildDefinesKnown: Bool = false) {
        self.arc = arc; self.platform = platform; self.defines = defines; self.buildDefinesKnown = buildDefinesKnown
    }

    /// The defines as one string, in name order: a header's macros are read once per value.
    public var definesKey: String {
        (buildDefinesKnown ? "known" : "open") + defines.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
    }
}

public enum SourcePlatform: String, Sendable { case ios, mac }

/// A `#if` branch the reader read without deciding it.
public struct PreprocessorCondition: Sendable, Equatable {
    /// `#if __has_feature(objc_arc)`, `#else (of #if DEBUG)`.
    public var text: String
    /// True or false when the branch is taken exactly when the code is (or is not) ARC.
    public var requiresARC: Bool?
    /// The enclosing undecided branch (0: none).
    public var parent: Int
}

/// How many more tokens one macro use may still produce, across all its nested expansions:
/// a macro that doubles at each level stops at the budget, not at 2^32.
final class Budget {
    var left: Int
    init(left: Int) { self.left = left }
}

struct Macro {
    var params: [String]?
    var variadic = false
    var body: [ObjCToken]
    var condition: Int32
}

/// Macros by name; several definitions of one name when they were read in branches the
/// reader could not decide.
struct MacroTable {
    var defs: [String: [Macro]] = [:]
    /// A quoted `#import "X.h"` of a header not among the files read (a generated `config.h`,
    /// a header of another checkout) was seen: names it may define are not known undefined,
    /// whatever the build's defines say (`ReaderSettings.buildDefinesKnown`).
    var unresolvedImport = false
    mutating func merge(_ o: MacroTable) {
        for (k, v) in o.defs { defs[k] = v }
        if o.unresolvedImport { unresolvedImport = true }
    }
}

/// What every file of one reading shares: the settings, the condition table, and the way
/// to a header's macros.
final class PreprocessContext {
    /// The settings of the file being read (a file's own `-fobjc-arc` may differ).
    var settings: ReaderSettings
    var conditions: [PreprocessorCondition] = [PreprocessorCondition(text: "", requiresARC: nil, parent: 0)]
    /// The macros a header defines (with what it imports), by the name written in `#import`.
    var resolveImport: (String) -> MacroTable? = { _ in nil }
    /// Names a `#define` of the project's own sources sets in a comment (`//#define
    /// INCLUDE_VPNSERVICE 1` in Tunnelblick's `defines.h`): a feature of the project switched
    /// off for now, whose code is read (marked) even when the build's defines are known.
    var switchedOff: Set<String> = []
    /// The most tokens one macro use may expand to, and how deep expansions may nest.
    let maxExpansion = 10_000
    let maxDepth = 32
    init(settings: ReaderSettings) { self.settings = settings }

    /// Whether the condition (or an enclosing one) requires ARC or its absence.
    func requiresARC(_ c: Int32) -> Bool? {
        var k = Int(c)
        var seen = 0
        while k != 0 && seen < 64 {
            if let r = conditions[k].requiresARC { return r }
            k = conditions[k].parent; seen += 1
        }
        return nil
    }

    func texts(_ c: Int32) -> [String] {
        var out: [String] = []
        var k = Int(c)
        while k != 0 && out.count < 64 { out.append(conditions[k].text); k = conditions[k].parent }
        return out.reversed()
    }
}

struct Preprocessor {
    /// One `#if … #endif` being read: whether a branch was taken for sure, the texts of the
    /// branches read undecided so far, and the state of the current branch.
    struct Frame { var outerLive: Bool; var outerCond: Int32; var decided: Bool; var undecided: [String]; var live: Bool; var cond: Int32; var firstARC: Bool? }

    let ctx: PreprocessContext
    let isCPlusPlus: Bool
    var env: MacroTable

    /// The file's code tokens, directives applied and macros expanded; `env` ends with the
    /// macros the file leaves defined.
    mutating func run(_ toks: [ObjCToken]) -> [ObjCToken] {
        var out: [ObjCToken] = []
        out.reserveCapacity(toks.count)
        var stack: [Frame] = []
        var live = true
        var cond: Int32 = 0
        var i = 0
        let n = toks.count
        while i < n {
            let t = toks[i]
            if t.directiveLine != 0 {
                var j = i + 1
                while j < n && toks[j].directiveLine == t.directiveLine { j += 1 }
                let d = Array(toks[(i + 1)..<j])
                i = j
                let word = d.first?.text ?? ""
                let rest = Array(d.dropFirst())
                switch word {
                case "if", "ifdef", "ifndef":
                    var f = Frame(outerLive: live, outerCond: cond, decided: false, undecided: [], live: false, cond: cond, firstARC: nil)
                    // An include guard (`#ifndef X_H` then `#define X_H`) is always entered.
                    let guardName = word == "ifndef" ? rest.first?.text
                        : (word == "if" && rest.count >= 3 && rest[0].text == "!" && rest[1].text == "defined" ? rest.last { $0.isIdentifier }?.text : nil)
                    if live, let g = guardName, j + 2 < n, toks[j].directiveLine != 0, toks[j + 1].text == "define", toks[j + 2].text == g {
                        f.live = true; f.decided = true
                    } else if live {
                        let expr: [ObjCToken]
                        if word == "if" { expr = rest } else {
                            let name = rest.first ?? ObjCToken(text: "", kind: .identifier, line: t.line, column: t.column)
                            let call = [ObjCToken(text: "defined", kind: .identifier, line: t.line, column: t.column), name]
                            expr = word == "ifdef" ? call : [ObjCToken(text: "!", kind: .punct, line: t.line, column: t.column)] + call
                        }
                        enter(&f, expr: expr, text: "#\(word) " + joined(rest))
                    }
                    stack.append(f)
                case "elif", "else":
                    guard var f = stack.popLast() else { break }
                    if f.outerLive && !f.decided {
                        if word == "else" {
                            if f.undecided.isEmpty { f.live = true; f.cond = f.outerCond; f.decided = true } else {
                                let arc = f.undecided.count == 1 ? f.firstARC.map { !$0 } : nil
                                f.cond = newCondition("#else (of \(f.undecided.joined(separator: ", ")))", arc: arc, parent: f.outerCond)
                                f.live = true
                            }
                        } else { enter(&f, expr: rest, text: "#elif " + joined(rest)) }
                    } else { f.live = false }
                    stack.append(f)
                case "endif":
                    if let f = stack.popLast() { live = f.outerLive; cond = f.outerCond }
                    continue
                default:
                    if live { ctxCond = cond; directive(word, rest) }
                }
                if let f = stack.last { live = f.live; cond = f.cond }
                continue
            }
            i += 1
            guard live else { continue }
            if t.kind == .identifier, env.defs[t.text] != nil {
                var k = i
                if let (expanded, next) = expandUse(t, in: toks, after: &k, hide: [], depth: 0, cond: cond, budget: Budget(left: ctx.maxExpansion)) {
                    out += expanded; i = next; continue
                }
            }
            var x = t
            x.condition = cond
            out.append(x)
        }
        return out
    }

    func joined(_ ts: [ObjCToken]) -> String {
        var s = ""
        for t in ts { if !s.isEmpty && t.spaceBefore { s += " " }; s += t.text }
        return s
    }

    func newCondition(_ text: String, arc: Bool?, parent: Int32) -> Int32 {
        ctx.conditions.append(PreprocessorCondition(text: text, requiresARC: arc, parent: Int(parent)))
        return Int32(ctx.conditions.count - 1)
    }

    /// Decides one `#if`/`#elif` branch of a frame whose enclosing code is read.
    func enter(_ f: inout Frame, expr: [ObjCToken], text: String) {
        switch eval(expr, arc: ctx.settings.arc) {
        case let v? where v != 0:
            f.decided = true; f.live = true; f.cond = f.outerCond
        case .some:
            f.live = false
        case nil:
            // Undecided: read it, marked. Whether it is exactly "ARC" or "not ARC": evaluate both ways.
            var arc: Bool?
            if ctx.settings.arc == nil, let y = eval(expr, arc: true), let n = eval(expr, arc: false), (y != 0) != (n != 0) { arc = y != 0 }
            if f.undecided.isEmpty { f.firstARC = arc }
            f.undecided.append(text)
            f.live = true
            f.cond = newCondition(text, arc: arc, parent: f.outerCond)
        }
    }

    // MARK: Directives

    mutating func directive(_ word: String, _ rest: [ObjCToken]) {
        switch word {
        case "define":
            guard let name = rest.first, name.kind == .identifier else { return }
            var k = 1
            var params: [String]?
            var variadic = false
            if k < rest.count, rest[k].text == "(", !rest[k].spaceBefore {
                var ps: [String] = []
                k += 1
                while k < rest.count && rest[k].text != ")" {
                    if rest[k].text == "..." { variadic = true } else if rest[k].kind == .identifier { ps.append(rest[k].text) }
                    k += 1
                }
                k += 1
                params = ps
            }
            var body = Array(rest.dropFirst(k))
            for b in body.indices { body[b].directiveLine = 0 }
            let m = Macro(params: params, variadic: variadic, body: body, condition: ctxCond)
            if ctxCond == 0 { env.defs[name.text] = [m] } else {
                var alts = env.defs[name.text] ?? []
                alts.removeAll { $0.condition == ctxCond }
                alts.append(m)
                env.defs[name.text] = alts
            }
        case "undef":
            if let name = rest.first, ctxCond == 0 { env.defs[name.text] = nil }
        case "import", "include", "include_next":
            var name = ""
            if let s = rest.first, s.kind == .string { name = String(s.text.dropFirst().dropLast()) }
            else if rest.first?.text == "<" { name = rest.dropFirst().prefix { $0.text != ">" }.map(\.text).joined() }
            guard !name.isEmpty else { return }
            guard let table = ctx.resolveImport(name) else {
                if rest.first?.kind == .string { env.unresolvedImport = true }
                return
            }
            env.merge(table)
        default:
            break
        }
    }

    /// The condition the current definition is read under (set by `run` before a directive).
    var ctxCond: Int32 = 0

    // MARK: Conditions

    /// Names the SDK or the compiler define, whose value the reader cannot know.
    static func isSDKName(_ s: String) -> Bool {
        s.hasPrefix("_") || s.hasPrefix("MAC_OS_X_") || s.hasPrefix("TARGET_") || s.hasPrefix("NS") || s.hasPrefix("UI")
            || s.hasPrefix("IPHONE") || s.hasPrefix("OBJC_") || s.hasPrefix("CF") || s.hasPrefix("CG")
            || s.hasPrefix("AVAILABLE_") || s.hasPrefix("DEPRECATED_") || s.hasPrefix("APPKIT_") || s.hasPrefix("FOUNDATION_")
            || s.hasPrefix("OS_") || s.hasPrefix("DISPATCH_") || s.hasPrefix("kCF")
    }

    /// Whether a name neither the sources nor the settings define is undefined for sure: the
    /// build's defines are all known (`GCC_PREPROCESSOR_DEFINITIONS` of the targets that build
    /// the file), it is no name the SDK or the compiler may define, and every quoted header
    /// the file imports was read (a generated `config.h` is not).
    func knownUndefined(_ name: String) -> Bool {
        ctx.settings.buildDefinesKnown && !env.unresolvedImport && !Preprocessor.isSDKName(name) && !ctx.switchedOff.contains(name)
    }

    /// A name the compiler or the settings give a value, or nil when it has none known.
    func builtin(_ s: String, arc: Bool?) -> Int?? {
        switch s {
        case "__OBJC__", "__OBJC2__", "TARGET_OS_MAC", "NS_BLOCKS_AVAILABLE", "__BLOCKS__": return .some(1)
        case "TARGET_IPHONE_SIMULATOR", "TARGET_OS_SIMULATOR": return .some(0)
        case "__cplusplus": return .some(isCPlusPlus ? 1 : nil)
        case "TARGET_OS_IPHONE", "TARGET_OS_EMBEDDED", "TARGET_OS_IOS":
            return .some(ctx.settings.platform.map { $0 == .ios ? 1 : 0 })
        default:
            if let v = ctx.settings.defines[s] { return .some(Int(v) ?? 1) }
            return nil
        }
    }

    /// The value of a `#if` expression, or nil when it depends on what the reader cannot know.
    func eval(_ ts: [ObjCToken], arc: Bool?) -> Int? {
        var p = CondParser(toks: ts, pre: self, arc: arc)
        return p.expression()
    }

    // MARK: Expansion

    /// Expands a macro use at `toks[k-1]` (a function-like one takes its arguments from the
    /// tokens after it); returns the tokens and the index after the use, or nil when the
    /// name is not used as a macro there.
    func expandUse(_ site: ObjCToken, in toks: [ObjCToken], after k: inout Int, hide: Set<String>, depth: Int, cond: Int32,
                   budget: Budget) -> ([ObjCToken], Int)? {
        guard !hide.contains(site.text), let alts = env.defs[site.text], !alts.isEmpty, budget.left > 0 else { return nil }
        // Several definitions read undecided: the one that is not ARC's, else the last (see grammar.md).
        let m = alts.first { ctx.requiresARC($0.condition) == false } ?? alts[alts.count - 1]
        var args: [[ObjCToken]] = []
        var next = k
        if m.params != nil {
            var j = k
            while j < toks.count && toks[j].directiveLine != 0 { j += 1 }
            guard j < toks.count, toks[j].text == "(" else { return nil }
            j += 1
            var depth = 0
            var cur: [ObjCToken] = []
            while j < toks.count {
                let w = toks[j].text
                if toks[j].directiveLine != 0 { j += 1; continue }
                if w == "(" || w == "[" || w == "{" { depth += 1 }
                if w == ")" || w == "]" || w == "}" {
                    if depth == 0 && w == ")" { break }
                    depth -= 1
                }
                if w == "," && depth == 0 { args.append(cur); cur = [] } else { cur.append(toks[j]) }
                j += 1
            }
            if !cur.isEmpty || !args.isEmpty { args.append(cur) }
            next = min(toks.count, j + 1)
        }
        var body: [ObjCToken] = []
        if depth < ctx.maxDepth {
            body = substitute(m, args: args, hide: hide, depth: depth, budget: budget)
            budget.left -= body.count
            body = expandList(body, hide: hide.union([site.text]), depth: depth + 1, budget: budget)
        }
        let useCond = m.condition != 0 ? m.condition : cond
        for b in body.indices {
            body[b].line = site.line; body[b].column = site.column
            body[b].macro = site.macro ?? site.text
            body[b].condition = useCond
            body[b].directiveLine = 0
        }
        if body.count > ctx.maxExpansion { body = Array(body.prefix(ctx.maxExpansion)) }
        k = next
        return (body, next)
    }

    func expandList(_ ts: [ObjCToken], hide: Set<String>, depth: Int, budget: Budget) -> [ObjCToken] {
        guard depth < ctx.maxDepth, budget.left > 0 else { return ts }
        var out: [ObjCToken] = []
        var i = 0
        while i < ts.count {
            let t = ts[i]
            i += 1
            if t.kind == .identifier, env.defs[t.text] != nil {
                var k = i
                if let (e, next) = expandUse(t, in: ts, after: &k, hide: hide, depth: depth, cond: t.condition, budget: budget) {
                    out += e; i = next
                    if out.count > ctx.maxExpansion { return out }
                    continue
                }
            }
            out.append(t)
        }
        return out
    }

    func substitute(_ m: Macro, args: [[ObjCToken]], hide: Set<String>, depth: Int, budget: Budget) -> [ObjCToken] {
        guard let params = m.params else { return m.body }
        func arg(_ name: String) -> [ObjCToken]? {
            if let k = params.firstIndex(of: name) { return k < args.count ? args[k] : [] }
            if name == "__VA_ARGS__" && m.variadic {
                let extra = args.dropFirst(params.count)
                var out: [ObjCToken] = []
                for (n, a) in extra.enumerated() {
                    if n > 0 { out.append(ObjCToken(text: ",", kind: .punct, line: 0, column: 0)) }
                    out += a
                }
                return out
            }
            return nil
        }
        var out: [ObjCToken] = []
        let b = m.body
        var i = 0
        while i < b.count {
            let t = b[i]
            if t.text == "#", i + 1 < b.count, let a = arg(b[i + 1].text) {
                var s = ObjCToken(text: "\"" + joined(a) + "\"", kind: .string, line: t.line, column: t.column)
                s.spaceBefore = t.spaceBefore
                out.append(s); i += 2; continue
            }
            if t.text == "##", i + 1 < b.count, let last = out.popLast() {
                let rhs = arg(b[i + 1].text) ?? [b[i + 1]]
                var pasted = last
                pasted.text += rhs.first?.text ?? ""
                if pasted.text.first.map({ $0.isLetter || $0 == "_" }) == true { pasted.kind = .identifier }
                out.append(pasted)
                out += rhs.dropFirst()
                i += 2; continue
            }
            if t.kind == .identifier, let a = arg(t.text) {
                let pastedNext = i + 1 < b.count && b[i + 1].text == "##"
                var e = pastedNext ? a : expandList(a, hide: hide, depth: depth + 1, budget: budget)
                if let f = e.indices.first { e[f].spaceBefore = t.spaceBefore }
                out += e; i += 1; continue
            }
            out.append(t); i += 1
        }
        return out
    }
}

/// `#if` expressions: C's operators over integers, `defined`, `__has_feature`; nil is unknown.
struct CondParser {
    let toks: [ObjCToken]
    let pre: Preprocessor
    let arc: Bool?
    var i = 0
    var depth = 0

    init(toks: [ObjCToken], pre: Preprocessor, arc: Bool?) { self.toks = toks; self.pre = pre; self.arc = arc }

    func peek() -> String { i < toks.count ? toks[i].text : "" }

    mutating func expression() -> Int? {
        let c = binary(0)
        if peek() == "?" {
            i += 1
            let a = expression()
            if peek() == ":" { i += 1 }
            let b = expression()
            guard let c else { return a == b ? a : nil }
            return c != 0 ? a : b
        }
        return c
    }

    static let levels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    mutating func binary(_ level: Int) -> Int? {
        if level == Self.levels.count { return unary() }
        var lhs = binary(level + 1)
        while Self.levels[level].contains(peek()) {
            let op = peek(); i += 1
            let rhs = binary(level + 1)
            switch op {
            case "||": lhs = (lhs.map { $0 != 0 } == true || rhs.map { $0 != 0 } == true) ? 1 : (lhs == nil || rhs == nil ? nil : 0)
            case "&&": lhs = (lhs == 0 || rhs == 0) ? 0 : (lhs == nil || rhs == nil ? nil : 1)
            default:
                guard let a = lhs, let b = rhs else { lhs = nil; continue }
                switch op {
                case "|": lhs = a | b
                case "^": lhs = a ^ b
                case "&": lhs = a & b
                case "==": lhs = a == b ? 1 : 0
                case "!=": lhs = a != b ? 1 : 0
                case "<": lhs = a < b ? 1 : 0
                case ">": lhs = a > b ? 1 : 0
                case "<=": lhs = a <= b ? 1 : 0
                case ">=": lhs = a >= b ? 1 : 0
                case "<<": lhs = b >= 0 && b < 63 ? a << b : nil
                case ">>": lhs = b >= 0 && b < 63 ? a >> b : nil
                case "+": lhs = a &+ b
                case "-": lhs = a &- b
                case "*": lhs = a &* b
                case "/": lhs = b == 0 ? nil : a / b
                default: lhs = b == 0 ? nil : a % b
                }
            }
        }
        return lhs
    }

    /// How deep the expression nests now: past reason it is undecided (never a deep recursion).
    var nesting = 0

    mutating func unary() -> Int? {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > 200 { i = toks.count; return nil }
        let w = peek()
        switch w {
        case "!": i += 1; return unary().map { $0 == 0 ? 1 : 0 }
        case "-": i += 1; return unary().map { 0 &- $0 }
        case "+": i += 1; return unary()
        case "~": i += 1; return unary().map { ~$0 }
        case "(":
            i += 1
            let v = expression()
            if peek() == ")" { i += 1 }
            return v
        default: break
        }
        guard i < toks.count else { return nil }
        let t = toks[i]
        i += 1
        if t.kind == .number {
            var s = t.text.lowercased()
            while let l = s.last, l == "u" || l == "l" { s.removeLast() }
            if s.hasPrefix("0x") { return Int(s.dropFirst(2), radix: 16) }
            if s.count > 1, s.hasPrefix("0") { return Int(s.dropFirst(), radix: 8) }
            return Int(s)
        }
        if t.kind == .char { return t.text.count == 3 ? Int(t.text.unicodeScalars.dropFirst().first!.value) : nil }
        guard t.kind == .identifier else { return nil }
        switch t.text {
        case "defined":
            let paren = peek() == "("
            if paren { i += 1 }
            let name = peek(); i += 1
            if paren && peek() == ")" { i += 1 }
            if pre.env.defs[name] != nil { return 1 }
            if let b = pre.builtin(name, arc: arc) { return b.map { _ in 1 } ?? nil }
            return pre.knownUndefined(name) ? 0 : nil
        case "__has_feature", "__has_extension":
            guard peek() == "(" else { return nil }
            i += 1
            let name = peek(); i += 1
            if peek() == ")" { i += 1 }
            if name.hasPrefix("objc_arc") { return arc.map { $0 ? 1 : 0 } }
            return nil
        case "__has_include", "__has_include_next", "__has_attribute", "__has_builtin", "__has_warning", "__building_module":
            skipCall(); return nil
        default:
            if let b = pre.builtin(t.text, arc: arc) { return b }
            if let m = pre.env.defs[t.text]?.last, m.params == nil, depth < 16 {
                var sub = CondParser(toks: m.body, pre: pre, arc: arc)
                sub.depth = depth + 1
                return m.body.isEmpty ? 0 : sub.expression()
            }
            if peek() == "(" { skipCall(); return nil }   // a function-like macro of the SDK
            return pre.knownUndefined(t.text) ? 0 : nil
        }
    }

    mutating func skipCall() {
        guard peek() == "(" else { return }
        var d = 0
        while i < toks.count {
            if toks[i].text == "(" { d += 1 } else if toks[i].text == ")" { d -= 1; if d == 0 { i += 1; return } }
            i += 1
        }
    }
}
