import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine

/// Causes of wrong findings seen auditing real projects no test had tried (Quicksilver,
/// Transmission, Briefs; see grammar.md's table of real projects), each with a small project
/// of its own written for these tests.
extension AuditLoaderTests {
    /// A nib whose File's Owner is NSPreferencePane itself (no subclass): audited as a pane
    /// (L2); it did not compile (the script gave the pane a `nib` of its own, L3).
    func testAPlainNSPreferencePaneOwnerIsAudited() throws {
        let dir = try project([
            "Src/Other.h": "@interface Other : NSObject\n@end\n",
            "Src/Other.m": "@implementation Other\n@end\n",
            "Compression.xib": macXib(owner: "NSPreferencePane", outlets: [("_window", "w1")], objects: window),
        ])
        let r = audit(["--platform", "mac", dir])
        XCTAssertFalse(r.stdout.contains("do not compile"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Compression.xib: owner NSPreferencePane"), r.stdout)
        XCTAssertTrue(r.stdout.contains("NSPreferencePane's loadMainView (L2)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n0 findings"), r.stdout)
    }

    /// The Shared User Defaults Controller and a "Shared App" custom object of class
    /// NSApplication are the shared instances, not objects of the nib: File's Owner is
    /// handed none, so they are no top-level leak; a menu of the same nib still is.
    func testSharedInstancesInANibAreNoTopLevelLeaks() throws {
        let objects = """
            <userDefaultsController representsSharedInstance="YES" id="u1"/>
            <customObject id="a1" userLabel="Shared App" customClass="NSApplication"/>
            <menu title="Extra" id="m1"/>
            """
        let dir = try project([
            "Src/Pane.h": "@interface Pane : NSObject {\n    IBOutlet NSObjectController *defaults;\n}\n- (void)load;\n@end\n",
            "Src/Pane.m": "@implementation Pane\n- (void)load {\n    [NSBundle loadNibNamed:@\"Pane\" owner:self];\n}\n@end\n",
            "Pane.xib": macXib(owner: "Pane", outlets: [("defaults", "u1")], objects: objects),
        ])
        let r = audit(["--platform", "mac", dir])
        XCTAssertTrue(r.stdout.contains("top-level NSMenu of Pane"), r.stdout)
        XCTAssertFalse(r.stdout.contains("NSUserDefaultsController"), r.stdout)
        XCTAssertFalse(r.stdout.contains("top-level NSApplication"), r.stdout)
        XCTAssertFalse(r.stdout.contains("`defaults` of Pane"), r.stdout)
    }

    /// `applicationWillTerminate:` is the application's last event (B12): what it releases
    /// is never used again, so it is not sent and its releases leave nothing dangling; an
    /// action that releases without a nil still does.
    func testApplicationWillTerminateIsNotSentAsAnAction() throws {
        let header = "@interface AppDelegate : NSObject {\n    NSMutableArray *items;\n    NSMutableArray *cache;\n}\n- (IBAction)refresh:(id)sender;\n@end\n"
        let body = """
            @implementation AppDelegate
            - (id)init {
                if ((self = [super init])) {
                    items = [[NSMutableArray alloc] init];
                    cache = [[NSMutableArray alloc] init];
                }
                return self;
            }
            - (IBAction)refresh:(id)sender {
                [cache release];
            }
            - (void)applicationWillTerminate:(NSNotification *)notification {
                [items release];
            }
            @end

            """
        let dir = try project([
            "Src/AppDelegate.h": header, "Src/AppDelegate.m": body,
            "MainMenu.xib": macXib(owner: "NSApplication", outlets: [("delegate", "d1")],
                                   objects: "<customObject id=\"d1\" customClass=\"AppDelegate\"/><menu title=\"Main\" systemMenu=\"main\" id=\"m1\"/>"),
        ])
        let r = audit(["--platform", "mac", dir])
        XCTAssertTrue(r.stdout.contains("MainMenu.xib: owner NSApplication (main nib)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("`cache` of AppDelegate"), r.stdout)
        // Its fix is the nil after the release, not a property or a window's close.
        XCTAssertTrue(r.stdout.contains("`[cache release];` in `refresh:` (AppDelegate.m:10) gives it up without setting `cache` to nil"), r.stdout)
        XCTAssertFalse(r.stdout.contains("windowWillClose:"), r.stdout)
        XCTAssertFalse(r.stdout.contains("`items` of AppDelegate"), r.stdout)
        XCTAssertFalse(r.stdout.contains("applicationWillTerminate:] sent"), r.stdout)
    }

    /// A window controller with a `+sharedInstance` is made once and never released (L10):
    /// what its `init` makes and no `dealloc` releases is no leak; without the shared
    /// instance the same class leaks it.
    func testASharedWindowControllerIsKeptForTheApplicationsLife() throws {
        func files(shared: Bool, dealloc: String = "") -> [String: String] {
            let decl = shared ? "+ (id)sharedInstance;\n" : ""
            let impl = shared ? "+ (id)sharedInstance {\n    static id prefs = nil;\n    if (!prefs) prefs = [[self alloc] init];\n    return prefs;\n}\n" : ""
            return ["Src/Prefs.h": "@interface Prefs : NSWindowController {\n    NSMutableArray *modules;\n}\n\(decl)@end\n",
                    "Src/Prefs.m": "@implementation Prefs\n\(impl)- (id)init {\n    if ((self = [super initWithWindowNibName:@\"Prefs\"])) {\n        modules = [[NSMutableArray alloc] init];\n    }\n    return self;\n}\n\(dealloc)@end\n",
                    "Prefs.xib": macXib(owner: "Prefs", outlets: [("window", "w1")], objects: window)]
        }
        let kept = audit(["--platform", "mac", try project(files(shared: true))]).stdout
        XCTAssertTrue(kept.contains("Prefs, a shared instance (a `+shared…` method in Prefs): kept, with its nib's objects, for the application's life (L10)"), kept)
        XCTAssertFalse(kept.contains("`modules` of Prefs"), kept)
        XCTAssertTrue(kept.contains("\n0 findings"), kept)
        let released = audit(["--platform", "mac", try project(files(shared: false))]).stdout
        XCTAssertTrue(released.contains("leak [V12 O9] `modules` of Prefs"), released)
        // A shared controller that writes a `dealloc` expects to go (a `+destroyShared…`):
        // it is shown and released, and its `dealloc`'s missing release is reported.
        let destroyed = audit(["--platform", "mac", try project(files(shared: true, dealloc: "- (void)dealloc {\n    [super dealloc];\n}\n"))]).stdout
        XCTAssertFalse(destroyed.contains("(L10)"), destroyed)
        XCTAssertTrue(destroyed.contains("leak [V12 O9] `modules` of Prefs"), destroyed)
    }

    /// A retain cycle with two references back at its owner names both: breaking one leaves
    /// the cycle (Briefs' `delegate` of one view and `controller` of another).
    func testACycleNamesEveryReferenceBackAtItsOwner() throws {
        let objects = """
            <view contentMode="scaleToFill" id="v">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <subviews>
                    <view contentMode="scaleToFill" customClass="PreviewView" id="p1">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="200"/>
                        <connections><outlet property="delegate" destination="-1" id="d1"/></connections>
                    </view>
                    <view contentMode="scaleToFill" customClass="InfoView" id="p2">
                        <rect key="frame" x="0.0" y="200" width="320" height="200"/>
                        <connections><outlet property="controller" destination="-1" id="d2"/></connections>
                    </view>
                </subviews>
            </view>
            """
        func files(dealloc: String) -> [String: String] { [
            "Views.h": "@interface PreviewView : UIView {\n    IBOutlet id delegate;\n}\n@end\n@interface InfoView : UIView {\n    IBOutlet id controller;\n}\n@end\n",
            "Views.m": "@implementation PreviewView\n@end\n@implementation InfoView\n@end\n",
            "Host.h": "@interface Host : UIViewController {\n    IBOutlet PreviewView *preview;\n    IBOutlet InfoView *info;\n}\n@end\n",
            "Host.m": "@implementation Host\n- (id)init {\n    return [super initWithNibName:@\"Host\" bundle:nil];\n}\n\(dealloc)@end\n",
            "Host.xib": iOSXib(owner: "Host", outlets: [("view", "v"), ("preview", "p1"), ("info", "p2")], objects: objects),
        ] }
        let r = audit(["--platform", "ios", try project(files(dealloc: "- (void)dealloc {\n    [preview release];\n    [info release];\n    [super dealloc];\n}\n"))])
        XCTAssertTrue(r.stdout.contains("a retain cycle of"), r.stdout)
        XCTAssertTrue(r.stdout.contains("`controller` of InfoView"), r.stdout)
        XCTAssertTrue(r.stdout.contains("also points back at it"), r.stdout)
        XCTAssertTrue(r.stdout.contains("or the cycle stays"), r.stdout)
        XCTAssertTrue(r.stdout.contains("and keep the release in `dealloc`"), r.stdout)
        // No `dealloc`: the leak it would show hides behind the cycle, so the abandoned
        // finding's fix names the missing release instead of keeping one that is not there.
        let none = audit(["--platform", "ios", try project(files(dealloc: ""))]).stdout
        XCTAssertTrue(none.contains("and release it in `dealloc` too (`[preview release];`), which does not"), none)
        XCTAssertFalse(none.contains("keep the release in `dealloc`"), none)
    }

    /// An object made into an ivar and handed to another object's setter before its release
    /// (`[[self window] setToolbar:toolbar]; [toolbar release];`) is kept by that object:
    /// the ivar does not dangle (B13). One released with nothing keeping it still does.
    func testAnObjectHandedToAnotherObjectsSetterDoesNotDangle() throws {
        let dir = try project([
            "Src/Prefs.h": "@interface Prefs : NSWindowController {\n    NSToolbar *toolbar;\n    NSMutableArray *pending;\n}\n+ (id)sharedInstance;\n@end\n",
            "Src/Prefs.m": """
                @implementation Prefs
                + (id)sharedInstance {
                    static id prefs = nil;
                    if (!prefs) prefs = [[self alloc] initWithWindowNibName:@"Prefs"];
                    return prefs;
                }
                - (void)windowDidLoad {
                    toolbar = [[NSToolbar alloc] initWithIdentifier:@"prefs"];
                    [toolbar setDelegate:self];
                    [[self window] setToolbar:toolbar];
                    [toolbar release];
                    pending = [[NSMutableArray alloc] init];
                    [pending release];
                }
                @end

                """,
            "Prefs.xib": macXib(owner: "Prefs", outlets: [("window", "w1")], objects: window),
        ])
        let r = audit(["--platform", "mac", dir]).stdout
        XCTAssertTrue(r.contains("`pending` of Prefs"), r)
        XCTAssertFalse(r.contains("`toolbar` of Prefs"), r)
    }
}
