"""The published models are no longer than the same puzzles written in MiniZinc with their data
(bench/minizinc/), in tokens and in characters; and where MiniZinc is installed, Gecode finds the
same solutions from those MiniZinc models as cspdsl does from its own."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

_PATH = Path(__file__).resolve().parent.parent / "bench" / "model_lengths.py"
_SPEC = importlib.util.spec_from_file_location("model_lengths", _PATH)
assert _SPEC is not None and _SPEC.loader is not None
lengths = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(lengths)

MINIZINC = shutil.which("minizinc")


@pytest.mark.parametrize("name", sorted(lengths.PAIRS))
def test_no_longer_than_minizinc_in_tokens_and_characters(name: str) -> None:
    _, _, our_tokens, their_tokens, our_chars, their_chars = lengths.lengths(name)
    assert our_tokens <= their_tokens and our_chars <= their_chars


def test_a_picture_line_is_code_and_a_comment_is_not() -> None:
    kakuro = lengths.code_lines(lengths.ROOT / "models" / "kakuro.puz")
    assert "  # . . # . . #" in kakuro and "  # # . . . . ." in kakuro  # rows of black cells
    assert not any(line.lstrip().startswith("# Kakuro") for line in kakuro)


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize("name", sorted(lengths.PAIRS))
def test_minizinc_finds_the_same_solutions(name: str) -> None:
    assert lengths.minizinc_solutions(name, MINIZINC) == lengths.cspdsl_solutions(name)
