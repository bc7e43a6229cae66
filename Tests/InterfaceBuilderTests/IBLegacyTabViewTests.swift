import XCTest
@testable import InterfaceBuilder

/// R4 (grammar.md): a legacy archive's tab view items are the children of their NSTabView
/// (`NSTabViewItems` in the archive, the object records' parent), never top-level objects.
/// Read from the legacy Mac files of ../shared/wild; skipped where absent.
final class IBLegacyTabViewTests: XCTestCase {
    func testLegacyTabViewItemsAreChildrenOfTheirTabView() throws {
        let wild = TestFiles.sharedIB.deletingLastPathComponent().appendingPathComponent("wild").path
        let files = ["growl/Core/Resources/NetworkPrefs.xib", "growl/Extras/GrowlTunes/Resources/FormattingPreferences.xib",
                     "tunnelblick/tunnelblick/Preferences.xib", "tunnelblick/tunnelblick/SettingsSheet.xib"]
        var items = 0
        for name in files {
            let path = wild + "/" + name
            guard FileManager.default.fileExists(atPath: path) else { continue }
            guard case .success(let doc) = IBReader.read(path: path, displayPath: name) else { XCTFail("\(name) not read"); continue }
            let tops = Set(doc.topLevelObjects)
            for o in doc.objects where o.effectiveClass == "NSTabViewItem" {
                items += 1
                XCTAssertFalse(tops.contains(o.index), "\(name): \(o.id) is top-level")
                let parent = try XCTUnwrap(o.parent, "\(name): \(o.id) has no parent")
                XCTAssertEqual(doc.objects[parent].effectiveClass, "NSTabView", "\(name): \(o.id)")
            }
        }
        try XCTSkipIf(items == 0, "\(wild) is not here")
        XCTAssertGreaterThanOrEqual(items, 8)
    }
}
