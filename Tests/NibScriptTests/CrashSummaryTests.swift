import Foundation
import XCTest
@testable import NibScript
@testable import NibScriptInterpreter
@testable import NibScriptCommandLine

/// Issue 29, item 8: a crash in the middle of a dealloc leaves the object at count 0 with its
/// dealloc under way. grammar.md: a leak is an object alive at the end that no root reaches;
/// this one gave up its last +1, so it is listed as alive — its memory was never freed —
/// marked as in dealloc, and is not a leak. What its dealloc had not yet released is.
final class CrashSummaryTests: XCTestCase {
    static let script = """
    platform ios 6.0
    memory mrc

    class Box : NSObject {
        property item : UILabel retain
        property other : UILabel retain
        dealloc {
            release item
            release other
            super
        }
    }

    scenario "a crash in the middle of a dealloc" {
        b = new Box
        x = new UILabel
        y = new UILabel
        b.item = x
        b.other = y
        release x
        release x
        release y
        release b
        expect crash "-[UILabel release]"
        expect leaks y
    }

    """

    func run(_ args: [String]) throws -> Driver.Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("crash-\(UUID().uuidString).nibscript")
        try Self.script.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return Driver.main(args + [file.path])
    }

    func testAnObjectInDeallocAtTheCrashIsAliveButNotALeak() throws {
        let r = try run(["run", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.contains("""
              summary
                alive     Box b#1  count 0, in dealloc when the run crashed
                          UILabel y#3  count 1
                leaks     UILabel y#3
                dangling  b#1.item → UILabel x#2 (deallocated at line 21)

            """), r.stdout)
        XCTAssertTrue(r.stdout.contains("pass    25  expect leaks y\n"), r.stdout)
    }

    func testTheJSONSummaryAgrees() throws {
        let r = try run(["run", "--format", "json"])
        let summary = try XCTUnwrap(r.stdout.split(separator: "\n").first { $0.contains("\"type\":\"summary\"") })
        // The box in its dealloc is alive and marked, not leaked; the label is the one leak.
        XCTAssertTrue(summary.contains("\"alive\":[{\"object\":{\"id\":1,\"class\":\"Box\",\"name\":\"b\"},\"count\":0,\"deallocating\":true},"
                                       + "{\"object\":{\"id\":3,\"class\":\"UILabel\",\"name\":\"y\"},\"count\":1,\"deallocating\":false}],"
                                       + "\"leaks\":[{\"object\":{\"id\":3,\"class\":\"UILabel\",\"name\":\"y\"},\"count\":1,\"text\":\"UILabel y#3\"}]"), String(summary))
    }
}
