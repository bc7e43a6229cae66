import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
/// The text and JSON forms of `nibscript explore`.
package enum ExploreReport {
    package static func text(_ r: Explore.Result, requested: Int) -> String {
        var out = "explore \(r.path) (\(r.config); up to \(r.warnings) memory warning\(r.warnings == 1 ? "" : "s") per variant"
        out += r.config.isMac && requested > 0 ? ": none on the Mac, only choices are explored)\n" : ")\n"
        var variants = 0, states = 0, pruned = 0, found = 0
        for s in r.scenarios {
            out += "\nscenario \"\(s.title)\" (line \(s.line))\n"
            out += "  original run: " + describe(s.original) + "\n"
            if s.findings.isEmpty { out += "  no new outcome\n" }
            for (i, f) in s.findings.enumerated() {
                out += "  new outcome \(i + 1): \(f.summary)\n"
                for d in f.details { out += "    \(d)\n" }
                out += path(f, file: r.path)
            }
            out += "  \(s.variants) variant\(s.variants == 1 ? "" : "s") run, \(s.states) distinct state\(s.states == 1 ? "" : "s"), \(s.pruned) pruned"
            out += s.truncated ? " (stopped at the variant limit)\n" : "\n"
            variants += s.variants; states += s.states; pruned += s.pruned; found += s.findings.count
        }
        out += "\n\(found) new outcome\(found == 1 ? "" : "s") in \(r.scenarios.count) scenario\(r.scenarios.count == 1 ? "" : "s"); "
        out += "\(variants) variants run, \(states) distinct states, \(pruned) pruned\n"
        return out
    }

    package static func describe(_ o: Explore.Outcome) -> String {
        var parts: [String] = []
        parts.append(o.crash.map { "crash at line \($0.line)" } ?? "no crash")
        parts.append(o.leaks.isEmpty ? "no leaks" : "leaks " + o.leaks.joined(separator: ", "))
        parts.append("\(o.passed) passed, \(o.failed.count) failed")
        if !o.errors.isEmpty { parts.append("\(o.errors.count) error\(o.errors.count == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    /// The counterexample: the steps the variant shares with the original run are named in
    /// one line; the steps from the first difference on are numbered.
    package static func path(_ f: Explore.Finding, file: String) -> String {
        var out = ""
        let shared = f.steps.prefix(f.sharedPrefix)
        let lines = shared.compactMap { step -> Int? in
            if case .statement(let l, _) = step { return l }
            return nil
        }
        if let a = lines.first, let b = lines.last {
            out += "    after line\(a == b ? " \(a)" : "s \(a)–\(b)") as in the original run (\(shared.count) step\(shared.count == 1 ? "" : "s")):\n"
        } else {
            out += "    from the start of the scenario:\n"
        }
        let rest = Array(f.steps.dropFirst(f.sharedPrefix))
        let crashes = f.summary.hasPrefix("crash")
        for (k, step) in rest.enumerated() {
            let (place, text) = stepText(step, file: file)
            var line = "    \(k + 1). " + TextReport.pad(place, file.count + 5) + "  " + text
            if crashes && k == rest.count - 1 { line += "   <- crash" }
            out += line + "\n"
        }
        return out
    }

    package static func stepText(_ s: Explore.Step, file: String) -> (String, String) {
        switch s {
        case .statement(let l, let t): return ("\(file):\(l)", t)
        case .warning(let l): return ("\(file):\(l)", "memoryWarning   (inserted after line \(l))")
        case .branch(let l, let k, let n): return ("\(file):\(l)", "choose: branch \(k + 1) of \(n)")
        case .end(let l): return ("\(file):\(l)", "end of scenario")
        }
    }

    /// Keys, in this order: command, file, configuration, warnings, scenarios (scenario,
    /// line, original, outcomes (summary, details, warnings, sharedSteps, steps (number,
    /// file, line, kind, text)), variants, states, pruned, truncated), totals, status.
    package static func json(_ r: Explore.Result, requested: Int) -> String {
        func outcome(_ o: Explore.Outcome) -> JSON {
            .object([
                ("crash", .record(o.crashRecord)),
                ("zombies", .array(o.zombieRecords.map(JSON.record))),
                ("leaks", .array(o.leakRecords.map(JSON.record))),
                ("failedLines", .array(o.failed.map { .int($0.line) })),
                ("passed", .int(o.passed)),
                ("errors", JSON.strings(o.errors)),
            ])
        }
        func step(_ s: Explore.Step, _ n: Int) -> JSON {
            let kind: String, line: Int, text: String
            switch s {
            case .statement(let l, let t): (kind, line, text) = ("statement", l, t)
            case .warning(let l): (kind, line, text) = ("memoryWarning", l, "memoryWarning")
            case .branch(let l, let k, let m): (kind, line, text) = ("choose", l, "branch \(k + 1) of \(m)")
            case .end(let l): (kind, line, text) = ("end", l, "end of scenario")
            }
            return .object([("number", .int(n)), ("file", .string(r.path)), ("line", .int(line)),
                            ("kind", .string(kind)), ("text", .string(text))])
        }
        let scenarios: [JSON] = r.scenarios.map { s in
            .object([
                ("scenario", .string(s.title)),
                ("line", .int(s.line)),
                ("original", outcome(s.original)),
                ("outcomes", .array(s.findings.map { f in
                    .object([
                        ("summary", .string(f.summary)),
                        ("details", JSON.strings(f.details)),
                        ("warnings", .int(f.warnings)),
                        ("sharedSteps", .int(f.sharedPrefix)),
                        ("steps", .array(f.steps.dropFirst(f.sharedPrefix).enumerated().map { step($1, $0 + 1) })),
                    ])
                })),
                ("variants", .int(s.variants)),
                ("states", .int(s.states)),
                ("pruned", .int(s.pruned)),
                ("truncated", .bool(s.truncated)),
            ])
        }
        return JSON.object([
            ("command", .string("explore")),
            ("file", .string(r.path)),
            ("configuration", .string(r.config.description)),
            ("warnings", .int(r.warnings)),
            ("scenarios", .array(scenarios)),
            ("totals", .object([
                ("outcomes", .int(r.scenarios.reduce(0) { $0 + $1.findings.count })),
                ("variants", .int(r.scenarios.reduce(0) { $0 + $1.variants })),
                ("states", .int(r.scenarios.reduce(0) { $0 + $1.states })),
                ("pruned", .int(r.scenarios.reduce(0) { $0 + $1.pruned })),
            ])),
            ("status", .int(Int(r.status))),
        ]).render()
    }
}
