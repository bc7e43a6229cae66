import Foundation
import XCTest
@testable import NibScriptLanguageServer

/// A client in the test's process: frames requests and notifications into the server's
/// `receive`, and reads back what the server wrote, message by message.
final class ServerHarness {
    let server: LanguageServer
    private var reader = FrameReader()
    private var nextID = 1
    /// Every message the server sent, in order, as read so far.
    private(set) var received: [JSON] = []

    /// What the server wrote, kept by a box the server holds (its background runs may
    /// still write after a test drops the harness).
    private final class Sink: @unchecked Sendable {
        let lock = NSLock()
        var bytes: [UInt8] = []
        func take() -> [UInt8] { lock.lock(); defer { bytes.removeAll(); lock.unlock() }; return bytes }
    }
    private let sink = Sink()

    init() {
        let sink = self.sink
        server = LanguageServer(version: "test") { bytes in
            sink.lock.lock(); sink.bytes += bytes; sink.lock.unlock()
        }
    }

    /// The 0-based index of the first line equal to `text`.
    static func line(_ text: String, in script: String) -> Int {
        guard let i = script.components(separatedBy: "\n").firstIndex(of: text) else { XCTFail("no line '\(text)'"); return 0 }
        return i
    }

    /// Raw bytes, as a client would write them.
    func write(_ bytes: [UInt8]) { server.receive(bytes) }

    func notify(_ method: String, _ params: JSON = .null) {
        write(FrameReader.frame(JSON.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).text))
    }

    /// Sends a request and returns its response (the message with its id).
    @discardableResult
    func request(_ method: String, _ params: JSON = .null, file: StaticString = #filePath, line: UInt = #line) -> JSON {
        let id = nextID
        nextID += 1
        write(FrameReader.frame(JSON.object(["jsonrpc": "2.0", "id": JSON(id), "method": .string(method), "params": params]).text))
        drain()
        guard let r = received.last(where: { $0["id"]?.int == id && $0["method"] == nil }) else {
            XCTFail("no response to \(method)", file: file, line: line)
            return .null
        }
        return r
    }

    /// Reads every complete message written so far.
    func drain() {
        reader.append(sink.take())
        while let f = reader.next() {
            guard case .message(let body) = f, let j = JSON.parse(body) else {
                XCTFail("the server wrote a frame that is not JSON: \(f)")
                continue
            }
            received.append(j)
        }
    }

    /// Waits for the background runs, then reads what they sent.
    func settle() {
        server.waitUntilIdle()
        drain()
    }

    /// The last diagnostics published for `uri`.
    func diagnostics(_ uri: String) -> [JSON] {
        drain()
        return received.last { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.array ?? []
    }

    func initialize(_ capabilities: JSON = [:]) {
        let r = request("initialize", ["processId": .null, "rootUri": .null, "capabilities": capabilities])
        XCTAssertNotNil(r["result"]?["capabilities"])
        notify("initialized", [:])
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "nibscript", "version": JSON(version), "text": .string(text)]])
    }

    func change(_ uri: String, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": JSON(version)], "contentChanges": [["text": .string(text)]]])
    }

    /// `{textDocument, position}` for a 0-based line and UTF-16 character.
    static func at(_ uri: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": ["uri": .string(uri)], "position": ["line": JSON(line), "character": JSON(character)]]
    }

    /// The 0-based line and character of the first occurrence of `needle` in `text` (plus `offset` characters).
    static func find(_ needle: String, in text: String, offset: Int = 0, occurrence: Int = 1) -> (Int, Int) {
        var seen = 0
        for (i, line) in text.components(separatedBy: "\n").enumerated() {
            var search = line[...]
            while let r = search.range(of: needle) {
                seen += 1
                if seen == occurrence { return (i, line.utf16.distance(from: line.startIndex, to: r.lowerBound) + offset) }
                search = search[r.upperBound...]
            }
        }
        XCTFail("'\(needle)' not found")
        return (0, 0)
    }
}
