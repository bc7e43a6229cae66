import Foundation
import NibScriptSyntax
import XCTest
@testable import NibScript
@testable import CocoaSimulator
@testable import NibScriptInterpreter
@testable import NibScriptExplore
@testable import NibScriptReports
@testable import NibAudit
@testable import NibScriptCommandLine

/// The TextMate grammar under `editors/` against the language: every word the lexer, parser
/// and interpreter know is highlighted, and no example has a token the grammar calls invalid.
final class EditorGrammarTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let grammarPath = root.appendingPathComponent("editors/vscode/syntaxes/nibscript.tmLanguage.json").path

    func loadGrammar() throws -> TextMateGrammar {
        try TextMateGrammar(contentsOf: Self.grammarPath)
    }

    /// The most specific scope of the token covering exactly `word` in `line`.
    func scope(of word: String, in line: String, _ grammar: TextMateGrammar) -> String? {
        let tokens = grammar.tokenize([line])[0]
        guard let r = line.range(of: word, options: .backwards) else { return nil }
        let range = NSRange(r, in: line)
        return tokens.last(where: { $0.range == range })?.scopes.last
    }

    func assertKeyword(_ word: String, in line: String, _ grammar: TextMateGrammar,
                       file: StaticString = #filePath, at testLine: UInt = #line) {
        let s = scope(of: word, in: line, grammar)
        let generic = s == nil || s!.hasPrefix("variable.other") || s!.hasPrefix("entity.name.type")
            || s!.hasPrefix("invalid")
        XCTAssertFalse(generic, "'\(word)' in `\(line)` is highlighted as \(s ?? "nothing")", file: file, line: testLine)
    }

    func testEveryWordOfTheLanguageIsHighlighted() throws {
        let g = try loadGrammar()
        let expectWords = Set(Vocabulary.expectations + Vocabulary.negatedExpectations + ControllerCommands.expectationVerbs)
        for w in Vocabulary.all where !expectWords.contains(w) || w == "nil" {
            assertKeyword(w, in: "    \(w)", g)
        }
        for w in Vocabulary.expectations + ControllerCommands.expectationVerbs { assertKeyword(w, in: "expect \(w) x", g) }
        for w in Vocabulary.negatedExpectations { assertKeyword(w, in: "expect no \(w)", g) }
        for w in ScenarioRun.eventKinds { assertKeyword(w, in: "expect event \(w) x", g) }
        for c in Callback.allCases where c != .dealloc { assertKeyword(c.rawValue, in: "expect called c \(c.rawValue)", g) }
        assertKeyword("dealloc", in: "expect order c.init c.dealloc", g)
        for name in ["accessInstanceVariablesDirectly"] + ControllerOptions.names { assertKeyword(name, in: "    option \(name)", g) }
        for value in ControllerOptions.cleanupValues + ["NO"] { assertKeyword(value, in: "    option cleanup \(value)", g) }
        // Each word is also written in the grammar file itself, so a reader finds it there.
        let text = try String(contentsOfFile: Self.grammarPath, encoding: .utf8)
        for w in Vocabulary.all + ScenarioRun.eventKinds + ControllerCommands.expectationVerbs {
            XCTAssert(text.range(of: "\\b\(w)\\b", options: .regularExpression) != nil, "'\(w)' is not in the grammar")
        }
    }

    /// The parser's own word tables are Vocabulary's; this catches a word the parser tests
    /// with `isWord(…, "w")` or `case "w":` that Vocabulary does not list.
    func testVocabularyListsEveryWordTheParserTests() throws {
        let dir = Self.root.appendingPathComponent("Sources/NibScriptSyntax")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("Parser") }
        XCTAssertFalse(files.isEmpty)
        let pattern = try NSRegularExpression(pattern: #"(?:isWord\([^,]+, "|case ")([A-Za-z_]+)""#)
        var found: Set<String> = []
        for f in files {
            let text = try String(contentsOfFile: dir.appendingPathComponent(f).path, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found.insert((text as NSString).substring(with: m.range(at: 1)))
            }
        }
        XCTAssertFalse(found.isEmpty)
        XCTAssertEqual(found.subtracting(Vocabulary.all).sorted(), [], "words the parser knows that Vocabulary does not list")
    }

    func testNoExampleHasAnInvalidToken() throws {
        let g = try loadGrammar()
        let examples = Self.root.appendingPathComponent("examples")
        let paths = (FileManager.default.enumerator(atPath: examples.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".nibscript") }.sorted()
        XCTAssertGreaterThan(paths.count, 20)
        for p in paths {
            let text = try String(contentsOfFile: examples.appendingPathComponent(p).path, encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            for (i, tokens) in g.tokenize(lines).enumerated() {
                for t in tokens where t.scopes.contains(where: { $0.hasPrefix("invalid") }) {
                    let bad = (lines[i] as NSString).substring(with: t.range)
                    XCTFail("examples/\(p):\(i + 1):\(t.range.location + 1): '\(bad)' is \(t.scopes.last!)")
                }
            }
        }
    }

    func testSampleLinesGetTheExpectedScopes() throws {
        let g = try loadGrammar()
        XCTAssertEqual(scope(of: "platform", in: "platform ios 5.1", g), "keyword.other.declaration.nibscript")
        XCTAssertEqual(scope(of: "5.1", in: "platform ios 5.1", g), "constant.numeric.nibscript")
        XCTAssertEqual(scope(of: "# hi", in: "x = 1 # hi", g), "comment.line.number-sign.nibscript")
        XCTAssertEqual(scope(of: "owner", in: "    connect owner.label -> title", g), "keyword.other.nib.nibscript")
        // After '.', a keyword is a name: `o.owner`.
        XCTAssertEqual(scope(of: "owner", in: "    x = o.owner", g), "variable.other.nibscript")
        XCTAssertEqual(scope(of: "viewDidUnload", in: "    viewDidUnload {", g), "entity.name.function.nibscript")
        XCTAssertEqual(scope(of: "initWithNibName:bundle:", in: "    initWithNibName:bundle: {", g),
                       "entity.name.function.nibscript")
        XCTAssertEqual(scope(of: "UILabel", in: "    outlet label : UILabel retain", g), "entity.name.type.nibscript")
        XCTAssertEqual(scope(of: "UILabel", in: "    title : UILabel", g), "entity.name.type.nibscript")
        // In a declaration `retain` is an attribute; as a statement, a verb.
        XCTAssertEqual(scope(of: "retain", in: "    outlet label : UILabel retain", g), "storage.modifier.attribute.nibscript")
        XCTAssertEqual(scope(of: "_label", in: "    property label : UILabel retain ivar _label", g), "variable.other.member.nibscript")
        XCTAssertEqual(scope(of: "weak", in: "    ivar _x : NSObject weak", g), "storage.modifier.attribute.nibscript")
        XCTAssertEqual(scope(of: "retain", in: "    retain label", g), "keyword.control.statement.nibscript")
        // `count` is a keyword only in an expectation.
        XCTAssertEqual(scope(of: "count", in: "    count = new NSObject", g), "variable.other.nibscript")
        XCTAssertEqual(scope(of: "count", in: "    expect count o.label == 2", g), "keyword.other.expectation.nibscript")
        XCTAssertEqual(scope(of: "#", in: "expect crash \"a # b\" # c", g), "punctuation.definition.comment.nibscript")
        // A scoped expectation's configurations.
        XCTAssertEqual(scope(of: "arc", in: "    expect (ios 5.1, arc) no leaks", g), "constant.language.configuration.nibscript")
        XCTAssertEqual(scope(of: "leaks", in: "    expect (ios 5.1, arc) no leaks", g), "keyword.other.expectation.nibscript")
        XCTAssertEqual(scope(of: "@", in: "    release x@", g), "invalid.illegal.character.nibscript")
        XCTAssertEqual(scope(of: "\"open", in: "    expect crash \"open", g), "invalid.illegal.unterminated-string.nibscript")
        // Names take Unicode letters and any text in backquotes, as the lexer does (issue 28).
        XCTAssertEqual(scope(of: "é", in: "    x = é", g), "variable.other.nibscript")
        XCTAssertEqual(scope(of: "café", in: "    café = new Pröfile", g), "variable.other.nibscript")
        XCTAssertEqual(scope(of: "Pröfile", in: "    café = new Pröfile", g), "entity.name.type.nibscript")
        XCTAssertEqual(scope(of: "Écran", in: "class Écran : UIView {", g), "entity.name.type.nibscript")
        XCTAssertEqual(scope(of: "日本", in: "    send 日本", g), "variable.other.nibscript")
        XCTAssertEqual(scope(of: "`a b`", in: "    `a b` = new NSObject", g), "variable.other.quoted.nibscript")
        XCTAssertEqual(scope(of: "`My-Class`", in: "    x = new `My-Class`", g), "entity.name.type.nibscript")
        XCTAssertEqual(scope(of: "`nib`", in: "    release o.`nib`", g), "variable.other.quoted.nibscript")
        XCTAssertEqual(scope(of: "`A\\u{A}B`", in: "    send `A\\u{A}B`", g), "variable.other.quoted.nibscript")
        XCTAssertEqual(scope(of: "`label x`", in: "    outlet `label x` : UILabel retain", g), "variable.other.member.nibscript")
        XCTAssertEqual(scope(of: "`my method`", in: "    `my method` {", g), "entity.name.function.nibscript")
        XCTAssertEqual(scope(of: "`open", in: "    x = `open", g), "invalid.illegal.unterminated-quoted-name.nibscript")
        XCTAssertEqual(scope(of: "``", in: "    x = ``", g), "invalid.illegal.empty-quoted-name.nibscript")
        XCTAssertEqual(scope(of: "🙂", in: "    x = 🙂", g), "invalid.illegal.character.nibscript")
        XCTAssertEqual(scope(of: "retain", in: "    éretain = nil", g), nil, "a keyword inside a Unicode name is not one")
    }
}

/// A small TextMate grammar matcher, enough to check a grammar without an editor.
///
/// It follows TextMate's rules for what it supports: rules with `match`, rules with `begin`
/// and `end` (and `patterns` inside), `include` of `#name` from the repository and of
/// `$self`, and `name`, `captures`, `beginCaptures` and `endCaptures`. At each position, every
/// rule of the current context is tried; the match that starts first wins, ties go to the
/// end pattern of the open rule and then to the rule listed first. Text no rule matches gets
/// the context's scopes only. A `begin` rule stays open across lines until its `end`
/// matches. Not supported (the nibscript grammar does not use them): back-references from
/// `begin` in `end`, `while`, `contentName`, `applyEndPatternLast`, `injections`.
/// Regular expressions are NSRegularExpression (ICU), a close enough subset of Oniguruma
/// for the constructs the grammar uses; a pattern that ICU cannot compile fails the test.
struct TextMateGrammar {
    final class Rule {
        var name: String?
        var match: NSRegularExpression?
        var begin: NSRegularExpression?
        var end: NSRegularExpression?
        var captures: [Int: String] = [:]
        var beginCaptures: [Int: String] = [:]
        var endCaptures: [Int: String] = [:]
        var patterns: [Rule] = []
        var include: String?
    }

    struct Token {
        var range: NSRange
        var scopes: [String]
    }

    struct GrammarError: Error, CustomStringConvertible { var description: String }

    let scopeName: String
    let patterns: [Rule]
    let repository: [String: Rule]

    init(contentsOf path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw GrammarError(description: "not a JSON object")
        }
        scopeName = json["scopeName"] as? String ?? "source"
        patterns = try (json["patterns"] as? [[String: Any]] ?? []).map(Self.rule)
        var repo: [String: Rule] = [:]
        for (k, v) in json["repository"] as? [String: [String: Any]] ?? [:] { repo[k] = try Self.rule(v) }
        repository = repo
    }

    static func rule(_ d: [String: Any]) throws -> Rule {
        let r = Rule()
        func regex(_ key: String) throws -> NSRegularExpression? {
            guard let p = d[key] as? String else { return nil }
            do { return try NSRegularExpression(pattern: p, options: [.anchorsMatchLines]) } catch {
                throw GrammarError(description: "\(key) pattern \(p) does not compile: \(error)")
            }
        }
        func caps(_ key: String) -> [Int: String] {
            var out: [Int: String] = [:]
            for (k, v) in d[key] as? [String: [String: Any]] ?? [:] {
                if let i = Int(k), let n = v["name"] as? String { out[i] = n }
            }
            return out
        }
        r.name = d["name"] as? String
        r.match = try regex("match")
        r.begin = try regex("begin")
        r.end = try regex("end")
        r.captures = caps("captures")
        r.beginCaptures = r.captures.merging(caps("beginCaptures")) { $1 }
        r.endCaptures = r.captures.merging(caps("endCaptures")) { $1 }
        r.patterns = try (d["patterns"] as? [[String: Any]] ?? []).map(rule)
        r.include = d["include"] as? String
        return r
    }

    /// The rules of a pattern list with includes (and pattern-only groups) flattened.
    func expand(_ rules: [Rule], depth: Int = 0) -> [Rule] {
        precondition(depth < 32, "include cycle in the grammar")
        var out: [Rule] = []
        for r in rules {
            if let inc = r.include {
                if inc == "$self" || inc == "$base" { out += expand(patterns, depth: depth + 1) }
                else if inc.hasPrefix("#"), let target = repository[String(inc.dropFirst())] {
                    out += expand([target], depth: depth + 1)
                }
            } else if r.match == nil && r.begin == nil {
                out += expand(r.patterns, depth: depth + 1)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// The tokens of each line: matched text with its scopes (outermost first), capture groups
    /// as tokens of their own after the whole match, and unmatched text with the context's scopes.
    func tokenize(_ lines: [String]) -> [[Token]] {
        var stack: [Rule] = []
        var result: [[Token]] = []
        for line in lines {
            let ns = line as NSString
            let length = ns.length
            var tokens: [Token] = []
            var pos = 0
            var steps = 0
            func scopes(_ extra: String?...) -> [String] {
                [scopeName] + stack.compactMap(\.name) + extra.compactMap { $0 }
            }
            func emit(_ m: NSTextCheckingResult, _ name: String?, _ caps: [Int: String]) {
                tokens.append(Token(range: m.range, scopes: scopes(name)))
                for (i, capName) in caps.sorted(by: { $0.key < $1.key }) where i < m.numberOfRanges {
                    let r = m.range(at: i)
                    if r.location != NSNotFound && r.length > 0 { tokens.append(Token(range: r, scopes: scopes(name, capName))) }
                }
            }
            while pos <= length {
                steps += 1
                if steps > 10 * (length + 10) { break }  // a grammar that loops; the test fails on its tokens
                let searchRange = NSRange(location: pos, length: length - pos)
                let options: NSRegularExpression.MatchingOptions = [.withTransparentBounds, .withoutAnchoringBounds]
                var best: (m: NSTextCheckingResult, rule: Rule?)?
                if let open = stack.last, let end = open.end,
                   let m = end.firstMatch(in: line, options: options, range: searchRange) {
                    best = (m, nil)
                }
                let candidates = expand(stack.last?.patterns ?? patterns)
                for r in candidates {
                    guard let re = r.match ?? r.begin,
                          let m = re.firstMatch(in: line, options: options, range: searchRange) else { continue }
                    if best == nil || m.range.location < best!.m.range.location { best = (m, r) }
                }
                guard let (m, rule) = best else {
                    if pos < length { tokens.append(Token(range: NSRange(location: pos, length: length - pos), scopes: scopes())) }
                    break
                }
                if m.range.location > pos {
                    tokens.append(Token(range: NSRange(location: pos, length: m.range.location - pos), scopes: scopes()))
                }
                let after = m.range.location + m.range.length
                if let rule, rule.begin != nil {
                    emit(m, rule.name, rule.beginCaptures)
                    stack.append(rule)
                    pos = after
                } else if let rule {
                    emit(m, rule.name, rule.captures)
                    // An empty match would match again at the same place forever.
                    pos = m.range.length == 0 ? after + 1 : after
                } else {
                    // The open rule's end; a zero-width end (`(?=#)`, `$`) just closes it.
                    if m.range.length > 0 { emit(m, stack.last!.name, stack.last!.endCaptures) }
                    stack.removeLast()
                    pos = after
                }
            }
            result.append(tokens)
        }
        return result
    }
}
