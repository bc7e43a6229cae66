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
///
/// Only regular files are read, and only up to `maxFileSize` bytes: a FIFO named `X.xib`
/// would block the reader for ever, and `/dev/zero` would be read until memory runs out.
/// Standard input is read with the same limit.
public enum FileBytes {
    /// The most bytes read from one file or from standard input: 512 MiB, four times the
    /// largest Interface Builder file the benchmarks read (a million objects, 118 MB).
    public static let maxFileSize = 512 << 20

    /// Why a file's bytes were not read; `description` is a clause for "cannot read 'X': …".
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case noSuchFile
        case directory
        /// A FIFO, socket, device or other non-regular file: named by its kind.
        case notRegular(String)
        /// Larger than `limit` bytes (`size` is what was known: the file's size, or limit + 1).
        case tooLarge(size: Int, limit: Int)
        case permissionDenied
        /// Any other system error, by its errno text.
        case system(String)

        public var description: String {
            switch self {
            case .noSuchFile: return "no such file"
            case .directory: return "it is a directory"
            case .notRegular(let kind): return "it is \(kind), not a regular file (only regular files are read)"
            case .tooLarge(let size, let limit):
                // A stream is read one byte past the limit: its size is not known.
                let what = size > limit + 1 ? "\(size) bytes" : "more than \(limit) bytes"
                let mib = limit >= 1 << 20 ? " (\(limit >> 20) MiB)" : ""
                return "it is \(what); the limit is \(limit) bytes\(mib)"
            case .permissionDenied: return "permission denied"
            case .system(let text): return text
            }
        }
    }

    /// nil when the file cannot be opened or read, is not a regular file, or is too large.
    public static func contents(atPath path: String) -> [UInt8]? {
        try? read(atPath: path).get()
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    public static func read(atPath path: String, limit: Int = maxFileSize) -> Result<[UInt8], Failure> {
        // Non-blocking, so that opening a FIFO with no writer returns at once (it would wait
        // for one otherwise); the kind of file is checked before anything is read.
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return .failure(openFailure(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(errorText(errno))) }
        if let kind = nonRegularKind(info.st_mode) {
            return .failure(kind == "a directory" ? .directory : .notRegular(kind))
        }
        let size = Int(info.st_size)
        if size > limit { return .failure(.tooLarge(size: size, limit: limit)) }
        // Back to blocking reads for the file itself.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return readAll(fd, expected: max(0, size), limit: limit)
    }

    /// Standard input, at most `limit` bytes: a pipe, a terminal or a redirected file.
    public static func readStandardInput(limit: Int = maxFileSize) -> Result<[UInt8], Failure> {
        readAll(0, expected: 0, limit: limit)
    }

    /// At most `count` bytes from `fd`, up to its end: for a caller that checks the length
    /// itself (reading `limit + 1` tells a stream that is too long from one that is not).
    public static func readPrefix(fileDescriptor fd: Int32, count: Int) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < count {
            let want = min(chunk.count, count - bytes.count)
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, want) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(errno == EACCES ? .permissionDenied : .system(errorText(errno)))
            }
            if n == 0 { break }
            bytes += chunk[..<n]
        }
        return .success(bytes)
    }

    /// At most the first `count` bytes of the regular file at `path` (for telling kinds apart).
    public static func prefix(atPath path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, nonRegularKind(info.st_mode) == nil else { return nil }
        return try? readPrefix(fileDescriptor: fd, count: count).get()
    }

    /// Reads until the end, or fails once more than `limit` bytes came (never reading more
    /// than one byte past the limit).
    private static func readAll(_ fd: Int32, expected: Int, limit: Int) -> Result<[UInt8], Failure> {
        // One byte more than the size: a read that fills it all means the file grew (or has
        // no size, as a pipe), and the rest is read in chunks.
        let room = min(expected, limit) + 1
        var complete = false
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
            count = 0
            while count < room {
                let n = systemRead(fd, buffer.baseAddress! + count, room - count)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { complete = true; return }
                count += n
            }
        }
        if failure != 0 { return .failure(failure == EACCES ? .permissionDenied : .system(errorText(failure))) }
        if !complete && bytes.count <= limit {
            switch readPrefix(fileDescriptor: fd, count: limit + 1 - bytes.count) {
            case .success(let rest): bytes += rest
            case .failure(let f): return .failure(f)
            }
        }
        if bytes.count > limit { return .failure(.tooLarge(size: bytes.count, limit: limit)) }
        return .success(bytes)
    }

    /// The kind of a file that is not regular ("a FIFO", "a device", …), nil for a regular one.
    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    private static func openFailure(_ code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: return .noSuchFile
        case EACCES, EPERM: return .permissionDenied
        case EISDIR: return .directory
        default: return .system(errorText(code))
        }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// `read(2)`, named apart from `FileBytes.read(atPath:)`.
@inline(__always)
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
