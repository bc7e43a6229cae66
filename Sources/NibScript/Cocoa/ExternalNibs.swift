import NibScriptSyntax

/// Nibs read from Interface Builder files (`nib Detail from "Detail.xib"`).
enum ExternalNibs {
    static func load(_ decl: NibDecl, path: String, range: SourceRange, from script: SourceFile,
                     classes: ClassTable, diagnostics: inout [Diagnostic]) -> NibModel? {
        diagnostics.append(.error("loading Interface Builder files is not supported yet", at: range))
        return nil
    }
}
