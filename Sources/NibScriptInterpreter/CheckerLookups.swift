import NibScriptSyntax
import CocoaSimulator

/// The class and member lookups the checker makes for every property path and ivar write,
/// kept for the names asked again: a script asks about the same few classes and members
/// statement after statement, and each lookup by name searched the table's recent names and
/// hashed the name (about 100 instructions a class, 200 a property, 500 an ivar). A class is
/// kept by its name (the last two asked: equal small strings compare in a few
/// instructions), a member by its class and name in a small table indexed by the name's id.
/// Only what was found is kept, so a class or member added later is still found.
/// A checker's classes are complete before it checks (see `ClassTable`), so an answer
/// kept stays right.
final class CheckerLookups {
    // Unchecked for exclusivity: each access is one read or one write, never held across a
    // call that comes back here (the checks were a tenth of a lookup).
    @exclusivity(unchecked) private var names: (String, String) = ("", "")
    @exclusivity(unchecked) private var classes: (RuntimeClass?, RuntimeClass?) = (nil, nil)

    private struct Member {
        var cls: RuntimeClass?
        var name = ""
        var isIvar = false
        /// The member's declared type ("id" included).
        var type = ""
    }
    private static let memberSlots = 64
    @exclusivity(unchecked) private var members = [Member](repeating: Member(), count: CheckerLookups.memberSlots)

    /// `table[name]`.
    @inline(__always)
    func cls(_ name: String, in table: ClassTable) -> RuntimeClass? {
        if name == names.0, let c = classes.0 { return c }
        if name == names.1, let c = classes.1 { return c }
        guard let c = table[name] else { return nil }
        names = (name, names.0)
        classes = (c, classes.0)
        return c
    }

    /// The type of `cls`'s property (or, with `ivar`, its ivar) `name`, or nil when it has none.
    @inline(__always)
    func memberType(_ name: Identifier, ivar: Bool, of cls: RuntimeClass) -> String? {
        memberType(name.name, id: name.nameID, ivar: ivar, of: cls)
    }

    /// The same for a name given by its text and its parser id (a packed record's).
    @inline(__always)
    func memberType(_ name: String, id: Int32, ivar: Bool, of cls: RuntimeClass) -> String? {
        let k = Int(id &* 2 &+ (ivar ? 1 : 0)) & (Self.memberSlots - 1)
        if members[k].cls === cls, members[k].isIvar == ivar, members[k].name == name { return members[k].type }
        let type = ivar ? cls.ivar(name)?.type : cls.property(name)?.type
        if let type { members[k] = Member(cls: cls, name: name, isIvar: ivar, type: type) }
        return type
    }
}
