"""The generated parser (cspdsl/syntax/_puz_lalr.py) is the grammar's: same hash, same trees as Lark
itself builds from grammars/puz.lark, and a run never imports lark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import lark
import pytest

from cspdsl.syntax import generate
from cspdsl.syntax.parser import _JoinBracketedLines, lark_parser

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = (ROOT / generate.GRAMMAR).read_text(encoding="utf-8")
MODULE = (ROOT / generate.MODULE).read_text(encoding="utf-8")
MODELS = sorted((ROOT / "models").glob("*.puz"))

REGENERATE = "the grammar changed: run `python -m cspdsl.syntax.generate` and commit cspdsl/syntax/_puz_lalr.py"


def test_the_module_was_generated_from_the_current_grammar() -> None:
    assert generate.recorded_hash(MODULE) == generate.grammar_hash(GRAMMAR), REGENERATE


def test_a_changed_grammar_is_noticed() -> None:
    assert generate.recorded_hash(MODULE) != generate.grammar_hash(GRAMMAR + "\n// one more comment\n")
    assert generate.recorded_hash("# no header here\n") is None


@pytest.fixture(scope="module")
def lark_from_grammar() -> lark.Lark:
    return lark.Lark(GRAMMAR, postlex=_JoinBracketedLines(), **generate.OPTIONS)


@pytest.mark.parametrize("path", MODELS, ids=[p.stem for p in MODELS])
def test_every_model_parses_to_the_same_tree_as_with_lark(path: Path, lark_from_grammar: lark.Lark) -> None:
    text = path.read_text(encoding="utf-8")
    ours = lark_parser().parse(text, start="start")
    theirs = lark_from_grammar.parse(text, start="start")
    assert ours == theirs
    assert _places(ours) == _places(theirs)


def _places(tree: object) -> list[tuple[str, int, int]]:
    """Every token with its line and column, in order: the spans of the AST are built from these."""
    children = getattr(tree, "children", None)
    if children is None:
        return [(str(tree), getattr(tree, "line", 0), getattr(tree, "column", 0))] if tree is not None else []
    return [place for child in children for place in _places(child)]


def test_an_expression_parses_to_the_same_tree_as_with_lark(lark_from_grammar: lark.Lark) -> None:
    for text in ("a + 2 * b - (c % 3) == 4 and not (x[1] > y)", "exactly 1 of [a == 1, b == 2, c == 3]"):
        assert lark_parser().parse(text, start="expr") == lark_from_grammar.parse(text, start="expr")


def test_a_run_does_not_import_lark() -> None:
    """Importing lark and compiling the grammar cost a fifth of every run's start-up."""
    script = (
        "import sys, cspdsl.cli\n"
        "sys.argv = ['cspdsl', 'solve', sys.argv[1]]\n"
        "try:\n    cspdsl.cli.main()\nexcept SystemExit:\n    pass\n"
        "print('lark' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / "models" / "einstein.puz")],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert "The German owns the fish" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "False"
