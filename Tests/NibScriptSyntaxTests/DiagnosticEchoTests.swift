import XCTest
@testable import NibScriptSyntax

/// Junk in a script gives a few readable errors: a run of bad characters is one error, a
/// binary file one, control bytes never reach the terminal raw, and a long line is echoed
/// as a window around the caret.
final class DiagnosticEchoTests: XCTestCase {
    private func errors(_ bytes: [UInt8]) -> (SourceFile, [Diagnostic]) {
        let file = SourceFile(path: "f.nibscript", bytes: bytes)
        return (file, Parser.parse(file).1)
    }

    func testARunOfBadCharactersIsOneError() {
        let (file, ds) = errors(Array(("scenario \"s\" {\n    x = y " + String(repeating: "@", count: 10_000) + "\n}\n").utf8))
        XCTAssertEqual(ds.map(\.message), ["unexpected character '@' and 9999 more unexpected characters after it"])
        let text = DiagnosticFormatter.format(ds, in: file)
        XCTAssertLessThan(text.utf8.count, 1000, text)
    }

    func testSeparateBadCharactersAreSeparateErrors() {
        let (_, ds) = errors(Array("scenario \"s\" {\n    x = y @ $\n}\n".utf8))
        XCTAssertEqual(ds.map(\.message), ["unexpected character '@'", "unexpected character '$'"])
    }

    func testABinaryFileIsOneError() {
        var elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
        for i in 0..<3000 { elf.append(UInt8(truncatingIfNeeded: i &* 37)) }
        let (file, ds) = errors(elf)
        XCTAssertEqual(ds.map(\.message), ["not a text file: it has a NUL byte (at byte 8); a script is UTF-8 text"])
        let text = DiagnosticFormatter.format(ds, in: file)
        XCTAssertTrue(text.hasPrefix("f.nibscript:1:8: error: not a text file"), text)
        XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, text)
    }

    func testControlBytesAndInvalidUTF8AreEscapedInTheEcho() {
        let bytes = Array("scenario \"s\" {\n    x = \u{1B}[31m".utf8) + [0xFF] + Array(" y\n}\n".utf8)
        let (file, ds) = errors(bytes)
        let text = DiagnosticFormatter.format(ds, in: file)
        XCTAssertFalse(text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0xFFFD }, text)
        XCTAssertTrue(text.contains("    x = \\u{1B}[31m\\xFF y\n"), text)
        // The caret stands under the escape it points at.
        XCTAssertTrue(text.contains("f.nibscript:2:9: error: unexpected character '\\u{1B}' and 1 more unexpected character after it\n"
                                    + "    x = \\u{1B}[31m\\xFF y\n        ^~~~~~~\n"), text)
    }

    func testTabsAndPlainTextEchoAsBefore() {
        let file = SourceFile(path: "f", text: "\tab cd\n")
        let d = Diagnostic.error("m", at: SourceRange(start: 4, end: 6))
        XCTAssertEqual(DiagnosticFormatter.format(d, in: file), "f:1:5: error: m\n\tab cd\n\t   ^~\n")
        // A range running into the line break marks it too, as it always did.
        let e = Diagnostic.error("m", at: SourceRange(start: 4, end: 7))
        XCTAssertEqual(DiagnosticFormatter.format(e, in: file), "f:1:5: error: m\n\tab cd\n\t   ^~~\n")
    }

    func testALongLineIsEchoedAsAWindowAroundTheCaret() {
        let line = String(repeating: "a", count: 5000) + " @ " + String(repeating: "b", count: 5000)
        let file = SourceFile(path: "f", text: line + "\n")
        let d = Diagnostic.error("m", at: SourceRange(start: 5001, end: 5002))
        let lines = DiagnosticFormatter.format(d, in: file).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines[0], "f:1:5002: error: m")
        XCTAssertEqual(lines[1], "..." + String(repeating: "a", count: 59) + " @ " + String(repeating: "b", count: 138) + "...")
        XCTAssertEqual(lines[2], String(repeating: " ", count: 3 + 60) + "^")
    }

    func testAWideRangeOnALongLineStopsAtTheCut() {
        let file = SourceFile(path: "f", text: String(repeating: "@", count: 10_000) + "\n")
        let d = Diagnostic.error("m", at: SourceRange(start: 0, end: 10_000))
        let lines = DiagnosticFormatter.format(d, in: file).split(separator: "\n")
        XCTAssertEqual(lines[1], Substring(String(repeating: "@", count: 200) + "..."))
        XCTAssertEqual(lines[2], Substring("^" + String(repeating: "~", count: 199)))
    }

    func testMessagesNeverCarryControlCharacters() {
        let file = SourceFile(path: "f", text: "x\n")
        let d = Diagnostic.error("scenario \"\u{1B}[2J\" is declared twice", at: SourceRange(start: 0, end: 1), notes: ["a\u{7}b"])
        XCTAssertEqual(DiagnosticFormatter.format(d, in: file),
                       "f:1:1: error: scenario \"\\u{1B}[2J\" is declared twice\nx\n^\nnote: a\\u{7}b\n")
    }

    func testTheErrorLimitStopsPrinting() {
        let text = "scenario \"s\" {\n" + (0..<30).map { _ in "    @\n" }.joined() + "}\n"
        let file = SourceFile(path: "f", text: text)
        let ds = Parser.parse(file).1
        XCTAssertEqual(ds.count, 30)
        let limited = DiagnosticFormatter.format(ds, in: file, errorLimit: 20)
        XCTAssertEqual(limited.components(separatedBy: ": error: ").count - 1, 20)
        XCTAssertTrue(limited.hasSuffix("error: too many errors; stopping (--error-limit 20)\n"), limited)
        XCTAssertEqual(DiagnosticFormatter.format(ds, in: file, errorLimit: 0), DiagnosticFormatter.format(ds, in: file))
        XCTAssertEqual(DiagnosticFormatter.format(ds, in: file, errorLimit: 30), DiagnosticFormatter.format(ds, in: file))
    }
}
