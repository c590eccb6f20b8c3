"""Run-length clues, as nonograms print them: `runs(g[3, ..]) == [2, 1]` says that the shaded cells
(1s) of row 3 form a run of 2 and then a run of 1, with at least one blank (0) between them and any
number of blanks around them.

A clue is lowered to one `Regular` constraint: the automaton that reads the row cell by cell and
follows the clue's pattern `0* 1^2 0+ 1^1 0*`. Its states count the pattern's cells met so far, so a
clue of runs adding up to S, k runs, has S + k states, whatever the length of the row; the solvers
have it natively (CP-SAT's automaton, a decision diagram in CNF), not as block-start variables.
"""

from __future__ import annotations

from .. import ir
from ..core.static_types import Any
from ..syntax import ast
from .calls import is_runs
from .context import error

HOW = "write the lengths of the runs as the puzzle prints them: runs(g[3, ..]) == [2, 1]"


def runs_clue(lowering: Any, node: ast.Compare) -> ir.Regular:
    """The clue as an automaton over its cells, which must be 0/1 variables."""
    call, lengths_node = (node.left, node.right) if is_runs(node.left) else (node.right, node.left)
    assert isinstance(call, ast.Call)
    if node.op != "==":
        raise error(f"runs(...) can only be compared with '==', not '{node.op}'", node.op_span, HOW)
    if is_runs(lengths_node):
        raise error("compare runs(...) with a list of numbers", lengths_node, HOW)
    cells = _cells(lowering, call)
    lengths = _lengths(lowering, lengths_node)
    needed = sum(lengths) + len(lengths) - 1
    if needed > len(cells):
        shown = " ".join(map(str, lengths))
        raise error(f"the runs {shown} need {needed} cells; the list has {len(cells)}", lengths_node)
    transitions, accepting = runs_automaton(lengths)
    return ir.Regular(tuple(cells), transitions, 0, accepting)


def _cells(lowering: Any, call: ast.Call) -> list[str]:
    """The cells of `runs(list)`: each a 0/1 variable (a bool grid's cells)."""
    items = lowering.call_list(call)
    names = []
    for item, place in zip(items, _places(call, len(items)), strict=True):
        lin = lowering.lin(item, place)
        if not lin.terms:
            raise error("runs(...) reads cells, not numbers", place, "give it a row or a column: runs(g[3, ..])")
        single = len(lin.terms) == 1 and lin.terms[0][0] == 1 and lin.const == 0
        if not single or not set(lowering.problem.variables[lin.terms[0][1]].domain) <= {0, 1}:
            raise error("runs(...) reads cells that are 0 or 1 (a grid 'in bool')", place,
                        "declare the grid 'var g[1..R, 1..C] in bool'; a shaded cell is 1")
        names.append(lin.terms[0][1])
    return names


def _places(call: ast.Call, count: int) -> list[ast.Node]:
    """Where to point at each item: the item itself in a written list, else the whole argument."""
    arg = call.args[0] if call.args else call
    if isinstance(arg, ast.ListLit) and len(arg.items) == count:
        return list(arg.items)
    return [arg] * count


def _lengths(lowering: Any, node: ast.Node) -> list[int]:
    """The lengths of the runs, constant and positive; `[0]` (as a nonogram prints an empty row) and
    `[]` both say the row has no run."""
    value = lowering.constant(node)
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise error("expected the lengths of the runs as a list of numbers, such as [2, 1]", node, HOW)
    if value == [0]:
        return []
    if any(v < 1 for v in value):
        raise error("a run is 1 cell long or more (write [0] or [] for a line with no run)", node)
    return value


def runs_automaton(lengths: list[int]) -> tuple[tuple[tuple[int, int, int], ...], tuple[int, ...]]:
    """The transitions and the accepting state of the automaton of `0* 1^a 0+ 1^b ... 0*`.

    The pattern's cells in order (a run's 1s, then one 0 between runs) are numbered 1..T; state q has
    read the first q of them. A 0 keeps the state before the first run, in a gap and after the last
    run, and moves on where a run has just ended; a 1 moves on where the pattern has a 1 next."""
    pattern: list[int] = []
    for i, length in enumerate(lengths):
        pattern += [1] * length + ([0] if i < len(lengths) - 1 else [])
    last = len(pattern)
    transitions = []
    for q in range(last + 1):
        if q in (0, last) or pattern[q - 1] == 0:
            transitions.append((q, 0, q))
        elif pattern[q] == 0:
            transitions.append((q, 0, q + 1))
        if q < last and pattern[q] == 1:
            transitions.append((q, 1, q + 1))
    return tuple(transitions), (last,)
