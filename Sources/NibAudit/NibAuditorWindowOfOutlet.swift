import Foundation
import InterfaceBuilder
import SourceImport
import NibScriptSyntax
import NibScriptInterpreter

// L16: a top-level window released through an outlet to a view inside it. Mac code that
// loads a nib with `owner:self` and keeps an outlet only to a view of a panel (its content
// view, a control in it) gives the panel's +1 back with `[[view window] release]` in its
// `dealloc` (CotEditor's CESyntax: `[[_coloringIndicator window] release]`). `-window` of a
// view in a window is that window: the release is the top-level object's, as a release of an
// outlet to it would be. The reader does not follow `[x window]` (a message's result), so
// the auditor matches the statement against the nib: the outlet's object, the top-level
// window it is in.
extension NibAuditor {
    /// Statements after the owner's release (its `dealloc` is where the code gives the window
    /// back), and the notes saying so.
    func windowsReleasedThroughOutlets(doc: IBDocument, names: [String?], ownerClass: String, give: String) -> (afterOwner: [String], notes: [String]) {
        guard let owner = doc.filesOwner else { return ([], []) }
        // `dealloc` of the class or the nearest superclass of the sources that writes one.
        var k: String? = ownerClass
        var seen = Set<String>()
        var dealloc: (ImportedClass, ImportedMethod)?
        while let n = k, seen.insert(n).inserted, let c = project[n] {
            if let m = c.method("dealloc") { dealloc = (c, m); break }
            k = c.superclass
        }
        guard let (cls, m) = dealloc else { return ([], []) }
        let texts = m.statements.map(\.text) + m.unread.map(\.text)
        let tops = Set(doc.ownedTopLevelObjects)
        var out: [String] = []
        var notes: [String] = []
        var done = Set<Int>()
        for conn in doc.connections(from: owner) where conn.kind == .outlet {
            // The top-level object the outlet's object is in, if it is a window.
            var at: Int? = conn.destination
            var steps = 0
            while let i = at, !tops.contains(i), steps < 256 { at = doc.objects[i].parent; steps += 1 }
            guard let top = at, tops.contains(top), top != conn.destination, !done.contains(top),
                  Self.isWindow(doc.objects[top]), let name = names[top] else { continue }
            guard let (_, member) = self.member(conn.name, of: ownerClass) else { continue }
            let alts = Set([member.name, member.ivarName]).map { NSRegularExpression.escapedPattern(for: $0) }.sorted().joined(separator: "|")
            let pattern = #"^\s*\[\s*\[\s*(?:self\s*\.\s*|self\s*->\s*)?(?:"# + alts + #")\s+window\s*\]\s+release\s*\]\s*;?\s*$"#
            guard let text = texts.first(where: { Self.matches($0, pattern) }) else { continue }
            done.insert(top)
            out.append("\(give) \(ScriptText.name(name))")
            notes.append("`-[\(cls.name) dealloc]` releases the top-level \(doc.objects[top].effectiveClass) through `\(member.name)`, a view inside it: `\(text.trimmingCharacters(in: .whitespaces))` (L16)")
        }
        return (out, notes)
    }

    static func isWindow(_ o: IBObject) -> Bool {
        o.element == "window" || o.element == "panel" || ["NSWindow", "NSPanel"].contains(o.className)
    }
}
