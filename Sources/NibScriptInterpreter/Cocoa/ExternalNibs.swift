import Foundation
import CocoaSimulator
import InterfaceBuilder
import NibScriptSyntax

/// Nibs read from Interface Builder files: `nib Detail from "Detail.xib"`, or a storyboard
/// scene, `nib Map from "Main.storyboard#MapViewController"` (a scene named by its
/// controller's storyboard identifier, custom class or scene id; without a name, the
/// initial view controller's scene).
package enum ExternalNibs {
    /// Documents already read while compiling a script, by resolved path: a file is read
    /// once, though both the platform and the nib models come from it.
    package typealias Documents = [String: Result<IBDocument, IBReadFailure>]

    /// The file's path as the script names it, relative to the script's folder.
    package static func resolve(_ path: String, from script: SourceFile) -> (file: String, scene: String?) {
        var p = path, scene: String?
        // `#` starts a scene only after a storyboard's name: a folder or a xib may have `#`
        // in its name (`/Users/me/C# app/Detail.xib`).
        if let hash = p.lastIndex(of: "#"), (String(p[..<hash]) as NSString).pathExtension.lowercased() == "storyboard" {
            scene = String(p[p.index(after: hash)...]); p = String(p[..<hash])
        }
        if p.hasPrefix("/") { return (p, scene) }
        let dir = (script.path as NSString).deletingLastPathComponent
        return (dir.isEmpty || script.path == "<stdin>" ? p : dir + "/" + p, scene)
    }

    /// Reads the document; Interface Builder's own errors come back as diagnostics at the
    /// string literal, each naming the file, line and column.
    package static func read(_ path: String, from script: SourceFile, at range: SourceRange,
                     diagnostics: inout [Diagnostic], documents: inout Documents) -> (IBDocument, String?)? {
        let (file, scene) = resolve(path, from: script)
        let result = documents[file] ?? IBReader.read(path: file)
        documents[file] = result
        switch result {
        case .success(let doc):
            for w in doc.warnings { diagnostics.append(.warning(w.description, at: range)) }
            return (doc, scene)
        case .failure(let f):
            for d in f.diagnostics {
                diagnostics.append(Diagnostic(d.severity == .error ? .error : .warning, d.description, at: range))
            }
            return nil
        }
    }

    /// `names`: the script's names, to which the objects' names are added (see
    /// `NibModel.Object.nameID`).
    package static func load(_ decl: NibDecl, path: String, range: SourceRange, from script: SourceFile,
                     classes: ClassTable, names: inout NameTable, diagnostics: inout [Diagnostic],
                     documents: inout Documents) -> NibModel? {
        guard let (doc, scene) = read(path, from: script, at: range, diagnostics: &diagnostics, documents: &documents) else { return nil }
        return NibModelMapping(doc: doc, classes: classes, range: range, nibName: decl.name.name, isMain: decl.isMain)
            .model(scene: scene, names: &names, diagnostics: &diagnostics)
    }
}

/// Maps an Interface Builder document onto the nib model the loader runs.
package struct NibModelMapping {
    package let doc: IBDocument
    package let classes: ClassTable
    package let range: SourceRange
    package let nibName: String
    package let isMain: Bool
    package let reported = Reported()

    /// The objects' names are interned in `names`, the script's: the checker and the run find
    /// them by id there, in arrays, instead of each keeping a table of a million names of
    /// its own.
    package func model(scene: String?, names table: inout NameTable, diagnostics: inout [Diagnostic]) -> NibModel? {
        var model = NibModel(name: nibName, isMain: isMain, documentPlatform: doc.platform == .ios ? .ios : .mac)
        guard let chosen = objectsToLoad(scene: scene, diagnostics: &diagnostics) else { return nil }
        model.fromStoryboard = doc.kind == .storyboard
        // A Mac storyboard's Application scene is what NSApplicationMain loads from the main
        // storyboard at launch: its objects are kept for the application, as a main nib's (N5).
        if chosen.application != nil { model.isMain = true }
        if let owner = doc.filesOwner, let cls = classFor(doc.objects[owner], diagnostics: &diagnostics, required: false) {
            model.ownerClass = cls
        }
        // A scene controller's view is not instantiated with the scene: UIKit loads it the
        // first time the view is asked for, from a nib of its own owned by the controller.
        let viewRoots = doc.kind == .storyboard ? sceneViewRoots(chosen) : []
        let inView = Set(viewRoots.flatMap { subtree(of: $0.view, in: chosen) })
        var indexOf = OptionalIndices(count: doc.objects.count)  // by IB index
        // Room made at once for a big document; a small one's few names would only make
        // the table copy itself for each nib.
        if doc.objects.count >= 4096 {
            table.reserveCapacity(forMore: doc.objects.count)
            model.objects.reserveCapacity(chosen.order.count)
        }
        // The names `describe` prints: document-wide, so a scene's objects are named alike
        // whichever scene is loaded.
        let names = ScriptNames(doc, in: &table)
        var failed = false
        for i in chosen.order where !inView.contains(i) {
            let o = doc.objects[i]
            guard let cls = classFor(o, diagnostics: &diagnostics, required: true) else { failed = true; continue }
            let (name, nameID) = names.name(i, of: doc, in: table)
            let parent = chosen.parent[i].flatMap { indexOf[$0] }
            let rel = relationship(of: o, ibParent: chosen.parent[i], parent: parent, in: model, chosen: chosen)
            indexOf[i] = model.objects.count
            model.objects.append(.init(name: name, className: cls, parent: parent, relationship: rel, range: range.span,
                                       createdWithInit: createdWithInit(o), nameID: nameID))
        }
        if failed { return nil }
        let filesOwner = doc.filesOwner  // a search: once, not per connection
        connect(&model) { i in
            if i == filesOwner { return .owner }
            if let app = chosen.application, i == app { return .application }
            return indexOf[i].map { .object($0) }
        }
        // The application scene's main menu is NSApp's mainMenu (retained by it).
        if let app = chosen.application {
            for c in doc.children(of: app) {
                guard case .property(let key) = doc.objects[c].relationship, let m = indexOf[c],
                      let cls = classes["NSApplication"], cls.property(key) != nil else { continue }
                model.connections.append(.init(kind: .outlet, source: .application, name: key, destinations: [.object(m)], isStale: false, range: range.span))
            }
        }
        for (controller, view) in viewRoots {
            guard let c = indexOf[controller] else { continue }
            model.sceneViews.append(.init(controller: c, model: viewModel(controller: controller, view: view, named: model.objects[c].name + "_view",
                                                 chosen: chosen, names: names, table: table, diagnostics: &diagnostics)))
        }
        return model
    }

    /// NSNib: "Custom objects are initialized using their init method", whatever their class
    /// (an NSFontManager, an app delegate); the standard objects of the library (views,
    /// cells, menus, controllers) get `initWithCoder:` even with a custom class. On iOS the
    /// class decides: what adopts NSCoding gets `initWithCoder:`.
    private func createdWithInit(_ o: IBObject) -> Bool? {
        guard doc.platform == .mac else { return nil }
        return o.element == "customObject" ? true : nil
    }

    /// Each loaded scene controller with a `<view key="view">`, and that view.
    private func sceneViewRoots(_ chosen: Selection) -> [(controller: Int, view: Int)] {
        chosen.order.compactMap { i in
            guard doc.objects[i].scene.map({ doc.scenes[$0].controller == i }) == true else { return nil }
            let view = doc.children(of: i).first { doc.objects[$0].relationship == .property("view") }
            return view.map { (i, $0) }
        }
    }

    private func subtree(of root: Int, in chosen: Selection) -> [Int] {
        var out: [Int] = [], stack = [root]
        while let i = stack.popLast() { out.append(i); stack += doc.children(of: i) }
        return out
    }

    /// The nib a scene controller loads its view from: the view at the top level, File's
    /// Owner the controller, its `view` outlet connected, and the connections between the
    /// controller and the view's objects.
    private func viewModel(controller: Int, view: Int, named name: String, chosen: Selection,
                           names: ScriptNames, table: NameTable, diagnostics: inout [Diagnostic]) -> NibModel {
        var m = NibModel(name: name, isMain: false, documentPlatform: doc.platform == .ios ? .ios : .mac)
        m.ownerClass = classFor(doc.objects[controller], diagnostics: &diagnostics, required: false)
        var indexOf = OptionalIndices(count: doc.objects.count)  // by IB index
        // The view's objects in load order, without scanning everything loaded for each view.
        let members = subtree(of: view, in: chosen).filter { chosen.position[$0] != nil }
            .sorted { chosen.position[$0]! < chosen.position[$1]! }
        for i in members {
            let o = doc.objects[i]
            guard let cls = classFor(o, diagnostics: &diagnostics, required: true) else { continue }
            let (objName, nameID) = names.name(i, of: doc, in: table)
            let parent = i == view ? nil : o.parent.flatMap { indexOf[$0] }
            let rel: NibModel.Relationship = i == view ? .topLevel
                : relationship(of: o, ibParent: o.parent, parent: parent, in: m, chosen: chosen)
            indexOf[i] = m.objects.count
            m.objects.append(.init(name: objName, className: cls, parent: parent, relationship: rel, range: range.span,
                                   createdWithInit: createdWithInit(o), nameID: nameID))
        }
        if let v = indexOf[view] {
            m.connections.append(.init(kind: .outlet, source: .owner, name: "view", destinations: [.object(v)], isStale: true, range: range.span))
        }
        connect(&m) { i in i == controller ? .owner : indexOf[i].map { .object($0) } }
        // Only connections that reach into the view belong to the view's nib.
        m.connections = m.connections.filter { c in c.name == "view" && c.source == .owner || ([c.source] + c.destinations).contains { $0 != .owner } }
        return m
    }

    /// The document's names for its objects (`IBDocument.scriptNames`), claimed in the
    /// script's table of names: one table of a million names, not a table to tell which
    /// names are taken and then the script's, and an id per object rather than a String.
    package struct ScriptNames {
        /// By the document's object index: the name's id in the table; nil for a placeholder.
        let ids: [Int32?]

        init(_ doc: IBDocument, in table: inout NameTable) {
            // Which of the table's names an object of the document has taken, by id.
            var taken = [Bool](repeating: false, count: table.count + doc.objects.count)
            taken[Int(table.intern("owner"))] = true
            ids = doc.scriptNames { name in
                let id = table.intern(name)
                if Int(id) >= taken.count { taken += repeatElement(false, count: taken.count) }
                if taken[Int(id)] { return nil }
                taken[Int(id)] = true
                return id
            }
        }

        /// Object `i`'s name and its id in `table`.
        func name(_ i: Int, of doc: IBDocument, in table: NameTable) -> (String, Int32?) {
            if let id = ids[i] { return (table[id], id) }
            return (NibModelMapping.identifier(doc.objects[i].displayName), nil)
        }
    }

    /// `label-Mpr` → `label_Mpr`: names a script can write.
    package static func identifier(_ s: String) -> String { IBDocument.scriptIdentifier(s) }

    /// Names given so far, and the next suffix to try for each, so that n objects with the
    /// same label are named in O(n), not O(n²).
    /// By the document's object index: arrays, not dictionaries, as every object of a xib is
    /// chosen (at a million objects, each dictionary insert was a cache miss).
    package struct Selection {
        var order: [Int] = []
        /// Where each chosen object stands in `order`.
        var position: OptionalIndices
        /// A parent for each chosen object: its IB parent, or for a storyboard the controller
        /// that holds it (other scene objects, controllers reached through relationship segues).
        var parent: OptionalIndices
        var sceneOwned: [Bool]

        init(objects: Int) {
            position = OptionalIndices(count: objects)
            parent = OptionalIndices(count: objects)
            sceneOwned = Array(repeating: false, count: objects)
        }
        /// The Application placeholder of a Mac storyboard's Application scene, when that
        /// scene is the one loaded: it stands for NSApp.
        var application: Int?
    }

    /// Which objects load: every non-placeholder object of a xib; for a storyboard, one
    /// scene and the scenes its relationship segues reach (a navigation controller's root).
    private func objectsToLoad(scene: String?, diagnostics: inout [Diagnostic]) -> Selection? {
        var sel = Selection(objects: doc.objects.count)
        func addSubtree(_ root: Int, parent: Int?) {
            var stack = [root]
            while let i = stack.popLast() {
                // Fields read in place: a copy of the object costs more than the rest here.
                if doc.objects[i].isPlaceholder { continue }
                // A shared instance (the Shared User Defaults Controller, NSApp) is not made by
                // the load: it is neither a top-level object of the owner's nor freed with it.
                if doc.objects[i].isSharedInstance { continue }
                sel.position[i] = sel.order.count
                sel.order.append(i)
                if i == root { sel.parent[i] = parent } else { sel.parent[i] = doc.objects[i].parent }
                stack += doc.children(of: i).reversed()
            }
        }
        guard doc.kind == .storyboard else {
            for i in doc.topLevelObjects { addSubtree(i, parent: nil) }
            return sel
        }
        guard let first = pickScene(scene, diagnostics: &diagnostics) else { return nil }
        // The Application scene has no controller: its objects (the app delegate, the font
        // manager) and the application's children (the main menu) load at the top level.
        if doc.scenes[first].controller == nil,
           let app = doc.scenes[first].objects.first(where: { doc.objects[$0].isApplicationPlaceholder }) {
            sel.application = app
            for c in doc.children(of: app) { addSubtree(c, parent: nil) }
            for i in doc.scenes[first].objects where doc.objects[i].parent == nil && !doc.objects[i].isPlaceholder {
                addSubtree(i, parent: nil)
            }
            return sel
        }
        // Relationship segues by source, in document order: each is followed once, when its
        // source is loaded, instead of rescanning every connection for every scene.
        var segues: [Int: [Int]] = [:]
        for (k, c) in doc.connections.enumerated() where c.kind == .segue && c.name.hasPrefix("relationship:") {
            segues[c.source, default: []].append(k)
        }
        var pending = [first], next = 0, seen: Set<Int> = []
        var holder: [Int: Int] = [:]   // scene → the controller that holds its controller
        while next < pending.count {
            let s = pending[next]
            next += 1
            guard seen.insert(s).inserted, let controller = doc.scenes[s].controller else { continue }
            let loadedBefore = sel.order.count
            addSubtree(controller, parent: holder[s])
            for i in doc.scenes[s].objects where i != controller && doc.objects[i].parent == nil && !doc.objects[i].isPlaceholder {
                addSubtree(i, parent: controller)
                sel.sceneOwned[i] = true
            }
            for k in sel.order[loadedBefore...].flatMap({ segues[$0] ?? [] }).sorted() {
                let c = doc.connections[k]
                guard let target = doc.objects[c.destination].scene else { continue }
                // A window controller's content: its window's contentViewController.
                if c.name == "relationship:window.shadowedContentViewController",
                   let w = doc.children(of: c.source).first(where: { doc.objects[$0].relationship == .property("window") }) {
                    holder[target] = w
                } else {
                    holder[target] = c.source
                }
                pending.append(target)
            }
        }
        return sel
    }

    private func pickScene(_ name: String?, diagnostics: inout [Diagnostic]) -> Int? {
        if let name {
            for (k, s) in doc.scenes.enumerated() {
                if s.id == name { return k }
                if name == "Application", s.controller == nil,
                   s.objects.contains(where: { doc.objects[$0].isApplicationPlaceholder }) { return k }
                if let c = s.controller {
                    let o = doc.objects[c]
                    if o.attribute("storyboardIdentifier") == name || o.customClass == name || o.effectiveClass == name { return k }
                }
            }
            diagnostics.append(.error("\(doc.path) has no scene named '\(name)' (by storyboard identifier, custom class or scene id)", at: range))
            return nil
        }
        if let i = doc.initialViewController, let s = doc.objects[i].scene { return s }
        if let k = doc.scenes.firstIndex(where: { $0.controller != nil }) { return k }
        diagnostics.append(.error("\(doc.path) has no scene with a view controller", at: range))
        return nil
    }

    /// The class to instantiate: a custom class must be declared in the script (its outlets
    /// matter); a Cocoa class comes from the catalogue, or the nearest one it has.
    private func classFor(_ o: IBObject, diagnostics: inout [Diagnostic], required: Bool) -> String? {
        if let custom = o.customClass {
            if classes[custom] != nil { return custom }
            if required || o.placeholderIdentifier == "IBFilesOwner" { reportUndeclared(custom, of: o, diagnostics: &diagnostics) }
            return nil
        }
        if classes[o.className] != nil { return o.className }
        let fallback = nearestKnownClass(of: o)
        if reported.uncatalogued.insert(o.className).inserted {
            diagnostics.append(.warning("\(doc.path):\(o.location): \(o.className) is not in the class catalogue; it loads as \(fallback)", at: range))
        }
        return fallback
    }

    /// One error per undeclared class, however many objects have it: the first object is
    /// named with its place in the file, the others counted. The declaration it suggests
    /// has a superclass the script can write (a class of the catalogue).
    private func reportUndeclared(_ custom: String, of o: IBObject, diagnostics: inout [Diagnostic]) {
        if let k = reported.undeclared[custom] {
            reported.undeclaredCount[custom, default: 1] += 1
            let n = reported.undeclaredCount[custom]! - 1
            diagnostics[k].message = undeclaredMessage(custom, first: reported.undeclaredFirst[custom]!, more: n)
            return
        }
        let name = o.isPlaceholder ? o.displayName : (doc.scriptNames[o.index] ?? o.displayName)
        let first = "\(name) (\(doc.path):\(o.location))"
        reported.undeclared[custom] = diagnostics.count
        reported.undeclaredFirst[custom] = first
        diagnostics.append(.error(undeclaredMessage(custom, first: first, more: 0), at: range,
                                  notes: ["declare it with its outlets and their attributes, for instance 'class \(custom) : \(suggestedSuperclass(of: o)) { … }'"]))
    }

    private func undeclaredMessage(_ custom: String, first: String, more: Int) -> String {
        let others = more == 0 ? "" : " and \(more) more object\(more == 1 ? "" : "s")"
        return "class '\(custom)' of \(first)\(others) is not declared in the script"
    }

    /// The class a declaration of `o`'s custom class can inherit from: its element's class
    /// when the catalogue has it; for File's Owner, a controller when its `view` (or `window`)
    /// outlet is connected; else the nearest class the catalogue has.
    private func suggestedSuperclass(of o: IBObject) -> String {
        if o.isPlaceholder {
            let outlets = Set(doc.connections.filter { $0.source == o.index }.map(\.name))
            if outlets.contains("view") { return config.isIOS ? "UIViewController" : "NSViewController" }
            if outlets.contains("window"), config.isMac { return "NSWindowController" }
            return "NSObject"
        }
        return classes[o.className] != nil ? o.className : nearestKnownClass(of: o)
    }

    private func nearestKnownClass(of o: IBObject) -> String {
        let view = config.isIOS ? "UIView" : "NSView"
        return o.relationship == .subview || o.className.hasSuffix("View") ? view : "NSObject"
    }

    /// What was already reported while mapping this document (one diagnostic per class).
    package final class Reported {
        var undeclared: [String: Int] = [:]
        var undeclaredFirst: [String: String] = [:]
        var undeclaredCount: [String: Int] = [:]
        var uncatalogued: Set<String> = []
    }

    private var config: Configuration { classes.config }

    private func relationship(of o: IBObject, ibParent: Int?, parent: Int?, in model: NibModel, chosen: Selection) -> NibModel.Relationship {
        guard let p = parent, let pcls = classes[model.objects[p].className] else { return .topLevel }
        // A scene's other top-level objects live and die with its controller: UIKit keeps
        // them in a private array of the controller, AppKit in its top-level objects.
        if chosen.sceneOwned[o.index] {
            return .collection(pcls.list("topLevelObjects") != nil ? "topLevelObjects" : "topLevelObjectsToKeepAliveFromStoryboard")
        }
        if ibParent != o.parent {
            if pcls.isKind(of: "NSWindow"), pcls.property("contentViewController") != nil { return .property("contentViewController") }
            return .collection("viewControllers")
        }
        switch o.relationship {
        case .subview: return pcls.isView ? .subview : .collection("subviews")
        case .property(let key): return pcls.property(key) != nil ? .property(key) : .collection(pcls.list(key) != nil ? key : "children")
        case .collection(let name): return .collection(pcls.list(name) != nil ? name : "children")
        case .topLevel: return .topLevel
        }
    }

    /// Outlets, outlet collections (grouped by source and property) and actions. Segues
    /// carry no ownership and are left out; connections to First Responder or another
    /// placeholder that is not File's Owner cannot be simulated and are left out too.
    private func connect(_ model: inout NibModel, endpoint: (Int) -> NibModel.Endpoint?) {
        var k = 0
        let cs = doc.connections
        while k < cs.count {
            let c = cs[k]
            k += 1
            guard let src = endpoint(c.source), let dst = endpoint(c.destination) else { continue }
            switch c.kind {
            case .segue:
                model.ignoredSegues += 1
                continue
            case .action:
                model.connections.append(.init(kind: .action, source: src, name: c.name, destinations: [dst], isStale: false, range: range.span))
            case .outlet:
                model.connections.append(.init(kind: .outlet, source: src, name: c.name, destinations: [dst], isStale: true, range: range.span))
            case .outletCollection:
                var dests = [dst]
                while k < cs.count, cs[k].kind == .outletCollection, cs[k].source == c.source, cs[k].name == c.name {
                    if let d = endpoint(cs[k].destination) { dests.append(d) }
                    k += 1
                }
                model.connections.append(.init(kind: .outlet, source: src, name: c.name, destinations: dests, isStale: true,
                                               range: range.span, isCollection: true))
            }
        }
    }
}
