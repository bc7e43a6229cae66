import XCTest
import OwnershipEngine
@testable import CocoaSimulator

/// A `CocoaWorld` driven directly, its test as its host: a view controller whose view a nib
/// loads, an off-screen memory warning, the pool drained, and what happened read back as
/// values — the callbacks the world sent, the counts, the deallocations, what it calls
/// abandoned (V5, V6, V7). No script, no interpreter.
final class CocoaWorldTests: XCTestCase {
    /// The host: no overrides (every callback runs UIKit's own behaviour), no window, the
    /// controller its only root; it records the trace notes (the world records the callbacks).
    final class Host: CocoaWorldHost {
        let world: CocoaWorld
        /// The engine's dealloc planner (the engine does not keep it).
        var planner: Classes?
        var roots: [ObjectID] = []
        var notes: [String] = []
        let tracing = true

        init(_ world: CocoaWorld) { self.world = world }
        func note(_ text: @autoclosure () -> String, extraDepth: Int) { notes.append(text()) }
        func because(_ text: @autoclosure () -> String) -> Cause { .explicit }
        func label(_ o: ObjectID) -> String { "\(world.engine.className(world.engine.classOf(o))) \(world.engine.name(o))" }
        func shortLabel(_ o: ObjectID) -> String { world.engine.name(o) }
        var depth = 0
        func runMethod(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String) { XCTFail("no method is written") }
        func sendNil(_ m: MethodBody, of owner: RuntimeClass, to o: ObjectID, selector: String) { XCTFail("no setter is written") }
        func runtimeError(_ text: String, at range: SourceSpan?) { XCTFail(text) }
        func readProperty(_ name: String, of o: ObjectID) -> ObjectID? { XCTFail("no property is read"); return nil }
        func setProperty(_ name: String, of o: ObjectID, to v: ObjectID?, fresh: Bool, cause: Cause?) { XCTFail("no property is set") }
        func nibModel(named name: String) -> NibModel? { nil }
        func sceneViewNib(of c: ObjectID) -> NibModel? { nil }
        func storeThroughSetter(_ p: RuntimeProperty, of o: ObjectID, to v: ObjectID?, cause: Cause) { XCTFail("no setter runs") }
        func newObject(of cls: RuntimeClass, name: String) -> ObjectID { world.engine.alloc(cls.engineClass, name: name) }
        func applicationObject() -> ObjectID { XCTFail("no application"); return world.engine.alloc(world.classes["UIApplication"]!.engineClass, name: "app") }
        func keepAsRoot(_ o: ObjectID) { roots.append(o) }
        func warn(_ text: String) { XCTFail(text) }
        func noteNextAlloc(_ text: String) {}
        func runInitializers(_ selector: String, of cls: RuntimeClass, on o: ObjectID) {}
        func nibDidLoad(_ model: NibModel, objects: [ObjectID], plan: NibClassPlan?) {}
        func nibEvent(_ event: NibLoaderEvent, _ o: ObjectID) {}
        func runSetter(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, selector: String, value: ObjectID?) { XCTFail("no setter is written") }
        func runSetValueForUndefinedKey(_ m: MethodBody, of owner: RuntimeClass, on o: ObjectID, value: ObjectID?, key: String) { XCTFail("no method is written") }
        func storeIvar(_ iv: RuntimeIvar, of o: ObjectID, to v: ObjectID?, cause: Cause) { XCTFail("no ivar is stored") }
        func adoptionIsReference(_ holder: ObjectID) -> Bool { false }
        let line = 0
        func lowerDealloc(_ m: MethodBody, of k: RuntimeClass, for cls: RuntimeClass, into plan: inout DeallocPlan) -> Bool {
            XCTFail("no dealloc is written"); return true
        }
        func deallocNote(_ text: String, at m: MethodBody) -> DeallocStep { XCTFail("no dealloc is written"); return .releaseAdopted }
    }

    /// Panel, a UIViewController with a retained `label` outlet; `c` loads its view from the
    /// nib (`root : UIView { label : UILabel }`, `owner.view -> root`, `owner.label ->
    /// label`) as a view load does, and the run loop's pool drains.
    private func shownThenCovered(_ config: Configuration) -> (Host, world: CocoaWorld, objects: [String: ObjectID]) {
        let classes = Classes(config, [ClassSpec("Panel", superclass: "UIViewController", outlets: [("label", "UILabel", .retain)])])
        let world = CocoaWorld(config: config, engine: classes.engine, classes: classes.classes)
        let host = Host(world)
        world.host = host
        host.planner = classes
        let engine = world.engine
        engine.pushPool()
        let c = engine.alloc(world.classes["Panel"]!.engineClass, name: "c")
        var objects = NibLoad(objects: [("root", "UIView", nil), ("label", "UILabel", 0)], outlets: [("view", "root"), ("label", "label")])
            .load(in: classes, owner: c, controller: nil)
        objects["c"] = c
        // What the interpreter's view load notes for V7: the view was loaded, by these objects.
        _ = world.controllers.everLoaded.insert(c)
        world.controllers.viewObjects.extend(c, with: [objects["root"]!, objects["label"]!])
        engine.drainPool()
        host.roots = [c]
        return (host, world, objects)
    }

    /// iOS 5.1: the off-screen view is unloaded — viewWillUnload, the view released (root
    /// deallocated), viewDidUnload — and the label the retained outlet still holds is
    /// abandoned memory (V5, V7).
    func testMemoryWarningUnloadsAnOffScreenViewBeforeIOS6() {
        let (host, world, o) = shownThenCovered(Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc))
        let engine = world.engine, c = o["c"]!
        XCTAssertTrue(world.isViewLoaded(c))
        XCTAssertEqual(engine.count(o["label"]!), 2, "the outlet's retain and the superview's")

        world.memoryWarning()

        XCTAssertEqual(world.controllers.callbacks.map(\.callback), [.didReceiveMemoryWarning, .viewWillUnload, .viewDidUnload])
        XCTAssertTrue(world.controllers.callbacks.allSatisfy { $0.object == c })
        XCTAssertFalse(world.isViewLoaded(c))
        XCTAssertFalse(engine.isAlive(o["root"]!), "the view's only owner was the view property")
        XCTAssertEqual(engine.count(o["label"]!), 1, "the superview released it; the outlet did not")
        XCTAssertEqual(world.abandonedObjects(), [o["label"]!])
        XCTAssertTrue(host.notes.contains { $0.hasPrefix("abandoned") && $0.contains("kept by c.label") }, "\(host.notes)")
        XCTAssertFalse(world.crashed)
    }

    /// iOS 6.0: UIViewController no longer unloads its view (V6): one callback, nothing
    /// released, nothing abandoned.
    func testMemoryWarningUnloadsNothingFromIOS6() {
        let (host, world, o) = shownThenCovered(Configuration(platform: .ios, major: 6, minor: 0, memory: .mrc))
        world.memoryWarning()
        XCTAssertEqual(world.controllers.callbacks.map(\.callback), [.didReceiveMemoryWarning])
        XCTAssertTrue(world.isViewLoaded(o["c"]!))
        XCTAssertEqual(world.engine.count(o["root"]!), 1)
        XCTAssertEqual(world.engine.count(o["label"]!), 2)
        XCTAssertEqual(world.abandonedObjects(), [])
    }
}
