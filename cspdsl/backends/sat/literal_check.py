"""The base's test done on a SAT model's true literals, for a base of all-differents alone (a Sudoku's
rows, columns and boxes, a Latin square's): one sum of precomputed numbers, no Python loop.

Each literal of a direct encoding stands for one (variable, value) pair (`model_reader.ModelReader`
decodes the model's true literals into the assignment that is reported). Here each literal gets a
number with one bit for each all-different group its variable is in, at the value's place in that
group (a variable in no group: one bit of its own), written from the IR alone: the problem's own
groups and domains, nothing of the CNF. When each group's variables share one domain of as many
values as the group has variables, an assignment that gives each variable one value (the reader
tells it: as many literals as variables, as many variables decoded) satisfies the base exactly when
every (group, value) is covered once, that is when its literals' bits cover the whole range once
each. The sum of the literals' numbers tells it: numbers with as many bits in all as the range has
add up to the number with all of them set only if no bit is hit twice (a bit hit twice carries, and
the total of bits set would then have to be larger). A value outside its domain gets no bits, so the
sum falls short.
"""

from __future__ import annotations

from ...ir import AllDifferent, Problem


class LiteralTest:
    """The numbers of the literals (`masks[literal]`, 0 for none) and the sum that the true literals of
    a model of the base make exactly when the decoded assignment satisfies the base (`full`), for an
    assignment of `count` variables."""

    def __init__(self, masks: list[int], full: int, count: int) -> None:
        self.masks, self.full, self.count = masks, full, count


def literal_test(problem: Problem, pair_table: list[tuple[str, int] | None]) -> LiteralTest | None:
    """The base's test on literals, where every constraint is an all-different whose variables share
    one domain of as many values as it has variables, and every variable is one of the literals'
    (None otherwise: the assignment's own test, `check/fast.py`, is made instead)."""
    groups = [posted.constraint for posted in problem.constraints if isinstance(posted.constraint, AllDifferent)]
    if not groups or len(groups) < len(problem.constraints) or not all(_one_of_each(problem, c) for c in groups):
        return None
    decoded = {pair[0] for pair in pair_table if pair is not None}
    if decoded != set(problem.variables):
        return None
    # A bit of its own for a variable in no group (its domain's test); the others' are their groups'.
    grouped = {name for c in groups for name in c.vars}
    alone = [name for name in problem.variables if name not in grouped]
    start = len(alone)
    bits: dict[tuple[str, int], int] = {(name, v): 0 for name, var in problem.variables.items() for v in var.domain}
    for number, name in enumerate(alone):
        for v in problem.variables[name].domain:
            bits[name, v] = 1 << number
    for c in groups:
        values = sorted(problem.variables[c.vars[0]].domain)
        for name in c.vars:
            for offset, v in enumerate(values):
                bits[name, v] |= 1 << (start + offset)
        start += len(values)
    masks = [0 if pair is None else bits.get(pair, 0) for pair in pair_table]
    return LiteralTest(masks, (1 << start) - 1, len(problem.variables))


def _one_of_each(problem: Problem, c: AllDifferent) -> bool:
    """The group's variables are distinct and share one domain of as many values as there are of them."""
    domains = {problem.variables[name].domain for name in c.vars}
    return len(domains) == 1 and len(set(next(iter(domains)))) == len(c.vars) == len(set(c.vars))
