import XCTest
@testable import InterfaceBuilder
import TestSupport

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
        var generator = SplitMix64(seed: 0x1B_5EED)
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
        var generator = SplitMix64(seed: 42)
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

    func testTruncatedAndCorruptedLegacyArchivesNeverCrash() throws {
        for name in ["legacy/pair-mac-7.10-Sparkle-SUStatus.xib", "legacy/ios-8.00-CocoaAsyncSocket-UdpEchoClient-ViewController.xib"] {
            let bytes = try fixtureBytes(name)
            let end = try XCTUnwrap(bytes.lastIndex(of: UInt8(ascii: ">")))
            for length in stride(from: 0, to: end, by: 401) {
                assertFailure(Array(bytes[..<length]), "\(name) cut at \(length)")
            }
            var generator = SplitMix64(seed: 7)
            var outcomes = 0
            for _ in 0..<60 {
                var corrupt = bytes
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let at = Int.random(in: 0..<corrupt.count, using: &generator)
                    corrupt[at] = UInt8.random(in: 0...255, using: &generator)
                }
                if case .failure(let failure) = IBReader.read(data: Data(corrupt), path: "corrupt.xib") {
                    XCTAssertFalse(failure.errors.isEmpty)
                }
                outcomes += 1
            }
            XCTAssertEqual(outcomes, 60)
        }
    }

    func testLegacyArchivesWithCyclesAndOddShapes() {
        let head = "<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"7.10\"><data>"
        let inputs = [
            // A set whose members array is itself.
            head + "<object class=\"NSMutableSet\" key=\"IBDocument.RootObjects\" id=\"1\"><reference key=\"set.sortedObjects\" ref=\"1\"/></object></data></archive>",
            // A record whose object is its own parent, and a string made of itself.
            head + "<object class=\"NSMutableArray\" key=\"IBDocument.RootObjects\" id=\"1000\"><object class=\"IBUIView\" id=\"5\"/></object>"
                + "<object class=\"IBObjectContainer\" key=\"IBDocument.Objects\"><object class=\"IBMutableOrderedSet\" key=\"objectRecords\">"
                + "<object class=\"NSArray\" key=\"orderedObjects\"><object class=\"IBObjectRecord\"><int key=\"objectID\">3</int>"
                + "<reference key=\"object\" ref=\"5\"/><reference key=\"parent\" ref=\"5\"/>"
                + "<object class=\"NSMutableString\" key=\"objectName\" id=\"9\"><reference key=\"NS.bytes\" ref=\"9\"/></object>"
                + "</object></object></object><nil key=\"connectionRecords\"/></object></data></archive>",
            // An <object> without a class among subviews, and an archive without data.
            head + "<object class=\"NSMutableArray\" key=\"IBDocument.RootObjects\"><object class=\"IBUIView\" id=\"5\">"
                + "<object class=\"NSMutableArray\" key=\"NSSubviews\"><object id=\"6\"/></object></object></object>"
                + "<object class=\"IBObjectContainer\" key=\"IBDocument.Objects\"/></data></archive>",
            "<archive type=\"com.apple.InterfaceBuilder3.Cocoa.XIB\" version=\"8.00\"/>",
            "<archive/>",
        ]
        var read = 0
        for input in inputs {
            switch IBReader.read(data: Data(input.utf8), path: "odd.xib") {
            case .success(let document):
                XCTAssertNil(document.filesOwner, input)
                read += 1
            case .failure(let failure):
                XCTAssertFalse(failure.errors.isEmpty, input)
            }
        }
        // The second and third are whole archives (no File's Owner, no connections); the others are not.
        XCTAssertEqual(read, 2)
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
