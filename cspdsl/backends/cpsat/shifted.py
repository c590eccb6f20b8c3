"""Pairwise differences posted on CP-SAT as all-different constraints over shifted variables.

CP-SAT propagates `x - y != d` weakly: one value at a time once the other side is fixed. When many
such differences say together that some variables, each shifted by an offset of its own, are all
different (`passes.differences`: the N-queens' `abs(q[i] - q[j]) != j - i`, which is `q[i] + i` and
`q[i] - i` all different), one `add_all_different` over the affine expressions `x + offset` replaces
them, and CP-SAT's presolve sees the structure whole. 100 queens: about 35 s to a first solution
with the differences posted one by one, under 6 s with the two groups (docs/performance.md,
"Compile speed"). The checker still checks every original difference.
"""

from __future__ import annotations

from ...core.deadline import check_deadline
from ...core.static_types import TYPE_CHECKING
from ...passes.differences import shifted_groups, uncovered_parts

if TYPE_CHECKING:
    from .translate import CpSatTranslator

# A group is taken from this size on (8 queens' diagonals are groups of 8): the small cliques of `!=`
# of the models (a map's three neighbouring regions) stay posted as they were, and their solutions
# come in the same order as before.
MIN_SHIFTED_GROUP = 8


def post_grouped(translator: CpSatTranslator) -> None:
    """Post every top-level constraint of the translator's problem, the differences that shifted groups
    cover as one all-different per group."""
    constraints = translator.problem.constraints
    groups, covered = shifted_groups(constraints, MIN_SHIFTED_GROUP)
    for i, posted in enumerate(constraints):
        check_deadline()  # a compile under a time limit stops at it (600 queens: 1,203 constraints)
        for part in uncovered_parts(i, posted.constraint, covered):
            translator.post(part)
    for group in groups:
        translator.model.add_all_different([translator.vars[name] + offset for name, offset in group.offsets.items()])
