"""A ruler (`passes.rulers`: all-different differences of ordered marks) written as the marks' places:
a literal `at[k]` for "a mark is at k", defined both ways from the marks' value literals, and for each
distance d an at-most-one over the literals `pair[k, d]` = at[k] and at[k + d]. The differences'
variables get no literals; `SatModel.derived` reads each back from its two marks.

On the Golomb ruler of 6 to 8 marks this is about a tenth of the clauses of a decision diagram for
each difference and an all-different over their values, and the proof of the optimum is the
search of a set of places (docs/backend-sat.md, "Rulers").
"""

from __future__ import annotations

from ...core.deadline import check_deadline
from ...ir import Problem
from ...passes.rulers import Ruler
from .cnf import Cnf, TooManyClauses


def without_rulers(problem: Problem, found: list[Ruler]) -> Problem:
    """The problem less the rulers' constraints and their differences' variables, which the ruler
    clauses stand for."""
    covered = set().union(*(ruler.covered for ruler in found))
    dropped = {name for ruler in found for name in ruler.differences}
    variables = {name: var for name, var in problem.variables.items() if name not in dropped}
    constraints = [posted for i, posted in enumerate(problem.constraints) if i not in covered]
    return Problem(variables, constraints, list(problem.outputs), problem.objective, problem.projected,
                   problem.sequential)


def ruler_clauses(cnf: Cnf, ruler: Ruler, values: dict[str, list[tuple[int, int]]]) -> None:
    """The clauses of one ruler over its marks' value literals (`values`)."""
    marks_at: dict[int, list[int]] = {}
    for mark in ruler.marks:
        for value, literal in values[mark]:
            marks_at.setdefault(value, []).append(literal)
    at = {}
    for place in sorted(marks_at):
        literal = at[place] = cnf.new_var(f"a mark at {place}")
        for mark_literal in marks_at[place]:
            cnf.add_binary(-mark_literal, literal)
        cnf.add([-literal, *marks_at[place]])
    places = sorted(at)
    clauses = cnf.clauses  # the pairs' clauses are of three fresh variables: appended as they are
    for distance in range(1, places[-1] - places[0] + 1 if places else 0):
        check_deadline()  # a ruler of 24 marks up to 300 takes a second of distances
        pairs = []
        for place in places:
            if place + distance in at:
                near, far = at[place], at[place + distance]
                pair = cnf.new_var()
                clauses += ((-near, -far, pair), (-pair, near), (-pair, far))
                pairs.append(pair)
        if len(pairs) > 1:
            cnf.at_most_one(pairs)
        if cnf.clause_budget is not None and len(clauses) > cnf.clause_budget:
            raise TooManyClauses
