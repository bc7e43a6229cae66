import Foundation
import NibScriptSyntax
import CocoaSimulator
import NibScriptInterpreter

/// One version of an open document, read once per change: parsed, checked (the same
/// `Compiler` as `nibscript run`, so the same messages and ranges) and indexed. Everything a
/// request asks is answered from this value; only the scenarios' runs happen later, in the
/// background (`ScenarioRuns`).
struct Analysis {
    var uri: String
    var version: Int
    var file: SourceFile
    var ast: ScriptFile
    /// The parser's and the checker's diagnostics, as `nibscript run` prints them.
    var diagnostics: [Diagnostic]
    /// Nil when the script has an error: nothing runs then, as with `nibscript run`.
    var program: Program?
    var index: DocumentIndex

    init(uri: String, version: Int, text: String) {
        var cache = InterfaceBuilderCache()
        self.init(uri: uri, version: version, text: text, documents: &cache)
    }

    /// `documents`: the Interface Builder files (`nib X from "X.xib"`) read for earlier
    /// versions, kept while their files are unchanged on disk, so that a keystroke does not
    /// read a large storyboard again.
    init(uri: String, version: Int, text: String, documents: inout InterfaceBuilderCache) {
        self.uri = uri
        self.version = version
        // The path in messages is the file's, as the command line shows it; nibs `from
        // "X.xib"` are found beside it.
        file = SourceFile(path: Analysis.path(of: uri), text: text)
        let (ast, parseDiagnostics) = Parser.parse(file)
        self.ast = ast
        documents.dropChangedFiles()
        let (program, diagnostics) = Compiler.compile(file, ast: ast, parseDiagnostics: parseDiagnostics, documents: &documents.documents)
        documents.stampNewFiles()
        self.program = program
        // Sorted as the command line prints them; one diagnostic once.
        self.diagnostics = diagnostics.sorted { ($0.range.start, $0.range.end, $0.message) < ($1.range.start, $1.range.end, $1.message) }
        index = DocumentIndex(file: file, ast: ast, external: program?.externalNibs ?? [:])
    }

    /// `file:///a/b.nibscript` → `/a/b.nibscript` (percent escapes decoded); another scheme
    /// is kept as it is.
    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        let rest = String(uri.dropFirst("file://".count))
        return rest.removingPercentEncoding ?? rest
    }
}

/// Interface Builder documents read so far, by path, with the modification date and size
/// each file had when it was read: a file changed on disk since is read again.
struct InterfaceBuilderCache {
    var documents: ExternalNibs.Documents = [:]
    private var stamps: [String: Stamp] = [:]

    private struct Stamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    private static func stamp(_ path: String) -> Stamp {
        let a = try? FileManager.default.attributesOfItem(atPath: path)
        return Stamp(modified: a?[.modificationDate] as? Date, size: (a?[.size] as? NSNumber)?.intValue)
    }

    mutating func dropChangedFiles() {
        for path in documents.keys.sorted() where stamps[path] != Self.stamp(path) {
            documents[path] = nil
            stamps[path] = nil
        }
    }

    mutating func stampNewFiles() {
        for path in documents.keys where stamps[path] == nil { stamps[path] = Self.stamp(path) }
    }
}
