// The nibscript extension's client for `nibscript lsp`, with no dependency: VS Code's API
// and Node's child_process only, so the folder works as it is, linked into
// ~/.vscode/extensions, with no `npm install` and no build step. It speaks the Language
// Server Protocol's JSON-RPC (Content-Length framing) over the server's standard input
// and output, sends whole documents (the server's sync is full), and turns the server's
// answers into VS Code's diagnostics, hovers, definitions, references, completions,
// outline, code lenses and quick fixes.
'use strict';
const vscode = require('vscode');
const { spawn } = require('child_process');

let server = null;

function activate(context) {
  const config = vscode.workspace.getConfiguration('nibscript');
  if (config.get('languageServer.enabled') === false) return;
  server = new Server(config.get('path') || 'nibscript', context);
  server.start();
}

function deactivate() {
  return server ? server.stop() : undefined;
}

class Server {
  constructor(command, context) {
    this.command = command;
    this.context = context;
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.diagnostics = vscode.languages.createDiagnosticCollection('nibscript');
    this.lensesChanged = new vscode.EventEmitter();
    this.output = vscode.window.createOutputChannel('nibscript');
    context.subscriptions.push(this.diagnostics, this.output);
  }

  start() {
    try {
      this.child = spawn(this.command, ['lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) {
      this.fail(e);
      return;
    }
    this.child.on('error', (e) => this.fail(e));
    this.child.on('exit', (code) => this.output.appendLine(`nibscript lsp exited with status ${code}`));
    this.child.stdout.on('data', (chunk) => this.read(chunk));
    this.child.stderr.on('data', (chunk) => this.output.append(chunk.toString()));
    this.request('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { codeLens: { refreshSupport: true } } },
    }).then(() => {
      this.notify('initialized', {});
      for (const doc of vscode.workspace.textDocuments) this.open(doc);
      this.register();
    });
  }

  fail(e) {
    vscode.window.showWarningMessage(
      `nibscript: cannot start '${this.command} lsp' (${e.message}). Set "nibscript.path" to the nibscript executable.`);
  }

  stop() {
    if (!this.child) return undefined;
    return this.request('shutdown', null).then(() => this.notify('exit', null), () => {}).then(() => this.child.kill());
  }

  // JSON-RPC framing.
  send(message) {
    if (!this.child || !this.child.stdin.writable) return;
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, params });
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  notify(method, params) {
    this.send({ jsonrpc: '2.0', method, params });
  }

  read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const header = this.buffer.slice(0, end).toString('ascii');
      const match = /content-length:\s*(\d+)/i.exec(header);
      if (!match) { this.buffer = this.buffer.slice(end + 4); continue; }
      const length = Number(match[1]);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.slice(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.slice(end + 4 + length);
      let message;
      try { message = JSON.parse(body); } catch (e) { continue; }
      this.handle(message);
    }
  }

  handle(message) {
    if (message.method === undefined && message.id !== undefined) {
      const p = this.pending.get(message.id);
      if (!p) return;
      this.pending.delete(message.id);
      if (message.error) p.reject(new Error(message.error.message)); else p.resolve(message.result);
      return;
    }
    if (message.method === 'textDocument/publishDiagnostics') {
      const uri = vscode.Uri.parse(message.params.uri);
      this.diagnostics.set(uri, message.params.diagnostics.map(toDiagnostic));
    } else if (message.method === 'workspace/codeLens/refresh') {
      this.send({ jsonrpc: '2.0', id: message.id, result: null });
      this.lensesChanged.fire();
    } else if (message.method === 'window/logMessage') {
      this.output.appendLine(message.params.message);
    }
  }

  // Documents.
  open(doc) {
    if (doc.languageId !== 'nibscript') return;
    this.notify('textDocument/didOpen', {
      textDocument: { uri: doc.uri.toString(), languageId: 'nibscript', version: doc.version, text: doc.getText() },
    });
  }

  register() {
    const subs = this.context.subscriptions;
    const selector = { language: 'nibscript' };
    subs.push(vscode.workspace.onDidOpenTextDocument((doc) => this.open(doc)));
    subs.push(vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.languageId !== 'nibscript') return;
      this.notify('textDocument/didChange', {
        textDocument: { uri: e.document.uri.toString(), version: e.document.version },
        contentChanges: [{ text: e.document.getText() }],
      });
    }));
    subs.push(vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.languageId !== 'nibscript') return;
      this.notify('textDocument/didClose', { textDocument: { uri: doc.uri.toString() } });
      this.diagnostics.delete(doc.uri);
    }));
    const at = (doc, pos) => ({ textDocument: { uri: doc.uri.toString() }, position: { line: pos.line, character: pos.character } });
    subs.push(vscode.languages.registerHoverProvider(selector, {
      provideHover: (doc, pos) => this.request('textDocument/hover', at(doc, pos)).then((r) => r && new vscode.Hover(
        new vscode.MarkdownString(r.contents.value), r.range && toRange(r.range))),
    }));
    subs.push(vscode.languages.registerDefinitionProvider(selector, {
      provideDefinition: (doc, pos) => this.request('textDocument/definition', at(doc, pos)).then((r) =>
        r && [].concat(r).map(toLocation)),
    }));
    subs.push(vscode.languages.registerReferenceProvider(selector, {
      provideReferences: (doc, pos, context) => this.request('textDocument/references',
        Object.assign(at(doc, pos), { context: { includeDeclaration: context.includeDeclaration } })).then((r) => (r || []).map(toLocation)),
    }));
    subs.push(vscode.languages.registerCompletionItemProvider(selector, {
      provideCompletionItems: (doc, pos) => this.request('textDocument/completion', at(doc, pos)).then((r) =>
        (r ? r.items : []).map((i) => {
          const item = new vscode.CompletionItem(i.label, i.kind - 1);  // LSP's kinds are VS Code's plus one
          item.detail = i.detail;
          return item;
        })),
    }, '.', '>', ' '));
    subs.push(vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols: (doc) => this.request('textDocument/documentSymbol', { textDocument: { uri: doc.uri.toString() } })
        .then((r) => (r || []).map(toSymbol)),
    }));
    subs.push(vscode.languages.registerCodeLensProvider(selector, {
      onDidChangeCodeLenses: this.lensesChanged.event,
      provideCodeLenses: (doc) => this.request('textDocument/codeLens', { textDocument: { uri: doc.uri.toString() } })
        .then((r) => (r || []).map((l) => new vscode.CodeLens(toRange(l.range), { title: l.command.title, command: '' }))),
    }));
    subs.push(vscode.languages.registerCodeActionsProvider(selector, {
      provideCodeActions: (doc, range) => this.request('textDocument/codeAction', {
        textDocument: { uri: doc.uri.toString() },
        range: { start: { line: range.start.line, character: range.start.character }, end: { line: range.end.line, character: range.end.character } },
        context: { diagnostics: [] },
      }).then((r) => (r || []).map((a) => {
        const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
        action.isPreferred = a.isPreferred;
        action.edit = new vscode.WorkspaceEdit();
        for (const uri of Object.keys(a.edit.changes)) {
          for (const e of a.edit.changes[uri]) action.edit.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText);
        }
        return action;
      })),
    }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }));
  }
}

function toRange(r) {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

function toLocation(l) {
  return new vscode.Location(vscode.Uri.parse(l.uri), toRange(l.range));
}

function toDiagnostic(d) {
  // LSP's severities are 1..4, VS Code's 0..3.
  const diagnostic = new vscode.Diagnostic(toRange(d.range), d.message, d.severity - 1);
  diagnostic.source = d.source;
  return diagnostic;
}

function toSymbol(s) {
  // LSP's symbol kinds are VS Code's plus one.
  const symbol = new vscode.DocumentSymbol(s.name, s.detail || '', s.kind - 1, toRange(s.range), toRange(s.selectionRange));
  symbol.children = (s.children || []).map(toSymbol);
  return symbol;
}

module.exports = { activate, deactivate };
