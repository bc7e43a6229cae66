import XCTest
@testable import NibScriptSyntax

/// The syntax of issue 5: `configurations`, scoped expectations, `choose`.
final class MatrixExploreSyntaxTests: XCTestCase {
    func testConfigurationsDeclaration() {
        XCTAssertEqual(dump("configurations mac mrc, ios 5.1, ios 6 arc, arc\n"),
                       "(configurations mac mrc, ios 5.1, ios 6.0 arc, arc)")
    }

    func testScopedExpectations() {
        let d = dump("scenario \"s\" {\n    expect (mac) count w == 1\n    expect (ios 5.1, arc) no leaks\n    expect alive w\n}\n")
        XCTAssert(d.contains("(expect (mac) count w == 1)"), d)
        XCTAssert(d.contains("(expect (ios 5.1, arc) no leaks)"), d)
        XCTAssert(d.contains("(expect alive w)"), d)
    }

    func testScopedExpectationRangeIncludesTheScope() {
        let (script, ds, file) = parse("scenario \"s\" {\n    expect (mac) count w == 1\n}\n")
        XCTAssertEqual(ds.map(\.message), [])
        guard case .scenario(let s) = script.decls[0], case .expect(let e) = s.body.statements[0].kind else { return XCTFail("no expect") }
        XCTAssertEqual(slice(file, e.range), "(mac) count w == 1")
        XCTAssertEqual(e.scope?.map(\.text), ["mac"])
    }

    func testBadScopesAreErrors() {
        XCTAssertEqual(errors("scenario \"s\" {\n    expect (max) alive w\n}\n"),
                       ["2:13: expected a configuration: mac, ios, a version such as 5.1, mrc or arc [did you mean 'mac'?]"])
        XCTAssertEqual(errors("scenario \"s\" {\n    expect (mac alive w\n}\n"), ["2:17: expected ')' after the configurations"])
        XCTAssertEqual(errors("configurations\n"), ["1:15: expected a configuration: mac, ios, a version such as 5.1, mrc or arc"])
    }

    func testChooseWithTwoAndThreeBranches() {
        XCTAssertEqual(dump("scenario \"s\" {\n    choose {\n        drain\n    } or {\n        pop nav\n    } or { memoryWarning }\n}\n"),
                       "(scenario \"s\" {(choose {(drain)} {(pop nav)} {(memoryWarning)})})")
        // `or` may also start the next line.
        XCTAssertEqual(dump("scenario \"s\" {\n    choose { drain }\n    or { drain }\n}\n"),
                       "(scenario \"s\" {(choose {(drain)} {(drain)})})")
    }

    func testChooseNeedsTwoBranchesAndStaysAnOrdinaryName() {
        XCTAssertEqual(errors("scenario \"s\" {\n    choose { drain }\n}\n"),
                       ["2:5: 'choose' needs at least two branches: choose { … } or { … }"])
        XCTAssertEqual(dump("scenario \"s\" {\n    choose = new X\n}\n"), "(scenario \"s\" {(= choose (new X))})")
    }
}
