import Foundation
import SourceImport

// A member a superclass declares and a subclass's method makes:
//
//     @interface WPTable : UITableViewController { NSMutableArray *selection; } …
//     @implementation Comments  // : WPTable
//     - (void)viewDidLoad { … selection = [[NSMutableArray alloc] init]; … }
//     - (void)dealloc { [selection release]; … }
//
// The finding is the declaring class's member, but the statement that made its object and
// the `dealloc` that releases it are the subclass's. Looked for in the declaring class only,
// the leak of WordPress's `selectedComments` was worded as an object of the nib a setter
// retained and nothing released, when `-[CommentsViewController viewDidLoad]` makes it twice
// and its `dealloc` releases the last. The subclasses between the object's class and the
// declaring class are searched, nearest first, and their `dealloc` counts as a release.
extension NibAuditor {
    /// The class below `ic` (from `cls`, the object's owner class, up) whose methods make
    /// `m`'s object, with the method and the statement.
    func makerBelow(of m: ImportedMember, from cls: String, declaredIn ic: ImportedClass) -> (ImportedClass, ImportedMethod, ImportedStatement)? {
        var k: String? = cls
        var seen = Set<String>()
        while let n = k, n != ic.name, seen.insert(n).inserted, let c = project[n] {
            if let (method, st) = maker(of: m, in: c) { return (c, method, st) }
            k = c.superclass
        }
        return nil
    }

    /// A second store of a new object into `m` in the same method after `st` (no release of
    /// `m` between them): the first is lost.
    static func storedAgain(_ m: ImportedMember, after st: ImportedStatement, in method: ImportedMethod) -> ImportedStatement? {
        guard st.path.isEmpty else { return nil }
        var seenFirst = false
        for s in method.statements where s.place.file == st.place.file {
            if s.place == st.place { seenFirst = true; continue }
            guard seenFirst, s.path.isEmpty else { continue }
            switch s.kind {
            case .release(let x), .autorelease(let x), .setNil(let x, _):
                if x == m.name || x == m.ivarName { return nil }
            case .setNew(let x, _, _, let viaSetter) where x == m.name || x == m.ivarName:
                return viaSetter && m.isProperty ? nil : s
            default: break
            }
        }
        return nil
    }
}
