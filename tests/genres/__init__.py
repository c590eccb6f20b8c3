"""The pencil-puzzle genres of models/genres/, each held to multi-puzzle-solver (`puzzle_solver`), the
peer that solves the same genres with one hand-written CP-SAT model each.

One module a genre, named as its model (`tests/genres/light_up.py` for `models/genres/light_up.puz`),
is all a genre needs: tests/test_genres.py and bench/genres.py find every module here. A module says

- `PEER`: the peer's solver module under `puzzle_solver.puzzles` (`"light_up.light_up"`);
- `INSTANCES`: the peer's own example instances, each the keyword arguments of the peer's `Board`;
- `instance(kwargs)`: the text of that instance in our model: its clues as `let` lists, pictures,
  region maps. The shipped model holds the text of the first instance, which the test replaces by
  each other's; the rest of the model is the genre's rules, the same for every instance;
- `VAR`: the name of our model's grid that the answer is read from (but for a plan, below);
optionally `SLOW`: the indices of instances that take seconds, run only with the slow tests (`-m slow`);
and, where the two do not write a cell's value alike, `theirs(value)` and `ours(value)`: the peer's
and our value of a cell as one comparable value (None: a cell left out of the comparison; ours
is given None for a black cell of a grid drawn with a shape). Where a cell's value needs more than
the cell (a domino's partner, the bridges at an island, a loop's way through), `their_cells(assignment,
kwargs)` and `our_cells(result, index, kwargs)` give a solution's ((row, column), value) pairs whole.

A genre that is a sequential puzzle (a start, moves and a goal: the model's answer is its plans, as
`solve_plans` finds them) says `PLAN`: `"every plan"` where the peer gives all of them, `"one
shortest"` where it gives one plan of the fewest moves (the model says `minimize steps`); and
`their_plans(solutions, kwargs)` and `our_plans(result, kwargs)`: the peer's solutions and our
PlanResult's plans (read from their moves in words, `result.words(i)`) as one set of comparable
plans each (a tuple of moves; or what of a plan the peer tells apart, as a sorted tuple of its
captures where the peer does not count their order). Where the peer solves the genre with a function
rather than a `Board`, `peer_solutions(kwargs)` calls it and gives what `their_plans` reads.

A genre the peer does not have says `PEER = None` and `WHY`: where its instance and answer come
from instead. tests/test_genres.py leaves it out of the agreement with the peer and holds the
shipped model to that one answer, `ANSWER` (a row a string, its cells' values apart by spaces, as
`our_cells` or `ours` writes a cell's value).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import itertools
import pkgutil
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "models" / "genres"

# A solution as a set of ((row, column), value), counted from 0 as the peer counts them.
Solution = frozenset[tuple[tuple[int, int], Any]]


def adapters() -> list[str]:
    """The name of every genre that has a module here."""
    return sorted(info.name for info in pkgutil.iter_modules([str(Path(__file__).parent)])
                  if not info.name.startswith("_"))


def adapter(name: str) -> ModuleType:
    return importlib.import_module(f"genres.{name}")


def model_text(genre: ModuleType, index: int) -> str:
    """Our model of the genre on the peer's instance `index`: the shipped model, its own instance
    replaced by that one."""
    shipped = (MODELS / f"{short(genre)}.puz").read_text(encoding="utf-8")
    own = genre.instance(genre.INSTANCES[0])
    assert own in shipped, f"models/genres/{short(genre)}.puz does not hold the text of the peer's first instance"
    return shipped.replace(own, genre.instance(genre.INSTANCES[index]))


def short(genre: ModuleType) -> str:
    return genre.__name__.rpartition(".")[2]


def rule_lines(genre: ModuleType) -> int:
    """The length of our model: its lines that are neither blank nor comments, the `puzzle` title and
    the instance's own text (its clues) left out, but for a declaration the instance holds (a `var`
    drawn with a shape, or followed by its region map)."""
    shipped = (MODELS / f"{short(genre)}.puz").read_text(encoding="utf-8")
    own = genre.instance(genre.INSTANCES[0])
    rules = shipped.replace(own, "")
    declared = sum(1 for line in own.splitlines() if line.startswith("var "))
    return declared + sum(1 for line in rules.splitlines()
                          if line.strip() and not line.strip().startswith(("#", "puzzle ")))


def in_peer(genre: ModuleType) -> bool:
    """Whether the peer has the genre (else its module says `WHY` and gives its `ANSWER`)."""
    return genre.PEER is not None


def peer_module(genre: ModuleType) -> ModuleType:
    return importlib.import_module(f"puzzle_solver.puzzles.{genre.PEER}")


def peer_lines(genre: ModuleType) -> int:
    """The length of the peer's solver of the genre: its lines that are neither blank nor comments."""
    source = Path(peer_module(genre).__file__ or "").read_text(encoding="utf-8")
    return sum(1 for line in source.splitlines() if line.strip() and not line.strip().startswith("#"))


def peer_board(genre: ModuleType, index: int) -> Any:
    """The peer's Board of instance `index`, its lists as the numpy arrays the peer takes."""
    import numpy as np

    kwargs = {key: np.array(value) if isinstance(value, list) else value
              for key, value in genre.INSTANCES[index].items()}
    return peer_module(genre).Board(**kwargs)


def is_plan(genre: ModuleType) -> bool:
    """Whether the genre is a sequential puzzle, its answer the plans (`PLAN` says which the peer gives)."""
    return getattr(genre, "PLAN", None) is not None


def peer_solutions(genre: ModuleType, index: int) -> Any:
    """Every solution the peer gives for instance `index`: its Board's, or the genre's own
    `peer_solutions(kwargs)` where the peer has a function instead, the peer's output kept quiet."""
    if hasattr(genre, "peer_solutions"):
        with contextlib.redirect_stdout(io.StringIO()):
            return genre.peer_solutions(genre.INSTANCES[index])
    return peer_solve(peer_board(genre, index))


def peer_solve(board: Any) -> list[Any]:
    """Every solution of the peer's board (its solver prints as it goes: kept quiet)."""
    with contextlib.redirect_stdout(io.StringIO()):
        solutions: list[Any] = board.solve_and_print(verbose=False)
    return solutions


def theirs(genre: ModuleType, solutions: Iterable[Any], kwargs: dict[str, Any]) -> set[Solution]:
    found = set()
    for solution in solutions:
        cells = their_cells(genre, solution.assignment, kwargs)
        found.add(frozenset((where, v) for where, v in cells if v is not None))
    return found


def their_cells(genre: ModuleType, assignment: dict[Any, Any], kwargs: dict[str, Any]) -> Iterable[Any]:
    if hasattr(genre, "their_cells"):
        cells: Iterable[Any] = genre.their_cells(assignment, kwargs)
        return cells
    value: Callable[[Any], Any] = getattr(genre, "theirs", lambda v: v)
    return (((pos.y, pos.x), value(v)) for pos, v in assignment.items())


def ours(genre: ModuleType, result: Any, kwargs: dict[str, Any]) -> set[Solution]:
    found = set()
    for index, _ in enumerate(result.solutions):  # not range(): the genre module `range` shadows it here
        cells = our_cells(genre, result, index, kwargs)
        found.add(frozenset((where, v) for where, v in cells if v is not None))
    return found


def our_cells(genre: ModuleType, result: Any, index: int, kwargs: dict[str, Any]) -> Iterable[Any]:
    if hasattr(genre, "our_cells"):
        cells: Iterable[Any] = genre.our_cells(result, index, kwargs)
        return cells
    value: Callable[[Any], Any] = getattr(genre, "ours", lambda v: v)
    rows = result.value(genre.VAR, index)
    return (((r, c), value(v)) for r, row in enumerate(rows) for c, v in enumerate(row))


def answer(genre: ModuleType, result: Any, index: int) -> list[str]:
    """Our solution `index` written as `ANSWER` is: a row a string, its cells' values apart by spaces."""
    rows: dict[int, dict[int, Any]] = {}
    for (r, c), value in our_cells(genre, result, index, genre.INSTANCES[0]):
        rows.setdefault(r, {})[c] = value
    return [" ".join(str(value) for _, value in sorted(rows[r].items())) for r in sorted(rows)]


def loop_ways(result: Any, index: int, rows: int, columns: int) -> dict[tuple[int, int], str]:
    """Where a loop through cell centres leaves each cell, as the peer writes it: the letters of U, D,
    L and R in order ('' off the loop), read from our grids `right` and `down` of the joins."""
    right, down = result.value("right", index), result.value("down", index)
    ways = {}
    for r, c in itertools.product(_count(rows), _count(columns)):
        sides = {"D": r + 1 < rows and down[r][c], "L": c > 0 and right[r][c - 1],
                 "R": c + 1 < columns and right[r][c], "U": r > 0 and down[r - 1][c]}
        ways[(r, c)] = "".join(side for side, on in sides.items() if on)
    return ways


def _count(n: int) -> Iterable[int]:
    """0 to n - 1 (`range` is a genre module's name here)."""
    return itertools.islice(itertools.count(), n)


def lets(**clues: Any) -> str:
    """`let NAME = [...]` lines, a list of lists a row a line."""
    text = []
    for name, value in clues.items():
        if isinstance(value, list) and value and isinstance(value[0], list):
            rows = "".join(f"  {row_text(row)},\n" for row in value)
            text.append(f"let {name} = [\n{rows}]\n")
        else:
            text.append(f"let {name} = {row_text(value) if isinstance(value, list) else value}\n")
    return "".join(text)


def row_text(row: list[Any]) -> str:
    return "[" + ", ".join(str(v) for v in row) + "]"


def picture(rows: Iterable[Iterable[str]]) -> str:
    """A picture's lines between triple quotes, a character or word a cell."""
    return '"""\n' + "".join("  " + " ".join(row) + "\n" for row in rows) + '"""'


def number(text: Any, blank: int = 0) -> int:
    """A peer's cell as a number: its digits, or `blank` for an empty cell."""
    text = str(text).strip()
    return int(text) if text.lstrip("-").isdigit() else blank
