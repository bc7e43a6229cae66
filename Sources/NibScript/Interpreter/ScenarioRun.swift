import Foundation
import NibScriptSyntax
import OwnershipEngine

/// One scenario running on a fresh engine: the scenario's variables, the names a loaded
/// nib binds, the trace, and what the expectations found.
final class ScenarioRun {
    let program: Program
    let scenario: ScenarioDecl
    let config: Configuration
    let engine = Engine()
    let classes: ClassTable
    var file: SourceFile { program.file }

    // What the trace shows.
    var trace: [TraceLine] = []
    /// False while `explore` runs variants: no trace lines are built (nothing prints them).
    var tracing = true
    var line = 0 { didSet { engine.site = Int32(line) } }
    /// Said on the next `alloc` line: how the object was initialized.
    var allocNote: String?
    var depth = 0
    /// Events per object, for `expect event`.
    var eventLog: [(kind: String, object: ObjectID)] = []
    var warnings: [(line: Int, text: String)] = []
    var results: [ExpectationResult] = []
    var crashLine: Int?
    /// Expectations checked at the end of the run: leaks, zombies, crashes.
    var deferred: [(Expectation, Int, Context)] = []
    /// Roots besides the scenario's variables and the application (windows, navigation stacks).
    var extraRoots: [ObjectID] = []
    /// The controller world's state: windows, stacks, appearance, callbacks (Cocoa/ControllerState.swift).
    let controllers = ControllerState()

    // Names.
    var scenarioFrame: LocalFrame!
    var nibNames: [String: ObjectID] = [:]
    /// Storyboard scene controllers and the nibs their views load from.
    var sceneViewNibs: [ObjectID: NibModel] = [:]
    var application: ObjectID?
    var frameClasses: [String: (ClassID, [String])] = [:]
    var callDepth = 0
    static let maxCallDepth = 64
    /// `nibscript graph --at L`: the run stops before the first statement of the scenario
    /// after line L (`stopped` then), leaving the state as it was after line L.
    var stopAfterLine: Int?
    var stopped = false

    init(program: Program, scenario: ScenarioDecl, config: Configuration) {
        self.program = program
        self.scenario = scenario
        self.config = config
        var ignored: [Diagnostic] = []
        classes = ClassTable(script: program.classDecls, config: config, engine: engine, diagnostics: &ignored)
        engine.planner = self
        engine.garbageCollected = config.isGC
        engine.eventSink = { [unowned self] e in self.record(e) }
    }

    var crashed: Bool { engine.crash != nil }

    // MARK: Trace

    func note(_ text: String, extraDepth: Int = 1) {
        guard tracing else { return }
        trace.append(TraceLine(line: line, depth: depth + extraDepth, text: text))
    }

    func warn(_ text: String) {
        warnings.append((line, text))
        note("warning: " + text)
    }

    func header(_ range: SourceRange) {
        guard tracing else { return }
        let text = file.text(range).split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        trace.append(TraceLine(line: line, depth: depth, text: text.trimmingCharacters(in: .whitespaces)))
    }

    func label(_ o: ObjectID) -> String {
        "\(engine.className(engine.classOf(o))) \(engine.name(o))#\(engine.number(o))"
    }

    /// A short name of an object for causes: `root#2`.
    func shortLabel(_ o: ObjectID) -> String { "\(engine.name(o))#\(engine.number(o))" }

    /// `o#1.label`, or `variable x` for the scenario's and methods' own variables.
    func placeLabel(_ r: SlotRef) -> String {
        let slot = engine.slots(of: engine.classOf(r.holder))[Int(r.slot)].name
        if engine.isHidden(r.holder) { return "variable \(slot)" }
        // A property's name reads better than its backing ivar's (`_rootViewController`).
        let cls = runtimeClass(of: r.holder)
        if let p = cls.ancestors.lazy.compactMap({ $0.properties.first { $0.slot == Int(r.slot) } }).first, p.ivarName != p.name {
            return "\(shortLabel(r.holder)).\(p.name)"
        }
        return "\(shortLabel(r.holder)).\(slot)"
    }

    func causeText(_ c: Cause) -> String {
        switch c {
        case .explicit: return ""
        case .store(let r): return "stored in \(placeLabel(r))"
        case .replaced(let r): return "replaced in \(placeLabel(r))"
        case .list(let r):
            let slot = engine.slots(of: engine.classOf(r.holder))[Int(r.slot)].name
            return "\(slot) of \(shortLabel(r.holder))"
        case .dealloc(let o): return engine.isHidden(o) ? "end of scope" : "dealloc of \(shortLabel(o))"
        case .pool: return "autorelease pool drain"
        case .temporary: return "ARC: end of statement"
        case .other(let s): return s
        }
    }

    private func record(_ e: EngineEvent) {
        let d = e.depth
        func add(_ verb: String, _ o: ObjectID, _ rest: @autoclosure () -> String, shownAs: String? = nil) {
            eventLog.append((verb, o))
            if !tracing || engine.isHidden(o) { return }
            let v = TextReport.pad(shownAs ?? verb, 12)
            let l = TextReport.pad(label(o), 28)
            let text = (v + " " + l + " " + rest())
            trace.append(TraceLine(line: line, depth: depth + 1 + d, text: text.trimmingTrailingSpaces()))
        }
        func counted(_ n: Int32, _ c: Cause) -> String {
            let why = causeText(c)
            return "count \(n)" + (why.isEmpty ? "" : "   " + why)
        }
        switch e.kind {
        case .alloc(let o):
            let note = allocNote
            add("alloc", o, "count 1" + (note.map { "   " + $0 } ?? ""))
            allocNote = nil
        case .retain(let o, let n, let c): add("retain", o, counted(n, c))
        case .release(let o, let n, let c): add("release", o, counted(n, c))
        case .autorelease(let o, let pool, let c):
            let why = causeText(c)
            add("autorelease", o, "count \(engine.count(o)), pending in pool \(pool)" + (why.isEmpty ? "" : "   " + why))
        case .drain(let pool, let entries):
            guard tracing else { return }
            trace.append(TraceLine(line: line, depth: depth + 1 + d,
                                   text: "drain        pool \(pool): \(entries) pending release\(entries == 1 ? "" : "s")"))
        case .dealloc(let o):
            // The collector finalizes; the event stays a `dealloc` for `expect event`.
            add("dealloc", o, "", shownAs: config.isGC ? "collected" : nil)
        case .deallocIncomplete(let o):
            eventLog.append(("deallocIncomplete", o))
            warnings.append((line, "-[\(engine.className(engine.classOf(o))) dealloc] of \(shortLabel(o)) never reached [super dealloc]: its superclasses' cleanup was skipped and its memory is never freed"))
            trace.append(TraceLine(line: line, depth: depth + 1 + d, text: "warning: " + warnings.last!.text))
        case .weakZeroed(let r, let t):
            eventLog.append(("zeroed", t))
            guard tracing else { return }
            trace.append(TraceLine(line: line, depth: depth + 1 + d, text: "weak → nil   \(placeLabel(r)) (was \(shortLabel(t)))"))
        case .zombie(let o, let sel):
            eventLog.append(("zombie", o))
            guard tracing else { return }
            trace.append(TraceLine(line: line, depth: depth + 1 + d,
                                   text: "ZOMBIE       -[\(engine.className(engine.classOf(o))) \(sel)] sent to deallocated \(label(o))"))
        case .crash(let message):
            crashLine = line
            trace.append(TraceLine(line: line, depth: depth + 1 + d, text: "CRASH        " + message))
        }
    }
}

struct TraceLine: Equatable {
    var line: Int
    var depth: Int
    var text: String
}

/// A scope's variables, kept as slots of a hidden engine object so that ownership,
/// ARC's releases at the end of the scope and reachability all work as for ivars.
struct LocalFrame {
    var object: ObjectID
    var slots: [String: Int]
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
