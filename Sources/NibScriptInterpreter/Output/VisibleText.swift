/// Control characters made visible in what nibscript writes for people and other programs.
/// A title, a name, a string literal or a file name may hold any character; written raw, an
/// ESC or BEL reaches the terminal (and can rewrite what it shows), and a C0 control makes an
/// SVG picture ill-formed XML. Every such character is written as `\u{1B}` instead (uppercase
/// hex, the form diagnostics already use), so it is seen and not obeyed. JSON keeps its own
/// lossless `\u001b` escapes; line feed and tab stay as they are everywhere.
package enum VisibleText {
    /// C0 controls but tab and line feed, DEL, C1 controls (which some terminals obey as
    /// 8-bit escapes), and the two noncharacters XML does not allow.
    @inline(__always)
    package static func isHidden(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value < 0xA0)
            || value == 0xFFFE || value == 0xFFFF
    }

    /// `\u{1B}`.
    package static func escape(_ value: UInt32) -> String {
        "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }

    /// `text` with its hidden characters escaped (itself when it has none: the usual case).
    package static func visible(_ text: String) -> String {
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
    /// and eight at a time: a word whose bytes are all printable ASCII (0x20…0x7E, nearly
    /// every word of a trace) is passed over in a few instructions; only the others are
    /// looked at byte by byte. Every trace line goes through here.
    package static func containsHidden(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let n = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var i = 0
        while i + 8 <= n {
            let x = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte below 0x20 (the classic "has a byte less than" test: no byte is missed),
            // or one of 0x7F and up (its high bit, or that of the byte plus one).
            let below = (x &- ones &* 0x20) & ~x & highs
            let above = (x | (x &+ ones)) & highs
            if below | above != 0, hiddenAt(base, from: i, to: i + 8, count: n) { return true }
            i += 8
        }
        return hiddenAt(base, from: i, to: n, count: n)
    }

    /// Whether a hidden character starts at one of the bytes `from..<to` (a sequence may run
    /// on up to `count`).
    private static func hiddenAt(_ u: UnsafePointer<UInt8>, from: Int, to: Int, count n: Int) -> Bool {
        var i = from
        while i < to {
            let b = u[i]
            if b < 0x20 {
                if b != 0x09 && b != 0x0A { return true }
            } else if b == 0x7F {
                return true
            } else if b == 0xC2 {
                if i + 1 < n && u[i + 1] < 0xA0 { return true }
            } else if b == 0xEF {
                if i + 2 < n && u[i + 1] == 0xBF && u[i + 2] >= 0xBE { return true }
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

    /// Where it writes, for a writer that escapes every hidden character itself (JSON Lines,
    /// tested byte for byte against `JSON.quote`): its bytes need no second look.
    package var unfiltered: TextOutput { base }

    public func write(_ text: String) {
        base.write(VisibleText.visible(text))
    }

    public func write(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        if !VisibleText.containsHidden(bytes) { base.write(utf8: bytes); return }
        base.write(VisibleText.visible(String(decoding: bytes, as: UTF8.self)))
    }

    public func flush() { base.flush() }
}
