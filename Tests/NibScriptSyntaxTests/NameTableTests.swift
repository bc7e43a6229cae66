import XCTest
@testable import NibScriptSyntax
import TestSupport

final class NameTableTests: XCTestCase {
    private func intern(_ table: inout NameTable, _ name: String) -> Int32 {
        let utf8 = Array(name.utf8)
        return table.intern(utf8, 0..<utf8.count)
    }

    func testKeywordsComeFirstInOrder() {
        let table = NameTable()
        XCTAssertEqual(table.count, Keyword.allCases.count)
        for k in Keyword.allCases {
            XCTAssertEqual(table[k.rawValue], k.text)
            XCTAssertEqual(table.id(of: k.text), k.rawValue)
        }
        XCTAssertEqual(Keyword.texts.count, Keyword.allCases.count)
        for k in Keyword.allCases where k != .cfRelease { XCTAssertEqual(k.text, "\(k)") }
        XCTAssertEqual(Keyword.cfRelease.text, "CFRelease")
        XCTAssertEqual(Keyword.super.text, "super")
    }

    func testOneIdPerDistinctName() {
        var table = NameTable()
        let a = intern(&table, "label")
        let b = intern(&table, "button")
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(intern(&table, "label"), a)
        XCTAssertEqual(table[a], "label")
        XCTAssertEqual(table.id(of: "button"), b)
        XCTAssertNil(table.id(of: "buttons"))
        XCTAssertEqual(intern(&table, "retain"), Keyword.retain.rawValue)
        // A slice of a bigger buffer is looked up by its bytes alone.
        let source = Array("x label y".utf8)
        XCTAssertEqual(table.intern(source, 2..<7), a)
    }

    func testManyNamesSurviveGrowing() {
        var table = NameTable()
        var ids: [Int32] = []
        for i in 0..<5000 { ids.append(intern(&table, "n\(i)")) }
        XCTAssertEqual(Set(ids).count, 5000)
        for i in stride(from: 0, to: 5000, by: 7) {
            XCTAssertEqual(intern(&table, "n\(i)"), ids[i])
            XCTAssertEqual(table[ids[i]], "n\(i)")
        }
        XCTAssertEqual(table.count, Keyword.allCases.count + 5000)
    }

    func testLexerGivesEachUseOfANameTheSameId() {
        var lexer = Lexer(SourceFile(path: "t", text: "retain a\nrelease a\nab"))
        var tokens: [Token] = []
        while true {
            let t = lexer.next()
            if t.kind == .eof { break }
            tokens.append(t)
        }
        let names = tokens.filter { $0.kind == .identifier }.map(\.name)
        XCTAssertEqual(names[0], Keyword.retain.rawValue)
        XCTAssertEqual(names[2], Keyword.release.rawValue)
        XCTAssertEqual(names[1], names[3])
        XCTAssertNotEqual(names[1], names[4])
        XCTAssertEqual(lexer.names[names[4]], "ab")
        XCTAssertTrue(tokens.filter { $0.kind != .identifier }.allSatisfy { $0.name == -1 })
    }

    func testNameIndexFindsNamesOfTheFileAndOthers() {
        var table = NameTable()
        _ = intern(&table, "a")
        var index = NameIndex(names: table)
        index.set("a", to: 3)
        index.set("zz", to: 4)                       // a name the file never mentions
        XCTAssertEqual(index["a"], 3)
        XCTAssertEqual(index[Identifier("a", .none)], 3)
        XCTAssertEqual(index["zz"], 4)
        XCTAssertNil(index["b"])
        XCTAssertNil(index["retain"])
        index.set("a", to: 5)
        XCTAssertEqual(index["a"], 5)
        // Ids far apart grow the index as they come.
        var big = NameTable()
        for i in 0..<3000 { _ = intern(&big, "o\(i)") }
        var bigIndex = NameIndex(names: big)
        bigIndex.set("o2999", to: 0)
        bigIndex.set("o7", to: 1)
        XCTAssertEqual(bigIndex["o2999"], 0)
        XCTAssertEqual(bigIndex["o7"], 1)
        XCTAssertNil(bigIndex["o8"])
    }

    /// Names the file never wrote (an Interface Builder file's) are kept in a table of their
    /// own: found, replaced, reserved for and listed in the order they came.
    func testNameIndexKeepsOtherNamesInATableOfItsOwn() {
        var table = NameTable()
        _ = intern(&table, "a")
        for reserve in [0, 5_000] {
            var index = NameIndex(names: table)
            index.reserveCapacityForOtherNames(reserve)
            for i in 0..<3_000 { index.set("v\(i)", to: i) }
            XCTAssertEqual(index.updateValue(7, forName: "v5"), 5)
            XCTAssertNil(index.updateValue(8, forName: "w"))
            index.set("a", to: 1)
            XCTAssertEqual(index["v5"], 7)
            XCTAssertEqual(index["v2999"], 2999)
            XCTAssertEqual(index["w"], 8)
            XCTAssertNil(index["v3000"])
            var listed: [String] = []
            index.forEach { name, _ in listed.append(name) }
            XCTAssertEqual(listed, ["a"] + (0..<3_000).map { "v\($0)" } + ["w"])
        }
    }

    func testParsedIdentifiersShareTheTablesStrings() {
        let (ast, names, _) = Parser.parseNamed(SourceFile(path: "t", text: "scenario \"s\" {\n    x = nil\n    retain x\n}\n"))
        guard case .scenario(let s) = ast.decls[0], case .assign(let target, _) = s.body.statements[0].kind,
              case .name(let x) = target.kind else { return XCTFail("no assignment") }
        XCTAssertNotNil(names.id(of: "x"))
        XCTAssertEqual(x, Identifier("x", x.range))
    }

    /// The table against a Dictionary on names made to crowd its blocks (every name that
    /// differs from another in its last byte alone starts in the same block): numbered
    /// names, every identifier byte after a few prefixes, one-letter names, random names,
    /// and names the lexer never makes (empty, non-ASCII), each interned twice, in an
    /// order that a seeded generator shuffles.
    func testTableAgreesWithADictionaryOnCrowdedNames() {
        let identifierBytes = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".utf8)
        var names: [String] = []
        for i in 0..<20_000 { names.append("n\(i)") }
        for prefix in ["", "v", "view", "n12", "label_"] {
            for b in identifierBytes { names.append(prefix + String(decoding: [b], as: UTF8.self)) }
        }
        var rng = SplitMix64(seed: 8)
        for _ in 0..<5000 {
            let length = 1 + Int(rng.next() % 12)
            names.append(String(decoding: (0..<length).map { _ in identifierBytes[Int(rng.next() % 63)] }, as: UTF8.self))
        }
        names += ["", "é", "naïve", "n1\u{300}"]
        var order = names + names
        for i in order.indices.reversed() { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }

        var table = NameTable()
        var expected: [String: Int32] = [:]
        for k in Keyword.allCases { expected[k.text] = k.rawValue }
        for name in order {
            let id = intern(&table, name)
            if let known = expected[name] { XCTAssertEqual(id, known, name) } else { expected[name] = id }
            XCTAssertEqual(table[id], name)
        }
        XCTAssertEqual(table.count, expected.count)
        for (name, id) in expected {
            XCTAssertEqual(table.id(of: name), id, name)
            XCTAssertEqual(table.intern(name), id, name)
        }
        XCTAssertNil(table.id(of: "n20000"))
        XCTAssertNil(table.id(of: "view\u{1F600}"))
    }
}
