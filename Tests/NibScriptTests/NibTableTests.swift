import Foundation
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine
@testable import NibScriptSyntax
import TestSupport

/// `run` reads nib blocks as tables of name ids (`NibTable`), other commands as syntax trees:
/// both must give the same nib models and the same diagnostics, on good scripts and bad.
final class NibTableTests: XCTestCase {
    /// The diagnostics as printed, and each nib block's model in full.
    private func outcome(_ text: String, path: String = "t.nibscript", tables: Bool) -> (String, String) {
        let file = SourceFile(path: path, text: text)
        let (program, diagnostics) = Compiler.compile(file, nibTables: tables)
        let printed = DiagnosticFormatter.format(diagnostics, in: file, errorLimit: 0)
        guard let program else { return (printed, "") }
        let models = program.inlineNibs.keys.sorted().map { name -> String in
            let m = program.inlineNibs[name]!
            return "\(name) main=\(m.isMain) owner=\(m.ownerClass ?? "-")\n\(m.objects)\n\(m.connections)"
        }
        return (printed, models.joined(separator: "\n"))
    }

    private func assertSame(_ text: String, path: String = "t.nibscript", file: StaticString = #filePath, line: UInt = #line) {
        let tree = outcome(text, path: path, tables: false), table = outcome(text, path: path, tables: true)
        XCTAssertEqual(table.0, tree.0, "diagnostics differ for:\n\(text)", file: file, line: line)
        XCTAssertEqual(table.1, tree.1, "models differ for:\n\(text)", file: file, line: line)
    }

    private let header = """
    platform ios 5.1
    memory mrc
    class Owner : NSObject {
        outlet label : UILabel retain
        outlet views : UIView retain
        outlet gone : UIView retain
    }
    class Controller : UIViewController {
        outlet button : UIButton retain
    }

    """

    func testGoodNibsGiveTheSameModels() {
        let text = header + """
        nib Panel main {
            owner : Owner
            root : UIView {
                title : UILabel
                box : UIView {
                    inner : UIButton
                }
            }
            c : Controller {
                v : UIView as view
            }
            other : UIView
            connect owner.label -> title
            action inner -> owner.tapped:
            connect owner.views -> root, box, other
            connect c.button -> inner
            action inner -> c.go:with:
        }
        scenario "s" {
            o = new Owner
            load nib Panel owner o
            drain
            expect alive title
        }
        """
        assertSame(text)
        let (diagnostics, models) = outcome(text, tables: true)
        XCTAssertEqual(diagnostics, "")
        XCTAssertTrue(models.contains("name: \"inner\""), models)
    }

    func testBadNibsGiveTheSameDiagnostics() {
        let bodies = [
            // Duplicates, File's Owner's name, unknown classes, a child of a skipped object.
            "owner : Owner\nowner : Nope\na : UIView\na : UIView {\n  b : UILabel\n}\nowner : UIView\nc : Nope {\n  d : UIView\n}",
            // Nesting that no property holds, `as` without a parent, a key that does not exist.
            "a : UIView as view\nb : NSObject {\n  c : UIView\n}\nd : UIView {\n  e : NSObject\n}\nf : Controller {\n  g : UIView as nothing\n}",
            // Unknown objects, outlets and collections with missing destinations, stale outlets.
            "a : UIView\nconnect owner.label -> missing\nconnect nobody.label -> a\nconnect owner.views -> a, nope, a2\nconnect owner.nothing -> a\nconnect owner.gone -> a stale\nconnect owner.labl -> a",
            // Actions among connections, to and from unknown objects.
            "a : UIButton\naction a -> owner.x:\nconnect owner.label -> a\naction zz -> owner.y:\naction a -> yy.z:\nconnect owner.gone -> a",
            // Parse errors inside the block: items, objects, connections cut short.
            "a : UIView {\n  connect owner.label -> a\n  b :\n  c : UIView as\n}\nconnect owner.label -> a,\nconnect owner. -> a\nbogus item\n42\nd : UIView {\n  e : UILabel\n",
            "a : UIView {\n  b : UIView {\n    c : UIView extra\n  } trailing\n}\nconnect owner.label -> a stale more\naction a -> owner\nowner Owner",
        ]
        for body in bodies {
            let indented = body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            assertSame(header + "nib N {\n" + indented + "\n}\nscenario \"s\" {\n    o = new Owner\n    load nib N owner o\n    expect alive a\n    expect alive zz\n}\n")
        }
    }

    func testNestingTooDeepDropsTheSameObjects() {
        var body = ""
        for k in 0..<140 { body += String(repeating: " ", count: k) + "v\(k) : UIView {\n" }
        body += String(repeating: "}\n", count: 140)
        assertSame(header + "nib Deep {\n" + body + "connect owner.label -> v3\n}\n")
    }

    /// A nib past `ScriptParser.bigBlock` objects and connections reserves room for the rest
    /// of the file at once and gives back what it did not use.
    func testABigNibBeforeMoreOfTheFile() throws {
        let n = ScriptParser.bigBlock + 300
        var body = "nib Big {\n    owner : Owner\n    root : UIView {\n"
        for k in 0..<n { body += "        v\(k) : UIView\n" }
        body += "    }\n"
        for k in 0..<n { body += "    connect owner.views -> v\(k)\n" }
        body += "    connect owner.label -> v0\n}\n" + String(repeating: "# more of the file\n", count: 4 * n)
        assertSame(header + body)
        XCTAssertEqual(outcome(header + body, tables: true).0, "", "a good nib, so that the models are compared too")
        let file = SourceFile(path: "t.nibscript", text: header + body)
        let (ast, _, _) = Parser.parseNamed(file, nibTables: true)
        guard case .nib(let nib)? = ast.decls.last, case .table(let table) = nib.body else { return XCTFail("a table") }
        XCTAssertEqual(table.objects.count, n + 1)
        XCTAssertEqual(table.connections.count, n + 1)
        XCTAssertLessThanOrEqual(table.objects.capacity, 2 * table.objects.count + ScriptParser.bigBlock)
        XCTAssertLessThanOrEqual(table.connections.capacity, 2 * table.connections.count + ScriptParser.bigBlock)
    }

    private var savedDirectory = ""

    /// The examples' paths are relative to the package root: work from there.
    private func inGoldenRoot() throws {
        savedDirectory = FileManager.default.currentDirectoryPath
        XCTAssert(FileManager.default.changeCurrentDirectoryPath(GoldenFileTests.root))
    }

    private func leaveGoldenRoot() { _ = FileManager.default.changeCurrentDirectoryPath(savedDirectory) }

    /// Every example, and each of them with one line taken out: a deterministic stream of
    /// broken scripts.
    func testExamplesAndTheirMutantsGiveTheSameResults() throws {
        try inGoldenRoot()
        defer { leaveGoldenRoot() }
        for path in GoldenTests.scripts(under: "examples") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            assertSame(text, path: path)
            guard text.contains("nib ") && text.contains("{") else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, l) in lines.enumerated() where i % 3 == 0 && !l.trimmingCharacters(in: .whitespaces).isEmpty {
                var cut = lines
                cut.remove(at: i)
                assertSame(cut.joined(separator: "\n"), path: path)
            }
        }
    }

    /// Examples with nib blocks, each mutated byte by byte as the fuzz test does (fixed seed):
    /// broken text inside and around the blocks reads the same both ways.
    func testFuzzedNibBlocksGiveTheSameResults() throws {
        try inGoldenRoot()
        defer { leaveGoldenRoot() }
        var rng = SplitMix64(state: 0x5EED_0F_7AB1E5)
        var mutants = 0
        for path in GoldenTests.scripts(under: "examples") {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard text.range(of: #"nib \w+( main)? \{"#, options: .regularExpression) != nil else { continue }
            for _ in 0..<12 {
                let bytes = FuzzTests.mutate(Array(text.utf8), &rng, dictionary: FuzzTests.scriptDictionary)
                assertSame(String(decoding: bytes, as: UTF8.self), path: path)
                mutants += 1
            }
        }
        XCTAssertGreaterThan(mutants, 100)
    }

    /// `run` frees the tables with the rest of the nibs' syntax, and keeps the file's names,
    /// by which it binds a loaded nib's objects (`NibBindings`).
    func testRunFreesTheTables() throws {
        let text = header + "nib N {\n    owner : Owner\n    t : UILabel\n    connect owner.label -> t\n}\nscenario \"s\" {\n    o = new Owner\n    load nib N owner o\n    drain\n    expect count t == 1\n}\n"
        let program = try XCTUnwrap(Compiler.compile(SourceFile(path: "t.nibscript", text: text), nibTables: true).0)
        guard case .table(let table)? = program.nibDecl("N")?.body else { return XCTFail("read as a table") }
        XCTAssertEqual(table.objects.count, 1)
        XCTAssertGreaterThan(program.names.count, Keyword.allCases.count)
        let slim = program.withoutNibSyntax()
        guard case .inline(let items)? = slim.nibDecl("N")?.body else { return XCTFail("the nib is still declared") }
        XCTAssertTrue(items.isEmpty)
        XCTAssertEqual(slim.names.count, program.names.count, "the names a loaded nib's objects are bound by")
        let whole = StringOutput(), slimmed = StringOutput()
        _ = Runner.run(program, quiet: false, to: whole)
        let reports = Runner.run(slim, quiet: false, to: slimmed)
        XCTAssertEqual(slimmed.text, whole.text)
        XCTAssertEqual(reports.first?.failed, 0, slimmed.text)
    }
}
