import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Nib loads as the run asks for them (`load NIB owner`, a controller's view, a window
/// controller's window): the model found by name in the program, loaded by the world
/// (CocoaSimulator/NibLoading.swift), which hands back what is the run's — the names the
/// objects get, the scenes' view nibs, the loader's events, the script's setters.
extension ScenarioRun {
    /// `keptBy`: the Mac window or view controller that keeps the top-level objects (N3, V11).
    package func loadNib(named name: String, owner: ObjectID?, keptBy controller: ObjectID? = nil) {
        guard let model = nibModel(named: name) else { return }
        world.loadNib(model, owner: owner, keptBy: controller)
    }

    /// `plan`: the nib's plan when the caller keeps it (a controller class's view nib).
    package func loadNib(_ model: NibModel, owner: ObjectID?, keptBy controller: ObjectID? = nil, plan: NibClassPlan? = nil) {
        world.loadNib(model, owner: owner, keptBy: controller, plan: plan)
    }

    package func nibModel(named name: String) -> NibModel? {
        if let m = program.externalNibs[name] { return m }
        if let m = program.inlineNibs[name] { return m }
        guard let d = program.nibDecl(name) else { return nil }
        var ignored: [Diagnostic] = []
        switch d.body {
        case .inline(let items): return NibBuilder(classes: classes).build(d, items: items, diagnostics: &ignored)
        case .table(let table): return NibBuilder(classes: classes).build(d, table: table, names: program.names, diagnostics: &ignored)
        case .file: return nil
        }
    }

    /// Where the platform's search (N6, N7) sends outlet `key` of an object of class `cls`.
    package func outletTarget(_ key: String, in cls: RuntimeClass) -> OutletTarget {
        world.outletTarget(key, in: cls)
    }

    /// The store an outlet's target comes down to when it is one engine store (the world's).
    package func plainStore(for target: OutletTarget) -> NibClassPlan.OutletStore? {
        world.plainStore(for: target)
    }

    /// N6 (Mac) and N7 (iOS): find where outlet `key` of `source` goes and set it.
    package func connectOutlet(_ key: String, of source: ObjectID, to value: ObjectID?) {
        world.connectOutlet(key, of: source, to: value)
    }

    /// An outlet whose target the search already found (the world's).
    package func connectOutlet(_ key: String, of source: ObjectID, to value: ObjectID?, target: OutletTarget, by how: String = "outlet") {
        world.connectOutlet(key, of: source, to: value, target: target, by: how)
    }

    // MARK: What the world's loader asks of the run (CocoaWorldHost)

    /// The objects' names bound, a small nib's names found once and kept in its plan; a
    /// storyboard scene's controllers remember the nibs their views load from.
    package func nibDidLoad(_ model: NibModel, objects: [ObjectID], plan: NibClassPlan?) {
        let modelObjects = model.objects
        if objects.count >= 4096 { nibNames.reserveCapacity(objects.count) }
        if let plan {
            if plan.names.count != objects.count || !(plan.fixedModel || objects.indices.allSatisfy({ plan.names[$0].text == modelObjects[$0].name })) {
                plan.names = objects.indices.map { NibClassPlan.Name(modelObjects[$0].name, in: nibNames) }
            }
            for i in objects.indices { nibNames.bind(plan.names[i].text, id: plan.names[i].id, hashed: plan.names[i].hashed, to: objects[i]) }
        } else {
            for i in objects.indices {
                if let id = modelObjects[i].nameID {
                    nibNames.bind(id: id, modelObjects[i].name, to: objects[i])
                } else {
                    nibNames.bind(modelObjects[i].name, to: objects[i])
                }
            }
        }
        // A storyboard scene's controllers load their views later, from nibs of their own.
        for s in model.sceneViews where s.controller < objects.count { sceneViewNibs[objects[s.controller]] = s.model }
    }

    /// `expect event connected` / `unconnected`: kept beside the engine's own events.
    package func nibEvent(_ event: NibLoaderEvent, _ o: ObjectID) {
        eventLog.note(event == .connected ? EventLog.connected : EventLog.unconnected, o)
    }

    /// Said on the next `alloc` line of the trace.
    package func noteNextAlloc(_ text: String) { allocNote = text }

    package func runSetter(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String, value: ObjectID?) {
        invoke(m, of: owner, on: o, selector: selector, arguments: [("value", Operand(object: value))])
    }

    package func runSetValueForUndefinedKey(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, value: ObjectID?, key: String) {
        invoke(m, of: owner, on: o, selector: "setValue:forUndefinedKey:",
               arguments: [("value", Operand(object: value)), ("key", Operand(object: nil, text: key))])
    }

    package func storeIvar(_ iv: RuntimeIvar, of o: ObjectID, to v: ObjectID?, cause: Cause) {
        storeIvar(iv, of: o, Operand(object: v), cause: cause)
    }
}

extension NibClassPlan.Name {
    /// `text` with its id in the bindings' name table and its hash.
    init(_ text: String, in bindings: NibBindings) {
        self.init(text: text, id: bindings.nameID(text), hashed: NibBindings.hashedName(text))
    }
}
