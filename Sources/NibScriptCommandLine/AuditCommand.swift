import FileBytes
import Foundation
import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports
import NibAudit

/// `nibscript audit`: its options, and the report it writes in the format asked for.
extension Audit {
    package static func command(_ args: [String]) -> Driver.Result {
        var o = Options()
        var dirs: [String] = []
        var summary = false
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "-h" || a == "--help" { return Driver.Result(status: 0, stdout: SubcommandHelp.text("audit") ?? Driver.help, stderr: "") }
            if ["--platform", "--memory", "--format", "--baseline", "--jobs"].contains(a) {
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
                case "--jobs":
                    guard let n = Int(v), n >= 1 else { return Driver.usage("'--jobs' takes a number of workers, 1 or more") }
                    o.jobs = n
                default: o.baseline = v
                }
                i += 2; continue
            }
            if a == "--strict" { o.strict = true; i += 1; continue }
            if a == "--all-configurations" { o.allConfigurations = true; i += 1; continue }
            if a == "--summary" { summary = true; i += 1; continue }
            if a == "--fix" { o.fix = true; i += 1; continue }
            if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'audit'") }
            dirs.append(a); i += 1
        }
        for d in dirs {
            if let problem = CommandInput.directoryProblem(d) { return CommandInput.failure(problem) }
        }
        if summary {
            guard !dirs.isEmpty else { return Driver.usage("'audit --summary' takes one or more directories") }
            let (text, status) = AuditOutput.summary(dirs: dirs, options: o)
            return Driver.Result(status: status, stdout: text, stderr: "")
        }
        guard dirs.count == 1 else { return Driver.usage("'audit' takes one directory (several with --summary)") }
        o.dir = dirs[0]
        if o.fix {
            let (report, outcome) = AuditFix.run(o)
            var note = "audit --fix: \(outcome.proven.count) of \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s") fixed by this diff, each fix proven by auditing the fixed sources again"
            if !outcome.unproven.isEmpty { note += "; no safe fix found for \(outcome.unproven.count): \(outcome.unproven.joined(separator: ", "))" }
            if !outcome.added.isEmpty { note += "\naudit --fix: fixes set aside because together they made new findings: \(outcome.added.joined(separator: ", "))" }
            // `--fix --format sarif`: the report with each proven fix as SARIF `fixes`, instead of the diff.
            let out = o.format == "sarif" ? AuditOutput.sarif(report, version: Driver.version, fixes: outcome.edits) : outcome.diff
            return Driver.Result(status: report.status, stdout: out, stderr: note + "\n")
        }
        var baseline: Set<String> = []
        if let b = o.baseline {
            guard let data = FileBytes.contents(atPath: b).map({ Data($0) }),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                return Driver.Result(status: 2, stdout: "", stderr: "error: cannot read the baseline '\(b)' (a report written by 'audit --format json')\n")
            }
            for f in json["findings"] as? [[String: Any]] ?? [] {
                if let p = f["fingerprint"] as? String { baseline.insert(p) }
                for p in f["fingerprints"] as? [String] ?? [] { baseline.insert(p) }
            }
        }
        let line = ProgressLine.start("audit", unit: "nibs")
        let progress: (@Sendable (Int, Int) -> Void)? = line.map { l in { @Sendable done, total in l.update(done: done, total: total) } }
        var report = run(o, progress: progress)
        line?.finish()
        let before = report.findings.count
        report.findings.removeAll { $0.fingerprints.contains(where: baseline.contains) }
        report.suppressed = before - report.findings.count
        let out: String
        switch o.format {
        case "json": out = AuditOutput.json(report)
        case "sarif": out = AuditOutput.sarif(report, version: Driver.version)
        default: out = AuditOutput.text(report)
        }
        return Driver.Result(status: report.status, stdout: out, stderr: report.errors.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined())
    }

    /// `ios`, `mac`, `ios5.1`, `ios 6.0`, `ios6`.
    package static func parsePlatform(_ v: String) -> (PlatformName, (Int, Int)?)? {
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
}
