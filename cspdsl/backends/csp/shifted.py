"""Pairwise differences posted on the csp backend as all-different constraints over shifted variables.

A difference `x - y != d` alone is a function constraint over two variables, called at every step
that assigns either; N-queens has n(n - 1) of them (`abs(q[i] - q[j]) != j - i`). When they say
together that some variables, each shifted by an offset of its own, are all different
(`passes.differences`: `q[i] + i` and `q[i] - i` all different), one constraint per group checks
and forward-checks them all: the compile posts 2 constraints instead of 9,900 at n = 100, and each
step prunes the shifted value from every free member at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import constraint as pc

from ...core.static_types import Any
from ...ir import Problem
from ...passes.differences import ShiftedGroup, shifted_groups, without_covered

UNSET: Any = pc.Unassigned

# A group is taken from this size on (8 queens' diagonals are groups of 8): the small cliques of `!=`
# of the models (a map's three neighbouring regions) stay posted as they were, and their solutions
# come in the same order as before.
MIN_SHIFTED_GROUP = 8


class ShiftedAllDifferent(pc.Constraint):  # type: ignore[misc]
    """`x + offset[x]` pairwise different over the scope, the library's all-different on shifted values:
    false once two assigned members collide; with forward checking, each free member loses the values
    that would collide with an assigned one."""

    def __init__(self, offsets: dict[str, int]) -> None:
        self.offsets = offsets

    def __call__(
        self, variables: Sequence[str], domains: dict[str, Any], assignments: dict[str, int], forwardcheck: Any = False
    ) -> bool:
        taken: set[int] = set()
        free: list[str] = []
        for name in variables:
            value = assignments.get(name, UNSET)
            if value is UNSET:
                free.append(name)
                continue
            shifted = value + self.offsets[name]
            if shifted in taken:
                return False
            taken.add(shifted)
        if forwardcheck and taken:
            return self._forward_check(free, domains, taken)
        return True

    def _forward_check(self, free: list[str], domains: dict[str, Any], taken: set[int]) -> bool:
        """Hide from each free member the values whose shifted value is taken; False if one runs out."""
        for name in free:
            domain = domains[name]
            offset = self.offsets[name]
            for value in [v for v in domain if v + offset in taken]:
                domain.hideValue(value)
            if not domain:
                return False
        return True


def shifted_constraint(group: ShiftedGroup) -> tuple[ShiftedAllDifferent, tuple[str, ...]]:
    """The group's constraint and its scope."""
    return ShiftedAllDifferent(dict(group.offsets)), tuple(group.offsets)


def split_groups(problem: Problem) -> tuple[list[tuple[ShiftedAllDifferent, tuple[str, ...]]], Problem]:
    """The constraints of the problem's shifted groups, and the problem without the differences they
    cover (which then skip the normal form: most of the compile of N-queens)."""
    groups, covered = shifted_groups(problem.constraints, MIN_SHIFTED_GROUP)
    return [shifted_constraint(group) for group in groups], without_covered(problem, covered)
