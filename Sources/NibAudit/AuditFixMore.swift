import Foundation
import SourceImport

// Edits for the kinds that had none (issue 24 item 5, the last ones): a leak of an object a
// method makes (V12), a top-level object held by an outlet that does not retain it (N3), and
// a dangling outlet. Each is only a proposal: `AuditFix.run` proves it by auditing a fixed
// copy again, and drops it when its finding stays or another appears.

extension AuditFix {
    /// The statement of `c` that makes the object `m` holds (`x = [[X alloc] init…]`).
    static func maker(of m: ImportedMember, in c: ImportedClass) -> ImportedStatement? {
        for method in c.methods + c.helpers {
            for st in method.statements {
                if case .setNew(let x, _, _, _) = st.kind, x == m.name || x == m.ivarName { return st }
            }
        }
        return nil
    }

    /// V12, under MRC: a view-lifecycle object made at every load gets its release and nil in
    /// `viewDidUnload`; one made again while `dealloc` releases only the last gets a release
    /// of the old value before the line that makes it; one nothing releases, a release in
    /// `dealloc` (and the nil in `viewDidUnload` when it is abandoned too).
    static func madeObjectEdits(_ f: Audit.Finding, _ c: ImportedClass, _ m: ImportedMember, project: ImportedProject, lines: (String) -> [String]) -> [Edit]? {
        let release = m.isProperty ? "self.\(m.name) = nil;" : "[\(m.ivarName) release];"
        if f.message.contains("runs at every view load") {
            return nilInViewDidUnload(c, m, lines: lines).map { [$0] }
        }
        if f.message.contains(NibAuditor.secondSend) {
            // B1's second send: the release of the old value on the line before the
            // assignment the finding is at (and, when nothing releases the last, in `dealloc`).
            let stores = (c.methods + c.helpers).flatMap(\.statements).filter { st in
                if case .setNew(let x, _, false, false) = st.kind { return x == m.name || x == m.ivarName }
                return false
            }
            guard let st = stores.first(where: { $0.place.line == f.location.line && $0.place.file.hasSuffix("/" + f.location.file) }) else { return nil }
            let text = lines(st.place.file)
            guard st.place.line >= 1, st.place.line <= text.count else { return nil }
            let l = text[st.place.line - 1]
            let bare: (String) -> String = { $0.filter { !$0.isWhitespace } }
            guard bare(l).hasPrefix(bare(st.text).prefix(12)) else { return nil }
            var out = [Edit(file: st.place.file, line: st.place.line, delete: 0, insert: [indent(l) + "[\(m.ivarName) release];"])]
            if f.message.contains(NibAuditor.lastUnreleased) {
                guard let e = insertInDealloc(c, release, project: project, lines: lines) else { return nil }
                out.append(e)
            }
            return out
        }
        if f.message.contains("runs again and stores") {
            guard let st = maker(of: m, in: c), !m.isProperty || !st.text.hasPrefix("self.") else { return nil }
            let text = lines(st.place.file)
            guard st.place.line >= 1, st.place.line <= text.count else { return nil }
            let l = text[st.place.line - 1]
            // Only where the statement starts its line: the release goes on the line before.
            let bare: (String) -> String = { $0.filter { !$0.isWhitespace } }
            guard bare(l).hasPrefix(bare(st.text.components(separatedBy: " (in -").first ?? st.text).prefix(12)) else { return nil }
            return [Edit(file: st.place.file, line: st.place.line, delete: 0, insert: [indent(l) + "[\(m.ivarName) release];"])]
        }
        var out: [Edit] = []
        guard let e = insertInDealloc(c, release, project: project, lines: lines) else { return nil }
        out.append(e)
        if f.consequences.contains(where: { $0.kind == .abandoned }) {
            guard let u = nilInViewDidUnload(c, m, lines: lines) else { return nil }
            out.append(u)
        }
        return out
    }

    /// A dangling outlet. A retained member given up in a method without a nil: the nil
    /// after that statement. An assign property: declared `retain` (MRC, released in
    /// `dealloc` and, on iOS before 6, set to nil in `viewDidUnload`) or `weak` (ARC). A Mac
    /// ivar outlet has no attribute to change: no edit.
    static func danglingEdits(_ f: Audit.Finding, _ c: ImportedClass, _ m: ImportedMember, arc: Bool, project: ImportedProject,
                              dir: String, lines: (String) -> [String]) -> [Edit]? {
        // B3: the window the user closes gets Release When Closed off, in its XIB element.
        if f.fix.contains(NibAuditor.releasedWhenClosedOff) {
            guard let p = f.related.first(where: { $0.what == NibAuditor.closedWindowPlace }), p.file.hasSuffix(".xib") else { return nil }
            let file = dir + "/" + p.file
            let text = lines(file)
            guard p.line >= 1, p.line <= text.count else { return nil }
            let l = text[p.line - 1]
            if l.contains("releasedWhenClosed=\"YES\"") {
                return [Edit(file: file, line: p.line, delete: 1, insert: [l.replacingOccurrences(of: "releasedWhenClosed=\"YES\"", with: "releasedWhenClosed=\"NO\"")])]
            }
            // A legacy archive's window template: bit 0x40000000 of its NSWTFlags set.
            if l.contains("\"NSWindowTemplate\"") {
                for k in p.line..<min(text.count, p.line + 40) {
                    let t = text[k]
                    if t.contains("\"NSWindowTemplate\"") { break }
                    guard let r = t.range(of: #"<int key="NSWTFlags">-?[0-9]+</int>"#, options: .regularExpression) else { continue }
                    let digits = t[r].drop { !$0.isNumber && $0 != "-" }.prefix { $0.isNumber || $0 == "-" }
                    guard let v = Int64(digits) else { return nil }
                    let new = t.replacingCharacters(in: r, with: "<int key=\"NSWTFlags\">\(v | 0x4000_0000)</int>")
                    return [Edit(file: file, line: k + 1, delete: 1, insert: [new])]
                }
                return nil
            }
            guard !l.contains("releasedWhenClosed="), let tag = l.range(of: "<window ") ?? l.range(of: "<panel ") else { return nil }
            return [Edit(file: file, line: p.line, delete: 1, insert: [l.replacingCharacters(in: tag, with: String(l[tag]) + "releasedWhenClosed=\"NO\" ")])]
        }
        if f.fix.contains("without setting"), !arc, NibAuditor.releasedWithoutNil(m, ivar: m.ivarName, in: c.helpers) != nil {
            // Every method that gives it up without a nil gets the nil after that statement.
            var out: [Edit] = []
            for h in c.helpers {
                guard let (_, st) = NibAuditor.releasedWithoutNil(m, ivar: m.ivarName, in: [h]) else { continue }
                let text = lines(st.place.file)
                guard st.place.line >= 1, st.place.line <= text.count else { return nil }
                let l = text[st.place.line - 1]
                let bare: (String) -> String = { $0.filter { !$0.isWhitespace } }
                guard bare(l) == bare(st.text) else { return nil }
                out.append(Edit(file: st.place.file, line: st.place.line + 1, delete: 0, insert: [indent(l) + "\(m.ivarName) = nil;"]))
            }
            // Its leak where the method never comes: released in `dealloc`, safe now.
            if f.consequences.contains(where: { $0.kind == .leak }) {
                guard let d = insertInDealloc(c, "[\(m.ivarName) release];", project: project, lines: lines) else { return nil }
                out.append(d)
            }
            return out
        }
        if f.fix.contains("the superview held its only retain") || f.fix.contains("the window is released when closed"), let (_, st) = NibAuditor.removedWithoutNil(m, in: c.helpers) {
            let text = lines(st.place.file)
            guard st.place.line >= 1, st.place.line <= text.count else { return nil }
            let l = text[st.place.line - 1]
            let bare: (String) -> String = { $0.filter { !$0.isWhitespace } }
            // The line holds the statement (a comment after it is kept).
            guard bare(l).hasPrefix(bare(st.text)) else { return nil }
            return [Edit(file: st.place.file, line: st.place.line + 1, delete: 0,
                         insert: [indent(l) + (m.isProperty ? "self.\(m.name)" : m.ivarName) + " = nil;"])]
        }
        guard m.isProperty, case .property(let attr, _) = m.kind, attr == nil || attr == .assign || attr == .unsafeUnretained else { return nil }
        guard let decl = retype(m, to: arc ? "weak" : "retain", lines: lines) else { return nil }
        if arc { return [decl] }
        var out = [decl]
        guard let d = insertInDealloc(c, "self.\(m.name) = nil;", project: project, lines: lines) else { return nil }
        out.append(d)
        if f.configurations.contains(where: { $0.hasPrefix("ios 5") }) {
            guard let u = nilInViewDidUnload(c, m, lines: lines) else { return nil }
            out.append(u)
        }
        return out
    }

    /// The property's declaration with its `assign`/`unsafe_unretained` (or no ownership
    /// attribute at all) made `to`.
    static func retype(_ m: ImportedMember, to: String, lines: (String) -> [String]) -> Edit? {
        let text = lines(m.place.file)
        guard m.place.line >= 1, m.place.line <= text.count else { return nil }
        let l = text[m.place.line - 1]
        guard let at = l.range(of: "@property") else { return nil }
        let rest = l[at.upperBound...]
        if let open = rest.range(of: "("), rest[..<open.lowerBound].allSatisfy(\.isWhitespace),
           let close = rest.range(of: ")", range: open.upperBound..<rest.endIndex) {
            let attrs = rest[open.upperBound..<close.lowerBound].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let owning = ["assign", "unsafe_unretained", "retain", "strong", "weak", "copy"]
            guard !attrs.contains(where: { ["retain", "strong", "weak", "copy"].contains($0) }) else { return nil }
            let new = attrs.contains(where: owning.contains) ? attrs.map { owning.contains($0) ? to : $0 } : attrs + [to]
            return Edit(file: m.place.file, line: m.place.line, delete: 1,
                        insert: [String(l[..<open.upperBound]) + new.joined(separator: ", ") + String(l[close.lowerBound...])])
        }
        // `@property IBOutlet UIButton *b;`: no attributes yet.
        return Edit(file: m.place.file, line: m.place.line, delete: 1,
                    insert: [String(l[..<at.upperBound]) + " (\(to))" + String(rest)])
    }

    /// The edits without repeats (findings that share one edit, a `dealloc` made for them all).
    static func unique(_ edits: [Edit]) -> [Edit] {
        var out: [Edit] = []
        for e in edits where !out.contains(e) { out.append(e) }
        return out
    }

    /// Several findings of one class that each make a `dealloc` (or `viewDidUnload`) before its
    /// `@end` share one, holding all their statements: each finding's edit becomes that one.
    static func sharedNewMethods(_ proposed: [(Audit.Finding, [Edit])]) -> [(Audit.Finding, [Edit])] {
        func isNew(_ e: Edit) -> Bool {
            e.delete == 0 && (e.insert.first == "- (void)dealloc {" || e.insert.first == "- (void)viewDidUnload {")
        }
        var merged: [String: Edit] = [:]
        for (_, es) in proposed {
            for e in es where isNew(e) {
                let key = "\(e.file):\(e.line):\(e.insert[0])"
                guard var m = merged[key] else { merged[key] = e; continue }
                // The body's statements (between the opening line and the super call or `}`).
                let body = e.insert.filter { l in
                    let t = l.trimmingCharacters(in: .whitespaces)
                    return !t.isEmpty && t != "}" && !t.hasPrefix("- (void)") && !t.hasPrefix("[super ")
                }
                let isDealloc = m.insert[0] == "- (void)dealloc {"
                for l in body where !m.insert.contains(l) {
                    // In a dealloc, before `[super dealloc]`; in a viewDidUnload, before `}`.
                    let at = isDealloc ? (m.insert.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("[super dealloc]") } ?? 1)
                                       : (m.insert.lastIndex { $0 == "}" } ?? m.insert.count)
                    m.insert.insert(l, at: at)
                }
                merged[key] = m
            }
        }
        return proposed.map { f, es in
            (f, es.map { e in isNew(e) ? merged["\(e.file):\(e.line):\(e.insert[0])"] ?? e : e })
        }
    }
}
