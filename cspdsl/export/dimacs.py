"""The model's CNF as standard DIMACS text, for any other SAT solver."""

from __future__ import annotations

from ..backends.sat.cnf import TRUE
from ..backends.sat.encoder import compile_cnf
from ..ir import Problem


def to_dimacs(problem: Problem, source: str = "") -> str:
    """Standard DIMACS CNF, with comment lines that map variables back to the model:
    `c 17 colour[green] = 4`, `c fixed nationality[Norwegian] = 1` for values settled at compile time,
    and `c derived _expr#1 = mark[2] - mark[1]` for a ruler's differences, read back from their marks."""
    native = compile_cnf(problem)
    cnf = native.cnf
    lines = [f"c cspdsl CNF of {source}" if source else "c cspdsl CNF"]
    lines.append("c each 'c N meaning' line names variable N; the rest are auxiliary")
    for name, pairs in native.values.items():
        if len(pairs) == 1 and pairs[0][1] == TRUE:
            lines.append(f"c fixed {name} = {pairs[0][0]}")
        elif not pairs:
            lines.append(f"c empty {name}")
    for name, (a, b) in native.derived.items():  # a ruler's difference: no literals of its own
        lines.append(f"c derived {name} = {a} - {b}")
    for var in sorted(cnf.meaning):
        lines.append(f"c {var} {cnf.meaning[var]}")
    lines.append(f"p cnf {cnf.num_vars} {len(cnf.clauses)}")
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in cnf.clauses)
    return "\n".join(lines) + "\n"
