import NibScriptSyntax

/// A nib as the loader sees it, whether written as a `nib { … }` block or read from a
/// .xib or .storyboard file: objects in document order (parents before children), how each
/// is held by its parent, and the connections.
struct NibModel {
    enum Relationship: Equatable {
        case topLevel
        /// In a view's subviews: the superview retains it.
        case subview
        /// Held by the parent through that property (a controller's `view`, a window's `contentView`).
        case property(String)
        /// In one of the parent's owned lists (a navigation controller's viewControllers, menu items).
        case collection(String)
    }

    struct Object {
        var name: String
        var className: String
        var parent: Int?
        var relationship: Relationship
        var range: SourceRange
        /// Whether the loader creates it with `init` rather than `initWithCoder:`, when the
        /// Interface Builder element decides it (a Mac `<customObject>`: init); nil for the
        /// class to decide (N2).
        var createdWithInit: Bool? = nil
    }

    enum Endpoint: Equatable {
        case owner
        case object(Int)
        /// The application (NSApp), which a Mac storyboard's Application scene stands for.
        case application
    }

    struct Connection {
        enum Kind { case outlet, action }
        var kind: Kind
        var source: Endpoint
        /// The outlet's key, or the action's selector.
        var name: String
        /// The first destination, and the rest of an outlet collection's: a connection of
        /// one destination (nearly all of them) allocates no array.
        var destination: Endpoint
        var moreDestinations: [Endpoint]
        var isStale: Bool
        var range: SourceRange
        /// An outlet collection: the loader builds an array of the destinations.
        var isCollection = false

        init(kind: Kind, source: Endpoint, name: String, destination: Endpoint, moreDestinations: [Endpoint] = [],
             isStale: Bool, range: SourceRange, isCollection: Bool = false) {
            self.kind = kind; self.source = source; self.name = name
            self.destination = destination; self.moreDestinations = moreDestinations
            self.isStale = isStale; self.range = range; self.isCollection = isCollection
        }

        /// `destinations` must not be empty.
        init(kind: Kind, source: Endpoint, name: String, destinations: [Endpoint], isStale: Bool, range: SourceRange,
             isCollection: Bool = false) {
            self.init(kind: kind, source: source, name: name, destination: destinations[0],
                      moreDestinations: Array(destinations.dropFirst()), isStale: isStale, range: range,
                      isCollection: isCollection)
        }

        var destinations: [Endpoint] { moreDestinations.isEmpty ? [destination] : [destination] + moreDestinations }

        func hasDestination(_ e: Endpoint) -> Bool { destination == e || moreDestinations.contains(e) }
    }

    var name: String
    var isMain: Bool
    var ownerClass: String?
    var objects: [Object] = []
    var connections: [Connection] = []
    /// The platform an Interface Builder file was written for, if it says.
    var documentPlatform: PlatformName?
    /// Segues of a storyboard scene: they carry no ownership, so the loader ignores them.
    var ignoredSegues = 0
    /// A storyboard scene: its controllers are returned autoreleased (+0), as
    /// `instantiateControllerWithIdentifier:` returns them, on both platforms.
    var fromStoryboard = false
    /// Storyboard scenes: for a controller (an index into `objects`), the nib its view loads
    /// from, lazily, with the controller as File's Owner.
    var sceneViews: [SceneView] = []

    /// Boxed: a nib model holds the models of its scenes' views.
    final class SceneView {
        let controller: Int
        let model: NibModel
        init(controller: Int, model: NibModel) { self.controller = controller; self.model = model }
    }

    var topLevel: [Int] { objects.indices.filter { objects[$0].relationship == .topLevel } }
}

/// Builds nib models from `nib { … }` blocks, checking names, classes, nesting and outlets.
struct NibBuilder {
    let classes: ClassTable
    /// The script's names: objects are found by their names' ids (any table gives the same
    /// model; one without the script's names only makes finding them slower).
    var names = NameTable()

    /// A class and an outlet key.
    private struct OutletKey: Hashable {
        var cls: ObjectIdentifier
        var key: String
    }

    func build(_ decl: NibDecl, items: [NibItem], diagnostics: inout [Diagnostic]) -> NibModel {
        var model = NibModel(name: decl.name.name, isMain: decl.isMain)
        var indexByName = NameIndex(names: names)
        // Exactly as much room as the nib needs: arrays that grow by doubling keep up to half
        // of their room empty, which for a nib of a million objects is a hundred megabytes.
        var objectCount = 0, connectionCount = 0
        NibObjectDecl.walk(items) { _, _ in objectCount += 1; return 0 }
        for item in items {
            switch item {
            case .connect, .action: connectionCount += 1
            default: break
            }
        }
        model.objects.reserveCapacity(objectCount)
        model.connections.reserveCapacity(connectionCount)
        // Each object's class, by index, so that a child finds its parent's without a lookup.
        var classOf: [RuntimeClass] = []
        classOf.reserveCapacity(objectCount)
        // An outlet found once for a class and key is not looked up again, however many
        // connections use it (one that is missing is reported on every line that names it).
        var outletsFound = Set<OutletKey>()
        var lastOutletFound: OutletKey?
        var ownerRange: SourceRange?
        // Siblings mostly share their class and their parent's: the last class looked up and
        // the last relationship worked out are kept, so a big nib looks each up once.
        var lastClass: RuntimeClass?
        var lastRelationship: (parent: ObjectIdentifier, child: ObjectIdentifier, rel: NibModel.Relationship)?

        for case .owner(let cls, let range) in items {
            if ownerRange != nil { diagnostics.append(.error("File's Owner is declared twice", at: range)); continue }
            ownerRange = range
            if classes[cls.name] == nil { diagnostics.append(classes.unknownClass(cls.name, at: cls.range)) } else { model.ownerClass = cls.name }
        }
        // Objects, parents before children, in document order (see NibObjectDecl.walk).
        NibObjectDecl.walk(items) { o, parent in
            if o.name.name == "owner" {
                diagnostics.append(.error("'owner' names File's Owner; give this object another name", at: o.name.range)); return nil
            }
            if indexByName[o.name] != nil {
                diagnostics.append(.error("nib '\(decl.name.name)' already has an object named '\(o.name.name)'", at: o.name.range)); return nil
            }
            let cls: RuntimeClass
            if let last = lastClass, last.name == o.className.name {
                cls = last
            } else {
                guard let found = classes[o.className.name] else {
                    diagnostics.append(classes.unknownClass(o.className.name, at: o.className.range)); return nil
                }
                cls = found
                lastClass = found
            }
            var rel = NibModel.Relationship.topLevel
            if let p = parent {
                let pid = ObjectIdentifier(classOf[p]), cid = ObjectIdentifier(cls)
                if o.key == nil, let last = lastRelationship, last.parent == pid, last.child == cid {
                    rel = last.rel
                } else {
                    guard let r = relationship(of: cls, key: o.key, under: p, parentClass: classOf[p], in: model,
                                               diagnostics: &diagnostics, at: o) else { return nil }
                    rel = r
                    if o.key == nil { lastRelationship = (pid, cid, r) }
                }
            } else if let key = o.key {
                diagnostics.append(.error("'as \(key.name)' needs a parent: a top-level object is held by nobody", at: key.range))
            }
            let index = model.objects.count
            model.objects.append(.init(name: o.name.name, className: cls.name, parent: parent, relationship: rel, range: o.range))
            classOf.append(cls)
            indexByName.set(o.name, to: index)
            return index
        }

        for item in items {
            switch item {
            case .connect(let c):
                guard let src = endpoint(c.source, indexByName, in: model, diagnostics: &diagnostics) else { continue }
                // Each destination is looked up (and reported) even after one is missing.
                let first = endpoint(c.destination, indexByName, in: model, diagnostics: &diagnostics)
                let more = c.moreDestinations.compactMap { endpoint($0, indexByName, in: model, diagnostics: &diagnostics) }
                guard let first, more.count == c.moreDestinations.count else { continue }
                let srcClass: RuntimeClass?
                switch src {
                case .object(let i): srcClass = classOf[i]
                default: srcClass = className(of: src, in: model).flatMap { classes[$0] }
                }
                if let cls = srcClass {
                    let key = OutletKey(cls: ObjectIdentifier(cls), key: c.outlet.name)
                    // Consecutive connections mostly set the same outlet of the same class.
                    if c.isStale || (key != lastOutletFound && !outletsFound.contains(key)),
                       checkOutlet(c, on: cls, diagnostics: &diagnostics) {
                        outletsFound.insert(key)
                        lastOutletFound = key
                    }
                }
                model.connections.append(.init(kind: .outlet, source: src, name: c.outlet.name, destination: first,
                                               moreDestinations: more, isStale: c.isStale, range: c.range,
                                               isCollection: !more.isEmpty))
            case .action(let a):
                guard let sender = endpoint(a.sender, indexByName, in: model, diagnostics: &diagnostics),
                      let target = endpoint(a.target, indexByName, in: model, diagnostics: &diagnostics) else { continue }
                model.connections.append(.init(kind: .action, source: sender, name: a.selector.name, destination: target, isStale: false, range: a.range))
            default: break
            }
        }
        return model
    }

    private func className(of e: NibModel.Endpoint, in model: NibModel) -> String? {
        switch e {
        case .owner: return model.ownerClass
        case .object(let i): return model.objects[i].className
        case .application: return nil
        }
    }

    private func endpoint(_ id: Identifier, _ index: NameIndex, in model: NibModel,
                          diagnostics: inout [Diagnostic]) -> NibModel.Endpoint? {
        if id.name == "owner" { return .owner }
        if let i = index[id] { return .object(i) }
        let notes = Suggest.closest(to: id.name, among: ["owner"] + model.objects.map(\.name).sorted()).map { ["did you mean '\($0)'?"] } ?? []
        diagnostics.append(.error("no object named '\(id.name)' in this nib", at: id.range, notes: notes))
        return nil
    }

    /// How a nested object is held by its parent: subviews of a view, otherwise what `as KEY`
    /// names, otherwise the one obvious property (a controller's view, a window's content view).
    private func relationship(of cls: RuntimeClass, key: Identifier?, under p: Int, parentClass pcls: RuntimeClass,
                              in model: NibModel, diagnostics: inout [Diagnostic], at o: NibObjectDecl) -> NibModel.Relationship? {
        let parent = model.objects[p]
        if let key {
            if pcls.property(key.name) != nil { return .property(key.name) }
            if pcls.list(key.name) != nil { return .collection(key.name) }
            let names = pcls.ancestors.flatMap { $0.properties.map(\.name) + $0.lists.map(\.name) }
            let notes = Suggest.closest(to: key.name, among: names).map { ["did you mean '\($0)'?"] } ?? []
            diagnostics.append(.error("'\(pcls.name)' has no property or list '\(key.name)' to hold '\(o.name.name)'", at: key.range, notes: notes))
            return nil
        }
        // A window is a view, but a controller nested in it is its root view controller.
        if pcls.isKind(of: "UIWindow"), cls.isViewController { return .property("rootViewController") }
        if pcls.isView {
            if cls.isView { return .subview }
            diagnostics.append(.error("'\(o.name.name)' (\(cls.name)) cannot be a subview of '\(parent.name)' (\(pcls.name)): only views nest inside views",
                                      at: o.className.range, notes: ["write 'as KEY' to hold it through a property of '\(parent.name)', or move it to the top level"]))
            return nil
        }
        if pcls.isViewController, cls.isView { return .property("view") }
        if pcls.list("viewControllers") != nil, cls.isViewController { return .collection("viewControllers") }
        if pcls.isKind(of: "NSWindow"), cls.isView { return .property("contentView") }
        if pcls.isWindowController, cls.isKind(of: "NSWindow") { return .property("window") }
        if pcls.list("items") != nil { return .collection("items") }
        diagnostics.append(.error("cannot nest '\(o.name.name)' (\(cls.name)) inside '\(parent.name)' (\(pcls.name))",
                                  at: o.className.range, notes: ["write 'as KEY' to say which property or list of '\(parent.name)' holds it"]))
        return nil
    }

    /// What this platform's outlet search finds for `key` (N6, N7), in words; nil when it
    /// finds nothing (an ivar hidden by `accessInstanceVariablesDirectly NO`, a Mac `_foo`):
    /// the connection is then as stale as the script says.
    static func placeFound(for key: String, in cls: RuntimeClass, config: Configuration) -> String? {
        switch config.isIOS ? KeyValueCoding.iosSearch(key, in: cls) : KeyValueCoding.macSearch(key, in: cls) {
        case .setter: return "a setter -\(KeyValueCoding.setterSelector(key))"
        case .method(let sel, _, _): return "a method -\(sel)"
        case .kvcIvar(let v), .directIvar(let v): return "an ivar '\(v.name)'"
        case .undefinedKeyOverride, .undefinedKey, .notConnected: return nil
        }
    }

    /// The outlet must be something one of the platforms' searches can find (N6, N7), unless
    /// the class handles undefined keys itself or the connection is marked `stale`.
    /// Returns whether the outlet was found.
    @discardableResult
    private func checkOutlet(_ c: ConnectDecl, on cls: RuntimeClass, diagnostics: inout [Diagnostic]) -> Bool {
        let key = c.outlet.name
        let found = KeyValueCoding.hasAnyTarget(for: key, in: cls)
        if found, c.isStale, let what = Self.placeFound(for: key, in: cls, config: classes.config) {
            diagnostics.append(.warning("connection marked 'stale' but '\(cls.name)' has \(what), which the loader finds", at: c.outlet.range))
        }
        if found || c.isStale || cls.method("setValue:forUndefinedKey:") != nil { return found && !c.isStale }
        var names: [String] = []
        for k in cls.ancestors { names += k.properties.map(\.name) + k.ivars.map(\.name) }
        var notes = Suggest.closest(to: key, among: names).map { ["did you mean '\($0)'?"] } ?? []
        notes.append("to simulate a connection left behind by a renamed outlet, end the line with 'stale'")
        diagnostics.append(.error("class '\(cls.name)' has no outlet '\(key)'", at: c.outlet.range, notes: notes))
        return false
    }
}
