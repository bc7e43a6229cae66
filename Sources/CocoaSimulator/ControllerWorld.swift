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
///
/// The code that reads them is still partly in the interpreter, another module, where a
/// stored property keeps its dynamic check whatever its attribute (and one visible outside
/// its module keeps it inside too). So each field is internal storage, unchecked, behind a
/// `package` accessor (`get` and `_modify`, which changes a collection in place): a call
/// costs a fraction of the check it replaces (explore's 60 pushes: +8 % with the checks).
package final class ControllerState {
    package init() {}
    @exclusivity(unchecked) var _keyWindow: ObjectID?
    package var keyWindow: ObjectID? { get { _keyWindow } _modify { yield &_keyWindow } }
    /// The controller whose view the key window shows at its bottom (its root, once shown).
    @exclusivity(unchecked) var _shownRoot: ObjectID?
    package var shownRoot: ObjectID? { get { _shownRoot } _modify { yield &_shownRoot } }
    /// Mac window and view controllers that have been shown.
    @exclusivity(unchecked) var _macShown: DigestedObjectSet = DigestedObjectSet()
    package var macShown: DigestedObjectSet { get { _macShown } _modify { yield &_macShown } }
    /// The command now running, for errors found at run time.
    @exclusivity(unchecked) var _currentRange: SourceSpan?
    package var currentRange: SourceSpan? { get { _currentRange } _modify { yield &_currentRange } }
    @exclusivity(unchecked) var _selectedTab: DigestedObjectMap<Int> = DigestedObjectMap<Int>()
    package var selectedTab: DigestedObjectMap<Int> { get { _selectedTab } _modify { yield &_selectedTab } }
    @exclusivity(unchecked) var _appearance: DigestedObjectMap<Appearance> = DigestedObjectMap<Appearance>()
    package var appearance: DigestedObjectMap<Appearance> { get { _appearance } _modify { yield &_appearance } }
    @exclusivity(unchecked) var _callbacks: [CallbackRecord] = []
    package var callbacks: [CallbackRecord] { get { _callbacks } _modify { yield &_callbacks } }
    /// Whether `callbacks` is kept. `explore` turns it off when no expectation of the
    /// scenario reads it (`expect called`, `expect order`): the record grows with the run,
    /// and each variant would copy it whole at its first callback after its fork.
    /// Read at every callback, from the interpreter; unchecked like the fields above.
    @exclusivity(unchecked) var _recordsCallbacks: Bool = true
    package var recordsCallbacks: Bool { get { _recordsCallbacks } _modify { yield &_recordsCallbacks } }
    /// Modal presentations, bottom first.
    @exclusivity(unchecked) var _presentations: [Presentation] = []
    package var presentations: [Presentation] { get { _presentations } _modify { yield &_presentations } }
    /// Objects allocated while each controller's view loaded (loadView and viewDidLoad).
    @exclusivity(unchecked) var _viewObjects: DigestedObjectLists<ObjectID> = DigestedObjectLists<ObjectID>()
    package var viewObjects: DigestedObjectLists<ObjectID> { get { _viewObjects } _modify { yield &_viewObjects } }
    /// Controllers whose view has been loaded at least once.
    @exclusivity(unchecked) var _everLoaded: DigestedObjectSet = DigestedObjectSet()
    package var everLoaded: DigestedObjectSet { get { _everLoaded } _modify { yield &_everLoaded } }
    /// V10: the keys KVC set on each controller while its loadView ran (`option cleanup kvc`).
    @exclusivity(unchecked) var _trackedKeys: SparseDigestedObjectMap<[String]> = SparseDigestedObjectMap<[String]>()
    package var trackedKeys: SparseDigestedObjectMap<[String]> { get { _trackedKeys } _modify { yield &_trackedKeys } }
    /// Errors of the lifecycle found at run time (an impossible order of commands).
    @exclusivity(unchecked) var _runtimeErrors: [SimulatorError] = []
    package var runtimeErrors: [SimulatorError] { get { _runtimeErrors } _modify { yield &_runtimeErrors } }

    package func appearance(of c: ObjectID) -> Appearance { appearance[c] ?? .disappeared }
}

extension ControllerState {
    /// explore's state hash of the controller world (the run's `explorationHash`): here,
    /// beside the fields, so each is read once without a call or a copy.
    package func stateDigest(into h: inout StableHash) {
        h.combine(_keyWindow.map { Int($0.raw) } ?? -1)
        h.combine(_shownRoot.map { Int($0.raw) } ?? -1)
        h.combine(tag: -13, count: _macShown.count, digest: _macShown.digest)
        h.combine(tag: -14, count: _selectedTab.count, digest: _selectedTab.digest)
        h.combine(tag: -15, count: _appearance.count, digest: _appearance.digest)
        h.combine(-4)
        for p in _presentations { h.combine(p.presenter.raw); h.combine(p.presented.raw); h.combine(p.covered.raw) }
        h.combine(tag: -16, count: _viewObjects.count, digest: _viewObjects.digest)
        h.combine(tag: -17, count: _everLoaded.count, digest: _everLoaded.digest)
        h.combine(tag: -18, count: _trackedKeys.count, digest: _trackedKeys.digest)
        h.combine(_runtimeErrors.count)
    }

    /// The callbacks sent, for a state hash whose scenario's expectations read them.
    package func callbacksDigest(into h: inout StableHash) {
        h.combine(_callbacks.count)
        for cb in _callbacks { h.combine(cb.object.raw); h.combine(Callback.allCases.firstIndex(of: cb.callback) ?? -1) }
    }
}

/// The controller state as values, for explore's snapshots (`ScenarioRun.Snapshot`): a
/// field added to `ControllerState` that changes while a scenario runs must be added here.
extension ControllerState {
    package struct Snapshot {
        var keyWindow: ObjectID?
        var shownRoot: ObjectID?
        var macShown: DigestedObjectSet
        var currentRange: SourceSpan?
        var selectedTab: DigestedObjectMap<Int>
        var appearance: DigestedObjectMap<Appearance>
        var callbacks: [CallbackRecord]
        var presentations: [Presentation]
        var viewObjects: DigestedObjectLists<ObjectID>
        var everLoaded: DigestedObjectSet
        var trackedKeys: SparseDigestedObjectMap<[String]>
        var runtimeErrors: [SimulatorError]
    }

    package func snapshot() -> Snapshot {
        Snapshot(keyWindow: _keyWindow, shownRoot: _shownRoot, macShown: _macShown, currentRange: _currentRange,
                 selectedTab: _selectedTab, appearance: _appearance, callbacks: _callbacks, presentations: _presentations,
                 viewObjects: _viewObjects, everLoaded: _everLoaded, trackedKeys: _trackedKeys, runtimeErrors: _runtimeErrors)
    }

    package func restore(_ s: Snapshot) {
        _keyWindow = s.keyWindow; _shownRoot = s.shownRoot; _macShown = s.macShown; _currentRange = s.currentRange
        _selectedTab = s.selectedTab; _appearance = s.appearance; _callbacks = s.callbacks
        _presentations = s.presentations; _viewObjects = s.viewObjects; _everLoaded = s.everLoaded
        _trackedKeys = s.trackedKeys; _runtimeErrors = s.runtimeErrors
    }
}
