"""Every tiling of a board by its symmetries: one search a class of one piece's placements, each tiling
found mapped by the board's moves (`board_symmetry.py` says why that finds each tiling exactly once).

The twelve pentominoes on 4x15 have 1,472 tilings; with the X at each of its 7 classes of placements
in turn, cpsat's cover search finds 402 of them, and the board's four moves make the rest. Each
tiling found and each of its images is checked by the independent checker as a whole solution of the
model, and every image is held in the result, as a plain enumeration would hold it: the count is the
number of tilings checked.

The rule "every tiling by the board's symmetries" (`choice.py`) sends a count or an enumeration here
when the caller names no backend; a named backend searches the whole model as before.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..backends import Assignment, Backend, get_backend
from ..core.deadline import deadline_after
from ..core.static_types import Any
from ..lower import Lowered
from .board_symmetry import BoardSymmetry, board_symmetry, placed_at
from .checking import SolutionCheck
from .loop import checked_search, compile_within, search_of
from .result import Interrupted, Result

# A run as `choice.run_chosen` calls it: the backend chosen and the time left.
Run = Callable[[str, float | None], Result]


def by_board_symmetry(model: Lowered, plain: Run, *, seed: int | None, options: dict[str, str] | None,
                      on_solution: Callable[[Assignment], None] | None) -> Run:
    """The run of the rule "every tiling by the board's symmetries": by the classes of a piece's
    placements when the board's moves are symmetries of the model that sort one piece's placements into
    classes (`board_symmetry`), else `plain` (the whole model searched), its stats saying why."""

    def run(backend: str, timeout: float | None) -> Result:
        started = time.perf_counter()
        board = board_symmetry(model)
        seconds = time.perf_counter() - started
        if board is None:
            result = plain(backend, timeout)
            result.stats["board_symmetry"] = "none used: no piece placed once has a placement that the " \
                                             "board's turns and flips move, as symmetries of the model"
            return result
        left = None if timeout is None else max(timeout - seconds, 1e-6)
        result = every_tiling(model, backend, board, timeout=left, seed=seed, options=options,
                              on_solution=on_solution)
        result.stats["symmetry_seconds"] = seconds
        return result

    return run


def every_tiling(model: Lowered, backend: str, board: BoardSymmetry, *, timeout: float | None,
                 seed: int | None, options: dict[str, str] | None,
                 on_solution: Callable[[Assignment], None] | None) -> Result:
    """Every tiling of the model on `backend`, within `timeout` seconds: the model searched once with
    `board.piece` at each representative placement, each tiling found and its images checked (and given
    to `on_solution`) as the search goes. Ctrl-C raises `Interrupted` with the tilings checked by then."""
    engine = get_backend(backend, options)
    search = ClassSearch(model, engine, board, deadline_after(timeout), seed, on_solution)
    try:
        search.run()
    except KeyboardInterrupt:
        raise Interrupted(search.result(timeout, complete=False, timed_out=False)) from None
    return search.result(timeout, complete=search.complete, timed_out=search.timed_out)


class ClassSearch:
    """The searches of one class each, in turn, until the last or the time limit."""

    def __init__(self, model: Lowered, engine: Backend, board: BoardSymmetry, deadline: float | None,
                 seed: int | None, on_solution: Callable[[Assignment], None] | None) -> None:
        self.model, self.engine, self.board, self.deadline, self.seed = model, engine, board, deadline, seed
        self.checker = SolutionCheck(model, engine.name, deadline, on_solution)
        self.started = time.perf_counter()
        self.solutions: list[Assignment] = []
        self.complete, self.timed_out = False, False
        self.size: dict[str, int] = {}
        self.stats: dict[str, Any] = {"compile_seconds": 0.0, "branches": 0, "conflicts": 0, "searched": 0}

    def run(self) -> None:
        for placement in self.board.moves:
            problem, fixed = placed_at(self.model.problem, placement)
            compiled = compile_within(self.engine, problem, self.deadline)
            if compiled is None:
                self.timed_out = True
                return
            self.stats["compile_seconds"] += compiled.compile_seconds
            self.size = {key: max(value, self.size.get(key, 0)) for key, value in compiled.size.items()}
            images = ImagesCheck(self.checker, self.board, placement, fixed, list(self.model.problem.variables))
            searched = checked_search(search_of(self.engine, compiled), images, limit=None, deadline=self.deadline,
                                      seed=self.seed)
            self.solutions.extend(searched.solutions)
            self._add_stats(searched.stats, images.found)
            if searched.timed_out or not searched.complete:
                self.timed_out = searched.timed_out
                return
        self.complete = True

    def _add_stats(self, stats: dict[str, Any], found: int) -> None:
        for key in ("branches", "conflicts"):
            if isinstance(stats.get(key), int):
                self.stats[key] += stats[key]
        self.stats["searched"] += found

    def result(self, timeout: float | None, complete: bool, timed_out: bool) -> Result:
        """The tilings checked, each class's search's stats added up."""
        board = self.board
        solutions = self.solutions if complete or timed_out else list(self.checker.checked.values())
        stats = dict(self.stats, total_seconds=time.perf_counter() - self.started, symmetries=len(board.group),
                     fixed_piece=board.piece, classes=len(board.moves), placements=len(board.placements))
        stats["enumeration"] = (f"{board.piece} placed at one of its {len(board.placements)} placements a class "
                                f"({len(board.moves)} classes under the board's {len(board.group)} symmetries), "
                                "each tiling found mapped by them")
        return Result(self.model, self.engine.name, solutions, complete, timed_out, None, dict(self.size), stats,
                      timeout)


class ImagesCheck:
    """The checker of one class's search: each tiling it finds, completed with the values its piece's
    placement fixed, and the images of it by the board's moves, each checked as a whole solution of the
    model (`SolutionCheck`: every clue, the tiling by its cells, never the same tiling twice)."""

    def __init__(self, checker: SolutionCheck, board: BoardSymmetry, placement: str, fixed: dict[str, int],
                 names: list[str]) -> None:
        self.checker, self.board, self.placement, self.fixed, self.names = checker, board, placement, fixed, names
        self.backend, self.deadline = checker.backend, checker.deadline
        self.images: dict[int, list[Assignment]] = {}  # by id() of the tiling found
        self.held: list[Assignment] = []  # the tilings found, so that no id() is reused while this lives
        self.found = 0

    def check(self, solution: Assignment) -> None:
        whole = {name: solution[name] if name in solution else self.fixed[name] for name in self.names}
        images = self.board.images(whole, self.placement)
        for image in images:
            self.checker.check(image)
        self.images[id(solution)] = images
        self.held.append(solution)
        self.found += 1

    def all_checked(self, solutions: list[Assignment]) -> tuple[list[Assignment], bool]:
        """The images of every tiling found, those not checked during the search checked now, cut at the
        first left unchecked when the deadline passes (as `checking.checked_by` cuts)."""
        checked: list[Assignment] = []
        for solution in solutions:
            if id(solution) not in self.images:
                if self.deadline is not None and time.monotonic() >= self.deadline:
                    return checked, True
                self.check(solution)
            checked.extend(self.images[id(solution)])
        return checked, False
