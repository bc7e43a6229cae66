import Foundation
import XCTest
@testable import NibScriptCommandLine
import NibScriptSyntax

/// A run keeps where it is as a byte offset and finds a line only when it prints one, and
/// the file's line table is made only when a lookup needs it (issue 27, item 5). The lines
/// printed deep in a big file, in a method body far above the statement that runs it, and
/// in errors, are still the right ones: each is compared with the file's lines counted the
/// plain way.
final class LazyLinesTests: XCTestCase {
    /// A scenario of `rounds` rounds of five statements whose releases run a `dealloc` body
    /// written at the top, then a dangling outlet and a zombie message at the end. Lines of
    /// more than 255 bytes (comments) and CRLF line ends are mixed in.
    private func script(rounds: Int) -> String {
        var s = """
        platform ios 5.1
        memory mrc
        class Node : NSObject {
            property child : Node retain
            property peer : UILabel assign
            dealloc {
                release child
                super
            }
        }
        scenario "deep" {

        """
        for i in 0..<rounds {
            s += "    n = new Node\n    c = new Node\n    n.child = c\n    release c\n    release n\n"
            if i % 97 == 0 { s += "    # " + String(repeating: "long comment ", count: 30 + i % 50) + "\n" }
            if i % 89 == 0 { s += "    # a CRLF line\r\n" }
        }
        s += """
            h = new Node
            l = new UILabel
            h.peer = l
            release l
            expect alive l
            send h.peer setText:
            expect no crash
        }

        """
        return s
    }

    /// The file's lines, split at each line feed byte (a Swift `String` holds "\r\n" as one
    /// character).
    private func fileLines(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring(String(decoding: $0, as: UTF8.self)) }
    }

    /// The 1-based line of the first line whose text (without the spaces around it) is `text`,
    /// searching from the end.
    private func lastLine(of text: String, in lines: [Substring]) -> Int? {
        lines.lastIndex { $0.trimmingCharacters(in: .whitespacesAndNewlines) == text }.map { $0 + 1 }
    }

    func testLinesDeepInABigFileAreRightInTheSummaryTheTraceAndTheExpectations() throws {
        let text = script(rounds: 3_000)
        let lines = fileLines(text)
        let release = try XCTUnwrap(lastLine(of: "release l", in: lines))
        let send = try XCTUnwrap(lastLine(of: "send h.peer setText:", in: lines))
        let alive = try XCTUnwrap(lastLine(of: "expect alive l", in: lines))
        XCTAssertGreaterThan(release, 15_000, "the file is big enough")
        for quiet in [true, false] {
            let file = SourceFile(path: "deep.nibscript", text: text)
            let out = Driver.runSource(file, quiet: quiet).stdout
            XCTAssertTrue(out.contains("(deallocated at line \(release))"), "dangling line, quiet \(quiet)")
            XCTAssertTrue(out.contains("crash     line \(send): "), "crash line, quiet \(quiet)")
            XCTAssertTrue(out.contains(" \(alive)  expect alive l  —  UILabel l#6002 was deallocated at line \(release)"),
                          "expectation line, quiet \(quiet)")
            XCTAssertTrue(out.contains("crashed at line \(send): "), "the crash in the expectation, quiet \(quiet)")
            XCTAssertTrue(out.hasPrefix("scenario \"deep\" (line 11; "), "heading, quiet \(quiet)")
            guard !quiet else { continue }
            // Every numbered line of the trace (the scenario's statements, and the dealloc
            // body's, run at every round from the statement thousands of lines below it)
            // shows the text of that line of the file.
            var numbered = 0
            for traced in out.split(separator: "\n") {
                if traced == "  summary" { break }
                let t = traced.drop { $0 == " " }
                guard let space = t.firstIndex(of: " "), let n = Int(t[..<space]) else { continue }
                let shown = t[space...].trimmingCharacters(in: .whitespaces)
                let source = lines[n - 1].trimmingCharacters(in: .whitespacesAndNewlines)
                guard shown == source else { return XCTFail("trace line \(n) shows '\(shown)', the file has '\(source)'") }
                numbered += 1
            }
            // 5 statements a round, 2 dealloc body lines a round (`release child` and `super`
            // of n; c's body lines are shown without numbers, at the same lines), and the end.
            XCTAssertEqual(numbered, 3_000 * 7 + 5, "every statement's line was checked")
        }
    }

    func testAQuietRunThatPrintsOnlyItsLastLinesMakesNoLineTable() {
        // As b1's loop: the only lines printed are the heading's and those of the expectations
        // at the end (no dangling reference, no crash).
        let text = script(rounds: 2_000)
            .replacingOccurrences(of: "    h.peer = l\n", with: "")
            .replacingOccurrences(of: "    expect alive l\n    send h.peer setText:\n    expect no crash\n", with: "    expect deallocated l\n")
        let file = SourceFile(path: "deep.nibscript", text: text)
        let out = Driver.runSource(file, quiet: true).stdout
        XCTAssertTrue(out.contains("1 passed, 0 failed"), out)
        XCTAssertFalse(file.hasLineTable, "a quiet run that prints only its heading's line and the last line's makes no line table")
    }

    func testAnErrorDeepInABigFileHasItsLineColumnAndCaret() {
        var text = script(rounds: 2_000)
        text = text.replacingOccurrences(of: "    h = new Node\n", with: "    h = new Nod\n")
        let lines = fileLines(text)
        let line = lines.lastIndex { $0.hasPrefix("    h = new Nod") }! + 1
        let r = Driver.runSource(SourceFile(path: "deep.nibscript", text: text), quiet: true)
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("deep.nibscript:\(line):13: error:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("\n    h = new Nod\n" + String(repeating: " ", count: 12) + "^~~"), r.stderr)
    }
}
