// The Swift scanner's cleaner and token splitter: comments, literals and preprocessor lines
// blanked (lines and columns kept), then identifiers, numbers and single punctuation.
// Objective-C has a real tokenizer of its own (ObjCLexer.swift).

/// A token of the cleaned text: an identifier (with a leading `@` for directives), a number,
/// or one punctuation character.
struct ScanToken {
    var text: String
    var line: Int
    var column: Int
    var isIdentifier: Bool
}

enum SourceCleaner {
    /// The file's bytes with comments, string and character literals, preprocessor lines and
    /// `#if 0` regions replaced by spaces (newlines kept), so lines and columns stay right.
    static func clean(_ bytes: [UInt8], preprocessor: Bool) -> [UInt8] {
        var out = bytes
        let n = bytes.count
        var i = 0
        var atLineStart = true
        // `#if 0` nesting: depth of the false region, and the nesting inside it.
        var skipDepth = 0
        var nested = 0
        func blank(_ a: Int, _ b: Int) { for k in a..<min(b, n) where out[k] != 10 { out[k] = 32 } }
        while i < n {
            let c = bytes[i]
            if c == 10 { atLineStart = true; i += 1; continue }
            if preprocessor && atLineStart && (c == 32 || c == 9) { i += 1; continue }
            if preprocessor && atLineStart && c == UInt8(ascii: "#") {
                // The whole directive, with backslash continuations.
                var j = i
                while j < n && !(bytes[j] == 10 && (j == 0 || bytes[j - 1] != UInt8(ascii: "\\"))) { j += 1 }
                let text = String(decoding: bytes[i..<j], as: UTF8.self)
                let words = text.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
                let directive = words.first.map(String.init) ?? ""
                if skipDepth > 0 {
                    if directive.hasPrefix("if") { nested += 1 }
                    else if directive == "endif" { if nested > 0 { nested -= 1 } else { skipDepth = 0 } }
                    else if (directive == "else" || directive == "elif") && nested == 0 { skipDepth = 0 }
                } else if directive == "if", words.count > 1, words[1] == "0" {
                    skipDepth = 1; nested = 0
                }
                blank(i, j); i = j; continue
            }
            atLineStart = false
            if skipDepth > 0 {
                // Inside `#if 0`: blank up to the end of the line.
                var j = i
                while j < n && bytes[j] != 10 { j += 1 }
                blank(i, j); i = j; continue
            }
            if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "/") {
                var j = i
                while j < n && bytes[j] != 10 { j += 1 }
                blank(i, j); i = j; continue
            }
            if c == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < n && !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/")) { j += 1 }
                j = min(n, j + 2)
                blank(i, j); i = j; continue
            }
            if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "'") && preprocessor) {
                var j = i + 1
                while j < n && bytes[j] != c && bytes[j] != 10 {
                    if bytes[j] == UInt8(ascii: "\\") { j += 1 }
                    j += 1
                }
                // Keep the quotes, so a string stays one token-sized gap.
                blank(i + 1, j); i = min(n, j + 1); continue
            }
            i += 1
        }
        return out
    }

    static func tokens(_ bytes: [UInt8]) -> [ScanToken] {
        var out: [ScanToken] = []
        var line = 1, lineStart = 0
        var i = 0
        let n = bytes.count
        func isIdent(_ c: UInt8) -> Bool {
            (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c == 95 || c >= 128
        }
        while i < n {
            let c = bytes[i]
            if c == 10 { line += 1; lineStart = i + 1; i += 1; continue }
            if c == 32 || c == 9 || c == 13 || c == 12 { i += 1; continue }
            let col = i - lineStart + 1
            if isIdent(c) || (c == UInt8(ascii: "@") && i + 1 < n && isIdent(bytes[i + 1])) {
                var j = i + 1
                while j < n && isIdent(bytes[j]) { j += 1 }
                let text = String(decoding: bytes[i..<j], as: UTF8.self)
                let first = bytes[i]
                out.append(ScanToken(text: text, line: line, column: col, isIdentifier: !(first >= 48 && first <= 57)))
                i = j; continue
            }
            out.append(ScanToken(text: String(UnicodeScalar(c)), line: line, column: col, isIdentifier: false))
            i += 1
        }
        return out
    }
}
