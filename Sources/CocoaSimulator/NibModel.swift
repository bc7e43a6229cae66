/// A nib as the loader sees it, whether written as a `nib { … }` block or read from a
/// .xib or .storyboard file: objects in document order (parents before children), how each
/// is held by its parent, and the connections.
public struct NibModel {
    package enum Relationship: Equatable {
        case topLevel
        /// In a view's subviews: the superview retains it.
        case subview
        /// Held by the parent through that property (a controller's `view`, a window's `contentView`).
        case property(String)
        /// In one of the parent's owned lists (a navigation controller's viewControllers, menu items).
        case collection(String)
    }

    /// 72 bytes (88 with an `Int?` parent and an `Int32?` name id stored as such): a nib of a
    /// million objects keeps a million of these for as long as the program runs. The optional
    /// fields are stored as plain numbers and read through properties of their own types.
    package struct Object {
        package var name: String
        package var className: String
        package var relationship: Relationship
        /// Where its driver declared it (a script's nib block: the object's line).
        package var range: SourceSpan
        /// `parent`, or -1 at the top level.
        private var parentIndex: Int32
        /// `nameID`, or -1 for none.
        private var storedNameID: Int32
        /// `createdWithInit`: 0 nil, 1 false, 2 true.
        private var storedInit: UInt8

        package var parent: Int? {
            get { parentIndex < 0 ? nil : Int(parentIndex) }
            set { parentIndex = newValue.map { Int32($0) } ?? -1 }
        }
        /// Whether the loader creates it with `init` rather than `initWithCoder:`, when the
        /// Interface Builder element decides it (a Mac `<customObject>`: init); nil for the
        /// class to decide (N2).
        package var createdWithInit: Bool? {
            get { storedInit == 0 ? nil : storedInit == 2 }
            set { storedInit = newValue.map { $0 ? 2 : 1 } ?? 0 }
        }
        /// `name`'s id in the program's `NameTable`, when it was interned there (an Interface
        /// Builder file's objects): loading binds the name by it, without looking it up.
        package var nameID: Int32? {
            get { storedNameID < 0 ? nil : storedNameID }
            set { storedNameID = newValue ?? -1 }
        }

        package init(name: String, className: String, parent: Int?, relationship: Relationship, range: SourceSpan,
                     createdWithInit: Bool? = nil, nameID: Int32? = nil) {
            self.name = name; self.className = className; self.relationship = relationship; self.range = range
            parentIndex = -1; storedNameID = -1; storedInit = 0
            self.parent = parent; self.createdWithInit = createdWithInit; self.nameID = nameID
        }
    }

    package enum Endpoint: Equatable {
        case owner
        case object(Int)
        /// The application (NSApp), which a Mac storyboard's Application scene stands for.
        case application

        /// As a number: an object's index, -1 File's Owner, -2 the application.
        @inline(__always) var code: Int32 {
            switch self {
            case .owner: return -1
            case .application: return -2
            case .object(let i): return Int32(i)
            }
        }

        @inline(__always) init(code: Int32) {
            self = code >= 0 ? .object(Int(code)) : code == -1 ? .owner : .application
        }
    }

    /// 48 bytes (80 with its endpoints stored as enums of an `Int`): one per connection of a
    /// nib of a million objects, kept for the whole run. The endpoints are stored as numbers
    /// (`Endpoint.code`) and read as `Endpoint`s.
    package struct Connection {
        package enum Kind { case outlet, action }
        /// The outlet's key, or the action's selector.
        package var name: String
        /// The rest of an outlet collection's destinations: a connection of one destination
        /// (nearly all of them) allocates no array.
        package var moreDestinations: [Endpoint]
        package var range: SourceSpan
        private var sourceCode: Int32
        private var destinationCode: Int32
        package var kind: Kind
        package var isStale: Bool
        /// An outlet collection: the loader builds an array of the destinations.
        package var isCollection = false

        package var source: Endpoint {
            get { Endpoint(code: sourceCode) }
            set { sourceCode = newValue.code }
        }
        /// The first destination.
        package var destination: Endpoint {
            get { Endpoint(code: destinationCode) }
            set { destinationCode = newValue.code }
        }

        package init(kind: Kind, source: Endpoint, name: String, destination: Endpoint, moreDestinations: [Endpoint] = [],
             isStale: Bool, range: SourceSpan, isCollection: Bool = false) {
            self.kind = kind; self.sourceCode = source.code; self.name = name
            self.destinationCode = destination.code; self.moreDestinations = moreDestinations
            self.isStale = isStale; self.range = range; self.isCollection = isCollection
        }

        /// `destinations` must not be empty.
        package init(kind: Kind, source: Endpoint, name: String, destinations: [Endpoint], isStale: Bool, range: SourceSpan,
             isCollection: Bool = false) {
            self.init(kind: kind, source: source, name: name, destination: destinations[0],
                      moreDestinations: Array(destinations.dropFirst()), isStale: isStale, range: range,
                      isCollection: isCollection)
        }

        package var destinations: [Endpoint] { moreDestinations.isEmpty ? [destination] : [destination] + moreDestinations }

        package func hasDestination(_ e: Endpoint) -> Bool { destination == e || moreDestinations.contains(e) }
    }

    /// The nib's name (a controller's `option nib`, `loadNib(named:)`).
    public var name: String
    package var isMain: Bool
    package var ownerClass: String?
    package var objects: [Object] = []
    package var connections: [Connection] = []
    /// The platform an Interface Builder file was written for, if it says.
    package var documentPlatform: PlatformName?
    /// Segues of a storyboard scene: they carry no ownership, so the loader ignores them.
    package var ignoredSegues = 0
    /// A storyboard scene: its controllers are returned autoreleased (+0), as
    /// `instantiateControllerWithIdentifier:` returns them, on both platforms.
    package var fromStoryboard = false
    /// Storyboard scenes: for a controller (an index into `objects`), the nib its view loads
    /// from, lazily, with the controller as File's Owner.
    package var sceneViews: [SceneView] = []

    /// Boxed: a nib model holds the models of its scenes' views.
    package final class SceneView {
        package let controller: Int
        package let model: NibModel
        package init(controller: Int, model: NibModel) { self.controller = controller; self.model = model }
    }

    package var topLevel: [Int] { objects.indices.filter { objects[$0].relationship == .topLevel } }
}

extension NibModel {
    /// An empty nib, for its driver to fill (a script's nib block, an Interface Builder document).
    package init(name: String, isMain: Bool, documentPlatform: PlatformName? = nil) {
        self.name = name; self.isMain = isMain; self.documentPlatform = documentPlatform
    }

    /// A nib described from Swift: `objects` in document order, each top-level or a subview
    /// of an earlier one (named by `superview`); `outlets` from File's Owner (`source` nil)
    /// or from an object, to an object. `ownerClass`: the class File's Owner should be.
    public init(name: String, ownerClass: String? = nil, objects: [(name: String, className: String, superview: String?)],
                outlets: [(source: String?, key: String, destination: String)]) {
        self.init(name: name, isMain: false)
        self.ownerClass = ownerClass
        func index(_ n: String) -> Int {
            guard let i = objects.firstIndex(where: { $0.name == n }) else { preconditionFailure("nib \(name) has no object \(n)") }
            return i
        }
        for o in objects {
            let parent = o.superview.map(index)
            self.objects.append(Object(name: o.name, className: o.className, parent: parent,
                                       relationship: parent == nil ? .topLevel : .subview, range: .none))
        }
        for c in outlets {
            connections.append(Connection(kind: .outlet, source: c.source.map { .object(index($0)) } ?? .owner, name: c.key,
                                          destination: .object(index(c.destination)), isStale: false, range: .none))
        }
    }
}

/// A nib model kept by reference, where it is handed out again and again (a controller
/// class's view nib, at every load).
package final class NibModelRef {
    package let model: NibModel
    /// The keys `cleanup kvc` tracks when the nib loads (V10): the File's Owner's outlets
    /// other than `view`, each once, in connection order. Fixed by the model, and shared by
    /// every controller that loads it.
    package let kvcKeys: [String]
    /// The load plan of this model alone (see `NibClassPlan.fixedModel`), held here so that
    /// a view load finds it without hashing the nib's name and checks nothing it kept against
    /// the model's names. The ref is its controller class's, and the class and the model
    /// never change during a run. Unchecked for exclusivity: set once, then only read.
    /// The plan is the nib loader's own type (a `NibClassPlan`), kept here untyped: this
    /// layer holds it for the loader without knowing it.
    @exclusivity(unchecked) package var loadPlan: AnyObject?

    package init(_ model: NibModel) {
        self.model = model
        kvcKeys = NibModelRef.kvcKeys(of: model)
    }

    package static func kvcKeys(of model: NibModel) -> [String] {
        var keys: [String] = []
        for c in model.connections where c.kind == .outlet && c.source == .owner && c.name != "view" && !keys.contains(c.name) {
            keys.append(c.name)
        }
        return keys
    }
}
