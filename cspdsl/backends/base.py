"""The base of a backend's translation of IR constraints: a backend overrides the methods for the forms
its solver has natively and inherits the rest, as a SQL generator overrides only what its dialect does
differently.

Two entry points dispatch on a constraint's kind, through tables that cover every kind (`ir.by_kind`):
- `post(c)`: `c` must hold (a top-level clue), by the method `post_<kind>`;
- `reify(c)`: a literal that is true exactly when `c` holds (a condition inside another), by
  `reify_<kind>`, remembered so that equal conditions share one literal.

What the base supplies, in terms of a few primitives on literals (`constant`, `negate`, `require`,
`all_of`, `any_of`, `literal_sum`):
- `post_<kind>`: require the kind's literal; `post_and`: post each part; `post_not`: post the negation
  pushed one level in (`passes.decompose.negated`), so that it too gets the native forms;
  `post_table`: an or of ands (one per row); `post_all_different`: an and of pairwise `!=`;
  `post_regular`: the table of the words the automaton accepts;
  `post_product`: the table of its supports (`passes.decompose.product_as_table`), posted as a table;
- `reify_and`, `reify_or`, `reify_not`: `all_of`, `any_of`, `negate` of the parts' literals;
- `reify_count`: `literal_sum` of the conditions' literals compared with k;
- `reify_table`, `reify_all_different`, `reify_regular`, `reify_product`: none, by the IR's rule that globals
  stand at the top level (`ir.validate`): an internal error;
- `post_connected`: none, each backend has its own encoding of connectivity; `reify_connected`:
  none, a global too.
`reify_linear` and `reify_in_set` have no default: how numbers are written is each solver's own.
A method or primitive that a backend neither has nor inherits raises `Unsupported` where it is called,
naming the backend and what it lacks.

Before it translates, a backend's compile runs the shared passes it declares (`PASSES`, from
`cspdsl.passes`) through `run_passes`, in the order declared.

Adding a backend: subclass `Translator`, give it a `backend` name, write `reify_linear`,
`reify_in_set` and the primitives it can, and override any `post_`/`reify_` method with a native form.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..core.errors import CspdslError
from ..core.static_types import Any, ClassVar, Generic, TypeVar
from ..ir import (
    KINDS,
    AllDifferent,
    And,
    Connected,
    Constraint,
    Count,
    InSet,
    KindTable,
    Linear,
    Not,
    Or,
    Problem,
    Product,
    Regular,
    Table,
    by_kind,
    kind_name,
    nested_global,
)
from .protocol import Pass

Lit = TypeVar("Lit")
Domains = Mapping[str, tuple[int, ...]]


def run_passes(problem: Problem, passes: Iterable[Pass]) -> tuple[Problem, bool]:
    """The problem after each pass in turn, and whether one of them found it infeasible (a pass that
    can, `normal_form`, says so with its result); the passes after that one do not run."""
    for apply in passes:
        result = apply(problem)
        problem, infeasible = result if isinstance(result, tuple) else (result, False)
        if infeasible:
            return problem, True
    return problem, False


class Unsupported(CspdslError):
    """A backend asked for a form it has neither natively nor by a default decomposition."""

    def __init__(self, backend: str, what: str) -> None:
        super().__init__(f"backend '{backend}' cannot express {what}")


class Translator(Generic[Lit]):
    """Posts and reifies IR constraints in one backend's terms; see the module docstring."""

    backend: ClassVar[str] = "(unnamed)"

    def __init__(self, domains: Domains) -> None:
        self.domains = domains
        self._literals: dict[Constraint, Lit] = {}
        self._posters, self._reifiers = _dispatch_tables(type(self))

    # -- the entry points --------------------------------------------------------------------------

    def post(self, c: Constraint) -> None:
        """Make `c` hold."""
        self._posters[type(c)](self, c)

    def reify(self, c: Constraint) -> Lit:
        """The literal that is true exactly when `c` holds (one per distinct condition)."""
        lit = self._literals.get(c)
        if lit is None:
            lit = self._reifiers[type(c)](self, c)
            self._literals[c] = lit
        return lit

    # -- primitives on literals: a backend provides those its defaults use -------------------------

    def _unsupported(self, what: str) -> Unsupported:
        return Unsupported(self.backend, what)

    def constant(self, value: bool) -> Lit:
        """A literal that is always `value`."""
        raise self._unsupported("a constant condition")

    def negate(self, lit: Lit) -> Lit:
        raise self._unsupported("a negated condition")

    def require(self, lit: Lit) -> None:
        """Make the literal true."""
        raise self._unsupported("a clue as a literal")

    def all_of(self, lits: Sequence[Lit]) -> Lit:
        raise self._unsupported("an and of conditions")

    def any_of(self, lits: Sequence[Lit]) -> Lit:
        raise self._unsupported("an or of conditions")

    def literal_sum(self, lits: Sequence[Lit], op: str, k: int) -> Lit:
        """The literal of `(number of true lits) <op> k`."""
        raise self._unsupported("a count of conditions")

    # -- top level -----------------------------------------------------------------------------------

    def post_all_different(self, c: AllDifferent) -> None:
        from ..passes.decompose import all_different_as_pairs  # the defaults' imports wait for their use

        self.post(all_different_as_pairs(c))

    def post_table(self, c: Table) -> None:
        from ..passes.decompose import table_as_or

        self.post(table_as_or(c))

    def post_regular(self, c: Regular) -> None:
        from ..passes.decompose import regular_as_table

        self.post(regular_as_table(c, self.domains))

    def post_product(self, c: Product) -> None:
        from ..passes.decompose import product_as_table

        self.post(product_as_table(c, self.domains))

    def post_linear(self, c: Linear) -> None:
        self.require(self.reify(c))

    def post_in_set(self, c: InSet) -> None:
        self.require(self.reify(c))

    def post_count(self, c: Count) -> None:
        self.require(self.reify(c))

    def post_and(self, c: And) -> None:
        for sub in c.conds:
            self.post(sub)

    def post_or(self, c: Or) -> None:
        self.require(self.reify(c))

    def post_connected(self, c: Connected) -> None:
        raise self._unsupported("a connected area")

    def post_not(self, c: Not) -> None:
        from ..passes.decompose import negated

        self.post(negated(c.cond, self.domains))

    # -- nested ----------------------------------------------------------------------------------------

    def reify_all_different(self, c: AllDifferent) -> Lit:
        raise nested_global(c)

    def reify_table(self, c: Table) -> Lit:
        raise nested_global(c)

    def reify_regular(self, c: Regular) -> Lit:
        raise nested_global(c)

    def reify_product(self, c: Product) -> Lit:
        raise nested_global(c)

    def reify_connected(self, c: Connected) -> Lit:
        raise nested_global(c)

    def reify_linear(self, c: Linear) -> Lit:
        raise self._unsupported("a sum inside a condition")

    def reify_in_set(self, c: InSet) -> Lit:
        raise self._unsupported("a set of values inside a condition")

    def reify_count(self, c: Count) -> Lit:
        return self.literal_sum([self.reify(sub) for sub in c.conds], c.op, c.k)

    def reify_and(self, c: And) -> Lit:
        return self.all_of([self.reify(sub) for sub in c.conds])

    def reify_or(self, c: Or) -> Lit:
        return self.any_of([self.reify(sub) for sub in c.conds])

    def reify_not(self, c: Not) -> Lit:
        return self.negate(self.reify(c.cond))


# A translator class's (post, reify) tables, made once a class: its functions, called with the
# translator. Not bound methods held by each translator, which would make every translator a reference
# cycle, its CNF and problem freed only by the cycle collector.
_TABLES: dict[type, tuple[KindTable[Any], KindTable[Any]]] = {}


def _dispatch_tables(cls: type) -> tuple[KindTable[Any], KindTable[Any]]:
    tables = _TABLES.get(cls)
    if tables is None:
        backend = getattr(cls, "backend", "(unnamed)")
        tables = _TABLES[cls] = (by_kind(f"{backend} post", _functions(cls, "post_")),
                                 by_kind(f"{backend} reify", _functions(cls, "reify_")))
    return tables


def _functions(cls: type, prefix: str) -> dict[type, Any]:
    """The class's functions named `<prefix><kind>`, by kind: a kind without one is left out, for
    `by_kind` to name (a new kind needs its methods here, in the base or the backend)."""
    found = {kind: getattr(cls, prefix + kind_name(kind), None) for kind in KINDS}
    return {kind: function for kind, function in found.items() if function is not None}
