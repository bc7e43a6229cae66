import CocoaSimulator
import OwnershipEngine

extension ScenarioRun {
    /// Whether a weak reference to `o` can be formed; if not, the runtime's fatal error (the world's).
    func canFormWeakReference(to o: ObjectID) -> Bool { world.canFormWeakReference(to: o) }
}
