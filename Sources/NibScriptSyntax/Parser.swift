// The parser: plain recursive descent over a token array (see grammar.md). This file holds
// the entry point, the token stream, error reporting and recovery; the productions live in
// ParserDecls, ParserNib, ParserStatements, ParserExpectations and ParserExpressions.
//
// Error handling: a production that cannot go on records a Diagnostic and throws ParseError.
// The loop that called it (declarations of the file, members of a class, items of a nib,
// statements of a block) catches it and skips to the end of the line — across a whole
// `{ … }` if the line opened one — and carries on, so one parse reports every error.

public enum Parser {
    /// Parses a whole file. Never traps and always terminates; the AST holds every
    /// declaration, member and statement that parsed, the diagnostics every error found.
    public static func parse(_ file: SourceFile) -> (ScriptFile, [Diagnostic]) {
        let (ast, _, diagnostics) = parseNamed(file)
        return (ast, diagnostics)
    }

    /// Parses a whole file and returns, with the tree, every name its text holds, each once:
    /// the checker finds names by their ids in it. The table is not part of the tree, so it
    /// is freed once the file is checked.
    /// `nibTables`: `nib { … }` blocks are read as `NibBody.table` (ids into the returned
    /// table) instead of syntax trees: smaller, and what `run` needs; `matrix`, which
    /// rewrites nibs, needs the trees.
    /// `packStatements: false` keeps every statement whole (`Statements`' side array): the
    /// tree as it was before packing, which tests compare packed trees with.
    public static func parseNamed(_ file: SourceFile, nibTables: Bool = false,
                                  packStatements: Bool = true) -> (ScriptFile, NameTable, [Diagnostic]) {
        var parser = ScriptParser(file: file)
        parser.nibTables = nibTables
        parser.packStatements = packStatements
        let decls = parser.parseFile()
        parser.nameSlots.fillTexts(from: parser.names)
        return (ScriptFile(decls: decls), parser.names, parser.sortedDiagnostics())
    }
}

/// Thrown after the diagnostic is recorded; it carries nothing.
struct ParseError: Error {}

struct ScriptParser {
    /// Braces nest at most this deep. Nested blocks and nib objects are parsed by recursion,
    /// so the cap keeps a hostile file (100 000 `{`) from overflowing the stack. A level costs
    /// about 3.5 KB of stack in a debug build, so 128 levels fit in the 512 KB of a secondary
    /// thread; real scripts nest a handful of levels.
    static let maxDepth = 128

    let file: SourceFile
    /// Tokens are read from the lexer as the parser goes, with one token of lookahead: the
    /// grammar never needs more, and a file of millions of tokens is never held as an array.
    /// The lexer scans them ahead into `scanned`, a few hundred at a time. (`scanned` is a
    /// reference, so two copies of a parser would take tokens from one buffer: no parser
    /// is copied.)
    private var lexer: Lexer
    private let scanned = ScannedTokens()
    /// The token being looked at.
    private(set) var current = Lexeme(.eof, .none)
    /// The token after `current`.
    private var lookahead = Lexeme(.eof, .none)
    /// How many tokens have been consumed: recovery compares it to see progress.
    private(set) var index = 0
    /// End of the last consumed token other than a NEWLINE: the end of every node's range,
    /// and where "expected …" points when the line ran out.
    private(set) var prevEnd = 0
    /// Braces currently open.
    var depth = 0
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether nib blocks are read into `table` rather than into syntax trees.
    var nibTables = false
    /// The nib block being read, when `nibTables`.
    var table = NibTable()
    /// Where each block's builder finds the names it has (see `NameSlots`).
    var nameSlots = NameSlots()
    /// Whether statements are packed (see `Statements`); tests turn it off to compare.
    var packStatements = true
    /// The `Expr` of the operand `packableOperand` last read the general way (it returned
    /// nil), until `expr(_:)` takes it.
    var generalOperand: Expr?

    init(file: SourceFile) {
        self.file = file
        lexer = Lexer(file)
        if let offset = Self.binaryOffset(file.bytes) {
            // A binary file would give one error per stretch of junk, each echoing raw bytes.
            report("not a text file: it has a NUL byte (at byte \(offset + 1)); a script is UTF-8 text",
                   at: SourceRange(start: offset, end: offset + 1))
            // A file with a NUL byte is not read as a script at all: the grammar sees the
            // end of the file at once.
            current = Lexeme(.eof, SourceRange(start: file.bytes.count, end: file.bytes.count))
            lookahead = current
            return
        }
        current = nextToken()
        lookahead = nextToken()
    }

    /// The next token the grammar should see. Lexical errors are reported here, once, and the
    /// bad token is dropped (or replaced by what was meant), so the grammar never sees it and
    /// no "expected …" cascades from it.
    @inline(__always)
    private mutating func nextToken() -> Lexeme {
        let token = rawToken()
        // The usual case first, out of the way of the error handling below.
        guard token.kind == .error else { return token }
        return nextToken(after: token)
    }

    /// `nextToken()` once the lexer has returned an error token.
    @inline(never)
    private mutating func nextToken(after errorToken: Lexeme) -> Lexeme {
        // A run of characters that start no token, one after another, is one error.
        var junk: (first: LexError, range: SourceRange, count: Int)?
        var pending: Lexeme? = errorToken
        while true {
            var token = pending ?? rawToken()
            pending = nil
            if token.kind == .error {
                let error = lexer.error(of: token)
                switch error {
                case .unterminatedString: token.kind = .string
                // Its value reads as `Int.max` (see `Lexer.integerValue(of:)`).
                case .numberTooLarge: token.kind = .integer
                // Reported, then read as a name (its text) so one mistake is one error.
                case .unterminatedQuotedName, .emptyQuotedName:
                    token.kind = .identifier
                    token.name = lexer.names.intern(file.bytes, token.range.start..<token.range.end)
                case .unexpectedCharacter, .invalidUTF8:
                    if let run = junk, run.range.end == token.range.start {
                        junk = (run.first, run.range.union(token.range), run.count + 1)
                    } else {
                        reportJunk(junk)
                        junk = (error, token.range, 1)
                    }
                    continue
                }
                reportJunk(junk)
                junk = nil
                report(error.message, at: token.range)
            } else {
                reportJunk(junk)
                junk = nil
            }
            return token
        }
    }

    /// The lexer's next token, as it scanned it.
    @inline(__always)
    private mutating func rawToken() -> Lexeme {
        if scanned.next == scanned.end { refill() }
        let t = scanned.tokens[scanned.next]
        scanned.next += 1
        return t
    }

    @inline(never)
    private mutating func refill() {
        scanned.end = lexer.scan(into: scanned.tokens, capacity: ScannedTokens.capacity)
        scanned.next = 0
    }

    /// Where a NUL byte shows that the file is not text, looking at its first 8 KB as git does.
    static func binaryOffset(_ bytes: [UInt8]) -> Int? {
        bytes.prefix(8192).firstIndex(of: 0)
    }

    private mutating func reportJunk(_ junk: (first: LexError, range: SourceRange, count: Int)?) {
        guard let junk else { return }
        if junk.count == 1 {
            report(junk.first.message, at: junk.range)
        } else {
            let more = junk.count - 1
            report(junk.first.message + " and \(more) more unexpected character\(more == 1 ? "" : "s") after it", at: junk.range)
        }
    }

    func sortedDiagnostics() -> [Diagnostic] {
        // By position; equal positions keep the order they were found in.
        diagnostics.enumerated()
            .sorted { ($0.element.range.start, $0.offset) < ($1.element.range.start, $1.offset) }
            .map(\.element)
    }

    // MARK: - Token stream

    /// The token after the current one (the EOF token past the end).
    @inline(__always)
    func peek() -> Lexeme { lookahead }

    /// Consumes the current token (never the EOF) and returns it. Inlined: a call per token
    /// cost more than what it does.
    @discardableResult @inline(__always)
    mutating func advance() -> Lexeme {
        let t = current
        if t.kind == .eof { return t }
        index &+= 1
        if t.kind != .newline { prevEnd = t.range.end }
        current = lookahead
        if lookahead.kind != .eof { lookahead = nextToken() }
        return t
    }

    @inline(__always)
    func check(_ kind: TokenTag) -> Bool { current.kind == kind }

    mutating func match(_ kind: TokenTag) -> Bool {
        guard check(kind) else { return false }
        advance()
        return true
    }

    /// Whether `t` is the identifier `word`: one comparison of interned ids.
    @inline(__always)
    func isWord(_ t: Lexeme, _ word: Keyword) -> Bool { t.name == word.rawValue }

    /// The keyword `t` is, if any.
    @inline(__always)
    func keyword(_ t: Lexeme) -> Keyword? { t.name >= 0 ? Keyword(rawValue: t.name) : nil }

    /// END in the grammar: a line break, or (not consumed) a `}` or the end of the file.
    @inline(__always)
    func isEnd(_ t: Lexeme) -> Bool {
        switch t.kind {
        case .newline, .rightBrace, .eof: return true
        default: return false
        }
    }

    /// A token's text; an identifier's is its interned String, shared by every use of the name.
    @inline(__always)
    func text(_ t: Lexeme) -> String { t.name >= 0 ? lexer.names[t.name] : file.text(t.range) }

    @inline(__always)
    func identifier(_ t: Lexeme) -> Identifier { Identifier(lexer.names[t.name], t.range, id: t.name) }

    /// A string token's value.
    func stringValue(_ t: Lexeme) -> String { Lexer.stringValue(of: t.range, in: file.bytes) }

    /// An integer token's value (`Int.max` for one too large, reported already).
    func integerValue(_ t: Lexeme) -> Int { lexer.integerValue(of: t) }

    /// A version token's parts.
    func version(_ t: Lexeme) -> (major: Int, minor: Int) { lexer.version(of: t) }

    /// The names read so far.
    var names: NameTable { lexer.names }

    /// The range from `start` to the end of the last consumed token.
    @inline(__always)
    func range(from start: Int) -> SourceRange { SourceRange(start: start, end: prevEnd) }

    mutating func skipNewlines() {
        while case .newline = current.kind { advance() }
    }

    /// Consumes an identifier, or reports `message` and throws.
    mutating func expectIdentifier(_ message: String, notes: [String] = []) throws -> Identifier {
        guard current.kind == .identifier else { throw errorAtCurrent(message, notes: notes) }
        // Consumed first: a method of self called with advance() as its argument would copy
        // the whole parser to keep the receiver as it was before the argument changed it.
        let t = advance()
        return identifier(t)
    }

    /// Consumes a token of `kind`, or reports `message` and throws.
    @discardableResult
    mutating func expect(_ kind: TokenTag, _ message: String) throws -> Lexeme {
        guard check(kind) else { throw errorAtCurrent(message) }
        return advance()
    }

    // MARK: - Diagnostics

    mutating func report(_ message: String, at range: SourceRange, notes: [String] = []) {
        let d = Diagnostic.error(message, at: range, notes: notes)
        // Unwinding from one unterminated block can repeat the same error at EOF.
        if diagnostics.last != d { diagnostics.append(d) }
    }

    /// Reports an error about the current token and returns the error to throw. When the line
    /// has run out, the error points just after the last token instead of at the line break,
    /// as "expected …" means "something should have followed this".
    mutating func errorAtCurrent(_ message: String, notes: [String] = []) -> ParseError {
        let at = current.kind == .newline || current.kind == .eof
            ? SourceRange(start: prevEnd, end: prevEnd) : current.range
        report(message, at: at, notes: notes)
        return ParseError()
    }

    /// `["did you mean 'x'?"]` for the closest candidate within two edits, else `[]`.
    func didYouMean(_ word: String, _ candidates: [String]) -> [String] {
        Suggest.closest(to: word, among: candidates).map { ["did you mean '\($0)'?"] } ?? []
    }

    /// How a token is named after "found" in a message.
    func describe(_ t: Lexeme) -> String {
        switch t.kind {
        case .newline: return "end of line"
        case .eof: return "end of file"
        case .string: return "a string"
        default: return "'\(text(t))'"
        }
    }

    // MARK: - Recovery

    /// Skips to the end of the current line and consumes its line break. A `{` on the way is
    /// skipped with everything up to its matching `}` (so a broken header skips its body); a
    /// `}` that closes the enclosing block is left for that block. Iterative, for any depth.
    mutating func synchronize() {
        var open = 0
        while true {
            switch current.kind {
            case .eof:
                return
            case .newline:
                advance()
                if open == 0 { return }
            case .leftBrace:
                open += 1
                advance()
            case .rightBrace:
                if open == 0 { return }
                open -= 1
                advance()
            default:
                advance()
            }
        }
    }

    /// Recovery in a list loop after a production starting at token `start` failed.
    mutating func recover(from start: Int) {
        synchronize()
        // A production always consumes its first token before failing, and synchronize
        // stops only at `}` or EOF, which no list loop hands to a production; this is a
        // guarantee against looping forever should that ever change.
        if index == start && current.kind != .eof { advance() }
    }

    /// Requires END after a declaration, member or statement (`what` names it in the message).
    /// Anything else on the line is reported once and skipped; the construct itself stands.
    @inline(__always)  // a statement's end is nearly always its line break: no call for it
    mutating func expectEnd(_ what: StaticString) {
        if current.kind == .newline { advance(); return }
        expectEndElse(what)
    }

    @inline(never)
    private mutating func expectEndElse(_ what: StaticString) {
        switch current.kind {
        case .newline: advance()
        case .rightBrace, .eof: break
        default:
            let start = current.range.start
            synchronize()
            report("extra text after \(what)", at: SourceRange(start: start, end: max(prevEnd, start + 1)))
        }
    }

    // MARK: - Braces

    /// `"{" { NEWLINE | item } "}"`: the body of a class, a nib, a nib object or a block.
    /// Each item is parsed by `item` with recovery, so an error skips one line, not the body.
    /// Returns the items and the range from `{` to `}`.
    ///
    /// At EOF with the block still open, the error "expected '}' to close the block opened at
    /// line N" points at the end of the file (where the `}` is missing) and names the line of
    /// the `{`; the items so far are kept.
    @inline(__always)  // specialized for each kind of item, so items are not copied through witnesses
    mutating func parseBraced<T>(_ item: (inout ScriptParser) throws -> T) throws -> ([T], SourceRange) {
        // Nested bodies recurse through here, so this function and those on the recursive
        // path keep their frames small: the work that needs many temporaries is in helpers.
        // (`items` is captured by a closure that does not escape: not boxed.)
        var items: [T] = []
        let range = try parseBracedEach { p in
            items.append(try item(&p))
            if items.count == Self.bigBlock { p.reserveForBigBlock(&items) }
        }
        // Not near the end of the file: the room never used was never touched, so it costs
        // address space only, and the copy would hold the block twice at once (the peak of
        // a script that is one big scenario). Earlier, a later big block could reserve again.
        if items.capacity > 2 * items.count + Self.bigBlock, linesLeft() >= Self.bigBlock { shrink(&items) }
        return (items, range)
    }

    /// A block this long is likely to be long indeed (a generated script's): see
    /// `reserveForBigBlock`.
    static let bigBlock = 4096

    /// Makes room in `items` for as many more items as the file has lines left: a block has
    /// at most one item per line, so the array never grows again. An array that grows by
    /// doubling copies itself at every step and touches twice the memory it ends with (a
    /// block of a million statements spent a fifth of its parse in page faults and copies);
    /// the room reserved and never used is never touched, so it costs address space only.
    @inline(never)
    private func reserveForBigBlock<T>(_ items: inout [T]) {
        items.reserveCapacity(items.count + linesLeft())
    }

    /// The lines of the file from the current token's on: no block has more items.
    func linesLeft() -> Int {
        file.linesLeft(from: current.range.start)
    }

    /// Gives back the room `reserveForBigBlock` reserved and the block did not use, when it is
    /// most of it and the file goes on for another big block.
    @inline(never)
    func shrink<T>(_ items: inout [T]) {
        var exact: [T] = []
        exact.reserveCapacity(items.count)
        exact.append(contentsOf: items)
        items = exact
    }

    /// `parseBraced` for items that are kept elsewhere (`item` stores them): returns the
    /// range from `{` to `}`.
    @inline(__always)
    mutating func parseBracedEach(_ item: (inout ScriptParser) throws -> Void) throws -> SourceRange {
        let openStart = try openBrace()
        defer { depth -= 1 }
        while true {
            skipNewlines()
            if current.kind == .rightBrace {
                advance()
                break
            }
            if current.kind == .eof {
                reportUnclosedBrace(at: openStart)
                break
            }
            let start = index
            do {
                try item(&self)
            } catch {
                recover(from: start)
            }
        }
        return range(from: openStart)
    }

    /// Consumes a `{` and counts it as open; returns its offset.
    private mutating func openBrace() throws -> Int {
        guard check(.leftBrace) else { throw errorAtCurrent("expected '{'") }
        guard depth < Self.maxDepth else {
            // Thrown with the `{` unconsumed: recovery skips it with its whole contents.
            report("nesting too deep", at: current.range)
            throw ParseError()
        }
        depth += 1
        return advance().range.start
    }

    private mutating func reportUnclosedBrace(at offset: Int) {
        let line = file.location(of: offset).line
        report("expected '}' to close the block opened at line \(line)", at: current.range)
    }
}

/// The tokens the lexer scanned ahead of the parser, `next ..< end` not read yet.
final class ScannedTokens {
    static let capacity = 256
    let tokens = UnsafeMutablePointer<Lexeme>.allocate(capacity: ScannedTokens.capacity)
    var next = 0
    var end = 0
    deinit { tokens.deallocate() }
}
