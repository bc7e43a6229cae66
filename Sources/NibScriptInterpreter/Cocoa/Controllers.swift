import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// View and window controllers: lazy loading of the view or window (V1, V11), the
/// lifecycle callbacks and their transition table, and the hooks the interpreter calls.
extension ScenarioRun {
    /// `c.view` on a view controller and `wc.window` on a window controller load lazily.
    package func builtinGetter(_ name: String, of o: ObjectID, cls: RuntimeClass) -> Operand? {
        if name == "view", cls.isViewController, let slot = cls.viewSlot {
            let r = SlotRef(o, slot)
            if engine.read(r) == nil { loadView(of: o, cls) }
            return Operand(object: engine.read(r), place: r)
        }
        if name == "window", cls.isWindowController, let p = cls.property("window") {
            let r = SlotRef(o, p.slot)
            if engine.read(r) == nil { loadWindow(of: o, cls) }
            return Operand(object: engine.read(r), place: r)
        }
        return nil
    }

    /// V1: reading `view` while it is nil calls `loadView` (the script's, or the default
    /// that loads the controller's nib), then `viewDidLoad`. Every object allocated on the
    /// way belongs to this load of the view (for abandoned memory, V7).
    package func loadView(of c: ObjectID, _ cls: RuntimeClass) {
        let reloading = controllers.everLoaded.contains(c)
        note("\(shortLabel(c)).view is nil: the view loads (V1)" + (reloading ? ", again after an unload" : ""))
        depth += 1
        defer { depth -= 1 }
        let firstNew = engine.objectCount
        deliver(.loadView, to: c) { self.defaultLoadView(c, cls) }
        guard !crashed else { return }
        if let slot = cls.viewSlot, engine.read(SlotRef(c, slot)) == nil {
            if let nib = cls.controllerNibName, cls.method("loadView") == nil {
                engine.raise("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '-[\(cls.nearestBuiltin.name) _loadViewFromNibNamed:bundle:] loaded the \"\(nib.name)\" nib but the view outlet was not set.'",
                             object: c, selector: "loadView")
            } else {
                engine.raise("*** -[\(cls.name) loadView] did not set the view (\(shortLabel(c)).view is still nil)", object: c, selector: "loadView")
            }
            return
        }
        controllers.everLoaded.insert(c)
        world.controllerDidLoadView(c)
        controllers.viewObjects.extend(c, with: (firstNew..<engine.objectCount).lazy
            .map { ObjectID(Int32($0)) }.filter { !self.engine.isHidden($0) })
    }

    /// The model of the nib a controller class loads its view from, looked up by name once
    /// per class: the program's nibs do not change while it runs, and a view loads at
    /// every push. Kept by reference: a model is a dozen arrays and strings, and a copy
    /// retained each of them at every load.
    package func controllerNibModel(of cls: RuntimeClass) -> NibModelRef? {
        if let kept = cls.controllerNibModelCache { return kept }
        let ref = cls.controllerNibName.flatMap { nibModel(named: $0.name) }.map(NibModelRef.init)
        cls.controllerNibModelCache = .some(ref)
        return ref
    }

    /// UIViewController's and NSViewController's own `loadView`.
    package func defaultLoadView(_ c: ObjectID, _ cls: RuntimeClass) {
        if let model = sceneViewNibs[c] {
            loadViewNib(model, of: c, cls)
        } else if let ref = controllerNibModel(of: cls) {
            loadViewNib(of: c, cls, ref: ref)
        } else if config.isIOS {
            // No nib: UIViewController makes a plain UIView.
            let v = instantiate(classes["UIView"]!, name: "view")
            setProperty("view", of: c, Operand(object: v, fresh: true))
            if !config.isARC, engine.isAlive(v) { engine.release(v, cause: CauseNote.loadViewBalancesAlloc.cause) }
        } else {
            engine.raise("*** -[\(cls.name) loadView] could not load the \"(null)\" nib: an NSViewController needs a nib or a loadView", object: c, selector: "loadView")
        }
    }

    /// The view's nib loaded with the controller as File's Owner, and with `cleanup kvc` the
    /// keys KVC set on the controller tracked (V10).
    /// `ref`: the model as the controller's class keeps it, with its plan and keys.
    private func loadViewNib(_ model: NibModel, of c: ObjectID, _ cls: RuntimeClass) {
        loadNib(model, owner: c, keptBy: config.isMac ? c : nil)
        trackKVCKeys(of: model, on: c, cls, ref: nil)
    }

    /// The same for a controller class's own view nib, kept by reference with its plan: the
    /// model is read through the reference, not copied out of it (a copy retained each of
    /// its arrays and strings, at every push).
    private func loadViewNib(of c: ObjectID, _ cls: RuntimeClass, ref: NibModelRef) {
        var plan: NibClassPlan?
        if ref.model.objects.count <= NibClassPlan.maxObjects {
            if ref.loadPlan == nil { ref.loadPlan = NibClassPlan(fixedModel: true) }
            plan = unsafeDowncast(ref.loadPlan!, to: NibClassPlan.self)
        }
        loadNib(ref.model, owner: c, keptBy: config.isMac ? c : nil, plan: plan)
        trackKVCKeys(of: ref.model, on: c, cls, ref: ref)
    }

    private func trackKVCKeys(of model: NibModel, on c: ObjectID, _ cls: RuntimeClass, ref: NibModelRef?) {
        guard config.isIOS, cls.option("cleanup") == "kvc" else { return }
        // V10 (001_…): the keys setValue:forKey: set on the controller while loadView ran.
        func isKVCKey(_ k: NibModel.Connection) -> Bool { k.kind == .outlet && k.source == .owner && k.name != "view" }
        var tracked = controllers.trackedKeys[c] ?? []
        if tracked.isEmpty, let ref {
            // The usual case (a first load, or a load after an unload's cleanup emptied the
            // list): the model's own list, shared, so a cleanup that finds it knows its plan.
            tracked = ref.kvcKeys
        } else {
            for k in NibModelRef.kvcKeys(of: model) where !tracked.contains(k) { tracked.append(k) }
        }
        controllers.trackedKeys[c] = tracked
        note({
            let keys = model.connections.filter(isKVCKey).map(\.name)
            return "cleanup kvc: tracked the keys KVC set during loadView: \(keys.isEmpty ? "none" : keys.joined(separator: ", ")) (V10)"
        }())
    }

    /// V11: NSWindowController loads its nib when the window is first asked for.
    package func loadWindow(of wc: ObjectID, _ cls: RuntimeClass) {
        note("\(shortLabel(wc)).window is nil: -[\(cls.name) loadWindow]")
        depth += 1
        defer { depth -= 1 }
        deliver(.loadWindow, to: wc) {
            if let nib = cls.controllerNibName {
                self.loadNib(named: nib.name, owner: wc, keptBy: wc)
            } else {
                self.engine.raise("*** -[\(cls.name) loadWindow]: no window nib name", object: wc, selector: "loadWindow")
            }
        }
        guard !crashed else { return }
        controllers.everLoaded.insert(wc)
        deliver(.windowDidLoad, to: wc)
    }

    // MARK: Initializers

    /// UIViewController's and NSViewController's `init` calls `initWithNibName:bundle:`,
    /// so a subclass's override of it runs first (its `init` body runs after).
    package func controllerDesignatedInitializer(_ selector: String, of c: RuntimeClass) -> String? {
        selector == "init" && c.isViewController ? "initWithNibName:bundle:" : nil
    }

    /// Records the initializer a controller got: `init` for `new`, `initWithCoder:` out of a
    /// nib (N2: then its `init` body never runs).
    package func controllerWillInitialize(_ step: InitializerStep, of c: RuntimeClass, on o: ObjectID) {
        guard let cb = step.callback else { return }
        if controllers.recordsCallbacks { controllers.callbacks.append(CallbackRecord(object: o, callback: cb, line: line)) }
        if cb == .initWithCoder && c.method("init") != nil {
            note("\(shortLabel(o)) comes out of a nib: -initWithCoder:, so the init body of \(c.name) does not run (N2)")
        }
    }

    // MARK: Callbacks

    /// Whether a controller's view (or a window controller's window) is loaded (the world's).
    @inline(__always) package func isViewLoaded(_ c: ObjectID) -> Bool { world.isViewLoaded(c) }

    @inline(__always) package func viewOf(_ c: ObjectID) -> ObjectID? { world.viewOf(c) }

    /// The script's implementation of a callback, if any: the method, its class and the selector.
    package func lifecycleMethod(_ cb: Callback, in cls: RuntimeClass) -> (MethodDecl, RuntimeClass, String)? {
        cls.lifecycleMethod(cb)
    }

    /// Sends a lifecycle callback through the world (CocoaSimulator/Callbacks.swift).
    package func deliver(_ cb: Callback, to c: ObjectID, builtin: () -> Void = {}) {
        world.deliver(cb, to: c, builtin: builtin)
    }

    /// An impossible order of commands: the command does nothing, a trace line says why,
    /// the run fails, and the error is kept as a diagnostic with the command's position.
    package func runtimeError(_ text: String, at range: SourceRange?) {
        let r = range ?? scenario.range
        let loc = file.location(of: r.start)
        controllers.runtimeErrors.append(.error(text, at: r))
        traceLine(depth: depth + 1, "ERROR        \(loc.line):\(loc.column): \(text)")
        results.append(ExpectationResult(line: loc.line, text: "(the lifecycle allows this order)", passed: false,
                                         detail: "\(file.path):\(loc.line):\(loc.column): error: \(text)"))
    }

    /// Errors found while running, as diagnostics (`path:line:col: error: …`).
    package var runtimeErrors: [Diagnostic] { controllers.runtimeErrors }

    /// Controller messages with built-in behaviour: what UIKit's own implementation does
    /// when a body calls `super`, or when the script sends the message to a controller
    /// whose class does not override it. nil for the rest.
    package func controllerMessage(_ selector: String, to o: ObjectID, cls: RuntimeClass, fromSuper: Bool) -> Bool? {
        guard cls.isViewController || cls.isWindowController else { return nil }
        switch selector {
        case "didReceiveMemoryWarning":
            if !fromSuper { note("-[\(cls.name) didReceiveMemoryWarning] sent to \(shortLabel(o))") }
            world.defaultDidReceiveMemoryWarning(o)
            return true
        case "viewDidUnload":
            if fromSuper { world.automaticCleanup(o, when: "viewDidUnload") } else { return nil }
            return true
        case "isViewLoaded":
            note("-[\(cls.name) isViewLoaded] → \(isViewLoaded(o) ? "YES" : "NO") (no load)")
            return true
        default:
            return nil
        }
    }

    /// Side effects of built-in setters beyond the store (the world's).
    package func builtinDidSet(_ name: String, of o: ObjectID, cls: RuntimeClass) {
        world.builtinDidSet(name, of: o, cls: cls)
    }
}
