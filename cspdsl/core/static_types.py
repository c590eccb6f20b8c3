"""The names of `typing` the package uses, without importing `typing` when it runs.

Importing `typing` costs about 5 ms, an eighth of `cspdsl solve`'s whole start-up (measured side by
side, docs/performance.md). A type checker reads the real names (it takes `TYPE_CHECKING` as true); the
interpreter gets stand-ins that only have to let annotations, aliases and class statements run. With
`from __future__ import annotations` in every module, annotations are never evaluated, so `Any` and
`ClassVar` are met at run time only inside aliases (`Callable[[Any], None]`), where any object will do.
"""

from __future__ import annotations

TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, ClassVar, Generic, NoReturn, Protocol, TypeVar, dataclass_transform
else:
    Any = ClassVar = NoReturn = object

    def TypeVar(name, *constraints, **options):  # typing's name
        """A type variable is its name: it appears in aliases and bases only (`dict[type, F]`)."""
        return name

    class Generic:
        """`Generic[T]` as a base is this class, and so is `C[int]` of any class built on it."""

        def __class_getitem__(cls, parameters):
            return cls

    Protocol = Generic

    def dataclass_transform(**options):
        """It speaks to type checkers only."""
        return lambda cls: cls

__all__ = ["TYPE_CHECKING", "Any", "ClassVar", "Generic", "NoReturn", "Protocol", "TypeVar", "dataclass_transform"]
