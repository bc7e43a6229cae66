import XCTest
import OwnershipEngine
@testable import CocoaSimulator

/// Mike Ash's table (SEMANTICS.md, "The table that every platform mode must reproduce";
/// examples/matrix/mike-ash-table.nibscript), row by row, on the simulator layer alone: no
/// script, no parser, no interpreter. Each row's classes are values, its nib is loaded on
/// the engine step by step — every object +1 from its alloc, a subview retained by its
/// superview and its alloc balanced, each top-level object disposed of by
/// `TopLevelDisposal.rule`, each outlet stored where the platform's Key-Value Coding search
/// sends it (`KeyValueCoding.outletTarget`, `OutletTarget.plainStore`) — then the pool is
/// drained and the counts are the table's, in all six configurations the matrix runs.
final class MikeAshTableTests: XCTestCase {
    /// The six columns of the matrix golden (examples/matrix/mike-ash-table.out).
    static let configurations: [Configuration] = [
        Configuration(platform: .mac, major: 10, minor: 7, memory: .mrc),
        Configuration(platform: .mac, major: 10, minor: 7, memory: .arc),
        Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc),
        Configuration(platform: .ios, major: 5, minor: 1, memory: .arc),
        Configuration(platform: .ios, major: 6, minor: 0, memory: .mrc),
        Configuration(platform: .ios, major: 6, minor: 0, memory: .arc),
    ]

    // MARK: The rows

    /// Row 1: an outlet with no setter, only an ivar. The Mac sets the ivar without a retain
    /// (N6: do not release it); iOS's KVC retains it (N7: release it in dealloc); an ARC
    /// strong ivar retains it on both.
    func testDirectlySetIvar() {
        for config in Self.configurations {
            let row = PanelRow(config, field: .ivar(nil))
            let expected = config.isMac && !config.isARC ? 1 : 2
            XCTAssertEqual(row.count("field"), expected, "\(config)")
        }
    }

    /// Row 2: a retain (strong) setter retains on both platforms.
    func testRetainSetter() {
        for config in Self.configurations {
            XCTAssertEqual(PanelRow(config, field: .property(.retain)).count("field"), 2, "\(config)")
        }
    }

    /// Row 3: an assign (or weak) setter leaves the superview its only owner.
    func testAssignOrWeakSetter() {
        for config in Self.configurations {
            XCTAssertEqual(PanelRow(config, field: .property(.assign)).count("field"), 1, "\(config)")
            // A weak outlet on the Mac is no plain store: the loader first checks that the
            // class can be weakly referenced (`OutletTarget.plainStore`).
            if config.isIOS && config.supportsWeak && config.isARC {
                XCTAssertEqual(PanelRow(config, field: .property(.weak)).count("field"), 1, "\(config)")
            }
        }
    }

    /// Row 4: top-level objects of a nib a controller loads. NSViewController keeps each in
    /// its top-level objects (N3): `root` has the view property's claim and the
    /// controller's, the unreferenced `list` the controller's. iOS autoreleases them (N4):
    /// `root` stays for the view property, `list` is gone at the drain.
    func testTopLevelObjectsLoadedByAController() {
        for config in Self.configurations {
            let row = PanelRow(config, field: .property(.assign))
            XCTAssertEqual(row.count("root"), config.isMac ? 2 : 1, "\(config)")
            XCTAssertEqual(row.count("list"), config.isMac ? 1 : 0, "\(config)")
            XCTAssertEqual(row.engine.isAlive(row.objects["list"]!), config.isMac, "\(config)")
        }
    }

    /// Row 5: top-level objects of a nib loaded directly, its File's Owner an NSObject with
    /// an assign outlet. The Mac leaves them at +1 for the owner (N3): when the owner goes
    /// without releasing them they leak. iOS autoreleases them (N4): gone at the drain.
    func testTopLevelObjectsLoadedDirectly() {
        for config in Self.configurations {
            let row = LoaderRow(config)
            XCTAssertEqual(row.count("root"), config.isMac ? 1 : 0, "\(config)")
            // The owner releases nothing: with it gone, nothing reaches what it kept.
            let leaks = row.engine.leaks(roots: []).map { row.engine.name($0) }.sorted()
            XCTAssertEqual(leaks, config.isMac ? ["field", "list", "root"] : [], "\(config)")
        }
    }

    // MARK: The rules the rows rest on

    /// N3, N4, N5 and G1 as values, for every way a nib is loaded.
    func testTopLevelDisposalRules() {
        let ios = Configuration.defaultIOS
        let mac = Configuration(platform: .mac, major: 10, minor: 7, memory: .mrc)
        let gc = Configuration(platform: .mac, major: 10, minor: 7, memory: .gc)
        func rule(_ c: Configuration, main: Bool = false, storyboard: Bool = false, controller: Bool = false, owner: Bool = true) -> TopLevelDisposal {
            TopLevelDisposal.rule(c, isMainNib: main, fromStoryboard: storyboard, controllerKeepsTopLevelObjects: controller, hasOwner: owner)
        }
        XCTAssertEqual(rule(ios), .autoreleased)
        XCTAssertEqual(rule(ios, controller: true), .autoreleased)
        XCTAssertEqual(rule(ios, main: true), .keptByApplication)
        XCTAssertEqual(rule(mac, main: true), .keptByApplication)
        XCTAssertEqual(rule(mac), .keptByOwner)
        XCTAssertEqual(rule(mac, owner: false), .leftAtPlusOne)
        XCTAssertEqual(rule(mac, controller: true), .keptByController)
        XCTAssertEqual(rule(mac, storyboard: true, controller: true), .autoreleasedByStoryboard)
        XCTAssertEqual(rule(gc), .collected)
        XCTAssertEqual(rule(gc, storyboard: true, controller: true), .keptByController)
    }

    /// N6 and N7: the order of iOS's search (setter, `_setKey:`, `_key`, `_isKey`, `key`,
    /// `isKey`) and the Mac's (setter, then only an ivar named exactly like the key).
    func testKeyValueCodingSearches() {
        let ios = Configuration.defaultIOS
        let mac = Configuration(platform: .mac, major: 10, minor: 7, memory: .mrc)
        for (ivar, iosFinds, macFinds) in [("_field", true, false), ("_isField", true, false), ("field", true, true),
                                           ("isField", true, false), ("fieldValue", false, false)] {
            for config in [ios, mac] {
                let table = Classes(config, [ClassSpec("Panel", superclass: "NSObject", ivars: [ivar])])
                let target = KeyValueCoding.outletTarget("field", in: table.classes["Panel"]!, config: config)
                let found: Bool
                switch target {
                case .kvcIvar(let iv), .directIvar(let iv): found = iv.name == ivar
                default: found = false
                }
                XCTAssertEqual(found, config.isIOS ? iosFinds : macFinds, "\(ivar) on \(config)")
            }
        }
    }
}
