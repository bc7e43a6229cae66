import XCTest
@testable import NibScriptSyntax
import TestSupport

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

    func testBoundedDistanceAgreesWithTheFullOneWithinItsLimit() {
        var rng = SplitMix64(seed: 7)
        let letters = Array("abc".utf8)
        for _ in 0..<2000 {
            let a = String(decoding: (0..<rng.below(9)).map { _ in letters[rng.below(3)] }, as: UTF8.self)
            let b = String(decoding: (0..<rng.below(9)).map { _ in letters[rng.below(3)] }, as: UTF8.self)
            let full = Suggest.editDistance(a, b)
            for limit in 0...4 {
                XCTAssertEqual(Suggest.editDistance(a, b, limit: limit), full <= limit ? full : nil, "\(a) \(b) \(limit)")
            }
        }
        XCTAssertNil(Suggest.editDistance("abc", "abc", limit: -1))
    }

    /// A misspelt 80,000-character name: the repro took 12 s, comparing the whole of
    /// both names. Bounded, each comparison is linear (the full one here would take minutes).
    func testLongNamesAreComparedInLinearTime() {
        let name = String(repeating: "a", count: 200_000)
        XCTAssertEqual(Suggest.closest(to: name + "b", among: ["x", name]), name)
        XCTAssertEqual(Suggest.editDistance(name, name + "bc", limit: 2), 2)
        XCTAssertNil(Suggest.editDistance(name + "x", "x" + name, limit: 1))
    }
}
