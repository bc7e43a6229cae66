import XCTest
@testable import NibScriptSyntax
import TestSupport

/// The sizes the compile cost depends on (grammar.md, "Costs"): a script of a million
/// statements holds a million of these, so a field that grows one is a regression.
final class NodeLayoutTests: XCTestCase {
    func testNodeSizes() {
        print("layout: Identifier \(MemoryLayout<Identifier>.size)/\(MemoryLayout<Identifier>.stride), Expr \(MemoryLayout<Expr>.size)/\(MemoryLayout<Expr>.stride), Stmt \(MemoryLayout<Stmt>.size)/\(MemoryLayout<Stmt>.stride), Token \(MemoryLayout<Token>.size)/\(MemoryLayout<Token>.stride)")
        XCTAssertLessThanOrEqual(MemoryLayout<Expr>.stride, 40)
        // Assignments, sends, loads and commands are stored in place (no box of 96–112 bytes).
        XCTAssertLessThanOrEqual(MemoryLayout<Stmt>.stride, 88)
    }

    /// The parser's identifiers carry their ids; equality and hashing ignore them.
    func testIdentifierIDsAreHintsOnly() {
        let file = SourceFile(path: "t.nibscript", bytes: Array("scenario \"s\" {\n    x = new NSObject\n    release x\n}\n".utf8))
        let (ast, names, diagnostics) = Parser.parseNamed(file)
        XCTAssertTrue(diagnostics.isEmpty)
        guard case .scenario(let s) = ast.decls.first, case .assign(let target, _) = s.body.statements[0].kind,
              case .name(let x) = target.kind else { return XCTFail("expected an assignment") }
        XCTAssertGreaterThanOrEqual(x.nameID, 0)
        XCTAssertEqual(names[x.nameID], "x")
        XCTAssertEqual(x, Identifier("x", x.range))
        var renamed = x
        renamed.name = "y"
        XCTAssertEqual(renamed.nameID, -1, "a renamed identifier drops the id of its old name")
        XCTAssertFalse(x.isSelf)
        XCTAssertTrue(Identifier("self", x.range).isSelf)
        // An index over another table finds the name by its text, not by the foreign id.
        var other = NameTable()
        _ = other.intern("zzz")
        var index = NameIndex(names: other)
        index.set(x, to: 7)
        XCTAssertEqual(index["x"], 7)
        XCTAssertEqual(index[Identifier("x", x.range)], 7)
        var own = NameIndex(names: names)
        XCTAssertTrue(own.setIfAbsent(x, to: 3))
        XCTAssertFalse(own.setIfAbsent("x", to: 4))
        XCTAssertEqual(own[Identifier("x", x.range)], 3)
    }
}
