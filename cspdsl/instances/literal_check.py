"""The base's test done on a SAT model's true literals, for a base of all-differents alone (a Sudoku's
rows, columns and boxes, a Latin square's): one sum of precomputed numbers, no Python loop.

Each literal of a direct encoding stands for one (variable, value) pair (`sat_models.ModelReader`
decodes the model's true literals into the assignment that is reported). Here each literal gets a
number with one bit for its variable and one bit for each all-different group the variable is in, at
the value's place in that group, written from the IR alone: the problem's own groups and domains,
nothing of the CNF. When each group's variables share one domain of as many values as the group has
variables, an assignment that gives every variable one value satisfies the base exactly when every
variable and every (group, value) is covered once, that is when its literals' bits cover the whole
range once each. The sum of the literals' numbers tells it: `count` numbers of `bits` bits in all can
add up to the number with all those bits set only if no bit is hit twice (a bit hit twice carries,
and the total of bits set would then have to be larger). A value outside its domain gets no bits,
so the sum falls short.
"""

from __future__ import annotations

from ..ir import AllDifferent, Problem


class LiteralTest:
    """The numbers of the literals (`masks[literal]`, 0 for none) and the sum that the true literals of
    a model of the base make exactly when the decoded assignment satisfies the base (`full`), for an
    assignment of `count` variables."""

    def __init__(self, masks: list[int], full: int, count: int) -> None:
        self.masks, self.full, self.count = masks, full, count


def literal_test(problem: Problem, pair_table: list[tuple[str, int] | None]) -> LiteralTest | None:
    """The base's test on literals, where every constraint is an all-different whose variables share
    one domain of as many values as it has variables, and every variable is one of the literals'
    (None otherwise: the assignment's own test, `ir.fast_check`, is made instead)."""
    groups = [posted.constraint for posted in problem.constraints]
    if not groups or not all(isinstance(c, AllDifferent) and _one_of_each(problem, c) for c in groups):
        return None
    decoded = {pair[0] for pair in pair_table if pair is not None}
    if decoded != set(problem.variables):
        return None
    place = {name: 1 << number for number, name in enumerate(problem.variables)}
    start = len(place)
    bits: dict[tuple[str, int], int] = {(name, v): place[name] for name, var in problem.variables.items()
                                        for v in var.domain}
    for c in groups:
        assert isinstance(c, AllDifferent)
        values = sorted(problem.variables[c.vars[0]].domain)
        for name in c.vars:
            for offset, v in enumerate(values):
                bits[name, v] |= 1 << (start + offset)
        start += len(values)
    masks = [0 if pair is None else bits.get(pair, 0) for pair in pair_table]
    return LiteralTest(masks, (1 << start) - 1, len(place))


def _one_of_each(problem: Problem, c: AllDifferent) -> bool:
    """The group's variables are distinct and share one domain of as many values as there are of them."""
    domains = {problem.variables[name].domain for name in c.vars}
    return len(domains) == 1 and len(set(next(iter(domains)))) == len(c.vars) == len(set(c.vars))
