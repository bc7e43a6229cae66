import Foundation
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Every Interface Builder file under the audited folder, as the audit accounts for it:
/// `.xib` and `.storyboard` files, `.nib` bundle folders (their `designable.nib` is a XIB;
/// one with only `keyedobjects.nib` is compiled and cannot be read), and plain `.nib` files
/// (compiled). Localized copies of one nib (`en.lproj/X.xib`, `Base.lproj/X.xib`, …) are one
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
                if FileManager.default.fileExists(atPath: dir + "/" + f, isDirectory: &isDir), isDir.boolValue {
                    bundles.append(f)
                    let designable = f + "/designable.nib"
                    if FileManager.default.fileExists(atPath: dir + "/" + designable) {
                        found.append(Entry(path: designable, displayPath: f, name: name))
                    } else {
                        found.append(Entry(path: f, displayPath: f, name: name,
                                           unreadable: "compiled only (keyedobjects.nib, no designable.nib): not readable"))
                    }
                } else {
                    found.append(Entry(path: f, displayPath: f, name: name, unreadable: "a compiled nib file: not readable"))
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
            let readable = members.filter { $0.unreadable == nil }
            let pick = Self.preferred(readable.isEmpty ? members : readable)
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
