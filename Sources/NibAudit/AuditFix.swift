import Foundation
import SourceImport
import CocoaSimulator
import NibScriptInterpreter
import NibScriptExplore
import NibScriptReports

/// Fixes as edits of the sources, proven by auditing the fixed sources again (`audit --fix`):
/// a fix is printed only when the re-audit no longer reports its finding and reports
/// nothing new. The edits are the ones a reviewer would write, right for the file's memory
/// model: under MRC a release before `[super dealloc]` (or a `dealloc` made for it), a nil in
/// `viewDidUnload` (or one made for it), an over-release deleted; a reference back to the
/// owner declared weak (ARC) or assign (MRC). Under ARC no `release` and no `dealloc` body.
package enum AuditFix {
    /// Replace `delete` lines at `line` (1-based, of the original file) with `insert`.
    package struct Edit: Equatable {
        var file: String
        var line: Int
        var delete: Int
        var insert: [String]
    }

    package struct Outcome {
        package var diff: String
        package var proven: [String]
        package var unproven: [String]
        /// Findings a combination of fixes added (why those fixes were set aside).
        package var added: [String] = []
        /// The proven edits of each fixed finding, by fingerprint (SARIF `fixes`).
        package var edits: [String: [Edit]] = [:]
    }

    // MARK: Edits for one finding

    static func edits(for f: Audit.Finding, project: ImportedProject, dir: String, lines: (String) -> [String]) -> [Edit]? {
        guard let cls = project[f.className], let name = f.member, let m = cls.member(forIvarOrName: name),
              !f.fix.contains(Audit.neverRuns) else { return nil }
        // R6's fix is a name, and R4's, when another method gives the object back, a change
        // of that path as well: neither is an edit to write blind (grammar.md, R4 and R6).
        if f.rule.contains("R6") || (f.rule.contains("R4") && f.confidence == "low") { return nil }
        let arc = f.configurations.allSatisfy { $0.hasSuffix("arc") }
        let ivar = m.ivarName
        switch f.kind {
        case .cycle:
            return weaken(m, arc: arc, lines: lines)
        case .leak where !arc && f.rule.contains("V12"):
            return madeObjectEdits(f, cls, m, project: project, lines: lines)
        case .leak where !arc && f.rule.contains("N3") && !f.fix.contains("again whenever"):
            // A top-level object held by an outlet that does not retain it: the owner's +1
            // given back in its `dealloc` (N3).
            return insertInDealloc(cls, "[\(ivar) release];", project: project, lines: lines).map { [$0] }
        case .dangling:
            return danglingEdits(f, cls, m, arc: arc, project: project, dir: dir, lines: lines)
        case .leak where !arc && !f.rule.contains("V12") && !f.rule.contains("N3") && !f.fix.contains("would message a freed object"):
            var out: [Edit] = []
            guard let e = insertInDealloc(cls, m.isProperty ? "self.\(m.name) = nil;" : "[\(ivar) release];", project: project, lines: lines) else { return nil }
            out.append(e)
            if f.consequences.contains(where: { $0.kind == .abandoned }) {
                guard let u = nilInViewDidUnload(cls, m, lines: lines) else { return nil }
                out.append(u)
            }
            return out
        case .abandoned where !f.rule.contains("V12"):
            return nilInViewDidUnload(cls, m, lines: lines).map { [$0] }
        case .overRelease where f.fix.contains("never owned"):
            guard let d = cls.method("dealloc"),
                  let st = d.statements.first(where: { if case .release(let x) = $0.kind { return x == m.name || x == ivar }; return false })
            else { return nil }
            return deleteStatement(st, lines: lines)
        case .overRelease where f.fix.contains("already releases it through the setter"):
            // `[self.x release]; self.x = nil;`: the explicit release goes, the setter stays.
            guard let (_, st) = NibAuditor.releaseBeforeSetterNil(
                of: m, ivar: ivar, in: ["viewDidUnload", "dealloc"].compactMap { cls.method($0) }) else { return nil }
            return deleteStatement(st, lines: lines)
        default:
            return nil
        }
    }

    /// An edit deleting one statement: its whole line when it stands alone there, else the
    /// statement's text out of the line.
    static func deleteStatement(_ st: ImportedStatement, lines: (String) -> [String]) -> [Edit]? {
        let text = lines(st.place.file)
        guard st.place.line >= 1, st.place.line <= text.count else { return nil }
        let l = text[st.place.line - 1]
        let trimmed = l.trimmingCharacters(in: .whitespaces)
        // The statement's text is read on one line with its spacing tidied: compare
        // without whitespace (`[mainText               release];`).
        let bare: (String) -> String = { $0.filter { !$0.isWhitespace } }
        if trimmed == st.text.trimmingCharacters(in: .whitespaces) || bare(trimmed) == bare(st.text) {
            return [Edit(file: st.place.file, line: st.place.line, delete: 1, insert: [])]
        }
        guard l.contains(st.text) else { return nil }
        return [Edit(file: st.place.file, line: st.place.line, delete: 1, insert: [l.replacingOccurrences(of: st.text, with: "")])]
    }

    /// `@property (nonatomic, strong) … delegate` → `weak` (ARC) or `assign` (MRC).
    static func weaken(_ m: ImportedMember, arc: Bool, lines: (String) -> [String]) -> [Edit]? {
        guard m.isProperty else { return nil }
        let text = lines(m.place.file)
        guard m.place.line >= 1, m.place.line <= text.count else { return nil }
        let l = text[m.place.line - 1]
        guard let open = l.range(of: "("), let close = l.range(of: ")", range: open.upperBound..<l.endIndex) else { return nil }
        let attrs = l[open.upperBound..<close.lowerBound].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let to = arc ? "weak" : "assign"
        guard attrs.contains(where: { ["strong", "retain"].contains($0) }) else { return nil }
        let new = attrs.map { ["strong", "retain"].contains($0) ? to : $0 }.joined(separator: ", ")
        return [Edit(file: m.place.file, line: m.place.line, delete: 1,
                     insert: [String(l[..<open.upperBound]) + new + String(l[close.lowerBound...])])]
    }

    /// Before `[super dealloc]`, in its indentation; or a `dealloc` made before the class's `@end`.
    static func insertInDealloc(_ c: ImportedClass, _ statement: String, project: ImportedProject, lines: (String) -> [String]) -> Edit? {
        if let d = c.method("dealloc") {
            guard let sup = d.statements.first(where: { $0.kind == .superCall }) else { return nil }
            let text = lines(sup.place.file)
            guard sup.place.line >= 1, sup.place.line <= text.count else { return nil }
            let l = text[sup.place.line - 1]
            // `- (void)dealloc { [super dealloc]; }` on one line: the statement goes in front.
            if l.trimmingCharacters(in: .whitespaces).hasPrefix("[super dealloc]") {
                return Edit(file: sup.place.file, line: sup.place.line, delete: 0, insert: [indent(l) + statement])
            }
            guard let r = l.range(of: "[super dealloc]") else { return nil }
            return Edit(file: sup.place.file, line: sup.place.line, delete: 1, insert: [l.replacingCharacters(in: r, with: statement + " [super dealloc]")])
        }
        return newMethod(c, "- (void)dealloc {\n    \(statement)\n    [super dealloc];\n}", lines: lines)
    }

    static func nilInViewDidUnload(_ c: ImportedClass, _ m: ImportedMember, lines: (String) -> [String]) -> Edit? {
        let statement = m.isProperty ? "self.\(m.name) = nil;" : "[\(m.ivarName) release]; \(m.ivarName) = nil;"
        if let u = c.method("viewDidUnload") {
            guard let sup = u.statements.first(where: { $0.kind == .superCall }) else { return nil }
            let text = lines(sup.place.file)
            guard sup.place.line >= 1, sup.place.line <= text.count else { return nil }
            let l = text[sup.place.line - 1]
            guard l.trimmingCharacters(in: .whitespaces).hasPrefix("[super viewDidUnload]") else { return nil }
            return Edit(file: sup.place.file, line: sup.place.line + 1, delete: 0, insert: [indent(l) + statement])
        }
        return newMethod(c, "- (void)viewDidUnload {\n    [super viewDidUnload];\n    \(statement)\n}", lines: lines)
    }

    /// A method inserted before the `@end` of the class's `@implementation`.
    static func newMethod(_ c: ImportedClass, _ body: String, lines: (String) -> [String]) -> Edit? {
        var files = c.methods.map(\.place.file)
        if c.place.file.hasSuffix(".h") { files += [String(c.place.file.dropLast(2)) + ".m", String(c.place.file.dropLast(2)) + ".mm"] }
        files.append(c.place.file)
        for f in files {
            let text = lines(f)
            guard let start = text.firstIndex(where: { l in
                let t = l.trimmingCharacters(in: .whitespaces)
                return t == "@implementation \(c.name)" || t.hasPrefix("@implementation \(c.name) ") || t.hasPrefix("@implementation \(c.name){")
            }), let end = text[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@end") }) else { continue }
            return Edit(file: f, line: end + 1, delete: 0, insert: body.components(separatedBy: "\n") + [""])
        }
        return nil
    }

    static func indent(_ l: String) -> String { String(l.prefix { $0 == " " || $0 == "\t" }) }

    // MARK: Applying and proving

    /// The files' lines after the edits (each file's edits applied from the bottom up).
    static func apply(_ edits: [Edit], lines: (String) -> [String]) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (file, es) in Dictionary(grouping: unique(edits), by: \.file) {
            var text = lines(file)
            for e in es.sorted(by: { ($0.line, $0.delete) > ($1.line, $1.delete) }) {
                let at = min(max(0, e.line - 1), text.count)
                text.replaceSubrange(at..<min(text.count, at + e.delete), with: e.insert)
            }
            out[file] = text
        }
        return out
    }

    /// Runs the audit, proposes a fix per finding, re-audits a copy of the folder with the
    /// fixes, keeps the fixes whose findings went and added none; prints them as one diff.
    package static func run(_ o: Audit.Options) -> (Audit.Report, Outcome) {
        let report = Audit.run(o)
        let dir = report.dir
        let (project, _) = SourceReading.read(paths: Audit.files(under: dir).filter { ["h", "m", "mm"].contains(($0 as NSString).pathExtension) }.map { dir + "/" + $0 })
        var cache: [String: [String]] = [:]
        var unterminated = Set<String>()
        func lines(_ f: String) -> [String] {
            if let l = cache[f] { return l }
            // Lines without the final newline's empty remainder; written back with it, unless
            // the file had none (then the diff says so, as diff does).
            var l = (try? String(contentsOfFile: f, encoding: .utf8)).map { $0.components(separatedBy: "\n") } ?? []
            if l.last == "" { l.removeLast() } else if !l.isEmpty { unterminated.insert(f) }
            cache[f] = l
            return l
        }
        var proposed: [(Audit.Finding, [Edit])] = []
        var unproven: [String] = []
        for f in report.findings {
            if let es = edits(for: f, project: project, dir: dir, lines: lines), !es.isEmpty { proposed.append((f, es)) }
            else { unproven.append(f.fingerprint) }
        }
        proposed = sharedNewMethods(proposed)
        // Two edits that replace the same line cannot both stand: the later one goes (its
        // finding has no safe fix this time). Insertions at one place all go in.
        var taken = Set<String>()
        proposed = proposed.filter { f, es in
            let keys = es.filter { $0.delete > 0 }.map { "\($0.file):\($0.line)" }
            if keys.contains(where: taken.contains) { unproven.append(f.fingerprint); return false }
            taken.formUnion(keys); return true
        }
        let before = Set(report.findings.flatMap(\.fingerprints))
        func reaudit(_ es: [Edit]) -> Set<String>? {
            let copy = NSTemporaryDirectory() + "nibscript-fix-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: copy) }
            do { try FileManager.default.copyItem(atPath: dir, toPath: copy) } catch { return nil }
            for (file, text) in apply(es, lines: lines) {
                let rel = file.hasPrefix(dir + "/") ? String(file.dropFirst(dir.count + 1)) : file
                try? (text.joined(separator: "\n") + (unterminated.contains(file) ? "" : "\n")).write(toFile: copy + "/" + rel, atomically: false, encoding: .utf8)
            }
            var again = o
            again.dir = copy
            return Set(Audit.run(again).findings.flatMap(\.fingerprints))
        }
        // All together first; when that adds findings, each half is tried on its own, and so
        // on down (at most 40 audits of a copy): a fix stays when a group it belongs to
        // removed its finding and added none. Groups proven apart are tried together last.
        var audits = 0
        var addedSeen = Set<String>()
        var provenGroups: [[(Audit.Finding, [Edit])]] = []
        func prove(_ group: [(Audit.Finding, [Edit])]) {
            guard !group.isEmpty else { return }
            guard audits < 40, let after = { audits += 1; return reaudit(group.flatMap(\.1)) }() else {
                unproven += group.map(\.0.fingerprint); return
            }
            let added = after.subtracting(before)
            if added.isEmpty {
                let good = group.filter { !$0.0.fingerprints.contains(where: after.contains) }
                unproven += group.filter { $0.0.fingerprints.contains(where: after.contains) }.map(\.0.fingerprint)
                if !good.isEmpty { provenGroups.append(good) }
                return
            }
            addedSeen.formUnion(added)
            if group.count == 1 { unproven.append(group[0].0.fingerprint); return }
            prove(Array(group[..<(group.count / 2)]))
            prove(Array(group[(group.count / 2)...]))
        }
        prove(proposed)
        var kept = provenGroups.flatMap { $0 }
        if provenGroups.count > 1 {
            let after = reaudit(kept.flatMap(\.1))
            if after == nil || !after!.isSubset(of: before) || kept.contains(where: { $0.0.fingerprints.contains(where: after!.contains) }) {
                let best = provenGroups.max { $0.count < $1.count }!
                unproven += kept.filter { k in !best.contains { $0.0.fingerprint == k.0.fingerprint } }.map(\.0.fingerprint)
                kept = best
            }
        }
        let diff = unifiedDiff(kept.flatMap(\.1), dir: dir, lines: lines, unterminated: unterminated)
        var byFinding: [String: [Edit]] = [:]
        for (f, es) in kept { byFinding[f.fingerprint] = es }
        return (report, Outcome(diff: diff, proven: kept.map(\.0.fingerprint), unproven: unproven, added: addedSeen.sorted(), edits: byFinding))
    }

    /// One unified diff (`a/` and `b/` prefixes, paths relative to DIR, 3 lines of context),
    /// files in path order: what `git apply` and `patch -p1` read.
    static func unifiedDiff(_ edits: [Edit], dir: String, lines: (String) -> [String], unterminated: Set<String> = []) -> String {
        var out = ""
        for (file, es) in Dictionary(grouping: unique(edits), by: \.file).sorted(by: { $0.key < $1.key }) {
            let old = lines(file)
            let rel = file.hasPrefix(dir + "/") ? String(file.dropFirst(dir.count + 1)) : file
            out += "--- a/\(rel)\n+++ b/\(rel)\n"
            let sorted = es.sorted { ($0.line, $0.delete) < ($1.line, $1.delete) }
            // Group edits whose context overlaps into one hunk.
            var groups: [[Edit]] = []
            for e in sorted {
                if let last = groups.last?.last, e.line - (last.line + last.delete) <= 6 { groups[groups.count - 1].append(e) } else { groups.append([e]) }
            }
            var shift = 0
            for g in groups {
                let first = g[0].line - 1, lastEnd = g.last!.line - 1 + g.last!.delete
                let from = max(0, first - 3), to = min(old.count, lastEnd + 3)
                var body: [String] = []
                var oldCount = 0, newCount = 0
                var i = from
                for e in g {
                    while i < e.line - 1 { body.append(" " + old[i]); i += 1; oldCount += 1; newCount += 1 }
                    for k in 0..<e.delete where i + k < old.count { body.append("-" + old[i + k]); oldCount += 1 }
                    i += e.delete
                    for l in e.insert { body.append("+" + l); newCount += 1 }
                }
                while i < to { body.append(" " + old[i]); i += 1; oldCount += 1; newCount += 1 }
                // The file's last line has no newline: so it stays, and the diff says so.
                if to == old.count, unterminated.contains(file), body.last?.hasPrefix(" ") == true {
                    body[body.count - 1] += "\n\\ No newline at end of file"
                }
                let oldStart = oldCount == 0 ? from : from + 1
                out += "@@ -\(oldStart),\(oldCount) +\(oldStart + shift),\(newCount) @@\n"
                out += body.map { $0 + "\n" }.joined()
                shift += newCount - oldCount
            }
        }
        return out
    }
}
