"""Constructors of the parser's records (AST nodes and their spans) that take every field in order
and nothing else, at a quarter of the cost of the class's own.

A record's own constructor (`cspdsl.core.record`) takes fields by position or keyword, fills defaults and
checks what it got: about 4 µs a record, and a model makes two records a node (the node and its
span), several a clue. A maker does only what the parser needs: a new instance with its fields
stored, as the record's constructor stores them. Equality, hashing, repr and immutability are the
record's own (tests/test_parse_speed.py holds each maker to its class's constructor).

No code is generated (record.py says why): one closure an arity, the field names held in its cells.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.record import Record
from ..core.static_types import Any, TypeVar

R = TypeVar("R", bound=Record)
_new = object.__new__


def maker(cls: type[R]) -> Callable[..., R]:
    """A constructor of the record class `cls` taking each of its fields, in order, by position."""
    names = cls._fields
    build = _ARITIES.get(len(names))
    if build is None:
        return cls
    made: Callable[..., R] = build(cls, *names)
    return made


def _one(cls: type[Any], a: str) -> Callable[..., Any]:
    def make(x: Any) -> Any:
        record = _new(cls)
        record.__dict__[a] = x
        return record

    return make


def _two(cls: type[Any], a: str, b: str) -> Callable[..., Any]:
    def make(x: Any, y: Any) -> Any:
        record = _new(cls)
        fields = record.__dict__
        fields[a] = x
        fields[b] = y
        return record

    return make


def _three(cls: type[Any], a: str, b: str, c: str) -> Callable[..., Any]:
    def make(x: Any, y: Any, z: Any) -> Any:
        record = _new(cls)
        fields = record.__dict__
        fields[a] = x
        fields[b] = y
        fields[c] = z
        return record

    return make


def _four(cls: type[Any], a: str, b: str, c: str, d: str) -> Callable[..., Any]:
    def make(x: Any, y: Any, z: Any, w: Any) -> Any:
        record = _new(cls)
        fields = record.__dict__
        fields[a] = x
        fields[b] = y
        fields[c] = z
        fields[d] = w
        return record

    return make


def _five(cls: type[Any], a: str, b: str, c: str, d: str, e: str) -> Callable[..., Any]:
    def make(x: Any, y: Any, z: Any, w: Any, v: Any) -> Any:
        record = _new(cls)
        fields = record.__dict__
        fields[a] = x
        fields[b] = y
        fields[c] = z
        fields[d] = w
        fields[e] = v
        return record

    return make


_ARITIES: dict[int, Callable[..., Callable[..., Any]]] = {1: _one, 2: _two, 3: _three, 4: _four, 5: _five}
