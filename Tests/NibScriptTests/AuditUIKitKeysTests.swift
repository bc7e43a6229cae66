import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit

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
        XCTAssertFalse(Self.report.contains("UINavigationItem"), Self.report)
        XCTAssertFalse(Self.report.contains("`footer` of ListController"), Self.report)
        XCTAssertFalse(Self.report.contains("top-level"), Self.report)
        XCTAssertTrue(Self.report.contains("\n2 findings (1 leak, 1 abandoned)"), Self.report)
    }

    /// V7: an outlet `viewDidUnload` set to nil keeps nothing; the container that still holds
    /// its object (an outlet not set to nil) is the one finding.
    func testAnOutletSetToNilIsNotTheAbandonedOne() {
        XCTAssertTrue(Self.report.contains("abandoned after a memory warning [V7] `panel` of ComposeController"), Self.report)
        XCTAssertFalse(Self.report.contains("`hint` of ComposeController"), Self.report)
    }

    /// B1's second send is for a method whose first argument is an object (a sender, a
    /// delegating object, a notification): `-reload:(id)sender` leaks `reloadedAt` at a second
    /// tap; `-restoreAndLoad:(BOOL)load`, the code's own step, is not sent twice.
    func testOnlyAMethodTakingAnObjectIsSentTwice() {
        XCTAssertTrue(Self.report.contains("leak [V12 O9] `reloadedAt` of ListController"), Self.report)
        XCTAssertTrue(Self.report.contains("-[ListController reload:] sent twice"), Self.report)
        XCTAssertFalse(Self.report.contains("`rows` of ListController"), Self.report)
        XCTAssertFalse(Self.report.contains("restoreAndLoad:] sent twice"), Self.report)
    }

    /// The reader keeps each argument's type as written.
    func testTheReaderKeepsArgumentTypes() {
        let (project, _) = SourceReading.read(paths: [Self.root + "/examples/audit/uikit-keys/ListController.h", Self.root + "/examples/audit/uikit-keys/ListController.m"])
        guard let c = project["ListController"] else { return XCTFail("ListController not read") }
        let restore = c.method("restoreAndLoad:") ?? c.helper("restoreAndLoad:")
        let reload = c.method("reload:") ?? c.helper("reload:")
        XCTAssertEqual(restore?.argumentTypes, ["BOOL"])
        XCTAssertEqual(restore?.firstArgumentIsObject, false)
        XCTAssertEqual(reload?.argumentTypes, ["id"])
        XCTAssertEqual(reload?.firstArgumentIsObject, true)
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
        try text.replacingOccurrences(of: "    [footer release];\n    [rows release];", with: "    [rows release];")
            .write(toFile: m, atomically: true, encoding: .utf8)
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(out.contains("leak [N7 O9] `footer` of ListController"), out)
        XCTAssertFalse(out.contains("crash"), out)
    }

    /// B13: `x = [[[C alloc] init] autorelease]; self.navigationItem.titleView = x;` hands the
    /// object to the navigation item (a setter's dot syntax on another object) before the
    /// autorelease pool gives it up: the ivar dangles nothing.
    func testAnAutoreleasedObjectHandedOverByDotSyntaxDanglesNothing() {
        XCTAssertFalse(Self.report.contains("titleLabel"), Self.report)
        let dir = Self.root + "/examples/audit/uikit-keys"
        let (project, _) = SourceReading.read(paths: [dir + "/ComposeController.h", dir + "/ComposeController.m"])
        guard let c = project["ComposeController"], let m = c.member(forIvarOrName: "titleLabel") else { return XCTFail("ComposeController not read") }
        let hand = AuditHandOver.handedOver(m, in: c, lines: SourceLines())
        XCTAssertEqual(hand?.2, "self.navigationItem.titleView = titleLabel;")
        // To self it is the class's own setter, and `delegate` keeps nothing: no hand-over.
        for line in ["self.titleView = titleLabel;", "bar.delegate = titleLabel;"] {
            let tmp = NSTemporaryDirectory() + "nibscript-handover-\(ProcessInfo.processInfo.processIdentifier)"
            try? FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: tmp) }
            let text = (try? String(contentsOfFile: dir + "/ComposeController.m", encoding: .utf8)) ?? ""
            try? text.replacingOccurrences(of: "self.navigationItem.titleView = titleLabel;", with: line)
                .write(toFile: tmp + "/ComposeController.m", atomically: true, encoding: .utf8)
            let (p2, _) = SourceReading.read(paths: [dir + "/ComposeController.h", tmp + "/ComposeController.m"])
            guard let c2 = p2["ComposeController"], let m2 = c2.member(forIvarOrName: "titleLabel") else { return XCTFail("not read") }
            XCTAssertNil(AuditHandOver.handedOver(m2, in: c2, lines: SourceLines()), line)
        }
    }
}
