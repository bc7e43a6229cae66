import XCTest
import OwnershipEngine
import CocoaSimulator   // not @testable: only the public API

/// Whose nib a window controller frees (grammar.md, N3): NSWindowController releases the
/// top-level objects of the nib it loads itself (`loadWindow`), not those of a nib that
/// code loads with the controller as File's Owner (`loadNibNamed:owner:self`).
final class WindowControllerNibTests: XCTestCase {
    /// Dialog (`panel : NSPanel`, `menu : NSMenu`, `owner.window -> panel`), the window nib
    /// of `OwnNib`; `Plain` is a window controller with no nib name.
    private func world() throws -> CocoaWorld {
        let own = ClassDescription("OwnNib", superclass: "NSWindowController", nib: "Dialog")
        let plain = ClassDescription("Plain", superclass: "NSWindowController")
        let world = try CocoaWorld(configuration: Configuration(platform: .mac, major: 10, minor: 7, memory: .mrc), classes: [own, plain])
        world.add(dialog)
        return world
    }

    private let dialog = NibModel(name: "Dialog", ownerClass: "NSWindowController",
                                  objects: [("panel", "NSPanel", nil), ("menu", "NSMenu", nil)],
                                  outlets: [(nil, "window", "panel")])

    func testItsOwnWindowNibIsFreedAtDealloc() throws {
        let world = try world()
        let wc = world.make("OwnNib", name: "wc")
        world.show(wc)
        let loaded = world.events.compactMap { if case .alloc(let o) = $0.kind, o != wc { return o } else { return nil } }
        XCTAssertEqual(loaded.count, 2, "show loads the window nib (V11): the panel and the menu")
        XCTAssertEqual(loaded.map(world.retainCount), [2, 1], "the nib's +1s in topLevelObjects, and -setWindow:'s retain of the panel")
        world.release(wc)
        XCTAssertEqual(loaded.filter(world.isAlive), [], "its dealloc releases its window and its topLevelObjects")
        XCTAssertEqual(world.errors, [])
    }

    func testANibLoadedByCodeWithItAsOwnerIsNotFreed() throws {
        let world = try world()
        let wc = world.make("Plain", name: "wc")
        let made = world.loadNib(dialog, owner: wc)
        let panel = try XCTUnwrap(made["panel"]), menu = try XCTUnwrap(made["menu"])
        XCTAssertEqual(world.retainCount(panel), 2, "the nib's +1 owed by wc, and -setWindow:'s retain")
        XCTAssertEqual(world.retainCount(menu), 1, "the nib's +1 owed by wc")
        world.release(wc)
        XCTAssertTrue(world.isAlive(panel), "NSWindowController's dealloc gives back -setWindow:'s retain only")
        XCTAssertEqual(world.retainCount(panel), 1)
        XCTAssertTrue(world.isAlive(menu), "nothing releases the menu's +1: a leak (O9)")
        XCTAssertEqual(world.retainCount(menu), 1)
    }
}
