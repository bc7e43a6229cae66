import Foundation
import NibScriptSyntax
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// What the audit takes from the project's own settings (XcodeProject.swift reads them):
/// the iOS columns the deployment target reaches, each source file's memory model, the main
/// nibs; and, for the report, where each came from — or that it is guessing.
struct ProjectSettings {
    var targets: [XcodeTarget] = []
    var problems: [String] = []
    /// Report lines: each setting used and its origin.
    var notes: [String] = []
    /// File (relative to the audited folder) → ARC or MRC, with the reason.
    var fileMemory: [String: (MemoryModelName, String)] = [:]
    /// File → the macros the builds of it define (`GCC_PREPROCESSOR_DEFINITIONS`, `-D`):
    /// the reader takes a name none defines as undefined (`#ifdef SP_CODA` false in Sequel
    /// Pro's own target). Several builds of a file keep what they agree on.
    var fileDefines: [String: BuildDefines] = [:]
    /// File → why it is built only with garbage collection (`GCC_ENABLE_OBJC_GC = required`
    /// in every target that builds it); see `NibAuditorBuildSkips.swift`.
    var garbageCollected: [String: String] = [:]
    /// Files some target builds without required garbage collection (MRC code, or
    /// `supported`: dual-mode code must also be right under MRC).
    var notGarbageCollected: Set<String> = []
    /// Nib names (as code loads them) the Info.plists name as main nib, with the origin.
    var mainNibs: [String: String] = [:]
    /// Per main nib name, each target whose Info.plist names it: the origin and the files the
    /// target copies as resources (see `mainNib(_:paths:)`).
    var mainNibTargets: [String: [(origin: String, resources: Set<String>)]] = [:]
    /// Every file some target copies as a resource.
    var allResources: Set<String> = []
    /// Nib names the Info.plists name as launch screen (`UILaunchStoryboardName`), with the origin.
    var launchScreens: [String: String] = [:]
    /// The lowest iOS deployment target of the targets (major, minor), with the origin.
    var iosDeployment: ((Int, Int), String)?
    var macDeployment: ((Int, Int), String)?
    var found: Bool { !targets.isEmpty }

    init() {}

    init(dir: String, files: [String], allConfigurations: Bool) {
        let r = XcodeProjectReader.read(dir: dir, files: files)
        targets = r.targets
        problems = r.problems
        for t in targets {
            let names = allConfigurations ? t.configurations.map(\.name) : [t.shippedConfiguration]
            for cname in names {
                let s = t.settings(cname)
                var line = "\(t.project): target \(t.name) (\(cname)):"
                if let v = s["IPHONEOS_DEPLOYMENT_TARGET"], let d = Self.version(v.value) {
                    line += " IPHONEOS_DEPLOYMENT_TARGET \(v.value) (\(v.origin))"
                    if iosDeployment.map({ d < $0.0 }) ?? true { iosDeployment = (d, v.origin) }
                }
                if let v = s["MACOSX_DEPLOYMENT_TARGET"], let d = Self.version(v.value) {
                    line += " MACOSX_DEPLOYMENT_TARGET \(v.value) (\(v.origin))"
                    if macDeployment.map({ d < $0.0 }) ?? true { macDeployment = (d, v.origin) }
                }
                let arc = s["CLANG_ENABLE_OBJC_ARC"]
                let targetARC = arc.map { $0.value.uppercased() == "YES" } ?? false
                line += " CLANG_ENABLE_OBJC_ARC \(arc.map { "\($0.value) (\($0.origin))" } ?? "NO (not set: the default)")"
                let gc = s["GCC_ENABLE_OBJC_GC"]
                let gcRequired = gc.map { $0.value.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased() == "required" } ?? false
                if let gc { line += " GCC_ENABLE_OBJC_GC \(gc.value) (\(gc.origin))" }
                notes.append(line)
                for (p, _) in t.sources {
                    if gcRequired, let gc { garbageCollected[p] = "target \(t.name): GCC_ENABLE_OBJC_GC \(gc.value) (\(gc.origin))" }
                    else { notGarbageCollected.insert(p) }
                }
                for (p, flags) in t.sources {
                    let d = BuildDefines.of(s, fileFlags: flags)
                    fileDefines[p] = fileDefines[p].map { $0.meet(d) } ?? d
                }
                for (p, flags) in t.sources {
                    var m: MemoryModelName = targetARC ? .arc : .mrc
                    var why = "target \(t.name): CLANG_ENABLE_OBJC_ARC \(targetARC ? "YES" : "NO")"
                    if flags.contains("-fno-objc-arc") { m = .mrc; why = "\(t.project): -fno-objc-arc on the file" }
                    else if flags.contains("-fobjc-arc") { m = .arc; why = "\(t.project): -fobjc-arc on the file" }
                    // A file in several targets: MRC wins (a release is then a real release somewhere).
                    if let old = fileMemory[p], old.0 == .mrc { continue }
                    fileMemory[p] = (m, why)
                }
            }
            for n in t.mainNibs {
                mainNibs[NibInventory.loadName(n.value)] = n.origin
                mainNibTargets[NibInventory.loadName(n.value), default: []].append((n.origin, Set(t.resources)))
            }
            allResources.formUnion(t.resources)
            for n in t.launchScreens { launchScreens[NibInventory.loadName(n.value)] = n.origin }
        }
    }

    /// `5.1.1` → (5, 1).
    static func version(_ s: String) -> (Int, Int)? {
        let parts = s.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil else { return nil }
        return (major, parts.count > 1 ? (parts[1] ?? 0) : 0)
    }

    /// The memory model of the classes a nib needs, by the files that implement them: MRC
    /// when any is MRC, ARC when all are; nil when the project names none of those files.
    func memory(of classes: [ImportedClass], base: String) -> (MemoryModelName, String)? {
        var found: [(MemoryModelName, String)] = []
        for c in classes {
            // The files with its methods, or the .m/.mm beside its header (a class whose
            // implementation has no method the scanner keeps).
            var files = Set(c.methods.map(\.place.file) + [c.place.file]).filter { !$0.hasSuffix(".h") }.sorted()
            if files.isEmpty, c.place.file.hasSuffix(".h") {
                let stem = String(c.place.file.dropLast(2))
                files = [stem + ".m", stem + ".mm"]
            }
            for f in files {
                let rel = f.hasPrefix(base + "/") ? String(f.dropFirst(base.count + 1)) : f
                if let m = fileMemory[rel] { found.append((m.0, "\((rel as NSString).lastPathComponent): \(m.1)")) }
            }
        }
        if let mrc = found.first(where: { $0.0 == .mrc }) { return mrc }
        return found.first
    }
}
