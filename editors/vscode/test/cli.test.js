// The parts of the extension that need no editor: the command lines it runs and how it reads the
// CLI's located messages. Run with `node --test test/`.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("fs");
const os = require("os");
const path = require("path");
const cli = require("../lib/cli");

const onPath = (...names) => (program) => names.includes(program);

test("the configured command is used when it runs", () => {
  assert.deepEqual(cli.resolveCommand("cspdsl", onPath("cspdsl", "python")), { command: "cspdsl", args: [] });
  assert.deepEqual(cli.resolveCommand("/opt/venv/bin/cspdsl", onPath("/opt/venv/bin/cspdsl")), {
    command: "/opt/venv/bin/cspdsl",
    args: [],
  });
});

test("without the script, python -m cspdsl, then python3's", () => {
  assert.deepEqual(cli.resolveCommand("cspdsl", onPath("python", "python3")), { command: "python", args: ["-m", "cspdsl"] });
  assert.deepEqual(cli.resolveCommand("cspdsl", onPath("python3")), { command: "python3", args: ["-m", "cspdsl"] });
});

test("an empty setting means cspdsl; with nothing that runs, the setting is kept to be reported", () => {
  assert.deepEqual(cli.resolveCommand("  ", onPath("cspdsl")), { command: "cspdsl", args: [] });
  assert.deepEqual(cli.resolveCommand("/nowhere/cspdsl", onPath()), { command: "/nowhere/cspdsl", args: [] });
});

test("the language server is the command's lsp", () => {
  assert.deepEqual(cli.serverCommand({ command: "cspdsl", args: [] }), { command: "cspdsl", args: ["lsp"] });
  assert.deepEqual(cli.serverCommand({ command: "python", args: ["-m", "cspdsl"] }), {
    command: "python",
    args: ["-m", "cspdsl", "lsp"],
  });
});

const table = [
  // [resolved, verb, file, extra, expected args]
  [{ command: "cspdsl", args: [] }, "solve", "/m/einstein.puz", [], ["solve", "/m/einstein.puz"]],
  [{ command: "cspdsl", args: [] }, "explain", "/m/einstein.puz", ["--steps"], ["explain", "--steps", "/m/einstein.puz"]],
  [{ command: "python", args: ["-m", "cspdsl"] }, "solve", "/m/q.puz", ["-D", "n=10"], ["-m", "cspdsl", "solve", "-D", "n=10", "/m/q.puz"]],
  [{ command: "cspdsl", args: [] }, "solve", null, [], ["solve", "-"]],
];

for (const [resolved, verb, file, extra, expected] of table) {
  test(`the command line of ${verb} ${file} ${extra.join(" ")}`, () => {
    const line = cli.commandLine(resolved, verb, file, extra);
    assert.equal(line.command, resolved.command);
    assert.deepEqual(line.args, expected);
  });
}

test("only solve and explain are run", () => {
  assert.throws(() => cli.commandLine({ command: "cspdsl", args: [] }, "lsp", "/m/a.puz"));
});

test("the command line is shown as a shell would take it", () => {
  assert.equal(cli.shellWords("cspdsl", ["solve", "/m/my model.puz"]), "cspdsl solve '/m/my model.puz'");
  assert.equal(cli.shellWords("cspdsl", ["solve", "-D", "n=10", "-"]), "cspdsl solve -D n=10 -");
});

test("a located error becomes a place counted from 0", () => {
  assert.deepEqual(cli.parseLocated("/m/bad.puz:2:19: error: unexpected '..'; expected a comma"), {
    file: "/m/bad.puz",
    line: 1,
    column: 18,
    severity: "error",
    message: "unexpected '..'; expected a comma",
  });
});

test("a Windows path, a warning and a CRLF line", () => {
  const located = cli.parseLocated("C:\\m\\bad.puz:4:1: warning: this clue always holds\r");
  assert.equal(located.file, "C:\\m\\bad.puz");
  assert.equal(located.line, 3);
  assert.equal(located.column, 0);
  assert.equal(located.severity, "warning");
  assert.equal(located.message, "this clue always holds");
});

test("the lines around a message are not messages", () => {
  for (const line of [" 2 | positions house: 1..3", "   |                   ^^", "hint: write it as: x", "error: no such file", ""]) {
    assert.equal(cli.parseLocated(line), null, line);
  }
});

test("each message of standard error, with its hint", () => {
  const stderr = [
    "<stdin>:2:19: error: unexpected '..'; expected a comma or the end of the line",
    " 2 | positions house: 1..3",
    "   |                   ^^",
    "hint: write it as: positions house = 1..5",
    "<stdin>:4:1: warning: this clue always holds",
    " 4 | clue: a == a",
    "",
  ].join("\n");
  const messages = cli.locatedMessages(stderr);
  assert.equal(messages.length, 2);
  assert.equal(messages[0].hint, "write it as: positions house = 1..5");
  assert.equal(messages[0].line, 1);
  assert.equal(messages[1].severity, "warning");
  assert.equal(messages[1].hint, null);
});

test("a message names the model run: its path, or <stdin> for unsaved text", () => {
  const at = (file) => ({ file, line: 0, column: 0 });
  assert.ok(cli.namesModel(at("/m/a.puz"), "/m/a.puz"));
  assert.ok(!cli.namesModel(at("/m/b.puz"), "/m/a.puz"));
  assert.ok(cli.namesModel(at("<stdin>"), null));
  assert.ok(!cli.namesModel(at("/m/a.puz"), null));
});

test("the exit code in words", () => {
  assert.equal(cli.exitSummary(0, null), "exit 0: solved");
  assert.equal(cli.exitSummary(2, null), "exit 2: error in the model or the command");
  assert.equal(cli.exitSummary(42, null), "exit 42");
  assert.equal(cli.exitSummary(null, "SIGTERM"), "cspdsl was stopped by SIGTERM");
  assert.equal(cli.exitSummary(-2, null), "cspdsl did not start"); // what Node reports for ENOENT
});

test("a program is found on PATH only when it may be run", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cspdsl-path-"));
  const program = path.join(dir, "cspdsl");
  fs.writeFileSync(program, "#!/bin/sh\n");
  const env = { PATH: dir };
  if (process.platform !== "win32") {
    fs.chmodSync(program, 0o644);
    assert.ok(!cli.isRunnable("cspdsl", env));
  }
  fs.chmodSync(program, 0o755);
  assert.ok(cli.isRunnable("cspdsl", env));
  assert.ok(cli.isRunnable(program, {}));
  assert.ok(!cli.isRunnable("cspdsl", { PATH: os.tmpdir() + path.sep + "nowhere" }));
  fs.rmSync(dir, { recursive: true });
});
