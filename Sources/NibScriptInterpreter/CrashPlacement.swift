import NibScriptSyntax

/// Where an `expect crash` stands: the crash it describes happened at the statement before
/// it or later (issue 26: an earlier, unrelated crash used to satisfy it).
enum CrashPlacement {
    /// The line of the nearest statement before the expectation at `offset` in its block
    /// (expectations skipped); the line of the block's opening brace when none is before it,
    /// 0 for the scenario's body. Found by walking the scenario once, when the run's
    /// deferred expectations are checked.
    static func previousStatementLine(before offset: Int, in body: Block, file: SourceFile) -> Int {
        var stack: [(Block, Int)] = [(body, 0)]
        while let (b, opening) = stack.popLast() {
            guard b.range.start <= offset, offset < b.range.end else { continue }
            var previous = opening
            for s in b.statements {
                if case .expect = s.kind, s.range.start <= offset, offset < s.range.end { return previous }
                if s.range.start > offset { break }
                switch s.kind {
                case .expect: continue
                case .autoreleasePool(let inner), .event(let inner):
                    stack.append((inner, file.location(of: s.range.start).line))
                case .choose(let bs):
                    for inner in bs { stack.append((inner, file.location(of: s.range.start).line)) }
                default: break
                }
                previous = file.location(of: s.range.start).line
            }
        }
        return 0
    }
}
