import XCTest
@testable import CocoaSimulator

/// `setterSelector` writes ASCII keys byte by byte; it must give what capitalizing the
/// first character gives, for every kind of key.
final class SetterSelectorTests: XCTestCase {
    func testSetterSelectorsMatchCapitalizing() {
        for key in ["child", "x", "_peer", "URL", "view2", "a_b", "", "élan", "ßeta", "0day", "😀face",
                    "aVeryLongPropertyNameThatIsNotASmallString"] {
            let expected = "set\(KeyValueCoding.capitalized(key)):"
            XCTAssertEqual(KeyValueCoding.setterSelector(key), expected, key)
        }
        XCTAssertEqual(KeyValueCoding.setterSelector("child"), "setChild:")
    }
}
