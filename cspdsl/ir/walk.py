"""The walks every pass and backend shares: a constraint's kind, its parts, its variables, the IR's own
rules, and tables that dispatch on the kind.

A table built with `by_kind` must have a case for every kind in `KINDS` or it is not built at all, and
looking up anything that is not an IR kind fails at the lookup, naming the table: adding a kind (say
`Element`) then fails at each table that lacks it, not with an AttributeError three calls later.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from operator import lt

from ..core.static_types import Any, TypeVar
from .kinds import (
    KINDS,
    OPS,
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    Linear,
    Not,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    Var,
)

F = TypeVar("F")

# Every table `by_kind` built, by its name: tests/test_ir_kinds.py holds each to every kind.
DISPATCH_TABLES: dict[str, Mapping[type, Any]] = {}


class KindTable(dict[type, F]):
    """A dict from every IR kind to its case; a lookup of anything else is an internal error that names
    the table."""

    where: str

    def __missing__(self, kind: type) -> F:
        raise TypeError(f"internal: {self.where} has no case for {kind.__name__}: it is not an IR constraint kind")


def by_kind(where: str, cases: Mapping[type, F]) -> KindTable[F]:
    """A dispatch table over the IR kinds, refused unless it covers every one (`where` names it in errors)."""
    missing = [kind.__name__ for kind in KINDS if kind not in cases]
    extra = [kind.__name__ for kind in cases if kind not in KINDS]
    if missing or extra:
        raise TypeError(
            f"internal: {where} must have a case for each IR kind: "
            + "; ".join(part for part in (_listed("missing", missing), _listed("not a kind", extra)) if part)
        )
    table: KindTable[F] = KindTable(cases)
    table.where = where
    DISPATCH_TABLES.setdefault(where, table)
    return table


def _listed(label: str, names: list[str]) -> str:
    return f"{label} {', '.join(names)}" if names else ""


_KIND_NAMES = by_kind(
    "ir.kind_name",
    {
        AllDifferent: "all_different",
        Table: "table",
        Regular: "regular",
        Product: "product",
        Linear: "linear",
        InSet: "in_set",
        Count: "count",
        And: "and",
        Or: "or",
        Not: "not",
        Connected: "connected",
    },
)


def kind_name(kind: type) -> str:
    """The kind's name in snake case (`in_set`), as backends name their methods (`post_in_set`)."""
    return _KIND_NAMES[kind]


_CHILDREN: KindTable[Callable[[Any], tuple[Constraint, ...]]] = by_kind(
    "ir.children",
    {
        AllDifferent: lambda c: (),
        Table: lambda c: (),
        Regular: lambda c: (),
        Product: lambda c: (),
        Linear: lambda c: (),
        InSet: lambda c: (),
        Count: lambda c: c.conds,
        And: lambda c: c.conds,
        Or: lambda c: c.conds,
        Not: lambda c: (c.cond,),
        Connected: lambda c: c.conds,
    },
)


def children(c: Constraint) -> tuple[Constraint, ...]:
    """The conditions directly inside `c` (none for the leaf kinds)."""
    parts: tuple[Constraint, ...] = _CHILDREN[type(c)](c)
    return parts


_OWN_VARIABLES: KindTable[Callable[[Any], Iterable[str]]] = by_kind(
    "ir.variables_of",
    {
        AllDifferent: lambda c: c.vars,
        Table: lambda c: c.vars,
        Regular: lambda c: c.vars,
        Product: lambda c: (c.var, *c.factors),
        Linear: lambda c: [name for _, name in c.terms],
        InSet: lambda c: (c.var,),
        Count: lambda c: (),
        And: lambda c: (),
        Or: lambda c: (),
        Not: lambda c: (),
        Connected: lambda c: (),
    },
)


def variables_of(c: Constraint) -> set[str]:
    """The names of the variables a constraint mentions, at any depth."""
    found: set[str] = set()
    stack = [c]
    while stack:
        part = stack.pop()
        found.update(_OWN_VARIABLES[type(part)](part))
        stack.extend(children(part))
    return found


def variables_in_order(c: Constraint) -> list[str]:
    """The names of the variables a constraint mentions, each once, in the order it first mentions them
    (reading its parts left to right)."""
    found: dict[str, None] = {}
    stack = [c]
    while stack:
        part = stack.pop()
        found.update(dict.fromkeys(_OWN_VARIABLES[type(part)](part)))
        stack.extend(reversed(children(part)))
    return list(found)


class InvalidProblem(ValueError):
    """A problem that breaks the IR's own rules: a bug in whatever built it, never the user's model."""


def validate(problem: Problem) -> None:
    """Check the rules every backend relies on, once, before any backend sees the problem: each name is
    declared, domains are sorted and distinct, comparisons are of `OPS`, table rows fit their variables,
    the globals (the kinds with `TOP_LEVEL_ONLY`) stand at the top level (or in a top-level And)
    only, and a Connected's edges join its own nodes.

    A problem that passed and has not changed since (the same variables, constraints, outputs and
    objective and sequential puzzle: records that cannot change, in lists and dicts that can) passes at once: the API
    validates a model when it is loaded, and each backend's compile again (a solve of Einstein spent
    a twentieth of its time validating it a second time)."""
    seen = _VALIDATED.get(id(problem))
    contents = _contents(problem)
    if seen is not None and seen[0]() is problem and seen[1] == contents:
        return
    _validate_all(problem)
    _VALIDATED[id(problem)] = (weakref.ref(problem, _forget(id(problem))), contents)


# The problems that passed `validate`, by id: a weak reference (the entry goes with the problem) and
# what the problem held then.
_VALIDATED: dict[int, tuple[weakref.ref[Problem], tuple[Any, ...]]] = {}


def _contents(problem: Problem) -> tuple[Any, ...]:
    """What `validate` reads of a problem, as tuples of the same (immutable) records: equal again only
    while the problem holds the same ones."""
    variables = problem.variables
    return (tuple(problem.constraints), tuple(variables), tuple(variables.values()), tuple(problem.outputs),
            problem.objective, problem.sequential)


def _forget(key: int) -> Callable[[Any], None]:
    def forget(_: Any) -> None:
        _VALIDATED.pop(key, None)

    return forget


def _validate_all(problem: Problem) -> None:
    for name in problem.outputs:
        _declared(problem, name, "an output")
    for part in problem.objective.parts if problem.objective is not None else ():
        for _, name in part.terms:
            _declared(problem, name, "the objective")
    _check_domains(problem.variables)
    _validate_tree(problem, [(posted.constraint, True) for posted in problem.constraints])
    seq = problem.sequential
    if seq is not None:  # each condition where the unrolled puzzle puts it (`passes/unroll.py`)
        conditions = (*(posted.constraint for posted in seq.goal), *(move.condition for move in seq.moves))
        _validate_tree(problem, [*((posted.constraint, True) for posted in (*seq.start, *seq.always)),
                                 *((condition, False) for condition in conditions)])


def _validate_tree(problem: Problem, stack: list[tuple[Constraint, bool]]) -> None:
    """The constraints on the stack and their parts, each with whether it stands at the top level."""
    variables = problem.variables
    while stack:  # a loop, not a recursion: a chain of thousands of conditions nests that deep
        c, top = stack.pop()
        if isinstance(c, Linear):  # most constraints: checked here, without a call
            if c.op not in OPS:
                raise InvalidProblem(f"unknown comparison {c.op!r}")
            for _, name in c.terms:
                if name not in variables:
                    _declared(problem, name, "a constraint")
            continue
        _validate_one(problem, c, top)
        parts = _CHILDREN[type(c)](c)
        if parts:
            inner_top = top and isinstance(c, And)
            stack.extend((part, inner_top) for part in parts)


def _check_domains(variables: Mapping[str, Var]) -> None:
    for name, var in variables.items():
        domain = var.domain
        if var.name != name or not all(map(lt, domain, domain[1:])):  # strictly rising: sorted, distinct
            raise InvalidProblem(f"variable {name!r}: its domain must be sorted and distinct, under its own name")


def _validate_one(problem: Problem, c: Constraint, top: bool) -> None:
    kind = type(c)
    if kind.TOP_LEVEL_ONLY and not top:
        raise nested_global(c)
    if isinstance(c, Connected) and any(not (0 <= i < len(c.conds) and 0 <= j < len(c.conds)) for i, j in c.edges):
        raise InvalidProblem(f"an edge of a graph of {len(c.conds)} nodes joins a node it does not have")
    if isinstance(c, Table) and any(len(row) != len(c.vars) for row in c.tuples):
        raise InvalidProblem(f"a table row does not fit its {len(c.vars)} variables")
    if isinstance(c, (Linear, Count)) and c.op not in OPS:
        raise InvalidProblem(f"unknown comparison {c.op!r}")
    variables = problem.variables
    for name in _OWN_VARIABLES[kind](c):
        if name not in variables:
            _declared(problem, name, "a constraint")


def nested_global(c: Constraint) -> InvalidProblem:
    """The error for a global (a kind with `TOP_LEVEL_ONLY`) inside a condition."""
    return InvalidProblem(f"internal: nested {type(c).__name__}: globals stand at the top level only")


def _declared(problem: Problem, name: str, user: str) -> None:
    if name not in problem.variables:
        raise InvalidProblem(f"{user} names the undeclared variable {name!r}")
