"""Indexing: `q[3]`, `g[r, c]`, with constant indices, with indices over variables (an element: the
cell the variables choose), and with slices (`q[2..5]`, `g[r, ..]`) that make lists.

An index over variables is lowered into the IR's existing kinds, not a kind of its own: an auxiliary
variable `_element#N` holds the chosen value, and for each index value i a clue `index != i or
_element == item_i` ties it to the list. Every backend (and the checker) then knows it already; the
SAT backend's measurements against the alternatives are in docs/backend-sat.md ("Element").
An index that would fall outside the list cannot hold: its values are cut to the list's range.
"""

from __future__ import annotations

import itertools
from abc import abstractmethod
from collections.abc import Mapping, Sequence

from .. import ir
from ..core.errors import Span
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, any_of, in_values, linear, negate, plain_variable
from .context import Context, error, new_aux_name, range_text
from .products import values_of
from .values import Array, Attribute

# An evaluated index: a number, a slice (the indices it keeps), or numbers chosen by variables.
Index = int | list[int] | Lin
# What an element chooses from: for each choice, the conditions on the indices and the item.
Choices = list[tuple[list[ir.Constraint], Lin]]


class Indexing(Context):
    """`target[...]` for arrays and lists, and the elements that indices over variables choose."""

    def __init__(self, params: Mapping[str, object]):
        super().__init__(params)
        self.elements: dict[Any, str] = {}  # the elements made so far, by their choices: `q[i]` twice is one
        self.cuts: set[tuple[Lin, tuple[int, ...]]] = set()  # the indices cut so far, to their values

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
            self.refuse_arithmetic(value, node, alone=False)
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
                raise error(f"slice {lo}..{hi} is outside {name}'s range {range_text(allowed)}", node)
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
                raise error(f"index {value} is outside {array.name}'s range {range_text(allowed)}", index_node)
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
        index_nodes = [*node.indices, *[node] * len(array.ranges)]  # a missing index: at the whole
        axes = [self.axis(*parts, array.name) for parts in zip(indices, array.ranges, index_nodes, strict=False)]
        choices: Choices = []
        for point in itertools.product(*axes):
            conditions = [c for c, _ in point if c is not None]
            index = tuple(v for _, v in point)
            cell = self.white_cell(array, index, node, "an index over variables may not reach a black cell: narrow it")
            choices.append((conditions, Lin(((1, cell),))))
        return self.element(choices, node.span)

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
        return [(linear(index, "==", v), v) for v in self.index_values(index, allowed, node, name)]

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
                raise error(f"index {index} is outside 1..{len(items)}", node.indices[0])
            return items[index - 1]
        if not all(isinstance(item, Lin) or (isinstance(item, int) and not isinstance(item, bool)) for item in items):
            raise error(
                "only a list of numbers or variables can be indexed by a variable",
                node.target,
                "an index over variables chooses a number; a list of lists or conditions cannot be chosen from",
            )
        values = self.index_values(index, positions, node.indices[0], "the list")
        return self.element(
            [([linear(index, "==", i)], as_number(items[i - 1])) for i in values], node.span
        )

    # ---- elements --------------------------------------------------------------------------------

    def index_values(self, index: Lin, allowed: list[int], node: ast.Node, name: str) -> list[int]:
        """The values of an index over variables that fall inside `allowed`; the index is cut to them
        (posted as part of the model's declarations: an index outside cannot hold)."""
        possible = values_of(self.scope, index, node.span)
        inside = [v for v in allowed if v in possible]
        if not inside:
            raise error(f"this index can take no value in {name}'s range {range_text(allowed)}", node)
        if len(inside) < len(possible) and (index, tuple(inside)) not in self.cuts:
            self.cuts.add((index, tuple(inside)))
            self.problem.post(in_values(index, inside), node.span)
        return inside

    def element(self, choices: Choices, span: Span) -> Lin:
        """The item the conditions choose, as an auxiliary variable tied to each choice (the same
        item everywhere needs none)."""
        items = {item for _, item in choices}
        if len(items) == 1:
            return items.pop()
        key = tuple((tuple(conds), item) for conds, item in choices)
        cached = self.elements.get(key)
        if cached is not None:
            return Lin(((1, cached),))
        domain = sorted(set().union(*(values_of(self.scope, item, span) for item in items)))
        name = new_aux_name(self.scope, "element")
        self.problem.add_var(name, tuple(domain), output=False)
        if all(plain_variable(item) in self.layout.symbolic for item in items):
            self.layout.symbolic.add(name)  # chosen from variables of names: a name too
        result = Lin(((1, name),))
        for conditions, item in choices:
            tie = linear(result.plus(item, -1), "==", 0)
            self.problem.post(any_of([*map(negate, conditions), tie]), span)
        self.elements[key] = name
        return result


def as_number(item: Any) -> Lin:
    """A list's item already known to be a number or a linear expression."""
    return item if isinstance(item, Lin) else Lin((), int(item))
