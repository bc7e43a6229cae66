import FileBytes
import Foundation
import XCTest
@testable import NibScript
@testable import NibScriptCommandLine
@testable import NibScriptExplore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 25, items 2 and 3 through the commands: a FIFO or a device wherever a file is read
/// answers at once with an error (it hung, or read until memory ran out), and numeric options
/// keep to their documented ranges.
final class HostileFilesTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = NSTemporaryDirectory() + "nibscript-hostile-files-\(getpid())-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The command's result, or a failure when it has not answered in 20 s (a hang).
    private func answer(_ args: [String], file: StaticString = #filePath, line: UInt = #line) -> Driver.Result? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Thread {
            box.value = Driver.main(args, stdin: { Data() })
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + 20) == .success else {
            XCTFail("no answer within 20 s: \(args)", file: file, line: line)
            return nil
        }
        return box.value
    }

    private func fifo(_ name: String) -> String {
        let path = folder + "/" + name
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        return path
    }

    func testAFIFOIsRefusedByEveryCommandThatReadsAFile() throws {
        let script = fifo("X.nibscript"), xib = fifo("X.xib")
        let notRegular = "it is a FIFO (named pipe), not a regular file (only regular files are read)"
        for args in [["run", script], ["matrix", script], ["explore", script], ["graph", script], ["describe", xib]] {
            guard let r = answer(args) else { return }
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssert(r.stderr.contains(notRegular), "\(args): \(r.stderr)")
        }
        // `nib … from "X.xib"` in a script.
        let user = folder + "/user.nibscript"
        try Data("nib N from \"X.xib\"\nscenario \"s\" {\n}\n".utf8).write(to: URL(fileURLWithPath: user))
        guard let r = answer(["run", user]) else { return }
        XCTAssertEqual(r.status, 2)
        XCTAssert(r.stderr.contains("user.nibscript:1:12: error: "), r.stderr)
        XCTAssert(r.stderr.contains("X.xib: error: cannot read the file: " + notRegular), r.stderr)
    }

    func testAFIFOInAFolderIsListedNotWaitedFor() throws {
        _ = fifo("a.nibscript")
        guard let tested = answer(["test", folder]) else { return }
        XCTAssertEqual(tested.status, 1)
        XCTAssert(tested.stdout.contains("it is a FIFO"), tested.stdout)
        _ = fifo("Panel.xib")
        _ = fifo("Controller.m")
        guard let audited = answer(["audit", folder]) else { return }
        XCTAssert(audited.stdout.contains("Panel.xib: not read: cannot read the file: it is a FIFO"), audited.stdout)
        XCTAssert(audited.stderr.contains("Controller.m': it is a FIFO"), audited.stderr)
    }

    /// One `<?x?>` in a legacy archive crashed a whole audit (SIGSEGV in XMLParser), and the
    /// duplicate ids of one long line printed that line once per error.
    func testAnAuditGoesOnPastAHostileNibWithBoundedErrors() throws {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        try Data((head + "<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"8.00\">\n<?x?>\n"
                  + "<data></data>\n</archive>\n").utf8).write(to: URL(fileURLWithPath: folder + "/Legacy.xib"))
        var line = "<objects>"
        for i in 0..<5000 { line += "<view id=\"dup\" tag=\"\(i)\"/>" }
        try Data((head + "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\">\n" + line
                  + "</objects>\n</document>\n").utf8).write(to: URL(fileURLWithPath: folder + "/Flood.xib"))
        guard let r = answer(["audit", folder]) else { return }
        XCTAssert(r.stdout.contains("Legacy.xib: not read: the archive has no IBDocument.RootObjects"), r.stdout)
        XCTAssert(r.stdout.contains("Flood.xib: not read: duplicate id 'dup'"), r.stdout)
        XCTAssert(r.stderr.contains("error: too many errors in \(folder)/Flood.xib; stopping after 20 (4999 in all)"), r.stderr)
        XCTAssertLessThan(r.stderr.utf8.count, 12_000)
    }

    func testADeviceIsRefused() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/dev/zero"), "no /dev/zero")
        for args in [["run", "/dev/zero"], ["describe", "/dev/zero"]] {
            guard let r = answer(args) else { return }
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssert(r.stderr.contains("a character device, not a regular file"), "\(args): \(r.stderr)")
        }
    }

    func testStandardInputOverTheLimitIsAnError() {
        // What `Driver.standardInput` gives for a stream past the limit (`run - < /dev/zero`
        // trapped): one byte more than the limit. Zeroed pages that nothing touches.
        let err = StringOutput()
        XCTAssertNil(Driver.source("-", stdin: { Data(count: FileBytes.maxFileSize + 1) }, stderr: err))
        XCTAssertEqual(err.text, "error: cannot read standard input: it is more than 536870912 bytes; "
                       + "the limit is 536870912 bytes (512 MiB)\n")
        XCTAssertEqual(Driver.source("-", stdin: { Data("scenario \"s\" {\n}\n".utf8) }, stderr: err)?.bytes.count, 17)
    }

    func testTheBenchmarkSizeHasARange() {
        for size in ["99999999999", "0", "-1", "1001", "x"] {
            let r = Driver.main(["explore", "--bench", "--size", size])
            XCTAssertEqual(r.status, 2, size)
            XCTAssert(r.stderr.hasPrefix("error: '--size' takes a number from 1 to 1000"), r.stderr)
        }
        XCTAssertEqual(ExploreBench.sizes, 1...1000)
    }
}

private final class ResultBox: @unchecked Sendable {
    var value: Driver.Result?
}
