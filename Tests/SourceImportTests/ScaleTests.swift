import XCTest
@testable import SourceImport

/// Issue 25 item 11: `import` was quadratic (8,000 `@interface` blocks took 12.6 s, 20,000
/// members 25 s). At ten times those sizes a quadratic reader would take hours; a linear one
/// takes seconds. The bounds are generous on purpose: they tell linear from quadratic, not
/// fast from slow.
final class ScaleTests: XCTestCase {
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    func testEightyThousandInterfaceBlocks() {
        var text = ""
        text.reserveCapacity(3_000_000)
        for k in 0..<80_000 {
            text += "@interface C\(k) : UIViewController { IBOutlet UILabel *label; }\n@property (nonatomic, retain) UIView *v;\n@end\n"
        }
        var project = ImportedProject()
        let t = seconds { project = readProject([("Many.h", text)]) }
        XCTAssertEqual(project.classes.count, 80_000)
        XCTAssertEqual(project["C79999"]?.members.map(\.name), ["label", "v"])
        XCTAssertLessThan(t, 120, "80,000 classes in \(t) s: quadratic would be about 100 × 12.6 s")
    }

    func testTwoHundredThousandMembers() {
        var text = "@interface Big : NSObject {\n"
        text.reserveCapacity(6_000_000)
        for k in 0..<100_000 { text += "    IBOutlet UIView *v\(k);\n" }
        text += "}\n"
        for k in 0..<100_000 { text += "@property (nonatomic, retain) UIView *p\(k);\n" }
        text += "@end\n@implementation Big\n"
        for k in stride(from: 0, to: 100_000, by: 2) { text += "@synthesize p\(k) = v\(k);\n" }
        text += "@end\n"
        var project = ImportedProject()
        let t = seconds { project = readProject([("Big.h", text)]) }
        // Half the properties are synthesized to an IBOutlet ivar: 50,000 ivars fold into them.
        XCTAssertEqual(project["Big"]?.members.count, 150_000)
        XCTAssertEqual(project["Big"]?.members.last?.name, "p99999")
        XCTAssertLessThan(t, 120, "200,000 members in \(t) s: quadratic would be about 100 × 25 s")
    }
}
