import XCTest
import NibScriptSyntax
@testable import NibScriptInterpreter

/// The compact expectation results give back what whole results held: the same results in
/// the same order, sorted by line as an array of them is sorted.
final class ExpectationResultsTests: XCTestCase {
    func testCompactResultsReadAsTheWholeOnes() {
        let text = "expect nil a.peer\nalive b\nexpect deallocated c\nexpect count d == 2\n"
        let bytes = Array(text.utf8)
        func range(_ s: String) -> SourceRange {
            let r = text.range(of: s)!
            return SourceRange(start: text.utf8.distance(from: text.startIndex, to: r.lowerBound),
                               end: text.utf8.distance(from: text.startIndex, to: r.upperBound))
        }
        var compact = ExpectationResults(bytes: bytes)
        var whole: [ExpectationResult] = []
        func add(_ line: Int, _ words: String, passed: Bool, prefixed: Bool) {
            compact.append(line: line, passed: passed, text: range(words), prefixed: prefixed)
            whole.append(ExpectationResult(line: line, text: (prefixed ? "expect " : "") + words, passed: passed, detail: nil))
        }
        add(3, "expect deallocated c", passed: true, prefixed: false)
        add(1, "expect nil a.peer", passed: false, prefixed: false)
        let counted = ExpectationResult(line: 4, text: "expect count d == 2", passed: false, detail: "d has count 1", observed: 1)
        compact.append(counted); whole.append(counted)
        add(2, "alive b", passed: true, prefixed: true)
        let crash = ExpectationResult(line: 1, text: "(no crash expected)", passed: false, detail: "the app crashed at line 1: x")
        compact.append(crash); whole.append(crash)
        add(3, "expect deallocated c", passed: false, prefixed: false)

        XCTAssertEqual(Array(compact), whole)
        XCTAssertEqual(compact.passedCount, whole.filter(\.passed).count)
        XCTAssertEqual(compact.indices.map { compact.passed($0) }, whole.map(\.passed))
        XCTAssertEqual(compact.indices.map { compact.line($0) }, whole.map(\.line))
        compact.sortByLine()
        whole.sort { $0.line < $1.line }
        XCTAssertEqual(Array(compact), whole, "sorted alike, results of one line in the same order")
    }
}
