import NibScriptLanguageServer

/// `nibscript lsp [--stdio]`: the language server on standard input and output. It talks
/// the protocol's framed JSON there, so it writes straight to the file descriptors and never
/// through the Driver's text outputs (which escape control characters, CR included).
package enum LanguageServerCommand {
    static func command(_ args: [String]) -> Driver.Result? {
        for a in args {
            if a == "--stdio" { continue }  // what VS Code's clients pass; stdio is the only transport
            if a.hasPrefix("-") { return Driver.usage("unknown option '\(a)' for 'lsp'") }
            return Driver.usage("'lsp' takes no file: an editor starts it and sends the documents on standard input")
        }
        return nil
    }

    static func serve() -> Int32 {
        LanguageServer.serveStandardIO(version: Driver.version)
    }
}
