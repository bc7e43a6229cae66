import Foundation
import XCTest

/// The `nibscript` executable `swift test` built beside the test bundle, run as a separate
/// process: what a user runs, with its own hash seed and its own privileges.
enum BuiltBinary {
    /// The products folder: the test bundle's on macOS, the test executable's on Linux.
    static var productsDirectory: URL {
        #if os(macOS)
        for b in Bundle.allBundles where b.bundlePath.hasSuffix(".xctest") { return b.bundleURL.deletingLastPathComponent() }
        #endif
        return Bundle.main.bundleURL
    }

    /// The built `nibscript`; skips the test, saying why, when there is none.
    static func nibscript() throws -> URL {
        let url = productsDirectory.appendingPathComponent("nibscript")
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw XCTSkip("no built nibscript at \(url.path) (swift build first)")
        }
        return url
    }

    struct Output: Equatable {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` in `directory`, and returns its status and bytes.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                    environment: [String: String]? = nil) throws -> Output {
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        if let environment { p.environment = environment }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Both pipes drained at once: a full stderr pipe must not block the child while
        // stdout is read.
        let errBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        let errData = errBox.data
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: [UInt8](outData), stderr: [UInt8](errData))
    }

    /// `setpriv` or `runuser` on the PATH (or in /usr/bin, /usr/sbin, /bin, /sbin).
    static func tool(_ name: String) -> URL? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for dir in path + ["/usr/bin", "/usr/sbin", "/bin", "/sbin"] where FileManager.default.isExecutableFile(atPath: dir + "/" + name) {
            return URL(fileURLWithPath: dir + "/" + name)
        }
        return nil
    }
}

/// Standard error's bytes, filled on another thread and read only after `group.wait()`,
/// which orders the two accesses.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
