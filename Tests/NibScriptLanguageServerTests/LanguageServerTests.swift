import Foundation
import XCTest
import NibScriptSyntax
@testable import NibScriptLanguageServer

/// The server driven as a client drives it: framed JSON-RPC messages in, framed messages out.
final class LanguageServerTests: XCTestCase {
    static let uri = "file:///tmp/fixture.nibscript"
    static let script = """
    platform ios 5.1
    memory mrc

    class Owner : NSObject {
        outlet label : UILabel retain
        ivar _spinner : UIActivityIndicatorView
        dealloc {
            release label
            super
        }
    }

    nib Panel {
        owner : Owner
        root : UIView {
            title : UILabel
        }
        connect owner.label -> title
    }

    scenario "load and release" {
        o = new Owner
        load nib Panel owner o
        drain
        expect count title == 1
        send o.label
        release o
        expect deallocated o
    }

    scenario "a failing one" {
        p = new Owner
        expect count p == 2
    }

    """

    func opened(_ text: String = LanguageServerTests.script) -> ServerHarness {
        let h = ServerHarness()
        h.initialize()
        h.open(Self.uri, text)
        return h
    }

    func testInitializeShutdownExit() {
        let h = ServerHarness()
        // Before initialize, a request is refused with LSP's code.
        XCTAssertEqual(h.request("textDocument/hover", ServerHarness.at(Self.uri, 0, 0))["error"]?["code"]?.int, -32002)
        let r = h.request("initialize", ["capabilities": [:]])
        let caps = r["result"]?["capabilities"]
        XCTAssertEqual(caps?["textDocumentSync"]?["change"]?.int, 1)
        for p in ["hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider"] {
            XCTAssertEqual(caps?[p]?.bool, true, p)
        }
        XCTAssertNotNil(caps?["completionProvider"]?.object)
        XCTAssertNotNil(caps?["codeLensProvider"]?.object)
        XCTAssertEqual(r["result"]?["serverInfo"]?["name"]?.string, "nibscript")
        XCTAssertEqual(h.request("no/suchMethod")["error"]?["code"]?.int, -32601)
        XCTAssertEqual(h.request("shutdown")["result"], .null)
        XCTAssertEqual(h.request("textDocument/hover", ServerHarness.at(Self.uri, 0, 0))["error"]?["code"]?.int, -32600)
        XCTAssertNil(h.server.exitCode)
        h.notify("exit")
        XCTAssertEqual(h.server.exitCode, 0)
        // Nothing more is read after exit.
        XCTAssertFalse(h.server.receive(FrameReader.frame("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"shutdown\"}")))

        let early = ServerHarness()
        early.initialize()
        early.notify("exit")
        XCTAssertEqual(early.server.exitCode, 1, "exit without shutdown is status 1")
    }

    /// The diagnostics of each version are the checker's, with the same messages and ranges
    /// `nibscript run` prints; a "did you mean" note is a quick fix; fixing it clears them.
    func testDiagnosticsAsYouTypeWithQuickFix() throws {
        let h = opened()
        h.settle()
        XCTAssertEqual(h.diagnostics(Self.uri).filter { $0["severity"]?.int == 1 }, [], "the fixture compiles")
        let broken = Self.script.replacingOccurrences(of: "o = new Owner", with: "o = new Ownr")
        h.change(Self.uri, broken, version: 2)
        let ds = h.diagnostics(Self.uri)
        XCTAssertEqual(ds.count, 1, "\(ds)")
        let d = try XCTUnwrap(ds.first)
        // What the command line reports for the same text.
        let file = SourceFile(path: "/tmp/fixture.nibscript", text: broken)
        let (_, expected) = NibScriptSyntax.Parser.parse(file)
        XCTAssertEqual(expected, [], "the misspelling is the checker's, not the parser's")
        XCTAssertEqual(d["message"]?.string, "unknown class 'Ownr'\nnote: did you mean 'Owner'?")
        XCTAssertEqual(d["severity"]?.int, 1)
        let (line, col) = ServerHarness.find("Ownr", in: broken)
        XCTAssertEqual(d["range"], ["start": ["line": JSON(line), "character": JSON(col)], "end": ["line": JSON(line), "character": JSON(col + 4)]])

        let actions = h.request("textDocument/codeAction", ["textDocument": ["uri": .string(Self.uri)], "range": d["range"]!,
                                                            "context": ["diagnostics": [d]]])["result"]?.array ?? []
        XCTAssertEqual(actions.count, 1)
        XCTAssertEqual(actions.first?["kind"]?.string, "quickfix")
        let edits = actions.first?["edit"]?["changes"]?[Self.uri]?.array
        XCTAssertEqual(edits?.first?["newText"]?.string, "Owner")
        XCTAssertEqual(edits?.first?["range"], d["range"])
        h.change(Self.uri, Self.script, version: 3)
        h.settle()
        XCTAssertEqual(h.diagnostics(Self.uri).filter { $0["severity"]?.int == 1 }, [])
    }

    /// After the runs, a failed expectation is a warning on its line, and each scenario has
    /// a lens with its pass/fail.
    func testRunsGiveLensesAndFailedExpectations() {
        let h = opened()
        h.settle()
        let warnings = h.diagnostics(Self.uri).filter { $0["severity"]?.int == 2 }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?["message"]?.string,
                       "expectation failed: expect count p == 2 — Owner p#1 has count 1 (scenario \"a failing one\")")
        XCTAssertEqual(warnings.first?["range"]?["start"]?["line"]?.int, ServerHarness.find("expect count p", in: Self.script).0)
        let lenses = h.request("textDocument/codeLens", ["textDocument": ["uri": .string(Self.uri)]])["result"]?.array ?? []
        XCTAssertEqual(lenses.map { $0["command"]?["title"]?.string ?? "" },
                       ["✓ passed: 2 expectations", "✗ failed: 1 of 1 expectation"])
        XCTAssertEqual(lenses.map { $0["range"]?["start"]?["line"]?.int ?? -1 },
                       [ServerHarness.find("scenario \"load", in: Self.script).0, ServerHarness.find("scenario \"a failing", in: Self.script).0])
        // Hover on a scenario's title: its last run.
        let (tl, tc) = ServerHarness.find("a failing one", in: Self.script)
        let title = h.request("textDocument/hover", ServerHarness.at(Self.uri, tl, tc + 3))["result"]?["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(title.hasSuffix("\n\n---\n\n**last run**: 0 passed, 1 failed\n- line 33: `expect count p == 2` — Owner p#1 has count 1"), title)
        // A script with an error does not run: the lens says why.
        h.change(Self.uri, Self.script.replacingOccurrences(of: "drain", with: "drian"), version: 2)
        let broken = h.request("textDocument/codeLens", ["textDocument": ["uri": .string(Self.uri)]])["result"]?.array ?? []
        XCTAssertEqual(broken.first?["command"]?["title"]?.string, "not run: the script has errors")
    }

    func testHoverShowsDeclarationAndStateAfterTheLine() throws {
        let h = opened()
        h.settle()
        // On an outlet's use in a connection: its declaration.
        let (l1, c1) = ServerHarness.find("owner.label", in: Self.script, offset: 6)
        let hover = h.request("textDocument/hover", ServerHarness.at(Self.uri, l1, c1 + 1))["result"]
        let text = try XCTUnwrap(hover?["contents"]?["value"]?.string)
        XCTAssertTrue(text.contains("outlet label : UILabel retain"), text)
        XCTAssertTrue(text.contains("declared on line 5"), text)
        XCTAssertEqual(hover?["range"]?["start"]?["character"]?.int, c1)
        // On a statement line of a scenario: the objects after that line in the last run.
        let (l2, c2) = ServerHarness.find("    drain", in: Self.script, offset: 5)
        let state = try XCTUnwrap(h.request("textDocument/hover", ServerHarness.at(Self.uri, l2, c2))["result"]?["contents"]?["value"]?.string)
        XCTAssertTrue(state.contains("after line \(l2 + 1)** of scenario \"load and release\""), state)
        XCTAssertTrue(state.contains("| `UILabel title#3` | 1 | alive |"), state)
        XCTAssertTrue(state.contains("| `UIView root#2` | 0 | deallocated"), state)
        // After `release o`, the owner and the label are gone.
        let (l3, _) = ServerHarness.find("release o", in: Self.script)
        let after = try XCTUnwrap(h.request("textDocument/hover", ServerHarness.at(Self.uri, l3, 4))["result"]?["contents"]?["value"]?.string)
        XCTAssertTrue(after.contains("| `Owner o#1` | 0 | deallocated (line \(l3 + 1))"), after)
        // A built-in class.
        let (l4, c4) = ServerHarness.find("UIActivityIndicatorView", in: Self.script)
        let builtin = h.request("textDocument/hover", ServerHarness.at(Self.uri, l4, c4 + 2))["result"]?["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(builtin.contains("built-in class"), builtin)
        // Nothing under the cursor, outside any scenario: no hover.
        XCTAssertEqual(h.request("textDocument/hover", ServerHarness.at(Self.uri, 2, 0))["result"], .null)
    }

    func testDefinitionAndReferences() {
        let h = opened()
        func definition(_ needle: String, occurrence: Int, offset: Int = 0) -> (Int, Int)? {
            let (l, c) = ServerHarness.find(needle, in: Self.script, offset: offset, occurrence: occurrence)
            let r = h.request("textDocument/definition", ServerHarness.at(Self.uri, l, c))["result"]
            guard let line = r?["range"]?["start"]?["line"]?.int, let ch = r?["range"]?["start"]?["character"]?.int else { return nil }
            XCTAssertEqual(r?["uri"]?.string, Self.uri)
            return (line, ch)
        }
        func place(_ needle: String, occurrence: Int = 1, offset: Int = 0) -> (Int, Int) {
            ServerHarness.find(needle, in: Self.script, offset: offset, occurrence: occurrence)
        }
        // A nib object named in a scenario, a class, an outlet, a variable, a nib.
        XCTAssert(definition("count title", occurrence: 1, offset: 6)! == place("title : UILabel"))
        XCTAssert(definition("new Owner", occurrence: 1, offset: 4)! == place("Owner : NSObject"))
        XCTAssert(definition("o.label", occurrence: 1, offset: 2)! == place("label : UILabel"))
        XCTAssert(definition("release o", occurrence: 1, offset: 8)! == place("o = new"))
        XCTAssert(definition("load nib Panel", occurrence: 1, offset: 9)! == place("Panel {"))
        XCTAssertNil(definition("NSObject", occurrence: 1), "a built-in class has no declaration in the script")

        func references(_ needle: String, occurrence: Int = 1, offset: Int = 0, declaration: Bool = true) -> [[Int]] {
            let (l, c) = place(needle, occurrence: occurrence, offset: offset)
            let r = h.request("textDocument/references", ["textDocument": ["uri": .string(Self.uri)],
                                                          "position": ["line": JSON(l), "character": JSON(c)],
                                                          "context": ["includeDeclaration": .bool(declaration)]])
            return (r["result"]?.array ?? []).map { [$0["range"]?["start"]?["line"]?.int ?? -1, $0["range"]?["start"]?["character"]?.int ?? -1] }
        }
        func at(_ p: (Int, Int)) -> [Int] { [p.0, p.1] }
        XCTAssertEqual(references("label : UILabel"),
                       [at(place("label : UILabel")), at(place("release label", offset: 8)), at(place("owner.label", offset: 6)), at(place("o.label", offset: 2))])
        XCTAssertEqual(references("Owner : NSObject"),
                       [at(place("Owner : NSObject")), at(place("owner : Owner", offset: 8)), at(place("new Owner", offset: 4)),
                        at(place("new Owner", occurrence: 2, offset: 4))])
        XCTAssertEqual(references("o = new", declaration: false),
                       [at(place("owner o", offset: 6)), at(place("o.label")), at(place("release o", offset: 8)), at(place("deallocated o", offset: 12))])
        XCTAssertEqual(references("title : UILabel"),
                       [at(place("title : UILabel")), at(place("-> title", offset: 3)), at(place("count title", offset: 6))])
    }

    func testCompletion() {
        let h = opened()
        func labels(_ text: String, line: Int, character: Int) -> [String] {
            h.change(Self.uri, text, version: Int.random(in: 10...1_000_000))
            let r = h.request("textDocument/completion", ServerHarness.at(Self.uri, line, character))["result"]
            return (r?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        }
        // Members of a variable's class after `.`.
        var text = Self.script.replacingOccurrences(of: "    send o.label\n", with: "    send o.\n")
        var (l, c) = ServerHarness.find("send o.", in: text, offset: 7)
        XCTAssertEqual(labels(text, line: l, character: c).first, "label")
        // A class after `new`: the script's first, then the built-in ones of the platform.
        text = Self.script.replacingOccurrences(of: "p = new Owner", with: "p = new ")
        (l, c) = ServerHarness.find("p = new ", in: text, offset: 8)
        let classes = labels(text, line: l, character: c)
        XCTAssertEqual(classes.first, "Owner")
        XCTAssertTrue(classes.contains("UILabel") && classes.contains("UIViewController"))
        XCTAssertFalse(classes.contains("NSWindow"), "a Mac class on iOS")
        // At the start of a statement: verbs, and the objects in scope at that line.
        text = Self.script.replacingOccurrences(of: "    send o.label\n", with: "    re\n")
        (l, c) = (ServerHarness.line("    re", in: text), 6)
        let statement = labels(text, line: l, character: c)
        for w in ["retain", "release", "expect", "load", "push", "o", "title", "root"] { XCTAssertTrue(statement.contains(w), w) }
        XCTAssertFalse(statement.contains("p"), "p is a variable of the other scenario")
        // In a class body: member keywords; at the top level: declarations.
        text = Self.script.replacingOccurrences(of: "    ivar _spinner", with: "    \n    ivar _spinner")
        (l, c) = (ServerHarness.line("    ", in: text), 4)
        XCTAssertTrue(Set(labels(text, line: l, character: c)).isSuperset(of: ["outlet", "property", "ivar", "viewDidLoad", "dealloc"]))
        XCTAssertEqual(Set(labels(Self.script, line: 2, character: 0)), Set(Vocabulary.declarations))
        // A nib after `load nib`.
        text = Self.script.replacingOccurrences(of: "load nib Panel owner o", with: "load nib ")
        (l, c) = ServerHarness.find("load nib ", in: text, offset: 9)
        XCTAssertEqual(labels(text, line: l, character: c), ["Panel"])
    }

    func testDocumentSymbols() {
        let h = opened()
        let symbols = h.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(Self.uri)]])["result"]?.array ?? []
        XCTAssertEqual(symbols.map { $0["name"]?.string ?? "" }, ["Owner", "Panel", "scenario \"load and release\"", "scenario \"a failing one\""])
        XCTAssertEqual(symbols.map { $0["kind"]?.int ?? 0 }, [5, 2, 12, 12])
        XCTAssertEqual(symbols[0]["children"]?.array?.map { $0["name"]?.string ?? "" }, ["label", "_spinner", "dealloc"])
        XCTAssertEqual(symbols[1]["children"]?.array?.map { $0["name"]?.string ?? "" }, ["root", "title"])
    }

    /// Positions count UTF-16 units: a name after an emoji and accented letters on its line.
    func testPositionsCountUTF16() throws {
        let text = Self.script.replacingOccurrences(of: "    release o\n", with: "    release o   # 🙂 café\n")
            .replacingOccurrences(of: "    drain\n", with: "    drain\n    `état du 🙂` = new Owner\n    send `état du 🙂`\n")
        let h = opened(text)
        let (l, c) = ServerHarness.find("send `état", in: text, offset: 5)
        let r = h.request("textDocument/definition", ServerHarness.at(Self.uri, l, c + 10))["result"]
        let (dl, dc) = ServerHarness.find("`état du 🙂` = new", in: text)
        XCTAssertEqual(r?["range"], ["start": ["line": JSON(dl), "character": JSON(dc)], "end": ["line": JSON(dl), "character": JSON(dc + 12)]])
        XCTAssertEqual(h.diagnostics(Self.uri).filter { $0["severity"]?.int == 1 }, [])
    }

    /// Ranges edits (incremental sync) apply in order.
    func testIncrementalChanges() {
        let h = opened()
        let (l, c) = ServerHarness.find("o = new Owner", in: Self.script, offset: 8)
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 2], "contentChanges": [
            ["range": ["start": ["line": JSON(l), "character": JSON(c)], "end": ["line": JSON(l), "character": JSON(c + 5)]], "text": "Ownr"],
        ]])
        XCTAssertEqual(h.diagnostics(Self.uri).first?["message"]?.string, "unknown class 'Ownr'\nnote: did you mean 'Owner'?")
        h.notify("textDocument/didChange", ["textDocument": ["uri": .string(Self.uri), "version": 3], "contentChanges": [
            ["range": ["start": ["line": JSON(l), "character": JSON(c + 3)], "end": ["line": JSON(l), "character": JSON(c + 3)]], "text": "e"],
        ]])
        XCTAssertEqual(h.diagnostics(Self.uri).filter { $0["severity"]?.int == 1 }, [])
    }

    /// A change stops the run of the version before it: only the last version's outcome is
    /// reported, and its runs are what hover and the lenses show.
    func testAChangeCancelsTheRunningVersion() {
        var long = "platform ios 5.1\nscenario \"long\" {\n    a = new NSObject\n"
        for _ in 0..<20_000 { long += "    retain a\n" }
        long += "    expect count a == 20001\n}\n"
        let h = opened(long)
        let short = "scenario \"short\" {\n    a = new NSObject\n    expect count a == 1\n}\n"
        h.change(Self.uri, short, version: 2)
        h.settle()
        let published = h.received.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
        XCTAssertEqual(published.map { $0["params"]?["version"]?.int ?? -1 }.last, 2)
        XCTAssertEqual(h.server.runs.outcome(Self.uri)?.version, 2)
        XCTAssertEqual(h.server.runs.outcome(Self.uri)?.scenarios.map(\.title), ["short"])
        let lens = h.request("textDocument/codeLens", ["textDocument": ["uri": .string(Self.uri)]])["result"]?.array
        XCTAssertEqual(lens?.first?["command"]?["title"]?.string, "✓ passed: 1 expectation")
    }

    func testClosingClearsDiagnostics() {
        let h = opened(Self.script.replacingOccurrences(of: "drain", with: "drian"))
        XCTAssertFalse(h.diagnostics(Self.uri).isEmpty)
        h.notify("textDocument/didClose", ["textDocument": ["uri": .string(Self.uri)]])
        XCTAssertEqual(h.diagnostics(Self.uri), [])
        XCTAssertEqual(h.request("textDocument/hover", ServerHarness.at(Self.uri, 0, 0))["error"]?["code"]?.int, -32602)
    }
}

extension LanguageServerTests {
    /// Past the budget of objects walked for states, later lines say that states stop there.
    func testStatesStopAtTheBudget() throws {
        let h = ServerHarness()
        h.server.runs.stateBudget = 12
        h.initialize()
        let text = "scenario \"s\" {\n    a = new NSObject\n    b = new NSObject\n    c = new NSObject\n    d = new NSObject\n    release a\n}\n"
        h.open(Self.uri, text)
        h.settle()
        func hover(_ line: Int) -> String {
            h.request("textDocument/hover", ServerHarness.at(Self.uri, line, 0))["result"]?["contents"]?["value"]?.string ?? ""
        }
        // Each state costs the engine's objects (the hidden ones included) plus one: the
        // first lines fit in 12, the last one does not.
        XCTAssertTrue(hover(2).contains("| `NSObject b#2` | 1 | alive |"), hover(2))
        XCTAssertTrue(hover(5).hasPrefix("*scenario \"s\" is too large for a state after every line: states are kept up to line "), hover(5))
        h.server.runs.stateBudget = 2_000_000
        h.change(Self.uri, text + "\n", version: 2)
        h.settle()
        XCTAssertTrue(hover(5).contains("| `NSObject a#1` | 0 | deallocated (line 6) |"), hover(5))
    }
}

extension LanguageServerTests {
    /// In a nib block: after `owner.` the owner class's outlets, after `->` the nib's objects.
    func testCompletionInANib() {
        let h = opened()
        var text = Self.script.replacingOccurrences(of: "    connect owner.label -> title\n", with: "    connect owner.\n")
        h.change(Self.uri, text, version: 2)
        let (l, c) = ServerHarness.find("connect owner.", in: text, offset: 14)
        let members = (h.request("textDocument/completion", ServerHarness.at(Self.uri, l, c))["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        XCTAssertEqual(members.first, "label")
        text = Self.script.replacingOccurrences(of: "    connect owner.label -> title\n", with: "    connect owner.label -> \n")
        h.change(Self.uri, text, version: 3)
        let (l2, c2) = ServerHarness.find("connect owner.label -> ", in: text, offset: 23)
        let objects = (h.request("textDocument/completion", ServerHarness.at(Self.uri, l2, c2))["result"]?["items"]?.array ?? []).compactMap { $0["label"]?.string }
        XCTAssertEqual(objects, ["owner", "root", "title"])
    }
}

extension LanguageServerTests {
    /// A nib read from a .xib: read once while the file is unchanged, again once it changes.
    func testInterfaceBuilderFileIsReadAgainWhenItChanges() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nibscript-lsp-xib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let xib = dir.appendingPathComponent("Panel.xib")
        let original = try String(contentsOf: root.appendingPathComponent("examples/xib/Panel.xib"), encoding: .utf8)
        try original.write(to: xib, atomically: true, encoding: .utf8)
        let uri = "file://" + dir.appendingPathComponent("panel.nibscript").path
        let text = """
        platform ios 5.1
        class Owner : NSObject {
            outlet label : UILabel retain
            outlet button : UIButton assign
            ivar _spinner : UIActivityIndicatorView
            okTapped: {
            }
        }
        nib Panel from "Panel.xib"
        scenario "s" {
            o = new Owner
            load nib Panel owner o
            expect count o.label == 2
            drain
            expect deallocated root
        }

        """
        let h = ServerHarness()
        h.initialize()
        h.open(uri, text)
        XCTAssertEqual(h.diagnostics(uri).filter { $0["severity"]?.int == 1 }, [])
        // The file's objects are known by name: declared, for the script, at the file's name.
        let (l, c) = ServerHarness.find("deallocated root", in: text, offset: 13)
        let (fl, fc) = ServerHarness.find("\"Panel.xib\"", in: text)
        let definition = h.request("textDocument/definition", ServerHarness.at(uri, l, c))["result"]
        XCTAssertEqual(definition?["range"]?["start"], ["line": JSON(fl), "character": JSON(fc)])
        let hover = h.request("textDocument/hover", ServerHarness.at(uri, l, c))["result"]?["contents"]?["value"]?.string ?? ""
        XCTAssertTrue(hover.contains("root : UIView   (in nib Panel, from \"Panel.xib\")"), hover)
        // The file on disk now names a class the script does not have.
        try original.replacingOccurrences(of: "customClass=\"Owner\"", with: "customClass=\"Stranger\"").write(to: xib, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: xib.path)
        h.change(uri, text + "\n", version: 2)
        let messages = h.diagnostics(uri).compactMap { $0["message"]?.string }
        XCTAssertTrue(messages.contains { $0.contains("Stranger") }, "\(messages)")
        h.settle()
    }
}
