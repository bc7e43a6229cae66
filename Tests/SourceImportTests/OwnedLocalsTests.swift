import XCTest
@testable import SourceImport

/// R12: a local holding a new object, stored into a member, read as the store of a new object.
final class OwnedLocalsTests: XCTestCase {
    func kinds(_ body: String) -> [ImportedStatementKind] {
        let p = readProject([("P.m", "@interface P : NSObject {\n    id slot;\n}\n@property (nonatomic, retain) id badge;\n@end\n@implementation P\n- (void)viewDidLoad {\n\(body)}\n@end\n")])
        return p["P"]?.method("viewDidLoad")?.statements.map(\.kind) ?? []
    }

    func testAPlainStoreOfANewLocalIsANewObject() {
        XCTAssertTrue(kinds("    UIView *v = [[UIView alloc] init];\n    slot = v;\n").contains(.setNew("slot", className: "UIView", autoreleased: false, viaSetter: false)))
        // Released in the method: the plain variable would dangle; not read.
        XCTAssertFalse(kinds("    UIView *v = [[UIView alloc] init];\n    slot = v;\n    [v release];\n").contains { if case .setNew = $0 { return true }; return false })
    }

    func testASetterStoreOfAReleasedLocalIsAnAutoreleasedNewObject() {
        XCTAssertTrue(kinds("    UIView *v = [[UIView alloc] init];\n    self.badge = v;\n    [v release];\n").contains(.setNew("badge", className: "UIView", autoreleased: true, viaSetter: true)))
        XCTAssertFalse(kinds("    UIView *v = [[UIView alloc] init];\n    self.badge = v;\n").contains { if case .setNew = $0 { return true }; return false })
    }

    func testALocalDeclaredTwiceIsNotRead() {
        let k = kinds("    if (a) {\n        UIView *v = [[UIView alloc] init];\n        slot = v;\n    } else {\n        UILabel *v = [[UILabel alloc] init];\n        slot = v;\n    }\n")
        XCTAssertFalse(k.contains { if case .setNew = $0 { return true }; return false })
    }
}
