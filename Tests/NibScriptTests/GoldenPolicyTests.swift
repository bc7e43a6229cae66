import FileBytes
import Foundation
import XCTest
@testable import NibScript
@testable import NibScriptInterpreter
@testable import NibScriptCommandLine

/// Issue 29, items 2, 6 and 7: goldens are compared as bytes, a difference names its first
/// line, a changed golden makes `nibscript test` fail, and update mode is refused on CI —
/// by the command and by the test suite's helper alike.
final class GoldenPolicyTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // A title with "é", so that the output holds a character with two normalizations.
        try "scenario \"café\" {\n    o = new NSObject\n    retain o\n    expect count o == 2\n}\n"
            .write(to: dir.appendingPathComponent("cafe.nibscript"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private var golden: String { dir.appendingPathComponent("cafe.out").path }

    private func accept() throws -> [UInt8] {
        let r = Driver.main(["test", "--update", dir.path], environment: [:])
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        return try XCTUnwrap(FileBytes.contents(atPath: golden))
    }

    private func replace(_ from: [UInt8], _ to: [UInt8], in bytes: [UInt8]) throws -> [UInt8] {
        let k = try XCTUnwrap((0...(bytes.count - from.count)).first { Array(bytes[$0..<($0 + from.count)]) == from }, "not found")
        return Array(bytes[..<k]) + to + Array(bytes[(k + from.count)...])
    }

    /// `--update` says "updated" only for the goldens it changed: those are the ones to read.
    func testUpdateNamesOnlyTheGoldensItChanged() throws {
        let first = Driver.main(["test", "--update", dir.path], environment: [:])
        XCTAssertEqual(first.stdout, "updated \(dir.path)/cafe.nibscript\n1 passed, 0 failed\n")
        let again = Driver.main(["test", "--update", dir.path], environment: [:])
        XCTAssertEqual(again.stdout, "ok      \(dir.path)/cafe.nibscript\n1 passed, 0 failed\n")
    }

    func testAcceptedGoldenPasses() throws {
        _ = try accept()
        let r = Driver.main(["test", dir.path], environment: [:])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("1 passed, 0 failed\n"), r.stdout)
    }

    func testAChangedGoldenFailsAndNamesItsFirstDifferentLine() throws {
        let bytes = try accept()
        try Data(try replace(Array("count 2".utf8), Array("count 3".utf8), in: bytes)).write(to: URL(fileURLWithPath: golden))
        let r = Driver.main(["test", dir.path], environment: [:])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("FAIL    \(dir.path)/cafe.nibscript\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("first difference at line 5, byte "), r.stdout)
        XCTAssertTrue(r.stdout.contains("  golden: \"         retain       NSObject o#1                 count 3\"\n"), r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("0 passed, 1 failed\n"), r.stdout)
    }

    /// The same text in another normalization ("e" + U+0301 for "é") reads equal as Swift
    /// strings, which is why goldens are compared as bytes.
    func testAnotherNormalizationIsADifference() throws {
        let bytes = try accept()
        let decomposed = try replace([0xC3, 0xA9], [0x65, 0xCC, 0x81], in: bytes)
        XCTAssertEqual(String(decoding: decomposed, as: UTF8.self), String(decoding: bytes, as: UTF8.self),
                       "the premise: as strings the two are equal")
        try Data(decomposed).write(to: URL(fileURLWithPath: golden))
        let r = Driver.main(["test", dir.path], environment: [:])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("first difference at line 1, byte 14 of the line\n"), r.stdout)
        // Lines that read alike are shown byte by byte.
        XCTAssertTrue(r.stdout.contains("  golden: \"scenario \"cafe\\xCC\\x81\" ("), r.stdout)
        XCTAssertTrue(r.stdout.contains("  output: \"scenario \"caf\\xC3\\xA9\" ("), r.stdout)
    }

    /// A byte that is not UTF-8 decodes to U+FFFD: as strings, a golden holding 0xFF and an
    /// output holding U+FFFD were equal.
    func testBytesThatAreNotUTF8AreADifference() throws {
        try "scenario \"caf\u{FFFD}\" {\n    o = new NSObject\n}\n"
            .write(to: dir.appendingPathComponent("cafe.nibscript"), atomically: true, encoding: .utf8)
        let bytes = try accept()
        let invalid = try replace(Array("\u{FFFD}".utf8), [0xFF], in: bytes)
        XCTAssertEqual(String(decoding: invalid, as: UTF8.self), String(decoding: bytes, as: UTF8.self),
                       "the premise: as strings the two are equal")
        try Data(invalid).write(to: URL(fileURLWithPath: golden))
        let r = Driver.main(["test", dir.path], environment: [:])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("  golden: \"scenario \"caf\\xFF\" ("), r.stdout)
    }

    func testAMissingFinalNewlineIsADifference() throws {
        let bytes = try accept()
        try Data(bytes.dropLast()).write(to: URL(fileURLWithPath: golden))
        let r = Driver.main(["test", dir.path], environment: [:])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("(a newline at the end of the output only)"), r.stdout)
    }

    func testFirstDifference() {
        XCTAssertNil(GoldenFiles.firstDifference(expected: Array("a\nb\n".utf8), actual: Array("a\nb\n".utf8)))
        XCTAssertEqual(GoldenFiles.firstDifference(expected: Array("a\nbc\nd\n".utf8), actual: Array("a\nbX\nd\n".utf8)),
                       "first difference at line 2, byte 2 of the line\n  golden: \"bc\"\n  output: \"bX\"\n")
        XCTAssertEqual(GoldenFiles.firstDifference(expected: Array("a\n".utf8), actual: Array("a\nmore\n".utf8)),
                       "first difference at line 2, byte 1 of the line\n  golden: (end of file)\n  output: \"more\"\n")
        // A control character that would not show is escaped.
        XCTAssertEqual(GoldenFiles.firstDifference(expected: Array("x\u{1B}[0m\n".utf8), actual: Array("x\n".utf8)),
                       "first difference at line 1, byte 2 of the line\n  golden: \"x\\x1B[0m\"\n  output: \"x\"\n")
    }

    // MARK: Update mode

    func testUpdateIsRefusedOnCIAndLeavesTheGoldenAlone() throws {
        let bytes = try accept()
        let changed = try replace(Array("count 2".utf8), Array("count 3".utf8), in: bytes)
        try Data(changed).write(to: URL(fileURLWithPath: golden))
        for ci in ["true", "1", "TRUE", "yes"] {
            let r = Driver.main(["test", "--update", dir.path], environment: ["CI": ci])
            XCTAssertEqual(r.status, 2, "CI=\(ci)")
            XCTAssertEqual(r.stderr, "error: refusing to rewrite golden files on CI\n", "CI=\(ci)")
            XCTAssertEqual(FileBytes.contents(atPath: golden), changed, "CI=\(ci): the golden was rewritten")
        }
        for notCI in ["", "0", "false"] {
            XCTAssertEqual(GoldenFiles.mode(updateRequested: true, environment: ["CI": notCI]), .success(.update), "CI=\(notCI)")
        }
    }

    /// The same through the built binary, on a copy of a real example: a changed golden
    /// fails `nibscript test`, and `CI=true nibscript test --update` leaves it changed.
    func testTheBinaryFailsOnAChangedGoldenAndRefusesToUpdateOnCI() throws {
        let binary = try BuiltBinary.nibscript()
        let examples = URL(fileURLWithPath: GoldenFileTests.root).appendingPathComponent("examples/engine")
        let copy = dir.appendingPathComponent("engine")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in ["high-counts.nibscript", "high-counts.out"] {
            try FileManager.default.copyItem(at: examples.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        var env = ProcessInfo.processInfo.environment
        env["CI"] = nil
        XCTAssertEqual(try BuiltBinary.run(binary, ["test", copy.path], environment: env).status, 0)
        let out = copy.appendingPathComponent("high-counts.out").path
        let changed = try replace(Array("count 12".utf8), Array("count 13".utf8), in: try XCTUnwrap(FileBytes.contents(atPath: out)))
        try Data(changed).write(to: URL(fileURLWithPath: out))
        let failed = try BuiltBinary.run(binary, ["test", copy.path], environment: env)
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(String(decoding: failed.stdout, as: UTF8.self).contains("FAIL    \(copy.path)/high-counts.nibscript\nfirst difference at line "))
        env["CI"] = "true"
        let refused = try BuiltBinary.run(binary, ["test", "--update", copy.path], environment: env)
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderrText, "error: refusing to rewrite golden files on CI\n")
        XCTAssertEqual(FileBytes.contents(atPath: out), changed)
    }

    /// No test decides update mode on its own, as AuditTests did: the variable is read only
    /// through `GoldenFiles` (this test spells it in two halves so as not to count itself).
    func testNoTestReadsTheUpdateVariableItself() throws {
        let tests = URL(fileURLWithPath: GoldenFileTests.root).appendingPathComponent("Tests")
        let name = "NIBSCRIPT_UPDATE" + "_GOLDENS"
        XCTAssertEqual(GoldenFiles.updateVariable, name)
        var readers: [String] = []
        for case let f as String in FileManager.default.enumerator(atPath: tests.path)! where f.hasSuffix(".swift") {
            let text = try String(contentsOf: tests.appendingPathComponent(f), encoding: .utf8)
            // As a string literal, as code that reads the environment writes it.
            if text.contains("\"" + name + "\"") { readers.append(f) }
        }
        XCTAssertEqual(readers, [], "these tests read \(name) themselves instead of through GoldenCheck")
    }

    func testTheTestSuitesModeFollowsTheSamePolicy() {
        let update = [GoldenFiles.updateVariable: "1"]
        XCTAssertEqual(GoldenFiles.testMode(environment: [:]), .success(.compare))
        XCTAssertEqual(GoldenFiles.testMode(environment: update), .success(.update))
        XCTAssertEqual(GoldenFiles.testMode(environment: update.merging(["CI": "true"]) { $1 }),
                       .failure(GoldenFiles.Refusal(message: GoldenFiles.refusedOnCI)))
        XCTAssertEqual(GoldenCheck(environment: [:]).mode, .compare)
        XCTAssertEqual(GoldenCheck(environment: update).mode, .update)
    }

    /// The helper in update mode rewrites, and its verdict is never a pass: a failure when
    /// it rewrote something, a skip saying nothing was compared otherwise; on CI a failure.
    func testUpdateModeNeverPassesSilently() throws {
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: golden))
        var g = GoldenCheck(environment: [GoldenFiles.updateVariable: "1"])
        g.check("new\n", golden: golden, name: "probe")
        guard case .fail(let why)? = g.verdict.first, g.verdict.count == 1 else { return XCTFail("\(g.verdict)") }
        XCTAssertTrue(why.contains("rewrote 1 golden file(s), nothing was compared"), why)
        XCTAssertEqual(FileBytes.contents(atPath: golden), Array("new\n".utf8))
        var again = GoldenCheck(environment: [GoldenFiles.updateVariable: "1"])
        again.check("new\n", golden: golden, name: "probe")
        guard case .skip(let note)? = again.verdict.first, again.verdict.count == 1 else { return XCTFail("\(again.verdict)") }
        XCTAssertTrue(note.contains("nothing was compared"), note)
        // Compare mode: a pass only when the bytes match.
        var compare = GoldenCheck(environment: [:])
        compare.check("new\n", golden: golden, name: "probe")
        XCTAssertEqual(compare.verdict, [])
        compare.check("newer\n", golden: golden, name: "probe")
        XCTAssertEqual(compare.verdict.count, 1)
    }
}
