import Foundation
import SourceImport
import CocoaSimulator

// A Mac ivar outlet with a hand-written setter (`-setSettingsView:` written only in the
// `@implementation`, retaining its argument). The Mac nib loader sets an outlet by Key-Value
// Coding, which calls `set<Key>:` first (N6): the setter's retain comes on top of the +1 a
// top-level object hands File's Owner (N3). The engine runs the setter; this gives the
// finding words that say so (the declaration alone says "does not retain").
extension NibAuditor {
    /// The class's (or nearest superclass's) `-set<Key>:` for an ivar outlet on the Mac, when
    /// its body retains (or copies) what it stores.
    func retainingSetter(of m: ImportedMember, in c: ImportedClass, platform: PlatformName, arc: Bool) -> ImportedMethod? {
        guard platform == .mac, !arc, !m.isProperty, let first = m.name.first else { return nil }
        let sel = "set" + first.uppercased() + m.name.dropFirst() + ":"
        var k: ImportedClass? = c
        var seen = Set<String>()
        while let cls = k, seen.insert(cls.name).inserted {
            if let s = cls.helper(sel) ?? cls.method(sel) {
                let retains = s.statements.contains { st in
                    if case .retain = st.kind { return true }
                    return st.text.range(of: #"\b(retain|copy)\s*\]"#, options: .regularExpression) != nil
                } || s.unread.contains { $0.text.range(of: #"\b(retain|copy)\s*\]"#, options: .regularExpression) != nil }
                return retains ? s : nil
            }
            k = cls.superclass.flatMap { project[$0] }
        }
        return nil
    }
}
