import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptBenchmarks
import SourceImport
import NibScriptSyntax

final class ImportLoweringTests: XCTestCase {
    func scan(_ text: String, path: String = "T.m") -> [ImportedClass] {
        var p = ImportedProject()
        p.merge(ObjCScanner.scan(path: path, bytes: Array(text.utf8)))
        p.finish()
        return p.classes
    }

    /// A hand-written retaining setter is lowered with `value` (its argument); a setter whose
    /// store is not the argument is left out (the synthesized one models it better).
    func testSetterLowering() {
        let d = scan("""
        @interface D : UIViewController { UIToolbar *bar; UIView *box; }
        @end
        @implementation D
        - (void)loadView { [super loadView]; bar = [[self makeBar] retain]; }
        - (void)setBar:(UIToolbar *)b { if (bar != b) { [bar release]; bar = (UIToolbar *)[b retain]; } }
        - (void)setBox:(UIView *)b { [box release]; box = [[self wrap:b] retain]; }
        @end
        """)[0]
        let lowered = ImportLowering(project: { var p = ImportedProject(); p.merge([d]); p.finish(); return p }(), platform: .ios, memory: .mrc).render(d)
        XCTAssertTrue(lowered.contains("bar = new UIToolbar"), lowered)
        XCTAssertTrue(lowered.contains("setBar: {"), lowered)
        XCTAssertTrue(lowered.contains("        release bar    #"), lowered)
        XCTAssertTrue(lowered.contains("        bar = value    #"), lowered)
        XCTAssertTrue(lowered.contains("        retain value    #"), lowered)
        XCTAssertFalse(lowered.contains("setBox:"), lowered)
    }

    /// A `readonly` property has no setter: it is lowered as its ivar (the loader stores
    /// there), with the property's ownership under ARC; an ivar beside a property of its name
    /// that does not back it is left out (the script names a member once).
    func testReadonlyPropertiesAndUnrelatedIvars() {
        let text = """
        @interface R : UIViewController { IBOutlet UIView *_panel; UIView *spare; }
        @property (nonatomic, readonly) UIView *panel;
        @property (nonatomic, readonly, weak) IBOutlet UIView *hint;
        @property (nonatomic, retain) IBOutlet UIView *spare;
        @end
        @implementation R
        - (void)dealloc { [_panel release]; [_spare release]; [super dealloc]; }
        @end
        """
        var p = ImportedProject()
        p.merge(ObjCScanner.scan(path: "R.m", bytes: Array(text.utf8)))
        p.finish()
        let mrc = ImportLowering(project: p, platform: .ios, memory: .mrc).render(p["R"]!)
        XCTAssertTrue(mrc.contains("    ivar _panel : UIView    # R.m:2 (readonly property panel, IBOutlet)"), mrc)
        XCTAssertTrue(mrc.contains("    outlet spare : UIView retain ivar _spare"), mrc)
        XCTAssertTrue(mrc.contains("ivar spare beside the property spare (ivar _spare): left out"), mrc)
        XCTAssertTrue(mrc.contains("        release _panel    #"), mrc)
        let arc = ImportLowering(project: p, platform: .ios, memory: .arc).render(p["R"]!)
        XCTAssertTrue(arc.contains("    ivar _hint : UIView weak    # R.m:3 (readonly property hint, IBOutlet)"), arc)
        let (program, diagnostics) = Compiler.compile(SourceFile(path: "r", bytes: Array(("platform ios 5.1\nmemory mrc\n" + mrc).utf8)))
        XCTAssertNotNil(program, "\(diagnostics.map(\.message))")
    }

    /// A statement on a branch is lowered when the branch runs whenever its subject matters
    /// (a nil check, an init's `if (self)`, a `@try` body); otherwise it is shown, not run.
    /// A statement of an undecided `#if` that holds only under the other memory model is left out.
    func testBranchesAndConditionsInLowering() {
        let text = """
        @interface E : UIViewController { UIView *a; UIView *b; UIView *c; UIView *d; UIView *f; }
        @end
        @implementation E
        - (id)init { if ((self = [super init])) { a = [[UIView alloc] init]; } return self; }
        - (void)dealloc {
            if (a != nil) { [a release]; }
            if (flag) [b release];
            @try { [c release]; } @catch (id x) { [d release]; }
            if (!f) { [super dealloc]; return; }
        #if __has_feature(objc_arc)
            f = nil;
        #else
            [f release];
        #endif
            [super dealloc];
        }
        @end
        """
        var p = ImportedProject()
        p.merge(ObjCScanner.scan(path: "E.m", bytes: Array(text.utf8)))
        p.finish()
        let e = p["E"]!
        let mrc = ImportLowering(project: p, platform: .ios, memory: .mrc).render(e)
        // R1: a `dealloc` release under a condition the audit cannot evaluate is taken as
        // run (a finding about `b` is low confidence); one in a `@catch` body is not.
        for line in ["a = new UIView", "release a ", "release b ", "release c ", "release f ",
                     "# on a branch, taken as run (R1): E.m:7: [b release]; (if (flag))",
                     "# on a branch: E.m:8: [d release]; (@catch (id x))"] {
            XCTAssertTrue(mrc.contains(line), "\(line) in\n\(mrc)")
        }
        XCTAssertFalse(mrc.contains("release d "), mrc)
        XCTAssertTrue(mrc.contains("        super    # E.m:15: [super dealloc];"), "the path that goes on: " + mrc)
        XCTAssertTrue(mrc.contains("# on a branch: E.m:9: [super dealloc]; (if (!f))"), mrc)
        XCTAssertFalse(mrc.contains("f = nil"), "the ARC branch, under MRC: " + mrc)
        XCTAssertTrue(mrc.contains("(under #else (of #if __has_feature(objc_arc)))"), mrc)
        let arc = ImportLowering(project: p, platform: .ios, memory: .arc).render(e)
        XCTAssertTrue(arc.contains("f = nil"), arc)
    }

    func testImportPrintsClassesThatCompile() throws {
        let dir = NSTemporaryDirectory() + "nibscript-import-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        @interface D : UIViewController { IBOutlet UILabel *label; }
        @property (nonatomic, retain) IBOutlet UIView *panel;
        @end
        @implementation D
        - (void)dealloc { [label release]; self.panel = nil; [super dealloc]; }
        @end
        """.write(toFile: dir + "/D.m", atomically: false, encoding: .utf8)
        let r = Driver.main(["import", dir + "/D.m"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stdout.contains("ivar label : UILabel"))
        XCTAssertTrue(r.stdout.contains("outlet panel : UIView retain ivar _panel"))
        XCTAssertTrue(r.stdout.contains("release label    # " + dir + "/D.m:5: [label release];"))
        // What import prints is a script the checker accepts.
        let (program, diagnostics) = Compiler.compile(SourceFile(path: "imported", bytes: Array(r.stdout.utf8)))
        XCTAssertNotNil(program, DiagnosticFormatter.format(diagnostics, in: SourceFile(path: "imported", bytes: Array(r.stdout.utf8))))
    }
}

final class AuditTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let shared = root + "/../shared/projects"

    /// The slice, the options its SLICE.md implies (the deployment target), and the golden.
    func auditSlice(_ name: String, _ options: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Driver.Result {
        let dir = Self.shared + "/" + name
        guard FileManager.default.fileExists(atPath: dir + "/SLICE.md") else { throw XCTSkip("../shared is absent") }
        var r = Driver.main(["audit"] + options + [dir])
        r.stdout = r.stdout.replacingOccurrences(of: dir, with: "../shared/projects/" + name)
        r.stderr = r.stderr.replacingOccurrences(of: dir, with: "../shared/projects/" + name)
        // Through the one golden policy (issue 29): compared as bytes, and in update mode
        // (never on CI) rewritten with a failure or a skip, not a pass.
        var golden = GoldenCheck(file: file, line: line)
        golden.check(r.stderr + r.stdout + "exit status \(r.status)\n",
                     golden: Self.root + "/Tests/NibScriptTests/Fixtures/audit/\(name).out", name: "audit of \(name)")
        try golden.finish(file: file, line: line)
        return r
    }

    /// Each finding's kind and member, then each of its consequences (`also abandoned …`)
    /// as a pair of its own with the finding's member.
    func findings(_ r: Driver.Result) -> [(kind: String, member: String)] {
        var out: [(String, String)] = []
        for l in r.stdout.components(separatedBy: "\n") {
            if l.hasPrefix("  also "), let last = out.last {
                out.append((String(l.dropFirst(7).prefix { $0 != "[" }).trimmingCharacters(in: .whitespaces), last.1))
                continue
            }
            guard let range = l.range(of: ": "), l.contains("] `") else { continue }
            let rest = l[range.upperBound...]
            let kind = String(rest.prefix { $0 != "[" }).trimmingCharacters(in: .whitespaces)
            let member = rest.components(separatedBy: "`").dropFirst().first ?? ""
            let cls = rest.components(separatedBy: " of ").last ?? ""
            out.append((kind, "\(cls).\(member)"))
        }
        return out
    }

    /// SLICE.md: deployment iOS 6.1, so only the iOS 6.0 column; F1–F4 are the File's
    /// Owner ivar outlets of four controllers, F5 the `label`/`label2` outlets of
    /// idLabelButton, all leaks; nothing abandoned, dangling or over-released.
    func testDoomClassic() throws {
        let r = try auditSlice("ios-mrc-modern-doom-classic", ["--platform", "ios6.0"])
        XCTAssertEqual(r.status, 1)
        let f = findings(r)
        XCTAssertEqual(Set(f.map(\.kind)), ["leak"])
        let byClass = Dictionary(grouping: f.map(\.member), by: { $0.components(separatedBy: ".")[0] }).mapValues(\.count)
        XCTAssertEqual(byClass["Doom_SettingsMenuViewController"], 8)   // F1
        XCTAssertEqual(byClass["Doom_ControlsMenuViewController"], 7)   // F2
        XCTAssertEqual(byClass["Doom_EpisodeMenuViewController"], 6)    // F3
        XCTAssertEqual(byClass["Doom_MissionMenuViewController"], 18)   // F4
        XCTAssertEqual(Set(f.map(\.member).filter { $0.hasPrefix("idLabelButton") }), ["idLabelButton.label", "idLabelButton.label2"])  // F5
        XCTAssertTrue(r.stdout.contains("`label = nil;` in `dealloc` (LabelButton.mm:196) stores into the ivar and releases nothing"))
        XCTAssertFalse(f.map(\.member).contains { $0.hasSuffix(".selectedScroller") }, "ruled out by SLICE.md")
    }

    /// SLICE.md: the negative control: no finding for either nib, main nib included.
    func testMBProgressHUDDemo() throws {
        let r = try auditSlice("ios-mrc-modern-mbprogresshud-demo")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(findings(r).isEmpty)
        XCTAssertTrue(r.stdout.contains("HudDemoViewController.xib: owner HudDemoViewController (view controller)"))
    }

    /// SLICE.md (legacy archives, read by the legacy reader): F1 the five session outlets
    /// leak, F2 they are abandoned after a warning on iOS ≤ 5.1, F4 the three subviews of the
    /// connecting view leak, F6 and F7 the sheets' outlets leak (never abandoned: their
    /// creator presents them modally, B6); no finding for the assign delegates; F3 the toolbar
    /// `loadView` makes again at every load; F5 the connecting view's outlet dangles once a
    /// delegate method removes it from its superview and autoreleases it (B1, B2).
    func testFreeRDP() throws {
        let r = try auditSlice("ios-mrc-legacy-freerdp")
        XCTAssertEqual(r.status, 1)
        let f = findings(r)
        let session = ["_session_scrollview", "_session_view", "_touchpointer_view", "_session_toolbar", "_dummy_textfield"]
            .map { "RDPSessionViewController.\($0)" }
        let connecting = ["_lbl_connecting", "_connecting_indicator_view", "_cancel_connect_button"].map { "RDPSessionViewController.\($0)" }
        let credentials = ["_textfield_username", "_textfield_password", "_textfield_domain", "_btn_login", "_btn_cancel", "_scroll_view", "_lbl_message"]
            .map { "CredentialsInputController.\($0)" }
        let verify = ["_label_issuer", "_btn_accept", "_btn_decline", "_label_message", "_label_for_issuer"].map { "VerifyCertificateController.\($0)" }
        let toolbar = "RDPSessionViewController._keyboard_toolbar"
        XCTAssertEqual(Set(f.filter { $0.kind == "leak" }.map(\.member)),
                       Set(session + connecting + credentials + verify + [toolbar, "RDPSessionViewController._connecting_view"]))   // F1, F3, F4, F6, F7 (and F5's consequence)
        XCTAssertEqual(Set(f.filter { $0.kind.hasPrefix("abandoned") }.map(\.member)), Set(session + [toolbar]))   // F2
        // F3: the toolbar loadView makes again at every view load.
        XCTAssertTrue(r.stdout.contains("leak [V12 O9] `_keyboard_toolbar` of RDPSessionViewController"))
        XCTAssertTrue(r.stdout.contains("`_keyboard_toolbar = [[self keyboardToolbar] retain];` in `loadView` (RDPSessionViewController.m:82) runs at every view load"))
        // F5, and only it: the delegates are assign, no finding. Its leak in a run where no
        // delegate method comes is a consequence of it, not a finding of its own.
        XCTAssertEqual(f.filter { $0.kind == "dangling outlet" }.map(\.member), ["RDPSessionViewController._connecting_view"])
        XCTAssertTrue(r.stdout.contains("dangling outlet [O10 V8] `_connecting_view` of RDPSessionViewController\n  finding 13:"), r.stdout)
        XCTAssertFalse(f.contains { $0.member.hasSuffix(".delegate") }, "the delegates are assign: no finding")
        XCTAssertTrue(r.stdout.contains("scenarios \"-[RDPSessionViewController session:didFailToConnect:] sent\", \"-[RDPSessionViewController sessionDidConnect:] sent\""), r.stdout)
        XCTAssertTrue(r.stdout.contains("presented modally by its creator (client/iOS/Controllers/RDPSessionViewController.m:388)"))
        XCTAssertTrue(r.stdout.contains("RDPSessionView: UIView, in client/iOS/Resources/RDPSessionView.xib:82"), "listed, not guessed")
        // `_connecting_view` is autoreleased in a delegate method and never set to nil: the fix
        // is that nil, never a release in `dealloc`, which would message a freed view.
        XCTAssertTrue(r.stdout.contains("fix: `[_connecting_view autorelease];` in `session:didFailToConnect:` (RDPSessionViewController.m:302) gives it up without setting `_connecting_view` to nil"), r.stdout)
        XCTAssertFalse(r.stdout.contains("dealloc` (RDPSessionViewController.m:184): `[_connecting_view release];`"), r.stdout)
        XCTAssertTrue(r.stdout.contains("set it to nil there (`_connecting_view = nil;`), then release it in `dealloc`, safe once it is nil"), r.stdout)
    }

    /// SLICE.md: F3 the PlotSymbolDemo window and controller leak (N3); F1 and F2 the same for
    /// the other two demo nibs, whose windows are connected to `plotSymbolWindow` too (the
    /// three connections are merged into one finding at that outlet), loaded again at every
    /// click because the action's guard tests the outlet the nib never connects; F4 the graph
    /// `awakeFromNib` makes again at each demo nib the owner loads (B1, B4, B5); F5 `hostView`
    /// dangling once the main window is closed (B3). `Controller` is a main-nib object: no fix
    /// says `dealloc`, which never runs.
    func testCorePlot() throws {
        let r = try auditSlice("mac-mrc-coreplot-cpttestapp")
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(Set(findings(r).map(\.member)), ["Controller.plotSymbolWindow", "Controller.graph", "Controller.hostView"])
        for c in ["AxisDemoController", "CPTPlotSymbolTestController", "SelectionDemoController"] {
            XCTAssertTrue(r.stdout.contains("leak [N3 O9] top-level \(c) of Controller"), c)
        }
        // The legacy reader places a connection at its IBConnectionRecord, the line before the
        // `label` line SLICE.md cites (:92, :90, :94).
        for nib in ["AxisDemo.xib:91", "PlotSymbolDemo.xib:89", "SelectionDemo.xib:93"] {
            XCTAssertTrue(r.stdout.contains(nib), "the connection \(nib) of plotSymbolWindow")
        }
        XCTAssertTrue(r.stdout.contains("CPTTestApp.xib: owner NSApplication (main nib)"))
        // F1/F2's wrong outlet: the two outlets the demo nibs should have connected.
        XCTAssertTrue(r.stdout.contains("outlets no nib connects (renamed or wrong connections show here; not findings):\n  Controller.axisDemoWindow (examples/CPTTestApp/Source/Controller.h:8:5)\n  Controller.selectionDemoWindow (examples/CPTTestApp/Source/Controller.h:9:5)\n"))
        XCTAssertTrue(r.stdout.contains("loads AxisDemo.xib again whenever `axisDemoWindow` is nil, and the nib never connects `axisDemoWindow` (it connects `plotSymbolWindow`)"))
        XCTAssertTrue(r.stdout.contains("loads SelectionDemo.xib again whenever `selectionDemoWindow` is nil"))
        // F4 and F5.
        XCTAssertTrue(r.stdout.contains("leak [V12 O9] `graph` of Controller"))
        XCTAssertTrue(r.stdout.contains("in `setupGraph` (Controller.m:68) runs again and stores a new CPTXYGraph into `graph`"))
        XCTAssertTrue(r.stdout.contains("confidence: low: CPTXYGraph is in neither the sources nor the catalogue"))
        XCTAssertTrue(r.stdout.contains("dangling outlet [O10 V8] `hostView` of Controller"))
        XCTAssertTrue(r.stdout.contains("scenario \"main nib loaded, window window_446 closed by the user\""))
        // No fix puts a release in the `dealloc` of a main-nib object.
        for l in r.stdout.components(separatedBy: "\n") where l.hasPrefix("  fix:") {
            XCTAssertFalse(l.contains("in `dealloc` (Controller.m"), l)
        }
    }

    func testGeneratedProjectAndBaseline() throws {
        let dir = NSTemporaryDirectory() + "nibscript-audit-test-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try AuditProject.write(to: dir, controllers: 3)
        let r = Driver.main(["audit", dir])
        XCTAssertEqual(r.status, 1)
        let f = findings(r)
        // Per controller: the ivar leaks, and on 5.1 it is abandoned (one defect, one finding:
        // the abandonment is a consequence of the missing release) and the assign outlet dangles.
        XCTAssertEqual(f.count, 9, r.stdout)
        XCTAssertTrue(r.stdout.contains("\n6 findings (3 leak, 3 dangling)"), r.stdout)
        XCTAssertEqual(f.filter { $0.kind == "leak" }.count, 3)
        XCTAssertEqual(f.filter { $0.kind == "dangling outlet" }.map(\.member).sorted(),
                       (0..<3).map { "Screen\($0)ViewController.action" })
        XCTAssertFalse(f.contains { $0.member.hasSuffix(".picture") }, "released in dealloc, nil'd in viewDidUnload")
        // --memory and --platform narrow the configurations.
        let six = Driver.main(["audit", "--platform", "ios6.0", dir])
        XCTAssertEqual(findings(six).count, 3)
        XCTAssertEqual(findings(Driver.main(["audit", "--platform", "ios5.1", dir])).count, 9)
        // A baseline written by --format json suppresses what it records.
        let json = Driver.main(["audit", "--format", "json", dir])
        XCTAssertTrue(json.stdout.contains("\"fingerprint\": \"leak|Screen0ViewController|title0\""))
        try json.stdout.write(toFile: dir + "/baseline.json", atomically: false, encoding: .utf8)
        let again = Driver.main(["audit", "--baseline", dir + "/baseline.json", dir])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stdout.contains("0 findings; 6 suppressed by the baseline"))
        // A baseline of the time each consequence was a finding of its own still suppresses it.
        let old = "{\"findings\": [" + (0..<3).flatMap { k in ["leak|Screen\(k)ViewController|title\(k)", "abandoned|Screen\(k)ViewController|title\(k)",
                                                                "dangling|Screen\(k)ViewController|action"] }
            .map { "{\"fingerprint\": \"\($0)\"}" }.joined(separator: ", ") + "]}"
        try old.write(toFile: dir + "/old.json", atomically: false, encoding: .utf8)
        XCTAssertEqual(Driver.main(["audit", "--baseline", dir + "/old.json", dir]).status, 0)
        let sarif = Driver.main(["audit", "--format", "sarif", dir])
        XCTAssertTrue(sarif.stdout.contains("\"version\": \"2.1.0\""))
        XCTAssertEqual(sarif.stdout.components(separatedBy: "\"ruleId\"").count - 1, 6)
        XCTAssertEqual(Driver.main(["audit", dir + "/nowhere"]).status, 2)
        XCTAssertEqual(Driver.main(["audit", "--format", "xml", dir]).status, 2)
    }

    func project(_ files: [String: String], xibs: [String]) throws -> String {
        let dir = NSTemporaryDirectory() + "nibscript-audit-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (n, text) in files { try text.write(toFile: dir + "/" + n, atomically: false, encoding: .utf8) }
        for x in xibs { try FileManager.default.copyItem(atPath: Self.root + "/" + x, toPath: dir + "/" + (x as NSString).lastPathComponent) }
        return dir
    }

    /// viewDidUnload releases `avatar` without setting it to nil: dangling while covered,
    /// then released again by the setter when the view reloads (O4); `editButton` and
    /// `nameLabel` are done right and give nothing.
    func testOverReleaseAfterViewDidUnload() throws {
        let dir = try project([
            "R.h": """
            @interface ProfileViewController : UIViewController { IBOutlet UILabel *nameLabel; }
            @property (nonatomic, retain) IBOutlet UIImageView *avatar;
            @property (nonatomic, retain) IBOutlet UIButton *editButton;
            @end
            """,
            "R.m": """
            @implementation ProfileViewController
            @synthesize avatar, editButton;
            - (void)viewDidUnload { [avatar release]; self.editButton = nil; [nameLabel release]; nameLabel = nil; [super viewDidUnload]; }
            - (void)dealloc { [avatar release]; [editButton release]; [nameLabel release]; [super dealloc]; }
            @end
            """,
        ], xibs: ["examples/audit/profile-app/Resources/ProfileView.xib"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = Driver.main(["audit", dir])
        let f = findings(r)
        XCTAssertEqual(f.map(\.kind), ["dangling outlet", "over-release"], r.stdout)
        XCTAssertEqual(Set(f.map(\.member)), ["ProfileViewController.avatar"])
        XCTAssertTrue(r.stdout.contains("fix: after releasing `avatar` in `viewDidUnload` (R.m:3) set it to nil"))
        XCTAssertEqual(findings(Driver.main(["audit", "--platform", "ios6.0", dir])).count, 0, "no unload on iOS 6")
    }

    /// A plain Mac owner: the window and the helper are top-level objects handed to it at +1
    /// (N3), pointed at by unretained ivar outlets and never released.
    func testMacTopLevelObjectsOfAPlainOwner() throws {
        let dir = try project([
            "WindowOwner.h": """
            @interface WindowOwner : NSObject {
                IBOutlet NSWindow *window;
                IBOutlet NSTextField *field;
                IBOutlet Helper *helper;
            }
            @end
            @interface Helper : NSObject
            @end
            """,
            "WindowOwner.m": "@implementation WindowOwner\n- (void)dealloc { [super dealloc]; }\n@end\n",
        ], xibs: ["examples/xib/Document.xib"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = Driver.main(["audit", dir])
        XCTAssertTrue(r.stdout.contains("Document.xib: owner WindowOwner (plain owner), 1 run under mac 10.7 mrc"), r.stdout)
        XCTAssertEqual(findings(r).map(\.member), ["WindowOwner.window", "WindowOwner.helper"])
        XCTAssertTrue(r.stdout.contains("leak [N3 O9] `window` of WindowOwner"))
        XCTAssertFalse(r.stdout.contains("`field`"), "a subview of the window: not a finding of its own")
        XCTAssertEqual(Driver.main(["audit", "--platform", "ios", dir]).status, 0, "a Mac document is skipped under --platform ios")
    }
}
