import Foundation
import XCTest
@testable import NibAudit
@testable import NibScriptCommandLine

/// Issue 25 item 5: the audit stays inside its folder and lists everything it leaves out:
/// a file link that leads out, a link to a folder, an unreadable folder, a path over PATH_MAX.
final class AuditFolderWalkTests: XCTestCase {
    var dirs: [String] = []
    override func tearDown() {
        // `rm -rf` removes paths longer than PATH_MAX (it works relative to each folder).
        for d in dirs {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/chmod"); p.arguments = ["-R", "u+rwx", d]
            try? p.run(); p.waitUntilExit()
            let rm = Process()
            rm.executableURL = URL(fileURLWithPath: "/bin/rm"); rm.arguments = ["-rf", d]
            try? rm.run(); rm.waitUntilExit()
        }
    }

    func base() throws -> String {
        let b = NSTemporaryDirectory() + "nibscript-walk-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: b)
        try FileManager.default.createDirectory(atPath: b + "/project/Sub", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: b + "/outside", withIntermediateDirectories: true)
        dirs.append(b)
        return b
    }

    /// A file link out of the folder is not read, and said; a file link inside it is read.
    func testLinksStayInsideTheFolder() throws {
        let b = try base()
        try "@interface Secret : NSObject\n@end\n".write(toFile: b + "/outside/Secret.h", atomically: false, encoding: .utf8)
        try "@interface Mine : NSObject\n@end\n".write(toFile: b + "/project/Mine.h", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: b + "/project/Secret.h", withDestinationPath: b + "/outside/Secret.h")
        try FileManager.default.createSymbolicLink(atPath: b + "/project/Sub/Again.h", withDestinationPath: "../Mine.h")
        try FileManager.default.createSymbolicLink(atPath: b + "/project/Out", withDestinationPath: b + "/outside")
        let walk = FolderWalk(dir: b + "/project")
        XCTAssertEqual(walk.files, ["Mine.h", "Sub", "Sub/Again.h"])
        XCTAssertEqual(walk.skipped.map(\.path), ["Out", "Secret.h"])
        XCTAssertTrue(walk.skipped[1].reason.hasPrefix("a link that leads out of the folder"), walk.skipped[1].reason)
        XCTAssertEqual(walk.skipped[0].reason, "a link to a folder: not followed")
        let r = Driver.main(["audit", b + "/project"])
        XCTAssertTrue(r.stdout.contains("read from 2 source files"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\nnot read (the audit stays inside the folder"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  Secret.h: a link that leads out of the folder"), r.stdout)
        XCTAssertTrue(Driver.main(["audit", "--summary", b + "/project"]).stdout.contains(", 2 other entries not read;"))
        let json = Driver.main(["audit", "--format", "json", b + "/project"]).stdout
        XCTAssertTrue(json.contains("\"skipped\""), json)
        let sarif = Driver.main(["audit", "--format", "sarif", b + "/project"]).stdout
        XCTAssertTrue(sarif.contains("Secret.h: not read: a link that leads out of the folder"), sarif)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(sarif.utf8)))
    }

    /// A folder that cannot be listed is named with the reason (made unreadable through the
    /// walker's `list`, as root reads any folder; and with chmod when not root).
    func testUnreadableFolderIsListed() throws {
        let b = try base()
        try "@interface A : NSObject\n@end\n".write(toFile: b + "/project/Sub/A.h", atomically: false, encoding: .utf8)
        let walk = FolderWalk(dir: b + "/project") { p in
            if p.hasSuffix("/Sub") { throw NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES)) }
            return try FileManager.default.contentsOfDirectory(atPath: p)
        }
        XCTAssertEqual(walk.skipped, [FolderWalk.Skipped(path: "Sub", reason: "cannot read the folder: Permission denied")])
        if geteuid() != 0 {
            chmod(b + "/project/Sub", 0)
            let r = Driver.main(["audit", b + "/project"])
            XCTAssertTrue(r.stdout.contains("  Sub: cannot read the folder"), r.stdout)
        }
    }

    /// Past PATH_MAX: listed with the limit, not dropped.
    func testPathOverPathMaxIsListed() throws {
        let b = try base()
        let segment = String(repeating: "d", count: 200)
        let depth = FolderWalk.pathMax / 201 + 1
        // Made relative to each folder (openat), as no path this long can be opened whole.
        var fd = open(b + "/project", O_RDONLY | O_DIRECTORY)
        for _ in 0..<depth {
            XCTAssertEqual(mkdirat(fd, segment, 0o755), 0)
            let next = openat(fd, segment, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
        }
        let f = openat(fd, "Deep.h", O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(f, 0)
        close(f)
        close(fd)
        let walk = FolderWalk(dir: b + "/project")
        XCTAssertEqual(walk.skipped.count, 1, "\(walk.skipped)")
        XCTAssertTrue(walk.skipped.first?.reason.hasPrefix("the path is longer than PATH_MAX") ?? false, "\(walk.skipped)")
        let r = Driver.main(["audit", b + "/project"])
        XCTAssertTrue(r.stdout.contains("longer than PATH_MAX"), r.stdout)
    }
}
