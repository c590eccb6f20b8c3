"""Indexing: `q[3]`, `g[r, c]`, with constant indices, with indices over variables (an element: the
cell the variables choose, `elements.py`), and with slices (`q[2..5]`, `g[r, ..]`) that make lists.
"""

from __future__ import annotations

import itertools
from abc import abstractmethod
from collections.abc import Sequence

from .. import ir
from ..core.static_types import TYPE_CHECKING, Any
from ..syntax import ast
from .build import Lin, linear
from .context import Context, error, outside, range_text
from .named_values import refuse_arithmetic
from .values import Array, Attribute

if TYPE_CHECKING:
    from .elements import Choices

# An evaluated index: a number, a slice (the indices it keeps), or numbers chosen by variables.
Index = int | list[int] | Lin


class Indexing(Context):
    """`target[...]` for arrays and lists, and the elements that indices over variables choose."""

    @abstractmethod
    def constant_int(self, node: ast.Node) -> int:
        """A node that must be a constant number (defined by `Expressions`)."""

    def eval_Index(self, node: ast.Index) -> Any:
        """`a[i]`, `a[i, j]`, `a[i]` of a 2-D array (its row i), slices of them; `list[i]` counts from 1."""
        target = self.eval(node.target)
        if isinstance(target, Attribute):
            raise error(
                f"'{target.name}[...]' names the value at a position; it can only stand alone in an "
                f"answer, as in {{{target.name}[...]}}",
                node,
            )
        if isinstance(target, Array):
            return self.index_array(target, node)
        if isinstance(target, list):
            return self.index_list(target, node)
        raise error("only arrays and lists can be indexed", node.target)

    def eval_WholeRange(self, node: ast.WholeRange) -> Any:
        raise error("'..' alone stands only as an index, for a whole dimension: g[r, ..]", node)

    def index_value(self, node: ast.Node, allowed: list[int], name: str) -> Index:
        """One index: a constant, a slice's indices among `allowed` (named `name` in errors), or a
        linear expression over variables."""
        if isinstance(node, ast.WholeRange):
            return list(allowed)
        value = self.eval(node)
        if isinstance(value, range):
            return self.slice_of(value, allowed, name, node)
        if isinstance(value, Lin):
            refuse_arithmetic(self.layout.symbolic, value, node, alone=False)
            return value if value.terms else value.const
        if isinstance(value, bool) or not isinstance(value, int):
            raise error("expected an index: a number, a slice 'lo..hi' or '..'", node)
        return value

    def slice_of(self, value: range, allowed: list[int], name: str, node: ast.Node) -> list[int]:
        """The indices of `allowed` from a slice's first to its last, both of which must be indices."""
        if not value:
            raise error(f"slice {value.start}..{value.stop - 1} is empty", node)
        lo, hi = value[0], value[-1]
        for end in (lo, hi):
            if end not in allowed:
                raise outside(f"slice {lo}..{hi} is outside {name}'s range {range_text(allowed)}", node)
        return [i for i in allowed if lo <= i <= hi]

    # ---- arrays ----------------------------------------------------------------------------------

    def index_array(self, array: Array, node: ast.Index) -> Any:
        """A cell, or the list of cells a slice (or a missing last index: a row) selects, in reading
        order; a cell chosen by variables is an element."""
        if len(node.indices) > len(array.ranges):
            raise error(f"'{array.name}' has {len(array.ranges)} dimension(s)", node)
        indices = [self.index_value(i, r, array.name) for i, r in zip(node.indices, array.ranges, strict=False)]
        for dimension, (value, index_node) in enumerate(zip(indices, node.indices, strict=False)):
            if isinstance(value, int) and not array.allows(dimension, value):
                allowed = array.ranges[dimension]
                raise outside(f"index {value} is outside {array.name}'s range {range_text(allowed)}", index_node)
        point = tuple(i for i in indices if type(i) is int)
        if len(point) == len(array.ranges):  # one cell at constant indices: the usual case, made at once
            return Lin(((1, self.white_cell(array, point, node)),))
        indices += [list(r) for r in array.ranges[len(indices) :]]  # g[2] is row 2
        axes: list[Sequence[int | Lin]] = [i if isinstance(i, list) else [i] for i in indices]
        cells = [self.array_cell(array, point, node) for point in itertools.product(*axes)]
        return cells if any(isinstance(i, list) for i in indices) else cells[0]

    def array_cell(self, array: Array, indices: Sequence[int | Lin], node: ast.Index) -> Lin:
        """The cell at constant indices, or the element the indices over variables choose."""
        constants = tuple(i for i in indices if isinstance(i, int))
        if len(constants) == len(indices):
            return Lin(((1, self.white_cell(array, constants, node)),))
        from .elements import element  # here: only an index over variables

        index_nodes = [*node.indices, *[node] * len(array.ranges)]  # a missing index: at the whole
        axes = [self.axis(*parts, array.name) for parts in zip(indices, array.ranges, index_nodes, strict=False)]
        choices: Choices = []
        for point in itertools.product(*axes):
            conditions = [c for c, _ in point if c is not None]
            index = tuple(v for _, v in point)
            cell = self.white_cell(array, index, node, "an index over variables may not reach a black cell: narrow it")
            choices.append((conditions, Lin(((1, cell),))))
        return element(self.scope, choices, node.span, self.layout.symbolic)

    def white_cell(self, array: Array, index: tuple[int, ...], node: ast.Index, hint: str | None = None) -> str:
        """The variable of a cell; a black cell of a grid drawn with a shape has none."""
        if index not in array.cells:
            from .runs import black_cell

            raise black_cell(array.name, index, node, hint)
        return array.cells[index]

    def axis(
        self, index: int | Lin, allowed: list[int], node: ast.Node, name: str
    ) -> list[tuple[ir.Constraint | None, int]]:
        """The values one index of `name` can take, each with the condition that it takes it (None: a
        constant)."""
        if isinstance(index, int):
            return [(None, index)]
        from .elements import index_values

        return [(linear(index, "==", v), v) for v in index_values(self.scope, index, allowed, node, name)]

    # ---- lists -----------------------------------------------------------------------------------

    def index_list(self, items: list[Any], node: ast.Index) -> Any:
        """An item of a list (counting from 1), a slice of it, or the item a variable index chooses."""
        if len(node.indices) != 1:
            raise error("a list takes one index", node)
        positions = list(range(1, len(items) + 1))
        index = self.index_value(node.indices[0], positions, "the list")
        if isinstance(index, list):
            return [items[i - 1] for i in index]
        if isinstance(index, int):
            if not 1 <= index <= len(items):
                raise outside(f"index {index} is outside 1..{len(items)}", node.indices[0])
            return items[index - 1]
        if not all(isinstance(item, Lin) or (isinstance(item, int) and not isinstance(item, bool)) for item in items):
            raise error(
                "only a list of numbers or variables can be indexed by a variable",
                node.target,
                "an index over variables chooses a number; a list of lists or conditions cannot be chosen from",
            )
        from .elements import element, index_values

        values = index_values(self.scope, index, positions, node.indices[0], "the list")
        choices: Choices = [([linear(index, "==", i)], as_number(items[i - 1])) for i in values]
        return element(self.scope, choices, node.span, self.layout.symbolic)


def as_number(item: Any) -> Lin:
    """A list's item already known to be a number or a linear expression."""
    return item if isinstance(item, Lin) else Lin((), int(item))
