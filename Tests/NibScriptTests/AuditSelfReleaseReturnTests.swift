import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit

/// B14 for `return [self autorelease];` (`examples/audit/self-release`'s Dismisser): the
/// object's end written in the return statement is read as `[self autorelease]` is.
final class AuditSelfReleaseReturnTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let dir = root + "/examples/audit/self-release"

    func testTheReaderKeepsTheSelfReleaseInAReturn() {
        let (project, _) = SourceReading.read(paths: [Self.dir + "/Dismisser.h", Self.dir + "/Dismisser.m"])
        guard let c = project["Dismisser"], let m = c.helper("dismiss") ?? c.method("dismiss") else { return XCTFail("Dismisser not read") }
        let lowering = ImportLowering(project: project, platform: .mac, memory: .mrc)
        XCTAssertTrue(lowering.releasesSelf(m, in: c))
        XCTAssertEqual(lowering.statements(m, in: c).0.map { $0.components(separatedBy: "    #")[0] }.last, "autorelease self")
    }

    func testAnOwnerThatReturnsItselfAutoreleasedIsReleasedByThatMethod() {
        let report = Driver.main(["audit", "--platform", "mac", "--memory", "mrc", Self.dir]).stdout
        XCTAssertTrue(report.contains("closed by itself (`-[Dismisser dismiss]` releases it) (B14)"), report)
        XCTAssertFalse(report.contains("of Dismisser"), report)
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
            guard let m = c.helper(sel) ?? c.method(sel) else { continue }
            XCTAssertFalse(lowering.releasesSelf(m, in: c), sel)
        }
    }
}
