import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

extension ScenarioRun {
    /// The loader sets outlet `key` on an object already deallocated. iOS sends it
    /// `setValue:forKey:` (N7); the Mac loader first asks it whether it has the setter
    /// (`respondsToSelector:`, N6). Either is a message to a deallocated instance: a crash.
    func zombieConnection(_ key: String, to source: ObjectID) {
        let selector = config.isIOS ? "setValue:forKey:" : "respondsToSelector:"
        note("outlet \(shortLabel(source)).\(key): \(shortLabel(source)) was deallocated by an earlier connection; the loader still sends it -\(selector)")
        _ = engine.message(source, selector)
    }
}
