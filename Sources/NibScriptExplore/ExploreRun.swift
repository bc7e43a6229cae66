import Dispatch
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

extension ScenarioRun {
    /// `run()` with the exploration's decision points: a gap before each statement where the
    /// run loop turns (at the start, after a `drain` or a command, before a command, and at
    /// the end), and every `choose`.
    package func runExplored(_ d: VariantDriver) {
        enterLine(at: scenario.range.start)
        scenarioFrame = makeFrame(key: "scenario", names: Names.assigned(in: scenario.body))
        d.frames = [WalkFrame(statements: scenario.body.statements, index: 0)]
        walk(d)
    }

    /// Runs a child variant: from its fork point, or replaying its prefix from `initial`.
    package func start(_ d: VariantDriver, _ child: Explore.Child, initial: Snapshot) {
        if let f = child.fork {
            runExplored(d, from: f, option: child.option)
        } else if let b = child.base, let recipe = child.recipe, let own = recipe.last {
            // A checkpoint of the parent's run: the same state replaying from the start would
            // reach there, so replaying on from it is the same run, shorter.
            restore(b.run)
            d.frames = b.frames; d.atEnd = b.atEnd; d.point = b.point; d.used = b.used; d.stepCount = b.steps
            d.eventEnded = b.eventEnded
            d.replay = [own]
            d.deviations = recipe
            d.exploreAfterReplay = true
            walk(d)
        } else {
            restore(initial)
            d.replay = child.recipe!
            d.deviations = child.recipe!
            d.exploreAfterReplay = true
            runExplored(d)
        }
    }

    /// Runs a variant from its parent's fork point, taking `option` there.
    package func runExplored(_ d: VariantDriver, from f: Explore.ForkPoint, option: Int) {
        restore(f.run)
        d.frames = f.frames; d.atEnd = f.atEnd; d.point = f.point; d.used = f.used; d.stepCount = f.steps
        d.eventEnded = f.eventEnded; d.deviations = f.deviations
        d.pending = option
        walk(d)
    }

    /// The statement walk, from wherever the continuation `d.frames` says, to the end.
    private func walk(_ d: VariantDriver) {
        let ctx = Context(selfObject: nil, implementingClass: nil, selector: nil, frame: scenarioFrame)
        if !d.atEnd {
            frames: while let fi = d.frames.indices.last {
                // The frame's statements, held while the frame runs (a `choose` entered grows
                // `d.frames`, so they are not read through it), and read in place (see
                // `execute(_:_:topLevel:)`).
                let statements = d.frames[fi].statements
                while d.frames[fi].index < statements.count {
                    let i = d.frames[fi].index
                    let s = statements[i]  // rebuilt from its record (see `Statements`)
                    let range = s.range
                    enterLine(at: range.start)
                    // What the walk does with it, found without copying its payload.
                    let isCommand: Bool, endsEvent: Bool
                    switch s.kind {
                    case .expect(let e):
                        check(e, ctx)
                        d.frames[fi].index += 1
                        continue
                    case .choose: isCommand = false; endsEvent = false
                    // A command runs inside the current event and ends it (O3): explore's turn
                    // comes after it. A memory warning ends the current event first, so a turn
                    // comes before it too. An `event { … }` block is one step: no turn inside it.
                    case .command(let verb, _): isCommand = verb.name == "memoryWarning"; endsEvent = true
                    case .drain, .event: isCommand = false; endsEvent = true
                    default: isCommand = false; endsEvent = false
                    }
                    if d.stopped { return }
                    if crashed { d.frames[fi].index += 1; continue }
                    if case .choose(let branches) = s.kind {
                        let k = d.decide(kind: 2, position: range.start, options: branches.count, run: self)
                        if d.stopped { return }
                        d.step(.branch(line: line, index: k, of: branches.count))
                        d.frames.append(WalkFrame(statements: branches[k].statements, index: 0))
                        continue frames
                    }
                    if d.eventEnded || isCommand {
                        gap(kind: 0, position: range.start, ctx, d)
                        if d.stopped { return }
                        enterLine(at: range.start)
                    }
                    d.step(.statement(line: line, text: stepText(range)))
                    header(range)
                    execute(s, ctx)
                    d.eventEnded = endsEvent
                    d.frames[fi].index += 1
                }
                d.frames.removeLast()
                if let up = d.frames.indices.last { d.frames[up].index += 1 }
            }
            enterLine(at: max(scenario.range.start, scenario.range.end - 1))
            d.atEnd = true
        }
        if !crashed { gap(kind: 1, position: -1, ctx, d) }
        guard !d.stopped else { return }
        if !crashed { d.step(.end(line: line)) }
        finish()
    }

    /// A run-loop turn: while warnings are left, decide whether one comes here.
    private func gap(kind: UInt8, position: Int, _ ctx: Context, _ d: VariantDriver) {
        // With no warning left the gap is still a checkpoint: a run that reaches a state
        // already explored stops there.
        while !crashed {
            let c = d.decide(kind: kind, position: position, options: d.used < d.budget ? 2 : 1, run: self)
            if d.stopped || c == 0 { return }
            d.used += 1
            if d.steps != nil {
                // After the last step taken, a `choose` included: the path lists steps in
                // the order they happened, so the warning names the line just before it.
                let after = d.steps!.reversed().lazy.compactMap { step -> Int? in
                    switch step {
                    case .statement(let l, _), .branch(let l, _, _): return l
                    default: return nil
                    }
                }.first ?? line
                d.step(.warning(afterLine: after))
            } else {
                d.stepCount += 1
            }
            let saved = site
            note("memory warning inserted by explore", extraDepth: 0)
            command(Identifier("memoryWarning", scenario.titleRange), [], ctx)
            site = saved
            d.eventEnded = true
        }
    }

    private func stepText(_ range: SourceRange) -> String {
        let t = file.text(range).split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        return Self.trimmingWhitespaces(t)
    }

    /// `trimmingCharacters(in: .whitespaces)` (tab, Unicode's space separators and U+200B, not
    /// line breaks), without Foundation's: that took 13,600 instructions a step, 11 % of an audit
    /// (issue 27). ASCII is decided without looking up a scalar's properties.
    static func trimmingWhitespaces(_ t: Substring) -> String {
        func isSpace(_ u: Unicode.Scalar) -> Bool {
            if u.value < 0x80 { return u == " " || u == "\t" }
            // CoreFoundation's whitespace set also holds ZERO WIDTH SPACE.
            return u.value == 0x200B || u.properties.generalCategory == .spaceSeparator
        }
        let scalars = t.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[first...last])
    }

    /// The outcome of a finished run, with objects named by class and name (no numbers, so
    /// the same object made in two variants compares equal).
    /// Only what an outcome needs: the full `report()` would label every live object and
    /// search for abandoned memory, for each finished variant.
    package func exploreOutcome() -> Explore.Outcome {
        checkDeferred()
        func name(_ o: ObjectID) -> String { "\(engine.className(engine.classOf(o))) \(engine.name(o))" }
        var o = Explore.Outcome()
        o.crashRecord = crashRecord()
        if let c = o.crashRecord { o.crash = (c.line, c.message) }
        let zombies = zombieObjects(), leaks = leakedObjects()
        o.zombies = zombies.map(name)
        o.leaks = leaks.map(name)
        o.zombieRecords = zip(zombies, o.zombies).map { ObjectRecord(object: objectRef($0), count: engine.count($0), text: $1) }
        o.leakRecords = zip(leaks, o.leaks).map { ObjectRecord(object: objectRef($0), count: engine.count($0), text: $1) }
        o.failed = results.filter { !$0.passed && $0.text != "(no crash expected)" }.map { ($0.line, $0.text, $0.detail) }
        o.errors = runtimeErrors.map { "line \(file.location(of: $0.range.start).line): \($0.message)" }
        o.passed = results.filter(\.passed).count
        return o
    }
}
