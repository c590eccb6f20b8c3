"""New Futoshiki puzzles: the inequality signs between neighbouring cells, and a few givens, chosen
for a random solution so that it is the only one and no sign or given is too many.

What counts as a sign is what the model writes so: a statement of its own `g[r, c] < g[r, c+1]` (or
`>`) between two cells of a grid its `given` block draws, side by side or one above the other, with
numbers for indices. A model with a `given` block and at least one such line generates signs; its
other statements are the rules. The model without its `given` block and its signs is the base; one
clue session holds it with each given (a cell at a value) and each sign (a pair of neighbours, in
either direction) behind a selector (`clues.GivenClues`). For each seed a random solution is drawn
as a grid's is, every given and every sign it makes true are the clues to start with, and they are
dropped one at a time while the solution stays the only one: the givens first, in an order drawn
from the seed, then the signs, so that a puzzle keeps few givens and reads as a Futoshiki. What is
left is minimal: dropping any one clue left lets a second solution in. The text is the model's, its
`given` block showing the givens kept and its sign lines replaced by the new ones, one a line, where
the first one stood; it is read back and solved afresh."""

from __future__ import annotations

import random

from ..core.deadline import check_deadline
from ..core.errors import CspdslError
from ..ir import Constraint, Linear, validate
from ..lower import Lowered, lower
from ..lower.layout import Grid
from ..syntax import ast
from .clues import GivenClues
from .givens import BOM, GENERATED_MARK, GivenBlocks
from .solution import check_unique, random_solution

Index = tuple[int, int]
Sign = tuple[Index, str, Index]  # (a cell, '<' or '>', its neighbour to the right or below)


def sign_statements(tree: ast.Model, grids: set[str]) -> list[ast.ConstraintStmt]:
    """The model's sign lines: `g[r, c] < g[r2, c2]` or `>`, two neighbouring cells of one of `grids`."""
    return [s for s in tree.statements if isinstance(s, ast.ConstraintStmt) and _sign(s, grids) is not None]


def _sign(statement: ast.ConstraintStmt, grids: set[str]) -> tuple[str, Index, Index] | None:
    """(the grid, one cell, the other) of a sign line, or None when the statement is none."""
    node = statement.condition
    if not (isinstance(node, ast.Compare) and node.op in ("<", ">")):
        return None
    sides = [_cell(side) for side in (node.left, node.right)]
    one, other = sides
    if one is None or other is None or one[0] != other[0] or one[0] not in grids:
        return None
    (r, c), (r2, c2) = one[1], other[1]
    return (one[0], one[1], other[1]) if abs(r - r2) + abs(c - c2) == 1 else None


def _cell(node: ast.Node) -> tuple[str, Index] | None:
    if (isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and len(node.indices) == 2
            and all(isinstance(i, ast.Num) for i in node.indices)):
        r, c = (i.value for i in node.indices if isinstance(i, ast.Num))
        return node.target.name, (r, c)
    return None


class SignsGenerator:
    """A Futoshiki's generator: its `given` block, its grid's neighbouring pairs, and the session."""

    def __init__(self, model: Lowered) -> None:
        self.name, self.text = model.name, model.text
        self.blocks = GivenBlocks(model.text, model.name)
        names = {decl.name for decl in self.blocks.decls}
        self.statements = sign_statements(self.blocks.tree, names)
        if len({_sign(s, names)[0] for s in self.statements}) != 1:  # type: ignore[index]
            raise CspdslError("generate draws the signs of one grid: these sign lines compare cells of two",
                              self.statements[0].span)
        kept = tuple(s for s in self.blocks.tree.statements
                     if not isinstance(s, ast.GivenDecl) and s not in self.statements)
        base = lower(ast.Model(kept))
        validate(base.problem)
        self.grids = {grid.name: grid for grid in base.layout.grids}
        self.grid: Grid = self.grids[_sign(self.statements[0], names)[0]]  # type: ignore[index]
        self.signs = _signs(self.grid)
        extra: dict[int, tuple[Constraint, ...]] = {
            k: (_less(self.grid, one, other) if op == "<" else _less(self.grid, other, one),)
            for k, (one, op, other) in enumerate(self.signs)}
        self.clues = GivenClues(base.problem, self.blocks.cells(self.grids), extra)

    def puzzle(self, seed: int) -> tuple[str, list[str]]:
        """(the text of this seed's puzzle, its signs and givens as written): a fact of the model and the seed."""
        rng = random.Random(seed)
        cells, solution = random_solution(self.clues, rng)
        givens = dict(cells)
        signs = {k for k, (one, op, other) in enumerate(self.signs)
                 if (solution[_var(self.grid, one)] < solution[_var(self.grid, other)]) == (op == "<")}
        active = self.clues.other_than(solution)
        try:
            for var in rng.sample(sorted(givens), len(givens)):
                check_deadline()
                if self.clues.unique_under(active, {v: n for v, n in givens.items() if v != var}, signs):
                    del givens[var]
            for k in rng.sample(sorted(signs), len(signs)):
                if self.clues.unique_under(active, givens, signs - {k}):
                    signs.discard(k)
        finally:
            self.clues.retire(active)
        lines = [self.sign_text(self.signs[k]) for k in sorted(signs)]
        header = f"{GENERATED_MARK} --seed {seed}: {_counted(len(signs), 'sign')}, {_counted(len(givens), 'given')}"
        text = self.rewritten(givens, lines, header)
        check_unique(text, self.name, solution)
        return text, [*lines, *(f"{var} = {value}" for var, value in sorted(givens.items()))]

    def sign_text(self, sign: Sign) -> str:
        (r, c), op, (r2, c2) = sign
        rows, columns = self.grid.index_ranges
        return f"{self.grid.name}[{rows[r]}, {columns[c]}] {op} {self.grid.name}[{rows[r2]}, {columns[c2]}]"

    def rewritten(self, givens: dict[str, int], lines: list[str], header: str) -> str:
        """The model's text with its `given` block showing `givens` and its sign lines replaced by
        `lines`, where the first sign line stood."""
        text = self.blocks.rewritten(self.grids, givens, header)
        bom = BOM if text.startswith(BOM) else ""
        rows = text.removeprefix(bom).split("\n")
        shift = 1 if not self.text.removeprefix(bom).startswith(GENERATED_MARK) else 0  # the header added
        places = sorted({s.span.line - 1 + shift for s in self.statements})
        newline = "\r" if rows[places[0]].endswith("\r") else ""
        for place in reversed(places[1:]):
            del rows[place]
        rows[places[0]:places[0] + 1] = [line + newline for line in lines]
        return bom + "\n".join(rows)

    def close(self) -> None:
        self.clues.close()


def _signs(grid: Grid) -> list[Sign]:
    """Each pair of neighbouring cells (the second to the right of or below the first, as the
    picture's rows and columns count from 0), in both directions."""
    rows, columns = (len(r) for r in grid.index_ranges)
    found: list[Sign] = []
    for r in range(rows):
        for c in range(columns):
            for other in ((r, c + 1), (r + 1, c)):
                if other[0] < rows and other[1] < columns:
                    found += [((r, c), "<", other), ((r, c), ">", other)]
    return found


def _less(grid: Grid, one: Index, other: Index) -> Linear:
    """The cell `one` holds less than `other`."""
    return Linear(((1, _var(grid, one)), (-1, _var(grid, other))), "<=", -1)


def _var(grid: Grid, cell: Index) -> str:
    """The variable of a cell, by its row and column in the picture (from 0)."""
    rows, columns = grid.index_ranges
    return grid.cells[rows[cell[0]], columns[cell[1]]]


def _counted(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
