import Foundation
import FileBytes
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptBenchmarks
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What nibscript writes for others to read (DOT, SVG, HTML, SARIF, the terminal, `report -o`)
/// stays what it claims to be whatever the script, its titles and its file name hold.
final class OutputSafetyTests: XCTestCase {
    /// A fresh folder of this test's own, removed at the end.
    func folder() throws -> String {
        let dir = NSTemporaryDirectory() + "nibscript-outputs-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// A script titled with an OSC sequence (ESC … BEL) and a C1 control, in a file whose name
    /// holds a `"` joined to a U+0600 before it and another joined to a U+0301 after it.
    func hostileScript() throws -> String {
        let path = try folder() + "/e\u{600}\"x\"\u{301}\u{1B}[31m.nibscript"
        let script = "platform mac 10.7\nmemory mrc\nscenario \"t\u{1B}]0;pwn\u{7}\u{9B}2J\" {\n    a = new NSString\n    retain a\n}\n"
        try script.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// Every `"` inside a DOT string is escaped: walking bytes, each quote after the opening
    /// one is either escaped (odd run of backslashes before it) or closes the string.
    static func dotStringsCloseWhereTheyShould(_ dot: String) -> Bool {
        // Each statement line holds balanced strings: count unescaped quotes byte by byte.
        for line in dot.split(separator: "\n") {
            var unescaped = 0, backslashes = 0
            for b in line.utf8 {
                if b == UInt8(ascii: "\"") && backslashes % 2 == 0 { unescaped += 1 }
                backslashes = b == UInt8(ascii: "\\") ? backslashes + 1 : 0
            }
            if unescaped % 2 != 0 { return false }
        }
        return true
    }

    static func hasRawControls(_ s: String) -> Bool {
        s.unicodeScalars.contains { VisibleText.isHidden($0.value) }
    }

    // MARK: DOT (issue 25 item 7)

    func testDOTQuoteEscapesQuotesJoinedToTheirNeighbours() {
        XCTAssertEqual(GraphDOT.quote("\u{600}\"a\"\u{301}"), "\"\u{600}\\\"a\\\"\u{301}\"")
        XCTAssertEqual(GraphDOT.quote("\\\u{301}"), "\"\\\\\u{301}\"")
        XCTAssertEqual(GraphDOT.quote("a\r\nb\u{1B}"), "\"a\\\\u{D}\\nb\\\\u{1B}\"")
    }

    func testGraphOfAHostileFileNameKeepsItsStringsClosed() throws {
        let r = Driver.main(["graph", try hostileScript()])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(Self.dotStringsCloseWhereTheyShould(r.stdout), r.stdout)
        XCTAssertFalse(Self.hasRawControls(r.stdout))
        // Read back, the caption is the file name and the title, their controls shown.
        let dot = GraphTests.parse(r.stdout)
        XCTAssertFalse(dot.nodes.isEmpty)
        XCTAssertTrue(r.stdout.contains("t\\\\u{1B}]0;pwn\\\\u{7}\\\\u{9B}2J"), r.stdout)
    }

    // MARK: Control characters (issue 25 item 8)

    func testSVGOfAHostileScriptIsWellFormedXML() throws {
        let r = Driver.main(["graph", "--format", "svg", try hostileScript()])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(Self.hasRawControls(r.stdout))
        let parser = XMLParser(data: Data(r.stdout.utf8))
        XCTAssertTrue(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        XCTAssertTrue(r.stdout.contains("t\\u{1B}]0;pwn\\u{7}\\u{9B}2J"))
    }

    func testHTMLReportShowsControlsAndNeverClosesItsScriptEarly() throws {
        let r = Driver.main(["report", try hostileScript()])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(Self.hasRawControls(r.stdout))
        XCTAssertTrue(r.stdout.contains("t\\u{1B}]0;pwn\\u{7}\\u{9B}2J"))
        // A `<` joined to a U+0600 before it is still a `<` to an HTML parser.
        let json = HTML.scriptJSON(.string("\u{600}</script><script>alert(1)</script>"))
        XCTAssertFalse(json.utf8.contains(UInt8(ascii: "<")), json)
        XCTAssertEqual(HTML.escape("a\u{0}b\u{7F}\tc\n"), "a\\u{0}b\\u{7F}\tc\n")
    }

    func testTextOutputNeverHandsTheTerminalAControlSequence() throws {
        let path = try hostileScript()
        for args in [["run", path], ["run", "--quiet", path], ["matrix", path], ["explore", path], ["run", "--format", "json", path]] {
            let r = Driver.main(args)
            XCTAssertFalse(Self.hasRawControls(r.stdout), "\(args): \(r.stdout)")
            XCTAssertFalse(Self.hasRawControls(r.stderr), "\(args): \(r.stderr)")
        }
        let text = Driver.main(["run", path]).stdout
        XCTAssertTrue(text.contains("scenario \"t\\u{1B}]0;pwn\\u{7}\\u{9B}2J\""), text)
        // JSON keeps its own lossless escapes.
        let json = Driver.main(["run", "--format", "json", path]).stdout
        XCTAssertTrue(json.contains("t\\u001b]0;pwn\\u0007\u{9B}2J") || json.contains("t\\u001b]0;pwn\\u0007"), json)
    }

    func testVisibleOutputPassesOrdinaryTextAsItIs() {
        let inner = StringOutput()
        let out = VisibleOutput(inner)
        let ordinary = "  12  a = new NSString é © ° ￼\tx\n"
        Array(ordinary.utf8).withUnsafeBufferPointer { out.write(utf8: $0) }
        out.write("\u{85}\u{FFFF}")
        XCTAssertEqual(inner.text, ordinary + "\\u{85}\\u{FFFF}")
        for (s, hidden) in [("\u{9F}", true), ("\u{A0}", false), ("\u{FFFE}", true), ("\u{FFFD}", false), ("\r", true), ("\t\n", false)] {
            XCTAssertEqual(Array(s.utf8).withUnsafeBufferPointer { VisibleText.containsHidden($0) }, hidden, s.debugDescription)
        }
        // Eight bytes at a time: every character at every offset of every word, in lines of
        // every length, is found exactly when it is hidden.
        let samples: [String] = ["\u{0}", "\u{1B}", "\u{1F}", "\r", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}", "\u{FFFE}", "\u{FFFF}",
                                 " ", "~", "\t", "\n", "\u{A0}", "é", "©", "\u{FFFD}", "\u{FFBF}", "\u{600}", "😀"]
        for sample in samples {
            let hidden = sample.unicodeScalars.contains { VisibleText.isHidden($0.value) }
            for length in 0..<20 {
                for at in 0...length {
                    let line = String(repeating: "a", count: at) + sample + String(repeating: "b", count: length - at)
                    let found = Array(line.utf8).withUnsafeBufferPointer { VisibleText.containsHidden($0) }
                    XCTAssertEqual(found, hidden, "\(sample.debugDescription) at \(at) of \(length)")
                }
            }
        }
    }

    // MARK: SARIF (issue 25 item 9)

    func testSARIFURIsArePercentEncoded() throws {
        XCTAssertEqual(SARIFURI.percentEncoded("sp ace%41[x]/a b#?.m", relative: true), "sp%20ace%2541%5Bx%5D/a%20b%23%3F.m")
        XCTAssertEqual(SARIFURI.percentEncoded("c:d/é\n.m", relative: true), "c%3Ad/%C3%A9%0A.m")
        XCTAssertEqual(SARIFURI.percentEncoded("/a:b/C-D_e.f~g+@/x.m", relative: false), "/a:b/C-D_e.f~g+@/x.m")
        // A project in a folder, and with a folder of sources, whose names need encoding.
        let dir = try folder() + "/sp ace%41[x]?"
        try AuditProject.write(to: dir, controllers: 1)
        try FileManager.default.moveItem(atPath: dir + "/Classes", toPath: dir + "/Cl asses:#")
        let sarif = Driver.main(["audit", "--format", "sarif", dir]).stdout
        let uris = sarif.components(separatedBy: "\"uri\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        // SRCROOT, absolute; the files, relative to it.
        XCTAssertEqual(uris.filter { $0.hasPrefix("file:") }.count, 1, sarif)
        XCTAssertTrue(uris.contains { $0.hasPrefix("file:///") && $0.hasSuffix("/sp%20ace%2541%5Bx%5D%3F/") }, "\(uris)")
        let sources = uris.filter { $0.hasSuffix(".m") || $0.hasSuffix(".h") }
        XCTAssertFalse(sources.isEmpty, sarif)
        for u in sources {
            XCTAssertTrue(u.hasPrefix("Cl%20asses%3A%23/"), u)
            XCTAssertNotNil(URL(string: u), u)
        }
    }

    // MARK: report -o (issue 25 item 10)

    func testReportReplacesARegularFileOnly() throws {
        let dir = try folder()
        let script = dir + "/s.nibscript"
        try "platform mac 10.7\nmemory mrc\nscenario \"s\" {\n    a = new NSString\n}\n".write(toFile: script, atomically: false, encoding: .utf8)
        let fm = FileManager.default

        // A new file, then a regular file replaced, keeping its mode.
        let out = dir + "/r.html"
        XCTAssertEqual(Driver.main(["report", script, "-o", out]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        try "old".write(toFile: out, atomically: false, encoding: .utf8)
        XCTAssertEqual(chmod(out, 0o640), 0)
        XCTAssertEqual(Driver.main(["report", script, "-o", out]).status, 0)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        XCTAssertEqual((try fm.attributesOfItem(atPath: out)[.posixPermissions] as? NSNumber)?.intValue, 0o640)

        // A symlink: neither it nor the file it points to changes.
        let target = dir + "/target.txt", link = dir + "/link.html"
        try "precious".write(toFile: target, atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: link, withDestinationPath: target)
        let viaLink = Driver.main(["report", script, "-o", link])
        XCTAssertEqual(viaLink.status, 2)
        XCTAssertTrue(viaLink.stderr.contains("it is a symbolic link, not a regular file"), viaLink.stderr)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "precious")
        XCTAssertEqual(try fm.destinationOfSymbolicLink(atPath: link), target)

        // A FIFO (no reader: opening it to write would block for ever) and a directory.
        let fifo = dir + "/fifo.html"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let viaFIFO = Driver.main(["report", script, "-o", fifo])
        XCTAssertEqual(viaFIFO.status, 2)
        XCTAssertTrue(viaFIFO.stderr.contains("it is a FIFO"), viaFIFO.stderr)
        let sub = dir + "/sub"
        try fm.createDirectory(atPath: sub, withIntermediateDirectories: false)
        let viaDir = Driver.main(["report", script, "-o", sub])
        XCTAssertEqual(viaDir.status, 2)
        XCTAssertTrue(viaDir.stderr.contains("it is a directory"), viaDir.stderr)
        if fm.fileExists(atPath: "/dev/null") {
            guard case .failure(let f) = ReplaceFile.write([1, 2], to: "/dev/null") else { return XCTFail("/dev/null replaced") }
            XCTAssertEqual(f.message, "cannot write '/dev/null': it is a character device, not a regular file; nothing was written (give the path of a new or regular file)")
        }
        // A folder that does not exist: a clear error, nothing left behind anywhere.
        let missing = Driver.main(["report", script, "-o", dir + "/nowhere/r.html"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot write '\(dir)/nowhere/r.html'"), missing.stderr)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: dir).sorted(), ["fifo.html", "link.html", "r.html", "s.nibscript", "sub", "target.txt"])
    }
}
