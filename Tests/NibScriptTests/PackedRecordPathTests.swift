import Foundation
import XCTest
@testable import NibScriptInterpreter
@testable import NibScriptSyntax

/// The checker and the interpreter read packed records by their names in place
/// (CheckerRecords.swift, StatementRecords.swift); an unpacked parse keeps every statement
/// whole, so it goes the long way. Both must report and run the same, to the byte.
final class PackedRecordPathTests: XCTestCase {
    static let root: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    private func described(_ ds: [Diagnostic]) -> [String] {
        ds.map { "\($0.severity) \($0.range) \($0.message) \($0.notes)" }
    }

    /// Compiles `text` packed and unpacked, asserts the same diagnostics and, when it
    /// compiles, the same full trace; returns the diagnostics.
    @discardableResult
    private func compare(_ text: String, _ name: String = "t.nibscript", file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let source = SourceFile(path: name, bytes: Array(text.utf8))
        let (packed, d1) = Compiler.compile(source)
        let (ast, names, parsed) = Parser.parseNamed(source, packStatements: false)
        let (whole, d2) = Compiler.compile(source, ast: ast, parseDiagnostics: parsed, names: names)
        XCTAssertEqual(described(d1), described(d2), name, file: file, line: line)
        XCTAssertEqual(packed == nil, whole == nil, name, file: file, line: line)
        if let packed, let whole {
            let a = StringOutput(), b = StringOutput()
            _ = Runner.run(packed, quiet: false, to: a)
            _ = Runner.run(whole, quiet: false, to: b)
            XCTAssertEqual(a.text, b.text, name, file: file, line: line)
        }
        return described(d1)
    }

    func testEveryExampleRunsAndChecksTheSameEitherWay() throws {
        let dir = Self.root + "/examples"
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: dir)).filter { $0.hasSuffix(".nibscript") }.sorted()
        XCTAssertGreaterThan(files.count, 50)
        for f in files {
            let path = dir + "/" + f
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // Relative paths (Interface Builder files) are read from the example's folder.
            compare(text, path)
        }
    }

    static let header = """
    platform ios 5.1
    memory mrc
    class Item : NSObject {
        property next : Item retain
        property items : NSMutableArray retain
        ivar store : NSObject
        ivar plain : id
        setFoo: {
            x = value
            retain x
            release x
        }
        touch {
            store = self
            self.next = nil
            retain store
            release store
            release plain
            send self description
        }
    }
    nib N {
        owner : Item
        label : UILabel
    }

    """

    /// What the records' way gives up on: each is reported as the long way reports it.
    func testWhatTheRecordsGiveUpOnIsReportedAsBefore() {
        let cases: [(String, String)] = [
            ("unknown name", "release y\n"),
            ("unknown value", "x = y\n"),
            ("unknown class", "x = new Itme\n"),
            ("unknown property", "x = new Item\nx.nxt = nil\n"),
            ("unknown property read", "x = new Item\ny = x.nxt\n"),
            ("unknown ivar", "x = new Item\nx->stor = nil\n"),
            ("unknown ivar read", "x = new Item\nretain x->stor\n"),
            ("list property", "v = new UIView\nv.subviews = nil\n"),
            ("self assigned", "self = nil\n"),
            ("nib object assigned", "o = new Item\nload nib N owner o\nlabel = nil\n"),
            ("selector needs an argument", "x = new Item\nsend x `addObject:`\n"),
            ("watch unknown", "watch y\n"),
            ("self in scenario", "retain self\n"),
            ("unknown base", "y.next = nil\n"),
            ("fine", "x = new Item\ny = x.next\nx.next = new Item autoreleased\nx->store = x\nretain x\nautorelease x\nrelease x\nsend x touch\nwatch x\n"),
        ]
        for (what, body) in cases {
            let d = compare(Self.header + "scenario \"s\" {\n" + body + "}\n", what)
            if what == "fine" { XCTAssertTrue(d.isEmpty, "\(d)") } else { XCTAssertFalse(d.isEmpty, what) }
        }
        // Under ARC, retain and release are errors either way.
        compare(Self.header.replacingOccurrences(of: "memory mrc", with: "memory arc") + "scenario \"s\" {\nx = new Item\nretain x\n}\n", "arc")
    }
}
