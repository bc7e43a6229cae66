import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

extension ScenarioRun {
    /// Runs the scenario to its end (or its crash), then the end of the run loop's event.
    package func run() {
        site = Self.site(scenario.range.start)
        scenarioFrame = makeFrame(key: "scenario", names: Names.assigned(in: scenario.body))
        // A big scenario's `x = new X` statements: room for their objects at once (see
        // `Statements.packedNewCount`).
        let made = scenario.body.statements.packedNewCount
        if made >= 4_096 { engine.reserveCapacity(objects: made) }
        let ctx = Context(selfObject: nil, implementingClass: nil, selector: nil, frame: scenarioFrame)
        execute(scenario.body.statements, ctx, topLevel: true)
        finish()
    }

    /// Runs a block's statements in order. An assignment, retain, release or autorelease
    /// is run from its packed record's parts (see `Statements`); any other statement is
    /// rebuilt whole first.
    package func execute(_ statements: Statements, _ ctx: Context, topLevel: Bool = false) {
        // In the scenario's own frame a record runs from its names in place (see
        // `StatementRecords.swift`), its variables found by the index of their names.
        let records = ctx.selfObject == nil && ctx.arguments.isEmpty && scenarioFrame != nil && ctx.frame.object == scenarioFrame.object
        statements.withView { v in
            if records { useRecordSlots(of: v) }
            var skippedAfterCrash = false
            for i in 0..<v.count {
                let kind = v.kind(i)
                switch kind {
                case .assign, .retain, .release, .autorelease:
                    let start = v.start(i)
                    if stopsAt(start) { return }
                    site = Self.site(start)
                    if crashed {
                        if topLevel && !skippedAfterCrash { skippedAfterCrash = true; skipped() }
                        continue
                    }
                    if records {
                        runRecord(v, i, kind, ctx)
                        continue
                    }
                    let p = v.parts(i)
                    header(p.range)
                    switch kind {
                    case .assign: assign(p.first, p.second, ctx)
                    case .retain: retain(p.first, ctx)
                    case .release: release(p.first, ctx)
                    default: autorelease(p.first, ctx)
                    }
                default:
                    let start = v.start(i)
                    if stopsAt(start) { return }
                    site = Self.site(start)
                    // After a crash only expectations are read: nothing else is rebuilt.
                    if let e = v.stateExpectation(i) { check(e, ctx); continue }
                    if crashed && !v.isExpectation(i) {
                        if topLevel && !skippedAfterCrash { skippedAfterCrash = true; skipped() }
                        continue
                    }
                    let s = v.statement(i)
                    if case .expect(let e) = s.kind { check(e, ctx); continue }
                    header(s.range)
                    execute(s, ctx)
                }
            }
        }
    }

    private func skipped() {
        note("skipped: the app crashed at line \(crashLine ?? line)", extraDepth: 0)
    }

    /// Runs one statement.
    package func execute(_ s: Stmt, _ ctx: Context) {
        switch s.kind {
        case .assign(let target, let value):
            assign(target, value, ctx)
        case .retain(let e):
            retain(e, ctx)
        case .release(let e):
            release(e, ctx)
        case .autorelease(let e):
            autorelease(e, ctx)
        default:
            executeOther(s, ctx)
        }
    }

    /// `retain e`.
    private func retain(_ e: Expr, _ ctx: Context) {
        if config.isGC { return noteGC() }
        retain(operand(e, ctx), isArgument: isArgument(e, ctx), ctx)
    }

    /// `retain` of the value `v`, read from an argument of the method or not.
    func retain(_ v: Operand, isArgument: Bool, _ ctx: Context) {
        guard let o = v.object else { return note("message to nil: nothing happens") }
        // The reference it was read from holds the extra claim (`retain _x` after
        // `_x = value` is how an MRC setter owns its value). A value read from nowhere
        // (`value`, a nib object's name) in a method gives its claim to the ivar of self
        // that holds it, whether `v = value` came before or comes after; otherwise it
        // floats until released.
        // An argument's place is the caller's reference, not the method's own.
        let place = isArgument ? nil : v.place
        if place == nil, let r = unownedIvar(of: ctx, pointingAt: o) {
            engine.retain(o, via: r)
        } else {
            engine.retain(o, via: place)
            if place == nil, ctx.selfObject != nil { floatingRetains.append((ctx.frame.object, o)) }
        }
    }

    /// `release e`.
    private func release(_ e: Expr, _ ctx: Context) {
        if config.isGC { return noteGC() }
        release(operand(e, ctx))
    }

    /// `release` of the value `v`.
    func release(_ v: Operand) {
        guard let o = v.object else { return note("message to nil: nothing happens") }
        engine.release(o, via: v.place)
    }

    /// `autorelease e`.
    private func autorelease(_ e: Expr, _ ctx: Context) {
        if config.isGC { return noteGC() }
        autorelease(operand(e, ctx))
    }

    /// `autorelease` of the value `v`.
    func autorelease(_ v: Operand) {
        guard let o = v.object else { return note("message to nil: nothing happens") }
        engine.autorelease(o, via: v.place)
    }

    func noteGC() {
        note("retain, release and autorelease do nothing under garbage collection (G1)")
    }

    /// The statements other than assignments, retains, releases and autoreleases.
    private func executeOther(_ s: Stmt, _ ctx: Context) {
        switch s.kind {
        case .assign, .retain, .release, .autorelease:
            break  // run by `execute(_:_:)`, which calls this for the others only
        case .cfRelease(let e):
            let v = evaluate(e, ctx)
            guard let o = v.object else { return raiseCFReleaseNULL() }
            // A bridged release gives up File's Owner's +1 on a Mac top-level object; an ARC
            // strong reference keeps its own claim (ARC still releases it later).
            if let r = v.place, engine.consumeAdopted(o, by: r.holder) {
                engine.release(o)
            } else if config.isARC {
                engine.release(o)
            } else {
                engine.release(o, via: v.place)
            }
        case .send(let e, let sel, let args):
            let v = evaluate(e, ctx)
            guard !crashed else { return }
            let values = args.map { evaluate($0, ctx) }
            guard !crashed else { return }
            guard let o = v.object else {
                values.forEach(releaseTemporary)
                return note("message to nil: nothing happens")
            }
            send(sel?.name ?? "description", to: o, arguments: values)
        case .loadNib(let nib, let owner):
            let v = evaluate(owner, ctx)
            guard !crashed else { return }
            loadNib(named: nib.name, owner: v.object)
        case .drain:
            note("the event ends: the run loop's autorelease pool drains")
            drainRunLoopPool()
        case .autoreleasePool(let block):
            engine.pushPool()
            note("autorelease pool \(engine.poolDepth - 1) begins")
            execute(block.statements, ctx)
            site = Self.site(max(block.range.start, block.range.end - 1))
            if !crashed && !stopsAt(block.range.end - 1) { engine.drainPool() }
        case .superCall:
            callSuper(ctx)
        case .watch(let e):
            guard case .name(let id) = e.kind else { return }
            let v = evaluate(e, ctx)
            guard let o = v.object else { return note("\(id.name) is nil: nothing to watch") }
            watched[id.name] = o
            note("expectations naming \(id.name) now read \(shortLabel(o)), a handle that owns nothing")
        case .expect(let e):
            check(e, ctx)
        case .command(let verb, let args):
            command(verb, args, ctx)
        case .choose(let branches):
            // `nibscript run` takes the first branch; `nibscript explore` drives the choice itself.
            note("choose: branch 1 of \(branches.count)")
            execute(branches[0].statements, ctx)
        case .event(let block):
            runEvent(block, ctx)
        case .ifElse(let s):
            runIf(s, ctx)
        }
    }

    package func isArgument(_ e: Expr, _ ctx: Context) -> Bool {
        if case .name(let id) = e.kind { return ctx.argument(id.name) != nil && ctx.frame.slot(id.name) == nil }
        return false
    }

    /// An MRC ivar of the method's self, without a claim, that points at `o`: the ivar a
    /// setter body stored `value` into before retaining it.
    package func unownedIvar(of ctx: Context, pointingAt o: ObjectID) -> SlotRef? {
        guard let me = ctx.selfObject, !config.isARC, engine.isAlive(me) else { return nil }
        for k in runtimeClass(of: me).ancestors {
            for iv in k.ivars where iv.ownership == .none {
                let r = SlotRef(me, iv.slot)
                if engine.read(r) == o, engine.claims(r) == 0 { return r }
            }
        }
        return nil
    }

    /// A `retain value` of this method frame not yet owned by any reference: the ivar of
    /// self that stores `o` next takes it over (`retain value` then `v = value`).
    package func takeFloatingRetain(of o: ObjectID?, in ctx: Context) -> Bool {
        guard let o, let k = floatingRetains.firstIndex(where: { $0.frame == ctx.frame.object && $0.object == o }) else { return false }
        floatingRetains.remove(at: k)
        return true
    }

    /// `nibscript graph --at L`: true (and from then on) once an offset of the scenario after
    /// line L is reached: a statement's start, a pool's or the scenario's closing brace (whose
    /// drain then does not happen). Method bodies, written outside the scenario, never stop it.
    package func stopsAt(_ offset: Int) -> Bool {
        guard let stop = stopAfterLine, !stopped else { return stopped }
        guard scenario.range.start <= offset, offset < scenario.range.end,
              file.location(of: offset).line > stop else { return false }
        stopped = true
        return true
    }

    /// Drains every pool down to the run loop's: what the end of an event does.
    package func drainRunLoopPool() {
        while engine.poolDepth > 1, !crashed { engine.drainPool() }
        if !crashed { engine.drainPool() }
        if !traps.performs.isEmpty { firePerforms() }
        collectGarbage()
    }

    /// Under garbage collection (G1) the collector runs when an event ends: it frees what no
    /// root reaches through any non-weak reference. Their `dealloc` bodies do not run.
    package func collectGarbage() {
        guard config.isGC, !crashed else { return }
        let freed = engine.collectGarbage(roots: roots)
        note("the collector runs: \(freed.isEmpty ? "nothing is unreachable" : "\(freed.count) unreachable object\(freed.count == 1 ? "" : "s") freed")")
    }

    package func raiseCFReleaseNULL() {
        // CFRelease(NULL) is a crash, unlike a message to nil.
        engine.raise("CFRelease(NULL): EXC_BAD_ACCESS", object: nil, selector: "CFRelease")
    }

    /// The end of the scenario: the current event ends and its pool drains. The scenario's
    /// variables stay in scope for the summary (they are its roots), under MRC and ARC alike.
    package func finish() {
        site = Self.site(max(scenario.range.start, scenario.range.end - 1))
        guard !crashed, !stopsAt(max(scenario.range.start, scenario.range.end - 1)) else { return }
        if engine.pendingReleaseCount > 0 || config.isGC || !traps.performs.isEmpty {
            traceLine(depth: 0, "end of scenario: the event ends and the run loop's pool drains")
            drainRunLoopPool()
        }
    }

    /// Sends a message: a zombie if the receiver is deallocated; runs a method of the
    /// script if the class has one by that name (its first argument is `value`), else
    /// Cocoa's own behaviour where it matters for ownership.
    package func send(_ selector: String, to o: ObjectID, arguments: [Operand] = []) {
        defer { arguments.forEach(releaseTemporary) }
        guard engine.message(o, selector) else { return }
        let cls = runtimeClass(of: o)
        if let (m, owner) = cls.method(selector) {
            invoke(m, of: owner, on: o, selector: selector, arguments: arguments.first.map { [("value", $0)] } ?? [])
        } else if BuiltinMessages.perform(selector, on: o, cls: cls, arguments: arguments, in: self) {
            return
        } else if let handled = builtinMessage(selector, to: o, cls: cls), handled {
            return
        } else {
            note("-[\(cls.name) \(selector)] sent to \(shortLabel(o))")
        }
    }

    package func runtimeClass(of o: ObjectID) -> RuntimeClass {
        classes[engineClass: engine.classOf(o)] ?? classes[engine.className(engine.classOf(o))]!
    }
}
