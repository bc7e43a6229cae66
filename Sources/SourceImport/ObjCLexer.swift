// The tokenizer of Objective-C and Objective-C++: identifiers, `@` directives, numbers,
// string and character literals (`@"…"` included), and the punctuators of C and C++ with
// their multi-character forms (`->`, `::`, `==`, `&&`, `##`, …). Comments vanish, a
// backslash-newline splices lines, and the tokens of a preprocessor line are marked with
// the number of their directive so the preprocessor can take them apart from the code.

struct ObjCToken {
    enum Kind: UInt8 { case identifier, directive, number, string, char, punct }
    var text: String
    var kind: Kind
    var line: Int32
    var column: Int32
    /// Non-zero on the tokens of one preprocessor line (`#` included): that line's number.
    var directiveLine: Int32 = 0
    /// Whether whitespace comes before the token (a function-like `#define NAME(` has none).
    var spaceBefore = true
    /// The preprocessor condition the token is under when the reader could not decide it
    /// (an index into the reader's condition table; 0 when none).
    var condition: Int32 = 0
    /// The outermost project macro the token came from, or nil when written as is.
    var macro: String?

    var isIdentifier: Bool { kind == .identifier }
}

enum ObjCLexer {
    static func tokens(_ b: [UInt8]) -> [ObjCToken] {
        var out: [ObjCToken] = []
        out.reserveCapacity(b.count / 4)
        let n = b.count
        var i = 0
        var line: Int32 = 1
        var lineStart = 0
        var directive: Int32 = 0
        var lineHasToken = false
        var space = true
        @inline(__always) func isIdent(_ c: UInt8) -> Bool {
            (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || c == 36 || c >= 128
        }
        func add(_ a: Int, _ e: Int, _ kind: ObjCToken.Kind, startLine: Int32, col: Int) {
            let text = String(decoding: b[a..<e], as: UTF8.self)
            out.append(ObjCToken(text: text, kind: kind, line: startLine, column: Int32(col), directiveLine: directive, spaceBefore: space))
            lineHasToken = true
            space = false
        }
        let three: Set<String> = ["...", "<<=", ">>=", "->*"]
        let two: Set<String> = ["->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=",
                                "%=", "&=", "|=", "^=", "::", "##"]
        while i < n {
            let c = b[i]
            if c == 10 {
                line += 1; lineStart = i + 1; i += 1
                directive = 0; lineHasToken = false; space = true
                continue
            }
            // A backslash-newline joins two lines (directive continuations, mostly).
            if c == 92, i + 1 < n, b[i + 1] == 10 || (b[i + 1] == 13 && i + 2 < n && b[i + 2] == 10) {
                i += b[i + 1] == 10 ? 2 : 3
                line += 1; lineStart = i; space = true
                continue
            }
            if c == 32 || c == 9 || c == 13 || c == 12 || c == 11 { i += 1; space = true; continue }
            let col = i - lineStart + 1
            if c == 47, i + 1 < n, b[i + 1] == 47 {
                while i < n && b[i] != 10 {
                    if b[i] == 92, i + 1 < n, b[i + 1] == 10 { line += 1; lineStart = i + 2; i += 2; continue }
                    i += 1
                }
                space = true; continue
            }
            if c == 47, i + 1 < n, b[i + 1] == 42 {
                var j = i + 2
                while j < n && !(b[j] == 42 && j + 1 < n && b[j + 1] == 47) {
                    if b[j] == 10 { line += 1; lineStart = j + 1 }
                    j += 1
                }
                i = min(n, j + 2); space = true; continue
            }
            if c == 35 && !lineHasToken {   // `#` opens a preprocessor line
                directive = line
                add(i, i + 1, .punct, startLine: line, col: col); i += 1; continue
            }
            if c == 34 || c == 39 || (c == 64 && i + 1 < n && b[i + 1] == 34) {
                let quote: UInt8 = c == 64 ? 34 : c
                var j = c == 64 ? i + 2 : i + 1
                let startLine = line
                while j < n && b[j] != quote && b[j] != 10 {
                    if b[j] == 92 { j += 1 }
                    j += 1
                }
                j = min(n, j + 1)
                add(i, j, quote == 39 ? .char : .string, startLine: startLine, col: col); i = j; continue
            }
            if c >= 48 && c <= 57 || (c == 46 && i + 1 < n && b[i + 1] >= 48 && b[i + 1] <= 57) {
                var j = i + 1
                while j < n && (isIdent(b[j]) || b[j] == 46 || ((b[j] == 43 || b[j] == 45) && (b[j - 1] == 101 || b[j - 1] == 69) && !(b[i + 1] == 120 || b[i + 1] == 88))) { j += 1 }
                add(i, j, .number, startLine: line, col: col); i = j; continue
            }
            if isIdent(c) || (c == 64 && i + 1 < n && isIdent(b[i + 1])) {
                var j = i + 1
                while j < n && isIdent(b[j]) { j += 1 }
                add(i, j, c == 64 ? .directive : .identifier, startLine: line, col: col); i = j; continue
            }
            if i + 2 < n, three.contains(String(decoding: b[i..<(i + 3)], as: UTF8.self)) {
                add(i, i + 3, .punct, startLine: line, col: col); i += 3; continue
            }
            if i + 1 < n, two.contains(String(decoding: b[i..<(i + 2)], as: UTF8.self)) {
                add(i, i + 2, .punct, startLine: line, col: col); i += 2; continue
            }
            add(i, i + 1, .punct, startLine: line, col: col); i += 1
        }
        return out
    }
}
