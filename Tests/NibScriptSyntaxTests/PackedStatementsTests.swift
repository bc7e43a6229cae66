import XCTest
import Foundation
@testable import NibScriptSyntax

/// Packed blocks (`Statements`) give back, statement by statement, the tree an unpacked
/// parse makes: same kinds, ranges, names and name ids.
final class PackedStatementsTests: XCTestCase {
    static let root: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// Every statement of `a` and `b` in the same words, nested blocks compared the same way.
    /// `dump` shows every stored field (an identifier's range and id included).
    private func canon(_ b: Block) -> [String] {
        var out = ["block \(b.range)"]
        for s in b.statements { out += canon(s) }
        return out
    }

    private func canon(_ s: Stmt) -> [String] {
        switch s.kind {
        case .autoreleasePool(let b): return ["pool \(s.range)"] + canon(b)
        case .event(let b): return ["event \(s.range)"] + canon(b)
        case .choose(let bs): return ["choose \(s.range)"] + bs.flatMap(canon)
        case .ifElse(let i):
            var c = ""
            dump(i.condition, to: &c)
            return ["if \(s.range)", c] + canon(i.then) + (i.otherwise.map(canon) ?? ["no else"])
        default:
            var text = ""
            dump(s, to: &text)
            return [text]
        }
    }

    private func blocks(_ f: ScriptFile) -> [Block] {
        var out: [Block] = []
        for d in f.decls {
            switch d {
            case .scenario(let s): out.append(s.body)
            case .classDecl(let c):
                for case .method(let m) in c.members { out.append(m.body) }
            default: break
            }
        }
        return out
    }

    /// The parts the checker and the run read of a record (`StatementsView.parts`, read in
    /// place) are those of the statement rebuilt whole, in every block nested in `b` too.
    private func checkParts(_ b: Block, _ name: String, file: StaticString, line: UInt) {
        b.statements.withView { v in
            for i in 0..<v.count {
                let s = v.statement(i)
                if case .autoreleasePool(let inner) = s.kind { checkParts(inner, name, file: file, line: line) }
                let first: Expr, second: Expr?
                switch v.kind(i) {
                case .assign:
                    guard case .assign(let t, let x) = s.kind else { XCTFail("an assignment", file: file, line: line); continue }
                    first = t; second = x
                case .retain, .release, .autorelease:
                    switch s.kind {
                    case .retain(let e), .release(let e), .autorelease(let e): first = e; second = nil
                    default: XCTFail("an operand", file: file, line: line); continue
                    }
                default: continue
                }
                let p = v.parts(i)
                var want = "", got = ""
                let pSecond: Expr? = v.kind(i) == .assign ? p.second : nil
                dump((s.range, first, second), to: &want)
                dump((p.range, p.first, pSecond), to: &got)
                XCTAssertEqual(got, want, "\(name): the parts of statement \(i)", file: file, line: line)
            }
        }
    }

    /// Parses `text` packed and unpacked; asserts the same tree; returns the packed blocks.
    @discardableResult
    private func roundTrip(_ text: String, _ name: String = "t.nibscript", file: StaticString = #filePath, line: UInt = #line) -> [Block] {
        let source = SourceFile(path: name, bytes: Array(text.utf8))
        let (packed, _, d1) = Parser.parseNamed(source)
        let (whole, _, d2) = Parser.parseNamed(source, packStatements: false)
        XCTAssertEqual(d1.map(\.message), d2.map(\.message), name, file: file, line: line)
        let a = blocks(packed), b = blocks(whole)
        XCTAssertEqual(a.count, b.count, name, file: file, line: line)
        for (x, y) in zip(a, b) {
            checkParts(x, name, file: file, line: line)
            XCTAssertEqual(y.statements.escapedCount, y.statements.count, "the unpacked parse keeps every statement whole")
            let cx = canon(x), cy = canon(y)
            XCTAssertEqual(cx.count, cy.count, name, file: file, line: line)
            for (p, q) in zip(cx, cy) where p != q {
                XCTFail("\(name): packed\n\(p)\nunpacked\n\(q)", file: file, line: line)
                break
            }
        }
        return a
    }

    func testEveryExampleDecodesToTheUnpackedTree() throws {
        let dir = Self.root + "/examples"
        guard let e = FileManager.default.enumerator(atPath: dir) else { return XCTFail("no examples under \(dir)") }
        var count = 0, packedCount = 0, statements = 0
        for case let path as String in e where path.hasSuffix(".nibscript") {
            let text = try String(contentsOfFile: dir + "/" + path, encoding: .utf8)
            for b in roundTrip(text, path) {
                statements += b.statements.count
                packedCount += b.statements.count - b.statements.escapedCount
            }
            count += 1
        }
        XCTAssertGreaterThan(count, 50, "the examples were found")
        // Many statements of the examples fit a record (expectations and commands do not):
        // were none packed, the tree would be as big as before and the comparison above
        // would still pass.
        XCTAssertGreaterThan(packedCount * 3, statements, "\(packedCount) of \(statements) statements packed")
    }

    func testCommonShapesArePackedAndRebuilt() {
        let text = """
        scenario "s" {
            a = new Node
            b = new Node autoreleased
            a.child = b
            a->store = nil
            self.x = new Y
            c = a.child
            release b
            retain a.child
            autorelease a
            CFRelease a
            watch a
            send a touch
            send a.child
            drain
        }
        class K : NSObject {
            dealloc {
                release child
                super
            }
        }
        """
        let bs = roundTrip(text)
        XCTAssertEqual(bs[0].statements.count, 14)
        XCTAssertEqual(bs[0].statements.escapedCount, 0, "every shape of this block fits a record")
        XCTAssertEqual(bs[1].statements.escapedCount, 0)
        XCTAssertEqual(bs[0].statements.nameCount, 10, "each name once in the parse's table")
    }

    func testWhatDoesNotFitIsKeptWhole() {
        let far = String(repeating: " ", count: 300)
        let longName = String(repeating: "n", count: 400)
        let text = """
        scenario "s" {
            a =\(far)new Node
            a.child = b.child
            send a setValue:forKey: b "key"
            send a `showInspector:` nil
            send a `showInspector:`
            send a `description`
            expect alive a
            \(longName) = new Node
            release \(longName)
            b = new\(far)Node
            c = new Node\(far)autoreleased
            autoreleasepool {
                a = new Node
                release a
            }
            if a == nil {
                drain
            }
            push nav a
        }
        """
        let bs = roundTrip(text)
        // The gaps of 300 bytes, the four names, the arguments, the `if` and the command; the
        // 400-byte name fits (names are indices, not lengths), and so do a selector in
        // backquotes, one that ends in `:` with its argument missing, the expectation of a
        // state and the pool (its block beside).
        XCTAssertEqual(bs[0].statements.escapedCount, 8)
        guard case .send(_, let sel?, let args) = bs[0].statements[3].kind else { return XCTFail("a send") }
        XCTAssertEqual(sel.name, "showInspector:")
        XCTAssertEqual(args.count, 1, "the selector ends in ':': nil is its argument")
    }

    func testPoolsAndExpectationsOfAStateAreRecords() {
        let far = String(repeating: " ", count: 300)
        let text = """
        scenario "s" {
            a = new Node
            expect alive a
            expect deallocated a.child
            expect nil a->store
            expect  dangling   a.peer
            autoreleasepool {
                b = new Node autoreleased
                autoreleasepool {
                    expect nil b.peer
                }
                autoreleasepool { }
            }
            autoreleasepool {
            }
            expect (mac) alive a
            expect alive "Node a#1"
            expect alive a.child.child
            expect count a == 1
            expect no leaks
            expect alive\(far)a
            expect alive a  # a comment
        }
        """
        let bs = roundTrip(text)
        XCTAssertEqual(bs[0].statements.count, 14)
        // The configurations, the label, the longer path, the count, the leaks and the gap.
        XCTAssertEqual(bs[0].statements.escapedCount, 6)
        guard case .autoreleasePool(let outer) = bs[0].statements[5].kind,
              case .autoreleasePool(let inner) = outer.statements[1].kind,
              case .expect(let e) = inner.statements[0].kind, case .state(_, .isNil) = e.kind else {
            return XCTFail("the nested pools and their expectation")
        }
        XCTAssertEqual(outer.statements.escapedCount, 0)
        XCTAssertEqual(inner.statements.escapedCount, 0)
    }

    func testRecordsPastTwelveBytesAreKeptAtSixteen() {
        // Gaps and tails of 15, 16 and 200 bytes (a record keeps 4 bits of each, else it is
        // kept at 16 bytes beside), names past the 4,096th (12 bits), and their neighbours.
        let pad = { (n: Int) in String(repeating: " ", count: n) }
        var text = "scenario \"s\" {\n"
        for n in [15, 16, 200] {
            text += "    a =\(pad(n))new Node\n    b = new Node\(pad(n))autoreleased\n    a.child\(pad(n))= b\n    release\(pad(n))a\n"
        }
        for k in 0..<4_200 { text += "    v\(k) = w\(k % 7).child\n" }
        text += "    send v4199 touch\n    drain\n}\n"
        let bs = roundTrip(text)
        XCTAssertEqual(bs[0].statements.count, 12 + 4_200 + 2)
        XCTAssertEqual(bs[0].statements.escapedCount, 0, "all fit a record, 12 or 16 bytes")
    }

    func testANestedBlockThatReusesTheOuterNames() {
        // The inner blocks use the outer block's names: each name is in the table once, and
        // every block decodes it the same.
        var text = "scenario \"s\" {\n    a = new Node\n    b = new Node\n"
        for k in 0..<20 {
            text += "    autoreleasepool {\n        q\(k) = new Node\n        b = a\n        autoreleasepool {\n            a.child = b\n        }\n    }\n"
            text += "    release a\n    x\(k) = b\n"
        }
        text += "}\n"
        let bs = roundTrip(text)
        XCTAssertEqual(bs[0].statements.count, 2 + 20 * 3)
        // a, Node, b, child, the q's and the x's: each once in the parse's table, though
        // every pool uses a and b again.
        XCTAssertEqual(bs[0].statements.nameCount, 4 + 20 + 20)
        XCTAssertEqual(bs[0].statements.escapedCount, 0, "the pools are records, their blocks beside")
    }

    func testMoreThan65536NamesInOneBlock() {
        let n = 66_000
        var text = "scenario \"s\" {\n"
        text.reserveCapacity(n * 24)
        for k in 0..<n { text += "    v\(k) = w\(k % 10)\n" }
        text += "    release v0\n    release v\(n - 1)\n}\n"
        let bs = roundTrip(text)
        let s = bs[0].statements
        XCTAssertEqual(s.count, n + 2)
        XCTAssertEqual(s.nameCount, 65_536, "the table is full")
        // Statements whose new name no longer fits are kept whole; those of known names are not.
        XCTAssertEqual(s.escapedCount, n + 10 - 65_536 + 1)
        guard case .release(let e) = s[n + 1].kind, case .name(let id) = e.kind else { return XCTFail("release") }
        XCTAssertEqual(id.name, "v\(n - 1)")
    }

    func testStatementsBuiltFromAnArray() {
        // A rewrite's statements: names of no table (id -1), renamed ones, and whole ones.
        let text = "scenario \"s\" {\n    a = new Node\n    release a\n    expect leaks a\n}\n"
        let source = SourceFile(path: "t.nibscript", bytes: Array(text.utf8))
        let (packed, _, _) = Parser.parseNamed(source)
        guard case .scenario(let s) = packed.decls[0] else { return XCTFail("scenario") }
        var stmts = Array(s.body.statements)
        if case .release(var e) = stmts[1].kind, case .name(var id) = e.kind {
            id.name = "b"
            e.kind = .name(id)
            stmts[1].kind = .release(e)
        }
        stmts.append(Stmt(.release(Expr(.name(Identifier("a", SourceRange(start: 60, end: 61))), range: SourceRange(start: 60, end: 61))),
                          range: SourceRange(start: 52, end: 61)))
        let rebuilt = Block(statements: stmts, range: s.body.range)
        XCTAssertEqual(rebuilt.statements.count, 4)
        XCTAssertEqual(rebuilt.statements.escapedCount, 1, "the expectation of leaks")
        for (x, y) in zip(rebuilt.statements, stmts) {
            var p = "", q = ""
            dump(x, to: &p)
            dump(y, to: &q)
            XCTAssertEqual(p, q)
        }
        guard case .release(let e) = rebuilt.statements[1].kind, case .name(let id) = e.kind else { return XCTFail("release") }
        XCTAssertEqual(id.name, "b")
        XCTAssertEqual(id.nameID, -1)
        let literal: Statements = [stmts[0]]
        XCTAssertEqual(literal.count, 1)
    }
}
