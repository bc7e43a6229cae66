import XCTest
@testable import SourceImport
import TestSupport

/// Whatever the bytes, the reader ends, never traps, and reads the same twice.
final class RobustnessTests: XCTestCase {
    static let vocabulary = ["@interface", "@implementation", "@end", "@property", "@synthesize", "@protocol", "@try", "@catch",
                             "@finally", "(", ")", "{", "}", "[", "]", "<", ">", ";", ",", ":", "=", "*", "^", "-", "+", "?",
                             "if", "else", "for", "while", "do", "switch", "case", "default", "return", "break", "A", "B", "x",
                             "_x", "self", "super", "release", "retain", "dealloc", "nil", "IBOutlet", "retain", "readonly",
                             "\n#define M(a) [a release], a = nil\n", "\n#if X\n", "\n#else\n", "\n#endif\n", "\n#ifdef Y\n",
                             "M(x)", "M(", "\"", "'", "/*", "*/", "//", "\\\n", "@\"s\"", "0", "1", "##", "#", "::", "->", "..."]

    func testRandomSoupEndsAndIsDeterministic() {
        var rng = SplitMix64(seed: 23)
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<rng.below(400) { text += Self.vocabulary[rng.below(Self.vocabulary.count)] + (rng.chance(70) ? " " : "") }
            let a = readProject([("R.m", text)])
            let b = readProject([("R.m", text)])
            XCTAssertEqual(a.classes.map(\.name), b.classes.map(\.name))
            XCTAssertEqual(a.classes.map { $0.methods.map(\.selector) }, b.classes.map { $0.methods.map(\.selector) })
        }
    }

    func testPathologicalNestingStaysShallow() {
        let deep = String(repeating: "if (a) ", count: 20_000) + "[x release];"
        let braces = String(repeating: "{", count: 20_000) + String(repeating: "}", count: 20_000)
        let parens = "#if " + String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000) + "\n@interface Q : NSObject\n@end\n#endif\n"
        let macros = (0..<200).map { "#define M\($0) M\($0 + 1) M\($0 + 1)" }.joined(separator: "\n") + "\n"
        let p = readProject([("D.m", macros + parens + """
        @interface D : NSObject { id x; }
        @end
        @implementation D
        - (void)dealloc { \(deep) \(braces) M0; [super dealloc]; }
        @end
        """)])
        XCTAssertEqual(p["D"]?.method("dealloc")?.statements.last?.kind, .superCall)
        XCTAssertNotNil(p["Q"], "an undecidable condition is read, marked")
    }
}
