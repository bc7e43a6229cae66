import Foundation
import InterfaceBuilder
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Every Interface Builder file under the audited folder, as the audit accounts for it:
/// `.xib` and `.storyboard` files, `.nib` bundle folders (their `designable.nib` is a XIB;
/// one with only `keyedobjects.nib` is a compiled Mac nib, read from that archive), and plain
/// `.nib` files (compiled: read, a Mac or iOS keyed archive or an iOS NIBArchive). Localized copies of one nib (`en.lproj/X.xib`, `Base.lproj/X.xib`, …) are one
/// nib: the audit reads one of them (Base, then English, then the first) and lists the others.
struct NibInventory {
    struct Entry {
        /// Relative to the audited folder: the file the audit reads (a bundle's `designable.nib`).
        var path: String
        /// The nib as the project names it (`MainMenu.nib`, `en.lproj/X.xib`).
        var displayPath: String
        /// The name code loads it by (`X` for `X.xib`, `X.nib`, `X~ipad.xib`).
        var name: String
        /// Set when the nib cannot be audited at all (a compiled nib).
        var unreadable: String?
        /// Localized copies of this nib, not audited again.
        var copies: [String] = []
        /// A compiled nib read from its keyed archive (no designable.nib, no XIB): a localized
        /// copy with a source document is audited instead.
        var compiled = false

        init(path: String, displayPath: String, name: String, unreadable: String? = nil, compiled: Bool = false) {
            self.path = path
            self.displayPath = displayPath
            self.name = name
            self.unreadable = unreadable
            self.compiled = compiled
        }
    }


    /// Why a compiled nib is listed unread, said precisely.
    static func unreadableReason(_ path: String, isBundle: Bool) -> String {
        if isBundle {
            if FileManager.default.fileExists(atPath: path + "/objects.nib") {
                return "compiled for Mac OS X 10.1 or earlier (objects.nib, an NSArchiver typedstream; no keyedobjects.nib, no designable.nib): not readable"
            }
            return "compiled nib bundle without keyedobjects.nib or designable.nib: not readable"
        }
        return "a compiled nib file in a format nibscript does not know (neither a keyed archive nor NIBArchive): not readable"
    }
    var entries: [Entry] = []

    static let nibExtensions: Set<String> = ["xib", "storyboard", "nib"]

    /// `files` relative to `dir`, sorted (Audit.files), folders included.
    init(dir: String, files: [String]) {
        var found: [Entry] = []
        var bundles: [String] = []
        for f in files {
            let ext = (f as NSString).pathExtension.lowercased()
            guard Self.nibExtensions.contains(ext) else { continue }
            // Inside a .nib bundle: handled by the bundle.
            if bundles.contains(where: { f.hasPrefix($0 + "/") }) { continue }
            let name = Self.loadName(f)
            if ext == "nib" {
                var isDir: ObjCBool = false
                let isBundle = FileManager.default.fileExists(atPath: dir + "/" + f, isDirectory: &isDir) && isDir.boolValue
                if isBundle { bundles.append(f) }
                // A bundle's own file outside any `.nib` folder (`en_AU.lproj/keyedobjects.nib`
                // beside `en_AU.lproj/X.nib`): no code loads a nib by that name.
                if !isBundle, IBReader.isNibBundleMember((f as NSString).lastPathComponent) {
                    found.append(Entry(path: f, displayPath: f, name: name,
                                       unreadable: "stray: a file of a nib bundle outside any .nib folder: no code can load a nib by this name"))
                    continue
                }
                // What the bundle or file holds decides (`IBReader.classify`): its designable.nib
                // (a XIB), its keyedobjects.nib or the file itself (a compiled Mac nib: read,
                // see `IBCompiledNib`), or a compiled nib nibscript cannot read (listed).
                switch IBReader.classify(path: dir + "/" + f) {
                case .nibBundleDesignable:
                    found.append(Entry(path: f + "/" + IBReader.designableNibName, displayPath: f, name: name))
                case .compiledArchive(let archive):
                    found.append(Entry(path: isBundle ? f + "/" + (archive as NSString).lastPathComponent : f, displayPath: f, name: name,
                                       compiled: true))
                case .xib, .storyboard:
                    found.append(Entry(path: f, displayPath: f, name: name))
                case .compiledNib, .other:
                    found.append(Entry(path: f, displayPath: f, name: name, unreadable: Self.unreadableReason(dir + "/" + f, isBundle: isBundle)))
                }
                continue
            }
            found.append(Entry(path: f, displayPath: f, name: name))
        }
        // Localized copies: the same path once the `.lproj` folder is taken out.
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (k, e) in found.enumerated() {
            let key = Self.unlocalized(e.displayPath)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(k)
        }
        for key in order {
            let members = groups[key]!.map { found[$0] }
            // A source document before a compiled copy (it has names and lines), then any readable one.
            let readable = members.filter { $0.unreadable == nil }
            let sources = readable.filter { !$0.compiled }
            let pick = Self.preferred(!sources.isEmpty ? sources : (readable.isEmpty ? members : readable))
            var e = pick
            e.copies = members.filter { $0.displayPath != pick.displayPath }.map(\.displayPath)
            entries.append(e)
        }
        entries.sort { $0.displayPath < $1.displayPath }
    }

    /// `X` for `a/X.xib`, `X~ipad.xib`, `X.nib`.
    static func loadName(_ path: String) -> String {
        var n = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if let t = n.range(of: "~") { n = String(n[..<t.lowerBound]) }
        return n
    }

    static func unlocalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .filter { !$0.lowercased().hasSuffix(".lproj") }.joined(separator: "/")
    }

    static func language(_ path: String) -> String? {
        path.split(separator: "/").first { $0.lowercased().hasSuffix(".lproj") }.map { String($0.dropLast(6)) }
    }

    /// Base, then English (`en`, `English`, `en_US`…), then the first in path order.
    static func preferred(_ es: [Entry]) -> Entry {
        let rank: (Entry) -> Int = { e in
            switch language(e.displayPath)?.lowercased() {
            case nil: return 0
            case "base"?: return 1
            case "en"?, "english"?: return 2
            case let l? where l.hasPrefix("en"): return 3
            default: return 4
            }
        }
        return es.min { (rank($0), $0.displayPath) < (rank($1), $1.displayPath) }!
    }
}
