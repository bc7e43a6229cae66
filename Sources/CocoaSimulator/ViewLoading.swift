import OwnershipEngine

/// View and window controllers' lazy loading (V1, V11): reading `view` while it is nil
/// loads it — the host's `loadView` override, or UIKit's own, which loads the controller's
/// nib (NibLoading.swift) or makes a plain view — then `viewDidLoad`; `window` loads a
/// window controller's nib. The host names the nibs (`nibModel(named:)`) and a storyboard
/// scene's view nibs.
extension CocoaWorld {
    /// `c.view` on a view controller and `wc.window` on a window controller load lazily:
    /// the property's place, once loaded; nil for any other property.
    package func lazyProperty(_ name: String, of o: ObjectID, cls: RuntimeClass) -> SlotRef? {
        if name == "view", cls.isViewController, let slot = cls.viewSlot {
            let r = SlotRef(o, slot)
            if engine.read(r) == nil { loadView(of: o, cls) }
            return r
        }
        if name == "window", cls.isWindowController, let p = cls.property("window") {
            let r = SlotRef(o, p.slot)
            if engine.read(r) == nil { loadWindow(of: o, cls) }
            return r
        }
        return nil
    }

    /// V1: reading `view` while it is nil calls `loadView` (the script's, or the default
    /// that loads the controller's nib), then `viewDidLoad`. Every object allocated on the
    /// way belongs to this load of the view (for abandoned memory, V7).
    package func loadView(of c: ObjectID, _ cls: RuntimeClass) {
        let reloading = controllers.everLoaded.contains(c)
        note("\(shortLabel(c)).view is nil: the view loads (V1)" + (reloading ? ", again after an unload" : ""))
        _host?.depth += 1
        defer { _host?.depth -= 1 }
        let firstNew = engine.objectCount
        deliver(.loadView, to: c) { self.defaultLoadView(c, cls) }
        guard !crashed else { return }
        if let slot = cls.viewSlot, engine.read(SlotRef(c, slot)) == nil {
            if let nib = cls.controllerNibName, cls.method("loadView") == nil {
                engine.raise("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '-[\(cls.nearestBuiltin.name) _loadViewFromNibNamed:bundle:] loaded the \"\(nib)\" nib but the view outlet was not set.'",
                             object: c, selector: "loadView")
            } else {
                engine.raise("*** -[\(cls.name) loadView] did not set the view (\(shortLabel(c)).view is still nil)", object: c, selector: "loadView")
            }
            return
        }
        controllers.everLoaded.insert(c)
        controllerDidLoadView(c)
        controllers.viewObjects.extend(c, with: (firstNew..<engine.objectCount).lazy
            .map { ObjectID(Int32($0)) }.filter { !self.engine.isHidden($0) })
    }

    /// The model of the nib a controller class loads its view from, looked up by name once
    /// per class: the program's nibs do not change while it runs, and a view loads at
    /// every push. Kept by reference: a model is a dozen arrays and strings, and a copy
    /// retained each of them at every load.
    package func controllerNibModel(of cls: RuntimeClass) -> NibModelRef? {
        if let kept = cls.controllerNibModelCache { return kept }
        let ref = cls.controllerNibName.flatMap { _host?.nibModel(named: $0) }.map(NibModelRef.init)
        cls.controllerNibModelCache = .some(ref)
        return ref
    }

    /// UIViewController's and NSViewController's own `loadView`.
    package func defaultLoadView(_ c: ObjectID, _ cls: RuntimeClass) {
        if let model = _host?.sceneViewNib(of: c) {
            loadViewNib(model, of: c, cls)
        } else if let ref = controllerNibModel(of: cls) {
            loadViewNib(of: c, cls, ref: ref)
        } else if config.isIOS {
            // No nib: UIViewController makes a plain UIView.
            let v = _host!.newObject(of: classes["UIView"]!, name: "view")
            _host?.setProperty("view", of: c, to: v, fresh: true, cause: nil)
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
        _host?.depth += 1
        defer { _host?.depth -= 1 }
        deliver(.loadWindow, to: wc) {
            if let nib = cls.controllerNibName {
                if let model = self._host?.nibModel(named: nib) { self.loadNib(model, owner: wc, keptBy: wc) }
            } else {
                self.engine.raise("*** -[\(cls.name) loadWindow]: no window nib name", object: wc, selector: "loadWindow")
            }
        }
        guard !crashed else { return }
        controllers.everLoaded.insert(wc)
        deliver(.windowDidLoad, to: wc)
    }
}
