import XCTest
@testable import NibScriptCommandLine

/// Swift sources (grammar.md, "Which configurations"): a nib owned by a Swift class runs
/// under ARC whatever `--memory` says, on iOS 7 (Swift's first), and its `weak` stays weak.
final class AuditSwiftTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    var app: String { Self.root + "/examples/audit/profile-app" }

    func testASwiftOwnedNibIsAuditedUnderARCOnIOS7EvenWithMemoryMRC() {
        let out = Driver.main(["audit", "--memory", "mrc", app]).stdout
        XCTAssertTrue(out.contains("Resources/SettingsView.xib: owner SettingsViewController (view controller), 2 runs under ios 7.0 arc"), out)
        XCTAssertTrue(out.contains("Swift has no MRC: audited under ARC (--memory mrc applies to Objective-C)"), out)
        // The Objective-C nibs keep the model asked for and their two columns.
        XCTAssertTrue(out.contains("Resources/ProfileView.xib: owner ProfileViewController (view controller), 6 runs under ios 5.1 mrc, ios 6.0 mrc"), out)
    }

    func testASwiftNibIsSkippedOnAnIOSVersionSwiftCannotRunOn() {
        let out = Driver.main(["audit", "--platform", "ios5.1", app]).stdout
        XCTAssertTrue(out.contains("Resources/SettingsView.xib: skipped: its Swift classes need iOS 7 or later, and --platform asks for iOS 5.1"), out)
        XCTAssertFalse(out.contains("SettingsViewController (view controller)"), out)
    }

    func testImportingSwiftUnderMemoryMRCKeepsWeakWeak() {
        let out = Driver.main(["import", "--memory", "mrc", app + "/Classes/SettingsViewController.swift"]).stdout
        XCTAssertTrue(out.contains("platform ios 7.0\n"), out)
        XCTAssertTrue(out.contains("memory arc\n"), out)
        XCTAssertTrue(out.contains("outlet toggle : UISwitch weak"), out)
        XCTAssertFalse(out.contains("assign"), out)
    }
}
