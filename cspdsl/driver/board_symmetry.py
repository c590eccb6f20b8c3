"""A tiling's board symmetries as symmetries of its IR, and the one piece whose placements they sort
into classes: every tiling is then found from the tilings with that piece at one placement a class.

A board's turns and flips (a rectangle's four, a square's eight, fewer for a drawn board) move each
placement of a piece onto another placement of the same piece. Each such move is a renaming of the
placements' variables; it is used only when `passes.symmetry.is_symmetry` confirms that it maps the
IR's constraint set onto itself, so that it maps tilings to tilings whatever the model. The verified
moves form a group G.

Pick a piece P placed once (a count "exactly one" over its placements S) that every element of G maps
onto itself. The tilings with P at a placement p and those with P at g(p) correspond one to one (by g),
so with one placement r chosen in each class (orbit) of S under G, the tilings number the sum over r of
|orbit(r)| times the tilings with P at r, and each tiling with P anywhere in orbit(r) is the image of
exactly one tiling with P at r by one element of G per distinct place it sends r to (`images`). P is
the piece whose placements fall into the fewest classes (the X pentomino's 26 on a 4x15 board into 7);
a cell's "exactly one" that every move keeps would serve as well.

`symmetry_group` (the search for every symmetry of an IR) gives up on a tiling's IR: its colour
refinement looks at every pair of placements in a piece's count, past its budget for 1,236 and more
placements. The board's own moves are the few candidates worth trying, and each is verified as
`symmetry_group`'s are.
"""

from __future__ import annotations

from ..core.errors import InternalError
from ..core.record import Record
from ..ir import Count, InSet, Posted, Problem
from ..lower import Lowered
from ..lower.layout import Tiling

Cell = tuple[int, int]
Symmetry = dict[str, str]  # every variable -> its image, as `passes.symmetry` has it
# The square's eight moves of a cell (row, column) -> (a*row + b*column, c*row + d*column): the
# identity and the turns, then the flips.
SQUARE_MOVES = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0))


class BoardSymmetry(Record):
    """The verified group (the identity first), the piece fixed, and for each representative placement of
    it the elements of the group that send it to each of its distinct images."""

    group: tuple[Symmetry, ...]
    piece: str  # the kind whose placement is fixed, by its name (or the cell whose cover is)
    placements: tuple[str, ...]  # the variables of its "exactly one": all the piece's placements
    # each representative -> one element of the group per distinct placement it becomes, the identity first
    moves: dict[str, tuple[Symmetry, ...]]

    def images(self, tiling: dict[str, int], placement: str) -> list[dict[str, int]]:
        """Every tiling that `tiling`, with the piece at the representative `placement`, stands for,
        itself first: its image by each element of `moves[placement]`, the piece at a different
        placement in each, so all different."""
        if tiling.get(placement) != 1:
            raise InternalError(f"a tiling searched with {self.piece} at {placement} does not place it there")
        return [{name: tiling[g[name]] for name in tiling} for g in self.moves[placement]]


def board_symmetry(model: Lowered) -> BoardSymmetry | None:
    """The board's moves that are symmetries of the model, and the piece they sort best; None when the
    model is not one tiling of an exact cover, or no move but the identity is a symmetry, or none of its
    pieces placed once has a placement that they move."""
    problem, tilings = model.problem, model.layout.tilings
    if len(tilings) != 1 or set(problem.variables) != set(tilings[0].placements) or not _exact_cover(problem):
        return None
    group = verified_moves(problem, tilings[0])
    if len(group) < 2:
        return None
    return _best_piece(problem, tilings[0], group)


def _exact_cover(problem: Problem) -> bool:
    """Only counts "exactly one of these is 1" over 0/1 variables, and nothing else to the model."""
    if problem.objective is not None or problem.sequential is not None or problem.projected:
        return False
    if not problem.constraints or any(var.domain != (0, 1) for var in problem.variables.values()):
        return False
    return all(_exactly_one(posted) is not None for posted in problem.constraints)


def _exactly_one(posted: Posted) -> tuple[str, ...] | None:
    """The variables of a count "exactly one of these is 1"; None for any other constraint."""
    c = posted.constraint
    if not (isinstance(c, Count) and c.op == "==" and c.k == 1):
        return None
    if not all(isinstance(cond, InSet) and cond.values == (1,) for cond in c.conds):
        return None
    return tuple(cond.var for cond in c.conds if isinstance(cond, InSet))


def board_moves(board: list[Cell]) -> list[dict[Cell, Cell]]:
    """The square's moves that map the board's cells onto themselves (each moved back onto the board's
    corner), as cell -> cell; the identity first."""
    cells = set(board)
    top, left = min(r for r, _ in board), min(c for _, c in board)
    found = []
    for a, b, c, d in SQUARE_MOVES:
        moved = {(r, k): (a * r + b * k, c * r + d * k) for r, k in board}
        shift_r = top - min(r for r, _ in moved.values())
        shift_c = left - min(k for _, k in moved.values())
        move = {cell: (r + shift_r, k + shift_c) for cell, (r, k) in moved.items()}
        if set(move.values()) == cells:
            found.append(move)
    return found


def verified_moves(problem: Problem, tiling: Tiling) -> list[Symmetry]:
    """The board's moves as renamings of the problem's variables (each placement onto the placement of
    the same piece on the moved cells), each a symmetry of the IR; the identity first. A move is kept
    when `is_symmetry` confirms it, or when it is a product of moves confirmed (a product of symmetries
    is one), so that the moves kept are a group, checked with one `is_symmetry` a generator: two for a
    rectangle's four moves or a square's eight. A move that sends a placement to none (a piece that may
    not be turned, say) is no candidate."""
    from ..passes.symmetry import constraint_forms, is_symmetry  # here: only a tiling counted by its symmetries

    where = {(kind, frozenset(cells)): name for name, (kind, cells) in tiling.placements.items()}
    forms = constraint_forms(problem)
    names = list(problem.variables)
    group = _closure([], names)  # the identity
    for move in board_moves(tiling.board):
        g = _renaming(problem, tiling, move, where)
        if g is None or _key(g, names) in group:
            continue
        if is_symmetry(problem, g, forms):
            group = _closure([*group.values(), g], names)
    return list(group.values())


def _renaming(problem: Problem, tiling: Tiling, move: dict[Cell, Cell],
              where: dict[tuple[str, frozenset[Cell]], str]) -> Symmetry | None:
    """Each placement onto the same piece's placement over the moved cells, any other variable onto
    itself; None when a placement has none."""
    g: Symmetry = {name: name for name in problem.variables}
    for name, (kind, cells) in tiling.placements.items():
        image = where.get((kind, frozenset(move[cell] for cell in cells)))
        if image is None:
            return None
        g[name] = image
    return g


def _key(g: Symmetry, names: list[str]) -> tuple[str, ...]:
    return tuple(g[name] for name in names)


def _closure(generators: list[Symmetry], names: list[str]) -> dict[tuple[str, ...], Symmetry]:
    """Every product of the generators (the identity first), by their images of `names` in order."""
    identity = {name: name for name in names}
    group = {_key(identity, names): identity}
    frontier = [identity]
    while frontier:
        found = []
        for h in frontier:
            for g in generators:
                product = {name: g[h[name]] for name in names}
                key = _key(product, names)
                if key not in group:
                    group[key] = product
                    found.append(product)
        frontier = found
    return group


def _best_piece(problem: Problem, tiling: Tiling, group: list[Symmetry]) -> BoardSymmetry | None:
    """Among the counts "exactly one" whose variables every element of the group maps among themselves
    (a piece placed once; a cell that every move keeps), the one whose placements fall into the fewest
    classes (then the fewest for their number): one search a class, each with that piece placed. None
    when no count has a class of two or more placements.

    Fewest classes, measured on 4x15 (one search a class, CPU): X's 7 of 26 placements 1.6 s, I's 12 of
    44 4.1 s, V's 26 of 104 4.7 s; the whole model's one search took 10.5 s of CPU as a whole process."""
    best: tuple[tuple[int, float], BoardSymmetry] | None = None
    for posted in problem.constraints:
        placements = _exactly_one(posted)
        if not placements:
            continue
        moves = _representatives(placements, group)
        if moves is None or len(moves) == len(placements):
            continue
        score = (len(moves), len(moves) / len(placements))
        if best is None or score < best[0]:
            best = (score, BoardSymmetry(tuple(group), _named(tiling, placements), placements, moves))
    return None if best is None else best[1]


def _named(tiling: Tiling, placements: tuple[str, ...]) -> str:
    """The piece whose placements these are, by its name; else the cells they all cover."""
    kinds = {tiling.placements[name][0] for name in placements}
    if len(kinds) == 1 and sum(1 for kind, _ in tiling.placements.values() if kind in kinds) == len(placements):
        return kinds.pop()
    shared = set.intersection(*(set(tiling.placements[name][1]) for name in placements))
    return "the cell " + ", ".join(f"({r}, {c})" for r, c in sorted(shared))


def _representatives(placements: tuple[str, ...], group: list[Symmetry]) -> dict[str, tuple[Symmetry, ...]] | None:
    """The first placement of each class (orbit) of the placements under the group, with one element per
    distinct image of it (the image of a tiling `t` by g, `t[g[name]]` at each name, has the piece at
    the placement that g sends onto the representative); None when an element maps a placement outside
    them."""
    inside = set(placements)
    inverses = [{image: name for name, image in g.items()} for g in group]
    moves: dict[str, tuple[Symmetry, ...]] = {}
    classed: set[str] = set()
    for name in placements:
        if name in classed:
            continue
        images: dict[str, Symmetry] = {}
        for g, inverse in zip(group, inverses, strict=True):
            if g[name] not in inside:
                return None
            images.setdefault(inverse[name], g)
        classed.update(images)
        moves[name] = tuple(images.values())
    return moves


def placed_at(problem: Problem, placement: str) -> tuple[Problem, dict[str, int]]:
    """The exact cover with `placement` at 1, as Algorithm X covers a row: every placement that shares a
    count with it at 0 and left out, and the counts it fills dropped; still an exact cover, so that a cover
    search branches on it by the board's cells (`backends/cover.py`). Also the values it fixed: the
    placement's 1 and the others' 0."""
    filled = [(i, _exactly_one(posted) or ()) for i, posted in enumerate(problem.constraints)]
    filled = [(i, names) for i, names in filled if placement in names]
    fixed = {name: 0 for _, names in filled for name in names}
    fixed[placement] = 1
    dropped = {i for i, _ in filled}
    rest = Problem(outputs=[name for name in problem.outputs if name not in fixed])
    rest.variables = {name: var for name, var in problem.variables.items() if name not in fixed}
    for i, posted in enumerate(problem.constraints):
        c = posted.constraint
        if i in dropped:
            continue
        assert isinstance(c, Count)  # an exact cover: `board_symmetry`
        conds = tuple(cond for cond in c.conds if not (isinstance(cond, InSet) and cond.var in fixed))
        rest.constraints.append(Posted(Count(conds, c.op, c.k), posted.span, posted.clue))
    return rest, fixed
