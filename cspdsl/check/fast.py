"""The checker's fast path, for the many solutions of one problem: the problem's domains and
constraints written once as one Python function that says whether an assignment satisfies them all.

`check.holds` walks the IR for every solution (about 0.6 ms for one of 13-queens, as long as the SAT
search that found it); the function below does the same tests in a tenth of that. It is written from
the IR alone, as `check.py` is, and shares no code with any backend. It only ever accepts: a
solution it does not accept is looked at again by `check.violated`'s walk, which names the clue it
breaks; and where the function cannot be written (a nesting too deep for Python's parser) there is
none, and every solution takes the walk.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from operator import itemgetter

from ..core.static_types import Any
from ..ir import (
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    KindTable,
    Linear,
    Not,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    by_kind,
)

AllHold = Callable[[dict[str, int]], bool]

OPS = ("==", "!=", "<=", ">=")  # the IR's comparisons, written as Python writes them


class _Writer:
    """The Python text of a problem's test: each variable read once into a local, each constant set
    bound to a name in the function's globals."""

    def __init__(self, problem: Problem) -> None:
        self.local = {name: f"v{number}" for number, name in enumerate(problem.variables)}
        self.constants: dict[str, Any] = {}

    def constant(self, value: Any) -> str:
        name = f"C{len(self.constants)}"
        self.constants[name] = value
        return name

    def comparison(self, left: str, op: str, right: int) -> str:
        if op not in OPS:
            raise ValueError(f"unknown comparison {op!r}")
        return f"({left} {op} {right})"

    def expression(self, c: Constraint) -> str:
        """The Python expression that is true exactly when `c` holds."""
        text: str = _EXPRESSIONS[type(c)](self, c)
        return text

    def row(self, names: tuple[str, ...]) -> str:
        """The variables' values as a tuple (its text)."""
        return "(" + "".join(f"{self.local[name]}, " for name in names) + ")"

    def function(self, problem: Problem) -> str:
        """The test's text: every variable read by one C call, the domains tested a group at a time
        (one superset test for all the variables that share a domain), then each constraint."""
        lines = ["def all_hold(a):", *self.reads(list(problem.variables))]
        groups: dict[tuple[int, ...], list[str]] = {}
        for name, var in problem.variables.items():
            groups.setdefault(var.domain, []).append(self.local[name])
        for domain, names in groups.items():
            values = "".join(f"{name}, " for name in names)
            lines.append(f"    if not {self.constant(frozenset(domain))}.issuperset(({values})): return False")
        for posted in problem.constraints:
            lines.append(f"    if not {self.expression(posted.constraint)}: return False")
        lines.append("    return True")
        return "\n".join(lines)

    def reads(self, names: list[str]) -> list[str]:
        """The lines that read each variable into its local (False for an assignment that lacks one)."""
        if not names:
            return []
        if len(names) == 1:
            read = f"{self.local[names[0]]} = a[{names[0]!r}]"
        else:
            read = f"{', '.join(self.local[name] for name in names)} = {self.constant(itemgetter(*names))}(a)"
        return ["    try:", f"        {read}", "    except KeyError:", "        return False"]


def _linear(w: _Writer, c: Linear) -> str:
    total = " + ".join(f"{coef} * {w.local[name]}" for coef, name in c.terms) or "0"
    return w.comparison(f"({total})", c.op, c.rhs)


def _all_different(w: _Writer, c: AllDifferent) -> str:
    names = [w.local[name] for name in c.vars]
    return f"(len({{{', '.join(names)}}}) == {len(names)})" if names else "True"


def _product(w: _Writer, c: Product) -> str:
    factors = " * ".join(w.local[name] for name in c.factors) or "1"
    return f"({w.local[c.var]} == {factors})"


def _count(w: _Writer, c: Count) -> str:
    held = " + ".join(w.expression(sub) for sub in c.conds) or "0"
    return w.comparison(f"({held})", c.op, c.k)


def _joined(w: _Writer, conds: tuple[Constraint, ...], word: str, empty: str) -> str:
    return "(" + f" {word} ".join(w.expression(sub) for sub in conds) + ")" if conds else empty


def _connected(w: _Writer, c: Connected) -> str:
    chosen = "".join(f"{w.expression(sub)}, " for sub in c.conds)
    return f"{w.constant(_one_area(len(c.conds), c.edges))}(({chosen}))"


# Each kind's test as Python text: a kind missing here stops the import (`ir.by_kind`), never a
# silent fall back to the walk.
_EXPRESSIONS: KindTable[Callable[[_Writer, Any], str]] = by_kind(
    "check.fast",
    {
        Linear: _linear,
        InSet: lambda w, c: f"({w.local[c.var]} in {w.constant(frozenset(c.values))})",
        AllDifferent: _all_different,
        Table: lambda w, c: f"({w.row(c.vars)} in {w.constant(frozenset(tuple(t) for t in c.tuples))})",
        Regular: lambda w, c: f"{w.constant(_accepts(c))}({w.row(c.vars)})",
        Product: _product,
        Count: _count,
        And: lambda w, c: _joined(w, c.conds, "and", "True"),
        Or: lambda w, c: _joined(w, c.conds, "or", "False"),
        Not: lambda w, c: f"(not {w.expression(c.cond)})",
        Connected: _connected,
    },
)


def _accepts(c: Regular) -> Callable[[tuple[int, ...]], bool]:
    """Whether the automaton accepts a word of values (a missing transition rejects)."""
    moves = {(state, value): after for state, value, after in c.transitions}
    accepting = frozenset(c.accepting)

    def accepts(word: tuple[int, ...]) -> bool:
        state = c.start
        for value in word:
            after = moves.get((state, value))
            if after is None:
                return False
            state = after
        return state in accepting

    return accepts


def _one_area(size: int, edges: tuple[tuple[int, int], ...]) -> Callable[[tuple[bool, ...]], bool]:
    """The test of a `Connected` over its nodes' truths: one area, reached from its first node."""
    around: list[list[int]] = [[] for _ in range(size)]
    for i, j in edges:
        around[i].append(j)
        around[j].append(i)

    def one_area(chosen: tuple[bool, ...]) -> bool:
        if True not in chosen:
            return False
        start = chosen.index(True)
        reached, stack = {start}, [start]
        while stack:
            for other in around[stack.pop()]:
                if chosen[other] and other not in reached:
                    reached.add(other)
                    stack.append(other)
        return len(reached) == chosen.count(True)

    return one_area


def all_hold_function(problem: Problem) -> AllHold | None:
    """The problem's test as one function, or None where Python cannot compile it (a nesting too deep
    for its parser). A kind without a test is no such case: `by_kind` refuses the table at import."""
    writer = _Writer(problem)
    try:
        text = writer.function(problem)
        namespace: dict[str, Any] = dict(writer.constants)
        exec(compile(text, "<cspdsl check>", "exec"), namespace)  # text written above from the IR only
    except (SyntaxError, RecursionError, MemoryError, ValueError):
        return None
    function: AllHold = namespace["all_hold"]
    return function


# The checks of one problem after which its function is written (writing it costs about as much as
# checking a few dozen solutions by the walk), and the function itself, by problem.
WRITE_AFTER = 64
_seen: dict[int, tuple[weakref.ref[Problem], list[Any]]] = {}


def fast_test(problem: Problem) -> AllHold | None:
    """The problem's function once it has been checked WRITE_AFTER times, else None."""
    entry = _seen.get(id(problem))
    if entry is None or entry[0]() is not problem:
        if len(_seen) > 256:  # forget the problems that are gone
            for key in [key for key, (ref, _) in _seen.items() if ref() is None]:
                del _seen[key]
        entry = _seen[id(problem)] = (weakref.ref(problem), [0, None])
    state = entry[1]
    state[0] += 1
    if state[0] == WRITE_AFTER:
        state[1] = all_hold_function(problem)
    function: AllHold | None = state[1]
    return function
