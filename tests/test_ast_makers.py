"""The parser's fast constructors (cspdsl/syntax/makers.py) make the same records as the classes'
own constructors: equal, with the same fields, repr and hash, and as immutable."""

from __future__ import annotations

import pytest

from cspdsl import ir
from cspdsl.core.errors import Source, Span
from cspdsl.core.record import FrozenRecordError, Record
from cspdsl.syntax import ast
from cspdsl.syntax.builder import New
from cspdsl.syntax.makers import maker

# The AST's records and the IR's that lowering makes with makers (lower/build.py, lower/plain.py).
RECORDS = sorted(
    {cls for cls in [*vars(ast).values(), Span, ir.Linear, ir.Posted, ir.Var]
     if isinstance(cls, type) and issubclass(cls, Record)} - {Record},
    key=lambda cls: cls.__name__,
)


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: cls.__name__)
def test_a_maker_makes_what_the_constructor_makes(cls: type[Record]) -> None:
    values = [f"value {index}" for index in range(len(cls._fields))]
    made, constructed = maker(cls)(*values), cls(*values)
    assert type(made) is cls
    assert made == constructed
    assert vars(made) == vars(constructed)
    assert repr(made) == repr(constructed)
    if cls.__hash__ is not None:
        assert hash(made) == hash(constructed)
    with pytest.raises(FrozenRecordError):
        made.__setattr__(cls._fields[0], None)


def test_the_builder_makes_nodes_with_every_field() -> None:
    span = Span(Source("m.puz", "x"), 1, 1, 1, 2)
    for name, make in vars(New).items():
        if not name.startswith("_"):
            cls = getattr(ast, name)
            assert make is cls or make(*[span] * len(cls._fields)) == cls(*[span] * len(cls._fields))
