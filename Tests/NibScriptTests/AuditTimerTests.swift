import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit

/// B15: a repeating NSTimer whose target is its owner and that only `dealloc` invalidates
/// keeps the owner alive (T1). On projects of our own: the example `examples/audit/timers`
/// (ClockController, stopped only in `dealloc`; LapController, stopped in
/// `viewWillDisappear:`), `Fixtures/timers/ios` (a timer that stops itself after its last
/// tick, a one-shot timer, an unscheduled timer added to the run loop and stopped in a helper
/// only `dealloc` calls) and `Fixtures/timers/mac` (two window controllers, one stopped in
/// `dealloc`, one in `windowWillClose:`).
final class AuditTimerTests: XCTestCase {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let example = here.appendingPathComponent("../../examples/audit/timers").standardized.path
    static let exampleReport = Driver.main(["audit", "--platform", "ios6.0", example]).stdout
    static let iosReport = Driver.main(["audit", "--platform", "ios6.0", here.appendingPathComponent("Fixtures/timers/ios").path]).stdout
    static let macReport = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", here.appendingPathComponent("Fixtures/timers/mac").path]).stdout

    func headings(_ report: String) -> [String] { report.components(separatedBy: "\n").filter { $0.contains(": leak [") || $0.contains(": abandoned") || $0.contains(": dangling") || $0.contains(": zombie") || $0.contains(": over-release") || $0.contains(": retain cycle") } }

    /// The owner released by the navigation controller stays alive: the finding is at the
    /// line that makes the timer, says where the only invalidate is, and how to stop it.
    func testATimerStoppedOnlyInDeallocKeepsItsController() {
        let h = headings(Self.exampleReport)
        XCTAssertEqual(h.filter { $0.contains("[T1 B15]") }, ["ClockController.m:8:5: leak [T1 B15] `_ticker` of ClockController"], Self.exampleReport)
        XCTAssertTrue(Self.exampleReport.contains("its only `invalidate` is in `dealloc` (ClockController.m:17)"), Self.exampleReport)
        XCTAssertTrue(Self.exampleReport.contains("fix: invalidate the timer before the owner is released, in `viewWillDisappear:` or `viewDidDisappear:`"), Self.exampleReport)
        // Kept alive, the controller's outlet is no leak of its own (it has no `dealloc` to miss).
        XCTAssertEqual(h.count, 1, Self.exampleReport)
    }

    /// Stopped in `viewWillDisappear:`: no finding, and nothing else changes.
    func testATimerStoppedBeforeTheReleaseGivesNoFinding() {
        XCTAssertFalse(headings(Self.exampleReport).contains { $0.contains("LapController") }, Self.exampleReport)
        XCTAssertFalse(headings(Self.macReport).contains { $0.contains("WatcherController") }, Self.macReport)
    }

    /// A timer that may stop itself (its tick invalidates it) and a one-shot timer are not
    /// claimed; `timerWithTimeInterval:` added to the run loop and stopped in a helper only
    /// `dealloc` calls is.
    func testOnlyTimersNothingButDeallocStopsAreClaimed() {
        let h = headings(Self.iosReport)
        XCTAssertEqual(h, ["GaugeController.m:8:5: leak [T1 B15] `_sampler` of GaugeController"], Self.iosReport)
        XCTAssertTrue(Self.iosReport.contains("its only `invalidate` is in `-stopSampling` (GaugeController.m:17), which only `dealloc` calls"), Self.iosReport)
    }

    /// A window controller's fix names `windowWillClose:`.
    func testAWindowControllersTimerIsStoppedWhenItsWindowCloses() {
        XCTAssertEqual(headings(Self.macReport), ["MonitorController.m:7:5: leak [T1 B15] `pollTimer` of MonitorController"], Self.macReport)
        XCTAssertTrue(Self.macReport.contains("in `windowWillClose:` (the window's delegate)"), Self.macReport)
    }

    /// `--fix` offers no edit for it: where the timer stops is the design's choice.
    func testNoEditIsOffered() {
        let out = Driver.main(["audit", "--fix", "--platform", "ios6.0", Self.example]).stdout
        XCTAssertFalse(out.contains("+    [_ticker release];"), out)
    }
}
