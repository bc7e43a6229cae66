import Foundation
import XCTest
import TestSupport
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine
import CocoaSimulator

/// Who loads each nib (L1–L5), every nib accounted for, every member judged: each test
/// writes a small project of its own (sources, nibs, project files) and audits it. The
/// causes come from ../shared/wild/repros; the fixtures here are written for these tests.
final class AuditLoaderTests: ProjectFolderTestCase {

    func project(_ files: [String: String]) throws -> String { try project(files, kind: "loaders") }

    /// A Mac XIB: File's Owner of class `owner` with `outlets` (property → object id), and
    /// the top-level `objects` as XML.
    func macXib(owner: String, outlets: [(String, String)] = [], app: [(String, String)] = [], objects: String) -> String {
        func conns(_ os: [(String, String)], _ tag: String) -> String {
            os.isEmpty ? "" : "<connections>" + os.enumerated().map { "<outlet property=\"\($1.0)\" destination=\"\($1.1)\" id=\"\(tag)\($0)\"/>" }.joined() + "</connections>"
        }
        return """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="5056" systemVersion="13C64" targetRuntime="MacOSX.Cocoa">
            <dependencies><plugIn identifier="com.apple.InterfaceBuilder.CocoaPlugin" version="5056"/></dependencies>
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="\(owner)">\(conns(outlets, "o"))</customObject>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject">\(conns(app, "a"))</customObject>
                \(objects)
            </objects>
        </document>
        """
    }

    let window = """
        <window title="Panel" releasedWhenClosed="NO" id="w1">
            <rect key="contentRect" x="10" y="10" width="200" height="100"/>
            <view key="contentView" id="v1">
                <rect key="frame" x="0.0" y="0.0" width="200" height="100"/>
                <subviews>
                    <textField id="t1"><rect key="frame" x="5" y="5" width="90" height="20"/></textField>
                    <button id="b1"><rect key="frame" x="100" y="5" width="90" height="20"/></button>
                    <imageView id="i1"><rect key="frame" x="5" y="40" width="40" height="40"/></imageView>
                </subviews>
            </view>
        </window>
        """

    func audit(_ args: [String]) -> Driver.Result { Driver.main(["audit"] + args) }

    // MARK: L6 a document's window nib

    /// An NSDocument subclass naming its nib in `-windowNibName`: NSDocument's window
    /// controller releases the nib's top-level objects, so the window is no leak; the same
    /// nib loaded by the document itself with `loadNibNamed:owner:` leaks it.
    func testADocumentsWindowNibLeavesNoTopLevelLeak() throws {
        func files(_ method: String) -> [String: String] {
            ["Doc.h": "@interface NoteDocument : NSDocument {\n    IBOutlet NSWindow *window;\n}\n@end\n",
             "Doc.m": "@implementation NoteDocument\n\(method)\n@end\n",
             "NoteDocument.xib": macXib(owner: "NoteDocument", outlets: [("window", "w1")], objects: window)]
        }
        let document = audit(["--platform", "mac", try project(files("- (NSString *)windowNibName {\n    // the nib to load\n    return @\"NoteDocument\";\n}"))]).stdout
        XCTAssertTrue(document.contains("owner NoteDocument (document window nib)"), document)
        XCTAssertTrue(document.contains("it releases the nib's top-level objects when the document closes (L6)"), document)
        XCTAssertFalse(document.contains("assumed: NSDocument"), document)
        XCTAssertFalse(document.contains("leak ["), document)
        let byHand = audit(["--platform", "mac", try project(files("- (void)show {\n    [NSBundle loadNibNamed:@\"NoteDocument\" owner:self];\n}"))]).stdout
        XCTAssertTrue(byHand.contains("leak [N3 O9] `window` of NoteDocument"), byHand)
        XCTAssertFalse(byHand.contains("(L6)"), byHand)
    }

    // MARK: L1 main nib

    func testMainNibOwnedByAnApplicationSubclassKeepsItsObjects() throws {
        let dir = try project([
            "Shell.h": "@interface ShellApplication : NSApplication\n@end\n@interface ShellDelegate : NSObject\n@end\n",
            "Shell.m": "@implementation ShellApplication\n@end\n@implementation ShellDelegate\n@end\n",
            "Menu.xib": macXib(owner: "ShellApplication", outlets: [("delegate", "d1")],
                               objects: "<customObject id=\"d1\" customClass=\"ShellDelegate\"/><menu title=\"Main\" systemMenu=\"main\" id=\"m1\"/>"),
        ])
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("Menu.xib: owner ShellApplication (main nib)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n0 findings"), r.stdout)
        XCTAssertEqual(r.status, 0)
    }

    func testMainNibWithAPlainOwnerNamedByTheInfoPlist() throws {
        let objects = "<customObject id=\"d1\" customClass=\"Controller\"/><menu title=\"Main\" id=\"m1\"/>"
        var files = [
            "Src/Controller.h": "@interface Controller : NSObject\n@end\n",
            "Src/Controller.m": "@implementation Controller\n@end\n",
            "Res/Tunes.xib": macXib(owner: "NSObject", app: [("delegate", "d1")], objects: objects),
        ]
        // Without a project file: guessed from the Application's connected delegate, and said so.
        var r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("Tunes.xib: owner NSObject (main nib)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("guessed: no Info.plist read"), r.stdout)
        XCTAssertTrue(r.stdout.contains("no Xcode project file: guessing"), r.stdout)
        XCTAssertEqual(r.status, 0)
        // With one: the Info.plist names it.
        files["App.xcodeproj/project.pbxproj"] = ProjectFiles.pbxproj(platform: "mac", deployment: "10.6", arc: nil, infoPlist: "Res/Info.plist",
                                                               sources: [("Src/Controller.m", "")], resources: ["Res/Tunes.xib"])
        files["Res/Info.plist"] = ProjectFiles.plist(["NSMainNibFile": "Tunes"])
        r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("Tunes.xib: owner NSObject (main nib)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("main nib Tunes (Res/Info.plist (NSMainNibFile))"), r.stdout)
        XCTAssertTrue(r.stdout.contains("MACOSX_DEPLOYMENT_TARGET 10.6 (App.xcodeproj, target Tunes, Release)"), r.stdout)
        XCTAssertEqual(r.status, 0)
    }

    // MARK: L2 preference pane

    func testPreferencePaneGivesItsWindowToMainView() throws {
        let dir = try project([
            "Pane.h": "@interface Pane : NSPreferencePane {\n    IBOutlet NSButton *toggle;\n}\n@end\n",
            "Pane.m": "@implementation Pane\n- (void)dealloc { [super dealloc]; }\n@end\n",
            "PanePrefs.xib": macXib(owner: "Pane", outlets: [("_window", "w1"), ("toggle", "b1")], objects: window),
        ])
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("PanePrefs.xib: owner Pane (preference pane)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("loaded by: NSPreferencePane's loadMainView (L2)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n0 findings"), "the window is released by assignMainView: \(r.stdout)")
        // The same nib owned by a plain object: the window is the owner's +1, never released.
        let plain = try project([
            "Pane.h": "@interface Pane : NSObject {\n    IBOutlet NSWindow *_window;\n}\n@end\n",
            "Pane.m": "@implementation Pane\n- (void)dealloc { [super dealloc]; }\n@end\n",
            "PanePrefs.xib": macXib(owner: "Pane", outlets: [("_window", "w1")], objects: window),
        ])
        XCTAssertTrue(audit([plain]).stdout.contains("leak [N3 O9] `_window` of Pane"))
    }

    // MARK: L3 a catalogue controller made with the nib's name

    func testPlainWindowControllerMadeWithTheNibName() throws {
        let dir = try project([
            "Boss.h": "@interface Boss : NSObject\n@end\n",
            "Boss.m": "@implementation Boss\n- (void)open { [[NSWindowController alloc] initWithWindowNibName:@\"Sheet\"]; }\n@end\n",
            "Sheet.xib": macXib(owner: "NSWindowController", outlets: [("window", "w1")], objects: window),
        ])
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("Sheet.xib: owner NSWindowController (window controller)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("loaded by: Boss.m:2 `initWithWindowNibName:@\"Sheet\"` (a new NSWindowController)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("no window nib name"), r.stdout)
        XCTAssertEqual(r.status, 0)
    }

    // MARK: L4 unused, L5 stale

    func testANibNothingLoadsIsUnusedAndGivesNoOtherFinding() throws {
        let view = "<customView id=\"c1\" customClass=\"Badge\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"20\" height=\"20\"/></customView>"
        var files = [
            "Badge.h": "@interface Badge : NSView\n@end\n",
            "Badge.m": "@implementation Badge\n@end\n",
            "Badge.xib": macXib(owner: "NSObject", objects: view),
        ]
        var r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("Badge.xib: unused: File's Owner is NSObject, no source names it"), r.stdout)
        XCTAssertTrue(r.stdout.contains("0 findings; 1 listed with a reason (1 unused)"), r.stdout)
        XCTAssertEqual(r.status, 0)
        // A nib named as a class, in sources that build names from classes: maybe loaded.
        var fromClass = files
        fromClass["Dock.m"] = "@implementation Dock\n- (id)make { return [UINib nibWithNibName:NSStringFromClass([Badge class]) bundle:nil]; }\n@end\n"
        XCTAssertTrue(audit([try project(fromClass)]).stdout.contains("Badge.xib: owner NSObject (plain owner)"))
        let sarif = audit(["--format", "sarif", try project(files)])
        XCTAssertTrue(sarif.stdout.contains("\"toolExecutionNotifications\""))
        XCTAssertTrue(sarif.stdout.contains("Badge.xib: unused"), sarif.stdout)
        // Named in code: loaded by hand, and its top-level view is the owner's +1 (N3).
        files["Badge.m"] = "@implementation Badge\n@end\n@implementation Dock\n- (void)load { [NSBundle loadNibNamed:@\"Badge\" owner:nil]; }\n@end\n"
        r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("leak [N3 O9] top-level Badge of NSObject"), r.stdout)
        // Loaded with owner:self in a class of the sources: that class is the owner.
        files["Badge.h"] = "@interface Badge : NSView\n@end\n@interface Dock : NSObject {\n    IBOutlet Badge *badge;\n}\n@end\n"
        files["Badge.m"] = "@implementation Badge\n@end\n@implementation Dock\n- (void)load { [NSBundle loadNibNamed:@\"Badge\" owner:self]; }\n- (void)dealloc { [badge release]; [super dealloc]; }\n@end\n"
        files["Badge.xib"] = macXib(owner: "NSObject", outlets: [("badge", "c1")], objects: view)
        r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("Badge.xib: owner Dock (plain owner)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("loads it with owner:self in Dock"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n0 findings"), "Dock releases its +1 through `badge`: \(r.stdout)")
    }

    func testANibWhoseOwnerClassExistsNowhereIsStale() throws {
        let xib = iOSXib(owner: "OldNameController", outlets: [("view", "v"), ("caption", "l")], objects: iOSViewWithLabel)
        var files = ["Other.h": "@interface Other : NSObject\n@end\n", "Other.m": "@implementation Other\n@end\n", "Card.xib": xib]
        var r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("Card.xib: stale: its File's Owner class OldNameController is defined in no source"), r.stdout)
        XCTAssertFalse(r.stdout.contains("crash"), r.stdout)
        XCTAssertEqual(r.status, 0)
        // An Apple framework's class the catalogue lacks is no stale name: audited, assumed.
        var framework = files
        framework["Card.xib"] = xib.replacingOccurrences(of: "OldNameController", with: "ABCardViewController")
        let f = audit([try project(framework)])
        XCTAssertTrue(f.stdout.contains("Card.xib: owner ABCardViewController (view controller)"), f.stdout)
        XCTAssertTrue(f.stdout.contains("ABCardViewController: UIViewController, in Card.xib"), f.stdout)
        // The class was renamed and loads the nib as its own: audited with that owner.
        files["Card.h"] = "@interface CardController : UIViewController\n@property (nonatomic, retain) IBOutlet UILabel *caption;\n@end\n"
        files["Card.m"] = "@implementation CardController\n@synthesize caption;\n- (id)init { return [super initWithNibName:@\"Card\" bundle:nil]; }\n- (void)dealloc { [caption release]; [super dealloc]; }\n@end\n"
        r = audit([try project(files)])
        XCTAssertTrue(r.stdout.contains("Card.xib: owner CardController (view controller)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("File's Owner class OldNameController is in no source; CardController loads the nib as its own"), r.stdout)
        XCTAssertTrue(r.stdout.contains("abandoned after a memory warning [V7] `caption` of CardController"), r.stdout)
    }

    // MARK: Unknown classes are never a reason to drop a nib

    func testCategoriesClassesMadeInMethodsAndUnknownSuperclassesKeepTheNib() throws {
        let dir = try project([
            "NSColor+Shade.h": "@interface NSColor (Shade)\n- (NSColor *)darker;\n@end\n",
            "Panel.h": """
            @interface Helper : NSObject
            @end
            @interface Meter : LibraryGauge
            @end
            @interface PanelController : NSWindowController {
                IBOutlet NSTextField *label;
                NSColor *tint;
                Helper *helper;
            }
            @property (nonatomic, retain) IBOutlet Meter *meter;
            @end
            """,
            "Panel.m": """
            @implementation Helper
            @end
            @implementation Meter
            @end
            @implementation PanelController
            @synthesize meter;
            - (void)awakeFromNib { helper = [[Helper alloc] init]; tint = [[NSColor alloc] init]; }
            - (void)dealloc { [meter release]; [helper release]; [tint release]; [super dealloc]; }
            @end
            """,
            "Panel.xib": macXib(owner: "PanelController", outlets: [("window", "w1"), ("label", "t1"), ("meter", "g1")],
                                objects: window.replacingOccurrences(of: "<imageView id=\"i1\">", with: "<customView id=\"g1\" customClass=\"Meter\">")
                                    .replacingOccurrences(of: "</imageView>", with: "</customView>")),
        ])
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("Panel.xib: owner PanelController (window controller), 1 run under mac 10.7 mrc"), r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("LibraryGauge: NSView (assumed: superclass of Meter)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("assumed: LibraryGauge is a NSView"), r.stdout)
        XCTAssertNotEqual(r.status, 2, r.stdout + r.stderr)
    }

    // MARK: Every member after an over-release

    func testEachOverReleasedMemberIsItsOwnFinding() throws {
        let dir = try project([
            "Login.h": """
            @interface LoginController : NSWindowController {
                IBOutlet NSTextField *nameField;
                IBOutlet NSButton *okButton;
                IBOutlet NSImageView *logo;
                NSString *title;
            }
            @end
            """,
            "Login.m": """
            @implementation LoginController
            - (void)dealloc {
                [nameField release];
                [okButton release];
                [logo release];
                [super dealloc];
            }
            @end
            """,
            "Login.xib": macXib(owner: "LoginController", outlets: [("window", "w1"), ("nameField", "t1"), ("okButton", "b1"), ("logo", "i1")], objects: window),
        ])
        let r = audit([dir])
        for m in ["nameField", "okButton", "logo"] {
            XCTAssertTrue(r.stdout.contains("over-release [N6 O4] `\(m)` of LoginController"), m + "\n" + r.stdout)
            XCTAssertTrue(r.stdout.contains("delete `[\(m) release];`"), m)
        }
        XCTAssertTrue(r.stdout.contains("\n3 findings (3 over-release)"), r.stdout)
    }

    // MARK: Every nib on disk

    /// A compiled Mac nib (a bundle with keyedobjects.nib only) is audited like its XIB: here
    /// a window controller-less owner loads it with `owner:self` under MRC and never releases
    /// the top-level window its IBOutlet ivar points at. A localized copy with a designable.nib
    /// is audited instead of a compiled one; a bundle's file outside any bundle is stray.
    func testACompiledNibIsAudited() throws {
        let dir = try project([
            "MyController.h": "@interface MyController : NSObject {\n    IBOutlet NSWindow *window;\n    IBOutlet NSButton *button;\n    IBOutlet id helper;\n}\n@end\n",
            "MyController.m": "@implementation MyController\n- (void)show { [NSBundle loadNibNamed:@\"Main\" owner:self]; }\n"
                + "- (IBAction)doIt:(id)sender { }\n@end\n",
            "Helper.h": "@interface Helper : NSObject\n@end\n",
            "MyButton.h": "@interface MyButton : NSButton\n@end\n",
        ])
        var archive = CompiledNibArchive.sample().archive
        let plist = archive.propertyList()
        try FileManager.default.createDirectory(atPath: dir + "/en.lproj/Main.nib", withIntermediateDirectories: true)
        try CompiledNibArchive.binary(plist).write(to: URL(fileURLWithPath: dir + "/en.lproj/Main.nib/keyedobjects.nib"))
        try CompiledNibArchive.binary(plist).write(to: URL(fileURLWithPath: dir + "/en.lproj/keyedobjects.nib"))
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("en.lproj/Main.nib: owner MyController (plain owner)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("leak [N3 O9] `window` of MyController"), r.stdout)
        XCTAssertTrue(r.stdout.contains("en.lproj/Main.nib/keyedobjects.nib"), r.stdout)
        XCTAssertTrue(r.stdout.contains("en.lproj/keyedobjects.nib: stray: a file of a nib bundle outside any .nib folder"), r.stdout)
        XCTAssertFalse(r.stdout.contains("not readable"), r.stdout)
        XCTAssertEqual(r.status, 1)
    }

    /// An Automator action's compiled `main.nib` (File's Owner `AMBundleAction`, a top-level
    /// view and parameters controller, bound but with no outlet): the action loads the nib and
    /// releases its top-level objects itself, as an NSViewController does — no leak.
    func testAnAutomatorActionsNibIsTheActions() throws {
        let dir = try project(["Action.h": "@interface Action : AMBundleAction\n@end\n"])
        var a = CompiledNibArchive()
        let owner = a.customObject("AMBundleAction")
        let view = a.object("NSView", superclasses: ["NSResponder", "NSObject"])
        let parameters = a.object("NSObjectController", superclasses: ["NSController", "NSObject"])
        a.root = owner
        a.names.append((owner, "File's Owner"))
        a.place(view, in: owner, name: "View")
        a.place(parameters, in: owner, name: "Parameters")
        a.binding(parameters, "contentObject: parameters", owner)
        let folder = dir + "/Action.action/Contents/Resources/English.lproj/main.nib"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try CompiledNibArchive.binary(a.propertyList()).write(to: URL(fileURLWithPath: folder + "/keyedobjects.nib"))
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("English.lproj/main.nib: owner AMBundleAction"), r.stdout)
        XCTAssertTrue(r.stdout.contains("AMBundleAction: NSViewController"), r.stdout)
        XCTAssertFalse(r.stdout.contains("leak"), r.stdout)
        XCTAssertEqual(r.status, 0, r.stdout)
    }

    /// L5: a nib whose File's Owner is a renamed class — gone from the sources, or now an
    /// unrelated class — and that the class it became loads with `owner:self` is audited with
    /// that class; a subclass of the loading class stays the owner.
    func testTheClassLoadingANibWithOwnerSelfIsItsOwnerWhenTheNibNamesAnother() throws {
        let panel = "@interface Panel : NSObject {\n    IBOutlet NSWindow *window;\n}\n@end\n"
        let loads = { (release: Bool) in
            "@implementation Panel\n- (void)show { [NSBundle loadNibNamed:@\"Old\" owner:self]; }\n"
                + "- (void)dealloc {\n" + (release ? "    [window release];\n" : "") + "    [super dealloc];\n}\n@end\n"
        }
        for (ownerInNib, model) in [("OldPanel", ""), ("Transcript", "@interface Transcript : NSObject\n@end\n")] {
            for release in [true, false] {
                let dir = try project([
                    "Panel.h": panel + model, "Panel.m": loads(release),
                    "Old.xib": macXib(owner: ownerInNib, outlets: [("window", "w1")], objects: window),
                ])
                let r = audit([dir])
                XCTAssertTrue(r.stdout.contains("Old.xib: owner Panel"), "\(ownerInNib): \(r.stdout)")
                XCTAssertFalse(r.stdout.contains("stale"), r.stdout)
                XCTAssertEqual(r.stdout.contains("leak [N3 O9] `window` of Panel"), !release, "\(ownerInNib), release \(release): \(r.stdout)")
            }
        }
        // The nib names a subclass of the loading class: the subclass stays its owner.
        let dir = try project([
            "Panel.h": panel + "@interface SpecialPanel : Panel\n@end\n", "Panel.m": loads(true),
            "Old.xib": macXib(owner: "SpecialPanel", outlets: [("window", "w1")], objects: window),
        ])
        XCTAssertTrue(audit([dir]).stdout.contains("Old.xib: owner SpecialPanel"), audit([dir]).stdout)
    }

    func testLocalizedCopiesBundlesAndCompiledNibs() throws {
        let view = "<customView id=\"c1\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"20\" height=\"20\"/></customView>"
        let xib = macXib(owner: "NSObject", objects: view)
        let dir = try project([
            "App.m": "@implementation App\n- (void)a { [NSBundle loadNibNamed:@\"Strip\" owner:nil]; [NSBundle loadNibNamed:@\"Legacy\" owner:nil]; }\n@end\n",
            "Base.lproj/Strip.xib": xib, "en.lproj/Strip.xib": xib, "fr.lproj/Strip.xib": xib,
            "Legacy.nib/designable.nib": xib, "Legacy.nib/keyedobjects.nib": "bplist00",
            "Old.nib/objects.nib": "typedstream",
        ])
        let r = audit([dir])
        XCTAssertTrue(r.stdout.contains("Base.lproj/Strip.xib: owner NSObject"), r.stdout)
        XCTAssertTrue(r.stdout.contains("localized copies, audited as this one: en.lproj/Strip.xib, fr.lproj/Strip.xib"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Legacy.nib: owner NSObject"), r.stdout)
        XCTAssertTrue(r.stdout.contains("Old.nib: compiled for Mac OS X 10.1 or earlier (objects.nib"), r.stdout)
        XCTAssertEqual(r.stdout.components(separatedBy: "Strip.xib:").count - 1, 2, "one nib, one finding place: \(r.stdout)")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(audit(["--strict", dir]).status, 2, "a compiled nib is unread under --strict")
        let summary = audit(["--summary", dir, dir])
        XCTAssertEqual(summary.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 2)
        XCTAssertTrue(summary.stdout.contains("5 nibs on disk, 2 audited (2 localized copies with them), 1 listed (1 compiled); 2 findings (2 leak)"), summary.stdout)
        // Status 2 only when not one nib could be audited.
        let broken = try project(["Broken.xib": "<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\"><objects><customObject"])
        XCTAssertEqual(audit([broken]).status, 2)
    }

    func testSARIFPathsAreRelativeToSRCROOTWhateverTheFolderForm() throws {
        let dir = try project([
            "Pane.h": "@interface Pane : NSObject {\n    IBOutlet NSWindow *_window;\n}\n@end\n",
            "Pane.m": "@implementation Pane\n- (void)load { [NSBundle loadNibNamed:@\"P\" owner:self]; }\n@end\n",
            "sub/P.xib": macXib(owner: "Pane", outlets: [("_window", "w1")], objects: window),
        ])
        let parent = (dir as NSString).deletingLastPathComponent, base = (dir as NSString).lastPathComponent
        for form in [dir, dir + "/sub/..", parent + "/" + base + "/"] {
            let s = audit(["--format", "sarif", form]).stdout
            XCTAssertTrue(s.contains("\"uri\": \"Pane.h\",\n"), form + "\n" + s)
            XCTAssertTrue(s.contains("\"uri\": \"sub/P.xib\""), form)
            XCTAssertTrue(s.contains("\"uriBaseId\": \"SRCROOT\""), form)
            XCTAssertTrue(s.contains("\"originalUriBaseIds\""), form)
        }
    }

    // MARK: Retain cycles

    /// A controller's strong outlet to a helper whose strong `delegate` points back at it:
    /// one cycle finding at `delegate`, with the fix that suits the memory model, not a
    /// leak per member.
    func testARetainCycleIsOneFindingAtTheBackReference() throws {
        let xib = iOSXib(owner: "ListController", outlets: [("view", "v"), ("source", "h")], objects: """
            <view contentMode="scaleToFill" id="v"><rect key="frame" x="0.0" y="0.0" width="320" height="480"/></view>
            <customObject id="h" customClass="ListSource">
                <connections><outlet property="delegate" destination="-1" id="c3"/></connections>
            </customObject>
            """)
        func files(_ attr: String, _ dealloc: String) -> [String: String] {
            ["List.h": "@class ListSource;\n@interface ListController : UIViewController\n@property (nonatomic, \(attr)) IBOutlet ListSource *source;\n@end\n"
                + "@interface ListSource : NSObject\n@property (nonatomic, \(attr)) IBOutlet id delegate;\n@end\n",
             "List.m": "@implementation ListController\n\(dealloc)@end\n@implementation ListSource\n\(dealloc)@end\n",
             "List.xib": xib]
        }
        let arc = audit(["--platform", "ios6.0", try project(files("strong", ""))])
        XCTAssertTrue(arc.stdout.contains("retain cycle [O9] `delegate` of ListSource"), arc.stdout)
        XCTAssertTrue(arc.stdout.contains("fix: declare `delegate` weak (`@property (nonatomic, weak)`)"), arc.stdout)
        XCTAssertFalse(arc.stdout.contains("leak ["), "the cycle's members are not leaks of their own: \(arc.stdout)")
        XCTAssertFalse(arc.stdout.contains("dealloc`"), "no dealloc advice under ARC")
        XCTAssertTrue(arc.stdout.contains("\n1 finding (1 cycle)"), arc.stdout)
        let dealloc = "- (void)dealloc { [_source release]; [_delegate release]; [super dealloc]; }\n"
        let mrc = audit(["--platform", "ios6.0", "--memory", "mrc", try project(files("retain", dealloc))])
        XCTAssertTrue(mrc.stdout.contains("retain cycle [O9] `delegate` of ListSource"), mrc.stdout)
        XCTAssertTrue(mrc.stdout.contains("declare `delegate` assign"), mrc.stdout)
    }

    // MARK: Several loaders

    /// Two classes load the same nib as their own: each runs the battery, so the defect only
    /// the second one has (it never releases `extra`) is found.
    func testEveryClassThatLoadsANibRunsItsBattery() throws {
        let xib = iOSXib(owner: "FirstScreen", outlets: [("view", "v"), ("extra", "l")], objects: iOSViewWithLabel)
        let dir = try project([
            "Screens.h": """
            @interface FirstScreen : UIViewController
            @property (nonatomic, retain) IBOutlet UILabel *extra;
            @end
            @interface SecondScreen : UIViewController
            @property (nonatomic, retain) IBOutlet UILabel *extra;
            @end
            """,
            "Screens.m": """
            @implementation FirstScreen
            @synthesize extra;
            - (void)viewDidUnload { self.extra = nil; [super viewDidUnload]; }
            - (void)dealloc { [extra release]; [super dealloc]; }
            @end
            @implementation SecondScreen
            @synthesize extra;
            - (void)viewDidUnload { self.extra = nil; [super viewDidUnload]; }
            @end
            @implementation Menu
            - (void)open { [[FirstScreen alloc] initWithNibName:@"Shared" bundle:nil]; [[SecondScreen alloc] initWithNibName:@"Shared" bundle:nil]; }
            @end
            """,
            "Shared.xib": xib,
        ])
        let r = audit(["--platform", "ios6.0", dir])
        XCTAssertTrue(r.stdout.contains("Shared.xib: owner FirstScreen (view controller)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("also loaded as the nib of SecondScreen (Screens.m:11)"), r.stdout)
        XCTAssertTrue(r.stdout.contains("leak [O6 O9] `extra` of SecondScreen"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\n1 finding (1 leak)"), r.stdout)
        XCTAssertFalse(r.stdout.contains("outlets no nib connects"), "SecondScreen's outlet is connected when it loads the nib")
    }

    // MARK: Confidence

    /// A class declared under an `#ifdef` the reader cannot decide may not be built at all:
    /// its findings are kept, marked low confidence with the condition; the same class
    /// outside any `#if` gives the same finding at normal confidence.
    func testAFindingOfAClassUnderAnUndecidedIfdefSaysSo() throws {
        func files(_ guardOpen: String, _ guardClose: String) -> [String: String] {
            ["Note.h": "\(guardOpen)@interface NoteController : NSWindowController {\n    IBOutlet NSTextField *note;\n}\n@end\n\(guardClose)",
             "Note.m": "#import \"Note.h\"\n\(guardOpen)@implementation NoteController\n- (void)dealloc {\n    [note release];\n    [super dealloc];\n}\n@end\n\(guardClose)",
             "Note.xib": macXib(owner: "NoteController", outlets: [("window", "w1"), ("note", "t1")], objects: window)]
        }
        let guarded = audit(["--platform", "mac", try project(files("#ifdef INCLUDE_NOTES\n", "#endif\n"))]).stdout
        XCTAssertTrue(guarded.contains("over-release [N6 O4] `note` of NoteController"), guarded)
        XCTAssertTrue(guarded.contains("confidence: low: NoteController is declared under `#ifdef INCLUDE_NOTES`"), guarded)
        let plain = audit(["--platform", "mac", try project(files("", ""))]).stdout
        XCTAssertTrue(plain.contains("over-release [N6 O4] `note` of NoteController"), plain)
        XCTAssertFalse(plain.contains("confidence:"), plain)
    }


    /// A release the reader does not understand (`CFRelease` of an object) leaves a leak it cannot rule out: the
    /// finding stays, marked low confidence with the statement; a release inside `#if 0` or
    /// a comment is no such statement.
    func testAFindingThatDependsOnAnUnreadStatementSaysSo() throws {
        func files(_ dealloc: String) -> [String: String] {
            ["Cell.h": "@interface NoteController : NSWindowController\n@property (nonatomic, retain) IBOutlet NSTextField *note;\n@end\n",
             "Cell.m": "@implementation NoteController\n@synthesize note = _note;\n- (void)dealloc {\n\(dealloc)\n    [super dealloc];\n}\n@end\n",
             "Note.xib": macXib(owner: "NoteController", outlets: [("window", "w1"), ("note", "t1")], objects: window)]
        }
        let comma = audit([try project(files("    CFRelease(_note);"))])
        XCTAssertTrue(comma.stdout.contains("leak [O6 O9] `note` of NoteController"), comma.stdout)
        XCTAssertTrue(comma.stdout.contains("confidence: low: `dealloc` names `note` in a statement the reader did not understand (Cell.m:4: `CFRelease(_note);`)"), comma.stdout)
        let json = audit(["--format", "json", try project(files("    CFRelease(_note);"))]).stdout
        XCTAssertTrue(json.contains("\"confidence\": \"low\""), json)
        let dead = audit([try project(files("#if 0\n    [_note release];\n#endif\n    // [_note release];\n    NSLog(@\"_note\");"))])
        XCTAssertTrue(dead.stdout.contains("leak [O6 O9] `note` of NoteController"), dead.stdout)
        XCTAssertFalse(dead.stdout.contains("confidence:"), dead.stdout)
    }

    /// An exception on a live object (a key the object's class lacks) is a crash, not a
    /// zombie message: only a message to a freed object is a zombie.
    func testAnExceptionOnALiveObjectIsACrashNotAZombie() throws {
        let xib = iOSXib(owner: "PanelController", outlets: [("view", "v"), ("badge", "b")], objects: """
            <view contentMode="scaleToFill" id="v">
                <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                <subviews>
                    <imageView id="b">
                        <rect key="frame" x="0.0" y="0.0" width="20" height="20"/>
                        <connections><outlet property="owner" destination="-1" id="c3"/></connections>
                    </imageView>
                </subviews>
            </view>
            """)
        let dir = try project([
            "Panel.h": "@interface PanelController : UIViewController\n@property (nonatomic, assign) IBOutlet UIImageView *badge;\n@end\n",
            "Panel.m": "@implementation PanelController\n@synthesize badge;\n@end\n",
            "Panel.xib": xib,
        ])
        let r = audit(["--platform", "ios6.0", dir])
        XCTAssertTrue(r.stdout.contains("crash [O5]"), r.stdout)
        XCTAssertTrue(r.stdout.contains("not key value coding-compliant for the key owner"), r.stdout)
        XCTAssertFalse(r.stdout.contains("zombie"), r.stdout)
    }
}
