import Foundation
import NibScript
import NibScriptSyntax
import NibScriptInterpreter
import NibScriptReports
import NibScriptCommandLine

/// `report` and `graph` at 10^3 to 10^5 objects (issue 27 item 3), on a nib of N views
/// (`Generate.nibBlockScript`): what `Driver.reportCommand` and `GraphCommand` do, from
/// reading the script to the bytes written (`bytes`: the page's or the picture's size;
/// `events`: the run's).
/// Called directly rather than through `Driver.main`, whose task-local values crash a
/// release build on Linux with Swift 6.3 (the progress line's; see the report of issue 28).
extension ScriptWorkload {
    func runPicture(path: String) -> Measurement {
        let start = clock.now
        let startCPU = processCPUSeconds()
        guard let bytes = SourceFile.readBytes(atPath: path) else {
            check(false, "cannot read \(path)"); return Measurement(seconds: 0, events: 0, bytes: 0)
        }
        let file = SourceFile(path: path, bytes: bytes)
        let (compiled, diagnostics) = Compiler.compile(file)
        guard let program = compiled else {
            check(false, "\(path) compiles: \(diagnostics.first.map { "\($0)" } ?? "")"); return Measurement(seconds: 0, events: 0, bytes: 0)
        }
        var written = 0, events = 0
        if self == .report {
            let (html, reports) = HTMLReport(version: Driver.version).render(program, matrix: HTMLReport.matrix(for: file, program: program))
            check(reports.allSatisfy { $0.failed == 0 }, "\(path): every expectation holds")
            events = reports.reduce(0) { $0 + $1.events }
            let out = path + ".html"
            check(FileManager.default.createFile(atPath: out, contents: Data(html.utf8)), "cannot write \(out)")
            written = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
            try? FileManager.default.removeItem(atPath: out)
        } else {
            let run = ScenarioRun(program: program, scenario: program.scenarios[0], config: program.config)
            run.run()
            let (g, note) = run.objectGraph(limit: ObjectGraph.standaloneLimit, named: run.namesInExpectations())
            written = GraphSVG.render(g, GraphLayout.Options(), note: note).utf8.count
            events = run.report().events
        }
        return Measurement(seconds: nanoseconds(clock.now - start) / 1e9, events: events, bytes: written,
                           cpuSeconds: processCPUSeconds() - startCPU)
    }
}
