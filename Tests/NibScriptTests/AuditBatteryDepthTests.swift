import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine

/// Issue 24, the battery's depth: who the owner of a nib really is when the nib names a class
/// no source defines (L5), actions sent twice (B1's second click), UIKit's default nib
/// lookup, the main storyboard's initial controller, where a dangling outlet is freed, and
/// the findings that say why no fix is offered. Each test writes a small project of its own.
final class AuditBatteryDepthTests: ProjectFolderTestCase {
    func project(_ files: [String: String]) throws -> String { try project(files, kind: "depth") }
    func audit(_ args: [String]) -> Driver.Result { Driver.main(["audit"] + args) }

    /// A Mac XIB whose File's Owner is `owner`, connecting `outlets` to a top-level custom
    /// view `v1` holding a text field `t1`.
    func macXib(owner: String, outlets: [(String, String)]) -> String {
        let conns = outlets.enumerated().map { "<outlet property=\"\($1.0)\" destination=\"\($1.1)\" id=\"o\($0)\"/>" }.joined()
        return """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="5056" systemVersion="13C64" targetRuntime="MacOSX.Cocoa">
            <dependencies><plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="5056"/></dependencies>
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="\(owner)"><connections>\(conns)</connections></customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
                <customView id="v1"><rect key="frame" x="0" y="0" width="200" height="100"/>
                    <subviews><textField id="t1"><rect key="frame" x="5" y="5" width="90" height="20"/></textField></subviews>
                </customView>
            </objects>
        </document>
        """
    }

    // MARK: L5: the loader's owner, not the nib's hint

    /// Adium's join-chat views: the nib names `DCGaim…` (a class renamed since), and the
    /// renamed subclass's `-nibName` returns the nib's name, which the superclass loads with
    /// `owner:self`. The nib is audited with that class; only a nib nothing loads is stale;
    /// one loaded with an owner of a class the text does not say is listed as such.
    func testANibLoadedByCodeIsAuditedWithTheLoadersOwnerClass() throws {
        let header = """
            @interface JoinChatViewController : NSObject {
                IBOutlet NSView *view;
            }
            @end
            @interface MSNJoinChatViewController : JoinChatViewController {
                IBOutlet NSTextField *roomName;
            }
            @end
            @interface IRCJoinChatViewController : JoinChatViewController
            @end

            """
        let impl = """
            @implementation JoinChatViewController
            - (id)init {
                if ((self = [super init])) {
                    NSString *nibName = [self nibName];
                    if (nibName) [NSBundle loadNibNamed:nibName owner:self];
                }
                return self;
            }
            - (NSString *)nibName { return nil; }
            - (void)dealloc {
                [view release];
                [super dealloc];
            }
            @end
            @implementation MSNJoinChatViewController
            - (NSString *)nibName
            {
                return @"MSNJoinChatView";
            }
            @end
            @implementation IRCJoinChatViewController
            - (NSString *)nibName
            {
                return @"IRCJoinChatView";
            }
            @end
            @implementation Picker
            - (void)show { [NSBundle loadNibNamed:@"PickerPanel" owner:controller]; }
            @end

            """
        let files = [
            "Join.h": header, "Join.m": impl,
            "MSNJoinChatView.xib": macXib(owner: "GaimMSNJoinChatViewController", outlets: [("view", "v1"), ("roomName", "t1")]),
            "IRCJoinChatView.xib": macXib(owner: "GaimIRCJoinChatViewController", outlets: [("view", "v1"), ("roomName", "t1")]),
            "PickerPanel.xib": macXib(owner: "OldPickerController", outlets: [("view", "v1")]),
            "Forgotten.xib": macXib(owner: "OldForgottenController", outlets: [("view", "v1")]),
        ]
        let r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("MSNJoinChatView.xib: owner MSNJoinChatViewController (plain owner)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("File's Owner class GaimMSNJoinChatViewController is in no source; MSNJoinChatViewController loads the nib as its own (Join.m:"), r.stdout)
        // The real owner lacks an outlet the nib connects: the Mac loader leaves it nil (N6).
        XCTAssertTrue(r.stdout.contains("IRCJoinChatViewController has no `roomName`, which the nib connects from File's Owner: the Mac loader leaves it nil (N6)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("PickerPanel.xib: owner not known: its File's Owner class OldPickerController is defined in no source, and the code that loads it"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Forgotten.xib: stale: its File's Owner class OldForgottenController is defined in no source and is no Cocoa class the catalogue knows, and nothing loads it (L5)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("MSNJoinChatView.xib: stale"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2 listed with a reason (1 owner not known, 1 stale)"), r.stdout)
        // The audited nib's owner is judged: without the release in `dealloc`, the top-level view leaks.
        var leaky = files
        leaky["Join.m"] = impl.replacingOccurrences(of: "    [view release];\n", with: "")
        let l = audit([try project(leaky)])
        XCTAssertTrue(l.stdout.contains("leak [N3 O9] `view` of JoinChatViewController"), l.stdout)
    }

    /// iOS: a class made with `[[self alloc] initWithNibName:@"X" …]` in one of its class
    /// methods owns the nib; an outlet it lacks is an undefined key, a real crash.
    func testARenamedOwnerThatLacksAnOutletCrashesOnIOS() throws {
        let xib = iOSXib(owner: "OldCardController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel)
        let files = [
            "Card.h": "@interface CardController : UIViewController\n@end\n",
            "Card.m": "@implementation CardController\n+ (id)card { return [[[self alloc] initWithNibName:@\"Card\" bundle:nil] autorelease]; }\n@end\n",
            "Card.xib": xib,
        ]
        let r = audit(["--platform", "ios6.0", try project(files)])
        XCTAssertTrue(r.stdout.contains("Card.xib: owner CardController (view controller)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("CardController has no `caption`, which the nib connects from File's Owner: setting it raises an undefined key (N7)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("not key value coding-compliant for the key caption"), r.stdout)
    }

    // MARK: B1: every method sent twice

    /// An action that stores a new object into an ivar without releasing the old one leaks
    /// the first at the second click; the finding is at the assignment, its fix the release
    /// before it (and, when nothing releases the last, in `dealloc`), proven by `--fix`. A
    /// guarded store (`if (x == nil)`) and one that releases first are no finding.
    func testAnActionSentTwiceLeaksWhatItOverwrites() throws {
        let header = """
            @class Alarm;
            @interface Clock : NSObject {
                IBOutlet NSView *view;
                Alarm *alarm;
                NSArray *objects;
                Alarm *guarded;
                Alarm *replaced;
            }
            @end
            @interface Alarm : NSObject
            @end

            """
        let impl = """
            @implementation Alarm
            @end
            @implementation Clock
            - (id)init {
                if ((self = [super init])) {
                    [NSBundle loadNibNamed:@"Clock" owner:self];
                }
                return self;
            }
            - (IBAction)startAlarm:(id)sender {
                alarm = [[Alarm alloc] init];
            }
            - (IBAction)makeToolbar:(id)sender {
                objects = [[self toolbarItems] retain];
            }
            - (IBAction)arm:(id)sender {
                if (guarded == nil) {
                    guarded = [[Alarm alloc] init];
                }
            }
            - (IBAction)replace:(id)sender {
                [replaced release];
                replaced = [[Alarm alloc] init];
            }
            - (NSArray *)toolbarItems {
                return [NSArray array];
            }
            - (void)dealloc {
                [alarm release];
                [guarded release];
                [replaced release];
                [view release];
                [super dealloc];
            }
            @end

            """
        let dir = try project(["Clock.h": header, "Clock.m": impl, "Clock.xib": macXib(owner: "Clock", outlets: [("view", "v1")])])
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("Clock.m:11:5: leak [V12 O9] `alarm` of Clock"), r.stdout)
        XCTAssertTrue(r.stdout.contains("`alarm = [[Alarm alloc] init];` in `startAlarm:` (Clock.m:11) stores a new Alarm into `alarm` (an ivar) without releasing the one it holds: sent a second time"), r.stdout)
        XCTAssertTrue(r.stdout.contains("scenario \"-[Clock startAlarm:] sent twice\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("Clock.m:14:5: leak [V12 O9] `objects` of Clock"), r.stdout)
        XCTAssertTrue(r.stdout.contains("it leaks the first; and nothing releases the last"), r.stdout)
        XCTAssertFalse(r.stdout.contains("`guarded`"), r.stdout)
        XCTAssertFalse(r.stdout.contains("`replaced`"), r.stdout)
        // One finding per defect: `objects`' leak at the second send and at dealloc is one.
        XCTAssertTrue(r.stdout.contains("\n2 findings (2 leak)"), r.stdout)
        let json = audit(["--format", "json", dir]).stdout
        XCTAssertEqual(json.components(separatedBy: "\"fingerprint\": \"leak|Clock|objects\"").count - 1, 1, json)
        // The fixes: a release before each assignment, and `objects` released in dealloc.
        let fix = audit(["--fix", dir])
        XCTAssertTrue(fix.stdout.contains("+    [alarm release];\n     alarm = [[Alarm alloc] init];"), fix.stdout)
        XCTAssertTrue(fix.stdout.contains("+    [objects release];\n     objects = [[self toolbarItems] retain];"), fix.stdout)
        XCTAssertTrue(fix.stdout.contains("+    [objects release];\n     [super dealloc];"), fix.stdout)
        XCTAssertTrue(fix.stderr.contains("2 of 2 findings fixed"), fix.stderr)
        // A baseline of this report suppresses both findings.
        let base = dir + "/baseline.json"
        try json.write(toFile: base, atomically: true, encoding: .utf8)
        let again = audit(["--baseline", base, dir])
        XCTAssertTrue(again.stdout.contains("\n0 findings; 2 suppressed by the baseline"), again.stdout)
    }

    /// Not a second click's: a member another method releases (the HUD `-hudWasHidden:`
    /// releases: which call pairs with which is not known), a method with no argument (the
    /// code's own step), a launch callback the framework sends once.
    func testPairedReleasesOwnStepsAndLaunchCallbacksAreNotSentTwice() throws {
        let header = """
            @interface Panel : NSObject {
                IBOutlet NSView *view;
                NSObject *hud;
                NSObject *loader;
                NSObject *cache;
            }
            @end

            """
        let impl = """
            @implementation Panel
            - (id)init {
                if ((self = [super init])) { [NSBundle loadNibNamed:@"Panel" owner:self]; }
                return self;
            }
            - (IBAction)showHUD:(id)sender {
                hud = [[NSObject alloc] init];
            }
            - (void)hudWasHidden:(id)h {
                [hud release];
                hud = nil;
            }
            - (void)completeLogin {
                loader = [[NSObject alloc] init];
            }
            - (void)applicationDidFinishLaunching:(NSNotification *)n {
                cache = [[NSObject alloc] init];
            }
            - (void)dealloc {
                [loader release];
                [cache release];
                [view release];
                [super dealloc];
            }
            @end

            """
        let r = audit([try project(["Panel.h": header, "Panel.m": impl, "Panel.xib": macXib(owner: "Panel", outlets: [("view", "v1")])])])
        XCTAssertFalse(r.stdout.contains("sent twice"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n0 findings"), r.stdout)
    }

    // MARK: L11, the main storyboard, where a dangling object was freed

    /// A view controller made with no nib name loads the nib named after its class, without
    /// "Controller" or with it: its `loaded by:` line says so, with the places that make it.
    func testUIKitsDefaultNibLookupIsALoader() throws {
        let header = "@interface CardController : UIViewController\n@property (nonatomic, retain) IBOutlet UILabel *caption;\n@end\n"
            + "@interface DeckController : UIViewController\n@end\n@interface Table : NSObject\n@end\n"
        let impl = """
            @implementation CardController
            @synthesize caption;
            - (void)dealloc { [caption release]; [super dealloc]; }
            @end
            @implementation DeckController
            @end
            @implementation Table
            - (void)deal {
                CardController *c = [[CardController alloc] init];
                [c release];
                DeckController *d = [[DeckController alloc] initWithNibName:nil bundle:nil];
                [d release];
            }
            @end

            """
        let dir = try project([
            "Card.h": header, "Card.m": impl,
            "Card.xib": iOSXib(owner: "CardController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel),
            "DeckController.xib": iOSXib(owner: "DeckController", outlets: [("view", "v")], objects: iOSViewWithLabel),
        ])
        let r = audit(["--platform", "ios6.0", dir])
        XCTAssertTrue(r.stdout.contains("loaded by: UIKit's default nib lookup: a CardController made with no nib name loads \"Card\" (its class name without \"Controller\") (L11): Card.m:9 `init`"), r.stdout)
        XCTAssertTrue(r.stdout.contains("loaded by: UIKit's default nib lookup: a DeckController made with no nib name loads \"DeckController\" (its class name) (L11): Card.m:11 `initWithNibName:nil`"), r.stdout)
    }

    /// The initial view controller of the main storyboard lives as long as the application:
    /// its leak at `dealloc` stays, at low confidence. A storyboard the code loads by name is
    /// no main storyboard (without an Info.plist): its leak is not marked.
    func testTheMainStoryboardsInitialControllerLeaksAreLowConfidence() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="4514" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" initialViewController="vc1">
                <scenes>
                    <scene sceneID="sc1">
                        <objects>
                            <viewController id="vc1" customClass="HomeController" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="vw1">
                                    <subviews><label opaque="NO" text="1.0" id="lb1"/></subviews>
                                </view>
                                <connections><outlet property="title_" destination="lb1" id="ou1"/></connections>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="fr1" sceneMemberID="firstResponder"/>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        var files = [
            "Home.h": "@interface HomeController : UIViewController\n@property (nonatomic, retain) IBOutlet UILabel *title_;\n@end\n",
            "Home.m": "@implementation HomeController\n- (void)viewDidUnload { self.title_ = nil; [super viewDidUnload]; }\n- (void)dealloc { [super dealloc]; }\n@end\n",
            "Main.storyboard": storyboard,
        ]
        let r = audit(["--platform", "ios6.0", try project(files)])
        XCTAssertTrue(r.stdout.contains("made at launch for the window (main storyboard, guessed: no Info.plist read, and no code loads this storyboard by name)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("leak [O6 O9] `title_` of HomeController"), r.stdout)
        XCTAssertTrue(r.stdout.contains("confidence: low: HomeController is the main storyboard's initial view controller (guessed: no Info.plist read)"), r.stdout)
        files["Loader.m"] = "@implementation Loader\n- (void)go { id s = [UIStoryboard storyboardWithName:@\"Main\" bundle:nil]; [s instantiateInitialViewController]; }\n@end\n"
        let named = audit(["--platform", "ios6.0", try project(files)])
        XCTAssertTrue(named.stdout.contains("leak [O6 O9] `title_` of HomeController"), named.stdout)
        XCTAssertFalse(named.stdout.contains("main storyboard"), named.stdout)
        XCTAssertFalse(named.stdout.contains("confidence: low"), named.stdout)
    }

    /// A dangling outlet's holder is alive: its `see:` line is what freed the object — the
    /// view unloading after `viewDidUnload`, or a release without a nil — never `dealloc`.
    func testADanglingOutletPointsAtWhatFreedIt() throws {
        let header = "@interface CardController : UIViewController\n@property (nonatomic, assign) IBOutlet UILabel *caption;\n@end\n"
        let impl = "@implementation CardController\n@synthesize caption;\n- (void)viewDidUnload {\n    [super viewDidUnload];\n}\n- (void)dealloc {\n    [super dealloc];\n}\n@end\n"
        let dir = try project([
            "Card.h": header, "Card.m": impl,
            "Card.xib": iOSXib(owner: "CardController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel),
        ])
        let r = audit(["--platform", "ios5.1", dir])
        XCTAssertTrue(r.stdout.contains("dangling outlet [O10 V8] `caption` of CardController"), r.stdout)
        XCTAssertTrue(r.stdout.contains("see: Card.m:3:1 (viewDidUnload: the view unloads after it)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("(dealloc)"), r.stdout)
    }
}
