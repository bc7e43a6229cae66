import Foundation
import SourceImport

// `[super dealloc]` written before the releases of a `dealloc` (MRC):
//
//     - (void)dealloc {
//         [super dealloc];
//         [label release];
//         [button release];
//     }
//
// NSObject's dealloc frees the object, so the releases read its instance variables from
// freed memory: undefined behaviour, and a crash under Guard Malloc or when the memory is
// reused at once. In practice (freed memory is not cleared; old iOS applications shipped so
// for years) the variables still hold their objects and the releases happen. The audit used
// to drop every statement after the super call, and reported each outlet released there as
// a leak that "nothing releases": wrong, the code does release it. They now run before the
// super call, as the code meant, and the script says where they were written; the order
// itself is a defect this audit does not simulate (a freed object's memory still read).
extension ImportLowering {
    /// A note when statements of the method's own body follow its `[super dealloc]` (`s`),
    /// or nil when it is the last.
    func statementsAfterSuperDealloc(_ s: ImportedStatement, in m: ImportedMethod) -> String? {
        let later = m.statements.filter { $0.place.line > s.place.line && $0.place.file == s.place.file }
        guard !later.isEmpty else { return nil }
        return "\(later.count) statement\(later.count == 1 ? "" : "s") written after `[super dealloc]` (\(place(s.place))) read a freed object's ivars: run before it, as meant"
    }
}
