import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
/// The text and JSON forms of `nibscript matrix`.
package enum MatrixReport {
    /// A Markdown table, padded so it also reads as plain text: a row per scenario, a column
    /// per configuration. A cell that differs from the most common outcome of its row (ties:
    /// the leftmost) is in bold. `n/a [k]` cells refer to the numbered reasons below.
    package static func text(_ m: Matrix.Result) -> String {
        var out = "matrix \(m.path) (written for \(m.script); \(m.rows.count) scenario\(m.rows.count == 1 ? "" : "s") × \(m.configs.count) configuration\(m.configs.count == 1 ? "" : "s"))\n\n"
        var reasons: [String] = []
        var reasonCells: [[String]] = []   // per reason: the columns it applies to
        func reasonIndex(_ r: String, column: String, row: String) -> Int {
            if let i = reasons.firstIndex(of: r) {
                if !reasonCells[i].contains(column) { reasonCells[i].append(column) }
                return i + 1
            }
            reasons.append(r)
            reasonCells.append([column])
            return reasons.count
        }
        var table: [[String]] = [["scenario"] + m.configs.map(\.columnName)]
        for row in m.rows {
            let texts = row.cells.map(\.text)
            let marked = standsOut(row.cells)
            var line = [row.title]
            for (k, c) in row.cells.enumerated() {
                if let r = c.notApplicable {
                    line.append("n/a [\(reasonIndex(r, column: c.config.columnName, row: row.title))]")
                } else {
                    line.append(marked[k] ? "**\(texts[k])**" : texts[k])
                }
            }
            table.append(line)
        }
        let widths = (0..<table[0].count).map { k in table.map { $0[k].count }.max() ?? 0 }
        for (i, r) in table.enumerated() {
            out += "| " + r.enumerated().map { k, s in TextReport.pad(s, widths[k]) }.joined(separator: " | ") + " |\n"
            if i == 0 {
                out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
            }
        }
        if !reasons.isEmpty {
            out += "\nnot applicable:\n"
            for (i, r) in reasons.enumerated() {
                out += "  [\(i + 1)] \(reasonCells[i].joined(separator: ", ")): \(r)\n"
            }
        }
        if !m.notes.isEmpty {
            out += "\nnotes:\n"
            for n in m.notes { out += "  - \(n)\n" }
        }
        let cells = m.rows.flatMap(\.cells)
        let ran = cells.filter(\.ran)
        let failing = ran.filter(\.failed)
        out += "\n\(ran.count) of \(cells.count) cells ran, \(cells.count - ran.count) n/a; "
        out += "\(failing.count) with failed expectations\n"
        for row in m.rows {
            for c in row.cells where c.failed {
                out += "  FAIL  \(row.title) under \(c.config.columnName): "
                    + (c.failedLines.isEmpty ? "" : "expectation\(c.failedLines.count == 1 ? "" : "s") at line \(c.failedLines.map(String.init).joined(separator: ", "))")
                    + (c.errors.isEmpty ? "" : (c.failedLines.isEmpty ? "" : "; ") + c.errors.joined(separator: "; ")) + "\n"
            }
        }
        return out
    }

    /// Which ran cells differ from the most common text among the row's ran cells.
    package static func standsOut(_ cells: [Matrix.Cell]) -> [Bool] {
        let ran = cells.filter(\.ran).map(\.text)
        var counts: [(String, Int)] = []
        for t in ran {
            if let i = counts.firstIndex(where: { $0.0 == t }) { counts[i].1 += 1 } else { counts.append((t, 1)) }
        }
        guard counts.count > 1 else { return cells.map { _ in false } }
        let most = counts.map(\.1).max()!
        let common = counts.first { $0.1 == most }!.0
        return cells.map { $0.ran && $0.text != common }
    }

    /// Keys, in this order: command, file, script, configurations, rows (scenario, line,
    /// cells: configuration, applicable, reason, text, standsOut, counts, leaks, dangling,
    /// zombies, crash, failedLines, passed, errors), notes, status.
    package static func json(_ m: Matrix.Result) -> String {
        JSON.object([
            ("command", .string("matrix")),
            ("file", .string(m.path)),
            ("script", .string(m.script.description)),
            ("configurations", JSON.strings(m.configs.map(\.columnName))),
            ("rows", .array(m.rows.map { row in
                let marked = standsOut(row.cells)
                return .object([
                    ("scenario", .string(row.title)),
                    ("line", .int(row.line)),
                    ("cells", .array(row.cells.enumerated().map { k, c in
                        .object([
                            ("configuration", .string(c.config.columnName)),
                            ("applicable", .bool(c.ran)),
                            ("reason", JSON.optional(c.notApplicable)),
                            ("text", .string(c.text)),
                            ("standsOut", .bool(marked[k])),
                            ("counts", .array(c.counts.map { .object([("path", .string($0.path)), ("count", .int($0.count))]) })),
                            ("leaks", .array(c.leakRecords.map(JSON.record))),
                            ("dangling", .array(c.danglingRecords.map(JSON.record))),
                            ("zombies", .array(c.zombieRecords.map(JSON.record))),
                            ("crash", .record(c.crashRecord)),
                            ("failedLines", .array(c.failedLines.map { .int($0) })),
                            ("passed", .int(c.passed)),
                            ("errors", JSON.strings(c.errors)),
                        ])
                    })),
                ])
            })),
            ("notes", JSON.strings(m.notes)),
            ("status", .int(Int(m.status))),
        ]).render()
    }
}
