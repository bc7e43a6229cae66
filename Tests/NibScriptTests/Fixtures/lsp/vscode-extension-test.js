// Runs editors/vscode/extension.js under Node against the real `nibscript lsp`, with the
// stand-in `vscode` module beside this file (VSCodeExtensionTests): opens panel.nibscript,
// waits for the run's warning, types an error and waits for it, asks the quick fix, a
// hover, a definition, references, completion, the outline and the lenses, then
// deactivates. Prints one line per check, "ok …" or "FAIL …: why", then "done".
'use strict';
const path = require('path');
const fs = require('fs');
const vscode = require('vscode');
const extension = require(process.env.NIBSCRIPT_EXTENSION);
const state = vscode.__state;
const file = process.env.NIBSCRIPT_FILE;
const uri = 'file://' + file;
let text = fs.readFileSync(file, 'utf8');
let failed = false;

function check(what, ok, why) {
  console.log(ok ? `ok ${what}` : `FAIL ${what}: ${JSON.stringify(why)}`);
  if (!ok) failed = true;
}
function doc() {
  return { uri: vscode.Uri.parse(uri), languageId: 'nibscript', version: doc.version, getText: () => text };
}
doc.version = 1;
async function until(what, test, ms = 20000) {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (test()) return true; await new Promise((r) => setTimeout(r, 20)); }
  return false;
}
function find(needle) {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) { const c = lines[i].indexOf(needle); if (c >= 0) return new vscode.Position(i, c); }
  throw new Error('not found: ' + needle);
}
const diagnostics = () => state.diagnostics.get(uri) || [];

(async () => {
  state.config = { path: process.env.NIBSCRIPT_BIN };
  state.documents = [doc()];
  const context = { subscriptions: [] };
  extension.activate(context);
  check('started', await until('providers', () => state.providers.hover !== undefined), state.warnings);

  check('run warning', await until('warning', () => diagnostics().some((d) =>
    d.severity === 1 && d.message.startsWith('expectation failed: expect count p == 2'))), diagnostics());

  const at = find('o = new Owner');
  text = text.replace('o = new Owner', 'o = new Ownr');
  doc.version = 2;
  for (const h of state.listeners.change) h({ document: doc() });
  check('error as you type', await until('error', () => diagnostics().some((d) => d.severity === 0)) &&
    diagnostics()[0].message === "unknown class 'Ownr'\nnote: did you mean 'Owner'?" &&
    diagnostics()[0].range.start.line === at.line && diagnostics()[0].range.start.character === at.character + 8, diagnostics());
  const actions = await state.providers.actions.provideCodeActions(doc(), diagnostics()[0].range);
  check('quick fix', actions.length === 1 && actions[0].edit.edits[0].text === 'Owner', actions);

  text = text.replace('o = new Ownr', 'o = new Owner');
  doc.version = 3;
  for (const h of state.listeners.change) h({ document: doc() });
  check('error cleared', await until('clear', () => !diagnostics().some((d) => d.severity === 0)), diagnostics());

  const label = find('owner.label');
  const hover = await state.providers.hover.provideHover(doc(), new vscode.Position(label.line, label.character + 8));
  check('hover', hover && hover.contents[0].value.includes('outlet label : UILabel retain'), hover);

  const title = find('count title');
  const defs = await state.providers.definition.provideDefinition(doc(), new vscode.Position(title.line, title.character + 7));
  const decl = find('title : UILabel');
  check('definition', defs.length === 1 && defs[0].range.start.line === decl.line && defs[0].range.start.character === decl.character, defs);

  const refs = await state.providers.references.provideReferences(doc(), decl, { includeDeclaration: true });
  check('references', refs.length === 3, refs);

  const send = find('send o.label');
  const items = await state.providers.completion.provideCompletionItems(doc(), new vscode.Position(send.line, send.character + 7));
  check('completion', items.length > 0 && items[0].label === 'label' && items[0].kind === 9, items.slice(0, 3));

  const symbols = await state.providers.symbols.provideDocumentSymbols(doc());
  check('outline', symbols.map((s) => s.name).join('|') === 'Owner|Panel|scenario "load and release"|scenario "a failing one"'
    && symbols[0].kind === 4, symbols.map((s) => [s.name, s.kind]));

  let lenses = [];
  for (let i = 0; i < 200; i++) {
    lenses = await state.providers.lenses.provideCodeLenses(doc());
    if (lenses.every((l) => l.command.title !== 'running…')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  check('lenses', lenses.map((l) => l.command.title).join('|') === '✓ passed: 2 expectations|✗ failed: 1 of 1 expectation', lenses);

  await extension.deactivate();
  console.log('done');
  process.exit(failed ? 1 : 0);
})().catch((e) => { console.log('FAIL exception: ' + e.stack); process.exit(1); });
