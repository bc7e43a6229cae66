import NibScriptSyntax

/// A class as a Swift user describes it to a `CocoaWorld`: its name and superclass, its
/// properties (outlets or not) with their memory attribute, its ivars, the nib its view
/// loads from, its options (`cleanup kvc`, `accessInstanceVariablesDirectly NO`). No method
/// bodies: a world without a script runs only the frameworks' own code. The simulator's own
/// value, so a Swift user needs nothing of the script language's syntax.
public struct ClassDescription: Sendable {
    /// A property's memory attribute, as `@property` declares it.
    public enum Attribute: String, Sendable, CaseIterable {
        case retain, strong, copy, assign, weak
        case unsafeUnretained = "unsafe_unretained"
    }

    /// An ivar's ARC ownership qualifier (none: strong under ARC, no memory management under MRC).
    public enum Qualifier: String, Sendable, CaseIterable {
        case strong, weak
        case unsafeUnretained = "unsafe_unretained"
    }

    public struct Property: Sendable {
        public var name: String
        public var type: String
        public var attribute: Attribute
        /// An `IBOutlet`: a nib's loader may set it.
        public var isOutlet: Bool
        public init(_ name: String, _ type: String, _ attribute: Attribute, isOutlet: Bool = true) {
            self.name = name; self.type = type; self.attribute = attribute; self.isOutlet = isOutlet
        }
    }

    public struct Ivar: Sendable {
        public var name: String
        public var type: String
        public var qualifier: Qualifier?
        public init(_ name: String, _ type: String, _ qualifier: Qualifier? = nil) {
            self.name = name; self.type = type; self.qualifier = qualifier
        }
    }

    public var name: String
    public var superclass: String
    public var properties: [Property]
    public var ivars: [Ivar]
    /// The nib a view controller loads its view from (a window controller, its window).
    public var nib: String?
    /// `option NAME VALUE`, in order.
    public var options: [(name: String, value: String)]

    public init(_ name: String, superclass: String = "NSObject", properties: [Property] = [], ivars: [Ivar] = [],
                nib: String? = nil, options: [(name: String, value: String)] = []) {
        self.name = name; self.superclass = superclass; self.properties = properties; self.ivars = ivars
        self.nib = nib; self.options = options
    }

    /// The same class as the class table reads classes today: a declaration of the script's
    /// syntax, with no source text (docs/architecture.md, "What is left").
    var declaration: ClassDecl {
        func id(_ s: String) -> Identifier { Identifier(s, .none) }
        var members: [Member] = ivars.map {
            .ivar(IvarDecl(name: id($0.name), type: id($0.type), qualifier: $0.qualifier.flatMap { IvarQualifier(rawValue: $0.rawValue) }, range: .none))
        }
        members += properties.map {
            .property(PropertyDecl(name: id($0.name), type: id($0.type), attribute: PropertyAttribute(rawValue: $0.attribute.rawValue),
                                   attributeRange: nil, isOutlet: $0.isOutlet, backingIvar: nil, range: .none))
        }
        if let nib { members.append(.nibName(id(nib), range: .none)) }
        members += options.map { .option(OptionDecl(name: id($0.name), value: id($0.value), range: .none)) }
        return ClassDecl(name: id(name), superclass: id(superclass), members: members, range: .none)
    }
}
