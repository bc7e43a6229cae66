import NibScriptSyntax
import CocoaSimulator

/// A parsed and checked script, ready to run: its configuration, classes, nibs and scenarios.
public struct Program {
    public let file: SourceFile
    public private(set) var ast: ScriptFile
    public var config: Configuration
    package var classDecls: [ClassDecl] = []
    package var nibDecls: [NibDecl] = []
    /// Nib models read from Interface Builder files, by nib name.
    package var externalNibs: [String: NibModel] = [:]
    /// Models of the `nib { … }` blocks, built once by the checker, by nib name.
    package var inlineNibs: [String: NibModel] = [:]
    package var scenarios: [ScenarioDecl] = []
    /// The file's names, when a nib block was read as a table of their ids (see `NibTable`),
    /// with the names of the objects of the Interface Builder files it loads and of small
    /// nibs' objects (bound at every load: see `Compiler`).
    package var names = NameTable()

    package func nibDecl(_ name: String) -> NibDecl? { nibDecls.first { $0.name.name == name } }

    /// The program as `run` needs it: each `nib { … }` block's syntax is dropped once its
    /// model is built, since loading reads the model alone. A nib of a million objects holds
    /// about 90 MB of syntax (or, read as a table, 60 MB) that would otherwise stay alive
    /// through the whole run. The file's names stay while a nib block's model does: the run
    /// binds the names of a loaded nib's objects by their ids (`NibBindings`).
    /// (`matrix` rewrites the syntax for each configuration, so it keeps the program whole.)
    public func withoutNibSyntax() -> Program {
        func slim(_ n: NibDecl) -> NibDecl {
            switch n.body {
            case .inline, .table: guard inlineNibs[n.name.name] != nil else { return n }
            case .file: return n
            }
            var n = n
            n.body = .inline([])
            return n
        }
        var p = self
        let keepsNames = inlineNibs.isEmpty == false || externalNibs.isEmpty == false
            || nibDecls.contains { if case .table = $0.body { return inlineNibs[$0.name.name] == nil }; return false }
        if !keepsNames { p.names = NameTable() }
        p.nibDecls = nibDecls.map(slim)
        p.ast = ScriptFile(decls: ast.decls.map { d in
            if case .nib(let n) = d { return .nib(slim(n)) }
            return d
        })
        return p
    }
}
