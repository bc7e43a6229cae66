import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

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
        // Made only once an object is skipped: until then an object's index in the model is
        // its index in the table (4 bytes an object of a million-object nib's peak).
        var modelIndex: [Int32] = []
        // Each object's class, by index, so that a child finds its parent's without a lookup.
        // (By its index among the nib's few classes: 4 bytes an object, where a reference was 8.)
        var nibClasses: [RuntimeClass] = [], classIndex: [ObjectIdentifier: Int32] = [:]
        var lastClassIndex: Int32 = -1
        var classOf: [Int32] = []
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
                let p = modelIndex.isEmpty ? (Int(o.parent) < model.objects.count ? o.parent : -1) : modelIndex[Int(o.parent)]
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
                let pid = ObjectIdentifier(nibClasses[Int(classOf[p])]), cid = ObjectIdentifier(cls)
                if !o.key.exists, let last = lastRelationship, last.parent == pid, last.child == cid {
                    rel = last.rel
                } else {
                    let syntax = table.decl(i, names: names)
                    guard let r = relationship(of: cls, key: syntax.key, under: p, parentClass: nibClasses[Int(classOf[p])], in: model,
                                               diagnostics: &diagnostics, at: syntax) else { continue }
                    rel = r
                    if !o.key.exists { lastRelationship = (pid, cid, r) }
                }
            } else if o.key.exists {
                diagnostics.append(.error("'as \(names[o.key.id])' needs a parent: a top-level object is held by nobody", at: o.key.range))
            }
            let index = model.objects.count
            model.objects.append(.init(name: names[o.name.id], className: cls.name, parent: parent, relationship: rel, range: o.range.span))
            if lastClassIndex < 0 || nibClasses[Int(lastClassIndex)] !== cls {
                lastClassIndex = classIndex[ObjectIdentifier(cls)] ?? Int32(nibClasses.count)
                if Int(lastClassIndex) == nibClasses.count { nibClasses.append(cls); classIndex[ObjectIdentifier(cls)] = lastClassIndex }
            }
            classOf.append(lastClassIndex)
            indexByName[nameID] = Int32(index)
            if modelIndex.isEmpty && index != i {
                // The first object after a skipped one: the indexes so far, and -1 for the skipped.
                modelIndex = [Int32](repeating: -1, count: table.objects.count)
                for k in 0..<index { modelIndex[k] = Int32(k) }
            }
            if !modelIndex.isEmpty { modelIndex[i] = Int32(index) }
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
                model.connections.append(.init(kind: .action, source: sender, name: a.selector.name, destination: target, isStale: false, range: a.range.span))
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
            case .object(let i): srcClass = nibClasses[Int(classOf[i])]
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
                                           moreDestinations: more, isStale: c.isStale, range: c.range.span,
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

extension ClassTable {
    /// "unknown class 'UILable'" with a suggestion, or "… is not available on mac".
    package func unknownClass(_ name: String, at range: SourceRange, candidates extra: [String] = []) -> Diagnostic {
        Self.unknownClass(name, at: range, platform: config.platform, among: classes.map(\.name) + extra)
    }

    package static func unknownClass(_ name: String, at range: SourceRange, platform: PlatformName, among names: [String]) -> Diagnostic {
        if Catalogue.allNames.contains(name) {
            return .error("class '\(name)' is not available on \(platform == .ios ? "iOS" : "the Mac")", at: range)
        }
        let notes = Suggest.closest(to: name, among: names).map { ["did you mean '\($0)'?"] } ?? []
        return .error("unknown class '\(name)'", at: range, notes: notes)
    }
}
