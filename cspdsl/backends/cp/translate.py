"""The IR in the terms of OR-Tools' CP solver: its own constraints at the top level, Boolean
variables for the conditions nested inside others.

Top level: all-different, table (`AllowedAssignments`), automaton (`TransitionConstraint`), linear
comparisons (`ScalProd`), membership (`MemberCt`), products (`x * y` expressions), counts of
conditions (a sum of their Booleans). A nested condition becomes the Boolean variable that the solver
reifies it into (`(x + y <= 3).Var()`, `IsMemberVar`), tied to it both ways, so that it is a function
of the variables and never multiplies the solutions; and, or and not are sums and complements of those.
The differences that make shifted groups (`passes.differences`: the N-queens' diagonals) are posted
as one all-different over the shifted variables, and auxiliary variables that are another variable
shifted become views of it (`aliases`). A connected area has no constraint here: it is refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import CspdslError, Suggestion
from ...core.record import Record, field
from ...core.static_types import Any
from ...ir import (
    AllDifferent,
    Connected,
    Count,
    InSet,
    Linear,
    Or,
    Posted,
    Problem,
    Product,
    Regular,
    Table,
    comparison,
)
from ...passes.differences import shifted_groups, uncovered_parts
from ..base import Translator
from .aliases import aliases
from .native import pywrapcp

Lit = Any  # a 0/1 variable of the CP solver

# A group of differences is posted as one all-different from this size on (as on cpsat: the small
# cliques of `!=` of the models stay as they are).
MIN_SHIFTED_GROUP = 8
# The backends that take every model, which a refusal names (the default first).
TAKE_EVERY_MODEL = ("sat", "cpsat", "csp")


class CpModel(Record, frozen=False):
    """What `compile` hands to `solve`: the solver holding the model, the variable (or view) of each IR
    name, and the variables a search decides: the model's own first, the rest after them."""

    solver: Any
    vars: dict[str, Any] = field(default_factory=dict)
    own: list[Any] = field(default_factory=list)
    rest: list[Any] = field(default_factory=list)
    constraints: int = 0


class CpTranslator(Translator[Lit]):
    """Translates one IR problem into a model of the CP solver; see the module docstring."""

    backend = "cp"

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.domains())
        self.problem = problem
        self.solver = pywrapcp.Solver("cspdsl")
        self.vars: dict[str, Any] = {}
        self._constants: dict[bool, Lit] = {}
        self.posted = 0

    def build(self) -> CpModel:
        views = aliases(self.problem)
        for var in self.problem.variables.values():
            if var.name not in views:
                self._add_var(var.name, var.domain)
        for alias in views.values():
            self._add_view(alias.name, alias.base, alias.offset)
        skipped = {alias.index for alias in views.values()}
        constraints = self.problem.constraints
        groups, covered = shifted_groups(constraints, MIN_SHIFTED_GROUP)
        for i, posted in enumerate(constraints):
            if i not in skipped:
                self._post_top(i, posted, covered)
        for group in groups:
            self._add(self.solver.AllDifferent([self.vars[name] + offset for name, offset in group.offsets.items()]))
        own = [name for name in self.problem.outputs if name not in views]
        decided = set(own) | set(views)
        rest = [name for name in self.problem.variables if name not in decided]
        return CpModel(self.solver, self.vars, [self.vars[n] for n in own], [self.vars[n] for n in rest], self.posted)

    def _post_top(self, i: int, posted: Posted, covered: set[tuple[int, int]]) -> None:
        if isinstance(posted.constraint, Connected):
            raise CspdslError(
                "backend 'cp' has no constraint for a connected area: solve this model with "
                f"{', '.join(TAKE_EVERY_MODEL[:-1])} or {TAKE_EVERY_MODEL[-1]}",
                posted.span, suggestion=Suggestion("use_backend", TAKE_EVERY_MODEL),
            )
        for part in uncovered_parts(i, posted.constraint, covered):
            self.post(part)

    def _add(self, constraint: Any) -> None:
        self.solver.Add(constraint)
        self.posted += 1

    def _add_var(self, name: str, domain: tuple[int, ...]) -> None:
        if not domain:  # no value: no solution
            self._add(self.solver.FalseConstraint())
            domain = (0,)
        contiguous = domain[-1] - domain[0] + 1 == len(domain)
        values: Any = (domain[0], domain[-1]) if contiguous else (list(domain),)
        self.vars[name] = self.solver.IntVar(*values, name)

    def _add_view(self, name: str, base: str, offset: int) -> None:
        """`name` as `base + offset`, held to its own domain where the base's shifted values leave it."""
        view = (self.vars[base] + offset).Var()
        own = self.domains[name]
        if not set(v + offset for v in self.domains[base]) <= set(own):
            self._add(self.solver.MemberCt(view, list(own)))
        self.vars[name] = view

    # -- helpers --------------------------------------------------------------------------------

    def _expr(self, terms: tuple[tuple[int, str], ...]) -> Any:
        return self.solver.ScalProd([self.vars[n] for _, n in terms], [c for c, _ in terms])

    def _post_constant(self, value: bool) -> None:
        if not value:
            self._add(self.solver.FalseConstraint())

    # -- primitives on literals ------------------------------------------------------------------

    def constant(self, value: bool) -> Lit:
        if value not in self._constants:
            self._constants[value] = self.solver.IntVar(int(value), int(value), str(value).lower())
        return self._constants[value]

    def negate(self, lit: Lit) -> Lit:
        return self.solver.IsEqualCstVar(lit, 0)

    def require(self, lit: Lit) -> None:
        self._add(lit == 1)

    def all_of(self, lits: Sequence[Lit]) -> Lit:
        if len(lits) <= 1:
            return lits[0] if lits else self.constant(True)
        return self.solver.IsEqualCstVar(self.solver.Sum(list(lits)), len(lits))

    def any_of(self, lits: Sequence[Lit]) -> Lit:
        if len(lits) <= 1:
            return lits[0] if lits else self.constant(False)
        return self.solver.IsGreaterOrEqualCstVar(self.solver.Sum(list(lits)), 1)

    def literal_sum(self, lits: Sequence[Lit], op: str, k: int) -> Lit:
        if not lits:
            return self.constant(comparison(op)(0, k))
        return comparison(op)(self.solver.Sum(list(lits)), k).Var()

    # -- top level: the solver's own constraints ---------------------------------------------------

    def post_all_different(self, c: AllDifferent) -> None:
        if len(c.vars) > 1:
            self._add(self.solver.AllDifferent([self.vars[n] for n in c.vars]))

    def post_table(self, c: Table) -> None:
        if not c.vars or not c.tuples:  # over nothing it holds iff it lists the empty tuple
            self._post_constant(not c.vars and bool(c.tuples))
            return
        self._add(self.solver.AllowedAssignments([self.vars[n] for n in c.vars], [list(t) for t in set(c.tuples)]))

    def post_regular(self, c: Regular) -> None:
        if not c.vars or not c.transitions or not c.accepting:  # the empty word, or no word at all
            self._post_constant(not c.vars and c.start in c.accepting)
            return
        self._add(self.solver.TransitionConstraint([self.vars[n] for n in c.vars], [list(t) for t in c.transitions],
                                                   c.start, list(c.accepting)))

    def post_product(self, c: Product) -> None:
        if not c.factors:
            self._add(self.vars[c.var] == 1)
            return
        product = self.vars[c.factors[0]]
        for name in c.factors[1:]:
            product = product * self.vars[name]
        self._add(self.vars[c.var] == product)

    def post_linear(self, c: Linear) -> None:
        if not c.terms:
            self._post_constant(comparison(c.op)(0, c.rhs))
            return
        self._add(comparison(c.op)(self._expr(c.terms), c.rhs))

    def post_in_set(self, c: InSet) -> None:
        if not c.values:
            self._post_constant(False)
            return
        self._add(self.solver.MemberCt(self.vars[c.var], sorted(set(c.values))))

    def post_count(self, c: Count) -> None:
        if not c.conds:
            self._post_constant(comparison(c.op)(0, c.k))
            return
        self._add(comparison(c.op)(self.solver.Sum([self.reify(sub) for sub in c.conds]), c.k))

    def post_or(self, c: Or) -> None:
        if len(c.conds) == 1:
            self.post(c.conds[0])
            return
        if not c.conds:
            self._post_constant(False)
            return
        self._add(self.solver.Sum([self.reify(sub) for sub in c.conds]) >= 1)

    # -- nested ----------------------------------------------------------------------------------

    def reify_linear(self, c: Linear) -> Lit:
        if not c.terms:
            return self.constant(comparison(c.op)(0, c.rhs))
        return comparison(c.op)(self._expr(c.terms), c.rhs).Var()

    def reify_in_set(self, c: InSet) -> Lit:
        wanted = set(c.values)
        inside = [v for v in self.domains[c.var] if v in wanted]
        if not inside or len(inside) == len(self.domains[c.var]):
            return self.constant(bool(inside))
        return self.solver.IsMemberVar(self.vars[c.var], inside)
