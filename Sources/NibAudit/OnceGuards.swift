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
        guard b.kind == .notReturned else { return false }
        var cond = String(b.condition.filter { $0 != " " && $0 != "(" && $0 != ")" })
        for suffix in ["==YES", "==true", "!=NO", "!=0"] where cond.hasSuffix(suffix) { cond = String(cond.dropLast(suffix.count)) }
        for prefix in ["self.", "self->"] where cond.hasPrefix(prefix) { cond = String(cond.dropFirst(prefix.count)) }
        guard let first = cond.first, first == "_" || first.isLetter, cond.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }),
              member(cond, in: c) == nil else { return false }
        // The method sets its flag after the guard: read first, as it looks at this method
        // alone (the search for a reset below reads every method of the class, and this
        // question is asked of every early return of every statement lowered).
        let sets = m.unread.contains { u in
            let t = u.text.filter { $0 != " " }
            return u.path.contains(b) && ["YES", "true", "1"].contains { t == "\(cond)=\($0);" || t == "self.\(cond)=\($0);" || t == "self->\(cond)=\($0);" }
        }
        guard sets else { return false }
        // A re-entrancy guard resets its flag (`busy = 0;` at the end): the body runs at every
        // send that is not nested, not once (MacVim's `-processInputQueues:`).
        // (An initializer's `flag = NO;` is its first value, not a reset.)
        let resets = (c.methods + c.helpers).contains { other in
            // (`flag = 0;` reads as a nil store, `flag = NO;` as a statement not understood.)
            !other.selector.hasPrefix("init") && (other.statements.contains { $0.kind == .setNil(cond, viaSetter: false) || $0.kind == .setNil(cond, viaSetter: true) }
                || other.unread.contains { u in
                    let t = u.text.filter { $0 != " " }
                    return ["NO", "false", "0"].contains { t == "\(cond)=\($0);" || t == "self.\(cond)=\($0);" || t == "self->\(cond)=\($0);" }
                })
        }
        return !resets
    }
}
