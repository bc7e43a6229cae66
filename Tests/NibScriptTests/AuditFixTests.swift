import Foundation
import XCTest
@testable import NibScript
@testable import NibAudit
@testable import NibScriptCommandLine
import CocoaSimulator

/// `audit --fix`: the diff applies with `patch -p1`, and auditing the patched copy finds
/// none of the fixed findings and nothing new.
final class AuditFixTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    func copy(_ dir: String) throws -> String {
        let to = NSTemporaryDirectory() + "nibscript-fixtest-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)-\((dir as NSString).lastPathComponent)"
        try? FileManager.default.removeItem(atPath: to)
        try FileManager.default.copyItem(atPath: dir, toPath: to)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: to) }
        return to
    }

    func patch(_ diff: String, in dir: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/patch") else { throw XCTSkip("no /usr/bin/patch") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/patch")
        p.arguments = ["-p1", "-s", "-d", dir]
        let pipe = Pipe()
        p.standardInput = pipe
        try p.run()
        pipe.fileHandleForWriting.write(Data(diff.utf8))
        try pipe.fileHandleForWriting.close()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "patch -p1 refused the diff:\n\(diff)")
    }

    func fingerprints(_ dir: String, _ options: [String] = []) -> Set<String> {
        let json = Driver.main(["audit", "--format", "json"] + options + [dir]).stdout
        let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
        return Set((object?["findings"] as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String })
    }

    /// Applies the fix diff to a copy and checks what the issue asks: fixed findings gone,
    /// no new one; returns how many findings the fix left.
    @discardableResult
    func fixAndReaudit(_ dir: String, _ options: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> (Driver.Result, Set<String>) {
        let work = try copy(dir)
        let before = fingerprints(work, options)
        let fix = Driver.main(["audit", "--fix"] + options + [work])
        try patch(fix.stdout, in: work)
        let after = fingerprints(work, options)
        XCTAssertTrue(after.isSubset(of: before), "new findings: \(after.subtracting(before))", file: file, line: line)
        let proven = Int(fix.stderr.components(separatedBy: "audit --fix: ").last?.prefix { $0.isNumber } ?? "") ?? -1
        XCTAssertEqual(before.count - after.count, proven, fix.stderr, file: file, line: line)
        return (fix, after)
    }

    func testFixesOfTheExampleProjectsAreProvenAndApply() throws {
        // Leaks (a release before [super dealloc]) and abandonment (nil in viewDidUnload).
        let (profile, left) = try fixAndReaudit(Self.root + "/examples/audit/profile-app")
        XCTAssertTrue(profile.stdout.contains("+    self.version = nil;\n     [super dealloc];"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("+    self.avatar = nil;"), profile.stdout)
        // An assign outlet that dangles: declared retain, released in dealloc, nil in viewDidUnload.
        XCTAssertEqual(left, [])
        XCTAssertTrue(profile.stdout.contains("-@property (nonatomic, assign) IBOutlet UIButton *editButton;\n+@property (nonatomic, retain) IBOutlet UIButton *editButton;"), profile.stdout)
        XCTAssertTrue(profile.stdout.contains("+    self.editButton = nil;\n     [super dealloc];"), profile.stdout)
        // Made in an action, given up without a nil (B2): the nil, then the release in dealloc;
        // an object awakeFromNib makes again: the old one released first (V12).
        let (actions, rest) = try fixAndReaudit(Self.root + "/examples/audit/actions")
        XCTAssertTrue(actions.stdout.contains("     [_spinnerView autorelease];\n+    _spinnerView = nil;"), actions.stdout)
        XCTAssertTrue(actions.stdout.contains("+    [chart release];\n     chart = [[ChartModel alloc] init];"), actions.stdout)
        XCTAssertTrue(actions.stdout.contains("+    [_model release];"), actions.stdout)
        XCTAssertTrue(actions.stdout.contains("     [badgeView removeFromSuperview];\n+    badgeView = nil;"), actions.stdout)
        // A Mac ivar outlet into a closed window and a nib whose fix is a connection: no edit.
        XCTAssertTrue(actions.stdout.contains("     [welcomeWindow close];\n+    welcomeWindow = nil;"), actions.stdout)
        // AppController is a main-nib object: the Welcome window's +1 gets no `dealloc` edit.
        // An ivar outlet into a main-nib window the user closes: the window's Release When
        // Closed turned off in the nib (issue 24 item 4), proven like every fix.
        XCTAssertTrue(actions.stdout.contains("-        <window title=\"Chart\" id=\"w1\" userLabel=\"Chart Window\">\n+        <window releasedWhenClosed=\"NO\" title=\"Chart\" id=\"w1\" userLabel=\"Chart Window\">"), actions.stdout)
        XCTAssertEqual(rest, ["leak|AppController|inspectorPanel", "leak|AppController|welcomeWindow"])
        // The ones left say why no edit is offered.
        let text = Driver.main(["audit", Self.root + "/examples/audit/actions"]).stdout
        XCTAssertTrue(text.contains("(no edit is offered: which of the two outlets the code meant"), text)
        XCTAssertTrue(text.contains("(no edit is offered: when the application is done with it is the design's choice)"), text)
        // Over-releases of Mac ivar outlets: the release deleted.
        let (loaders, none) = try fixAndReaudit(Self.root + "/examples/audit/loaders")
        XCTAssertTrue(loaders.stdout.contains("-    [durationField release];\n-    [startButton release];\n"), loaders.stdout)
        // A window controller made in an action and kept nowhere (B1): no edit is safe (an
        // autorelease would free it while its window shows).
        XCTAssertEqual(none, ["leak|ClockDelegate|TimerWindowController made in `showTimer`|Sources/Clock.m"])
        XCTAssertTrue(Driver.main(["audit", Self.root + "/examples/audit/loaders"]).stdout.contains("(no edit is offered: autoreleasing it would free it while it is in use"))
        // The same fixes as SARIF `fixes`: whole lines deleted.
        let sarif = Driver.main(["audit", "--fix", "--format", "sarif", Self.root + "/examples/audit/loaders"]).stdout
        XCTAssertEqual(sarif.components(separatedBy: "\"artifactChanges\"").count - 1, 2, sarif)
        XCTAssertTrue(sarif.contains("\"deletedRegion\": {\n                        \"startLine\": 36,"), sarif)
        // A retain cycle under ARC: `weak`, never a dealloc.
        let (cycle, _) = try fixAndReaudit(Self.root + "/examples/audit/cycle", ["--platform", "ios6.0"])
        XCTAssertTrue(cycle.stdout.contains("+@property (nonatomic, weak) IBOutlet id delegate;"), cycle.stdout)
        XCTAssertFalse(cycle.stdout.contains("dealloc"), cycle.stdout)
    }

    /// `[self.x release]; self.x = nil;` releases twice (the setter releases the old value):
    /// the fix names the explicit release, not a missing nil the code already has, and the
    /// diff deletes that release alone.
    func testReleaseBeforeSetterNilDeletesTheRelease() throws {
        let work = try copy(Self.root + "/examples/audit/profile-app")
        let about = work + "/Classes/AboutViewController.m"
        let source = try String(contentsOfFile: about, encoding: .utf8)
        XCTAssertTrue(source.contains("    self.version = nil;\n    [super viewDidUnload];"), source)
        try source.replacingOccurrences(of: "    self.version = nil;\n    [super viewDidUnload];",
                                        with: "    [self.version release];\n    self.version = nil;\n    [super viewDidUnload];")
            .write(toFile: about, atomically: false, encoding: .utf8)
        let text = Driver.main(["audit", "--platform", "ios5.1", work]).stdout
        XCTAssertTrue(text.contains("over-release [O4] `version` of AboutViewController"), text)
        XCTAssertTrue(text.contains("fix: `self.version = nil;` already releases it through the setter: delete `[self.version release];` (AboutViewController.m:6) in `viewDidUnload`"), text)
        XCTAssertFalse(text.contains("set it to nil (`self.version = nil;`), so `dealloc`"), text)
        let (fix, after) = try fixAndReaudit(work, ["--platform", "ios5.1"])
        XCTAssertTrue(fix.stdout.contains("-    [self.version release];\n     self.version = nil;"), fix.stdout)
        XCTAssertFalse(after.contains("over-release|AboutViewController|version"), "\(after)")
    }

    /// The slices of ../shared/projects: FreeRDP's findings all fixed (the sheets' releases in
    /// one `dealloc` made for them, F5's nil after each autorelease, then the release in
    /// `dealloc`); Core Plot's graph released before it is made again (F4), and no edit puts
    /// a release in the `dealloc` of `Controller`, a main-nib object whose `dealloc` never runs.
    func testSliceFixesApply() throws {
        let projects = Self.root + "/../shared/projects"
        guard FileManager.default.fileExists(atPath: projects + "/README.md") else { throw XCTSkip("../shared is absent") }
        let (rdp, left) = try fixAndReaudit(projects + "/ios-mrc-legacy-freerdp")
        XCTAssertEqual(left, [])
        XCTAssertTrue(rdp.stdout.contains("+- (void)dealloc {\n+    [_label_issuer release];\n+    [_btn_accept release];"), rdp.stdout)
        XCTAssertEqual(rdp.stdout.components(separatedBy: "+    _connecting_view = nil;").count - 1, 2, rdp.stdout)
        let (plot, rest) = try fixAndReaudit(projects + "/mac-mrc-coreplot-cpttestapp")
        XCTAssertTrue(plot.stdout.contains("+    [graph release];\n     graph = [(CPTXYGraph *)[CPTXYGraph alloc]"), plot.stdout)
        XCTAssertFalse(plot.stdout.contains("[super dealloc]"), plot.stdout)
        XCTAssertFalse(rest.contains("leak|Controller|graph"))
        // F5: `hostView` into the main window the user closes: the legacy archive's window
        // template gets NSWTFlags' 0x40000000 bit (not released when closed), proven.
        XCTAssertTrue(plot.stdout.contains("-\t\t\t\t<int key=\"NSWTFlags\">603979776</int>\n+\t\t\t\t<int key=\"NSWTFlags\">1677721600</int>"), plot.stdout)
        XCTAssertFalse(rest.contains("dangling|Controller|hostView"))
    }

    /// tunnelblick (../shared/wild): every over-released setter-less outlet's release deleted.
    func testTunnelblickFixesApply() throws {
        let dir = Self.root + "/../shared/wild/tunnelblick"
        guard FileManager.default.fileExists(atPath: dir + "/JUDGED.md") else { throw XCTSkip("../shared is absent") }
        let (fix, left) = try fixAndReaudit(dir)
        XCTAssertTrue(fix.stdout.contains("-    [saveInKeychainCheckbox release];"), String(fix.stdout.prefix(2000)))
        XCTAssertEqual(left, [])
    }
}
