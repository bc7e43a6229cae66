import XCTest
import OwnershipEngine
import CocoaSimulator   // not @testable: only the public API

/// A `CocoaWorld` driven from Swift through its public API alone — no script, no host of
/// the test's own: a nib loaded with an owner; a navigation controller shown, a controller
/// pushed, a memory warning, a pop and the drains, with the counts, callbacks, events and
/// abandoned objects read back as values.
final class StandaloneWorldTests: XCTestCase {
    /// Panel, a UIViewController whose view loads from the nib Panel (`root : UIView {
    /// label : UILabel }`, `owner.view -> root`, `owner.label -> label`), `label` a retained outlet.
    private func panelWorld(_ config: Configuration) throws -> CocoaWorld {
        let panel = ClassDescription("Panel", superclass: "UIViewController", properties: [.init("label", "UILabel", .retain)],
                                     nib: "Panel")
        let world = try CocoaWorld(configuration: config, classes: [panel])
        world.add(NibModel(name: "Panel", ownerClass: "Panel",
                           objects: [("root", "UIView", nil), ("label", "UILabel", "root")],
                           outlets: [(nil, "view", "root"), (nil, "label", "label")]))
        return world
    }

    private func callbacks(_ world: CocoaWorld, of c: ObjectID) -> [Callback] {
        world.callbacks.filter { $0.object == c }.map(\.callback)
    }

    private func deallocated(_ world: CocoaWorld) -> [ObjectID] {
        world.events.compactMap { if case .dealloc(let o) = $0.kind { return o } else { return nil } }
    }

    /// iOS 5.1, MRC: push, memory warning (V5: the covered controller's view unloads, its
    /// label abandoned, V7), pop (the view loads again; the popped controller, autoreleased,
    /// goes at the drain).
    func testPushMemoryWarningPopDrainOnIOS5() throws {
        let world = try panelWorld(Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc))
        let nav = world.make("UINavigationController", name: "nav")
        let first = world.make("Panel", name: "first")
        world.push(first, onto: nav)
        XCTAssertFalse(world.isViewLoaded(first), "the navigation controller is not on screen: no view loads")
        XCTAssertEqual(world.retainCount(first), 2, "the caller's +1 and the stack's")
        world.release(first)

        world.show(nav)
        XCTAssertTrue(world.isViewLoaded(first))
        XCTAssertEqual(callbacks(world, of: first), [.loadView, .viewDidLoad, .viewWillAppear, .viewDidAppear])
        world.drain()
        let firstView = try XCTUnwrap(world.view(of: first))
        XCTAssertEqual(world.retainCount(firstView), 2, "the view property's retain and the navigation view's subviews")

        let second = world.make("Panel", name: "second")
        world.push(second, onto: nav)
        world.release(second)
        world.drain()
        XCTAssertEqual(callbacks(world, of: second), [.loadView, .viewDidLoad, .viewWillAppear, .viewDidAppear])
        XCTAssertEqual(callbacks(world, of: first).suffix(2), [.viewWillDisappear, .viewDidDisappear])
        XCTAssertEqual(world.retainCount(firstView), 1, "out of the window, the view property holds it alone")

        world.memoryWarning()
        XCTAssertFalse(world.isViewLoaded(first), "off screen on iOS 5.1: unloaded (V5)")
        XCTAssertTrue(world.isViewLoaded(second), "on screen: it stays")
        XCTAssertFalse(world.isAlive(firstView))
        XCTAssertEqual(callbacks(world, of: first).suffix(3), [.didReceiveMemoryWarning, .viewWillUnload, .viewDidUnload])
        XCTAssertEqual(world.abandoned.count, 1, "first's label, kept by its retained outlet (V7)")
        let abandonedLabel = try XCTUnwrap(world.abandoned.first)
        XCTAssertEqual(world.retainCount(abandonedLabel), 1)

        world.pop(nav)
        XCTAssertTrue(world.isViewLoaded(first), "it reappears: its view loads again")
        XCTAssertEqual(callbacks(world, of: first).suffix(4), [.loadView, .viewDidLoad, .viewWillAppear, .viewDidAppear])
        XCTAssertTrue(world.isAlive(second), "popped: autoreleased, alive until the pool drains")
        XCTAssertFalse(world.isAlive(abandonedLabel), "the reload's outlet store released the old label")
        world.drain()
        XCTAssertFalse(world.isAlive(second))
        XCTAssertEqual(deallocated(world).filter { $0 == second }.count, 1)
        XCTAssertEqual(callbacks(world, of: second).last, .dealloc)
        XCTAssertEqual(world.errors, [])
        XCTAssertFalse(world.crashed)
    }

    /// iOS 6.0: the same warning unloads nothing (V6), and nothing is abandoned.
    func testMemoryWarningUnloadsNothingOnIOS6() throws {
        let world = try panelWorld(Configuration(platform: .ios, major: 6, minor: 0, memory: .mrc))
        let nav = world.make("UINavigationController", name: "nav")
        let first = world.make("Panel", name: "first"), second = world.make("Panel", name: "second")
        world.push(first, onto: nav)
        world.show(nav)
        world.push(second, onto: nav)
        world.drain()
        world.memoryWarning()
        XCTAssertTrue(world.isViewLoaded(first))
        XCTAssertEqual(callbacks(world, of: first).last, .didReceiveMemoryWarning)
        XCTAssertEqual(world.abandoned, [])
    }

    /// A nib loaded directly (N4): its top-level object is autoreleased; the owner's assign
    /// outlet does not keep it, so the drain frees it and its subview.
    func testNibLoadedWithAnOwnerThenDrained() throws {
        let loader = ClassDescription("Loader", properties: [.init("view", "UIView", .assign)])
        let world = try CocoaWorld(configuration: Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc), classes: [loader])
        let owner = world.make("Loader", name: "o")
        let made = world.loadNib(NibModel(name: "Loose", objects: [("root", "UIView", nil), ("field", "UITextField", "root")],
                                          outlets: [(nil, "view", "root")]), owner: owner)
        let root = try XCTUnwrap(made["root"]), field = try XCTUnwrap(made["field"])
        XCTAssertEqual(world.retainCount(root), 1, "alloc's +1, pending in the pool")
        XCTAssertEqual(world.retainCount(field), 1, "the superview's")
        world.drain()
        XCTAssertFalse(world.isAlive(root))
        XCTAssertFalse(world.isAlive(field))
        XCTAssertEqual(Set(deallocated(world)), [root, field])
    }

    /// A class whose superclass the world does not know is refused, in words.
    func testAClassOfAnUnknownSuperclassIsRefused() {
        let c = ClassDescription("Orphan", superclass: "NSNoSuchThing")
        XCTAssertThrowsError(try CocoaWorld(configuration: Configuration(platform: .ios, major: 6, minor: 0, memory: .mrc), classes: [c])) {
            XCTAssertTrue("\($0)".contains("NSNoSuchThing"), "\($0)")
        }
    }
}
