"""New region maps for a Star Battle: the letter map of a model's `regions NAME part of GRID` drawn
again, so that the puzzle has one solution.

The model is lowered with a map whose regions are the grid's rows (a rule each region keeps is then
one each row keeps already), and a random solution of that is drawn as a grid's is: the stars. The
regions are grown around them: each starts at a star, and cells join a region they touch, in an
order drawn from the seed, a star only while its region has fewer than its share (the stars over the
regions), until every cell has one. Which map leaves one solution is asked of one session compiled
once: the model as lowered above, a variable for each cell's region, and for each region a count of
its stars equal to the share; a map is a set of assumptions on those variables. While a second
solution is left, the cells some second solution differs in are found (`repair.differing_cells`),
and a cell next to the first of them, not a star, moves to a neighbouring region that keeps both
connected; a move is kept when it leaves no more such cells. The map is written where the old one
stood, a letter a cell, and the text is lowered as written and solved afresh to check that its one
solution is the stars drawn."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

from ..backends import Assignment
from ..core.deadline import check_deadline
from ..core.errors import CspdslError
from ..ir import And, Count, InSet, Posted, Problem, Var, validate
from ..lower import Lowered
from ..lower.load import loads
from ..syntax import ast
from .clues import GivenClues
from .givens import BOM, GENERATED_MARK
from .repair import differing_cells
from .solution import check_unique, random_solution

# Tries at growing regions around one solution's stars before another is drawn.
GROWTHS = 50
# Moves drawn for each cell that joins a region, the one that leaves the fewest ambiguous cells taken.
CHOICES = 6
# Moves of one cell tried on a grown map before another is grown.
MOVES = 100
Cell = tuple[int, int]  # (row, column) of the map, from 0


def region_map(tree: ast.Model) -> ast.RegionsDecl | None:
    """The model's one region map drawn a letter a cell, when it has one."""
    maps = [s for s in tree.statements if isinstance(s, ast.RegionsDecl)]
    if len(maps) != 1 or any(row.words and len(row.words) != len(row.cells) for row in maps[0].picture.rows):
        return None
    return maps[0]


class RegionsGenerator:
    """A Star Battle's generator: its map, the grid it divides, and the two sessions (the stars', and
    the maps')."""

    def __init__(self, model: Lowered, decl: ast.RegionsDecl) -> None:
        self.name, self.text, self.decl = model.name, model.text, decl
        rows = [[cell.char for cell in row.cells] for row in decl.picture.rows]
        self.letters = sorted({char for row in rows for char in row})
        grid = next((g for g in model.layout.grids if g.name == decl.grid), None)
        size = [len(rows), len(rows[0])]
        if grid is None or [len(r) for r in grid.index_ranges] != size:
            raise CspdslError(f"generate draws the region map of a grid of variables the map's size; '{decl.grid}' "
                              "is not one", decl.grid_span)
        if len(self.letters) != len(rows):
            raise CspdslError(f"generate draws a region map with as many regions as rows; this one has "
                              f"{len(self.letters)} regions and {len(rows)} rows", decl.span)
        self.cells = {(r, c): grid.cells[grid.index_ranges[0][r], grid.index_ranges[1][c]]
                      for r in range(len(rows)) for c in range(len(rows[0]))}
        by_rows = {cell: self.letters[cell[0]] for cell in self.cells}
        base = loads(self.rewritten(by_rows, None), self.name).problem
        if any(base.variables[var].domain != (0, 1) for var in self.cells.values()):
            raise CspdslError(f"generate draws the region map of a grid in bool; '{decl.grid}' is not one", decl.span)
        self.stars = GivenClues(base, list(base.outputs))
        self.outputs = [var for var in base.outputs if var in self.cells.values()]
        self.at = {var: cell for cell, var in self.cells.items()}
        self.base = base
        self.maps: dict[int, GivenClues] = {}

    def puzzle(self, seed: int) -> tuple[str, list[str]]:
        """(the text of this seed's puzzle, its map's rows): a fact of the model and the seed."""
        rng = random.Random(seed)
        for _ in range(GROWTHS):
            solution = random_solution(self.stars, rng)[1]
            stars = {cell for cell, var in self.cells.items() if solution[var] == 1}
            if len(stars) % len(self.letters):
                raise CspdslError("the stars of a solution do not share out evenly among the regions: "
                                  "generate draws maps where each region holds as many", self.decl.span)

            def ambiguous(regions: dict[Cell, int], solution: Assignment = solution,
                          share: int = len(stars)) -> list[str]:
                return self.ambiguous(regions, solution, share // len(self.letters), rng)

            regions = grown(sorted(self.cells), stars, len(self.letters), rng, ambiguous)
            settled = None if regions is None else settled_map(regions, stars, ambiguous, self.at, rng)
            if settled is not None:
                break
        else:
            raise CspdslError(f"none of {GROWTHS} region maps grown around a solution's stars leaves it the only "
                              "one: there is no puzzle of this model to make")
        labels = self.labelled(settled)
        text = self.rewritten(labels, f"{GENERATED_MARK} --seed {seed}: {len(self.letters)} regions")
        check_unique(text, self.name, solution)
        width = len(self.decl.picture.rows[0].cells)
        return text, ["".join(labels[r, c] for c in range(width)) for r in range(len(self.letters))]

    def ambiguous(self, regions: dict[Cell, int], solution: Assignment, share: int, rng: random.Random) -> list[str]:
        """The grid's cells that a second solution gives another value, with the cells of `regions`
        in theirs (any other cell in any region): `repair.differing_cells`."""
        session = self.session(share)
        givens = {f"region {r},{c}": region for (r, c), region in regions.items()}
        return differing_cells(session.session, session.selectors(givens), solution, self.outputs, rng)

    def session(self, share: int) -> GivenClues:
        """The maps' session for regions of `share` stars each: the base, a region variable a cell,
        and each region's count of stars."""
        if share not in self.maps:
            problem = Problem(variables=dict(self.base.variables), outputs=list(self.base.outputs),
                              projected=self.base.projected)
            problem.constraints = list(self.base.constraints)
            regions = tuple(range(len(self.letters)))
            for (r, c) in self.cells:
                problem.variables[f"region {r},{c}"] = Var(f"region {r},{c}", regions)
            for region in regions:
                counted = tuple(And((InSet(f"region {r},{c}", (region,)), InSet(var, (1,))))
                                for (r, c), var in self.cells.items())
                problem.constraints.append(Posted(Count(counted, "==", share)))
            validate(problem)
            self.maps[share] = GivenClues(problem, [f"region {r},{c}" for r, c in self.cells])
        return self.maps[share]

    def labelled(self, regions: dict[Cell, int]) -> dict[Cell, str]:
        """Each cell's letter: the regions lettered in the reading order of their first cells."""
        order: dict[int, str] = {}
        for cell in sorted(regions):
            if regions[cell] not in order:
                order[regions[cell]] = self.letters[len(order)]
        return {cell: order[region] for cell, region in regions.items()}

    def rewritten(self, labels: dict[Cell, str], header: str | None) -> str:
        """The model's text with the map showing `labels`, a letter where each cell's stood, and
        `header` first (in place of an earlier generator's line)."""
        bom = BOM if self.text.startswith(BOM) else ""
        lines = self.text.removeprefix(bom).split("\n")
        for r, row in enumerate(self.decl.picture.rows):
            for c, cell in enumerate(row.cells):
                span = cell.span
                line = lines[span.line - 1]
                lines[span.line - 1] = line[:span.column - 1] + labels[r, c] + line[span.end_column - 1:]
        if header is None:
            return bom + "\n".join(lines)
        if lines and lines[0].startswith(GENERATED_MARK):
            lines.pop(0)
        newline = "\r\n" if lines and lines[0].endswith("\r") else "\n"
        return bom + header + newline + "\n".join(lines)

    def close(self) -> None:
        self.stars.close()
        for session in self.maps.values():
            session.close()


def _touching(cell: Cell, cells: dict[Cell, int] | set[Cell]) -> list[Cell]:
    r, c = cell
    return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in cells]


def grown(cells: list[Cell], stars: set[Cell], count: int, rng: random.Random,
          ambiguous: Callable[[dict[Cell, int]], list[str]]) -> dict[Cell, int] | None:
    """Regions grown around the stars: `count` of them, each started at a star drawn from `rng`; each
    region short of its share (the stars over the regions), in a drawn order, takes a path of free
    cells to the nearest free star; then the cells left join a region they touch, in a drawn order.
    None when a region finds no star to take."""
    share = len(stars) // count
    regions = {star: k for k, star in enumerate(rng.sample(sorted(stars), count))}
    for _ in range(share - 1):
        for region in rng.sample(range(count), count):
            path = _path_to_star(regions, region, stars, set(cells))
            if path is None:
                return None
            regions.update(dict.fromkeys(path, region))
    while len(regions) < len(cells):
        open_ = sorted({(cell, regions[n]) for cell in cells if cell not in regions for n in _touching(cell, regions)})
        tried = rng.sample(open_, min(CHOICES, len(open_)))
        cell, region = min(tried, key=lambda move: len(ambiguous({**regions, move[0]: move[1]})))
        regions[cell] = region
    return regions


def _path_to_star(regions: dict[Cell, int], region: int, stars: set[Cell], cells: set[Cell]) -> list[Cell] | None:
    """The shortest path of free cells from the region to a free star (the first found in reading
    order, the star last), through cells that are not stars; None when there is none."""
    start = sorted(cell for cell, k in regions.items() if k == region)
    came: dict[Cell, Cell | None] = dict.fromkeys(start)
    todo = deque(start)
    while todo:
        cell = todo.popleft()
        for n in sorted(_touching(cell, cells)):
            if n in came or n in regions:
                continue
            came[n] = cell
            if n in stars:
                path = [n]
                while came[path[-1]] is not None and came[path[-1]] not in regions:
                    path.append(came[path[-1]])  # type: ignore[arg-type]
                return path
            todo.append(n)
    return None


def settled_map(regions: dict[Cell, int], stars: set[Cell], ambiguous: Callable[[dict[Cell, int]], list[str]],
                at: dict[str, Cell], rng: random.Random) -> dict[Cell, int] | None:
    """A map, from `regions` by moves of one cell (`moved_map`), that `ambiguous` finds no cell of,
    each move kept when it leaves no more ambiguous cells; None after MOVES moves."""
    cells = ambiguous(regions)
    for _ in range(MOVES):
        if not cells:
            return regions
        check_deadline()
        moved = moved_map(regions, stars, [at[var] for var in cells], rng)
        if moved is None:
            return None
        found = ambiguous(moved)
        if len(found) <= len(cells):
            regions, cells = moved, found
    return None if cells else regions


def moved_map(regions: dict[Cell, int], stars: set[Cell], ambiguous: list[Cell],
              rng: random.Random) -> dict[Cell, int] | None:
    """The map with one cell, not a star, next to (or at) the first ambiguous cell that has such a
    move, moved to a region it touches, both regions staying connected; None when no cell can move."""
    for target in [*ambiguous, *sorted(regions)]:
        moves = sorted({(cell, regions[n]) for cell in [target, *_touching(target, regions)] if cell not in stars
                        for n in _touching(cell, regions) if regions[n] != regions[cell]
                        and _connected_without(regions, cell)})
        if moves:
            cell, region = rng.choice(moves)
            return {**regions, cell: region}
    return None


def _connected_without(regions: dict[Cell, int], cell: Cell) -> bool:
    """Whether the cell's region stays one connected piece (and not empty) without it."""
    rest = {other for other, region in regions.items() if region == regions[cell] and other != cell}
    if not rest:
        return False
    start = min(rest)
    seen, todo = {start}, deque([start])
    while todo:
        for n in _touching(todo.popleft(), rest):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(rest)

