import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// A nib another nib names: a view controller archived in a main window carries the nib
/// name of its view (`nibName="Feed"`, legacy `IBUINibName`); UIKit loads that nib for it.
final class AuditNibNamedByNibTests: ProjectFolderTestCase {
    static let main = """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="6254" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" customClass="UIApplication"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <viewController nibName="Feed" id="Fed-00-aaa" customClass="FeedController"/>
        </objects>
    </document>
    """
    static let feed = """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="6254" targetRuntime="iOS.CocoaTouch">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="OldFeedController">
                <connections>
                    <outlet property="view" destination="Vw0-00-aaa" id="c01-00-aaa"/>
                    <outlet property="list" destination="Tbl-00-aaa" id="c02-00-aaa"/>
                </connections>
            </placeholder>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <view contentMode="scaleToFill" id="Vw0-00-aaa">
                <rect key="frame" x="0.0" y="0.0" width="320" height="460"/>
                <subviews>
                    <tableView clipsSubviews="YES" contentMode="scaleToFill" style="plain" rowHeight="44" id="Tbl-00-aaa">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="460"/>
                    </tableView>
                </subviews>
            </view>
        </objects>
    </document>
    """

    func testANibAnotherNibNamesIsLoadedByItWithItsControllersClass() throws {
        let dir = try project([
            "MainWindow.xib": Self.main,
            "Feed.xib": Self.feed,
            "FeedController.h": "#import <UIKit/UIKit.h>\n@interface FeedController : UIViewController {\n    IBOutlet UITableView *list;\n}\n@end\n",
            "FeedController.m": "#import \"FeedController.h\"\n@implementation FeedController\n- (void)dealloc {\n    [list release];\n    [super dealloc];\n}\n@end\n",
        ], kind: "namedbynib")
        let loads = NibLoaders.namedByNibs(dir: dir, nibs: ["MainWindow.xib", "Feed.xib"])
        XCTAssertEqual(loads.map(\.name), ["Feed"])
        XCTAssertEqual(loads.first?.createdClass, "FeedController")
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout
        // File's Owner names a class renamed since: the archived controller's class owns it (L5), not stale.
        XCTAssertTrue(out.contains("  Feed.xib: owner FeedController (view controller)"), out)
        XCTAssertTrue(out.contains("MainWindow.xib:6 `nibName=\"Feed\"` of a FeedController archived there"), out)
        XCTAssertFalse(out.contains("stale"), out)
        // The outlet the controller never lets go of after a memory warning is judged.
        XCTAssertTrue(out.contains("`list` of FeedController"), out)
    }

    func testALegacyArchiveNamesTheNibToo() throws {
        let dir = try project(["Main.xib": "<archive><object class=\"IBUIViewController\" id=\"1\"><string key=\"IBUINibName\">Pane</string></object></archive>"],
                              kind: "namedbynib")
        let loads = NibLoaders.namedByNibs(dir: dir, nibs: ["Main.xib"])
        XCTAssertEqual(loads.map(\.name), ["Pane"])
        XCTAssertNil(loads.first?.createdClass)
        XCTAssertEqual(loads.first?.archived, true)
    }
}
