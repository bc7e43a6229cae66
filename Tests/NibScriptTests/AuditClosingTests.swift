import Foundation
import XCTest
import NibScriptSyntax
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptCommandLine
@testable import NibAudit
@testable import SourceImport

/// What runs when a window or a pane closes (rules B7–B10), on a small Mac MRC project of our
/// own (`Fixtures/closing`): a window controller releasing in `windowWillClose:` (its window's
/// delegate connected, and one not), an NSPreferencePane releasing in `didUnselect`, a project
/// base class whose `-closeView` calls a hook a subclass overrides and that a preferences
/// window sends to its panes when it closes, and a document whose action makes an object.
final class AuditClosingTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/closing").path

    static let report: String = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", fixture]).stdout

    /// The findings' headings (`File.h:4:5: leak [N3 O9] `view` of BasePane`).
    var headings: [String] { Self.report.components(separatedBy: "\n").filter { $0.contains(": leak [") || $0.contains(": dangling") || $0.contains(": over-release") } }

    /// B7: the nib connects the window's delegate to File's Owner: closing the window sends it
    /// `windowWillClose:`, whose release of what `windowDidLoad` made balances it. A window
    /// controller whose window's delegate is not connected never gets it (AppKit does not make
    /// a window controller its window's delegate): its leak stays.
    func testWindowWillCloseReachesTheWindowsDelegateOnly() {
        XCTAssertFalse(headings.contains { $0.contains("`entries` of LogWindowController") }, Self.report)
        XCTAssertTrue(Self.report.contains("before its release: its window closed by the user (`-[LogWindowController windowWillClose:]`) (B7)"), Self.report)
        XCTAssertTrue(headings.contains { $0.contains("leak [V12 O9] `cache` of SilentWindowController") }, Self.report)
        XCTAssertTrue(Self.report.contains("scenario \"shown and released\""), Self.report)
    }

    /// B7, an observer: WatchWindowController registers itself for
    /// NSWindowWillCloseNotification; the close reaches its `watchedWindowWillClose:`, which
    /// releases what `windowDidLoad` made.
    func testAnObserverOfTheCloseNotificationGetsIt() {
        XCTAssertFalse(headings.contains { $0.contains("`buffer` of WatchWindowController") }, Self.report)
        XCTAssertTrue(Self.report.contains("its window closed by the user (`watchedWindowWillClose:` observing NSWindowWillCloseNotification)"), Self.report)
    }

    /// B8: the pane's `didUnselect` gives back its nib's top-level helper view (no leak), and
    /// what `mainViewDidLoad` makes and nothing releases is a leak found in the pane's life.
    func testAPreferencePaneGetsItsLifecycle() {
        XCTAssertFalse(headings.contains { $0.contains("`helperView` of ClockPane") }, Self.report)
        XCTAssertTrue(headings.contains { $0.contains("leak [V12 O9] `zones` of ClockPane") }, Self.report)
        XCTAssertTrue(Self.report.contains("made in mainViewDidLoad"), Self.report)
        XCTAssertTrue(Self.report.contains("\"loaded by System Preferences, selected, unselected and unloaded\""), Self.report)
    }

    /// System Preferences' order (Apple's Preference Pane Programming Guide): loadMainView
    /// (nib, assignMainView, mainViewDidLoad), willSelect, didSelect; then shouldUnselect,
    /// willUnselect, didUnselect; then the pane goes.
    func testThePanesMessagesComeInSystemPreferencesOrder() {
        let lines = NibAuditor.paneStart("c", owner: "P", nib: "N", arc: false) + NibAuditor.paneEnd("c", arc: false)
        let sent = lines.compactMap { l -> String? in
            let t = l.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("send c ") { return String(t.dropFirst(7)) }
            if t.hasPrefix("load nib") { return "load" }
            if t.hasPrefix("release c->_window") { return "assignMainView" }
            if t == "release c" { return "release" }
            return nil
        }
        XCTAssertEqual(sent, ["load", "assignMainView", "mainViewDidLoad", "willSelect", "didSelect",
                              "shouldUnselect", "willUnselect", "didUnselect", "release"])
    }

    /// B9 and B10: `-[PrefsController windowWillClose:]` sends `closeView` to its panes; the
    /// base class's `closeView` releases `view` and calls `[self viewWillClose]`, which on a
    /// SoundsPane is SoundsPane's override, releasing `accessoryView`. Neither leaks.
    func testAHookRunsTheSubclassOverrideAndTheUsersTeardownIsSent() {
        XCTAssertFalse(headings.contains { $0.contains("`view` of BasePane") }, Self.report)
        XCTAssertFalse(headings.contains { $0.contains("`accessoryView` of SoundsPane") }, Self.report)
        XCTAssertTrue(Self.report.contains("closed by its users (`closeView`, as `-[PrefsController windowWillClose:]` sends it) (B10)"), Self.report)
    }

    /// B11: `-[BasePane view]` loads the nib by `[self nibName]` and then sends
    /// `[self viewDidLoad]`: the battery sends it after its load, and what SoundsPane's
    /// override makes and nothing releases is a leak.
    func testTheLoadingMethodsHooksFollowTheLoad() {
        XCTAssertTrue(Self.report.contains("after the load: `viewDidLoad`, as the method that loads it with `[self nibName]` sends them (B11)"), Self.report)
        XCTAssertTrue(headings.contains { $0.contains("leak [V12 O9] `player` of SoundsPane") }, Self.report)
    }

    /// B10 counts a sender only when its receiver may be the owner: PrefsController's
    /// `dealloc` sends `stop` to its `recorder`, declared a Recorder, so SoundsPane's own
    /// `stop` (which would release `player`) is not sent, and `player` still leaks.
    func testATeardownSentToAnotherClassIsNotTheOwners() {
        XCTAssertFalse(Self.report.contains("`stop`, as"), Self.report)
        XCTAssertTrue(headings.contains { $0.contains("leak [V12 O9] `player` of SoundsPane") }, Self.report)
    }

    /// The lowering: the base class sends the overridden hook (under the nil check its call is
    /// under), and the subclass gets its override as a method of its own.
    func testTheBaseClassSendsTheHookItsSubclassOverrides() {
        let (project, _) = SourceReading.read(paths: ["BasePane.h", "BasePane.m"].map { Self.fixture + "/" + $0 })
        var lowering = ImportLowering(project: project, platform: .mac, memory: .mrc)
        lowering.callbacks.insert("closeView")
        let base = lowering.render(project["BasePane"]!)
        XCTAssertTrue(base.contains("if view != nil {\n            send self viewWillClose"), base)
        XCTAssertTrue(base.contains("release view"), base)
        let sounds = lowering.render(project["SoundsPane"]!)
        XCTAssertTrue(sounds.contains("viewWillClose {"), sounds)
        XCTAssertTrue(sounds.contains("release accessoryView"), sounds)
        XCTAssertTrue(sounds.contains("        super"), sounds)
    }

    /// B7 in a method: the code's own `[w close]` sends the notification, then a window
    /// released when closed gives itself back — under MRC the object the ivar held before the
    /// close (the delegate may set the ivar to nil), under ARC through the ivar if not nil.
    func testTheCodesOwnCloseSendsTheNotificationThenTheRelease() throws {
        let dir = NSTemporaryDirectory() + "nibscript-closing-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "@interface Console : NSObject {\n    IBOutlet NSWindow *panel;\n}\n@end\n".write(toFile: dir + "/Console.h", atomically: false, encoding: .utf8)
        try "@implementation Console\n- (void)dismiss {\n    [panel close];\n}\n@end\n".write(toFile: dir + "/Console.m", atomically: false, encoding: .utf8)
        let (project, _) = SourceReading.read(paths: [dir + "/Console.h", dir + "/Console.m"])
        func lowered(_ memory: MemoryModelName) -> [String] {
            var l = ImportLowering(project: project, platform: .mac, memory: memory)
            l.releasedWhenClosed = ["panel"]
            return l.statements(project["Console"]!.helper("dismiss")!, in: project["Console"]!).0.map { $0.components(separatedBy: "    #")[0] }
        }
        XCTAssertEqual(lowered(.mrc), ["closing_panel_3 = panel", "send panel close", "release closing_panel_3"])
        XCTAssertEqual(lowered(.arc), ["send panel close", "if panel != nil {", "    CFRelease panel", "}"])
    }

    /// The selectors a statement sends to other objects (B10).
    func testTheSelectorsSentToOtherObjects() {
        func sent(_ t: String) -> [String] { NibAuditor.sentToOthers(t).map { "\($0.0) to \($0.1 ?? "each")" } }
        XCTAssertEqual(sent("[[preferencePanes allValues] makeObjectsPerformSelector:@selector(closeView)];"), ["closeView to each"])
        XCTAssertEqual(sent("[detailsPane closeView];"), ["closeView to detailsPane"])
        XCTAssertEqual(sent("[self closeView];"), [])
        XCTAssertEqual(sent("[pane setTitle:x];"), [])
    }

    /// L6 steps: a document's action is sent while it is open; what it makes and `dealloc`
    /// never releases leaks once the document closes.
    func testADocumentsActionsAreSent() {
        XCTAssertTrue(headings.contains { $0.contains("leak [V12 O9] `history` of NoteDocument") }, Self.report)
        XCTAssertTrue(Self.report.contains("\"-[NoteDocument snapshot:] sent, then released\""), Self.report)
    }

    /// The world (CocoaSimulator): `-[NSWindow close]` sends the delegate `windowWillClose:`
    /// when its class implements it; a window with no delegate closes and nothing is sent.
    func testClosingAWindowSendsItsDelegateWindowWillClose() throws {
        func run(connected: Bool) throws -> ScenarioRun {
            let text = """
            platform mac 10.7
            memory mrc
            class Log : NSWindowController {
                ivar entries : NSArray
                windowDidLoad { entries = new NSArray }
                windowWillClose: { release entries }
            }
            nib N {
                owner : Log
                w : NSWindow
                connect owner.window -> w
                \(connected ? "connect w.delegate -> owner" : "")
            }
            class Log_N : Log {
                nib N
            }
            scenario "s" {
                c = new Log_N
                show c
                drain
                send c.window close
                drain
                release c
                drain
            }
            """
            let (program, diagnostics) = Compiler.compile(SourceFile(path: "t.nibscript", text: text))
            let p = try XCTUnwrap(program, "\(diagnostics)")
            let r = ScenarioRun(program: p, scenario: p.scenarios[0], config: p.config)
            r.run()
            return r
        }
        let delegated = try run(connected: true)
        XCTAssertNil(delegated.engine.crash)
        XCTAssertTrue(delegated.leakedObjects().isEmpty, "windowWillClose: released entries")
        let alone = try run(connected: false)
        XCTAssertEqual(alone.leakedObjects().map { alone.engine.className(alone.engine.classOf($0)) }, ["NSArray"])
    }
}
