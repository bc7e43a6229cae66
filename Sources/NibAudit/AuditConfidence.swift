import Foundation
import SourceImport

/// How much a finding depends on what the reader did not understand. A leak whose `dealloc`
/// mentions the member in a statement the reader skipped (`[_x release], _x = nil;`, a
/// macro such as `TT_RELEASE_SAFELY(_x)`), an abandonment whose `viewDidUnload` does, an
/// over-release of a member whose hand-written setter was not read whole: the finding may
/// be the reader's mistake, and says so, with the statement.
enum AuditConfidence {
    /// The body of a method from its first line to its closing brace, in `code`: the file's
    /// lines with comments, strings and `#if 0` blocks blanked (`SourceLines.code`, so a
    /// `/* … */` over several lines is blanked too; line numbers still count).
    static func body(_ m: ImportedMethod, code: [String]) -> [(Int, String)] {
        guard m.place.line >= 1, m.place.line <= code.count else { return [] }
        var out: [(Int, String)] = []
        var depth = 0
        var opened = false
        for n in (m.place.line - 1)..<min(code.count, m.place.line + 400) {
            let l = code[n]
            for c in l { if c == "{" { depth += 1; opened = true } else if c == "}" { depth -= 1 } }
            out.append((n + 1, l))
            if opened && depth <= 0 { break }
        }
        return out
    }

    /// The first line of `m` that names the member but holds no statement the reader kept,
    /// with its text as written (`raw`).
    static func unread(_ m: ImportedMethod, member: ImportedMember, code: [String], raw: [String]) -> (Int, String)? {
        let names = Set([member.name, member.ivarName])
        let kept = Set(m.statements.map(\.place.line))
        for (n, l) in body(m, code: code).dropFirst() where !kept.contains(n) {
            let words = l.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
            if words.contains(where: names.contains), n <= raw.count { return (n, raw[n - 1].trimmingCharacters(in: .whitespaces)) }
        }
        return nil
    }

    /// Marks the findings that depend on an unread statement.
    static func mark(_ findings: inout [Audit.Finding], project: ImportedProject, dir: String) {
        let lines = SourceLines()
        func at(_ m: ImportedMethod, _ n: Int) -> String { "\(m.place.fileName):\(n)" }
        for k in findings.indices {
            let f = findings[k]
            // A class read under an `#if` the reader could not decide may not be in the build
            // at all (tunnelblick's `#ifdef INCLUDE_VPNSERVICE`, commented out in defines.h).
            if let c = project[f.className], !c.conditions.isEmpty {
                findings[k].confidence = "low"
                findings[k].confidenceReason = "\(c.name) is declared under \(c.conditions.map { "`\($0)`" }.joined(separator: ", ")), which the reader could not decide (the build's defines are not known): if the build leaves it out, there is no such defect"
            }
            guard let name = f.member, let c = project[f.className], let m = c.member(forIvarOrName: name) else { continue }
            var reasons: [String] = findings[k].confidenceReason.map { [$0] } ?? []
            let kinds = [f.kind] + f.consequences.map(\.kind)
            if kinds.contains(.leak), let d = c.method("dealloc"), let (n, text) = unread(d, member: m, code: lines.code(d.place.file), raw: lines(d.place.file)) {
                reasons.append("`dealloc` names `\(name)` in a statement the reader did not understand (\(at(d, n)): `\(text)`)")
            }
            if kinds.contains(.abandoned), let u = c.method("viewDidUnload"), let (n, text) = unread(u, member: m, code: lines.code(u.place.file), raw: lines(u.place.file)) {
                reasons.append("`viewDidUnload` names `\(name)` in a statement the reader did not understand (\(at(u, n)): `\(text)`)")
            }
            // R1: a `dealloc` release under a condition the audit could not evaluate was taken
            // as happening; on the other path the finding may be wrong.
            for (s, bs) in ConditionalReleases.unevaluatedReleases(of: m, in: c, project: project) {
                let conds = bs.map { "`\($0.description)`" }.joined(separator: ", ")
                reasons.append("`dealloc` releases `\(name)` only \(conds) (\(s.place.fileName):\(s.place.line): `\(s.text)`), a condition the audit cannot evaluate: taken as released (R1)")
            }
            if kinds.contains(.overRelease) || kinds.contains(.zombie) {
                let setter = "set" + name.prefix(1).uppercased() + name.dropFirst() + ":"
                if let s = c.method(setter), s.skipped > 0 {
                    reasons.append("its setter `\(setter)` (\(s.place.fileName):\(s.place.line)) was not read whole: if it retains, the nib's store is retained and the release is right")
                }
            }
            if !reasons.isEmpty {
                findings[k].confidence = "low"
                findings[k].confidenceReason = reasons.joined(separator: "; ")
            }
        }
    }
}
