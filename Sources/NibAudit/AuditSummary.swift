import Foundation
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

extension AuditOutput {
    /// `audit --summary DIR…`: one line per project — nibs on disk, audited, listed with a
    /// reason, findings by kind, seconds — and the status of the worst.
    package static func summary(dirs: [String], options: Audit.Options) -> (text: String, status: Int32) {
        var out = ""
        var status: Int32 = 0
        for d in dirs {
            var o = options
            o.dir = d
            let r = Audit.run(o)
            out += summaryLine(r) + "\n"
            status = max(status, r.status)
        }
        return (out, status)
    }

    static func summaryLine(_ r: Audit.Report) -> String {
        let listed = r.nibs.filter { $0.listed || $0.isError }
        var reasons: [String: Int] = [:]
        for n in listed { reasons[reason(n), default: 0] += 1 }
        var kinds: [String] = []
        for k in Audit.Kind.allCases {
            let n = r.findings.filter { $0.kind == k }.count
            if n > 0 { kinds.append("\(n) \(k.id)") }
        }
        let why = reasons.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        return "\(r.dir): \(r.nibsOnDisk) nib\(r.nibsOnDisk == 1 ? "" : "s") on disk, \(r.audited.count) audited"
            + (r.nibs.reduce(0) { $0 + $1.copies.count } > 0 ? " (\(r.nibs.reduce(0) { $0 + $1.copies.count }) localized copies with them)" : "")
            + ", \(listed.count) listed\(why.isEmpty ? "" : " (\(why))")"
            // Entries of the folder left out (links out of it, unreadable folders, long paths).
            + (r.skipped.isEmpty ? "" : ", \(r.skipped.count) other entr\(r.skipped.count == 1 ? "y" : "ies") not read")
            + "; \(r.findings.count) finding\(r.findings.count == 1 ? "" : "s")\(kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")"
            + String(format: "; %.1f s", r.seconds)
    }

    /// The first word of a listed nib's reason: `unused`, `stale`, `skipped`, `compiled`, `not read`.
    static func reason(_ n: Audit.NibResult) -> String {
        guard let p = n.problem else { return "other" }
        if p.hasPrefix("not read") { return "not read" }
        if p.hasPrefix("the classes") { return "not compiled" }
        // "prebuilt: … compiled into the framework's binary" is no compiled nib.
        if p.hasPrefix("prebuilt") { return "prebuilt" }
        if p.contains("compiled") { return "compiled" }
        return String(p.prefix { $0 != ":" })
    }
}
