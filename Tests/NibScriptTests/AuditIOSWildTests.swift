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
}
