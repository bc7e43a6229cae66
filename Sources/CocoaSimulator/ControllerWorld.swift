import NibScriptSyntax
import OwnershipEngine

// The controller world's state, owned by a `CocoaWorld` (CocoaWorld.swift). A class's
// stored property read from another module keeps a dynamic exclusivity check,
// `@exclusivity(unchecked)` or not (Swift 6.3): the code that reads these fields at every
// callback and run-loop turn moves here beside them, one area at a time
// (docs/architecture.md, "What is left").

/// Everything the controller world keeps beside the engine. Ownership itself lives in the
/// engine (the window's rootViewController, navigation stacks, presentedViewController);
/// this holds what is not ownership: which window is key, the selected tab, appearance
/// states, the callbacks sent, and which objects each view load made. The per-controller
/// tables keep their own digests for explore's state hash (DigestedCollections.swift).
///
/// Its fields are read at every callback and at every run-loop turn explore hashes (a
/// dozen at each), and a class's stored property is otherwise checked for exclusive access
/// on each read and write, which cost more than the reads. They are unchecked for the
/// reason the engine's state is (grammar.md, "Costs"): no access to them is held across a
/// call that touches them again (each is read or changed in one expression that calls
/// nothing that changes these fields; a closure passed to a field's method only reads the
/// engine and the classes), and a
/// run is used by one thread at a time.
package final class ControllerState {
    package init() {}
    @exclusivity(unchecked) package var keyWindow: ObjectID?
    /// The controller whose view the key window shows at its bottom (its root, once shown).
    @exclusivity(unchecked) package var shownRoot: ObjectID?
    /// Mac window and view controllers that have been shown.
    @exclusivity(unchecked) package var macShown = DigestedObjectSet()
    /// The command now running, for errors found at run time.
    @exclusivity(unchecked) package var currentRange: SourceRange?
    @exclusivity(unchecked) package var selectedTab = DigestedObjectMap<Int>()
    @exclusivity(unchecked) package var appearance = DigestedObjectMap<Appearance>()
    @exclusivity(unchecked) package var callbacks: [CallbackRecord] = []
    /// Whether `callbacks` is kept. `explore` turns it off when no expectation of the
    /// scenario reads it (`expect called`, `expect order`): the record grows with the run,
    /// and each variant would copy it whole at its first callback after its fork.
    /// Read at every callback, from the interpreter; unchecked like the fields above.
    @exclusivity(unchecked) package var recordsCallbacks = true
    /// Modal presentations, bottom first.
    @exclusivity(unchecked) package var presentations: [Presentation] = []
    /// Objects allocated while each controller's view loaded (loadView and viewDidLoad).
    @exclusivity(unchecked) package var viewObjects = DigestedObjectLists<ObjectID>()
    /// Controllers whose view has been loaded at least once.
    @exclusivity(unchecked) package var everLoaded = DigestedObjectSet()
    /// V10: the keys KVC set on each controller while its loadView ran (`option cleanup kvc`).
    @exclusivity(unchecked) package var trackedKeys = SparseDigestedObjectMap<[String]>()
    /// Errors of the lifecycle found at run time (an impossible order of commands).
    @exclusivity(unchecked) package var runtimeErrors: [Diagnostic] = []

    package func appearance(of c: ObjectID) -> Appearance { appearance[c] ?? .disappeared }
}

/// The controller state as values, for explore's snapshots (`ScenarioRun.Snapshot`): a
/// field added to `ControllerState` that changes while a scenario runs must be added here.
extension ControllerState {
    package struct Snapshot {
        var keyWindow: ObjectID?
        var shownRoot: ObjectID?
        var macShown: DigestedObjectSet
        var currentRange: SourceRange?
        var selectedTab: DigestedObjectMap<Int>
        var appearance: DigestedObjectMap<Appearance>
        var callbacks: [CallbackRecord]
        var presentations: [Presentation]
        var viewObjects: DigestedObjectLists<ObjectID>
        var everLoaded: DigestedObjectSet
        var trackedKeys: SparseDigestedObjectMap<[String]>
        var runtimeErrors: [Diagnostic]
    }

    package func snapshot() -> Snapshot {
        Snapshot(keyWindow: keyWindow, shownRoot: shownRoot, macShown: macShown, currentRange: currentRange,
                 selectedTab: selectedTab, appearance: appearance, callbacks: callbacks, presentations: presentations,
                 viewObjects: viewObjects, everLoaded: everLoaded, trackedKeys: trackedKeys, runtimeErrors: runtimeErrors)
    }

    package func restore(_ s: Snapshot) {
        keyWindow = s.keyWindow; shownRoot = s.shownRoot; macShown = s.macShown; currentRange = s.currentRange
        selectedTab = s.selectedTab; appearance = s.appearance; callbacks = s.callbacks
        presentations = s.presentations; viewObjects = s.viewObjects; everLoaded = s.everLoaded
        trackedKeys = s.trackedKeys; runtimeErrors = s.runtimeErrors
    }
}
