// The parts of the extension that do not need VS Code: which program runs cspdsl, the command line
// of each command, and how the CLI's located messages become places in a file. Kept apart so that
// `node --test` checks them without an editor.
"use strict";

const fs = require("fs");
const path = require("path");

/** The exit codes of the CLI (cspdsl/cli/exit_codes.py) in words, for the output's last line. */
const EXIT_WORDS = {
  0: "solved",
  1: "no solution",
  2: "error in the model or the command",
  3: "out of time",
  4: "internal error",
  5: "out of memory",
  130: "interrupted",
};

/** Whether `program` names a file that runs: a path as given, or a name looked up on PATH. */
function isRunnable(program, env = process.env, platform = process.platform) {
  const extensions = platform === "win32" ? (env.PATHEXT || ".EXE;.CMD;.BAT").split(";") : [""];
  const candidates = program.includes("/") || program.includes("\\")
    ? [program]
    : (env.PATH || "").split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, program));
  return candidates.some((file) => extensions.some((ext) => runs(file + ext, platform)));
}

function runs(file, platform) {
  try {
    fs.accessSync(file, platform === "win32" ? fs.constants.F_OK : fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The program and the first arguments that run cspdsl: the configured command when it runs, else
 * `python -m cspdsl` (or python3's) for an installation without the script on PATH. `runnable` is
 * the test of a program (isRunnable, or a stand-in in tests).
 */
function resolveCommand(configured, runnable = isRunnable) {
  const command = (configured || "").trim() || "cspdsl";
  if (runnable(command)) return { command, args: [] };
  for (const python of ["python", "python3"]) {
    if (runnable(python)) return { command: python, args: ["-m", "cspdsl"] };
  }
  return { command, args: [] };
}

/** How the editor starts the language server: cspdsl's `lsp` command, talking on stdin/stdout. */
function serverCommand(resolved) {
  return { command: resolved.command, args: [...resolved.args, "lsp"] };
}

/**
 * The command line of "Solve" (`verb` "solve") or "Explain" ("explain") on one model: `file` is its
 * path, or null for text given on standard input (an unsaved editor), `extra` the user's arguments.
 */
function commandLine(resolved, verb, file, extra = []) {
  if (verb !== "solve" && verb !== "explain") throw new Error(`not a command of the extension: ${verb}`);
  return { command: resolved.command, args: [...resolved.args, verb, ...extra, file === null ? "-" : file] };
}

/** The command line as a person would type it, for the output's first line. */
function shellWords(command, args) {
  return [command, ...args].map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`)).join(" ");
}

const LOCATED = /^(.+?):(\d+):(\d+): (error|warning): (.*)$/;

/**
 * A located message of the CLI, `file:line:col: error: message`, as a place: the file, the line and
 * column counted from 0 as the editor counts them, the severity and the message. Null for any other
 * line (the quoted source line, the caret, a hint).
 */
function parseLocated(line) {
  const found = LOCATED.exec(line.replace(/\r$/, ""));
  if (!found) return null;
  const [, file, lineNumber, column, severity, message] = found;
  return { file, line: Number(lineNumber) - 1, column: Number(column) - 1, severity, message };
}

/** Every located message in the CLI's standard error, each with the hint printed under it. */
function locatedMessages(stderr) {
  const messages = [];
  for (const line of stderr.split("\n")) {
    const located = parseLocated(line);
    if (located) {
      messages.push({ ...located, hint: null });
    } else if (line.startsWith("hint: ") && messages.length > 0 && messages[messages.length - 1].hint === null) {
      messages[messages.length - 1].hint = line.slice("hint: ".length).trim();
    }
  }
  return messages;
}

/** Whether a located message names the model that was run: its path, or `<stdin>` for unsaved text. */
function namesModel(located, file) {
  if (file === null) return located.file === "<stdin>";
  return path.resolve(located.file) === path.resolve(file);
}

/** The last line of the output: the exit code in words. */
function exitSummary(code, signal) {
  if (code === null) return `cspdsl was stopped by ${signal}`;
  if (code < 0) return "cspdsl did not start";
  const words = EXIT_WORDS[code];
  return words ? `exit ${code}: ${words}` : `exit ${code}`;
}

module.exports = {
  EXIT_WORDS,
  isRunnable,
  resolveCommand,
  serverCommand,
  commandLine,
  shellWords,
  parseLocated,
  locatedMessages,
  namesModel,
  exitSummary,
};
