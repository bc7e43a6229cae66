import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine

/// L16: `[[view window] release]` in `dealloc`, `view` an outlet to a view inside a
/// top-level window of the nib File's Owner loaded, gives that window's +1 back.
final class AuditWindowOfOutletTests: ProjectFolderTestCase {
    func files(dealloc: String) -> [String: String] {
        [
            "Gauge.h": "@interface Gauge : NSObject {\n    IBOutlet NSProgressIndicator *bar;\n    IBOutlet NSView *pane;\n}\n@end\n",
            "Gauge.m": """
            #import "Gauge.h"
            @implementation Gauge
            - (id)init {
                self = [super init];
                if (self) { [NSBundle loadNibNamed:@"Gauge" owner:self]; }
                return self;
            }
            - (void)dealloc {
                \(dealloc)
                [super dealloc];
            }
            @end

            """,
            "Gauge.xib": macXib(owner: "Gauge", outlets: [("bar", "b"), ("pane", "p")], objects: """
                <window title="G" releasedWhenClosed="NO" id="w">
                    <rect key="contentRect" x="10" y="10" width="300" height="100"/>
                    <view key="contentView" id="v"><rect key="frame" x="0.0" y="0.0" width="300" height="100"/>
                        <subviews><progressIndicator maxValue="100" style="bar" id="b"><rect key="frame" x="20" y="20" width="200" height="20"/></progressIndicator></subviews>
                    </view>
                </window>
                <customView id="p"><rect key="frame" x="0.0" y="0.0" width="50" height="50"/></customView>
                """),
        ]
    }

    let windowLeak = "leak [N3 O9] top-level NSWindow of Gauge"

    func testTheWindowOfAViewOutletReleasedInDeallocIsGivenBack() throws {
        let r = Driver.main(["audit", "--platform", "mac", "--memory", "mrc",
                             try project(files(dealloc: "[[bar window] release];\n    [pane release];"), kind: "window-of")])
        XCTAssertFalse(r.stdout.contains(windowLeak), r.stdout)
        XCTAssertTrue(r.stdout.contains("`-[Gauge dealloc]` releases the top-level NSWindow through `bar`, a view inside it"), r.stdout)
        XCTAssertTrue(r.stdout.contains("0 findings"), r.stdout)
    }

    func testWithoutTheReleaseTheWindowLeaks() throws {
        // Another message to the window, or the window of a view that is itself top-level: no release of the window.
        for body in ["[[bar window] orderOut:nil];\n    [pane release];", "[[pane window] release];\n    [pane release];"] {
            let r = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", try project(files(dealloc: body), kind: "window-of-not")])
            XCTAssertTrue(r.stdout.contains(windowLeak), body + "\n" + r.stdout)
            XCTAssertFalse(r.stdout.contains("(L16)"), r.stdout)
        }
    }
}

/// L12: Sparkle's `SUUpdater` in a main nib is the shared updater, not made by the load; even
/// with Sparkle's sources in the folder, the battery sends it nothing (it is no object of the nib).
final class AuditSharedUpdaterTests: ProjectFolderTestCase {
    func testAMainNibsUpdaterIsNoObjectOfTheNib() throws {
        let xib = macXib(owner: "NSApplication", outlets: [], objects: """
            <customObject id="u" customClass="SUUpdater"/>
            <customObject id="d" customClass="AppDelegate"/>
            """).replacingOccurrences(of: "<customObject id=\"-3\" userLabel=\"Application\" customClass=\"NSObject\"/>",
                                      with: "<customObject id=\"-3\" userLabel=\"Application\" customClass=\"NSObject\"><connections><outlet property=\"delegate\" destination=\"d\" id=\"a1\"/></connections></customObject>")
        let dir = try project([
            "MainMenu.xib": xib,
            "SUUpdater.h": "@interface SUUpdater : NSObject {\n    NSTimer *checkTimer;\n}\n@end\n",
            "SUUpdater.m": "#import \"SUUpdater.h\"\n@implementation SUUpdater\n- (void)scheduleCheck:(id)sender {\n    checkTimer = [[NSTimer alloc] init];\n}\n@end\n",
            "AppDelegate.h": "@interface AppDelegate : NSObject\n@end\n",
            "AppDelegate.m": "#import \"AppDelegate.h\"\n@implementation AppDelegate\n@end\n",
        ], kind: "updater")
        let r = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir])
        XCTAssertTrue(r.stdout.contains("MainMenu.xib: owner"), r.stdout)
        XCTAssertFalse(r.stdout.contains("SUUpdater scheduleCheck:"), r.stdout)
        XCTAssertFalse(r.stdout.contains("reading limit"), r.stdout)
        XCTAssertFalse(r.stdout.contains("`checkTimer` of SUUpdater"), r.stdout)
    }
}
