import NibScriptSyntax

/// `event { … }` (O3): the statements and commands of one action method, run in one
/// run-loop event. Commands inside it do not end the event; its closing brace does.
/// What cannot happen inside one action is an error: a memory warning (an event of the
/// system's own), `drain` (which would end it), a `choose` (explore's choices sit between
/// events) and another `event`.
enum EventBlocks {
    static func check(_ b: Block, diagnostics: inout [Diagnostic]) {
        var stack = [b]
        while let block = stack.popLast() {
            for s in block.statements {
                switch s.kind {
                case .command(let verb, _) where verb.name == "memoryWarning":
                    diagnostics.append(.error("a memory warning is an event of its own; it cannot be inside an 'event' block", at: s.range))
                case .drain:
                    diagnostics.append(.error("'drain' ends the event; an 'event' block ends at its closing brace", at: s.range))
                case .choose:
                    diagnostics.append(.error("'choose' cannot be inside an 'event' block: put the block in a branch instead", at: s.range))
                case .event:
                    diagnostics.append(.error("an 'event' block cannot hold another one", at: s.range))
                case .autoreleasePool(let inner):
                    stack.append(inner)
                default: break
                }
            }
        }
    }
}

extension ScenarioRun {
    /// Runs an event block: its statements in the current event, commands included, then
    /// the event ends (its pool drains).
    func runEvent(_ b: Block, _ ctx: Context) {
        note("an event begins: its commands do not end it")
        insideEventBlock = true
        execute(b.statements, ctx)
        insideEventBlock = false
        site = Self.site(max(b.range.start, b.range.end - 1))
        guard !crashed, !stopsAt(b.range.end - 1) else { return }
        endEventIfPending("the event ends at its closing brace")
        collectGarbageIfNothingPending()
    }

    /// Under GC an event's end runs the collector even when no release is pending.
    private func collectGarbageIfNothingPending() {
        if config.isGC && engine.pendingReleaseCount == 0 { collectGarbage() }
    }
}
