import NibScriptSyntax
import OwnershipEngine

/// View and window controllers: lazy loading of the view or window (V1, V11).
extension ScenarioRun {
    /// `c.view` on a view controller and `wc.window` on a window controller load lazily.
    func builtinGetter(_ name: String, of o: ObjectID, cls: RuntimeClass) -> Operand? {
        if name == "view", cls.isViewController, let p = cls.property("view") {
            let r = SlotRef(o, p.slot)
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
    /// that loads the controller's nib), then `viewDidLoad`.
    func loadView(of c: ObjectID, _ cls: RuntimeClass) {
        note("\(shortLabel(c)).view is nil: -[\(cls.name) loadView]")
        depth += 1
        defer { depth -= 1 }
        if let (m, owner) = cls.method("loadView") {
            invoke(m, of: owner, on: c, selector: "loadView")
        } else {
            defaultLoadView(c, cls)
        }
        guard !crashed else { return }
        if let p = cls.property("view"), engine.read(SlotRef(c, p.slot)) == nil {
            engine.raise("*** -[\(cls.name) loadView] did not set the view (\(shortLabel(c)).view is still nil)", object: c, selector: "loadView")
            return
        }
        controllerDidLoadView(c, cls)
    }

    /// UIViewController's and NSViewController's own `loadView`.
    func defaultLoadView(_ c: ObjectID, _ cls: RuntimeClass) {
        if let nib = cls.controllerNibName {
            loadNib(named: nib.name, owner: c, keptBy: config.isMac ? c : nil)
        } else if config.isIOS {
            // No nib: UIViewController makes a plain UIView.
            let v = instantiate(classes["UIView"]!, name: "view")
            setProperty("view", of: c, Operand(object: v, fresh: true))
            if !config.isARC, engine.isAlive(v) { engine.release(v, cause: .other("-[UIViewController loadView] balances its alloc")) }
        } else {
            engine.raise("*** -[\(cls.name) loadView] could not load the \"(null)\" nib: an NSViewController needs a nib or a loadView", object: c, selector: "loadView")
        }
    }

    /// V11: NSWindowController loads its nib when the window is first asked for.
    func loadWindow(of wc: ObjectID, _ cls: RuntimeClass) {
        note("\(shortLabel(wc)).window is nil: -[\(cls.name) loadWindow]")
        depth += 1
        defer { depth -= 1 }
        if let (m, owner) = cls.method("loadWindow") {
            invoke(m, of: owner, on: wc, selector: "loadWindow")
        } else if let nib = cls.controllerNibName {
            loadNib(named: nib.name, owner: wc, keptBy: wc)
        } else {
            engine.raise("*** -[\(cls.name) loadWindow]: no window nib name", object: wc, selector: "loadWindow")
            return
        }
        guard !crashed else { return }
        if let (m, owner) = cls.method("windowDidLoad") { invoke(m, of: owner, on: wc, selector: "windowDidLoad") }
    }

    /// After the view loads: `viewDidLoad`.
    func controllerDidLoadView(_ c: ObjectID, _ cls: RuntimeClass) {
        if let (m, owner) = cls.method("viewDidLoad") { invoke(m, of: owner, on: c, selector: "viewDidLoad") }
    }

    /// Controller messages with built-in behaviour; nil for the rest.
    func controllerMessage(_ selector: String, to o: ObjectID, cls: RuntimeClass, fromSuper: Bool) -> Bool? {
        nil
    }

    /// Side effects of built-in setters beyond the store.
    func builtinDidSet(_ name: String, of o: ObjectID, cls: RuntimeClass) {}

    /// Expectations of the controller world (`expect loaded c`, …).
    func controllerExpectation(_ verb: Identifier, _ args: [Expr], negated: Bool, _ ctx: Context,
                               result: (Bool, @autoclosure () -> String) -> ExpectationResult) -> ExpectationResult {
        result(false, "'expect \(verb.name)' is not simulated yet")
    }

    /// Controller-world commands (`push`, `pop`, `memoryWarning`, …).
    func command(_ verb: Identifier, _ args: [Expr], _ ctx: Context) {
        note("'\(verb.name)' is not simulated yet")
    }
}
