import CocoaSimulator
/// The text a run prints: per scenario the trace, then the summary and the expectations.
public enum TextReport {
    /// The line that opens a scenario's text, before its trace.
    package static func heading(title: String, line: Int, config: Configuration) -> String {
        "scenario \"\(title)\" (line \(line); \(config))\n"
    }

    /// What follows the trace: the summary, the expectations and the count of each.
    public static func summary(_ r: ScenarioReport) -> String {
        let out = StringOutput()
        writeSummary(r, to: out)
        return out.text
    }

    /// Writes the summary line by line through one reused byte buffer: a run that ends with
    /// a million objects alive prints a million lines without making a string of each.
    package static func writeSummary(_ r: ScenarioReport, to out: TextOutput) {
        var line = LineBuffer()
        func flush() {
            line.append(UInt8(ascii: "\n"))
            line.withUnsafeBytes { out.write(utf8: $0) }
            line.removeAll()
        }
        line.append("  summary"); flush()
        /// A section's first line carries its name in a column of 10; the rest are indented as far.
        func section(_ name: String, count: Int, _ item: (Int, inout LineBuffer) -> Void) {
            line.append("    ")
            line.append(name)
            line.appendSpaces(10 - name.count)
            if count == 0 { line.append("none"); flush(); return }
            for i in 0..<count {
                if i > 0 { line.appendSpaces(14) }
                item(i, &line)
                flush()
            }
        }
        func section(_ name: String, _ items: [String]) {
            section(name, count: items.count) { i, l in l.append(items[i]) }
        }
        section("alive", count: r.aliveObjects.count) { i, l in
            let a = r.aliveObjects[i]
            l.append(a.className)
            l.append(UInt8(ascii: " "))
            l.append(a.name)
            l.append(UInt8(ascii: "#"))
            l.append(a.number)
            l.append("  count ")
            l.append(a.count)
            if a.deallocating { l.append(", in dealloc when the run crashed") }
        }
        section("leaks", r.leaks)
        section("dangling", r.dangling)
        if !r.abandoned.isEmpty { section("abandoned", r.abandoned) }
        section("zombies", r.zombies)
        section("crash", r.crash.map { [$0] } ?? [])
        if !r.warnings.isEmpty { section("warnings", r.warnings) }
        if !r.results.isEmpty {
            line.append("  expectations"); flush()
            for x in r.results {
                line.append("    ")
                line.append(x.passed ? "pass" : "FAIL")
                line.append("  ")
                line.appendSpaces(4 - LineBuffer.digits(x.line))
                line.append(x.line)
                line.append("  ")
                line.append(x.text)
                if let d = x.detail { line.append("  —  "); line.append(d) }
                flush()
            }
        }
        line.append("  \(r.passed) passed, \(r.failed) failed")
        flush()
    }

    package static func pad(_ s: String, _ width: Int, right: Bool = false) -> String {
        let n = s.count
        guard n < width else { return s }
        let fill = String(repeating: " ", count: width - n)
        return right ? fill + s : s + fill
    }
}
