import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// `nibscript audit DIR`: every Interface Builder file under DIR, matched with the classes
/// read from the sources under DIR, run through a battery of standard scenarios under every
/// configuration that applies; each finding reported once, with its fix.
package enum Audit {
    package struct Options {
        package var dir = ""
        package var platform: PlatformName?
        /// `--platform ios6.0`: only that version's configurations.
        package var version: (Int, Int)?
        package var memory: MemoryModelName?
        package var format = "text"
        package var baseline: String?

        package init() {}
    }

    package enum Kind: String, CaseIterable {
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

    package struct Place: Hashable, Comparable {
        var file: String
        var line: Int
        var column: Int
        var what: String
        package static func < (a: Place, b: Place) -> Bool { (a.file, a.line, a.column, a.what) < (b.file, b.line, b.column, b.what) }
        var text: String { "\(file):\(line):\(column)" }
    }

    package struct Finding {
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
        package var fingerprint: String { "\(kind.id)|\(className)|\(member ?? objectDescription)" }
    }

    package struct NibResult {
        var path: String
        var owner: String?
        var ownerKind: String
        var configurations: [String] = []
        var scenarios = 0
        var problem: String?
        var isError = false
    }

    package struct Missing {
        var name: String
        var loadedAs: String
        var places: [String]
    }

    package struct Report {
        var dir: String
        var sourceFiles: Int
        var classes: Int
        var nibs: [NibResult] = []
        var missing: [Missing] = []
        /// Outlets of the classes the nibs use that no audited nib connects: a renamed or
        /// wrong connection shows here (`Class`, outlet, its declaration).
        var unconnected: [(className: String, outlet: String, place: Place)] = []
        package var findings: [Finding] = []
        package var suppressed = 0
        package var errors: [String] = []
        package var status: Int32 { !errors.isEmpty || nibs.contains(where: \.isError) ? 2 : findings.isEmpty ? 0 : 1 }
    }

    // MARK: The audit

    /// Files under `dir`, relative to it, sorted; hidden folders and build products skipped.
    package static func files(under dir: String) -> [String] {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return [] }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            let last = (p as NSString).lastPathComponent
            if last.hasPrefix(".") || last == "build" || last == "DerivedData" { e.skipDescendants(); continue }
            out.append(p)
        }
        return out.sorted()
    }

    package static func run(_ o: Options) -> Report {
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
    package init(_ p: SourcePlace, base: String, what: String) {
        var f = p.file
        if f.hasPrefix(base + "/") { f = String(f.dropFirst(base.count + 1)) }
        self.init(file: f, line: p.line, column: p.column, what: what)
    }
}
