import XCTest
@testable import InterfaceBuilder

final class IBSourcePositionsTests: XCTestCase {
    func testElementsAreLocatedAtTheirOpeningBracket() {
        // A start tag over several lines, non-ASCII text before a tag on the same line, and
        // several tags on one line.
        let text = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"
                  targetRuntime="iOS.CocoaTouch">
            <objects>
                <view id="v1"
                      userLabel="Größe…"><subviews><label id="l1" text="é"/><button
                      id="b1"/></subviews></view>
            </objects>
        </document>
        """
        guard case .success(let document) = IBReader.read(data: Data(text.utf8), path: "p.xib") else {
            return XCTFail("should read")
        }
        XCTAssertEqual(document.objects.map(\.id), ["v1", "l1", "b1"])
        XCTAssertEqual(document.objects.map(\.location), [
            IBLocation(line: 4, column: 9), IBLocation(line: 5, column: 44), IBLocation(line: 5, column: 69),
        ])
        XCTAssertEqual(document.objects.map(\.displayName), ["Größe…", "label-l1", "button-b1"])
    }
}

extension IBSourcePositionsTests {
    func testByteOrderMarkIsNotAColumn() {
        let text = "\u{FEFF}<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><view id=\"v1\"/></objects></document>"
        guard case .success(let document) = IBReader.read(data: Data(text.utf8), path: "bom.xib") else {
            return XCTFail("should read")
        }
        XCTAssertEqual(document.objects.first?.location, IBLocation(line: 1, column: 70))
    }
}

extension IBSourcePositionsTests {
    /// ASCII lines take a shortcut (a column is a byte); lines with other characters walk
    /// them. Both kinds, alternating, and several elements on one ASCII line.
    func testAsciiAndOtherLinesAlternate() {
        let text = """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
        <view id="a1" userLabel="Ä"><subviews><label id="a2" text="ö"/></subviews></view>
        <view id="b1"><subviews><label id="b2"/><button id="b3"/></subviews></view>
        <view id="c1" userLabel="→"/>
        </objects></document>
        """
        guard case .success(let document) = IBReader.read(data: Data(text.utf8), path: "mixed.xib") else {
            return XCTFail("should read")
        }
        XCTAssertEqual(document.objects.map(\.location), [
            IBLocation(line: 2, column: 1), IBLocation(line: 2, column: 39),
            IBLocation(line: 3, column: 1), IBLocation(line: 3, column: 25), IBLocation(line: 3, column: 41),
            IBLocation(line: 4, column: 1),
        ])
    }
}
