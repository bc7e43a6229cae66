import Foundation

// What an Xcode project file says about how its code is built: each target's deployment
// target, ARC setting and per-file compiler flags, its Info.plist's main nib. Read from
// `project.pbxproj` (an old-style property list), the `.xcconfig` files its configurations
// are based on, and the Info.plist files the targets name. No Xcode is needed.

/// A value and where it came from (`Growl.xcodeproj, target Growl, Release`, `Base.xcconfig:4`).
public struct ProjectSetting: Sendable, Equatable {
    public var value: String
    public var origin: String
    public init(value: String, origin: String) { self.value = value; self.origin = origin }
}

public struct XcodeTarget: Sendable {
    public var name: String
    public var project: String
    /// Build settings of each configuration (`Release`, `Debug`), resolved.
    public var configurations: [(name: String, settings: [String: ProjectSetting])]
    /// The configuration an archive or `xcodebuild` without `-configuration` uses.
    public var shippedConfiguration: String
    /// Source files compiled by the target (paths relative to the folder given to `read`),
    /// with their per-file compiler flags.
    public var sources: [(path: String, flags: String)]
    /// Files the target copies as resources (nibs among them), relative paths.
    public var resources: [String]
    /// `NSMainNibFile` / `UIMainStoryboardFile` (and their `~ipad` forms) of its Info.plist.
    public var mainNibs: [ProjectSetting]
    /// `UILaunchStoryboardName` (and its `~ipad`/`~iphone` forms): the launch screen, a XIB or
    /// a storyboard iOS shows while the application launches; no code loads it.
    public var launchScreens: [ProjectSetting] = []

    public func settings(_ configuration: String? = nil) -> [String: ProjectSetting] {
        let n = configuration ?? shippedConfiguration
        return configurations.first { $0.name == n }?.settings ?? configurations.first?.settings ?? [:]
    }
}

public struct XcodeProjectReader {
    public var targets: [XcodeTarget] = []
    /// Projects that could not be read, with the reason.
    public var problems: [String] = []
    public init() {}

    /// Every `*.xcodeproj/project.pbxproj` among `files` (relative to `dir`).
    public static func read(dir: String, files: [String]) -> XcodeProjectReader {
        var r = XcodeProjectReader()
        for f in files where f.hasSuffix(".xcodeproj/project.pbxproj") {
            guard let data = FileManager.default.contents(atPath: dir + "/" + f),
                  let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
                r.problems.append("\(f): cannot be read"); continue
            }
            var p = OldStylePlist(Array(text.unicodeScalars))
            guard case .dict(let root)? = p.parse() else { r.problems.append("\(f): not a property list"); continue }
            r.targets += Self.targets(root, projectFile: f, dir: dir)
        }
        return r
    }

    static func targets(_ root: [String: OldStylePlist.Value], projectFile: String, dir: String) -> [XcodeTarget] {
        guard case .dict(let objects)? = root["objects"], let rootID = root["rootObject"]?.string,
              let project = objects[rootID]?.dict else { return [] }
        let projectName = (projectFile as NSString).deletingLastPathComponent
        // The folder the project's paths are relative to.
        var projectDir = (projectName as NSString).deletingLastPathComponent
        if let d = project["projectDirPath"]?.string, !d.isEmpty { projectDir = Self.join(projectDir, d) }
        // Each file reference's path, through its groups.
        var paths: [String: String] = [:]
        func walk(_ id: String, _ parent: String) {
            guard let o = objects[id]?.dict else { return }
            let tree = o["sourceTree"]?.string ?? "<group>"
            let own = o["path"]?.string
            var here: String
            switch tree {
            case "<group>": here = own.map { Self.join(parent, $0) } ?? parent
            case "SOURCE_ROOT": here = own.map { Self.join(projectDir, $0) } ?? projectDir
            case "<absolute>": here = own ?? parent
            default: here = own.map { "$(\(tree))/" + $0 } ?? parent
            }
            paths[id] = here
            for c in o["children"]?.array ?? [] { if let cid = c.string { walk(cid, here) } }
        }
        if let main = project["mainGroup"]?.string { walk(main, projectDir) }
        func settings(_ listID: String?, level: String) -> [(String, [String: ProjectSetting])] {
            guard let lid = listID, let list = objects[lid]?.dict else { return [] }
            return (list["buildConfigurations"]?.array ?? []).compactMap { v in
                guard let id = v.string, let c = objects[id]?.dict else { return nil }
                let name = c["name"]?.string ?? "?"
                var s: [String: ProjectSetting] = [:]
                if let ref = c["baseConfigurationReference"]?.string, let p = paths[ref] {
                    for (k, v) in XcconfigReader.read(dir: dir, path: p) { s[k] = v }
                }
                // In key order, so that which of several conditional settings wins does not
                // depend on a dictionary's order; a conditional one (`KEY[arch=ppc64]`) never
                // replaces the plain `KEY` beside it, which is what a build without the
                // condition uses.
                let entries = (c["buildSettings"]?.dict ?? [:]).sorted { $0.key < $1.key }
                let plain = Set(entries.map(\.key).filter { !$0.contains("[") })
                for (k, v) in entries where !k.contains("[") || !plain.contains(Self.baseKey(k)) {
                    let value = v.string ?? v.array?.compactMap(\.string).joined(separator: " ") ?? ""
                    s[Self.baseKey(k)] = Self.inheriting(s[Self.baseKey(k)], ProjectSetting(value: value, origin: "\(projectName), \(level), \(name)"))
                }
                return (name, s)
            }
        }
        let projectConfigs = settings(project["buildConfigurationList"]?.string, level: "project")
        var out: [XcodeTarget] = []
        for t in project["targets"]?.array ?? [] {
            guard let tid = t.string, let target = objects[tid]?.dict, target["isa"]?.string == "PBXNativeTarget" else { continue }
            let name = target["name"]?.string ?? "?"
            let listID = target["buildConfigurationList"]?.string
            var configs: [(name: String, settings: [String: ProjectSetting])] = []
            for (cname, s) in settings(listID, level: "target \(name)") {
                var merged = projectConfigs.first { $0.0 == cname }?.1 ?? [:]
                for (k, v) in s { merged[k] = Self.inheriting(merged[k], v) }
                configs.append((cname, merged))
            }
            let shipped = listID.flatMap { objects[$0]?.dict?["defaultConfigurationName"]?.string }
                ?? (configs.contains { $0.name == "Release" } ? "Release" : configs.first?.name ?? "Release")
            var sources: [(String, String)] = []
            var resources: [String] = []
            for ph in target["buildPhases"]?.array ?? [] {
                guard let pid = ph.string, let phase = objects[pid]?.dict else { continue }
                let isa = phase["isa"]?.string
                guard isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
                for bf in phase["files"]?.array ?? [] {
                    guard let bid = bf.string, let build = objects[bid]?.dict, let ref = build["fileRef"]?.string else { continue }
                    var refs = [ref]
                    // A variant group (localized nib): its children are the copies.
                    if objects[ref]?.dict?["isa"]?.string == "PBXVariantGroup" {
                        refs = objects[ref]?.dict?["children"]?.array?.compactMap(\.string) ?? []
                    }
                    for r in refs {
                        guard let p = paths[r] else { continue }
                        if isa == "PBXSourcesBuildPhase" {
                            let flags = build["settings"]?.dict?["COMPILER_FLAGS"]?.string ?? ""
                            sources.append((p, flags))
                        } else { resources.append(p) }
                    }
                }
            }
            var made = XcodeTarget(name: name, project: projectName, configurations: configs, shippedConfiguration: shipped,
                                     sources: sources, resources: resources, mainNibs: [])
            if let plist = made.settings()["INFOPLIST_FILE"] {
                let p = Self.join(projectDir, plist.value.replacingOccurrences(of: "$(SRCROOT)/", with: "")
                                                      .replacingOccurrences(of: "${SRCROOT}/", with: ""))
                made.mainNibs = InfoPlistReader.mainNibs(dir: dir, path: p)
                made.launchScreens = InfoPlistReader.launchScreens(dir: dir, path: p)
            }
            out.append(made)
        }
        return out
    }

    /// A setting of a level over the one below it: `$(inherited)` in it is the lower level's
    /// value (`GCC_PREPROCESSOR_DEFINITIONS = $(inherited) APP_STORE=1` in a target keeps the
    /// project's defines); one left when no lower level sets the key is read as nothing.
    static func inheriting(_ lower: ProjectSetting?, _ upper: ProjectSetting) -> ProjectSetting {
        guard let lower, upper.value.contains("inherited") else { return upper }
        var v = upper
        v.value = v.value.replacingOccurrences(of: "$(inherited)", with: lower.value).replacingOccurrences(of: "${inherited}", with: lower.value)
        return v
    }

    /// `OTHER_CFLAGS[arch=x86_64]` → `OTHER_CFLAGS` (conditions are not evaluated).
    static func baseKey(_ k: String) -> String { k.split(separator: "[").first.map(String.init) ?? k }

    static func join(_ a: String, _ b: String) -> String {
        if b.hasPrefix("/") || a.isEmpty || a == "." { return Self.normalize(b) }
        return Self.normalize(a + "/" + b)
    }

    /// `a/./b/../c` → `a/c`.
    static func normalize(_ p: String) -> String {
        var parts: [Substring] = []
        for c in p.split(separator: "/", omittingEmptySubsequences: true) {
            if c == "." { continue }
            if c == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(c)
        }
        return (p.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// `KEY = value` lines of an `.xcconfig`, with `#include`s, each with its file and line.
enum XcconfigReader {
    static func read(dir: String, path: String, depth: Int = 0) -> [String: ProjectSetting] {
        guard depth < 8, let text = try? String(contentsOfFile: dir + "/" + path, encoding: .utf8) else { return [:] }
        var out: [String: ProjectSetting] = [:]
        // Keys this file sets with no condition: a conditional line does not replace them.
        var plain = Set<String>()
        for (n, raw) in text.components(separatedBy: "\n").enumerated() {
            var line = raw
            if let c = line.range(of: "//") { line = String(line[..<c.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                let inc = line.dropFirst(8).trimmingCharacters(in: CharacterSet(charactersIn: " \t\"?"))
                let p = XcodeProjectReader.join((path as NSString).deletingLastPathComponent, inc)
                for (k, v) in read(dir: dir, path: p, depth: depth + 1) { out[k] = v }
                continue
            }
            // `KEY[sdk=iphoneos*] = value`: the `=` after the condition.
            let from = line.firstIndex(of: "]") ?? line.startIndex
            guard let eq = line[from...].firstIndex(of: "=") else { continue }
            let written = line[..<eq].trimmingCharacters(in: .whitespaces)
            let key = XcodeProjectReader.baseKey(written)
            let conditional = written.contains("[")
            if conditional && plain.contains(key) { continue }
            if !conditional { plain.insert(key) }
            let value = line[line.index(after: eq)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t;"))
            if !key.isEmpty { out[key] = ProjectSetting(value: value, origin: "\(path):\(n + 1)") }
        }
        return out
    }
}

/// The main nib keys of an Info.plist (XML or binary).
public enum InfoPlistReader {
    public static let keys = ["NSMainNibFile", "NSMainNibFile~ipad", "UIMainStoryboardFile", "UIMainStoryboardFile~ipad", "NSMainStoryboardFile"]

    public static func mainNibs(dir: String, path: String) -> [ProjectSetting] { values(keys, dir: dir, path: path) }

    public static let launchKeys = ["UILaunchStoryboardName", "UILaunchStoryboardName~ipad", "UILaunchStoryboardName~iphone"]

    public static func launchScreens(dir: String, path: String) -> [ProjectSetting] { values(launchKeys, dir: dir, path: path) }

    /// The string values of `keys`; an empty one names nothing (Frotz's `NSMainNibFile` is
    /// the empty string: no main nib).
    static func values(_ keys: [String], dir: String, path: String) -> [ProjectSetting] {
        guard let data = FileManager.default.contents(atPath: dir + "/" + path),
              let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else { return [] }
        return keys.compactMap { k in (plist[k] as? String).flatMap { $0.isEmpty ? nil : ProjectSetting(value: $0, origin: "\(path) (\(k))") } }
    }
}

/// An old-style (OpenStep) property list: `{ k = v; }`, `( a, b )`, quoted and bare strings,
/// `/* */` and `//` comments. Enough for `project.pbxproj`.
struct OldStylePlist {
    indirect enum Value {
        case string(String), array([Value]), dict([String: Value])
        var string: String? { if case .string(let s) = self { return s }; return nil }
        var array: [Value]? { if case .array(let a) = self { return a }; return nil }
        var dict: [String: Value]? { if case .dict(let d) = self { return d }; return nil }
    }
    let s: [Unicode.Scalar]
    var i = 0
    var depth = 0
    init(_ s: [Unicode.Scalar]) { self.s = s }

    mutating func skip() {
        while i < s.count {
            if s[i].properties.isWhitespace { i += 1; continue }
            if s[i] == "/", i + 1 < s.count, s[i + 1] == "/" { while i < s.count, s[i] != "\n" { i += 1 }; continue }
            if s[i] == "/", i + 1 < s.count, s[i + 1] == "*" {
                i += 2
                while i + 1 < s.count, !(s[i] == "*" && s[i + 1] == "/") { i += 1 }
                i += 2; continue
            }
            break
        }
    }

    mutating func parse() -> Value? {
        skip()
        guard i < s.count, depth < 64 else { return nil }
        switch s[i] {
        case "{":
            i += 1; depth += 1; defer { depth -= 1 }
            var d: [String: Value] = [:]
            while true {
                skip()
                guard i < s.count else { return nil }
                if s[i] == "}" { i += 1; return .dict(d) }
                guard case .string(let k)? = parse() else { return nil }
                skip()
                guard i < s.count, s[i] == "=" else { return nil }
                i += 1
                guard let v = parse() else { return nil }
                d[k] = v
                skip()
                if i < s.count, s[i] == ";" { i += 1 }
            }
        case "(":
            i += 1; depth += 1; defer { depth -= 1 }
            var a: [Value] = []
            while true {
                skip()
                guard i < s.count else { return nil }
                if s[i] == ")" { i += 1; return .array(a) }
                guard let v = parse() else { return nil }
                a.append(v)
                skip()
                if i < s.count, s[i] == "," { i += 1 }
            }
        case "\"":
            i += 1
            var out = String.UnicodeScalarView()
            while i < s.count, s[i] != "\"" {
                if s[i] == "\\", i + 1 < s.count {
                    i += 1
                    switch s[i] { case "n": out.append("\n"); case "t": out.append("\t"); default: out.append(s[i]) }
                } else { out.append(s[i]) }
                i += 1
            }
            i += 1
            return .string(String(out))
        default:
            var out = String.UnicodeScalarView()
            while i < s.count, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || "_$/.-+:".unicodeScalars.contains(s[i]) {
                out.append(s[i]); i += 1
            }
            return out.isEmpty ? nil : .string(String(out))
        }
    }
}
