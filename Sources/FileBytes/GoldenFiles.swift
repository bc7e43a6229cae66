#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The one policy for golden files, shared by `nibscript test` and by every golden-style
/// test (issue 29): whether goldens are compared or rewritten, that they are never
/// rewritten on CI, and that they are compared as bytes. It lives here, in the smallest
/// module, so that the command line and the test targets reach the same code.
public enum GoldenFiles {
    public enum Mode: Equatable, Sendable {
        case compare
        case update
    }

    /// The environment variable that puts the test suite in update mode (`=1`).
    public static let updateVariable = "NIBSCRIPT_UPDATE_GOLDENS"

    /// What a refused update says: the same words from the command line and from a test.
    public static let refusedOnCI = "refusing to rewrite golden files on CI"

    /// Whether this environment is CI. GitHub Actions, GitLab and most CI services set
    /// `CI=true`; `.ci/run` sets it itself. Any value other than empty, "0" or "false"
    /// counts, so that `CI=1` cannot slip through.
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let v = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(v)
    }

    /// The mode for a run that asked for an update (`--update`) or not; an update asked
    /// for on CI is refused: the message says why.
    public static func mode(updateRequested: Bool, environment: [String: String]) -> Result<Mode, Refusal> {
        guard updateRequested else { return .success(.compare) }
        return isCI(environment) ? .failure(Refusal(message: refusedOnCI)) : .success(.update)
    }

    /// The test suite's mode: update when `NIBSCRIPT_UPDATE_GOLDENS=1`.
    public static func testMode(environment: [String: String]) -> Result<Mode, Refusal> {
        mode(updateRequested: environment[updateVariable] == "1", environment: environment)
    }

    public struct Refusal: Error, Equatable, Sendable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    /// nil when the bytes are equal; otherwise where they first differ, in words: the line
    /// number and both lines. Bytes, not decoded strings: a string comparison takes two
    /// normalizations of "é" as equal and replaces bytes that are not UTF-8, so a golden
    /// could differ from the output and still pass.
    public static func firstDifference(expected: [UInt8], actual: [UInt8]) -> String? {
        guard expected != actual else { return nil }
        var line = 1, lineStart = 0, i = 0
        while i < expected.count, i < actual.count, expected[i] == actual[i] {
            if expected[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
            i += 1
        }
        func lineText(_ b: [UInt8]) -> [UInt8]? {
            guard lineStart < b.count else { return nil }
            let end = b[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? b.count
            return Array(b[lineStart..<end])
        }
        let e = lineText(expected), a = lineText(actual)
        // Shown as text, unless the difference would not show: bytes that are not UTF-8, or
        // two lines that read alike (another normalization, a control character).
        let printable = (e.map(Self.isPrintableUTF8) ?? true) && (a.map(Self.isPrintableUTF8) ?? true)
        let plain = printable && e.map { String(decoding: $0, as: UTF8.self) } != a.map { String(decoding: $0, as: UTF8.self) }
        func shown(_ b: [UInt8]?) -> String {
            guard let b else { return "(end of file)" }
            return "\"" + (plain ? String(decoding: b, as: UTF8.self) : escaped(b)) + "\""
        }
        var out = "first difference at line \(line), byte \(i - lineStart + 1) of the line"
        if e != nil, a != nil, e == a {
            // Same line text: one has a newline the other lacks (the last line).
            out += " (a newline at the end of the \(expected.count > actual.count ? "golden" : "output") only)"
        }
        out += "\n  golden: \(shown(e))\n  output: \(shown(a))\n"
        return out
    }

    /// Valid UTF-8 with no control character other than a tab.
    static func isPrintableUTF8(_ b: [UInt8]) -> Bool {
        var it = b.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s):
                if s.value < 0x20 && s != "\t" || s.value == 0x7F { return false }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Every byte outside printable ASCII as `\xNN`, so that two lines that read alike show
    /// how they differ.
    static func escaped(_ b: [UInt8]) -> String {
        var s = ""
        for c in b {
            if c >= 0x20 && c < 0x7F && c != UInt8(ascii: "\\") { s.unicodeScalars.append(Unicode.Scalar(c)) }
            else if c == UInt8(ascii: "\\") { s += "\\\\" }
            else { s += "\\x" + String(c, radix: 16, uppercase: true).leftPadded(to: 2) }
        }
        return s
    }

    /// Writes `bytes` to `path` if the file holds anything else; true if it changed. The old
    /// golden stays whole until the new one is (`ReplaceFile`): truncating it first lost it
    /// when the disk filled or a file size limit cut the write.
    public static func write(_ bytes: [UInt8], toGolden path: String) throws -> Bool {
        if FileBytes.contents(atPath: path) == bytes { return false }
        if case .failure(let f) = ReplaceFile.write(bytes, to: path) { throw WriteError(path: path, message: f.message) }
        return true
    }

    public struct WriteError: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        /// What went wrong, with the path (`ReplaceFile`'s words).
        public var message: String
        public init(path: String, message: String? = nil) {
            self.path = path
            self.message = message ?? "cannot write '\(path)'"
        }
        public var description: String { message }
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
