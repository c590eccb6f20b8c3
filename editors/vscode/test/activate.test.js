// extension.js against a stand-in of the VS Code API and of the language client: activation starts
// `<cspdsl.path> lsp` and registers the commands; Solve runs the configured command on the model and
// turns its located error into a message whose button goes to the place. Run with `node --test test/`.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const Module = require("module");

function fakeVscode(settings, editor) {
  const seen = { commands: {}, output: [], errors: [], shown: null };
  class Position {
    constructor(line, character) {
      Object.assign(this, { line, character });
    }
  }
  const vscode = {
    seen,
    Position,
    Range: class {
      constructor(start, end) {
        Object.assign(this, { start, end });
      }
    },
    Selection: class {
      constructor(anchor, active) {
        Object.assign(this, { anchor, active });
      }
    },
    ProgressLocation: { Notification: 15 },
    TextEditorRevealType: { InCenter: 2 },
    commands: {
      registerCommand: (name, run) => {
        seen.commands[name] = run;
        return { dispose() {} };
      },
    },
    workspace: {
      getConfiguration: () => ({ get: (key, fallback) => (key in settings ? settings[key] : fallback) }),
      onDidChangeConfiguration: () => ({ dispose() {} }),
      openTextDocument: async (file) => ({ file }),
    },
    window: {
      activeTextEditor: editor,
      createOutputChannel: () => ({
        append: (text) => seen.output.push(text),
        appendLine: (text) => seen.output.push(text + "\n"),
        clear: () => seen.output.splice(0),
        show() {},
        dispose() {},
      }),
      withProgress: (_options, task) => task({}, { onCancellationRequested() {} }),
      showWarningMessage: async () => undefined,
      showErrorMessage: async (message, ...buttons) => {
        seen.errors.push(message);
        return buttons[0];
      },
      showTextDocument: async (document) => {
        seen.shown = { document, revealed: null };
        return { set selection(s) { seen.shown.selection = s; }, revealRange: (r) => { seen.shown.revealed = r; } };
      },
    },
  };
  return vscode;
}

function loadExtension(vscode, started) {
  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      started.push({ id, name, serverOptions, clientOptions });
    }
    start() {
      return Promise.resolve();
    }
    stop() {
      return Promise.resolve();
    }
  }
  const load = Module._load;
  Module._load = function (request, ...rest) {
    if (request === "vscode") return vscode;
    if (request === "vscode-languageclient/node") return { LanguageClient };
    return load.call(this, request, ...rest);
  };
  const file = require.resolve("../extension.js");
  delete require.cache[file];
  try {
    return require(file);
  } finally {
    Module._load = load;
  }
}

function fakeCspdsl(script) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cspdsl-fake-"));
  const program = path.join(dir, "cspdsl");
  fs.writeFileSync(program, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return { dir, program };
}

const modelEditor = (file) => ({
  document: { languageId: "puz", isUntitled: false, isDirty: false, uri: { fsPath: file }, getText: () => "" },
});

test("activation starts the configured command's lsp and registers the commands", { skip: process.platform === "win32" }, async () => {
  const fake = fakeCspdsl("exit 0");
  const vscode = fakeVscode({ path: fake.program }, undefined);
  const started = [];
  const extension = loadExtension(vscode, started);
  await extension.activate({ subscriptions: [] });
  assert.equal(started.length, 1);
  assert.deepEqual(started[0].serverOptions.run, { command: fake.program, args: ["lsp"] });
  assert.deepEqual(started[0].clientOptions.documentSelector.map((s) => s.language), ["puz", "puz"]);
  assert.ok("cspdsl.solve" in vscode.seen.commands);
  assert.ok("cspdsl.explain" in vscode.seen.commands);
  fs.rmSync(fake.dir, { recursive: true });
});

test("Solve runs the command on the model and shows what it printed", { skip: process.platform === "win32" }, async () => {
  const fake = fakeCspdsl('echo "ran: $*"; exit 0');
  const vscode = fakeVscode({ path: fake.program, "solve.arguments": ["--all"] }, modelEditor(path.join(fake.dir, "zebra.puz")));
  const extension = loadExtension(vscode, []);
  await extension.activate({ subscriptions: [] });
  await vscode.seen.commands["cspdsl.solve"]();
  const shown = vscode.seen.output.join("");
  assert.ok(shown.includes(`ran: solve --all ${path.join(fake.dir, "zebra.puz")}`), shown);
  assert.match(shown, /exit 0: solved/);
  assert.deepEqual(vscode.seen.errors, []);
  fs.rmSync(fake.dir, { recursive: true });
});

test("a located error of Explain is shown as such and its button goes to the place", { skip: process.platform === "win32" }, async () => {
  const fake = fakeCspdsl(
    'echo "$2:3:7: error: no attribute or position named \'colr\'" >&2; echo " 3 | x" >&2; echo "hint: did you mean \'color\'?" >&2; exit 2',
  );
  const editor = modelEditor(path.join(fake.dir, "bad.puz"));
  const vscode = fakeVscode({ path: fake.program }, editor);
  const extension = loadExtension(vscode, []);
  await extension.activate({ subscriptions: [] });
  await vscode.seen.commands["cspdsl.explain"]();
  assert.deepEqual(vscode.seen.errors, ["bad.puz:3:7: no attribute or position named 'colr' (did you mean 'color'?)"]);
  assert.equal(vscode.seen.shown.document, editor.document);
  assert.deepEqual({ ...vscode.seen.shown.selection.active }, { line: 2, character: 6 });
  assert.match(vscode.seen.output.join(""), /exit 2: error in the model or the command/);
  fs.rmSync(fake.dir, { recursive: true });
});

test("a command that cannot be run is said so, with the setting to change", { skip: process.platform === "win32" }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cspdsl-none-"));
  const missing = path.join(dir, "no-cspdsl");
  const env = process.env.PATH;
  process.env.PATH = dir; // no python either: the missing command is run, and fails
  try {
    const vscode = fakeVscode({ path: missing }, modelEditor(path.join(dir, "a.puz")));
    const extension = loadExtension(vscode, []);
    await extension.activate({ subscriptions: [] });
    await vscode.seen.commands["cspdsl.solve"]();
    assert.equal(vscode.seen.errors.length, 1);
    assert.match(vscode.seen.errors[0], /could not run .*no-cspdsl.*\(set cspdsl\.path\)/);
    assert.match(vscode.seen.output.join(""), /cspdsl did not start/);
  } finally {
    process.env.PATH = env;
    fs.rmSync(dir, { recursive: true });
  }
});
