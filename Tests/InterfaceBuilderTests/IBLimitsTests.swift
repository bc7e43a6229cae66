import Foundation
import XCTest
@testable import InterfaceBuilder

/// Documents at the edges of what the XML parser accepts: large, deep, or using entities.
/// They must read, or fail with an error that says which limit was passed.
final class IBLimitsTests: XCTestCase {
    private let header = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\" "
        + "targetRuntime=\"iOS.CocoaTouch\">"

    private func read(_ text: String) -> Result<IBDocument, IBReadFailure> {
        IBReader.read(data: Data(text.utf8), path: "big.xib")
    }

    /// `depth` views, each the only subview of the one before.
    private func nested(_ depth: Int) -> String {
        var text = header + "\n<objects>\n"
        for i in 0..<depth { text += "<view id=\"v\(i)\"><subviews>\n" }
        for _ in 0..<depth { text += "</subviews></view>\n" }
        return text + "</objects>\n</document>\n"
    }

    func testADocumentOfMoreThanTenMegabytesReads() throws {
        // Given all at once, libxml2 refuses more than 10 MB ("internal parser error").
        let padding = String(repeating: " ", count: 11_000_000)
        let result = read(header + "<objects>" + padding + "<view id=\"v\"/></objects></document>\n")
        let document = try result.get()
        XCTAssertEqual(document.objects.map(\.id), ["v"])
    }

    func testAnAttributeValueOverTheParsersLimitSaysSo() {
        let value = String(repeating: "x", count: 10_000_001)
        guard case .failure(let failure) = read(header + "<objects><view id=\"v\" userLabel=\"" + value + "\"/></objects></document>\n") else {
            return XCTFail("a value over the limit read")
        }
        XCTAssertEqual(failure.errors.count, 1)
        let message = failure.errors[0].message
        XCTAssertTrue(message.contains("the XML parser accepts at most 10000000 bytes in one"), message)
        XCTAssertFalse(message.contains("internal parser error"), message)
    }

    func testDescribeHandlesAnyDepthTheParserAccepts() throws {
        let depth = 20_000
        let document = try read(nested(depth)).get()
        XCTAssertEqual(document.objects.count, depth)
        let lines = document.describe().split(separator: "\n")
        XCTAssertEqual(lines.count, 2 + depth)
        // Indentation stops growing, so the text stays linear in the size of the document.
        XCTAssertEqual(lines.last, "\(String(repeating: "  ", count: IBDocument.maxIndentedDepth))[depth \(depth)] "
                       + "view_v\(depth - 1)  UIView  (subview, line \(depth + 2))")
        XCTAssertEqual(lines[3], "    view_v1  UIView  (subview, line 4)")
    }

    func testChildrenAreIndexedAndFollowChangesToTheObjects() throws {
        var document = try read(nested(3)).get()
        XCTAssertEqual(document.children(of: 0), [1])
        XCTAssertEqual(document.children(of: 1), [2])
        XCTAssertEqual(document.children(of: 2), [])
        XCTAssertEqual(document.children(of: 99), [])
        document.objects[2].parent = 0
        XCTAssertEqual(document.children(of: 0), [1, 2])
        XCTAssertEqual(document.children(of: 1), [])
    }

    func testDepthAndLengthLimitsAreNamedInMessages() {
        XCTAssertEqual(IBXMLErrors.message(code: 1, depth: 300),
                       "elements nested too deep: 300 levels, more than the XML parser accepts (XMLParser error 1)")
        XCTAssertEqual(IBXMLErrors.message(code: 1, depth: 3), "malformed XML: internal parser error (XMLParser error 1)")
    }

    func testBillionLaughsIsRefusedAsEntityExpansion() {
        var entities = "<!ENTITY a \"" + String(repeating: "a", count: 50) + "\">\n"
        for (name, previous) in zip("bcdefghij", "abcdefghi") {
            entities += "<!ENTITY \(name) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\n" + entities + "]>\n"
            + header + "<objects><view id=\"v\" userLabel=\"&j;\"/></objects></document>\n"
        guard case .failure(let failure) = read(text) else { return XCTFail("a billion laughs read") }
        XCTAssertEqual(failure.errors.count, 1)
        XCTAssertTrue(failure.errors[0].message.hasPrefix("entity expansion refused"), failure.errors[0].message)
    }

    func testExternalEntitiesAreIgnoredWithAWarning() throws {
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE document [\n<!ENTITY ext SYSTEM \"file:///etc/hostname\">\n"
            + "  <!ENTITY % p PUBLIC \"-//x//y\" 'http://example.com/p.dtd'>\n<!ENTITY inner \"text\">\n]>\n"
            + header + "<objects><view id=\"v\" userLabel=\"&inner;\"/></objects><x>&ext;</x></document>\n"
        let document = try read(text).get()
        XCTAssertEqual(document.warnings.map(\.description), [
            "big.xib:3:1: warning: external entity 'ext' (SYSTEM \"file:///etc/hostname\") ignored: "
                + "nibscript never reads external entities",
            "big.xib:4:3: warning: external entity 'p' (PUBLIC \"-//x//y\") ignored: nibscript never reads external entities",
        ])
        XCTAssertEqual(document.objects.first?.userLabel, "text")
        XCTAssertTrue(document.describe().contains("warnings:\n  3:1: warning: external entity 'ext'"))
    }
}
