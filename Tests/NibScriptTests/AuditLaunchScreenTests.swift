import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine
import SourceImport

/// The launch screen an Info.plist names (`UILaunchStoryboardName`) is listed as such, not
/// "unused"; an empty `NSMainNibFile` (Frotz's) names no main nib.
final class AuditLaunchScreenTests: ProjectFolderTestCase {
    func testTheLaunchScreenIsListedAsSuchAndAnEmptyMainNibNamesNothing() throws {
        let xib = try String(contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ios-controller.xib").path, encoding: .utf8)
            .replacingOccurrences(of: " customClass=\"ListOwner\"", with: "")
        let dir = try project([
            "App/App.xcodeproj/project.pbxproj": ProjectFiles.pbxproj(platform: "ios", deployment: "8.0", arc: nil, infoPlist: "Info.plist",
                                                                      sources: [("A.m", "")], resources: ["Launch Screen.xib"]),
            "App/A.m": "@interface A : NSObject\n@end\n@implementation A\n@end\n",
            "App/Info.plist": ProjectFiles.plist(["NSMainNibFile": "", "UILaunchStoryboardName": "Launch Screen"]),
            "App/Launch Screen.xib": xib,
        ], kind: "launch")
        let r = XcodeProjectReader.read(dir: dir, files: ["App/App.xcodeproj/project.pbxproj"])
        XCTAssertEqual(r.targets.first?.mainNibs.map(\.value), [])
        XCTAssertEqual(r.targets.first?.launchScreens.map(\.value), ["Launch Screen"])
        let out = Driver.main(["audit", dir]).stdout
        XCTAssertTrue(out.contains("  launch screen Launch Screen (App/Info.plist (UILaunchStoryboardName))"), out)
        XCTAssertTrue(out.contains("Launch Screen.xib: launch screen: iOS shows it while the application launches"), out)
        XCTAssertFalse(out.contains("unused"), out)
        XCTAssertFalse(out.contains("main nib  ("), out)
        XCTAssertTrue(Driver.main(["audit", "--summary", dir]).stdout.contains("1 listed (1 launch screen)"))
    }
}
