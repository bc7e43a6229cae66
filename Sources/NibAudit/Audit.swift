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
        package init() {}
        package var dir = ""
        package var platform: PlatformName?
        /// `--platform ios6.0`: only that version's configurations.
        package var version: (Int, Int)?
        package var memory: MemoryModelName?
        package var format = "text"
        package var baseline: String?
        /// `--strict`: a nib not audited makes the status 2.
        package var strict = false
        /// `--all-configurations`: every build configuration of the project, not only the shipped one.
        package var allConfigurations = false
        /// `--fix`: print the proven fixes as one unified diff.
        package var fix = false
        /// `--jobs N`: nibs audited at once, one worker thread each; nil: one per core. The
        /// output is the same for any number (the results are merged in path order).
        package var jobs: Int?
    }

    package enum Kind: String, CaseIterable {
        case leak
        case abandoned = "abandoned after a memory warning"
        case dangling = "dangling outlet"
        case zombie = "zombie message"
        case overRelease = "over-release"
        case crash
        case cycle = "retain cycle"
        var id: String {
            switch self {
            case .leak: return "leak"
            case .abandoned: return "abandoned"
            case .dangling: return "dangling"
            case .zombie: return "zombie"
            case .overRelease: return "over-release"
            case .crash: return "crash"
            case .cycle: return "cycle"
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

    /// An object a finding is about, as the JSON names it: its class, its name (the nib's
    /// name for it, or the member's for one made in code; empty for one kept nowhere), where
    /// it comes from (the nib file, or the source line that makes it), and the text's words.
    package struct Object: Equatable {
        var className: String
        var name: String
        var origin: String
        var text: String

        init(className: String, name: String, origin: String, text: String? = nil) {
            self.className = className
            self.name = name
            self.origin = origin
            self.text = text ?? "\(className) \(name) (\(origin))"
        }
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
        var objects: [Object] = []
        var message: String
        var fix: String
        /// The same defect seen another way (an outlet that leaks is also abandoned after a
        /// warning): one finding, its consequences listed, each with its own fingerprint.
        var consequences: [Finding] = []
        /// "low" when the finding depends on a statement the reader did not understand
        /// (AuditConfidence), with the reason; nil otherwise.
        var confidence: String?
        var confidenceReason: String?
        /// A dangling member that is no IBOutlet (an ivar the code fills): "dangling
        /// reference", as the engine's findings say; "dangling outlet" is for outlets only.
        var notOutlet = false
        /// The words the text output heads the finding with (the fingerprint keeps `kind.id`).
        var label: String { kind == .dangling && notOutlet ? "dangling reference" : kind.rawValue }
        /// A member's finding is the member's; an object no member holds is the object's in its
        /// nib (two nibs with the same owner class and a top-level view are two defects).
        package var fingerprint: String {
            "\(kind.id)|\(className)|\(member ?? objectDescription)" + (member == nil ? "|\(location.file)" : "")
        }
        /// Every fingerprint the finding answers to, for `--baseline`: old baselines recorded
        /// the consequences as findings of their own, and top-level objects without their nib.
        package var fingerprints: [String] {
            [fingerprint] + (member == nil ? ["\(kind.id)|\(className)|\(objectDescription)"] : []) + consequences.flatMap(\.fingerprints)
        }
    }

    /// One finding per defect: a member that leaks and is abandoned after a memory warning is
    /// one missing release (in `dealloc` and in `viewDidUnload`); the abandonment becomes a
    /// consequence of the leak, and the fix names both places.
    static func oneFindingPerDefect(_ fs: [Finding]) -> [Finding] {
        var out: [Finding] = []
        // Where each leak and abandonment of a member is in `out`, in order: the first one is
        // what a search of `out` from its start found (that search made this quadratic:
        // 8 % of the audit of 1,000 nibs, issue 27).
        struct Key: Hashable { var kind: Kind; var className: String; var member: String }
        var places: [Key: [Int]] = [:]
        for f in fs {
            if f.kind == .abandoned, let m = f.member, let k = places[Key(kind: .leak, className: f.className, member: m)]?.first {
                out[k].consequences.append(f)
                continue
            }
            if f.kind == .leak, let m = f.member, let k = places[Key(kind: .abandoned, className: f.className, member: m)]?.first {
                var merged = f
                merged.consequences.append(out[k])
                out[k] = merged
                places[Key(kind: .abandoned, className: f.className, member: m)]!.removeFirst()
                let leaks = Key(kind: .leak, className: f.className, member: m)
                places[leaks, default: []].insert(k, at: places[leaks, default: []].firstIndex { $0 > k } ?? places[leaks, default: []].count)
                continue
            }
            if let m = f.member, f.kind == .leak || f.kind == .abandoned {
                places[Key(kind: f.kind, className: f.className, member: m), default: []].append(out.count)
            }
            out.append(f)
        }
        for k in out.indices where !out[k].consequences.isEmpty {
            for c in out[k].consequences {
                for x in c.configurations where !out[k].configurations.contains(x) { out[k].configurations.append(x) }
                for p in c.related where !out[k].related.contains(p) { out[k].related.append(p) }
                out[k].related.sort()
                // The leak's own fix is the release in `dealloc`: the abandoned one's words about it go.
                let also = c.fix.replacingOccurrences(of: ", and keep the release in `dealloc`", with: "")
                    .replacingOccurrences(of: #", and release it in `dealloc` too \(`[^`]*`\), which does not"#, with: "", options: .regularExpression)
                // A fix that already releases in `viewDidUnload` covers the abandonment too.
                if !out[k].fix.contains("viewDidUnload") && !also.isEmpty { out[k].fix += "; and " + also }
            }
            let configOrder = ["mac 10.7 mrc", "mac 10.7 arc", "ios 5.1 mrc", "ios 5.1 arc", "ios 6.0 mrc", "ios 6.0 arc"]
            out[k].configurations.sort { (configOrder.firstIndex(of: $0) ?? 99) < (configOrder.firstIndex(of: $1) ?? 99) }
        }
        return out
    }

    package struct NibResult {
        var path: String
        var owner: String?
        var ownerKind: String
        var configurations: [String] = []
        var scenarios = 0
        var problem: String?
        var isError = false
        /// Not audited, with the reason in `problem` (unreadable, skipped, unused, stale).
        var listed = false
        /// Localized copies of this nib, audited as this one.
        var copies: [String] = []
        /// Where the sources load it, or what loads it (`Info.plist main nib`, `NSPreferencePane`).
        var loadedBy: [String] = []
        /// Why the battery is the one it is, and what was assumed (classes not in the sources).
        var notes: [String] = []
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
        /// Entries of the folder not read (a link out of it, an unreadable folder, a path
        /// over PATH_MAX), with the reason: listed in every format.
        package var skipped: [FolderWalk.Skipped] = []
        /// Where the settings came from (the project file), or what was guessed without one.
        var settings: [String] = []
        var strict = false
        var seconds = 0.0
        /// Nib files on disk (localized copies counted).
        var nibsOnDisk: Int { nibs.reduce(0) { $0 + 1 + $1.copies.count } }
        var audited: [NibResult] { nibs.filter { !$0.listed && !$0.isError } }
        /// 2 only when not one nib could be audited (or, with `--strict`, when any was not).
        package var status: Int32 {
            // Unread: a nib that failed to read or compile, or a compiled nib (listed: it cannot
            // be read). Unused, stale and skipped nibs are accounted for, not unread.
            let unread = nibs.contains { $0.isError || $0.listed && $0.problem?.contains("compiled") == true }
            if unread && audited.isEmpty { return 2 }
            if strict && unread { return 2 }
            return findings.isEmpty ? 0 : 1
        }
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

    /// What every nib's audit shares: the classes, the loads, the project's settings.
    package struct Context {
        var project: ImportedProject
        var loaders: NibLoaders
        var settings: ProjectSettings
        var options: Options
        /// Names of every nib on disk (a nib another nib names is loaded by it).
        var nibNames: Set<String>
        /// The file the audit reads for each nib name (R3: a second nib a method loads).
        var nibPaths: [String: String] = [:]
        /// B10: who sends what to a closing object (NibAuditorClosing.swift).
        var teardownSenders: [String: [NibAuditor.TeardownSender]] = [:]
        /// L18: owners made once by an app-lifetime object and kept, with why.
        var appLifetime: [String: String] = [:]
        /// Classes whose compiled code loads a nib by any call (L4: an owner that loads none).
        var nibLoadingClasses: Set<String> = []
        /// Every string literal as written, in comments and dead code too (L4).
        var writtenLiterals: Set<String> = []
    }

    /// `progress`: called with the nibs audited and their number, from any thread.
    package static func run(_ o: Options, progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> Report {
        let start = Date()
        let dir = o.dir.hasSuffix("/") && o.dir.count > 1 ? String(o.dir.dropLast()) : o.dir
        // Only what is inside the folder, and a word for everything left out (item 5).
        let walk = FolderWalk(dir: dir)
        let all = walk.files
        let sourceExts: Set<String> = ["h", "m", "mm", "pch", "swift"]
        let sources = all.filter { sourceExts.contains(($0 as NSString).pathExtension.lowercased()) && !$0.contains(".nib/") }
        let inventory = NibInventory(dir: dir, files: all)
        let settings = ProjectSettings(dir: dir, files: all, allConfigurations: o.allConfigurations)
        // `#if`s on the memory model or the platform follow the options when given, else the
        // project's platform; undecided ones are read both ways, marked.
        let projectPlatform: SourcePlatform? = settings.iosDeployment != nil && settings.macDeployment == nil ? .ios
            : settings.macDeployment != nil && settings.iosDeployment == nil ? .mac : nil
        let readerSettings = ReaderSettings(arc: o.memory.map { $0 == .arc },
                                            platform: o.platform.map { $0 == .ios ? .ios : .mac } ?? projectPlatform)
        // Each file with the defines of the builds that compile it (a header: those of the
        // file importing it); a file no target builds, with none known.
        let fileDefines = settings.fileDefines
        let (project, errors) = SourceReading.read(paths: sources.map { dir + "/" + $0 }, settings: readerSettings) { path in
            guard path.hasPrefix(dir + "/"), let d = fileDefines[String(path.dropFirst(dir.count + 1))] else { return nil }
            var s = readerSettings
            s.defines = d.defines
            s.buildDefinesKnown = d.complete
            return s
        }
        var loaders = NibLoaders(files: sources.filter { !$0.hasSuffix(".h") && !$0.hasSuffix(".pch") }.map { dir + "/" + $0 }, base: dir,
                                 superclasses: Dictionary(project.classes.compactMap { c in c.superclass.map { (c.name, $0) } }, uniquingKeysWith: { a, _ in a }))
        // Nibs a view controller archived in another nib names as its view's (L11).
        let named = NibLoaders.namedByNibs(dir: dir, nibs: inventory.entries.filter { $0.unreadable == nil && !$0.compiled }.map(\.path))
        loaders.loads += named
        for l in named { loaders.strings.insert(l.name) }
        // Shared instances are declared in headers too (L10); the loaders read the rest.
        loaders.sharedClasses.formUnion(NibLoaders.sharedClasses(files: sources.filter { $0.hasSuffix(".h") || $0.hasSuffix(".pch") }.map { dir + "/" + $0 }))
        var report = Report(dir: dir, sourceFiles: sources.count, classes: project.classes.count)
        report.errors = errors
        report.skipped = walk.skipped
        report.strict = o.strict
        report.settings = settingsLines(settings, o)
        let code = loaders.codeTexts
        var context = Context(project: project, loaders: loaders, settings: settings, options: o,
                              nibNames: Set(inventory.entries.map(\.name)),
                              nibPaths: Dictionary(inventory.entries.filter { $0.unreadable == nil }.map { ($0.name, $0.path) }, uniquingKeysWith: { a, _ in a }),
                              teardownSenders: NibAuditor.teardownSenders(project: project))
        context.nibLoadingClasses = NibLoaders.nibLoadingClasses(code: code)
        context.writtenLiterals = loaders.writtenLiterals
        var missing: [String: Missing] = [:]
        var findings: [String: Finding] = [:]
        var order: [String] = []
        // Each nib is audited on its own (its own scripts and engines), on all cores; the
        // results are merged in path order, so the report never depends on thread timing.
        let entries = inventory.entries
        var done = [(NibAuditor, Audit.NibResult)?](repeating: nil, count: entries.count)
        let finished = FinishedCount()
        let taken = FinishedCount()
        let jobs = max(1, min(o.jobs ?? ProcessInfo.processInfo.activeProcessorCount, entries.count))
        done.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            // `jobs` workers, each taking the next nib not yet taken until none is left: nibs
            // differ in size, so a fixed share each would leave a worker idle at the end.
            DispatchQueue.concurrentPerform(iterations: jobs) { _ in
                while true {
                    let k = taken.increment() - 1
                    guard k < entries.count else { break }
                    var auditor = NibAuditor(dir: dir, entry: entries[k], context: context)
                    let r = auditor.run()
                    (base + k).pointee = (auditor, r)
                    if let progress { progress(finished.increment(), entries.count) }
                }
            }
        }
        // L18: owners made once by an object kept for the application's life, known once the
        // main nibs are read; their nibs are audited again, kept (AppLifetimeOwners.swift).
        var firstMain: [String: String] = [:]
        for case let (auditor, _)? in done { firstMain.merge(auditor.mainNibClasses) { a, _ in a } }
        let kept = Audit.appLifetimeOwners(project: project, sharedClasses: loaders.sharedClasses, mainNibClasses: firstMain, code: code)
        if !kept.isEmpty {
            var keptContext = context
            keptContext.appLifetime = kept
            for k in entries.indices {
                guard let (_, r) = done[k], let o = r.owner, kept[o] != nil, !r.listed else { continue }
                var auditor = NibAuditor(dir: dir, entry: entries[k], context: keptContext)
                let again = auditor.run()  // (run first: the auditor is a value, and keeps what the run found)
                done[k] = (auditor, again)
            }
        }
        // A set: an array searched for each class was quadratic in the project's classes.
        var used: Set<String> = []
        var connected: Set<String> = []
        for case let (auditor, _)? in done {
            used.formUnion(auditor.classesUsed)
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
                    for c in f.consequences {
                        if let i = x.consequences.firstIndex(where: { $0.fingerprint == c.fingerprint }) {
                            for k in c.configurations where !x.consequences[i].configurations.contains(k) { x.consequences[i].configurations.append(k) }
                            for s in c.scenarios where !x.consequences[i].scenarios.contains(s) { x.consequences[i].scenarios.append(s) }
                        } else { x.consequences.append(c) }
                    }
                    findings[f.fingerprint] = x
                } else { findings[f.fingerprint] = f; order.append(f.fingerprint) }
            }
        }
        report.missing = missing.values.sorted { $0.name < $1.name }
        report.seconds = Date().timeIntervalSince(start)
        let configOrder = ["mac 10.7 mrc", "mac 10.7 arc", "ios 5.1 mrc", "ios 5.1 arc", "ios 6.0 mrc", "ios 6.0 arc"]
        report.findings = order.map { k in
            var f = findings[k]!
            f.configurations.sort { (configOrder.firstIndex(of: $0) ?? 99) < (configOrder.firstIndex(of: $1) ?? 99) }
            f.related.sort()
            return f
        }.sorted { ($0.location, $0.kind.id) < ($1.location, $1.kind.id) }
        report.findings = oneFindingPerDefect(report.findings)
        var mainNibClasses: [String: String] = [:]
        for case let (auditor, _)? in done { mainNibClasses.merge(auditor.mainNibClasses) { a, _ in a } }
        Audit.neverDeallocated(&report.findings, mainNibClasses: mainNibClasses)
        AuditHandOver.drop(&report.findings, project: project)  // B13
        AuditConfidence.mark(&report.findings, project: project, dir: dir)
        return report
    }
}

extension Audit {
    /// Where the audit's platform versions and memory models come from.
    static func settingsLines(_ s: ProjectSettings, _ o: Options) -> [String] {
        var out: [String] = []
        if s.found {
            out.append("read from the project file\(s.targets.count == 1 ? "" : "s") (\(s.targets.count) target\(s.targets.count == 1 ? "" : "s")):")
            out += s.notes.map { "  " + $0 }
            if let (v, origin) = s.iosDeployment {
                out.append("  iOS deployment target \(v.0).\(v.1) (\(origin)): " + (v.0 >= 6 ? "iOS 6.0 only (views never unload)" : "iOS 5.1 and 6.0"))
            }
            for (name, origin) in s.mainNibs.sorted(by: { $0.key < $1.key }) { out.append("  main nib \(name) (\(origin))") }
            for (name, origin) in s.launchScreens.sorted(by: { $0.key < $1.key }) { out.append("  launch screen \(name) (\(origin))") }
        } else {
            out.append("no Xcode project file: guessing the settings — each nib's platform from the nib, iOS 5.1 and 6.0 (an older deployment target), the memory model from the code (MRC where it releases by hand, ARC where it declares strong or weak and never does), main nibs from their File's Owner and their Application connections")
        }
        out += s.problems.map { "  not read: " + $0 }
        if let p = o.platform { out.append("--platform \(p.rawValue)\(o.version.map { "\($0.0).\($0.1)" } ?? ""): overrides the platform and version") }
        if let m = o.memory { out.append("--memory \(m.rawValue): overrides the memory model of every file") }
        return out
    }
}

extension Audit.Place {
    init(_ p: SourcePlace, base: String, what: String) {
        var f = p.file
        if f.hasPrefix(base + "/") { f = String(f.dropFirst(base.count + 1)) }
        self.init(file: f, line: p.line, column: p.column, what: what)
    }
}

/// How many nibs the workers have finished (for the progress line), or taken.
private final class FinishedCount: @unchecked Sendable {
    private var n = 0
    private let lock = NSLock()
    func increment() -> Int { lock.lock(); defer { lock.unlock() }; n += 1; return n }
}
