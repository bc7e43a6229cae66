import NibScriptSyntax
import OwnershipEngine
import CocoaSimulator

/// Parses and checks a script. Every problem in the file is reported, not only the first.
public enum Compiler {
    /// `nibTables`: nib blocks are read as tables (see `NibTable`), smaller and quicker to
    /// build than trees, for a program that is run as it is; `matrix`, which rewrites the
    /// syntax, needs the trees.
    public static func compile(_ file: SourceFile, override: Configuration? = nil,
                               nibTables: Bool = false) -> (Program?, [Diagnostic]) {
        let (ast, names, parseDiagnostics) = Parser.parseNamed(file, nibTables: nibTables)
        return compile(file, ast: ast, parseDiagnostics: parseDiagnostics, override: override, names: names)
    }

    /// Checks an already parsed (possibly rewritten: see Cocoa/Twins.swift) syntax tree of `file`.
    /// `names`: the file's names as the parser read them, when it is the parser's tree.
    package static func compile(_ file: SourceFile, ast: ScriptFile, parseDiagnostics: [Diagnostic] = [],
                        override: Configuration? = nil, names: NameTable = NameTable()) -> (Program?, [Diagnostic]) {
        var documents: ExternalNibs.Documents = [:]
        return compile(file, ast: ast, parseDiagnostics: parseDiagnostics, override: override, names: names,
                       documents: &documents)
    }

    /// The same, with the Interface Builder documents read so far: `matrix` compiles a script
    /// once per configuration and reads each document once.
    package static func compile(_ file: SourceFile, ast: ScriptFile, parseDiagnostics: [Diagnostic] = [],
                        override: Configuration? = nil, names: NameTable = NameTable(),
                        documents: inout ExternalNibs.Documents) -> (Program?, [Diagnostic]) {
        var diagnostics = parseDiagnostics
        var program = Program(file: file, ast: ast, config: .defaultIOS)
        // A nib read as a table names its objects by ids of this table.
        if ast.decls.contains(where: { if case .nib(let n) = $0, case .table = n.body { return true }; return false }) {
            program.names = names
        }
        let platformDeclared = configure(&program, diagnostics: &diagnostics)
        if !platformDeclared, let p = documentPlatform(of: ast, file: file, documents: &documents) {
            // Without a `platform` line, an Interface Builder file's document type decides.
            program.config.platform = p
            (program.config.major, program.config.minor) = p == .ios ? (5, 1) : (10, 7)
        }
        if let o = override { program.config = o }
        for d in ast.decls {
            switch d {
            case .classDecl(let c): program.classDecls.append(c)
            case .nib(let n):
                if program.nibDecl(n.name.name) != nil {
                    diagnostics.append(.error("nib '\(n.name.name)' is declared twice", at: n.name.range))
                } else { program.nibDecls.append(n) }
            case .scenario(let s):
                if program.scenarios.contains(where: { $0.title == s.title }) {
                    diagnostics.append(.error("scenario \"\(s.title)\" is declared twice", at: s.titleRange))
                } else { program.scenarios.append(s) }
            default: break
            }
        }
        var checker = Checker(program: program, names: names)
        checker.documents = documents
        checker.check(&program, diagnostics: &diagnostics)
        documents = checker.documents
        internSmallNibNames(&program)
        let ok = !diagnostics.contains { $0.severity == .error }
        return (ok ? program : nil, diagnostics)
    }

    /// Gives the objects of each small nib (a controller's view nib, loaded again at every
    /// push) ids in the program's name table, in the order the nibs are declared, so that
    /// binding their names at each load is an array write (see `NibBindings`). A big nib is
    /// loaded once or twice; its names stay out of the table unless its block put them there.
    private static func internSmallNibNames(_ program: inout Program) {
        for d in program.nibDecls {
            guard let model = program.externalNibs[d.name.name] ?? program.inlineNibs[d.name.name],
                  model.objects.count <= NibClassPlan.maxObjects else { continue }
            for o in model.objects { _ = program.names.intern(o.name) }
        }
    }

    /// The platform of the first Interface Builder file the script loads, if any.
    private static func documentPlatform(of ast: ScriptFile, file: SourceFile,
                                         documents: inout ExternalNibs.Documents) -> PlatformName? {
        for case .nib(let n) in ast.decls {
            guard case .file(let path, let range) = n.body else { continue }
            var ignored: [Diagnostic] = []
            if let (doc, _) = ExternalNibs.read(path, from: file, at: range, diagnostics: &ignored, documents: &documents) {
                return doc.platform == .ios ? .ios : .mac
            }
        }
        return nil
    }

    /// Applies `platform` and `memory`; returns whether the script named its platform.
    private static func configure(_ program: inout Program, diagnostics: inout [Diagnostic]) -> Bool {
        var platformSeen = false, memorySeen = false
        var memoryRange: SourceRange?
        for d in program.ast.decls {
            switch d {
            case .platform(let p):
                if platformSeen { diagnostics.append(.error("the platform is already set", at: p.range)); continue }
                platformSeen = true
                program.config.platform = PlatformName(p.platform)
                program.config.major = p.major
                program.config.minor = p.minor
                let ok = p.platform == .ios ? (2...26).contains(p.major) : (p.major == 10 && (0...15).contains(p.minor)) || (11...26).contains(p.major)
                if !ok { diagnostics.append(.error("there is no \(p.platform == .ios ? "iOS" : "OS X") \(p.major).\(p.minor)", at: p.range)) }
            case .memory(let m):
                if memorySeen { diagnostics.append(.error("the memory model is already set", at: m.range)); continue }
                memorySeen = true
                program.config.memory = MemoryModelName(m.model)
                memoryRange = m.range
            default: break
            }
        }
        if program.config.isGC, let r = memoryRange, program.config.isIOS || !program.config.atLeast(10, 5) {
            diagnostics.append(.error("garbage collection exists only on the Mac, OS X 10.5 and later (deprecated in 10.8)", at: r))
        }
        if program.config.isARC, !program.config.supportsARC, let r = memoryRange {
            diagnostics.append(.error("ARC needs \(program.config.isIOS ? "iOS 4.0" : "OS X 10.6") or later", at: r))
        }
        return platformSeen
    }
}
