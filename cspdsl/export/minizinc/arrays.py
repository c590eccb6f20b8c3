"""The model's variables as MiniZinc declares them: each declared grid an array over its index
ranges, each attribute of an entity puzzle and each board an array over 1..k with a comment naming
its keys, and the rest (scalars, auxiliaries) one by one. `refs` maps each IR variable to its
MiniZinc expression (`cell[1,3]`, `nationality[2]`, `hex[1]`, `aux_abs_1`), for the constraints
written from the IR."""

from __future__ import annotations

import math
import re
from collections import defaultdict

from ...core.record import Record, field
from ...ir import Problem
from ...lower.layout import Layout
from .entities import attribute_enums
from .shapes import Shape, shape_declaration
from .writers import RESERVED, domain_text, identifiers, string, unused

# An IR variable of an array: `base[i,j]` with whole-number indices.
_ARRAY_CELL = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\[(-?\d+(?:,-?\d+)*)\]$")


class Array(Record, frozen=False):
    """A MiniZinc array of variables: its index sets, its domain, its cells (index -> IR variable)
    and, for an array over keys (an attribute's values, a board's cells), the key of each index."""

    name: str
    index_sets: list[str]
    domain: str
    cells: dict[tuple[int, ...], str]
    keys: list[str] | None = None
    source: str = ""  # the model's name for it
    meaning: str = ""  # what a cell holds, for an array over keys ({keys}: its keys' array)
    written: tuple[list[str], str] | None = None  # the index sets and domain as the model writes them (1..n)
    enum: tuple[str, list[str]] | None = None  # an attribute's enum: its name, its values' MiniZinc names
    shape: Shape | None = None  # a grid drawn with a shape: its black cells, which hold 0

    @property
    def sets(self) -> list[str]:
        """The index sets as declared: the enum, or as the model writes them where it can."""
        if self.enum is not None:
            return [self.enum[0]]
        return self.written[0] if self.written is not None else self.index_sets

    def ref(self, index: tuple[int, ...]) -> str:
        if self.enum is not None:
            return f"{self.name}[{self.enum[1][index[0] - 1]}]"
        return f"{self.name}[{', '.join(map(str, index))}]"


class Declared(Record, frozen=False):
    """The arrays and scalars declared, and the MiniZinc expression of every IR variable."""

    arrays: list[Array] = field(default_factory=list)
    scalars: dict[str, str] = field(default_factory=dict)  # IR variable -> identifier
    refs: dict[str, str] = field(default_factory=dict)
    by_source: dict[str, Array] = field(default_factory=dict)  # the model's name -> its array
    pars: set[str] = field(default_factory=set)  # the params, lets and region maps written as MiniZinc pars

    def array_named(self, name: str) -> Array | None:
        return self.by_source.get(name)


def declare(problem: Problem, layout: Layout, scalar_names: set[str], model_names: set[str],
            shaped: frozenset[str] = frozenset()) -> Declared:
    """The arrays of the layout (attributes, boards, grids, the `shaped` grids drawn with black
    cells) and of the IR's `base[i,j]` variables that fill a box, then every other variable alone
    (`scalar_names`: the model's own scalars), and an enum for each attribute that can have one
    (`model_names`: the names the model uses)."""
    found = Declared()
    taken: set[str] = set()
    for array in _layout_arrays(layout, shaped) + _named_arrays(problem, layout):
        name = _free(array.source, taken)
        array.name = name
        if array.keys is not None:
            taken.add(f"{name}_keys")
        if array.shape is not None:
            array.shape.mask = _free(f"{name}_shape", taken | model_names)
            taken.add(array.shape.mask)
        found.arrays.append(array)
        found.by_source[array.source] = array
    in_arrays = {var for array in found.arrays for var in array.cells.values()}
    rest = [v for v in problem.variables if v not in in_arrays]
    for var, name in identifiers(rest).items():
        mine = var if var in scalar_names and var not in taken and var not in RESERVED else _free(name, taken)
        taken.add(mine)
        found.scalars[var] = found.refs[var] = mine
    for attribute, enum in attribute_enums(layout, taken | model_names).items():
        found.by_source[attribute].enum = enum
    for array in found.arrays:
        if array.shape is not None:
            array.shape.zero_outside = all(0 not in problem.variables[v].domain for v in array.cells.values())
        array.domain = _array_domain(problem, array)
        for index, var in array.cells.items():
            found.refs[var] = array.ref(index)
    return found


def _free(name: str, taken: set[str]) -> str:
    """A MiniZinc identifier for `name`, not yet taken (and now taken)."""
    base = re.sub(r"[^A-Za-z0-9_]+", "_", name).strip("_") or "v"
    base = f"v_{base}" if base[0].isdigit() or base[0] == "_" else base
    candidate = unused(base, taken | RESERVED, "_")
    taken.add(candidate)
    return candidate


def _layout_arrays(layout: Layout, shaped: frozenset[str]) -> list[Array]:
    """The attributes of the entities, the boards, the full grids and the grids drawn with a shape,
    as the model names them."""
    arrays = []
    if layout.entities is not None:
        for attribute, values in layout.entities.attributes.items():
            cells: dict[tuple[int, ...], str] = {(i,): var for i, var in enumerate(values.values(), start=1)}
            meaning = f"the {layout.entities.name} of each value named in {{keys}}"
            arrays.append(Array(attribute, [f"1..{len(cells)}"], "", cells, list(values), attribute, meaning))
    for board in layout.boards:
        cells = {(i,): var for i, var in enumerate(board.variables.values(), start=1)}
        meaning = "a cell of the board, named in {keys}"
        arrays.append(Array(board.name, [f"1..{len(cells)}"], "", cells, list(board.variables), board.name, meaning))
    for grid in layout.grids:
        index_sets = [f"{r[0]}..{r[-1]}" for r in grid.index_ranges]
        if _fills_its_box(grid.index_ranges, grid.cells):
            arrays.append(Array(grid.name, index_sets, "", dict(grid.cells), source=grid.name))
        elif grid.name in shaped and len(grid.index_ranges) == 2 and _fills_its_box(grid.index_ranges, {
                (r, c): "" for r in grid.index_ranges[0] for c in grid.index_ranges[1]}):
            rows, cols = grid.index_ranges
            holes = frozenset((r, c) for r in rows for c in cols if (r, c) not in grid.cells)
            shape = Shape("", [(rows[0], rows[-1]), (cols[0], cols[-1])], holes)
            arrays.append(Array(grid.name, index_sets, "", dict(grid.cells), source=grid.name, shape=shape))
    return arrays


def _named_arrays(problem: Problem, layout: Layout) -> list[Array]:
    """The `base[i,j]` variables outside the layout (the hidden arrays of a model with `show`) that
    fill a box of consecutive indices."""
    shown = {g.name for g in layout.grids}
    groups: dict[str, dict[tuple[int, ...], str]] = defaultdict(dict)
    for var in problem.variables:
        match = _ARRAY_CELL.match(var)
        if match and match.group(1) not in shown:
            groups[match.group(1)][tuple(int(i) for i in match.group(2).split(","))] = var
    arrays = []
    for base, cells in groups.items():
        dims = {len(index) for index in cells}
        if len(dims) != 1:
            continue
        ranges = [sorted({index[d] for index in cells}) for d in range(dims.pop())]
        if _fills_its_box(ranges, cells):
            arrays.append(Array(base, [f"{r[0]}..{r[-1]}" for r in ranges], "", cells, source=base))
    return arrays


def _fills_its_box(ranges: list[list[int]], cells: dict[tuple[int, ...], str]) -> bool:
    """Whether the cells are every index of consecutive ranges (a shaped grid's black cells are not)."""
    consecutive = all(r == list(range(r[0], r[0] + len(r))) for r in ranges if r)
    return consecutive and all(ranges) and len(cells) == math.prod(len(r) for r in ranges)


def _array_domain(problem: Problem, array: Array) -> str:
    """The values every cell may take: the cells' one domain, or the smallest range holding them
    all (`narrower` then posts what a cell's own domain leaves out)."""
    domains = {problem.variables[v].domain for v in array.cells.values()}
    if array.shape is not None and array.shape.zero_outside:  # the black cells hold 0
        domains = {tuple(sorted({0, *d})) for d in domains}
    if len(domains) == 1:
        return domain_text(domains.pop())
    values = sorted({v for d in domains for v in d})
    return f"{values[0]}..{values[-1]}"


def narrower(problem: Problem, declared: Declared) -> list[str]:
    """`constraint x in D;` for each array cell whose domain is narrower than its array's."""
    lines = []
    for array in declared.arrays:
        for var in array.cells.values():
            values = problem.variables[var].domain
            if array.shape is not None and array.shape.zero_outside:  # the shape keeps its cells off 0
                values = tuple(sorted({0, *values}))
            if domain_text(values) != array.domain:
                lines.append(f"constraint {declared.refs[var]} in {domain_text(values) if values else '{}'};")
    return lines


def declaration(array: Array) -> list[str]:
    """`array[1..9, 1..9] of var 1..9: cell;`, with the keys named above an array over keys."""
    lines = []
    if array.enum is not None:
        lines.append(f"enum {array.enum[0]} = {{{', '.join(array.enum[1])}}};")
    elif array.keys is not None:
        keys = ", ".join(string(k) for k in array.keys)
        lines.append(f"array[{array.index_sets[0]}] of string: {array.name}_keys = [{keys}];")
    sets = ", ".join(array.sets)
    note = f"  % {array.meaning.format(keys=f'{array.name}_keys')}" if array.meaning and array.enum is None else ""
    domain = array.written[1] if array.written is not None else array.domain
    lines.append(f"array[{sets}] of var {domain}: {array.name};{note}")
    if array.shape is not None:
        return shape_declaration(array.shape, array.name, lines[-1])
    return lines
