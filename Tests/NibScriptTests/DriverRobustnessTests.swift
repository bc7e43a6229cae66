import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// What a new user meets first: missing or odd files, golden folders named either way, and
/// junk given as a script.
final class DriverRobustnessTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-driver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        try "scenario \"s\" {\n    o = new NSObject\n    expect count o == 1\n}\n"
            .write(to: dir.appendingPathComponent("goldens/ok.nibscript"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func testCannotReadSaysWhy() throws {
        let missing = dir.appendingPathComponent("missing.nibscript").path
        let folder = dir.appendingPathComponent("goldens").path
        for command in ["run", "matrix", "explore"] {
            XCTAssertEqual(Driver.main([command, missing]).stderr, "error: cannot read '\(missing)': no such file\n", command)
            XCTAssertEqual(Driver.main([command, folder]).stderr,
                           "error: cannot read '\(folder)': it is a directory, not a file\n", command)
            XCTAssertEqual(Driver.main([command, folder]).status, 2, command)
        }
    }

    /// A file the user may not read. Root reads any file whatever its permissions, and CI
    /// runs as root: there the built binary runs as `nobody` through `setpriv` (or
    /// `runuser`), and the test says it skipped if neither is there (issue 29).
    func testPermissionDeniedSaysWhy() throws {
        let locked = dir.appendingPathComponent("locked.nibscript")
        try "x".write(to: locked, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        let expected = "error: cannot read '\(locked.path)': permission denied\n"
        guard getuid() == 0 else {
            let r = Driver.main(["run", locked.path])
            XCTAssertEqual(r.stderr, expected)
            XCTAssertEqual(r.status, 2)
            return
        }
        // A copy of the binary in the test's folder, which `nobody` may enter whatever the
        // permissions of the checkout's folders.
        let binary = dir.appendingPathComponent("nibscript")
        try FileManager.default.copyItem(at: try BuiltBinary.nibscript(), to: binary)
        for (path, mode) in [(dir.path, 0o755), (binary.path, 0o755)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        let asNobody: ([String]) throws -> BuiltBinary.Output
        if let setpriv = BuiltBinary.tool("setpriv") {
            asNobody = { try BuiltBinary.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + $0) }
        } else if let runuser = BuiltBinary.tool("runuser") {
            asNobody = { try BuiltBinary.run(runuser, ["-u", "nobody", "--", binary.path] + $0) }
        } else {
            throw XCTSkip("running as root, and neither setpriv nor runuser can drop to an unprivileged user: permission denied is not tested")
        }
        // The Swift runtime the binary loads must be readable by nobody too.
        let probe = try asNobody(["--version"])
        guard probe.status == 0 else {
            throw XCTSkip("running as root, and the built binary does not run as nobody (\(probe.stderrText.prefix(200))): permission denied is not tested")
        }
        let r = try asNobody(["run", locked.path])
        XCTAssertEqual(r.stderrText, expected)
        XCTAssertEqual(r.status, 2)
        // The premise: the file itself is readable when permitted (root reads it).
        XCTAssertEqual(Driver.main(["run", locked.path]).status, 2, "'x' is not a script, but it was read")
        XCTAssertFalse(Driver.main(["run", locked.path]).stderr.contains("permission denied"))
    }

    func testGoldenTestsRunInAnAbsoluteFolder() {
        let folder = dir.appendingPathComponent("goldens").path
        XCTAssertEqual(Driver.main(["test", "--update", folder], environment: [:]).status, 0)
        let r = Driver.main(["test", folder], environment: [:])
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssertEqual(r.stdout, "ok      \(folder)/ok.nibscript\n1 passed, 0 failed\n")
    }

    /// Two folders: a usage error, not a run of the first that silently skips the second.
    func testGoldenTestsTakeOneFolder() {
        let folder = dir.appendingPathComponent("goldens").path
        let r = Driver.main(["test", folder, folder], environment: [:])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("'test' takes one directory or one script"), r.stderr)
    }

    /// One script: its golden alone is written or compared; its neighbours' are not touched.
    func testGoldenTestsTakeOneScript() throws {
        let folder = dir.appendingPathComponent("single").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let one = folder + "/one.nibscript", two = folder + "/two.nibscript"
        for s in [one, two] { XCTAssertTrue(FileManager.default.createFile(atPath: s, contents: Data("scenario \"s\" {\n  x = new NSObject\n  release x\n}\n".utf8))) }
        let update = Driver.main(["test", "--update", one], environment: [:])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(update.stdout, "updated \(one)\n1 passed, 0 failed\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/one.out"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/two.out"), "the neighbour's golden was written")
        let compare = Driver.main(["test", one], environment: [:])
        XCTAssertEqual(compare.stdout, "ok      \(one)\n1 passed, 0 failed\n")
        XCTAssertEqual(Driver.main(["test", two], environment: [:]).status, 1, "a script without its golden fails")
    }

    func testGoldenTestsRunInARelativeFolder() {
        let cwd = FileManager.default.currentDirectoryPath
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        XCTAssert(FileManager.default.changeCurrentDirectoryPath(dir.path))
        XCTAssertEqual(Driver.main(["test", "--update", "goldens/"], environment: [:]).status, 0)
        let relative = Driver.main(["test", "goldens"], environment: [:])
        XCTAssertEqual(relative.stdout, "ok      goldens/ok.nibscript\n1 passed, 0 failed\n")
        // The same folder by its absolute path, inside the current one, shows the same paths.
        let absolute = Driver.main(["test", FileManager.default.currentDirectoryPath + "/goldens"], environment: [:])
        XCTAssertEqual(absolute.stdout, relative.stdout)
    }

    func testErrorLimitOption() throws {
        let script = dir.appendingPathComponent("many.nibscript")
        try ("scenario \"s\" {\n" + String(repeating: "    @\n", count: 25) + "}\n").write(to: script, atomically: true, encoding: .utf8)
        let byDefault = Driver.main(["run", script.path])
        XCTAssertEqual(byDefault.status, 2)
        XCTAssertEqual(byDefault.stderr.components(separatedBy: ": error: ").count - 1, 20)
        XCTAssertTrue(byDefault.stderr.hasSuffix("error: too many errors; stopping (--error-limit 20)\n25 errors in \(script.path)\n"),
                      byDefault.stderr)
        for args in [["run", "--error-limit", "3"], ["run", "--error-limit=3"], ["matrix", "--error-limit", "3"],
                     ["explore", "--error-limit", "3"]] {
            let r = Driver.main(args + [script.path])
            XCTAssertEqual(r.stderr.components(separatedBy: ": error: ").count - 1, 3, "\(args)")
            XCTAssertTrue(r.stderr.contains("error: too many errors; stopping (--error-limit 3)\n"), "\(args)")
        }
        let all = Driver.main(["run", "--error-limit", "0", script.path])
        XCTAssertEqual(all.stderr.components(separatedBy: ": error: ").count - 1, 25)
        XCTAssertFalse(all.stderr.contains("too many errors"))
        for bad in ["-1", "x"] {
            let r = Driver.main(["run", "--error-limit", bad, script.path])
            XCTAssertEqual(r.status, 2)
            XCTAssertTrue(r.stderr.hasPrefix("error: '--error-limit' takes a number (0 for no limit)\n"), r.stderr)
        }
        let tested = Driver.main(["test", "--error-limit", "2", dir.appendingPathComponent("goldens").path], environment: [:])
        XCTAssertEqual(tested.status, 1, tested.stderr)  // no golden file yet: a failure, not a usage error
    }

    func testABinaryFileGivesOneShortError() throws {
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00]
        for i in 0..<3000 { bytes.append(UInt8(truncatingIfNeeded: i &* 131 &+ 7)) }
        let binary = dir.appendingPathComponent("a.out")
        try Data(bytes).write(to: binary)
        let r = Driver.main(["run", binary.path])
        XCTAssertEqual(r.status, 2)
        // Said before the script is read, as every command says it: no line of its bytes.
        XCTAssertEqual(r.stderr, "error: cannot read '\(binary.path)': it is not a text file (a NUL byte at byte 8); give a UTF-8 text file\n")
        XCTAssertLessThan(r.stderr.utf8.count, 1200)
    }
}
