import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter

/// The answers to requests, each computed from one `Analysis` (and, for the runs' part,
/// from the last finished `ScenarioRuns.Outcome`).
extension LanguageServer {
    // MARK: Diagnostics

    /// The checker's diagnostics and, when the runs of this version have finished, the errors
    /// found while running (as `nibscript run` prints both) and each failed expectation.
    func diagnostics(_ a: Analysis, runs: ScenarioRuns.Outcome?) -> [JSON] {
        var out = a.diagnostics.map { lspDiagnostic($0, in: a.file) }
        guard let runs, runs.version == a.version else { return out }
        for s in runs.scenarios {
            out += s.runtimeErrors.map { lspDiagnostic($0, in: a.file) }
            for f in s.failures {
                let range = lineRange(f.line, in: a.file)
                var message = "expectation failed: \(f.text)"
                if let d = f.detail { message += " — \(d)" }
                message += " (scenario \"\(s.title)\")"
                out.append(["range": a.file.lspRange(range), "severity": 2, "source": "nibscript run", "message": .string(message)])
            }
        }
        return out
    }

    func lspDiagnostic(_ d: Diagnostic, in file: SourceFile) -> JSON {
        var range = d.range
        // An empty range (a missing token) is shown on the character there, as the caret is.
        if range.end <= range.start, range.start < file.bytes.count, file.bytes[range.start] != 0x0A {
            range = SourceRange(start: range.start, end: range.start + 1)
        }
        let severity: Int = d.severity == .error ? 1 : d.severity == .warning ? 2 : 3
        var message = d.message
        for n in d.notes { message += "\nnote: \(n)" }
        return ["range": file.lspRange(range), "severity": JSON(severity), "source": "nibscript", "message": .string(message)]
    }

    /// A line's text without its indentation and line break.
    func lineRange(_ line: Int, in file: SourceFile) -> SourceRange {
        guard line >= 1, line <= file.lineStarts.count else { return SourceRange(start: file.bytes.count, end: file.bytes.count) }
        var lo = file.lineStarts[line - 1]
        var hi = line < file.lineStarts.count ? file.lineStarts[line] - 1 : file.bytes.count
        while lo < hi, file.bytes[lo] == 0x20 || file.bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, [0x20, 0x09, 0x0D].contains(file.bytes[hi - 1]) { hi -= 1 }
        return SourceRange(start: lo, end: hi)
    }

    // MARK: Code actions

    /// Each diagnostic of the range with a "did you mean 'x'?" note offers replacing the
    /// misspelt word with `x`.
    func codeActions(_ a: Analysis, _ params: JSON) -> JSON {
        guard let s = Position(params["range"]?["start"]), let e = Position(params["range"]?["end"]) else { return [] }
        let lo = a.file.offset(of: s), hi = a.file.offset(of: e)
        var actions: [JSON] = []
        for d in a.diagnostics where d.range.start <= hi && lo <= d.range.end {
            for note in d.notes where note.hasPrefix("did you mean '") && note.hasSuffix("'?") {
                let word = String(note.dropFirst("did you mean '".count).dropLast(2))
                // Only a diagnostic on one word is a misspelling to replace.
                let old = a.file.text(d.range)
                guard !old.isEmpty, !old.contains(where: { $0.isWhitespace }), !word.isEmpty else { continue }
                let edit: JSON = ["changes": .object([a.uri: [["range": a.file.lspRange(d.range), "newText": .string(word)]]])]
                actions.append(["title": .string("Replace '\(old)' with '\(word)'"), "kind": "quickfix", "isPreferred": true,
                                "diagnostics": [lspDiagnostic(d, in: a.file)], "edit": edit])
            }
        }
        return .array(actions)
    }

    // MARK: Definition and references

    func definition(_ a: Analysis, _ p: Position) -> JSON {
        guard let o = a.index.occurrence(at: a.file.offset(of: p)) else { return .null }
        let s = a.index.symbols[o.symbol]
        return ["uri": .string(a.uri), "range": a.file.lspRange(s.nameRange)]
    }

    func references(_ a: Analysis, _ p: Position, includeDeclaration: Bool) -> JSON {
        guard let o = a.index.occurrence(at: a.file.offset(of: p)) else { return .null }
        let declaration = a.index.symbols[o.symbol].nameRange
        return .array(a.index.references(to: o.symbol)
            .filter { includeDeclaration || $0 != declaration }
            .map { ["uri": .string(a.uri), "range": a.file.lspRange($0)] })
    }

    // MARK: Hover

    /// The declaration of the name under the cursor, and on a statement line of a scenario
    /// the objects after that line in the last run of the scenario.
    func hover(_ a: Analysis, _ p: Position) -> JSON {
        let offset = a.file.offset(of: p)
        var parts: [String] = []
        var range: SourceRange?
        if let o = a.index.occurrence(at: offset) {
            let s = a.index.symbols[o.symbol]
            var text = "```nibscript\n\(s.detail)\n```"
            let line = a.file.location(of: s.nameRange.start).line
            text += "\n\(s.kind.rawValue)\(s.container.map { " of \($0)" } ?? ""), declared on line \(line)"
            parts.append(text)
            range = o.range
            if s.kind == .scenario, let summary = scenarioSummary(a, title: s.name) { parts.append(summary) }
        } else if let (word, r) = word(at: offset, in: a.file), let b = Catalogue.classes.first(where: { $0.name == word }) {
            var text = "```nibscript\nclass \(b.name)\(b.superclass.map { " : \($0)" } ?? "")\n```\nbuilt-in class"
            let props = b.properties.map { "\($0.name) : \($0.type) \($0.attribute.rawValue)" }
            if !props.isEmpty { text += "; properties: " + props.joined(separator: ", ") }
            if !b.lists.isEmpty { text += "; owned lists: " + b.lists.joined(separator: ", ") }
            parts.append(text)
            range = r
        }
        if let state = lineState(a, line: p.line + 1) { parts.append(state) }
        guard !parts.isEmpty else { return .null }
        var result: [String: JSON] = ["contents": ["kind": "markdown", "value": .string(parts.joined(separator: "\n\n---\n\n"))]]
        if let range { result["range"] = a.file.lspRange(range) }
        return .object(result)
    }

    /// What the last run of the line's scenario left after the line, as a table.
    func lineState(_ a: Analysis, line: Int) -> String? {
        guard let program = a.program,
              let s = program.scenarios.first(where: {
                  let first = a.file.location(of: $0.range.start).line
                  let last = a.file.location(of: max($0.range.start, $0.range.end - 1)).line
                  return first < line && line <= last
              }) else { return nil }
        guard let outcome = runs.outcome(a.uri), outcome.version == a.version else {
            return "*scenario \"\(s.title)\" is running after the last change*"
        }
        // A line with no state of its own (an `expect`, which changes nothing, a comment, a
        // closing brace of a pool) shows the state the line before it left.
        guard let o = outcome.scenarios.first(where: { $0.title == s.title }),
              let at = o.states.keys.filter({ $0 <= line }).max(), let table = o.states[at] else { return nil }
        if let cut = o.statesCut, line >= cut {
            return "*scenario \"\(s.title)\" is too large for a state after every line: states are kept up to line \(cut - 1)*"
        }
        let said = at == line ? "**after line \(line)**" : "**at line \(line)** (as line \(at) left it)"
        return "\(said) of scenario \"\(s.title)\" (\(program.config.description)):\n\n" + table
    }

    /// On a scenario's title: what its last run of this version found.
    func scenarioSummary(_ a: Analysis, title: String) -> String? {
        guard a.program != nil, let outcome = runs.outcome(a.uri), outcome.version == a.version,
              let o = outcome.scenarios.first(where: { $0.title == title }) else { return nil }
        var lines = ["**last run**: \(o.passed) passed, \(o.failed) failed"]
        for f in o.failures { lines.append("- line \(f.line): `\(f.text)`" + (f.detail.map { " — \($0)" } ?? "")) }
        if !o.leaks.isEmpty { lines.append("- leaks: " + o.leaks.joined(separator: ", ")) }
        if let c = o.crash { lines.append("- crash: \(c)") }
        for e in o.runtimeErrors { lines.append("- error: \(e.message)") }
        return lines.joined(separator: "\n")
    }

    /// The identifier-like word around an offset (letters, digits, `_`), with its range.
    func word(at offset: Int, in file: SourceFile) -> (String, SourceRange)? {
        func isWord(_ b: UInt8) -> Bool { b == 0x5F || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b >= 0x80 }
        var lo = min(offset, file.bytes.count), hi = lo
        while lo > 0, isWord(file.bytes[lo - 1]) { lo -= 1 }
        while hi < file.bytes.count, isWord(file.bytes[hi]) { hi += 1 }
        guard lo < hi else { return nil }
        let r = SourceRange(start: lo, end: hi)
        return (file.text(r), r)
    }

    // MARK: Outline and lenses

    /// Classes (with their members), nibs (with their objects) and scenarios.
    func documentSymbols(_ a: Analysis) -> JSON {
        let idx = a.index
        func symbol(_ i: Int, kind: Int, children: [JSON] = []) -> JSON {
            let s = idx.symbols[i]
            var name = s.name
            if s.kind == .scenario { name = "scenario \"\(s.name)\"" }
            var o: [String: JSON] = ["name": .string(name.isEmpty ? "?" : name), "kind": JSON(kind),
                                     "range": a.file.lspRange(s.declRange.union(s.nameRange)),
                                     "selectionRange": a.file.lspRange(s.nameRange), "detail": .string(s.detail)]
            if !children.isEmpty { o["children"] = .array(children) }
            return .object(o)
        }
        var out: [(Int, JSON)] = []
        for (i, s) in idx.symbols.enumerated() {
            switch s.kind {
            case .classDecl:
                let members = idx.symbols.indices.filter {
                    let m = idx.symbols[$0]
                    return m.container == s.name && [.property, .outlet, .ivar, .method].contains(m.kind)
                        && s.declRange.start <= m.nameRange.start && m.nameRange.end <= s.declRange.end
                }
                // LSP's SymbolKind: 5 class, 7 property, 8 field, 6 method.
                let children = members.map { j in symbol(j, kind: idx.symbols[j].kind == .ivar ? 8 : idx.symbols[j].kind == .method ? 6 : 7) }
                out.append((s.declRange.start, symbol(i, kind: 5, children: children)))
            case .nib:
                let objects = idx.symbols.indices.filter { idx.symbols[$0].kind == .nibObject && idx.symbols[$0].container == s.name
                    && s.declRange.start <= idx.symbols[$0].nameRange.start && idx.symbols[$0].nameRange.end <= s.declRange.end }
                // 2 module for a nib, 13 variable for its objects.
                out.append((s.declRange.start, symbol(i, kind: 2, children: objects.map { symbol($0, kind: 13) })))
            case .scenario:
                // 12 function: a scenario is a run.
                out.append((s.declRange.start, symbol(i, kind: 12)))
            default: break
            }
        }
        return .array(out.sorted { $0.0 < $1.0 }.map(\.1))
    }

    /// One lens per scenario on its `scenario` line: its pass/fail in the last run of this
    /// version, or that it is running, or why it does not run.
    func codeLenses(_ a: Analysis) -> JSON {
        let outcome = runs.outcome(a.uri).flatMap { $0.version == a.version ? $0 : nil }
        var lenses: [JSON] = []
        for case .scenario(let s) in a.ast.decls {
            let title: String
            if a.program == nil {
                title = "not run: the script has errors"
            } else if let outcome {
                if let o = outcome.scenarios.first(where: { $0.title == s.title }) {
                    let total = o.passed + o.failed
                    if o.failed > 0 || !o.runtimeErrors.isEmpty {
                        title = "✗ failed: \(o.failed) of \(total) expectation\(total == 1 ? "" : "s")"
                            + (o.runtimeErrors.isEmpty ? "" : ", \(o.runtimeErrors.count) error\(o.runtimeErrors.count == 1 ? "" : "s")")
                    } else {
                        title = "✓ passed: \(total) expectation\(total == 1 ? "" : "s")"
                    }
                } else {
                    title = "not run"
                }
            } else {
                title = "running…"
            }
            let line = a.file.location(of: s.range.start).line
            lenses.append(["range": a.file.lspRange(lineRange(line, in: a.file)),
                           "command": ["title": .string(title), "command": ""]])
        }
        return .array(lenses)
    }
}
