"""Record, the dataclass stand-in of the AST and IR: the behaviour the rest of the package relies on."""

from __future__ import annotations

import copy
import pickle

import pytest

from cspdsl import ir
from cspdsl.core.errors import Source, Span
from cspdsl.core.record import FrozenRecordError, Record, field
from cspdsl.syntax import ast


class Point(Record):
    x: int
    y: int = 0
    tag: str = field(default="", compare=False, repr=False)


class Labelled(Point):
    label: str = "p"


class Bag(Record, frozen=False):
    name: str
    items: list[int] = field(default_factory=list)


def test_constructor_takes_fields_in_order_by_position_or_keyword() -> None:
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    assert (Point(1).y, Point(1).tag) == (0, "")


def test_subclass_fields_follow_the_base_fields() -> None:
    p = Labelled(1, 2, "t", "q")
    assert (p.x, p.y, p.tag, p.label) == (1, 2, "t", "q")
    assert Labelled._fields == ("x", "y", "tag", "label")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: Point(), "missing 'x'"),
        (lambda: Point(1, 2, "t", 4), "takes 3 fields but 4 were given"),
        (lambda: Point(1, x=2), "got two values for 'x'"),
        (lambda: Point(1, z=2), "has no field 'z'"),
    ],
)
def test_bad_arguments_are_type_errors(make, words) -> None:
    with pytest.raises(TypeError, match=words):
        make()


def test_equality_and_hash_skip_uncompared_fields_and_need_the_same_class() -> None:
    assert Point(1, 2, "a") == Point(1, 2, "b")
    assert hash(Point(1, 2, "a")) == hash(Point(1, 2, "b"))
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, 2) != Labelled(1, 2)  # same values, other class
    assert len({Point(1), Point(1), Point(2)}) == 2


def test_repr_shows_the_shown_fields() -> None:
    assert repr(Point(1, 2, "hidden")) == "Point(x=1, y=2)"
    assert repr(Bag("b", [1])) == "Bag(name='b', items=[1])"


def test_frozen_by_default_mutable_on_request() -> None:
    p = Point(1)
    with pytest.raises(FrozenRecordError):
        p.x = 2  # type: ignore[misc]
    with pytest.raises(FrozenRecordError):
        del p.x  # type: ignore[misc]
    bag = Bag("b")
    bag.items.append(1)
    bag.name = "c"
    assert bag == Bag("c", [1])
    with pytest.raises(TypeError):
        hash(bag)  # mutable and compared by value: unhashable, as a dataclass


def test_default_factory_gives_each_record_its_own_value() -> None:
    a, b = Bag("a"), Bag("b")
    a.items.append(1)
    assert b.items == []


def test_a_required_field_after_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="'z' without a default follows one with a default"):
        type("Bad", (Point,), {"__annotations__": {"z": "int"}})


def test_default_and_factory_together_are_refused() -> None:
    with pytest.raises(ValueError, match="not both"):
        field(default=1, default_factory=list)


def test_ast_and_ir_records_survive_pickle_and_copy() -> None:
    span = Span(Source("m.puz", "x == 1\n"), 1, 1, 1, 7)
    node = ast.Compare(span, "==", ast.Name(span, "x"), ast.Num(span, 1), span)
    problem = ir.Problem()
    problem.add_var("x", (1, 2, 3))
    problem.post(ir.Linear(((1, "x"),), "==", 1), span)
    for value in (node, problem, span):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value


def test_spans_do_not_take_part_in_ast_equality() -> None:
    here = Span(Source("a.puz", "x\n"), 1, 1, 1, 2)
    there = Span(Source("b.puz", "\n\nx\n"), 3, 1, 3, 2)
    assert ast.Name(here, "x") == ast.Name(there, "x")
    assert ast.Name(here, "x") != ast.Name(here, "y")
