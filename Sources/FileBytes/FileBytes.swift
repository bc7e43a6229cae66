#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A file's bytes, read straight into the array its reader scans: the script's (`SourceFile`)
/// and an Interface Builder file's (`IBReader`). `FileManager.contents(atPath:)` gives a Data
/// that was then copied into an array: for a million-object `.xib`, two copies of a 118 MB
/// file, each page of each faulted in afresh, for the time it took to copy one into the other.
public enum FileBytes {
    /// nil when the file cannot be opened or read.
    public static func contents(atPath path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        // One byte more than the size: a read that fills it all means the file grew (or has
        // no size, as a pipe), and the rest is read in chunks.
        let room = max(0, Int(info.st_size)) + 1
        var complete = false, failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            count = 0
            while count < room {
                let n = read(fd, buffer.baseAddress! + count, room - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if n == 0 { complete = true; return }
                count += n
            }
        }
        var chunk = [UInt8](repeating: 0, count: complete || failed ? 0 : 1 << 16)
        while !complete && !failed {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno != EINTR { failed = true }
            } else if n == 0 {
                complete = true
            } else {
                bytes += chunk[..<n]
            }
        }
        return failed ? nil : bytes
    }
}
