import XCTest
import NibScriptSyntax
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter

/// Wrong answers found against a real runtime (issue 26), and the statements added for
/// what the language could not say. Each test fails on the code before its fix.
final class Issue26Tests: XCTestCase {
    func scenarioRun(_ text: String, scenario: Int = 0) throws -> ScenarioRun {
        let (program, diagnostics) = Compiler.compile(SourceFile(path: "test.nibscript", text: text))
        let p = try XCTUnwrap(program, "\(diagnostics)")
        let r = ScenarioRun(program: p, scenario: p.scenarios[scenario], config: p.config)
        r.run()
        return r
    }

    func errors(_ text: String) -> [String] {
        Compiler.compile(SourceFile(path: "t.nibscript", text: text)).1.map(\.message)
    }

    func failures(_ r: ScenarioRun) -> [String] {
        r.results.filter { !$0.passed }.map { "\($0.text)\($0.detail.map { " — " + $0 } ?? "")" }
    }

    // MARK: 1. Commands run inside the current event (O3)

    func testPushingAnAutoreleasedControllerKeepsIt() throws {
        let r = try scenarioRun("""
        class B : UIViewController {
        }
        scenario "s" {
            nav = new UINavigationController
            root = new UIViewController
            push nav root
            show nav
            b = new B autoreleased
            push nav b
            expect count b == 1
        }
        """)
        XCTAssertFalse(r.crashed)
        XCTAssertEqual(failures(r), [])
    }

    func testAMemoryWarningStillEndsTheCurrentEventFirst() throws {
        let r = try scenarioRun("""
        scenario "s" {
            o = new NSObject autoreleased
            watch o
            memoryWarning
            expect deallocated o
        }
        """)
        XCTAssertEqual(failures(r), [])
    }

    func testAnEventBlockEndsAtItsClosingBraceOnly() throws {
        let r = try scenarioRun("""
        scenario "s" {
            nav = new UINavigationController
            root = new UIViewController
            push nav root
            show nav
            event {
                o = new NSObject autoreleased
                c = new UIViewController autoreleased
                push nav c
                pop nav
                expect count o == 1
            }
            watch o
            expect deallocated o
        }
        """)
        XCTAssertEqual(failures(r), [])
    }

    func testWhatCannotBeInsideAnEventBlock() {
        let es = errors("scenario \"s\" {\n    event {\n        memoryWarning\n        drain\n        event {\n        }\n    }\n}\n")
        XCTAssert(es.contains("a memory warning is an event of its own; it cannot be inside an 'event' block"), "\(es)")
        XCTAssert(es.contains("'drain' ends the event; an 'event' block ends at its closing brace"), "\(es)")
        XCTAssert(es.contains("an 'event' block cannot hold another one"), "\(es)")
        XCTAssert(errors("class A : NSObject {\n    m {\n        event {\n        }\n    }\n}\n")
            .contains { $0.hasPrefix("'event' groups") })
        // `event` stays a name elsewhere.
        XCTAssertEqual(errors("scenario \"s\" {\n    event = new NSObject\n    release event\n}\n"), [])
    }

    // MARK: 5, 6. Crash expectations

    func testAnEarlierCrashDoesNotSatisfyExpectCrash() throws {
        let text = """
        scenario "s" {
            a = new NSObject
            release a
            release a
            b = new NSObject
            release b
            send b description
            expect crash "deallocated instance"
        }
        """
        let r = try scenarioRun(text)
        r.checkDeferred()
        XCTAssertEqual(failures(r).count, 1)
        XCTAssert(failures(r)[0].contains("the crash was at line 4, before line 7"), "\(failures(r))")
        // Written right after the over-release, it passes.
        let moved = text.replacingOccurrences(of: "    release a\n    b = new", with: "    release a\n    expect crash \"deallocated instance\"\n    b = new")
            .replacingOccurrences(of: "    expect crash \"deallocated instance\"\n}", with: "}")
        let r2 = try scenarioRun(moved)
        r2.checkDeferred()
        XCTAssertEqual(failures(r2), [])
    }

    func testACrashInAMethodIsAtTheScenarioStatementThatCalledIt() throws {
        let r = try scenarioRun("""
        class H : NSObject {
            property t : NSObject assign
            poke {
                send t description
            }
        }
        scenario "s" {
            h = new H
            t = new NSObject
            h.t = t
            release t
            send h poke
            expect crash "deallocated instance"
        }
        """)
        r.checkDeferred()
        XCTAssertEqual(r.crashStatementLine, 12)
        XCTAssertEqual(failures(r), [])
    }

    func testOneUnexpectedCrashIsOneFailure() throws {
        let r = try scenarioRun("scenario \"s\" {\n    a = new NSObject\n    release a\n    release a\n    expect no crash\n}\n")
        r.checkDeferred()
        XCTAssertEqual(failures(r).count, 1, "\(failures(r))")
        let r2 = try scenarioRun("scenario \"s\" {\n    a = new NSObject\n    release a\n    release a\n}\n")
        r2.checkDeferred()
        XCTAssertEqual(r2.results.filter { !$0.passed }.map(\.text), ["(no crash expected)"])
    }

    // MARK: 3. A zombie in the middle of a nib load

    func testAConnectionThatFreesFilesOwnerMakesTheNextAZombieOnBothPlatforms() throws {
        for (platform, selector) in [("ios 5.1", "setValue:forKey:"), ("mac 10.7", "respondsToSelector:")] {
            let view = platform.hasPrefix("mac") ? "NSView" : "UIView"
            let r = try scenarioRun("""
            platform \(platform)
            class O : NSObject {
                property me : NSObject retain
                outlet v1 : \(view) retain
            }
            nib N {
                owner : O
                root : \(view)
                connect owner.me -> root
                connect owner.v1 -> root
            }
            scenario "s" {
                o = new O
                o.me = o
                release o
                load nib N owner o
            }
            """)
            XCTAssert(r.crashed, platform)
            XCTAssertEqual(r.engine.crash?.message, "*** -[O \(selector)]: message sent to deallocated instance", platform)
        }
    }

    // MARK: 2. copy of an immutable object (O3a)

    func testCopyOfAnImmutableValueIsTheSameObjectUnderMRCAndARC() throws {
        for memory in ["mrc", "arc"] {
            let r = try scenarioRun("""
            memory \(memory)
            class M : NSObject {
                property t : NSString copy
            }
            scenario "s" {
                m = new M
                s = new NSString
                m.t = s
                expect count s == 2
                n = new NSMutableString
                m.t = n
                expect count n == 1
                expect count m.t == 1
            }
            """)
            XCTAssertEqual(failures(r), [], memory)
        }
    }

    // MARK: 7. One shared application

    func testTheScriptsApplicationIsTheSharedOne() throws {
        let r = try scenarioRun("""
        class D : NSObject {
        }
        nib MainWindow main {
            owner : UIApplication
            d : D
            connect owner.delegate -> d
        }
        scenario "s" {
            a = new UIApplication
            load nib MainWindow owner a
        }
        """)
        let apps = r.engine.allObjects.filter { r.engine.className(r.engine.classOf($0)) == "UIApplication" }
        XCTAssertEqual(apps.count, 1)
        let second = try scenarioRun("scenario \"s\" {\n    a = new UIApplication\n    b = new UIApplication\n}\n")
        XCTAssertEqual(second.engine.crash?.message.contains("There can only be one UIApplication instance."), true)
    }

    // MARK: 8. An ambiguous name in expect leaks

    func testExpectLeaksSaysWhichNameIsAmbiguous() throws {
        let r = try scenarioRun("""
        class M : NSObject {
            make {
                v = new UIView
            }
        }
        scenario "s" {
            m = new M
            send m make
            send m make
            expect leaks v
        }
        """)
        r.checkDeferred()
        XCTAssertEqual(failures(r).count, 1)
        XCTAssert(failures(r)[0].contains("2 objects are called v in the trace"), "\(failures(r))")
    }

    // MARK: 11. A property backed by _foo beside an ivar foo

    func testAPropertyAndAnIvarMayShareAName() {
        XCTAssertEqual(errors("class C : NSObject {\n    property foo : NSObject retain ivar _foo\n    ivar foo : NSObject\n}\n"), [])
        // Still errors: two ivars of one name (a backing ivar included), two properties.
        XCTAssertEqual(errors("class C : NSObject {\n    property foo : NSObject retain\n    ivar foo : NSObject\n}\n"),
                       ["'foo' is declared twice in class 'C'"])
        XCTAssertEqual(errors("class C : NSObject {\n    property foo : NSObject retain ivar _f\n    property foo : NSObject retain ivar _g\n}\n"),
                       ["'foo' is declared twice in class 'C'"])
    }

    // MARK: 12. if / else in method bodies

    func testIfShortCircuitsAndDoesNotLoadTheView() throws {
        let r = try scenarioRun("""
        platform ios 6.0
        class C : UIViewController {
            probe {
                if isViewLoaded && self.view.window == nil {
                    send self
                }
            }
        }
        scenario "s" {
            c = new C
            send c probe
            expect no loaded c
            expect no called c loadView
        }
        """)
        XCTAssertEqual(failures(r), [])
    }

    func testWhereIfMayStand() {
        XCTAssert(errors("scenario \"s\" {\n    if ios {\n    }\n}\n").contains { $0.hasPrefix("'if' tests what the app's code tests") })
        XCTAssert(errors("class A : NSObject {\n    m {\n        if isViewLoaded {\n        }\n    }\n}\n")
            .contains("'isViewLoaded' asks a view controller about its view; 'A' is not one"))
        XCTAssertEqual(errors("class A : NSObject {\n    property t : NSObject assign\n    m {\n        if t != nil && mac < 10.8 {\n            x = t\n        } else {\n            x = nil\n        }\n    }\n}\n"), [])
    }

    // MARK: 13. Ownership traps beside nibs (T1–T5)

    func testANotificationToADeallocatedObserverIsAZombieBeforeIOS9Only() throws {
        for (platform, zombie) in [("ios 6.0", true), ("ios 9.0", false)] {
            let r = try scenarioRun("""
            platform \(platform)
            class L : NSObject {
            }
            scenario "s" {
                nc = new NSNotificationCenter
                c = new L
                send nc addObserver: c
                release c
                send nc postNotification
            }
            """)
            XCTAssertEqual(r.crashed, zombie, platform)
        }
    }

    func testTimerAndDelayedPerformHoldTheirObjects() throws {
        let r = try scenarioRun("""
        class C : NSObject {
        }
        scenario "s" {
            c = new C
            t = new NSTimer autoreleased
            send t scheduleWithTarget: c
            send c performSelector:withObject:afterDelay: "description" nil 0
            release c
            expect count c == 2
            drain
            expect count c == 1
            send t invalidate
            expect deallocated c
        }
        """)
        XCTAssertEqual(failures(r), [])
    }
}
