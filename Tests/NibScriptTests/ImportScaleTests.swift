import Foundation
import XCTest
@testable import NibScript

/// Issue 25 item 11, through `nibscript import` (reading and lowering; the reader alone is
/// tested at ten times the size in SourceImportTests): a `dealloc` releasing each of 20,000
/// members was quadratic in the lowering (each statement searched every member, each member's
/// type rebuilt the catalogue): four minutes. Linear, it takes about a second. The bound only
/// tells them apart.
final class ImportScaleTests: XCTestCase {
    func testTwentyThousandMembersAndTheirReleases() throws {
        let path = NSTemporaryDirectory() + "nibscript-import-scale-\(ProcessInfo.processInfo.processIdentifier).m"
        var text = "@interface Big : UIViewController {\n"
        text.reserveCapacity(1_000_000)
        for k in 0..<20_000 { text += "    IBOutlet UIView *v\(k);\n" }
        text += "}\n@end\n@implementation Big\n- (void)dealloc {\n"
        for k in 0..<20_000 { text += "    [v\(k) release], v\(k) = nil;\n" }
        text += "    [super dealloc];\n}\n@end\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = Date()
        let r = Driver.main(["import", path])
        let t = Date().timeIntervalSince(start)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("    ivar v19999 : UIView"))
        XCTAssertTrue(r.stdout.contains("        release v19999    #"))
        XCTAssertTrue(r.stdout.contains("        v19999 = nil    #"))
        XCTAssertLessThan(t, 60, "import of 20,000 members and 40,000 statements took \(t) s")
    }
}
