"""A problem split into independent parts, for counting its solutions without listing them.

Two variables are linked when a constraint mentions both; the connected parts of that graph share no
constraint, so the model's solutions are every combination of its parts' solutions and their count is
the product of the parts' counts. A model of twelve separate 4-queens boards has 2^12 solutions; a
count that lists them pays for 4096, one that counts the parts pays for 2 (`cspdsl/counting.py`).

The graph is drawn after the normal form (`normal_form.py`): a variable that it fixes to one value
links nothing (a Sudoku's givens do not join their rows), and a condition that the domains decide
joins nothing. Each top-level conjunct of the model's own constraints joins its variables too (the
fixed ones left out), so that every clue of the model lies inside one part: the independent checker
can then check each part's solutions beside one whole solution of the rest, and every combination
of checked parts is a checked solution.

Parts that are the same up to a renaming of their variables (same domains, same shown variables,
same constraints in canonical form, `canonical.py`, with the variables numbered in the problem's
order) form one class: the counter searches one of them and raises its count to the class's size.
The test is sound, not complete: two parts whose variables were declared in different orders are
searched apart, which costs time, never a wrong count.
"""

from __future__ import annotations

from ..core.record import Record
from ..ir import And, Constraint, Posted, Problem, variables_of
from .canonical import Form, canonical
from .normal_form import normal_form


class Part(Record):
    """One connected part: its variables in the problem's order (none for the constant part, the
    constraints over fixed variables alone), its constraints in normal form, and its shown ones."""

    variables: tuple[str, ...]
    constraints: tuple[Posted, ...]
    outputs: tuple[str, ...]


class Split(Record, frozen=False):
    """The problem in normal form, cut into parts.

    `classes`: the parts with constraints, grouped by sameness (each group's first is the one searched);
    `free`: the variables that stand alone, no constraint naming them (their count is their domain's
    size, or 1 when hidden);
    `fixed`: the variables the normal form left with one value; `constant`: the constraints over fixed
    variables only, a part with no variables of its own (None when there is none)."""

    normal: Problem
    classes: list[list[Part]]
    free: list[str]
    fixed: list[str]
    constant: Part | None

    @property
    def parts(self) -> int:
        """How many independent parts the variables fall into (the fixed ones left out)."""
        return sum(len(members) for members in self.classes) + len(self.free)


def split(problem: Problem) -> Split | None:
    """The problem cut into independent parts, or None when it is one part (or none) or its normal form
    is infeasible: then a count by parts gains nothing, and the whole search proves it fastest."""
    normal, infeasible = normal_form(problem)
    if infeasible:
        return None
    domains = normal.domains()
    fixed = [name for name, domain in domains.items() if len(domain) == 1]
    links = _Links([name for name, domain in domains.items() if len(domain) > 1])
    for posted in problem.constraints:
        for part in _conjuncts(posted.constraint):
            links.join(variables_of(part))
    for posted in normal.constraints:
        links.join(variables_of(posted.constraint))
    groups = links.groups()
    if len(groups) < 2:
        return None
    return _split_into(normal, groups, fixed)


def _split_into(normal: Problem, groups: list[list[str]], fixed: list[str]) -> Split:
    """The parts of `normal` over these groups of variables, each with the constraints that touch it."""
    group_of = {name: number for number, group in enumerate(groups) for name in group}
    constraints: list[list[Posted]] = [[] for _ in groups]
    constant: list[Posted] = []
    for posted in normal.constraints:
        touched = [group_of[name] for name in variables_of(posted.constraint) if name in group_of]
        (constraints[touched[0]] if touched else constant).append(posted)
    shown = set(normal.outputs)
    parts = [Part(tuple(group), tuple(cs), tuple(v for v in group if v in shown))
             for group, cs in zip(groups, constraints, strict=True)]
    free = [part.variables[0] for part in parts if _is_free(part)]
    classes: dict[object, list[Part]] = {}
    for part in parts:
        if not _is_free(part):
            classes.setdefault(signature(part, normal), []).append(part)
    constant_part = Part((), tuple(constant), ()) if constant else None
    return Split(normal, list(classes.values()), free, fixed, constant_part)


def _is_free(part: Part) -> bool:
    """One variable that no constraint names: its values are counted without a search. (Variables that
    a clue of the model links, though the normal form decided it, are searched as a part, so that the
    clue is checked on their combinations.)"""
    return len(part.variables) == 1 and not part.constraints


def signature(part: Part, normal: Problem) -> object:
    """What two parts share when one is the other with its variables renamed in order: each variable's
    domain and whether it is shown, and the constraints' canonical forms with the variables numbered
    (a fixed variable is its value, the same in every solution)."""
    number = {name: f"v{i}" for i, name in enumerate(part.variables)}
    variables = normal.variables

    def name(var: str) -> str:
        return number.get(var) or f"={variables[var].domain[0]}"

    forms: list[Form] = [canonical(posted.constraint, name) for posted in part.constraints]
    shown = set(part.outputs)
    return (tuple((variables[v].domain, v in shown) for v in part.variables), tuple(sorted(forms, key=repr)))


def sub_problem(part: Part, normal: Problem) -> Problem:
    """The part as a problem of its own: its variables and the fixed ones its constraints name, its
    constraints, its shown variables (and the fixed shown ones, which add no solution)."""
    named = set(part.variables)
    for posted in part.constraints:
        named |= variables_of(posted.constraint)
    problem = Problem(projected=normal.projected)
    problem.variables = {name: var for name, var in normal.variables.items() if name in named}
    problem.outputs = [name for name in normal.outputs if name in named]
    problem.constraints = list(part.constraints)
    return problem


def _conjuncts(c: Constraint) -> list[Constraint]:
    """A top-level And is its parts, each a clue of its own."""
    if isinstance(c, And) and c.conds:
        return [part for sub in c.conds for part in _conjuncts(sub)]
    return [c]


class _Links:
    """Union-find over the variables that can move (more than one value): which are linked."""

    def __init__(self, moving: list[str]) -> None:
        self.order = moving
        self.parent = {name: name for name in moving}

    def root(self, name: str) -> str:
        while self.parent[name] != name:
            self.parent[name] = self.parent[self.parent[name]]
            name = self.parent[name]
        return name

    def join(self, names: set[str]) -> None:
        """Link these variables (the fixed ones among them link nothing)."""
        roots = [self.root(name) for name in names if name in self.parent]
        for other in roots[1:]:
            self.parent[self.root(other)] = self.root(roots[0])

    def groups(self) -> list[list[str]]:
        """The linked groups, each in the problem's order, in the order of their first variables."""
        found: dict[str, list[str]] = {}
        for name in self.order:
            found.setdefault(self.root(name), []).append(name)
        return list(found.values())
