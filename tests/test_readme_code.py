"""The README's code as a reader runs it: its Python type-checks under `mypy --strict`, the package's
docstring (`help(cspdsl)`) runs, and a clone's path to a bundled example, run where there is no such
file, names the example. CI runs the README's code itself from a wheel outside the clone (`.ci/run`,
with `tests/doc_code.py`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from doc_code import commands, prompted, python_code
from helpers import ROOT

import cspdsl
from cspdsl import CspdslError, load


def readme() -> str:
    return (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_python_passes_mypy_strict(tmp_path: Path) -> None:
    script = tmp_path / "readme_snippet.py"
    script.write_text(python_code(readme()), encoding="utf-8")
    assert "from cspdsl import" in script.read_text(encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), MYPYPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"),
         str(script)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_would_fail_on_an_untyped_snippet(tmp_path: Path) -> None:
    """The check above can fail: the same call on code with an error reports it."""
    script = tmp_path / "bad_snippet.py"
    script.write_text('from cspdsl import load\nload(3)\n', encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), MYPYPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(ROOT / ".mypy_cache"), str(script)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=600,
    )
    assert done.returncode == 1 and "arg-type" in done.stdout


def test_the_package_docstring_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert cspdsl.__doc__ is not None
    code = "\n".join(line[4:] for line in cspdsl.__doc__.splitlines() if line.startswith("    "))
    exec(compile(code, "cspdsl.__doc__", "exec"), {})
    assert "The German owns the fish, in house 4." in capsys.readouterr().out


def test_the_readme_commands_are_those_after_the_install() -> None:
    assert commands(readme()) == [".venv/bin/cspdsl solve einstein"]


def test_the_batch_page_example_writes_its_data_and_names_a_bundled_model() -> None:
    found = commands((ROOT / "docs" / "batch.md").read_text(encoding="utf-8"))
    assert found[0].startswith("cat > puzzles.txt << 'EOF'\n") and found[0].endswith("\nEOF")
    assert found[1].startswith("cspdsl batch sudoku puzzles.txt")


def test_a_prompted_block_keeps_a_here_document_and_drops_the_output() -> None:
    block = "$ cat > a.txt << 'EOF'\nline 1\nline 2\nEOF\n$ cspdsl batch m a.txt\n2 instances in 0.01 s\n"
    assert prompted(block) == ["cat > a.txt << 'EOF'\nline 1\nline 2\nEOF", "cspdsl batch m a.txt"]


@pytest.mark.parametrize(("path", "hint"), [
    ("models/einstein.puz", "the bundled example of that name is load('einstein')"),
    (os.path.join("somewhere", "sudoku.puz"), "load('sudoku') in Python, 'cspdsl solve sudoku' on the command line"),
    ("no-such-model", "'cspdsl examples' lists the models"),
    ("models/no-such-model.puz", None),
])
def test_a_missing_model_names_the_bundled_example_of_its_name(
        path: str, hint: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # outside the clone: no models/ folder here
    with pytest.raises(CspdslError, match="cannot read model") as raised:
        load(path)
    assert raised.value.hint == hint if hint is None else hint in (raised.value.hint or "")
