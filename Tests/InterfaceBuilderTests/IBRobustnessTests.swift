import XCTest
@testable import InterfaceBuilder

/// No input may crash or trap the reader; broken input must give an error result.
final class IBRobustnessTests: XCTestCase {
    private func fixtureBytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(name)))
    }

    private func assertFailure(_ bytes: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        switch IBReader.read(data: Data(bytes), path: "input.xib") {
        case .success:
            XCTFail("\(what) read successfully", file: file, line: line)
        case .failure(let failure):
            XCTAssertFalse(failure.errors.isEmpty, what, file: file, line: line)
            for diagnostic in failure.diagnostics {
                if let location = diagnostic.location {
                    XCTAssertGreaterThanOrEqual(location.line, 1, what, file: file, line: line)
                    XCTAssertGreaterThanOrEqual(location.column, 1, what, file: file, line: line)
                }
            }
        }
    }

    func testTruncatedPrefixesOfRealDocumentsFail() throws {
        for name in ["ios-profile.xib", "mac-appdelegate-window.xib", "ios-navigation.storyboard"] {
            let bytes = try fixtureBytes(name)
            // The last tag closes at the final '>'; any shorter prefix is unfinished.
            let end = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: ">")))
            for length in stride(from: 0, to: end, by: 97) {
                assertFailure(Array(bytes[..<length]), "\(name) cut at \(length)")
            }
        }
    }

    func testRandomBytesFail() {
        var generator = SeededGenerator(seed: 0x1B_5EED)
        for round in 0..<300 {
            let count = Int.random(in: 1...400, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Make some of them look like the start of a document.
            if round % 3 == 0 { bytes = Array("<?xml version=\"1.0\"?>\n<document ".utf8) + bytes }
            if round % 3 == 1 { bytes = Array("<".utf8) + bytes }
            assertFailure(bytes, "random input \(round)")
        }
    }

    func testRandomlyCorruptedDocumentsNeverCrash() throws {
        let original = try fixtureBytes("ios-navigation.storyboard")
        var generator = SeededGenerator(seed: 42)
        var outcomes: [String] = []
        for _ in 0..<200 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] = UInt8.random(in: 0...255, using: &generator)
            }
            switch IBReader.read(data: Data(bytes), path: "corrupt.storyboard") {
            case .success(let document): outcomes.append("ok \(document.objects.count)")
            case .failure(let failure): outcomes.append("failed \(failure.diagnostics.count)")
            }
        }
        XCTAssertEqual(outcomes.count, 200)
    }

    func testHostileXMLShapes() {
        let inputs = [
            "<document", "<document/>", "<document type=\"x\"", "</document>", "<?xml version=\"1.0\"?>",
            "<!-- only a comment -->", "<document type='com.apple.InterfaceBuilder3.CocoaTouch.XIB'><objects>",
            "<document type='com.apple.InterfaceBuilder3.CocoaTouch.XIB'><objects><view id='a'><subviews><label id='a'/>",
            "<!DOCTYPE d [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><document>&e;</document>",
            "\u{FEFF}<archive", "\u{0}\u{0}\u{0}", "<a><b></a></b>",
        ]
        for input in inputs {
            assertFailure(Array(input.utf8), input)
        }
        // UTF-16 without a matching declaration, and invalid UTF-8 inside an attribute.
        assertFailure([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00], "UTF-16 junk")
        assertFailure(Array("<document type=\"".utf8) + [0xC3, 0x28] + Array("\"/>".utf8), "bad UTF-8")
    }

    func testMinimalValidDocuments() {
        let empty = "<document type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" targetRuntime=\"MacOSX.Cocoa\"/>"
        guard case .success(let document) = IBReader.read(data: Data(empty.utf8), path: "e.xib") else {
            return XCTFail("a document with no objects should read")
        }
        XCTAssertTrue(document.objects.isEmpty)
        XCTAssertEqual(document.platform, .mac)
        XCTAssertNil(document.filesOwner)
    }
}
