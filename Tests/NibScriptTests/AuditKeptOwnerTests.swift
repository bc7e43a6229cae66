import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// L18: an owner made once by an object that lives as long as the application (a main nib's
/// object, a shared instance or singleton, or one kept so in turn) and never released by it is
/// kept, with its nib's objects: its members' leaks "after it is deallocated" lose nothing. An
/// owner also made per use, or let go of, keeps its findings. And L4: a nib whose only load is
/// commented out is loaded by nothing.
extension AuditLoaderTests {
    /// A main nib whose AppDelegate runs `show`, and a `Panel` owner loading Panel.xib with a
    /// top-level window in an outlet it never releases; `extra` adds files.
    func keptProject(show: String, extra: [String: String] = [:]) throws -> String {
        try project([
            "AppDelegate.h": "@class Panel;\n@interface AppDelegate : NSObject {\n    Panel *panel;\n}\n- (IBAction)show:(id)sender;\n- (IBAction)hide:(id)sender;\n@end\n",
            "AppDelegate.m": "#import \"AppDelegate.h\"\n#import \"Panel.h\"\n@implementation AppDelegate\n\(show)\n@end\n",
            "Panel.h": "@interface Panel : NSObject {\n    IBOutlet NSWindow *window;\n}\n@end\n",
            "Panel.m": "@implementation Panel\n- (id)init {\n    if ((self = [super init])) [NSBundle loadNibNamed:@\"Panel\" owner:self];\n    return self;\n}\n@end\n",
            "Panel.xib": macXib(owner: "Panel", outlets: [("window", "w1")], objects: window),
            "MainMenu.xib": macXib(owner: "NSApplication", app: [("delegate", "d1")], objects: "<customObject id=\"d1\" customClass=\"AppDelegate\"/>"),
        ].merging(extra) { _, b in b })
    }

    static let panelLeak = "leak [N3 O9] `window` of Panel"

    func testAnOwnerMadeOnceByAMainNibObjectIsKept() throws {
        let once = "- (IBAction)show:(id)sender {\n    if (!panel) {\n        panel = [[Panel alloc] init];\n    }\n}\n- (IBAction)hide:(id)sender {}"
        let out = audit(["--platform", "mac", try keptProject(show: once)]).stdout
        XCTAssertFalse(out.contains(Self.panelLeak), out)
        XCTAssertTrue(out.contains("Panel, made once by AppDelegate (an object of the main nib MainMenu.xib): `-show:` of AppDelegate (AppDelegate.m:6) stores it in `panel`"), out)
        XCTAssertTrue(out.contains("for the application's life (L18)"), out)
        // Made in `init`-like once methods too, with no guard.
        let launch = "- (void)applicationDidFinishLaunching:(NSNotification *)n {\n    panel = [[Panel alloc] init];\n}\n- (IBAction)show:(id)sender {}\n- (IBAction)hide:(id)sender {}"
        XCTAssertFalse(audit(["--platform", "mac", try keptProject(show: launch)]).stdout.contains(Self.panelLeak))
    }

    /// Let go of, made unguarded where it may run again, or made per use elsewhere: each
    /// Panel is deallocated, and the leak stays.
    func testAnOwnerLetGoOfOrMadePerUseKeepsItsFindings() throws {
        let released = "- (IBAction)show:(id)sender {\n    if (!panel) panel = [[Panel alloc] init];\n}\n- (IBAction)hide:(id)sender {\n    [panel release];\n    panel = nil;\n}"
        let unguarded = "- (IBAction)show:(id)sender {\n    panel = [[Panel alloc] init];\n}\n- (IBAction)hide:(id)sender {}"
        let once = "- (IBAction)show:(id)sender {\n    if (!panel) panel = [[Panel alloc] init];\n}\n- (IBAction)hide:(id)sender {}"
        let perUse = ["Other.m": "#import \"Panel.h\"\n@interface Other : NSObject\n@end\n@implementation Other\n- (void)run {\n    Panel *p = [[Panel alloc] init];\n    [p release];\n}\n@end\n"]
        // A main nib's class the code makes too: its other objects may go, releasing what they made.
        let delegateMadeToo = ["Other.m": "#import \"AppDelegate.h\"\n@interface Other : NSObject\n@end\n@implementation Other\n- (void)run {\n    [[[AppDelegate alloc] init] release];\n}\n@end\n"]
        for (what, dir) in [("released", try keptProject(show: released)), ("unguarded", try keptProject(show: unguarded)),
                            ("made per use too", try keptProject(show: once, extra: perUse)),
                            ("creator made by code too", try keptProject(show: once, extra: delegateMadeToo))] {
            let out = audit(["--platform", "mac", dir]).stdout
            XCTAssertTrue(out.contains(Self.panelLeak), "\(what):\n\(out)")
            XCTAssertFalse(out.contains("(L18)"), "\(what):\n\(out)")
        }
    }

    /// As with L10, a window controller whose class writes a `dealloc` expects to be released:
    /// its over-release there stays (Tunnelblick's splash window, judged "if deallocated").
    func testAWindowControllerThatWritesDeallocKeepsItsBattery() throws {
        func dir(_ dealloc: String) throws -> String {
            try keptProject(show: "- (id)init {\n    if ((self = [super init])) splash = [[Splash alloc] init];\n    return self;\n}\n- (IBAction)show:(id)sender {}\n- (IBAction)hide:(id)sender {}", extra: [
                "AppDelegate.h": "@class Splash;\n@interface AppDelegate : NSObject {\n    Splash *splash;\n}\n@end\n",
                "AppDelegate.m": "#import \"AppDelegate.h\"\n#import \"Splash.h\"\n@implementation AppDelegate\n- (id)init {\n    if ((self = [super init])) splash = [[Splash alloc] init];\n    return self;\n}\n@end\n",
                "Splash.h": "@interface Splash : NSWindowController {\n    IBOutlet NSButton *button;\n    NSMutableArray *items;\n}\n@end\n",
                "Splash.m": "@implementation Splash\n- (id)init {\n    if ((self = [super initWithWindowNibName:@\"Splash\"])) items = [[NSMutableArray alloc] init];\n    return self;\n}\n\(dealloc)\n@end\n",
                "Splash.xib": macXib(owner: "Splash", outlets: [("window", "w1"), ("button", "b1")], objects: window),
            ])
        }
        let kept = audit(["--platform", "mac", try dir("")]).stdout
        XCTAssertFalse(kept.contains("`items` of Splash"), kept)
        XCTAssertTrue(kept.contains("Splash, made once by AppDelegate"), kept)
        let released = audit(["--platform", "mac", try dir("- (void)dealloc {\n    [button release];\n    [super dealloc];\n}")]).stdout
        XCTAssertTrue(released.contains("over-release [N6 O4] `button` of Splash"), released)
        XCTAssertFalse(released.contains("(L18)"), released)
    }

    /// In turn: what a kept owner makes once is kept; so is what a singleton (`static`) makes.
    func testOwnersMadeOnceByKeptObjectsAreKeptInTurn() throws {
        let once = "- (IBAction)show:(id)sender {\n    if (!panel) panel = [[Panel alloc] init];\n}\n- (IBAction)hide:(id)sender {}"
        let inner = [
            "Panel.h": "@class Page;\n@interface Panel : NSObject {\n    IBOutlet NSWindow *window;\n    Page *page;\n}\n@end\n",
            "Panel.m": "#import \"Page.h\"\n@implementation Panel\n- (id)init {\n    if ((self = [super init])) [NSBundle loadNibNamed:@\"Panel\" owner:self];\n    return self;\n}\n- (Page *)page {\n    if (page == nil) page = [[Page alloc] init];\n    return page;\n}\n@end\n",
            "Page.h": "@interface Page : NSObject {\n    IBOutlet NSWindow *sheet;\n}\n@end\n",
            "Page.m": "@implementation Page\n- (void)load {\n    [NSBundle loadNibNamed:@\"Page\" owner:self];\n}\n@end\n",
            "Page.xib": macXib(owner: "Page", outlets: [("sheet", "w1")], objects: window),
        ]
        let out = audit(["--platform", "mac", try keptProject(show: once, extra: inner)]).stdout
        XCTAssertFalse(out.contains("`sheet` of Page"), out)
        XCTAssertTrue(out.contains("Page, made once by Panel (itself kept for the application's life, L18)"), out)
        let single = [
            "Settings.m": "#import \"Panel.h\"\n@interface Settings : NSObject {\n    Panel *panel;\n}\n@end\n@implementation Settings\nstatic Settings *settings = nil;\n+ (Settings *)defaultSettings {\n    if (!settings) settings = [[Settings alloc] init];\n    return settings;\n}\n- (Panel *)panel {\n    if (!panel) panel = [[Panel alloc] init];\n    return panel;\n}\n@end\n",
        ]
        let viaSingleton = audit(["--platform", "mac", try keptProject(show: "- (IBAction)show:(id)sender {}\n- (IBAction)hide:(id)sender {}", extra: single)]).stdout
        XCTAssertFalse(viaSingleton.contains(Self.panelLeak), viaSingleton)
        // `+defaultSettings` keeps its one instance in a static: a shared instance by what the
        // method does (L10), so the reason given is L10's.
        XCTAssertTrue(viaSingleton.contains("made once by Settings (a shared instance, L10)"), viaSingleton)
    }

    /// L4: a load only in a comment or an `#if 0` region loads nothing: the nib is listed
    /// unused, with no finding; the real load keeps the finding.
    func testANibWhoseOnlyLoadIsNotCodeIsUnused() throws {
        func dir(_ load: String) throws -> String {
            try project([
                "Finder.h": "@interface Finder : NSObject {\n    IBOutlet NSWindow *window;\n}\n@end\n",
                "Finder.m": "@implementation Finder\n- (void)loadUI {\n\(load)\n}\n@end\n",
                "FindPanel.xib": macXib(owner: "Finder", outlets: [("window", "w1")], objects: window),
            ])
        }
        let statement = "[NSBundle loadNibNamed:@\"FindPanel\" owner:self];"
        let real = audit(["--platform", "mac", try dir("    " + statement)]).stdout
        XCTAssertTrue(real.contains("leak [N3 O9] `window` of Finder"), real)
        for (way, text) in Self.notCode(statement).sorted(by: { $0.key < $1.key }) where way != "string" {
            let out = audit(["--platform", "mac", try dir(text)]).stdout
            XCTAssertFalse(out.contains("`window` of Finder"), "\(way):\n\(out)")
            XCTAssertTrue(out.contains("FindPanel.xib: unused: File's Owner Finder, a class of the sources, loads no nib"), "\(way):\n\(out)")
        }
    }
}
