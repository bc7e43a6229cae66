import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit

/// B14, an owner that ends its own life, on a small Mac MRC project of our own: the example
/// `examples/audit/self-release` (Installer closes its window, released when closed, and
/// autoreleases itself in `-closeInstaller`, which its action and its download callback call;
/// Keeper releases itself after closing a window that is not released when closed;
/// Dismisser ends in `return [self autorelease];`) with
/// `Fixtures/self-release` beside it (a window controller that autoreleases itself in
/// `windowWillClose:`, its window's delegate, and the app delegate that makes it). The two
/// are copied into one folder, so the example's files are not kept twice.
final class AuditSelfReleaseTests: XCTestCase {
    static let fixture: String = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let example = here.appendingPathComponent("../../examples/audit/self-release").standardized
        let extras = here.appendingPathComponent("Fixtures/self-release")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-self-release-\(UUID().uuidString)")
        let fm = FileManager.default
        try? fm.createDirectory(at: folder, withIntermediateDirectories: true)
        for source in [example, extras] {
            for name in (try? fm.contentsOfDirectory(atPath: source.path)) ?? [] {
                try? fm.copyItem(at: source.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
        }
        return folder.path
    }()

    static let report: String = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", fixture]).stdout

    override class func tearDown() { try? FileManager.default.removeItem(atPath: fixture) }

    var headings: [String] { Self.report.components(separatedBy: "\n").filter { $0.contains(": leak [") || $0.contains(": dangling") || $0.contains(": over-release") || $0.contains(": zombie") } }

    /// After `-closeInstaller` the window is freed, but so is the installer, autoreleased in
    /// the same method: nothing reads its outlets again, so none of them dangles.
    func testAnOwnerFreedByTheEndOfTheEventLeavesNoDanglingOutlet() {
        for outlet in ["window", "progressBar", "infoText"] {
            XCTAssertFalse(headings.contains { $0.contains("dangling outlet [O10 V8] `\(outlet)` of Installer") }, Self.report)
        }
    }

    /// The installer is released only by itself, in `-closeInstaller`, which closes (and so
    /// releases) the window first: its battery sends that method instead of releasing it from
    /// outside, and the top-level window's +1 is balanced.
    func testAnOwnerThatReleasesItselfIsReleasedByThatMethod() {
        XCTAssertFalse(headings.contains { $0.contains("leak [N3 O9] `window` of Installer") }, Self.report)
        XCTAssertTrue(Self.report.contains("released by itself: closed by itself (`-[Installer closeInstaller]` releases it) (B14)"), Self.report)
        XCTAssertFalse(headings.contains { $0.contains("Installer") }, Self.report)
    }

    /// Keeper releases itself after closing a window the nib says is not released when
    /// closed: nothing gives back the window's +1, which still leaks.
    func testASelfReleaseThatLeavesTheWindowStillLeaks() {
        XCTAssertTrue(headings.contains { $0.contains("leak [N3 O9] `window` of Keeper") }, Self.report)
        XCTAssertTrue(Self.report.contains("closed by itself (`-[Keeper done:]` releases it)"), Self.report)
    }

    /// A window controller that autoreleases itself in `windowWillClose:` (B7 sends it) is
    /// given up there: no outside release after it, no over-release.
    func testAWindowControllerReleasedInWindowWillCloseIsNotReleasedAgain() {
        XCTAssertTrue(Self.report.contains("before its release: its window closed by the user (`-[SheetController windowWillClose:]`) (B7), where `windowWillClose:` releases it (B14)"), Self.report)
        XCTAssertFalse(headings.contains { $0.contains("SheetController") }, Self.report)
        XCTAssertFalse(Self.report.contains("over-release"), Self.report)
    }

    /// `[self release]` is the owner's release in the lowered method; in an initializer (a
    /// failed init) it is not lowered.
    func testTheLoweringWritesTheSelfRelease() {
        let (project, _) = SourceReading.read(paths: [Self.fixture + "/Installer.h", Self.fixture + "/Installer.m"])
        guard let c = project["Installer"], let m = c.helper("closeInstaller") ?? c.method("closeInstaller") else { return XCTFail("Installer not read") }
        var lowering = ImportLowering(project: project, platform: .mac, memory: .mrc)
        lowering.releasedWhenClosed = ["window"]
        let lines = lowering.statements(m, in: c).0.map { $0.components(separatedBy: "    #")[0] }
        XCTAssertEqual(lines.last, "autorelease self")
        XCTAssertTrue(lowering.releasesSelf(m, in: c))
        let arc = ImportLowering(project: project, platform: .mac, memory: .arc)
        XCTAssertFalse(arc.statements(m, in: c).0.contains { $0.hasPrefix("autorelease self") })
    }

    /// `[self retain]; … [self release];` keeps the object alive through a method (HexFiend's
    /// pasteboard owner): a balanced pair, not the object's end, so nothing is lowered.
    func testARetainReleasePairOfSelfIsNoEnd() throws {
        let dir = NSTemporaryDirectory() + "nibscript-selfrelease-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/Owner.m"
        try """
        @interface Owner : NSObject { NSObject *tracker; }
        @end
        @implementation Owner
        - (void)work:(id)sender { [self retain]; tracker = [[NSObject alloc] init]; [self release]; }
        - (void)finish:(id)sender { [self release]; }
        @end
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let (project, _) = SourceReading.read(paths: [path])
        guard let c = project["Owner"], let work = c.helper("work:") ?? c.method("work:"),
              let finish = c.helper("finish:") ?? c.method("finish:") else { return XCTFail("Owner not read") }
        let lowering = ImportLowering(project: project, platform: .mac, memory: .mrc)
        XCTAssertFalse(lowering.releasesSelf(work, in: c))
        XCTAssertFalse(lowering.statements(work, in: c).0.contains { $0.hasPrefix("release self") })
        XCTAssertTrue(lowering.releasesSelf(finish, in: c))
    }

    /// `return [self autorelease];` (the example's Dismisser): the object's end written in the
    /// return statement is read as `[self autorelease]` is, and its battery sends that method.
    func testASelfReleaseInAReturnIsTheOwnersEnd() {
        let (project, _) = SourceReading.read(paths: [Self.fixture + "/Dismisser.h", Self.fixture + "/Dismisser.m"])
        guard let c = project["Dismisser"], let m = c.helper("dismiss") ?? c.method("dismiss") else { return XCTFail("Dismisser not read") }
        let lowering = ImportLowering(project: project, platform: .mac, memory: .mrc)
        XCTAssertTrue(lowering.releasesSelf(m, in: c))
        XCTAssertEqual(lowering.statements(m, in: c).0.map { $0.components(separatedBy: "    #")[0] }.last, "autorelease self")
        XCTAssertTrue(Self.report.contains("closed by itself (`-[Dismisser dismiss]` releases it) (B14)"), Self.report)
        XCTAssertFalse(Self.report.contains("of Dismisser"), Self.report)
    }

    /// `return [self retain];`, `return self;` and a return of another object end nothing.
    func testOtherReturnsEndNothing() throws {
        let tmp = NSTemporaryDirectory() + "nibscript-return-\(ProcessInfo.processInfo.processIdentifier).m"
        try """
        @interface R : NSObject { id other; }
        @end
        @implementation R
        - (id)a { return [self retain]; }
        - (id)b { return self; }
        - (id)c { return [other autorelease]; }
        @end
        """.write(toFile: tmp, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let (project, _) = SourceReading.read(paths: [tmp])
        guard let c = project["R"] else { return XCTFail("R not read") }
        let lowering = ImportLowering(project: project, platform: .mac, memory: .mrc)
        for sel in ["a", "b", "c"] {
            guard let m = c.helper(sel) ?? c.method(sel) else { XCTFail("-\(sel) not read"); continue }
            XCTAssertFalse(lowering.releasesSelf(m, in: c), sel)
        }
    }
}
