/// The text a run prints: per scenario the trace, then the summary and the expectations.
public enum TextReport {
    /// The line that opens a scenario's text, before its trace.
    static func heading(title: String, line: Int, config: Configuration) -> String {
        "scenario \"\(title)\" (line \(line); \(config))\n"
    }

    /// What follows the trace: the summary, the expectations and the count of each.
    public static func summary(_ r: ScenarioReport) -> String {
        var out = "  summary\n"
        func section(_ name: String, _ items: [String]) {
            let head = "    " + pad(name, 10)
            if items.isEmpty { out += head + "none\n"; return }
            for (i, item) in items.enumerated() { out += (i == 0 ? head : String(repeating: " ", count: head.count)) + item + "\n" }
        }
        section("alive", r.alive.map { "\($0.label)  count \($0.count)" })
        section("leaks", r.leaks)
        section("dangling", r.dangling)
        if !r.abandoned.isEmpty { section("abandoned", r.abandoned) }
        section("zombies", r.zombies)
        section("crash", r.crash.map { [$0] } ?? [])
        if !r.warnings.isEmpty { section("warnings", r.warnings) }
        if !r.results.isEmpty {
            out += "  expectations\n"
            for x in r.results {
                out += "    " + (x.passed ? "pass" : "FAIL") + "  " + pad(String(x.line), 4, right: true) + "  " + x.text
                if let d = x.detail { out += "  —  " + d }
                out += "\n"
            }
        }
        out += "  \(r.passed) passed, \(r.failed) failed\n"
        return out
    }

    static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let n = s.count
        guard n < width else { return s }
        let fill = String(repeating: " ", count: width - n)
        return right ? fill + s : s + fill
    }
}
