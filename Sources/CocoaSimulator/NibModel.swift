import NibScriptSyntax

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

    package struct Object {
        package var name: String
        package var className: String
        package var parent: Int?
        package var relationship: Relationship
        var range: SourceRange
        /// Whether the loader creates it with `init` rather than `initWithCoder:`, when the
        /// Interface Builder element decides it (a Mac `<customObject>`: init); nil for the
        /// class to decide (N2).
        package var createdWithInit: Bool? = nil
        /// `name`'s id in the program's `NameTable`, when it was interned there (an Interface
        /// Builder file's objects): loading binds the name by it, without looking it up.
        package var nameID: Int32? = nil
    }

    package enum Endpoint: Equatable {
        case owner
        case object(Int)
        /// The application (NSApp), which a Mac storyboard's Application scene stands for.
        case application
    }

    package struct Connection {
        package enum Kind { case outlet, action }
        package var kind: Kind
        package var source: Endpoint
        /// The outlet's key, or the action's selector.
        package var name: String
        /// The first destination, and the rest of an outlet collection's: a connection of
        /// one destination (nearly all of them) allocates no array.
        package var destination: Endpoint
        package var moreDestinations: [Endpoint]
        var isStale: Bool
        var range: SourceRange
        /// An outlet collection: the loader builds an array of the destinations.
        package var isCollection = false

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
        init(controller: Int, model: NibModel) { self.controller = controller; self.model = model }
    }

    package var topLevel: [Int] { objects.indices.filter { objects[$0].relationship == .topLevel } }
}

extension NibModel {
    /// A nib described from Swift: `objects` in document order, each top-level or a subview
    /// of an earlier one (named by `superview`); `outlets` from File's Owner (`source` nil)
    /// or from an object, to an object. `ownerClass`: the class File's Owner should be.
    public init(name: String, ownerClass: String? = nil, objects: [(name: String, className: String, superview: String?)],
                outlets: [(source: String?, key: String, destination: String)]) {
        self.init(name: name, isMain: false, ownerClass: ownerClass)
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

/// Builds nib models from `nib { … }` blocks, checking names, classes, nesting and outlets.
package struct NibBuilder {
    package let classes: ClassTable
    /// The script's names: objects are found by their names' ids (any table gives the same
    /// model; one without the script's names only makes finding them slower).
    package var names = NameTable()

    package init(classes: ClassTable, names: NameTable = NameTable()) {
        self.classes = classes
        self.names = names
    }

    /// A class and an outlet key.
    private struct OutletKey: Hashable {
        var cls: ObjectIdentifier
        /// The outlet's name id.
        var key: Int32
    }

    package func build(_ decl: NibDecl, items: [NibItem], diagnostics: inout [Diagnostic]) -> NibModel {
        // The tree becomes the table the parser would have made: one builder, one model.
        var names = self.names
        let table = NibTable(items: items, names: &names)
        return build(decl, table: table, names: names, diagnostics: &diagnostics)
    }

    /// The model of a nib block read as a table; `names` holds the table's ids.
    package func build(_ decl: NibDecl, table: NibTable, names: NameTable, diagnostics: inout [Diagnostic]) -> NibModel {
        var model = NibModel(name: decl.name.name, isMain: decl.isMain)
        // Exactly as much room as the nib needs: arrays that grow by doubling keep up to half
        // of their room empty, which for a nib of a million objects is a hundred megabytes.
        model.objects.reserveCapacity(table.objects.count)
        model.connections.reserveCapacity(table.connections.count + table.actions.count)
        // Each object's index in the model by its name's id (-1: none), and each declared
        // object's index in the model (-1: skipped, and everything inside it with it).
        var indexByName = [Int32](repeating: -1, count: names.count)
        var modelIndex = [Int32](repeating: -1, count: table.objects.count)
        // Each object's class, by index, so that a child finds its parent's without a lookup.
        var classOf: [RuntimeClass] = []
        classOf.reserveCapacity(table.objects.count)
        // An outlet found once for a class and key is not looked up again, however many
        // connections use it (one that is missing is reported on every line that names it).
        var outletsFound = Set<OutletKey>()
        var lastOutletFound: OutletKey?
        var ownerRange: SourceRange?
        // Siblings mostly share their class and their parent's: the last class looked up and
        // the last relationship worked out are kept, so a big nib looks each up once.
        var lastClass: (id: Int32, cls: RuntimeClass)?
        var lastRelationship: (parent: ObjectIdentifier, child: ObjectIdentifier, rel: NibModel.Relationship)?

        for (cls, range) in table.owners {
            if ownerRange != nil { diagnostics.append(.error("File's Owner is declared twice", at: range)); continue }
            ownerRange = range
            if classes[cls.name] == nil { diagnostics.append(classes.unknownClass(cls.name, at: cls.range)) } else { model.ownerClass = cls.name }
        }
        // Objects, parents before children, in document order.
        for i in table.objects.indices {
            let o = table.objects[i]
            var parent: Int?
            if o.parent >= 0 {
                let p = modelIndex[Int(o.parent)]
                if p < 0 { continue }  // inside an object that was skipped
                parent = Int(p)
            }
            let nameID = Int(o.name.id)
            if o.name.id == Keyword.owner.rawValue {
                diagnostics.append(.error("'owner' names File's Owner; give this object another name", at: o.name.range)); continue
            }
            if indexByName[nameID] >= 0 {
                diagnostics.append(.error("nib '\(decl.name.name)' already has an object named '\(names[o.name.id])'", at: o.name.range)); continue
            }
            let cls: RuntimeClass
            if let last = lastClass, last.id == o.className.id {
                cls = last.cls
            } else {
                let className = names[o.className.id]
                guard let found = classes[className] else {
                    diagnostics.append(classes.unknownClass(className, at: o.className.range)); continue
                }
                cls = found
                lastClass = (o.className.id, found)
            }
            var rel = NibModel.Relationship.topLevel
            if let p = parent {
                let pid = ObjectIdentifier(classOf[p]), cid = ObjectIdentifier(cls)
                if !o.key.exists, let last = lastRelationship, last.parent == pid, last.child == cid {
                    rel = last.rel
                } else {
                    let syntax = table.decl(i, names: names)
                    guard let r = relationship(of: cls, key: syntax.key, under: p, parentClass: classOf[p], in: model,
                                               diagnostics: &diagnostics, at: syntax) else { continue }
                    rel = r
                    if !o.key.exists { lastRelationship = (pid, cid, r) }
                }
            } else if o.key.exists {
                diagnostics.append(.error("'as \(names[o.key.id])' needs a parent: a top-level object is held by nobody", at: o.key.range))
            }
            let index = model.objects.count
            model.objects.append(.init(name: names[o.name.id], className: cls.name, parent: parent, relationship: rel, range: o.range))
            classOf.append(cls)
            indexByName[nameID] = Int32(index)
            modelIndex[i] = Int32(index)
        }

        func endpoint(_ n: NibTable.Name, diagnostics: inout [Diagnostic]) -> NibModel.Endpoint? {
            if n.id == Keyword.owner.rawValue { return .owner }
            if n.id >= 0, Int(n.id) < indexByName.count, indexByName[Int(n.id)] >= 0 { return .object(Int(indexByName[Int(n.id)])) }
            return noObject(n.id >= 0 ? names[n.id] : "", at: n.range, in: model, diagnostics: &diagnostics)
        }
        func endpoint(_ id: Identifier, diagnostics: inout [Diagnostic]) -> NibModel.Endpoint? {
            if let k = names.id(of: id.name) { return endpoint(NibTable.Name(id: k, range: id.range), diagnostics: &diagnostics) }
            return noObject(id.name, at: id.range, in: model, diagnostics: &diagnostics)
        }
        // Connections and actions, in document order.
        var nextAction = 0
        func addActions(upTo count: Int, diagnostics: inout [Diagnostic]) {
            while nextAction < table.actions.count, table.actions[nextAction].connectionsBefore <= count {
                let a = table.actions[nextAction].decl
                nextAction += 1
                guard let sender = endpoint(a.sender, diagnostics: &diagnostics),
                      let target = endpoint(a.target, diagnostics: &diagnostics) else { continue }
                model.connections.append(.init(kind: .action, source: sender, name: a.selector.name, destination: target, isStale: false, range: a.range))
            }
        }
        for ci in table.connections.indices {
            addActions(upTo: ci, diagnostics: &diagnostics)
            let c = table.connections[ci]
            guard let src = endpoint(c.source, diagnostics: &diagnostics) else { continue }
            // Each destination is looked up (and reported) even after one is missing.
            let first = endpoint(c.destination, diagnostics: &diagnostics)
            let more = c.moreCount == 0 ? [] : table.more(of: c).compactMap { endpoint($0, diagnostics: &diagnostics) }
            guard let first, more.count == Int(c.moreCount) else { continue }
            let srcClass: RuntimeClass?
            switch src {
            case .object(let i): srcClass = classOf[i]
            default: srcClass = className(of: src, in: model).flatMap { classes[$0] }
            }
            if let cls = srcClass {
                let key = OutletKey(cls: ObjectIdentifier(cls), key: c.outlet.id)
                // Consecutive connections mostly set the same outlet of the same class.
                if c.isStale || (key != lastOutletFound && !outletsFound.contains(key)),
                   checkOutlet(table.decl(c, names: names), on: cls, diagnostics: &diagnostics) {
                    outletsFound.insert(key)
                    lastOutletFound = key
                }
            }
            model.connections.append(.init(kind: .outlet, source: src, name: names[c.outlet.id], destination: first,
                                           moreDestinations: more, isStale: c.isStale, range: c.range,
                                           isCollection: !more.isEmpty))
        }
        addActions(upTo: Int.max, diagnostics: &diagnostics)
        return model
    }

    private func className(of e: NibModel.Endpoint, in model: NibModel) -> String? {
        switch e {
        case .owner: return model.ownerClass
        case .object(let i): return model.objects[i].className
        case .application: return nil
        }
    }

    private func noObject(_ name: String, at range: SourceRange, in model: NibModel,
                          diagnostics: inout [Diagnostic]) -> NibModel.Endpoint? {
        let notes = Suggest.closest(to: name, among: ["owner"] + model.objects.map(\.name).sorted()).map { ["did you mean '\($0)'?"] } ?? []
        diagnostics.append(.error("no object named '\(name)' in this nib", at: range, notes: notes))
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
    package static func placeFound(for key: String, in cls: RuntimeClass, config: Configuration) -> String? {
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
