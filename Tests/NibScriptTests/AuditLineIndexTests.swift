import Foundation
import XCTest
@testable import NibAudit

/// The loaders' line numbers: found by binary search of the line feeds (`LineIndex`), not by
/// counting from the start of the file at every load (quadratic on a big generated file).
final class AuditLineIndexTests: ProjectFolderTestCase {
    /// One more than the line feeds before `at`, counted the slow way.
    private func counted(_ ns: NSString, _ at: Int) -> Int {
        var n = 1
        for i in 0..<min(at, ns.length) where ns.character(at: i) == 10 { n += 1 }
        return n
    }

    func testEveryOffsetsLineIsTheCountOfLineFeedsBeforeIt() {
        let texts = ["", "\n", "a", "a\nb", "\n\n\nx\n", "one\r\ntwo\r\n\r\nthree", "old mac\rline\n",
                     "😀 wide\n@\"é\"\n𝄞\n", String(repeating: "- (void)m { }\n", count: 200)]
        for text in texts {
            let ns = text as NSString
            let index = LineIndex(ns)
            for at in 0...(ns.length + 1) {
                XCTAssertEqual(index.line(at), counted(ns, at), "offset \(at) of \(text.debugDescription)")
            }
        }
    }

    /// A file whose lines end in CR LF: each load is on its own line. (The count by
    /// `Character` took "\r\n" as one character that is no "\n", and put every load of
    /// such a file on line 1.)
    func testALoadInAFileOfCRLFLinesIsOnItsLine() throws {
        let code = ["@implementation Shelf", "- (void)show {", "    [NSBundle loadNibNamed:@\"Shelf\" owner:self];",
                    "    id c = [[Card alloc] init];", "}", "@end", ""].joined(separator: "\r\n")
        let dir = try project(["Shelf.m": code], kind: "lines")
        let loaders = NibLoaders(files: [dir + "/Shelf.m"], base: dir)
        XCTAssertEqual(loaders.loads(of: "Shelf").map(\.line), [3])
        XCTAssertEqual(loaders.unnamedCreations(of: "Card").map(\.line), [4])
    }

    /// Thousands of methods before a load by a computed name: its line and its name
    /// method's line are right (each is looked up in the index).
    func testLinesDeepInABigFile() throws {
        let filler = (0..<3000).map { "- (int)value\($0) { return \($0); }\n" }.joined()
        let code = "@implementation Pane\n" + filler + "- (NSString *)paneNib { return @\"Pane\"; }\n"
            + "- (void)load { [NSBundle loadNibNamed:[self paneNib] owner:self]; }\n@end\n"
        let dir = try project(["Pane.m": code], kind: "lines")
        let load = try XCTUnwrap(NibLoaders(files: [dir + "/Pane.m"], base: dir).loads(of: "Pane").first)
        XCTAssertEqual(load.line, 3003)
        XCTAssertEqual(load.namedAt, "Pane.m:3002")
    }
}
