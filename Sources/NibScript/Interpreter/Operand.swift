import OwnershipEngine

/// What evaluating an expression gives: an object (or nil), whether it carries a +1
/// nobody owns yet (a fresh `new`), and the slot it was read from, so that `release x`
/// can give up that reference's claim.
struct Operand {
    var object: ObjectID?
    var fresh = false
    var place: SlotRef?
    var text: String?

    static let none = Operand(object: nil)
}

/// Where a method body runs: self, the class whose implementation it is (for `super`),
/// its variables, and the arguments `value` and `key` of setters.
struct Context {
    var selfObject: ObjectID?
    var implementingClass: RuntimeClass?
    var selector: String?
    var frame: LocalFrame
    var arguments: [(name: String, value: Operand)] = []

    func argument(_ name: String) -> Operand? { arguments.first { $0.name == name }?.value }
}
