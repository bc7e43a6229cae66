import Foundation

// A view made in code to take the place of one from the nib, through a local variable:
//
//     MPVolumeView *v = [[MPVolumeView alloc] initWithFrame:frame];
//     [self.view insertSubview:v aboveSubview:placeholder];
//     [placeholder removeFromSuperview];
//     [placeholder release];
//     placeholder = v;
//
// The local holds the +1 of its `alloc`; `placeholder = v` hands it to the instance variable
// as `placeholder = [[MPVolumeView alloc] init…]` would. Read statement by statement, the
// store was not understood: the audit saw the release and not the new value, and reported
// the outlet dangling and over-released in `dealloc` (Last.fm's PlaybackViewController).
// The same through a setter: `self.x = v; [v release];` stores a new object the setter
// retains and the local's reference is given up: `self.x = [[X alloc] init…] autorelease]`.
// Only these two shapes are taken: a local made with alloc/init (or new) and
//   - stored into a plain variable (`x = v`) and never released, autoreleased, or stored
//     elsewhere in the method; or
//   - stored through a setter (`self.x = v`) and released or autoreleased once in the method.
// Any other use (two stores, a release with a plain store) leaves the statement unread.
struct OwnedLocals {
    /// Local name → (class, how the method gives up its reference: never, or once).
    var made: [String: (cls: String, givenUp: Int, stores: Int)] = [:]

    init(_ statements: [[String]], recognizer: StatementRecognizer) {
        var twice = Set<String>()
        for w in statements {
            let w = StatementRecognizer.withoutCasts(w)
            // `T *v = [[T alloc] init…]` / `T *v = [T new]`.
            if w.count > 4, StatementRecognizer.isName(w[0]), w[1] == "*", StatementRecognizer.isName(w[2]), w[3] == "=",
               let (cls, autoreleased) = recognizer.allocInit(Array(w[4...])), !autoreleased {
                // Declared twice (two blocks of the method): which one a store names is
                // not read, so neither is taken.
                if made[w[2]] != nil || twice.contains(w[2]) { made[w[2]] = nil; twice.insert(w[2]); continue }
                made[w[2]] = (cls, 0, 0)
                continue
            }
            // `[v release]` / `[v autorelease]`.
            if w.count == 4, w[0] == "[", w[3] == "]", ["release", "autorelease"].contains(w[2]), made[w[1]] != nil {
                made[w[1]]!.givenUp += 1
                continue
            }
            // `x = v` / `self.x = v`.
            if let eq = w.firstIndex(of: "="), eq + 2 == w.count, made[w[eq + 1]] != nil, StatementRecognizer.subject(w[..<eq]) != nil {
                made[w[eq + 1]]!.stores += 1
            }
        }
    }

    /// What `x = v` (plain: `viaSetter` false) stores, when it is one of the shapes above.
    func store(of local: String, viaSetter: Bool) -> (cls: String, autoreleased: Bool)? {
        guard let m = made[local], m.stores == 1 else { return nil }
        if viaSetter { return m.givenUp == 1 ? (m.cls, true) : nil }
        return m.givenUp == 0 ? (m.cls, false) : nil
    }
}
