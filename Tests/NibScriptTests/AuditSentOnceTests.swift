import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// B1's second click never given to a method Cocoa sends once per object.
extension AuditLoaderTests {
    /// A plain owner whose `method` loads its own nib under a nil check of its `other`
    /// outlet, which the nib never connects (it connects `panel`): sent again, it loads again.
    func onceProject(_ method: String, body: String = "if (!other) [NSBundle loadNibNamed:@\"Panel\" owner:self];") throws -> String {
        try project([
            "Launcher.h": "@interface Launcher : NSObject {\n    IBOutlet NSWindow *panel;\n    IBOutlet NSWindow *other;\n    NSMutableArray *items;\n}\n@end\n",
            "Launcher.m": """
                @implementation Launcher
                - (void)\(method) {
                    \(body)
                }
                @end
                """,
            "Panel.xib": macXib(owner: "Launcher", outlets: [("panel", "w1")], objects: window),
        ])
    }

    /// B1's second click: a guarded load in an action is sent twice; in a method Cocoa sends
    /// once per object (`applicationDidFinishLaunching:`, `awakeFromNib`-like callbacks) it
    /// is sent once. Before, `applicationDidFinishLaunching:` was sent twice.
    func testAMethodSentOncePerObjectIsNeverSentTwice() throws {
        let action = audit(["--platform", "mac", "--memory", "mrc", try onceProject("showPanel:(id)sender")]).stdout
        XCTAssertTrue(action.contains("-[Launcher showPanel:] sent twice"), action)
        XCTAssertTrue(action.contains("loaded again at every `showPanel:`"), action)
        for once in ["applicationDidFinishLaunching:(NSNotification *)n", "windowControllerWillLoadNib:(id)wc"] {
            let sel = once.components(separatedBy: "(")[0]
            let out = audit(["--platform", "mac", "--memory", "mrc", try onceProject(once)]).stdout
            XCTAssertFalse(out.contains("\(sel)] sent twice"), out)
            XCTAssertFalse(out.contains("loaded again"), out)
            XCTAssertTrue(out.contains("leak [N3 O9] `panel` of Launcher"), out)
        }
        // A second store: sent twice for an action, once for a once-by-contract callback.
        let store = "items = [[NSMutableArray alloc] init];"
        let refresh = audit(["--platform", "mac", "--memory", "mrc", try onceProject("refresh:(id)sender", body: store)]).stdout
        XCTAssertTrue(refresh.contains("refresh:] sent twice"), refresh)
        let launch = audit(["--platform", "mac", "--memory", "mrc", try onceProject("windowControllerWillLoadNib:(id)wc", body: store)]).stdout
        XCTAssertFalse(launch.contains("sent twice") || launch.contains("sent a second time"), launch)
        XCTAssertTrue(launch.contains("leak [V12 O9] `items` of Launcher"), launch)
        for sel in ["init", "initWithFrame:", "awakeFromNib", "viewDidLoad", "applicationDidFinishLaunching:", "loadMainView", "dealloc"] {
            XCTAssertTrue(NibAuditor.isSentOnce(sel), sel)
        }
        for sel in ["showPanel:", "initialStateChanged:", "windowWillClose:", "didSelect"] { XCTAssertFalse(NibAuditor.isSentOnce(sel), sel) }
    }
}
