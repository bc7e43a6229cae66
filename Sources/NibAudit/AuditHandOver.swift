import Foundation
import SourceImport

/// B13, an object handed over before its release. `t = [[NSToolbar alloc] init…];
/// [[self window] setToolbar:t]; [t release];` gives the toolbar to the window, which keeps
/// it (Cocoa's setters and `add…`/`insert…` methods retain their argument): the ivar still
/// points at a live object. The reader does not follow a message to another object, so the
/// run freed it and reported the ivar "dangling" (Quicksilver's
/// `QSPreferencesController.toolbar`). Such a dangling finding is left out. `setDelegate:`,
/// `setDataSource:` and `setTarget:` keep nothing, and a message to `self` is read as the
/// class's own (its setter is lowered): neither counts. The dot syntax of such a setter on
/// another object (`self.navigationController.navigationBar.topItem.titleView = searchBar;`)
/// is the same hand-over, and so is one after an autoreleased store (`searchBar =
/// [[[CustomSearchBar alloc] init…] autorelease];`): the autorelease pool gives the object up
/// only when the event ends (TwitterFon's `SearchViewController.searchBar`).
enum AuditHandOver {
    static let nonRetaining: Set<String> = ["setDelegate:", "setDataSource:", "setTarget:"]

    /// The statement that hands the member to another object before a release of it in the
    /// same method, if any: its line and text.
    static func handedOver(_ member: ImportedMember, in c: ImportedClass, lines: SourceLines) -> (ImportedMethod, Int, String)? {
        let names = [member.name, member.ivarName].map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        // `[receiver sel:x]` with a plain receiver, or `…] sel:x]` with a message as receiver.
        guard let re = try? NSRegularExpression(pattern:
            #"(?:\[\s*([A-Za-z_][A-Za-z0-9_.]*)|\])\s+((?:set[A-Z]|add|insert)[A-Za-z0-9_]*:)\s*(?:self\.)?(?:"# + names + #")\s*\]"#) else { return nil }
        // `receiver.key = x;` with a receiver other than self (`…navigationBar.topItem.titleView
        // = searchBar;`): the dot syntax of the same setter.
        guard let dot = try? NSRegularExpression(pattern:
            #"(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(?:self\.)?(?:"# + names + #")\s*;"#) else { return nil }
        func isMember(_ x: String) -> Bool { x == member.name || x == member.ivarName || x == "self." + member.name }
        for m in c.methods + c.helpers {
            // A release gives the object up there: the hand-over must come before it. An
            // autorelease (`x = [[[C alloc] init] autorelease];`, or `[x autorelease]`) gives it
            // up when the event ends: a hand-over after the store counts too.
            var last: Int?
            var stored: Int?
            for st in m.statements {
                switch st.kind {
                case .release(let x) where isMember(x): last = max(last ?? 0, st.place.line)
                case .autorelease(let x) where isMember(x): last = Int.max
                case .setNew(let x, _, true, false) where isMember(x): last = Int.max; stored = stored ?? st.place.line
                default: break
                }
            }
            guard let last else { continue }
            // Code only (R5): a hand-over commented out, in an `#if 0` block or written in a
            // string (a log message) hands nothing over.
            let text = lines.raw(m.place.file)
            for (n, l) in AuditConfidence.body(m, code: lines.code(m.place.file)) where n < last && n > (stored ?? 0) {
                let ns = l as NSString
                let range = NSRange(location: 0, length: ns.length)
                for hit in re.matches(in: l, range: range) {
                    let receiver = hit.range(at: 1).location == NSNotFound ? nil : ns.substring(with: hit.range(at: 1))
                    let sel = ns.substring(with: hit.range(at: 2))
                    if receiver == "self" || nonRetaining.contains(sel) { continue }
                    return (m, n, text[n - 1].trimmingCharacters(in: .whitespaces))
                }
                for hit in dot.matches(in: l, range: range) {
                    let receiver = ns.substring(with: hit.range(at: 1)), key = ns.substring(with: hit.range(at: 2))
                    let sel = "set" + key.prefix(1).uppercased() + key.dropFirst() + ":"
                    if receiver == "self" || nonRetaining.contains(sel) { continue }
                    return (m, n, text[n - 1].trimmingCharacters(in: .whitespaces))
                }
            }
        }
        return nil
    }

    /// Leaves out the dangling findings whose object was handed over before its release.
    static func drop(_ findings: inout [Audit.Finding], project: ImportedProject) {
        let lines = SourceLines()
        findings.removeAll { f in
            guard f.kind == .dangling, f.consequences.isEmpty, let name = f.member, let c = project[f.className],
                  let m = c.member(forIvarOrName: name), !m.isOutlet else { return false }
            return handedOver(m, in: c, lines: lines) != nil
        }
    }
}
