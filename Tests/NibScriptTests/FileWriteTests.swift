import Foundation
import XCTest
import FileBytes

/// What nibscript writes for the user (goldens, `.out.actual`, `report -o`), as the built
/// binary writes it: nothing is left in the system's temporary folder by any command, and a
/// write cut midway leaves the user's file as it was, with no temporary file beside it.
final class FileWriteTests: XCTestCase {
    /// A fresh folder of this test's own, removed at the end.
    func folder(_ tag: String) throws -> String {
        let dir = NSTemporaryDirectory() + "nibscript-writes-\(tag)-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    /// A script whose output is 7 KB: 60 retains, each with its expectation.
    static let script: String = {
        var s = "scenario \"s\" {\n    a = new NSObject\n"
        for i in 0..<60 { s += "    retain a\n    expect count a == \(i + 2)\n" }
        return s + "}\n"
    }()

    /// Every command that writes or copies files, with TMPDIR a folder of its own: the
    /// folder is empty afterwards. (Foundation on Linux makes its `TemporaryDirectory.*` and
    /// its own temporary files under TMPDIR; the ones a `swift test` run leaves in /tmp come
    /// from the toolchain — `swiftc -print-target-info`, `swiftc -h` — not from nibscript.)
    func testCommandsLeaveNothingInTheTemporaryFolder() throws {
        let binary = try BuiltBinary.nibscript()
        let tmp = try folder("tmp"), work = try folder("work")
        var env = ProcessInfo.processInfo.environment
        env["TMPDIR"] = tmp + "/"
        env[GoldenFiles.updateVariable] = nil
        env["CI"] = nil
        func run(_ args: [String], status: Int32 = 0) throws -> BuiltBinary.Output {
            let r = try BuiltBinary.run(binary, args, in: URL(fileURLWithPath: work), environment: env)
            XCTAssertEqual(r.status, status, "\(args): \(r.stderrText)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp), [], "\(args) left these in TMPDIR")
            return r
        }
        try Self.script.write(toFile: work + "/a.nibscript", atomically: false, encoding: .utf8)
        _ = try run(["test", "--update", "."])
        XCTAssertTrue(try String(contentsOfFile: work + "/a.out", encoding: .utf8).hasPrefix("scenario \"s\""))
        try "old\n".write(toFile: work + "/a.out", atomically: false, encoding: .utf8)
        _ = try run(["test", "."], status: 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: work + "/a.out.actual"))
        _ = try run(["test", "--update", "."])
        XCTAssertFalse(FileManager.default.fileExists(atPath: work + "/a.out.actual"))
        _ = try run(["report", "a.nibscript", "-o", "r.html"])
        _ = try run(["run", "a.nibscript"])
        _ = try run(["graph", "a.nibscript"])
        let project = FuzzTests.root.appendingPathComponent("examples/audit/profile-app").path
        let fix = try run(["audit", "--fix", project], status: 1)
        XCTAssertTrue(String(decoding: fix.stdout, as: UTF8.self).contains("+++ "), "a fix was proven on a copy in TMPDIR")
        _ = try run(["import", project + "/Classes/ProfileViewController.m"])
        // Nothing but what the commands were asked to write, beside the script.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work).sorted(), ["a.nibscript", "a.out", "r.html"])
    }

    /// A file size limit cuts the write of the new golden (and of a report): the old file
    /// stays whole, the command says why and fails, and no temporary file is left beside it.
    func testAWriteCutMidwayKeepsTheOldFile() throws {
        let binary = try BuiltBinary.nibscript()
        guard FileManager.default.isExecutableFile(atPath: "/bin/sh") else { throw XCTSkip("no /bin/sh to set a file size limit") }
        let work = try folder("cut")
        try Self.script.write(toFile: work + "/a.nibscript", atomically: false, encoding: .utf8)
        try "old golden\n".write(toFile: work + "/a.out", atomically: false, encoding: .utf8)
        try "old report\n".write(toFile: work + "/r.html", atomically: false, encoding: .utf8)
        // 1 block (512 or 1024 bytes) at most per file; SIGXFSZ ignored, so write(2) fails with EFBIG.
        let limited = ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\"", binary.path]
        var env = ProcessInfo.processInfo.environment
        env[GoldenFiles.updateVariable] = nil
        env["CI"] = nil
        let sh = URL(fileURLWithPath: "/bin/sh")
        let update = try BuiltBinary.run(sh, limited + ["test", "--update", "."], in: URL(fileURLWithPath: work), environment: env)
        XCTAssertEqual(update.status, 1)
        XCTAssertTrue(String(decoding: update.stdout + update.stderr, as: UTF8.self).contains("a.out': File too large"),
                      String(decoding: update.stdout + update.stderr, as: UTF8.self))
        XCTAssertEqual(try String(contentsOfFile: work + "/a.out", encoding: .utf8), "old golden\n")
        let report = try BuiltBinary.run(sh, limited + ["report", "a.nibscript", "-o", "r.html"], in: URL(fileURLWithPath: work), environment: env)
        XCTAssertNotEqual(report.status, 0)
        XCTAssertTrue(report.stderrText.contains("cannot write 'r.html': File too large"), report.stderrText)
        XCTAssertEqual(try String(contentsOfFile: work + "/r.html", encoding: .utf8), "old report\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work).sorted(), ["a.nibscript", "a.out", "r.html"])
        // In the process too: the golden writer's error names the file and the reason.
        XCTAssertThrowsError(try GoldenFiles.write([1], toGolden: work + "/no/such/folder/x.out")) { e in
            XCTAssertTrue("\(e)".hasPrefix("cannot write '\(work)/no/such/folder/x.out': No such file or directory"), "\(e)")
        }
    }
}
