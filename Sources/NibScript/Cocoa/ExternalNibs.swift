import Foundation
import InterfaceBuilder
import NibScriptSyntax

/// Nibs read from Interface Builder files: `nib Detail from "Detail.xib"`, or a storyboard
/// scene, `nib Map from "Main.storyboard#MapViewController"` (a scene named by its
/// controller's storyboard identifier, custom class or scene id; without a name, the
/// initial view controller's scene).
enum ExternalNibs {
    /// Documents already read while compiling a script, by resolved path: a file is read
    /// once, though both the platform and the nib models come from it.
    typealias Documents = [String: Result<IBDocument, IBReadFailure>]

    /// The file's path as the script names it, relative to the script's folder.
    static func resolve(_ path: String, from script: SourceFile) -> (file: String, scene: String?) {
        var p = path, scene: String?
        if let hash = p.lastIndex(of: "#") { scene = String(p[p.index(after: hash)...]); p = String(p[..<hash]) }
        if p.hasPrefix("/") { return (p, scene) }
        let dir = (script.path as NSString).deletingLastPathComponent
        return (dir.isEmpty || script.path == "<stdin>" ? p : dir + "/" + p, scene)
    }

    /// Reads the document; Interface Builder's own errors come back as diagnostics at the
    /// string literal, each naming the file, line and column.
    static func read(_ path: String, from script: SourceFile, at range: SourceRange,
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

    static func load(_ decl: NibDecl, path: String, range: SourceRange, from script: SourceFile,
                     classes: ClassTable, diagnostics: inout [Diagnostic], documents: inout Documents) -> NibModel? {
        guard let (doc, scene) = read(path, from: script, at: range, diagnostics: &diagnostics, documents: &documents) else { return nil }
        return NibModelMapping(doc: doc, classes: classes, range: range, nibName: decl.name.name, isMain: decl.isMain)
            .model(scene: scene, diagnostics: &diagnostics)
    }
}

/// Maps an Interface Builder document onto the nib model the loader runs.
struct NibModelMapping {
    let doc: IBDocument
    let classes: ClassTable
    let range: SourceRange
    let nibName: String
    let isMain: Bool

    func model(scene: String?, diagnostics: inout [Diagnostic]) -> NibModel? {
        var model = NibModel(name: nibName, isMain: isMain, documentPlatform: doc.platform == .ios ? .ios : .mac)
        guard let chosen = objectsToLoad(scene: scene, diagnostics: &diagnostics) else { return nil }
        if let owner = doc.filesOwner, let cls = classFor(doc.objects[owner], diagnostics: &diagnostics, required: false) {
            model.ownerClass = cls
        }
        // A scene controller's view is not instantiated with the scene: UIKit loads it the
        // first time the view is asked for, from a nib of its own owned by the controller.
        let viewRoots = doc.kind == .storyboard ? sceneViewRoots(chosen) : []
        let inView = Set(viewRoots.flatMap { subtree(of: $0.view, in: chosen) })
        var indexOf = [Int?](repeating: nil, count: doc.objects.count)  // by IB index
        var used = Names(used: ["owner"])
        var failed = false
        for i in chosen.order where !inView.contains(i) {
            let o = doc.objects[i]
            guard let cls = classFor(o, diagnostics: &diagnostics, required: true) else { failed = true; continue }
            let name = used.unique(Self.identifier(o.displayName))
            let parent = chosen.parent[i].flatMap { indexOf[$0] }
            let rel = relationship(of: o, ibParent: chosen.parent[i], parent: parent, in: model, chosen: chosen)
            indexOf[i] = model.objects.count
            model.objects.append(.init(name: name, className: cls, parent: parent, relationship: rel, range: range))
        }
        if failed { return nil }
        let filesOwner = doc.filesOwner  // a search: once, not per connection
        connect(&model) { i in i == filesOwner ? .owner : indexOf[i].map { .object($0) } }
        for (controller, view) in viewRoots {
            guard let c = indexOf[controller] else { continue }
            model.sceneViews.append(.init(controller: c, model: viewModel(controller: controller, view: view, named: model.objects[c].name + "_view",
                                                 chosen: chosen, used: &used, diagnostics: &diagnostics)))
        }
        return model
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
                           used: inout Names, diagnostics: inout [Diagnostic]) -> NibModel {
        var m = NibModel(name: name, isMain: false, documentPlatform: doc.platform == .ios ? .ios : .mac)
        m.ownerClass = classFor(doc.objects[controller], diagnostics: &diagnostics, required: false)
        var indexOf = [Int?](repeating: nil, count: doc.objects.count)  // by IB index
        // The view's objects in load order, without scanning everything loaded for each view.
        let members = subtree(of: view, in: chosen).filter { chosen.position[$0] != nil }
            .sorted { chosen.position[$0]! < chosen.position[$1]! }
        for i in members {
            let o = doc.objects[i]
            guard let cls = classFor(o, diagnostics: &diagnostics, required: true) else { continue }
            let objName = used.unique(Self.identifier(o.displayName))
            let parent = i == view ? nil : o.parent.flatMap { indexOf[$0] }
            let rel: NibModel.Relationship = i == view ? .topLevel
                : relationship(of: o, ibParent: o.parent, parent: parent, in: m, chosen: chosen)
            indexOf[i] = m.objects.count
            m.objects.append(.init(name: objName, className: cls, parent: parent, relationship: rel, range: range))
        }
        if let v = indexOf[view] {
            m.connections.append(.init(kind: .outlet, source: .owner, name: "view", destinations: [.object(v)], isStale: true, range: range))
        }
        connect(&m) { i in i == controller ? .owner : indexOf[i].map { .object($0) } }
        // Only connections that reach into the view belong to the view's nib.
        m.connections = m.connections.filter { c in c.name == "view" && c.source == .owner || ([c.source] + c.destinations).contains { $0 != .owner } }
        return m
    }

    /// `label-Mpr` → `label_Mpr`: names a script can write.
    static func identifier(_ s: String) -> String {
        // Most names (element and id, "label-Mpr") are ASCII: the same rule over bytes,
        // without looking up Unicode properties for every character.
        if s.utf8.allSatisfy({ $0 < 0x80 }) {
            func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
            var out: [UInt8] = []
            out.reserveCapacity(s.utf8.count)
            for b in s.utf8 {
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || isDigit(b) || b == 0x5F { out.append(b) }
                else if b == 0x27 { continue }
                else if out.last != 0x5F { out.append(0x5F) }
            }
            let text = String(decoding: out, as: UTF8.self)
            return out.first.map { !isDigit($0) } == true ? text : "object_" + text
        }
        var out = ""
        for ch in s.unicodeScalars {
            if ch.properties.isAlphabetic || ("0"..."9").contains(ch) || ch == "_" { out.unicodeScalars.append(ch) }
            else if ch == "'" { continue }
            else if !out.hasSuffix("_") { out += "_" }
        }
        if out.isEmpty || out.first!.isNumber { out = "object_" + out }
        return out
    }

    /// Names given so far, and the next suffix to try for each, so that n objects with the
    /// same label are named in O(n), not O(n²).
    struct Names {
        var used: Set<String>
        var next: [String: Int] = [:]

        mutating func unique(_ name: String) -> String {
            var result = name
            if used.contains(name) {
                var k = next[name] ?? 2
                while used.contains("\(name)_\(k)") { k += 1 }
                next[name] = k + 1
                result = "\(name)_\(k)"
            }
            used.insert(result)
            return result
        }
    }

    struct Selection {
        var order: [Int] = []
        /// Where each chosen object stands in `order`.
        var position: [Int: Int] = [:]
        /// A parent for each chosen object: its IB parent, or for a storyboard the controller
        /// that holds it (other scene objects, controllers reached through relationship segues).
        var parent: [Int: Int] = [:]
        var sceneOwned: Set<Int> = []
    }

    /// Which objects load: every non-placeholder object of a xib; for a storyboard, one
    /// scene and the scenes its relationship segues reach (a navigation controller's root).
    private func objectsToLoad(scene: String?, diagnostics: inout [Diagnostic]) -> Selection? {
        var sel = Selection()
        func addSubtree(_ root: Int, parent: Int?) {
            var stack = [root]
            while let i = stack.popLast() {
                let o = doc.objects[i]
                if o.isPlaceholder { continue }
                sel.position[i] = sel.order.count
                sel.order.append(i)
                if i == root { sel.parent[i] = parent } else { sel.parent[i] = o.parent }
                stack += doc.children(of: i).reversed()
            }
        }
        guard doc.kind == .storyboard else {
            for i in doc.topLevelObjects { addSubtree(i, parent: nil) }
            return sel
        }
        guard let first = pickScene(scene, diagnostics: &diagnostics) else { return nil }
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
                sel.sceneOwned.insert(i)
            }
            for k in sel.order[loadedBefore...].flatMap({ segues[$0] ?? [] }).sorted() {
                let c = doc.connections[k]
                guard let target = doc.objects[c.destination].scene else { continue }
                holder[target] = c.source
                pending.append(target)
            }
        }
        return sel
    }

    private func pickScene(_ name: String?, diagnostics: inout [Diagnostic]) -> Int? {
        if let name {
            for (k, s) in doc.scenes.enumerated() {
                if s.id == name { return k }
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
            if required || o.placeholderIdentifier == "IBFilesOwner" {
                diagnostics.append(.error("class '\(custom)' of \(o.displayName) (\(doc.path):\(o.location)) is not declared in the script; declare it with its outlets and their attributes, for instance 'class \(custom) : \(o.className) { … }'",
                                          at: range))
            }
            return nil
        }
        if classes[o.className] != nil { return o.className }
        let view = config.isIOS ? "UIView" : "NSView"
        let fallback = o.relationship == .subview || o.className.hasSuffix("View") ? view : "NSObject"
        diagnostics.append(.warning("\(doc.path):\(o.location): \(o.className) is not in the class catalogue; it loads as \(fallback)", at: range))
        return fallback
    }

    private var config: Configuration { classes.config }

    private func relationship(of o: IBObject, ibParent: Int?, parent: Int?, in model: NibModel, chosen: Selection) -> NibModel.Relationship {
        guard let p = parent, let pcls = classes[model.objects[p].className] else { return .topLevel }
        // A scene's other top-level objects live and die with its controller: UIKit keeps
        // them in a private array of the controller, AppKit in its top-level objects.
        if chosen.sceneOwned.contains(o.index) {
            return .collection(pcls.list("topLevelObjects") != nil ? "topLevelObjects" : "topLevelObjectsToKeepAliveFromStoryboard")
        }
        if ibParent != o.parent { return .collection("viewControllers") }
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
                model.connections.append(.init(kind: .action, source: src, name: c.name, destinations: [dst], isStale: false, range: range))
            case .outlet:
                model.connections.append(.init(kind: .outlet, source: src, name: c.name, destinations: [dst], isStale: true, range: range))
            case .outletCollection:
                var dests = [dst]
                while k < cs.count, cs[k].kind == .outletCollection, cs[k].source == c.source, cs[k].name == c.name {
                    if let d = endpoint(cs[k].destination) { dests.append(d) }
                    k += 1
                }
                model.connections.append(.init(kind: .outlet, source: src, name: c.name, destinations: dests, isStale: true,
                                               range: range, isCollection: true))
            }
        }
    }
}
