import Foundation
import XCTest
@testable import NibScriptCommandLine

/// A nib loaded under a computed name (L5's loader): a pane base class loads
/// `[self mainNibName]`, each subclass returns its nib's name as a literal. The load is the
/// nib's loader, and its method's own release of the window outlet is followed.
extension AuditLoaderTests {
    func paneFiles(loader: String, release: String) -> [String: String] {
        ["Pane.h": "@interface Pane : NSObject {\n    IBOutlet NSWindow *_window;\n    NSView *_mainView;\n}\n- (NSString *)mainNibName;\n- (NSView *)loadMainView;\n@end\n",
         "Pane.m": """
         @implementation Pane
         - (NSString *)mainNibName { return NSStringFromClass([self class]); }
         - (NSView *)loadMainView {
             \(loader)
             _mainView = [[_window contentView] retain];
             \(release)
             return _mainView;
         }
         - (void)dealloc {
             [_mainView release];
             [super dealloc];
         }
         @end
         """,
         "GeneralPane.h": "@interface GeneralPane : Pane\n@end\n",
         "GeneralPane.m": "@implementation GeneralPane\n- (NSString *)mainNibName { return @\"GeneralPrefs\"; }\n@end\n",
         "GeneralPrefs.xib": macXib(owner: "GeneralPane", outlets: [("_window", "w1")], objects: window),
         // A pane that keeps the base class's name, its class's: its nib is OtherPane.
         "OtherPane.h": "@interface OtherPane : Pane\n@end\n",
         "OtherPane.m": "@implementation OtherPane\n- (void)refresh { }\n@end\n",
         "OtherPane.xib": macXib(owner: "OtherPane", outlets: [("_window", "w1")], objects: window)]
    }

    /// `-[NSNib initWithNibNamed:[self mainNibName] bundle:]` then
    /// `instantiateNibWithOwner:self topLevelObjects:` (L7), releasing `_window` after it.
    func testANibLoadedUnderAComputedNameFollowsTheLoadingMethod() throws {
        let nsnib = """
        NSNib *nib = [[NSNib alloc] initWithNibNamed:[self mainNibName] bundle:nil];
            NSArray *objects = nil;
            [nib instantiateNibWithOwner:self topLevelObjects:&objects];
            [nib release];
        """
        let released = audit(["--platform", "mac", try project(paneFiles(loader: nsnib, release: "[_window release];\n    _window = nil;"))]).stdout
        XCTAssertTrue(released.contains("`-mainNibName` returns @\"GeneralPrefs\" (GeneralPane.m:2) → Pane.m:6 `instantiateNibWithOwner:topLevelObjects:`"), released)
        XCTAssertTrue(released.contains("releases `_window`'s top-level object itself (L8)"), released)
        XCTAssertTrue(released.contains("`-mainNibName` returns @\"OtherPane\" (Pane.m:2) → Pane.m:6 `instantiateNibWithOwner:topLevelObjects:`"), released)
        XCTAssertFalse(released.contains("`_window` of Pane"), released)
        // Without the release, the window is the leak it is.
        let kept = audit(["--platform", "mac", try project(paneFiles(loader: nsnib, release: ""))]).stdout
        XCTAssertTrue(kept.contains("leak [") && kept.contains("`_window` of Pane"), kept)
    }

    /// `loadNibNamed:[self mainNibName] owner:self` (L8 on the computed name).
    func testALoadNibNamedUnderAComputedNameFollowsTheLoadingMethod() throws {
        let bundle = "[NSBundle loadNibNamed:[self mainNibName] owner:self];"
        let released = audit(["--platform", "mac", try project(paneFiles(loader: bundle, release: "[_window release];\n    _window = nil;"))]).stdout
        XCTAssertTrue(released.contains("loads the nib and releases `_window`'s top-level object itself (L8)"), released)
        XCTAssertTrue(released.contains("`loadNibNamed:[self mainNibName]` (`-mainNibName` returns @\"OtherPane\", the name of its class, Pane.m:2)"), released)
        XCTAssertFalse(released.contains("`_window` of Pane"), released)
        let kept = audit(["--platform", "mac", try project(paneFiles(loader: bundle, release: ""))]).stdout
        XCTAssertTrue(kept.contains("leak [") && kept.contains("`_window` of Pane"), kept)
    }
}

extension AuditLoaderTests {
    /// A dangling member that is no IBOutlet (an array the code fills) is a "dangling
    /// reference"; an outlet's is a "dangling outlet" (grammar.md, the audit's findings).
    func testADanglingIvarThatIsNoOutletIsADanglingReference() throws {
        let objects = """
            <window title="Strip" releasedWhenClosed="NO" id="w1">
                <rect key="contentRect" x="10" y="10" width="200" height="100"/>
                <view key="contentView" id="v1">
                    <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                    <subviews>
                        <customView id="bv"><rect key="frame" x="5" y="5" width="90" height="20"/></customView>
                    </subviews>
                </view>
            </window>
        """
        let files = [
            "Strip.h": "@interface Strip : NSObject {\n    IBOutlet NSWindow *window;\n    IBOutlet NSView *badge;\n    NSMutableArray *cache;\n}\n- (IBAction)hideBadge:(id)sender;\n- (IBAction)refresh:(id)sender;\n@end\n",
            "Strip.m": """
            @implementation Strip
            - (id)init {
                if ((self = [super init])) {
                    cache = [[NSMutableArray alloc] init];
                    [NSBundle loadNibNamed:@"Strip" owner:self];
                }
                return self;
            }
            - (IBAction)hideBadge:(id)sender {
                [badge removeFromSuperview];
            }
            - (IBAction)refresh:(id)sender {
                [cache release];
            }
            - (void)dealloc {
                [window release];
                [super dealloc];
            }
            @end
            """,
            "Strip.xib": macXib(owner: "Strip", outlets: [("window", "w1"), ("badge", "bv")], objects: objects)]
        let out = audit(["--platform", "mac", try project(files)]).stdout
        XCTAssertTrue(out.contains("dangling outlet [O10 V8] `badge` of Strip"), out)
        XCTAssertTrue(out.contains("dangling reference [O10 V8] `cache` of Strip"), out)
        XCTAssertFalse(out.contains("dangling outlet [O10 V8] `cache`"), out)
    }
}

extension AuditLoaderTests {
    /// A Mac ivar outlet whose hand-written setter (only in the `@implementation`) retains:
    /// the loader calls it (KVC, N6), so the top-level object holds two retains; the words
    /// and the fix say so, not "which does not retain".
    func testAHandWrittenRetainingSetterOfAMacIvarOutletIsInTheFindingsWords() throws {
        let view = "<customView id=\"v1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></customView>"
        func files(_ setter: String) -> [String: String] {
            ["Source.h": "@interface Source : NSObject {\n    IBOutlet NSView *settingsView;\n}\n- (void)loadSettings;\n@end\n",
             "Source.m": """
             @implementation Source
             - (void)loadSettings {
                 [NSBundle loadNibNamed:@"Settings" owner:self];
             }
             \(setter)
             - (void)dealloc {
                 [settingsView release];
                 [super dealloc];
             }
             @end
             """,
             "Settings.xib": macXib(owner: "Source", outlets: [("settingsView", "v1")], objects: view)]
        }
        let out = audit(["--platform", "mac", try project(files("- (void)setSettingsView:(NSView *)v {\n    [settingsView release];\n    settingsView = [v retain];\n}"))]).stdout
        XCTAssertTrue(out.contains("through `-setSettingsView:` (Source.m:5), which retains it again (N6): it holds two retains, and `dealloc` gives back only one"), out)
        XCTAssertTrue(out.contains("give back the top-level +1 once the nib is loaded"), out)
        XCTAssertFalse(out.contains("which does not retain"), out)
        // Without the setter, `dealloc`'s release balances the top-level +1: no finding.
        let plain = audit(["--platform", "mac", try project(files(""))]).stdout
        XCTAssertFalse(plain.contains("leak ["), plain)
    }
}

extension AuditLoaderTests {
    /// A shared pane (L10) keeps what its nib holds however it is loaded: a load under a
    /// computed name taking the top-level objects in an array (L7) does not make them leak.
    func testASharedPaneLoadedUnderAComputedNameKeepsItsNib() throws {
        var files = paneFiles(loader: "NSNib *nib = [[NSNib alloc] initWithNibNamed:[self mainNibName] bundle:nil];\n    NSArray *objects = nil;\n    [nib instantiateNibWithOwner:self topLevelObjects:&objects];\n    [nib release];", release: "")
        files["GeneralPane.h"] = "@interface GeneralPane : Pane\n+ (id)sharedInstance;\n@end\n"
        let out = audit(["--platform", "mac", try project(files)]).stdout
        XCTAssertTrue(out.contains("GeneralPane, a shared instance (a `+shared…` method in GeneralPane): kept, with its nib's objects, for the application's life (L10)"), out)
        XCTAssertFalse(out.contains("of GeneralPane"), out)
    }
}
