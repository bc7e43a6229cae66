import Foundation
import XCTest

/// A test case that writes small projects of its own into the temporary folder and removes
/// them when each test ends.
class ProjectFolderTestCase: XCTestCase {
    var dirs: [String] = []
    override func tearDown() {
        for d in dirs { try? FileManager.default.removeItem(atPath: d) }
        dirs = []
        super.tearDown()
    }

    /// A folder with these files (paths relative to it, folders made as needed), named for
    /// the test and `kind` so parallel test processes never share one.
    func project(_ files: [String: String], kind: String) throws -> String {
        let dir = NSTemporaryDirectory() + "nibscript-\(kind)-\(name.filter { $0.isLetter })-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.removeItem(atPath: dir)
        for (path, text) in files {
            let full = dir + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
        }
        dirs.append(dir)
        return dir
    }
}
