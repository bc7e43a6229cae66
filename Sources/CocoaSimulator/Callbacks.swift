import OwnershipEngine

/// Lifecycle callbacks: the controller world's own bookkeeping of each (the transition
/// table, the appearance state, the record) beside the state it changes; the override, if
/// the class has one, is the host's to run.
extension CocoaWorld {
    /// Sends a lifecycle callback: checks it against the transition table, records it, runs
    /// the host's override or else the built-in behaviour.
    /// `builtin` is not optional so that it need not escape: an optional closure is
    /// allocated at every call, and a callback is sent several times per push.
    /// Asked of the engine class's facts: the class itself (a retained reference) is
    /// fetched only for an override, and for the trace.
    package func deliver(_ cb: Callback, to c: ObjectID, builtin: () -> Void = {}) {
        guard !crashed, engine.isAlive(c), let host else { return }
        let engineClass = engine.classOf(c)
        if classes.isViewController(engineClass: engineClass), let rule = Lifecycle.check(for: cb) {
            let loaded = isViewLoaded(c)
            let state = controllers._appearance[c] ?? .disappeared
            if !rule.allows(viewLoaded: loaded) {
                return host.lifecycleError("\(cb.rawValue) sent to \(host.label(c)) with its view \(loaded ? "loaded" : "not loaded"): \(Lifecycle.describe(cb))")
            }
            if !rule.allows(state) {
                return host.lifecycleError("\(cb.rawValue) sent to \(host.label(c)) while it is \(state.rawValue): \(Lifecycle.describe(cb))")
            }
            if let to = rule.to { controllers._appearance[c] = to }
        }
        if controllers._recordsCallbacks { controllers._callbacks.append(CallbackRecord(object: c, callback: cb, line: host.line)) }
        if classes.overrides(cb, engineClass: engineClass), let (m, owner, sel) = runtimeClass(of: c).lifecycleMethod(cb) {
            host.runMethod(m, of: owner, on: c, selector: sel)
        } else {
            note("-[\(runtimeClass(of: c).name) \(cb.selectors[0])] on \(host.shortLabel(c)) (not overridden)")
            host.nested(builtin)
        }
    }
}
