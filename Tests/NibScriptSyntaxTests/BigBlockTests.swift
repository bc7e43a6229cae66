import XCTest
@testable import NibScriptSyntax

/// A block of thousands of statements reserves room for the rest of the file at once
/// (`ScriptParser.reserveForBigBlock`) and gives back what it did not use: the tree is the
/// same as for any block.
final class BigBlockTests: XCTestCase {
    private func statements(_ n: Int, indent: String = "    ") -> String {
        (0..<n).map { k in k % 3 == 0 ? "\(indent)retain a\(k % 7)\n" : k % 3 == 1 ? "\(indent)release a\n" : "\(indent)drain\n" }.joined()
    }

    func testABigBlockFollowedByMoreOfTheFile() throws {
        let n = ScriptParser.bigBlock * 2 + 17
        let text = "scenario \"big\" {\n" + statements(n) + "}\n\n# a comment\n" + String(repeating: "\n", count: 3 * n)
            + "scenario \"small\" {\n" + statements(5) + "    autoreleasepool {\n" + statements(ScriptParser.bigBlock + 1, indent: "        ")
            + "    }\n}\n"
        let (script, diagnostics) = Parser.parse(SourceFile(path: "big.nibscript", text: text))
        XCTAssertEqual(diagnostics.count, 0)
        guard script.decls.count == 2, case .scenario(let big) = script.decls[0], case .scenario(let small) = script.decls[1] else {
            return XCTFail("two scenarios")
        }
        XCTAssertEqual(big.body.statements.count, n)
        XCTAssertLessThanOrEqual(big.body.statements.capacity, 2 * n + ScriptParser.bigBlock, "the room not used is given back")
        XCTAssertEqual(small.body.statements.count, 6)
        guard case .autoreleasePool(let pool) = small.body.statements[5].kind else { return XCTFail("a pool") }
        XCTAssertEqual(pool.statements.count, ScriptParser.bigBlock + 1)
        // The same statements as a small block holds them, in order.
        let k = n - 1 - (n - 1) % 3
        guard case .retain(let e) = big.body.statements[k].kind, case .name(let id) = e.kind else { return XCTFail("retain") }
        XCTAssertEqual(id.name, "a\(k % 7)")
        guard case .drain = big.body.statements[k - 1].kind else { return XCTFail("drain") }
    }

    func testErrorsInABigBlockAreEachReported() {
        let n = ScriptParser.bigBlock + 10
        let text = "scenario \"big\" {\n" + statements(n) + "    bogus\n" + statements(3) + "    retain\n}\n"
        let (script, diagnostics) = Parser.parse(SourceFile(path: "big.nibscript", text: text))
        XCTAssertEqual(diagnostics.count, 2, "\(diagnostics)")
        guard case .scenario(let big)? = script.decls.first else { return XCTFail("the scenario") }
        XCTAssertEqual(big.body.statements.count, n + 3)
    }
}
