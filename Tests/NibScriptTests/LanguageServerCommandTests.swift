import Foundation
import XCTest
@testable import NibScriptCommandLine

/// `nibscript lsp` as a process: its arguments, its exit status, and framed JSON-RPC on its
/// real standard input and output (bytes exactly as written: no escaping of CR).
final class LanguageServerCommandTests: XCTestCase {
    func testArguments() {
        XCTAssertTrue(Driver.main(["lsp", "--help"], environment: [:]).stdout.hasPrefix("USAGE: nibscript lsp [--stdio]"))
        let file = Driver.main(["lsp", "a.nibscript"], environment: [:])
        XCTAssertEqual(file.status, 2)
        XCTAssertTrue(file.stderr.hasPrefix("error: 'lsp' takes no file"), file.stderr)
        XCTAssertTrue(Driver.help.contains("lsp [--stdio]"))
    }

    func run(_ input: [UInt8], _ arguments: [String] = ["lsp"]) throws -> (status: Int32, output: [UInt8]) {
        let p = Process()
        p.executableURL = try BuiltBinary.nibscript()
        p.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        p.standardInput = stdin
        p.standardOutput = stdout
        p.standardError = FileHandle.nullDevice
        try p.run()
        stdin.fileHandleForWriting.write(Data(input))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, [UInt8](data))
    }

    static func frame(_ json: String) -> [UInt8] {
        Array("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Array(json.utf8)
    }

    func testAnExchangeOnStandardInputAndOutput() throws {
        let text = #"scenario \"s\" {\n    a = new NSObjct\n}\n"#
        var input = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.nibscript","languageId":"nibscript","version":1,"text":"\#(text)"}}}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        input += Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let (status, output) = try run(input, ["lsp", "--stdio"])
        XCTAssertEqual(status, 0, "shutdown then exit")
        let text2 = String(decoding: output, as: UTF8.self)
        XCTAssertTrue(text2.hasPrefix("Content-Length: "), text2)
        XCTAssertTrue(text2.contains("\r\n\r\n{\"id\":1,\"jsonrpc\":\"2.0\",\"result\":{\"capabilities\":"), text2)
        XCTAssertTrue(text2.contains(#""message":"unknown class 'NSObjct'\nnote: did you mean 'NSObject'?""#), text2)
        XCTAssertTrue(text2.contains("{\"id\":2,\"jsonrpc\":\"2.0\",\"result\":null}"), text2)
        // Every frame's length is its body's, in bytes.
        var rest = output[...]
        while let header = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let line = String(decoding: rest[rest.startIndex..<header.lowerBound], as: UTF8.self)
            let n = try XCTUnwrap(Int(line.dropFirst("Content-Length: ".count)))
            let body = rest[header.upperBound...].prefix(n)
            XCTAssertEqual(body.count, n)
            XCTAssertEqual(body.first, UInt8(ascii: "{"))
            XCTAssertEqual(body.last, UInt8(ascii: "}"))
            rest = rest[body.endIndex...]
        }
        XCTAssertTrue(rest.isEmpty)
    }

    /// Input that ends without `shutdown` and `exit` ends the server with status 1; so does
    /// `exit` without `shutdown`.
    func testEndOfInputAndExitWithoutShutdown() throws {
        XCTAssertEqual(try run([]).status, 1)
        XCTAssertEqual(try run(Array("garbage\r\n\r\n".utf8)).status, 1)
        XCTAssertEqual(try run(Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)).status, 1)
    }
}
