import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibAudit
@testable import NibScriptCommandLine
@testable import NibScriptBenchmarks
import NibScriptSyntax
import OwnershipEngine

/// Issue 27, item 1: the audit at scale. The built-in classes are made once per process and
/// shared by every run, frozen; a run's own classes go with it; `--jobs` changes nothing
/// the audit prints.
final class AuditScaleTests: XCTestCase {
    private let script = """
        platform ios 5.1
        memory mrc
        class Screen : UIViewController {
            outlet label : UILabel retain
            viewDidLoad {
                send self description
            }
            dealloc {
                self.label = nil
                super
            }
        }
        scenario "one screen" {
            s = new Screen
            send s view
            release s
            expect no leaks
        }

        """

    private func program() throws -> Program {
        try XCTUnwrap(Compiler.compile(SourceFile(path: "<test>", bytes: Array(script.utf8))).0)
    }

    /// Two runs of one configuration share every built-in class (the same object), frozen;
    /// each has its own script classes.
    func testBuiltinClassesAreSharedAndFrozenAcrossRuns() throws {
        let p = try program()
        let a = ScenarioRun(program: p, scenario: p.scenarios[0], config: p.config)
        let b = ScenarioRun(program: p, scenario: p.scenarios[0], config: p.config)
        a.run(); b.run()
        for name in ["NSObject", "UIView", "UILabel", "UIViewController", "UINavigationController"] {
            let ca = try XCTUnwrap(a.classes[name]), cb = try XCTUnwrap(b.classes[name])
            XCTAssertTrue(ca === cb, name)
            XCTAssertTrue(ca.isShared, name)
            // The same engine class in both runs' engines.
            XCTAssertEqual(a.engine.className(ca.engineClass), name)
            XCTAssertEqual(b.engine.className(cb.engineClass), name)
        }
        let sa = try XCTUnwrap(a.classes["Screen"]), sb = try XCTUnwrap(b.classes["Screen"])
        XCTAssertFalse(sa === sb)
        XCTAssertFalse(sa.isShared)
        XCTAssertTrue(sa.superclass === a.classes["UIViewController"])
        // The other memory model and platform have tables of their own.
        let arc = ScenarioRun(program: p, scenario: p.scenarios[0], config: Configuration(platform: .ios, major: 5, minor: 1, memory: .arc))
        XCTAssertFalse(arc.classes["UIView"] === a.classes["UIView"])
        XCTAssertTrue(arc.classes["UIView"]?.isShared == true)
        let mac = ScenarioRun(program: p, scenario: p.scenarios[0], config: Configuration(platform: .mac, major: 10, minor: 7, memory: .mrc))
        XCTAssertNil(mac.classes["UIView"])
        XCTAssertTrue(mac.classes["NSView"]?.isShared == true)
    }

    /// A run's own classes are freed with it: their caches (a method's class is the class
    /// itself) no longer keep them alive.
    func testARunsOwnClassesAreFreedWithIt() throws {
        let p = try program()
        weak var screen: RuntimeClass?
        weak var table: ClassTable?
        do {
            let run = ScenarioRun(program: p, scenario: p.scenarios[0], config: p.config)
            run.run()
            let s = try XCTUnwrap(run.classes["Screen"])
            // Fill the caches that refer back to the class.
            XCTAssertNotNil(s.method("viewDidLoad"))
            XCTAssertNotNil(s.lifecycleMethod(.viewDidLoad))
            XCTAssertNotNil(s.lifecycleMethod(.dealloc))
            _ = s.initializerBodies("init")
            _ = KeyValueCoding.iosSearch("label", in: s)
            XCTAssertEqual(run.report().failed, 0)
            screen = s
            table = run.classes
        }
        XCTAssertNil(table, "the run's class table outlives the run")
        XCTAssertNil(screen, "the run's class outlives its table (a cache refers to it)")
    }

    /// A shared class answers as a class of the run's own would: every lookup made by the
    /// table built the old way, class by class.
    func testSharedBuiltinsAnswerAsUnsharedOnes() throws {
        for config in [Configuration.defaultIOS, Configuration(platform: .mac, major: 10, minor: 7, memory: .arc)] {
            let engine = Engine()
            _ = engine.defineClass(name: "taken first", superclass: nil, slots: [])   // not empty: built the old way
            var ignored: [Diagnostic] = []
            let own = ClassTable(script: [], config: config, engine: engine, diagnostics: &ignored)
            let shared = ClassTable(script: [], config: config, engine: Engine(), diagnostics: &ignored)
            XCTAssertEqual(own.classes.map(\.name), shared.classes.map(\.name))
            for (o, s) in zip(own.classes, shared.classes) {
                XCTAssertFalse(o.isShared); XCTAssertTrue(s.isShared)
                for p in o.ancestors.flatMap(\.properties) {
                    XCTAssertEqual(s.property(p.name)?.name, o.property(p.name)?.name, "\(o.name).\(p.name)")
                    XCTAssertEqual(String(describing: KeyValueCoding.iosSearch(p.name, in: s)).count > 0, true)
                }
                XCTAssertEqual(s.list("subviews") != nil, o.list("subviews") != nil, o.name)
                XCTAssertEqual(s.viewSlot != nil, o.viewSlot != nil, o.name)
                for cb in Callback.allCases { XCTAssertFalse(s.overrides(cb)) }
                XCTAssertEqual(s.initializerBodies("init").count, 0)
            }
        }
    }

    /// `--jobs 1` (one worker) and the default (one per core) and three print the same
    /// bytes, in every format, on a generated project and on the examples' projects.
    func testAuditOutputIsTheSameForAnyNumberOfJobs() throws {
        let dir = NSTemporaryDirectory() + "nibscript-audit-jobs-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AuditProject.write(to: dir, controllers: 12)
        let dirs = [dir, GoldenFileTests.root + "/examples/audit/profile-app", GoldenFileTests.root + "/examples/audit/loaders"]
        for d in dirs {
            for format in ["text", "json", "sarif"] {
                let one = Driver.main(["audit", "--quiet", "--format", format, "--jobs", "1", d])
                XCTAssertTrue(one.stdout.count > 100, "\(d) \(format)")
                for jobs in [[], ["--jobs", "3"]] {
                    let many = Driver.main(["audit", "--quiet", "--format", format] + jobs + [d])
                    XCTAssertEqual(many.status, one.status, "\(d) \(format) \(jobs)")
                    XCTAssertEqual(Array(many.stdout.utf8), Array(one.stdout.utf8), "\(d) \(format) \(jobs)")
                    XCTAssertEqual(many.stderr, one.stderr, "\(d) \(format) \(jobs)")
                }
            }
        }
        let generated = Driver.main(["audit", "--quiet", "--jobs", "2", dir])
        XCTAssertTrue(generated.stdout.contains("\n24 findings (12 leak, 12 dangling)"), generated.stdout)
    }

    /// The step texts of explore's paths are trimmed as Foundation's `.whitespaces` trims.
    func testStepTextTrimsAsFoundationDoes() {
        let samples = ["", " ", "\t", "  send a view  ", "\tx = new Y\t", "\u{A0}a\u{A0}", "\u{3000}日本\u{2003}",
                       "a\r", "\r a \r", "\u{200B}a\u{200B}", " \u{1680}é\u{202F} ", "x", "\u{85}a\u{85}", " a b "]
        for s in samples {
            XCTAssertEqual(ScenarioRun.trimmingWhitespaces(Substring(s)), s.trimmingCharacters(in: .whitespaces), s.debugDescription)
        }
    }

    func testJobsTakesOneOrMore() {
        for bad in ["0", "-1", "many", ""] {
            let r = Driver.main(["audit", "--jobs", bad, "."])
            XCTAssertEqual(r.status, 2, bad)
            XCTAssertTrue(r.stderr.contains("'--jobs' takes a number"), r.stderr)
        }
        XCTAssertEqual(Driver.main(["audit", "--jobs"]).status, 2)
    }
}
