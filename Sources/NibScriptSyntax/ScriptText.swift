// Writing nibscript from names the writer did not choose (class names from a nib, paths,
// members read from sources): every generator goes through these three functions, so that no
// name, whatever its characters, can change the shape of the script it is pasted into.

public enum ScriptText {
    /// `name` as one identifier token: itself when it is a plain ASCII word (what a person
    /// would write; the output of `import` stays as it was), else in backquotes with `` ` ``,
    /// `\` and every control character escaped (`` `My-Class` ``, `` `A\u{A}B` ``).
    public static func name(_ name: String) -> String {
        if isPlainWord(name) { return name }
        return "`" + escaped(name, closing: "`") + "`"
    }

    /// `value` as a string literal, quotes included.
    public static func string(_ value: String) -> String {
        "\"" + escaped(value, closing: "\"") + "\""
    }

    /// `text` for a `#` comment: line breaks and other control characters as `\u{…}`, so
    /// the comment ends where the generator ends it.
    public static func comment(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for s in text.unicodeScalars { if isControl(s) { out += hexEscape(s) } else { out.unicodeScalars.append(s) } }
        return out
    }

    /// A letter or `_` and then letters, digits and `_`, all ASCII: read by the lexer as one
    /// identifier with no quoting.
    public static func isPlainWord(_ s: String) -> Bool {
        var first = true
        for b in s.utf8 {
            let letter = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F
            let digit = b >= 0x30 && b <= 0x39
            if !(letter || (digit && !first)) { return false }
            first = false
        }
        return !first
    }

    private static func escaped(_ s: String, closing: Unicode.Scalar) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if c == closing || c == "\\" { out += "\\"; out.unicodeScalars.append(c) }
            else if isControl(c) { out += hexEscape(c) }
            else { out.unicodeScalars.append(c) }
        }
        return out
    }

    /// C0 and C1 controls and DEL, and the Unicode line and paragraph separators: nothing
    /// that may break a line or hide in one.
    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) || s.value == 0x2028 || s.value == 0x2029
    }

    private static func hexEscape(_ s: Unicode.Scalar) -> String { "\\u{" + String(s.value, radix: 16, uppercase: true) + "}" }
}
