"""The clues that MiniZinc says the same way, written from the AST: arithmetic, comparisons, `and`
`or` `not` `if` `iff`, `forall` kept as `forall(...)`, comprehensions as comprehensions,
`alldifferent` as `all_different`, `sum`, `exactly k of`, `x in {...}`, over params (by name: their
values come from the .dzn), lets, quantifier indices and the declared arrays, and the grid families
(`g.rows`, `g.columns`, `g.boxes`, `g.touching`, ...: `grids.py`) and `part.regions`. Anything else
raises `Unreadable`, and the statement is written from the IR instead (`readable.py`)."""

from __future__ import annotations

from collections.abc import Callable

from ...core.record import Record
from ...core.static_types import Any
from ...syntax import ast
from .areas import PREDICATE_CALLS
from .boards import Board
from .digits import number
from .entities import RELATIONS, relation
from .families import forall_families
from .functions import FLOORED, RUNS, VISIBLE
from .grids import Grid
from .regions import Regions
from .views import NEIGHBOUR_CALLS, NoView, neighbours, run_of, seen, sight
from .writers import unused


class Unreadable(Exception):
    """A construct without a MiniZinc form of its own here: the statement is written from the IR."""


class LetRows(Record):
    """A let of equal-length lists, as a 2-D par array: a quantifier over it binds a row index."""

    name: str
    rows: int


# A bound name: ("int", text) a number, ("list", text) a list, ("row", let) a row of a 2-D let,
# ("block", text) a 2-D slice (a box: summed, counted and ranged over as a list, not indexed),
# ("items", [texts]) a list of known items (a pair of neighbours), ("cell", Cell) one cell of a grid.
Bound = tuple[str, Any]

COMPARE = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_COUNT = {"exactly": "=", "at_least": ">=", "at_most": "<="}
_SUMS = {"sum_equals": "=", "sum_at_most": "<=", "sum_at_least": ">="}


class Clues:
    """The translator: names in scope (params, lets, arrays, scalars) and the quantifiers' bindings."""

    def __init__(self, names: dict[str, Bound], grids: dict[str, Grid], regions: dict[str, Regions]) -> None:
        self.names, self.grids, self.regions = names, grids, regions
        self.used: set[str] = set()  # the globals used ("all_different")
        self.avoid: set[str] = set()  # the names the statement being read binds or uses
        self.boards: dict[str, Board] = {}
        self.numbers: dict[str, tuple[str, str]] = {}  # an attribute of numbers -> its function, definition
        self.defined: dict[str, str] = {}  # the functions used -> their definitions
        self.floored: dict[str, str] = {}  # `//`, `%`, `visible` and `runs` -> the name of their function

    # ---- numbers ------------------------------------------------------------------------------

    def num(self, node: ast.Node) -> str:
        method: Callable[[ast.Node], str] | None = getattr(self, "num_" + type(node).__name__, None)
        if method is None:
            raise Unreadable(type(node).__name__)
        return method(node)

    def num_Num(self, node: ast.Num) -> str:
        return str(node.value)

    def num_Name(self, node: ast.Name) -> str:
        kind, text = self.names.get(node.name, ("", None))
        if kind == "cell":
            return str(text.text)
        if kind != "int":
            raise Unreadable(node.name)
        return str(text)

    def num_Str(self, node: ast.Str) -> str:
        kind, text = self.names.get(node.value, ("", None))
        if kind != "int":
            raise Unreadable(node.value)
        return str(text)

    def num_Member(self, node: ast.Member) -> str:
        """`X.age`, the number of an attribute of numbers at X's position; `star.b`, a board's cell."""
        board = self.boards.get(node.target.name) if isinstance(node.target, ast.Name) else None
        if board is not None and node.name in board.cells:
            return f"{board.name}[{board.cells[node.name]}]"
        if node.name not in self.numbers:
            raise Unreadable(node.name)
        function, definition = self.numbers[node.name]
        text = f"{function}({self.num(node.target)})"
        self.defined[function] = definition
        return text

    def num_Index(self, node: ast.Index) -> str:
        target: ast.Node = node.target
        indices = list(node.indices)
        if isinstance(node.target, ast.Index):  # number[r][c] of a 2-D let
            target, indices = node.target.target, [*node.target.indices, *indices]
        if not isinstance(target, ast.Name):
            raise Unreadable("index")
        kind, value = self.names.get(target.name, ("", None))
        if kind == "row":  # guess[i], guess a row of a 2-D let
            return f"{value.name}[{target.name}, {self.num(indices[0])}]" if len(indices) == 1 else self._no()
        grid = self.grids.get(target.name)
        if grid is not None and len(indices) == len(grid.ranges):
            return f"{grid.name}[{', '.join(self.num(i) for i in indices)}]"
        if kind == "items" and len(indices) == 1:  # pair[1]: the item itself
            index = indices[0]
            if isinstance(index, ast.Num) and 1 <= index.value <= len(value):
                return str(value[index.value - 1])
            return f"[{', '.join(value)}][{self.num(index)}]"
        if kind == "list" and len(indices) in (1, 2):
            return f"{value}[{', '.join(self.num(i) for i in indices)}]"
        raise Unreadable("index")

    def fresh(self, base: str) -> str:
        """A name for an index of the export's own that no name of the model's shadows or captures."""
        return unused(base, set(self.names) | set(self.grids) | set(self.regions) | self.avoid)

    def _no(self) -> str:
        raise Unreadable("index")

    def num_BinOp(self, node: ast.BinOp) -> str:
        if node.op in FLOORED:  # MiniZinc's div and mod round toward zero: a function of the export's own
            name = self.floored.setdefault(node.op, self.fresh(FLOORED[node.op][0]))
            self.defined[name] = FLOORED[node.op][1].format(name)
            return f"{name}({self.num(node.left)}, {self.num(node.right)})"
        if node.op not in ("+", "-", "*"):
            raise Unreadable(node.op)
        return f"{self._operand(node.left, node.op)} {node.op} {self._operand(node.right, node.op, right=True)}"

    def _operand(self, node: ast.Node, op: str, right: bool = False) -> str:
        text = self.num(node)
        if isinstance(node, ast.BinOp) and (op == "*" or (right and op == "-")) and node.op in "+-":
            return f"({text})"
        return text

    def num_Neg(self, node: ast.Neg) -> str:
        if isinstance(node.operand, ast.Num):  # a negative number as MiniZinc writes one
            return f"-{node.operand.value}"
        return f"-({self.num(node.operand)})"

    def num_Call(self, node: ast.Call) -> str:
        if node.func == "sum" and len(node.args) == 1 and isinstance(node.args[0], ast.Name) \
                and self.names.get(node.args[0].name, ("",))[0] == "items":  # a pair's sum, its items added
            return f"({' + '.join(self.names[node.args[0].name][1])})"
        if node.func in ("sum", "max", "min", "product") and len(node.args) == 1:
            return f"{node.func}({self.seq(node.args[0])})"
        if node.func in ("max", "min") and len(node.args) > 1:  # of numbers: MiniZinc's of two, or of a list
            numbers = ", ".join(self.num(arg) for arg in node.args)
            return f"{node.func}({numbers})" if len(node.args) == 2 else f"{node.func}([{numbers}])"
        if node.func == "abs" and len(node.args) == 1:
            return f"abs({self.num(node.args[0])})"
        if node.func == "len" and len(node.args) == 1:
            listed = node.args[0]
            if isinstance(listed, ast.Name) and self.names.get(listed.name, ("",))[0] == "rows":
                return f"card(index_set_1of2({listed.name}))"  # a list of lists: its rows, not its items
            return f"length({self.seq(listed)})"
        if node.func == "visible" and len(node.args) == 1:  # a building seen is taller than every one before it
            name = self.floored.setdefault("visible", self.fresh("visible"))
            self.defined[name] = VISIBLE.format(name)
            return f"{name}({self.seq(node.args[0])})"
        if node.func == "number":
            text = number(lambda digit: self._operand(digit, "*"), node)
            if text is not None:
                return text
        if node.func == "seen":
            return self._view(seen, node)
        raise Unreadable(node.func)

    def _view(self, view: Callable[[Clues, ast.Call], str], node: ast.Call) -> str:
        try:
            return view(self, node)
        except NoView as e:
            raise Unreadable(str(e)) from None

    def num_Conditional(self, node: ast.Conditional) -> str:
        return f"if {self.cond(node.condition)} then {self.num(node.then)} else {self.num(node.otherwise)} endif"

    # ---- lists --------------------------------------------------------------------------------

    def seq(self, node: ast.Node) -> str:
        if isinstance(node, ast.Name):
            kind, value = self.names.get(node.name, ("", None))
            if node.name in self.grids:
                return self.grids[node.name].cells(*(self.fresh(x) for x in "rc"))
            if kind in ("list", "block"):
                return str(value)
            if kind == "items":
                return f"[{', '.join(value)}]"
            raise Unreadable(node.name)
        if isinstance(node, ast.ListLit):
            return f"[{', '.join(self.num(item) for item in node.items)}]"
        if isinstance(node, ast.BinOp) and node.op == "+":  # two lists one after the other
            return f"{self.seq(node.left)} ++ {self.seq(node.right)}"
        if isinstance(node, ast.Comprehension):
            generators, after = self.binders(node.binders)
            body = self.cond(node.body) if _is_condition(node.body) else self.num(node.body)
            after()
            return f"[{body} | {generators}]"
        if isinstance(node, ast.Index) and any(isinstance(i, ast.WholeRange) for i in node.indices):
            return self._slice(node)
        if isinstance(node, ast.Call) and node.func == "reversed" and len(node.args) == 1:
            return f"reverse({self.seq(node.args[0])})"
        if isinstance(node, ast.Call) and node.func in ("sight", *NEIGHBOUR_CALLS):
            return self._view(sight if node.func == "sight" else neighbours, node)
        run = run_of(self, node) if isinstance(node, ast.Index) else None
        if run is not None:
            return run
        if isinstance(node, ast.Member) and isinstance(node.target, ast.Name) and node.name == "cells" \
                and node.target.name in self.boards:
            return self.boards[node.target.name].name
        if isinstance(node, ast.Member) and isinstance(node.target, ast.Name) and node.name == "cells" \
                and node.target.name in self.grids:  # every cell, as MiniZinc's functions over an array take it
            return self.grids[node.target.name].cells(*(self.fresh(x) for x in "rc"))
        return self._region(node)

    def _region(self, node: ast.Node) -> str:
        """`cage.A` and `cage.regions[i]`: the cells of a region of a map."""
        if isinstance(node, ast.Index) and len(node.indices) == 1 and isinstance(node.target, ast.Member) \
                and node.target.name == "regions" and isinstance(node.target.target, ast.Name) \
                and node.target.target.name in self.regions:
            regions, number = self.regions[node.target.target.name], self.num(node.indices[0])
        elif isinstance(node, ast.Member) and isinstance(node.target, ast.Name) and node.target.name in self.regions \
                and node.name in self.regions[node.target.name].letters:
            regions = self.regions[node.target.name]
            number = str(regions.letters.index(node.name) + 1)
        else:
            raise Unreadable("list")
        return self.region(regions, number)

    def region(self, regions: Regions, number: str) -> str:
        """The cells of region `number` of a map: its function's call, the function defined."""
        self.defined[regions.function] = regions.definition()
        return f"{regions.function}({number})"

    def _slice(self, node: ast.Index) -> str:
        """`g[r, ..]` is row(g, r), `g[.., c]` col(g, c)."""
        if not isinstance(node.target, ast.Name) or node.target.name not in self.grids or len(node.indices) != 2:
            raise Unreadable("slice")
        grid = self.grids[node.target.name].name
        first, second = node.indices
        if isinstance(second, ast.WholeRange) and not isinstance(first, ast.WholeRange):
            return f"row({grid}, {self.num(first)})"
        if isinstance(first, ast.WholeRange) and not isinstance(second, ast.WholeRange):
            return f"col({grid}, {self.num(second)})"
        raise Unreadable("slice")

    def binders(self, binders: ast.Binders) -> tuple[str, Callable[[], None]]:
        """The generators of `i in 1..n, j in 1..n where i < j`, the names bound while the body is
        read, and the function that unbinds them."""
        saved = dict(self.names)
        parts = []
        for binder in binders.binders:
            if binder.unpack:
                raise Unreadable("unpack")
            parts.append(self._generator(binder))
        text = _merged(parts)
        if binders.where is not None:
            text += f" where {self.cond(binders.where)}"

        def after() -> None:
            self.names = saved

        return text, after

    def _generator(self, binder: ast.Binder) -> str:
        source = binder.source
        if isinstance(source, ast.Range):
            text = f"{binder.name} in {self.num(source.lo)}..{self.num(source.hi)}"
            self.names[binder.name] = ("int", binder.name)
            return text
        if isinstance(source, ast.Name):
            kind, value = self.names.get(source.name, ("", None))
            if kind in ("list", "block", "items"):
                self.names[binder.name] = ("int", binder.name)
                return f"{binder.name} in {self.seq(source)}"
            if kind == "rows":
                self.names[binder.name] = ("row", value)
                return f"{binder.name} in 1..{value.rows}"
        if isinstance(source, ast.Index | ast.ListLit | ast.Call):  # a list: a slice, `reversed(...)`, a view
            text = f"{binder.name} in {self.seq(source)}"
            self.names[binder.name] = ("int", binder.name)
            return text
        raise Unreadable("binder")

    # ---- conditions ---------------------------------------------------------------------------

    def cond(self, node: ast.Node) -> str:
        method: Callable[[ast.Node], str] | None = getattr(self, "cond_" + type(node).__name__, None)
        if method is None:
            raise Unreadable(type(node).__name__)
        return method(node)

    def cond_Bool(self, node: ast.Bool) -> str:
        return "true" if node.value else "false"

    def cond_Compare(self, node: ast.Compare) -> str:
        left = node.left
        if node.op == "==" and isinstance(left, ast.Call) and left.func == "runs" and len(left.args) == 1:
            name = self.floored.setdefault("runs", self.fresh("runs"))
            self.defined[name] = RUNS.format(name)
            self.used.add("regular.mzn")
            return f"{name}({self.seq(left.args[0])}, {self.seq(node.right)})"
        if node.op in RELATIONS:
            return relation(node.op, self.num(node.left), self.num(node.right))
        if node.op not in COMPARE:
            raise Unreadable(node.op)
        return f"{self.num(node.left)} {COMPARE[node.op]} {self.num(node.right)}"

    def cond_BoolOp(self, node: ast.BoolOp) -> str:
        word = "/\\" if node.op == "and" else "\\/"
        return f"({self.cond(node.left)} {word} {self.cond(node.right)})"

    def cond_NotOp(self, node: ast.NotOp) -> str:
        return f"not ({self.cond(node.operand)})"

    def cond_Implication(self, node: ast.Implication) -> str:
        return f"({self.cond(node.condition)} -> {self.cond(node.consequence)})"

    def cond_Equivalence(self, node: ast.Equivalence) -> str:
        return f"({self.cond(node.left)} <-> {self.cond(node.right)})"

    def cond_Conditional(self, node: ast.Conditional) -> str:
        return f"if {self.cond(node.condition)} then {self.cond(node.then)} else {self.cond(node.otherwise)} endif"

    def cond_CountOf(self, node: ast.CountOf) -> str:
        if node.word not in _COUNT:
            raise Unreadable(node.word)
        if isinstance(node.conditions, ast.ListLit):
            items = ", ".join(f"bool2int({self.cond(c)})" for c in node.conditions.items)
            return f"sum([{items}]) {_COUNT[node.word]} {self.num(node.k)}"
        if isinstance(node.conditions, ast.Comprehension):
            generators, after = self.binders(node.conditions.binders)
            body = self.cond(node.conditions.body)
            after()
            return f"sum([bool2int({body}) | {generators}]) {_COUNT[node.word]} {self.num(node.k)}"
        raise Unreadable("count")

    def cond_Membership(self, node: ast.Membership) -> str:
        element, collection = self.num(node.element), node.collection
        if isinstance(collection, ast.SetLit):
            text = f"{element} in {{{', '.join(self.num(item) for item in collection.items)}}}"
        elif isinstance(collection, ast.Range):
            text = f"{element} in {self.num(collection.lo)}..{self.num(collection.hi)}"
        elif isinstance(collection, ast.Name) and collection.name in self.grids and len(
                self.grids[collection.name].ranges) == 1:
            grid, j = self.grids[collection.name], self.fresh("j")
            text = f"exists({j} in {grid.ranges[0][0]}..{grid.ranges[0][1]})({grid.name}[{j}] = {element})"
        else:
            raise Unreadable("in")
        return f"not ({text})" if node.negated else text

    def cond_Call(self, node: ast.Call) -> str:
        if node.func == "alldifferent" and len(node.args) == 1:
            self.used.add("all_different.mzn")
            return f"all_different({self.seq(node.args[0])})"
        if node.func in _SUMS and len(node.args) == 2:
            return f"sum({self.seq(node.args[0])}) {_SUMS[node.func]} {self.num(node.args[1])}"
        if node.func in PREDICATE_CALLS:
            return self._view(PREDICATE_CALLS[node.func], node)
        raise Unreadable(node.func)

    def cond_Forall(self, node: ast.Forall) -> str:
        try:
            families = forall_families(self, node.binders)
        except NoView as e:
            raise Unreadable(str(e)) from None
        if families is not None:
            return families(node.body)
        generators, after = self.binders(node.binders)
        body = self.cond(node.body)
        after()
        return f"forall({generators})({body})"


def _merged(generators: list[str]) -> str:
    """`r in 1..5, c in 1..5` as `r, c in 1..5`: each generator over the set of the one before joins it."""
    merged: list[tuple[list[str], str]] = []
    for generator in generators:
        name, _, source = generator.partition(" in ")
        if merged and merged[-1][1] == source:
            merged[-1][0].append(name)
        else:
            merged.append(([name], source))
    return ", ".join(f"{', '.join(names)} in {source}" for names, source in merged)


def _is_condition(node: ast.Node) -> bool:
    return isinstance(node, ast.Compare | ast.BoolOp | ast.NotOp | ast.Membership | ast.CountOf | ast.Bool)
