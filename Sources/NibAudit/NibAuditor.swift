import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// The audit of one Interface Builder file: the script it builds (the classes its objects
/// need, the nib, the scenario battery for its owner's kind), the runs under each
/// configuration, and what they found, attributed to outlets.
package struct NibAuditor {
    let dir: String
    let rel: String
    let entry: NibInventory.Entry
    let context: Audit.Context
    var project: ImportedProject { context.project }
    var options: Audit.Options { context.options }
    var missing: [Audit.Missing] = []
    /// Classes this nib instantiates or is owned by, and the outlets (`Class.member`) it connects.
    var classesUsed: [String] = []
    var connected: Set<String> = []
    var findings: [Audit.Finding] = []
    /// Errors as a compiler prints them (`path:line:column: error: …`, the line, a caret).
    var errors: [String] = []
    /// Titles of the scenarios of B1 and B3 (an explored one adds its warning after them).
    var stepScenarios: Set<String> = []
    /// The scenarios that send a method twice (B1's second click), by title: its class and selector.
    var secondClicks: [String: (String, String)] = [:]
    /// The scenarios of B3 that close a main nib's window, by title: the window's index.
    var closedWindows: [String: Int] = [:]
    /// Classes with an object in a main nib (L1), and that nib: they live as long as the
    /// application, and their `dealloc` never runs.
    var mainNibClasses: [String: String] = [:]
    /// Ivars given an object of a class neither the sources nor the catalogue know (B4), and that class.
    var unknownMade: [String: String] = [:]
    /// Objects made and kept nowhere, by their script variable (see `ImportLowering.Unknown`).
    var unkept: [String: (String, String, ImportedStatement, String)] = [:]
    /// Repeating timers with self as target the scripts make, by `Class.ivar` (B15).
    var timers: [String: TimerMade] = [:]

    var path: String { dir + "/" + rel }

    init(dir: String, entry: NibInventory.Entry, context: Audit.Context) {
        self.dir = dir; self.rel = entry.path; self.entry = entry; self.context = context
    }

    package enum OwnerKind: String {
        case viewController = "view controller"
        case windowController = "window controller"
        case macViewController = "Mac view controller"
        case application = "main nib"
        case preferencePane = "preference pane"
        case document = "document window nib"
        case plain = "plain owner"
    }

    /// Stub classes: a nib's custom class the sources do not declare, loaded as its element's class.
    struct Stub { var name: String; var superclass: String }

    /// `explore`'s search over one scenario: every variant with up to `budget` memory
    /// warnings at its run-loop turns (NibScriptExplore/Explore.swift: the same decision points, the
    /// same pruning of states already explored), each finished run handed to `body` with a
    /// title that says where its warning came.
    package func exploreWarnings(_ program: Program, _ scenario: ScenarioDecl, budget: Int, _ body: (ScenarioRun, String) -> Void) {
        let reads = HistoryReads(scenario.body)
        var seen: Explore.Seen = [:]
        var wave: [[Explore.Deviation]] = [[]]
        var variants = 0
        while !wave.isEmpty && variants < 2_000 {
            var next: [[Explore.Deviation]] = []
            for decisions in wave {
                variants += 1
                // Each variant replays its deviations from the start (no snapshots), with its steps.
                let driver = VariantDriver(budget: budget, reads: reads, seen: seen, base: [:])
                driver.replay = decisions
                driver.deviations = decisions
                driver.exploreAfterReplay = true
                driver.steps = []
                let run = ScenarioRun(program: program, scenario: scenario, config: program.config)
                run.runExplored(driver)
                var cut = driver.stopped
                for v in driver.visited {
                    if let u = seen[v.key], Int(u) <= v.used { cut = true; break }
                    seen[v.key] = UInt8(v.used)
                    for option in 1..<max(1, v.options) {
                        next.append(decisions + [Explore.Deviation(point: Int32(v.point), option: Int32(option))])
                    }
                }
                if cut { continue }
                var title = scenario.title
                var previous = "the start"
                for step in driver.steps ?? [] {
                    switch step {
                    case .statement(_, let text): previous = "`\(text)`"
                    case .warning: title += ", memory warning after \(previous)"
                    case .end: previous = "the end"
                    default: break
                    }
                }
                body(run, title)
            }
            wave = next
        }
    }

    package static func identifier(_ s: String) -> String {
        var out = String(s.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if out.first?.isNumber ?? true { out = "N" + out }
        return out
    }

    func ownerKind(_ cls: String, platform: PlatformName, stubs: [Stub], doc: IBDocument, viewConnected scene: Bool = false,
                   assumed: [String: String] = [:]) -> OwnerKind {
        let builtin = Catalogue.classes(for: platform)
        var k: String? = cls
        var seen = Set<String>()
        let viewConnected = scene || doc.filesOwner.map { o in doc.connections(from: o).contains { $0.name == "view" } } ?? false
        let windowConnected = doc.filesOwner.map { o in doc.connections(from: o).contains { $0.name == "window" } } ?? false
        while let n = k, seen.insert(n).inserted {
            switch n {
            // An NSApplication subclass as File's Owner: the main nib (L1).
            case "UIApplication", "NSApplication": return .application
            case "NSPreferencePane": return .preferencePane
            case "UIViewController" where viewConnected: return .viewController
            case "NSWindowController" where windowConnected: return .windowController
            case "NSViewController" where viewConnected: return .macViewController
            default: break
            }
            if let c = project[n], let sup = c.superclass {
                k = builtin.contains(where: { $0.name == sup }) || project[sup]?.superclass != nil ? sup : (assumed[sup] ?? sup)
                continue
            }
            if let s = stubs.first(where: { $0.name == n }) { k = s.superclass; continue }
            k = builtin.first { $0.name == n }?.superclass
        }
        return .plain
    }

    /// The scenario `explore` runs with a warning at each run-loop turn.
    package static let lifeTitle = "shown, covered, uncovered, popped and released"
    /// The same for a controller its creator presents modally: never covered (B6).
    package static let modalTitle = "presented modally, dismissed and released"

    /// The standard scenarios for an owner's kind, as lines of nibscript.
    package static func battery(_ kind: OwnerKind, owner: String, nib: String, platform: PlatformName, arc: Bool,
                        taken: Set<String> = [], afterLoad: [String] = [], afterOwner: [String] = [],
                        keepOwner: Bool = false, closing: Closing? = nil) -> [(String, [String])] {
        // Variables of the scenario must not be names the nib gives its objects.
        func name(_ base: String) -> String { var n = base; while taken.contains(n) { n += "_" }; return n }
        let c = name("c"), nav = name("nav")
        let giveUp = arc ? "\(c) = nil" : "release \(c)"
        // `owner` is a class name from the nib or the sources; `nib` is already a token.
        let owner = ScriptText.name(owner)
        func made(_ base: String) -> [String] {
            let v = name(base)
            return ["\(v) = new UIViewController", "push \(nav) \(v)", arc ? "\(v) = nil" : "release \(v)"]
        }
        switch kind {
        case .viewController:
            let start = ["\(nav) = new UINavigationController"] + made("root") + ["show \(nav)", "\(c) = new \(owner)", "push \(nav) \(c)", giveUp]
            // One run stops while it is covered after a warning, to see what the warning
            // left behind before anything reloads; the whole life runs under `explore`, which
            // inserts a memory warning at every run-loop turn of it (see `lifeTitle`).
            return [
                ("shown, covered by another, memory warning", start + made("cover") + ["memoryWarning"]),
                (lifeTitle, start + made("cover") + ["pop \(nav)", "pop \(nav)", "drain"]),
            ]
        case .windowController, .macViewController:
            // B7: a window whose delegate gets `windowWillClose:` is closed by the user before
            // its controller goes, as an NSWindowController's window is.
            if let closing {
                // B14: a controller that releases itself in what the close sends it is given up there.
                return [("shown, \(closing.scenarioEnd)", ["\(c) = new \(owner)", "show \(c)", "drain"] + closing.lines + (closing.releasesOwner ? [] : [giveUp, "drain"]))]
            }
            return [("shown and released", ["\(c) = new \(owner)", "show \(c)", "drain", giveUp, "drain"])]
        case .application:
            return [("main nib loaded", ["load nib \(nib) owner app", "drain"])]
        case .preferencePane:
            // NSPreferencePane's loadMainView (L2): the nib loaded with the pane as owner, then
            // assignMainView: the window's content view becomes the retained `mainView` and the
            // window (the pane's +1, N3) is released; the pane lives until System Preferences
            // unloads it.
            // `_window` is an ivar of the pane (no property): `->`.
            // B8: then `mainViewDidLoad`, the pane selected and, before it goes, unselected, in
            // the order System Preferences sends them.
            return [("loaded by System Preferences, selected, unselected and unloaded",
                     Self.paneStart(c, owner: owner, nib: nib, arc: arc) + Self.paneEnd(c, arc: arc))]
        case .document:
            // L6: NSDocument's window controller loads the nib with the document as File's
            // Owner and adopts its top-level objects (`afterLoad`: their releases when the
            // document closes and the controller goes); then the document goes.
            return [("opened and closed", ["\(c) = new \(owner)", "load nib \(nib) owner \(c)", "drain"] + afterLoad
                        + (afterLoad.isEmpty ? [] : ["drain"]) + [giveUp, "drain"])]
        case .plain:
            let cls = ["NSObject", "UIApplication", "NSApplication"].contains(owner) ? "NSObject" : owner
            // A shared instance (L10) is never released: its nib's objects live with it.
            if keepOwner {
                return [("loaded by the shared instance, kept for the application's life",
                         ["\(c) = new \(cls)", "load nib \(nib) owner \(c)"] + afterLoad + ["drain"])]
            }
            // What the loading code does with the top-level objects (L7, L8) comes after the
            // load and after the owner: see NibAuditorCodeLoads.swift.
            // B10: what the project's users send it when they are done with it comes before its release.
            return [(closing.map { "loaded, \($0.scenarioEnd)" } ?? "loaded and released",
                     ["\(c) = new \(cls)", "load nib \(nib) owner \(c)"] + afterLoad + ["drain"] + (closing?.lines ?? [])
                        + (closing?.releasesOwner == true ? [] : [giveUp, "drain"])
                        + afterOwner + (afterOwner.isEmpty ? [] : ["drain"]))]
        }
    }

    // MARK: Attribution

    /// The member of an imported class (or its imported superclasses) named by an outlet key.
    package func member(_ key: String, of cls: String) -> (ImportedClass, ImportedMember)? {
        var k: String? = cls
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            if let m = c.member(key) ?? c.members.first(where: { !$0.isProperty && ($0.name == "_" + key) }) { return (c, m) }
            if let m = c.member(forIvarOrName: key) { return (c, m) }
            k = c.superclass
        }
        return nil
    }

    /// Whether an outlet connected to this member keeps its object (O6, N6, N7).
    package func retains(_ m: ImportedMember, platform: PlatformName, arc: Bool) -> Bool {
        switch m.kind {
        case .property(let a, _) where m.isReadonly:
            // No setter: the loader stores into the ivar, as into an ivar outlet (N6, N7).
            if arc { return a != .weak && a != .assign && a != .unsafeUnretained }
            return platform == .ios
        case .property(let a, _):
            switch a {
            case .retain?, .strong?, .copy?: return true
            case nil: return arc
            default: return false
            }
        case .ivar(let q):
            if arc { return q == nil || q == .strong }
            return platform == .ios
        }
    }

    func className(of i: Int, in doc: IBDocument, ownerClass: String) -> String {
        i == doc.filesOwner ? ownerClass : doc.objects[i].effectiveClass
    }

    mutating func collect(_ run: ScenarioRun, doc: IBDocument, names: [String?], ownerClass: String, config: String, scenario: String) {
        let e = run.engine
        let platform: PlatformName = run.config.platform
        let arc = run.config.isARC
        var index: [String: Int] = [:]
        for (i, n) in names.enumerated() { if let n, index[n] == nil { index[n] = i } }
        func ibIndex(_ o: ObjectID) -> Int? { index[e.name(o)] }
        let nibFile = (rel as NSString).lastPathComponent
        func objectRef(_ o: ObjectID) -> Audit.Object { Audit.Object(className: e.className(e.classOf(o)), name: e.name(o), origin: nibFile) }
        func describe(_ o: ObjectID) -> String { objectRef(o).text }
        func nibPlace(_ i: Int, _ what: String) -> Audit.Place {
            Audit.Place(file: rel, line: doc.objects[i].location.line, column: doc.objects[i].location.column, what: what)
        }
        /// Outlets of imported classes that point at IB object `i`, keeping it when `retaining`.
        func holders(of i: Int, retaining: Bool) -> [(ImportedClass, ImportedMember, IBConnection)] {
            var out: [(ImportedClass, ImportedMember, IBConnection)] = []
            for c in doc.connections where (c.kind == .outlet || c.kind == .outletCollection) && c.destination == i {
                let cls = className(of: c.source, in: doc, ownerClass: ownerClass)
                guard let (ic, m) = member(c.name, of: cls) else { continue }
                if retaining && !retains(m, platform: platform, arc: arc) { continue }
                out.append((ic, m, c))
            }
            return out
        }
        /// Whether a live object's slot for `m` (its ivar) points at `o`; true when no slot of
        /// that name is found (the finding is kept, as before).
        func stillPoints(at o: ObjectID, member m: ImportedMember) -> Bool {
            var found = false
            for h in e.allObjects where e.isAlive(h) {
                guard let k = e.slotIndex(named: m.ivarName, in: e.classOf(h)) ?? e.slotIndex(named: m.name, in: e.classOf(h)) else { continue }
                found = true
                if e.read(SlotRef(h, k)) == o { return true }
            }
            return !found
        }
        func ancestors(_ i: Int) -> [Int] {
            var out: [Int] = []
            var p = doc.objects[i].parent
            while let q = p { out.append(q); p = doc.objects[q].parent }
            return out
        }
        func add(_ kind: Audit.Kind, _ objects: [ObjectID]) {
            let set = Set(objects.compactMap(ibIndex))
            for o in objects {
                guard let i = ibIndex(o) else {
                    // An object made in code: a member the class set in a method.
                    let name = e.name(o)
                    if kind == .leak, let (made, maker, st, sel) = unkept[name] {
                        let place = Audit.Place(st.place, base: dir, what: "made here")
                        // Named by the method, not the line: a fingerprint an edit above does not move.
                        var f = Audit.Finding(kind: .leak, rule: "O9", className: maker, member: nil, objectDescription: "\(made) made in `\(sel)`",
                                              location: place, message: "`\(st.text)` makes a \(made) at +1 and keeps no reference to it: nothing releases it",
                                              fix: "keep it in an ivar of \(maker) and release it when done with it (release the previous one before making another), or autorelease it if something else keeps it" + Self.noEditForUnkept)
                        f.configurations = [config]; f.scenarios = [scenario]; f.objects = [Audit.Object(className: made, name: "", origin: "\(st.place.fileName):\(st.place.line)",
                                                                                             text: "\(made) (\(st.place.fileName):\(st.place.line))")]
                        findings.append(f)
                        continue
                    }
                    // Kept by another leaked object (a leaked controller's ivar): part of that leak.
                    if kind == .leak, objects.contains(where: { h in h != o && e.slots(of: e.classOf(h)).indices.contains { e.read(SlotRef(h, $0)) == o } }) { continue }
                    // The owner's member, or (an action of a main nib's object, B1) another class's.
                    let others = stepScenarios.contains { scenario.hasPrefix($0) } ? classesUsed : []
                    var cls = ([ownerClass] + others).first { member(name, of: $0) != nil }
                    // The object is named after the member that made it. A member of that name
                    // that its class never sets is another class's of the same name: the one of
                    // the script's classes that makes it (Sequel Pro's text views' `prefs`, in
                    // four nibs whose owners also declare a `prefs`, were reported as theirs).
                    if let c0 = cls, let (ic0, m0) = member(name, of: c0), maker(of: m0, in: ic0) == nil,
                       let other = classesUsed.first(where: { k in k != c0 && member(name, of: k).map { maker(of: $0.1, in: $0.0) != nil } == true }) {
                        cls = other
                    }
                    if let cls, let (ic, m) = member(name, of: cls) {
                        // Made by the method a B1 scenario sends twice: the second one
                        // overwrote the first without releasing it (a second click's leak).
                        let again = kind == .leak ? sentStep(scenario).flatMap { s in
                            overwrittenMembers(cls: s.0, sel: s.1).contains { $0.name == m.name } ? assignment(of: m, cls: s.0, sel: s.1) : nil } : nil
                        // A member a subclass's method makes (SubclassMakers.swift).
                        let below = again == nil && maker(of: m, in: ic) == nil ? makerBelow(of: m, from: cls, declaredIn: ic) : nil
                        let made = again ?? maker(of: m, in: ic) ?? below.map { ($0.1, $0.2) }
                        let cls = unknownMade[m.ivarName] ?? e.className(e.classOf(o))
                        let object = made.map { Audit.Object(className: cls, name: name, origin: "\($0.1.place.fileName):\($0.1.place.line)",
                                                             text: "\(cls) \(name) (made in `\($0.0.selector)`, \($0.1.place.fileName):\($0.1.place.line))") }
                            ?? objectRef(o)
                        var f = finding(kind, ic, m, object: object.text, platform: platform, arc: arc, madeBy: made, overwritten: again != nil, madeIn: below?.0)
                        if let u = unknownMade[m.ivarName] {
                            f.confidence = "low"
                            f.confidenceReason = "\(u) is in neither the sources nor the catalogue: it was made as a plain object (B4), and what its own methods do with it is not seen"
                        }
                        f.configurations = [config]; f.scenarios = [scenario]; f.objects = [object]
                        findings.append(f)
                    }
                    continue
                }
                var hs = holders(of: i, retaining: true)
                // Abandoned memory belongs to the unloaded controller's outlets: an object kept
                // by another abandoned object is part of that one.
                if kind == .abandoned {
                    hs = hs.filter { !set.contains($0.2.source) && !ancestors($0.2.source).contains(where: set.contains) }
                    // An outlet `viewDidUnload` set to nil keeps nothing: the object is kept by
                    // another abandoned one (its container, held by an outlet that was not set
                    // to nil: WordPress's `editView`), whose finding it is part of.
                    hs = hs.filter { stillPoints(at: o, member: $0.1) }
                    if hs.isEmpty && holders(of: i, retaining: true).count > 0 { continue }
                }
                // A leaked object whose outlets are all released in `dealloc` stays alive only
                // inside a leaked ancestor (a subview of a container no one releases): part of
                // that leak, not a defect of its own.
                if kind == .leak, !hs.isEmpty, ancestors(i).contains(where: set.contains),
                   hs.allSatisfy({ Self.releasedInDealloc($0.1, of: $0.0) }) { continue }
                if !hs.isEmpty {
                    for (ic, m, c) in hs { record(kind, ic, m, object: objectRef(o), connection: c) }
                    continue
                }
                // Held inside another object of the same finding: that one is the finding.
                if ancestors(i).contains(where: set.contains) { continue }
                // A top-level object File's Owner points at without retaining (a Mac ivar
                // outlet, an assign property): the owner was handed its +1 (N3).
                if kind == .leak, doc.objects[i].parent == nil || doc.objects[i].relationship == .topLevel,
                   let (ic, m, c) = holders(of: i, retaining: false).first(where: { $0.2.source == doc.filesOwner }) {
                    var f = finding(.leak, ic, m, object: describe(o), platform: platform, arc: arc, topLevel: true)
                    f.related.append(Audit.Place(file: rel, line: c.location.line, column: c.location.column, what: "connection of outlet '\(c.name)'"))
                    f.configurations = [config]; f.scenarios = [scenario]; f.objects = [objectRef(o)]
                    findings.append(f)
                    continue
                }
                if doc.objects[i].parent != nil && kind != .leak { continue }
                // R4: an object inside the nib's tree (a tab view item in its tab view) is no
                // top-level object: the leak of the member whose code retained it, or one
                // named with its parent.
                if kind == .leak, let p = doc.objects[i].parent, doc.objects[i].relationship != .topLevel {
                    if let (ic, m, c, at) = holders(of: i, retaining: false).compactMap({ h in codeRetain(of: h.1, in: h.0).map { (h.0, h.1, h.2, $0) } }).first {
                        var f = retainedNestedLeak(ic, m, object: describe(o), retainedAt: at, platform: platform, arc: arc)
                        f.related.append(Audit.Place(file: rel, line: c.location.line, column: c.location.column, what: "connection of outlet '\(c.name)'"))
                        f.configurations = [config]; f.scenarios = [scenario]; f.objects = [objectRef(o)]
                        findings.append(f)
                        continue
                    }
                    var f = Audit.Finding(kind: .leak, rule: "O9 R4", className: ownerClass, member: nil,
                                          objectDescription: "\(objectRef(o).className) in \(doc.objects[p].effectiveClass)", location: nibPlace(i, "nib object"),
                                          message: "\(describe(o)), inside \(doc.objects[p].effectiveClass) \(names[p] ?? "") (it is no top-level object), outlives the nib: something retained it and nothing releases it",
                                          fix: "find what retains it beyond its parent, and release it when done with it")
                    f.configurations = [config]; f.scenarios = [scenario]; f.objects = [objectRef(o)]
                    findings.append(f)
                    continue
                }
                recordObject(kind, object: objectRef(o), at: nibPlace(i, "nib object"))
            }
        }
        func record(_ kind: Audit.Kind, _ ic: ImportedClass, _ m: ImportedMember, object: Audit.Object, connection: IBConnection?) {
            var f = finding(kind, ic, m, object: object.text, platform: platform, arc: arc)
            if let c = connection {
                f.related.append(Audit.Place(file: rel, line: c.location.line, column: c.location.column, what: "connection of outlet '\(c.name)'"))
            }
            f.configurations = [config]; f.scenarios = [scenario]; f.objects = [object]
            findings.append(f)
        }
        func recordObject(_ kind: Audit.Kind, object ref: Audit.Object, at place: Audit.Place) {
            let cls = ref.className
            let object = "\(ref.className) \(ref.name)"
            var f = Audit.Finding(kind: kind, rule: kind == .leak ? (platform == .mac ? "N3 O9" : "O9") : "V7",
                                  className: ownerClass, member: nil, objectDescription: "top-level \(cls)", location: place,
                                  message: "the nib's top-level \(object) is never released: File's Owner (\(ownerClass)) gets it at +1 and nothing balances it",
                                  fix: platform == .mac
                                    ? "keep each top-level object in a retained outlet of \(ownerClass) and release it in `dealloc`, or load the nib with an NSWindowController or NSViewController, which releases its top-level objects"
                                    : "hold the object in a retained outlet and release that outlet in `dealloc`")
            if kind != .leak { f.message = "\(object) is \(kind.rawValue)"; f.fix = "release it when the view unloads" }
            f.configurations = [config]; f.scenarios = [scenario]; f.objects = [ref]
            findings.append(f)
        }

        // A crash stops the run: report it, and what led to it, first.
        if let crash = e.crash {
            // A message to a freed object is a zombie (an over-release when it is `release`);
            // any other crash (an exception such as an undefined key) is a crash of its own.
            if let o = crash.object, e.isAlive(o) {
                let at = ibIndex(o).map { nibPlace($0, "nib object") } ?? Audit.Place(file: rel, line: 1, column: 1, what: "nib")
                var f = Audit.Finding(kind: .crash, rule: "O5", className: ownerClass, member: nil, objectDescription: crash.message,
                                      location: at, message: "the scenario crashes on \(describe(o)): \(crash.message)",
                                      fix: "read the scenario's trace with 'nibscript run'")
                f.configurations = [config]; f.scenarios = [scenario]
                findings.append(f)
                return
            }
            if let o = crash.object, let i = ibIndex(o) {
                let kind: Audit.Kind = crash.selector == "release" ? .overRelease : .zombie
                let hs = holders(of: i, retaining: false)
                if let (ic, m, c) = hs.first { record(kind, ic, m, object: objectRef(o), connection: c) }
                else { recordObject(kind, object: objectRef(o), at: nibPlace(i, "nib object")) }
            } else if let o = crash.object, let (ic, m) = member(e.name(o), of: ownerClass) {
                record(crash.selector == "release" ? .overRelease : .zombie, ic, m, object: objectRef(o), connection: nil)
            } else {
                var f = Audit.Finding(kind: .crash, rule: "O5", className: ownerClass, member: nil, objectDescription: crash.message,
                                      location: Audit.Place(file: rel, line: 1, column: 1, what: "nib"),
                                      message: "the scenario crashes: \(crash.message)", fix: "read the scenario's trace with 'nibscript run'")
                f.configurations = [config]; f.scenarios = [scenario]
                findings.append(f)
            }
            return
        }
        // B15: an owner nothing but its own repeating timer keeps.
        findings += timerFindings(run, platform: platform, config: config, scenario: scenario)
        var leaked = run.leakedObjects()
        // A retain cycle is one finding at the reference to break, not a leak per member.
        for c in cycles(in: e, leaked: leaked) {
            let name: (ObjectID) -> Audit.Object = { o in
                ibIndex(o) != nil ? objectRef(o)
                    : Audit.Object(className: e.className(e.classOf(o)), name: e.name(o), origin: "", text: "\(e.className(e.classOf(o))) \(e.name(o))")
            }
            guard var f = cycleFinding(c, in: e, describe: name, platform: platform, arc: arc) else { continue }
            if let i = ibIndex(c.back.holder) ?? (c.back.holder == c.back.target ? nil : ibIndex(c.back.target)),
               let conn = doc.connections.first(where: { $0.name == f.member && ($0.source == i || $0.destination == i) }) {
                f.related.append(Audit.Place(file: rel, line: conn.location.line, column: conn.location.column, what: "connection of outlet '\(conn.name)'"))
            }
            f.configurations = [config]; f.scenarios = [scenario]
            findings.append(f)
            leaked.removeAll { c.kept.contains($0) }
        }
        add(.leak, leaked)
        add(.abandoned, run.abandonedObjects())
        let leakedSet = Set(leaked)
        for d in e.danglingReferences() {
            let holder = d.slot.holder
            // A leaked object's pointers are part of the leak: nothing can read them.
            if leakedSet.contains(holder) { continue }
            let slot = e.slots(of: e.classOf(holder))[Int(d.slot.slot)].name
            let cls = e.className(e.classOf(holder))
            if let (ic, m) = member(slot, of: cls) {
                var conn: IBConnection?
                if let i = ibIndex(d.target) { conn = holders(of: i, retaining: false).first { $0.1.name == m.name }?.2 }
                record(.dangling, ic, m, object: objectRef(d.target), connection: conn)
                // B3: a window the user closed, released when closed, and an outlet that does
                // not retain: the fix can be the window's, in the nib.
                if let w = closedWindows[scenario], !retains(m, platform: platform, arc: arc) {
                    closedWindowFix(&findings[findings.count - 1], m, window: doc.objects[w], doc: doc)
                }
            }
        }
    }
}
