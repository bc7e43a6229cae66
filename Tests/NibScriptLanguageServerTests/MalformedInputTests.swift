import Foundation
import XCTest
@testable import NibScriptLanguageServer
import TestSupport

/// Nothing a client sends traps the server: each bad message gets an error answer (or,
/// for a notification, is dropped) and the next good one is answered as usual.
final class MalformedInputTests: XCTestCase {
    let uri = "file:///tmp/bad.nibscript"

    /// Still alive and answering: a hover on the open document.
    func assertAlive(_ h: ServerHarness, file: StaticString = #filePath, line: UInt = #line) {
        let r = h.request("textDocument/hover", ServerHarness.at(uri, 0, 1), file: file, line: line)
        XCTAssertNil(r["error"], "\(r)", file: file, line: line)
        XCTAssertNil(h.server.exitCode, file: file, line: line)
    }

    func testBadFramesAndBadJSON() {
        let h = ServerHarness()
        h.initialize()
        h.open(uri, "scenario \"s\" {\n    a = new NSObject\n}\n")
        // The answer is the one response the bytes got: not merely the last message read,
        // for the open document's scenarios run in the background and their diagnostics
        // may be published (rightly) just after it.
        func errorCode(afterWriting bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Int? {
            let before = h.received.count
            h.write(bytes)
            h.drain()
            let responses = h.received[before...].filter { $0["method"] == nil }
            XCTAssertEqual(responses.count, 1, "\(h.received[before...])", file: file, line: line)
            return responses.last?["error"]?["code"]?.int
        }
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame("{not json")), -32700)
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame("[1,2,3]")), -32600)
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame("{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"shutdown\"}")), -32600)
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":42}")), -32600)
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame("{\"jsonrpc\":\"2.0\",\"id\":7}")), -32600)
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame("\"\\ud800\"")), -32600, "a lone surrogate is read, and a string is no request")
        XCTAssertEqual(errorCode(afterWriting: FrameReader.frame(String(repeating: "[", count: 100_000))), -32700, "nesting is bounded")
        assertAlive(h)
        // Headers that are not headers: each is reported in the log and skipped.
        let logs = h.received.count
        h.write(Array("Content-Type: text/plain\r\n\r\n".utf8))
        h.write(Array("Content-Length: twelve\r\n\r\n".utf8))
        h.write(Array("Content-Length: 99999999999999999999\r\n\r\n".utf8))
        h.write(Array(String(repeating: "x", count: 10_000).utf8))
        h.drain()
        let messages = h.received[logs...].compactMap { $0["method"]?.string == "window/logMessage" ? $0["params"]?["message"]?.string : nil }
        XCTAssertGreaterThanOrEqual(messages.count, 3, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("without Content-Length") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("'twelve' is not a number") }, "\(messages)")
        assertAlive(h)
        // A message split into single bytes is read whole.
        for b in FrameReader.frame("{\"jsonrpc\":\"2.0\",\"id\":\"split\",\"method\":\"textDocument/documentSymbol\",\"params\":{\"textDocument\":{\"uri\":\"\(uri)\"}}}") {
            h.write([b])
        }
        h.drain()
        XCTAssertNotNil(h.received.last { $0["id"]?.string == "split" }?["result"]?.array)
    }

    /// Once the client's input ends (no `exit`), a background run that finishes later writes
    /// nothing: the process is about to end, and a frame cut in two is all it could write.
    func testNothingIsWrittenAfterTheInputEnds() {
        let h = ServerHarness()
        h.initialize()
        var long = "scenario \"long\" {\n    a = new NSObject\n"
        for _ in 0..<5_000 { long += "    retain a\n" }
        h.open(uri, long + "    expect count a == 1\n}\n")
        h.server.endOfInput()
        h.drain()
        let written = h.received.count
        h.settle()
        XCTAssertEqual(h.received.count, written, "\(h.received[written...])")
        XCTAssertEqual(h.server.runs.outcome(uri)?.scenarios.first?.failed, 1, "the run finished, its failure not published")
    }

    func testRequestsOfTheWrongShape() {
        let h = ServerHarness()
        h.initialize()
        h.open(uri, "class A : NSObject {\n}\nscenario \"s\" {\n    a = new A\n}\n")
        for method in ["textDocument/hover", "textDocument/definition", "textDocument/references", "textDocument/completion"] {
            XCTAssertEqual(h.request(method, .null)["error"]?["code"]?.int, -32602, method)
            XCTAssertEqual(h.request(method, ["textDocument": ["uri": 5]])["error"]?["code"]?.int, -32602, method)
            XCTAssertEqual(h.request(method, ["textDocument": ["uri": .string(uri)], "position": ["line": -1, "character": 0]])["error"]?["code"]?.int, -32602, method)
            XCTAssertEqual(h.request(method, ["textDocument": ["uri": .string(uri)], "position": ["line": .number(1.5), "character": 0]])["error"]?["code"]?.int, -32602, method)
            // A position far past the end is clamped, not an error.
            XCTAssertNil(h.request(method, ServerHarness.at(uri, 1_000_000, 1_000_000))["error"], method)
            XCTAssertNil(h.request(method, ServerHarness.at(uri, 3, 1_000_000))["error"], method)
        }
        XCTAssertEqual(h.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///not/open"]])["error"]?["code"]?.int, -32602)
        XCTAssertNil(h.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": "everything"])["error"])
        // Notifications of a wrong shape are dropped.
        h.notify("textDocument/didOpen", ["textDocument": ["uri": 3, "text": .null]])
        h.notify("textDocument/didChange", ["textDocument": ["uri": "file:///never/opened"], "contentChanges": [["text": "x"]]])
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri)], "contentChanges": "all of it"])
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri)], "contentChanges": [
            ["range": ["start": ["line": 99, "character": 99], "end": ["line": 0, "character": 0]], "text": "#"],
        ]])
        h.notify("$/cancelRequest", ["id": 1])
        h.settle()
        assertAlive(h)
    }

    /// Random bytes, random JSON and random documents (with NULs, invalid UTF-8, deep
    /// braces): the server answers and stays up. Seeded, so a failure repeats.
    func testFuzzNeverTraps() {
        var rng = SplitMix64(seed: 0x5EED_2811)
        let h = ServerHarness()
        h.initialize()
        h.open(uri, "scenario \"s\" {\n}\n")
        let pieces = ["scenario \"x\" {", "}", "class A : NSObject {", "outlet l : UILabel retain", "nib N {", "l : UILabel",
                      "connect owner.l -> l", "a = new A", "load nib N owner a", "expect count a == 1", "release a", "{", "`q`",
                      "é", "\u{0}", "\"", "->", ".", "drain", "send a.l", "platform mac 10.7", "memory arc"]
        for round in 0..<300 {
            switch round % 3 {
            case 0:
                var bytes: [UInt8] = []
                for _ in 0..<rng.below(200) { bytes.append(UInt8(truncatingIfNeeded: rng.below(256))) }
                h.write(bytes)
                // A client that wrote junk ends it with a blank line (else the junk is the
                // start of the next header, and that message is lost: framing has no resync).
                h.write(Array("\r\n\r\n".utf8))
            case 1:
                var text = ""
                for _ in 0..<rng.below(30) { text += pieces[rng.below(pieces.count)] + (rng.below(3) == 0 ? " " : "\n") }
                var bytes = Array(text.utf8)
                if rng.below(4) == 0, !bytes.isEmpty { bytes[rng.below(bytes.count)] = 0xFF }
                h.change(uri, String(decoding: bytes, as: UTF8.self), version: round)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
                for method in ["textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/references"] {
                    let r = h.request(method, ServerHarness.at(uri, rng.below(lines + 1), rng.below(40)))
                    XCTAssertNil(r["error"], "\(method) on \(text.debugDescription)")
                }
                h.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
                h.request("textDocument/codeLens", ["textDocument": ["uri": .string(uri)]])
            default:
                let junk = ["{\"jsonrpc\":\"2.0\",\"id\":", "\"method\":", "null", "[", "]", "{", "}", ",", "\"textDocument/hover\"", "1e999", "-0", "\"\\u12\""]
                var body = ""
                for _ in 0..<rng.below(12) { body += junk[rng.below(junk.count)] }
                h.write(FrameReader.frame(body))
            }
        }
        // Random bytes may have left half a header; a blank line ends it.
        h.write(Array("\r\n\r\n".utf8))
        h.change(uri, "scenario \"s\" {\n}\n", version: 10_000)
        h.settle()
        assertAlive(h)
    }
}
