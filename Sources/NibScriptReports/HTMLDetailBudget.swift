import NibScriptSyntax
import NibScriptInterpreter

/// The HTML report's size budget for per-line detail (issue 25 item 12): a 12.6 KB script
/// made a 97.7 MB page, every event of every line written out (hidden past the first dozen)
/// and every event a mark on its object's timeline. The lines' events and notes are kept up
/// to three quarters of the budget, the timelines' rows up to a quarter, in the page's
/// order; past that they are left out, the first line left out in each scenario says so, and
/// the page's header says where the cut is and how to see the rest. Expectations, findings,
/// the matrix and the source itself are never cut. Graphs have their own budget
/// (`HTMLReport.graphBudget`).
package final class HTMLDetailBudget {
    /// `report --detail-budget MB`: 20 by default, from 1 to 4,096.
    package static let defaultMegabytes = 20
    package static let megabytes = 1...4096
    package static let defaultBytes = defaultMegabytes << 20

    let bytes: Int
    private var used = 0
    private(set) var isSpent = false
    /// Per scenario, the first line whose detail was left out, in the order they were cut.
    private(set) var cuts: [(scenario: Int, line: Int)] = []
    private var marked: Set<Int> = []
    /// Events left out of the events' data (the timelines and each line's "more").
    private(set) var rowsLeftOut = 0

    init(bytes: Int) { self.bytes = bytes }

    /// Takes `n` bytes if they fit; once one piece does not, nothing more does (so what is
    /// shown is a prefix of the run, not a sample). `scenario` and `line` record the cut.
    func spend(_ n: Int, scenario: Int? = nil, line: Int? = nil) -> Bool {
        if !isSpent && n <= bytes - used { used += n; return true }
        isSpent = true
        if let scenario, let line, !cuts.contains(where: { $0.scenario == scenario }) { cuts.append((scenario, line)) }
        if scenario == nil { rowsLeftOut += 1 }
        return false
    }

    func leaveOutRow() { rowsLeftOut += 1 }

    func cutLine(scenario: Int) -> Int? { cuts.first { $0.scenario == scenario }?.line }

    /// True the first time for a scenario: its cut line gets the note once.
    func markCut(scenario: Int) -> Bool { marked.insert(scenario).inserted }

    static let lineNote = "<div class=\"cut\">Detail cut here: the page's size budget is spent (see the note at the top).</div>"

    /// The header's note, or nothing when neither budget was spent.
    static func notice(rows: HTMLDetailBudget, timelines: HTMLDetailBudget, total: Int, file: SourceFile, scenarios: [String]) -> String {
        guard rows.isSpent || timelines.isSpent else { return "" }
        var what: [String] = []
        if let first = rows.cuts.first {
            var w = "each line's events and notes stop at <a href=\"#s\(first.scenario)-L\(first.line)\" data-s=\"\(first.scenario)\" data-line=\"\(first.line)\">line \(first.line)</a>"
            if scenarios.count > 1 { w += " of “\(HTML.escape(scenarios[first.scenario]))”" }
            if rows.cuts.count > 1 { w += " (and in \(rows.cuts.count - 1) later scenario\(rows.cuts.count == 2 ? "" : "s"))" }
            what.append(w)
        }
        if timelines.rowsLeftOut > 0 {
            let n = timelines.rowsLeftOut
            what.append("the last \(n) event\(n == 1 ? " is" : "s are") left out of the timelines (and of the lines' \u{201C}more\u{201D})")
        }
        let path = HTML.escape(file.path)
        return "<p class=\"cut\" id=\"cut\"><b>Cut to size:</b> " + what.joined(separator: "; ")
            + ". The page keeps about \(total >> 20) MB of per-line detail; <code>nibscript report --detail-budget MB</code> keeps more,"
            + " and <code>nibscript run \(path)</code> (or <code>run --format json</code>) prints the whole trace.</p>"
    }
}
