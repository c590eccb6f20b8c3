"""The IR written as a readable MiniZinc model (`cspdsl compile MODEL --to minizinc`), to hand a
model to the MiniZinc world: each variable with its domain, each constraint under a comment naming
the clue's line, and an output item that prints the model's shown variables as `name = value` (MiniZinc
tells `-a` solutions apart on the output, so a model's hidden variables count there as here)."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..core.errors import CspdslError
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
from ..passes.unroll import action, at, unroll


def to_minizinc(problem: Problem, source: str = "") -> str:
    """The problem in MiniZinc: solve with `minizinc --solver gecode -a FILE` for every solution (of a
    model with an objective, `solve minimize` or `solve maximize`: the optimum). A sequential puzzle
    is written unrolled over its bound (`_plans_in_minizinc`)."""
    if problem.sequential is not None:
        return _plans_in_minizinc(problem, source)
    names = _identifiers(list(problem.variables))
    lines = _model_lines(problem, names, source)
    lines += ["", _solve_item(problem, names), "", "output ["]
    lines += [f'  "{name} = ", show({names[name]}), "\\n",' for name in problem.outputs]
    lines.append("];")
    return "\n".join(lines) + "\n"


def _model_lines(problem: Problem, names: dict[str, str], source: str) -> list[str]:
    """The model but its solve and output items: the globals it includes, its variables, its constraints."""
    # Only the globals the model uses: the whole globals.mzn clashes with Gecode's in some installs.
    lines = [f"% cspdsl model of {source}" if source else "% cspdsl model"]
    lines += [f'include "{file}";' for kind, file in _GLOBALS.items() if _uses(problem, kind)]
    lines.append("")
    for name, var in problem.variables.items():
        lines.append(f"var {_domain(var.domain)}: {names[name]};  % {name}")
    lines.append("")
    for posted in problem.constraints:
        if posted.span is not None:
            lines.append(f"% line {posted.span.line}: {posted.span.text.split('#', 1)[0].strip()}")
        lines.append(f"constraint {_write(posted.constraint, names)};")
    return lines


def _plans_in_minizinc(problem: Problem, source: str) -> str:
    """A sequential puzzle unrolled over its bound, as the exact backends solve it (`passes/unroll.py`):
    each solution a plan of at most `steps` moves, ended at its first goal state. `minimize steps`
    is a `solve minimize` of the moves made (one shortest plan: MiniZinc has no deepening to find them
    all). The output: the start state, then the moves in words, numbered."""
    seq = problem.sequential
    assert seq is not None
    if seq.bound is None:
        raise CspdslError("MiniZinc takes a sequential puzzle unrolled over a bound on its steps, and this "
                          "one has no bound", seq.shortest_span or seq.span,
                          "add 'steps <= N' to export its plans of at most N moves")
    unrolled = unroll(problem, seq.bound)
    names = _identifiers(list(unrolled.variables))
    moves = [names[action(step)] for step in range(1, seq.bound + 1)]
    lines = _model_lines(unrolled, names, source)
    lines.insert(1, f"% unrolled over {seq.bound} steps: x_t is x after t moves, move_t the t-th move made (0: the "
                    "plan has ended)")
    words = ", ".join(_string(move.name) for move in seq.moves)
    lines += ["", f"array[1..{len(seq.moves)}] of string: move_words = [{words}];", ""]
    made = " + ".join(f"bool2int({move} > 0)" for move in moves) or "0"
    lines.append(f"solve minimize {made};" if seq.shortest else "solve satisfy;")
    lines += ["", "output ["]
    lines += [f'  "{name} = ", show({names[at(name, 0)]}), "\\n",' for name in seq.state]
    lines += [f'  if fix({move}) > 0 then "{step}. " ++ move_words[fix({move})] ++ "\\n" else "" endif,'
              for step, move in enumerate(moves, start=1)]
    lines.append("];")
    return "\n".join(lines) + "\n"


def _string(text: str) -> str:
    """A MiniZinc string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _solve_item(problem: Problem, names: dict[str, str]) -> str:
    """`solve satisfy;`, or `solve minimize/maximize SUM;` under a comment naming the objective's line."""
    objective = problem.objective
    if objective is None:
        return "solve satisfy;"
    if objective.lexicographic:  # one sum in the list's order (MiniZinc takes one objective)
        objective = objective.weighted(problem.domains())
    terms = [f"{k} * {names[x]}" if k != 1 else names[x] for k, x in objective.terms]
    if objective.constant or not terms:
        terms.append(str(objective.constant))
    where = f"% line {objective.span.line}: {objective.span.text.split('#', 1)[0].strip()}\n" if objective.span else ""
    return f"{where}solve {objective.sense} {' + '.join(terms)};"


# The global constraints a model may use, by the kind that writes them, and the file that defines each.
_GLOBALS = {AllDifferent: "all_different.mzn", Table: "table.mzn", Regular: "regular.mzn", Connected: "connected.mzn"}


def _uses(problem: Problem, kind: type) -> bool:
    """Whether a constraint of this kind appears anywhere in the problem, nested too."""
    from ..ir.walk import children

    stack: list[Constraint] = [p.constraint for p in problem.constraints]
    while stack:
        c = stack.pop()
        if isinstance(c, kind):
            return True
        stack.extend(children(c))
    return False


def _identifiers(variables: list[str]) -> dict[str, str]:
    """A MiniZinc identifier for each variable, readable and distinct: `nationality[Dane]` is
    `nationality_Dane`, `cell[1,3]` `cell_1_3`, an auxiliary `_abs#1` `aux_abs_1`."""
    taken: set[str] = set()
    found = {}
    for name in variables:
        base = re.sub(r"[^A-Za-z0-9]+", "_", name).strip("_") or "v"
        base = f"aux_{base}" if name.startswith("_") or base[0].isdigit() else base
        candidate, n = base, 1
        while candidate in taken or candidate in _RESERVED:
            n += 1
            candidate = f"{base}_{n}"
        taken.add(candidate)
        found[name] = candidate
    return found


# MiniZinc's keywords that a variable's name could spell.
_RESERVED = {"ann", "annotation", "any", "array", "bool", "case", "constraint", "default", "diff",
             "div", "else", "elseif", "endif", "enum", "false", "float", "function", "if", "in",
             "include", "int", "intersect", "let", "list", "maximize", "minimize", "mod", "not", "of",
             "op", "opt", "output", "par", "predicate", "record", "satisfy", "set", "solve", "string",
             "subset", "superset", "symdiff", "test", "then", "true", "tuple", "type", "union", "var",
             "where", "xor"}


def _domain(values: tuple[int, ...]) -> str:
    if values and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ", ".join(map(str, values)) + "}"


def _write(c: Constraint, names: dict[str, str]) -> str:
    return _WRITERS[type(c)](c, names)


def _linear(c: Linear, names: dict[str, str]) -> str:
    terms = " + ".join(f"{k} * {names[x]}" if k != 1 else names[x] for k, x in c.terms) or "0"
    return f"{terms} {c.op} {c.rhs}"


def _in_set(c: InSet, names: dict[str, str]) -> str:
    return f"{names[c.var]} in {_domain(c.values) if c.values else '{}'}"


def _all_different(c: AllDifferent, names: dict[str, str]) -> str:
    return f"all_different([{', '.join(names[x] for x in c.vars)}])"


def _table(c: Table, names: dict[str, str]) -> str:
    rows = " | ".join(", ".join(map(str, row)) for row in c.tuples)
    if not c.tuples:
        return "false"
    return f"table([{', '.join(names[x] for x in c.vars)}], [| {rows} |])"


def _regular(c: Regular, names: dict[str, str]) -> str:
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


def _product(c: Product, names: dict[str, str]) -> str:
    return f"{names[c.var]} = {' * '.join(names[x] for x in c.factors) or '1'}"


def _count(c: Count, names: dict[str, str]) -> str:
    parts = ", ".join(f"bool2int({_write(cond, names)})" for cond in c.conds)
    return f"sum([{parts}]) {c.op} {c.k}"


def _connected(c: Connected, names: dict[str, str]) -> str:
    """MiniZinc's `connected` over the nodes that hold and the edges between two of them, and at least
    one node (an empty graph counts as connected there); without edges, exactly one node."""
    nodes = [_write(cond, names) for cond in c.conds]
    if not c.edges:
        return f"sum([{', '.join(f'bool2int({node})' for node in nodes)}]) == 1"
    froms = ", ".join(str(i + 1) for i, _ in c.edges)
    tos = ", ".join(str(j + 1) for _, j in c.edges)
    edges = ", ".join(f"({nodes[i]} /\\ {nodes[j]})" for i, j in c.edges)
    return f"(exists([{', '.join(nodes)}]) /\\ connected([{froms}], [{tos}], [{', '.join(nodes)}], [{edges}]))"


def _joined(word: str, empty: str) -> Callable[[Any, dict[str, str]], str]:
    def write(c: And | Or, names: dict[str, str]) -> str:
        return f"({f' {word} '.join(_write(cond, names) for cond in c.conds)})" if c.conds else empty

    return write


def _not(c: Not, names: dict[str, str]) -> str:
    return f"not ({_write(c.cond, names)})"


_WRITERS: KindTable[Callable[[Any, dict[str, str]], str]] = by_kind("minizinc export", {
    AllDifferent: _all_different, Table: _table, Regular: _regular, Product: _product, Linear: _linear,
    InSet: _in_set, Count: _count,
    And: _joined("/\\", "true"), Or: _joined("\\/", "false"), Not: _not, Connected: _connected,
})
