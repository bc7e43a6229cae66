// A stand-in for VS Code's `vscode` module, enough for editors/vscode/extension.js: it
// records the providers and diagnostics the extension registers, so that
// vscode-extension-test.js can call them as VS Code would. Only what the extension uses.
'use strict';
const state = { providers: {}, diagnostics: new Map(), listeners: {}, documents: [], warnings: [], config: {} };

class EventEmitter {
  constructor() { this.handlers = []; this.event = (h) => { this.handlers.push(h); return { dispose() {} }; }; }
  fire(v) { for (const h of this.handlers) h(v); }
}
class Position { constructor(line, character) { this.line = line; this.character = character; } }
class Range {
  constructor(a, b, c, d) { this.start = new Position(a, b); this.end = new Position(c, d); }
}
class Location { constructor(uri, range) { this.uri = uri; this.range = range; } }
class Hover { constructor(contents, range) { this.contents = [contents]; this.range = range; } }
class MarkdownString { constructor(value) { this.value = value; } }
class Diagnostic { constructor(range, message, severity) { this.range = range; this.message = message; this.severity = severity; } }
class CompletionItem { constructor(label, kind) { this.label = label; this.kind = kind; } }
class DocumentSymbol {
  constructor(name, detail, kind, range, selectionRange) {
    Object.assign(this, { name, detail, kind, range, selectionRange, children: [] });
  }
}
class CodeLens { constructor(range, command) { this.range = range; this.command = command; } }
class CodeAction { constructor(title, kind) { this.title = title; this.kind = kind; } }
class WorkspaceEdit {
  constructor() { this.edits = []; }
  replace(uri, range, text) { this.edits.push({ uri: uri.toString(), range, text }); }
}
const Uri = { parse: (s) => ({ toString: () => s, value: s }) };
const on = (name) => (h) => { (state.listeners[name] = state.listeners[name] || []).push(h); return { dispose() {} }; };
const register = (name) => (selector, provider) => { state.providers[name] = provider; return { dispose() {} }; };

module.exports = {
  __state: state,
  EventEmitter, Position, Range, Location, Hover, MarkdownString, Diagnostic, CompletionItem, DocumentSymbol,
  CodeLens, CodeAction, WorkspaceEdit, Uri,
  CodeActionKind: { QuickFix: 'quickfix' },
  workspace: {
    getConfiguration: () => ({ get: (k) => state.config[k] }),
    get textDocuments() { return state.documents; },
    onDidOpenTextDocument: on('open'),
    onDidChangeTextDocument: on('change'),
    onDidCloseTextDocument: on('close'),
  },
  window: {
    createOutputChannel: () => ({ append() {}, appendLine() {}, dispose() {} }),
    showWarningMessage: (m) => state.warnings.push(m),
  },
  languages: {
    createDiagnosticCollection: () => ({
      set: (uri, ds) => state.diagnostics.set(uri.toString(), ds),
      delete: (uri) => state.diagnostics.delete(uri.toString()),
      dispose() {},
    }),
    registerHoverProvider: register('hover'),
    registerDefinitionProvider: register('definition'),
    registerReferenceProvider: register('references'),
    registerCompletionItemProvider: register('completion'),
    registerDocumentSymbolProvider: register('symbols'),
    registerCodeLensProvider: register('lenses'),
    registerCodeActionsProvider: register('actions'),
  },
};
