import XCTest
@testable import NibScriptSyntax

/// Every message the parser (and, through it, the lexer) can produce, with its exact text
/// and line:column.
final class ParserErrorTests: XCTestCase {
    private func inScenario(_ line: String) -> String { "scenario \"s\" {\n\(line)\n}\n" }
    private func inClass(_ line: String) -> String { "class A : B {\n\(line)\n}\n" }
    private func inNib(_ line: String) -> String { "nib N {\n\(line)\n}\n" }

    private func check(_ cases: [(String, [String])], file: StaticString = #filePath, line: UInt = #line) {
        for (source, expected) in cases {
            XCTAssertEqual(errors(source), expected, "in:\n\(source)", file: file, line: line)
        }
    }

    func testLexicalErrors() {
        check([
            (inScenario("  x = \"abc"), ["2:7: unterminated string literal"]),
            (inScenario("  x = y @"), ["2:9: unexpected character '@'"]),
            // `é` is a letter (a name); `·` starts no token.
            ("platform ios 5.1 ·", ["1:18: unexpected character '·'"]),
            (inScenario("  select tabs 99999999999999999999"), ["2:15: integer literal is too large"]),
        ])
        let file = SourceFile(path: "t", bytes: Array("scenario \"s\" {\n  x = y ".utf8) + [0xFF] + Array("\n}".utf8))
        let (_, ds) = Parser.parse(file)
        XCTAssertEqual(ds.map { "\(file.location(of: $0.range.start)): \($0.message)" },
                       ["2:9: invalid UTF-8 byte 0xFF"])
    }

    func testLexicalErrorsDoNotCascade() {
        // The unterminated string still counts as a string; the bad character is dropped.
        let (script, ds, _) = parse("scenario \"s\" {\n  expect warning \"abc\n  x = y ;\n}")
        XCTAssertEqual(ds.map(\.message), ["unterminated string literal", "unexpected character ';'"])
        XCTAssertEqual(Dump.file(script), "(scenario \"s\" {(expect warning \"abc\") (= x y)})")
    }

    func testTopLevelErrors() {
        check([
            ("}\nplatform ios 5.1", ["1:1: unexpected '}'"]),
            ("{ drain }", ["1:1: expected a declaration, found '{'"]),
            ("42", ["1:1: expected a declaration, found '42'"]),
            ("\"x\"", ["1:1: expected a declaration, found a string"]),
            ("clas A : B {\n}", ["1:1: unknown declaration 'clas' [did you mean 'class'?]"]),
            ("senario \"x\" {}", ["1:1: unknown declaration 'senario' [did you mean 'scenario'?]"]),
            ("foo", ["1:1: unknown declaration 'foo'"]),
            ("platform iso 5.1", ["1:10: expected a platform (ios or mac) [did you mean 'ios'?]"]),
            ("platform 5.1", ["1:10: expected a platform (ios or mac)"]),
            ("platform ios", ["1:13: expected a version like 5.1"]),
            ("platform ios x", ["1:14: expected a version like 5.1"]),
            ("memory rc", ["1:8: expected 'mrc', 'arc' or 'gc' [did you mean 'mrc'?]"]),
            ("memory acr", ["1:8: expected 'mrc', 'arc' or 'gc' [did you mean 'arc'?]"]),
            ("memory", ["1:7: expected 'mrc', 'arc' or 'gc'"]),
            ("platform ios 5.1 x y", ["1:18: extra text after declaration"]),
            ("class A : B {\n} x", ["2:3: extra text after declaration"]),
            ("scenario s {}", ["1:10: expected a string"]),
            ("scenario \"s\"", ["1:13: expected '{'"]),
            ("scenario \"s\" drain", ["1:14: expected '{'"]),
            ("class {}", ["1:7: expected a class name"]),
            ("class A B {}", ["1:9: expected ':' after class name"]),
            ("class A : {}", ["1:11: expected a superclass name"]),
            // A `{` on the next line is not part of the header.
            ("class A : B\n{\n}", ["1:12: expected '{'", "2:1: expected a declaration, found '{'"]),
            ("nib {}", ["1:5: expected a nib name"]),
            ("nib A", ["1:6: expected '{' or 'from'"]),
            ("nib A mian {}", ["1:7: expected '{' or 'from' [did you mean 'main'?]"]),
            ("nib A frm \"x\"", ["1:7: expected '{' or 'from' [did you mean 'from'?]"]),
            ("nib A from B", ["1:12: expected a string"]),
            ("nib A main from", ["1:16: expected a string"]),
        ])
    }

    func testUnclosedBlocks() {
        check([
            ("scenario \"s\" {\n  drain\n", ["3:1: expected '}' to close the block opened at line 1"]),
            ("scenario \"s\" {", ["1:15: expected '}' to close the block opened at line 1"]),
            ("class A : B {\n  dealloc {\n    release x\n", [
                "4:1: expected '}' to close the block opened at line 2",
                "4:1: expected '}' to close the block opened at line 1",
            ]),
            ("nib N {\n  a : V {\n", [
                "3:1: expected '}' to close the block opened at line 2",
                "3:1: expected '}' to close the block opened at line 1",
            ]),
        ])
    }

    func testClassMemberErrors() {
        check([
            (inClass("  dealloc"), ["2:10: expected '{'"]),
            (inClass("  initWithCoder: x"), ["2:18: expected '{'"]),
            (inClass("  5"), ["2:3: expected a member, found '5'"]),
            (inClass("  \"x\""), ["2:3: expected a member, found a string"]),
            (inClass("  nib"), ["2:6: expected a nib name"]),
            (inClass("  outlt label : UILabel retain"), ["2:3: unknown member 'outlt' in class 'A' [did you mean 'outlet'?]"]),
            (inClass("  propety x : Y"), ["2:3: unknown member 'propety' in class 'A' [did you mean 'property'?]"]),
            (inClass("  optoin"), ["2:3: unknown member 'optoin' in class 'A' [did you mean 'option'?]"]),
            (inClass("  foo bar"), ["2:3: unknown member 'foo' in class 'A'"]),
            (inClass("  outlet : UIView"), ["2:10: expected an outlet name"]),
            (inClass("  property"), ["2:11: expected a property name"]),
            (inClass("  outlet a UIView"), ["2:12: expected ':' after outlet name"]),
            (inClass("  property a UIView"), ["2:14: expected ':' after property name"]),
            (inClass("  outlet a : 5"), ["2:14: expected a class name"]),
            (inClass("  outlet a : UIView retian"), [
                "2:21: expected an attribute (retain, strong, copy, assign, weak, unsafe_unretained), found 'retian' [did you mean 'retain'?]",
            ]),
            (inClass("  outlet a : UIView nonatomic"), [
                "2:21: expected an attribute (retain, strong, copy, assign, weak, unsafe_unretained), found 'nonatomic'",
            ]),
            (inClass("  outlet a : UIView retain weak"), ["2:28: extra text after declaration"]),
            (inClass("  property a : B copy ivar"), ["2:27: expected an ivar name"]),
            (inClass("  ivar : B"), ["2:8: expected an ivar name"]),
            (inClass("  ivar _a B"), ["2:11: expected ':' after ivar name"]),
            (inClass("  ivar _a :"), ["2:12: expected a class name"]),
            (inClass("  ivar _a : B retain"), ["2:15: expected a qualifier (strong, weak, unsafe_unretained), found 'retain'"]),
            (inClass("  ivar _a : B waek"), [
                "2:15: expected a qualifier (strong, weak, unsafe_unretained), found 'waek' [did you mean 'weak'?]",
            ]),
            (inClass("  option"), ["2:9: expected an option name"]),
            (inClass("  option 5"), ["2:10: expected an option name"]),
            (inClass("  option a b c"), ["2:14: extra text after declaration"]),
            (inClass("  dealloc { drain } x"), ["2:21: extra text after declaration"]),
        ])
    }

    func testNibErrors() {
        check([
            (inNib("  5"), ["2:3: expected a nib item, found '5'"]),
            (inNib("  conect a.b -> c"), ["2:3: unknown nib item 'conect' [did you mean 'connect'?]"]),
            (inNib("  acton a -> b.c"), ["2:3: unknown nib item 'acton' [did you mean 'action'?]"]),
            (inNib("  title UILabel"), ["2:3: unknown nib item 'title'"]),
            (inNib("  owner Owner"), ["2:9: expected ':' after 'owner'"]),
            (inNib("  owner :"), ["2:10: expected a class name"]),
            (inNib("  owner : A B"), ["2:13: extra text after declaration"]),
            (inNib("  a :"), ["2:6: expected a class name"]),
            (inNib("  v : UIView as"), ["2:16: expected a key name after 'as'"]),
            (inNib("  a : V x"), ["2:9: extra text after declaration"]),
            (inNib("  a : V {\n    connect a.b -> c\n  }"), [
                "3:5: expected an object declaration (name : Class), found 'connect'",
            ]),
            (inNib("  a : V {\n    b c\n  }"), ["3:5: expected an object declaration (name : Class), found 'b'"]),
            (inNib("  connect .x -> y"), ["2:11: expected an object name"]),
            (inNib("  connect a.b ->"), ["2:17: expected an object name"]),
            (inNib("  connect a.b -> c,"), ["2:20: expected an object name"]),
            (inNib("  action -> x.y"), ["2:10: expected an object name"]),
            (inNib("  action a -> .y"), ["2:15: expected an object name"]),
            (inNib("  connect a -> b"), ["2:13: expected '.' after object name"]),
            (inNib("  action a -> b c"), ["2:17: expected '.' after object name"]),
            (inNib("  connect a. -> b"), ["2:14: expected an outlet name"]),
            (inNib("  connect a.b c"), ["2:15: expected '->'"]),
            (inNib("  action a b.c"), ["2:12: expected '->'"]),
            (inNib("  action a -> b."), ["2:17: expected a selector"]),
            (inNib("  action a -> b.5"), ["2:17: expected a selector"]),
            (inNib("  connect a.b -> c stal"), ["2:20: extra text after declaration"]),
        ])
    }

    func testStatementErrors() {
        check([
            (inScenario("  drain x"), ["2:9: extra text after statement"]),
            (inScenario("  release x y"), ["2:13: extra text after statement"]),
            (inScenario("  x = y z = w"), ["2:9: extra text after statement"]),
            (inScenario("  { drain }"), ["2:3: expected a statement, found '{'"]),
            (inScenario("  : x"), ["2:3: expected a statement, found ':'"]),
            (inScenario("  relase label"), ["2:3: unknown statement 'relase' [did you mean 'release'?]"]),
            (inScenario("  drian"), ["2:3: unknown statement 'drian' [did you mean 'drain'?]"]),
            (inScenario("  pussh nav b"), ["2:3: unknown statement 'pussh' [did you mean 'push'?]"]),
            (inScenario("  expcet alive x"), ["2:3: unknown statement 'expcet' [did you mean 'expect'?]"]),
            (inScenario("  o setHidden:"), ["2:3: unknown statement 'o'"]),
            (inScenario("  o"), ["2:3: expected '=' after expression; to send a message write 'send …'"]),
            (inScenario("  o.label"), ["2:3: expected '=' after expression; to send a message write 'send …'"]),
            (inScenario("  o.label foo"), ["2:3: expected '=' after expression; to send a message write 'send …'"]),
            (inScenario("  5"), ["2:3: expected '=' after expression; to send a message write 'send …'"]),
            (inScenario("  \"x\""), ["2:3: expected '=' after expression; to send a message write 'send …'"]),
            (inScenario("  new X"), ["2:3: expected '=' after expression; to send a message write 'send …'"]),
            (inScenario("  nil = x"), ["2:3: cannot assign to this expression"]),
            (inScenario("  5 = x"), ["2:3: cannot assign to this expression"]),
            (inScenario("  new X = y"), ["2:3: cannot assign to this expression"]),
            (inScenario("  load Panel owner o"), ["2:8: expected 'nib' after 'load'"]),
            (inScenario("  load nib Panel o"), ["2:18: expected 'owner' after 'load nib Panel'"]),
            (inScenario("  load nib"), ["2:11: expected a nib name"]),
            (inScenario("  load nib Panel owner"), ["2:23: expected an expression"]),
            (inScenario("  autoreleasepool"), ["2:18: expected '{'"]),
            (inScenario("  autoreleasepool { drain } drain"), ["2:29: extra text after statement"]),
            (inScenario("  push nav, b"), ["2:11: extra text after statement"]),
            (inScenario("  send x a b"), ["2:12: extra text after statement"]),
        ])
    }

    func testExpressionErrors() {
        check([
            (inScenario("  release"), ["2:10: expected an expression"]),
            (inScenario("  x ="), ["2:6: expected an expression"]),
            (inScenario("  retain 5.1"), ["2:10: expected an expression"]),
            (inScenario("  x = ,"), ["2:7: expected an expression"]),
            (inScenario("  x = new 5"), ["2:11: expected a class name"]),
            (inScenario("  x = new"), ["2:10: expected a class name"]),
            (inScenario("  x = a."), ["2:9: expected a property name after '.'"]),
            (inScenario("  x = a.5"), ["2:9: expected a property name after '.'"]),
            (inScenario("  a-> = b"), ["2:7: expected an ivar name after '->'"]),
        ])
    }

    func testPathLength() {
        let ok = inScenario("  x = a" + String(repeating: ".a", count: ScriptParser.maxPathComponents - 1))
        XCTAssertEqual(errors(ok), [])
        let long = inScenario("  x = a" + String(repeating: ".a", count: ScriptParser.maxPathComponents))
        XCTAssertEqual(errors(long), ["2:\(7 + 2 * ScriptParser.maxPathComponents): path is too long"])
    }

    func testExpectationErrors() {
        check([
            (inScenario("  expect"), ["2:9: expected an expectation"]),
            (inScenario("  expect 5"), ["2:10: expected an expectation"]),
            (inScenario("  expect no"), ["2:12: expected an expectation"]),
            (inScenario("  expect no 5"), ["2:13: expected an expectation"]),
            (inScenario("  expect cout o == 2"), ["2:10: unknown expectation 'cout' [did you mean 'count'?]"]),
            (inScenario("  expect alvie x"), ["2:10: unknown expectation 'alvie' [did you mean 'alive'?]"]),
            (inScenario("  expect no lekas"), ["2:13: unknown expectation 'lekas' [did you mean 'leaks'?]"]),
            (inScenario("  expect no crsh"), ["2:13: unknown expectation 'crsh' [did you mean 'crash'?]"]),
            (inScenario("  expect count x = 2"), ["2:18: expected '==', '!=', '<', '<=', '>' or '>=' [use '==' to compare]"]),
            (inScenario("  expect count x 2"), ["2:18: expected '==', '!=', '<', '<=', '>' or '>='"]),
            (inScenario("  expect count x == y"), ["2:21: expected an integer"]),
            (inScenario("  expect count x =="), ["2:20: expected an integer"]),
            (inScenario("  expect count"), ["2:15: expected a name"]),
            (inScenario("  expect alive 5"), ["2:16: expected a name"]),
            (inScenario("  expect leaks a,"), ["2:18: expected a name"]),
            (inScenario("  expect event"), ["2:15: expected an event kind"]),
            (inScenario("  expect no event 5"), ["2:19: expected an event kind"]),
            (inScenario("  expect crash boom"), ["2:16: expected a string"]),
            (inScenario("  expect warning"), ["2:17: expected a string"]),
            (inScenario("  expect no leaks x"), ["2:19: extra text after statement"]),
            (inScenario("  expect count x == 2 3"), ["2:23: extra text after statement"]),
        ])
    }

    func testNestingTooDeep() {
        let max = ScriptParser.maxDepth
        // The scenario's body is one level, so the pool on line max + 1 is one too many.
        let pools = "scenario \"s\" {\n" + String(repeating: "autoreleasepool {\n", count: max + 50)
            + String(repeating: "}\n", count: max + 51)
        XCTAssertEqual(errors(pools), ["\(max + 1):17: nesting too deep"])
        let objects = "nib N {\n" + String(repeating: "a : V {\n", count: max + 50) + String(repeating: "}\n", count: max + 51)
        XCTAssertEqual(errors(objects), ["\(max + 1):7: nesting too deep"])
        // One level less is fine.
        let fits = "scenario \"s\" {\n" + String(repeating: "autoreleasepool {\n", count: max - 1)
            + String(repeating: "}\n", count: max)
        XCTAssertEqual(errors(fits), [])
    }

    // MARK: - Recovery

    func testEveryErrorInAFileIsReportedAndGoodCodeIsKept() {
        let source = """
        platform iso 5.1
        clas A : B {
          outlet a : B
        }
        class C : NSObject {
          outlt x : Y
          outlet ok : UIView retain
          dealloc { relase ok }
        }
        scenario "s" {
          x = new
          drian
          o = new C
          expect cout o == 2
          autoreleasepool {
            release
            drain
          }
        }
        }
        memory arc
        """
        XCTAssertEqual(errors(source), [
            "1:10: expected a platform (ios or mac) [did you mean 'ios'?]",
            "2:1: unknown declaration 'clas' [did you mean 'class'?]",
            "6:3: unknown member 'outlt' in class 'C' [did you mean 'outlet'?]",
            "8:13: unknown statement 'relase' [did you mean 'release'?]",
            "11:10: expected a class name",
            "12:3: unknown statement 'drian' [did you mean 'drain'?]",
            "14:10: unknown expectation 'cout' [did you mean 'count'?]",
            "16:12: expected an expression",
            "20:1: unexpected '}'",
        ])
        let (script, _, _) = parse(source)
        XCTAssertEqual(Dump.file(script), """
        (class C : NSObject (outlet ok : UIView retain) (method dealloc {}))
        (scenario "s" {(= o (new C)) (pool {(drain)})})
        (memory arc)
        """)
    }

    func testABrokenHeaderSkipsItsBody() {
        // The error is at the block opener's line, so the whole body goes with it, and the
        // typos inside are not reported as a cascade.
        XCTAssertEqual(errors("class A {\n  outlt x\n}\nclass B : C {\n  foo bar\n}"), [
            "1:9: expected ':' after class name",
            "5:3: unknown member 'foo' in class 'B'",
        ])
    }

    // MARK: - Formatting

    func testFormattedDiagnostic() {
        let (_, ds, file) = parse("scenario \"s\" {\n  relase label\n}")
        XCTAssertEqual(ds.count, 1)
        XCTAssertEqual(DiagnosticFormatter.format(ds[0], in: file), """
        test.nibscript:2:3: error: unknown statement 'relase'
          relase label
          ^~~~~~
        note: did you mean 'release'?

        """)
    }

    func testFormattedExpectedAtEndOfLine() {
        let (_, ds, file) = parse("platform ios # no version\nmemory arc")
        XCTAssertEqual(DiagnosticFormatter.format(ds, in: file), """
        test.nibscript:1:13: error: expected a version like 5.1
        platform ios # no version
                    ^

        """)
    }

    func testFormattedExtraTextCoversTheRestOfTheLine() {
        let (_, ds, file) = parse("scenario \"s\" {\n\tdrain now please\n}")
        XCTAssertEqual(DiagnosticFormatter.format(ds, in: file), """
        test.nibscript:2:8: error: extra text after statement
        \tdrain now please
        \t      ^~~~~~~~~~

        """)
    }

    func testDiagnosticsAreSortedByPosition() {
        // Dropping the bad character leaves `y =` without a value, an error of its own (4:6),
        // reported before the character (4:7).
        let (_, ds, file) = parse("scenario \"s\" {\n  x = \"abc\n  drian\n  y = ·\n}")
        XCTAssertEqual(ds.map { "\(file.location(of: $0.range.start))" }, ["2:7", "3:3", "4:6", "4:7"])
        XCTAssertTrue(ds.allSatisfy { $0.severity == .error })
    }
}
