"""Posting: each normalised top-level constraint as the library's constraints.

A built-in constraint is used where one fits, since those check partial assignments and prune domains
(forward checking): sums, all-different, all-equal, and "at least / exactly k of these variables take
a value in S" (SomeInSet). Only what no built-in expresses becomes a FunctionConstraint, over exactly
the variables it mentions, and it is evaluated on partial assignments in three values (true, false,
not yet known) so a clause fails as soon as it is decided.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import constraint as pc

from ...core.static_types import Any
from ...ir import (
    FALSE,
    TRUE,
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    Linear,
    Not,
    Or,
    Product,
    Regular,
    Table,
    variables_in_order,
)
from ...passes.evaluate import partial_truth
from ...passes.normal_form import Domains
from ..base import Translator

Scope = tuple[str, ...]
UNSET: Any = pc.Unassigned


def _scope(c: Constraint) -> Scope:
    """The variables a condition mentions, in first-mention order."""
    return tuple(variables_in_order(c))


def function_constraint(c: Constraint, domains: Mapping[str, Sequence[int]]) -> tuple[pc.FunctionConstraint, Scope]:
    """`c` as a FunctionConstraint over exactly the variables it mentions.

    Over two or more variables it is also checked on partial assignments (three-valued), so it fails as
    soon as the assigned variables decide it; with one variable left the library forward-checks it.
    """
    scope = _scope(c)
    ev = partial_truth(c, {name: i for i, name in enumerate(scope)}, domains, UNSET)

    def holds(*values: Any) -> bool:
        return ev(values) is not False

    return pc.FunctionConstraint(holds, assigned=len(scope) <= 2), scope


class ExactSum(pc.ExactSumConstraint):  # type: ignore[misc]
    """The library's ExactSumConstraint, plus the step it leaves out: with one variable left, that
    variable can only take the remaining amount, so forward checking keeps that one value.

    The built-in forward check only hides values that overshoot the sum (and none when a coefficient or
    value is negative): the last cell of a line kept every smaller value, each tried and rejected.
    """

    def __init__(self, total: int, multipliers: Sequence[int] | None = None) -> None:
        super().__init__(total, multipliers)
        self.total = total
        self.coefficients = list(multipliers) if multipliers else None

    def __call__(
        self, variables: Sequence[str], domains: dict[str, Any], assignments: dict[str, int], forwardcheck: Any = False
    ) -> bool:
        if not pc.ExactSumConstraint.__call__(self, variables, domains, assignments, forwardcheck):
            return False
        if not forwardcheck:
            return True
        missing: tuple[str, int] | None = None
        total = 0
        for i, name in enumerate(variables):
            coef = self.coefficients[i] if self.coefficients else 1
            if name in assignments:
                total += coef * assignments[name]
            elif missing is None:
                missing = (name, coef)
            else:
                return True  # two or more left: nothing forced
        if missing is None:
            return True
        name, coef = missing
        value, rest = divmod(self.total - total, coef)
        domain = domains[name]
        if rest or value not in domain:
            return False
        for other in domain[:]:
            if other != value:
                domain.hideValue(other)
        return True


class Poster(Translator[Constraint]):
    """Maps each normalised top-level constraint to library constraints, one method per IR kind.

    A condition's literal is the condition itself: what no built-in expresses is required as a
    function constraint that evaluates it (`require`), and the base's and/or/not/count build the
    conditions that such a function evaluates."""

    backend = "csp"

    def __init__(self, domains: Domains) -> None:
        super().__init__(domains)
        self.posted: list[tuple[pc.Constraint, Scope]] = []
        self.sources: list[str] = []

    # -- primitives: conditions stand for themselves -------------------------------------------------

    def constant(self, value: bool) -> Constraint:
        return TRUE if value else FALSE

    def negate(self, lit: Constraint) -> Constraint:
        return Not(lit)

    def require(self, lit: Constraint) -> None:
        self._function(lit)

    def all_of(self, lits: Sequence[Constraint]) -> Constraint:
        return And(tuple(lits))

    def any_of(self, lits: Sequence[Constraint]) -> Constraint:
        return Or(tuple(lits))

    def literal_sum(self, lits: Sequence[Constraint], op: str, k: int) -> Constraint:
        return Count(tuple(lits), op, k)

    def reify_linear(self, c: Linear) -> Constraint:
        return c

    def reify_in_set(self, c: InSet) -> Constraint:
        return c

    def _add(self, source: Constraint, native: pc.Constraint, scope: Sequence[str]) -> None:
        self.posted.append((native, tuple(scope)))
        self.sources.append(type(source).__name__)

    def _function(self, c: Constraint) -> None:
        native, scope = function_constraint(c, self.domains)
        self._add(c, native, scope)

    def post_all_different(self, c: AllDifferent) -> None:
        if len(c.vars) >= 2:
            self._add(c, pc.AllDifferentConstraint(), c.vars)

    def post_table(self, c: Table) -> None:
        self._function(c)

    def post_regular(self, c: Regular) -> None:
        """The automaton run over the values assigned and every value of the others, forward-checked
        (`regular.py`)."""
        from .regular import RegularConstraint

        self._add(c, RegularConstraint(c), list(dict.fromkeys(c.vars)))

    def post_product(self, c: Product) -> None:
        """The product itself as the function, not the table of its supports (docs/performance.md,
        "Products": up to 2.8x faster)."""
        self._function(c)

    def post_connected(self, c: Connected) -> None:
        """A function constraint over every node's variables, checked on partial assignments: it fails
        as soon as the nodes that hold are cut apart by nodes that cannot (`passes.areas`)."""
        self._function(c)

    def post_in_set(self, c: InSet) -> None:
        """Normally a domain already (presolve); kept for completeness, as the library's set constraints."""
        excluded = tuple(v for v in self.domains[c.var] if v not in c.values)
        if len(excluded) < len(c.values):
            self._add(c, pc.NotInSetConstraint(set(excluded)), (c.var,))
        else:
            self._add(c, pc.InSetConstraint(set(c.values)), (c.var,))

    def post_linear(self, c: Linear) -> None:
        """Sums as ExactSum/MinSum/MaxSum; x == y as AllEqual and x != y as AllDifferent."""
        coefs = [coef for coef, _ in c.terms]
        names = [name for _, name in c.terms]
        if len(c.terms) == 2 and sorted(coefs) == [-1, 1] and c.rhs == 0 and c.op in ("==", "!="):
            native = pc.AllEqualConstraint() if c.op == "==" else pc.AllDifferentConstraint()
            self._add(c, native, names)
            return
        if c.op == "!=":
            self._function(c)
            return
        op, rhs = c.op, c.rhs
        if all(coef < 0 for coef in coefs):  # -x - y <= r is x + y >= -r: the positive form forward-checks
            coefs, rhs = [-coef for coef in coefs], -rhs
            op = {"==": "==", "<=": ">=", ">=": "<="}[op]
        multipliers = None if all(coef == 1 for coef in coefs) else coefs
        kind = {"==": ExactSum, "<=": pc.MaxSumConstraint, ">=": pc.MinSumConstraint}[op]
        self._add(c, kind(rhs, multipliers), names)

    def _common_set(self, conds: tuple[Constraint, ...]) -> set[int] | None:
        """S when every cond is `x_i in S` (on its domain) for distinct variables x_i; else None."""
        if not all(isinstance(sub, InSet) for sub in conds):
            return None
        sets = [sub for sub in conds if isinstance(sub, InSet)]
        if len({sub.var for sub in sets}) != len(sets):
            return None
        union = {v for sub in sets for v in sub.values}
        for sub in sets:
            if {v for v in self.domains[sub.var] if v in union} != set(sub.values):
                return None
        return union

    def post_count(self, c: Count) -> None:
        """Exactly / at least / at most k of the variables in S: the library's SomeInSet and SomeNotInSet."""
        common = self._common_set(c.conds)
        if common is None or c.op == "!=":
            self._function(c)
            return
        names = [sub.var for sub in c.conds if isinstance(sub, InSet)]
        # Exactly k is posted as at least k and at most k: the library forward-checks "at least" only
        # once every variable left must be in S, and "at most k in S" (at least n - k outside S) as soon as
        # S is used up, which is what prunes a puzzle's piece counts.
        if c.op in (">=", "=="):
            self._add(c, pc.SomeInSetConstraint(common, n=c.k), names)
        if c.op in ("<=", "=="):
            self._add(c, pc.SomeNotInSetConstraint(common, n=len(names) - c.k), names)

    def post_or(self, c: Or) -> None:
        """One of the variables in S is SomeInSet; any other clause a function on its own variables."""
        common = self._common_set(c.conds)
        if common is None:
            self._function(c)
            return
        names = [sub.var for sub in c.conds if isinstance(sub, InSet)]
        self._add(c, pc.SomeInSetConstraint(common, n=1), names)
