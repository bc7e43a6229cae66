import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// Idioms of real iOS MRC-era applications the audit misread (found on OneBusAway, Ushahidi
/// and Last.fm for iPhone; the fixtures are written here, none of their code).
final class AuditIOSWildTests: ProjectFolderTestCase {
    /// A main window whose application delegate connects an outlet of class `delegate`.
    static func mainWindow(delegate: String, outlet: String) -> String {
        iOSXib(owner: "UIApplication", outlets: [("delegate", "d")], objects: """
            <customObject id="d" customClass="\(delegate)">
                <connections><outlet property="\(outlet)" destination="t" id="c9"/></connections>
            </customObject>
            <tabBarController id="t"/>
            """)
    }

    /// Two applications in one folder, each with its `MainWindow.xib`; only the sample's
    /// Info.plist names one. The application's own copy is no main nib: its delegate lacks
    /// the outlet, which no run can set.
    func testAMainNibIsTheMainNibOfTheTargetWhoseInfoPlistNamesIt() throws {
        let dir = try project([
            "Sample/Sample.xcodeproj/project.pbxproj": ProjectFiles.pbxproj(platform: "ios", deployment: "4.0", arc: nil, infoPlist: "Info.plist",
                                                                            sources: [("SampleDelegate.m", "")], resources: ["MainWindow.xib"], target: "Sample"),
            "Sample/Info.plist": ProjectFiles.plist(["NSMainNibFile": "MainWindow"]),
            "Sample/MainWindow.xib": Self.mainWindow(delegate: "SampleDelegate", outlet: "tabs"),
            "Sample/SampleDelegate.h": "#import <UIKit/UIKit.h>\n@interface SampleDelegate : NSObject <UIApplicationDelegate>\n@property (nonatomic, retain) IBOutlet UITabBarController *tabs;\n@end\n",
            "Sample/SampleDelegate.m": "#import \"SampleDelegate.h\"\n@implementation SampleDelegate\n@synthesize tabs;\n- (void)dealloc {\n    [tabs release];\n    [super dealloc];\n}\n@end\n",
            "App.xcodeproj/project.pbxproj": ProjectFiles.pbxproj(platform: "ios", deployment: "4.0", arc: nil, infoPlist: "Info.plist",
                                                                  sources: [("AppDelegate.m", "")], resources: ["MainWindow.xib"], target: "App"),
            "Info.plist": ProjectFiles.plist(["CFBundleName": "App"]),
            "MainWindow.xib": Self.mainWindow(delegate: "AppDelegate", outlet: "tabs"),
            "AppDelegate.h": "#import <UIKit/UIKit.h>\n@interface AppDelegate : NSObject <UIApplicationDelegate>\n@end\n",
            "AppDelegate.m": "#import \"AppDelegate.h\"\n@implementation AppDelegate\n@end\n",
        ], kind: "maintarget")
        let out = Driver.main(["audit", dir]).stdout
        XCTAssertTrue(out.contains("  Sample/MainWindow.xib: owner UIApplication (main nib)"), out)
        XCTAssertTrue(out.contains("  MainWindow.xib: unused: File's Owner is UIApplication, no source names it, and the Info.plist that names a main nib \"MainWindow\" (Sample/Info.plist (NSMainNibFile)) is of a target that does not build this file (L4)"), out)
        XCTAssertFalse(out.contains("crash"), out)
    }

    /// A legacy main window's view controller of a custom class names the nib of its view;
    /// that nib's File's Owner names the class the controller had before a rename.
    static let legacyMain = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10">
            <data>
                <int key="IBDocument.SystemTarget">1024</int>
                <object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
                    <bool key="EncodedWithXMLCoder">YES</bool>
                    <object class="IBProxyObject" id="11"><string key="IBProxiedObjectIdentifier">IBFilesOwner</string></object>
                    <object class="IBProxyObject" id="12"><string key="IBProxiedObjectIdentifier">IBFirstResponder</string></object>
                    <object class="IBUIViewController" id="13">
                        <string key="IBUITitle">Places</string>
                        <string key="IBUINibName">PlacesView</string>
                    </object>
                </object>
                <object class="IBObjectContainer" key="IBDocument.Objects">
                    <object class="NSMutableArray" key="connectionRecords"><bool key="EncodedWithXMLCoder">YES</bool></object>
                    <object class="IBMutableOrderedSet" key="objectRecords">
                        <object class="NSArray" key="orderedObjects">
                            <bool key="EncodedWithXMLCoder">YES</bool>
                            <object class="IBObjectRecord"><int key="objectID">0</int><object class="NSArray" key="object" id="0"><bool key="EncodedWithXMLCoder">YES</bool></object><reference key="children" ref="1000"/><nil key="parent"/></object>
                            <object class="IBObjectRecord"><int key="objectID">-1</int><reference key="object" ref="11"/><reference key="parent" ref="0"/></object>
                            <object class="IBObjectRecord"><int key="objectID">-2</int><reference key="object" ref="12"/><reference key="parent" ref="0"/></object>
                            <object class="IBObjectRecord"><int key="objectID">7</int><reference key="object" ref="13"/><reference key="parent" ref="0"/></object>
                        </object>
                    </object>
                    <object class="NSMutableDictionary" key="flattenedProperties">
                        <bool key="EncodedWithXMLCoder">YES</bool>
                        <object class="NSArray" key="dict.sortedKeys">
                            <bool key="EncodedWithXMLCoder">YES</bool>
                            <string>-1.CustomClassName</string>
                            <string>-2.CustomClassName</string>
                            <string>7.CustomClassName</string>
                        </object>
                        <object class="NSMutableArray" key="dict.values">
                            <bool key="EncodedWithXMLCoder">YES</bool>
                            <string>UIApplication</string>
                            <string>UIResponder</string>
                            <string>PlaceListController</string>
                        </object>
                    </object>
                </object>
            </data>
        </archive>
        """

    func testALegacyArchivedControllersCustomClassOwnsTheNibItNames() throws {
        let dir = try project([
            "MainWindow.xib": Self.legacyMain,
            "PlacesView.xib": iOSXib(owner: "PlacesViewController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel),
            "PlaceListController.h": "#import <UIKit/UIKit.h>\n@interface PlaceListController : UIViewController {\n    IBOutlet UILabel *caption;\n}\n@end\n",
            "PlaceListController.m": "#import \"PlaceListController.h\"\n@implementation PlaceListController\n- (void)dealloc {\n    [caption release];\n    [super dealloc];\n}\n@end\n",
        ], kind: "legacyowner")
        let loads = NibLoaders.namedByNibs(dir: dir, nibs: ["MainWindow.xib"])
        XCTAssertEqual(loads.map(\.name), ["PlacesView"])
        XCTAssertEqual(loads.first?.createdClass, "PlaceListController")
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(out.contains("  PlacesView.xib: owner PlaceListController (view controller)"), out)
        XCTAssertTrue(out.contains("`IBUINibName \"PlacesView\"` of a PlaceListController archived there"), out)
        XCTAssertFalse(out.contains("owner not known"), out)
    }

    /// `[super dealloc]` written first, the outlets released after it: the releases happen
    /// (reading a freed object's ivars); no leak that "nothing releases".
    func testReleasesWrittenAfterSuperDeallocStillRelease() throws {
        func files(_ dealloc: String) -> [String: String] {
            [
                "Pane.xib": iOSXib(owner: "PaneController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel),
                "PaneController.h": "#import <UIKit/UIKit.h>\n@interface PaneController : UIViewController {\n    IBOutlet UILabel *caption;\n}\n@end\n",
                "PaneController.m": "#import \"PaneController.h\"\n@implementation PaneController\n- (void)viewDidUnload {\n    [super viewDidUnload];\n    [caption release];\n    caption = nil;\n}\n- (void)dealloc {\n\(dealloc)}\n@end\n",
                "Shower.m": "#import \"PaneController.h\"\n@implementation Shower\n- (void)show {\n    PaneController *p = [[PaneController alloc] initWithNibName:@\"Pane\" bundle:nil];\n    [p release];\n}\n@end\n",
            ]
        }
        let late = try project(files("    [super dealloc];\n    [caption release];\n"), kind: "afterSuper")
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", late]).stdout
        XCTAssertFalse(out.contains("leak"), out)
        XCTAssertTrue(out.contains("0 findings"), out)
        // Not released at all: still the leak.
        let none = try project(files("    [super dealloc];\n"), kind: "noRelease")
        XCTAssertTrue(Driver.main(["audit", "--platform", "ios", "--memory", "mrc", none]).stdout.contains("leak [N7 O9] `caption` of PaneController"))
    }

    /// A view made in code through a local takes the place of the nib's (`[old release];
    /// old = v;`), or goes through a setter (`self.x = v; [v release];`): the stores are read.
    func testAStoreOfALocalHoldingANewObjectIsRead() throws {
        func files(_ header: String, _ body: String) -> [String: String] {
            [
                "Pane.xib": iOSXib(owner: "PaneController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel),
                "PaneController.h": "#import <UIKit/UIKit.h>\n@interface PaneController : UIViewController {\n    IBOutlet UIView *caption;\n}\n\(header)@end\n",
                "PaneController.m": "#import \"PaneController.h\"\n@implementation PaneController\n\(body)- (void)dealloc {\n    [caption release];\n    [super dealloc];\n}\n@end\n",
                "Shower.m": "#import \"PaneController.h\"\n@implementation Shower\n- (void)show {\n    PaneController *p = [[PaneController alloc] initWithNibName:@\"Pane\" bundle:nil];\n    [p release];\n}\n@end\n",
            ]
        }
        let swap = try project(files("", """
            - (void)viewDidLoad {
                [super viewDidLoad];
                UIView *v = [[UIView alloc] initWithFrame:caption.frame];
                [self.view insertSubview:v aboveSubview:caption];
                [caption removeFromSuperview];
                [caption release];
                caption = v;
            }
            - (void)viewDidUnload {
                [super viewDidUnload];
                [caption release];
                caption = nil;
            }

            """), kind: "swap")
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", swap]).stdout
        XCTAssertFalse(out.contains("dangling"), out)
        XCTAssertFalse(out.contains("over-release"), out)
        XCTAssertTrue(out.contains("0 findings"), out)
        let setter = try project(files("@property (nonatomic, retain) UIView *badge;\n", """
            @synthesize badge;
            - (void)viewDidLoad {
                [super viewDidLoad];
                UIView *b = [[UIView alloc] initWithFrame:CGRectZero];
                self.badge = b;
                [b release];
            }

            """), kind: "setter")
        // The setter retained it and dealloc never lets it go.
        XCTAssertTrue(Driver.main(["audit", "--platform", "ios", "--memory", "mrc", setter]).stdout.contains("leak [V12 O9] `badge` of PaneController"))
    }

    /// `+ (CellView *)cellFromNib` loads with `owner:self`: the class object, no instance.
    func testOwnerSelfInAClassMethodIsTheClassObject() throws {
        func files(ownerOutlet: Bool) -> [String: String] {
            let owner = ownerOutlet
                ? "<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" customClass=\"CellView\"><connections><outlet property=\"title\" destination=\"l\" id=\"c2\"/></connections></placeholder>"
                : "<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\"/>"
            let xib = """
                <?xml version="1.0" encoding="UTF-8" standalone="no"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="4514" systemVersion="13A603" targetRuntime="iOS.CocoaTouch">
                    <objects>
                        \(owner)
                        <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                        <view contentMode="scaleToFill" id="v" customClass="CellView">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                            <subviews><label id="l"><rect key="frame" x="20" y="10" width="200" height="21"/></label></subviews>
                            <connections><outlet property="title" destination="l" id="c1"/></connections>
                        </view>
                    </objects>
                </document>
                """
            return [
                "Cell.xib": xib,
                "CellView.h": "#import <UIKit/UIKit.h>\n@interface CellView : UIView {\n    IBOutlet UILabel *title;\n}\n+ (CellView *)cellFromNib;\n@end\n",
                "CellView.m": "#import \"CellView.h\"\n@implementation CellView\n+ (CellView *)cellFromNib {\n    NSArray *objects = [[NSBundle mainBundle] loadNibNamed:@\"Cell\" owner:self options:nil];\n    return [objects objectAtIndex:0];\n}\n- (void)dealloc {\n    [title release];\n    [super dealloc];\n}\n@end\n",
            ]
        }
        let plain = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", try project(files(ownerOutlet: false), kind: "classPlain")]).stdout
        XCTAssertTrue(plain.contains("  Cell.xib: owner NSObject (plain owner)"), plain)
        XCTAssertTrue(plain.contains("loads it in a class method of CellView with owner:self, the class object"), plain)
        XCTAssertTrue(plain.contains("0 findings"), plain)
        // An outlet of File's Owner is set on the class object: an undefined key.
        let outlet = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", try project(files(ownerOutlet: true), kind: "classOutlet")]).stdout
        XCTAssertTrue(outlet.contains("not key value coding-compliant for the key title"), outlet)
    }

    /// `self.x = [[X alloc] init…]` into a retain property, set to nil in `viewDidUnload` and
    /// released in `dealloc`: it leaks at every store, and the finding says why.
    func testANewObjectThroughARetainSetterLeaksAtEveryStore() throws {
        let dir = try project([
            "Pane.xib": iOSXib(owner: "PaneController", outlets: [("view", "v")], objects: iOSViewWithLabel),
            "PaneController.h": "#import <UIKit/UIKit.h>\n@interface PaneController : UIViewController\n@property (nonatomic, retain) UIView *badge;\n@end\n",
            "PaneController.m": """
                #import "PaneController.h"
                @implementation PaneController
                @synthesize badge;
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    self.badge = [[UIView alloc] initWithFrame:CGRectZero];
                }
                - (void)viewDidUnload {
                    [super viewDidUnload];
                    self.badge = nil;
                }
                - (void)dealloc {
                    [badge release];
                    [super dealloc];
                }
                @end

                """,
            "Shower.m": "#import \"PaneController.h\"\n@implementation Shower\n- (void)show {\n    PaneController *p = [[PaneController alloc] initWithNibName:@\"Pane\" bundle:nil];\n    [p release];\n}\n@end\n",
        ], kind: "plusTwo")
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(out.contains("hands a new UIView, already owned through `alloc`, to the retain setter of `badge`, which retains it again"), out)
        XCTAssertTrue(out.contains("fix: give up the `alloc` reference: `autorelease` the new object"), out)
        XCTAssertFalse(out.contains("release `badge` in `viewDidUnload`"), out)
    }

    /// A member a superclass declares, made twice by a subclass's `viewDidLoad` and released
    /// by the subclass's `dealloc`: the finding names the subclass's statements.
    func testAMemberASubclassMakesTwiceIsWordedFromTheSubclass() throws {
        let dir = try project([
            "Comments.xib": iOSXib(owner: "CommentsController", outlets: [("view", "v")], objects: iOSViewWithLabel),
            "ListController.h": "#import <UIKit/UIKit.h>\n@interface ListController : UIViewController {\n    NSMutableArray *selection;\n}\n@property (nonatomic, retain) NSMutableArray *selection;\n@end\n",
            "ListController.m": "#import \"ListController.h\"\n@implementation ListController\n@synthesize selection;\n@end\n",
            "CommentsController.h": "#import \"ListController.h\"\n@interface CommentsController : ListController\n@end\n",
            "CommentsController.m": """
                #import "CommentsController.h"
                @implementation CommentsController
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    selection = [[NSMutableArray alloc] init];
                    self.title = @"Comments";
                    selection = [[NSMutableArray alloc] init];
                }
                - (void)dealloc {
                    [selection release];
                    [super dealloc];
                }
                @end

                """,
            "Shower.m": "#import \"CommentsController.h\"\n@implementation Shower\n- (void)show {\n    CommentsController *c = [[CommentsController alloc] initWithNibName:@\"Comments\" bundle:nil];\n    [c release];\n}\n@end\n",
        ], kind: "subclassMaker")
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout
        XCTAssertTrue(out.contains("`selection = [[NSMutableArray alloc] init];` in `viewDidLoad` (CommentsController.m:5) stores a new NSMutableArray into `selection` (a retain property), and `viewDidLoad` stores another at CommentsController.m:7"), out)
        XCTAssertFalse(out.contains("its setter retained it"), out)
    }
}
