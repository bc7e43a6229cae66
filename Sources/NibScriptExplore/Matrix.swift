import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter

/// `nibscript matrix FILE`: every scenario under every configuration that applies, one
/// outcome per cell.
package enum Matrix {
    /// One cell: a scenario under a configuration.
    package struct Cell {
        package var config: Configuration
        /// Why the scenario cannot run under this configuration (nil: it ran).
        package var notApplicable: String?
        /// `expect count` lines that ran: the path as written and the count found.
        package var counts: [(path: String, count: Int)] = []
        package var leaks: [String] = []
        package var dangling: [String] = []
        package var zombies: [String] = []
        package var crash: String?
        /// The same as records, for JSON: each with the words above as its `text`.
        package var leakRecords: [ObjectRecord] = []
        package var danglingRecords: [DanglingRecord] = []
        package var zombieRecords: [ObjectRecord] = []
        package var crashRecord: CrashRecord?
        package var failedLines: [Int] = []
        package var passed = 0
        package var errors: [String] = []

        package var ran: Bool { notApplicable == nil }
        package var failed: Bool { !failedLines.isEmpty || !errors.isEmpty }

        /// The cell's text in the table.
        package var text: String {
            guard ran else { return "n/a" }
            var parts: [String] = []
            if !counts.isEmpty { parts.append(counts.map { "\($0.path)=\($0.count)" }.joined(separator: " ")) }
            if !leaks.isEmpty { parts.append("leak " + leaks.joined(separator: ", ")) }
            if !dangling.isEmpty { parts.append("dangling " + dangling.joined(separator: ", ")) }
            if let c = crash { parts.append("CRASH " + c) }
            if !failedLines.isEmpty { parts.append("FAIL line " + failedLines.map(String.init).joined(separator: ", ")) }
            if !errors.isEmpty { parts.append("ERROR " + errors.joined(separator: "; ")) }
            return parts.isEmpty ? "ok" : parts.joined(separator: "; ")
        }
    }

    package struct Row {
        package var title: String
        package var line: Int
        package var cells: [Cell]
    }

    package struct Result {
        package var path: String
        package var script: Configuration
        package var configs: [Configuration]
        package var rows: [Row]
        package var notes: [String]
        package var status: Int32 { rows.contains { $0.cells.contains(where: \.failed) } ? 1 : 0 }
    }

    /// Runs the matrix of a script that compiled in its own configuration.
    /// `progress`: called with the configurations run and their number.
    package static func run(_ file: SourceFile, program: Program, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) -> Result {
        let ast = program.ast
        var configs = Configuration.matrix
        for case .configurations(let d) in ast.decls {
            configs = configs.filter { c in d.filters.contains { $0.matches(c) } }
        }
        let own = program.config
        var notes: [String] = []
        if configs.contains(where: { $0.platform != own.platform }) {
            let other = own.isIOS ? "Mac" : "iOS"
            notes.append("\(other) columns run the script's \(own.isIOS ? "UIKit" : "AppKit") classes as their \(own.isIOS ? "AppKit" : "UIKit") twins (\(own.isIOS ? "UIView → NSView, UIViewController → NSViewController, …" : "NSView → UIView, NSViewController → UIViewController, …"))")
        }
        var columns: [[Cell]] = []   // per config, per scenario
        var rewroteForARC = 0
        var documents: ExternalNibs.Documents = [:]  // each Interface Builder file read once, not per column
        for c in configs {
            var cells: [Cell] = []
            let (column, rewritten) = runColumn(file, program: program, config: c, documents: &documents)
            rewroteForARC = max(rewroteForARC, rewritten)
            cells = column
            columns.append(cells)
            progress?(columns.count, configs.count)
        }
        if rewroteForARC > 0 {
            notes.append("ARC columns of this MRC script: each explicit 'release x' runs as 'x = nil' (expectations after it still name the object x held; a nib object no variable holds runs as 'CFRelease x'), and in dealloc explicit releases and [super dealloc] are dropped (ARC releases strong ivars itself); \(rewroteForARC) statement\(rewroteForARC == 1 ? "" : "s") rewritten")
        }
        let rows = program.scenarios.enumerated().map { i, s in
            Row(title: s.title, line: file.location(of: s.range.start).line, cells: columns.map { $0[i] })
        }
        return Result(path: file.path, script: own, configs: configs, rows: rows, notes: notes)
    }

    /// A script made ready for one configuration, as the matrix runs it: classes renamed to
    /// their twins, an MRC script rewritten for ARC, compiled; scenarios that cannot run
    /// there are left out, each with the reason.
    package struct Prepared {
        /// The compiled script without the scenarios that cannot run (nil: none can).
        package var program: Program?
        /// Why a scenario (by index in the original program) cannot run here.
        package var reasons: [Int: String]
        /// How many statements the ARC rewrite changed.
        package var rewritten: Int
    }

    package static func prepare(_ file: SourceFile, program: Program, config: Configuration) -> Prepared {
        var documents: ExternalNibs.Documents = [:]
        return prepare(file, program: program, config: config, documents: &documents)
    }

    package static func prepare(_ file: SourceFile, program: Program, config: Configuration,
                        documents: inout ExternalNibs.Documents) -> Prepared {
        let scenarios = program.scenarios
        func all(_ reason: String) -> Prepared {
            Prepared(program: nil, reasons: Dictionary(uniqueKeysWithValues: scenarios.indices.map { ($0, reason) }), rewritten: 0)
        }
        let own = program.config
        if own.isARC && !config.isARC {
            return all("written for ARC: under MRC it would need the releases it does not have")
        }
        var rewriter = ScriptRewriter(classes: config.platform == own.platform ? [:] : Twins.map(for: config.platform),
                                      toARC: !own.isARC && config.isARC)
        var ast = rewriter.rewrite(program.ast)
        // Problems found in one scenario make that scenario n/a; problems elsewhere (a class,
        // a nib) make every scenario n/a.
        var reasons: [Int: String] = [:]
        func scenarioIndex(_ r: SourceRange) -> Int? {
            scenarios.firstIndex { $0.range.start <= r.start && r.start < $0.range.end }
        }
        func reasonText(_ r: SourceRange, _ message: String) -> String {
            "line \(file.location(of: r.start).line): \(message)"
        }
        for u in rewriter.untranslatable {
            guard let i = scenarioIndex(u.range) else { return all(reasonText(u.range, u.text)) }
            if reasons[i] == nil { reasons[i] = reasonText(u.range, u.text) }
        }
        var program2: Program?
        for _ in 0..<2 {
            if !reasons.isEmpty {
                let drop = Set(reasons.keys.map { scenarios[$0].title })
                ast = ScriptFile(decls: ast.decls.filter { d in
                    if case .scenario(let s) = d { return !drop.contains(s.title) }
                    return true
                })
            }
            let (p, diagnostics) = Compiler.compile(file, ast: ast, override: config, documents: &documents)
            if let p { program2 = p; break }
            let errors = diagnostics.filter { $0.severity == .error }
            for e in errors {
                guard let i = scenarioIndex(e.range) else { return all(reasonText(e.range, e.message)) }
                if reasons[i] == nil { reasons[i] = reasonText(e.range, e.message) }
            }
        }
        guard let compiled = program2 else { return all("the script does not compile here") }
        for (i, s) in scenarios.enumerated() where reasons[i] == nil && !compiled.scenarios.contains(where: { $0.title == s.title }) {
            reasons[i] = "not compiled"
        }
        return Prepared(program: compiled, reasons: reasons, rewritten: rewriter.rewrittenReleases)
    }

    /// One column: every scenario under `config`. Returns the cells (one per scenario of the
    /// program, in order) and how many statements the ARC rewrite changed.
    package static func runColumn(_ file: SourceFile, program: Program, config: Configuration,
                          documents: inout ExternalNibs.Documents) -> ([Cell], Int) {
        let prepared = prepare(file, program: program, config: config, documents: &documents)
        var cells: [Cell] = []
        for (i, s) in program.scenarios.enumerated() {
            guard prepared.reasons[i] == nil, let compiled = prepared.program,
                  let decl = compiled.scenarios.first(where: { $0.title == s.title }) else {
                cells.append(Cell(config: config, notApplicable: prepared.reasons[i] ?? "not compiled")); continue
            }
            let run = ScenarioRun(program: compiled, scenario: decl, config: config)
            run.run()
            cells.append(cell(of: run, config: config))
        }
        return (cells, prepared.rewritten)
    }

    /// What a finished run shows in a cell.
    package static func cell(of run: ScenarioRun, config: Configuration) -> Cell {
        let report = run.report()
        let e = run.engine
        var c = Cell(config: config)
        for r in report.results {
            if let n = r.observed {
                let path = r.text.components(separatedBy: " count ").dropFirst().first?
                    .components(separatedBy: " ").first ?? r.text
                c.counts.append((path, n))
            }
        }
        c.leakRecords = run.leakedObjects().map { o in
            var r = run.objectRecord(o)
            r.text = e.name(o)
            return r
        }
        c.danglingRecords = zip(run.danglingRecords(), e.danglingReferences()).map { record, d in
            var record = record
            let slot = e.slots(of: e.classOf(d.slot.holder))[Int(d.slot.slot)].name
            record.text = "\(e.name(d.slot.holder)).\(slot)"
            return record
        }
        c.zombieRecords = run.zombieObjects().map { o in
            var r = run.objectRecord(o)
            r.text = e.name(o)
            return r
        }
        c.crashRecord = run.crashRecord().map { r in
            var r = r
            if let crash = e.crash { r.text = shortCrash(crash, run) }
            return r
        }
        c.leaks = c.leakRecords.map(\.text)
        c.dangling = c.danglingRecords.map(\.text)
        c.zombies = c.zombieRecords.map(\.text)
        c.crash = c.crashRecord?.text
        c.failedLines = report.results.filter { !$0.passed }.map(\.line)
        c.passed = report.passed
        c.errors = report.runtimeErrors.map { d in "line \(run.file.location(of: d.range.start).line): \(d.message)" }
        return c
    }

    /// A crash in a few words: `-[UILabel release] to a deallocated field`, or the
    /// exception's name.
    package static func shortCrash(_ crash: Crash, _ run: ScenarioRun) -> String {
        let m = crash.message
        if m.contains("message sent to deallocated instance"), let o = crash.object {
            let cls = run.engine.className(run.engine.classOf(o))
            return "-[\(cls) \(crash.selector)] to deallocated \(run.engine.name(o))"
        }
        if let r = m.range(of: "exception '"), let end = m[r.upperBound...].firstIndex(of: "'") {
            return String(m[r.upperBound..<end])
        }
        return m.count > 48 ? String(m.prefix(47)) + "…" : m
    }
}

