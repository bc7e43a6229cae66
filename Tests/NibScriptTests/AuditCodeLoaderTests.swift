import Foundation
import XCTest
@testable import NibScriptCommandLine

/// Loaders read from the code (grammar.md, L6 to L10): each test audits the same nib with
/// the loading code written two ways, the right one and the wrong one, and checks that only
/// the wrong one is a finding.
extension AuditLoaderTests {
    /// L7: a top-level object the code takes in `NSTopLevelObjects` through a method that
    /// passes the name on is the code's; it is a leak only when the code gives nothing back.
    func testTopLevelObjectsTakenInAnArrayAreTheCodes() throws {
        let view = "<customView id=\"v1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></customView>"
        func files(_ giveBack: String) -> [String: String] {
            ["Owner.h": "@interface Owner : NSObject\n- (NSView *)makeView:(NSString *)nibName;\n@end\n",
             "Owner.m": """
             @implementation Owner
             - (NSView *)makeView:(NSString *)nibName {
                 NSMutableArray *objects = [NSMutableArray array];
                 [NSBundle loadNibFile:nibName externalNameTable:[NSDictionary dictionaryWithObjectsAndKeys:self, NSNibOwner, objects, NSNibTopLevelObjects, nil] withZone:nil];
                 \(giveBack)
                 return [objects lastObject];
             }
             - (void)show { [self makeView:@"Strip"]; }
             @end
             """,
             "Strip.xib": macXib(owner: "Owner", objects: view)]
        }
        let balanced = audit(["--platform", "mac", try project(files("[objects makeObjectsPerformSelector:@selector(release)];"))]).stdout
        XCTAssertTrue(balanced.contains("`makeView:@\"Strip\"` → Owner.m:4 `loadNibFile:externalNameTable:withZone:`, which hands the top-level objects to the code (L7)"), balanced)
        XCTAssertFalse(balanced.contains("leak ["), balanced)
        let kept = audit(["--platform", "mac", try project(files(""))]).stdout
        XCTAssertTrue(kept.contains("leak [L7 N3 O9] top-level NSView of Owner"), kept)
        XCTAssertTrue(kept.contains("[objects makeObjectsPerformSelector:@selector(release)];"), kept)
    }

    /// L10: the same nib, owned by a shared instance, is kept for the application's life.
    func testASharedInstancesNibIsKept() throws {
        func files(_ shared: String) -> [String: String] {
            ["Prefs.h": "@interface Prefs : NSObject {\n    IBOutlet NSWindow *panel;\n}\n\(shared)@end\n",
             "Prefs.m": "@implementation Prefs\n- (void)show {\n    [NSBundle loadNibNamed:@\"Prefs\" owner:self];\n}\n@end\n",
             "Prefs.xib": macXib(owner: "Prefs", outlets: [("panel", "w1")], objects: window)]
        }
        let plain = audit(["--platform", "mac", try project(files(""))]).stdout
        XCTAssertTrue(plain.contains("leak [N3 O9] `panel` of Prefs"), plain)
        let shared = audit(["--platform", "mac", try project(files("+ (Prefs *)sharedPrefs;\n"))]).stdout
        XCTAssertTrue(shared.contains("Prefs, a shared instance (a `+shared…` method in Prefs): kept, with its nib's objects, for the application's life (L10)"), shared)
        XCTAssertFalse(shared.contains("leak ["), shared)
    }

    /// A document's hand-written setter that retains its argument before storing it: read
    /// whole, so the release in `dealloc` balances it (it was an over-release, L6).
    func testADocumentSetterThatRetainsItsArgumentIsRead() throws {
        func files(_ setter: String) -> [String: String] {
            ["Doc.h": "@interface NoteDocument : NSDocument {\n    IBOutlet NSWindow *sheetWindow;\n}\n@end\n",
             "Doc.m": """
             @implementation NoteDocument
             - (NSString *)windowNibName { return @"NoteDocument"; }
             \(setter)
             - (void)dealloc {
                 [sheetWindow release];
                 [super dealloc];
             }
             @end
             """,
             "NoteDocument.xib": macXib(owner: "NoteDocument", outlets: [("sheetWindow", "w1")], objects: window)]
        }
        let retaining = audit(["--platform", "mac", try project(files("- (void)setSheetWindow:(NSWindow *)w {\n    [w retain];\n    [sheetWindow release];\n    sheetWindow = w;\n}"))]).stdout
        XCTAssertFalse(retaining.contains("over-release"), retaining)
        XCTAssertFalse(retaining.contains("leak ["), retaining)
        let none = audit(["--platform", "mac", try project(files(""))]).stdout
        XCTAssertTrue(none.contains("over-release [N6 O4] `sheetWindow` of NoteDocument"), none)
    }

    /// A `view` outlet of a class that is no view controller is its own member: released in
    /// `dealloc`, no leak; a getter returning it hands nothing over (L8), so without that
    /// release the top-level view leaks.
    func testAViewOutletOfAPaneIsItsOwnMember() throws {
        let view = "<customView id=\"v1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"10\" height=\"10\"/></customView>"
        func files(_ dealloc: String) -> [String: String] {
            ["Pane.h": "@interface Pane : NSObject {\n    IBOutlet NSView *view;\n}\n@end\n",
             "Pane.m": "@implementation Pane\n- (NSView *)view {\n    if (!view) [NSBundle loadNibNamed:@\"Pane\" owner:self];\n    return view;\n}\n\(dealloc)@end\n",
             "Pane.xib": macXib(owner: "Pane", outlets: [("view", "v1")], objects: view)]
        }
        let released = audit(["--platform", "mac", try project(files("- (void)dealloc {\n    [view release];\n    [super dealloc];\n}\n"))]).stdout
        XCTAssertFalse(released.contains("leak ["), released)
        XCTAssertFalse(released.contains("(L8)"), released)
        let kept = audit(["--platform", "mac", try project(files(""))]).stdout
        XCTAssertTrue(kept.contains("leak [N3 O9] `view` of Pane"), kept)
    }
}
