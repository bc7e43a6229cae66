import NibScriptSyntax

/// Options a controller class may set (`option trackOutlets`, …).
enum ControllerOptions {
    static let names: [String] = []
}

/// Static checks of the controller world's commands and expectations.
enum ControllerCommands {
    static func check(_ verb: Identifier, _ args: [Expr], scope: Checker.Scope, checker: Checker, diagnostics: inout [Diagnostic]) {
        diagnostics.append(.error("'\(verb.name)' is not simulated yet", at: verb.range))
    }

    static func checkExpectation(_ verb: Identifier, _ args: [Expr], scope: Checker.Scope, checker: Checker, diagnostics: inout [Diagnostic]) {
        diagnostics.append(.error("unknown expectation '\(verb.name)'", at: verb.range))
    }
}
