import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport

/// `nibscript audit DIR`: every Interface Builder file under DIR, matched with the classes
/// read from the sources under DIR, run through a battery of standard scenarios under every
/// configuration that applies; each finding reported once, with its fix.
enum Audit {
    struct Options {
        var dir = ""
        var platform: PlatformName?
        /// `--platform ios6.0`: only that version's configurations.
        var version: (Int, Int)?
        var memory: MemoryModelName?
        var format = "text"
        var baseline: String?
    }

    enum Kind: String, CaseIterable {
        case leak
        case abandoned = "abandoned after a memory warning"
        case dangling = "dangling outlet"
        case zombie = "zombie message"
        case overRelease = "over-release"
        case crash
        var id: String {
            switch self {
            case .leak: return "leak"
            case .abandoned: return "abandoned"
            case .dangling: return "dangling"
            case .zombie: return "zombie"
            case .overRelease: return "over-release"
            case .crash: return "crash"
            }
        }
    }

    struct Place: Hashable, Comparable {
        var file: String
        var line: Int
        var column: Int
        var what: String
        static func < (a: Place, b: Place) -> Bool { (a.file, a.line, a.column, a.what) < (b.file, b.line, b.column, b.what) }
        var text: String { "\(file):\(line):\(column)" }
    }

    struct Finding {
        var kind: Kind
        var rule: String
        var className: String
        /// The outlet or ivar, or nil for an object no outlet holds (a Mac top-level object).
        var member: String?
        var objectDescription: String
        /// The declaration of the member (or the nib object when there is no member).
        var location: Place
        var related: [Place] = []
        var configurations: [String] = []
        var scenarios: [String] = []
        var objects: [String] = []
        var message: String
        var fix: String
        var fingerprint: String { "\(kind.id)|\(className)|\(member ?? objectDescription)" }
    }

    struct NibResult {
        var path: String
        var owner: String?
        var ownerKind: String
        var configurations: [String] = []
        var scenarios = 0
        var problem: String?
        var isError = false
    }

    struct Missing {
        var name: String
        var loadedAs: String
        var places: [String]
    }

    struct Report {
        var dir: String
        var sourceFiles: Int
        var classes: Int
        var nibs: [NibResult] = []
        var missing: [Missing] = []
        /// Outlets of the classes the nibs use that no audited nib connects: a renamed or
        /// wrong connection shows here (`Class`, outlet, its declaration).
        var unconnected: [(className: String, outlet: String, place: Place)] = []
        var findings: [Finding] = []
        var suppressed = 0
        var errors: [String] = []
        var status: Int32 { !errors.isEmpty || nibs.contains(where: \.isError) ? 2 : findings.isEmpty ? 0 : 1 }
    }

    // MARK: Command line

    static func command(_ args: [String]) -> Driver.Result {
        var o = Options()
        var dirs: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "-h" || a == "--help" { return Driver.Result(status: 0, stdout: Driver.help, stderr: "") }
            if ["--platform", "--memory", "--format", "--baseline"].contains(a) {
                guard i + 1 < args.count else { return Driver.usage("'\(a)' needs a value") }
                let v = args[i + 1]
                switch a {
                case "--platform":
                    guard let (p, version) = parsePlatform(v) else { return Driver.usage("'--platform' takes 'ios', 'mac', 'ios5.1' or 'ios6.0'") }
                    o.platform = p; o.version = version
                case "--memory":
                    guard let m = MemoryModelName(rawValue: v), m != .gc else { return Driver.usage("'--memory' takes 'mrc' or 'arc'") }
                    o.memory = m
                case "--format":
                    guard ["text", "json", "sarif"].contains(v) else { return Driver.usage("'--format' takes 'text', 'json' or 'sarif'") }
                    o.format = v
                default: o.baseline = v
                }
                i += 2; continue
            }
            if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'audit'") }
            dirs.append(a); i += 1
        }
        guard dirs.count == 1 else { return Driver.usage("'audit' takes one directory") }
        o.dir = dirs[0]
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: o.dir, isDirectory: &isDir), isDir.boolValue else {
            return Driver.Result(status: 2, stdout: "", stderr: "error: '\(o.dir)' is not a directory\n")
        }
        var baseline: Set<String> = []
        if let b = o.baseline {
            guard let data = FileManager.default.contents(atPath: b),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return Driver.Result(status: 2, stdout: "", stderr: "error: cannot read the baseline '\(b)' (a report written by 'audit --format json')\n")
            }
            for f in json["findings"] as? [[String: Any]] ?? [] { if let p = f["fingerprint"] as? String { baseline.insert(p) } }
        }
        var report = run(o)
        let before = report.findings.count
        report.findings.removeAll { baseline.contains($0.fingerprint) }
        report.suppressed = before - report.findings.count
        let out: String
        switch o.format {
        case "json": out = AuditOutput.json(report)
        case "sarif": out = AuditOutput.sarif(report)
        default: out = AuditOutput.text(report)
        }
        return Driver.Result(status: report.status, stdout: out, stderr: report.errors.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined())
    }

    /// `ios`, `mac`, `ios5.1`, `ios 6.0`, `ios6`.
    static func parsePlatform(_ v: String) -> (PlatformName, (Int, Int)?)? {
        let word = v.prefix { $0.isLetter }
        guard let p = PlatformName(rawValue: String(word)) else { return nil }
        let rest = v.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return (p, nil) }
        let parts = rest.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil, parts.count <= 2, parts.allSatisfy({ $0 != nil }) else { return nil }
        let minor = parts.count == 2 ? parts[1]! : 0
        if p == .ios && !((major, minor) == (5, 1) || (major, minor) == (6, 0)) { return nil }
        if p == .mac && (major, minor) != (10, 7) { return nil }
        return (p, (major, minor))
    }

    // MARK: The audit

    /// Files under `dir`, relative to it, sorted; hidden folders and build products skipped.
    static func files(under dir: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            let last = (p as NSString).lastPathComponent
            if last.hasPrefix(".") || last == "build" || last == "DerivedData" { e.skipDescendants(); continue }
            out.append(p)
        }
        return out.sorted()
    }

    static func run(_ o: Options) -> Report {
        let dir = o.dir.hasSuffix("/") && o.dir.count > 1 ? String(o.dir.dropLast()) : o.dir
        let all = files(under: dir)
        let sourceExts: Set<String> = ["h", "m", "mm", "pch", "swift"]
        let sources = all.filter { sourceExts.contains(($0 as NSString).pathExtension.lowercased()) }
        let nibs = all.filter { ["xib", "storyboard"].contains(($0 as NSString).pathExtension.lowercased()) }
        // `#if`s on the memory model or the platform follow the options when given (both
        // branches, marked, otherwise).
        let settings = ReaderSettings(arc: o.memory.map { $0 == .arc }, platform: o.platform.map { $0 == .ios ? .ios : .mac })
        let (project, errors) = SourceReading.read(paths: sources.map { dir + "/" + $0 }, settings: settings)
        var report = Report(dir: dir, sourceFiles: sources.count, classes: project.classes.count)
        report.errors = errors
        var missing: [String: Missing] = [:]
        var findings: [String: Finding] = [:]
        var order: [String] = []
        // Each nib is audited on its own (its own scripts and engines), on all cores; the
        // results are merged in path order, so the report never depends on thread timing.
        var done = [(NibAuditor, Audit.NibResult)?](repeating: nil, count: nibs.count)
        done.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: nibs.count) { k in
                var auditor = NibAuditor(dir: dir, rel: nibs[k], project: project, options: o)
                let r = auditor.run()
                (base + k).pointee = (auditor, r)
            }
        }
        var used: [String] = []
        var connected: Set<String> = []
        for case let (auditor, _)? in done {
            for c in auditor.classesUsed where !used.contains(c) { used.append(c) }
            connected.formUnion(auditor.connected)
        }
        for c in used.sorted() {
            guard let ic = project[c] else { continue }
            for m in ic.members where m.isOutlet && !connected.contains("\(c).\(m.name)") {
                report.unconnected.append((c, m.name, Place(m.place, base: dir, what: "declaration of '\(m.name)'")))
            }
        }
        for case let (auditor, r)? in done {
            report.nibs.append(r)
            report.errors += auditor.errors
            for m in auditor.missing {
                if var x = missing[m.name] { x.places += m.places; missing[m.name] = x } else { missing[m.name] = m }
            }
            for f in auditor.findings {
                if var x = findings[f.fingerprint] {
                    for c in f.configurations where !x.configurations.contains(c) { x.configurations.append(c) }
                    for s in f.scenarios where !x.scenarios.contains(s) { x.scenarios.append(s) }
                    for p in f.related where !x.related.contains(p) { x.related.append(p) }
                    for ob in f.objects where !x.objects.contains(ob) { x.objects.append(ob) }
                    findings[f.fingerprint] = x
                } else { findings[f.fingerprint] = f; order.append(f.fingerprint) }
            }
        }
        report.missing = missing.values.sorted { $0.name < $1.name }
        let configOrder = ["mac 10.7 mrc", "mac 10.7 arc", "ios 5.1 mrc", "ios 5.1 arc", "ios 6.0 mrc", "ios 6.0 arc"]
        report.findings = order.map { k in
            var f = findings[k]!
            f.configurations.sort { (configOrder.firstIndex(of: $0) ?? 99) < (configOrder.firstIndex(of: $1) ?? 99) }
            f.related.sort()
            return f
        }.sorted { ($0.location, $0.kind.id) < ($1.location, $1.kind.id) }
        return report
    }
}

extension Audit.Place {
    init(_ p: SourcePlace, base: String, what: String) {
        var f = p.file
        if f.hasPrefix(base + "/") { f = String(f.dropFirst(base.count + 1)) }
        self.init(file: f, line: p.line, column: p.column, what: what)
    }
}
