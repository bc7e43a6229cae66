import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit
import SourceImport

/// Cocoa patterns of whole Mac MRC projects the audit misread (Sequel Pro, Fraise), each on a
/// small project of our own: a C function that releases through a pointer behind a macro, a
/// nib's top-level objects kept in a member array that `dealloc` releases one by one, and a
/// target built with garbage collection only.
final class AuditMacPatternsTests: ProjectFolderTestCase {
    func windowXib(owner: String) -> String { macWindowXib(owner: owner) }

    func headings(_ report: String) -> [String] {
        report.components(separatedBy: "\n").filter { $0.contains(": leak [") || $0.contains(": dangling") || $0.contains(": over-release") || $0.contains(": zombie") }
    }

    /// `#define XYClear(x) _XYClear(&x)` over `void _XYClear(id *addr) { [*addr release], *addr = nil; }`
    /// (defined in another file): `XYClear(items);` in `dealloc` releases `items` and sets it to
    /// nil. A function that does something else with its argument (`XYLog`) releases nothing.
    func testAReleasingFunctionBehindAMacroReleasesTheMember() throws {
        let dir = try project([
            "Clearing.h": "void _XYClear(id *addr);\n#define XYClear(x) _XYClear(&x)\nvoid XYLog(id obj);\n",
            "Clearing.m": "#import \"Clearing.h\"\nvoid inline _XYClear(id *addr) {\n\tif (*addr) [*addr release], *addr = nil;\n}\nvoid XYLog(id obj) { NSLog(@\"%@\", obj); }\n",
            "Inspector.h": "#import \"Clearing.h\"\n@interface Inspector : NSWindowController {\n\tNSMutableArray *items;\n\tNSMutableArray *notes;\n}\n@end\n",
            "Inspector.m": """
                #import "Inspector.h"
                @implementation Inspector
                - (id)init { return [super initWithWindowNibName:@"Inspector"]; }
                - (void)windowDidLoad {
                    items = [[NSMutableArray alloc] init];
                    notes = [[NSMutableArray alloc] init];
                }
                - (void)dealloc {
                    XYClear(items);
                    XYLog(notes);
                    [super dealloc];
                }
                @end
                """,
            "Inspector.xib": windowXib(owner: "Inspector"),
        ], kind: "clearfn")
        let (project, _) = SourceReading.read(paths: ["Clearing.h", "Clearing.m", "Inspector.h", "Inspector.m"].map { dir + "/" + $0 })
        let dealloc = try XCTUnwrap(project["Inspector"]?.method("dealloc"))
        XCTAssertEqual(dealloc.statements.map(\.kind).prefix(2), [.release("items"), .setNil("items", viaSetter: false)])
        XCTAssertEqual(dealloc.statements.first?.macro, "XYClear", "the statement is shown as written")
        XCTAssertFalse(dealloc.unread.contains { $0.names.contains("items") })
        XCTAssertTrue(dealloc.unread.contains { $0.names.contains("notes") }, "XYLog releases nothing")

        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        XCTAssertFalse(headings(report).contains { $0.contains("`items` of Inspector") }, report)
        XCTAssertTrue(headings(report).contains { $0.contains("leak [V12 O9] `notes` of Inspector") }, report)
    }

    /// The top-level objects of `instantiateNibWithOwner:topLevelObjects:` (+1 each) added to
    /// a member array whose elements `dealloc` releases in a loop: the code gives them back,
    /// no top-level leak. An array kept the same way that nothing releases still leaks.
    func testTopLevelObjectsKeptInAMemberAndReleasedInDeallocAreBalanced() throws {
        func owner(_ name: String, releases: Bool) -> String {
            """
            @interface \(name) : NSObject { NSMutableArray *nibObjects; IBOutlet NSWindow *window; }
            @end
            @implementation \(name)
            - (id)init {
                if ((self = [super init])) {
                    nibObjects = [[NSMutableArray alloc] init];
                    NSArray *topLevelObjects = nil;
                    NSNib *nib = [[NSNib alloc] initWithNibNamed:@"\(name)" bundle:nil];
                    [nib instantiateNibWithOwner:self topLevelObjects:&topLevelObjects];
                    [nib release];
                    [nibObjects addObjectsFromArray:topLevelObjects];
                }
                return self;
            }
            - (void)dealloc {
                \(releases ? "for (id o in nibObjects) [o release];" : "")
                [nibObjects release];
                [super dealloc];
            }
            @end
            """
        }
        let dir = try project([
            "Kept.m": owner("Kept", releases: true), "Kept.xib": windowXib(owner: "Kept"),
            "Lost.m": owner("Lost", releases: false), "Lost.xib": windowXib(owner: "Lost"),
        ], kind: "keptnib")
        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        XCTAssertFalse(headings(report).contains { $0.contains("of Kept") }, report)
        XCTAssertTrue(headings(report).contains { $0.contains("`window` of Lost") }, report)
    }

    /// `if (loaded) return; loaded = YES;` guards `awakeFromNib`, which AppKit sends File's
    /// Owner at every nib it owns: what follows runs the first time, so the retain of an
    /// outlet there balances its release in `dealloc` — no over-release. A guard that is a
    /// plain condition (no flag set after it) still leaves its statements out.
    func testAnAwakeFromNibGuardedByAFlagRunsItsBodyOnce() throws {
        func panel(_ name: String, setsFlag: Bool) -> String {
            """
            @interface \(name) : NSWindowController { IBOutlet NSButton *button; BOOL loaded; }
            @end
            @implementation \(name)
            - (id)init { if ((self = [super initWithWindowNibName:@"\(name)"])) { loaded = NO; } return self; }
            - (void)awakeFromNib {
                if (loaded) return;
                \(setsFlag ? "loaded = YES;" : "")
                [button retain];
            }
            - (void)dealloc {
                [button release];
                [super dealloc];
            }
            @end
            """
        }
        func xib(_ owner: String) -> String {
            windowXib(owner: owner)
                .replacingOccurrences(of: "<outlet property=\"window\" destination=\"w\" id=\"o1\"/>",
                                      with: "<outlet property=\"window\" destination=\"w\" id=\"o1\"/><outlet property=\"button\" destination=\"b\" id=\"o2\"/>")
                .replacingOccurrences(of: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"300\" height=\"100\"/></view>",
                                      with: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"300\" height=\"100\"/><subviews><button id=\"b\"><rect key=\"frame\" x=\"5\" y=\"5\" width=\"80\" height=\"20\"/></button></subviews></view>")
        }
        let dir = try project([
            "Once.m": panel("Once", setsFlag: true), "Once.xib": xib("Once"),
            "Maybe.m": panel("Maybe", setsFlag: false), "Maybe.xib": xib("Maybe"),
            // A re-entrancy guard sets its flag back: not a once-guard.
            "Busy.m": panel("Busy", setsFlag: true)
                .replacingOccurrences(of: "[button retain];", with: "[button retain];\n    loaded = 0;"),
            "Busy.xib": xib("Busy"),
        ], kind: "onceguard")
        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        XCTAssertFalse(headings(report).contains { $0.contains("of Once") }, report)
        XCTAssertTrue(headings(report).contains { $0.contains("over-release [N6 O4] `button` of Maybe") }, report)
        XCTAssertTrue(headings(report).contains { $0.contains("over-release [N6 O4] `button` of Busy") }, report)
    }

    /// A class method makes the owner, loads the nib with it (`owner:owner`) and returns the
    /// view its outlet holds autoreleased (`[owner->view autorelease]`): the top-level +1 is
    /// given back (L8 with a local owner). The same factory returning the view as it is leaks it.
    func testAFactoryThatLoadsWithALocalOwnerAndAutoreleasesTheViewGivesItBack() throws {
        func factory(_ name: String, autoreleases: Bool) -> String {
            """
            @interface \(name) : NSObject { @public IBOutlet NSView *accessoryView; }
            + (NSView *)accessory;
            @end
            @implementation \(name)
            + (NSView *)accessory {
                \(name) *owner = [[[\(name) alloc] init] autorelease];
                if (![NSBundle loadNibNamed:@"\(name)" owner:owner]) return nil;
                return \(autoreleases ? "[owner->accessoryView autorelease]" : "owner->accessoryView");
            }
            @end
            """
        }
        func xib(_ owner: String) -> String {
            macXib(owner: owner, outlets: [("accessoryView", "v")],
                   objects: #"<customView id="v"><rect key="frame" x="0.0" y="0.0" width="300" height="40"/></customView>"#)
        }
        let dir = try project([
            "Given.m": factory("Given", autoreleases: true), "Given.xib": xib("Given"),
            "Kept.m": factory("Kept", autoreleases: false), "Kept.xib": xib("Kept"),
        ], kind: "localowner")
        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        XCTAssertFalse(headings(report).contains { $0.contains("of Given") }, report)
        XCTAssertTrue(report.contains("releases `accessoryView`'s top-level object itself (L8)"), report)
        XCTAssertTrue(headings(report).contains { $0.contains("`accessoryView` of Kept") }, report)
    }

    /// With the project file read, a nib no target copies whose classes no target compiles
    /// (a demo or a palette kept beside the framework the project builds) is listed as not
    /// built; the same nib in the target's resources is audited.
    func testANibNoTargetBuildsIsListed() throws {
        func folder(_ resources: [String]) throws -> String {
            try project([
                "Kit.xcodeproj/project.pbxproj": ProjectFiles.pbxproj(platform: "mac", deployment: "10.6", arc: nil, infoPlist: nil,
                                                                      sources: [("Kit.m", "")], resources: resources, target: "Kit"),
                "Kit.m": "@interface Kit : NSObject\n@end\n@implementation Kit\n@end\n",
                "Demo/DemoPanel.m": """
                    @interface DemoPanel : NSWindowController { NSMutableArray *items; }
                    @end
                    @implementation DemoPanel
                    - (id)init { return [super initWithWindowNibName:@"DemoPanel"]; }
                    - (void)windowDidLoad { items = [[NSMutableArray alloc] init]; }
                    @end
                    """,
                "Demo/DemoPanel.xib": windowXib(owner: "DemoPanel"),
            ], kind: "notbuilt\(resources.count)")
        }
        let report = Driver.main(["audit", try folder(["Kit.xib"])]).stdout
        XCTAssertTrue(report.contains("not built: no target of the project files read copies it as a resource or compiles its classes (DemoPanel.m)"), report)
        XCTAssertTrue(headings(report).isEmpty, report)
        let built = Driver.main(["audit", try folder(["Kit.xib", "Demo/DemoPanel.xib"])]).stdout
        XCTAssertTrue(headings(built).contains { $0.contains("`items` of DemoPanel") }, built)
    }

    /// An object a view of the nib makes in its member `cache` and never releases is that
    /// view's leak, not File's Owner's, whose class declares a `cache` of its own it never sets.
    func testAnObjectMadeByOneClassIsNotReportedAsAnotherClasssMemberOfTheSameName() throws {
        let dir = try project([
            "Owner.m": """
                @interface Owner : NSWindowController { NSMutableArray *cache; }
                @end
                @implementation Owner
                - (id)init { return [super initWithWindowNibName:@"Owner"]; }
                - (void)dealloc { [super dealloc]; }
                @end
                @interface CacheView : NSView { NSMutableArray *cache; }
                @end
                @implementation CacheView
                - (void)awakeFromNib { cache = [[NSMutableArray alloc] init]; }
                @end
                """,
            "Owner.xib": windowXib(owner: "Owner").replacingOccurrences(of: "<view key=\"contentView\" id=\"v\">",
                                                                        with: "<view key=\"contentView\" id=\"v\" customClass=\"CacheView\">"),
        ], kind: "samename")
        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(headings(report).contains { $0.contains("`cache` of CacheView") }, report)
        XCTAssertFalse(headings(report).contains { $0.contains("`cache` of Owner") }, report)
    }

    /// A nib inside a framework the repository keeps built (Sparkle.framework) is loaded by
    /// the framework's compiled classes: listed as prebuilt, naming the framework, not as stale.
    func testANibOfAPrebuiltFrameworkIsListedAsPrebuilt() throws {
        let dir = try project([
            "Frameworks/Updater.framework/Versions/A/Resources/UPAlert.xib": windowXib(owner: "UPAlert"),
            "Old/Gone.xib": windowXib(owner: "GoneController"),
            "App.m": "@interface App : NSObject\n@end\n@implementation App\n@end\n",
        ], kind: "prebuilt")
        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(report.contains("UPAlert.xib: prebuilt: a nib of Updater.framework, a framework the folder holds built: its File's Owner class UPAlert is compiled into the framework's binary, in no source here (L5)"), report)
        XCTAssertTrue(report.contains("Gone.xib: stale: its File's Owner class GoneController"), report)
        XCTAssertTrue(report.contains("2 listed with a reason (1 prebuilt, 1 stale)"), report)
    }

    /// A target built with `GCC_ENABLE_OBJC_GC = required` runs under the collector: its nibs
    /// are listed with the reason, not audited as MRC code (which has no release at all). With
    /// `supported` (dual-mode code, also right under MRC) the nib is audited as before.
    func testANibOfGarbageCollectedCodeIsListedNotAudited() throws {
        func folder(_ gc: String) throws -> String {
            var pbx = ProjectFiles.pbxproj(platform: "mac", deployment: "10.6", arc: nil, infoPlist: nil,
                                           sources: [("Panel.m", "")], resources: ["Panel.xib"], target: "Editor")
            pbx = pbx.replacingOccurrences(of: "PRODUCT_NAME = Editor;", with: "PRODUCT_NAME = Editor; GCC_ENABLE_OBJC_GC = \(gc);")
            return try project([
                "Editor.xcodeproj/project.pbxproj": pbx,
                "Panel.m": """
                    @interface Panel : NSWindowController { NSMutableArray *images; }
                    @end
                    @implementation Panel
                    - (id)init { return [super initWithWindowNibName:@"Panel"]; }
                    - (void)windowDidLoad { images = [[NSMutableArray alloc] init]; }
                    @end
                    """,
                "Panel.xib": windowXib(owner: "Panel"),
            ], kind: "gc" + gc)
        }
        let required = try folder("required")
        let r = Driver.main(["audit", required])
        XCTAssertTrue(r.stdout.contains("skipped: built with garbage collection only (Panel.m: target Editor: GCC_ENABLE_OBJC_GC required"), r.stdout)
        XCTAssertTrue(headings(r.stdout).isEmpty, r.stdout)
        XCTAssertTrue(r.stdout.contains("GCC_ENABLE_OBJC_GC required"), "the settings line says it")
        // --memory asks for a model: audited.
        XCTAssertTrue(headings(Driver.main(["audit", "--memory", "mrc", required]).stdout).contains { $0.contains("`images` of Panel") })
        let supported = try folder("supported")
        XCTAssertTrue(headings(Driver.main(["audit", supported]).stdout).contains { $0.contains("`images` of Panel") })
    }
}
