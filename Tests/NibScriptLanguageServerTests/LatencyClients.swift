import Foundation
import XCTest
@testable import NibScriptLanguageServer

/// The keystroke loop's view of a language server (`LatencyTests.keystrokes`): the server
/// in the test's process, or `nibscript lsp` run as an editor runs it, over standard input
/// and output. One loop for both, so the two measurements time the same edits.
protocol LatencyClient: AnyObject {
    func open(_ uri: String, _ text: String)
    /// Sends the whole new text (full sync) and returns the diagnostics published for it.
    func change(_ uri: String, _ text: String, version: Int) -> [JSON]
    /// Sends a request and returns its response.
    @discardableResult func ask(_ method: String, _ params: JSON) -> JSON
}

/// The in-process server, through the tests' harness.
final class InProcessClient: LatencyClient {
    let harness: ServerHarness
    init(_ harness: ServerHarness) { self.harness = harness }
    func open(_ uri: String, _ text: String) { harness.open(uri, text) }
    func change(_ uri: String, _ text: String, version: Int) -> [JSON] {
        harness.change(uri, text, version: version)
        harness.drain()
        return harness.diagnostics(uri)
    }
    func ask(_ method: String, _ params: JSON) -> JSON { harness.request(method, params) }
}

/// A `nibscript lsp` process, framed messages written to its standard input and read from
/// its standard output.
final class ProcessClient: LatencyClient {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var reader = FrameReader()
    private var nextID = 1

    init(binary: String) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let r = ask("initialize", ["processId": .null, "rootUri": .null, "capabilities": [:]])
        XCTAssertNotNil(r["result"]?["capabilities"])
        send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
    }

    private func send(_ message: JSON) { input.fileHandleForWriting.write(Data(FrameReader.frame(message.text))) }

    /// The next message the server writes (nil when it ended).
    private func next() -> JSON? {
        while true {
            if let f = reader.next() {
                if case .message(let body) = f, let j = JSON.parse(body) { return j }
                continue
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            reader.append(Array(data))
        }
    }

    private func until(_ wanted: (JSON) -> Bool) -> JSON {
        while let m = next() { if wanted(m) { return m } }
        XCTFail("nibscript lsp ended before answering")
        return .null
    }

    func open(_ uri: String, _ text: String) {
        send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
              "params": ["textDocument": ["uri": .string(uri), "languageId": "nibscript", "version": 1, "text": .string(text)]]])
        _ = until { $0["method"]?.string == "textDocument/publishDiagnostics" }
    }

    func change(_ uri: String, _ text: String, version: Int) -> [JSON] {
        send(["jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": ["textDocument": ["uri": .string(uri), "version": JSON(version)], "contentChanges": [["text": .string(text)]]]])
        let m = until { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["version"]?.int == version }
        return m["params"]?["diagnostics"]?.array ?? []
    }

    @discardableResult func ask(_ method: String, _ params: JSON) -> JSON {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": JSON(id), "method": .string(method), "params": params])
        return until { $0["id"]?.int == id && $0["method"] == nil }
    }

    /// `shutdown`, then `exit`: the status the process ends with (0 after a shutdown).
    func shutdown() -> Int32 {
        ask("shutdown", .null)
        send(["jsonrpc": "2.0", "method": "exit"])
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
