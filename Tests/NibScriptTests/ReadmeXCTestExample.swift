// The XCTest case the README shows, exactly: nibscript used as a library from a user's tests.
// It imports NibScript without @testable, so it sees only the public API.
import NibScript
import XCTest

final class OutletTests: XCTestCase {
    let script = """
        class Owner : NSObject {
            outlet button : UIButton assign
        }
        nib Panel {
            owner : Owner
            root : UIView {
                ok : UIButton
            }
            connect owner.button -> ok
        }
        scenario "an assign outlet dangles once the pool drains" {
            o = new Owner
            load nib Panel owner o
            drain
            expect dangling o.button
        }
        """

    func testAssignOutletDanglesAfterTheDrain() throws {
        let scenario = try Simulator.run(source: script)[0]
        XCTAssertEqual(scenario.failures, [])
        XCTAssertEqual(scenario.leaks, [])
        XCTAssertEqual(scenario.dangling, ["o#1.button → UIButton ok#3 (deallocated at line 14)"])
        XCTAssert(scenario.events.contains { $0.kind == .dealloc && $0.name == "ok" })
    }
}
