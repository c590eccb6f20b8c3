"""Quantifiers: the bindings of their names, combination by combination, held to the model's size
limits; the `where` filter; and a `forall` clue's constraints, its body run as a compiled closure
(`bodies.py`) where it can be and lowered the generic way where not."""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Callable, Iterable, Iterator

from .. import ir
from ..core.errors import CspdslError
from ..core.static_types import Any, TypeVar
from ..syntax import ast
from .bodies import BodyCompiler, Condition, Parts, run_plan
from .build import Lin
from .context import Param, error, reword
from .sizes import TooLarge
from .symbols import Symbols
from .values import Symbol, as_list

_Made = TypeVar("_Made")


class Quantifiers(Symbols):
    """`forall` and comprehensions: each combination of a quantifier's names bound in turn."""

    @abstractmethod
    def top_conditions(self, node: ast.Node) -> Iterator[ir.Constraint]:
        """The constraints of a clue, each posted on its own (defined by `Conditions`)."""

    def forall_conditions(self, node: ast.Forall) -> Iterator[ir.Constraint]:
        """The constraints of a `forall` at a clue's top level, combination by combination, each under
        its instance (the names' values, for explanations): by the body's compiled closure, or, where
        it has none or leaves a combination to the generic lowering, by `top_conditions`."""
        plan = self.body_plan(node.body)

        def body() -> Iterable[ir.Constraint]:
            made = run_plan(plan, self.env.names, self.sizes) if plan is not None else None
            return self.top_conditions(node.body) if made is None else made

        return self.instances(node, body)

    def instances(self, node: ast.Forall, lower: Callable[[], Iterable[_Made]]) -> Iterator[_Made]:
        """`lower` run for each combination of a `forall`'s names, under its instance (`self.instance`,
        which names the clue's values in warnings); an error raised in the body names them too, once,
        innermost: `index 4 is outside q's range 1..3 (for i = 2, j = 2)`."""
        outer = self.instance
        bound = [binder.name for binder in node.binders.binders]
        try:
            for _ in self.bindings(node.binders):
                names = self.env.names
                self.instance = outer + tuple([(name, instance_text(names[name])) for name in bound])
                try:
                    yield from lower()
                except CspdslError as failed:
                    raise self.for_values(failed) from None
        finally:
            self.instance = outer

    def for_values(self, failed: CspdslError) -> CspdslError:
        """An error raised in a `forall`'s body, its message naming the values it was lowered for
        (by the innermost `forall`, whose instance holds the outer ones' values too)."""
        if failed is not self.named_error and self.instance and not isinstance(failed, TooLarge):
            values = ", ".join(f"{name} = {value}" for name, value in self.instance)
            self.named_error = reword(failed, f"{failed.message} (for {values})")
        return failed

    def body_plan(self, node: ast.Node) -> Parts | None:
        """The compiled closure of a quantifier's body (`BodyCompiler.top`), or None."""
        found: Parts | None = self.compiled(node, "top")
        return found

    def where_plan(self, node: ast.Node) -> Condition | None:
        """The compiled closure of a `where` condition (`BodyCompiler.condition`), or None."""
        found: Condition | None = self.compiled(node, "where")
        return found

    def compiled(self, node: ast.Node, part: str) -> Any:
        """A node's closure, compiled at its first use and kept for the whole lowering (by the node's
        id, with the node, which the cache holds so that no other node takes that id)."""
        key = (id(node), part)
        if key not in self.plans:
            compiler = BodyCompiler(self)
            try:
                plan: Any = compiler.top(node) if part == "top" else compiler.condition(node)
            except RecursionError:  # nested too deep to compile: the generic lowering walks it
                plan = None
            self.plans[key] = (node, plan)
        return self.plans[key][1]

    def where_holds(self, node: ast.Node) -> bool:
        """Whether the `where` of a quantifier keeps the names bound now (`constant_truth`), by its
        compiled closure when that settles it."""
        plan = self.where_plan(node)
        if plan is not None:
            made = run_plan(lambda names: [plan(names)], self.env.names, self.sizes)
            if made is not None and made[0] in (ir.TRUE, ir.FALSE):
                return made[0] == ir.TRUE
        return self.constant_truth(node)

    def bindings(self, binders: ast.Binders) -> Iterator[None]:
        """Bind each combination of the quantifier's names in turn (later ranges may use earlier
        names), skipping those the `where` condition rules out. Every combination counts towards the
        model's limit (`sizes.py`); when no range names another binder, they are counted before the
        first is bound, and each range is evaluated once."""
        saved = dict(self.env.names)
        lists: list[list[Any]] | None = None

        def walk(i: int) -> Iterator[None]:
            if i == len(binders.binders):
                self.sizes.add_combination(binders.span)
                if binders.where is None or self.where_holds(binders.where):
                    yield None
                return
            binder = binders.binders[i]
            values = lists[i] if lists is not None else self.source_values(binder)
            for value in values:
                self.bind_binder(binder, value)
                yield from walk(i + 1)

        try:
            for binder in binders.binders:
                for name in binder.names:
                    if name in saved and not isinstance(saved[name], Param):
                        raise error(f"'{name}' is already defined; choose another name", binder)
            lists = self.independent_sources(binders)
            yield from walk(0)
        finally:
            self.env.names = saved

    def bind_binder(self, binder: ast.Binder, value: Any) -> None:
        """Bind a binder's name to one value of its range, or its names (`[a, b, c] in ...`) to the
        items of that value, which must be a list of as many."""
        if not binder.unpack:
            self.env.names[binder.name] = Param(value)
            return
        if not isinstance(value, list) or len(value) != len(binder.unpack):
            raise error(f"each item of this range must be a list of {len(binder.unpack)} values, "
                        f"one for each of {', '.join(binder.unpack)}", binder.source)
        for name, item in zip(binder.unpack, value, strict=True):
            self.env.names[name] = Param(item)

    def independent_sources(self, binders: ast.Binders) -> list[list[Any]] | None:
        """The values of each binder, when no binder's range names another binder (else None), with
        their combinations checked against the model's limit before any is bound."""
        names = {name for binder in binders.binders for name in binder.names}
        bound = ", ".join(name for binder in binders.binders for name in binder.names)
        if any(names_in(binder.source) & names for binder in binders.binders):
            self.count_dependent(binders, f"more than {self.sizes.room()} combinations of {bound}")
            return None
        lists = [self.source_values(binder) for binder in binders.binders]
        count = math.prod(len(values) for values in lists)
        what = f"{count} combinations of {bound}" if len(binders.binders) > 1 else f"{count} values of {bound}"
        self.sizes.expect_combinations(count, what, binders.span)
        return lists

    def count_dependent(self, binders: ast.Binders, what: str) -> None:
        """Count the combinations of binders whose ranges hang on earlier names, before any clue is
        made: every binder but the last is bound in turn and the last one's range only measured, so
        the count costs a fraction of the walk; it stops as soon as the model's limit is passed."""
        room = self.sizes.room()
        count = prefixes = 0  # combinations; bindings of the outer names (work too, even where none follows)
        *outer, last = binders.binders
        stack: list[tuple[int, Iterator[Any]]] = []
        saved = dict(self.env.names)
        try:
            if outer:
                stack.append((0, iter(self.source_values(outer[0]))))
            else:
                count = len(self.source_values(last))
            while stack and count <= room and prefixes <= room:
                level, values = stack[-1]
                value = next(values, _DONE)
                if value is _DONE:
                    stack.pop()
                    continue
                self.bind_binder(outer[level], value)
                prefixes += 1
                if level + 1 < len(outer):
                    stack.append((level + 1, iter(self.source_values(outer[level + 1]))))
                else:
                    count += len(self.source_values(last))
        finally:
            self.env.names = saved
        if count > room or prefixes > room:
            self.sizes.expect_combinations(room + 1, what, binders.span)

    def source_values(self, binder: ast.Binder) -> list[Any]:
        """The values a binder's range gives, in the names bound now."""
        return as_list(self.eval(binder.source), binder.source)

    def constant_truth(self, node: ast.Node) -> bool:
        result = self.cond(node)
        if result == ir.TRUE:
            return True
        if result == ir.FALSE:
            return False
        raise error(
            "a 'where' condition must be decidable from constants alone",
            node,
            "'where' only filters the indices; put a condition on variables after ':', "
            "e.g. 'forall i in 1..n: if ... then ...'",
        )


_DONE = object()  # the end of a binder's values in `count_dependent`


def names_in(node: ast.Node) -> set[str]:
    """The names that occur in an expression (walked with a stack: it may nest deep)."""
    found: set[str] = set()
    stack: list[object] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.Name):
            found.add(item.name)
        elif isinstance(item, ast.Node):
            stack.extend(getattr(item, field) for field in item._fields)
        elif isinstance(item, tuple):
            stack.extend(item)
    return found


def instance_text(bound: object) -> str:
    """A `forall` name's value as an explanation names a clue's instance: a number, a variable, or a
    list of them (a long one by its ends)."""
    value = bound.value if isinstance(bound, Param) else bound
    if type(value) is int:  # the common case first
        return str(value)
    if isinstance(value, Symbol):
        return value.name
    if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1 and value.terms[0][0] == 1:
        return str(value.terms[0][1])
    if isinstance(value, (list, tuple)):
        items = [instance_text(item) for item in value]
        return "[" + ", ".join(items if len(items) <= 4 else [*items[:2], "...", items[-1]]) + "]"
    return str(value)
