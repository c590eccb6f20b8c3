"""Rulers: `alldifferent` over the differences `x[j] - x[i]` of every two of some variables that the
model orders strictly (`x[1] < x[2] < ...`), each difference an auxiliary variable of its own. The
Golomb ruler is the case: marks no two pairs of which are the same distance apart.

Read as a set of marks, the all-different says: for each distance d, at most one pair of marks is d
apart. The SAT encoder writes it that way (`sat.encoder`, option `rulers`): a literal for "a mark
at k" for each place k, and an at-most-one over the pairs (k, k + d) of each distance, instead of a
decision diagram for each difference and an all-different over them. The two say the same: the marks
are distinct (ordered), so two pairs with one difference d are two pairs (k, k + d) at different k,
and each difference `x[j] - x[i]` is the distance between its two marks (or, written `x[i] - x[j]`
for every pair, minus it). The differences' variables are then not encoded at all: each one's value
is worked out from its two marks.

Found only where it is exactly this: every difference is defined by one top-level `e == a - b` and
used nowhere else (not shown, not in the objective), its domain holds every distance its two marks
can be apart, the all-different holds one difference of each pair of marks, and the model orders the
two marks of each (a chain of top-level `a < b`), the later minus the earlier in every difference or
the earlier minus the later in every one (a mix would let d and -d both be taken).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..core.record import Record
from ..ir import AllDifferent, Constraint, Linear, Problem, variables_of

Definition = tuple[int, str, str]  # (index of the top-level `e == a - b`, a, b)


class Ruler(Record):
    """Marks whose pairwise differences are all different: the marks from the lowest up, each
    difference's variable with the two marks it is the difference of, and the top-level constraints
    this stands for."""

    marks: tuple[str, ...]
    differences: dict[str, tuple[str, str]]
    covered: frozenset[int]


def rulers(problem: Problem, keep: Iterable[str] = ()) -> list[Ruler]:
    """The rulers of the problem's top-level constraints (none in most models, found at once); no
    difference of one is a variable of `keep`, which must keep its literals (an objective's)."""
    constraints = [posted.constraint for posted in problem.constraints]
    shown = {*problem.outputs, *keep}
    if problem.objective is not None:
        shown.update(name for part in problem.objective.parts for _, name in part.terms)
    groups = [(j, c) for j, c in enumerate(constraints) if isinstance(c, AllDifferent) and len(c.vars) >= 3
              and len(set(c.vars)) == len(c.vars) and not shown.intersection(c.vars)]
    if not groups:
        return []
    candidates = {name for _, c in groups for name in c.vars}
    uses: Counter[str] = Counter()
    definitions: dict[str, list[Definition]] = {}
    for i, c in enumerate(constraints):
        uses.update(candidates.intersection(variables_of(c)))
        for e, a, b in _differences(c):
            if e in candidates:
                definitions.setdefault(e, []).append((i, a, b))
    below = _orders(constraints)
    found: list[Ruler] = []
    for j, group in groups:
        ruler = _ruler(problem, j, group, uses, definitions, below)
        if ruler is not None and not any(ruler.covered & other.covered for other in found):
            found.append(ruler)
    return found


def _ruler(problem: Problem, j: int, group: AllDifferent, uses: Counter[str],
           definitions: dict[str, list[Definition]], below: dict[str, set[str]]) -> Ruler | None:
    """The all-different at `j` as a ruler, if it is one."""
    differences: dict[str, tuple[str, str]] = {}
    covered = {j}
    for e in group.vars:
        defined = definitions.get(e, [])
        if uses[e] != 2 or len(defined) != 1 or defined[0][0] in covered:
            return None
        i, a, b = defined[0]
        covered.add(i)
        differences[e] = (a, b)
    marks = sorted({name for pair in differences.values() for name in pair})
    pairs = {frozenset(pair) for pair in differences.values()}
    if len(pairs) != len(differences) or len(pairs) != len(marks) * (len(marks) - 1) // 2:
        return None
    if set(marks) & set(differences):
        return None
    higher = {mark: _reachable(mark, below) for mark in marks}
    ups = {a in higher[b] for a, b in differences.values()}
    downs = {b in higher[a] for a, b in differences.values()}
    if ups != {True} and downs != {True}:  # every difference later - earlier, or every one earlier - later
        return None
    sign = 1 if ups == {True} else -1
    domains = problem.domains()
    if not all(domains[mark] for mark in marks):  # a mark with no value left: unsatisfiable as it stands
        return None
    for e, (a, b) in differences.items():
        high, low = (a, b) if sign == 1 else (b, a)
        farthest = domains[high][-1] - domains[low][0]
        if not {sign * distance for distance in range(1, farthest + 1)} <= set(domains[e]):
            return None  # its domain rules out a distance: more than a ruler says
    ordered = sorted(marks, key=lambda mark: sum(mark in higher[other] for other in marks))
    return Ruler(tuple(ordered), differences, frozenset(covered))


def _differences(c: Constraint) -> list[tuple[str, str, str]]:
    """Each (e, a, b) such that `c` says e == a - b: three names, coefficients of one size."""
    if not isinstance(c, Linear) or c.op != "==" or c.rhs != 0 or len(c.terms) != 3:
        return []
    if len({name for _, name in c.terms}) != 3 or any(abs(coef) != 1 for coef, _ in c.terms):
        return []
    found = []
    for coef, e in c.terms:
        against = [name for k, name in c.terms if k == -coef]
        along = [name for k, name in c.terms if k == coef and name != e]
        if len(against) == 1 and len(along) == 1:
            found.append((e, against[0], along[0]))
    return found


def _orders(constraints: list[Constraint]) -> dict[str, set[str]]:
    """For each variable, those that a top-level two-variable comparison puts directly above it."""
    above: dict[str, set[str]] = {}
    for c in constraints:
        if not isinstance(c, Linear) or len(c.terms) != 2:
            continue
        (k1, x), (k2, y) = c.terms
        if abs(k1) != 1 or k2 != -k1 or x == y:
            continue
        if k1 == -1:  # -x + y: as x - y with the comparison turned round
            x, y = y, x
        # x - y <op> rhs
        if (c.op == "<=" and c.rhs <= -1) or (c.op == "<" and c.rhs <= 0):
            above.setdefault(x, set()).add(y)
        elif (c.op == ">=" and c.rhs >= 1) or (c.op == ">" and c.rhs >= 0):
            above.setdefault(y, set()).add(x)
    return above


def _reachable(start: str, above: dict[str, set[str]]) -> set[str]:
    """The variables that a chain of comparisons puts strictly above `start`."""
    seen: set[str] = set()
    todo = list(above.get(start, ()))
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(above.get(name, ()))
    return seen
