"""Each IR constraint as a MiniZinc expression over the variables' MiniZinc names (`refs`: a
flattened identifier such as `cell_1_3`, or an array access such as `cell[1,3]`), and the globals
(`all_different`, `table`, `regular`, `connected`) each needs included."""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable, Mapping

from ...core.static_types import Any
from ...ir import (
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
    Product,
    Regular,
    Table,
    by_kind,
    children,
)

Refs = Mapping[str, str]  # IR variable -> its MiniZinc expression


# The global constraints a model may use, by the kind that writes them, and the file that defines each.
# Only the globals a model uses are included: the whole globals.mzn clashes with Gecode's in some installs.
GLOBALS = {AllDifferent: "all_different.mzn", Table: "table.mzn", Regular: "regular.mzn", Connected: "connected.mzn"}


def includes(constraints: Iterable[Constraint]) -> set[str]:
    """The files of the globals these constraints use, nested ones too."""
    found: set[str] = set()
    stack = list(constraints)
    while stack:
        c = stack.pop()
        if type(c) in GLOBALS:
            found.add(GLOBALS[type(c)])
        stack.extend(children(c))
    return found


def include_lines(files: Iterable[str]) -> list[str]:
    """`include "F";` for each file, in GLOBALS' order."""
    return [f'include "{file}";' for file in GLOBALS.values() if file in set(files)]


def identifiers(variables: list[str]) -> dict[str, str]:
    """A MiniZinc identifier for each variable, readable and distinct: `nationality[Dane]` is
    `nationality_Dane`, `cell[1,3]` `cell_1_3`, an auxiliary `_abs#1` `aux_abs_1`."""
    taken: set[str] = set()
    found = {}
    for name in variables:
        base = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_") or "v"
        base = f"aux_{base}" if name.startswith("_") or base[0].isdigit() else base
        candidate, n = base, 1
        while candidate in taken or candidate in RESERVED:
            n += 1
            candidate = f"{base}_{n}"
        taken.add(candidate)
        found[name] = candidate
    return found


# MiniZinc's keywords that a variable's name could spell.
RESERVED = {"ann", "annotation", "any", "array", "bool", "case", "constraint", "default", "diff",
             "div", "else", "elseif", "endif", "enum", "false", "float", "function", "if", "in",
             "include", "int", "intersect", "let", "list", "maximize", "minimize", "mod", "not", "of",
             "op", "opt", "output", "par", "predicate", "record", "satisfy", "set", "solve", "string",
             "subset", "superset", "symdiff", "test", "then", "true", "tuple", "type", "union", "var",
             "where", "xor"}


def unused(base: str, taken: Container[str], separator: str = "") -> str:
    """`base`, else `base2`, `base3`, ... (`separator` before the number): the first not in `taken`."""
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}{separator}{n}"
    return candidate


def string(text: str) -> str:
    """A MiniZinc string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def domain_text(values: tuple[int, ...]) -> str:
    if values and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ", ".join(map(str, values)) + "}"


def write(c: Constraint, names: Refs) -> str:
    """The constraint as a MiniZinc expression."""
    return _WRITERS[type(c)](c, names)


def _linear(c: Linear, names: Refs) -> str:
    return f"{terms_text(c.terms, names)} {c.op} {c.rhs}"


def terms_text(terms: Iterable[tuple[int, str]], names: Refs) -> str:
    """A sum of coefficient * variable as a person writes it: `x - y`, `100 * a + 10 * b`."""
    text = ""
    for k, x in terms:
        sign = "-" if k < 0 else "+"
        term = names[x] if abs(k) == 1 else f"{abs(k)} * {names[x]}"
        text = f"{text} {sign} {term}" if text else (f"-{term}" if k < 0 else term)
    return text or "0"


def _in_set(c: InSet, names: Refs) -> str:
    if len(c.values) == 1:
        return f"{names[c.var]} == {c.values[0]}"
    return f"{names[c.var]} in {domain_text(c.values) if c.values else '{}'}"


def _all_different(c: AllDifferent, names: Refs) -> str:
    return f"all_different([{', '.join(names[x] for x in c.vars)}])"


def _table(c: Table, names: Refs) -> str:
    rows = " | ".join(", ".join(map(str, row)) for row in c.tuples)
    if not c.tuples:
        return "false"
    return f"table([{', '.join(names[x] for x in c.vars)}], [| {rows} |])"


def _regular(c: Regular, names: Refs) -> str:
    """MiniZinc's `regular`: states 1..Q, the values 1..S (value v as its place in the sorted values),
    0 in the transition table for no move (its state 0 rejects)."""
    states = sorted({c.start, *c.accepting, *(q for q, _, _ in c.transitions), *(r for _, _, r in c.transitions)})
    values = sorted({v for _, v, _ in c.transitions})
    if not values or not c.vars:
        return "true" if not c.vars and c.start in c.accepting else "false"
    state_no = {q: i + 1 for i, q in enumerate(states)}
    value_no = {v: i + 1 for i, v in enumerate(values)}
    table = [[0] * len(values) for _ in states]
    for q, v, r in c.transitions:
        table[state_no[q] - 1][value_no[v] - 1] = state_no[r]
    rows = " | ".join(", ".join(map(str, row)) for row in table)
    word = ", ".join(_letter(names[x], values) for x in c.vars)
    final = "{" + ", ".join(str(state_no[q]) for q in sorted(set(c.accepting))) + "}"
    return f"regular([{word}], {len(states)}, {len(values)}, [| {rows} |], {state_no[c.start]}, {final})"


def _letter(name: str, values: list[int]) -> str:
    """A variable as its letter 1..S: shifted when the values run on (`x + 1` for 0..1), else looked up."""
    if values == list(range(values[0], values[0] + len(values))):
        shift = 1 - values[0]
        return name if not shift else f"{name} + {shift}" if shift > 0 else f"{name} - {-shift}"
    return f"{_place(values)}[{name}]"


def _place(values: list[int]) -> str:
    """The array from a value to its place among `values` (1..S), indexed by the value."""
    places = [str(values.index(v) + 1) if v in values else "0" for v in range(values[0], values[-1] + 1)]
    return f"array1d({values[0]}..{values[-1]}, [{', '.join(places)}])"


def _product(c: Product, names: Refs) -> str:
    return f"{names[c.var]} = {' * '.join(names[x] for x in c.factors) or '1'}"


def _count(c: Count, names: Refs) -> str:
    parts = ", ".join(f"bool2int({write(cond, names)})" for cond in c.conds)
    return f"sum([{parts}]) {c.op} {c.k}"


def _connected(c: Connected, names: Refs) -> str:
    """MiniZinc's `connected` over the nodes that hold and the edges between two of them, and at least
    one node (an empty graph counts as connected there); without edges, exactly one node."""
    nodes = [write(cond, names) for cond in c.conds]
    if not c.edges:
        return f"sum([{', '.join(f'bool2int({node})' for node in nodes)}]) == 1"
    froms = ", ".join(str(i + 1) for i, _ in c.edges)
    tos = ", ".join(str(j + 1) for _, j in c.edges)
    edges = ", ".join(f"({nodes[i]} /\\ {nodes[j]})" for i, j in c.edges)
    return f"(exists([{', '.join(nodes)}]) /\\ connected([{froms}], [{tos}], [{', '.join(nodes)}], [{edges}]))"


def _joined(word: str, empty: str) -> Callable[[Any, Refs], str]:
    def joined(c: And | Or, names: Refs) -> str:
        return f"({f' {word} '.join(write(cond, names) for cond in c.conds)})" if c.conds else empty

    return joined


def _not(c: Not, names: Refs) -> str:
    return f"not ({write(c.cond, names)})"


_WRITERS: KindTable[Callable[[Any, Refs], str]] = by_kind("minizinc export", {
    AllDifferent: _all_different, Table: _table, Regular: _regular, Product: _product, Linear: _linear,
    InSet: _in_set, Count: _count,
    And: _joined("/\\", "true"), Or: _joined("\\/", "false"), Not: _not, Connected: _connected,
})
