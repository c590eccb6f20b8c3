"""Evaluating expressions: names, indexing, groups, lists, arithmetic folded over constants, linear
forms, and the auxiliary variables that abs(...), distance(...) and products (`products.py`) need."""

from __future__ import annotations

import itertools

from .. import ir
from ..core.errors import CspdslError, Span, did_you_mean
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, linear
from .calls import (
    AREA_CALLS,
    GRAPH_CALLS,
    LOOP_CELL_CALLS,
    LOOP_CLUES,
    NEIGHBOUR_CALLS,
    PARTITION_CALLS,
    PATH_CLUES,
    SIGHT_CALLS,
    TILING_CALLS,
)
from .context import MAX_DOMAIN, MAX_INT, AttributeValue, KeyValue, Param, error, method_for, new_aux_name
from .forms import ABS_FUNCTIONS, CONDITION_CALLS, VALUE_CALLS, left_spine
from .indexing import Indexing
from .named_values import refuse_arithmetic, refuse_order
from .values import (
    Array,
    Attribute,
    BoardValue,
    RegionsValue,
    as_lin,
    as_list,
    check_lin,
    check_size,
    int_values_of,
)

# Every function a clue may call (the last four `eval_Call` reads itself): for "did you mean" and the
# language server's completion.
KNOWN_CALLS = (*CONDITION_CALLS, *VALUE_CALLS, *AREA_CALLS, *NEIGHBOUR_CALLS, *SIGHT_CALLS, *GRAPH_CALLS,
               *PARTITION_CALLS, *TILING_CALLS, *LOOP_CLUES, *LOOP_CELL_CALLS, *PATH_CLUES,
               "runs", "visible", "reversed", "segments")


class Expressions(Indexing):
    """Expressions to values: `eval` dispatches on the node's type to an `eval_<Node>` method."""

    def eval(self, node: ast.Node) -> Any:
        """The value of a node: by its eval_<Node> method; a node without one is a condition."""
        method = method_for(self, "eval_", node)
        if method is None:
            raise error(
                "this is a condition; it cannot be used as a value here",
                node,
                "a condition is true or false, not a number; count conditions with "
                "'exactly k of [...]', 'at_least' or 'at_most'",
            )
        return method(self, node)

    def eval_Num(self, node: ast.Num) -> int:
        check_size(node.value, node)
        return node.value

    def eval_Bool(self, node: ast.Bool) -> ir.Constraint:
        return ir.TRUE if node.value else ir.FALSE

    def eval_Str(self, node: ast.Str) -> Any:
        return self.resolve(node.value, node)

    def eval_Name(self, node: ast.Name) -> Any:
        return self.resolve(node.name, node)

    def resolve(self, name: str, node: ast.Node) -> Any:
        """A name's value: a constant, an attribute value's position variable, or what was bound."""
        value = self.declarations.lookup(name, node.span)
        if isinstance(value, Param):
            return value.value
        if isinstance(value, AttributeValue):
            return Lin(((1, value.var),))
        if isinstance(value, KeyValue):
            return value.position
        return value

    def eval_Member(self, node: ast.Member) -> Any:
        """`grid.rows`, `board.lines`, ...: a named group; `board.a`: a cell of a board."""
        target = self.eval(node.target)
        if isinstance(target, RegionsValue):
            from .regions import region_group  # here: a model without regions does not import them

            found = region_group(target, node)
            return [Lin(((1, v),)) if isinstance(v, str) else [Lin(((1, w),)) for w in v] for v in found]
        if isinstance(target, BoardValue) and node.name in target.layout.variables:
            return Lin(((1, target.layout.variables[node.name]),))
        named = self.env.names.get(node.name)
        if isinstance(named, Attribute) and not isinstance(target, (Array, BoardValue)):
            from .attribute_numbers import number_of

            return number_of(self.scope, self.layout.entities, named, target, node)
        groups = self.groups_of(target, node)
        if isinstance(target, BoardValue) and node.name not in groups and len(node.name) == 1:
            cells = "".join(sorted(target.layout.variables))
            raise CspdslError(f"the board has no cell '{node.name}'", node.name_span,
                              f"its cells are {_cells_text(cells)}; its groups: {', '.join(groups)}")
        if node.name not in groups:
            raise CspdslError(
                f"'{node.name}' is not a group of this {'board' if isinstance(target, BoardValue) else 'array'}",
                node.name_span,
                did_you_mean(node.name, groups) or f"groups: {', '.join(groups)}",
            )
        found = groups[node.name]
        if isinstance(found, str):  # why the group is missing: a message, then lines of a hint
            message, _, hint = found.partition("\n")
            raise error(message, node.name_span, hint or None)
        if node.name == "boxes" and isinstance(target, Array):
            target.grid.show_boxes = True  # draw the boxes when showing a solution
        if node.name == "cells":
            return [Lin(((1, v),)) for v in found[0]]
        return [[Lin(((1, v),)) for v in group] for group in found]

    def groups_of(self, target: Any, node: ast.Member) -> dict[str, Any]:
        """The named groups of a grid or board: lists of IR variables, or why a group is missing."""
        if isinstance(target, Array) and not target.groups:  # made once an array: `g.rows + g.columns`
            if target.shaped:
                from .runs import run_groups

                target.groups = run_groups(target.ranges, target.cells)
            else:
                from .shapes import array_groups  # here: a model without arrays does not import shapes

                target.groups = array_groups(target.ranges, target.cells, target.grid.box)
        if isinstance(target, Array):
            return target.groups
        if isinstance(target, BoardValue):
            variables = target.layout.variables
            return {k: v if isinstance(v, str) else [[variables[c] for c in g] for g in v]
                    for k, v in target.groups.items()}
        attributes = [name for name, value in self.env.names.items() if isinstance(value, Attribute)]
        if hint := did_you_mean(node.name, attributes, quote_words=True):  # `Ann."last nmae"`, a typo
            raise error(f"unknown attribute '{node.name}'", node.name_span, hint)
        raise error("only grids and boards have named groups", node.target)

    def eval_ListLit(self, node: ast.ListLit) -> list[Any]:
        return [self.eval_item(item) for item in node.items]

    def eval_item(self, node: ast.Node) -> Any:
        """An item of a list: a value, or else a condition (a list of conditions is counted)."""
        try:
            return self.eval(node)
        except CspdslError as error:
            if "this is a condition" in error.message:
                return self.cond(node)
            raise

    def eval_Range(self, node: ast.Range) -> range:
        lo, hi = self.constant_int(node.lo), self.constant_int(node.hi)
        if hi - lo + 1 > MAX_DOMAIN:
            raise error(
                f"range {lo}..{hi} has {hi - lo + 1} values; at most {MAX_DOMAIN} are supported", node
            )
        return range(lo, hi + 1)

    def eval_Comprehension(self, node: ast.Comprehension) -> list[Any]:
        return [self.eval_item(node.body) for _ in self.bindings(node.binders)]

    def eval_BinOp(self, node: ast.BinOp) -> Any:
        """A chain `a + b - c ...` in one loop; once its value is linear, the terms it adds are merged
        at once, at the end of the run (a sum written out with a thousand terms in linear time)."""
        spine = left_spine(node, ast.BinOp)
        value = self.eval(spine[-1].left)
        run: list[Lin] = []  # terms added to the linear `value`, not merged yet
        for step in spine[::-1]:
            right = self.eval(step.right)
            if step.op in ("+", "-") and isinstance(value, Lin) and isinstance(right, (Lin, int)):
                term = as_lin(right, step.right)
                run.append(term if step.op == "+" else term.times(-1))
            else:
                if run:
                    value, run = check_lin(Lin.total([value, *run]), step.left), []
                value = self.binop(step, value, right)
        return check_lin(Lin.total([value, *run]), node) if run else value

    def binop(self, node: ast.BinOp, left: Any, right: Any) -> Any:
        """One operator on the values of its sides."""
        # an array joins a list as its cells, an attribute as its values' positions
        sequences = (list, range, Array, BoardValue, Attribute)
        if node.op == "+" and isinstance(left, sequences) and isinstance(right, sequences):
            return as_list(left, node.left) + as_list(right, node.right)
        if isinstance(left, int) and isinstance(right, int):
            return self.fold(node, left, right)
        a, b = as_lin(left, node.left), as_lin(right, node.right)
        if node.op == "+":
            return check_lin(a.plus(b), node)
        if node.op == "-":
            return check_lin(a.plus(b, -1), node)
        from .products import divide, multiply

        if node.op == "*":
            return multiply(self.scope, a, b, node)
        return divide(self.scope, node.op, a, b, node)

    def fold(self, node: ast.BinOp, a: int, b: int) -> int:
        if node.op in ("//", "%") and b == 0:
            raise error("division by zero", node.right)
        result: int = {
            "+": lambda: a + b,
            "-": lambda: a - b,
            "*": lambda: a * b,
            "//": lambda: a // b,
            "%": lambda: a % b,
        }[node.op]()
        check_size(result, node)
        return result

    def eval_Neg(self, node: ast.Neg) -> Any:
        value = self.eval(node.operand)
        if isinstance(value, int):
            return -value
        return as_lin(value, node.operand).times(-1)

    def eval_Call(self, node: ast.Call) -> Any:
        if node.func == "sum":
            return self.call_sum(node)
        if node.func == "product":
            from .products import product_of

            return product_of(self.scope, node, [self.lin(item, node) for item in self.call_list(node)])
        if node.func in ABS_FUNCTIONS:
            inner = self.abs_argument(node)
            if not inner.terms:
                return abs(inner.const)
            return Lin(((1, self.abs_aux(inner, node.span)),))
        if node.func in ("len", "min", "max"):
            return self.call_on_constants(node)
        if node.func == "number":
            return self.call_number(node)
        if node.func in CONDITION_CALLS:
            return self.cond(node)
        if node.func in NEIGHBOUR_CALLS:
            return self.call_neighbours(node)
        if node.func == "visible":
            from .visibility import visible_value

            return visible_value(self, node)
        if node.func in SIGHT_CALLS:
            from .sight import sight_value

            return sight_value(self, node)
        if node.func == "reversed":
            return self.call_reversed(node)
        if node.func == "runs":
            raise error("runs(...) == [...] is a clue of its own: it cannot be a value or part of a condition",
                        node, "write it on a line of its own (or under a forall): runs(g[3, ..]) == [2, 1]")
        if node.func in AREA_CALLS:
            from .areas import nested_area

            return nested_area(node)
        if node.func in GRAPH_CALLS:
            from .graphs import nested_graph

            return nested_graph(node)
        if node.func in PARTITION_CALLS:
            from .partitions import nested_partition

            return nested_partition(node)
        if node.func in TILING_CALLS:
            from .rectangles import nested_tiling

            return nested_tiling(node)
        if node.func in LOOP_CLUES:
            from .cell_loops import nested_loop

            return nested_loop(node)
        if node.func in PATH_CLUES:
            from .paths import nested_path

            return nested_path(node)
        if node.func in LOOP_CELL_CALLS:
            from .cell_loops import loop_cell_value

            return loop_cell_value(self, node)
        if node.func == "segments":
            return self.call_segments(node)
        raise CspdslError(
            f"unknown function '{node.func}'",
            node.func_span,
            did_you_mean(node.func, KNOWN_CALLS),
        )

    def call_neighbours(self, node: ast.Call) -> list[Lin]:
        """`neighbours(g[r, c])` (also `neighbors`): the cells that share a side with a cell of a grid,
        or that a board's drawing puts next to it; `around(g[r, c])`: those that share a side or a
        corner. In reading order."""
        if len(node.args) != 1:
            raise error(f"{node.func} takes one cell: {node.func}(g[r, c])", node)
        value = self.eval(node.args[0])
        var = value.terms[0][1] if isinstance(value, Lin) and len(value.terms) == 1 and not value.const else None
        group = NEIGHBOUR_CALLS[node.func]
        if var is not None and var not in self.neighbourhoods.get(group, {}):
            self.neighbourhoods.setdefault(group, {}).update(self._neighbourhood_of(var, group, node))
        if var is None or var not in self.neighbourhoods[group]:
            raise error(f"{node.func} takes a cell of a grid or a board, such as g[2, 3] or b.a", node.args[0])
        return [Lin(((1, cell),)) for cell in self.neighbourhoods[group][var]]

    def _neighbourhood_of(self, var: str, group: str, node: ast.Call) -> dict[str, list[str]]:
        """The neighbours of every cell of the grid or board that holds `var` (none if none does)."""
        for owner in self.env.names.values():
            if not isinstance(owner, (Array, BoardValue)):
                continue
            cells = list(owner.cells.values() if isinstance(owner, Array) else owner.layout.variables.values())
            if var in cells:
                from .neighbours import neighbours_of

                pairs = self.groups_of(owner, ast.Member(node.span, node.args[0], group, node.func_span))[group]
                return neighbours_of(pairs, cells)
        return {}

    def call_reversed(self, node: ast.Call) -> list[Any]:
        """`reversed(list)`: its items last first, a row seen from its other end."""
        if len(node.args) != 1:
            raise error("reversed takes one list: reversed(g[r, ..])", node)
        return as_list(self.eval(node.args[0]), node.args[0])[::-1]

    def call_segments(self, node: ast.Call) -> list[Any]:
        """`segments(lines, k)`: the runs of k consecutive cells along lines (`neighbours.segments`)."""
        if len(node.args) != 2:
            raise error("segments takes the lines and a length: segments(b.lines, 3)", node)
        length = self.constant(node.args[1])
        if not isinstance(length, int) or isinstance(length, bool):
            raise error("the length of a segment is a whole number", node.args[1])
        if length < 1:
            raise error("a segment has at least one cell", node)
        from .neighbours import segments

        lines = as_list(self.eval(node.args[0]), node.args[0])
        return segments([as_list(line, node) for line in lines], length)

    def call_sum(self, node: ast.Call) -> Lin | int:
        items = self.call_list(node)  # of nothing: 0, as a filtered list is at its edges
        total = Lin.total(self.lin(item, node) for item in items)
        return total if total.terms else total.const

    def call_number(self, node: ast.Call) -> Lin | int:
        """`number(S, E, N, D)` (or of one list): the digits read as a decimal number, the first the
        most significant, `1000 * S + 100 * E + 10 * N + D`, as cryptarithms write words."""
        digits: list[Any] = list(node.args)
        if len(digits) == 1:
            digits = as_list(self.eval(digits[0]), digits[0])
        if not digits:
            raise error("number of nothing: give it its digits, number(S, E, N, D)", node)
        last = len(digits) - 1
        total = Lin.total(self.lin(digit, node).times(10 ** (last - i)) for i, digit in enumerate(digits))
        return total if total.terms else total.const

    def call_on_constants(self, node: ast.Call) -> int | Lin:
        """len(list), and min or max of numbers (of variables: `products.py`)."""
        args = [self.eval(a) for a in node.args]
        if node.func == "len" and len(args) == 1:
            return len(as_list(args[0], node.args[0]))
        sequences = (list, Array, BoardValue, Attribute)
        items = [item for arg in args for item in (as_list(arg, node) if isinstance(arg, sequences) else [arg])]
        if any(isinstance(item, Lin) for item in items):
            from .products import extreme

            return extreme(self.scope, node.func, [self.lin(item, node) for item in items], node)
        values = int_values_of(args, node)
        if not values:
            raise error(f"{node.func} of nothing: the list is empty", node)
        return min(values) if node.func == "min" else max(values)

    def abs_argument(self, node: ast.Call) -> Lin:
        if node.func == "abs":
            if len(node.args) != 1:
                raise error("abs takes one argument", node)
            inner = self.lin(node.args[0])
        else:
            if len(node.args) != 2:
                raise error("distance takes two arguments: distance(a, b)", node)
            inner = self.lin(node.args[0]).plus(self.lin(node.args[1]), -1)
        refuse_arithmetic(self.layout.symbolic, inner, node, alone=False)
        refuse_order(self.layout.entities, node.func, node.func_span, [inner])
        return inner

    def abs_aux(self, inner: Lin, span: Span) -> str:
        """An auxiliary z = |inner|: it is determined by the model's own variables."""
        from .products import bounds

        lo, hi = bounds(self.scope, inner)
        values = range(0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi)) + 1)
        name = new_aux_name(self.scope, "abs")
        self.problem.add_var(name, tuple(values), output=False)
        z = Lin(((1, name),))
        positive = ir.And((linear(inner, ">=", 0), linear(z.plus(inner, -1), "==", 0)))
        negative = ir.And((linear(inner, "<=", -1), linear(z.plus(inner), "==", 0)))
        self.problem.post(ir.Or((positive, negative)), span)
        return name

    def call_list(self, node: ast.Call) -> list[Any]:
        """The one list argument of a call that takes a list of values (not of groups)."""
        if len(node.args) != 1:
            written = ", ".join(arg.span.text for arg in node.args)
            raise error(f"{node.func} takes one list", node, f"put the values in brackets: {node.func}([{written}])")
        items = as_list(self.eval(node.args[0]), node.args[0])
        self.sizes.add_terms(len(items), f"this {node.func} goes through {len(items)} items", node.args[0].span)
        if items and isinstance(items[0], list):
            raise error(f"{node.func} takes one list of values, not a list of groups", node.args[0],
                         f"use 'forall g in ...: {node.func}(g)'")
        return items

    def constant(self, node: ast.Node) -> Any:
        """A value without variables (a number, a list or range of numbers, ...)."""
        value = self.eval(node)
        if isinstance(value, Lin) or (isinstance(value, list) and any(isinstance(v, Lin) for v in value)):
            raise error("expected a constant, found an expression with variables", node)
        return value

    def constant_int(self, node: ast.Node) -> int:
        value = self.eval(node)
        if isinstance(value, bool) or not isinstance(value, int):
            raise error("expected a constant number", node)
        return value

    def int_values(self, node: ast.Node) -> list[int]:
        """A number, range, set or list of them, as the numbers it holds."""
        value = self.eval(node)
        if isinstance(value, int):
            return [value]
        if type(value) is range and value.step == 1 and value and value[0] >= -MAX_INT and value[-1] <= MAX_INT:
            return list(value)  # a domain `0..9`: every value fits when both ends do
        values = int_values_of(as_list(value, node), node)
        for v in values:
            check_size(v, node)
        return values

    def lin(self, item: Any, context: ast.Node | None = None) -> Lin:
        """A node evaluated as a number, or an already evaluated value (reported at `context`)."""
        if isinstance(item, ast.Node):
            return as_lin(self.eval(item), item)
        assert context is not None
        return as_lin(item, context)


def _cells_text(cells: str) -> str:
    """A board's cell names as a reader lists them: `A..L` when they run on, else each one."""
    if len(cells) > 2 and all(ord(b) - ord(a) == 1 for a, b in itertools.pairwise(cells)):
        return f"{cells[0]}..{cells[-1]}"
    return ", ".join(cells)
