import XCTest
import NibScriptSyntax
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// The controller world (V1–V12): lifecycle order, navigation ownership, memory warnings on
/// iOS 5 and 6, automatic cleanups, and errors for impossible orders.
final class ControllerTests: XCTestCase {
    private func run(_ text: String, path: String = "test.nibscript") -> Driver.Result {
        Driver.runSource(SourceFile(path: path, text: text))
    }

    /// Runs the first scenario in-process and returns the run, for its state.
    private func scenarioRun(_ text: String) throws -> ScenarioRun {
        let (program, diagnostics) = Compiler.compile(SourceFile(path: "test.nibscript", text: text))
        let p = try XCTUnwrap(program, "\(diagnostics)")
        let r = ScenarioRun(program: p, scenario: p.scenarios[0], config: p.config)
        r.run()
        return r
    }

    private func pushThenWarn(platform: String) -> String {
        """
        platform \(platform)
        memory mrc
        class A : UIViewController {
            property label : UILabel retain
            viewDidLoad { self.label = new UILabel autoreleased }
            viewDidUnload { self.label = nil }
        }
        class B : UIViewController {
        }
        scenario "s" {
            nav = new UINavigationController
            a = new A
            push nav a
            show nav
            b = new B
            push nav b
            memoryWarning
        }
        """
    }

    func testPushSendsAppearanceCallbacksInUIKitOrder() throws {
        let r = try scenarioRun(pushThenWarn(platform: "ios 5.1"))
        let names = r.controllers.callbacks.map { "\(r.engine.name($0.object)).\($0.callback.rawValue)" }
        let push = names.drop { $0 != "b.loadView" }.prefix(6)
        XCTAssertEqual(Array(push), ["b.loadView", "b.viewDidLoad", "a.viewWillDisappear", "b.viewWillAppear",
                                     "a.viewDidDisappear", "b.viewDidAppear"])
    }

    func testIOS5UnloadsOffScreenViewAndIOS6DoesNot() throws {
        let five = try scenarioRun(pushThenWarn(platform: "ios 5.1"))
        let six = try scenarioRun(pushThenWarn(platform: "ios 6.0"))
        func count(_ r: ScenarioRun, _ cb: Callback) -> Int { r.controllers.callbacks.filter { r.engine.name($0.object) == "a" && $0.callback == cb }.count }
        XCTAssertEqual(count(five, .didReceiveMemoryWarning), 1)
        XCTAssertEqual(count(six, .didReceiveMemoryWarning), 1)
        XCTAssertEqual(count(five, .viewDidUnload), 1)
        XCTAssertEqual(count(six, .viewDidUnload), 0)
        XCTAssertEqual(count(five, .viewWillUnload), 1)
        let a5 = five.engine.allObjects.first { five.engine.name($0) == "a" }!
        let a6 = six.engine.allObjects.first { six.engine.name($0) == "a" }!
        XCTAssertFalse(five.isViewLoaded(a5))
        XCTAssertTrue(six.isViewLoaded(a6))
    }

    func testOverrideWithoutSuperUnloadsNothing() {
        let out = run("""
        platform ios 5.1
        class Q : UIViewController {
            didReceiveMemoryWarning {
            }
        }
        scenario "s" {
            q = new Q
            send q view
            memoryWarning
            expect loaded q
            expect called q viewDidUnload 0
        }
        """)
        XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
    }

    func testPopOfTheRootIsAnErrorWithLineAndColumn() throws {
        let text = """
        platform ios 5.1
        scenario "s" {
            nav = new UINavigationController
            a = new UIViewController
            push nav a
            pop nav
        }
        """
        let r = try scenarioRun(text)
        XCTAssertEqual(r.runtimeErrors.count, 1)
        let loc = r.file.location(of: r.runtimeErrors[0].range.start)
        XCTAssertEqual(loc.line, 6)
        XCTAssertEqual(loc.column, 5)
        let out = run(text)
        XCTAssertEqual(out.status, 2, "an impossible order is an error in the script")
        XCTAssert(out.stderr.contains("test.nibscript:6:5: error: pop:"), out.stderr)
        XCTAssert(out.stdout.contains("ERROR        6:5: pop:"), out.stdout)
    }

    func testDismissWithNothingPresentedIsAnError() throws {
        let r = try scenarioRun("""
        platform ios 5.1
        scenario "s" {
            a = new UIViewController
            show a
            dismiss a
        }
        """)
        XCTAssertEqual(r.runtimeErrors.count, 1)
        XCTAssert(r.runtimeErrors[0].message.contains("dismiss"))
    }

    func testPushingTheSameInstanceTwiceCrashes() {
        let out = run("""
        platform ios 5.1
        scenario "s" {
            nav = new UINavigationController
            a = new UIViewController
            push nav a
            push nav a
            expect crash "Pushing the same view controller instance more than once is not supported"
        }
        """)
        XCTAssertEqual(out.status, 0, out.stdout)
    }

    func testMemoryWarningOnTheMacIsAStaticError() {
        let out = run("""
        platform mac 10.7
        scenario "s" {
            memoryWarning
        }
        """)
        XCTAssertEqual(out.status, 2)
        XCTAssert(out.stderr.contains("test.nibscript:3:5: error: there is no memory warning on the Mac"), out.stderr)
    }

    func testWrongArityAndUnknownCallbackAreStaticErrors() {
        let out = run("""
        platform ios 5.1
        scenario "s" {
            nav = new UINavigationController
            push nav
            expect called nav viewDidUnlaod
        }
        """)
        XCTAssertEqual(out.status, 2)
        XCTAssert(out.stderr.contains("4:5: error: 'push' takes 2 arguments, found 1"), out.stderr)
        XCTAssert(out.stderr.contains("did you mean 'viewDidUnload'?"), out.stderr)
    }

    func testKVCCleanupNilsOutletsInViewDidUnload() {
        let out = run("""
        platform ios 5.1
        class A : UIViewController {
            nib N
            option cleanup kvc
            outlet label : UILabel retain
            outlet button : UIButton assign
        }
        nib N {
            owner : A
            root : UIView {
                t : UILabel
                b : UIButton
            }
            connect owner.view -> root
            connect owner.label -> t
            connect owner.button -> b
        }
        scenario "s" {
            a = new A
            send a view
            memoryWarning
            expect deallocated t
            expect nil a.button
            expect no abandoned
            release a
            expect no leaks
        }
        """)
        XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
    }

    func testAbandonedOutletWithoutViewDidUnload() {
        let out = run("""
        platform ios 5.1
        class A : UIViewController {
            nib N
            outlet label : UILabel retain
        }
        nib N {
            owner : A
            root : UIView {
                t : UILabel
            }
            connect owner.view -> root
            connect owner.label -> t
        }
        scenario "s" {
            a = new A
            send a view
            memoryWarning
            expect abandoned t
            expect no leaks
        }
        """)
        XCTAssertEqual(out.status, 0, out.stdout + out.stderr)
    }

    func testControllerFromANibGetsInitWithCoderNotInit() throws {
        let r = try scenarioRun("""
        platform ios 5.1
        class R : UIViewController {
            property history : NSMutableArray retain
            init { self.history = new NSMutableArray autoreleased }
        }
        nib Main main {
            nav : UINavigationController {
                first : R
            }
        }
        scenario "s" {
            load nib Main owner app
        }
        """)
        let cbs = r.controllers.callbacks.filter { r.engine.name($0.object) == "first" }.map(\.callback)
        XCTAssertEqual(cbs, [.initWithCoder])
    }
}
