import SourceImport

// A method that runs its body once per object, guarded by a flag of its own:
//
//     - (void)awakeFromNib {
//         if (_mainNibLoaded) return;
//         _mainNibLoaded = YES;
//         [chooseDatabaseButton retain];   …
//
// AppKit sends File's Owner `awakeFromNib` at every nib it owns (B5), so Mac code that loads
// several nibs with `owner:self` guards it with a BOOL. The statements after the guard run the
// first time, which is the time the battery sends it: they are the method's, not a branch that
// may never run. Left out, Sequel Pro's retains of three outlets were lost and the releases
// balancing them in `dealloc` read as over-releases. The flag is a name that is no object
// member of the class (a BOOL ivar), tested alone (`if (flag)`, `if (self.flag)`, `if (flag ==
// YES)`), the method sets it to YES (or 1, true) on the path after the guard, and no method of
// the class sets it back to NO (a re-entrancy guard, which does, runs its body every time).

extension ImportLowering {
    /// Whether the early return `b` of method `m` is such a once-guard.
    func isOnceGuard(_ b: ImportedBranch, in m: ImportedMethod, of c: ImportedClass) -> Bool {
        guard b.kind == .notReturned, b.condition.utf8.allSatisfy(Self.mayBeFlagTest) else { return false }
        var cond = String(b.condition.filter { $0 != " " && $0 != "(" && $0 != ")" })
        for suffix in ["==YES", "==true", "!=NO", "!=0"] where cond.hasSuffix(suffix) { cond = String(cond.dropLast(suffix.count)) }
        for prefix in ["self.", "self->"] where cond.hasPrefix(prefix) { cond = String(cond.dropFirst(prefix.count)) }
        guard let first = cond.first, first == "_" || first.isLetter, cond.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }),
              member(cond, in: c) == nil else { return false }
        // The method sets its flag after the guard: read first, as it looks at this method
        // alone (the search for a reset below reads every method of the class, and this
        // question is asked of every early return of every statement lowered).
        // (The texts are made once and compared without a copy: this is asked for every
        // statement after an early return, and a filtered copy of each of the method's
        // statements for each was a fifth of an audit of Sequel Pro.)
        func stores(_ values: [String]) -> [String] {
            values.flatMap { v in [cond, "self.\(cond)", "self->\(cond)"].map { "\($0)=\(v);" } }
        }
        let setting = stores(["YES", "true", "1"])
        let sets = m.unread.contains { u in Self.equalsOne(of: setting, ignoringSpaces: u.text) && u.path.contains(b) }
        guard sets else { return false }
        // A re-entrancy guard resets its flag (`busy = 0;` at the end): the body runs at every
        // send that is not nested, not once (MacVim's `-processInputQueues:`).
        // (An initializer's `flag = NO;` is its first value, not a reset.)
        let resetting = stores(["NO", "false", "0"])
        let resets = (c.methods + c.helpers).contains { other in
            // (`flag = 0;` reads as a nil store, `flag = NO;` as a statement not understood.)
            !other.selector.hasPrefix("init") && (other.statements.contains { $0.kind == .setNil(cond, viaSetter: false) || $0.kind == .setNil(cond, viaSetter: true) }
                || other.unread.contains { Self.equalsOne(of: resetting, ignoringSpaces: $0.text) })
        }
        return !resets
    }

    /// Whether `text` without its spaces is one of `candidates` (which have none).
    static func equalsOne(of candidates: [String], ignoringSpaces text: String) -> Bool {
        candidates.contains { candidate in
            var c = candidate.utf8.makeIterator()
            for byte in text.utf8 where byte != UInt8(ascii: " ") {
                guard c.next() == byte else { return false }
            }
            return c.next() == nil
        }
    }

    /// The bytes of `flag`, `self.flag`, `self->flag`, `(flag == YES)`, `flag != 0`: a
    /// condition with any other (a message's `[`, a `&&`) is no flag's test, and is told
    /// so before a filtered copy of it is made for every statement after its return.
    static func mayBeFlagTest(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...:
            return true
        default:
            return " _().=!->".utf8.contains(byte)
        }
    }
}
