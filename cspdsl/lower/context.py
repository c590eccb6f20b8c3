"""The state every part of lowering shares: the environment of names, the IR problem being built,
its Layout, the params, and the counter that names auxiliary variables.

The part that arithmetic needs (the problem, the size limits, the auxiliaries named) is a `Scope` of
its own, which the functions of `products.py`, `elements.py` and `attribute_numbers.py` take instead
of the whole lowering.

What declaring a name needs (the names in scope, the problem, the layout) is a `Declarations`
record, whose `bind`, `check_free` and `lookup` every part of lowering uses, so each reads and binds
names the same way and reports errors at the source the same way; the declarations
(`declarations.py`, `entities.py`) are functions over it.

The layers that evaluate nodes (expressions, conditions, statements) are classes stacked on `Context`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Mapping

from .. import ir
from ..core.errors import CspdslError, Span, did_you_mean
from ..core.record import Record, field
from ..core.static_types import Any
from ..syntax import ast
from .build import Lin, plain_variable
from .folds import Folds
from .layout import Layout
from .sizes import SizeLimits, Sizes

MAX_INT = 2**31 - 1
MAX_SUM = 2**62
MAX_DOMAIN = 1_000_000
POSITION_WORDS = ("first", "last", "middle")

# The method a layer keeps for a kind of node, by (the layer's class, its prefix, the node's class):
# `eval` and `cond` find theirs here, not by a name made and looked up for each node they lower.
_METHODS: dict[tuple[type, str, type], Any] = {}


def method_for(layer: object, prefix: str, node: ast.Node) -> Any:
    """The function `<prefix><Node>` of the layer's class for this node (call it with the layer and the
    node), or None when the class has none."""
    key = (type(layer), prefix, type(node))
    found = _METHODS.get(key, _METHODS)
    if found is _METHODS:
        found = _METHODS[key] = getattr(type(layer), prefix + type(node).__name__, None)
    return found


class Env(Record, frozen=False):
    """The names in scope: what each stands for, and where it was declared (for 'already defined')."""

    names: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, Span] = field(default_factory=dict)


class Param(Record):
    """A constant bound to a name (a param, a quantifier index, first/last/middle)."""

    value: Any

    def __init__(self, value: Any) -> None:  # made for every combination of a quantifier: kept short
        self.__dict__["value"] = value


class AttributeValue(Record):
    """An attribute value: its name stands for its position variable."""

    attribute: str
    var: str


class KeyValue(Record):
    """A value of the key of a puzzle keyed by names (`positions band: Alpha, Beta`): its position."""

    position: int


class Scope(Record, frozen=False):
    """What making auxiliary variables reads and writes: the problem being built, the model's use of
    its size limits, how many auxiliaries were named, and each product, element, index cut and
    number of an attribute (`X.age`) made (each once)."""

    problem: ir.Problem = field(default_factory=ir.Problem)
    sizes: Sizes = field(default_factory=lambda: Sizes(SizeLimits()))  # `lower` sets the model's limits
    aux_count: int = 0
    products: dict[tuple[str, str], str] = field(default_factory=dict)  # x * y's variable, by x and y
    elements: dict[Any, str] = field(default_factory=dict)  # an element's variable, by its choices
    cuts: set[tuple[Lin, tuple[int, ...]]] = field(default_factory=set)  # the indices cut, to their values
    numbers_at: dict[tuple[str, Lin], str] = field(default_factory=dict)  # `X.age`'s, by attribute and position


def new_aux_name(scope: Scope, stem: str) -> str:
    """A fresh name for an auxiliary variable."""
    scope.aux_count += 1
    # '#' cannot occur in a name of the language, so an auxiliary never clashes with a user's.
    return f"_{stem}#{scope.aux_count}"


def error(message: str, node: ast.Node | Span, hint: str | None = None) -> CspdslError:
    """An error at a node's span (or at a span)."""
    span = node if isinstance(node, Span) else node.span
    return CspdslError(message, span, hint)


class OutsideRange(CspdslError):
    """An index or slice outside what it indexes: a guard over variables cannot keep it from being
    lowered, which the guard's hint says (`conditions.py`)."""


def outside(message: str, node: ast.Node) -> OutsideRange:
    """An index outside its range, at a node's span."""
    return OutsideRange(message, node.span)


def reword(error: CspdslError, message: str) -> CspdslError:
    """The same error (its place and hint) with its message put in other words."""
    error.message = message
    error.args = (message,)
    return error


def range_text(values: list[int]) -> str:
    """Numbers as a user would write them: 1..5 when consecutive, else {1, 3, 5}."""
    if values and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ", ".join(map(str, values)) + "}"


class Declarations(Record, frozen=False):
    """What declaring a name reads and writes: the names in scope (`env`), the problem and its sizes
    (`scope`), the layout, the words a positions line gave (first, last, middle), the variables
    declared `in bool`, and the params given and declared. The declarations (`declarations.py`,
    `entities.py`) are functions over it; the lowering keeps the same objects under its own names
    (`self.env`, `self.layout`, ...)."""

    scope: Scope = field(default_factory=Scope)
    env: Env = field(default_factory=Env)
    layout: Layout = field(default_factory=Layout)
    position_words: set[str] = field(default_factory=set)  # first, last, middle as a positions line named them
    bool_vars: set[str] = field(default_factory=set)  # the variables declared `in bool`: each one a condition too
    params: dict[str, object] = field(default_factory=dict)  # the params given from outside (-D n=10)
    used_params: set[str] = field(default_factory=set)  # those the model declares
    declared_params: list[str] = field(default_factory=list)  # the model's params, in order

    @property
    def problem(self) -> ir.Problem:
        """The IR problem being built (the scope's)."""
        return self.scope.problem

    @property
    def sizes(self) -> Sizes:
        """What the model has used of its size limits (the scope's)."""
        return self.scope.sizes

    def check_free(self, name: str, span: Span) -> None:
        """Raise if `name` is taken; declarations call it before they add any IR variable. The words
        a positions line gives (first, last, middle) yield to the model's own use of them."""
        env = self.env
        if name in self.position_words:
            self.position_words.discard(name)
            del env.names[name], env.spans[name]
        if name in env.names:
            first = env.spans[name]
            hint = "choose another name"
            if name in POSITION_WORDS and isinstance(env.names[name], Param):
                hint = f"after 'positions', '{name}' names a position; choose another name"
            raise CspdslError(f"'{name}' is already defined (line {first.line})", span, hint)

    def bind(self, name: str, value: Any, span: Span) -> None:
        """Give a free name its value, declared at `span`."""
        self.check_free(name, span)
        self.env.names[name] = value
        self.env.spans[name] = span

    def lookup(self, name: str, span: Span) -> Any:
        """What a name stands for; an unknown name is an error at `span`."""
        names = self.env.names
        if name not in names:
            kind = "value" if self.layout.entities and self.layout.entities.attributes else "name"
            raise CspdslError(f"unknown {kind} '{name}'", span, did_you_mean(name, names))
        return names[name]


class Context:
    """What every layer of lowering shares; `eval`, `cond` and `bindings` are defined by the layers
    above (expressions and conditions call each other)."""

    def __init__(self, params: Mapping[str, object]):
        # The declarations' record, and its parts under short names (the same objects).
        self.declarations = declarations = Declarations(params=dict(params))
        self.env = declarations.env
        self.scope = declarations.scope
        self.layout = declarations.layout
        self.position_words = declarations.position_words
        self.bool_vars = declarations.bool_vars
        # The values of the `forall` names a clue is being posted under ((name, value) pairs).
        self.instance: tuple[tuple[str, str], ...] = ()
        self.named_error: CspdslError | None = None  # the last error a `forall` named its values in
        self.folds = Folds()  # the clues that fold to a constant
        # `neighbours(c)`, `around(c)`: each cell's neighbours, by the word's group, made once a model.
        self.neighbourhoods: dict[str, dict[str, list[str]]] = {}
        # The compiled closures of quantifiers' bodies and `where`s, by node (`quantifiers.py`).
        self.plans: dict[tuple[int, str], tuple[ast.Node, Any]] = {}

    @property
    def problem(self) -> ir.Problem:
        """The IR problem being built (the scope's)."""
        return self.scope.problem

    @property
    def sizes(self) -> Sizes:
        """What the model has used of its size limits (the scope's)."""
        return self.scope.sizes

    def bool_truth(self, value: Any) -> ir.Constraint | None:
        """A bool variable as a condition (`if knight then ...`): true when it is 1; None for another value."""
        var = plain_variable(value)
        return ir.InSet(var, (1,)) if var is not None and var in self.bool_vars else None

    # The layers call each other (an expression holds a condition, a condition an expression): each
    # declares here what a layer above it defines.

    @abstractmethod
    def eval(self, node: ast.Node) -> Any:
        """The value of an expression (defined by `Expressions`)."""

    @abstractmethod
    def cond(self, node: ast.Node) -> ir.Constraint:
        """A node as a condition (defined by `Conditions`)."""

    @abstractmethod
    def bindings(self, binders: ast.Binders) -> Iterator[None]:
        """Bind a quantifier's names in turn (defined by `Conditions`)."""
