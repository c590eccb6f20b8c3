"""Every example under a command's --help runs as it is, from any folder (the models that come with
cspdsl by name), and `cspdsl --help` shows the first of each command's."""

from __future__ import annotations

import shlex

import pytest
from helpers import run_cli

from cspdsl.cli.arguments import EXAMPLES

# Examples that need what a test does not give: a data file, an editor, a server left running.
NOT_RUN = {"batch", "lsp", "serve"}
# Examples that take a minute on two busy cores: run with the slow tests only (-m slow).
SLOW = {"cspdsl generate einstein --seed 2 --difficulty easy -o puzzles"}
RUN = [pytest.param(command, line, id=line, marks=[pytest.mark.slow] if line in SLOW else [])
       for command, lines in EXAMPLES.items() if command not in NOT_RUN for line in lines]


@pytest.mark.parametrize(("command", "line"), RUN)
def test_each_example_runs(command: str, line: str, tmp_path) -> None:
    words = shlex.split(line)
    assert words[:2] == ["cspdsl", command]
    done = run_cli(*words[1:], cwd=tmp_path)
    assert done.returncode == 0, done.stderr


def test_batch_example_runs_on_a_file_it_describes(tmp_path) -> None:
    (tmp_path / "puzzles.txt").write_text("." * 81 + "\n")  # a blank grid: solved, not unique
    words = shlex.split(EXAMPLES["batch"][0].split("  (")[0])
    done = run_cli(*words[1:], cwd=tmp_path)
    assert done.returncode == 0 and (tmp_path / "results.jsonl").read_text().count("\n") == 1, done.stderr


@pytest.mark.parametrize("command", sorted(EXAMPLES))
def test_help_shows_the_examples(command: str) -> None:
    own = run_cli(command, "--help").stdout
    assert "examples:\n" + "".join(f"  {line}\n" for line in EXAMPLES[command]) in own
    assert f"  {EXAMPLES[command][0]}\n" in run_cli("--help").stdout
