// Every word the lexer and parser give a meaning to, in one place. The parser's word
// tables are these lists, so the editor grammar's test (which checks that each word is
// highlighted) cannot fall behind the language. Words the interpreter gives a meaning to
// (controller expectations, event kinds, callbacks, option values) live with it, in the
// NibScript module.

public enum Vocabulary {
    /// Words that start a top-level declaration.
    public static let declarations = ["platform", "memory", "class", "nib", "scenario", "configurations"]
    /// Words that start a class member (any other word starts a method body).
    public static let members = ["outlet", "property", "ivar", "nib", "option"]
    /// Words that start an item of a `nib { … }` block (any other word starts an object).
    public static let nibItems = ["owner", "connect", "action"]
    /// Words that start a statement.
    public static let statementVerbs = ["retain", "release", "autorelease", "CFRelease", "send", "load", "drain",
                                        "autoreleasepool", "super", "expect", "watch", "if", "else"]
    /// Verbs of the controller world, parsed alike (`VERB { expr } END`) and checked by the interpreter.
    public static let commandVerbs = ["push", "pop", "popToRoot", "select", "present", "dismiss", "memoryWarning", "show"]
    /// Words that may follow `expect` (the interpreter adds its own, such as `loaded`).
    public static let expectations = ["count", "alive", "deallocated", "nil", "dangling", "leaks", "zombies",
                                      "crash", "event", "warning", "no"]
    /// Words that may follow `expect no`.
    public static let negatedExpectations = ["leaks", "zombies", "crash", "event"]
    /// `platform ios 5.1`, `memory arc`, and the parts of a configuration filter.
    public static let platforms = ScriptPlatform.allCases.map(\.rawValue)
    public static let memoryModels = ScriptMemoryModel.allCases.map(\.rawValue)
    /// Property attributes and ivar qualifiers.
    public static let attributes = PropertyAttribute.allCases.map(\.rawValue)
    public static let qualifiers = IvarQualifier.allCases.map(\.rawValue)
    /// Words with a meaning in one place only: `nib X main`, `nib X from "…"`, `root : UIView as
    /// view`, `connect … stale`, `new X autoreleased`, `nil`, `choose { } or { }` (a statement, but not a
    /// verb: `choose` stays a name unless a `{` follows), `load nib X owner o`.
    public static let contextual = ["main", "from", "as", "stale", "new", "autoreleased", "nil", "choose", "or",
                                     "owner", "nib"]

    /// All of the above, each once, sorted.
    public static var all: [String] {
        Array(Set(declarations + members + nibItems + statementVerbs + commandVerbs + expectations
                  + negatedExpectations + platforms + memoryModels + attributes + qualifiers + contextual)).sorted()
    }
}
