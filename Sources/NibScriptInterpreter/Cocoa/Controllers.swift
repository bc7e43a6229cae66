import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// View and window controllers as the run sees them: the lazy `view` and `window` getters
/// and the callbacks (the world's), the initializers a controller gets, the built-in
/// messages, and the run-time errors of an impossible order.
extension ScenarioRun {
    /// `c.view` on a view controller and `wc.window` on a window controller load lazily
    /// (the world's, CocoaSimulator/ViewLoading.swift).
    package func builtinGetter(_ name: String, of o: ObjectID, cls: RuntimeClass) -> Operand? {
        guard let r = world.lazyProperty(name, of: o, cls: cls) else { return nil }
        return Operand(object: engine.read(r), place: r)
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
    package func lifecycleMethod(_ cb: Callback, in cls: RuntimeClass) -> (MethodBody, RuntimeClass, String)? {
        cls.lifecycleMethod(cb)
    }

    /// Sends a lifecycle callback through the world (CocoaSimulator/Callbacks.swift).
    package func deliver(_ cb: Callback, to c: ObjectID, builtin: () -> Void = {}) {
        world.deliver(cb, to: c, builtin: builtin)
    }

    /// An impossible order of commands: the command does nothing, a trace line says why,
    /// the run fails, and the error is kept as a diagnostic with the command's position.
    package func runtimeError(_ text: String, at span: SourceSpan?) {
        let r = span.map(SourceRange.init) ?? scenario.range
        let loc = file.location(of: r.start)
        controllers.runtimeErrors.append(SimulatorError(text, at: r.span))
        traceLine(depth: depth + 1, "ERROR        \(loc.line):\(loc.column): \(text)")
        results.append(ExpectationResult(line: loc.line, text: "(the lifecycle allows this order)", passed: false,
                                         detail: "\(file.path):\(loc.line):\(loc.column): error: \(text)"))
    }

    /// Errors found while running, as diagnostics (`path:line:col: error: …`).
    package var runtimeErrors: [Diagnostic] { controllers.runtimeErrors.map(Diagnostic.init) }

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
