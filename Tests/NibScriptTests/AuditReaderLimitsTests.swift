import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit
@testable import SourceImport

/// Causes of wrong findings read on Adium (issue 24's reader limits, rules R1–R7 of
/// grammar.md): each test writes a small Mac project of its own, the Cocoa pattern written
/// the right way, and checks the audit takes it as a reviewer would.
extension AuditLoaderTests {
    var strip: String {
        "<customView id=\"s1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></customView>"
    }

    /// A Mac window controller's XIB: `window` connected, and `outlets` of File's Owner.
    func windowXib(owner: String, outlets: [(String, String)], content: String) -> String {
        macXib(owner: owner, outlets: [("window", "w1")] + outlets, objects: """
            <window title="W" releasedWhenClosed="NO" id="w1">
                <rect key="contentRect" x="10" y="10" width="200" height="100"/>
                <view key="contentView" id="cv">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                    <subviews>\(content)</subviews>
                </view>
            </window>
            """)
    }

    // MARK: R1 conditional releases in dealloc

    /// `if (view_setup != view_options) [view_options release];`: the nib connects
    /// `view_options` to its top-level view and not `view_setup`, so they differ and the
    /// release runs; a nib connecting both to one view never runs it (the other release does).
    func testAReleaseUnderAComparisonOfTwoOutletsIsEvaluatedFromTheNib() throws {
        let header = "@interface Pane : NSObject {\n    IBOutlet NSView *view_setup;\n    IBOutlet NSView *view_options;\n}\n@end\n"
        let impl = """
            @implementation Pane
            - (void)load { [NSBundle loadNibNamed:@"Options" owner:self]; }
            - (void)dealloc {
                [view_setup release];
                if (view_setup != view_options)
                    [view_options release];
                [super dealloc];
            }
            @end
            """
        let one = audit(["--platform", "mac", try project(["Pane.h": header, "Pane.m": impl,
                                                            "Options.xib": macXib(owner: "Pane", outlets: [("view_options", "s1")], objects: strip)])]).stdout
        XCTAssertFalse(one.contains("leak ["), one)
        let both = audit(["--platform", "mac", try project(["Pane.h": header, "Pane.m": impl,
                                                             "Options.xib": macXib(owner: "Pane", outlets: [("view_options", "s1"), ("view_setup", "s1")], objects: strip)])]).stdout
        XCTAssertFalse(both.contains("over-release ["), both)
        XCTAssertFalse(both.contains("leak ["), both)
        // The `dealloc` is the superclass's; the nib a subclass owns decides.
        let sub = audit(["--platform", "mac", try project([
            "Pane.h": header + "@interface IRCPane : Pane\n@end\n", "Pane.m": impl + "\n@implementation IRCPane\n@end\n",
            "Options.xib": macXib(owner: "IRCPane", outlets: [("view_options", "s1"), ("view_setup", "s1")], objects: strip)])]).stdout
        XCTAssertTrue(sub.contains("owner IRCPane (plain owner)"), sub)
        XCTAssertFalse(sub.contains("over-release ["), sub)
        XCTAssertFalse(sub.contains("leak ["), sub)
    }

    /// A release under a condition the nib cannot decide is taken as run, and a finding
    /// about the member says so (low confidence, naming the condition).
    func testAReleaseUnderAnotherConditionLowersConfidence() throws {
        let dir = try project([
            "Pane.h": "@interface Pane : NSObject {\n    BOOL ownsStrip;\n}\n@property (retain) IBOutlet NSView *strip;\n@end\n",
            "Pane.m": """
            @implementation Pane
            @synthesize strip;
            - (void)load { [NSBundle loadNibNamed:@"Strip" owner:self]; }
            - (void)dealloc {
                if (ownsStrip) [strip release];
                [super dealloc];
            }
            @end
            """,
            "Strip.xib": macXib(owner: "Pane", outlets: [("strip", "s1")], objects: strip)])
        let out = audit(["--platform", "mac", dir]).stdout
        XCTAssertTrue(out.contains("leak [") && out.contains("`strip` of Pane"), out)
        XCTAssertTrue(out.contains("`dealloc` releases `strip` only `if (ownsStrip)`"), out)
        XCTAssertTrue(out.contains("taken as released (R1)"), out)
    }

    // MARK: R7 isWindowLoaded

    /// `if ([self isWindowLoaded]) [label release];` in a window controller: the outlet is nil
    /// until the window loads, so the release is as good as unconditional.
    func testIsWindowLoadedIsANilCheckOfAnOutlet() throws {
        let dir = try project([
            "Panel.h": "@interface Panel : NSWindowController\n@property (nonatomic, retain) IBOutlet NSTextField *label;\n@end\n",
            "Panel.m": """
            @implementation Panel
            @synthesize label;
            - (id)init { return [super initWithWindowNibName:@"Panel"]; }
            - (void)dealloc {
                if ([self isWindowLoaded]) {
                    [label release];
                }
                [super dealloc];
            }
            @end
            """,
            "Panel.xib": windowXib(owner: "Panel", outlets: [("label", "t1")],
                                   content: "<textField id=\"t1\"><rect key=\"frame\" x=\"5\" y=\"5\" width=\"90\" height=\"20\"/></textField>")])
        let out = audit(["--platform", "mac", dir]).stdout
        XCTAssertTrue(out.contains("Panel.xib: owner Panel (window controller)"), out)
        XCTAssertFalse(out.contains("leak ["), out)
    }

    // MARK: R2 a readonly property with its own getter

    /// The reader backs a readonly property whose getter the class writes with the ivar of
    /// its name (no synthesis), so the nib's outlet is that ivar and `dealloc`'s release of
    /// it gives back the top-level +1.
    func testAReadonlyPropertyWithItsOwnGetterIsBackedByTheDeclaredIvar() throws {
        let files = [
            "Sorter.h": "@interface Sorter : NSObject {\n    IBOutlet NSView *configureView;\n}\n@property (readonly, nonatomic) NSView *configureView;\n@end\n",
            "Sorter.m": """
            @implementation Sorter
            - (NSView *)configureView {
                if (!configureView) [NSBundle loadNibNamed:@"SortConfiguration" owner:self];
                return configureView;
            }
            - (void)dealloc {
                [configureView release]; configureView = nil;
                [super dealloc];
            }
            @end
            """,
            "SortConfiguration.xib": macXib(owner: "Sorter", outlets: [("configureView", "s1")], objects: strip)]
        let dir = try project(files)
        let (p, _) = SourceReading.read(paths: ["Sorter.h", "Sorter.m"].map { dir + "/" + $0 })
        let member = try XCTUnwrap(p["Sorter"]?.member("configureView"))
        XCTAssertEqual(member.ivarName, "configureView")
        let out = audit(["--platform", "mac", dir]).stdout
        XCTAssertFalse(out.contains("leak ["), out)
        XCTAssertFalse(out.contains("_configureView"), out)
    }

    // MARK: R3 a second nib loaded by a method

    /// A window controller whose `windowDidLoad` loads a second nib (named by a method) that
    /// sets an outlet anew with its top-level view: `dealloc`'s release balances that load.
    func testASecondNibLoadSetsTheOutletItReleases() throws {
        let dir = try project([
            "Viewer.h": "@interface Viewer : NSWindowController {\n    IBOutlet NSView *view_DatePicker;\n}\n@end\n",
            "Viewer.m": """
            @implementation Viewer
            - (id)init { return [super initWithWindowNibName:@"Viewer"]; }
            - (void)windowDidLoad {
                [NSBundle loadNibNamed:[self dateItemNibName] owner:self];
            }
            - (NSString *)dateItemNibName
            {
                return @"DateFilter";
            }
            - (void)dealloc {
                [view_DatePicker release]; view_DatePicker = nil;
                [super dealloc];
            }
            @end
            """,
            "Viewer.xib": windowXib(owner: "Viewer", outlets: [("view_DatePicker", "d1")],
                                    content: "<customView id=\"d1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></customView>"),
            "DateFilter.xib": macXib(owner: "Viewer", outlets: [("view_DatePicker", "s1")], objects: strip)])
        let out = audit(["--platform", "mac", dir]).stdout
        XCTAssertTrue(out.contains("Viewer.xib: owner Viewer (window controller)"), out)
        XCTAssertFalse(out.contains("over-release ["), out)
        XCTAssertFalse(out.contains("`view_DatePicker` of Viewer"), out)
    }

    // MARK: R4 an object inside the nib's tree

    /// A tab view item retained in `windowDidLoad` and given back only in a sheet's end
    /// callback: it is no top-level object of File's Owner, but the leak of the outlet whose
    /// code retained it, low confidence, naming the method that gives it back.
    func testARetainedTabViewItemIsNoTopLevelObject() throws {
        let tabs = """
            <tabView id="tv"><rect key="frame" x="0" y="0" width="100" height="80"/>
                <tabViewItems>
                    <tabViewItem label="A" identifier="a" id="ti1"><view key="view" id="tiv1"><rect key="frame" x="0" y="0" width="90" height="60"/></view></tabViewItem>
                    <tabViewItem label="B" identifier="b" id="ti2"><view key="view" id="tiv2"><rect key="frame" x="0" y="0" width="90" height="60"/></view></tabViewItem>
                </tabViewItems>
            </tabView>
            """
        let dir = try project([
            "Sheet.h": "@interface Sheet : NSWindowController {\n    IBOutlet NSTabViewItem *advancedTab;\n}\n@end\n",
            "Sheet.m": """
            @implementation Sheet
            - (id)init { return [super initWithWindowNibName:@"Sheet"]; }
            - (void)windowDidLoad {
                [advancedTab retain];
            }
            - (void)sheetDidEnd:(NSWindow *)sheet returnCode:(NSInteger)code contextInfo:(void *)info {
                [advancedTab autorelease];
            }
            @end
            """,
            "Sheet.xib": windowXib(owner: "Sheet", outlets: [("advancedTab", "ti2")], content: tabs)])
        let out = audit(["--platform", "mac", dir]).stdout
        XCTAssertFalse(out.contains("top-level NSTabViewItem"), out)
        XCTAssertTrue(out.contains("leak [O9 R4] `advancedTab` of Sheet"), out)
        XCTAssertTrue(out.contains("`sheetDidEnd:returnCode:contextInfo:` gives it back"), out)
    }

    // MARK: R5 loaders read code, not strings

    /// A call or a declaration written inside a string literal is text: it makes no L7
    /// loader, and no L10 shared instance.
    func testLoadersIgnoreStringLiterals() throws {
        let text = NibLoaders.codeText("x = @\"loadNibFile: a\"; // loadNibFile:\nchar q = '\"'; y = @\"Strip\";")
        XCTAssertFalse(text.contains("loadNibFile"), text)
        XCTAssertTrue(text.contains("@\"Strip\""), text)
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1)
        // L7: a method whose string mentions the array loader and its parameter.
        let l7 = try project([
            "Owner.h": "@interface Owner : NSObject\n@end\n",
            "Owner.m": """
            @implementation Owner
            - (void)explain:(NSString *)nibName {
                NSLog(@"use loadNibFile:nibName with NSTopLevelObjects");
            }
            - (void)show {
                [self explain:@"Strip"];
                [NSBundle loadNibNamed:@"Strip" owner:self];
            }
            @end
            """,
            "Strip.xib": macXib(owner: "Owner", objects: strip)])
        let l7out = audit(["--platform", "mac", l7]).stdout
        XCTAssertFalse(l7out.contains("(L7)"), l7out)
        XCTAssertTrue(l7out.contains("leak [N3 O9] top-level NSView of Owner"), l7out)
        // L10: a declaration spliced into a string literal (a backslash-newline).
        let l10 = try project([
            "Prefs.h": "@interface Prefs : NSObject {\n    IBOutlet NSView *panel;\n}\n@end\n",
            "Prefs.m": "@implementation Prefs\nstatic NSString *usage = @\"declare it as \\\n+ (Prefs *)sharedPrefs;\";\n- (void)show {\n    [NSBundle loadNibNamed:@\"Prefs\" owner:self];\n}\n@end\n",
            "Prefs.xib": macXib(owner: "Prefs", outlets: [("panel", "s1")], objects: strip)])
        let l10out = audit(["--platform", "mac", l10]).stdout
        XCTAssertFalse(l10out.contains("(L10)"), l10out)
        XCTAssertTrue(l10out.contains("leak [N3 O9] `panel` of Prefs"), l10out)
    }

    // MARK: R6 the naming convention in L8

    /// A method that hands its caller the outlet's top-level object at +1: trusted when its
    /// name begins with `new`; named `createView`, the leak stays, low confidence, its fix
    /// the naming.
    func testAHandOverNeedsAnOwningName() throws {
        func files(_ sel: String) -> [String: String] {
            ["Inspector.h": "@interface Inspector : NSObject {\n    IBOutlet NSView *view;\n}\n@end\n",
             "Inspector.m": """
             @implementation Inspector
             - (NSView *)\(sel) {
                 [NSBundle loadNibNamed:@"Inspector" owner:self];
                 NSView *result = view;
                 view = nil;
                 return result;
             }
             @end
             """,
             "Inspector.xib": macXib(owner: "Inspector", outlets: [("view", "s1")], objects: strip)]
        }
        XCTAssertTrue(NibAuditor.returnsOwned("newView"))
        XCTAssertTrue(NibAuditor.returnsOwned("copyWithZone:"))
        XCTAssertFalse(NibAuditor.returnsOwned("newsletter"))
        XCTAssertFalse(NibAuditor.returnsOwned("createView"))
        let owned = audit(["--platform", "mac", try project(files("newView"))]).stdout
        XCTAssertTrue(owned.contains("its +1 goes to the caller, which owns it (L8)"), owned)
        XCTAssertFalse(owned.contains("leak ["), owned)
        let plain = audit(["--platform", "mac", try project(files("createView"))]).stdout
        XCTAssertTrue(plain.contains("leak [N3 O9 R6] `view` of Inspector"), plain)
        XCTAssertTrue(plain.contains("confidence: low:") && plain.contains("says +0 (R6)"), plain)
        XCTAssertTrue(plain.contains("name the method for what it hands over (`newView`"), plain)
        XCTAssertEqual(NibAuditor.owningName("createView"), "newView")
        XCTAssertEqual(NibAuditor.owningName("view"), "newView")
        // A rename is no edit to write blind: `--fix` offers none.
        let fixed = audit(["--fix", "--platform", "mac", try project(files("createView"))])
        XCTAssertTrue(fixed.stderr.contains("no safe fix found for 1: leak|Inspector|view"), fixed.stderr)
        XCTAssertFalse(fixed.stdout.contains("[view release]"), fixed.stdout)
    }
}
