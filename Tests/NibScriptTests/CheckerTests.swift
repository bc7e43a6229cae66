import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// Each error the checker reports, with its exact text and position.
final class CheckerTests: XCTestCase {
    func diagnostics(_ text: String) -> [(String, Int, Int, [String])] {
        let file = SourceFile(path: "t.nibscript", text: text)
        let (_, ds) = Compiler.compile(file)
        return ds.map { d in
            let l = file.location(of: d.range.start)
            return (d.message, l.line, l.column, d.notes)
        }
    }

    func assertError(_ text: String, _ message: String, line: Int, column: Int, note: String? = nil,
                     file: StaticString = #filePath, at testLine: UInt = #line) {
        let ds = diagnostics(text)
        guard let d = ds.first(where: { $0.0 == message }) else {
            return XCTFail("no '\(message)' among \(ds.map(\.0))", file: file, line: testLine)
        }
        XCTAssertEqual(d.1, line, "line of '\(message)'", file: file, line: testLine)
        XCTAssertEqual(d.2, column, "column of '\(message)'", file: file, line: testLine)
        if let note { XCTAssert(d.3.contains(note), "notes \(d.3)", file: file, line: testLine) }
    }

    func testUnknownClassWithSuggestion() {
        assertError("class A : NSObject {\n    outlet l : UILable retain\n}\n", "unknown class 'UILable'",
                    line: 2, column: 16, note: "did you mean 'UILabel'?")
    }

    func testAClassOfTheOtherPlatform() {
        assertError("platform mac 10.7\nclass A : UIView {\n}\n", "class 'UIView' is not available on the Mac", line: 2, column: 11)
    }

    func testUnknownOutletInANib() {
        assertError("class O : NSObject {\n    outlet label : UILabel retain\n}\nnib N {\n    owner : O\n    t : UILabel\n    connect owner.lable -> t\n}\n",
                    "class 'O' has no outlet 'lable'", line: 7, column: 19, note: "did you mean 'label'?")
    }

    func testStaleConnectionsAreAllowed() {
        XCTAssert(diagnostics("class O : NSObject {\n}\nnib N {\n    owner : O\n    t : UILabel\n    connect owner.gone -> t stale\n}\n").isEmpty)
    }

    func testBadNesting() {
        assertError("nib N {\n    v : UIView {\n        c : UIViewController\n    }\n}\n",
                    "'c' (UIViewController) cannot be a subview of 'v' (UIView): only views nest inside views", line: 3, column: 13)
    }

    func testReleaseUnderARC() {
        assertError("memory arc\nscenario \"s\" {\n    o = new NSObject\n    release o\n}\n",
                    "ARC forbids explicit message send of 'release'", line: 4, column: 5)
    }

    func testSuperDeallocUnderARC() {
        assertError("memory arc\nclass A : NSObject {\n    dealloc {\n        super\n    }\n}\n",
                    "ARC forbids explicit message send of 'dealloc'", line: 4, column: 9)
    }

    func testWeakUnderMRCAndBeforeIOS5() {
        assertError("class A : NSObject {\n    property d : NSObject weak\n}\n", "'weak' needs ARC; under MRC write 'assign'", line: 2, column: 27)
        assertError("platform ios 4.3\nmemory arc\nclass A : NSObject {\n    property d : NSObject weak\n}\n",
                    "zeroing weak references need iOS 5.0 or later; write 'unsafe_unretained'", line: 4, column: 27)
    }

    func testUnknownNamesAndProperties() {
        assertError("scenario \"s\" {\n    owner = new NSObject\n    send ownr\n}\n", "unknown name 'ownr'", line: 3, column: 10, note: "did you mean 'owner'?")
        assertError("class A : NSObject {\n    property name : NSString copy\n}\nscenario \"s\" {\n    a = new A\n    send a.nmae\n}\n",
                    "'A' has no property 'nmae'", line: 6, column: 12, note: "did you mean 'name'?")
    }

    func testANibObjectUsedBeforeItsNibIsLoaded() {
        assertError("nib N {\n    root : UIView\n}\nscenario \"s\" {\n    send root\n}\n", "unknown name 'root'", line: 5, column: 10,
                    note: "'root' is an object of nib 'N', which this scenario has not loaded before this line")
    }

    func testDeallocBodiesOnlyReleaseWhatSelfHolds() {
        assertError("class A : NSObject {\n    property x : NSObject retain\n    dealloc {\n        y = new NSObject\n        super\n    }\n}\n",
                    "in dealloc, assignments can only set self's properties or ivars to nil", line: 4, column: 9)
        assertError("class A : NSObject {\n    dealloc {\n        super\n        send self\n    }\n}\n",
                    "[super dealloc] must be the last statement of dealloc: after it, self is freed", line: 3, column: 9)
    }

    func testStatementsInTheWrongPlace() {
        assertError("class A : NSObject {\n    refresh {\n        drain\n    }\n}\n",
                    "'drain' ends a run-loop event; it belongs in a scenario, not in a method", line: 3, column: 9)
        assertError("scenario \"s\" {\n    super\n}\n", "'super' calls the superclass's implementation; it belongs in a method", line: 2, column: 5)
    }

    func testAssigningToAListNamesTheMessage() {
        assertError("scenario \"s\" {\n    v = new UIView\n    l = new UILabel\n    v.subviews = l\n}\n",
                    "'subviews' is a list UIView owns, not a property; write 'send … addSubview: x'", line: 4, column: 7)
    }

    func testUnknownEventKind() {
        assertError("scenario \"s\" {\n    o = new NSObject\n    expect event delloc o\n}\n", "unknown event 'delloc'", line: 3, column: 18,
                    note: "did you mean 'dealloc'?")
    }

    func testEveryErrorOfAFileIsReported() {
        let ds = diagnostics("class A : NSObjct {\n}\nnib N {\n    x : UILable\n}\nmemory arc\nscenario \"s\" {\n    o = new NSObject\n    release o\n}\n")
        XCTAssertEqual(ds.filter { $0.0.hasPrefix("unknown class") }.count, 2)
        XCTAssert(ds.contains { $0.0.hasPrefix("ARC forbids") })
    }
}

/// A nib block whose middle object is skipped (it cannot nest where it is written): the
/// objects after it, the children of the skipped one and the connections to both are checked
/// as before, whether the nib is read as a table (as `run` does) or as a tree; a scenario that
/// loads it knows every object's name, a later object of the same name is not a new one, and
/// an unknown name is suggested among them.
final class NibSkippedObjectTests: XCTestCase {
    private let script = """
    class O : NSObject {
        outlet a : UIView retain
        outlet b : UIView retain
    }
    nib N {
        owner : O
        top : UIView {
            kid : UIViewController {
                grandkid : UIView
            }
            after : UIView
        }
        other : UILabel
        connect owner.a -> after
        connect owner.b -> grandkid
        connect owner.a -> kid
    }
    scenario "s" {
        o = new O
        load nib N owner o
        choose {
            x = other
        } or {
            x = after
        }
        send afterr setNeedsLayout
    }

    """

    private func diagnostics(tables: Bool) -> [String] {
        let file = SourceFile(path: "t.nibscript", text: script)
        let (_, ds) = Compiler.compile(file, nibTables: tables)
        return ds.map { d in
            let l = file.location(of: d.range.start)
            return "\(l.line):\(l.column): \(d.message) \(d.notes)"
        }
    }

    func testTheSameDiagnosticsFromTheTableAndTheTree() {
        let table = diagnostics(tables: true), tree = diagnostics(tables: false)
        XCTAssertEqual(table, tree)
        XCTAssertEqual(table, [
            "8:15: 'kid' (UIViewController) cannot be a subview of 'top' (UIView): only views nest inside views [\"write \\'as KEY\\' to hold it through a property of \\'top\\', or move it to the top level\"]",
            "15:24: no object named 'grandkid' in this nib []",
            "16:24: no object named 'kid' in this nib []",
            "26:10: unknown name 'afterr' [\"did you mean \\'after\\'?\"]",
        ])
    }
}
