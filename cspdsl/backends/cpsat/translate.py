"""The IR translated into a CP-SAT model.

Top-level constraints are posted in CP-SAT's native forms (all-different, table, linear, domain
membership), which propagate best. A condition nested inside And/Or/Not/Count is reified into a
literal that is tied to it in both directions, so that the literal is a function of the variables:
reification literals then never multiply the enumerated solutions. Literals of `x == v` are shared,
since puzzles test the same cell against the same value many times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...core.deadline import check_deadline
from ...core.record import Record, field
from ...core.static_types import Any
from ...ir import (
    AllDifferent,
    Connected,
    Count,
    InSet,
    Linear,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    comparison,
    negation,
)
from ..base import Translator
from ..cover import cover_order
from . import cp_model
from .connected import post_connected
from .shifted import post_grouped

Lit = Any  # a CP-SAT Boolean variable or its negation


class CpSatModel(Record, frozen=False):
    """What `compile` hands to `solve`: the CP-SAT model and the CP-SAT variable of each IR name."""

    model: cp_model.CpModel
    vars: dict[str, cp_model.IntVar] = field(default_factory=dict)
    # An exact cover's placements in the order its enumeration branches on them (`backends.cover`).
    cover: list[str] | None = None


def _comparison(left: Any, op: str, right: int) -> Any:
    """`left <op> right` for a CP-SAT expression (or a plain int), op in `ir.OPS`."""
    return comparison(op)(left, right)


# How many variables are declared between two looks at the time limit: 256 declarations take a few
# milliseconds, and a look far less than one of them.
VARIABLES_BETWEEN_LOOKS = 256


class CpSatTranslator(Translator[Lit]):
    """Translates one IR problem into a CP-SAT model: every kind posted in its native form, and nested
    conditions reified into literals tied to them both ways."""

    backend = "cpsat"

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.domains())
        self.problem = problem
        self.model = cp_model.CpModel()
        self.vars: dict[str, cp_model.IntVar] = {}
        self._true: Lit | None = None

    def build(self) -> CpSatModel:
        for number, var in enumerate(self.problem.variables.values()):
            if number % VARIABLES_BETWEEN_LOOKS == 0:
                check_deadline()  # a compile under a time limit stops at it
            self._add_var(var.name, var.domain)
        post_grouped(self)  # each constraint, the differences that make shifted groups all different as one

        cover = cover_order(self.problem)
        if cover:
            self.model.add_decision_strategy([self.vars[name] for name in cover], cp_model.CHOOSE_FIRST,
                                             cp_model.SELECT_MAX_VALUE)
        return CpSatModel(self.model, self.vars, cover)

    def _add_var(self, name: str, domain: tuple[int, ...]) -> None:
        # CP-SAT rejects an empty domain as an invalid model; it just means no solution exists.
        if not domain:
            self.model.add_bool_or([])
        values = domain or (0,)
        self.vars[name] = self.model.new_int_var_from_domain(cp_model.Domain.from_values(values), name)

    # -- helpers --------------------------------------------------------------------------------

    def _expr(self, terms: tuple[tuple[int, str], ...]) -> Any:
        return cp_model.LinearExpr.weighted_sum(
            [self.vars[n] for _, n in terms], [c for c, _ in terms]
        )

    def _true_literal(self) -> Lit:
        """A literal fixed to true, for the constant conditions `And(())` and `Or(())`."""
        if self._true is None:
            self._true = self.model.new_bool_var("true")
            self.model.add_bool_or([self._true])
        return self._true

    def _post_constant(self, value: bool) -> None:
        if not value:
            self.model.add_bool_or([])  # the empty clause: no solution

    def _reified(self, when_true: Callable[[], Any], when_false: Callable[[], Any]) -> Lit:
        """A fresh literal b with b => (constraint built by when_true), not b => (when_false)."""
        b = self.model.new_bool_var("")
        when_true().only_enforce_if(b)
        when_false().only_enforce_if(b.negated())
        return b

    # -- primitives on literals ------------------------------------------------------------------

    def constant(self, value: bool) -> Lit:
        lit = self._true_literal()
        return lit if value else lit.negated()

    def negate(self, lit: Lit) -> Lit:
        return lit.negated()

    def require(self, lit: Lit) -> None:
        self.model.add_bool_or([lit])

    def all_of(self, lits: Sequence[Lit]) -> Lit:
        if len(lits) <= 1:
            return lits[0] if lits else self.constant(True)
        return self._reified(
            lambda: self.model.add_bool_and(lits),
            lambda: self.model.add_bool_or([lit.negated() for lit in lits]),
        )

    def any_of(self, lits: Sequence[Lit]) -> Lit:
        if len(lits) <= 1:
            return lits[0] if lits else self.constant(False)
        return self._reified(
            lambda: self.model.add_bool_or(lits),
            lambda: self.model.add_bool_and([lit.negated() for lit in lits]),
        )

    def literal_sum(self, lits: Sequence[Lit], op: str, k: int) -> Lit:
        if not lits:
            return self.constant(_comparison(0, op, k))
        total = sum(lits)
        return self._reified(
            lambda: self.model.add(_comparison(total, op, k)),
            lambda: self.model.add(_comparison(total, *negation(op, k))),
        )

    # -- top level: the native forms ----------------------------------------------------------------

    def post_all_different(self, c: AllDifferent) -> None:
        self.model.add_all_different([self.vars[n] for n in c.vars])

    def post_table(self, c: Table) -> None:
        if not c.vars:  # a table over nothing holds iff it lists the empty tuple
            self._post_constant(bool(c.tuples))
            return
        self.model.add_allowed_assignments([self.vars[n] for n in c.vars], list(c.tuples))

    def post_regular(self, c: Regular) -> None:
        """CP-SAT's automaton constraint, over the transitions as they are."""
        if not c.vars or not c.transitions or not c.accepting:  # the empty word, or no word at all
            self._post_constant(not c.vars and c.start in c.accepting)
            return
        self.model.add_automaton([self.vars[n] for n in c.vars], c.start, list(c.accepting), list(c.transitions))

    def post_product(self, c: Product) -> None:
        """CP-SAT's own multiplication equality (docs/performance.md, "Products": measured against the
        table of supports every other backend posts)."""
        self.model.add_multiplication_equality(self.vars[c.var], [self.vars[n] for n in c.factors])

    def post_linear(self, c: Linear) -> None:
        if not c.terms:
            self._post_constant(_comparison(0, c.op, c.rhs))
            return
        self.model.add(_comparison(self._expr(c.terms), c.op, c.rhs))

    def post_in_set(self, c: InSet) -> None:
        self.model.add_linear_expression_in_domain(self.vars[c.var], cp_model.Domain.from_values(c.values))

    def post_count(self, c: Count) -> None:
        if not c.conds:
            self._post_constant(_comparison(0, c.op, c.k))
            return
        self.model.add(_comparison(sum(self.reify(sub) for sub in c.conds), c.op, c.k))

    def post_connected(self, c: Connected) -> None:
        """A distance labelling from the area's first node (`connected`)."""
        post_connected(self.model, [self.reify(sub) for sub in c.conds], c.edges)

    def post_or(self, c: Or) -> None:
        if len(c.conds) == 1:
            self.post(c.conds[0])
            return
        self.model.add_bool_or([self.reify(sub) for sub in c.conds])  # empty: infeasible

    # -- nested (reified) -----------------------------------------------------------------------

    def reify_linear(self, c: Linear) -> Lit:
        if not c.terms:
            return self.constant(_comparison(0, c.op, c.rhs))
        if len({n for _, n in c.terms}) == 1:
            # One variable: the values satisfying it form a set, whose literals are shared.
            name = c.terms[0][1]
            coef = sum(k for k, _ in c.terms)
            values = tuple(v for v in self.domains[name] if _comparison(coef * v, c.op, c.rhs))
            return self.reify(InSet(name, values))
        expr = self._expr(c.terms)
        return self._reified(
            lambda: self.model.add(_comparison(expr, c.op, c.rhs)),
            lambda: self.model.add(_comparison(expr, *negation(c.op, c.rhs))),
        )

    def reify_in_set(self, c: InSet) -> Lit:
        domain = self.domains[c.var]
        wanted = set(c.values)
        inside = tuple(v for v in domain if v in wanted)
        outside = tuple(v for v in domain if v not in wanted)
        if not outside or not inside:
            return self.constant(not outside)
        if inside != c.values:  # normalise, so equal sets share one literal
            return self.reify(InSet(c.var, inside))
        x = self.vars[c.var]
        if domain == (0, 1):  # a 0/1 variable is its own literal
            return x if inside == (1,) else x.negated()
        if len(outside) == 1 and (len(inside) > 1 or inside[0] > outside[0]):
            # x in D \ {v} is not (x == v): share that literal (over two values, x == lo is the one).
            return self.reify(InSet(c.var, outside)).negated()
        if len(inside) == 1:
            return self._reified(
                lambda: self.model.add(x == inside[0]), lambda: self.model.add(x != inside[0])
            )
        return self._reified(
            lambda: self.model.add_linear_expression_in_domain(x, cp_model.Domain.from_values(inside)),
            lambda: self.model.add_linear_expression_in_domain(x, cp_model.Domain.from_values(outside)),
        )
