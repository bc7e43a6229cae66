/// A class as a Swift user describes it to a `CocoaWorld`: its name and superclass, its
/// properties (outlets or not) with their memory attribute, its ivars, the nib its view
/// loads from, its options (`cleanup kvc`, `accessInstanceVariablesDirectly NO`). No method
/// bodies: a world without a script runs only the frameworks' own code. The simulator's own
/// value, so a Swift user needs nothing of the script language's syntax.
public struct ClassDescription: @unchecked Sendable {
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
        /// The ivar behind it (`@synthesize name = ivar`); nil: the property's own name.
        package var ivarName: String?
        /// Where its driver declared it (a script's run: the `@property` line).
        package var span: SourceSpan?
        public init(_ name: String, _ type: String, _ attribute: Attribute, isOutlet: Bool = true) {
            self.name = name; self.type = type; self.attribute = attribute; self.isOutlet = isOutlet
        }
        package init(_ name: String, _ type: String, _ attribute: Attribute, isOutlet: Bool, ivarName: String?, span: SourceSpan?) {
            self.init(name, type, attribute, isOutlet: isOutlet)
            self.ivarName = ivarName; self.span = span
        }
    }

    public struct Ivar: Sendable {
        public var name: String
        public var type: String
        public var qualifier: Qualifier?
        /// Where its driver declared it.
        package var span: SourceSpan?
        public init(_ name: String, _ type: String, _ qualifier: Qualifier? = nil) {
            self.name = name; self.type = type; self.qualifier = qualifier
        }
        package init(_ name: String, _ type: String, _ qualifier: Qualifier?, span: SourceSpan?) {
            self.init(name, type, qualifier)
            self.span = span
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
    /// Methods written outside the frameworks, by selector (a script's overrides, setters,
    /// initializers, `dealloc`): the world hands each back to its host to run. None for a
    /// world without a script.
    package var methods: [(selector: String, body: MethodBody)] = []

    public init(_ name: String, superclass: String = "NSObject", properties: [Property] = [], ivars: [Ivar] = [],
                nib: String? = nil, options: [(name: String, value: String)] = []) {
        self.name = name; self.superclass = superclass; self.properties = properties; self.ivars = ivars
        self.nib = nib; self.options = options
    }
}

/// A method written outside the frameworks, as its host keeps it: the world finds it by
/// selector in a class (an override of a callback, a setter KVC calls, `awakeFromNib`, an
/// initializer, `dealloc`) and hands it back to the host to run; it never reads it. The
/// interpreter's subclass holds the script's method declaration.
open class MethodBody {
    public init() {}
}

/// What is wrong with a described class, by its index in the list the class table was
/// given; the driver reports it in its own words and at its own place.
package enum ClassProblem {
    /// The name of a catalogue class (of any platform).
    case builtinName(Int)
    /// A name an earlier class has.
    case declaredTwice(Int)
    /// The superclass chain comes back to the class (it inherits from NSObject instead).
    case inheritsFromItself(Int)
    /// The superclass is no class (it inherits from NSObject instead); `known`: the names
    /// the table knew, for a suggestion.
    case unknownSuperclass(Int, known: [String])
}

extension ClassProblem {
    /// The index of the class it is about.
    package var index: Int {
        switch self {
        case .builtinName(let i), .declaredTwice(let i), .inheritsFromItself(let i), .unknownSuperclass(let i, _): return i
        }
    }

    /// The problem in words, for `described`, the list the table was given.
    package func message(_ described: [ClassDescription]) -> String {
        let d = described[index]
        switch self {
        case .builtinName: return "class '\(d.name)' is a built-in Cocoa class; give your subclass another name"
        case .declaredTwice: return "class '\(d.name)' is declared twice"
        case .inheritsFromItself: return "class '\(d.name)' inherits from itself through '\(d.superclass)'"
        case .unknownSuperclass: return "unknown class '\(d.superclass)'"
        }
    }
}
