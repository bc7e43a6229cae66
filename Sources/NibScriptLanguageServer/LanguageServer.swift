import Foundation
import NibScriptSyntax
import NibScriptInterpreter

/// `nibscript lsp`: a Language Server Protocol server for `.nibscript` files, over JSON-RPC
/// framed with `Content-Length` headers (standard input and output, or bytes handed in by a
/// test). Documents are synchronised whole or by ranges; each change is parsed, checked and
/// indexed at once (the diagnostics go out before the next keystroke), and the scenarios
/// then run in the background (`ScenarioRuns`), their failures and pass/fail counts sent
/// when they finish.
///
/// Every message is handled on the thread that hands it in, under one lock shared with the
/// background runs' reports; nothing a client sends can trap the server: a header that is
/// not one, JSON that is not JSON, a request of a wrong shape, a position past the end, all
/// get an error answer (or, for a notification, are dropped) and the server goes on.
public final class LanguageServer: @unchecked Sendable {
    /// JSON-RPC's and LSP's error codes.
    enum ErrorCode: Int {
        case parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        case internalError = -32603, serverNotInitialized = -32002
    }

    struct ResponseError: Error {
        var code: ErrorCode
        var message: String
    }

    private let output: ([UInt8]) -> Void
    private let lock = NSLock()
    private var reader = FrameReader()
    private var initialized = false
    private var shutdownRequested = false
    private var documents: [String: Analysis] = [:]
    private var texts: [String: [UInt8]] = [:]
    private var interfaceBuilder: [String: InterfaceBuilderCache] = [:]
    private var refreshCodeLenses = false
    private var inputEnded = false
    let runs = ScenarioRuns()
    let version: String
    /// Set once `exit` arrives: 0 after `shutdown`, 1 without it (as LSP says).
    public private(set) var exitCode: Int32?

    /// `output` is called with each framed message, in order, from any thread.
    public init(version: String, output: @escaping ([UInt8]) -> Void) {
        self.version = version
        self.output = output
        runs.finished = { [weak self] outcome in self?.runsFinished(outcome) }
    }

    /// Hands in bytes read from the client, in chunks of any size; handles every message
    /// they complete. Returns false once `exit` has arrived.
    @discardableResult
    public func receive(_ bytes: some Sequence<UInt8>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        reader.append(bytes)
        while exitCode == nil, let frame = reader.next() {
            switch frame {
            case .malformed(let why):
                log("nibscript lsp: skipped a message: \(why)")
            case .message(let body):
                handle(body)
            }
        }
        return exitCode == nil
    }

    /// The client's input ended without `exit`: nothing more is written. Returns once a
    /// background run's report being written, if any, is whole, so the process can end
    /// without cutting a frame in two.
    public func endOfInput() {
        lock.lock()
        defer { lock.unlock() }
        inputEnded = true
    }

    /// Waits until the background runs scheduled so far are done and reported (for tests).
    public func waitUntilIdle() {
        runs.waitUntilIdle()
        lock.lock(); lock.unlock()
    }

    // MARK: Messages

    private func handle(_ body: [UInt8]) {
        guard let message = JSON.parse(body) else {
            respond(id: .null, error: ResponseError(code: .parseError, message: "the message is not JSON"))
            return
        }
        guard let object = message.object else {
            respond(id: .null, error: ResponseError(code: .invalidRequest, message: "a message is a JSON object"))
            return
        }
        let id = object["id"]
        if let id, id.string == nil, id.int == nil, id != .null {
            respond(id: .null, error: ResponseError(code: .invalidRequest, message: "a request's id is a number or a string"))
            return
        }
        guard let method = object["method"]?.string else {
            // A response to a request of ours (workspace/codeLens/refresh): nothing to do.
            if id != nil, object["result"] != nil || object["error"] != nil { return }
            respond(id: id ?? .null, error: ResponseError(code: .invalidRequest, message: "a request needs a method"))
            return
        }
        let params = object["params"] ?? .null
        guard let id else {
            notification(method, params)
            return
        }
        do {
            respond(id: id, result: try request(method, params))
        } catch let e as ResponseError {
            respond(id: id, error: e)
        } catch {
            respond(id: id, error: ResponseError(code: .internalError, message: "\(error)"))
        }
    }

    private func request(_ method: String, _ params: JSON) throws -> JSON {
        if method == "initialize" {
            initialized = true
            let caps = params["capabilities"]
            refreshCodeLenses = caps?["workspace"]?["codeLens"]?["refreshSupport"]?.bool == true
            return capabilities
        }
        guard initialized else { throw ResponseError(code: .serverNotInitialized, message: "initialize first") }
        if shutdownRequested { throw ResponseError(code: .invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/hover": return try withDocument(params) { a, p in hover(a, p) }
        case "textDocument/definition": return try withDocument(params) { a, p in definition(a, p) }
        case "textDocument/references":
            let declaration = params["context"]?["includeDeclaration"]?.bool ?? true
            return try withDocument(params) { a, p in references(a, p, includeDeclaration: declaration) }
        case "textDocument/completion": return try withDocument(params) { a, p in Completion.items(a, at: a.file.offset(of: p)) }
        case "textDocument/documentSymbol": return documentSymbols(try document(params))
        case "textDocument/codeLens": return codeLenses(try document(params))
        case "textDocument/codeAction": return codeActions(try document(params), params)
        default:
            throw ResponseError(code: .methodNotFound, message: "unknown method '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSON) {
        if method == "exit" {
            exitCode = shutdownRequested ? 0 : 1
            return
        }
        guard initialized, !shutdownRequested else { return }
        switch method {
        case "textDocument/didOpen":
            guard let doc = params["textDocument"], let uri = doc["uri"]?.string, let text = doc["text"]?.string else { return }
            update(uri, version: doc["version"]?.int ?? 0, bytes: Array(text.utf8))
        case "textDocument/didChange":
            guard let doc = params["textDocument"], let uri = doc["uri"]?.string, var bytes = texts[uri],
                  let changes = params["contentChanges"]?.array else { return }
            for c in changes {
                guard let text = c["text"]?.string else { continue }
                if let range = c["range"], let s = Position(range["start"]), let e = Position(range["end"]) {
                    // An incremental change: the range is in the text as the changes before it left it.
                    let file = SourceFile(path: "", bytes: bytes)
                    let lo = file.offset(of: s), hi = max(lo, file.offset(of: e))
                    bytes.replaceSubrange(lo..<hi, with: Array(text.utf8))
                } else {
                    bytes = Array(text.utf8)
                }
            }
            update(uri, version: doc["version"]?.int ?? (documents[uri]?.version ?? 0) + 1, bytes: bytes)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            texts[uri] = nil
            interfaceBuilder[uri] = nil
            runs.close(uri)
            publish(uri, [])
        default:
            break  // initialized, didSave, $/cancelRequest, $/setTrace, …: nothing to do
        }
    }

    private var capabilities: JSON {
        [
            "capabilities": [
                "textDocumentSync": ["openClose": true, "change": 1],
                "hoverProvider": true,
                "definitionProvider": true,
                "referencesProvider": true,
                "completionProvider": ["triggerCharacters": [".", ">", " "], "resolveProvider": false],
                "documentSymbolProvider": true,
                "codeLensProvider": ["resolveProvider": false],
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            ],
            "serverInfo": ["name": "nibscript", "version": .string(version)],
        ]
    }

    // MARK: Documents

    private func update(_ uri: String, version: Int, bytes: [UInt8]) {
        texts[uri] = bytes
        var cache = interfaceBuilder[uri] ?? InterfaceBuilderCache()
        let a = Analysis(uri: uri, version: version, text: String(decoding: bytes, as: UTF8.self), documents: &cache)
        interfaceBuilder[uri] = cache
        documents[uri] = a
        publish(uri, diagnostics(a, runs: nil))
        runs.schedule(a)
    }

    private func document(_ params: JSON) throws -> Analysis {
        guard let uri = params["textDocument"]?["uri"]?.string else {
            throw ResponseError(code: .invalidParams, message: "textDocument.uri is missing")
        }
        guard let a = documents[uri] else { throw ResponseError(code: .invalidParams, message: "'\(uri)' is not open") }
        return a
    }

    private func withDocument(_ params: JSON, _ body: (Analysis, Position) -> JSON) throws -> JSON {
        let a = try document(params)
        guard let p = Position(params["position"]) else { throw ResponseError(code: .invalidParams, message: "position is missing") }
        return body(a, p)
    }

    private func runsFinished(_ outcome: ScenarioRuns.Outcome) {
        lock.lock()
        defer { lock.unlock() }
        guard exitCode == nil, !inputEnded, let a = documents[outcome.uri], a.version == outcome.version else { return }
        publish(a.uri, diagnostics(a, runs: outcome))
        if refreshCodeLenses {
            send(["jsonrpc": "2.0", "id": .string("codeLens-refresh-\(a.version)"), "method": "workspace/codeLens/refresh"])
        }
    }

    // MARK: Writing

    private func send(_ message: JSON) {
        output(FrameReader.frame(message.text))
    }

    private func respond(id: JSON, result: JSON) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respond(id: JSON, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id, "error": ["code": JSON(error.code.rawValue), "message": .string(error.message)]])
    }

    private func publish(_ uri: String, _ diagnostics: [JSON]) {
        var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let v = documents[uri]?.version { params["version"] = JSON(v) }
        send(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)])
    }

    func log(_ text: String) {
        send(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": .string(text)]])
    }
}
