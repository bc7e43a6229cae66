import Foundation
import XCTest
@testable import NibScriptCommandLine

/// The keys a nib connects on UIKit's own controllers (`examples/audit/uikit-keys`, a small
/// iOS MRC project of our own): a tab bar controller's `delegate`, a controller's
/// `navigationItem`, a table view controller's `tableView`. Real apps of 2009–2012 connect
/// them (TwitterFon, WordPress for iOS); the catalogue lacked them and each load crashed.
final class AuditUIKitKeysTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let report: String = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", root + "/examples/audit/uikit-keys"]).stdout

    func testUIKitsOwnKeysLoadWithoutAnUndefinedKey() {
        XCTAssertFalse(Self.report.contains("NSUnknownKeyException"), Self.report)
        XCTAssertFalse(Self.report.contains("crash"), Self.report)
        for nib in ["Compose.xib", "List.xib", "MainWindow.xib"] { XCTAssertTrue(Self.report.contains("  \(nib): owner"), Self.report) }
    }

    /// The navigation item stays with its controller while the view is unloaded (a navigation
    /// bar shows it then), and a table view controller's table goes with its view: neither is
    /// abandoned after a memory warning.
    func testNeitherTheNavigationItemNorTheTableIsAbandoned() {
        XCTAssertFalse(Self.report.contains("abandoned"), Self.report)
        XCTAssertTrue(Self.report.contains("\n0 findings"), Self.report)
    }

    /// A project outlet beside those keys is still judged: the same List.xib with the
    /// footer's release taken out of `dealloc` leaks it.
    func testAProjectOutletBesideThemIsStillJudged() throws {
        let dir = NSTemporaryDirectory() + "nibscript-uikitkeys-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.copyItem(atPath: Self.root + "/examples/audit/uikit-keys", toPath: dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let m = dir + "/ListController.m"
        let text = try String(contentsOfFile: m, encoding: .utf8)
        try text.replacingOccurrences(of: "    [footer release];\n    [super dealloc];", with: "    [super dealloc];")
            .write(toFile: m, atomically: true, encoding: .utf8)
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(out.contains("leak [N7 O9] `footer` of ListController"), out)
        XCTAssertFalse(out.contains("crash"), out)
    }
}
