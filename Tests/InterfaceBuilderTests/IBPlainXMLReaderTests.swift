import XCTest
@testable import InterfaceBuilder
import TestSupport

/// The plain reader must hear exactly what XMLParser hears, or decline: whenever it reads a
/// document, the scanner's record (objects, connections, scenes, ids, diagnostics with their
/// locations) must equal the record of the same scanner fed by XMLParser.
final class IBPlainXMLReaderTests: XCTestCase {
    /// Everything the second pass and `describe` read from a scanner, as text.
    private func record(_ scanner: IBScanner) -> String {
        var lines: [String] = []
        lines.append("document \(scanner.isDocument) legacy \(scanner.isLegacyArchive) failed \(scanner.xmlFailed)")
        lines.append("platform \(scanner.platform) kind \(scanner.kind) at \(String(describing: scanner.documentLocation))")
        lines.append("initial \(String(describing: scanner.initialViewControllerID))")
        lines += zip(scanner.objects, scanner.nodeFacts).map { "\($0) \($1)" }
        lines += scanner.connections.map { "\($0)" }
        lines += scanner.scenes.map { "\($0)" }
        lines += zip(scanner.ids.keys, scanner.ids.values).sorted { $0.0 < $1.0 }.map { "id \($0.0) \($0.1)" }
        lines += scanner.diagnostics.map { "\($0)" }
        return lines.joined(separator: "\n")
    }

    /// nil when the plain reader declines.
    private func plainRecord(_ bytes: [UInt8]) -> String? {
        let scanner = IBScanner(path: "doc.xib", bytes: bytes)
        return scanner.runPlain(bytes) ? record(scanner) : nil
    }

    private func parserRecord(_ bytes: [UInt8]) -> String {
        let scanner = IBScanner(path: "doc.xib", bytes: bytes)
        scanner.run(Data(bytes))
        return record(scanner)
    }

    private func documents() throws -> [(String, [UInt8])] {
        var found: [(String, [UInt8])] = []
        let folders = [TestFiles.fixtures, TestFiles.fixtures.appendingPathComponent("legacy"), TestFiles.sharedIB]
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".xib") || name.hasSuffix(".storyboard") {
                found.append((name, [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))))
            }
        }
        return found
    }

    func testEveryFixtureReadsTheSameAsWithXMLParser() throws {
        var plainlyRead = 0
        for (name, bytes) in try documents() {
            let expected = parserRecord(bytes)
            if let plain = plainRecord(bytes) {
                plainlyRead += 1
                XCTAssertEqual(plain, expected, name)
            }
        }
        // The well-formed fixtures are plain XML as Xcode writes it: all of them are read plainly.
        XCTAssertGreaterThanOrEqual(plainlyRead, 10)
    }

    func testWellFormedFixturesAreNotDeclined() throws {
        for name in ["ios-profile.xib", "mac-appdelegate-window.xib", "ios-navigation.storyboard",
                     "error-duplicate-id.xib", "error-legacy-archive.xib", "error-wrong-root.xib"] {
            let bytes = [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(name)))
            XCTAssertNotNil(plainRecord(bytes), name)
        }
    }

    /// Mutated documents: wherever the plain reader accepts one, it must agree with XMLParser,
    /// errors and their locations included.
    func testMutatedDocumentsAgreeOrAreDeclined() throws {
        let names = ["ios-profile.xib", "mac-appdelegate-window.xib", "ios-navigation.storyboard"]
        let pieces: [[UInt8]] = ["<", ">", "&", "&amp;", "&#10;", "&#0;", "&foo;", "\"", "'", "/", "=", " ",
                                 "\r\n", "\t", "<!-- c -->", "<!-- a -- b -->", "<![CDATA[x]]>", "]]>",
                                 "<?pi x?>", "<?xml version=\"1.0\"?>", "é", "\u{1}", ":", "x=\"1\"",
                                 "</view>", "<view id=\"z\">", "<b/>"].map { Array($0.utf8) }
        var generator = SplitMix64(seed: 0x9_1A1)
        var read = 0, declined = 0
        for name in names {
            let original = [UInt8](try Data(contentsOf: TestFiles.fixtures.appendingPathComponent(name)))
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...2, using: &generator) {
                    let at = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0: bytes.remove(at: at)
                    case 1: bytes.insert(contentsOf: pieces.randomElement(using: &generator)!, at: at)
                    case 2: bytes[at] = pieces.randomElement(using: &generator)![0]
                    case 3: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                    default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
                    }
                }
                if let plain = plainRecord(bytes) {
                    read += 1
                    XCTAssertEqual(plain, parserRecord(bytes), "\(name) mutated:\n\(String(decoding: bytes, as: UTF8.self))")
                } else {
                    declined += 1
                }
            }
        }
        // Both sides of the property are exercised.
        XCTAssertGreaterThan(read, 50)
        XCTAssertGreaterThan(declined, 50)
    }

    func testWhatItDeclines() {
        let root = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects/></document>"
        let declined = [
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + root,
            "<!DOCTYPE document [<!ENTITY e \"x\">]>" + root,
            "<document a=\"1\" a=\"2\"/>",
            "<document><![CDATA[x]]></document>",
            "<document>&nbsp;</document>",
            "<document></documents>",
            "<document>",
            root + "<more/>",
            "<x:document/>",
            "",
        ]
        for text in declined {
            XCTAssertNil(plainRecord(Array(text.utf8)), text)
        }
        XCTAssertNotNil(plainRecord(Array(("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n"
                                            + "<!-- made by hand -->\n" + root + "\n<?after this?>\n").utf8)))
    }

    func testValuesAreUnescapedAndNormalizedAsXMLParserDoes() {
        let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects>"
            + "<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" userLabel=\"a&amp;b &lt;&#x41;&#66;&gt;\r\n&quot;\tc&apos;&#10;\"/>"
            + "</objects></document>"
        let bytes = Array(text.utf8)
        XCTAssertEqual(plainRecord(bytes), parserRecord(bytes))
        // CR LF is one space and the tab another; the record shows the quote escaped.
        XCTAssertTrue(plainRecord(bytes)?.contains(#"userLabel: Optional("a&b <AB> \" c\'\n")"#) ?? false)
    }

    func testIDAttributesAreCountedToSizeTables() {
        XCTAssertEqual(IBPlainXMLReader.countIDAttributes(Array(#"<a id="1"><b  id="2"/><c xid="3" id='4'/></a>"#.utf8)), 2)
        XCTAssertEqual(IBPlainXMLReader.countIDAttributes(Array(#"id="1""#.utf8)), 0)
        XCTAssertEqual(IBPlainXMLReader.countIDAttributes([]), 0)
    }

    func testEightBytesAtATimeFindEveryControlAndNonASCIIByte() {
        let plain = Array("abcdefgh".utf8)
        for position in 0..<8 {
            for byte: UInt8 in [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x80, 0xC3, 0xFF] {
                var bytes = plain
                bytes[position] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                XCTAssertFalse(IBXMLText.isPlainASCII(word), "\(byte) at \(position)")
            }
        }
        XCTAssertTrue(IBXMLText.isPlainASCII(Array(" ~!<>&\"z".utf8).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
    }

    func testLocationsCountCharactersAfterAByteOrderMark() {
        let text = "\u{FEFF}<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects>"
            + "<view id=\"é\" userLabel=\"ü\"/><view id=\"é\"/>\n  <view id=\"x\"/><view id=\"x\"/></objects></document>"
        let bytes = Array(text.utf8)
        let plain = plainRecord(bytes)
        XCTAssertNotNil(plain)
        XCTAssertEqual(plain, parserRecord(bytes))
        XCTAssertTrue(plain?.contains("duplicate id 'x'") ?? false)
    }
}

extension IBPlainXMLReaderTests {
    func testLineEndsOfEveryKindAgree() {
        // A lone CR is left to XMLParser, which does not count it as a line end.
        for (end, plainly) in [("\n", true), ("\r\n", true), ("\r", false), ("\n\r", false)] {
            let text = "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">" + end + "<objects>" + end
                + "  <view id=\"a\"/>" + end + "<view id=\"a\"/></objects>" + end + "</document>" + end
            let bytes = Array(text.utf8)
            let plain = plainRecord(bytes)
            XCTAssertEqual(plain != nil, plainly, end.debugDescription)
            guard let plain else { continue }
            XCTAssertEqual(plain, parserRecord(bytes), end.debugDescription)
            XCTAssertTrue(plain.contains("duplicate id 'a'; first used on line 3"), plain)
        }
    }
}
