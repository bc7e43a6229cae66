// CocoaSimulator: the simulated frameworks (UIKit and AppKit as their memory rules see
// them), over OwnershipEngine. It knows no interpreter, run, search, report or command line.
//
// What it holds, by file:
// - `Configuration.swift`: a platform, its version and a memory model (MRC, ARC, GC), and
//   the questions every rule asks of them (`isIOS`, `isARC`, `atLeast`, `supportsWeak`).
// - `Catalogue.swift`: the built-in classes of each platform with their retained
//   properties and lists (`UIViewController.view`, `UIView.subviews`, `NSViewController`'s
//   top-level objects).
// - `ClassTable.swift`: one run's classes (`RuntimeClass`: the catalogue's and the
//   described ones) defined in an engine, with the facts the controller world asks by
//   engine class (`isUIViewController(engineClass:)`, `viewSlot(engineClass:)`, …).
// - `KeyValueCoding.swift`, `RecentNames.swift`: where an outlet goes (N6, N7), answers
//   kept per class.
// - `NibLoadingRules.swift`: what a nib load does with a top-level object
//   (`TopLevelDisposal`, N3, N4, N5, G1) and the store an outlet comes down to
//   (`OutletTarget.plainStore`).
// - `DeallocRules.swift`: what a Cocoa class's dealloc releases, and ARC's `.cxx_destruct`.
// - `NibModel.swift`: a nib as objects, relationships and connections (built by the
//   interpreter from a nib block or an Interface Builder document, or described from Swift).
// - `SourceSpan.swift`: a command's place, opaque to the simulator, and the errors it
//   reports (`SimulatorError`); `ClassDescription.swift`: a class as the table takes it,
//   its methods as handles (`MethodBody`) the host runs.
// - `ControllerState.swift`, `ControllerChain.swift`: the controller world's values
//   (appearance states, callbacks, presentations, transition chains) and the lifecycle
//   table every callback is checked against.
// - `CocoaWorld.swift`, `ControllerWorld.swift`: one run's world (engine, classes, the
//   controller state) and the host protocol through which it asks its driver for what is
//   not the frameworks': method bodies, property access through the driver's classes, nib
//   names, trace words, roots.
// - The world's behaviour: `NibLoading.swift` (N1–N9), `ViewLoading.swift` (V1, V11),
//   `Callbacks.swift` (the lifecycle table applied), `Navigation.swift` (windows,
//   navigation, tabs, modal presentation: V3, V4), `MemoryWarning.swift` (V5–V7, V10),
//   `DeallocPlanning.swift` (the engine's dealloc planner), `WeakReferences.swift`,
//   `CauseNotes.swift`.
// - `StandaloneWorld.swift`, `ClassDescription.swift`: the public API a Swift user drives,
//   with a host of its own.
// - `DigestedCollections.swift`, `OptionalIndices.swift`: collections that keep their own
//   digest, so `explore` hashes a state in O(1).
//
// Driving it without a script: `CocoaWorld(configuration:classes:)`, then `make`,
// `loadNib(_:owner:)`, `show`, `push(_:onto:)`, `pop`, `memoryWarning()`, `drain()`, and
// the counts, callbacks and events read back (`Tests/CocoaSimulatorTests`, with Mike Ash's
// table row by row), classes given as `ClassDescription`s (ClassDescription.swift). It
// imports nothing of the script's syntax: the interpreter maps its declarations, ranges and
// diagnostics to and from these values.
