import Foundation
import XCTest

/// `editors/vscode/extension.js`, the VS Code extension's dependency-free client, run under
/// Node against the real `nibscript lsp`, with a stand-in for VS Code's API
/// (`Fixtures/lsp/vscode-stub`): diagnostics, the quick fix, hover, definition, references,
/// completion, the outline and the lenses as VS Code would ask them. Skipped, saying so,
/// without `node`; `.ci/run` installs it, and there a skip fails CI.
final class VSCodeExtensionTests: XCTestCase {
    func testExtensionDrivesTheLanguageServer() throws {
        guard let node = BuiltBinary.tool("node") ?? BuiltBinary.tool("nodejs") else {
            throw XCTSkip("node (Node.js) is not installed: the VS Code extension's client was not run (apt-get install nodejs)")
        }
        let binary = try BuiltBinary.nibscript()
        let root = FuzzTests.root
        let fixtures = root.appendingPathComponent("Tests/NibScriptTests/Fixtures/lsp")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-vscode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("panel.nibscript")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("panel.nibscript"), to: script)

        let p = Process()
        p.executableURL = node
        p.arguments = [fixtures.appendingPathComponent("vscode-extension-test.js").path]
        var env = ProcessInfo.processInfo.environment
        env["NODE_PATH"] = fixtures.appendingPathComponent("vscode-stub").path
        env["NIBSCRIPT_EXTENSION"] = root.appendingPathComponent("editors/vscode/extension.js").path
        env["NIBSCRIPT_FILE"] = script.path
        env["NIBSCRIPT_BIN"] = binary.path
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["ok started", "ok run warning", "ok error as you type", "ok quick fix", "ok error cleared",
                               "ok hover", "ok definition", "ok references", "ok completion", "ok outline", "ok lenses", "done"])
        XCTAssertEqual(p.terminationStatus, 0)
    }
}
