import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore

/// Text for HTML: everything that comes from a script goes through `escape`.
package enum HTML {
    package static func escape(_ s: String) -> String {
        // Most text has nothing to escape: it is returned as it is, after one look at its
        // bytes (a script of 10^5 lines spent a third of its report here, a scalar at a time).
        // Bytes that may start something to escape: & < > " ', controls, DEL, and the lead
        // bytes of C1 controls (C2) and of U+FFFE/U+FFFF (EF).
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF }) {
            return s
        }
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
    /// About how many object visits the graphs of one scenario may cost in all (see `snapshot`).
    package var graphWork = 4_000_000

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
            let names = ScenarioRun.namesInExpectations(of: s, in: file)
            let scenarioStatements = max(1, s.body.statements.count)
            func snapshot(_ run: ScenarioRun) {
                guard let line = pending, let graph else { return }
                statements += 1
                // A graph costs time in the objects there are (the leak search, the graph's
                // nodes): at this stride the rest of the scenario would cost about
                // statements / stride × objects; past `graphWork` the stride doubles, so a
                // script of 10^5 statements and 10^5 objects stays linear, not quadratic.
                while scenarioStatements / stride * max(1, run.engine.objectCount) > graphWork && stride < 1 << 20 { thin() }
                guard statements % stride == 0 else { graphs.append((line, nil)); return }
                let svg = graph(run, names)
                if let last = kept.last, let previous = svgs[last.svg], previous == svg {
                    graphs.append((line, last.svg))   // nothing changed: share the drawing
                    return
                }
                graphs.append((line, svgs.count))
                kept.append((statements, svgs.count))
                svgs.append(svg)
                bytes += svg.utf8.count
                while bytes > graphBudget && stride < 1 << 20 { thin() }
            }
            /// Every other kept graph dropped, and from now on every 2×stride-th statement drawn.
            func thin() {
                stride *= 2
                kept = kept.filter { k in
                    if k.counter % stride == 0 { return true }
                    bytes -= svgs[k.svg]?.utf8.count ?? 0
                    svgs[k.svg] = nil
                    return false
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
        let timelines = scenarios.enumerated().map { timeline($1, index: $0) }.joined()
        // Every scenario's events as data, for the timelines and the lines' "more" (HTMLReportData.swift).
        let data = scenarios.map { self.eventData($0, budget: timelineBudget) }
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
        h += "<p class=\"legend\">thick: owning (blue: a retained ivar) · thin: a list element · dashed: assign · dotted: weak · red: leaked, or pointing at a deallocated object · double border: a root · count n: retain count</p></aside>\n</div>\n"
        h += "<section id=\"timelines\"><h2>Retain counts over the run</h2>"
        h += "<p class=\"legend\">One row per object: its retain count after each event, in the order they happened; ticks mark the script's statements. <span class=\"x\">✕</span> dealloc · <span class=\"z\">●</span> zombie message. Click a step to go to its line.</p>"
        h += timelines
        h += "</section>\n"
        // Graph index: per scenario, [line, svg number or -1] in run order, and the line to show first.
        let slugs = Self.slugs(scenarios.map(\.report.title))
        let index = JSON.array(scenarios.enumerated().map { i, s in
            .object([("initial", .int(initialLine(s))), ("title", .string(s.report.title)), ("slug", .string(slugs[i])),
                     ("graphs", .array(s.graphs.map { .array([.int($0.line), .int($0.svg ?? -1)]) }))])
        })
        h += "<script type=\"application/json\" id=\"graph-index\">\(HTML.scriptJSON(index))</script>\n"
        for (i, d) in data.enumerated() { h += "<script type=\"application/json\" id=\"events-\(i)\">\(d)</script>\n" }
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
            // The first line of each zombie message and alloc a finding names, and the crash's
            // line, in one pass over the entries (a copy of the events was the page's peak of
            // memory: 200 MB at 10^5 objects; a search per leak was quadratic).
            let wanted = Set(r.zombies.map { "zombie " + $0 } + r.leaks.map { "alloc " + $0 })
            var firstLine: [String: Int] = [:], crashLine: Int?
            for entry in s.entries {
                guard case .event(let e) = entry else { continue }
                if e.kind == .crash { crashLine = e.line }
                guard e.kind == .zombie || e.kind == .alloc, !wanted.isEmpty, let label = e.label else { continue }
                let key = (e.kind == .zombie ? "zombie " : "alloc ") + label
                if wanted.contains(key), firstLine[key] == nil { firstLine[key] = e.line }
            }
            func line(of label: String, _ kind: TraceEvent.Kind) -> Int? { firstLine[(kind == .zombie ? "zombie " : "alloc ") + label] }
            for x in r.results where !x.passed {
                item("fail", i, x.line, "FAIL", "<code>\(HTML.escape(x.text))</code>" + (x.detail.map { " — " + HTML.escape($0) } ?? ""))
            }
            for d in r.runtimeErrors { item("fail", i, s.file.location(of: d.range.start).line, "ERROR", HTML.escape(d.message)) }
            // What an expectation that held asked for is still listed, marked expected.
            func expected(_ prefix: String) -> Bool { r.results.contains { $0.passed && $0.text.hasPrefix(prefix) } }
            let crashOK = expected("expect crash"), zombiesOK = expected("expect zombies") || crashOK, leaksOK = expected("expect leaks")
            if let c = r.crash {
                let message = c.hasPrefix("line ") ? String(c[(c.range(of: ": ")?.upperBound ?? c.startIndex)...]) : c
                item(crashOK ? "expected" : "crash", i, crashLine, crashOK ? "CRASH (expected)" : "CRASH", HTML.escape(message))
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
        let lineCount = file.lineStarts.count > 1 && file.lineStarts.last == file.bytes.count ? file.lineStarts.count - 1 : file.lineStarts.count
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
                    addDetail(line, "<div class=\"n\"\(Self.depthStyle(depth))>\(HTML.escape(text))</div>")
                case .event(let e):
                    if budget.isSpent { addDetail(e.line, ""); continue }
                    shown[e.line, default: 0] += 1
                    // Past the first dozen a line's events are drawn from the data when asked for.
                    if shown[e.line]! <= eventsShownPerLine { addDetail(e.line, eventHTML(e)) }
                }
            }
            for (line, n) in shown where n > eventsShownPerLine {
                add(line, "<button type=\"button\" class=\"more\" data-s=\"\(i)\" data-more=\"\(line)\" data-skip=\"\(eventsShownPerLine)\">\(n - eventsShownPerLine) more event\(n - eventsShownPerLine == 1 ? "" : "s")</button>")
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
            // End tags left out (HTML closes a cell at the next and a row at the next row): a
            // script of 10^5 lines has 10^5 rows, and each byte of a row counts 10^5 times.
            h += "<tr id=\"L\(line)\"\(cls.isEmpty ? "" : " class=\"\(cls.joined(separator: " "))\"")><td class=\"ln\">\(line)<td class=\"code\">\(codeHTML(text))<td class=\"ann\">"
            for (i, pieces) in notes[line].sorted(by: { $0.key < $1.key }) {
                h += "<div class=\"sc s\(i)\">" + pieces.joined() + "</div>"
            }
            h += "\n"
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
        return "<div class=\"e k-\(e.kind.rawValue)\"\(Self.depthStyle(e.depth))>\(text)</div>"
    }

    /// The indentation of a trace line; none written for depth 1, the CSS's default (a
    /// script of 10^5 statements has 10^5 such lines).
    static func depthStyle(_ depth: Int) -> String {
        depth == 1 ? "" : " style=\"--d:\(min(depth, 6))\""
    }

    /// A line of the script, escaped, its comment greyed.
    package func codeHTML(_ line: String) -> String {
        // By bytes, as the lexer reads a comment: a `#` outside a string literal starts it.
        var inString = false
        let bytes = line.utf8
        var idx = bytes.startIndex
        while idx < bytes.endIndex {
            let c = bytes[idx]
            if c == UInt8(ascii: "\"") { inString.toggle() }
            if c == UInt8(ascii: "#") && !inString {
                return HTML.escape(String(line[..<idx])) + "<span class=\"cm\">" + HTML.escape(String(line[idx...])) + "</span>"
            }
            idx = bytes.index(after: idx)
        }
        return HTML.escape(line)
    }

    // MARK: Timelines

    /// A scenario's timelines: a place the page's script fills from the events' data
    /// (HTMLReportData.swift) when the scenario is shown.
    package func timeline(_ s: Scenario, index: Int) -> String {
        "<div class=\"sc s\(index) tl\" data-s=\"\(index)\"></div>"
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
    #side{flex:0 0 524px;position:sticky;top:8px;max-height:calc(100vh - 16px);overflow:auto;border:1px solid var(--line);border-radius:6px;padding:0 10px 8px}
    #graph svg{display:block;max-width:none}#graph-caption{color:var(--muted);margin:0 0 6px}
    .legend{color:var(--muted);font-size:12px}
    #timelines .row{display:flex;align-items:center;gap:8px}
    #timelines .who{width:16em;flex:none;font:12px ui-monospace,Menlo,Consolas,monospace;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;text-align:right}
    #timelines .end{font:12px ui-monospace,Menlo,Consolas,monospace;color:#4f46e5}#timelines .end.gone{color:var(--muted)}
    #timelines svg circle{fill:#4f46e5;cursor:pointer}#timelines svg circle.zombie{fill:var(--bad)}
    #timelines svg path.dealloc{stroke:var(--bad);stroke-width:2;cursor:pointer}
    #timelines text{fill:var(--muted);cursor:pointer}
    .x{font-weight:normal}.x span{font-weight:bold}
    .js-error{position:fixed;bottom:0;left:0;right:0;background:var(--bad);color:#fff;padding:6px 12px}
    #address-error{font-weight:bold}
    @media (max-width:1000px){#main{flex-direction:column}#side{position:static;max-height:none;width:100%}}

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
