import XCTest
import OwnershipEngine
@testable import CocoaSimulator

/// The class table built from the simulator's own class descriptions: what is wrong with
/// them comes back as `ClassProblem` values by index (the interpreter words them as
/// diagnostics at the declarations), and the table is usable whatever they are.
final class ClassDescriptionTests: XCTestCase {
    private let config = Configuration(platform: .ios, major: 5, minor: 1, memory: .mrc)

    func testProblemsComeBackByIndexAndTheTableStillStands() {
        let described = [
            ClassDescription("UILabel", superclass: "UIView"),                      // 0: a built-in's name
            ClassDescription("Panel", superclass: "UIViewController"),              // 1
            ClassDescription("Panel", superclass: "NSObject"),                      // 2: a second Panel
            ClassDescription("Loop", superclass: "Back"),                           // 3: a cycle
            ClassDescription("Back", superclass: "Loop"),                           // 4: a cycle
            ClassDescription("Orphan", superclass: "UIViewControler"),              // 5: no such class
        ]
        var problems: [ClassProblem] = []
        let table = ClassTable(described: described, config: config, engine: Engine(), problems: &problems)
        XCTAssertEqual(problems.map(\.index), [0, 2, 3, 4, 5])
        XCTAssertEqual(problems.map { $0.message(described) }, [
            "class 'UILabel' is a built-in Cocoa class; give your subclass another name",
            "class 'Panel' is declared twice",
            "class 'Loop' inherits from itself through 'Back'",
            "class 'Back' inherits from itself through 'Loop'",
            "unknown class 'UIViewControler'",
        ])
        guard case .unknownSuperclass(_, let known) = problems[4] else { return XCTFail("\(problems[4])") }
        XCTAssertTrue(known.contains("UIViewController"), "the names a suggestion is chosen among")
        // The first Panel is kept; the broken chains fall back to NSObject.
        XCTAssertEqual(table["Panel"]?.superclass?.name, "UIViewController")
        XCTAssertEqual(table["Loop"]?.superclass?.name, "NSObject")
        XCTAssertEqual(table["Orphan"]?.superclass?.name, "NSObject")
        XCTAssertTrue(table["UILabel"]?.isBuiltin ?? false)
    }

    /// A described method is a handle the world hands back: found by selector, nearest class
    /// first, the same object every time.
    func testMethodsAreHandlesFoundBySelector() {
        let base = MethodBody(), override = MethodBody()
        var a = ClassDescription("Base", superclass: "UIViewController")
        a.methods = [("viewDidLoad", base), ("loadView", base)]
        var b = ClassDescription("Derived", superclass: "Base")
        b.methods = [("viewDidLoad", override)]
        var problems: [ClassProblem] = []
        let table = ClassTable(described: [a, b], config: config, engine: Engine(), problems: &problems)
        XCTAssertTrue(problems.isEmpty)
        let derived = table["Derived"]!
        XCTAssertTrue(derived.method("viewDidLoad")?.0 === override)
        XCTAssertTrue(derived.method("loadView")?.0 === base)
        XCTAssertEqual(derived.method("loadView")?.1.name, "Base")
        XCTAssertTrue(derived.overrides(.viewDidLoad))
        XCTAssertTrue(derived.lifecycleMethod(.viewDidLoad)?.0 === override)
    }
}
