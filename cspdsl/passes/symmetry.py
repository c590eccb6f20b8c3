"""Variable symmetries of an IR problem, and the lex-leader constraints that break them.

A symmetry is a permutation `g` of the variables that maps each variable onto one with the same
domain, the outputs onto the outputs, and the top-level constraints, renamed by `g`, onto the same
constraints (compared in a canonical form: a sum as a multiset of terms, an all-different as a set,
...). It maps solutions to solutions: if `a` is one, so is `v -> a[g[v]]`. The magic hexagon has the
12 rotations and reflections of its board, the tile square the 32 permutations of its cells that keep
its rows, columns and diagonals (a square's 8, and 4 of a 4x4 magic square's own).

`symmetry_group` finds the whole group by a backtracking search over the images of the variables,
pruned by a colour of each variable (refined from its domain and the constraints it is in) and by
checking each constraint as soon as all its variables are mapped. It gives up (returns None) beyond a
work budget or a group size cap: then no symmetry is used. Every element it returns is checked
against the whole constraint set, so only exact symmetries are used.

Enumerating all solutions then needs one member of each orbit only (`lex_leader`: the orbit's least
member in lexicographic order satisfies it), expanded by every element of the group (`orbit`).
Nothing here depends on a backend.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping

from ..core.deadline import check_deadline
from ..core.static_types import TypeVar
from ..ir import (
    AllDifferent,
    And,
    Constraint,
    Count,
    Linear,
    Not,
    Or,
    Problem,
    Product,
    Table,
    children,
    variables_of,
)
from .canonical import Form, canonical, oriented, sorted_forms

Symmetry = dict[str, str]  # every variable -> its image
K = TypeVar("K", bound=Hashable)

# The search for the group gives up beyond this much work (an image tried counts one, and one more
# for each variable mapped before it that shares a constraint with it, whose tie to it is compared),
# or this many elements. The tile square's 32 take 17,000, the hexagon's 12 take 6,000; 60,000 is
# about 60 ms at worst.
NODE_BUDGET = 60_000
GROUP_MAX = 256
# Colour refinement looks at every variable of every constraint once per round: this many such
# (variable, constraint) pairs, weighted by the constraint's size, at most; and its rounds together at
# most REFINE_ROUNDS_BUDGET (the models settle in 2 to 4 rounds; a chain of n variables would take n / 2).
REFINE_BUDGET = 200_000
REFINE_ROUNDS_BUDGET = 4 * REFINE_BUDGET


def constraint_forms(problem: Problem, name: Callable[[str], str] | None = None) -> Counter[Form]:
    """The multiset of the problem's canonical constraints (renamed by `name`, if given)."""
    rename = name or (lambda var: var)
    return Counter(canonical(p.constraint, rename) for p in problem.constraints)


def is_symmetry(problem: Problem, g: Symmetry, forms: Counter[Form] | None = None) -> bool:
    """Whether `g` is an exact symmetry: a permutation of the variables that keeps domains and
    outputs, and maps the constraint set onto itself (`forms`: the problem's own, if known)."""
    names = problem.variables
    if set(g) != set(names) or set(g.values()) != set(names):
        return False
    if any(names[var].domain != names[image].domain for var, image in g.items()):
        return False
    if {g[var] for var in problem.outputs} != set(problem.outputs):
        return False
    return constraint_forms(problem, g.__getitem__) == (forms or constraint_forms(problem))


# -- colours ----------------------------------------------------------------------------------------


def colours(problem: Problem) -> dict[str, int] | None:
    """A colour per variable that every symmetry keeps (g maps each variable onto one of its colour):
    domain and output status, refined by the shapes of the constraints each variable is in and its
    part in each, until no class splits or the rounds have spent REFINE_ROUNDS_BUDGET (each round's
    colours are kept by every symmetry, so those reached so far are still right, if coarser). None when
    the constraints are too large to look at this way."""
    entries = [(p.constraint, _holding(p.constraint)) for p in problem.constraints]
    work = sum(_size(c) * (1 + len(holding)) for c, holding in entries)
    if work > REFINE_BUDGET:
        return None
    outputs = set(problem.outputs)
    colour = _numbered({name: (var.domain, name in outputs) for name, var in problem.variables.items()})
    for _ in range(REFINE_ROUNDS_BUDGET // max(work, 1)):
        check_deadline()
        signatures: dict[str, list[Form]] = {name: [] for name in colour}
        for c, holding in entries:
            shape = canonical(c, _by_colour(colour), exact=False)
            for var, role in _roles(c, holding, colour).items():
                signatures[var].append((shape, role))
        refined = _numbered({var: (colour[var], tuple(sorted(sigs))) for var, sigs in signatures.items()})  # type: ignore[type-var]
        if len(set(refined.values())) == len(set(colour.values())):
            return refined
        colour = refined
    return colour


def _by_colour(colour: dict[str, int]) -> Callable[[str], str]:
    return lambda var: f"c{colour[var]}"


def _holding(c: Constraint) -> dict[str, list[Constraint]]:
    """For each variable of `c`: the parts of `c` that mention it (the conditions of a count or an
    and/or, under any `not`), or nothing for a constraint without parts."""
    while isinstance(c, Not):
        c = c.cond
    if not isinstance(c, (Count, And, Or)):
        return {var: [] for var in variables_of(c)}
    holding: dict[str, list[Constraint]] = {}
    for sub in c.conds:
        for var in variables_of(sub):
            holding.setdefault(var, []).append(sub)
    return holding


def _roles(c: Constraint, holding: dict[str, list[Constraint]], colour: dict[str, int]) -> dict[str, Form]:
    """The part each variable plays in `c`, in terms that a symmetry keeps: its coefficient in a sum
    (as the sum's form is written), the values of its columns in a table, the parts of a compound that
    mention it (seen from it)."""
    while isinstance(c, Not):
        c = c.cond
    if isinstance(c, Linear):
        coefs: dict[str, int] = {}
        for k, name in c.terms:
            coefs[name] = coefs.get(name, 0) + k
        _, signs = oriented(c, _by_colour(colour))
        return {var: tuple(sorted({sign * coef for sign in signs})) for var, coef in coefs.items()}
    if isinstance(c, Product):  # the result and the factors play different parts
        return {var: (var == c.var, c.factors.count(var)) for var in (c.var, *c.factors)}
    if isinstance(c, Table):
        columns: dict[str, list[tuple[int, ...]]] = {}
        for i, name in enumerate(c.vars):
            columns.setdefault(name, []).append(tuple(sorted(row[i] for row in c.tuples)))
        return {var: tuple(sorted(values)) for var, values in columns.items()}
    return {var: sorted_forms(tuple(parts), _seen_from(var, colour), False) if parts else 0
            for var, parts in holding.items()}


def _seen_from(var: str, colour: dict[str, int]) -> Callable[[str], str]:
    """Names as `var` sees them: itself marked, the others by their colour."""
    return lambda other: "*" if other == var else f"c{colour[other]}"


def _numbered(signatures: Mapping[K, Hashable]) -> dict[K, int]:
    """Equal signatures get one number (numbered in order of first appearance)."""
    numbers: dict[Hashable, int] = {}
    return {var: numbers.setdefault(sig, len(numbers)) for var, sig in signatures.items()}


def _size(c: Constraint) -> int:
    """About how much work it is to write the constraint's form."""
    if isinstance(c, Table):
        return len(c.vars) * (1 + len(c.tuples))
    parts = children(c)
    return 1 + (sum(_size(sub) for sub in parts) if parts else len(variables_of(c)))


# -- the group --------------------------------------------------------------------------------------


class _GaveUp(Exception):
    """The work budget or the group size cap was exceeded."""


def symmetry_group(
    problem: Problem, node_budget: int = NODE_BUDGET, group_max: int = GROUP_MAX
) -> list[Symmetry] | None:
    """Every symmetry of the problem, the identity first; None when the search gives up."""
    colour = colours(problem)
    if colour is None:
        return None
    identity = {name: name for name in problem.variables}
    if len(set(colour.values())) == len(colour):
        return [identity]  # every variable has a colour of its own: nothing can move
    search = _GroupSearch(problem, colour, node_budget, group_max)
    try:
        found = search.run()
    except _GaveUp:
        return None
    forms = constraint_forms(problem)
    group = []
    for g in found:
        check_deadline()  # each check looks at every constraint: up to GROUP_MAX times the model
        if is_symmetry(problem, g, forms):
            group.append(g)
    return sorted(group, key=lambda g: g != identity)


class _GroupSearch:
    """Backtracking over the image of each variable in turn, in an order that closes constraints
    early; a constraint is checked as soon as its last variable is mapped, except for those that the
    last variable closes: the check of the whole constraint set that every candidate gets does that."""

    def __init__(self, problem: Problem, colour: dict[str, int], node_budget: int, group_max: int) -> None:
        self.colour = colour
        self.nodes_left = node_budget
        self.group_max = group_max
        self.classes: dict[int, list[str]] = {}
        for var, number in colour.items():
            self.classes.setdefault(number, []).append(var)
        self.forms = set(constraint_forms(problem))
        self.order = _search_order(problem, colour)
        position = {var: i for i, var in enumerate(self.order)}
        self.closing: list[list[Constraint]] = [[] for _ in self.order]
        for p in problem.constraints:
            scope = variables_of(p.constraint)
            if scope:
                self.closing[max(position[var] for var in scope)].append(p.constraint)
        self.constraints = [p.constraint for p in problem.constraints]
        self.containing: dict[str, set[int]] = {var: set() for var in problem.variables}
        for i, c in enumerate(self.constraints):
            for var in variables_of(c):
                self.containing[var].add(i)
        # each constraint's shape (its form by colour) as a number: equal shapes, one number, cheap to compare
        shapes = _numbered({i: canonical(c, _by_colour(colour), exact=False) for i, c in enumerate(self.constraints)})
        self.shapes = list(shapes.values())
        self.pairs: dict[tuple[str, str], tuple[int, ...]] = {}
        self.neighbours: dict[str, set[str]] = {var: set() for var in problem.variables}
        for c in self.constraints:
            scope = variables_of(c)
            for var in scope:
                self.neighbours[var] |= scope
        for var, around in self.neighbours.items():
            around.discard(var)
        self.image: Symmetry = {}
        self.used: set[str] = set()
        self.found: list[Symmetry] = []

    def run(self) -> list[Symmetry]:
        self._extend(0)
        return self.found

    def _fits(self, i: int, var: str, candidate: str) -> bool:
        """Whether mapping `var` (the i-th) to `candidate` keeps its ties to the variables mapped
        before it, and maps every constraint it completes onto one of the problem's."""
        mapped = [before for before in self.neighbours[var] if before in self.image]
        self._spend(len(mapped))
        for before in mapped:
            if self._pair(before, var) != self._pair(self.image[before], candidate):
                return False
        # the others, with no tie to `var`, must have images with none to `candidate`
        if len(mapped) != len(self.neighbours[candidate] & self.used):
            return False
        if i == len(self.order) - 1:
            return True
        return all(canonical(c, self.image.__getitem__) in self.forms for c in self.closing[i])

    def _spend(self, work: int) -> None:
        check_deadline()
        self.nodes_left -= work
        if self.nodes_left < 0:
            raise _GaveUp

    def _pair(self, u: str, v: str) -> tuple[int, ...]:
        """What ties two variables: the shapes (forms by colour) of the constraints that hold both.
        A symmetry maps it onto its image pair's tie."""
        key = (u, v)
        tie = self.pairs.get(key)
        if tie is None:
            tie = tuple(sorted(self.shapes[i] for i in self.containing[u] & self.containing[v]))
            self.pairs[key] = tie
        return tie

    def _extend(self, i: int) -> None:
        if i == len(self.order):
            self.found.append(dict(self.image))
            if len(self.found) > self.group_max:
                raise _GaveUp
            return
        var = self.order[i]
        for candidate in self.classes[self.colour[var]]:
            if candidate in self.used:
                continue
            self._spend(1)
            self.image[var] = candidate
            self.used.add(candidate)
            if self._fits(i, var, candidate):
                self._extend(i + 1)
            self.used.discard(candidate)
            del self.image[var]


def _search_order(problem: Problem, colour: dict[str, int]) -> list[str]:
    """The variables in the order the search maps them: next, the one that leaves a constraint
    already begun fewest variables short of fully mapped (ties: the smaller colour class), so that
    constraints are checked early. One-variable constraints are left to the colours."""
    class_size = Counter(colour.values())
    scopes = [scope for scope in (variables_of(p.constraint) for p in problem.constraints) if len(scope) > 1]
    containing: dict[str, list[int]] = {var: [] for var in problem.variables}
    for i, scope in enumerate(scopes):
        for var in scope:
            containing[var].append(i)
    missing = [len(scope) for scope in scopes]
    begun = [False] * len(scopes)
    unbegun = 1 << 30

    def urgency(var: str) -> tuple[int, int, str]:
        closest = min((missing[i] for i in containing[var] if begun[i]), default=unbegun)
        return closest, class_size[colour[var]], var

    left = set(problem.variables)
    order: list[str] = []
    while left:
        var = min(left, key=urgency)
        order.append(var)
        left.discard(var)
        for i in containing[var]:
            missing[i] -= 1
            begun[i] = True
    return order


# -- using it ---------------------------------------------------------------------------------------


def orbit(assignment: dict[str, int], group: list[Symmetry]) -> Iterator[dict[str, int]]:
    """The images of a solution under every element of the group (with repeats, where it is itself
    symmetric)."""
    for g in group:
        yield {var: assignment[g[var]] for var in assignment}


def lex_leader(
    problem: Problem, group: list[Symmetry], order: list[str] | None = None, prefix: int = 1
) -> list[Constraint]:
    """Constraints that the lexicographically least member of every orbit satisfies (so the orbits'
    representatives satisfy them): x <=lex x.g over `order` (default: the outputs, then the rest) for
    each g, cut to its first `prefix` compared positions (a prefix of a lex-leader is still implied by
    it). Where an all-different holds both variables of a compared pair, they cannot be equal, and the
    comparison ends there with a strict `<`."""
    outputs = set(problem.outputs)
    order = order or problem.outputs + [var for var in problem.variables if var not in outputs]
    distinct = [frozenset(p.constraint.vars) for p in problem.constraints if isinstance(p.constraint, AllDifferent)]
    found: dict[Constraint, None] = {}  # in order, without repeats (g and its inverse often start alike)
    for g in group:
        found.update(dict.fromkeys(_lex_less_equal(_compared_pairs(order, g), distinct, prefix)))
    return list(found)


def _compared_pairs(order: list[str], g: Symmetry) -> list[tuple[str, str]]:
    """The pairs (x_i, g(x_i)) that x <=lex x.g compares, without those known equal by then: a fixed
    point, and a pair that an earlier pair, equal, already made equal (x_j = g(x_i), g(x_j) = x_i)."""
    pairs: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()
    for var in order:
        image = g[var]
        if image == var or (image, var) in seen:
            continue
        seen.add((var, image))
        pairs.append((var, image))
    return pairs


def _lex_less_equal(pairs: list[tuple[str, str]], distinct: list[frozenset[str]], prefix: int) -> list[Constraint]:
    """(x_1..x_k) <=lex (y_1..y_k) for the first k = `prefix` pairs, as one clause per position: x_1 <= y_1,
    then (x_1 < y_1 or ... or x_{i-1} < y_{i-1} or x_i <= y_i), each read as: the earlier ones are equal."""
    found: list[Constraint] = []
    strictly: list[Constraint] = []
    for x, y in pairs[:prefix]:
        apart = any(x in group and y in group for group in distinct)
        found.append(Or((*strictly, _less(x, y, 1 if apart else 0))) if strictly else _less(x, y, 1 if apart else 0))
        if apart:
            break
        strictly.append(_less(x, y, 1))
    return found


def _less(x: str, y: str, by: int) -> Linear:
    """x <= y - by: `x < y` with by = 1, `x <= y` with by = 0."""
    return Linear(((1, x), (-1, y)), "<=", -by)


__all__ = ["Symmetry", "canonical", "colours", "is_symmetry", "lex_leader", "orbit", "symmetry_group"]
