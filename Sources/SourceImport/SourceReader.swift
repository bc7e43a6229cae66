// Reads a project's sources as the compiler sees them: every Objective-C file with the
// macros of the headers it imports (`#import "Macros.h"`, found by name among the files
// read) and of the prefix headers (`.pch`, which every file sees), under one set of
// settings; Swift files by their own scanner. One pass per file, each header's macros
// computed once.

public enum SourceReader {
    public static let objcExtensions: Set<String> = ["h", "m", "mm", "pch"]

    /// The project the files declare. `files` are paths and their bytes, in the order read.
    /// `fileSettings` gives a file settings of its own (a per-file `-fobjc-arc` or
    /// `-fno-objc-arc`), or nil for `settings`; a header's macros are read once for each
    /// memory model and platform the files importing it are read under.
    public static func read(_ files: [(path: String, bytes: [UInt8])], settings: ReaderSettings = ReaderSettings(),
                            fileSettings: ((String) -> ReaderSettings?)? = nil) -> ImportedProject {
        let ctx = PreprocessContext(settings: settings)
        for f in files { ctx.switchedOff.formUnion(SwitchedOffDefines.names(in: f.bytes)) }
        var project = ImportedProject()
        // Headers by their last path component (and by the path as written after a folder).
        var byName: [String: [Int]] = [:]
        for (k, f) in files.enumerated() {
            let name = f.path.split(separator: "/").last.map(String.init) ?? f.path
            byName[name, default: []].append(k)
        }
        var tokens = [[ObjCToken]?](repeating: nil, count: files.count)
        func lexed(_ k: Int) -> [ObjCToken] {
            if let t = tokens[k] { return t }
            let t = ObjCLexer.tokens(files[k].bytes)
            tokens[k] = t
            return t
        }
        // By file and the settings it was read under (a per-file `-fobjc-arc` reads a header again).
        var exported: [String: MacroTable] = [:]
        // The build's defines too (files of targets with different GCC_PREPROCESSOR_DEFINITIONS).
        var definesKey = settings.definesKey
        func key(_ k: Int) -> String { "\(k) \(ctx.settings.arc.map { "\($0)" } ?? "-") \(ctx.settings.platform?.rawValue ?? "-") \(definesKey)" }
        var inProgress = Set<Int>()
        var current = ""
        func find(_ name: String) -> Int? {
            let last = name.split(separator: "/").last.map(String.init) ?? name
            guard let ks = byName[last] else { return nil }
            if ks.count == 1 { return ks[0] }
            // Several files of that name: the one whose path ends with the name as written, in
            // the importing file's folder first.
            let folder = current.split(separator: "/").dropLast().joined(separator: "/")
            return ks.first { files[$0].path == folder + "/" + name } ?? ks.first { files[$0].path.hasSuffix("/" + name) } ?? ks[0]
        }
        // The macros a header leaves defined (with those of what it imports): computed once.
        func macros(of k: Int) -> MacroTable? {
            if let m = exported[key(k)] { return m }
            // A header importing one being read (an import cycle `#import` cuts): found, and
            // nothing more to give (nil is for a header not among the files).
            guard !inProgress.contains(k) else { return MacroTable() }
            inProgress.insert(k)
            let saved = current
            current = files[k].path
            var pre = Preprocessor(ctx: ctx, isCPlusPlus: files[k].path.hasSuffix(".mm"), env: prefix)
            _ = pre.run(lexed(k))
            current = saved
            inProgress.remove(k)
            exported[key(k)] = pre.env
            return pre.env
        }
        var prefix = MacroTable()
        // C functions that release through their parameters, by name (ReleasingFunctions.swift).
        var functions: [String: ReleasingFunction] = [:]
        ctx.resolveImport = { name in find(name).flatMap { macros(of: $0) } }
        for (k, f) in files.enumerated() where f.path.hasSuffix(".pch") {
            if let m = macros(of: k) { prefix.merge(m) }
        }
        for (k, f) in files.enumerated() {
            let ext = f.path.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if ext == "swift" {
                project.merge(SwiftScanner.scan(path: f.path, bytes: f.bytes))
            } else if objcExtensions.contains(ext) {
                current = f.path
                ctx.settings = fileSettings?(f.path) ?? settings
                definesKey = ctx.settings.definesKey
                var pre = Preprocessor(ctx: ctx, isCPlusPlus: ext == "mm", env: prefix)
                let code = pre.run(lexed(k))
                tokens[k] = nil   // each file's tokens are needed once more at most (as a header)
                if exported[key(k)] == nil && ext == "h" { exported[key(k)] = pre.env }
                project.merge(ObjCScanner.scan(path: f.path, tokens: code, ctx: ctx))
                for fn in ReleasingFunctionScanner.scan(code, path: f.path) where functions[fn.name] == nil { functions[fn.name] = fn }
            }
            project.files.append(f.path)
        }
        project.finish()
        project.resolveCalls(functions)
        return project
    }
}
