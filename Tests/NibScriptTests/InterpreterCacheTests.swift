import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax
import OwnershipEngine
import TestSupport

/// What the interpreter keeps so that a statement run again (explore runs each many times)
/// does not work it out again: each kept answer must equal the answer worked out from scratch.
final class InterpreterCacheTests: XCTestCase {
    func testCallbackIndexIsItsPositionInAllCases() {
        for (i, c) in Callback.allCases.enumerated() { XCTAssertEqual(c.index, i, "\(c)") }
    }

    func testVariableIndexFindsEveryNameAndNothingElse() {
        // Many names, several sharing their last bytes and their length (colliding buckets).
        let names = (0..<300).map { "c\($0)" } + ["first", "nav", "tab1", "xtab1", "a", "ab", "ba"]
        let frame = LocalFrame(object: ObjectID(0), names: names)
        for (i, n) in names.enumerated() { XCTAssertEqual(frame.slot(n), i, n) }
        for n in ["c300", "c-1", "", "firs", "navv", "tab2", "b", "c00"] { XCTAssertNil(frame.slot(n), n) }
        let few = LocalFrame(object: ObjectID(0), names: ["x", "y"])
        XCTAssertEqual(few.slot("y"), 1)
        XCTAssertNil(few.slot("z"))
    }

    /// The programs of every example, compiled.
    private func examplePrograms() throws -> [(String, Program)] {
        let root = GoldenFileTests.root + "/examples"
        let paths = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: root))
            .filter { $0.hasSuffix(".nibscript") }.sorted()
        var out: [(String, Program)] = []
        for path in paths {
            let file = SourceFile(path: path, bytes: [UInt8](FileManager.default.contents(atPath: root + "/" + path) ?? Data()))
            if let program = Compiler.compile(file).0 { out.append((path, program)) }
        }
        out.append(("bench", try XCTUnwrap(Compiler.compile(SourceFile(path: "<bench>", bytes: Array(ExploreBench.script(size: 4).utf8))).0)))
        return out
    }

    /// Every scenario of every example program, run to its end.
    private func finishedExampleRuns() throws -> [(String, ScenarioRun)] {
        try examplePrograms().flatMap { path, program in
            program.scenarios.map { s -> (String, ScenarioRun) in
                let run = ScenarioRun(program: program, scenario: s, config: program.config)
                run.run()
                return (path, run)
            }
        }
    }

    /// A run of the first scenario of every example program, not started: its class table.
    private func exampleRuns() throws -> [(String, ScenarioRun)] {
        try examplePrograms().compactMap { path, program in
            program.scenarios.first.map { (path, ScenarioRun(program: program, scenario: $0, config: program.config)) }
        }
    }

    /// Per class: options, the controller's nib, the view property, the kinds, which
    /// callbacks the script overrides, initializers and KVC answers, asked twice (the second
    /// answer is the kept one) and compared with a walk of the ancestry.
    func testKeptClassAnswersEqualTheWalks() throws {
        var classesChecked = 0
        for (path, run) in try exampleRuns() {
            for cls in run.classes.classes {
                let name = "\(path) \(cls.name)"
                let walkedCleanup = cls.ancestors.lazy.compactMap { $0.options.first { $0.name == "cleanup" }?.value }.first
                for _ in 0..<2 {
                    XCTAssertEqual(cls.option("cleanup"), walkedCleanup, name)
                    XCTAssertEqual(cls.controllerNibName, cls.ancestors.lazy.compactMap(\.nibName).first, name)
                    XCTAssertEqual(cls.viewProperty?.slot, cls.property("view")?.slot, name)
                    XCTAssertEqual(cls.isNavigationController, cls.isKind(of: "UINavigationController"), name)
                    XCTAssertEqual(cls.isTabBarController, cls.isKind(of: "UITabBarController"), name)
                    XCTAssertEqual(cls.isUIViewController, cls.isKind(of: "UIViewController"), name)
                    for cb in Callback.allCases { XCTAssertEqual(cls.overrides(cb), cls.lifecycleMethod(cb) != nil, "\(name) \(cb)") }
                    for sel in ["init", "initWithCoder:", "initWithNibName:bundle:", "awakeFromNib"] {
                        let walked = cls.ancestors.reversed().compactMap { k in k.methods[sel].map { ($0.decl.selector.name, k.name) } }
                        let kept = cls.initializerBodies(sel).map { ($0.0.decl.selector.name, $0.1.name) }
                        XCTAssertEqual(kept.map(\.0), walked.map(\.0), "\(name) \(sel)")
                        XCTAssertEqual(kept.map(\.1), walked.map(\.1), "\(name) \(sel)")
                    }
                    // Each property by name, found as the nearest class's (a second round
                    // reads the names remembered by the first).
                    for p in cls.ancestors.reversed().flatMap(\.properties) {
                        let nearest = cls.ancestors.lazy.compactMap { k in k.properties.first { $0.name == p.name } }.first
                        XCTAssertEqual(cls.property(p.name)?.slot, nearest?.slot, "\(name) \(p.name)")
                    }
                    XCTAssertNil(cls.property("noSuchProperty"), name)
                    for p in cls.properties where p.isOutlet {
                        XCTAssertEqual(String(describing: KeyValueCoding.iosSearch(p.name, in: cls)),
                                       String(describing: KeyValueCoding.iosSearch(p.name, in: cls)), "\(name) \(p.name)")
                    }
                }
                classesChecked += 1
            }
        }
        XCTAssertGreaterThan(classesChecked, 100)
    }

    func testLifecycleChecksAgreeWithTheTable() {
        for cb in Callback.allCases {
            let rule = Lifecycle.rule(for: cb), check = Lifecycle.check(for: cb)
            XCTAssertEqual(rule == nil, check == nil, "\(cb)")
            guard let rule, let check else { continue }
            for loaded in [false, true] {
                XCTAssertEqual(check.allows(viewLoaded: loaded), rule.viewLoaded.map { $0 == loaded } ?? true, "\(cb) \(loaded)")
            }
            for state in [Appearance.disappeared, .appearing, .appeared, .disappearing] {
                XCTAssertEqual(check.allows(state), rule.from?.contains(state) ?? true, "\(cb) \(state)")
            }
            XCTAssertEqual(check.to, rule.to, "\(cb)")
        }
    }

    func testRecentNamesFindWhatTheyRememberedAndKeepTheFirst() {
        var recent = RecentNames<Int>()
        for i in 0..<(RecentNames<Int>.capacity + 3) { recent.remember("name\(i)", i) }
        for i in 0..<RecentNames<Int>.capacity { XCTAssertEqual(recent.value(for: "name\(i)"), i) }
        XCTAssertNil(recent.value(for: "name\(RecentNames<Int>.capacity)"))
        XCTAssertNil(recent.value(for: "name"))
        // A long name (not a small string) compares by its bytes.
        let long = String(repeating: "x", count: 40)
        var other = RecentNames<Int>()
        other.remember(long, 7)
        XCTAssertEqual(other.value(for: String(repeating: "x", count: 40)), 7)
        XCTAssertNil(other.value(for: String(repeating: "x", count: 39)))
    }

    func testClassesByNameEqualTheTable() throws {
        for (path, run) in try exampleRuns() {
            for _ in 0..<2 {
                for cls in run.classes.classes { XCTAssert(run.classes[cls.name] === cls, "\(path) \(cls.name)") }
                XCTAssertNil(run.classes["NoSuchClass"], path)
            }
        }
    }

    /// The kinds a class knows from its init, and the facts the table keeps by engine class,
    /// equal what walking the class's ancestry and looking its properties up by name give.
    func testEngineClassFactsEqualTheClassesOwnAnswers() throws {
        var classesChecked = 0
        for (path, run) in try exampleRuns() {
            for cls in run.classes.classes {
                let name = "\(path) \(cls.name)"
                func walked(_ k: String) -> Bool { cls.ancestors.contains { $0.name == k } }
                XCTAssertEqual(cls.isUIViewController, walked("UIViewController"), name)
                XCTAssertEqual(cls.isViewController, walked("UIViewController") || walked("NSViewController"), name)
                XCTAssertEqual(cls.isWindowController, walked("NSWindowController"), name)
                XCTAssertEqual(cls.isView, walked("UIView") || walked("NSView"), name)
                XCTAssertEqual(cls.isNavigationController, walked("UINavigationController"), name)
                XCTAssertEqual(cls.isTabBarController, walked("UITabBarController"), name)
                for k in ["NSObject", "UIViewController", "NSMutableArray", "NoSuchClass"] { XCTAssertEqual(cls.isKind(of: k), walked(k), "\(name) \(k)") }
                let id = cls.engineClass
                XCTAssert(run.classes[engineClass: id] === cls, name)
                XCTAssertEqual(run.classes.isUIViewController(engineClass: id), walked("UIViewController"), name)
                XCTAssertEqual(run.classes.isViewController(engineClass: id), cls.isViewController, name)
                XCTAssertEqual(run.classes.isNavigationController(engineClass: id), walked("UINavigationController"), name)
                XCTAssertEqual(run.classes.isTabBarController(engineClass: id), walked("UITabBarController"), name)
                XCTAssertEqual(run.classes.viewControllersSlot(engineClass: id), cls.list("viewControllers"), name)
                XCTAssertEqual(run.classes.subviewsSlot(engineClass: id), cls.list("subviews"), name)
                for cb in Callback.allCases {
                    XCTAssertEqual(run.classes.overrides(cb, engineClass: id), cls.lifecycleMethod(cb) != nil, "\(name) \(cb)")
                }
                XCTAssertEqual(run.classes.viewSlot(engineClass: id), cls.property("view")?.slot, name)
                if let p = cls.property("view") {
                    let rule: StoreRule = p.ownership == .assign ? .assign : (p.ownership == .weak ? .weak : .retain)
                    XCTAssertEqual(run.classes.viewNilRule(engineClass: id), rule, name)
                }
                XCTAssertEqual(run.classes.loadedSlot(engineClass: id),
                               walked("NSWindowController") ? cls.property("window")?.slot : cls.property("view")?.slot, name)
                let fresh = cls.controllerNibName.flatMap { run.nibModel(named: $0) }
                for _ in 0..<2 {
                    XCTAssertEqual(run.world.controllerNibModel(of: cls).map { String(describing: $0.model) }, fresh.map { String(describing: $0) }, name)
                }
                classesChecked += 1
            }
            // Ids past the table's classes (the scopes' variable frames) have no facts.
            let past = ClassID(Int32(run.classes.classes.map { Int($0.engineClass.raw) }.max()! + 1000))
            XCTAssertFalse(run.classes.isUIViewController(engineClass: past))
            XCTAssertFalse(run.classes.isViewController(engineClass: past))
            XCTAssertFalse(run.classes.overrides(.viewDidLoad, engineClass: past))
            XCTAssertNil(run.classes.viewSlot(engineClass: past))
            XCTAssertNil(run.classes.loadedSlot(engineClass: past))
        }
        XCTAssertGreaterThan(classesChecked, 100)
    }

    /// After every scenario of the examples, what each small nib's loads kept for its
    /// objects is what looking each class up again gives.
    func testKeptNibClassPlansEqualFreshLookups() throws {
        var entries = 0
        for (path, run) in try finishedExampleRuns() {
            for (nib, plan) in run.world.nibClassPlans {
                for k in plan.classes {
                    let cls = try XCTUnwrap(run.classes[k.name], "\(path) \(nib) \(k.name)")
                    let fresh = CocoaWorld.LoadedClass(k.name, cls)
                    XCTAssert(k.cls === fresh.cls, "\(path) \(nib) \(k.name)")
                    XCTAssertEqual(k.archived, fresh.archived, "\(path) \(nib) \(k.name)")
                    XCTAssertEqual(k.initializesNothing, fresh.initializesNothing, "\(path) \(nib) \(k.name)")
                    XCTAssertEqual(k.awake?.1.name, fresh.awake?.1.name, "\(path) \(nib) \(k.name)")
                    entries += 1
                }
            }
        }
        XCTAssertGreaterThan(entries, 20)
    }

    /// After every scenario of the examples, what a controller class's view nib plan kept
    /// (checked against no names at a load) is what looking it up again for that model gives:
    /// each object's class, each outlet's target for the class its source had, each name,
    /// and the keys `cleanup kvc` tracks.
    func testViewNibPlansEqualFreshLookups() throws {
        var entries = 0
        for (path, run) in try finishedExampleRuns() {
            for cls in run.classes.classes {
                guard let kept = cls.controllerNibModelCache, let ref = kept else { continue }
                XCTAssertEqual(ref.kvcKeys, NibModelRef.kvcKeys(of: ref.model), "\(path) \(cls.name)")
                guard let plan = ref.loadPlan as? NibClassPlan else { continue }
                let model = ref.model
                for (i, k) in plan.classes.enumerated() {
                    XCTAssertEqual(k.name, model.objects[i].className, "\(path) \(model.name) \(i)")
                    XCTAssert(k.cls === run.classes[model.objects[i].className], "\(path) \(model.name) \(i)")
                    entries += 1
                }
                if !plan.names.isEmpty {
                    XCTAssertEqual(plan.names.map(\.text), model.objects.map(\.name), "\(path) \(model.name)")
                }
                for i in plan.outletSourceClasses.indices where plan.outletSourceClasses[i] >= 0 {
                    let source = try XCTUnwrap(run.classes[engineClass: ClassID(plan.outletSourceClasses[i])])
                    XCTAssertEqual(plan.outletKeys[i], model.connections[i].name, "\(path) \(model.name) \(i)")
                    XCTAssertEqual(String(describing: plan.outletTargets[i]),
                                   String(describing: run.outletTarget(model.connections[i].name, in: source)),
                                   "\(path) \(model.name) \(i)")
                    XCTAssertEqual(String(describing: plan.outletStores[i]),
                                   String(describing: run.plainStore(for: run.outletTarget(model.connections[i].name, in: source))),
                                   "\(path) \(model.name) \(i)")
                    entries += 1
                }
            }
        }
        XCTAssertGreaterThan(entries, 20)
    }

    /// A `cleanup kvc` controller's dealloc plan, reused while its keys are the same, equals
    /// the plan made from scratch for it.
    func testReusedKVCDeallocPlanEqualsAFreshOne() throws {
        let source = ExploreBench.script(size: 4)
        let program = try XCTUnwrap(Compiler.compile(SourceFile(path: "<bench>", bytes: Array(source.utf8))).0)
        let run = ScenarioRun(program: program, scenario: program.scenarios[0], config: program.config)
        run.run()
        var checked = 0
        for o in run.engine.liveVisibleObjects where run.runtimeClass(of: o).option("cleanup") == "kvc" {
            let kept = run.world.deallocPlan(for: o, in: run.engine)
            let again = run.world.deallocPlan(for: o, in: run.engine)
            run.world.kvcPlanCache = []
            let fresh = run.world.deallocPlan(for: o, in: run.engine)
            XCTAssertEqual(kept.steps, fresh.steps)
            XCTAssertEqual(again.steps, fresh.steps)
            XCTAssertEqual(kept.reachesRoot, fresh.reachesRoot)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 2)
    }
}

/// The sparse object map explore snapshots (trackedKeys, scene nibs) against a
/// plain dictionary, through sets, replacements and removals in a fixed pseudo-random order.
final class SparseDigestedObjectMapTests: XCTestCase {
    func testSparseMapAgreesWithADictionaryAndTheDenseDigest() {
        var sparse = SparseDigestedObjectMap<[String]>()
        var dense = DigestedObjectMap<[String]>()
        var model: [Int32: [String]] = [:]
        var random = SplitMix64(state: 12345)
        for step in 0..<4000 {
            let k = ObjectID(Int32(random.below(200)))
            let v: [String]? = random.below(4) == 0 ? nil : (0..<random.below(3)).map { "k\($0 + random.below(5))" }
            sparse[k] = v
            dense[k] = v
            model[k.raw] = v
            XCTAssertEqual(sparse[k], model[k.raw])
            if step % 97 == 0 {
                // A snapshot, then a removal: the copy keeps what it had.
                let snapshot = sparse
                let before = snapshot.map(\.key)
                let r = ObjectID(Int32(random.below(200)))
                sparse[r] = nil
                dense[r] = nil
                model[r.raw] = nil
                XCTAssertEqual(snapshot.map(\.key), before)
            }
        }
        XCTAssertEqual(sparse.count, model.count)
        XCTAssertEqual(sparse.digest, sparse.computedDigest)
        XCTAssertEqual(sparse.digest, dense.digest)
        XCTAssertEqual(sparse.map(\.key), dense.map(\.key))
        XCTAssertEqual(sparse.map(\.key), sparse.map(\.key).sorted())
        for (k, v) in sparse { XCTAssertEqual(model[k.raw], v) }
    }
}

/// explore's memo of the scenario's names (each place's slot, looked up once) changes no
/// run: every example, run with and without it, ends in the same state and outcome.
extension InterpreterCacheTests {
    func testEveryExampleRunsTheSameWithTheScenarioSlotMemo() throws {
        var scenarios = 0
        for (path, program) in try examplePrograms() {
            for s in program.scenarios {
                func outcome(memo: Bool) -> (Int, [String]) {
                    let run = ScenarioRun(program: program, scenario: s, config: program.config)
                    run.engine.maintainsStateDigest = true
                    if memo { run.memoizeScenarioSlots() }
                    run.run()
                    let o = run.exploreOutcome()
                    let words = [o.crash.map { "\($0.line) \($0.message)" } ?? "-"] + o.zombies + o.leaks
                        + o.failed.map { "\($0.line) \($0.text)" } + o.errors + ["\(o.passed)"]
                    return (run.explorationHash(reads: HistoryReads(s.body)), words)
                }
                let plain = outcome(memo: false), memoized = outcome(memo: true)
                XCTAssertEqual(plain.0, memoized.0, "\(path) \(s.title)")
                XCTAssertEqual(plain.1, memoized.1, "\(path) \(s.title)")
                scenarios += 1
            }
        }
        XCTAssertGreaterThan(scenarios, 40)
    }
}

/// The pooled lists (a controller's view objects) against a plain dictionary and the sparse
/// map's digest, through extensions and compactions in a fixed order.
final class DigestedObjectListsTests: XCTestCase {
    func testListsAgreeWithADictionaryAndTheSparseMapsDigest() {
        var lists = DigestedObjectLists<ObjectID>()
        var sparse = SparseDigestedObjectMap<[ObjectID]>()
        var model: [Int32: [ObjectID]] = [:]
        var random = SplitMix64(state: 777)
        for step in 0..<5000 {
            let k = ObjectID(Int32(random.below(150)))
            let more = (0..<random.below(6)).map { _ in ObjectID(Int32(random.below(1000))) }
            lists.extend(k, with: more)
            let all = (model[k.raw] ?? []) + more
            sparse[k] = all
            model[k.raw] = all
            XCTAssertEqual(lists[k].map(Array.init), model[k.raw])
            if step % 89 == 0 {
                // A snapshot, then more writes: the copy keeps what it had.
                let snapshot = lists
                let before = snapshot.map { Array($0.value) }
                for _ in 0..<10 { lists.extend(ObjectID(Int32(random.below(150))), with: [ObjectID(Int32(random.below(9)))]) }
                XCTAssertEqual(snapshot.map { Array($0.value) }, before)
                for (key, value) in snapshot { XCTAssertEqual(Array(value), model[key.raw]) }
                for (key, value) in lists { model[key.raw] = Array(value); sparse[key] = Array(value) }
            }
        }
        XCTAssertEqual(lists.count, model.count)
        XCTAssertEqual(lists.digest, lists.computedDigest)
        XCTAssertEqual(lists.digest, sparse.digest)
        XCTAssertEqual(lists.map(\.key), lists.map(\.key).sorted())
        for (k, v) in lists { XCTAssertEqual(model[k.raw], Array(v)) }
    }
}

/// `ControllerChain` against an array doing the same appends, past its four inline places.
final class ControllerChainTests: XCTestCase {
    func testAgreesWithAnArray() {
        for n in 0..<10 {
            var chain = ControllerChain()
            var array: [ObjectID] = []
            for i in 0..<n { chain.append(ObjectID(Int32(i * 7 + 3))); array.append(ObjectID(Int32(i * 7 + 3))) }
            XCTAssertEqual(chain.count, array.count)
            XCTAssertEqual(Array(chain), array)
            for i in 0..<n { XCTAssertEqual(chain[i], array[i]) }
            for probe in 0..<80 { XCTAssertEqual(chain.contains(ObjectID(Int32(probe))), array.contains(ObjectID(Int32(probe))), "\(n) \(probe)") }
            XCTAssertEqual(Array(chain.filter { $0.raw % 2 == 0 }), array.filter { $0.raw % 2 == 0 })
        }
    }
}
