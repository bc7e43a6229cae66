import OwnershipEngine

// The run-time shape of a class's members: how a reference place manages memory under the
// memory model, a property with its backing slot, an instance variable with its ownership.

/// How a reference place manages memory once the memory model is applied.
package enum Ownership: String {
    case strong, copy, assign, weak
    /// An MRC instance variable with no property: no memory management at all (O7).
    case none
}

/// A property of a class at run time (`@property` with its attribute, an IBOutlet or not),
/// with the engine slot of its backing ivar.
package struct RuntimeProperty {
    /// The property's words, shared by every copy: a property is copied wherever a lookup
    /// answers with it (a KVC search, a setter), and one reference costs a third of what
    /// three strings did to retain and release.
    private final class Words: Sendable {
        let name, type, ivarName: String
        init(name: String, type: String, ivarName: String) { self.name = name; self.type = type; self.ivarName = ivarName }
    }
    private let words: Words
    package var name: String { words.name }
    package var type: String { words.type }
    package var ivarName: String { words.ivarName }
    package var attribute: ClassDescription.Attribute
    package var isOutlet: Bool
    package var slot: Int
    package var range: SourceSpan?

    package init(name: String, type: String, attribute: ClassDescription.Attribute, isOutlet: Bool, ivarName: String, slot: Int, range: SourceSpan?) {
        words = Words(name: name, type: type, ivarName: ivarName)
        self.attribute = attribute; self.isOutlet = isOutlet; self.slot = slot; self.range = range
    }

    package var ownership: Ownership {
        switch attribute {
        case .retain, .strong: return .strong
        case .copy: return .copy
        case .assign, .unsafeUnretained: return .assign
        case .weak: return .weak
        }
    }
}

/// An instance variable of a class at run time, with its ownership under the memory model
/// and its engine slot; `backsProperty` names the property it backs, if any.
package struct RuntimeIvar {
    package var name: String
    package var type: String
    /// Strong, weak or assign under ARC; `.none` under MRC (ivars do nothing by themselves).
    package var ownership: Ownership
    package var slot: Int
    package var backsProperty: String?
    package var range: SourceSpan?
}
