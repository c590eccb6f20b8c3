"""Every `cspdsl` command that a page of the docs shows runs, from the repository root, and ends with
the exit code the page shows: 0, unless its output there is a model error (2) or a time limit hit (3).

A command is a line `$ cspdsl ...` of a shown session, or a line `cspdsl ...` of a block of commands.
A line with a placeholder in capitals (MODEL, FILE) or optional parts in brackets is a synopsis, not a
command. A model file the page has the reader make (`pets.puz`) is the page's ```puz blocks so far,
as tests/test_language_docs.py builds them, and a file the session shows with `$ cat FILE` is written
as shown. Each command runs in a folder of its own that links to the repository's files, so the
files it writes (`--out`, `-o`, `--svg`) land there. The commands not run are listed in SKIPPED, each
with its reason. The commands run with `-m slow` (`pytest -m slow tests/test_docs_commands.py`)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import DOCS, ROOT

FENCE = re.compile(r"^```(\S*)\n(.*?)^```", re.M | re.S)
SHELL_BLOCKS = {"", "text", "console", "sh", "bash", "shell"}
SYNOPSIS = re.compile(r"\[|\b[A-Z][A-Z_]{2,}\b")
# What the page shows after a command, and the exit code that says it (docs/language/running.md).
SHOWN_EXIT_CODES = [(re.compile(r"^\S+:\d+:\d+: error: ", re.M), 2),
                    (re.compile(r"^No solution found within the time limit", re.M), 3)]

# command as the page writes it (without `$ `) -> why it is not run here
SKIPPED = {
    "cspdsl lsp": "the language server: it talks to an editor on standard input until the editor quits",
    "cspdsl serve": "a web server for a browser: it runs until stopped",
    "cspdsl serve --port 9000": "a web server for a browser: it runs until stopped",
    "cspdsl batch models/sudoku.puz puzzles.txt --ray auto --out results.jsonl": "needs a Ray cluster",
    "cspdsl check pets.puz": "the reader's pets.puz with a typo ('Bobb') that no block of the page holds",
    "cspdsl explain einstein-with-a-wrong-clue.puz": "the reader's copy of einstein.puz with one clue made wrong",
    "cspdsl solve models/sudoku.puz --png sudoku.png": "needs the png extra (cairosvg), not a test dependency",
    "cspdsl solve queens -D n=200 --backend cp -n 1": "runs long: 200 queens",
    "cspdsl compare models/einstein.puz --backends sat,cpsat,csp,anneal,genetic --seed 1":
        "runs long: the genetic search takes seconds",
    "cspdsl compare models/tiles.puz --backends sat,cpsat,anneal,genetic --seed 1": "runs long: the local searches",
    "cspdsl compare models/aristotle.puz": "runs long: csp takes about 20 s",
    "cspdsl compare models/aristotle.puz --all": "runs long: csp runs to its time limit",
    "cspdsl solve models/aristotle.puz --backend anneal --seed 1": "runs long: the 20 s time limit, on purpose",
    "cspdsl solve models/aristotle.puz --backend anneal --seed 2": "runs long: several seconds of annealing",
    "cspdsl compare pegs.puz": "runs long: csp runs to its time limit",
    "cspdsl solve people-and-drinks.puz --count": "runs long: counts 14,400 solutions",
}


@dataclass
class Command:
    page: str
    line: int
    text: str  # as the page writes it, without `$ `
    shown: str  # the output the page shows after it
    files: dict[str, str]  # files the page has the reader make, by name
    before: list[str]  # the commands of the same session before it, whose files it may read

    @property
    def id(self) -> str:
        return f"{self.page.removesuffix('.md')}:{self.line}:{self.text.removeprefix('cspdsl ')}"

    @property
    def expected_exit(self) -> int:
        return next((code for pattern, code in SHOWN_EXIT_CODES if pattern.search(self.shown)), 0)


def model_so_far(blocks: list[str]) -> str:
    """The page's ```puz blocks up to here: a block with its own `puzzle` line starts a new model."""
    model = ""
    for block in blocks:
        model = block if re.search(r'^puzzle "', block, re.M) else model + "\n" + block
    return model


def commands_of(page: Path) -> list[Command]:
    text, name = page.read_text(encoding="utf-8"), str(page.relative_to(DOCS))
    found: list[Command] = []
    models: list[str] = []
    for fence in FENCE.finditer(text):
        if fence.group(1) == "puz":
            models.append(fence.group(2))
        if fence.group(1) not in SHELL_BLOCKS:
            continue
        lines = fence.group(2).splitlines()
        session = any(line.startswith("$ ") for line in lines)
        first = text.count("\n", 0, fence.start()) + 2
        files: dict[str, str] = {}
        made: dict[str, str] = {}
        before: list[str] = []
        for at, line in enumerate(lines):
            command = line.removeprefix("$ ") if session else line
            if session and not line.startswith("$ "):
                continue
            shown = "\n".join(_until_prompt(lines[at + 1 :]))
            if session and command.startswith("cat ") and "<<" in command:  # cat > FILE << 'EOF': the reader writes it
                name, end = re.match(r"cat > (\S+) << '?(\w+)'?", command).groups()  # type: ignore[union-attr]
                written = shown.split("\n")
                files[name] = "".join(f"{body}\n" for body in written[: written.index(end)])
            elif session and command.startswith("cat "):
                files[command.split()[1]] = shown + "\n"
            if not command.startswith("cspdsl "):
                continue
            words = shlex.split(command, comments=True)
            if not SYNOPSIS.search(" ".join(words)):
                # the reader's model files of this command and of the session's earlier ones, which run first
                made.update({word: model_so_far(models) for word in words if _made_by_the_reader(word)})
                found.append(Command(name, first + at, " ".join(words), shown, {**made, **files}, list(before)))
                before.append(" ".join(words))
    return found


def _until_prompt(lines: list[str]) -> list[str]:
    """A command's output as shown: the lines up to the next prompt."""
    return lines[: next((i for i, line in enumerate(lines) if line.startswith("$ ")), len(lines))]


def _made_by_the_reader(word: str) -> bool:
    """A model file named by a command that the repository does not have: the reader saved it."""
    return word.endswith(".puz") and "/" not in word and not (ROOT / word).exists()


COMMANDS = [command for page in sorted(DOCS.rglob("*.md")) for command in commands_of(page)]


def test_the_docs_show_commands_and_every_skip_is_one_of_them():
    assert len(COMMANDS) >= 40
    assert set(SKIPPED) <= {command.text for command in COMMANDS}, "a skipped command is no longer in the docs"


@pytest.mark.slow  # about two minutes on two busy cores: a process for each of some forty commands
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.id)
def test_a_documented_command_runs(command: Command, tmp_path: Path):
    if command.text in SKIPPED:
        pytest.skip(SKIPPED[command.text])
    for entry in ROOT.iterdir():
        if entry.name not in command.files and not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    for name, content in command.files.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    env = {name: value for name, value in os.environ.items() if name != "CSPDSL_DEBUG"}
    env["PYTHONPATH"] = str(ROOT)
    for earlier in command.before:
        cspdsl(earlier, tmp_path, env)
    done = cspdsl(command.text, tmp_path, env)
    assert done.returncode == command.expected_exit, f"{command.page}:{command.line}: {done.stderr[-2000:]}"


def cspdsl(command: str, folder: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`python -m cspdsl` for `cspdsl`; a pipe's other end (`| tail -1`) left out, as it only trims the output."""
    words = shlex.split(command)
    words = words[: words.index("|")] if "|" in words else words
    return subprocess.run([sys.executable, "-m", "cspdsl", *words[1:]], cwd=folder, capture_output=True, text=True,
                          env=env, timeout=300, stdin=subprocess.DEVNULL)
