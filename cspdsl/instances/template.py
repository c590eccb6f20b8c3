"""A model made ready for many instances: lowered once without its `given` pictures, and what an
instance may set.

What a model lets an instance set is what it declares:
- each `param` (as `-D` does; the model is then lowered again for that instance's params);
- each array or grid of variables (`var cell[1..9, 1..9]`): givens for its cells; where the model
  draws a `given` picture for it, that picture is the default an instance replaces;
- each scalar variable (`var x in 1..9`): a value.
The base that a backend compiles once has no givens at all: the model's own pictures are givens of
every instance that does not replace them, fixed per instance as the instance's are (`Instance`).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress, product

from ..core.errors import CspdslError
from ..ir import InSet, Posted, validate
from ..lower import Lowered, lower
from ..lower.layout import Grid
from ..lower.load import loads
from ..syntax import ast
from ..syntax.parser import parse


class Template:
    """The model's base (its IR and layout without the `given` pictures), the model's default givens,
    and the names an instance may set."""

    def __init__(self, text: str, name: str, params: Mapping[str, object] | None = None) -> None:
        whole = loads(text, name, params)  # the whole model checked as `solve` checks it, its pictures too
        if whole.problem.sequential is not None:
            raise CspdslError("instances are of a model solved as a whole, not of a sequential puzzle (a start, "
                              "moves and a goal)", hint=f"solve it with 'cspdsl solve {name}'")
        tree = parse(text, name)
        statements = tuple(s for s in tree.statements if not isinstance(s, ast.GivenDecl))
        self.base: Lowered = lower(ast.Model(statements), params)
        validate(self.base.problem)
        self.base.text, self.base.name, self.base.params = text, name, dict(params or {})
        self.params = [s.name for s in tree.statements if isinstance(s, ast.ParamDecl)]
        self.grids: dict[str, Grid] = {grid.name: grid for grid in self.base.layout.grids}
        self.scalars: dict[str, str] = dict(self.base.layout.scalars)
        self.pictured = [s.name for s in tree.statements if isinstance(s, ast.GivenDecl)]
        self.defaults: dict[str, dict[str, int]] = {}
        self._orders: dict[str, list[tuple[tuple[int, ...], str | None, tuple[int, ...]]]] = {}
        self.given_posted = GivenClues()
        self._readers: dict[str, LineReader | None] = {}
        for s in tree.statements:
            if isinstance(s, ast.GivenDecl):
                self.defaults.setdefault(s.name, {}).update(self._picture(s))
        self._line_grid = self._the_line_grid()
        # Pictures of grids other than the one a line fills: they join a line's givens.
        self._other_pictures = any(self._line_grid is None or name != self._line_grid.name for name in self.defaults)

    def _picture(self, s: ast.GivenDecl) -> dict[str, int]:
        """The cells a `given` picture fixes, as lowering reads it (`lower/statements.py`)."""
        grid = self.grids[s.name]
        ranges = grid.index_ranges
        fixed = {}
        for r, row in enumerate(s.grid.rows):
            for c, cell in enumerate(row.cells):
                if cell.value is None:
                    continue
                index = (ranges[-1][c],) if len(ranges) == 1 else (ranges[0][r], ranges[1][c])
                fixed[grid.cells[index]] = cell.value
        return fixed

    def reading_order(self, grid: Grid) -> list[tuple[tuple[int, ...], str | None, tuple[int, ...]]]:
        """Each position of the grid in reading order: its index, its variable (None: a black cell)
        and that variable's domain; worked out once a grid."""
        if grid.name not in self._orders:
            domain = self.domain
            self._orders[grid.name] = [
                (index, grid.cells.get(index), domain(grid.cells[index]) if index in grid.cells else ())
                for index in positions(grid)
            ]
        return self._orders[grid.name]

    def line_reader(self, grid: Grid) -> LineReader | None:
        """For a grid without black cells whose cells share one domain, the reader of a line of its
        digits and blanks with no cell-by-cell checks (`LineReader`); None for any other grid."""
        if grid.name not in self._readers:
            order = self.reading_order(grid)
            domains = {domain for _, _, domain in order}
            reader = None
            if all(var is not None for _, var, _ in order) and len(domains) == 1:
                digits = {str(v): v for v in next(iter(domains)) if 0 <= v <= 9}
                reader = LineReader([str(var) for _, var, _ in order], digits, "._" if "0" in digits else "._0")
            self._readers[grid.name] = reader
        return self._readers[grid.name]

    def line_givens(self, text: str) -> dict[str, int] | None:
        """Every given of an instance that is one line of the line grid's characters, where its
        `LineReader` reads it; else None (`resolve` reads it then, and says what is wrong with it)."""
        grid = self._line_grid
        if grid is None:
            return None
        reader = self.line_reader(grid)
        fixed = None if reader is None else reader.givens(text)
        if fixed is None or not self._other_pictures:
            return fixed
        return self.givens({grid.name: fixed}, {})

    @property
    def line_grid(self) -> Grid | None:
        """The grid a line of characters fills: the one the model draws givens for, or its only grid."""
        return self._line_grid

    def _the_line_grid(self) -> Grid | None:
        names = list(dict.fromkeys(self.pictured)) or list(self.grids)
        return self.grids[names[0]] if len(names) == 1 else None

    def settable(self) -> list[str]:
        """The names an instance may set, params first."""
        return [*self.params, *self.grids, *self.scalars]

    def domain(self, var: str) -> tuple[int, ...]:
        return self.base.problem.variables[var].domain

    def givens(self, chosen: Mapping[str, Mapping[str, int]], values: Mapping[str, int]) -> dict[str, int]:
        """Every given of an instance: the model's pictures of the grids it does not set, the grids it
        sets (`chosen`, by grid), and its variables' values."""
        fixed: dict[str, int] = {}
        for grid, pictured in self.defaults.items():
            if grid not in chosen:
                fixed.update(pictured)
        for cells in chosen.values():
            fixed.update(cells)
        fixed.update(values)
        return fixed


class GivenClues(dict[tuple[str, int], Posted]):
    """The clue that fixes a variable at a value, as a `given` picture posts it, by (variable, value):
    made on first use, one object each (an instance's model is built by C-level lookups of these)."""

    def __missing__(self, key: tuple[str, int]) -> Posted:
        posted = self[key] = Posted(InSet(key[0], (key[1],)), None, ())
        return posted


class LineReader:
    """A line of one character a cell, read into givens by C calls alone: each character translated
    at once (`bytes.translate`) into whether it fixes its cell and to what value, the cells it fixes
    picked by `compress`. A line of another length, or with a character that is neither one of the
    domain's digits nor a blank, is not read here (None: `resolve` reads it and says what is wrong)."""

    def __init__(self, cells: list[str], digits: dict[str, int], blanks: str) -> None:
        self.cells = cells
        codes = [chr(code) for code in range(256)]
        self.fixes = bytes(1 if char in digits else 0 if char in blanks else 255 for char in codes)
        self.values = bytes(digits.get(char, 0) for char in codes)

    def givens(self, text: str) -> dict[str, int] | None:
        if len(text) != len(self.cells) or not text.isascii():
            return None
        raw = text.encode()
        fixes = raw.translate(self.fixes)
        if 255 in fixes:
            return None
        return dict(zip(compress(self.cells, fixes), compress(raw.translate(self.values), fixes), strict=True))


def shape_text(grid: Grid) -> str:
    """9x9, 2x3x3, or 1 row of 8, as messages say a grid's shape."""
    sizes = [len(r) for r in grid.index_ranges]
    return "x".join(map(str, sizes)) if len(sizes) > 1 else f"1 row of {sizes[0]}"


def cell_count(grid: Grid) -> int:
    count = 1
    for r in grid.index_ranges:
        count *= len(r)
    return count


def positions(grid: Grid) -> list[tuple[int, ...]]:
    """The grid's indices in reading order, black cells too."""
    return list(product(*grid.index_ranges))

