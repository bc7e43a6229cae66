import Foundation

// The macros a build defines for the files of a target: `GCC_PREPROCESSOR_DEFINITIONS`
// (and its `_NOT_USED_IN_PRECOMPS` twin), `-D` in `OTHER_CFLAGS` and in a file's own
// compiler flags. With them known, `#ifdef SP_CODA` in a file of a target that defines no
// `SP_CODA` is false, as the compiler reads it, instead of a branch read undecided (both
// ways): code that only another product builds is not read as this one's.

/// The defines one build of one file sees, and whether they are all known.
public struct BuildDefines: Sendable, Equatable {
    public var defines: [String: String]
    /// False when a value names a setting the reader could not resolve (`$(MY_DEFINES)`), a
    /// function-like define, a prefix header that is not a `.pch` the reader takes as prefix,
    /// or an `-include`d file: then a name it does not list may still be defined.
    public var complete: Bool
    public init(defines: [String: String] = [:], complete: Bool = true) { self.defines = defines; self.complete = complete }

    /// The defines of a target's configuration, with a file's own compiler flags.
    public static func of(_ settings: [String: ProjectSetting], fileFlags: String = "") -> BuildDefines {
        var out = BuildDefines()
        func resolve(_ raw: String) -> String {
            // `$(VAR)` / `${VAR}` of another setting, a few levels deep; `$(inherited)` left is nothing.
            var v = raw.replacingOccurrences(of: "$(inherited)", with: "").replacingOccurrences(of: "${inherited}", with: "")
            for _ in 0..<4 {
                guard let r = v.range(of: #"\$[({][A-Za-z0-9_]+[)}]"#, options: .regularExpression) else { break }
                let name = String(v[r].dropFirst(2).dropLast())
                guard let sub = settings[name] else { break }
                v.replaceSubrange(r, with: sub.value)
            }
            return v
        }
        func add(_ word: String) {
            guard !word.isEmpty else { return }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { out.complete = false; return }
            out.defines[name] = parts.count > 1 ? String(parts[1]) : "1"
        }
        for key in ["GCC_PREPROCESSOR_DEFINITIONS", "GCC_PREPROCESSOR_DEFINITIONS_NOT_USED_IN_PRECOMPS"] {
            guard let v = settings[key] else { continue }
            let text = resolve(v.value)
            if text.contains("$(") || text.contains("${") { out.complete = false }
            for w in words(text) where !w.hasPrefix("$") { add(w) }
        }
        for flags in [settings["OTHER_CFLAGS"].map { resolve($0.value) } ?? "", fileFlags] {
            if flags.contains("$(") || flags.contains("${") { out.complete = false }
            let ws = words(flags)
            var k = 0
            while k < ws.count {
                let w = ws[k]
                if w == "-D", k + 1 < ws.count { add(ws[k + 1]); k += 2; continue }
                if w.hasPrefix("-D") { add(String(w.dropFirst(2))) }
                if w == "-include" || w.hasPrefix("-imacros") || w.hasPrefix("-U") { out.complete = false }
                k += 1
            }
        }
        // A prefix header of the project that is no `.pch` is not read as a prefix: what it
        // defines is not known. One of the SDK (`$(SYSTEM_LIBRARY_DIR)/…/AppKit.h`) defines
        // only the SDK's names, which are never taken as undefined.
        if let pch = settings["GCC_PREFIX_HEADER"]?.value.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")),
           !pch.isEmpty, !pch.lowercased().hasSuffix(".pch"),
           !["$(SYSTEM_", "${SYSTEM_", "$(SDKROOT)", "${SDKROOT}", "$(DEVELOPER_", "/System/", "/Developer/"].contains(where: { pch.hasPrefix($0) }) {
            out.complete = false
        }
        return out
    }

    /// Words of a setting's value: split at blanks outside quotes, quotes and backslashes taken off.
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var cur = ""
        var quote: Character?
        var escaped = false
        for ch in s {
            if escaped { cur.append(ch); escaped = false; continue }
            if ch == "\\" { escaped = true; continue }
            if let q = quote { if ch == q { quote = nil } else { cur.append(ch) }; continue }
            if ch == "\"" || ch == "'" { quote = ch; continue }
            if ch == " " || ch == "\t" || ch == "\n" { if !cur.isEmpty { out.append(cur); cur = "" }; continue }
            cur.append(ch)
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    /// Two builds of one file (two targets, two configurations): the defines both give the
    /// same value; any other name is not known either way.
    public func meet(_ o: BuildDefines) -> BuildDefines {
        var d: [String: String] = [:]
        for (k, v) in defines where o.defines[k] == v { d[k] = v }
        return BuildDefines(defines: d, complete: complete && o.complete && d.count == defines.count && d.count == o.defines.count)
    }
}
