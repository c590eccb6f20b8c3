"""The constraint IR: finite-domain integer variables and a small closed set of constraints.

Every puzzle construct of the language is lowered into these few forms, and every backend implements
all of them. Variables are referred to by name, so an assignment is a plain `dict[str, int]`.

Constraints:
- `AllDifferent(vars)`, `Table(vars, tuples)` and `Regular(vars, transitions, start, accepting)`.
- `Product(var, factors)`: the variable is the product of the factors; it defines an auxiliary
  variable that sums and comparisons then use.
- `Linear(terms, op, rhs)`: sum of coefficient * variable compared with a constant.
- `InSet(var, values)`: the variable takes one of the values (`x == v` is `InSet(x, (v,))`).
- `Count(conds, op, k)`: the number of true conditions compared with a constant.
- `And`, `Or`, `Not`: boolean structure over conditions.
`And(())` is true and `Or(())` is false.
- `Connected(conds, edges)`: the nodes of a graph whose conditions hold are at least one and connected.

Each kind declares its traits on its class (`TRAITS`), and every place that asks reads them there:
- `TOP_LEVEL_ONLY`: the kind stands at the top level of a problem (or in a top-level And) only, never
  inside a condition (AllDifferent, Table, Regular, Product, Connected: `GLOBAL_KINDS`); the others are
  the conditions (`CONDITION_KINDS`) that And, Or, Not, Count and Connected hold.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from ..core.errors import Span
from ..core.record import Record, field
from ..core.static_types import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from .sequential import Sequential

OPS = ("==", "!=", "<=", ">=")
# The strict ops are normalised away: a < b is a <= b - 1 over the integers.


def negation(op: str, rhs: int) -> tuple[str, int]:
    """The comparison `<op'> rhs'` that holds exactly when `<op> rhs` fails, over the integers:
    not (e <= r) is e >= r + 1."""
    return {"==": ("!=", rhs), "!=": ("==", rhs), "<=": (">=", rhs + 1), ">=": ("<=", rhs - 1)}[op]


# Each comparison as a function: on ints here, on a solver's expressions in a backend (CP-SAT).
COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<=": operator.le,
    ">=": operator.ge,
}


def comparison(op: str) -> Callable[[Any, Any], Any]:
    """The function of `op` in OPS (the checker keeps its own comparisons, to stay independent)."""
    if op not in COMPARISONS:
        raise ValueError(f"unknown comparison {op!r}")
    return COMPARISONS[op]


def op_holds(left: int, op: str, right: int) -> bool:
    """`left <op> right` for op in OPS."""
    return bool(comparison(op)(left, right))


def op_decided(low: int, high: int, op: str, rhs: int) -> bool | None:
    """Whether `e <op> rhs` is settled for every e in low..high: True, False, or None (it depends).
    Encoders use it to cut a sum short once its remaining terms cannot change the outcome."""
    if low == high:
        return op_holds(low, op, rhs)
    if op == "==":
        return False if rhs < low or rhs > high else None
    if op == "!=":
        return True if rhs < low or rhs > high else None
    if op == "<=":
        return True if high <= rhs else False if low > rhs else None
    if op == ">=":
        return True if low >= rhs else False if high < rhs else None
    raise ValueError(f"unknown comparison {op!r}")


class Var(Record):
    """An integer variable with an explicit finite domain (sorted, distinct values)."""

    name: str
    domain: tuple[int, ...]
    # The declaration it comes from, for a backend's refusal of a model too large for it (None: an
    # auxiliary variable, or a problem built in Python).
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def lo(self) -> int:
        return self.domain[0]

    @property
    def hi(self) -> int:
        return self.domain[-1]

    @property
    def is_bool(self) -> bool:
        return self.domain == (0, 1)


class AllDifferent(Record):
    TOP_LEVEL_ONLY: ClassVar[bool] = True

    vars: tuple[str, ...]


class Table(Record):
    TOP_LEVEL_ONLY: ClassVar[bool] = True

    vars: tuple[str, ...]
    tuples: tuple[tuple[int, ...], ...]


class Regular(Record):
    """The values of `vars`, read in order, spell a word that a deterministic finite automaton accepts:
    from `start`, each value moves the automaton along its `(state, value, next state)` transition, and
    the word is accepted when the last value leaves it in one of the `accepting` states. A value with no
    transition from the state it meets rejects the word.

    A kind of its own, not a `Table`, because the solvers have it natively and the table of a row's
    words grows with the row (a nonogram row of 25 cells with clue 1 1 1 1 1 has 20,349 words; its
    automaton has 10 states): CP-SAT's automaton constraint, one decision diagram of (position, state) nodes in CNF.
    The nonogram's runs (`runs(g[r, ..]) == [2, 1]`) lower to it."""

    TOP_LEVEL_ONLY: ClassVar[bool] = True

    vars: tuple[str, ...]
    transitions: tuple[tuple[int, int, int], ...]
    start: int
    accepting: tuple[int, ...]


class Linear(Record):
    """sum(c * x for c, x in terms) <op> rhs, with op in OPS."""

    TOP_LEVEL_ONLY: ClassVar[bool] = False

    terms: tuple[tuple[int, str], ...]
    op: str
    rhs: int


class Product(Record):
    """var == the product of the factors' values (a factor may repeat: x * x).

    A kind of its own, not a Table lowered in the language, so that a solver with a native product
    (CP-SAT's multiplication equality) can post it, and so that the checker multiplies the values
    itself rather than trusting the rows the lowering wrote. Backends without one inherit the table
    of its supports (`passes.decompose.product_as_table`)."""

    TOP_LEVEL_ONLY: ClassVar[bool] = True

    var: str
    factors: tuple[str, ...]


class InSet(Record):
    TOP_LEVEL_ONLY: ClassVar[bool] = False

    var: str
    values: tuple[int, ...]


class Count(Record):
    """The number of true `conds` <op> k, with op in OPS."""

    TOP_LEVEL_ONLY: ClassVar[bool] = False

    conds: tuple[Constraint, ...]
    op: str
    k: int


class Connected(Record):
    """The nodes 0..len(conds)-1 of an undirected graph whose condition holds are one connected area: at
    least one node holds, and any two that hold are joined by a path of `edges` (pairs of node numbers)
    through nodes that hold. "The unshaded cells form one area" (Hitori, Nurikabe) and "the drawn edges
    form one loop" (Slitherlink, with the loop's degrees as sums) are this kind.

    A native kind, not a lowering to sums: connectivity written with the existing kinds needs a
    distance labelling of auxiliary variables, which each backend encodes better its own way (layered
    reachability clauses on sat, a shortest-distance labelling on cpsat, a search-time check on csp).
    It stands at the top level only (`TOP_LEVEL_ONLY`, `ir.validate`): its negation ("the area falls
    apart") has no cheap encoding."""

    TOP_LEVEL_ONLY: ClassVar[bool] = True

    conds: tuple[Constraint, ...]
    edges: tuple[tuple[int, int], ...]


class And(Record):
    TOP_LEVEL_ONLY: ClassVar[bool] = False

    conds: tuple[Constraint, ...]


class Or(Record):
    TOP_LEVEL_ONLY: ClassVar[bool] = False

    conds: tuple[Constraint, ...]


class Not(Record):
    TOP_LEVEL_ONLY: ClassVar[bool] = False

    cond: Constraint


Constraint = AllDifferent | Table | Regular | Product | Linear | InSet | Count | And | Or | Not | Connected
# Every constraint kind, in one place: a new kind joins here, and every table built with `by_kind`
# (walk.py) refuses to be built until it has a case for it (docs/architecture.md, "Adding a
# constraint kind"); tests/test_kind_places.py names every other place that lacks it.
KINDS: tuple[type[Constraint], ...] = (
    AllDifferent, Table, Regular, Product, Linear, InSet, Count, And, Or, Not, Connected,
)
# The traits every kind declares on its own class (never inherited), read wherever a place asks.
TRAITS = ("TOP_LEVEL_ONLY",)


def undeclared_traits(kind: type) -> list[str]:
    """The traits of `TRAITS` that `kind` does not declare on its own class, as a bool."""
    return [trait for trait in TRAITS if not isinstance(vars(kind).get(trait), bool)]


def _check_traits() -> None:
    """A kind that joins KINDS without its traits stops the import, naming it and them."""
    for kind in KINDS:
        if undeclared_traits(kind):
            raise TypeError(f"internal: IR kind {kind.__name__} must declare {', '.join(undeclared_traits(kind))}"
                            " on its class (ir/kinds.py, TRAITS)")


_check_traits()
# The kinds by their traits: those that stand at the top level only, and those that may be conditions.
GLOBAL_KINDS: tuple[type[Constraint], ...] = tuple(kind for kind in KINDS if kind.TOP_LEVEL_ONLY)
CONDITION_KINDS: tuple[type[Constraint], ...] = tuple(kind for kind in KINDS if not kind.TOP_LEVEL_ONLY)
TRUE = And(())
FALSE = Or(())


class Posted(Record):
    """A top-level constraint with the statement (source span) it came from.

    `clue` tells a clue from a declaration, for explanations, which may drop clues but never
    declarations: None for what a declaration posts (an attribute's all-different, a placement, an
    auxiliary variable's definition); for a clue or a given, the values of the `forall` names it was
    posted under, as (name, value) pairs (empty outside a `forall`)."""

    constraint: Constraint
    span: Span | None = field(default=None, compare=False)
    clue: tuple[tuple[str, str], ...] | None = field(default=None, compare=False)


class Objective(Record):
    """`minimize` or `maximize` sum(c * x for c, x in terms) + constant: what an optimisation model asks
    for the best value of. `text` is the expression as the model writes it, to name the value shown.

    Backends minimise `minimised()` (the terms negated for `maximize`); a value and a bound are always
    told in the model's own terms (`value_of` turns a minimised sum back).

    A lexicographic list (`minimize [a, b]`) keeps its plain objectives in `listed`, in order of
    priority; the record's own terms are the first one's, its text the whole list's. A backend only
    ever optimises one plain objective at a time (`cspdsl.driver.lexicographic`)."""

    sense: str  # "minimize" | "maximize"
    terms: tuple[tuple[int, str], ...]
    constant: int = 0
    text: str = ""
    span: Span | None = field(default=None, compare=False)
    listed: tuple[Objective, ...] = ()

    @property
    def lexicographic(self) -> bool:
        """Written as a list: its values are lists, a number for each part."""
        return bool(self.listed)

    @property
    def parts(self) -> tuple[Objective, ...]:
        """The plain objectives in order of priority (itself alone when it is not a list)."""
        return self.listed or (self,)

    @property
    def sign(self) -> int:
        """+1 for minimize, -1 for maximize: the objective times the sign is what is minimised."""
        return 1 if self.sense == "minimize" else -1

    def minimised(self) -> tuple[tuple[int, str], ...]:
        """The terms whose sum a backend minimises (the constant left out)."""
        return tuple((self.sign * coef, name) for coef, name in self.terms)

    def value_of(self, minimised_sum: int) -> int:
        """The objective's value in the model's terms, from the sum of `minimised()`."""
        return self.sign * minimised_sum + self.constant

    def better(self, a: int, b: int) -> bool:
        """Whether value `a` is strictly better than value `b`."""
        return a * self.sign < b * self.sign

    def weighted(self, domains: dict[str, tuple[int, ...]]) -> Objective:
        """One plain objective to minimise whose order on solutions is the list's, exactly: each part's
        minimised sum above its least over the domains, weighted by one more than the span of every part
        after it taken together (each later part's term stays below its weight). For a writer that takes
        one objective only (MiniZinc); the numbers grow as the product of the spans."""
        terms: list[tuple[int, str]] = []
        constant, weight = 0, 1
        for part in reversed(self.parts):
            minimised = part.minimised()
            least = sum(min(c * domains[x][0], c * domains[x][-1]) for c, x in minimised)
            most = sum(max(c * domains[x][0], c * domains[x][-1]) for c, x in minimised)
            terms = [(weight * c, x) for c, x in minimised] + terms
            constant -= weight * least
            weight *= most - least + 1
        return Objective("minimize", tuple(terms), constant, self.text, self.span)


class Problem(Record, frozen=False):
    """Variables, constraints, and which variables are the model's own (the rest are auxiliary).

    Solutions are counted and compared on the model's own variables (`outputs`) only: auxiliary
    variables introduced by lowering must never multiply solutions.
    """

    variables: dict[str, Var] = field(default_factory=dict)
    constraints: list[Posted] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    # What the model optimises; None for a model that only asks for solutions.
    objective: Objective | None = None
    # The model hides some of its own variables (`show`, a name with a leading `_`): they may take
    # many values with one solution, so a backend enumerates the outputs, never every full assignment.
    projected: bool = False
    # A sequential puzzle's start, moves and goal over the variables (`sequential.py`); None for a
    # model that is solved as a whole.
    sequential: Sequential | None = None

    def add_var(self, name: str, domain: tuple[int, ...], output: bool = True, span: Span | None = None) -> Var:
        if name in self.variables:
            raise ValueError(f"variable {name!r} declared twice")
        var = Var(name, tuple(sorted(set(domain))), span)
        self.variables[name] = var
        if output:
            self.outputs.append(name)
        return var

    def post(
        self, constraint: Constraint, span: Span | None = None, clue: tuple[tuple[str, str], ...] | None = None
    ) -> None:
        self.constraints.append(Posted(constraint, span, clue))

    def project(self, assignment: dict[str, int]) -> tuple[int, ...]:
        """The assignment restricted to the model's own variables, as a hashable key."""
        return tuple(assignment[name] for name in self.outputs)

    def domains(self) -> dict[str, tuple[int, ...]]:
        """Each variable's sorted values, by name (what passes and translators read)."""
        return {name: var.domain for name, var in self.variables.items()}

    def size(self) -> dict[str, int]:
        return {"variables": len(self.variables), "constraints": len(self.constraints)}

