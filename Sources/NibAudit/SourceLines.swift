import Foundation

/// The lines of source files, each file read once: the passes over findings that read the
/// code's own text (confidence, hand-overs) ask for the same few files many times.
final class SourceLines {
    private var cache: [String: [String]] = [:]
    private var codeCache: [String: [String]] = [:]

    func callAsFunction(_ path: String) -> [String] { raw(path) }

    func raw(_ path: String) -> [String] {
        if let lines = cache[path] { return lines }
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        cache[path] = lines
        return lines
    }

    /// The file's code only, line by line: comments (a `/* … */` over several lines too),
    /// `#if 0` regions and the contents of every string and character literal blanked (R5),
    /// so that `// [x setFoo:obj]` or `@"[x setFoo:obj]"` is not read as a message.
    func code(_ path: String) -> [String] {
        if let lines = codeCache[path] { return lines }
        let raw = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let lines = NibLoaders.codeText(raw, keepNames: false).components(separatedBy: "\n")
        codeCache[path] = lines
        return lines
    }
}
