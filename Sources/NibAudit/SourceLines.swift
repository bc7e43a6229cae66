import Foundation

/// The lines of source files, each file read once: the passes over findings that read the
/// code's own text (confidence, hand-overs) ask for the same few files many times.
final class SourceLines {
    private var cache: [String: [String]] = [:]

    func callAsFunction(_ path: String) -> [String] {
        if let lines = cache[path] { return lines }
        let lines = (try? String(contentsOfFile: path, encoding: .utf8))?.components(separatedBy: "\n") ?? []
        cache[path] = lines
        return lines
    }
}
