import FileBytes
import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// Runs every example under examples/ and compares its output with the golden `.out`
/// beside it, byte for byte, through `GoldenCheck` (NIBSCRIPT_UPDATE_GOLDENS=1 rewrites
/// them and fails or skips; refused on CI).
final class GoldenFileTests: XCTestCase {
    static let root: String = {
        // Tests/NibScriptTests/GoldenFileTests.swift → the package root.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    func testEveryExampleMatchesItsGolden() throws {
        var golden = GoldenCheck()
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        // Goldens hold paths as written from the repository root (`examples/…`), and scripts
        // find their Interface Builder files relative to those paths.
        XCTAssert(fm.changeCurrentDirectoryPath(Self.root), "cannot enter \(Self.root)")
        defer { _ = fm.changeCurrentDirectoryPath(cwd) }
        let scripts = GoldenTests.scripts(under: "examples")
        XCTAssertGreaterThan(scripts.count, 0, "no examples found under \(Self.root)/examples")
        for s in scripts {
            let bytes = try XCTUnwrap(FileBytes.contents(atPath: s), s)
            golden.check(GoldenTests.output(forScript: s, bytes: bytes), golden: String(s.dropLast(".nibscript".count)) + ".out", name: s)
        }
        try golden.finish()
    }

    func testEveryExampleNamesItsRules() throws {
        for s in GoldenTests.scripts(under: Self.root + "/examples") {
            let text = try String(contentsOfFile: s, encoding: .utf8)
            XCTAssert(text.contains("# rules:"), "\(s) does not name the rules it exercises in a '# rules:' comment")
        }
    }

    // Determinism is checked between two processes, each with its own hash seed, on every
    // example and every output: ProcessDeterminismTests.
}
