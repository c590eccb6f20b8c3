"""Areas whose number, sizes and shapes are not given, as Fillomino and Nurikabe print them.

A grid's cells fall into areas by their values: the area of a cell is the cells joined to it side by
side through cells of the same value. Two forms talk about them:

- `area_size(g[r, c])` is the number of cells in the area of g[r, c], compared with a number or an
  expression: Fillomino is `forall r, c: area_size(n[r, c]) == n[r, c]`.
- `clue_areas(g, v, clue)`, a clue of its own: the areas of g's cells of value v each hold exactly one
  clue (a cell where the constant grid `clue` is not 0), equal to the area's size. Nurikabe's islands
  are `clue_areas(black, 0, clue)`.

No constraint kind of its own: an area is grown from its cell a step at a time, breadth first. "Cell q
is within k steps of p" is a 0/1 auxiliary variable, tied both ways to "within k - 1 steps, or of p's
value beside a cell within k - 1 steps", so it is a function of the grid and never multiplies
solutions. A comparison with a number no more than K needs K - 1 steps only, and the cells within
them of p's value that lie just beyond the last step tell an area larger than K: its size compares
as "more than K". So the labels grow with K^3 per cell, not with the grid, and every backend, the
checker and the MiniZinc export take them as they are (sums, counts, Ands and Ors).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .build import NON_STRICT, Lin, all_of, any_of, comparison, count, linear, negate
from .calls import is_area_size
from .context import error, new_aux_name
from .forms import call_compared
from .neighbours import first_places
from .values import Array, as_list

SIZE_HOW = "compare the size of a cell's area: area_size(n[r, c]) == n[r, c]"
CLUES_HOW = "clue_areas(g, v, clue): the areas of g's cells of value v, and a constant grid of clues (0 for none)"

Place = tuple[int, int]
Same = Callable[[Place], ir.Constraint]


class Board(dict[Place, str]):
    """A grid of two dimensions: each cell's variable by its (row, column) place in the index ranges."""

    def beside(self, at: Place) -> list[Place]:
        r, c = at
        return [p for p in ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)) if p in self]

    def within(self, at: Place, steps: int) -> list[Place]:
        """The cells at most `steps` apart from `at` along rows and columns, in reading order."""
        r, c = at
        return [p for p in self if abs(p[0] - r) + abs(p[1] - c) <= steps]


def nested_partition(node: ast.Call) -> Any:
    """The error for an area's size that is not compared, or `clue_areas` inside a condition."""
    if node.func == "clue_areas":
        raise error("clue_areas(...) is a clue of its own: it cannot stand inside a condition", node,
                    "write it on a line of its own")
    raise error("area_size(...) can only be compared: it cannot be a value of its own here", node, SIZE_HOW)


def area_size_comparison(lowering: Any, node: ast.Compare) -> ir.Constraint | None:
    """`area_size(g[r, c]) op e`: the area grown from the cell up to e's greatest value, its cells
    counted and compared with e; None when neither side is an area's size."""
    compared = call_compared(node, is_area_size)
    if compared is None:
        return None
    call, other, op = compared
    if len(call.args) != 1:
        raise error("area_size takes one cell of a grid", call, SIZE_HOW)
    board, at, var = _cell(lowering, call.args[0])
    bound = _as_lin(lowering.eval(other))
    if bound is None:
        raise error("area_size(...) is compared with a number or an expression of numbers", other, SIZE_HOW)
    greatest = _greatest(lowering, bound)
    if greatest < 1:  # no area is that small: the size compares as "more than the other side"
        return ir.TRUE if op in (">=", ">", "!=") else ir.FALSE
    steps = _STEPS.setdefault(lowering, {})
    _, members, beyond = _area(lowering, board, at, _same_as(lowering, board, var), greatest, call, steps)
    op, shift = NON_STRICT.get(op, (op, 0))
    if not bound.terms:
        held = count(members, op, bound.const + shift)
    else:
        held = comparison(_counted(lowering, members, call).plus(bound, -1).plus(Lin((), -shift)), op)
    # An area larger than `greatest` is larger than every value of the other side.
    return all_of([negate(beyond), held]) if op in ("==", "<=") else any_of([beyond, held])


def clue_areas(lowering: Any, node: ast.Call) -> list[ir.Constraint]:
    """`clue_areas(g, v, clue)`: each clue's cell is of value v and its area has the clue's size and no
    other clue; every cell of value v lies in the area of a clue."""
    if len(node.args) != 3:
        raise error(f"clue_areas takes three arguments, not {len(node.args)}", node, CLUES_HOW)
    board = _board(lowering, node.args[0])
    value = lowering.eval(node.args[1])
    if isinstance(value, bool) or not isinstance(value, int):
        raise error("clue_areas(g, v, clue): v, the value of the areas' cells, must be a constant number",
                    node.args[1], CLUES_HOW)
    clues = _clues(lowering, node.args[2], board)
    same: Same = lambda q: ir.InSet(board[q], (value,))  # noqa: E731
    posted: list[ir.Constraint] = []
    covering: dict[Place, list[ir.Constraint]] = {}
    for at, size in sorted(clues.items()):
        cells, members, beyond = _area(lowering, board, at, same, size, node)
        posted += [same(at), negate(beyond), count(members, "==", size)]
        posted += [negate(member) for q, member in zip(cells, members, strict=True) if q in clues and q != at]
        for q, member in zip(cells, members, strict=True):
            covering.setdefault(q, []).append(member)
    for q in board:
        posted.append(any_of([negate(same(q)), *covering.get(q, [])]))
    return [p for p in posted if p != ir.TRUE]


def _area(lowering: Any, board: Board, at: Place, same: Same, size: int, call: ast.Call,
          shared: dict[tuple[str, str, int], ir.Constraint] | None = None,
          ) -> tuple[list[Place], list[ir.Constraint], ir.Constraint]:
    """The area of `at` grown breadth first for size - 1 steps: the cells within that many steps, for
    each the condition that it is in the area, and the condition that the area goes on beyond them (a
    cell of its value beside the last step, not yet in it).

    With `shared`, the areas of cells' own values: "q is within k steps of p" is "p is within k steps
    of q", made once for the two cells and kept there by their variables and k."""
    steps = min(size, len(board)) - 1
    lowering.sizes.add_terms(sum(len(board.within(at, k)) for k in range(steps + 1)),
                             "this area is grown through its cells' steps", call.span)
    reached: dict[Place, ir.Constraint] = {at: ir.TRUE}
    for k in range(1, steps + 1):
        grown: dict[Place, ir.Constraint] = {}
        for q in board.within(at, k):
            before = reached.get(q, ir.FALSE)
            key = (min(board[at], board[q]), max(board[at], board[q]), k)
            if before == ir.TRUE or shared is None or key not in shared:
                joined = [reached[p] for p in board.beside(q) if p in reached]
                grown[q] = before if before == ir.TRUE else _step(lowering, before, same(q), joined, call)
            else:
                grown[q] = shared[key]
            if shared is not None:
                shared[key] = grown[q]
        reached = grown
    beyond = any_of([all_of([same(q), negate(reached.get(q, ir.FALSE)), reached[p]])
                     for p in reached for q in board.beside(p) if reached.get(q) != ir.TRUE])
    cells = board.within(at, steps)
    return cells, [reached.get(q, ir.FALSE) for q in cells], beyond


def _step(lowering: Any, before: ir.Constraint, same: ir.Constraint, joined: list[ir.Constraint],
          call: ast.Call) -> ir.Constraint:
    """The condition "within k steps": within k - 1 steps, or of the area's value beside a cell within
    k - 1 steps; a 0/1 variable tied to it by clauses of literals, with no inner variable."""
    if same == ir.FALSE or not joined:
        return before
    name = new_aux_name(lowering.scope, "area")
    lowering.problem.add_var(name, (0, 1), output=False)
    flag = ir.InSet(name, (1,))
    clauses = [[negate(before), flag], [negate(flag), before, same], [negate(flag), before, *joined]]
    clauses += [[negate(same), negate(nearby), flag] for nearby in joined]
    for clause in clauses:
        held = any_of(clause)
        if held != ir.TRUE:
            lowering.problem.post(held, call.span, lowering.instance)
    return flag


def _flag(lowering: Any, condition: ir.Constraint, call: ast.Call) -> ir.Constraint:
    """A 0/1 auxiliary variable tied to a condition both ways, as the condition "it is 1"."""
    name = new_aux_name(lowering.scope, "area")
    lowering.problem.add_var(name, (0, 1), output=False)
    flag = ir.InSet(name, (1,))
    for clause in (any_of([negate(flag), condition]), any_of([flag, negate(condition)])):
        lowering.problem.post(clause, call.span, lowering.instance)
    return flag


def _counted(lowering: Any, members: list[ir.Constraint], call: ast.Call) -> Lin:
    """The number of cells in the area, as a sum of 0/1 variables and a constant."""
    total = Lin()
    for member in members:
        if member == ir.TRUE:
            total = total.plus(Lin((), 1))
        elif isinstance(member, ir.InSet) and member.values == (1,):
            total = total.plus(Lin(((1, member.var),)))
        elif member != ir.FALSE:
            total = total.plus(Lin(((1, _flag(lowering, member, call).var),)))  # type: ignore[union-attr]
    return total


def _same_as(lowering: Any, board: Board, var: str) -> Same:
    """The condition that a cell holds the value of `var`, kept once for each pair of cells (a 0/1
    variable, shared by the two cells' areas)."""
    kept = _SAME.setdefault(lowering, {})

    def same(q: Place) -> ir.Constraint:
        other = board[q]
        if other == var:
            return ir.TRUE
        key = (min(var, other), max(var, other))
        if key not in kept:
            kept[key] = _equal(lowering, var, other)
        return kept[key]
    return same


def _equal(lowering: Any, a: str, b: str) -> ir.Constraint:
    """`a == b` as a condition: one value in common is the InSet, and two bools need no variable."""
    domains = lowering.problem.variables
    common = sorted(set(domains[a].domain) & set(domains[b].domain))
    if not common:
        return ir.FALSE
    if len(common) == 1:
        return all_of([ir.InSet(a, tuple(common)), ir.InSet(b, tuple(common))])
    name = new_aux_name(lowering.scope, "same")
    lowering.problem.add_var(name, (0, 1), output=False)
    flag = ir.InSet(name, (1,))
    equal = linear(Lin(((1, a), (-1, b))), "==", 0)
    for clause in (any_of([negate(flag), equal]), any_of([flag, negate(equal)])):
        lowering.problem.post(clause)
    return flag


_SAME: weakref.WeakKeyDictionary[Any, dict[tuple[str, str], ir.Constraint]] = weakref.WeakKeyDictionary()
# Each lowering's "within k steps" of two cells of one value, by their variables and k.
_STEPS: weakref.WeakKeyDictionary[Any, dict[tuple[str, str, int], ir.Constraint]] = weakref.WeakKeyDictionary()


def _greatest(lowering: Any, bound: Lin) -> int:
    hi = bound.const
    for coef, name in bound.terms:
        var = lowering.problem.variables[name]
        hi += max(coef * var.lo, coef * var.hi)
    return int(hi)


def _as_lin(value: Any) -> Lin | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Lin((), value)
    return value if isinstance(value, Lin) else None


def _cell(lowering: Any, arg: ast.Node) -> tuple[Board, Place, str]:
    """The grid of a cell argument, the cell's place in it and its variable."""
    value = lowering.eval(arg)
    one = isinstance(value, Lin) and len(value.terms) == 1 and value.terms[0][0] == 1 and not value.const
    if one:
        var = value.terms[0][1]
        for owner in lowering.env.names.values():
            if isinstance(owner, Array) and var in owner.cells.values() and len(owner.ranges) == 2:
                board = board_of(owner)
                return board, next(p for p, v in board.items() if v == var), var
    raise error("area_size takes a cell of a grid of two dimensions, such as n[2, 3]", arg, SIZE_HOW)


def _board(lowering: Any, arg: ast.Node) -> Board:
    value = lowering.eval(arg)
    if not isinstance(value, Array) or len(value.ranges) != 2:
        raise error("clue_areas(g, v, clue): g must be a var grid of two dimensions", arg, CLUES_HOW)
    return board_of(value)


def board_of(owner: Array) -> Board:
    rows, columns = (first_places(indices) for indices in owner.ranges)
    return Board({(rows[r], columns[c]): var for (r, c), var in owner.cells.items()})


def _clues(lowering: Any, arg: ast.Node, board: Board) -> dict[Place, int]:
    """The clues of a constant grid (a list of rows) by place: the numbers other than 0."""
    rows = as_list(lowering.eval(arg), arg)
    clues: dict[Place, int] = {}
    for r, row in enumerate(rows):
        for c, item in enumerate(as_list(row, arg)):
            if isinstance(item, bool) or not isinstance(item, int):
                raise error("clue_areas(g, v, clue): clue must be a grid of constant numbers", arg, CLUES_HOW)
            if item:
                if (r, c) not in board:
                    raise error(f"clue_areas: the clue at row {r + 1}, column {c + 1} is off the grid", arg,
                                "the clue grid has a row for each row of g and a number for each of its cells")
                if item < 1:
                    raise error(f"clue_areas: the clue {item} is no area's size", arg, CLUES_HOW)
                clues[(r, c)] = item
    return clues
