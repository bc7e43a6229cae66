import FileBytes
import Foundation
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

/// `nibscript graph FILE [--scenario TITLE] [--at LINE] [--format dot|svg]`: the objects of
/// one scenario after one line, as Graphviz DOT or as SVG.
package enum GraphCommand {
    static func command(_ args: [String]) -> Driver.Result {
        var format = "dot"
        var title: String?
        var atText: String?
        var files: [String] = []
        var i = 0
        func value(_ name: String) -> String? {
            if args[i].hasPrefix(name + "=") { i += 1; return String(args[i - 1].dropFirst(name.count + 1)) }
            guard i + 1 < args.count else { return nil }
            i += 2
            return args[i - 1]
        }
        while i < args.count {
            let a = args[i]
            if a == "--format" || a.hasPrefix("--format=") {
                guard let v = value("--format"), ["dot", "svg"].contains(v) else { return Driver.usage("'--format' takes 'dot' or 'svg'") }
                format = v
            } else if a == "--scenario" || a.hasPrefix("--scenario=") {
                guard let v = value("--scenario") else { return Driver.usage("'--scenario' takes a scenario's title") }
                title = v
            } else if a == "--at" || a.hasPrefix("--at=") {
                guard let v = value("--at") else { return Driver.usage("'--at' takes a line number") }
                atText = v
            } else if a == "-h" || a == "--help" {
                return Driver.Result(status: 0, stdout: SubcommandHelp.text("graph") ?? Driver.help, stderr: "")
            } else if a.hasPrefix("-") && a != "-" {
                return Driver.usage("unknown option '\(a)' for 'graph'")
            } else {
                files.append(a); i += 1
            }
        }
        var at: Int?
        if let t = atText {
            guard let n = Int(t), n > 0 else { return Driver.usage("'--at' takes a line number (1, 2, …), found '\(t)'") }
            at = n
        }
        guard files.count == 1, let path = files.first else { return Driver.usage("'graph' takes one script") }
        switch Driver.readScript(path) {
        case .success(let bytes):
            return graph(SourceFile(path: path, bytes: bytes), scenario: title, at: at, format: format)
        case .failure(let e):
            return CommandInput.failure(e.message)
        }
    }

    /// Compiles the script, runs the scenario up to the line, and renders the graph.
    static func graph(_ file: SourceFile, scenario title: String?, at: Int?, format: String) -> Driver.Result {
        let (program, diagnostics) = Compiler.compile(file)
        let err = DiagnosticFormatter.format(diagnostics, in: file)
        guard let program else {
            let n = diagnostics.filter { $0.severity == .error }.count
            return Driver.Result(status: 2, stdout: "", stderr: err + "\(n) error\(n == 1 ? "" : "s") in \(file.path)\n")
        }
        func fail(_ d: Diagnostic) -> Driver.Result {
            Driver.Result(status: 2, stdout: "", stderr: err + DiagnosticFormatter.format([d], in: file) + "1 error in \(file.path)\n")
        }
        let scenarios = program.scenarios
        guard let first = scenarios.first else {
            return Driver.Result(status: 2, stdout: "", stderr: err + "error: \(file.path) has no scenarios\n")
        }
        let titles = scenarios.map { "\"\($0.title)\" (line \(file.location(of: $0.range.start).line))" }
        var chosen = first
        if let title {
            guard let s = scenarios.first(where: { $0.title == title }) else {
                var notes = ["the scenarios are " + titles.joined(separator: ", ")]
                if let near = Suggest.closest(to: title, among: scenarios.map(\.title)) { notes.insert("did you mean '\(near)'?", at: 0) }
                return fail(.error("no scenario titled \"\(title)\"", at: first.titleRange, notes: notes))
            }
            chosen = s
        }
        if let at {
            let startLine = file.location(of: chosen.range.start).line
            let endLine = file.location(of: max(chosen.range.start, chosen.range.end - 1)).line
            let lastLine = file.lineStarts.count - (file.bytes.last == UInt8(ascii: "\n") ? 1 : 0)
            if at > lastLine {
                let start = file.lineStarts[lastLine - 1]
                let end = start + file.lineText(lastLine).utf8.count
                return fail(.error("--at \(at) is past the end of the file, which has \(lastLine) lines",
                                   at: SourceRange(start: start, end: end),
                                   notes: ["scenario \"\(chosen.title)\" runs from line \(startLine) to line \(endLine)"]))
            }
            if at < startLine || at > endLine {
                return fail(.error("--at \(at) is not a line of scenario \"\(chosen.title)\", which runs from line \(startLine) to line \(endLine)",
                                   at: chosen.titleRange))
            }
        }
        let run = ScenarioRun(program: program, scenario: chosen, config: program.config)
        run.stopAfterLine = at
        run.run()
        // Past a size a picture stops helping: the part around the objects that matter, said so.
        let (g, note) = run.objectGraph(limit: ObjectGraph.standaloneLimit, named: run.namesInExpectations())
        let out = format == "svg" ? GraphSVG.render(g, GraphLayout.Options(), note: note) : GraphDOT.render(g, note: note)
        return Driver.Result(status: 0, stdout: out, stderr: err)
    }
}
