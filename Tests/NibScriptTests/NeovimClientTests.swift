import Foundation
import XCTest

/// `nibscript lsp` in a real client: Neovim's built-in LSP client, headless, driven by
/// `Fixtures/lsp/neovim-client.lua` (open a script, see its run's diagnostics, edit it and
/// see the error, fix it, hover, go to a definition). Skipped, saying so, without `nvim`;
/// `.ci/run` installs it, and there a skip fails CI.
final class NeovimClientTests: XCTestCase {
    func testNeovimDrivesTheLanguageServer() throws {
        guard let nvim = BuiltBinary.tool("nvim") else {
            throw XCTSkip("nvim (Neovim) is not installed: the real-client test of 'nibscript lsp' did not run (apt-get install neovim)")
        }
        let binary = try BuiltBinary.nibscript()
        let fixtures = FuzzTests.root.appendingPathComponent("Tests/NibScriptTests/Fixtures/lsp")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("panel.nibscript")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("panel.nibscript"), to: script)
        let result = dir.appendingPathComponent("result.txt")

        let p = Process()
        p.executableURL = nvim
        // No user configuration, no shada, no swap file: the same client on every machine.
        p.arguments = ["--headless", "--clean", "-u", "NONE", "-i", "NONE", "-n",
                       "-c", "luafile " + fixtures.appendingPathComponent("neovim-client.lua").path]
        var env = ProcessInfo.processInfo.environment
        env["NIBSCRIPT_BIN"] = binary.path
        env["NIBSCRIPT_FILE"] = script.path
        env["NIBSCRIPT_RESULT"] = result.path
        env["HOME"] = dir.path
        env["XDG_STATE_HOME"] = dir.path
        env["XDG_CACHE_HOME"] = dir.path
        p.environment = env
        p.currentDirectoryURL = dir
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        // The script's own waits are at most 20 s each; a hang past two minutes is a failure.
        let deadline = Date().addingTimeInterval(120)
        while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if p.isRunning { p.terminate(); p.waitUntilExit(); XCTFail("Neovim did not finish within 120 s") }
        let lines = (try? String(contentsOf: result, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        XCTAssertEqual(lines, ["ok client started", "ok run diagnostics", "ok error as you type", "ok error cleared",
                               "ok hover", "ok definition", "done"])
        XCTAssertEqual(p.terminationStatus, 0)
    }
}
