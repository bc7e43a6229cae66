import Foundation
import XCTest
@testable import NibScriptCommandLine
@testable import NibAudit

/// L13, a nib name the code chooses (`examples/audit/chosen-names`, a small iOS MRC project
/// of our own): a conditional's literals, a variable given a literal before the call, a
/// file-level constant or `#define`.
final class AuditChosenNameTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let dir = root + "/examples/audit/chosen-names"
    static let report: String = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", dir]).stdout

    /// Both branches of `isPad ? @"Story-ipad" : @"Story"` load their nib; the one that still
    /// names a renamed class is audited with the loader's class instead of listed stale.
    func testBothBranchesOfAConditionalLoadTheirNib() {
        XCTAssertTrue(Self.report.contains("  Story-ipad.xib: owner StoryController (view controller)"), Self.report)
        XCTAssertTrue(Self.report.contains("(@\"Story\", L13) (a new StoryController)"), Self.report)
        XCTAssertFalse(Self.report.contains("stale"), Self.report)
    }

    /// `loadNibNamed:CellIdentifier owner:self`, the identifier a `static` given a literal:
    /// the table cell's nib (File's Owner left NSObject) runs with the controller as owner,
    /// which is declared in the script (before, its `new` was refused and nothing ran).
    func testACellNibLoadedByItsIdentifierRunsWithTheControllerAsOwner() {
        XCTAssertTrue(Self.report.contains("  StoryCell.xib: owner BrowserController (plain owner)"), Self.report)
        XCTAssertTrue(Self.report.contains("`loadNibNamed:CellIdentifier` (@\"StoryCell\", L13)"), Self.report)
        XCTAssertFalse(Self.report.contains("left out (a reading limit)"), Self.report)
        XCTAssertFalse(Self.report.contains("crash"), Self.report)
        XCTAssertTrue(Self.report.contains("\n0 findings"), Self.report)
    }

    /// The cell nib's battery does judge the owner: without the release in `dealloc`, the
    /// retain property keeps the cell.
    func testTheCellNibsOwnerIsJudged() throws {
        let tmp = NSTemporaryDirectory() + "nibscript-chosen-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: tmp)
        try FileManager.default.copyItem(atPath: Self.dir, toPath: tmp)
        defer { try? FileManager.default.removeItem(atPath: tmp) }
        let m = tmp + "/BrowserController.m"
        try String(contentsOfFile: m, encoding: .utf8).replacingOccurrences(of: "    [loadedCell release];\n", with: "")
            .write(toFile: m, atomically: true, encoding: .utf8)
        let out = Driver.main(["audit", "--platform", "ios", "--memory", "mrc", tmp]).stdout
        XCTAssertTrue(out.contains("`loadedCell` of BrowserController"), out)
    }

    /// The expressions read: a variable's assignments in the method before the call (both
    /// branches of an `if`), a file-level constant, a `#define`; a name built at run time,
    /// or assigned only in code commented out, names nothing.
    func testTheExpressionsRead() {
        let text = """
        #define kSheetNib @"Sheet"
        static NSString * const kPanelNib = @"Panel";
        @implementation A
        - (id)initWithPost:(id)p {
            NSString *nib;
            if (DeviceIsPad()) {
                nib = @"Edit-iPad";
            } else {
                nib = @"Edit";
            }
            return [super initWithNibName:nib bundle:nil];
        }
        - (void)panel { [[NSBundle mainBundle] loadNibNamed:kPanelNib owner:self options:nil]; }
        - (void)sheet { [NSBundle loadNibNamed:kSheetNib owner:self]; }
        - (void)built { NSString *n = [NSString stringWithFormat:@"%@View", @"Built"]; [NSBundle loadNibNamed:n owner:self]; }
        - (void)gone {
            NSString *name = @"Old";
            /* name = @"Commented"; */
            [[B alloc] initWithNibName:name bundle:nil];
        }
        @end
        """
        let path = NSTemporaryDirectory() + "nibscript-chosen-\(ProcessInfo.processInfo.processIdentifier).m"
        try? text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaders = NibLoaders(files: [path], base: NSTemporaryDirectory())
        let named = loaders.loads.filter { $0.expression != nil }
        XCTAssertEqual(named.map(\.name), ["Edit-iPad", "Edit", "Panel", "Sheet", "Old"])
        XCTAssertEqual(named.first { $0.name == "Panel" }?.owner, "self")
        XCTAssertEqual(named.first { $0.name == "Old" }?.createdClass, "B")
        XCTAssertTrue(named.allSatisfy { $0.inClass == "A" })
    }
}
