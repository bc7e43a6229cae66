import OwnershipEngine
import CocoaSimulator

/// What evaluating an expression gives: an object (or nil), whether it carries a +1
/// nobody owns yet (a fresh `new`), and the slot it was read from, so that `release x`
/// can give up that reference's claim.
package struct Operand {
    package var object: ObjectID?
    package var fresh = false
    package var place: SlotRef?
    package var text: String?

    package static let none = Operand(object: nil)
}

/// Where a method body runs: self, the class whose implementation it is (for `super`),
/// its variables, and the arguments `value` and `key` of setters.
package struct Context {
    package var selfObject: ObjectID?
    package var implementingClass: RuntimeClass?
    package var selector: String?
    package var frame: LocalFrame
    package var arguments: [(name: String, value: Operand)] = []

    package init(selfObject: ObjectID?, implementingClass: RuntimeClass?, selector: String?, frame: LocalFrame,
                 arguments: [(name: String, value: Operand)] = []) {
        self.selfObject = selfObject
        self.implementingClass = implementingClass
        self.selector = selector
        self.frame = frame
        self.arguments = arguments
    }

    package func argument(_ name: String) -> Operand? { arguments.first { $0.name == name }?.value }
}
