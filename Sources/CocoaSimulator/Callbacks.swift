import OwnershipEngine

/// The lifecycle callbacks a controller gets (V1–V4, V11): checked against the transition
/// table (ControllerState.swift), recorded, and run — the host's override when its class
/// has one (a method written outside the frameworks), else UIKit's own behaviour.
extension CocoaWorld {
    /// A controller's view (a window controller's window is not one), without loading it.
    @inline(__always) package func viewOf(_ c: ObjectID) -> ObjectID? {
        guard engine.isAlive(c), let slot = classes.viewSlot(engineClass: engine.classOf(c)) else { return nil }
        return engine.read(SlotRef(c, slot))
    }

    /// Sends a lifecycle callback: checks it against the transition table, records it, runs
    /// the host's override or else the built-in behaviour.
    /// `builtin` is not optional so that it need not escape: an optional closure is
    /// allocated at every call, and a callback is sent several times per push.
    /// Asked of the engine class's facts: the class itself (a retained reference) is
    /// fetched only for an override, and for the trace.
    package func deliver(_ cb: Callback, to c: ObjectID, builtin: () -> Void = {}) {
        guard !crashed, engine.isAlive(c) else { return }
        let engineClass = engine.classOf(c)
        if classes.isViewController(engineClass: engineClass), let rule = Lifecycle.check(for: cb) {
            let loaded = isViewLoaded(c)
            let state = controllers.appearance(of: c)
            if !rule.allows(viewLoaded: loaded) {
                return lifecycleError("\(cb.rawValue) sent to \(label(c)) with its view \(loaded ? "loaded" : "not loaded"): \(Lifecycle.describe(cb))")
            }
            if !rule.allows(state) {
                return lifecycleError("\(cb.rawValue) sent to \(label(c)) while it is \(state.rawValue): \(Lifecycle.describe(cb))")
            }
            if let to = rule.to { controllers.appearance[c] = to }
        }
        if controllers.recordsCallbacks { controllers.callbacks.append(CallbackRecord(object: c, callback: cb, line: _host?.line ?? 0)) }
        if classes.overrides(cb, engineClass: engineClass), let host = _host, let (m, owner, sel) = runtimeClass(of: c).lifecycleMethod(cb) {
            host.runMethod(m, of: owner, on: c, selector: sel)
        } else {
            note("-[\(runtimeClass(of: c).name) \(cb.selectors[0])] on \(shortLabel(c)) (not overridden)")
            _host?.depth += 1
            builtin()
            _host?.depth -= 1
        }
    }

    /// A callback the transition table does not allow: a bug in the simulation or an order
    /// the script forced; reported as an error at the current statement.
    package func lifecycleError(_ text: String) {
        runtimeError("impossible lifecycle order: " + text, at: controllers.currentRange)
    }

    /// An impossible order of commands, handed to the host: the command does nothing and
    /// the run fails with the error at `range` (the command's, or the scenario's).
    func runtimeError(_ text: String, at range: SourceSpan?) {
        _host?.runtimeError(text, at: range)
    }

    /// After the view loads: `viewDidLoad`.
    package func controllerDidLoadView(_ c: ObjectID) {
        // NSViewController has had viewDidLoad only since OS X 10.10.
        if config.isMac && !config.atLeast(10, 10) { return }
        deliver(.viewDidLoad, to: c)
    }

    /// Side effects of built-in setters beyond the store: a visible window's new root
    /// controller appears.
    package func builtinDidSet(_ name: String, of o: ObjectID, cls: RuntimeClass) {
        guard name == "rootViewController", cls.isKind(of: "UIWindow"), o == controllers.keyWindow else { return }
        guard let p = cls.property("rootViewController") else { return }
        let new = engine.read(SlotRef(o, p.slot))
        let old = controllers.shownRoot
        guard new != old else { return }
        note("\(shortLabel(o)) is the key window: its new root view controller replaces the old one on screen")
        replaceWindowContent(o, old: old, new: new)
    }

    /// `UILabel title#3`, in the host's words.
    func label(_ o: ObjectID) -> String { _host?.label(o) ?? "" }
    /// `title#3`, in the host's words.
    func shortLabel(_ o: ObjectID) -> String { _host?.shortLabel(o) ?? "" }
}
