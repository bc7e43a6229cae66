/// Control characters made visible in what nibscript writes for people and other programs.
/// A title, a name, a string literal or a file name may hold any character; written raw, an
/// ESC or BEL reaches the terminal (and can rewrite what it shows), and a C0 control makes an
/// SVG picture ill-formed XML. Every such character is written as `\u{1B}` instead (uppercase
/// hex, the form diagnostics already use), so it is seen and not obeyed. JSON keeps its own
/// lossless `\u001b` escapes; line feed and tab stay as they are everywhere.
enum VisibleText {
    /// C0 controls but tab and line feed, DEL, C1 controls (which some terminals obey as
    /// 8-bit escapes), and the two noncharacters XML does not allow.
    @inline(__always)
    static func isHidden(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value < 0xA0)
            || value == 0xFFFE || value == 0xFFFF
    }

    /// `\u{1B}`.
    static func escape(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with its hidden characters escaped (itself when it has none: the usual case).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isHidden($0.value) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for u in text.unicodeScalars {
            if isHidden(u.value) { out += escape(u.value) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// Whether UTF-8 `bytes` hold a hidden character: a C0 control or DEL (one byte), a C1
    /// control (`C2 80`…`C2 9F`) or U+FFFE/U+FFFF (`EF BF BE`/`BF`). Bytes, not characters,
    /// so a trace line is checked at the speed of a memory scan.
    static func containsHidden(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x20 {
                if b != 0x09 && b != 0x0A { return true }
            } else if b == 0x7F {
                return true
            } else if b == 0xC2 {
                if i + 1 < n && bytes[i + 1] < 0xA0 { return true }
            } else if b == 0xEF {
                if i + 2 < n && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE { return true }
            }
            i += 1
        }
        return false
    }
}

/// Text output with hidden characters made visible (see `VisibleText`), in front of the
/// command line's standard output and error: whatever a command writes, no control sequence
/// from its input reaches the terminal. Formats that escape for themselves (JSON, SARIF,
/// HTML, SVG, DOT) never hand it one, so it changes nothing of theirs.
public final class VisibleOutput: TextOutput {
    private let base: TextOutput

    public init(_ base: TextOutput) { self.base = base }

    public func write(_ text: String) {
        base.write(VisibleText.visible(text))
    }

    public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if !VisibleText.containsHidden(bytes) { base.write(utf8: bytes); return }
        base.write(VisibleText.visible(String(decoding: bytes, as: UTF8.self)))
    }

    public func flush() { base.flush() }
}
