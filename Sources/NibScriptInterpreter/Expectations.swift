import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

package struct ExpectationResult: Equatable {
    package var line: Int
    package var text: String
    package var passed: Bool
    /// What was found instead, when it failed.
    package var detail: String?
    /// For `expect count`: the count found (0 once deallocated), whether it passed or not.
    package var observed: Int? = nil
}

/// Expectations look at memory as a debugger does: they read slots and never send a
/// message, so checking a dangling outlet does not crash the scenario. Leaks, zombies and
/// crashes describe the whole run and are checked at its end, wherever they are written.
extension ScenarioRun {
    package static var eventKinds: [String] { EventLog.kinds }

    package func check(_ e: Expectation, _ ctx: Context) {
        // A scoped expectation (`expect (mac) …`) runs only in the configurations it names.
        if let scope = e.scope, !scope.contains(where: { $0.matches(config) }) { return }
        switch e.kind {
        case .leaks, .zombies, .crash, .noCrash:
            deferred.append((e, line, ctx))
        default:
            // Evaluated without its text: a result with nothing more to say keeps only the
            // range its text is read from (`ExpectationResults`).
            var r = evaluate(e, ctx, line: line, text: "")
            if r.detail == nil, r.observed == nil, let prefixed = textNeedsPrefix(e.range) {
                results.append(line: line, passed: r.passed, text: e.range, prefixed: prefixed)
            } else {
                r.text = expectationText(e)
                results.append(r)
            }
        }
    }

    /// Checks the end-of-run expectations, and records an unexpected crash as a failure.
    package func checkDeferred() {
        for (e, l, ctx) in deferred { results.append(evaluate(e, ctx, line: l, text: expectationText(e))) }
        // One unexpected crash is one failure: an `expect no crash` already fails for it.
        let saysCrash = deferred.contains {
            switch $0.0.kind { case .crash, .noCrash: return true; default: return false }
        }
        if let c = engine.crash, !saysCrash {
            results.append(ExpectationResult(line: crashLine ?? 0, text: "(no crash expected)", passed: false,
                                             detail: "the app crashed at line \(crashLine ?? 0): \(c.message)"))
        }
        results.sortByLine()
    }

    /// Whether `expectationText` puts "expect " before the text of `range` (it does unless
    /// the text starts with "expect"), read from the bytes; nil when the bytes alone cannot
    /// tell (a character that is not ASCII right after "expect" could extend its "t").
    private func textNeedsPrefix(_ range: SourceRange) -> Bool? {
        let b = file.bytes
        let lo = max(0, min(range.start, b.count)), hi = max(lo, min(range.end, b.count))
        let word: [UInt8] = Array("expect".utf8)
        guard hi - lo >= word.count, b[lo..<lo + word.count].elementsEqual(word) else { return true }
        return hi - lo == word.count || b[lo + word.count] < 0x80 ? false : nil
    }

    package func expectationText(_ e: Expectation) -> String {
        let t = file.text(e.range)
        return t.hasPrefix("expect") ? t : "expect " + t
    }

    /// The scenario's variables, the application, windows and stacks, and what the
    /// autorelease pools still hold (owned by the pool until it drains).
    package var roots: [ObjectID] {
        let pending = (0..<engine.poolDepth).flatMap { engine.pendingReleases(inPool: $0) }
        return [scenarioFrame.object] + (application.map { [$0] } ?? []) + extraRoots + pending
    }

    /// Under garbage collection nothing leaks: what is unreachable is garbage, freed at the
    /// next collection.
    package func leakedObjects() -> [ObjectID] { config.isGC ? [] : engine.leaks(roots: roots, followsAdopted: adoptionIsReference) }

    /// Whether the +1s `holder` adopted are references (O9): the application keeps what it
    /// adopted, and a Mac window or view controller releases its adopted top-level objects
    /// in dealloc. A plain File's Owner only owes their release (N3): it holds no pointer,
    /// so an object nothing else reaches is a leak, as Instruments' Leaks reports it.
    package func adoptionIsReference(_ holder: ObjectID) -> Bool {
        holder == application || isKind(holder, "NSWindowController") || isKind(holder, "NSViewController")
    }

    package func zombieObjects() -> [ObjectID] { engine.history.zombies }

    private func evaluate(_ e: Expectation, _ ctx: Context, line: Int, text: String) -> ExpectationResult {
        func result(_ ok: Bool, _ detail: @autoclosure () -> String) -> ExpectationResult {
            ExpectationResult(line: line, text: text, passed: ok, detail: ok ? nil : detail())
        }
        switch e.kind {
        case .count(let expr, let op, let n, _):
            let (o, desc) = inspect(expr, ctx)
            guard let o else { return result(false, nilText(desc)) }
            let c = engine.isAlive(o) ? engine.count(o) : 0
            var r = result(compare(c, op, n), "\(label(o)) has count \(c)\(engine.isAlive(o) ? "" : " (deallocated)")")
            r.observed = c
            return r
        case .state(let expr, let want):
            let (o, desc) = inspect(expr, ctx)
            switch want {
            case .alive:
                guard let o else { return result(false, nilText(desc)) }
                return result(engine.isAlive(o), "\(label(o)) was deallocated at line \(deallocLine(o))")
            case .deallocated:
                guard let o else { return result(false, nilText(desc)) }
                return result(!engine.isAlive(o), "\(label(o)) is alive with count \(engine.count(o))")
            case .isNil:
                return result(o == nil, "\(desc) points at \(o.map(label) ?? "")\(o.map { engine.isAlive($0) ? "" : " (deallocated)" } ?? "")")
            case .dangling:
                guard let o else { return result(false, nilText(desc)) }
                return result(!engine.isAlive(o), "\(desc) points at \(label(o)), which is alive with count \(engine.count(o))")
            }
        case .leaks(let exprs):
            let actual = leakedObjects()
            let (wanted, unnamed) = objectsNamed(exprs, ctx)
            let ok = Set(actual) == Set(wanted) && wanted.count == exprs.count
            return result(ok, (actual.isEmpty ? "no leaks" : "leaks: " + actual.map(label).joined(separator: ", ")) + unnamed)
        case .zombies(let exprs):
            let actual = zombieObjects()
            let (wanted, unnamed) = objectsNamed(exprs, ctx)
            let ok = Set(actual) == Set(wanted) && wanted.count == exprs.count
            return result(ok, (actual.isEmpty ? "no zombie messages" : "zombie messages to: " + actual.map(label).joined(separator: ", ")) + unnamed)
        case .crash(let substring):
            guard let c = engine.crash else { return result(false, "no crash") }
            if let s = substring, !c.message.contains(s) { return result(false, "crashed with: \(c.message)") }
            // The crash must be the one at or after the statement before the expectation,
            // not an earlier, unrelated one.
            let floor = CrashPlacement.previousStatementLine(before: e.range.start, in: scenario.body, file: file)
            if let at = crashStatementLine, at < floor {
                return result(false, "the crash was at line \(at), before line \(floor) (the statement before this expectation): \(c.message)")
            }
            return result(true, "")
        case .noCrash:
            return result(engine.crash == nil, "crashed at line \(crashLine ?? 0): \(engine.crash?.message ?? "")")
        case .event(let negated, let kind, let subject):
            let o = subject.flatMap { inspect($0, ctx).0 }
            let happened = happened(kind.name, to: subject == nil ? nil : o)
            let what = "\(kind.name)" + (o.map { " of \(label($0))" } ?? "")
            return result(happened != negated, negated ? "\(what) happened" : "no \(what) happened")
        case .warning(let s):
            return result(warnings.contains { $0.text.contains(s) },
                          warnings.isEmpty ? "no warnings" : "warnings: " + warnings.map(\.text).joined(separator: "; "))
        case .other(let verb, let args, let negated):
            return controllerExpectation(verb, args, negated: negated, ctx, result: result)
        }
    }

    /// Why a path gave no object: it is nil, or its name is ambiguous (TraceNames).
    private func nilText(_ desc: String) -> String {
        desc.contains(" objects are called ") ? desc : "\(desc) is nil"
    }

    private func compare(_ a: Int, _ op: CompareOp, _ b: Int) -> Bool {
        switch op {
        case .eq: return a == b
        case .ne: return a != b
        case .lt: return a < b
        case .le: return a <= b
        case .gt: return a > b
        case .ge: return a >= b
        }
    }

    /// Reads a path without sending messages: the object it ends at (nil for a nil
    /// pointer) and how to name the path in a message.
    /// The objects a list of paths names, and, for a path that names none (nil, unknown, or
    /// a trace name several objects have), why: a failure that lists exactly what was asked
    /// must say which name did not count.
    func objectsNamed(_ exprs: [Expr], _ ctx: Context) -> ([ObjectID], String) {
        var found: [ObjectID] = []
        var why: [String] = []
        for e in exprs {
            let (o, desc) = inspect(e, ctx)
            if let o { found.append(o); continue }
            let text = file.text(e.range)
            why.append(desc == text ? "'\(text)' names no object" : desc)
        }
        return (found, why.isEmpty ? "" : "; " + why.joined(separator: "; "))
    }

    package func inspect(_ e: Expr, _ ctx: Context) -> (ObjectID?, String) {
        let desc = file.text(e.range)
        switch e.kind {
        case .name(let id):
            if id.name == "self" { return (ctx.selfObject, desc) }
            if let o = watched[id.name], ctx.frame.object == scenarioFrame.object { return (o, desc) }
            if let k = ctx.frame.slot(id.name) { return (engine.read(SlotRef(ctx.frame.object, k)), desc) }
            if let o = nibNames[id.name] { return (o, desc) }
            if id.name == "app" { return (application, desc) }
            // A name only the trace gives (an object a method body made): the one object with it.
            let (o, ambiguity) = object(tracedAs: id.name)
            return (o, ambiguity ?? desc)
        case .string(let s):
            guard let (name, number) = TraceNames.parseLabel(s) else { return (nil, desc) }
            return (object(labelled: name, number: number), desc)
        case .property(let base, let name), .ivar(let base, let name):
            guard let b = inspect(base, ctx).0 else { return (nil, desc) }
            let cls = runtimeClass(of: b)
            let isProperty: Bool = { if case .property = e.kind { return true }; return false }()
            if isProperty, name.name == "view" || name.name == "window", let p = cls.property(name.name) {
                return (engine.read(SlotRef(b, p.slot)), desc)
            }
            let slot = isProperty ? cls.property(name.name)?.slot : cls.ivar(name.name)?.slot
            guard let s = slot else { return (nil, desc) }
            return (engine.read(SlotRef(b, s)), desc)
        default:
            return (nil, desc)
        }
    }
}
