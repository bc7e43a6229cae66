import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files of the audited folder, and every entry it could not or would not read, each
/// with a reason (issue 25 item 5). The audit stays inside the folder: a link is followed
/// only to a file inside it; a link to a folder is never followed (as before, so no loop);
/// a folder it cannot list and a path longer than PATH_MAX are listed, not dropped silently.
package struct FolderWalk {
    package struct Skipped: Equatable {
        /// Relative to the folder.
        package var path: String
        package var reason: String
    }

    /// Paths relative to the folder, sorted: files and folders (a compiled `X.nib` is a folder).
    package var files: [String] = []
    /// Sorted by path.
    package var skipped: [Skipped] = []

    /// The longest path the system opens (bytes, with the terminating NUL).
    package static let pathMax = Int(PATH_MAX)

    /// Walks `dir`; `list` reads one folder's entry names (replaceable, so that a test can
    /// make a folder unreadable even when it runs as root, who reads any folder).
    package init(dir: String, list: (String) throws -> [String] = { try FileManager.default.contentsOfDirectory(atPath: $0) }) {
        let root = Self.realPath(dir) ?? dir
        var stack = [""]
        while let rel = stack.popLast() {
            let full = rel.isEmpty ? dir : dir + "/" + rel
            let names: [String]
            do { names = try list(full) } catch {
                if rel.isEmpty { return }  // the folder itself: the command says it cannot read it
                skipped.append(Skipped(path: rel, reason: "cannot read the folder: " + Self.reason(error)))
                continue
            }
            for name in names {
                // Hidden folders and build products are not the project's (as before: silent).
                if name.hasPrefix(".") || name == "build" || name == "DerivedData" { continue }
                let r = rel.isEmpty ? name : rel + "/" + name
                let path = dir + "/" + r
                if path.utf8.count >= Self.pathMax {
                    skipped.append(Skipped(path: r, reason: "the path is longer than PATH_MAX (\(path.utf8.count) bytes; the limit is \(Self.pathMax - 1))"))
                    continue
                }
                var st = stat()
                guard lstat(path, &st) == 0 else {
                    skipped.append(Skipped(path: r, reason: String(cString: strerror(errno))))
                    continue
                }
                switch st.st_mode & S_IFMT {
                case S_IFDIR:
                    files.append(r)
                    stack.append(r)
                case S_IFLNK:
                    var target = stat()
                    guard stat(path, &target) == 0 else {
                        skipped.append(Skipped(path: r, reason: "a link to nothing (\(String(cString: strerror(errno))))"))
                        continue
                    }
                    if target.st_mode & S_IFMT == S_IFDIR {
                        skipped.append(Skipped(path: r, reason: "a link to a folder: not followed"))
                    } else if let real = Self.realPath(path), real.hasPrefix(root == "/" ? "/" : root + "/") {
                        files.append(r)
                    } else {
                        skipped.append(Skipped(path: r, reason: "a link that leads out of the folder (to \(Self.realPath(path) ?? "?")): not followed"))
                    }
                default:
                    files.append(r)
                }
            }
        }
        files.sort()
        skipped.sort { $0.path < $1.path }
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    static func reason(_ error: Error) -> String {
        let e = error as NSError
        if let u = e.userInfo[NSUnderlyingErrorKey] as? NSError, u.domain == NSPOSIXErrorDomain, let c = Int32(exactly: u.code) {
            return String(cString: strerror(c))
        }
        if e.domain == NSPOSIXErrorDomain, let c = Int32(exactly: e.code) { return String(cString: strerror(c)) }
        return e.code == NSFileReadNoPermissionError ? "permission denied" : e.localizedDescription
    }
}
