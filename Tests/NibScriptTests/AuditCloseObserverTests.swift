import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// B7's observers heard only for the window they registered for.
extension AuditLoaderTests {
    var sideWindow: String {
        """
            <window title="Side" releasedWhenClosed="NO" id="w2">
                <rect key="contentRect" x="10" y="10" width="200" height="100"/>
                <view key="contentView" id="v2"><rect key="frame" x="0.0" y="0.0" width="200" height="100"/></view>
            </window>
        """
    }

    /// A window controller observing NSWindowWillCloseNotification with `object:` written
    /// `object`; its handler releases what `windowDidLoad` made.
    func observerProject(object: String, handler: String = "[buffer release];\n    buffer = nil;") throws -> String {
        try project([
            "Watch.h": "@interface WatchController : NSWindowController {\n    IBOutlet NSWindow *sidePanel;\n    NSMutableArray *buffer;\n}\n@end\n",
            "Watch.m": """
                @implementation WatchController
                - (void)windowDidLoad {
                    buffer = [[NSMutableArray alloc] init];
                    [[NSNotificationCenter defaultCenter] addObserver:self selector:@selector(watchedWindowWillClose:)
                                                             name:NSWindowWillCloseNotification object:\(object)];
                }
                - (void)watchedWindowWillClose:(NSNotification *)notification {
                    \(handler)
                }
                @end
                """,
            "Watch.xib": macXib(owner: "WatchController", outlets: [("window", "w1"), ("sidePanel", "w2")], objects: window + sideWindow),
        ])
    }

    /// The center delivers NSWindowWillCloseNotification to an observer registered with
    /// `object:nil` or with the closing window; not to one registered with another window
    /// (`sidePanel`) or with the controller itself. Before, all four were sent the handler.
    func testACloseObserverHearsOnlyTheWindowItRegisteredFor() throws {
        for object in ["[self window]", "self.window", "nil", "window"] {
            let out = audit(["--platform", "mac", "--memory", "mrc", try observerProject(object: object)]).stdout
            XCTAssertTrue(out.contains("its window closed by the user (`watchedWindowWillClose:` observing NSWindowWillCloseNotification)"), "\(object):\n\(out)")
            XCTAssertFalse(out.contains("`buffer` of WatchController"), "\(object):\n\(out)")
        }
        for object in ["sidePanel", "[self sidePanel]", "self"] {
            let out = audit(["--platform", "mac", "--memory", "mrc", try observerProject(object: object)]).stdout
            XCTAssertFalse(out.contains("observing NSWindowWillCloseNotification"), "\(object):\n\(out)")
            XCTAssertTrue(out.contains("leak [V12 O9] `buffer` of WatchController"), "\(object):\n\(out)")
        }
    }

    /// The handler comes once, when the window closes before the controller goes, as the
    /// delegate's `windowWillClose:` does: it is no action of its own too (B1). Before, it
    /// was also sent as an action while the window was open, and then again at the close:
    /// its release without a nil made `buffer` "dangling" in that action's run.
    func testACloseObserversHandlerIsNotAlsoSentAsAnAction() throws {
        let out = audit(["--platform", "mac", "--memory", "mrc", try observerProject(object: "nil", handler: "[buffer release];")]).stdout
        XCTAssertTrue(out.contains("(`watchedWindowWillClose:` observing NSWindowWillCloseNotification)"), out)
        XCTAssertFalse(out.contains("watchedWindowWillClose:] sent"), out)
        XCTAssertFalse(out.contains("`buffer` of WatchController"), out)
    }

    func testTheObservedObjectIsReadUpToTheMessagesEnd() {
        XCTAssertEqual(NibAuditor.observedObject("[[NSNotificationCentercenter]addObserver:selfselector:@selector(a:)name:Xobject:[selfwindow]];"), "[selfwindow]")
        XCTAssertEqual(NibAuditor.observedObject("[centeraddObserver:selfselector:@selector(a:)name:Xobject:nil];"), "nil")
        XCTAssertNil(NibAuditor.observedObject("[centeraddObserver:selfselector:@selector(a:)name:X];"))
    }
}
