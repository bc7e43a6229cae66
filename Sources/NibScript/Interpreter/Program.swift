import NibScriptSyntax

/// A parsed and checked script, ready to run: its configuration, classes, nibs and scenarios.
public struct Program {
    public let file: SourceFile
    public let ast: ScriptFile
    public var config: Configuration
    var classDecls: [ClassDecl] = []
    var nibDecls: [NibDecl] = []
    /// Nib models read from Interface Builder files, by nib name.
    var externalNibs: [String: NibModel] = [:]
    /// Models of the `nib { … }` blocks, built once by the checker, by nib name.
    var inlineNibs: [String: NibModel] = [:]
    var scenarios: [ScenarioDecl] = []

    func nibDecl(_ name: String) -> NibDecl? { nibDecls.first { $0.name.name == name } }
}
