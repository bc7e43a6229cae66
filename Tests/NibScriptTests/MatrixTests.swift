import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
import NibScriptSyntax

/// `nibscript matrix`: cells, scoped expectations, n/a cells, twins, JSON.
final class MatrixTests: XCTestCase {
    static let root = GoldenFileTests.root

    func matrix(_ text: String) throws -> Matrix.Result {
        let file = SourceFile(path: "m.nibscript", text: text)
        let (program, ds) = Compiler.compile(file)
        let p = try XCTUnwrap(program, ds.map(\.message).joined(separator: "; "))
        return Matrix.run(file, program: p)
    }

    func cell(_ m: Matrix.Result, _ row: Int, _ column: String) -> Matrix.Cell? {
        m.rows[row].cells.first { $0.config.columnName == column }
    }

    static let ivarScript = """
    platform ios 5.1
    class P : UIViewController {
        nib N
        ivar field : UILabel
    }
    nib N {
        root : UIView {
            field : UILabel
        }
        connect owner.view -> root
        connect owner.field -> field
    }
    scenario "ivar outlet" {
        c = new P
        send c view
        drain
        expect (mac mrc) count field == 1
        expect (ios, arc) count field == 2
        release c
        expect (ios mrc) leaks field
    }
    """

    func testCellsOfADirectIvarOutletFollowThePlatform() throws {
        let m = try matrix(Self.ivarScript)
        XCTAssertEqual(m.configs.map(\.columnName), ["mac mrc", "mac arc", "ios 5.1 mrc", "ios 5.1 arc", "ios 6.0 mrc", "ios 6.0 arc"])
        XCTAssertEqual(cell(m, 0, "mac mrc")?.text, "field=1")
        XCTAssertEqual(cell(m, 0, "ios 5.1 mrc")?.text, "field=2; leak field")
        XCTAssertEqual(cell(m, 0, "ios 6.0 arc")?.text, "field=2")
        XCTAssertEqual(m.status, 0)
        XCTAssertEqual(MatrixReport.standsOut(m.rows[0].cells), [true, false, true, false, true, false])
    }

    func testScopedExpectationsRunOnlyWhereTheyApply() throws {
        let m = try matrix(Self.ivarScript)
        // Each column checked its own count, and only its own.
        XCTAssertEqual(cell(m, 0, "mac mrc")?.counts.map(\.count), [1])
        XCTAssertEqual(cell(m, 0, "ios 5.1 mrc")?.counts.map(\.count), [2])
        XCTAssertEqual(cell(m, 0, "mac mrc")?.passed, 1)
        XCTAssertEqual(cell(m, 0, "ios 5.1 mrc")?.passed, 2)
        // In `run` only the script's own configuration applies.
        let r = Driver.runSource(SourceFile(path: "m.nibscript", text: Self.ivarScript), quiet: true)
        XCTAssertEqual(r.status, 0, r.stdout)
        XCTAssert(r.stdout.contains("pass    18  expect (ios, arc) count field == 2"), r.stdout)
        XCTAssertFalse(r.stdout.contains("expect (mac mrc)"), r.stdout)
    }

    func testAWrongScopedExpectationFailsItsCellOnly() throws {
        let m = try matrix(Self.ivarScript.replacingOccurrences(of: "(mac mrc) count field == 1", with: "(mac mrc) count field == 2"))
        XCTAssertEqual(cell(m, 0, "mac mrc")?.failedLines, [17])
        XCTAssertEqual(cell(m, 0, "ios 5.1 mrc")?.failedLines, [])
        XCTAssertEqual(m.status, 1)
    }

    func testNotApplicableCellsSayWhy() throws {
        let m = try matrix("""
        platform ios 5.1
        configurations mac, ios 6.0
        scenario "warning" {
            memoryWarning
        }
        scenario "retain" {
            o = new NSObject
            retain o
            release o
            release o
        }
        """)
        XCTAssertEqual(m.configs.map(\.columnName), ["mac mrc", "mac arc", "ios 6.0 mrc", "ios 6.0 arc"])
        XCTAssertEqual(cell(m, 0, "mac mrc")?.ran, false)
        XCTAssert(cell(m, 0, "mac mrc")?.notApplicable?.hasPrefix("line 4: there is no memory warning on the Mac") == true)
        XCTAssertEqual(cell(m, 0, "ios 6.0 mrc")?.text, "ok")
        XCTAssertEqual(cell(m, 1, "mac mrc")?.text, "ok")
        XCTAssertEqual(cell(m, 1, "ios 6.0 arc")?.notApplicable, "line 8: explicit 'retain' has no ARC equivalent")
        let text = MatrixReport.text(m)
        XCTAssert(text.contains("n/a [1]") && text.contains("n/a [2]"), text)
        XCTAssert(text.contains("[2] mac arc, ios 6.0 arc: line 8: explicit 'retain' has no ARC equivalent"), text)
    }

    func testTwinsRunAMacScriptOnIOS() throws {
        let m = try matrix("""
        platform mac 10.7
        configurations mac mrc, ios 5.1 mrc
        class L : NSObject {
            outlet view : NSView assign
        }
        nib Loose {
            owner : L
            root : NSView
            connect owner.view -> root
        }
        scenario "loaded directly" {
            o = new L
            load nib Loose owner o
            drain
            release o
        }
        """)
        XCTAssertEqual(cell(m, 0, "mac mrc")?.text, "leak root")
        XCTAssertEqual(cell(m, 0, "ios 5.1 mrc")?.text, "ok")
    }

    func testMikeAshTableGoldenMatchesSemantics() throws {
        // The table of SEMANTICS.md, cell by cell, as the matrix example prints it.
        let path = Self.root + "/examples/matrix/mike-ash-table.nibscript"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let m = try matrix(text)
        let expected: [[String]] = [
            // mac mrc, mac arc, ios 5.1 mrc, ios 5.1 arc, ios 6.0 mrc, ios 6.0 arc
            ["field=1", "field=2", "field=2; leak field", "field=2", "field=2; leak field", "field=2"],
            Array(repeating: "field=2", count: 6),
            Array(repeating: "field=1", count: 6),
            ["root=2 list=1", "root=2 list=1"] + Array(repeating: "root=1 list=0", count: 4),
            ["root=1; leak root, field, list", "root=1; leak root, field, list"] + Array(repeating: "root=0", count: 4),
        ]
        XCTAssertEqual(m.rows.map { $0.cells.map(\.text) }, expected)
        XCTAssertEqual(m.status, 0)
    }

    func testJSONParsesWithTheDocumentedKeys() throws {
        let m = try matrix(Self.ivarScript)
        let json = MatrixReport.json(m)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["command", "file", "script", "configurations", "rows", "notes", "status"])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        let cells = try XCTUnwrap(rows[0]["cells"] as? [[String: Any]])
        XCTAssertEqual(cells.count, 6)
        XCTAssertEqual(cells[2]["text"] as? String, "field=2; leak field")
        // A leak is a record: the object as every output names it, its count, and the cell's word.
        let leaks = try XCTUnwrap(cells[2]["leaks"] as? [[String: Any]])
        XCTAssertEqual(leaks.map { $0["text"] as? String }, ["field"])
        let leaked = try XCTUnwrap(leaks.first?["object"] as? [String: Any])
        XCTAssertEqual(leaked["name"] as? String, "field")
        XCTAssertNotNil(leaked["class"] as? String)
        XCTAssertNotNil(leaked["id"] as? Int)
        // At the end: the view released its subview, the ivar's retain was never released.
        XCTAssertEqual(leaks.first?["count"] as? Int, 1)
        XCTAssertEqual(json, MatrixReport.json(try matrix(Self.ivarScript)))
    }
}
