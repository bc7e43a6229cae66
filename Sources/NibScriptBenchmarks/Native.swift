import Foundation

/// The native reference: native-loop.m, compiled with gcc against GNUstep's Objective-C
/// runtime and Foundation when they are installed (Debian: gobjc gnustep-make
/// libgnustep-base-dev).
enum NativeLoop {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("native-loop.m").path

    /// Compiles the loop into `dir`; nil and the reason when it cannot be built here.
    static func build(in dir: String) -> (path: String?, why: String) {
        guard let gcc = which("gcc"), let config = which("gnustep-config") else {
            return (nil, "skipped: gcc or gnustep-config not found (apt-get install gobjc gnustep-make libgnustep-base-dev)")
        }
        guard FileManager.default.fileExists(atPath: source) else { return (nil, "skipped: \(source) not found") }
        guard let objcFlags = shell(config, ["--objc-flags"]), let libs = shell(config, ["--base-libs"]) else {
            return (nil, "skipped: gnustep-config failed")
        }
        let out = dir + "/native-loop"
        let args = ["-O2"] + words(objcFlags) + [source, "-o", out] + words(libs)
        guard shell(gcc, args) != nil, FileManager.default.isExecutableFile(atPath: out) else {
            return (nil, "skipped: native-loop.m did not compile")
        }
        return (out, "")
    }

    /// Runs the compiled loop for `events` events.
    static func run(_ path: String, events: Int) -> Measurement? {
        guard let line = shell(path, [String(events)]) else { return nil }
        let f = line.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard f.count == 2, let n = Int(f[0]), let ns = Double(f[1]) else { return nil }
        return Measurement(seconds: ns / 1e9, events: n, bytes: 0)
    }

    static func words(_ s: String) -> [String] { s.split(whereSeparator: \.isWhitespace).map(String.init) }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// Runs a program and returns its standard output, or nil if it failed.
    static func shell(_ path: String, _ args: [String]) -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
