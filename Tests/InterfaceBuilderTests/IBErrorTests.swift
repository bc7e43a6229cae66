import XCTest
@testable import InterfaceBuilder

final class IBErrorTests: XCTestCase {
    private func diagnostic(_ severity: IBDiagnostic.Severity, _ file: String, _ line: Int, _ column: Int,
                            _ message: String) -> IBDiagnostic {
        IBDiagnostic(severity: severity, path: file, location: IBLocation(line: line, column: column), message: message)
    }

    func testNotXML() throws {
        let failure = try failureOf("error-not-xml.xib")
        XCTAssertEqual(failure.diagnostics, [diagnostic(.error, "error-not-xml.xib", 1, 1,
            "not an XML document: start tag expected, '<' not found (XMLParser error 4)")])
        XCTAssertEqual(failure.diagnostics[0].description,
                       "error-not-xml.xib:1:1: error: not an XML document: start tag expected, '<' not found (XMLParser error 4)")
    }

    func testMalformedXMLReportsTheParserErrorWhereItIs() throws {
        let failure = try failureOf("error-mismatched-tag.xib")
        XCTAssertEqual(failure.errors.count, 1)
        XCTAssertEqual(failure.errors.first?.message, "malformed XML: opening and ending tag mismatch (XMLParser error 76)")
        XCTAssertEqual(failure.errors.first?.location?.line, 6)
    }

    func testLegacyArchiveWithoutItsObjectRecords() throws {
        let failure = try failureOf("error-legacy-archive.xib")
        XCTAssertEqual(failure.diagnostics, [diagnostic(.error, "error-legacy-archive.xib", 3, 2,
            "the archive has no IBDocument.Objects (its object and connection records)")])
    }

    func testDanglingDestinations() throws {
        let failure = try failureOf("error-dangling-destination.xib")
        XCTAssertEqual(failure.diagnostics, [
            diagnostic(.error, "error-dangling-destination.xib", 7, 17,
                       "outlet 'missingLabel' has a dangling destination 'Zz9-zz-Gon': no element has that id"),
            diagnostic(.error, "error-dangling-destination.xib", 14, 17,
                       "outlet 'owner' has a dangling destination 'Cn1-aa-001': the element with that id (line 6) is not an object"),
        ])
    }

    func testDuplicateID() throws {
        let failure = try failureOf("error-duplicate-id.xib")
        XCTAssertEqual(failure.diagnostics, [diagnostic(.error, "error-duplicate-id.xib", 9, 17,
            "duplicate id 'Lb1-aa-Dup'; first used on line 8")])
    }

    func testUnknownElementsAreWarningsAndKeptAsObjects() throws {
        let document = try readFixture("warning-unknown-element.xib")
        XCTAssertEqual(document.warnings, [
            diagnostic(.warning, "warning-unknown-element.xib", 12, 17, "unknown element 'sparkleView'; treated as UIView"),
            diagnostic(.warning, "warning-unknown-element.xib", 15, 9, "unknown element 'futureThing'; treated as NSObject"),
            diagnostic(.warning, "warning-unknown-element.xib", 16, 9, "unknown element 'holographicPanel'; treated as UIView"),
        ])
        let sparkle = try document.object("Fx1-aa-Spk")
        XCTAssertEqual(sparkle.element, "sparkleView")
        XCTAssertEqual(sparkle.className, "UIView")
        XCTAssertEqual(sparkle.relationship, .subview)
        XCTAssertEqual(document.connectionSummary, ["outlet -1.sparkle -> Fx1-aa-Spk"])
        XCTAssertEqual(try document.object("Ft1-aa-Fut").className, "NSObject")
        let panel = try document.object("Hp1-aa-Hol")
        XCTAssertEqual(panel.className, "UIView", "it has subviews")
        XCTAssertEqual(try document.object("Lb1-aa-Ins").parent, panel.index)
    }

    func testEveryErrorIsReportedWithWarningsInFileOrder() throws {
        let file = "error-several.storyboard"
        let failure = try failureOf(file)
        XCTAssertEqual(failure.diagnostics, [
            diagnostic(.error, file, 2, 1, "targetRuntime 'MacOSX.Cocoa' contradicts the document type "
                       + "'com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB' (iOS)"),
            diagnostic(.error, file, 2, 1, "initialViewController 'Gone-00-vc' is not an object in this document"),
            diagnostic(.error, file, 9, 25, "outlet 'label' has a dangling destination 'Lb9-zz-Gon': no element has that id"),
            diagnostic(.error, file, 10, 25, "segue 'show' has a dangling destination 'Vc9-zz-Gon': no element has that id"),
            diagnostic(.error, file, 13, 17, "duplicate id 'Vw1-aa-One'; first used on line 7"),
            diagnostic(.warning, file, 14, 17, "unknown element 'widgetController'; treated as UIViewController"),
        ])
        XCTAssertEqual(failure.errors.count, 5)
        XCTAssertEqual(failure.warnings.count, 1)
    }

    func testUnknownDocumentType() throws {
        let failure = try failureOf("error-unknown-type.xib")
        XCTAssertEqual(failure.diagnostics, [diagnostic(.error, "error-unknown-type.xib", 2, 1,
            "unknown document type 'com.example.NotInterfaceBuilder'; expected com.apple.InterfaceBuilder3.CocoaTouch.XIB, "
            + "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB, com.apple.InterfaceBuilder3.Cocoa.XIB "
            + "or their .Storyboard.XIB forms")])
    }

    func testRootElementNeitherDocumentNorArchive() throws {
        let failure = try failureOf("error-wrong-root.xib")
        XCTAssertEqual(failure.diagnostics, [diagnostic(.error, "error-wrong-root.xib", 2, 1,
            "not an Interface Builder document: the root element is <plist>, expected <document>")])
    }

    func testEmptyAndMissingFiles() {
        for text in ["", "  \n\t\n"] {
            guard case .failure(let failure) = IBReader.read(data: Data(text.utf8), path: "empty.xib") else {
                return XCTFail("empty input read")
            }
            XCTAssertEqual(failure.diagnostics, [diagnostic(.error, "empty.xib", 1, 1,
                                                            "empty file: not an Interface Builder document")])
        }
        guard case .failure(let missing) = IBReader.read(path: TestFiles.fixture("no-such-file.xib"),
                                                         displayPath: "no-such-file.xib") else {
            return XCTFail("missing file read")
        }
        XCTAssertEqual(missing.diagnostics.map(\.description), ["no-such-file.xib: error: no such file"])
        guard case .failure(let directory) = IBReader.read(path: TestFiles.fixtures.path, displayPath: "Fixtures") else {
            return XCTFail("directory read")
        }
        XCTAssertEqual(directory.errors.count, 1)
    }

    func testOnlyTheFirstXMLErrorAndNoSemanticNoiseAfterIt() {
        // The outlet's destination is defined after the break; it must not be called dangling.
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1">
                    <connections>
                        <outlet property="view" destination="Vw1-aa-Roo" id="Cn1-aa-001"/>
                    </connections>
                </placeholder>
                <view id="Vw1-aa-Roo" <broken
        """
        guard case .failure(let failure) = IBReader.read(data: Data(text.utf8), path: "t.xib") else {
            return XCTFail("truncated document read")
        }
        XCTAssertEqual(failure.errors.count, 1)
        XCTAssertTrue(failure.errors[0].message.hasPrefix("malformed XML: "), failure.errors[0].message)
        XCTAssertEqual(failure.errors[0].location?.line, 9)
    }
}
