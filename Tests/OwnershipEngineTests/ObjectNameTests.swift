import XCTest
@testable import OwnershipEngine

/// Names are kept as plain data, short ones inline: every length and encoding comes back as
/// it went in, through a snapshot too.
final class ObjectNameTests: XCTestCase {
    func testNamesOfEveryLengthComeBackAsGiven() {
        let w = World()
        let names = ["", "a", "title", "fifteen-bytes-x", "sixteen-bytes-xy", "copy of a much longer name",
                     "été", "ééééééé", "éééééééé", "日本語のなまえ", "👍", "a\u{0}b"]
        let objects = names.map { w.label($0) }
        XCTAssertEqual(objects.map(w.engine.name), names)
        let snapshot = w.engine.snapshot()
        w.engine.setName(objects[1], "renamed, and longer than fifteen bytes")
        w.engine.setName(objects[4], "short")
        XCTAssertEqual(w.engine.name(objects[1]), "renamed, and longer than fifteen bytes")
        XCTAssertEqual(w.engine.name(objects[4]), "short")
        w.engine.restore(snapshot)
        XCTAssertEqual(objects.map(w.engine.name), names)
    }
}
