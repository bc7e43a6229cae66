// C functions that release what their caller hands them. Old Cocoa projects wrap the
// `[x release], x = nil;` idiom in a function, often behind a macro:
//
//     void _SPClear(id *addr) { [*addr release], *addr = nil; }
//     #define SPClear(x) _SPClear(&x)
//
// so `dealloc` says `SPClear(fieldIcon);`, and a reader that sees only a function call
// reports every such member as a leak (Sequel Pro: 99 wrong leaks). The definitions are read
// from every file (a `.m` or an inline function of a header), and a call `F(&x)` or `F(x)` of
// a method body whose argument is a member becomes the statements the function's body makes
// on that parameter: a release (or autorelease) through the pointer or of the value, and the
// nil stored through the pointer. A call of a function that does something else to its
// parameter, or under a condition that is not a nil check of it, stays not understood.

/// What a function does to one of its parameters.
struct ParameterEffect: Sendable, Equatable {
    enum Op: Sendable { case release, autorelease, setNil }
    var parameter: Int
    var op: Op
    /// Through the pointer the caller passed (`[*p release]`, `*p = nil`): the call's
    /// argument is `&x`; otherwise the value itself (`[obj release]`): the argument is `x`.
    var throughPointer: Bool
}

/// A C function whose body releases (or clears) what its parameters point at.
struct ReleasingFunction: Sendable {
    var name: String
    var effects: [ParameterEffect]
}

/// A call `F(&x)` / `F(x, &y)` written as a statement, kept beside the statement not
/// understood until the functions of every file are known.
public struct FunctionCall: Sendable {
    public struct Argument: Sendable, Equatable {
        public var name: String
        public var addressOf: Bool
    }
    public var function: String
    /// Each argument: a member (`x`, `self->x`, `&x`, `&self->x`), or nil for anything else.
    public var arguments: [Argument?]
    public var conditions: [String] = []
    public var requiresARC: Bool?
    public var macro: String?
}

enum ReleasingFunctionScanner {
    /// The function definitions at the top level of a file's code (outside any braces;
    /// between `@implementation` and `@end` too, where a method starts with `-` or `+`).
    static func scan(_ toks: [ObjCToken], path: String) -> [ReleasingFunction] {
        var out: [ReleasingFunction] = []
        var depth = 0
        var k = 0
        func t(_ j: Int) -> String { j < toks.count ? toks[j].text : "" }
        while k < toks.count {
            let w = t(k)
            if w == "{" { depth += 1; k += 1; continue }
            if w == "}" { depth = max(0, depth - 1); k += 1; continue }
            guard depth == 0, toks[k].isIdentifier, t(k + 1) == "(", !["if", "while", "for", "switch", "return", "sizeof", "__attribute__"].contains(w),
                  k > 0, toks[k - 1].isIdentifier && !t(k - 1).hasPrefix("@") || t(k - 1) == "*" else { k += 1; continue }
            // The parameter list, then the body.
            var j = k + 2
            var paren = 1
            var params: [[String]] = [[]]
            while j < toks.count, paren > 0 {
                let x = t(j)
                if x == "(" { paren += 1 } else if x == ")" { paren -= 1; if paren == 0 { break } }
                if paren == 1 && x == "," { params.append([]) } else { params[params.count - 1].append(x) }
                j += 1
            }
            guard t(j) == ")", t(j + 1) == "{" else { k += 1; continue }
            let names = params.map { p in p.last(where: { StatementRecognizer.isName($0) && !["id", "void", "const"].contains($0) }) ?? "" }
            // The body's end.
            var e = j + 2
            var braces = 1
            while e < toks.count, braces > 0 {
                if t(e) == "{" { braces += 1 } else if t(e) == "}" { braces -= 1 }
                e += 1
            }
            var split = StatementSplitter(toks: toks, path: path, from: j + 2, to: e - 1)
            split.body()
            var effects: [ParameterEffect] = []
            var other = false
            for s in split.out {
                let ws = StatementRecognizer.withoutCasts(s.idx.map { toks[$0].text })
                guard let (p, op, through) = effect(ws, names: names) else {
                    // A statement about a parameter the reader does not know makes the function unknown.
                    if ws.contains(where: { !$0.isEmpty && names.contains($0) }) { other = true }
                    continue
                }
                guard s.path.allSatisfy({ isNilCheck($0.condition, of: names[p]) }) else { other = true; continue }
                effects.append(ParameterEffect(parameter: p, op: op, throughPointer: through))
            }
            if !other, effects.contains(where: { $0.op != .setNil }) { out.append(ReleasingFunction(name: w, effects: effects)) }
            k = e
        }
        return out
    }

    /// `[*p release]`, `[p autorelease]`, `*p = nil`: the parameter, the operation, and
    /// whether it goes through the pointer.
    static func effect(_ w: [String], names: [String]) -> (Int, ParameterEffect.Op, Bool)? {
        if w.count == 5, w[0] == "[", w[1] == "*", w[4] == "]", let p = names.firstIndex(of: w[2]) {
            if w[3] == "release" { return (p, .release, true) }
            if w[3] == "autorelease" { return (p, .autorelease, true) }
        }
        if w.count == 4, w[0] == "[", w[3] == "]", let p = names.firstIndex(of: w[1]) {
            if w[2] == "release" { return (p, .release, false) }
            if w[2] == "autorelease" { return (p, .autorelease, false) }
        }
        if w.count == 4, w[0] == "*", w[2] == "=", ["nil", "NULL", "0", "Nil"].contains(w[3]), let p = names.firstIndex(of: w[1]) {
            return (p, .setNil, true)
        }
        return nil
    }

    /// `*p`, `p`, `p && *p`, `*p != nil`: a test that the object (or the pointer) is there,
    /// under which the release is as good as unconditional (`[nil release]` does nothing).
    static func isNilCheck(_ condition: String, of name: String) -> Bool {
        var c = condition.replacingOccurrences(of: " ", with: "")
        for junk in ["(", ")", "!=nil", "!=NULL", "!=0"] { c = c.replacingOccurrences(of: junk, with: "") }
        return c.split(separator: "&").allSatisfy { $0 == name || $0 == "*" + name }
    }

    /// A statement `F(args)` whose arguments are members or their addresses.
    static func call(_ ts: [ObjCToken]) -> FunctionCall? {
        let w = ts.map(\.text)
        guard w.count >= 3, ts[0].isIdentifier, w[1] == "(", w.last == ")", StatementRecognizer.isName(w[0]) else { return nil }
        var args: [[String]] = [[]]
        var depth = 0
        for x in w[2..<(w.count - 1)] {
            if x == "(" || x == "[" { depth += 1 } else if x == ")" || x == "]" { depth -= 1 }
            if depth < 0 { return nil }
            if depth == 0 && x == "," { args.append([]) } else { args[args.count - 1].append(x) }
        }
        guard depth == 0 else { return nil }
        let parsed = args.map { a -> FunctionCall.Argument? in
            let addressOf = a.first == "&"
            guard let (name, viaSetter) = StatementRecognizer.subject(addressOf ? a.dropFirst() : a[...]), !viaSetter else { return nil }
            return FunctionCall.Argument(name: name, addressOf: addressOf)
        }
        guard parsed.contains(where: { $0 != nil }) else { return nil }
        return FunctionCall(function: w[0], arguments: parsed)
    }
}

extension ImportedProject {
    /// Turns each call of a releasing function into the statements it makes on its
    /// arguments (see the top of this file), in every method of every class.
    mutating func resolveCalls(_ functions: [String: ReleasingFunction]) {
        guard !functions.isEmpty else { return }
        func resolve(_ m: inout ImportedMethod) -> Bool {
            var changed = false
            var keep: [UnreadStatement] = []
            for u in m.unread {
                guard let call = u.call, let f = functions[call.function] else { keep.append(u); continue }
                var made: [ImportedStatement] = []
                var fits = true
                for e in f.effects {
                    guard e.parameter < call.arguments.count, let a = call.arguments[e.parameter], a.addressOf == e.throughPointer else {
                        // A value parameter cleared through its pointer changes only the copy.
                        if e.op == .setNil && !e.throughPointer { continue }
                        fits = false; break
                    }
                    let kind: ImportedStatementKind = e.op == .release ? .release(a.name) : e.op == .autorelease ? .autorelease(a.name) : .setNil(a.name, viaSetter: false)
                    var st = ImportedStatement(kind: kind, place: u.place, text: u.text)
                    st.path = u.path
                    st.conditions = call.conditions
                    st.requiresARC = call.requiresARC
                    st.macro = call.macro
                    made.append(st)
                }
                guard fits, !made.isEmpty else { keep.append(u); continue }
                let at = m.statements.firstIndex { $0.place > u.place } ?? m.statements.count
                m.statements.insert(contentsOf: made, at: at)
                changed = true
            }
            m.unread = keep
            return changed
        }
        func resolve(_ c: inout ImportedClass) {
            var mrc = false
            for k in c.methods.indices where resolve(&c.methods[k]) { mrc = true }
            for k in c.helpers.indices where resolve(&c.helpers[k]) { mrc = true }
            if mrc { c.usesMRC = true }
        }
        for i in classes.indices { resolve(&classes[i]) }
        for i in categories.indices { resolve(&categories[i]) }
    }
}
