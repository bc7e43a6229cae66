import CocoaSimulator
import NibScriptSyntax
import OwnershipEngine

extension ScenarioRun {
    /// `new UIApplication` (or NSApplication, or a subclass): there is one shared
    /// application. The first one made is it: a main nib loaded later and `show` use it
    /// (instead of making a second, `app#2`). A second one raises, as UIKit's `-init` does
    /// ("There can only be one UIApplication instance.").
    func newApplication(_ c: RuntimeClass, name: String, autoreleased: Bool) -> Operand {
        let base = config.isIOS ? "UIApplication" : "NSApplication"
        if let existing = application {
            engine.raise("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'There can only be one \(base) instance.'",
                         object: existing, selector: "init")
            return .none
        }
        let o = instantiate(c, name: name)
        guard !crashed else { return .none }
        application = o
        note("\(shortLabel(o)) is the shared application: a main nib and the window use it")
        if autoreleased {
            engine.autorelease(o, cause: CauseNote.convenienceConstructor.cause)
            return Operand(object: o)
        }
        return Operand(object: o, fresh: true)
    }
}
