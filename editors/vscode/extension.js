// The VS Code extension of cspdsl: starts `cspdsl lsp` as the language server of .puz files and
// runs `cspdsl solve` / `cspdsl explain` on the active model, showing the result in an output panel.
"use strict";

const childProcess = require("child_process");
const path = require("path");
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");
const cli = require("./lib/cli");

let client = null;
let output = null;
let running = null;

/** The program (and its first arguments) that runs cspdsl, from the setting `cspdsl.path`. */
function resolved() {
  return cli.resolveCommand(vscode.workspace.getConfiguration("cspdsl").get("path", "cspdsl"));
}

/** A language client of `cspdsl lsp` over stdin/stdout for the .puz documents, saved or not. */
function startClient() {
  const server = cli.serverCommand(resolved());
  client = new LanguageClient(
    "cspdsl",
    "cspdsl language server",
    { run: server, debug: server },
    { documentSelector: [{ language: "puz", scheme: "file" }, { language: "puz", scheme: "untitled" }] },
  );
  return client.start();
}

async function restartClient() {
  if (client) await client.stop().catch(() => undefined);
  await startClient();
}

/** Run `cspdsl <verb>` on the active .puz editor and show what it printed. */
async function runOnActiveModel(verb) {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "puz") {
    vscode.window.showWarningMessage("cspdsl: open a .puz model first.");
    return;
  }
  const document = editor.document;
  if (!document.isUntitled && document.isDirty) await document.save();
  const file = document.isUntitled ? null : document.uri.fsPath;
  const extra = vscode.workspace.getConfiguration("cspdsl").get(`${verb}.arguments`, []);
  const line = cli.commandLine(resolved(), verb, file, extra);
  if (running) running.kill();
  output.clear();
  output.show(true);
  output.appendLine(`$ ${cli.shellWords(line.command, line.args)}`);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `cspdsl ${verb}`, cancellable: true },
    (_progress, cancel) => run(line, file, document.getText(), cancel),
  );
  output.appendLine(cli.exitSummary(result.code, result.signal));
  await reportErrors(result, file, document);
}

/** Start the CLI, stream its output into the panel, and resolve with its exit and standard error. */
function run(line, file, text, cancel) {
  return new Promise((resolve) => {
    const child = childProcess.spawn(line.command, line.args, { cwd: file ? path.dirname(file) : undefined });
    running = child;
    let stderr = "";
    cancel.onCancellationRequested(() => child.kill());
    child.stdout.on("data", (chunk) => output.append(chunk.toString()));
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString();
      output.append(chunk.toString());
    });
    child.on("error", (error) => {
      stderr += `could not run ${line.command}: ${error.message} (set cspdsl.path)\n`;
      output.appendLine(`could not run ${line.command}: ${error.message} (set cspdsl.path)`);
    });
    child.on("close", (code, signal) => {
      if (running === child) running = null;
      resolve({ code, signal, stderr });
    });
    if (file === null) child.stdin.end(text);
    else child.stdin.end();
  });
}

/** The CLI's located errors as a message with a button that goes to the place in the model. */
async function reportErrors(result, file, document) {
  if (result.code === 0 || result.code === 1) return;
  const located = cli.locatedMessages(result.stderr).filter((m) => m.severity === "error");
  if (located.length === 0) {
    const first = result.stderr.split("\n").find((l) => l.trim()) || cli.exitSummary(result.code, result.signal);
    vscode.window.showErrorMessage(`cspdsl: ${first}`);
    return;
  }
  const error = located[0];
  const where = `${path.basename(error.file)}:${error.line + 1}:${error.column + 1}`;
  const hint = error.hint ? ` (${error.hint})` : "";
  const choice = await vscode.window.showErrorMessage(`${where}: ${error.message}${hint}`, "Go to error");
  if (choice !== "Go to error") return;
  const target = cli.namesModel(error, file) ? document : await vscode.workspace.openTextDocument(error.file);
  const shown = await vscode.window.showTextDocument(target);
  const position = new vscode.Position(error.line, error.column);
  shown.selection = new vscode.Selection(position, position);
  shown.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenter);
}

async function activate(context) {
  output = vscode.window.createOutputChannel("cspdsl");
  context.subscriptions.push(
    output,
    vscode.commands.registerCommand("cspdsl.solve", () => runOnActiveModel("solve")),
    vscode.commands.registerCommand("cspdsl.explain", () => runOnActiveModel("explain")),
    vscode.commands.registerCommand("cspdsl.restartServer", restartClient),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration("cspdsl.path")) restartClient();
    }),
  );
  await startClient().catch((error) => output.appendLine(`the language server did not start: ${error.message}`));
}

async function deactivate() {
  if (running) running.kill();
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
