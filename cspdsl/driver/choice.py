"""Which engine answers when the caller names none: a table of rules over cheap facts of the model
and the task, each rule measured (docs/performance.md, "How the default picks its engine").

`sat` starts fastest and wins on the logic puzzles and grids, so it answers unless a rule says
otherwise. The rules name the families where another backend wins by a wide, measured margin: the
all-different of offset or difference terms (the N-queens' diagonals, the Golomb ruler's
differences), which sat tabulates value pair by value pair, goes to `cp` past a measured size; a
first tiling of a large board (an exact cover) to `csp`, its every tiling to `cpsat`, a large connected
area (Hashi's bridges, a Slant, a 20x20 Nurikabe) to `cpsat`, and every tiling
of a board that its turns and flips
map onto itself to `cpsat` one class of a piece's placements at a time (`symmetric_tilings.py`). A
model that the engine chosen refuses as too large for it (sat's clause and diagram budgets) goes to the
backend its refusal names (`after_refusal`).

`--backend B` (the API's `backend="B"`) forces B, and no rule is read.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..backends import DEFAULT_BACKEND, backend_class
from ..core.errors import CspdslError
from ..core.record import Record
from ..ir import AllDifferent, Connected, Constraint, Count, InSet, Linear, Problem, children, kind_name
from ..lower.layout import Tiling
from .result import Result

# The tasks a rule may ask about: the first solutions (a plain solve: one, or two to tell whether it
# is unique), every solution, their number, the optimum of an objective.
TASKS = ("first", "all", "count", "optimum")


class Facts(Record):
    """What the rules read: found in one pass over the IR, a few milliseconds at most."""

    task: str
    kinds: frozenset[str]  # the kinds of constraint the model uses, at any depth (`ir.kind_name`)
    # The members of the largest all-different of offset or difference terms (`offset_terms`).
    offset_all_different: int
    # The 0/1 variables of an exact cover (every clue "exactly one of these is 1": a tiling's
    # placements), 0 when the model is not one.
    placements: int
    options: bool  # -O options were given: they are written for the default backend
    # The board's turns and flips onto itself (the identity among them) when the exact cover is one
    # tiling whose pieces may be turned and flipped, so that each maps placements onto placements of
    # the same piece; 0 otherwise. Read only for every tiling or their number.
    board_moves: int = 0
    connected_nodes: int = 0  # the nodes of the largest connected area (`Connected`), 0 without one

    @property
    def cp_takes_it(self) -> bool:
        """cp refuses a connected area (its CAPABILITIES: not every kind)."""
        return "connected" not in self.kinds


class Rule(Record):
    """A rule of the table: when `holds` on the facts, `backend` answers, for `reason`."""

    name: str
    holds: Callable[[Facts], bool]
    backend: str
    reason: str
    by_symmetry: bool = False  # the search runs a class of a piece's placements at a time


class Choice(Record):
    """The engine that answers and why, in words (`Result.chosen_because`); `by_symmetry`: by the classes
    of a piece's placements under the board's symmetries (`symmetric_tilings.py`)."""

    backend: str
    rule: str
    reason: str
    by_symmetry: bool = False

    @property
    def because(self) -> str:
        return f"{self.rule}: {self.reason}"


# The thresholds, each between two measured sizes (docs/performance.md, "How the default picks its
# engine": whole-process CPU time, side by side). Below them sat's quicker start wins: cp pays about
# 40 ms to load OR-Tools, cpsat about 50 ms.
# A first solution: N-queens of 24 on sat 0.87x cp, of 30 even, of 40 on cp 0.65x, of 100 on cp 0.12x.
OFFSETS_FIRST = 30
# Every solution or their number: 8 queens on sat 0.74x cp, 9 even, 10 on cp 0.59x, 12 on cp 0.23x.
OFFSETS_ALL = 10
# The optimum: a Golomb ruler of 6 marks (15 differences) on sat 0.84x cp, of 7 marks (21) on cp
# 0.84x, of 8 marks (28) on cp 0.19x.
DIFFERENCES_OPTIMUM = 21
# Every tiling of a board with a symmetry, by the classes of a piece's placements, against cpsat's one
# search of the whole model (CPU of the solve in one process, two runs each): 8 pentominoes on 4x10 (772
# placements) 1.14x, 9 on 3x15 (769) 1.3-1.9x; 8 on 5x8 (858) 0.52x, 9 on 5x9 (1,162) 0.67x, the twelve on
# 3x20 (1,236) 0.71x; as whole processes, 3x20 0.76x and 4x15 (1,696) 0.29x. Below 800, the searches of
# its classes cost more than they save.
PLACEMENTS_BY_SYMMETRY = 800
# Every tiling: 8 placements on sat 0.58x cpsat, four pentominoes on 4x5 (182) on cpsat 0.61x, the
# twelve on 3x20 (1,236) on cpsat 0.02x.
PLACEMENTS_ALL = 100
# A first tiling: four pentominoes on 4x5 (182 placements) on sat 0.75x cpsat, csp 1.14x sat; the
# twelve on 3x20 (1,236) on cpsat 0.07x sat, on 4x15 (1,696) 0.17x, on 6x10 (2,056) 0.08x; and on csp
# (`-n 1`, side by side with cpsat) 0.18x cpsat on 3x20, 0.14x on 4x15, 0.53x on 5x12, 0.49x on 6x10.
# Between 182 and 1,236 is not measured.
PLACEMENTS_FIRST = 1000
# A connected area (CPU of the solve for two solutions, in one process, side by side): Hitori's 64 cells
# on sat 0.06 s, cpsat 0.01 s (whole processes even: cpsat loads OR-Tools); Slant's two areas of 193
# corners on cpsat 0.09x sat, the 20x20 Nurikabe's 400 cells 0.29x, Hashi's 420 links 0.014x.
# Between 64 and 193 is not measured.
CONNECTED_NODES = 128

# The rules in order, the first that holds decides.
RULES: tuple[Rule, ...] = (
    Rule("options given", lambda f: f.options, DEFAULT_BACKEND,
         "the -O options are the default backend's"),
    Rule("optimum over many differences",
         lambda f: f.task == "optimum" and f.offset_all_different >= DIFFERENCES_OPTIMUM and f.cp_takes_it, "cp",
         "an objective over a large all-different of differences (a Golomb ruler of 7 marks or more): cp "
         "proves the optimum faster than sat's bound tightening"),
    Rule("every solution over offset terms",
         lambda f: f.task in ("all", "count") and f.offset_all_different >= OFFSETS_ALL and f.cp_takes_it, "cp",
         "every solution of an all-different of offset terms (N-queens of 10 or more): cp's cost per "
         "solution stays flat where sat's grows"),
    Rule("first solution over many offset terms",
         lambda f: f.task == "first" and f.offset_all_different >= OFFSETS_FIRST and f.cp_takes_it, "cp",
         "a large all-different of offset terms (N-queens of 30 or more): cp propagates it whole, where "
         "sat's encoding grows with the cube of the queens"),
    Rule("every tiling by the board's symmetries",
         lambda f: f.task in ("all", "count") and f.placements >= PLACEMENTS_BY_SYMMETRY and f.board_moves > 1,
         "cpsat", "every tiling of a board that its turns or flips map onto itself (an exact cover of 800 "
         "placements or more): cpsat's cover search with one piece placed at one placement of each class that the "
         "board's symmetries make, each tiling found mapped by them", by_symmetry=True),
    Rule("every tiling", lambda f: f.task in ("all", "count") and f.placements >= PLACEMENTS_ALL, "cpsat",
         "every tiling of a board (an exact cover of 100 placements or more): cpsat's cover search lists "
         "them many times faster than sat"),
    Rule("first tiling of a large board", lambda f: f.task == "first" and f.placements >= PLACEMENTS_FIRST,
         "csp", "a tiling of a large board (an exact cover of 1,000 placements or more): csp's search "
         "finds one many times faster than sat, and in half cpsat's time or less"),
    Rule("large connected area", lambda f: f.connected_nodes >= CONNECTED_NODES, "cpsat",
         "a connected area of 128 nodes or more (a Hashi's bridges, a Slant, a 20x20 Nurikabe): cpsat's "
         "distance labelling grows with the area, where sat's layered reachability grows with its square"),
)
DEFAULT_RULE = Rule("default", lambda f: True, DEFAULT_BACKEND,
                    "fastest end to end on the logic puzzles, the grids and the number puzzles")


def task_of(problem: Problem, limit: int | None, counting: bool = False) -> str:
    """The task that `solve` (or `count`, `counting`) is asked for, in the words of `TASKS`."""
    if problem.objective is not None:
        return "optimum"
    if counting:
        return "count"
    return "all" if limit is None else "first"


def facts_of(problem: Problem, task: str, options: dict[str, str] | None = None,
             tilings: Sequence[Tiling] = ()) -> Facts:
    """The facts of the problem and the task; `tilings`, the model's shapes placed (`Layout.tilings`)."""
    placements = len(problem.variables) if exact_cover(problem) else 0
    moves = tiling_moves(tilings) if placements and task in ("all", "count") else 0
    return Facts(task, kinds_of(problem), offset_all_different(problem), placements, bool(options), moves,
                 connected_nodes(problem))


def choose(problem: Problem, task: str, options: dict[str, str] | None = None,
           tilings: Sequence[Tiling] = ()) -> Choice:
    """The engine for `task` on the problem (whose shapes placed are `tilings`): the first rule of
    `RULES` that holds, else sat."""
    facts = facts_of(problem, task, options, tilings)
    rule = next((rule for rule in RULES if rule.holds(facts)), DEFAULT_RULE)
    return Choice(rule.backend, rule.name, rule.reason, rule.by_symmetry)


def tiling_moves(tilings: Sequence[Tiling]) -> int:
    """The board's turns and flips onto itself, of a model with one tiling whose pieces may be turned
    and flipped (so that each moves a placement onto a placement of the same piece); else 0."""
    if len(tilings) != 1 or not (tilings[0].turns and tilings[0].flips):
        return 0
    from .board_symmetry import board_moves  # here: only a model with shapes placed imports it

    return len(board_moves(tilings[0].board))


def after_refusal(choice: Choice, error: CspdslError) -> Choice | None:
    """The engine to try when the one chosen refused the model (sat: too large for its encoding), as
    its refusal proposes; None when it proposes none that takes every model."""
    suggestion = error.suggestion
    if suggestion is None or suggestion.action != "use_backend":
        return None
    other = suggestion.backends[0]
    can = backend_class(other).CAPABILITIES
    if other == choice.backend or not (can.exact and can.every_kind and not can.sequential_only):
        return None
    first_line = str(error.message).splitlines()[0]
    return Choice(other, "refused", f"{choice.backend} refused it ({first_line}); {other} takes it")


def connected_nodes(problem: Problem) -> int:
    """The nodes of the model's largest connected area (a `Connected` stands at the top level only)."""
    return max((len(posted.constraint.conds) for posted in problem.constraints
                if isinstance(posted.constraint, Connected)), default=0)


def kinds_of(problem: Problem) -> frozenset[str]:
    found: set[str] = set()
    stack: list[Constraint] = [posted.constraint for posted in problem.constraints]
    while stack:
        constraint = stack.pop()
        found.add(kind_name(type(constraint)))
        stack.extend(children(constraint))
    return frozenset(found)


def offset_terms(problem: Problem) -> set[str]:
    """The auxiliary variables that a top-level equation defines as an offset (`q[i] + i`) or a
    difference (`mark[j] - mark[i]`) of the model's variables: unit coefficients, two or three terms,
    and an offset that is not 0 when there are two (`x == y`, Einstein's "the Brit lives in the red
    house", is no offset)."""
    shown = set(problem.outputs)
    found: set[str] = set()
    for posted in problem.constraints:
        c = posted.constraint
        if not isinstance(c, Linear) or c.op != "==" or len(c.terms) not in (2, 3):
            continue
        if any(abs(coefficient) != 1 for coefficient, _ in c.terms) or (len(c.terms) == 2 and c.rhs == 0):
            continue
        found.update(name for _, name in c.terms if name not in shown)
    return found


def offset_all_different(problem: Problem) -> int:
    """The members of the largest all-different whose every member is an offset term (0: none)."""
    offsets = offset_terms(problem)
    if not offsets:
        return 0
    sizes = [len(c.vars) for c in (posted.constraint for posted in problem.constraints)
             if isinstance(c, AllDifferent) and all(name in offsets for name in c.vars)]
    return max(sizes, default=0)


def exact_cover(problem: Problem) -> bool:
    """Whether every clue is "exactly one of these variables is 1" over 0/1 variables: a tiling of a
    board by pieces (its cells and its pieces), the shape whose every solution cpsat lists fastest."""
    if not problem.constraints:
        return False
    for posted in problem.constraints:
        c = posted.constraint
        if not (isinstance(c, Count) and c.op == "==" and c.k == 1):
            return False
        if not all(isinstance(cond, InSet) and cond.values == (1,) for cond in c.conds):
            return False
    return all(len(var.domain) <= 2 for var in problem.variables.values())


def run_chosen(choice: Choice, run: Callable[[str, float | None], Result], timeout: float | None) -> Result:
    """`run(backend, timeout)` on the chosen engine, or, when that engine refuses the model, on the one
    its refusal names (`after_refusal`) within the time left (at least a microsecond: a time limit
    that passed during the refusal ends the second run at once, as a time limit). The result says
    which engine answered and why (`Result.chosen_because`)."""
    started = time.perf_counter()
    try:
        result = run(choice.backend, timeout)
    except CspdslError as error:
        fallback = after_refusal(choice, error)
        if fallback is None:
            raise
        left = None if timeout is None else max(timeout - (time.perf_counter() - started), 1e-6)
        choice = fallback
        result = run(choice.backend, left)
    result.chosen_because = choice.because
    return result
