"""Sudoku as the standard hand-written CNF, and the same grids as cspdsl models.

729 variables `cell (r, c) holds d`; each cell holds exactly one digit, and each digit sits exactly
once in each row, column and box (one at-least-one clause and pairwise at-most-one clauses per
group), and each given is a unit clause: 4 x 81 x (1 + 36) = 11988 clauses plus the givens.

`GRIDS` holds the article's Sudoku (read from models/sudoku.puz) and the bench's two hard grids
(`bench/generators.py`, whose `sudoku_model` writes the same grid as a cspdsl model for `load_model`).
Run as a script, it prints sizes and solutions.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from sat_enumerate import itersolve

ROOT = Path(__file__).resolve().parents[2]
DIGITS = range(1, 10)

sys.path.insert(0, str(ROOT / "bench"))
from generators import HARD_SUDOKUS, sudoku_model  # noqa: E402  (the bench's grids and .puz writer)


def article_grid() -> str:
    """The givens of models/sudoku.puz as an 81-character string ('0' for an empty cell)."""
    text = (ROOT / "models" / "sudoku.puz").read_text(encoding="utf-8")
    block = text.split('given cell = """', 1)[1].split('"""', 1)[0]
    cells = re.findall(r"[1-9.]", re.sub(r"[-+|]", " ", block))
    if len(cells) != 81:
        raise ValueError(f"expected 81 cells in models/sudoku.puz, found {len(cells)}")
    return "".join("0" if c == "." else c for c in cells)


GRIDS = {"article": article_grid(), **HARD_SUDOKUS}


def var(r: int, c: int, d: int) -> int:
    """Rows, columns and digits from 1 to 9."""
    return 81 * (r - 1) + 9 * (c - 1) + d


def _exactly_one(lits: list[int]) -> list[list[int]]:
    return [lits] + [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]


def _givens(grid: str) -> list[tuple[int, int, int]]:
    if len(grid) != 81 or any(ch not in "0123456789." for ch in grid):
        raise ValueError("a grid is 81 characters, digits with 0 or '.' for an empty cell")
    return [(i // 9 + 1, i % 9 + 1, int(ch)) for i, ch in enumerate(grid) if ch not in "0."]


def cnf(grid: str) -> tuple[int, list[list[int]]]:
    """(number of variables, clauses) of the standard encoding with `grid`'s givens as unit clauses."""
    clauses: list[list[int]] = []
    for r in DIGITS:
        for c in DIGITS:
            clauses += _exactly_one([var(r, c, d) for d in DIGITS])
    for d in DIGITS:
        for i in DIGITS:
            clauses += _exactly_one([var(i, c, d) for c in DIGITS])  # row i
            clauses += _exactly_one([var(r, i, d) for r in DIGITS])  # column i
            br, bc = 3 * ((i - 1) // 3), 3 * ((i - 1) % 3)
            clauses += _exactly_one([var(br + r, bc + c, d) for r in (1, 2, 3) for c in (1, 2, 3)])  # box i
    clauses += [[var(r, c, d)] for r, c, d in _givens(grid)]
    return 729, clauses


def decode(model: list[int]) -> str:
    """The solved grid as 81 digits."""
    true = {lit for lit in model if lit > 0}
    return "".join(str(next(d for d in DIGITS if var(r, c, d) in true)) for r in DIGITS for c in DIGITS)


def load_model(name: str) -> Any:
    """GRIDS[name] loaded as a cspdsl model."""
    from cspdsl.api import loads

    return loads(sudoku_model(GRIDS[name], f"Sudoku ({name})"), f"<{name}>")


def main() -> None:
    for name, grid in GRIDS.items():
        num_vars, clauses = cnf(grid)
        literals = sum(len(c) for c in clauses)
        solutions = list(itersolve(clauses, num_vars))
        print(f"{name}: {num_vars} variables, {len(clauses)} clauses, {literals} literals, "
              f"{len(solutions)} solution(s)")
        for model in solutions[:1]:
            print("  " + decode(model))


if __name__ == "__main__":
    main()
