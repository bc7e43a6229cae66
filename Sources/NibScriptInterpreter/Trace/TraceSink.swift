import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Where a scenario's trace goes as the run makes it. A run with no sink (`--quiet`,
/// `matrix`, `explore`) builds nothing for its trace; a sink turns what it is handed into
/// its own form: text lines (`TraceWriter`), JSON Lines (`JSONLinesWriter`) or values
/// (`TraceRecorder`, for the library API and the HTML report). Each call comes after the
/// run's own bookkeeping, so a sink only reads the run.
package protocol TraceSink: AnyObject {
    /// A statement (at `range`) is about to run. `depth` 0 is a scenario's own statement,
    /// deeper ones are in method bodies.
    func statement(_ range: SourceRange, line: Int, depth: Int, in run: ScenarioRun)
    /// A line of the interpreter's own: a warning, a callback, "message to nil", …
    func note(_ text: String, line: Int, depth: Int, in run: ScenarioRun)
    /// An engine event; `depth` is where its text line is indented.
    func event(_ e: EngineEvent, line: Int, depth: Int, in run: ScenarioRun)
}

extension TraceWriter: TraceSink {
    package func statement(_ range: SourceRange, line: Int, depth: Int, in run: ScenarioRun) {
        write(line: line, depth: depth, run.file.firstLineTrimmed(range))
    }

    package func note(_ text: String, line: Int, depth: Int, in run: ScenarioRun) {
        write(line: line, depth: depth, text)
    }

    package func event(_ e: EngineEvent, line: Int, depth: Int, in run: ScenarioRun) {
        guard run.traceText(e, into: &eventText) else { eventText.removeAll(); return }
        write(line: line, depth: depth, &eventText)
    }
}

/// One engine event as a value: what `run --format json` prints and what the library's
/// `ScenarioResult.events` holds. Fields that do not apply to the kind are nil.
public struct TraceEvent: Equatable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case alloc, retain, release, autorelease, drain, dealloc, deallocIncomplete, weakZeroed, zombie, crash
    }
    public var kind: Kind
    /// The script line whose statement caused it (a method body's line inside a method).
    public var line: Int
    /// The column where that statement starts; nil for events of the scenario's end.
    public var column: Int?
    /// The trace's indentation: 1 under a scenario's statement, one more per dealloc frame
    /// or method call.
    public var depth: Int
    /// The object's number in the scenario (`#n`), its class and name: the object retained,
    /// released, deallocated, zeroed away from, or sent a zombie message.
    public var object: Int?
    public var className: String?
    public var name: String?
    /// The retain count after the event (1 after alloc, 0 at dealloc).
    public var count: Int?
    /// Why, in the trace's words ("stored in o#1.label", "autorelease pool drain"); for an
    /// alloc, how it was initialized.
    public var cause: String?
    /// Rule ids of SEMANTICS.md the cause names (`N4`), when it names any.
    public var rules: [String] = []
    /// `autorelease` and `drain`: the pool; `drain`: its pending releases.
    public var pool: Int?
    public var entries: Int?
    /// `weakZeroed`: the reference set to nil (`o#1.delegate`).
    public var slot: String?
    /// `zombie`: the message sent.
    public var selector: String?
    /// `crash` and `deallocIncomplete`: the message.
    public var message: String?

    /// `UILabel title#2`, as the text trace names the object.
    public var label: String? {
        guard let className, let name, let object else { return nil }
        return "\(className) \(name)#\(object)"
    }

    /// The object as the JSON outputs name it.
    public var objectRef: ObjectRef? {
        guard let object else { return nil }
        return ObjectRef(id: object, className: className ?? "", name: name ?? "")
    }

    public init(kind: Kind, line: Int, column: Int? = nil, depth: Int = 1) {
        self.kind = kind
        self.line = line
        self.column = column
        self.depth = depth
    }

    /// The rule ids a text ends in, as causes write them: `… (N4)`, `… (N6, N7)`.
    package static func ruleIDs(in text: String) -> [String] {
        guard text.hasSuffix(")"), let open = text.lastIndex(of: "(") else { return [] }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let ids = inner.split(separator: ",").map { $0.trimmingCharacters(in: " ") }
        let ok = !ids.isEmpty && ids.allSatisfy { id in
            guard let f = id.first, f.isUppercase, f.isASCII, id.count >= 2 else { return false }
            return id.dropFirst().allSatisfy { $0.isASCII && ($0.isNumber || $0.isLowercase) }
        }
        return ok ? ids : []
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in c: Character) -> String {
        var s = self
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return String(s)
    }
}

extension ScenarioRun {
    /// The event as a value; nil where the text trace shows nothing (events of the hidden
    /// objects that hold a scope's variables). Takes the pending alloc note, as the text does.
    package func traceEvent(_ e: EngineEvent, line: Int, column: Int?, depth: Int) -> TraceEvent? {
        var t = TraceEvent(kind: .alloc, line: line, column: column, depth: depth)
        func object(_ o: ObjectID) -> Bool {
            if engine.isHidden(o) { return false }
            t.object = engine.number(o)
            t.className = engine.className(engine.classOf(o))
            t.name = engine.name(o)
            return true
        }
        func because(_ c: Cause) {
            let why = causeText(c)
            if !why.isEmpty { t.cause = why; t.rules = TraceEvent.ruleIDs(in: why) }
        }
        switch e.kind {
        case .alloc(let o):
            let note = allocNote
            allocNote = nil
            guard object(o) else { return nil }
            t.count = 1
            if let note { t.cause = note; t.rules = TraceEvent.ruleIDs(in: note) }
        case .retain(let o, let n, let c), .release(let o, let n, let c):
            if case .retain = e.kind { t.kind = .retain } else { t.kind = .release }
            guard object(o) else { return nil }
            t.count = Int(n)
            because(c)
        case .autorelease(let o, let pool, let n, let c):
            t.kind = .autorelease
            guard object(o) else { return nil }
            t.count = Int(n)
            t.pool = pool
            because(c)
        case .drain(let pool, let entries):
            t.kind = .drain
            t.pool = pool
            t.entries = entries
        case .dealloc(let o):
            t.kind = .dealloc
            guard object(o) else { return nil }
            t.count = 0
        case .deallocStatement:
            return nil
        case .deallocIncomplete(let o):
            t.kind = .deallocIncomplete
            _ = object(o)
            t.message = warnings.last?.text
        case .weakZeroed(let r, let target):
            t.kind = .weakZeroed
            _ = object(target)
            t.slot = placeLabel(r)
        case .zombie(let o, let sel):
            t.kind = .zombie
            _ = object(o)
            t.selector = sel
        case .crash(let message):
            t.kind = .crash
            t.message = message
        }
        return t
    }
}

/// Remembers where the current statement starts, so events can name its column.
package struct StatementPosition {
    package var line = -1
    package var column = 0

    package init() {}

    package mutating func enter(_ range: SourceRange, line: Int, file: SourceFile) {
        self.line = line
        column = file.location(of: range.start).column
    }

    package func column(at line: Int) -> Int? { line == self.line ? column : nil }
}

/// One entry of a recorded trace, in the order the run made it.
public enum TraceEntry: Equatable, Sendable {
    case statement(line: Int, column: Int, depth: Int, text: String)
    case note(line: Int, depth: Int, text: String)
    case event(TraceEvent)
}

/// Keeps a scenario's trace as values (for the library API and the HTML report).
package final class TraceRecorder: TraceSink {
    package private(set) var entries: [TraceEntry] = []
    private var position = StatementPosition()

    package init() {}

    /// Called before each of the scenario's own statements (depth 0) and notes at depth 0,
    /// when the state the previous statement left is complete: for snapshots.
    package var willStart: ((_ line: Int, _ run: ScenarioRun) -> Void)?

    package var events: [TraceEvent] {
        entries.compactMap { if case .event(let e) = $0 { return e }; return nil }
    }

    package func statement(_ range: SourceRange, line: Int, depth: Int, in run: ScenarioRun) {
        if depth == 0 { willStart?(line, run) }
        position.enter(range, line: line, file: run.file)
        entries.append(.statement(line: line, column: position.column, depth: depth, text: run.file.firstLineTrimmed(range)))
    }

    package func note(_ text: String, line: Int, depth: Int, in run: ScenarioRun) {
        if depth == 0 { willStart?(line, run) }
        entries.append(.note(line: line, depth: depth, text: text))
    }

    package func event(_ e: EngineEvent, line: Int, depth: Int, in run: ScenarioRun) {
        if let t = run.traceEvent(e, line: line, column: position.column(at: line), depth: depth) {
            entries.append(.event(t))
        }
    }
}
