import Foundation
import NibScriptSyntax

// L10 for controllers: a window controller (or a Mac view controller) whose class or a
// superclass has a `+shared…` method is one object for the application's life, as a plain
// shared owner is (Quicksilver's `+[QSPreferencesController sharedInstance]`, a window
// controller made once and never released): its battery shows it and never releases it, so
// what its `init` makes is no leak. One whose class writes a `dealloc` expects to be
// released (a `+destroyShared…`): it keeps the ordinary battery.
extension NibAuditor {
    /// The class, `ownerClass` or one of its superclasses in the sources, that declares or
    /// defines a shared instance (L10), if any.
    func sharedInstanceClass(above ownerClass: String) -> String? {
        var up: String? = ownerClass
        var seen = Set<String>()
        while let n = up, seen.insert(n).inserted {
            if context.loaders.sharedClasses.contains(n) { return n }
            up = project[n]?.superclass
        }
        return nil
    }

    /// Whether `ownerClass` or a superclass in the sources writes a `dealloc`: a shared
    /// controller that does expects to go (Adium's `+destroySharedLogViewer` autoreleases
    /// its shared log viewer when it closes), so it keeps the battery that releases it.
    func writesDealloc(_ ownerClass: String) -> Bool {
        var up: String? = ownerClass
        var seen = Set<String>()
        while let n = up, seen.insert(n).inserted, let c = project[n] {
            if c.method("dealloc") != nil { return true }
            up = c.superclass
        }
        return false
    }

    /// The battery of a shared window or Mac view controller: made, shown, kept.
    static func sharedControllerBattery(owner: String, taken: Set<String>) -> [(String, [String])] {
        var c = "c"
        while taken.contains(c) { c += "_" }
        return [("shown by the shared instance, kept for the application's life",
                 ["\(c) = new \(ScriptText.name(owner))", "show \(c)", "drain"])]
    }
}
