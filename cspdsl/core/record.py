"""Records for the AST, the IR and the pipeline's small result types, made without generating code.

`dataclasses.dataclass` writes each class's `__init__`, `__repr__`, `__eq__`, `__hash__` and, when
frozen, `__setattr__` and `__delattr__` as source text and compiles it with `exec`: about half a
millisecond a class. The ~75 records that every `cspdsl solve` imports cost 35-40 ms that way, a
third of the whole run's start-up. A `Record` gets the same behaviour from a handful of shared methods
that read the class's field list, worked out once when the class is made:

- a constructor taking the fields in order, positionally or by keyword, with defaults and factories;
- equality and hashing over the compared fields (`field(compare=False)` leaves one out, as for spans);
- a repr of the shown fields; and immutability unless the class says `frozen=False`.

Type checkers read a Record like a dataclass (PEP 681 `dataclass_transform`). Equality, hashing and
pickling behave as for a frozen dataclass, which is what the rest of the package was written against.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

from .static_types import Any, ClassVar, dataclass_transform

_MISSING: Any = object()


class _Field:
    """What `field()` returns: read once by `Record.__init_subclass__`, never kept on the class."""

    __slots__ = ("compare", "default", "default_factory", "repr")

    def __init__(self, default: Any, default_factory: Any, compare: bool, repr: bool) -> None:
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.repr = repr


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] = _MISSING,
    compare: bool = True,
    repr: bool = True,
) -> Any:
    """A field with a default or a default factory, or one left out of equality or the repr."""
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("a field takes a default or a default_factory, not both")
    return _Field(default, default_factory, compare, repr)


class FrozenRecordError(AttributeError):
    """Assigning to a field of a frozen record."""


def _own_fields(cls: type) -> list[tuple[str, _Field]]:
    """The fields a class body declares: its annotations in order, minus class variables."""
    fields = []
    own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063 (inspect costs 5 ms of start-up to import)
    for name, annotation in own.items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if text.startswith(("ClassVar", "typing.ClassVar")):
            continue
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, _Field) else _Field(value, _MISSING, True, True)
        if name in cls.__dict__:
            delattr(cls, name)  # defaults live in _defaults, so a missing value is never read from the class
        fields.append((name, spec))
    return fields


def _key_function(names: tuple[str, ...]) -> Callable[[Any], Any]:
    """What equality and hashing compare: a C-speed getter of the compared fields."""
    if not names:
        return lambda record: ()
    return attrgetter(*names) if len(names) > 1 else attrgetter(names[0])


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Record:
    """Base of every record: subclass it and annotate the fields, as with a dataclass."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _specs: ClassVar[dict[str, _Field]] = {}
    _defaults: ClassVar[tuple[tuple[str, _Field], ...]] = ()
    _shown: ClassVar[tuple[str, ...]] = ()
    _key: ClassVar[Callable[..., Any]]
    _frozen: ClassVar[bool] = True

    def __init_subclass__(cls, frozen: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        specs = dict(cls._specs)
        for name, spec in _own_fields(cls):
            specs.pop(name, None)
            specs[name] = spec
        defaults, shown, compared = _sorted_fields(cls.__name__, specs)
        cls._specs = specs
        cls._fields = tuple(specs)
        cls._defaults = defaults
        cls._shown = shown
        cls._key = staticmethod(_key_function(compared))
        setattr(cls, "__match_args__", cls._fields)  # noqa: B010 (not a declared attribute of Record)
        if frozen is not None:
            cls._frozen = frozen
        if not cls._frozen:
            cls.__hash__ = None  # type: ignore[assignment]  # mutable and compared by value: unhashable

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        names = self._fields
        if not kwargs and len(args) == len(names):  # the common case, kept short: every field in order
            self.__dict__.update(zip(names, args, strict=True))
            return
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__}() takes {len(names)} fields but {len(args)} were given")
        values = dict(zip(names, args, strict=False))  # fewer args than fields: the rest by keyword
        for name, value in kwargs.items():
            if name in values or name not in self._specs:
                problem = "got two values for" if name in values else "has no field"
                raise TypeError(f"{type(self).__name__}() {problem} {name!r}")
            values[name] = value
        if len(values) < len(names):
            for name, spec in self._defaults:
                if name not in values:
                    values[name] = spec.default if spec.default_factory is _MISSING else spec.default_factory()
            missing = [name for name in names if name not in values] if len(values) < len(names) else []
            if missing:
                raise TypeError(f"{type(self).__name__}() is missing {', '.join(map(repr, missing))}")
        self.__dict__.update(values)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key(self) == self._key(other)  # type: ignore[no-any-return]

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __setattr__(self, name: str, value: Any) -> None:
        if self._frozen:
            raise FrozenRecordError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if self._frozen:
            raise FrozenRecordError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")
        object.__delattr__(self, name)


def _sorted_fields(
    class_name: str, specs: dict[str, _Field]
) -> tuple[tuple[tuple[str, _Field], ...], tuple[str, ...], tuple[str, ...]]:
    """(the fields with a default, the shown ones, the compared ones), in one pass over the fields,
    as every record class of a run is made at its start. As for a dataclass, once a field has a
    default every later one needs one too."""
    defaults: list[tuple[str, _Field]] = []
    shown: list[str] = []
    compared: list[str] = []
    for name, spec in specs.items():
        if spec.default is not _MISSING or spec.default_factory is not _MISSING:
            defaults.append((name, spec))
        elif defaults:
            raise TypeError(f"{class_name}: field {name!r} without a default follows one with a default")
        if spec.repr:
            shown.append(name)
        if spec.compare:
            compared.append(name)
    return tuple(defaults), tuple(shown), tuple(compared)
