"""AST -> IR: name resolution, checks and lowering, in one walk over the statements.

Declarations bind names in an environment; every clue is evaluated to an IR constraint. Constant
parts (params, ranges, quantifier indices) are folded here, so backends only ever see finite-domain
variables and the closed set of constraints of `ir.py`. Every error points at the source.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .. import ir
from ..errors import CspdslError, Span, did_you_mean
from ..record import Record, field
from ..syntax import ast
from ..syntax.parser import parse_expression
from .build import (
    RELATIONS,
    Lin,
    all_of,
    any_of,
    compare,
    count,
    in_values,
    linear,
    negate,
)
from .layout import AttributeAt, Board, Entities, Grid, Layout, LinTerm, Question
from .shapes import (
    array_groups,
    board_groups,
    box_shape,
    place,
    read_drawing,
    read_grid_literal,
)

MAX_INT = 2**31 - 1
MAX_SUM = 2**62
MAX_DOMAIN = 1_000_000
POSITION_WORDS = ("first", "last", "middle")
ABS_FUNCTIONS = ("abs", "distance")


class Lowered(Record, frozen=False):
    """A model ready for a backend: the IR problem and how to show its solutions."""

    problem: ir.Problem
    layout: Layout


# ---- compile-time values -----------------------------------------------------------------------


class Array(Record, frozen=False):
    name: str
    ranges: list[list[int]]
    cells: dict[tuple[int, ...], str]
    grid: Grid


class BoardValue(Record, frozen=False):
    layout: Board
    groups: dict[str, list[list[str]]]


class Attribute(Record, frozen=False):
    name: str
    values: dict[str, str]  # value name -> IR variable


class PiecesValue(Record, frozen=False):
    name: str
    pieces: list[tuple[tuple[int, ...], int]]  # (alternatives, copies)
    span: Span


class Env(Record, frozen=False):
    names: dict[str, Any] = field(default_factory=dict)
    spans: dict[str, Span] = field(default_factory=dict)


def lower(model: ast.Model, params: dict[str, int] | None = None) -> Lowered:
    """Lower a parsed model; `params` override the model's `param` defaults (-D n=10)."""
    return _Lowerer(params or {}).run(model)


def _error(message: str, node: ast.Node | Span, hint: str | None = None) -> CspdslError:
    span = node if isinstance(node, Span) else node.span
    return CspdslError(message, span, hint)


def _range_text(values: list[int]) -> str:
    if values and values == list(range(values[0], values[-1] + 1)):
        return f"{values[0]}..{values[-1]}"
    return "{" + ", ".join(map(str, values)) + "}"


class _Lowerer:
    def __init__(self, params: dict[str, int]):
        self.params = dict(params)
        self.used_params: set[str] = set()
        self.declared_params: list[str] = []
        self.env = Env()
        self.problem = ir.Problem()
        self.layout = Layout()
        self.aux_count = 0

    # ---- statements ----------------------------------------------------------------------------

    def run(self, model: ast.Model) -> Lowered:
        handlers: dict[type, Callable[[Any], None]] = {
            ast.PuzzleDecl: self.puzzle_decl,
            ast.ParamDecl: self.param_decl,
            ast.LetDecl: self.let_decl,
            ast.PositionsDecl: self.positions_decl,
            ast.AttributeDecl: self.attribute_decl,
            ast.VarDecl: self.var_decl,
            ast.BoardDecl: self.board_decl,
            ast.PiecesDecl: self.pieces_decl,
            ast.GivenDecl: self.given_decl,
            ast.PlaceDecl: self.place_decl,
            ast.QuestionDecl: self.question_decl,
            ast.ConstraintStmt: self.constraint_stmt,
        }
        for statement in model.statements:
            handlers[type(statement)](statement)
        for posted in self.problem.constraints:
            self.check_magnitude(posted.constraint, posted.span)
        unknown = set(self.params) - self.used_params
        if unknown:
            name = sorted(unknown)[0]
            known = self.declared_params
            hint = did_you_mean(name, known) or (
                f"the model's params: {', '.join(known)}" if known else "the model has no params"
            )
            raise CspdslError(f"-D {name}: the model has no param '{name}'", None, hint)
        return Lowered(self.problem, self.layout)

    def check_magnitude(self, constraint: ir.Constraint, span: Span | None) -> None:
        """Refuse sums whose partial values could overflow a backend's 64-bit arithmetic."""
        if isinstance(constraint, ir.Linear):
            largest = abs(constraint.rhs) + sum(
                abs(coef) * max(abs(self.problem.variables[name].lo), abs(self.problem.variables[name].hi))
                for coef, name in constraint.terms
            )
            if largest > MAX_SUM:
                raise CspdslError(
                    f"this sum can reach {largest}: too large for the backends (at most {MAX_SUM})",
                    span,
                    "use smaller numbers or narrower domains",
                )
        elif isinstance(constraint, ir.Not):
            self.check_magnitude(constraint.cond, span)
        elif isinstance(constraint, (ir.And, ir.Or, ir.Count)):
            for sub in constraint.conds:
                self.check_magnitude(sub, span)

    def check_free(self, name: str, span: Span) -> None:
        """Raise if `name` is taken; declarations call it before they add any IR variable."""
        if name in self.env.names:
            first = self.env.spans[name]
            hint = "choose another name"
            if name in POSITION_WORDS and isinstance(self.env.names[name], _Param):
                hint = f"after 'positions', '{name}' names a position; choose another name"
            raise CspdslError(f"'{name}' is already defined (line {first.line})", span, hint)

    def bind(self, name: str, value: Any, span: Span) -> None:
        self.check_free(name, span)
        self.env.names[name] = value
        self.env.spans[name] = span

    def puzzle_decl(self, s: ast.PuzzleDecl) -> None:
        self.layout.title = s.title

    def param_decl(self, s: ast.ParamDecl) -> None:
        if s.name in self.params:
            value: Any = self.params[s.name]
            self.used_params.add(s.name)
            if abs(value) > MAX_INT:
                raise CspdslError(
                    f"-D {s.name}={value}: the number is too large: the backends take numbers from "
                    f"{-MAX_INT} to {MAX_INT}"
                )
        else:
            value = self.constant(s.value)
        self.bind(s.name, _Param(value), s.span)
        self.declared_params.append(s.name)

    def let_decl(self, s: ast.LetDecl) -> None:
        self.bind(s.name, self.eval(s.value), s.span)

    def positions_decl(self, s: ast.PositionsDecl) -> None:
        if self.layout.entities is not None:
            raise _error("a model has one 'positions' declaration", s)
        positions = self.int_values(s.positions)
        if not positions:
            raise _error("there are no positions", s.positions)
        if positions != list(range(positions[0], positions[0] + len(positions))):
            # Relations (next_to, directly_left_of, ...) compare position numbers.
            raise _error(
                "positions must be consecutive numbers in order", s.positions, "write a range, such as 1..5"
            )
        self.layout.entities = Entities(s.name, positions)
        self.bind(s.name, positions, s.span)
        named = dict(zip(POSITION_WORDS[:2], (positions[0], positions[-1]), strict=True))
        if len(positions) % 2 == 1:
            named["middle"] = positions[len(positions) // 2]
        for word, value in named.items():
            if word not in self.env.names:
                self.env.names[word] = _Param(value)
                self.env.spans[word] = s.span

    def attribute_decl(self, s: ast.AttributeDecl) -> None:
        entities = self.layout.entities
        if entities is None:
            raise _error(
                "an attribute needs positions to be declared first",
                s,
                "add a line such as 'positions house = 1..5' above it",
            )
        if len(s.values) > len(entities.positions):
            raise _error(
                f"attribute '{s.name}' has {len(s.values)} values but there are only "
                f"{len(entities.positions)} positions",
                s,
            )
        attribute = Attribute(s.name, {})
        self.bind(s.name, attribute, s.span)
        for value in s.values:
            name = value.name if isinstance(value, ast.Name) else value.value
            owner = self.env.names.get(name)
            if isinstance(owner, _Value):
                raise _error(
                    f"value '{name}' is already a value of attribute '{owner.attribute}'",
                    value,
                    "give each value one attribute; use a different name here",
                )
            var = f"{s.name}[{name}]"
            self.problem.add_var(var, tuple(entities.positions))
            attribute.values[name] = var
            self.bind(name, _Value(s.name, var), value.span)
        entities.attributes[s.name] = attribute.values
        self.problem.post(ir.AllDifferent(tuple(attribute.values.values())), s.span)

    def var_decl(self, s: ast.VarDecl) -> None:
        self.check_free(s.name, s.span)
        domain = self.domain(s.domain, s) if s.domain is not None else (0, 1)
        if not s.dims:
            self.problem.add_var(s.name, domain)
            self.layout.scalars[s.name] = s.name
            self.bind(s.name, Lin(((1, s.name),)), s.span)
            return
        ranges = [self.int_values(d) for d in s.dims]
        for r, node in zip(ranges, s.dims, strict=False):
            if not r:
                raise _error("an array dimension needs at least one index", node)
        if len(ranges) > 2:
            raise _error("arrays have one or two dimensions", s.dims[2])
        cells = {}
        for index in itertools.product(*ranges):
            var = f"{s.name}[{','.join(map(str, index))}]"
            self.problem.add_var(var, domain)
            cells[index] = var
        grid = Grid(s.name, ranges, cells, box_shape(ranges))
        self.layout.grids.append(grid)
        self.bind(s.name, Array(s.name, ranges, cells, grid), s.span)

    def domain(self, node: ast.Node, owner: ast.Node) -> tuple[int, ...]:
        values = self.int_values(node)
        if not values:
            hint = None
            if isinstance(node, ast.Range):
                lo, hi = self.constant_int(node.lo), self.constant_int(node.hi)
                hint = f"the range {lo}..{hi} is empty because {lo} > {hi}; a range goes up, as in {hi}..{lo}"
            raise _error("empty domain: no value is possible", node, hint)
        if len(values) > MAX_DOMAIN:
            raise _error(f"domain has {len(values)} values; at most {MAX_DOMAIN} are supported", node)
        return tuple(sorted(set(values)))

    def board_decl(self, s: ast.BoardDecl) -> None:
        self.check_free(s.name, s.span)
        domain = self.domain(s.domain, s) if s.domain is not None else (0, 1)
        drawing, cells = read_drawing(s.drawing)
        variables = {}
        for cell in cells:
            var = f"{s.name}.{cell}"
            self.problem.add_var(var, domain)
            variables[cell] = var
        board = Board(s.name, drawing, cells, variables)
        self.layout.boards.append(board)
        self.bind(s.name, BoardValue(board, board_groups(cells)), s.span)

    def pieces_decl(self, s: ast.PiecesDecl) -> None:
        pieces = []
        for piece in s.pieces:
            if len(set(piece.alternatives)) != len(piece.alternatives):
                raise _error("a piece lists the same value twice", piece)
            if piece.copies < 1:
                raise _error("a piece needs at least one copy", piece)
            for value in piece.alternatives:
                self.check_size(value, piece)
            pieces.append((piece.alternatives, piece.copies))
        self.bind(s.name, PiecesValue(s.name, pieces, s.span), s.span)

    def given_decl(self, s: ast.GivenDecl) -> None:
        target = self.lookup(s.name, s.name_span)
        if not isinstance(target, Array):
            raise _error(f"'{s.name}' is not an array or grid; givens fill an array", s.name_span)
        rows = read_grid_literal(s.grid)
        shape = [len(r) for r in target.ranges]
        if len(shape) == 1:
            shape = [1, *shape]
        expected = f"{shape[0]}x{shape[1]}" if len(target.ranges) == 2 else f"1 row of {shape[1]}"
        def row_span(row: list[tuple[str, Span]]) -> Span:
            first, last = row[0][1], row[-1][1]
            return Span(first.source, first.line, first.column, last.line, last.end_column)

        if len(rows) != shape[0]:
            # Too many rows: point at the first one too many; too few: at the literal.
            span = row_span(rows[shape[0]]) if len(rows) > shape[0] else s.grid.span
            raise _error(f"grid literal has {len(rows)} rows; '{s.name}' is {expected}", span)
        for row in rows:
            if len(row) != shape[1]:
                raise _error(
                    f"grid literal row has {len(row)} cells; '{s.name}' is {expected}", row_span(row)
                )
        for r, row in enumerate(rows):
            for c, (text, span) in enumerate(row):
                if text in (".", "_"):
                    continue
                index = (target.ranges[-1][c],) if len(target.ranges) == 1 else (
                    target.ranges[0][r],
                    target.ranges[1][c],
                )
                var = self.problem.variables[target.cells[index]]
                value = int(text)
                if value not in var.domain:
                    raise CspdslError(
                        f"given {value} is outside the domain {_range_text(list(var.domain))} of "
                        f"{var.name}",
                        span,
                    )
                self.problem.post(ir.InSet(var.name, (value,)), span)

    def place_decl(self, s: ast.PlaceDecl) -> None:
        pieces = self.lookup(s.pieces, s.pieces_span)
        if not isinstance(pieces, PiecesValue):
            raise _error(f"'{s.pieces}' is not a set of pieces", s.pieces_span)
        target = self.lookup(s.target, s.target_span)
        if isinstance(target, Array):
            cells = list(target.cells.values())
        elif isinstance(target, BoardValue):
            cells = list(target.layout.variables.values())
        else:
            raise _error(f"'{s.target}' is not an array, grid or board", s.target_span)
        total = sum(copies for _, copies in pieces.pieces)
        if total != len(cells):
            raise _error(
                f"{total} pieces for {len(cells)} cells: placing needs exactly one piece a cell",
                s,
            )
        for alternatives, _ in pieces.pieces:
            for value in alternatives:
                if value not in self.problem.variables[cells[0]].domain:
                    domain = list(self.problem.variables[cells[0]].domain)
                    raise _error(
                        f"piece value {value} is outside the domain {_range_text(domain)} of "
                        f"'{s.target}'",
                        s,
                        f"widen the domain of '{s.target}' to hold every piece",
                    )
        place(self.problem, pieces.pieces, cells, s.span, self.new_aux_name)

    def question_decl(self, s: ast.QuestionDecl) -> None:
        template: list[str] = []
        placeholders: list[Any] = []
        text = s.answer.value
        pos = 0
        source_col = s.answer.span.column + 1  # after the opening quote
        while pos < len(text):
            open_at = text.find("{", pos)
            if open_at < 0:
                template.append(text[pos:].replace("}", "}}"))
                break
            close_at = text.find("}", open_at)
            if close_at < 0:
                raise CspdslError(
                    "'{' in an answer is not closed by '}'",
                    Span(s.span.source, s.answer.span.line, source_col + open_at, s.answer.span.line,
                         source_col + open_at + 1),
                )
            template.append(text[pos:open_at].replace("}", "}}"))
            inner = text[open_at + 1 : close_at]
            node = parse_expression(inner, s.span.source, s.answer.span.line, source_col + open_at + 1)
            template.append("{" + str(len(placeholders)) + "}")
            placeholders.append(self.placeholder(node))
            pos = close_at + 1
        self.layout.questions.append(
            Question(s.question.value, "".join(template), tuple(placeholders), s.span)
        )

    def placeholder(self, node: ast.Node) -> Any:
        if isinstance(node, ast.Index) and isinstance(node.target, ast.Name):
            target = self.lookup(node.target.name, node.target.span)
            if isinstance(target, Attribute):
                if len(node.indices) != 1:
                    raise _error("an attribute takes one position", node)
                position = self.lin(node.indices[0])
                return AttributeAt(target.name, LinTerm(position.terms, position.const))
        value = self.eval(node)
        if isinstance(value, (list, Array)):
            return tuple(LinTerm(v.terms, v.const) for v in map(self.as_lin_value, self.as_list(value, node)))
        lin = self.as_lin(value, node)
        return LinTerm(lin.terms, lin.const)

    def constraint_stmt(self, s: ast.ConstraintStmt) -> None:
        for constraint in self.top_conditions(s.condition):
            if constraint != ir.TRUE:
                self.problem.post(constraint, s.span)

    def new_aux_name(self, stem: str) -> str:
        self.aux_count += 1
        # '#' cannot occur in a name of the language, so an auxiliary never clashes with a user's.
        return f"_{stem}#{self.aux_count}"

    # ---- conditions at the top level: AllDifferent and conjunctions stay separate ---------------

    def top_conditions(self, node: ast.Node) -> Iterator[ir.Constraint]:
        if isinstance(node, ast.BoolOp) and node.op == "and":
            spine = _left_spine(node, ast.BoolOp, "and")
            yield from self.top_conditions(spine[-1].left)
            for step in reversed(spine):
                yield from self.top_conditions(step.right)
        elif isinstance(node, ast.Forall):
            for _ in self.bindings(node.binders):
                yield from self.top_conditions(node.body)
        elif isinstance(node, ast.Call) and node.func in ("alldifferent", "all_different"):
            yield ir.AllDifferent(tuple(self.distinct_vars(node)))
        else:
            yield self.cond(node)

    def distinct_vars(self, node: ast.Call) -> list[str]:
        """The variables of a top-level alldifferent; expressions that are not plain variables get
        an auxiliary variable each, so the native AllDifferent still applies."""
        items = [self.lin(item, node) for item in self.call_list(node)]
        names = []
        for item in items:
            if item.const == 0 and len(item.terms) == 1 and item.terms[0][0] == 1:
                names.append(item.terms[0][1])
            else:
                names.append(self.aux_for(item, node.span))
        return names

    # ---- evaluation ----------------------------------------------------------------------------

    def eval(self, node: ast.Node) -> Any:
        method = getattr(self, f"eval_{type(node).__name__}", None)
        if method is None:
            raise _error(
                "this is a condition; it cannot be used as a value here",
                node,
                "a condition is true or false, not a number; count conditions with "
                "'exactly k of [...]', 'at_least' or 'at_most'",
            )
        return method(node)

    def eval_Num(self, node: ast.Num) -> int:
        self.check_size(node.value, node)
        return node.value

    def eval_Bool(self, node: ast.Bool) -> ir.Constraint:
        return ir.TRUE if node.value else ir.FALSE

    def eval_Str(self, node: ast.Str) -> Any:
        return self.resolve(node.value, node)

    def eval_Name(self, node: ast.Name) -> Any:
        return self.resolve(node.name, node)

    def resolve(self, name: str, node: ast.Node) -> Any:
        value = self.lookup(name, node.span)
        if isinstance(value, _Param):
            return value.value
        if isinstance(value, _Value):
            return Lin(((1, value.var),))
        return value

    def lookup(self, name: str, span: Span) -> Any:
        if name not in self.env.names:
            kind = "value" if self.layout.entities and self.layout.entities.attributes else "name"
            raise CspdslError(f"unknown {kind} '{name}'", span, did_you_mean(name, self.env.names))
        return self.env.names[name]

    def eval_Index(self, node: ast.Index) -> Any:
        target = self.eval(node.target)
        if isinstance(target, Attribute):
            raise _error(
                f"'{target.name}[...]' names the value at a position; it can only stand alone in an "
                f"answer, as in {{{target.name}[...]}}",
                node,
            )
        indices = [self.constant_int(i) for i in node.indices]
        if isinstance(target, Array):
            return self.index_array(target, indices, node)
        if isinstance(target, list):
            if len(indices) != 1:
                raise _error("a list takes one index", node)
            if not 1 <= indices[0] <= len(target):
                raise _error(f"index {indices[0]} is outside 1..{len(target)}", node.indices[0])
            return target[indices[0] - 1]
        raise _error("only arrays and lists can be indexed", node.target)

    def index_array(self, array: Array, indices: list[int], node: ast.Index) -> Any:
        if len(indices) > len(array.ranges):
            raise _error(f"'{array.name}' has {len(array.ranges)} dimension(s)", node)
        for value, allowed, index_node in zip(indices, array.ranges, node.indices, strict=False):
            if value not in allowed:
                raise _error(
                    f"index {value} is outside {array.name}'s range {_range_text(allowed)}", index_node
                )
        if len(indices) == len(array.ranges):
            return Lin(((1, array.cells[tuple(indices)]),))
        row = indices[0]
        return [Lin(((1, array.cells[(row, c)]),)) for c in array.ranges[1]]

    def eval_Member(self, node: ast.Member) -> Any:
        target = self.eval(node.target)
        if isinstance(target, Array):
            groups = array_groups(target.ranges, target.cells, target.grid.box)
        elif isinstance(target, BoardValue):
            if node.name in target.layout.variables:
                return Lin(((1, target.layout.variables[node.name]),))
            groups = {k: [[target.layout.variables[c] for c in g] for g in v] for k, v in target.groups.items()}
        else:
            raise _error("only grids and boards have named groups", node.target)
        if node.name not in groups:
            raise CspdslError(
                f"'{node.name}' is not a group of this {'board' if isinstance(target, BoardValue) else 'array'}",
                node.name_span,
                did_you_mean(node.name, groups) or f"groups: {', '.join(groups)}",
            )
        found = groups[node.name]
        if isinstance(found, str):
            raise _error(found, node.name_span)
        if node.name == "boxes" and isinstance(target, Array):
            target.grid.show_boxes = True  # draw the boxes when showing a solution
        if node.name == "cells":
            return [Lin(((1, v),)) for v in found[0]]
        return [[Lin(((1, v),)) for v in group] for group in found]

    def eval_ListLit(self, node: ast.ListLit) -> list[Any]:
        return [self.eval_item(item) for item in node.items]

    def eval_item(self, node: ast.Node) -> Any:
        try:
            return self.eval(node)
        except CspdslError as error:
            if "this is a condition" in error.message:
                return self.cond(node)
            raise

    def eval_SetLit(self, node: ast.SetLit) -> frozenset[int]:
        return frozenset(self.constant_int(item) for item in node.items)

    def eval_Range(self, node: ast.Range) -> range:
        lo, hi = self.constant_int(node.lo), self.constant_int(node.hi)
        if hi - lo + 1 > MAX_DOMAIN:
            raise _error(
                f"range {lo}..{hi} has {hi - lo + 1} values; at most {MAX_DOMAIN} are supported", node
            )
        return range(lo, hi + 1)

    def eval_Comprehension(self, node: ast.Comprehension) -> list[Any]:
        return [self.eval_item(node.body) for _ in self.bindings(node.binders)]

    def eval_BinOp(self, node: ast.BinOp) -> Any:
        """A chain `a + b - c ...` in one loop; once its value is linear, the terms it adds are merged
        at once, at the end of the run (a sum written out with a thousand terms in linear time)."""
        spine = _left_spine(node, ast.BinOp)
        value = self.eval(spine[-1].left)
        run: list[Lin] = []  # terms added to the linear `value`, not merged yet
        for step in spine[::-1]:
            right = self.eval(step.right)
            if step.op in ("+", "-") and isinstance(value, Lin) and isinstance(right, (Lin, int)):
                term = self.as_lin(right, step.right)
                run.append(term if step.op == "+" else term.times(-1))
            else:
                if run:
                    value, run = self.check_lin(Lin.total([value, *run]), step.left), []
                value = self.binop(step, value, right)
        return self.check_lin(Lin.total([value, *run]), node) if run else value

    def binop(self, node: ast.BinOp, left: Any, right: Any) -> Any:
        """One operator on the values of its sides."""
        sequences = (list, range, Array, BoardValue)  # an array joins a list as its cells
        if node.op == "+" and isinstance(left, sequences) and isinstance(right, sequences):
            return self.as_list(left, node.left) + self.as_list(right, node.right)
        if isinstance(left, int) and isinstance(right, int):
            return self.fold(node, left, right)
        a, b = self.as_lin(left, node.left), self.as_lin(right, node.right)
        if node.op == "+":
            return self.check_lin(a.plus(b), node)
        if node.op == "-":
            return self.check_lin(a.plus(b, -1), node)
        if node.op == "*":
            if not a.terms:
                return self.check_lin(b.times(a.const), node)
            if not b.terms:
                return self.check_lin(a.times(b.const), node)
            raise _error(
                "two variables are multiplied; a variable can only be multiplied by a constant", node
            )
        raise _error(f"'{node.op}' works on constants only", node)

    def fold(self, node: ast.BinOp, a: int, b: int) -> int:
        if node.op in ("//", "%") and b == 0:
            raise _error("division by zero", node.right)
        result: int = {
            "+": lambda: a + b,
            "-": lambda: a - b,
            "*": lambda: a * b,
            "//": lambda: a // b,
            "%": lambda: a % b,
        }[node.op]()
        self.check_size(result, node)
        return result

    def eval_Neg(self, node: ast.Neg) -> Any:
        value = self.eval(node.operand)
        if isinstance(value, int):
            return -value
        return self.as_lin(value, node.operand).times(-1)

    def eval_Call(self, node: ast.Call) -> Any:
        if node.func == "sum":
            items = self.call_list(node)
            if not items:
                raise _error("sum over nothing: the list is empty", node)
            total = Lin.total(self.lin(item, node) for item in items)
            return total if total.terms else total.const
        if node.func in ABS_FUNCTIONS:
            inner = self.abs_argument(node)
            if not inner.terms:
                return abs(inner.const)
            return Lin(((1, self.abs_aux(inner, node.span)),))
        if node.func in ("len", "min", "max"):
            args = [self.eval(a) for a in node.args]
            if node.func == "len" and len(args) == 1:
                return len(self.as_list(args[0], node.args[0]))
            values = self.int_values_of(args, node)
            if not values:
                raise _error(f"{node.func} of nothing", node)
            return min(values) if node.func == "min" else max(values)
        if node.func in _CONDITION_CALLS:
            return self.cond(node)
        raise CspdslError(
            f"unknown function '{node.func}'",
            node.func_span,
            did_you_mean(node.func, [*list(_CONDITION_CALLS), "sum", "abs", "distance", "len", "min", "max"]),
        )

    def abs_argument(self, node: ast.Call) -> Lin:
        if node.func == "abs":
            if len(node.args) != 1:
                raise _error("abs takes one argument", node)
            return self.lin(node.args[0])
        if len(node.args) != 2:
            raise _error("distance takes two arguments: distance(a, b)", node)
        return self.lin(node.args[0]).plus(self.lin(node.args[1]), -1)

    def abs_aux(self, inner: Lin, span: Span) -> str:
        """An auxiliary z = |inner|: it is determined by the model's own variables."""
        lo, hi = self.bounds(inner)
        values = range(0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi)) + 1)
        name = self.new_aux_name("abs")
        self.problem.add_var(name, tuple(values), output=False)
        z = Lin(((1, name),))
        positive = ir.And((linear(inner, ">=", 0), linear(z.plus(inner, -1), "==", 0)))
        negative = ir.And((linear(inner, "<=", -1), linear(z.plus(inner), "==", 0)))
        self.problem.post(ir.Or((positive, negative)), span)
        return name

    def aux_for(self, item: Lin, span: Span) -> str:
        lo, hi = self.bounds(item)
        if hi - lo > MAX_DOMAIN:
            raise CspdslError("expression range is too large", span)
        name = self.new_aux_name("expr")
        self.problem.add_var(name, tuple(range(lo, hi + 1)), output=False)
        self.problem.post(linear(Lin(((1, name),)).plus(item, -1), "==", 0), span)
        return name

    def bounds(self, lin: Lin) -> tuple[int, int]:
        lo = hi = lin.const
        for coef, name in lin.terms:
            var = self.problem.variables[name]
            lo += min(coef * var.lo, coef * var.hi)
            hi += max(coef * var.lo, coef * var.hi)
        return lo, hi

    def call_list(self, node: ast.Call) -> list[Any]:
        if len(node.args) != 1:
            raise _error(f"{node.func} takes one list", node)
        items = self.as_list(self.eval(node.args[0]), node.args[0])
        if items and isinstance(items[0], list):
            raise _error(f"{node.func} takes one list of values, not a list of groups", node.args[0],
                         f"use 'forall g in ...: {node.func}(g)'")
        return items

    # ---- conditions ----------------------------------------------------------------------------

    def cond(self, node: ast.Node) -> ir.Constraint:
        method = getattr(self, f"cond_{type(node).__name__}", None)
        if method is not None:
            result: ir.Constraint = method(node)
            return result
        value = self.eval(node)
        if isinstance(value, (And, Or, Not, ir.Linear, ir.InSet, ir.Count, ir.AllDifferent, ir.Table)):
            return value
        raise _error(
            "expected a condition (such as a == b), found a value",
            node,
            "compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        )

    def cond_Bool(self, node: ast.Bool) -> ir.Constraint:
        return ir.TRUE if node.value else ir.FALSE

    def cond_BoolOp(self, node: ast.BoolOp) -> ir.Constraint:
        spine = _left_spine(node, ast.BoolOp)
        value = self.cond(spine[-1].left)
        for step in reversed(spine):
            right = self.cond(step.right)
            value = all_of([value, right]) if step.op == "and" else any_of([value, right])
        return value

    def cond_NotOp(self, node: ast.NotOp) -> ir.Constraint:
        return negate(self.cond(node.operand))

    def cond_Either(self, node: ast.Either) -> ir.Constraint:
        return count([self.cond(node.left), self.cond(node.right)], "==", 1)

    def cond_Implication(self, node: ast.Implication) -> ir.Constraint:
        return any_of([negate(self.cond(node.condition)), self.cond(node.consequence)])

    def cond_Forall(self, node: ast.Forall) -> ir.Constraint:
        return all_of([self.cond(node.body) for _ in self.bindings(node.binders)])

    def cond_CountOf(self, node: ast.CountOf) -> ir.Constraint:
        k = self.constant_int(node.k)
        items = self.as_list(self.eval_item(node.conditions), node.conditions)
        conds = [self.as_cond(item, node.conditions) for item in items]
        op = {"exactly": "==", "at_least": ">=", "at_most": "<="}[node.word]
        return count(conds, op, k)

    def cond_Membership(self, node: ast.Membership) -> ir.Constraint:
        element = self.lin(node.element)
        collection = self.eval(node.collection)
        if isinstance(collection, (range, frozenset)) or (
            isinstance(collection, list) and all(isinstance(v, int) for v in collection)
        ):
            result = in_values(element, sorted(set(collection)))
        else:
            items = [self.lin(v, node.collection) for v in self.as_list(collection, node.collection)]
            result = any_of([linear(element.plus(item, -1), "==", 0) for item in items])
        return negate(result) if node.negated else result

    def cond_Call(self, node: ast.Call) -> ir.Constraint:
        if node.func in ("alldifferent", "all_different"):
            items = [self.lin(i, node) for i in self.call_list(node)]
            return all_of(
                [linear(a.plus(b, -1), "!=", 0) for a, b in itertools.combinations(items, 2)]
            )
        if node.func in _SUM_CALLS:
            if len(node.args) != 2:
                raise _error(f"{node.func} takes a list and a number: {node.func}(list, k)", node)
            items = self.as_list(self.eval(node.args[0]), node.args[0])
            if not items:
                raise _error("sum over nothing: the list is empty", node.args[0])
            total = Lin()
            for item in items:
                total = total.plus(self.lin(item, node.args[0]))
            return linear(total.plus(self.lin(node.args[1]), -1), _SUM_CALLS[node.func], 0)
        value = self.eval_Call(node)
        return self.as_cond(value, node)

    def cond_Compare(self, node: ast.Compare) -> ir.Constraint:
        if node.op == "at":
            return self.at_position(node)
        absolute = self.abs_comparison(node)
        if absolute is not None:
            return absolute
        left, right = self.lin(node.left), self.lin(node.right)
        diff = left.plus(right, -1)
        op = node.op
        if op in RELATIONS:
            return RELATIONS[op](diff)
        return compare(diff, op)

    def abs_comparison(self, node: ast.Compare) -> ir.Constraint | None:
        """abs(e) op k without an auxiliary variable: e op k and -e op k combined."""
        if node.op not in ("==", "!=", "<", "<=", ">", ">="):
            return None
        left, right, op = node.left, node.right, node.op
        if isinstance(right, ast.Call) and right.func in ABS_FUNCTIONS:
            left, right, op = right, left, _MIRROR[op]
        if not (isinstance(left, ast.Call) and left.func in ABS_FUNCTIONS):
            return None
        k_value = self.eval(right)
        if not isinstance(k_value, int):
            return None
        e = self.abs_argument(left)
        k = k_value
        pos, neg = e, e.times(-1)
        if k < 0 and op in ("==", "!="):  # |e| is never negative: e == k or -e == k would be wrong
            return ir.FALSE if op == "==" else ir.TRUE
        if op in ("==",):
            return any_of([compare(pos.plus(Lin((), -k)), "=="), compare(neg.plus(Lin((), -k)), "==")])
        if op == "!=":
            return all_of([compare(pos.plus(Lin((), -k)), "!="), compare(neg.plus(Lin((), -k)), "!=")])
        if op in ("<", "<="):
            return all_of([compare(pos.plus(Lin((), -k)), op), compare(neg.plus(Lin((), -k)), op)])
        return any_of([compare(pos.plus(Lin((), -k)), op), compare(neg.plus(Lin((), -k)), op)])

    def at_position(self, node: ast.Compare) -> ir.Constraint:
        left = self.lin(node.left)
        position = self.constant_int(node.right)
        entities = self.layout.entities
        if entities is not None and position not in entities.positions:
            raise _error(
                f"position {position} is outside the positions {_range_text(entities.positions)}",
                node.right,
            )
        return compare(left.plus(Lin((), -position)), "==")

    # ---- quantifiers ---------------------------------------------------------------------------

    def bindings(self, binders: ast.Binders) -> Iterator[None]:
        """Bind each combination of the quantifier's names in turn (later ranges may use earlier
        names), skipping those the `where` condition rules out."""
        saved = dict(self.env.names)

        def walk(i: int) -> Iterator[None]:
            if i == len(binders.binders):
                if binders.where is None or self.constant_truth(binders.where):
                    yield None
                return
            binder = binders.binders[i]
            for value in self.as_list(self.eval(binder.source), binder.source):
                self.env.names[binder.name] = _Param(value)
                yield from walk(i + 1)

        try:
            for binder in binders.binders:
                if binder.name in saved and not isinstance(saved[binder.name], _Param):
                    raise _error(f"'{binder.name}' is already defined; choose another name", binder)
            yield from walk(0)
        finally:
            self.env.names = saved

    def constant_truth(self, node: ast.Node) -> bool:
        result = self.cond(node)
        if result == ir.TRUE:
            return True
        if result == ir.FALSE:
            return False
        raise _error(
            "a 'where' condition must be decidable from constants alone",
            node,
            "'where' only filters the indices; put a condition on variables after ':', "
            "e.g. 'forall i in 1..n: if ... then ...'",
        )

    # ---- conversions ---------------------------------------------------------------------------

    def constant(self, node: ast.Node) -> Any:
        value = self.eval(node)
        if isinstance(value, Lin) or (isinstance(value, list) and any(isinstance(v, Lin) for v in value)):
            raise _error("expected a constant, found an expression with variables", node)
        return value

    def constant_int(self, node: ast.Node) -> int:
        value = self.eval(node)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _error("expected a constant number", node)
        return value

    def int_values(self, node: ast.Node) -> list[int]:
        value = self.eval(node)
        if isinstance(value, int):
            return [value]
        values = self.int_values_of(self.as_list(value, node), node)
        for v in values:
            self.check_size(v, node)
        return values

    def int_values_of(self, items: list[Any], node: ast.Node) -> list[int]:
        flat: list[int] = []
        for item in items:
            if isinstance(item, (range, frozenset, list)):
                flat.extend(self.int_values_of(list(item), node))
            elif isinstance(item, int):
                flat.append(item)
            else:
                raise _error("expected constant numbers", node)
        return flat

    def as_list(self, value: Any, node: ast.Node) -> list[Any]:
        if isinstance(value, list):
            return value
        if isinstance(value, (range, frozenset)):
            return sorted(value)
        if isinstance(value, Array):
            return [Lin(((1, v),)) for v in value.cells.values()]
        if isinstance(value, BoardValue):
            return [Lin(((1, v),)) for v in value.layout.variables.values()]
        if isinstance(value, Attribute):
            return [Lin(((1, v),)) for v in value.values.values()]
        raise _error("expected a list, a range or a group", node)

    def as_lin(self, value: Any, node: ast.Node) -> Lin:
        if isinstance(value, bool):
            raise _error("expected a number", node)
        if isinstance(value, int):
            return Lin((), value)
        if isinstance(value, Lin):
            return value
        if isinstance(value, (ir.Linear, ir.InSet, And, Or, Not, ir.Count)):
            raise _error(
                "a condition cannot be used as a number",
                node,
                "count conditions with 'exactly k of [...]', 'at_least' or 'at_most'",
            )
        if isinstance(value, (list, range, frozenset, Array, BoardValue)):
            raise _error("expected a number, found a list or group", node, "sum(...) adds a list up")
        if isinstance(value, Attribute):
            raise _error(
                f"expected a number, found the attribute '{value.name}'",
                node,
                f"in an answer, '{value.name}[p]' is its value at position p (p may be a value of "
                "another attribute)",
            )
        raise _error("expected a number", node)

    def as_lin_value(self, value: Any) -> Lin:
        return value if isinstance(value, Lin) else Lin((), int(value))

    def lin(self, item: Any, context: ast.Node | None = None) -> Lin:
        """A node evaluated as a number, or an already evaluated value (reported at `context`)."""
        if isinstance(item, ast.Node):
            return self.as_lin(self.eval(item), item)
        assert context is not None
        return self.as_lin(item, context)

    def as_cond(self, value: Any, node: ast.Node) -> ir.Constraint:
        if isinstance(value, (ir.Linear, ir.InSet, And, Or, Not, ir.Count)):
            return value
        raise _error(
            "expected a condition (such as a == b), found a value",
            node,
            "compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        )

    def check_lin(self, lin: Lin, node: ast.Node) -> Lin:
        """A linear expression whose coefficients and constant the backends can take."""
        for value in (lin.const, *(coef for coef, _ in lin.terms)):
            self.check_size(value, node)
        return lin

    def check_size(self, value: int, node: ast.Node) -> None:
        if abs(value) > MAX_INT:
            raise _error(
                f"number {value} is too large: the backends take numbers from {-MAX_INT} to {MAX_INT}",
                node,
            )


_Chain = TypeVar("_Chain", ast.BinOp, ast.BoolOp)


def _left_spine(node: _Chain, kind: type[_Chain], op: str | None = None) -> list[_Chain]:
    """`node` and the operators of its kind (and `op`, if given) down its left sides: `a + b + c` is
    ((a + b) + c), and a chain written out (a sum of a thousand terms) is walked as a loop over this,
    not a recursion."""
    spine = [node]
    while isinstance(spine[-1].left, kind) and op in (None, spine[-1].left.op):
        spine.append(spine[-1].left)
    return spine


class _Param(Record):
    """A constant bound to a name (a param, a quantifier index, first/last/middle)."""

    value: Any


class _Value(Record):
    """An attribute value: its name stands for its position variable."""

    attribute: str
    var: str


And, Or, Not = ir.And, ir.Or, ir.Not
_SUM_CALLS = {"sum_equals": "==", "sum_at_most": "<=", "sum_at_least": ">="}
_CONDITION_CALLS = ("alldifferent", "all_different", *_SUM_CALLS)
_MIRROR = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
