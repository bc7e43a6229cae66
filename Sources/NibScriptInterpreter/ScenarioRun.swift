import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// One scenario running on a fresh engine: the scenario's variables, the names a loaded
/// nib binds, the trace, and what the expectations found.
package final class ScenarioRun {
    package let program: Program
    package let scenario: ScenarioDecl
    package let config: Configuration
    package let engine = Engine()
    package let classes: ClassTable
    /// The simulated frameworks this run drives (CocoaSimulator/CocoaWorld.swift), with the
    /// run as its host. `engine`, `classes` and `controllers` are the world's own objects,
    /// kept here too so a statement reads them without going through the world.
    package let world: CocoaWorld
    package var file: SourceFile { program.file }

    /// Where the trace goes as it is made (text, JSON Lines, a recording); nil when nothing
    /// prints it (`--quiet`, `matrix`, `explore`), and then no trace text is built at all.
    var trace: TraceSink?
    package var tracing: Bool { trace != nil }
    /// Where the run is: the byte offset of the statement (or closing brace) now running,
    /// plus 1; 0 before any (line 0). The engine's site is the same number, so its events and
    /// dead objects keep it too. Set at every statement, by explore's runs too (another
    /// module: a property visible there keeps its dynamic exclusivity checks). Unchecked:
    /// each access is one read or one assignment, never held across a call that touches it
    /// again.
    ///
    /// An offset and not a line (issue 27, item 5): finding each statement's line cost
    /// `run --quiet` about 65 instructions a statement, and the file's line table, for lines
    /// a quiet run never prints. A line is worked out when something prints or keeps one
    /// (`line`, `lineOf(site:)`).
    @exclusivity(unchecked) package var site: Int32 = 0 { didSet { engine.site = site } }
    /// The line of `site`.
    package var line: Int { lineOf(site: site) }
    /// Where the last line lookup ended, so the next (usually a later statement) is O(1).
    /// Unchecked for exclusivity: it is only ever passed to `SourceFile.line(of:hint:)`, which
    /// touches nothing else.
    @exclusivity(unchecked) package var lineHint = LineHint()
    /// Said on the next `alloc` line: how the object was initialized.
    var allocNote: String?
    // `depth`, `eventLog`, `warnings`, the nib names and the application below are changed
    // at every callback, nib load or binding, and read at every run-loop turn explore
    // hashes: unchecked for exclusivity for the reason the line hint is (each access is one
    // read, one assignment or one change of the value alone, never held across a call that
    // touches it again; a warning's text is made before it is appended).
    @exclusivity(unchecked) package var depth = 0
    /// Which kinds of event each object has had from the nib loader, for `expect event`
    /// (the engine keeps its own events' kinds).
    @exclusivity(unchecked) var eventLog = EventLog()
    /// How many engine events the run had (for the benchmark's rates).
    package var events: Int { engine.history.count }
    /// Trace labels already made, by object (see `paddedLabel`).
    private var paddedLabels: [String?] = []
    @exclusivity(unchecked) package var warnings: [(line: Int, text: String)] = []
    // `results`, `deferred` and `extraRoots` are read at every run-loop turn explore hashes,
    // and each checked read cost more than hashing what it read. They are unchecked for
    // exclusivity for the reason the line hint is: each access is one read, one append,
    // one sort (by a comparison of lines) or one assignment, never held across a call that
    // touches them again (an expectation is evaluated before its result is appended).
    @exclusivity(unchecked) package var results: ExpectationResults
    package var crashLine: Int?
    /// The line of the scenario's statement that was running when the app crashed (the
    /// crash itself may be in a method body): `expect crash` matches a crash at or after
    /// the statement before it.
    package var crashStatementLine: Int?
    /// The line of the scenario's statement whose method call is running (set as a call
    /// from the scenario's level begins; read only when the app crashes).
    var outerStatementSite: Int32 = 0
    /// Expectations checked at the end of the run: leaks, zombies, crashes.
    @exclusivity(unchecked) package var deferred: [(Expectation, Int, Context)] = []
    /// Roots besides the scenario's variables and the application (windows, navigation stacks).
    @exclusivity(unchecked) package var extraRoots: [ObjectID] = []
    /// The controller world's state: windows, stacks, appearance, callbacks (the world's,
    /// CocoaSimulator/ControllerWorld.swift).
    package let controllers: ControllerState

    // Names.
    package var scenarioFrame: LocalFrame!
    /// explore: for each byte of the scenario where a name is read, that name's slot in the
    /// scenario's frame, + 1 (0: not asked yet, -1: not a slot; see `resolve(_:_:)`). A name
    /// read at a place in the scenario's own statements always finds the same slot (-2: the
    /// name is `self`, never taken from the memo), and
    /// explore runs each statement once per variant. It depends on the program alone, so
    /// it stays as it is when a snapshot is restored. Empty unless `memoizeScenarioSlots()`.
    /// Unchecked for exclusivity like the line hint: each access is one read or one write.
    @exclusivity(unchecked) var scenarioSlotMemo: [Int32] = []
    /// For a packed record's name (see `StatementRecords.swift`), by its index in its
    /// parse's table of names (`recordSlotsToken`): the name's slot in the scenario's
    /// frame + 1 (0: not asked yet, -1: not a slot, or `self`). Depends on the program
    /// alone. Unchecked like the memo above.
    @exclusivity(unchecked) var recordSlots: [Int32] = []
    @exclusivity(unchecked) var recordSlotsToken: UnsafeRawPointer?
    /// The same for the class a record's `new` names, once found (the class table is the
    /// run's and does not change while it runs).
    @exclusivity(unchecked) var recordClasses: [RuntimeClass?] = []
    /// The initializer steps `initializerSteps` gave last, for that class and selector (kept
    /// by the class table, which never changes them). Unchecked like the names above.
    @exclusivity(unchecked) var lastInitializerClass: RuntimeClass?
    @exclusivity(unchecked) var lastInitializerSelector = ""
    @exclusivity(unchecked) var lastInitializerSteps: [InitializerStep] = []
    /// The names loaded nibs bind, by the program's name ids (see `NibBindings`).
    @exclusivity(unchecked) package var nibNames: NibBindings
    /// Storyboard scene controllers and the nibs their views load from.
    @exclusivity(unchecked) package var sceneViewNibs = SparseDigestedObjectMap<NibModel>()
    @exclusivity(unchecked) package var application: ObjectID?
    @exclusivity(unchecked) package var frameClasses: [String: (ClassID, [String])] = [:] { didSet { frameClassesDigest = nil } }
    /// explore's digest of `frameClasses`, made again only after it changes (a cache of
    /// the frames' classes, it rarely does). Unchecked like the names above.
    @exclusivity(unchecked) package var frameClassesDigest: UInt64?
    @exclusivity(unchecked) var callDepth = 0
    /// The last setter `setProperty` looked up (see `SetterLookup`). Depends on the program
    /// alone, so it stays as it is when a snapshot is restored. Unchecked like the names above.
    @exclusivity(unchecked) var lastSetter: SetterLookup?
    /// The lines of `dealloc` bodies the plans show, by the token their steps carry. Only
    /// grows, as plans are made, so a plan's tokens stay good after explore restores a run.
    var deallocLines: [DeallocLine] = []
    /// The words of the last causes a traced run gave (`tracedCause`), by their note number
    /// less the fixed notes', and where in that ring the next one goes.
    var tracedCauseNotes: [String] = []
    var tracedCauseNext = 0
    /// `watch x`: the object expectations naming the scenario variable x read.
    /// Unchecked like the names above: asked at every assignment.
    @exclusivity(unchecked) var watched: [String: ObjectID] = [:]
    /// `retain value` in a method body, not yet owned by a reference: (frame, object).
    var floatingRetains: [(frame: ObjectID, object: ObjectID)] = []
    package static let maxCallDepth = 64
    /// `nibscript graph --at L`: the run stops before the first statement of the scenario
    /// after line L (`stopped` then), leaving the state as it was after line L.
    package var stopAfterLine: Int?
    package var stopped = false
    /// Inside `event { … }`: commands do not end the event (O3).
    var insideEventBlock = false
    /// The run loop's delayed performs and the notification centers' observers (T2, T3).
    package var traps = TrapState()

    package init(program: Program, scenario: ScenarioDecl, config: Configuration, trace: TraceSink? = nil) {
        self.trace = trace
        self.program = program
        self.scenario = scenario
        self.config = config
        nibNames = NibBindings(names: program.names)
        results = ExpectationResults(bytes: program.file.bytes)
        var ignored: [Diagnostic] = []
        classes = ClassTable(script: program.classDecls, config: config, engine: engine, diagnostics: &ignored)
        world = CocoaWorld(config: config, engine: engine, classes: classes)
        controllers = world.controllers
        engine.planner = world
        engine.garbageCollected = config.isGC
        engine.eventSink = { [unowned self] e in self.record(e) }
        // Without a trace the run needs to hear only of crashes and incomplete deallocs: the
        // engine keeps what expectations ask of every other event.
        engine.sinkTakesNotableOnly = trace == nil
        world.host = self
    }

    package var crashed: Bool { engine.hasCrashed }

    /// `site` set to source offset `offset`. One call for explore's walk, in another module,
    /// where setting `site` costs a call and an exclusivity check.
    package func enterLine(at offset: Int) {
        site = Self.site(offset)
    }

    /// The site of source offset `offset` (see `site`).
    @inline(__always) package static func site(_ offset: Int) -> Int32 { Int32(truncatingIfNeeded: offset) &+ 1 }

    /// The line of a site (`site`, an engine event's, a dead object's): 0 for none, -1 for
    /// an object not deallocated.
    package func lineOf(site s: Int32) -> Int {
        s <= 0 ? Int(s) : file.line(of: Int(s) - 1, hint: &lineHint)
    }

    /// The line where dead object `o` was deallocated.
    package func deallocLine(_ o: ObjectID) -> Int { lineOf(site: engine.deallocSite(o)) }

    // MARK: Trace

    package func note(_ text: @autoclosure () -> String, extraDepth: Int = 1) {
        trace?.note(text(), line: line, depth: depth + extraDepth, in: self)
    }

    /// A trace line at `depth` (absolute), built only when a trace is being written.
    package func traceLine(depth: Int, _ text: @autoclosure () -> String) {
        trace?.note(text(), line: line, depth: depth, in: self)
    }

    package func warn(_ text: String) {
        warnings.append((line, text))
        note("warning: " + text)
    }

    package func header(_ range: SourceRange) {
        trace?.statement(range, line: line, depth: depth, in: self)
    }

    package func label(_ o: ObjectID) -> String {
        "\(engine.className(engine.classOf(o))) \(engine.name(o))#\(engine.number(o))"
    }

    /// A short name of an object for causes: `root#2`.
    package func shortLabel(_ o: ObjectID) -> String { "\(engine.name(o))#\(engine.number(o))" }

    /// `o#1.label`, or `variable x` for the scenario's and methods' own variables.
    package func placeLabel(_ r: SlotRef) -> String {
        engine.isHidden(r.holder) ? "variable \(referenceName(r))" : "\(shortLabel(r.holder)).\(referenceName(r))"
    }

    /// The name of the reference a slot holds: a variable's, or an object's property's
    /// (a property's name reads better than its backing ivar's, `_rootViewController`), or
    /// its ivar's.
    package func referenceName(_ r: SlotRef) -> String {
        let slot = engine.slots(of: engine.classOf(r.holder))[Int(r.slot)].name
        if engine.isHidden(r.holder) { return slot }
        let cls = runtimeClass(of: r.holder)
        if let p = cls.ancestors.lazy.compactMap({ $0.properties.first { $0.slot == Int(r.slot) } }).first, p.ivarName != p.name {
            return p.name
        }
        return slot
    }

    /// A cause in words, made only when a trace will print it: causes are for the trace
    /// alone, and a nib of a million objects would otherwise build a million of them.
    package func because(_ text: @autoclosure () -> String) -> Cause {
        tracing ? tracedCause(text()) : .explicit
    }

    package func causeText(_ c: Cause) -> String {
        switch c {
        case .explicit: return ""
        case .store(let r): return "stored in \(placeLabel(r))"
        case .replaced(let r): return "replaced in \(placeLabel(r))"
        case .list(let r):
            let slot = engine.slots(of: engine.classOf(r.holder))[Int(r.slot)].name
            return "\(slot) of \(shortLabel(r.holder))"
        case .dealloc(let o): return engine.isHidden(o) ? "end of scope" : "dealloc of \(shortLabel(o))"
        case .deallocSlot(let r):
            // Which of its references the dealloc let go of: `dealloc of c#1 (table)`.
            if engine.isHidden(r.holder) { return "end of scope" }
            let place = placeLabel(r)
            return "dealloc of \(shortLabel(r.holder)) (\(place.dropFirst(shortLabel(r.holder).count + 1)))"
        case .pool: return "autorelease pool drain"
        case .temporary: return "ARC: end of statement"
        case .other(let note): return causeNoteText(note)
        }
    }

    /// An engine event the run hears of (every event while a trace is written, else only
    /// the notable ones): what the run itself keeps of it, then its line of text.
    private func record(_ e: EngineEvent) {
        switch e.kind {
        case .deallocIncomplete(let o):
            warnings.append((line, "-[\(engine.className(engine.classOf(o))) dealloc] of \(shortLabel(o)) never reached [super dealloc]: its superclasses' cleanup was skipped and its memory is never freed"))
        case .crash:
            crashLine = line
            crashStatementLine = callDepth == 0 ? line : lineOf(site: outerStatementSite)
        case .deallocStatement(let o, let site, let token):
            if trace != nil {
                traceDeallocLine(deallocLines[Int(token)], of: o, site: lineOf(site: site), before: lineOf(site: e.site), depth: depth + 1 + e.depth)
            }
            return
        default: break
        }
        // The event's own site: inside a dealloc body, the body's line.
        trace?.event(e, line: lineOf(site: e.site), depth: depth + 1 + e.depth, in: self)
    }

    /// Whether an event of `kind` happened (to `o`, when given): `expect event`.
    package func happened(_ kind: String, to o: ObjectID?) -> Bool {
        eventLog.happened(kind, to: o, history: engine.history)
    }

    /// The events' kinds per object, as explore keys a state.
    package func hashEvents(into h: inout StableHash) {
        eventLog.hash(into: &h, history: engine.history)
    }

    /// A line of a `dealloc` body, shown as a method body's lines are: the method's name
    /// under the line that called it (`before`), each statement at its own line (`site`).
    private func traceDeallocLine(_ l: DeallocLine, of o: ObjectID, site: Int, before: Int, depth: Int) {
        guard let trace else { return }
        switch l {
        case .method(let cls): trace.note("-[\(cls) dealloc] on \(shortLabel(o))", line: before, depth: depth, in: self)
        case .statement(let range): trace.statement(range, line: site, depth: depth, in: self)
        case .note(let text): trace.note(text, line: before, depth: depth, in: self)
        }
    }

    /// The words of an event's trace line; nil for events of hidden objects (the scopes'
    /// variable frames), which the trace does not show.
    package func traceText(_ e: EngineEvent) -> String? {
        var text = LineBuffer()
        guard traceText(e, into: &text) else { return nil }
        return text.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the words of an event's trace line to `text`; false for events of hidden
    /// objects (the scopes' variable frames), which the trace does not show. Built by
    /// appending bytes: this runs for every event of a traced run.
    package func traceText(_ e: EngineEvent, into text: inout LineBuffer) -> Bool {
        func object(_ paddedVerb: String, _ o: ObjectID) -> Bool {
            if engine.isHidden(o) { return false }
            text.append(paddedVerb)
            text.append(UInt8(ascii: " "))
            text.append(paddedLabel(o))
            text.append(UInt8(ascii: " "))
            return true
        }
        func why(_ c: Cause) {
            let why = causeText(c)
            if !why.isEmpty { text.append("   "); text.append(why) }
        }
        func counted(_ n: Int32, _ c: Cause) {
            text.append("count ")
            text.append(n)
            why(c)
        }
        switch e.kind {
        case .alloc(let o):
            let note = allocNote
            allocNote = nil
            guard object(Verb.alloc, o) else { return false }
            text.append("count 1")
            if let note { text.append("   "); text.append(note) }
        case .retain(let o, let n, let c):
            guard object(Verb.retain, o) else { return false }
            counted(n, c)
        case .release(let o, let n, let c):
            guard object(Verb.release, o) else { return false }
            counted(n, c)
        case .autorelease(let o, let pool, let n, let c):
            guard object(Verb.autorelease, o) else { return false }
            text.append("count ")
            text.append(n)
            text.append(", pending in pool ")
            text.append(pool)
            why(c)
        case .drain(let pool, let entries):
            text.append("drain        pool \(pool): \(entries) pending release\(entries == 1 ? "" : "s")")
        case .dealloc(let o):
            // The collector finalizes; the event stays a `dealloc` for `expect event`.
            guard object(config.isGC ? Verb.collected : Verb.dealloc, o) else { return false }
            text.trimTrailingSpaces()
        case .deallocIncomplete:
            text.append("warning: " + warnings.last!.text)
        case .weakZeroed(let r, let t):
            text.append("weak → nil   \(placeLabel(r)) (was \(shortLabel(t)))")
        case .zombie(let o, let sel):
            text.append("ZOMBIE       -[\(engine.className(engine.classOf(o))) \(sel)] sent to deallocated \(label(o))")
        case .crash(let message):
            text.append("CRASH        " + message)
        case .deallocStatement:
            return false
        }
        return true
    }

    /// An object's label padded to the trace's column, made once per object: an object's
    /// class, name and number never change.
    private func paddedLabel(_ o: ObjectID) -> String {
        if o.index < paddedLabels.count, let l = paddedLabels[o.index] { return l }
        let l = TextReport.pad(label(o), 28)
        if o.index >= paddedLabels.count { paddedLabels += repeatElement(nil, count: o.index + 1 - paddedLabels.count) }
        paddedLabels[o.index] = l
        return l
    }

    /// The trace's verbs, padded to their column.
    private enum Verb {
        static let alloc = "alloc       ", retain = "retain      ", release = "release     ",
                   autorelease = "autorelease ", dealloc = "dealloc     ", collected = "collected   "
    }
}

/// A scope's variables, kept as slots of a hidden engine object so that ownership,
/// ARC's releases at the end of the scope and reachability all work as for ivars.
package struct LocalFrame {
    package var object: ObjectID
    /// The scope's variables, in slot order.
    package let names: [String]
    /// By name, for a scope of many variables. A few are found by comparing names, which
    /// is cheaper than hashing one: a statement looks its variable up every time it runs.
    private let index: VariableIndex?

    package init(object: ObjectID, names: [String]) {
        self.object = object
        self.names = names
        index = names.count > 16 ? VariableIndex(names) : nil
    }

    /// The slot of variable `name`, if the scope has one.
    package func slot(_ name: String) -> Int? {
        if let index { return index.position(of: name, in: names) }
        for i in names.indices where names[i] == name { return i }
        return nil
    }
}

/// Positions of distinct names, found by a cheap hash of the name's length and last bytes
/// (open addressing) and confirmed by comparing the name: names in a script are short and
/// differ at their ends (`c0`…`c59`), and a full hash of each (a Dictionary's) cost more
/// than the statement's own work. Any hash is correct here, only slower when names collide.
package struct VariableIndex {
    /// Position + 1 per bucket, 0 when empty; a power of two at least twice the names.
    private var buckets: [Int32]

    package init(_ names: [String]) {
        var n = 4
        while n < 2 * names.count { n *= 2 }
        buckets = Array(repeating: 0, count: n)
        for (i, name) in names.enumerated() {
            var b = Self.hash(name) & (n - 1)
            while buckets[b] != 0 { b = (b + 1) & (n - 1) }
            buckets[b] = Int32(i + 1)
        }
    }

    package func position(of name: String, in names: [String]) -> Int? {
        let mask = buckets.count - 1
        var b = Self.hash(name) & mask
        while buckets[b] != 0 {
            let i = Int(buckets[b]) - 1
            if names[i] == name { return i }
            b = (b + 1) & mask
        }
        return nil
    }

    package static func hash(_ name: String) -> Int {
        // Read in place where the string's bytes lie contiguous (always, for a native or
        // small string): `withUTF8` needs a mutable copy, retained and released per lookup.
        if let h = name.utf8.withContiguousStorageIfAvailable(hash) { return h }
        var s = name
        return s.withUTF8(hash)
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h = bytes.count &* 0x9E37_79B9
        for b in bytes.suffix(8) { h = (h &* 31) &+ Int(b) }
        return h ^ (h >> 7)
    }
}

