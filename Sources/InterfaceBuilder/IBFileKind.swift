import FileBytes
import Foundation

/// What an Interface Builder path on disk is, for whoever lists a project's nibs (`audit`):
/// a source document to read, or a compiled nib to list as such. Decided by the name and, for
/// `.nib`, by what the bundle folder holds or the file begins with — never by reading a whole file.
public enum IBFileKind: Equatable, Sendable {
    /// A `.xib` (modern `<document>` or legacy `<archive>`): read it at `path`.
    case xib
    /// A `.storyboard`: read it at `path`.
    case storyboard
    /// A `.nib` bundle folder holding `designable.nib`, the XIB Interface Builder edits:
    /// read the document at `designablePath` (with `IBReader.read(path:)` on the folder or on it).
    case nibBundleDesignable(designablePath: String)
    /// A compiled nib: an NSKeyedArchiver archive (binary or XML property list) at
    /// `archivePath` — a bundle folder's `keyedobjects.nib` (no `designable.nib` beside it), or
    /// a flat `.nib` file — or an iOS NIBArchive file. `IBReader.read(path:)` reads it (on the
    /// folder or on the archive).
    case compiledArchive(archivePath: String)
    /// A compiled nib nibscript cannot read (a bundle with neither `keyedobjects.nib` nor
    /// `designable.nib`, a file in no known format): there is no source to read; list it as compiled.
    case compiledNib
    /// Not an Interface Builder path (another extension, or a `.nib` that is neither).
    case other

    /// Whether `IBReader.read(path:)` can read a document from this path.
    public var isReadable: Bool {
        switch self {
        case .xib, .storyboard, .nibBundleDesignable, .compiledArchive: return true
        case .compiledNib, .other: return false
        }
    }
}

extension IBReader {
    /// The file IB keeps its editable document in, inside a `.nib` bundle folder.
    public static let designableNibName = "designable.nib"

    /// Classifies `path` by its extension; a `.nib` by its contents (see `IBFileKind`).
    /// A `.nib` file (not a folder) is compiled unless it starts as XML; one whose first bytes
    /// cannot be read (not a regular file, no permission) is `.xib`, so that reading it gives
    /// the reason.
    public static func classify(path: String) -> IBFileKind {
        let lower = path.lowercased()
        let name = lower.hasSuffix("/") ? String(lower.dropLast()) : lower
        if name.hasSuffix(".xib") { return .xib }
        if name.hasSuffix(".storyboard") { return .storyboard }
        guard name.hasSuffix(".nib") else { return .other }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .other }
        if isDirectory.boolValue {
            let designable = (path as NSString).appendingPathComponent(designableNibName)
            var inner: ObjCBool = false
            if FileManager.default.fileExists(atPath: designable, isDirectory: &inner), !inner.boolValue {
                return .nibBundleDesignable(designablePath: designable)
            }
            let archive = (path as NSString).appendingPathComponent(keyedObjectsNibName)
            if FileManager.default.fileExists(atPath: archive, isDirectory: &inner), !inner.boolValue {
                return .compiledArchive(archivePath: archive)
            }
            if let ios = iOSBundleArchive(path) { return .compiledArchive(archivePath: ios) }
            return .compiledNib
        }
        // The first bytes only: a designable.nib copied out of its bundle is XML, a compiled
        // nib a property list (binary, or XML). One that cannot be sniffed (a FIFO, no
        // permission) is left to the reader, which says why.
        guard let head = FileBytes.prefix(atPath: path, count: sniffedBytes) else { return .xib }
        if isPropertyList(head[...]) || head.starts(with: IBNibArchive.magic) { return .compiledArchive(archivePath: path) }
        let trimmed = head.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        return trimmed.first == UInt8(ascii: "<") ? .xib : .compiledNib
    }

    /// The archive of an iOS compiled nib folder (ibtool writes one when the deployment target
    /// is older than the SDK): `runtime.nib`, which UIKit loads, else the newest
    /// `objects-N.nib`, else `objects.nib` — each only when it begins as a compiled archive
    /// (NIBArchive or property list; a Mac OS X 10.1 bundle's `objects.nib` is a typedstream).
    static func iOSBundleArchive(_ folder: String) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        func version(_ name: String) -> [Int] {
            name.dropFirst("objects-".count).split(separator: "+").first?.split(separator: ".").compactMap { Int($0) } ?? []
        }
        let versioned = names.filter { $0.hasPrefix("objects-") && $0.hasSuffix(".nib") }
            .sorted { version($0).lexicographicallyPrecedes(version($1)) || version($0) == version($1) && $0 < $1 }
        for name in ["runtime.nib"] + versioned.reversed() + ["objects.nib"] where names.contains(name) {
            let file = (folder as NSString).appendingPathComponent(name)
            guard let head = FileBytes.prefix(atPath: file, count: sniffedBytes) else { continue }
            if head.starts(with: IBNibArchive.magic) || isPropertyList(head[...]) { return file }
        }
        return nil
    }

    /// Whether a file name is one a compiled `.nib` folder holds (Mac or iOS).
    public static func isNibBundleMember(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["designable.nib", "keyedobjects.nib", "objects.nib", "classes.nib", "info.nib", "runtime.nib"].contains(lower)
            || lower.hasPrefix("objects-") && lower.hasSuffix(".nib")
    }

    /// The file a compiled `.nib` bundle folder keeps its NSKeyedArchiver archive in.
    public static let keyedObjectsNibName = "keyedobjects.nib"

    /// How many first bytes `isPropertyList` looks at.
    static let sniffedBytes = 1024

    /// Whether a file's first bytes are a compiled nib's: a binary property list (`bplist`),
    /// or an XML property list whose first key is a keyed archive's `$archiver` (any other XML,
    /// a `<plist>` given as a XIB included, is left to the XML reader, which names its root).
    static func isPropertyList(_ head: ArraySlice<UInt8>) -> Bool {
        if head.starts(with: Array("bplist".utf8)) { return true }
        let text = String(decoding: head.prefix(sniffedBytes), as: UTF8.self)
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard trimmed.hasPrefix("<") else { return false }
        return (text.contains("<!DOCTYPE plist") || text.contains("<plist")) && text.contains("<key>$archiver</key>")
    }
}
