// The neutral, ownership-oriented model of an Interface Builder document.
// It says who holds whom (parent + relationship) and who points at whom (connections);
// layout, appearance and resources are deliberately absent.

public enum IBPlatform: String, Sendable {
    case ios, mac

    /// "iOS" / "Mac", for messages and describe().
    public var displayName: String { self == .ios ? "iOS" : "Mac" }
}

public enum IBDocumentKind: Sendable {
    case xib, storyboard
}

public struct IBLocation: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line of the element's `<`.
    public var line: Int
    /// 1-based column (in characters, as XMLParser counts them) of the element's `<`.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

public enum IBRelationship: Equatable, Hashable, Sendable {
    /// Directly in `<objects>` of the document or of a storyboard scene.
    case topLevel
    /// Inside `<subviews>` of a view: owned by its superview.
    case subview
    /// A keyed child element (`<view key="view">`): the parent holds it through that property.
    case property(String)
    /// Another owned child collection (`<items>`, `<cells>`, `constraints`, …): the parent retains each.
    case collection(String)
}

public struct IBObject: Sendable {
    /// Position in `IBDocument.objects` (dense, document order).
    public var index: Int
    /// The XML `id` attribute.
    public var id: String
    /// The element name: "view", "label", "customObject", "placeholder", …
    public var element: String
    /// The Cocoa class for the element on the document's platform, before customClass.
    public var className: String
    public var customClass: String?
    public var userLabel: String?
    /// "IBFilesOwner", "IBFirstResponder", "IBApplication", "IBExit", or a custom external-object identifier.
    public var placeholderIdentifier: String?
    /// Index of the enclosing object; nil for top-level objects and placeholders.
    public var parent: Int?
    public var relationship: IBRelationship
    /// Storyboard: index into `IBDocument.scenes`.
    public var scene: Int?
    public var location: IBLocation
    public var displayName: String
    /// Selected raw attributes, in a fixed order (see `IBElementMap.keptAttributes`).
    public var attributes: [(String, String)]

    public init(index: Int, id: String, element: String, className: String, customClass: String?,
                userLabel: String?, placeholderIdentifier: String?, parent: Int?,
                relationship: IBRelationship, scene: Int?, location: IBLocation,
                displayName: String, attributes: [(String, String)]) {
        self.index = index
        self.id = id
        self.element = element
        self.className = className
        self.customClass = customClass
        self.userLabel = userLabel
        self.placeholderIdentifier = placeholderIdentifier
        self.parent = parent
        self.relationship = relationship
        self.scene = scene
        self.location = location
        self.displayName = displayName
        self.attributes = attributes
    }

    public var effectiveClass: String { customClass ?? className }
    public var isPlaceholder: Bool { placeholderIdentifier != nil }

    /// The first kept attribute with this name.
    public func attribute(_ name: String) -> String? {
        attributes.first(where: { $0.0 == name })?.1
    }
}

public enum IBConnectionKind: Equatable, Sendable {
    case outlet, outletCollection, action, segue
}

public struct IBConnection: Sendable {
    public var kind: IBConnectionKind
    /// Index of the object whose `<connections>` holds it.
    public var source: Int
    /// Outlet property, action selector, or for a segue its identifier, else its kind;
    /// relationship segues are named "relationship:<relationship>".
    public var name: String
    /// Index of the destination (the target, for an action).
    public var destination: Int
    public var location: IBLocation
    /// Actions: the control event ("touchUpInside"), when given.
    public var eventType: String?
    /// Segues: the kind ("show", "relationship", "embed", …).
    public var segueKind: String?
    /// Segues: the identifier, when given.
    public var segueIdentifier: String?

    public init(kind: IBConnectionKind, source: Int, name: String, destination: Int, location: IBLocation,
                eventType: String? = nil, segueKind: String? = nil, segueIdentifier: String? = nil) {
        self.kind = kind
        self.source = source
        self.name = name
        self.destination = destination
        self.location = location
        self.eventType = eventType
        self.segueKind = segueKind
        self.segueIdentifier = segueIdentifier
    }
}

public struct IBScene: Sendable {
    /// The `sceneID` attribute.
    public var id: String
    public var location: IBLocation
    /// The scene's top-level objects (placeholders included), in document order.
    public var objects: [Int]
    /// The scene's view controller (its first controller-like top-level object).
    public var controller: Int?

    public init(id: String, location: IBLocation, objects: [Int], controller: Int?) {
        self.id = id
        self.location = location
        self.objects = objects
        self.controller = controller
    }
}

public struct IBDocument: Sendable {
    /// As given by the caller (for messages).
    public var path: String
    public var kind: IBDocumentKind
    public var platform: IBPlatform
    /// Placeholders included, document order.
    public var objects: [IBObject] { didSet { buildIndexes() } }
    public var connections: [IBConnection]
    /// Empty for a xib.
    public var scenes: [IBScene]
    public var initialViewController: Int?
    public var warnings: [IBDiagnostic]

    /// The children of each object, in document order, as one list cut by `childStart` (the
    /// children of `i` are `childList[childStart[i]..<childStart[i + 1]]`): rebuilt whenever
    /// `objects` changes, so that walking a tree of n objects costs O(n), not O(n²), and
    /// two arrays instead of an array per object (a million of them at a million objects).
    private var childStart: [Int] = []
    private var childList: [Int] = []

    public init(path: String, kind: IBDocumentKind, platform: IBPlatform, objects: [IBObject],
                connections: [IBConnection], scenes: [IBScene], initialViewController: Int?,
                warnings: [IBDiagnostic]) {
        self.path = path
        self.kind = kind
        self.platform = platform
        self.objects = objects
        self.connections = connections
        self.scenes = scenes
        self.initialViewController = initialViewController
        self.warnings = warnings
        buildIndexes()
    }

    private mutating func buildIndexes() {
        var counts = [Int](repeating: 0, count: objects.count + 1)
        for object in objects {
            if let parent = object.parent, parent >= 0, parent < objects.count { counts[parent + 1] += 1 }
        }
        for i in 0..<objects.count { counts[i + 1] += counts[i] }
        var next = counts
        var list = [Int](repeating: 0, count: counts[objects.count])
        for (position, object) in objects.enumerated() {
            if let parent = object.parent, parent >= 0, parent < objects.count {
                list[next[parent]] = position
                next[parent] += 1
            }
        }
        childStart = counts
        childList = list
    }

    /// Non-placeholder objects with relationship `.topLevel`, in order.
    public var topLevelObjects: [Int] {
        objects.filter { !$0.isPlaceholder && $0.relationship == .topLevel }.map(\.index)
    }

    public var placeholders: [Int] {
        objects.filter(\.isPlaceholder).map(\.index)
    }

    public var filesOwner: Int? {
        objects.first(where: { $0.placeholderIdentifier == IBElementMap.filesOwnerIdentifier })?.index
    }

    /// The index of the object with this XML id (the first, if ids repeat). A search: nibscript
    /// itself never looks an object up by id once a document is read, and an index of a
    /// million ids cost more than the rest of the document.
    public func index(ofID id: String) -> Int? {
        objects.firstIndex { $0.id == id }
    }

    public func object(withID id: String) -> IBObject? { index(ofID: id).map { objects[$0] } }

    /// Direct children of an object, in document order.
    public func children(of index: Int) -> ArraySlice<Int> {
        guard index >= 0, index + 1 < childStart.count else { return [] }
        return childList[childStart[index]..<childStart[index + 1]]
    }

    /// Connections whose source is this object, in document order.
    public func connections(from index: Int) -> [IBConnection] {
        connections.filter { $0.source == index }
    }
}
