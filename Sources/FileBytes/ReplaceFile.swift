#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Writes a file nibscript makes or replaces for the user (`report -o PATH`, a golden file
/// `test --update` rewrites, its `.out.actual`) so that nothing but a regular file is
/// ever replaced, and never half-written: the bytes go to a new temporary file beside the
/// target, which is then renamed over it. `rename` replaces the directory entry itself, so
/// a symbolic link put there in between is replaced, not followed. A symlink, FIFO, socket,
/// device node or directory already at PATH is refused with the reason: writing through it
/// would change another file, block for ever or fill a device (as root, `/dev/full` was
/// replaced by a regular file). A write that fails midway (a full disk, a file size limit)
/// leaves the file as it was, and no temporary file, here or in the system's temporary folder.
/// In the smallest module, without Foundation, so the golden files' writer reaches it too.
public enum ReplaceFile {
    public struct Failure: Error, Equatable, Sendable { public var message: String }

    public static func write(_ bytes: [UInt8], to path: String) -> Result<Void, Failure> {
        var st = stat()
        var mode: mode_t?
        if lstat(path, &st) == 0 {
            let kind = st.st_mode & S_IFMT
            guard kind == S_IFREG else {
                return .failure(Failure(message: "cannot write '\(path)': it is \(describe(kind)), not a regular file; nothing was written (give the path of a new or regular file)"))
            }
            mode = st.st_mode & 0o7777
        } else if errno != ENOENT {
            return .failure(Failure(message: "cannot write '\(path)': \(String(cString: strerror(errno)))"))
        }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // open(O_CREAT | O_EXCL) with mode 0666 rather than mkstemp: the kernel applies the
        // umask, so a new report gets the usual mode without reading the umask (racy).
        let prefix = (directory.isEmpty ? "." : directory == "/" ? "" : directory) + "/." + name + "."
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<100 {
            temporary = prefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else {
            return .failure(Failure(message: "cannot write '\(path)': \(String(cString: strerror(errno))) (a temporary file beside it could not be made)"))
        }
        func fail(_ what: String) -> Result<Void, Failure> {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary)
            return .failure(Failure(message: "cannot write '\(path)': \(reason) (\(what))"))
        }
        // A replaced file keeps its mode.
        if let mode, fchmod(fd, mode) != 0 { return fail("setting its mode") }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { writeSome(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 { if errno == EINTR { continue }; return fail("writing") }
            done += n
        }
        guard fsync(fd) == 0 || errno == EINVAL else { return fail("writing") }
        guard close(fd) == 0 else { unlink(temporary); return .failure(Failure(message: "cannot write '\(path)': \(String(cString: strerror(errno)))")) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return .failure(Failure(message: "cannot write '\(path)': \(reason)"))
        }
        return .success(())
    }

    private static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFLNK: return "a symbolic link"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return "not a regular file"
        }
    }
}

/// `write(2)`, named apart from `ReplaceFile.write` (which would hide it inside the enum).
private func writeSome(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
