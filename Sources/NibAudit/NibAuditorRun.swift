import Foundation
import InterfaceBuilder
import NibScriptSyntax
import OwnershipEngine
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

extension NibAuditor {
    /// Class prefixes of Apple's frameworks (a class so named that the sources do not define
    /// is the framework's, not a stale name).
    static let applePrefixes = ["NS", "UI", "AM", "AB", "AV", "CA", "CI", "CL", "EK", "GK", "IK", "MK", "PDF", "QC", "QL", "SK", "WK", "Web", "DOM", "OSA", "SF", "SB"]

    /// Automator's action classes (the catalogue has none): an action loads its bundle's
    /// `main.nib` itself, with itself as File's Owner, and keeps and releases the nib's
    /// top-level objects as an NSViewController does its nib's — whether or not the nib
    /// connects its `view` outlet (a compiled action's often does not).
    static let automatorActions: Set<String> = ["AMAction", "AMBundleAction", "AMAppleScriptAction", "AMShellScriptAction"]

    /// Whether `name` is `ancestor` or inherits from it, through the sources' classes and the catalogue's.
    func isKind(_ name: String, of ancestor: String, platform: PlatformName) -> Bool {
        let builtin = Catalogue.classes(for: platform)
        var k: String? = name
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if n == ancestor { return true }
            k = project[n]?.superclass ?? builtin.first { $0.name == n }?.superclass
        }
        return false
    }

    /// Whether the sources define `name` (an `@interface Name : Super` or a Swift class), not
    /// only add to it (a category or class extension has no superclass of its own).
    func defines(_ name: String) -> Bool {
        guard let c = project[name] else { return false }
        return c.superclass != nil || c.language == .swift
    }

    /// Whether `name` is NSDocument or a subclass of it the sources define.
    func isDocument(_ name: String) -> Bool {
        var k: String? = name
        var seen = Set<String>()
        while let n = k, seen.insert(n).inserted {
            if n == "NSDocument" || n == "NSPersistentDocument" { return true }
            k = project[n]?.superclass
        }
        return false
    }

    /// Audits one nib, phase by phase; a phase that returns false has listed the nib (or
    /// failed it) in `result` and nothing more runs.
    mutating func run() -> Audit.NibResult {
        var result = Audit.NibResult(path: entry.displayPath, owner: nil, ownerKind: "")
        result.copies = entry.copies
        guard let (doc, platform) = readDocument(&result) else { return result }
        var nib = NibRun(result: result, firstFinding: findings.count, doc: doc, platform: platform)
        guard findOwner(&nib) else { return nib.result }
        collectClasses(&nib)
        chooseModel(&nib)
        guard buildBatteries(&nib), chooseConfigurations(&nib) else { return nib.result }
        addSteps(&nib)
        guard runConfigurations(&nib) else { return nib.result }
        mergeFindings(&nib)
        return nib.result
    }

    /// Phase: the file read, and the nibs this audit does not run (unreadable, another
    /// platform than `--platform` asks for, a Mac storyboard) listed with their reason.
    mutating func readDocument(_ result: inout Audit.NibResult) -> (IBDocument, PlatformName)? {
        if let why = entry.unreadable { result.problem = why; result.listed = true; return nil }
        let doc: IBDocument
        switch IBReader.read(path: path, displayPath: rel) {
        case .success(let d): doc = d
        case .failure(let f):
            result.problem = "not read: " + (f.diagnostics.first.map { $0.message } ?? "\(f)")
            // A window of each line, up to the error limit (see `IBDiagnosticText`).
            let onlyErrors = IBReadFailure(diagnostics: f.errors)
            errors += IBDiagnosticText.format(onlyErrors, sourcePath: path, shownPath: path)
            result.isError = true
            return nil
        }
        let platform: PlatformName = doc.platform == .ios ? .ios : .mac
        if let p = options.platform, p != platform {
            result.problem = "skipped: a \(doc.platform.displayName) document (--platform \(p.rawValue))"
            result.listed = true
            return nil
        }
        if doc.kind == .storyboard && platform == .mac {
            result.problem = "skipped: Mac storyboards are not audited yet (check their scenes with 'nib … from \"File.storyboard#Scene\"' in a script)"
            result.listed = true
            return nil
        }
        return (doc, platform)
    }

    /// Compiles the script; a line the checker refuses (a reading limit: a statement about
    /// something the script cannot name) is left out and the compile tried again, so one
    /// line never drops the nib; the nib's notes say which lines were left out.
    mutating func compile(_ text: String, config: Configuration, result: inout Audit.NibResult) -> Program? {
        var lines = text.components(separatedBy: "\n")
        var left: [String] = []
        if ProcessInfo.processInfo.environment["NIBSCRIPT_AUDIT_DEBUG_SCRIPT"] != nil { FileHandle.standardError.write(Data(text.utf8)) }
        for _ in 0..<40 {
            let file = SourceFile(path: "audit of \(rel).nibscript", bytes: Array(lines.joined(separator: "\n").utf8))
            let (program, diagnostics) = Compiler.compile(file, override: config)
            if let program {
                if !left.isEmpty {
                    let note = "\(left.count) line\(left.count == 1 ? "" : "s") of the classes read from the sources left out (a reading limit): "
                        + left.prefix(3).joined(separator: "; ") + (left.count > 3 ? "; …" : "")
                    if !result.notes.contains(note) { result.notes.append(note) }
                }
                return program
            }
            let errs = diagnostics.filter { $0.severity == .error }
            // Only statement and member lines can go: a class or nib line is a real failure.
            let bad = Set(errs.compactMap { d -> Int? in
                let n = file.location(of: d.range.start).line - 1
                guard n >= 0, n < lines.count else { return nil }
                let l = lines[n].trimmingCharacters(in: .whitespaces)
                if l.hasPrefix("class ") || l.hasPrefix("nib ") || l.hasPrefix("scenario ") || l == "}" || l.hasSuffix("{") || l.contains("{    #") { return nil }
                return n
            })
            if bad.isEmpty || bad.count < Set(errs.map { file.location(of: $0.range.start).line }).count {
                result.problem = "the classes read from the sources do not compile (a reading limit: please report it)"
                errors.append(DiagnosticFormatter.format(errs, in: file))
                result.isError = true
                return nil
            }
            for n in bad.sorted(by: >) {
                left.append(lines[n].trimmingCharacters(in: .whitespaces).components(separatedBy: "    #").first ?? "")
                lines[n] = "# left out: " + lines[n].trimmingCharacters(in: .whitespaces)
            }
        }
        result.problem = "the classes read from the sources do not compile (a reading limit: please report it)"
        result.isError = true
        return nil
    }
}

/// One nib's audit as it goes through the phases of `run()`: what each phase found that a
/// later one needs (the owner and its kind, the classes, the memory model, the batteries,
/// the configurations, the steps' scenarios). A value: each phase takes it `inout`.
struct NibRun {
    var result: Audit.NibResult
    /// The index of the nib's first finding in the auditor's list.
    var firstFinding: Int
    var doc: IBDocument
    var platform: PlatformName
    var catalogue: Set<String> = []
    var ownerIndex: Int?
    var ownerObject: IBObject?
    var ownerClass = "NSObject"
    var loads: [NibLoaders.Load] = []
    var mainByPlist: String?
    var isMain = false
    var renamedOwner: String?
    var formerOwner: String?
    var stubs: [NibAuditor.Stub] = []
    var needed: [String] = []
    var assumed: [String: String] = [:]
    var extraOwners: [String] = []
    var involved: [ImportedClass] = []
    var memory: MemoryModelName = .mrc
    var kind: NibAuditor.OwnerKind = .plain
    var scriptOwner = ""
    var ownerDecl = ""
    var nibName = ""
    var nibPath = ""
    var units: [(decl: String, scenarios: [(String, [String])], owner: String)] = []
    var arc = false
    var taken: Set<String> = []
    var cvar = "c"
    var unbalanced: NibLoaders.TopLevelLoad?
    var keptShared = false
    var naming: [String: (reason: String, fix: String)] = [:]
    var conditional: [String: [String: String]] = [:]
    /// Controllers the application keeps for its life (the main storyboard's initial one).
    var appLifetime: [String: String] = [:]
    var closing: NibAuditor.Closing?
    var hooks: [String] = []
    var configs: [Configuration] = []
    var names: [String?] = []
    var declared: Set<String> = []
    var entries: [String: [String]] = [:]
    var callbacks: Set<String> = []
    var closable: Set<String> = []
    var stepTitles: Set<String> = []
    var releasedTitles: Set<String> = []
    var stepMethod: [String: (String, String)] = [:]
    var reloadTitles: Set<String> = []
    var baseDangling: Set<String> = []
    var plainEnd: [String]?

    init(result: Audit.NibResult, firstFinding: Int, doc: IBDocument, platform: PlatformName) {
        self.result = result; self.firstFinding = firstFinding; self.doc = doc; self.platform = platform
    }
}
