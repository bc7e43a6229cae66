import NibScript
import XCTest

/// The library API beyond the README's case: errors, expectations, every scenario.
final class SimulatorAPITests: XCTestCase {
    func testAScriptThatDoesNotCompileThrowsItsDiagnostics() {
        XCTAssertThrowsError(try Simulator.run(source: "scenario \"s\" {\n    x = new UILable\n}\n", path: "bad.nibscript")) { error in
            let e = error as! ScriptError
            XCTAssertEqual(e.diagnostics.count, 1)
            XCTAssert(e.text.hasPrefix("bad.nibscript:2:13: error: "), e.text)
            XCTAssert(e.text.contains("    x = new UILable\n            ^"), e.text)
        }
    }

    func testEventsExpectationsAndCountsAreValues() throws {
        let results = try Simulator.run(source: """
            scenario "one" {
                a = new UIView
                retain a
                expect count a == 3
            }
            scenario "two" {
                b = new UIView autoreleased
            }
            """)
        XCTAssertEqual(results.map(\.title), ["one", "two"])
        let one = results[0]
        XCTAssertEqual(one.events.map(\.kind), [.alloc, .retain])
        XCTAssertEqual(one.events.map(\.count), [1, 2])
        XCTAssertEqual(one.events[1].label, "UIView a#1")
        XCTAssertEqual(one.events[1].line, 3)
        XCTAssertEqual(one.events[1].column, 5)
        XCTAssertEqual(one.failures, [ExpectationOutcome(line: 4, text: "expect count a == 3", passed: false,
                                                         detail: "UIView a#1 has count 2", observed: 2)])
        XCTAssertEqual(one.leaks, [])   // the variable a still holds it
        XCTAssertEqual(one.count(of: "UIView a#1"), 2)
        XCTAssertEqual(results[1].events.map(\.kind), [.alloc, .autorelease, .drain, .release, .dealloc])
    }

    func testAMissingFileThrows() {
        XCTAssertThrowsError(try Simulator.run(file: "/nonexistent/x.nibscript"))
    }
}
