import Foundation
import XCTest
@testable import NibScript
@testable import NibScriptCommandLine
@testable import NibAudit
@testable import SourceImport

/// `[self helper]` followed from lifecycle methods (issue 24 item 2): each test writes a
/// small MRC iOS project of its own and audits it.
final class AuditHelperTests: ProjectFolderTestCase {

    func project(_ files: [String: String]) throws -> String { try project(files, kind: "helpers") }

    /// An iOS nib owned by `owner` with a root view and a label in outlet `nameLabel`.
    func xib(_ owner: String) -> String {
        iOSXib(owner: owner, outlets: [("view", "r"), ("nameLabel", "n")], objects: """
            <view contentMode="scaleToFill" id="r">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <subviews><label id="n"><rect key="frame" x="1" y="2" width="30" height="20"/></label></subviews>
            </view>
            """)
    }

    /// A controller `Screen` with ivars `_a`…`_e`, a retained `nameLabel` outlet, and `body`
    /// as its implementation's methods.
    func audit(_ body: String, extraHeader: String = "", superclass: String = "UIViewController") throws -> String {
        let dir = try project([
            "Screen.h": """
            \(extraHeader)
            @interface Screen : \(superclass) {
                UIView *_a; UIView *_b; UIView *_c; UIView *_d; UIView *_e;
            }
            @property (nonatomic, retain) IBOutlet UILabel *nameLabel;
            @end
            """,
            "Screen.m": "#import \"Screen.h\"\n@implementation Screen\n@synthesize nameLabel;\n\(body)\n@end\n",
            "Screen.xib": xib("Screen"),
        ])
        let r = Driver.main(["audit", dir, "--platform", "ios6.0", "--memory", "mrc"])
        return r.stdout
    }

    let releasingDealloc = "- (void)dealloc { [nameLabel release]; [super dealloc]; }"

    func testTheReaderRecordsCallsToSelfByTheirSelector() {
        let rec = StatementRecognizer(selector: "viewDidLoad", arguments: [])
        func kind(_ s: String) -> ImportedStatementKind? {
            rec.recognize(s.split(separator: " ").map(String.init))
        }
        XCTAssertEqual(kind("[ self setupViews ]"), .callSelf("setupViews"))
        XCTAssertEqual(kind("[ self showBadge : [ UIColor redColor ] animated : NO ]"), .callSelf("showBadge:animated:"))
        XCTAssertEqual(kind("[ self setNameLabel : nil ]"), .setNil("nameLabel", viaSetter: true))
        XCTAssertNil(kind("[ self setNameLabel : other ]"), "a setter call is not a helper")
        XCTAssertNil(kind("[ other setupViews ]"), "only calls to self")
    }

    /// The statements the battery's steps need (B1–B3): a view removed from its superview, a
    /// nib loaded with self as owner, a window closed, an object made and kept nowhere.
    func testTheReaderRecordsRemovalsNibLoadsClosesAndObjectsKeptNowhere() {
        let rec = StatementRecognizer(selector: "sessionDidConnect:", arguments: ["session"])
        func kind(_ s: String) -> ImportedStatementKind? {
            rec.recognize(s.split(separator: " ").map(String.init))
        }
        XCTAssertEqual(kind("[ _connecting_view removeFromSuperview ]"), .removeFromSuperview("_connecting_view"))
        XCTAssertEqual(kind("[ self . badge removeFromSuperview ]"), .removeFromSuperview("badge"))
        XCTAssertEqual(kind("[ NSBundle loadNibNamed : @\"AxisDemo\" owner : self ]"), .loadNib("AxisDemo"))
        XCTAssertEqual(kind("[ [ NSBundle mainBundle ] loadNibNamed : @\"Spinner\" owner : self options : nil ]"), .loadNib("Spinner"))
        XCTAssertNil(kind("[ NSBundle loadNibNamed : @\"Other\" owner : other ]"), "only with self as owner")
        XCTAssertEqual(kind("[ welcomeWindow close ]"), .closeWindow("welcomeWindow"))
        XCTAssertEqual(kind("[ window performClose : self ]"), .closeWindow("window"))
        XCTAssertEqual(kind("[ [ [ TimerWindowController alloc ] initWithWindowNibName : @\"Timer\" ] showWindow : self ]"), .makeUnkept("TimerWindowController"))
        XCTAssertNil(kind("[ [ [ Thing alloc ] init ] autorelease ]"), "an autoreleased object is not kept nowhere")
    }

    func testAnObjectMadeInAHelperOfViewDidLoadAndNeverReleasedLeaks() throws {
        let out = try audit("""
            - (void)viewDidLoad { [super viewDidLoad]; [self setupViews]; }
            - (void)setupViews { _a = [[UIView alloc] init]; }
            \(releasingDealloc)
            """)
        XCTAssertTrue(out.contains("leak [V12 O9] `_a` of Screen"), out)
        XCTAssertTrue(out.contains("in `setupViews`"), out)
        XCTAssertTrue(out.contains("\n1 finding (1 leak)"), out)
    }

    func testAReleaseInAHelperOfDeallocCounts() throws {
        let leaky = try audit("- (void)dealloc { [super dealloc]; }")
        XCTAssertTrue(leaky.contains("`nameLabel` of Screen"), "the check can fail: \(leaky)")
        let out = try audit("""
            - (void)cleanUp { [nameLabel release]; }
            - (void)dealloc { [self cleanUp]; [super dealloc]; }
            """)
        XCTAssertTrue(out.contains("\n0 findings"), out)
    }

    func testCallsAreFollowedFourDeepAndRecursionEnds() throws {
        // viewDidLoad → h1 → h2 → h3 → h4 → h5: `_d` is made in the fourth helper, `_e` in the fifth.
        let out = try audit("""
            - (void)viewDidLoad { [super viewDidLoad]; [self h1]; }
            - (void)h1 { [self h2]; [self h1]; }
            - (void)h2 { [self h3]; }
            - (void)h3 { [self h4]; }
            - (void)h4 { _d = [[UIView alloc] init]; [self h5]; }
            - (void)h5 { _e = [[UIView alloc] init]; }
            \(releasingDealloc)
            """)
        XCTAssertTrue(out.contains("`_d` of Screen"), out)
        XCTAssertFalse(out.contains("`_e` of Screen"), "past the depth: \(out)")
        XCTAssertEqual(ImportLowering.helperDepth, 4)
    }

    func testAHelperOnABranchIsNotTakenAndASuperclassHelperIsFollowed() throws {
        let out = try audit("""
            - (void)viewDidLoad { [super viewDidLoad]; if (flag) [self makeB]; [self makeC]; }
            - (void)makeB { _b = [[UIView alloc] init]; }
            \(releasingDealloc)
            @end
            @implementation Base
            - (void)makeC { _c = [[UIView alloc] init]; }
            """, extraHeader: "@interface Base : UIViewController\n@end", superclass: "Base")
        XCTAssertFalse(out.contains("`_b` of Screen"), "made only when the branch is taken: \(out)")
        XCTAssertTrue(out.contains("`_c` of Screen"), out)
    }
}
