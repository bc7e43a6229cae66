import FileBytes
import Foundation
import XCTest
@testable import InterfaceBuilder
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile files (issue 25): what crashed Foundation's XMLParser, files that are not regular
/// or never end, and a flood of errors on one long line.
final class IBHostileInputTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "nibscript-hostile-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func read(_ text: String) -> Result<IBDocument, IBReadFailure> {
        IBReader.read(data: Data(text.utf8), path: "hostile.xib")
    }

    private static let modernHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n"
    private static let legacyHead = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        + "<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\">\n"

    /// `<?x?>` made XMLParser pass a null pointer to strlen (SIGSEGV): always in a legacy
    /// archive, and in a modern document when the plain reader hands it over at an error.
    func testProcessingInstructionsWithoutDataDoNotCrash() throws {
        for pi in ["<?x?>", "<?x ?>", "<?x\n?>", "<??>"] {
            let line = pi.contains("\n") ? 5 : 4
            let legacy = read(Self.legacyHead + pi + "\n<data></data>\n</archive>\n")
            guard case .failure(let f) = legacy else { return XCTFail("an archive without records read") }
            XCTAssertEqual(f.errors.map(\.description), ["hostile.xib:\(line):1: error: the archive has no IBDocument.RootObjects"], pi)
            let broken = read(Self.modernHead + pi + "\n<objects><a></b></objects></document>\n")
            guard case .failure(let g) = broken else { return XCTFail("a mismatched tag read") }
            XCTAssertEqual(g.errors.count, 1, pi)
            XCTAssert(g.errors[0].description.hasPrefix("hostile.xib:\(line):"), "\(g)")
            XCTAssert(g.errors[0].message.contains("tag mismatch"), "\(g)")
        }
        // One with data is left alone.
        guard case .success = read(Self.modernHead + "<?x y?>\n<objects/></document>\n") else { return XCTFail("<?x y?> refused") }
    }

    /// The other declarations XMLParser turned into a null pointer on Linux.
    func testDeclarationsThatCrashedXMLParserDoNotCrash() {
        let declarations = [
            "<!NOTATION n SYSTEM \"x\">", "<!NOTATION n PUBLIC \"p\">", "<!ATTLIST document a CDATA #IMPLIED>",
            "<!ENTITY e SYSTEM \"x\" NDATA n>", "<!-- ] --><!ATTLIST d a CDATA #IMPLIED>",
        ]
        for declaration in declarations {
            for head in [Self.modernHead, Self.legacyHead] {
                let root = head == Self.modernHead ? "document" : "archive"
                let text = head.replacingOccurrences(of: "<\(root) ", with: "<!DOCTYPE \(root) [\(declaration)]>\n<\(root) ")
                    + "<objects><a></b></objects></\(root)>\n"
                guard case .failure(let f) = read(text) else { return XCTFail("\(declaration) read") }
                XCTAssertFalse(f.errors.isEmpty, declaration)
            }
        }
    }

    func testTheGuardKeepsEveryLineAndColumn() {
        let text = Array("<a>\n<?x?>\r\n<?y\n?><!DOCTYPE a [<!NOTATION n SYSTEM \"x\">\n]>".utf8)
        let guarded = IBXMLGuard.prepare(text)
        XCTAssertEqual(guarded.count, text.count)
        XCTAssertEqual(guarded.indices.filter { guarded[$0] == 0x0A }, text.indices.filter { text[$0] == 0x0A })
        XCTAssertEqual(String(decoding: guarded, as: UTF8.self),
                       "<a>\n     \r\n   \n  <!DOCTYPE a [                        \n]>")
        let plain = Array("<?xml version=\"1.0\"?><a/>".utf8)
        XCTAssertEqual(IBXMLGuard.prepare(plain), plain)
        // A declaration without its version stays, for XMLParser to refuse.
        let versionless = Array("<?xml?><a/>".utf8)
        XCTAssertEqual(IBXMLGuard.prepare(versionless), versionless)
        guard case .failure(let f) = IBReader.read(data: Data("<?xml ?>\n<document/>".utf8), path: "v.xib") else {
            return XCTFail("a declaration without a version read")
        }
        XCTAssert(f.errors[0].message.contains("malformed XML"), "\(f)")
    }

    func testAFIFOIsRefusedAtOnce() throws {
        let fifo = folder + "/Panel.xib"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // Opening it for reading would wait for a writer for ever.
        guard case .failure(let f) = IBReader.read(path: fifo, displayPath: "Panel.xib") else { return XCTFail("a FIFO read") }
        XCTAssertEqual(f.description, "Panel.xib: error: cannot read the file: it is a FIFO (named pipe), not a regular file "
                       + "(only regular files are read)")
        XCTAssertEqual(FileBytes.read(atPath: fifo), .failure(.notRegular("a FIFO (named pipe)")))
        XCTAssertEqual(IBReader.classify(path: fifo), .xib)
        // A FIFO named .nib: left to the reader too, which says what it is.
        let nib = folder + "/Flat.nib"
        XCTAssertEqual(mkfifo(nib, 0o600), 0)
        XCTAssertEqual(IBReader.classify(path: nib), .xib)
        guard case .failure(let g) = IBReader.read(path: nib, displayPath: "Flat.nib") else { return XCTFail("a FIFO read") }
        XCTAssert(g.description.contains("it is a FIFO"), g.description)
    }

    func testADeviceIsRefused() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/zero"), "no /dev/zero")
        XCTAssertEqual(FileBytes.read(atPath: "/dev/zero"), .failure(.notRegular("a character device")))
        guard case .failure(let f) = IBReader.read(path: "/dev/zero") else { return XCTFail("/dev/zero read") }
        XCTAssert(f.description.contains("a character device"), f.description)
    }

    func testAStreamIsReadUpToItsLimitOnly() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/zero"), "no /dev/zero")
        let fd = open("/dev/zero", O_RDONLY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        // What `run -` reads: one byte past the limit tells a stream that is too long.
        XCTAssertEqual(try FileBytes.readPrefix(fileDescriptor: fd, count: 100_001).get().count, 100_001)
    }

    func testAFileOverTheLimitIsRefusedWithItsSize() throws {
        let path = folder + "/Big.xib"
        try Data(repeating: 0x20, count: 5000).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(FileBytes.read(atPath: path, limit: 4999), .failure(.tooLarge(size: 5000, limit: 4999)))
        XCTAssertEqual(try FileBytes.read(atPath: path, limit: 5000).get().count, 5000)
        XCTAssertEqual(FileBytes.Failure.tooLarge(size: 5000, limit: 4999).description,
                       "it is more than 4999 bytes; the limit is 4999 bytes")
        XCTAssertEqual(FileBytes.Failure.tooLarge(size: 9 << 20, limit: 1 << 20).description,
                       "it is 9437184 bytes; the limit is 1048576 bytes (1 MiB)")
        XCTAssertGreaterThan(FileBytes.maxFileSize, 118_000_000, "the benchmarks' million-object xib must still read")
    }

    /// 2,000 duplicate ids on one 60 KB line: at most the error limit, each with a window of
    /// the line, not the line itself (a 221 KB line gave 1 GB of text).
    func testManyErrorsOnOneLongLineGiveBoundedText() throws {
        var line = "<objects>"
        for i in 0..<2000 { line += "<view id=\"dup\" tag=\"\(i)\"/>" }
        line += "</objects>"
        let path = folder + "/Flood.xib"
        try Data((Self.modernHead + line + "\n</document>\n").utf8).write(to: URL(fileURLWithPath: path))
        guard case .failure(let f) = IBReader.read(path: path, displayPath: "Flood.xib") else { return XCTFail("duplicates read") }
        XCTAssertEqual(f.errors.count, 1999)
        let texts = IBDiagnosticText.format(f, sourcePath: path, shownPath: "Flood.xib")
        XCTAssertEqual(texts.count, IBDiagnosticText.defaultErrorLimit + 1)
        XCTAssertEqual(texts.last, "error: too many errors in Flood.xib; stopping after 20 (1999 in all)\n")
        for text in texts.dropLast() {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.count, 4, text)   // message, window, caret, and the empty rest
            XCTAssertLessThanOrEqual(lines[1].utf8.count, IBDiagnosticText.maxEchoedLine + 6)
            // The caret stands under the `<` of the duplicate's element.
            let caret = lines[2].count - 1
            let window = Array(lines[1].utf8)
            XCTAssertEqual(window[caret], UInt8(ascii: "<"), text)
        }
        XCTAssert(texts[0].hasPrefix("Flood.xib:3:"), texts[0])
        XCTAssertLessThan(texts.joined().utf8.count, 12_000)
        // No limit: every error.
        XCTAssertEqual(IBDiagnosticText.format(f, sourcePath: path, errorLimit: 0).count, 1999)
    }

    func testControlCharactersInAnEchoedLineAreShownAsQuestionMarks() {
        XCTAssertEqual(IBDiagnosticText.echo(ArraySlice(Array("a\u{1B}[2Jb\tc".utf8)), column: 7), "a?[2Jb\tc\n      ^\n")
    }
}
