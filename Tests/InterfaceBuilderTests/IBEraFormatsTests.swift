import Foundation
import XCTest
@testable import InterfaceBuilder

/// Document types and archive constructs of Xcode 3–6 that were refused before (issue 23,
/// item 4), each in a small fixture written for the purpose in Fixtures/constructs.
final class IBEraFormatsTests: XCTestCase {
    static func construct(_ name: String) -> String { "constructs/" + name }

    /// An 8.00 Mac archive: a scroll view in the document view of another scroll view's clip
    /// view. The clip views and the outer document view have no record; the inner scroll
    /// view's record names the outer scroll view as its parent (two objects up), the text
    /// field's names the recordless document view, and an outlet points at a clip view.
    func testNestedScrollViewsInA800MacArchive() throws {
        let d = try readFixture(Self.construct("mac-8.00-nested-scroll-views.xib"))
        XCTAssertEqual(d.platform, .mac)
        let outer = try d.object("10"), inner = try d.object("11"), table = try d.object("12")
        let outerClip = try d.object("archive-101"), documentView = try d.object("archive-102")
        let innerClip = try d.object("archive-105"), field = try d.object("13")
        XCTAssertEqual(outerClip.className, "NSClipView")
        XCTAssertEqual(outerClip.parent, outer.index)
        XCTAssertEqual(outerClip.relationship, .property("contentView"))
        XCTAssertEqual(documentView.className, "NSView")
        XCTAssertEqual(documentView.parent, outerClip.index)
        XCTAssertEqual(documentView.relationship, .subview)
        XCTAssertEqual(inner.parent, documentView.index)
        XCTAssertEqual(inner.relationship, .subview)
        XCTAssertEqual(field.parent, documentView.index)
        XCTAssertEqual(innerClip.parent, inner.index)
        XCTAssertEqual(table.parent, innerClip.index)
        XCTAssertEqual(table.customClass, "ListTableView")
        // A custom view names its class itself.
        let graph = try d.object("14")
        XCTAssertEqual(graph.effectiveClass, "GraphView")
        XCTAssertEqual(graph.className, "NSView")
        XCTAssertEqual(d.connectionSummary, [
            "outlet -2.field -> 13", "outlet -2.graph -> 14", "outlet -2.innerClip -> archive-105",
            "outlet -2.tableView -> 12", "outlet -2.window -> 1",
        ])
        XCTAssertEqual(d.warnings, [])
    }

    /// The same nib in the 7.x encoding (`NSMutableArray` objects, `dict.sortedKeys`): the same model.
    func testNestedScrollViewsInA710MacArchiveGiveTheSameModel() throws {
        let old = try readFixture(Self.construct("mac-7.10-nested-scroll-views.xib"))
        let new = try readFixture(Self.construct("mac-8.00-nested-scroll-views.xib"))
        func shape(_ d: IBDocument) -> [String] {
            d.objects.map { "\($0.id) \($0.effectiveClass) \($0.parent.map { d.objects[$0].id } ?? "-") \($0.relationship)" }
        }
        XCTAssertEqual(shape(old), shape(new))
        XCTAssertEqual(old.connectionSummary, new.connectionSummary)
        XCTAssertEqual(old.objects.count, 13)
    }

    /// An archive past 10 MB: libxml2 refused it whole ("internal parser error"); read as a
    /// stream, it reads as the same nib does.
    func testAnArchivePastTenMegabytesReads() throws {
        let path = TestFiles.fixture(Self.construct("mac-8.00-nested-scroll-views.xib"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let padded = text.replacingOccurrences(of: "<data>", with: "<data>" + String(repeating: " ", count: 11_000_000))
        switch IBReader.read(data: Data(padded.utf8), path: "padded.xib") {
        case .success(let d):
            XCTAssertEqual(d.objects.count, 13)
            XCTAssertEqual(d.connections.count, 5)
        case .failure(let f):
            XCTFail("\(f)")
        }
    }

    /// An 8.00 iPad archive: a table cell with a custom class whose content view (no record)
    /// holds a recordless panel view holding a label whose record names the cell; a custom
    /// view subclass beside it; outlets from the cell to all three.
    func testTableCellWithRecordlessViewsInAnIPadArchive() throws {
        let d = try readFixture(Self.construct("ipad-8.00-table-cell-custom-views.xib"))
        XCTAssertEqual(d.platform, .ios)
        let cell = try d.object("5")
        XCTAssertEqual(cell.effectiveClass, "PersonCell")
        let content = try d.object("archive-201")
        XCTAssertEqual(content.element, "tableViewCellContentView")
        XCTAssertEqual(content.parent, cell.index)
        let panel = try d.object("archive-202")
        XCTAssertEqual(panel.parent, content.index)
        XCTAssertEqual(try d.object("7").parent, panel.index)
        let badge = try d.object("8")
        XCTAssertEqual(badge.parent, content.index)
        XCTAssertEqual(badge.effectiveClass, "BadgeView")
        XCTAssertEqual(d.connectionSummary, [
            "outlet -1.cell -> 5", "outlet 5.badge -> 8", "outlet 5.nameLabel -> 7", "outlet 5.panel -> archive-202",
        ])
    }

    /// Xcode 5 and 6 saved iPad-only xibs as `com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB`.
    func testTheModernIPadDocumentType() throws {
        let d = try readFixture(Self.construct("ipad-xcode5-document.xib"))
        XCTAssertEqual(d.platform, .ios)
        XCTAssertEqual(d.kind, .xib)
        XCTAssertEqual(try d.object("21").effectiveClass, "ChartView")
        XCTAssertEqual(d.connectionSummary, ["outlet -1.view -> 8", "outlet -1.scroller -> 20", "outlet -1.chart -> 21"])
    }

    /// Xcode 4.2's first storyboards: version 1.0, iPad runtime.
    func testAnXcode4IPadStoryboard() throws {
        let d = try readFixture(Self.construct("ipad-xcode4-storyboard.storyboard"))
        XCTAssertEqual(d.platform, .ios)
        XCTAssertEqual(d.kind, .storyboard)
        XCTAssertEqual(d.initialViewController, d.index(ofID: "2"))
        XCTAssertEqual(d.connectionSummary, ["outlet 2.titleLabel -> 6"])
    }

    /// Every Interface Builder document under ../shared (ib/, projects/, wild/) reads.
    func testEveryRealDocumentUnderSharedReads() throws {
        let shared = TestFiles.sharedIB.deletingLastPathComponent()
        try XCTSkipUnless(FileManager.default.fileExists(atPath: shared.path),
                          "\(shared.path) is not here: the real projects are on the team's machines only")
        var paths: [String] = []
        for folder in ["ib", "projects", "wild"] {
            let root = shared.appendingPathComponent(folder).path
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root + "/" + relative
                switch IBReader.classify(path: path) {
                case .xib, .storyboard, .nibBundleDesignable, .compiledArchive: paths.append(path)
                case .compiledNib, .other: break
                }
            }
        }
        paths.sort()
        XCTAssertGreaterThan(paths.count, 50, "fewer documents than expected under \(shared.path)")
        for path in paths {
            if case .failure(let failure) = IBReader.read(path: path) {
                XCTFail("refused:\n\(failure)")
            }
        }
    }
}
