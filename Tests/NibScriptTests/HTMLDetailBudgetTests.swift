import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax

/// `report`'s size budget for per-line detail (issue 25 item 12): past it the lines' events
/// and the timelines are cut, the page says where and how to see the rest, and what matters
/// (findings, expectations, the source) is all there.
final class HTMLDetailBudgetTests: XCTestCase {
    static func occurrences(_ needle: String, in s: String) -> Int { s.components(separatedBy: needle).count - 1 }

    func testDetailPastTheBudgetIsCutWithANoteSayingWhereAndHow() {
        // 600 lines, 600 objects, about 800 events: about 60 KB of detail in all.
        let program = HTMLReportTests.compile(HTMLReportTests.longScript(lines: 600), path: "long.nibscript")
        var full = HTMLReport(version: "0")
        full.graph = nil
        var cut = full
        cut.detailBudget = 16 << 10
        let whole = full.render(program).html, small = cut.render(program).html
        XCTAssertFalse(whole.contains("Cut to size"))
        XCTAssertFalse(whole.contains("id=\"cut\""))
        XCTAssertFalse(whole.contains(HTMLDetailBudget.lineNote))

        // The header says where and how; the first line left out says so too.
        XCTAssertTrue(small.contains("<p class=\"cut\" id=\"cut\"><b>Cut to size:</b> each line's events and notes stop at <a href=\"#s0-L"), small)
        XCTAssertTrue(small.contains("<code>nibscript report --detail-budget MB</code>"))
        XCTAssertTrue(small.contains("<code>nibscript run long.nibscript</code>"))
        XCTAssertEqual(Self.occurrences(HTMLDetailBudget.lineNote, in: small), 1)
        // The events' data the timelines are drawn from is cut too, and the page says how much.
        XCTAssertTrue(small.contains("events are left out of the timelines"), "timelines cut too")
        let cutEvents = Int(small.components(separatedBy: "\"cut\":").last!.prefix { $0.isNumber })!
        XCTAssertGreaterThan(cutEvents, 0)
        XCTAssert(small.contains("the last \(cutEvents) events are left out"), "the header counts the events left out")
        XCTAssert(whole.contains("\"cut\":0}"))

        // What is kept is the start of the detail, within its share of the budget.
        let events = Self.occurrences("<div class=\"e k-", in: small), all = Self.occurrences("<div class=\"e k-", in: whole)
        XCTAssertGreaterThan(events, 50)
        XCTAssertLessThan(events, all / 2)
        XCTAssertLessThan(small.utf8.count, whole.utf8.count - 30_000)
        let cutLine = Int(small.components(separatedBy: "stop at <a href=\"#s0-L")[1].prefix { $0.isNumber })!
        XCTAssertGreaterThan(cutLine, 10)
        XCTAssertLessThan(cutLine, 590)

        // Never cut: findings, every expectation's mark, every source line.
        XCTAssertEqual(Self.occurrences("<div class=\"x ", in: small), Self.occurrences("<div class=\"x ", in: whole))
        XCTAssertEqual(Self.occurrences("<li class=\"finding", in: small), Self.occurrences("<li class=\"finding", in: whole))
        XCTAssertEqual(Self.occurrences("<td class=\"ln\">", in: small), Self.occurrences("<td class=\"ln\">", in: whole))
    }

    func testTheOptionAndItsRange() throws {
        let dir = NSTemporaryDirectory() + "nibscript-budget-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/s.nibscript"
        try HTMLReportTests.longScript(lines: 30).write(toFile: path, atomically: false, encoding: .utf8)
        for bad in ["0", "4097", "x", "-1"] {
            let r = Driver.main(["report", "--detail-budget", bad, path])
            XCTAssertEqual(r.status, 2, bad)
            XCTAssertTrue(r.stderr.contains("'--detail-budget' takes a size in MB from 1 to 4096 (default 20)"), r.stderr)
        }
        let ok = Driver.main(["report", "--detail-budget=1", path])
        XCTAssertEqual(ok.status, 1, ok.stderr)   // the script has a failing expectation
        XCTAssertFalse(ok.stdout.contains("Cut to size"))
        XCTAssertEqual(ok.stdout, Driver.main(["report", path]).stdout)
    }
}
