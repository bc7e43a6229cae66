import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore

/// Text for HTML: everything that comes from a script goes through `escape`.
package enum HTML {
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Not even as a character reference: XML does not allow C0 controls at all.
            default: if VisibleText.isHidden(c.value) { out += VisibleText.escape(c.value) } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// JSON inside `<script type="application/json">`: no `<` at all, so no `</script>`.
    package static func scriptJSON(_ j: JSON) -> String {
        j.renderLine().replacingAll(UInt8(ascii: "<"), with: "\\u003c")
    }

    package static func number(_ x: Double) -> String {
        let r = (x * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}

extension String {
    /// By bytes, not characters: a `<` joined to a neighbour in one grapheme cluster (a U+0600
    /// before it, a U+0301 after it) is not equal to the Character `<`, yet an HTML parser
    /// still sees it and would end the script element there.
    fileprivate func replacingAll(_ a: UInt8, with b: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        for byte in utf8 { if byte == a { out.append(contentsOf: b.utf8) } else { out.append(byte) } }
        return String(decoding: out, as: UTF8.self)
    }
}

/// `nibscript report FILE -o report.html`: one self-contained page (inline CSS, SVG and a
/// little JavaScript; nothing fetched) in the spirit of clang's scan-build: findings first,
/// the matrix when the script has several configurations, then per scenario the source with
/// each line's events and expectations beside it, the object graph after the line a reader
/// clicks, and a retain-count timeline per object.
package struct HTMLReport {
    /// The nibscript version the page names (the command line's), handed in: a report
    /// formats what it is given.
    package var version: String
    /// Graphs are kept up to about this many bytes in all. Past it, every other kept graph
    /// is dropped and from then on only every 2nd (4th, …) statement's is drawn, so a long
    /// script keeps evenly spaced graphs and a reader clicking a line whose graph was dropped
    /// sees the nearest earlier one, said so.
    package var graphBudget = 4 << 20
    /// At most this many events of one line are shown before "more".
    package var eventsShownPerLine = 12
    /// The per-line detail (each line's events and notes, and the timelines' rows) is kept up
    /// to about this many bytes in all; past it, it is cut with a note (HTMLDetailBudget.swift).
    package var detailBudget = HTMLDetailBudget.defaultBytes
    package var graph: ObjectGraphRenderer? = ReportGraph.svg

    package init(version: String) { self.version = version }

    package struct Scenario {
        var report: ScenarioReport
        var entries: [TraceEntry]
        /// (line, graph number) in the order the run passed them; the graph shows the state
        /// after that line's statement.
        var graphs: [(line: Int, svg: Int?)]
        var closingLine: Int
        var file: SourceFile
    }

    /// Runs every scenario with a recorder and returns the page and the reports.
    package func render(_ program: Program, matrix: Matrix.Result? = nil) -> (html: String, reports: [ScenarioReport]) {
        var svgs: [String?] = []
        var bytes = 0
        var stride = 1
        var statements = 0           // statements passed, in all scenarios
        var kept: [(counter: Int, svg: Int)] = []
        var scenarios: [Scenario] = []
        let file = program.file
        for s in program.scenarios {
            let recorder = TraceRecorder()
            var graphs: [(line: Int, svg: Int?)] = []
            var pending: Int?
            func snapshot(_ run: ScenarioRun) {
                guard let line = pending, let graph else { return }
                statements += 1
                guard statements % stride == 0 else { graphs.append((line, nil)); return }
                let svg = graph(run)
                if let last = kept.last, let previous = svgs[last.svg], previous == svg {
                    graphs.append((line, last.svg))   // nothing changed: share the drawing
                    return
                }
                graphs.append((line, svgs.count))
                kept.append((statements, svgs.count))
                svgs.append(svg)
                bytes += svg.utf8.count
                while bytes > graphBudget && stride < 1 << 20 {
                    stride *= 2
                    kept = kept.filter { k in
                        if k.counter % stride == 0 { return true }
                        bytes -= svgs[k.svg]?.utf8.count ?? 0
                        svgs[k.svg] = nil
                        return false
                    }
                }
            }
            recorder.willStart = { line, run in
                if line == pending { return }   // a note of the statement still running
                snapshot(run)
                pending = line
            }
            let run = ScenarioRun(program: program, scenario: s, config: program.config, trace: recorder)
            run.run()
            snapshot(run)
            let closing = file.location(of: max(s.range.start, s.range.end - 1)).line
            if pending != closing { pending = closing; snapshot(run) }
            scenarios.append(Scenario(report: run.report(), entries: recorder.entries, graphs: graphs, closingLine: closing, file: file))
        }
        return (page(file: file, config: program.config, scenarios: scenarios, svgs: svgs, matrix: matrix), scenarios.map(\.report))
    }

    // MARK: The page

    package func page(file: SourceFile, config: Configuration, scenarios: [Scenario], svgs: [String?], matrix: Matrix.Result?) -> String {
        let passed = scenarios.reduce(0) { $0 + $1.report.passed }
        let failed = scenarios.reduce(0) { $0 + $1.report.failed }
        var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        h += "<title>nibscript report: \(HTML.escape(file.path))</title>\n<style>\n\(Self.css)"
        for i in scenarios.indices { h += "body[data-scenario=\"\(i)\"] .sc.s\(i){display:block}\n" }
        h += "</style>\n</head>\n<body data-scenario=\"0\">\n"
        h += "<header><h1>nibscript report <span class=\"file\">\(HTML.escape(file.path))</span></h1>"
        h += "<p class=\"meta\">\(HTML.escape(config.description)) · \(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s") · "
        h += "<span class=\"\(failed > 0 ? "bad" : "good")\">\(passed) passed, \(failed) failed</span> · nibscript \(version)</p>"
        // The rows and timelines first: the header says where the budget cut them.
        let rowBudget = HTMLDetailBudget(bytes: detailBudget / 4 * 3), timelineBudget = HTMLDetailBudget(bytes: detailBudget / 4)
        let rows = sourceRows(file: file, scenarios: scenarios, budget: rowBudget)
        let timelines = scenarios.enumerated().map { timeline($1, index: $0, budget: timelineBudget) }.joined()
        h += HTMLDetailBudget.notice(rows: rowBudget, timelines: timelineBudget, total: detailBudget, file: file,
                                     scenarios: scenarios.map(\.report.title))
        h += "</header>\n"
        h += findings(scenarios)
        if let matrix { h += matrixTable(matrix) }
        h += "<nav id=\"tabs\" aria-label=\"scenarios\">"
        for (i, s) in scenarios.enumerated() {
            let bad = s.report.failed > 0 || !s.report.runtimeErrors.isEmpty
            h += "<button type=\"button\" data-s=\"\(i)\" data-line=\"\(initialLine(s))\" class=\"\(i == 0 ? "on " : "")\(bad ? "bad" : "good")\">"
            h += "\(HTML.escape(s.report.title)) <small>line \(s.report.line) · \(s.report.passed)/\(s.report.results.count)</small></button>"
        }
        h += "</nav>\n<div id=\"main\">\n<div id=\"source\"><table class=\"src\"><colgroup><col class=\"ln\"><col class=\"code\"><col class=\"ann\"></colgroup><tbody>\n"
        h += rows
        h += "</tbody></table></div>\n"
        h += "<aside id=\"side\"><h2>Object graph</h2><p id=\"graph-caption\">Click a line to see the objects after it.</p><div id=\"graph\"></div>"
        h += "<p class=\"legend\">solid: owning reference · dashed: not owning · red: points at a deallocated object · ×n: retain count</p></aside>\n</div>\n"
        h += "<section id=\"timelines\"><h2>Retain counts over the run</h2>"
        h += "<p class=\"legend\">One row per object: its retain count after each event, in the order they happened; ticks mark the script's statements. <span class=\"x\">✕</span> dealloc · <span class=\"z\">●</span> zombie message. Click a step to go to its line.</p>"
        h += timelines
        h += "</section>\n"
        // Graph index: per scenario, [line, svg number or -1] in run order, and the line to show first.
        let index = JSON.array(scenarios.map { s in
            .object([("initial", .int(initialLine(s))),
                     ("graphs", .array(s.graphs.map { .array([.int($0.line), .int($0.svg ?? -1)]) }))])
        })
        h += "<script type=\"application/json\" id=\"graph-index\">\(HTML.scriptJSON(index))</script>\n"
        for (k, svg) in svgs.enumerated() { if let svg { h += "<template id=\"svg-\(k)\">\(svg)</template>\n" } }
        h += "<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return h
    }

    /// The line a scenario opens at: its first failure, else its last statement.
    package func initialLine(_ s: Scenario) -> Int {
        if let f = s.report.results.first(where: { !$0.passed }) { return f.line }
        if let e = s.report.runtimeErrors.first { return s.file.location(of: e.range.start).line }
        return s.graphs.last(where: { $0.line != s.closingLine })?.line ?? s.report.line
    }


    // MARK: Findings

    package func findings(_ scenarios: [Scenario]) -> String {
        var items: [String] = []
        func item(_ cls: String, _ s: Int, _ line: Int?, _ tag: String, _ text: String) {
            let place = line.map { "<a href=\"#s\(s)-L\($0)\" data-s=\"\(s)\" data-line=\"\($0)\">line \($0)</a>" } ?? ""
            let scenario = scenarios.count > 1 ? " <span class=\"scn\">in “\(HTML.escape(scenarios[s].report.title))”</span>" : ""
            items.append("<li class=\"finding \(cls)\">\(place) <b class=\"tag\">\(tag)</b> \(text)\(scenario)</li>")
        }
        for (i, s) in scenarios.enumerated() {
            let r = s.report
            let events = s.entries.compactMap { if case .event(let e) = $0 { return e }; return nil }
            func line(of label: String, _ kind: TraceEvent.Kind) -> Int? { events.first { $0.kind == kind && $0.label == label }?.line }
            for x in r.results where !x.passed {
                item("fail", i, x.line, "FAIL", "<code>\(HTML.escape(x.text))</code>" + (x.detail.map { " — " + HTML.escape($0) } ?? ""))
            }
            for d in r.runtimeErrors { item("fail", i, s.file.location(of: d.range.start).line, "ERROR", HTML.escape(d.message)) }
            // What an expectation that held asked for is still listed, marked expected.
            func expected(_ prefix: String) -> Bool { r.results.contains { $0.passed && $0.text.hasPrefix(prefix) } }
            let crashOK = expected("expect crash"), zombiesOK = expected("expect zombies") || crashOK, leaksOK = expected("expect leaks")
            if let c = r.crash {
                let message = c.hasPrefix("line ") ? String(c[(c.range(of: ": ")?.upperBound ?? c.startIndex)...]) : c
                item(crashOK ? "expected" : "crash", i, events.last { $0.kind == .crash }?.line, crashOK ? "CRASH (expected)" : "CRASH", HTML.escape(message))
            }
            for z in r.zombies {
                item(zombiesOK ? "expected" : "crash", i, line(of: z, .zombie), zombiesOK ? "ZOMBIE (expected)" : "ZOMBIE", "message sent to deallocated " + HTML.escape(z))
            }
            for l in r.leaks {
                item(leaksOK ? "expected" : "warn", i, line(of: l, .alloc), leaksOK ? "LEAK (expected)" : "LEAK", HTML.escape(l) + " is alive and nothing reaches it")
            }
            for d in r.dangling { item("warn", i, nil, "DANGLING", HTML.escape(d)) }
            for a in r.abandoned { item("warn", i, nil, "ABANDONED", HTML.escape(a)) }
            for w in r.warnings { item("warn", i, nil, "WARNING", HTML.escape(w)) }
        }
        var h = "<section id=\"findings\"><h2>Findings</h2>"
        if items.isEmpty {
            h += "<p class=\"good\">None: every expectation holds, nothing leaked, no dangling references, no zombie messages.</p>"
        } else {
            h += "<ul>" + items.joined() + "</ul>"
        }
        return h + "</section>\n"
    }

    // MARK: Matrix

    package func matrixTable(_ m: Matrix.Result) -> String {
        var h = "<section id=\"matrix\"><h2>Every configuration</h2><table class=\"matrix\"><thead><tr><th>scenario</th>"
        for c in m.configs { h += "<th>\(HTML.escape(c.columnName))</th>" }
        h += "</tr></thead><tbody>"
        for row in m.rows {
            let marked = MatrixReport.standsOut(row.cells)
            h += "<tr><th>\(HTML.escape(row.title)) <small>line \(row.line)</small></th>"
            for (k, c) in row.cells.enumerated() {
                if let reason = c.notApplicable {
                    h += "<td class=\"na\" title=\"\(HTML.escape(reason))\">n/a</td>"
                } else {
                    let cls = [c.failed ? "fail" : "", marked[k] ? "out" : ""].filter { !$0.isEmpty }.joined(separator: " ")
                    h += "<td class=\"\(cls)\">\(HTML.escape(c.text))</td>"
                }
            }
            h += "</tr>"
        }
        h += "</tbody></table>"
        if !m.notes.isEmpty { h += "<ul class=\"notes\">" + m.notes.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>" }
        h += "<p class=\"legend\">Bold: differs from the row's most common outcome. Red: an expectation failed. Hover n/a for the reason.</p></section>\n"
        return h
    }

    // MARK: Source

    package func sourceRows(file: SourceFile, scenarios: [Scenario], budget: HTMLDetailBudget = HTMLDetailBudget(bytes: .max)) -> String {
        // A final line break does not start a line of its own.
        let lineCount = file.lineStarts.count > 1 && file.lineStarts.last.map(Int.init) == file.bytes.count ? file.lineStarts.count - 1 : file.lineStarts.count
        // Per line, per scenario: the annotation's HTML pieces.
        var notes = [[Int: [String]]](repeating: [:], count: lineCount + 2)
        for (i, s) in scenarios.enumerated() {
            func add(_ line: Int, _ piece: String) {
                guard line >= 1, line <= lineCount else { return }
                notes[line][i, default: []].append(piece)
            }
            var expectations: [Int: [ExpectationResult]] = [:]
            for x in s.report.results { expectations[x.line, default: []].append(x) }
            var shown: [Int: Int] = [:]
            // Past the budget, a line's events and notes are left out, the first such line says so.
            func addDetail(_ line: Int, _ piece: String) {
                if budget.spend(piece.utf8.count, scenario: i, line: line) { add(line, piece) }
                else if let cut = budget.cutLine(scenario: i), cut == line, budget.markCut(scenario: i) { add(line, HTMLDetailBudget.lineNote) }
            }
            for entry in s.entries {
                switch entry {
                case .statement: break
                case .note(let line, let depth, let text):
                    addDetail(line, "<div class=\"n\" style=\"--d:\(min(depth, 6))\">\(HTML.escape(text))</div>")
                case .event(let e):
                    if budget.isSpent { addDetail(e.line, ""); continue }
                    shown[e.line, default: 0] += 1
                    let piece = eventHTML(e)
                    addDetail(e.line, shown[e.line]! > eventsShownPerLine ? "<div class=\"more-item\" hidden>" + piece + "</div>" : piece)
                }
            }
            for (line, n) in shown where n > eventsShownPerLine {
                add(line, "<button type=\"button\" class=\"more\">\(n - eventsShownPerLine) more event\(n - eventsShownPerLine == 1 ? "" : "s")</button>")
            }
            for (line, xs) in expectations {
                for x in xs {
                    add(line, x.passed ? "<div class=\"x pass\"><b>pass</b></div>"
                        : "<div class=\"x fail\"><b>FAIL</b> \(HTML.escape(x.detail ?? ""))</div>")
                }
            }
        }
        var h = ""
        for line in 1...max(1, lineCount) {
            let text = file.lineText(line)
            var cls: [String] = []
            for (i, s) in scenarios.enumerated() where s.report.results.contains(where: { $0.line == line && !$0.passed }) { cls.append("f\(i)") }
            h += "<tr id=\"L\(line)\" data-line=\"\(line)\"\(cls.isEmpty ? "" : " class=\"\(cls.joined(separator: " "))\"")><td class=\"ln\">\(line)</td><td class=\"code\">\(codeHTML(text))</td><td class=\"ann\">"
            for (i, pieces) in notes[line].sorted(by: { $0.key < $1.key }) {
                h += "<div class=\"sc s\(i)\">" + pieces.joined() + "</div>"
            }
            h += "</td></tr>\n"
        }
        return h
    }

    package func eventHTML(_ e: TraceEvent) -> String {
        let who = HTML.escape(e.label ?? "")
        var text: String
        switch e.kind {
        case .alloc: text = "alloc \(who) → 1"
        case .retain, .release: text = "\(e.kind.rawValue) \(who) → \(e.count ?? 0)"
        case .autorelease: text = "autorelease \(who) (\(e.count ?? 0), pool \(e.pool ?? 0))"
        case .drain: text = "drain pool \(e.pool ?? 0): \(e.entries ?? 0) pending"
        case .dealloc: text = "dealloc \(who)"
        case .deallocIncomplete: text = "warning: " + HTML.escape(e.message ?? "")
        case .weakZeroed: text = "weak → nil " + HTML.escape(e.slot ?? "") + " (was \(who))"
        case .zombie: text = "ZOMBIE -[\(HTML.escape(e.className ?? "")) \(HTML.escape(e.selector ?? ""))] to \(who)"
        case .crash: text = "CRASH " + HTML.escape(e.message ?? "")
        }
        if let c = e.cause { text += " <span class=\"why\">\(HTML.escape(c))</span>" }
        return "<div class=\"e k-\(e.kind.rawValue)\" style=\"--d:\(min(e.depth, 6))\">\(text)</div>"
    }

    /// A line of the script, escaped, its comment greyed.
    package func codeHTML(_ line: String) -> String {
        var inString = false
        var idx = line.startIndex
        while idx < line.endIndex {
            let c = line[idx]
            if c == "\"" { inString.toggle() }
            if c == "#" && !inString {
                return HTML.escape(String(line[..<idx])) + "<span class=\"cm\">" + HTML.escape(String(line[idx...])) + "</span>"
            }
            idx = line.index(after: idx)
        }
        return HTML.escape(line)
    }

    // MARK: Timelines

    package func timeline(_ s: Scenario, index: Int, budget: HTMLDetailBudget = HTMLDetailBudget(bytes: .max)) -> String {
        let events = s.entries.compactMap { if case .event(let e) = $0 { return e }; return nil }
        var h = "<div class=\"sc s\(index) tl\">"
        guard !events.isEmpty else { return h + "<p>No events.</p></div>" }
        let width = 720.0, height = 34.0
        let span = Double(max(events.count - 1, 1))
        func x(_ i: Int) -> Double { 6 + Double(i) / span * (width - 12) }
        // Ticks at each of the scenario's own statements: where its first event is.
        var ticks: [(Int, Int)] = []   // (event index, line)
        var eventIndex = 0
        var pendingTick: Int?
        for entry in s.entries {
            switch entry {
            case .statement(let line, _, let depth, _) where depth == 0: pendingTick = line
            case .event:
                if let l = pendingTick { ticks.append((eventIndex, l)); pendingTick = nil }
                eventIndex += 1
            default: break
            }
        }
        var axis = "<svg class=\"axis\" width=\"\(Int(width))\" height=\"18\" viewBox=\"0 0 \(Int(width)) 18\">"
        var lastLabel = -100.0
        for (i, line) in ticks {
            let px = x(i)
            axis += "<line x1=\"\(HTML.number(px))\" y1=\"12\" x2=\"\(HTML.number(px))\" y2=\"18\" stroke=\"#9ca3af\"/>"
            if px - lastLabel >= 26 {
                axis += "<text x=\"\(HTML.number(px))\" y=\"10\" font-size=\"9\" text-anchor=\"middle\" data-line=\"\(line)\">\(line)</text>"
                lastLabel = px
            }
        }
        axis += "</svg>"
        h += "<div class=\"row\"><span class=\"who\">line</span>\(axis)</div>"
        // Per object, in number order: its events with a count, its zombie messages.
        var byObject: [Int: [(Int, TraceEvent)]] = [:]
        for (i, e) in events.enumerated() {
            if let o = e.object, e.kind != .weakZeroed, e.kind != .deallocIncomplete { byObject[o, default: []].append((i, e)) }
        }
        var left = 0   // objects whose row the budget left out
        for o in byObject.keys.sorted() {
            if budget.isSpent { budget.leaveOutRow(); left += 1; continue }
            let list = byObject[o]!
            let label = list.first!.1.label ?? "#\(o)"
            let counts = list.compactMap { $0.1.count }
            let top = Double(max(counts.max() ?? 1, 1))
            func y(_ c: Int) -> Double { height - 5 - Double(c) / top * (height - 12) }
            var path = ""
            var marks = ""
            var last: Int?
            var dead = false
            let dots = list.count <= 300
            for (i, e) in list {
                if e.kind == .zombie {
                    marks += "<circle class=\"zombie\" cx=\"\(HTML.number(x(i)))\" cy=\"\(HTML.number(y(0)))\" r=\"4\" data-line=\"\(e.line)\"><title>line \(e.line): zombie message -[\(HTML.escape(e.className ?? "")) \(HTML.escape(e.selector ?? ""))]</title></circle>"
                    continue
                }
                guard let c = e.count else { continue }
                let px = HTML.number(x(i)), py = HTML.number(y(c))
                if last == nil { path = "M\(px),\(py)" } else { path += "H\(px)V\(py)" }
                last = c
                if e.kind == .dealloc {
                    dead = true
                    marks += "<path class=\"dealloc\" d=\"M\(HTML.number(x(i) - 4)),\(HTML.number(y(0) - 4))l8,8m0,-8l-8,8\" data-line=\"\(e.line)\"><title>line \(e.line): dealloc</title></path>"
                } else if dots {
                    marks += "<circle cx=\"\(px)\" cy=\"\(py)\" r=\"2.5\" data-line=\"\(e.line)\"><title>line \(e.line): \(e.kind.rawValue) → \(c)\(e.cause.map { " (" + HTML.escape($0) + ")" } ?? "")</title></circle>"
                }
            }
            if !dead, last != nil { path += "H\(HTML.number(width - 6))" }
            let final = dead ? "dealloc" : "×\(last ?? 0)"
            var row = "<div class=\"row\"><span class=\"who\" title=\"\(HTML.escape(label))\">\(HTML.escape(label))</span>"
            row += "<svg class=\"steps\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\">"
            row += "<line x1=\"6\" y1=\"\(HTML.number(y(0)))\" x2=\"\(HTML.number(width - 6))\" y2=\"\(HTML.number(y(0)))\" stroke=\"#e5e7eb\"/>"
            row += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(dead ? "#6b7280" : "#4f46e5")\" stroke-width=\"1.6\"/>\(marks)</svg>"
            row += "<span class=\"end\(dead ? " gone" : "")\">\(final)</span></div>"
            if budget.spend(row.utf8.count) { h += row } else { left += 1 }
        }
        if left > 0 { h += HTMLDetailBudget.timelineNote(left) }
        return h + "</div>"
    }

    // MARK: Style and script

    package static let css = """
    :root{--bad:#b91c1c;--good:#15803d;--warn:#b45309;--ink:#111827;--muted:#6b7280;--line:#e5e7eb}
    *{box-sizing:border-box}
    .cut{color:var(--warn);font-style:italic}p.cut{margin:6px 0}
    body{margin:0;font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:#fff}
    header,section,nav{padding:0 20px}
    h1{font-size:20px;margin:14px 0 2px}h1 .file{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:normal;font-size:16px;color:var(--muted)}
    h2{font-size:16px;margin:16px 0 6px}
    .meta{margin:0 0 8px;color:var(--muted)}.bad{color:var(--bad)}.good{color:var(--good)}
    #findings ul{list-style:none;padding:0;margin:0}
    .finding{padding:4px 8px;border-left:4px solid var(--warn);background:#fffbeb;margin:3px 0}
    .finding.fail,.finding.crash{border-color:var(--bad);background:#fef2f2}
    .finding.expected{border-color:#9ca3af;background:#f9fafb}.finding.expected .tag{color:var(--muted)}
    .finding .tag{font-size:12px}.finding.fail .tag,.finding.crash .tag{color:var(--bad)}.finding.warn .tag{color:var(--warn)}
    .finding a{font-family:ui-monospace,Menlo,Consolas,monospace}.scn{color:var(--muted)}
    table.matrix{border-collapse:collapse;font-size:13px}
    table.matrix th,table.matrix td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
    table.matrix td.out{font-weight:bold}table.matrix td.fail{color:var(--bad)}table.matrix td.na{color:var(--muted)}
    #tabs{display:flex;flex-wrap:wrap;gap:6px;margin:14px 0 8px}
    #tabs button{font:inherit;border:1px solid var(--line);background:#f9fafb;border-radius:6px;padding:4px 10px;cursor:pointer}
    #tabs button.on{background:#eef2ff;border-color:#4f46e5}#tabs button.bad{color:var(--bad)}
    #main{display:flex;gap:14px;padding:0 20px;align-items:flex-start}
    #source{flex:1 1 auto;min-width:0;overflow-x:auto;border:1px solid var(--line);border-radius:6px}
    table.src{border-collapse:collapse;width:100%;table-layout:fixed;font:12.5px/1.45 ui-monospace,Menlo,Consolas,monospace}
    col.ln{width:3.6em}col.code{width:52%}col.ann{width:48%}
    table.src td{vertical-align:top;padding:0 8px}
    td.ln{color:var(--muted);text-align:right;user-select:none;border-right:1px solid var(--line)}
    td.code{white-space:pre-wrap;overflow-wrap:anywhere}
    td.ann{font-size:11.5px;color:#374151;border-left:1px solid var(--line);overflow-wrap:anywhere}
    tr{cursor:pointer}tr:hover td{background:#f9fafb}tr.sel td{background:#eef2ff}
    .cm{color:#6b7280;font-style:italic}
    .sc{display:none}
    .e,.n,.x{padding-left:calc(var(--d,1) * .7em - .7em);white-space:pre-wrap}
    .n{color:var(--muted)}.why{color:var(--muted)}
    .k-dealloc{color:#7c2d12}.k-zombie,.k-crash{color:var(--bad);font-weight:bold}.k-weakZeroed{color:#1d4ed8}
    .x.pass b{color:var(--good)}.x.fail{color:var(--bad)}.x.fail b{background:var(--bad);color:#fff;padding:0 4px;border-radius:3px}
    button.more{font:inherit;font-size:11px;border:none;background:none;color:#4f46e5;cursor:pointer;padding:0}
    #side{flex:0 0 32%;min-width:340px;position:sticky;top:8px;max-height:calc(100vh - 16px);overflow:auto;border:1px solid var(--line);border-radius:6px;padding:0 10px 8px}
    #graph svg{max-width:100%;height:auto;cursor:zoom-in}#graph.zoom svg{max-width:none;cursor:zoom-out}#graph-caption{color:var(--muted);margin:0 0 6px}
    .legend{color:var(--muted);font-size:12px}
    #timelines .row{display:flex;align-items:center;gap:8px}
    #timelines .who{width:16em;flex:none;font:12px ui-monospace,Menlo,Consolas,monospace;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;text-align:right}
    #timelines .end{font:12px ui-monospace,Menlo,Consolas,monospace;color:#4f46e5}#timelines .end.gone{color:var(--muted)}
    #timelines svg circle{fill:#4f46e5;cursor:pointer}#timelines svg circle.zombie{fill:var(--bad)}
    #timelines svg path.dealloc{stroke:var(--bad);stroke-width:2;cursor:pointer}
    #timelines text{fill:var(--muted);cursor:pointer}
    .x{font-weight:normal}.x span{font-weight:bold}
    .js-error{position:fixed;bottom:0;left:0;right:0;background:var(--bad);color:#fff;padding:6px 12px}
    @media (max-width:900px){#main{flex-direction:column}#side{position:static;max-height:none;width:100%}}

    """

    package static let script = """
    (function () {
      "use strict";
      window.addEventListener("error", function (e) {
        var d = document.createElement("div");
        d.id = "js-error"; d.className = "js-error";
        d.textContent = "JavaScript error: " + (e.message || e);
        document.body.appendChild(d);
      });
      var body = document.body;
      var index = JSON.parse(document.getElementById("graph-index").textContent);
      var current = 0, selected = null;
      function setScenario(i) {
        if (!(i >= 0 && i < index.length)) { return; }
        current = i;
        body.setAttribute("data-scenario", String(i));
        var tabs = document.querySelectorAll("#tabs button");
        for (var k = 0; k < tabs.length; k++) { tabs[k].classList.toggle("on", Number(tabs[k].getAttribute("data-s")) === i); }
      }
      function showGraph(line) {
        var list = index[current].graphs, best = null, shown = null;
        for (var k = 0; k < list.length; k++) {
          if (list[k][0] <= line) {
            best = list[k];
            if (list[k][1] >= 0 && document.getElementById("svg-" + list[k][1])) { shown = list[k]; }
          }
        }
        var graph = document.getElementById("graph"), caption = document.getElementById("graph-caption");
        while (graph.firstChild) { graph.removeChild(graph.firstChild); }
        if (!best) { caption.textContent = "No statement of this scenario ran before line " + line + "."; return; }
        if (!shown) { caption.textContent = "The graph after line " + best[0] + " was not kept (a long script keeps graphs of evenly spaced statements)."; return; }
        graph.appendChild(document.importNode(document.getElementById("svg-" + shown[1]).content, true));
        var n = graph.querySelectorAll(".node").length;
        var where = shown[0] !== best[0] ? " (the nearest kept graph: a long script keeps graphs of evenly spaced statements)"
          : best[0] !== line ? " (the last statement before line " + line + ")" : "";
        caption.textContent = "After line " + shown[0] + where + ": " + n + " object" + (n === 1 ? "" : "s") + " alive.";
      }
      function select(line, scroll) {
        if (selected) { selected.classList.remove("sel"); }
        selected = document.getElementById("L" + line);
        if (selected) { selected.classList.add("sel"); if (scroll) { selected.scrollIntoView({ block: "center" }); } }
        showGraph(line);
        if (history.replaceState) { history.replaceState(null, "", "#s" + current + "-L" + line); }
      }
      document.addEventListener("click", function (ev) {
        var zoom = ev.target.closest ? ev.target.closest("#graph") : null;
        if (zoom) { zoom.classList.toggle("zoom"); return; }
        var more = ev.target.closest ? ev.target.closest("button.more") : null;
        if (more) {
          var hidden = more.parentNode.querySelectorAll(".more-item");
          for (var k = 0; k < hidden.length; k++) { hidden[k].hidden = false; }
          more.parentNode.removeChild(more);
          return;
        }
        var el = ev.target.closest ? ev.target.closest("[data-line]") : null;
        if (!el) { return; }
        ev.preventDefault();
        var s = el.getAttribute("data-s");
        if (s !== null) { setScenario(Number(s)); }
        select(Number(el.getAttribute("data-line")), el.tagName !== "TR");
      });
      var m = /^#(?:s(\\d+)-)?L(\\d+)$/.exec(location.hash);
      if (m) {
        setScenario(m[1] ? Number(m[1]) : 0);
        select(Number(m[2]), true);
      } else if (index.length > 0) {
        setScenario(0);
        select(index[0].initial, false);
      }
      // What a reader sees, for the browser test: FAIL marks on screen, objects drawn.
      function visible(selector) {
        var all = document.querySelectorAll(selector), n = 0;
        for (var k = 0; k < all.length; k++) { if (all[k].getClientRects().length > 0) { n++; } }
        return n;
      }
      body.setAttribute("data-visible-fail-marks", String(visible(".x.fail")));
      body.setAttribute("data-visible-graph-nodes", String(visible("#graph .node")));
      body.setAttribute("data-ready", "1");
    })();

    """
}

extension HTMLReport {
    /// The matrix, when the script's `configurations` line keeps more than one configuration.
    package static func matrix(for file: SourceFile, program: Program) -> Matrix.Result? {
        guard program.ast.decls.contains(where: { if case .configurations = $0 { return true }; return false }) else { return nil }
        let m = Matrix.run(file, program: program)
        return m.configs.count > 1 ? m : nil
    }
}
