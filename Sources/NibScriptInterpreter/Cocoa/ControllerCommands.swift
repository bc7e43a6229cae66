import NibScriptSyntax
import CocoaSimulator

/// Options a controller class may set: `option cleanup kvc` and `option cleanup views` (V10).
package enum ControllerOptions {
    package static let names: [String] = ["cleanup"]
    package static let cleanupValues = ["kvc", "views"]

    package static func check(_ o: OptionDecl, in cls: RuntimeClass, config: Configuration, diagnostics: inout [Diagnostic]) {
        guard o.name.name == "cleanup" else { return }
        guard let v = o.value else {
            diagnostics.append(.error("'option cleanup' needs 'kvc' (nil every key KVC set during loadView) or 'views' (release every ivar holding a view)", at: o.range))
            return
        }
        guard cleanupValues.contains(v.name) else {
            let notes = Suggest.closest(to: v.name, among: cleanupValues).map { ["did you mean '\($0)'?"] } ?? ["expected 'kvc' or 'views'"]
            diagnostics.append(.error("unknown cleanup '\(v.name)'", at: v.range, notes: notes))
            return
        }
        if !cls.isKind(of: "UIViewController") {
            diagnostics.append(.error("'option cleanup' is for UIViewController subclasses: it runs in viewDidUnload and dealloc; '\(cls.name)' is a \(cls.nearestBuiltin.name)", at: o.name.range))
        } else if v.name == "views" && config.isARC {
            diagnostics.append(.error("'option cleanup views' releases ivars directly; ARC forbids explicit message send of 'release'", at: v.range,
                                      notes: ["under ARC, make the outlets to subviews weak instead"]))
        }
    }
}

/// Static checks of the controller world's commands and expectations: arity, the kinds of
/// the arguments where they are known, and what the platform has.
package enum ControllerCommands {
    /// The number of object arguments of each command (`select` has a tab index besides).
    package static let arity: [String: Int] = ["show": 1, "push": 2, "pop": 1, "popToRoot": 1, "select": 2,
                                       "present": 2, "dismiss": 1, "memoryWarning": 0]
    package static let usage: [String: String] = [
        "show": "show CONTROLLER_OR_WINDOW", "push": "push NAVIGATION_CONTROLLER CONTROLLER", "pop": "pop NAVIGATION_CONTROLLER",
        "popToRoot": "popToRoot NAVIGATION_CONTROLLER", "select": "select TAB_BAR_CONTROLLER INDEX",
        "present": "present PRESENTER CONTROLLER", "dismiss": "dismiss CONTROLLER", "memoryWarning": "memoryWarning",
    ]

    package static func check(_ verb: Identifier, _ args: [Expr], scope: Checker.Scope, checker: Checker, diagnostics: inout [Diagnostic]) {
        let name = verb.name
        guard let n = arity[name] else {
            let notes = Suggest.closest(to: name, among: Array(arity.keys).sorted()).map { ["did you mean '\($0)'?"] } ?? []
            diagnostics.append(.error("unknown command '\(name)'", at: verb.range, notes: notes))
            return
        }
        if !scope.isScenario {
            diagnostics.append(.error("'\(name)' is a run-loop event of its own; it belongs in a scenario, not in a method", at: verb.range))
            return
        }
        if checker.config.isMac && name != "show" {
            let what = name == "memoryWarning"
                ? "there is no memory warning on the Mac: AppKit never unloads a view and has no viewDidUnload (V11)"
                : "'\(name)' is UIKit's; the Mac has no navigation, tab bar or modal view controllers here"
            diagnostics.append(.error(what, at: verb.range))
            return
        }
        if args.count != n {
            let r = args.count > n ? args[n].range : verb.range
            diagnostics.append(.error("'\(name)' takes \(n == 0 ? "no arguments" : "\(n) argument\(n == 1 ? "" : "s")"), found \(args.count)", at: r,
                                      notes: ["usage: \(usage[name]!)"]))
            return
        }
        // The kinds each argument must be, where the checker knows its class.
        var kinds: [[String]]
        switch name {
        case "show": kinds = [checker.config.isMac ? ["NSWindowController", "NSViewController"] : ["UIViewController", "UIWindow"]]
        case "push": kinds = [["UINavigationController", "UITabBarController"], ["UIViewController"]]
        case "pop", "popToRoot": kinds = [["UINavigationController"]]
        case "select": kinds = [["UITabBarController"]]
        case "present": kinds = [["UIViewController"], ["UIViewController"]]
        case "dismiss": kinds = [["UIViewController"]]
        default: kinds = []
        }
        for (i, want) in kinds.enumerated() {
            // The controller a command hands to its holder may be made on the spot: under ARC
            // `push nav new Next` is idiomatic (the stack holds it); under MRC the +1 of a plain
            // `new` would leak, so only `new Next autoreleased` is.
            let controllerArgument = (name == "push" || name == "present") ? i == 1 : name == "show"
            var allowNew = false
            if controllerArgument, case .new(let c, let autoreleased) = args[i].kind {
                allowNew = autoreleased || checker.config.isARC || checker.config.isGC
                if !allowNew {
                    diagnostics.append(.error("under MRC the +1 of 'new' here is never released: the controller would leak", at: args[i].range,
                                              notes: ["write 'new \(c.name) autoreleased', or assign it to a variable and release it after the command"]))
                    continue
                }
            }
            guard let t = checker.type(of: args[i], scope, diagnostics: &diagnostics, allowNew: allowNew), let cls = checker.classes[t] else { continue }
            if !want.contains(where: { cls.isKind(of: $0) }) {
                diagnostics.append(.error("'\(name)' needs \(article(want.joined(separator: " or "))) here; '\(String(describing: args[i]))' is \(article(cls.name))", at: args[i].range))
            }
        }
        if name == "select" {
            if case .integer(let k) = args[1].kind {
                if k < 0 { diagnostics.append(.error("a tab index counts from 0", at: args[1].range)) }
            } else {
                diagnostics.append(.error("expected a tab index (0, 1, …)", at: args[1].range, notes: ["usage: select TAB_BAR_CONTROLLER INDEX"]))
            }
        }
        if name == "present" || name == "push", case .name(let a) = args[0].kind, case .name(let b) = args[1].kind, a.name == b.name {
            diagnostics.append(.error("a view controller cannot \(name) itself", at: args[1].range))
        }
    }

    package static let expectationVerbs = ["loaded", "onscreen", "called", "order", "abandoned"]

    package static func checkExpectation(_ verb: Identifier, _ args: [Expr], scope: Checker.Scope, checker: Checker, diagnostics: inout [Diagnostic]) {
        switch verb.name {
        case "loaded", "onscreen":
            guard args.count == 1 else {
                diagnostics.append(.error("'expect \(verb.name)' takes one controller\(verb.name == "onscreen" ? " or view" : ""), found \(args.count) arguments", at: args.count > 1 ? args[1].range : verb.range))
                return
            }
            if let t = checker.type(of: args[0], scope, diagnostics: &diagnostics), let cls = checker.classes[t] {
                let ok = cls.isViewController || cls.isWindowController || (verb.name == "onscreen" && cls.isView)
                if !ok { diagnostics.append(.error("'\(String(describing: args[0]))' is \(article(cls.name)), not a view or window controller", at: args[0].range)) }
            }
            if verb.name == "onscreen" && checker.config.isMac {
                // Allowed: a Mac controller is on screen once shown.
            }
        case "called":
            guard args.count == 2 || args.count == 3 else {
                diagnostics.append(.error("usage: expect [no] called CONTROLLER CALLBACK [TIMES]", at: verb.range)); return
            }
            _ = checker.type(of: args[0], scope, diagnostics: &diagnostics)
            checkCallback(args[1], diagnostics: &diagnostics)
            if args.count == 3 {
                if case .integer(let k) = args[2].kind, k >= 0 {} else {
                    diagnostics.append(.error("expected how many times (0, 1, 2, …)", at: args[2].range))
                }
            }
        case "order":
            guard args.count >= 2 else {
                diagnostics.append(.error("usage: expect order CONTROLLER CALLBACK CALLBACK… or expect order a.CALLBACK b.CALLBACK…", at: verb.range)); return
            }
            if case .property = args[0].kind {
                for a in args {
                    guard case .property(let base, let name) = a.kind else {
                        diagnostics.append(.error("expected OBJECT.CALLBACK like the first argument", at: a.range)); continue
                    }
                    _ = checker.type(of: base, scope, diagnostics: &diagnostics)
                    checkCallback(Expr(.name(name), range: name.range), diagnostics: &diagnostics)
                }
            } else {
                _ = checker.type(of: args[0], scope, diagnostics: &diagnostics)
                for a in args.dropFirst() { checkCallback(a, diagnostics: &diagnostics) }
            }
        case "abandoned":
            for a in args { _ = checker.type(of: a, scope, diagnostics: &diagnostics) }
        default:
            let notes = Suggest.closest(to: verb.name, among: expectationVerbs).map { ["did you mean '\($0)'?"] }
                ?? ["the controller world's expectations: " + expectationVerbs.joined(separator: ", ")]
            diagnostics.append(.error("unknown expectation '\(verb.name)'", at: verb.range, notes: notes))
        }
    }

    private static func checkCallback(_ e: Expr, diagnostics: inout [Diagnostic]) {
        guard case .name(let id) = e.kind else {
            diagnostics.append(.error("expected a callback name such as viewDidUnload", at: e.range)); return
        }
        if Callback.named(id.name) == nil {
            let notes = Suggest.closest(to: id.name, among: Callback.names).map { ["did you mean '\($0)'?"] }
                ?? ["callbacks: " + Callback.names.joined(separator: ", ")]
            diagnostics.append(.error("unknown callback '\(id.name)'", at: id.range, notes: notes))
        }
    }

    private static func article(_ s: String) -> String {
        guard let f = s.first else { return s }
        // "a UIView", "an NSView", "an MKMapView", "an Owner".
        let an = s.hasPrefix("NS") || s.hasPrefix("MK") || "AEIOaeio".contains(f)
        return (an ? "an " : "a ") + s
    }
}

extension Checker {
    /// The objects of the nibs that controller classes load (`nib X` in a class): a
    /// controller loads its nib lazily, whenever something asks for its view, so a scenario
    /// may name them from its start. A name stands for the object of the latest load, and
    /// for nil before the first.
    package func controllerNibObjects() -> [(name: String, type: String)] {
        var out: [(name: String, type: String)] = []
        var seen: Set<String> = []
        for c in classes.classes where !c.isBuiltin {
            guard let n = c.nibName, let nib = nibs.first(where: { $0.name.name == n }) else { continue }
            for (name, type) in nibObjects(nib) where seen.insert(name).inserted { out.append((name, type)) }
        }
        return out
    }
}
