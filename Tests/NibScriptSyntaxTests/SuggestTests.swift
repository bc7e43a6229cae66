import XCTest
@testable import NibScriptSyntax

final class SuggestTests: XCTestCase {
    func testEditDistance() {
        XCTAssertEqual(Suggest.editDistance("", ""), 0)
        XCTAssertEqual(Suggest.editDistance("", "abc"), 3)
        XCTAssertEqual(Suggest.editDistance("abc", ""), 3)
        XCTAssertEqual(Suggest.editDistance("release", "release"), 0)
        XCTAssertEqual(Suggest.editDistance("relase", "release"), 1)
        XCTAssertEqual(Suggest.editDistance("clas", "class"), 1)
        XCTAssertEqual(Suggest.editDistance("iso", "ios"), 1)  // a transposition is one edit
        XCTAssertEqual(Suggest.editDistance("kitten", "sitting"), 3)
        XCTAssertEqual(Suggest.editDistance("Class", "class"), 1)
        XCTAssertEqual(Suggest.editDistance("ca", "abc"), 3)  // optimal string alignment, not full Damerau
    }

    func testClosest() {
        let verbs = ScriptParser.statementVerbs + ScriptParser.commandVerbs
        XCTAssertEqual(Suggest.closest(to: "relase", among: verbs), "release")
        XCTAssertEqual(Suggest.closest(to: "drian", among: verbs), "drain")
        XCTAssertEqual(Suggest.closest(to: "autorelaese", among: verbs), "autorelease")
        XCTAssertEqual(Suggest.closest(to: "memorywarning", among: verbs), "memoryWarning")
        // Too far, or too short to guess from.
        XCTAssertNil(Suggest.closest(to: "frobnicate", among: verbs))
        XCTAssertNil(Suggest.closest(to: "o", among: verbs))
        XCTAssertNil(Suggest.closest(to: "x", among: ["no"]))
        // An exact match is no suggestion; ties go to the first candidate.
        XCTAssertNil(Suggest.closest(to: "push", among: ["push"]))
        XCTAssertEqual(Suggest.closest(to: "bat", among: ["cat", "hat"]), "cat")
        XCTAssertEqual(Suggest.closest(to: "retian", among: PropertyAttribute.allCases.map(\.rawValue)), "retain")
        // A huge word is rejected by length without a quadratic comparison.
        XCTAssertNil(Suggest.closest(to: String(repeating: "a", count: 1_000_000), among: verbs))
    }
}
