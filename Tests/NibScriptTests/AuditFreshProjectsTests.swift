import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine

/// Causes of wrong or missing findings seen auditing real MRC-era projects no one had audited
/// (Cog, Seashore; see grammar.md's table of real projects), each with a small project of
/// its own written for these tests.
extension AuditLoaderTests {
    func sheetOwner(_ cls: String, outlets: [String], body: String, extra: String = "") -> (String, String) {
        ("@interface \(cls) : NSObject {\n" + outlets.map { "    IBOutlet id \($0);\n" }.joined() + "}\n- (void)run;\n\(extra)@end\n",
         "@implementation \(cls)\n\(body)@end\n")
    }

    /// L19: one panel nib loaded with `owner:self` by two unrelated classes that declare its
    /// outlets: each is an owner. Before, only the nib's named class was audited, the other's
    /// leak went unseen and its outlets were listed as connected by no nib.
    func testAnUnrelatedClassLoadingThePanelNibIsAnOwnerToo() throws {
        let load = "- (void)run {\n    [NSBundle loadNibNamed:@\"Pages\" owner:self];\n    [panel orderOut:self];\n}\n"
        let (ch, cm) = sheetOwner("Content", outlets: ["panel", "field"], body: load + "- (void)dealloc {\n    [panel release];\n    [super dealloc];\n}\n")
        let (ih, im) = sheetOwner("Importer", outlets: ["panel", "field"], body: load)
        let (lh, lm) = sheetOwner("Logger", outlets: ["panel"], body: load)
        let dir = try project([
            "Src/Content.h": ch, "Src/Content.m": cm, "Src/Importer.h": ih, "Src/Importer.m": im, "Src/Logger.h": lh, "Src/Logger.m": lm,
            "Pages.xib": macXib(owner: "Content", outlets: [("panel", "w1"), ("field", "t1")], objects: window),
        ])
        let r = audit(["--platform", "mac", dir])
        XCTAssertTrue(r.stdout.contains("also loaded with owner:self by Importer"), r.stdout)
        XCTAssertTrue(r.stdout.contains("leak [N3 O9] `panel` of Importer"), r.stdout)
        XCTAssertFalse(r.stdout.contains("of Content"), r.stdout)
        // Logger lacks `field`: not a second owner (a stale name's loader looks the same).
        XCTAssertFalse(r.stdout.contains("by Logger"), r.stdout)
        XCTAssertFalse(r.stdout.contains("Importer.panel ("), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n1 finding"), r.stdout)
    }

    /// L10 by what the class method does: `+panel` keeps `[[self alloc] init]` in a file
    /// static and returns it, so the owner is one object for the application's life and the
    /// panel its guarded load keeps is no leak; a factory that returns a new autoreleased
    /// object each time (its static a counter) is no shared instance.
    func testALazyStaticInstanceIsASharedInstance() throws {
        let guarded = "- (void)run {\n    if (panel == nil)\n        [NSBundle loadNibNamed:@\"%@\" owner:self];\n    [panel orderFront:self];\n}\n"
        let (sh, sm) = sheetOwner("Single", outlets: ["panel"], body: "+ (id)single {\n    if (theOne == nil)\n        theOne = [[self alloc] init];\n    return theOne;\n}\n" + guarded.replacingOccurrences(of: "%@", with: "Single"),
                                  extra: "+ (id)single;\n")
        let (fh, fm) = sheetOwner("Factory", outlets: ["panel"], body: "+ (id)factory {\n    Factory *f = [[self alloc] init];\n    made++;\n    return [f autorelease];\n}\n" + guarded.replacingOccurrences(of: "%@", with: "Factory"),
                                  extra: "+ (id)factory;\n")
        let dir = try project([
            "Src/Single.h": sh, "Src/Single.m": "static Single *theOne = nil;\n\n" + sm,
            "Src/Factory.h": fh, "Src/Factory.m": "static int made = 0;\n\n" + fm,
            "Single.xib": macXib(owner: "Single", outlets: [("panel", "w1")], objects: window),
            "Factory.xib": macXib(owner: "Factory", outlets: [("panel", "w1")], objects: window),
        ])
        let r = audit(["--platform", "mac", dir])
        XCTAssertTrue(r.stdout.contains("`+single` keeps its one instance in a static, in Single"), r.stdout)
        XCTAssertFalse(r.stdout.contains("of Single"), r.stdout)
        XCTAssertFalse(r.stdout.contains("reading limit"), r.stdout)
        XCTAssertTrue(r.stdout.contains("`panel` of Factory"), r.stdout)
    }

    /// A top-level object of a window controller's nib kept by another nib object's
    /// hand-written retaining `-setDelegate:` (an ivar outlet, set through the setter, N6)
    /// that `dealloc` forgets: the leak is that retain, of `delegate` of the watcher, not
    /// File's Owner's +1, which the window controller gives back. One whose `dealloc`
    /// releases it is no leak.
    func testARetainingSetterOfAnotherNibObjectIsTheLeak() throws {
        func watcher(_ cls: String, releases: Bool) -> (String, String) {
            ("@interface \(cls) : NSObject {\n    IBOutlet id delegate;\n}\n- (void)setDelegate:(id)d;\n@end\n",
             "@implementation \(cls)\n- (void)setDelegate:(id)d {\n    [d retain];\n    [delegate release];\n    delegate = d;\n}\n"
             + "- (void)dealloc {\n" + (releases ? "    [delegate release];\n" : "") + "    [super dealloc];\n}\n@end\n")
        }
        let (fh, fm) = watcher("Watcher", releases: false)
        let (th, tm) = watcher("Careful", releases: true)
        let objects = """
            <customObject id="s1" customClass="Source"/>
            <customObject id="f1" customClass="Watcher"><connections><outlet property="delegate" destination="s1" id="c1"/></connections></customObject>
            <customObject id="f2" customClass="Careful"><connections><outlet property="delegate" destination="s1" id="c2"/></connections></customObject>
            """ + window
        let dir = try project([
            "Src/Browser.h": "@interface Browser : NSWindowController\n@end\n",
            "Src/Browser.m": "@implementation Browser\n- (id)init {\n    return [super initWithWindowNibName:@\"Browser\"];\n}\n@end\n",
            "Src/Source.h": "@interface Source : NSObject\n@end\n", "Src/Source.m": "@implementation Source\n@end\n",
            "Src/Watcher.h": fh, "Src/Watcher.m": fm, "Src/Careful.h": th, "Src/Careful.m": tm,
            "Browser.xib": macXib(owner: "Browser", outlets: [("window", "w1")], objects: objects),
        ])
        let r = audit(["--platform", "mac", dir])
        XCTAssertTrue(r.stdout.contains("leak [O9] `delegate` of Watcher"), r.stdout)
        XCTAssertFalse(r.stdout.contains("of Careful"), r.stdout)
        XCTAssertFalse(r.stdout.contains("top-level Source"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n1 finding"), r.stdout)
    }
}
