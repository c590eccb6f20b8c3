"""The statements of a model, one method each: declarations bind names and add IR variables,
givens and placements post constraints, questions fill the layout, clues post their conditions."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable

from .. import ir
from ..core.errors import CspdslError, Span, did_you_mean
from ..core.static_types import Any
from ..syntax import ast
from ..syntax.nesting import MAX_NESTING
from .build import Lin, new_posted
from .context import MAX_DOMAIN, MAX_INT, AttributeValue, KeyValue, Param, error, new_aux_name, range_text
from .entities import entity_handlers
from .layout import SHADED, AttributeAt, Board, Grid, LinTerm, Named, Question
from .logic import Logic
from .magnitudes import check_magnitudes
from .named_values import is_named, named_lin, refuse_arithmetic
from .sequential import Gathered, is_sequential, sequential_handlers, sequential_of
from .shown import Shown, project
from .values import (
    Array,
    Attribute,
    BoardValue,
    PiecesValue,
    ShapesValue,
    as_lin,
    as_lin_value,
    as_list,
    check_size,
    list_depth,
)


class Statements(Logic):
    """The top layer of lowering: `run` lowers a model's statements in order."""

    def handlers(self) -> dict[type, Callable[[Any], None]]:
        """The method that lowers each kind of statement."""
        return {
            ast.PuzzleDecl: self.puzzle_decl,
            ast.ParamDecl: self.param_decl,
            ast.LetDecl: self.let_decl,
            **entity_handlers(self.declarations, self.int_values),
            ast.VarDecl: self.var_decl,
            ast.ShapedVarDecl: self.shaped_var_decl,
            ast.BoardDecl: self.board_decl,
            ast.PiecesDecl: self.pieces_decl,
            ast.DrawnPiecesDecl: self.drawn_pieces_decl,
            ast.GivenDecl: self.given_decl,
            ast.RegionsDecl: self.regions_decl,
            ast.PlaceDecl: self.place_decl,
            ast.QuestionDecl: self.question_decl,
            ast.ObjectiveDecl: self.objective_decl,
            ast.ShowDecl: self.show_decl,
            ast.ConstraintStmt: self.constraint_stmt,
        }

    def run(self, model: ast.Model) -> None:
        """Lower the statements in order into `problem` and `layout`, then check the whole."""
        handlers, self.shown, sequential = self.handlers(), Shown(), is_sequential(model)
        gathered = Gathered()
        if sequential:  # its statements are gathered, and its clues and objective are its own
            handlers.update(sequential_handlers(gathered, self))
        for statement in model.statements:
            handlers[type(statement)](statement)
        if sequential:
            first = next(s for s in model.statements if isinstance(s, ast.StateDecl | ast.MoveDecl))
            self.problem.sequential = sequential_of(self.problem, gathered, first.span)
        self.plans.clear()  # the compiled bodies hold the lowering: no cycle is left behind
        project(self.problem, self.layout, self.shown)
        check_magnitudes(self.problem)
        self.check_params_used()

    def check_params_used(self) -> None:
        """Every param given from outside names a param of the model."""
        unknown = set(self.params) - self.used_params
        if unknown:
            name = sorted(unknown)[0]
            known = self.declared_params
            hint = did_you_mean(name, known) or (
                f"the model's params: {', '.join(known)}" if known else "the model has no params"
            )
            raise CspdslError(f"-D {name}: the model has no param '{name}'", None, hint)

    def puzzle_decl(self, s: ast.PuzzleDecl) -> None:
        self.layout.title = s.title

    def param_decl(self, s: ast.ParamDecl) -> None:
        """A param takes its value from `params` when given there, else from the model."""
        value: Any = self.given_param(s) if s.name in self.params else self.constant(s.value)
        self.declarations.bind(s.name, Param(value), s.span)
        self.declared_params.append(s.name)

    def given_param(self, s: ast.ParamDecl) -> int:
        """The value `params` gives a param (-D): a whole number the backends take. Anything else (text,
        a list, from the command line or Python) is an error at the default it would replace."""
        value = self.params[s.name]
        self.used_params.add(s.name)
        shown = value if isinstance(value, str) else repr(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise error(f"-D {s.name}={shown}: the value is not a whole number", s.value,
                        f"give a whole number, such as -D {s.name}=10")
        if abs(value) > MAX_INT:
            raise error(
                f"-D {s.name}={value}: the number is too large: the backends take numbers from "
                f"{-MAX_INT} to {MAX_INT}",
                s.value,
            )
        return value

    def let_decl(self, s: ast.LetDecl) -> None:
        value = self.eval(s.value)
        if list_depth(value) > MAX_NESTING:  # lets that nest lists in each other: no clue may hold it
            raise error(
                f"this list is nested more than {MAX_NESTING} levels deep",
                s.value,
                f"cspdsl reads at most {MAX_NESTING} levels of nesting; write the clue in simpler parts",
            )
        self.declarations.bind(s.name, value, s.span)

    def var_decl(self, s: ast.VarDecl) -> None:
        """A scalar variable, or an array of one or two dimensions with a variable per index."""
        self.declarations.check_free(s.name, s.span)
        domain, kind = self.declared_domain(s.domain, s)
        if not s.dims:
            self.sizes.add_values(s.name, len(domain), s.span)
            self.problem.add_var(s.name, domain, span=s.span)
            self.note_kind(kind, [s.name])
            self.layout.scalars[s.name] = s.name
            self.declarations.bind(s.name, Lin(((1, s.name),)), s.span)
            return
        ranges = [self.int_values(d) for d in s.dims]
        for r, node in zip(ranges, s.dims, strict=False):
            if not r:
                raise error("an array dimension needs at least one index", node)
        if len(ranges) > 2:
            raise error("arrays have one or two dimensions", s.dims[2])
        cells = math.prod(len(r) for r in ranges)
        self.sizes.check_cells(s.name, cells, s.span)  # before a variable is made
        self.sizes.add_values(f"array {s.name}", cells * len(domain), s.span)
        from .shapes import box_shape  # here: a model without arrays or boards does not import shapes

        self.add_array(s, ranges, list(itertools.product(*ranges)), (domain, kind), box_shape(ranges))
        if s.domain is None:  # a grid in bool: a picture of shaded cells
            self.layout.grids[-1].symbols = dict(SHADED)

    def add_array(
        self, s: ast.VarDecl | ast.ShapedVarDecl, ranges: list[list[int]], indices: list[tuple[int, ...]],
        domain: tuple[tuple[int, ...], str], box: tuple[int, int] | None,
    ) -> None:
        """An array's variables at `indices` over the domain (values, kind), its grid and its name."""
        cells = {}
        for index in indices:
            var = f"{s.name}[{','.join(map(str, index))}]"
            self.problem.add_var(var, domain[0], span=s.span)
            cells[index] = var
        self.note_kind(domain[1], cells.values())
        grid = Grid(s.name, ranges, cells, box)
        self.layout.grids.append(grid)
        self.declarations.bind(s.name, Array(s.name, ranges, cells, grid, isinstance(s, ast.ShapedVarDecl)), s.span)

    def shaped_var_decl(self, s: ast.ShapedVarDecl) -> None:
        """A grid drawn with black cells: a variable at each other cell, none at the black ones."""
        self.declarations.check_free(s.name, s.span)
        domain, kind = self.declared_domain(s.domain, s)
        from .runs import picture_ranges, white_cells  # here: only a model with a shape imports runs

        ranges = [self.int_values(d) for d in s.dims] if s.dims else picture_ranges(s)
        for r, node in zip(ranges, s.dims, strict=False):
            if not r:
                raise error("an array dimension needs at least one index", node)
        white: list[tuple[int, ...]] = list(white_cells(s, ranges))
        self.sizes.check_cells(s.name, len(white), s.span)
        self.sizes.add_values(f"array {s.name}", len(white) * len(domain), s.span)
        self.add_array(s, ranges, white, (domain, kind), None)

    def declared_domain(self, node: ast.Node | None, owner: ast.Node) -> tuple[tuple[int, ...], str]:
        """A declaration's values and their kind: 'bool', 'names' (a domain of names) or 'numbers'."""
        if node is None:
            return (0, 1), "bool"
        codes = self.symbolic_domain(node)
        if codes is not None:
            return codes, "names"
        return self.domain(node, owner), "numbers"

    def note_kind(self, kind: str, variables: Iterable[str]) -> None:
        """Remember the variables whose values are conditions (bool) or names."""
        if kind == "bool":
            self.bool_vars.update(variables)
        elif kind == "names":
            self.layout.symbolic.update(variables)

    def domain(self, node: ast.Node, owner: ast.Node) -> tuple[int, ...]:
        """A variable's values, sorted and without repeats; an empty or too large domain is an error."""
        values = self.int_values(node)
        if not values:
            hint = None
            if isinstance(node, ast.Range):
                lo, hi = self.constant_int(node.lo), self.constant_int(node.hi)
                hint = f"the range {lo}..{hi} is empty because {lo} > {hi}; a range goes up, as in {hi}..{lo}"
            raise error("empty domain: no value is possible", node, hint)
        if len(values) > MAX_DOMAIN:
            raise error(f"domain has {len(values)} values; at most {MAX_DOMAIN} are supported", node)
        return tuple(sorted(set(values)))

    def board_decl(self, s: ast.BoardDecl) -> None:
        """A variable per cell of the drawing; the board's lines come from the cells' places."""
        self.declarations.check_free(s.name, s.span)
        domain, kind = self.declared_domain(s.domain, s)
        cells = {cell.name: (cell.row, cell.column) for cell in s.drawing.cells}
        self.sizes.add_values(f"board {s.name}", len(cells) * len(domain), s.span)
        variables = {}
        for cell in cells:
            var = f"{s.name}.{cell}"
            self.problem.add_var(var, domain, span=s.span)
            variables[cell] = var
        self.note_kind(kind, variables.values())
        board = Board(s.name, list(s.drawing.lines), cells, variables)
        self.layout.boards.append(board)
        from .drawings import board_groups  # here: a model without boards does not import them

        self.declarations.bind(s.name, BoardValue(board, board_groups(s.drawing)), s.span)

    def pieces_decl(self, s: ast.PiecesDecl) -> None:
        """A set of pieces, checked; nothing is posted until it is placed."""
        if any(isinstance(piece, ast.NamedPiece) for piece in s.pieces):
            from .tilings import named_shapes  # here: only a model with shapes imports them

            self.declarations.bind(s.name, named_shapes(self, s), s.span)
            return
        pieces = []
        for piece in s.pieces:
            assert isinstance(piece, ast.Piece)
            if len(set(piece.alternatives)) != len(piece.alternatives):
                raise error("a piece lists the same value twice", piece)
            if piece.copies < 1:
                raise error("a piece needs at least one copy", piece)
            for value in piece.alternatives:
                check_size(value, piece)
            pieces.append((piece.alternatives, piece.copies))
        self.declarations.bind(s.name, PiecesValue(s.name, pieces, s.span), s.span)

    def given_decl(self, s: ast.GivenDecl) -> None:
        """Each number of a grid literal fixes the array's cell at the same place."""
        target = self.declarations.lookup(s.name, s.name_span)
        if not isinstance(target, Array):
            raise error(f"'{s.name}' is not an array or grid; givens fill an array", s.name_span)
        self.check_grid_shape(s, target)
        for r, row in enumerate(s.grid.rows):
            for c, cell in enumerate(row.cells):
                if cell.value is None:
                    continue
                index = (target.ranges[-1][c],) if len(target.ranges) == 1 else (
                    target.ranges[0][r],
                    target.ranges[1][c],
                )
                if index not in target.cells:
                    from .runs import black_cell

                    raise black_cell(s.name, index, cell.span)
                self.post_given(target.cells[index], cell.value, cell.span)

    def regions_decl(self, s: ast.RegionsDecl) -> None:
        """A letter map over a grid: a name for its regions; nothing is posted."""
        self.declarations.check_free(s.name, s.span)
        target = self.declarations.lookup(s.grid, s.grid_span)
        if not isinstance(target, Array):
            raise error(f"'{s.grid}' is not an array or grid; a region map divides a grid's cells", s.grid_span)
        from .regions import read_regions  # here: a model without regions does not import them

        self.declarations.bind(s.name, read_regions(s, target), s.span)

    def check_grid_shape(self, s: ast.GivenDecl, target: Array) -> None:
        """A grid literal has the rows and columns of the array it fills (a 1-D array: one row)."""
        rows = s.grid.rows
        shape = [len(r) for r in target.ranges]
        if len(shape) == 1:
            shape = [1, *shape]
        expected = f"{shape[0]}x{shape[1]}" if len(target.ranges) == 2 else f"1 row of {shape[1]}"
        if len(rows) != shape[0]:
            # Too many rows: point at the first one too many; too few: at the literal.
            span = rows[shape[0]].span if len(rows) > shape[0] else s.grid.span
            raise error(f"grid literal has {len(rows)} rows; '{s.name}' is {expected}", span)
        for row in rows:
            if len(row.cells) != shape[1]:
                raise error(f"grid literal row has {len(row.cells)} cells; '{s.name}' is {expected}", row.span)

    def post_given(self, name: str, value: int, span: Span) -> None:
        var = self.problem.variables[name]
        if value not in var.domain:
            raise CspdslError(
                f"given {value} is outside the domain {range_text(list(var.domain))} of {var.name}", span
            )
        self.problem.post(ir.InSet(var.name, (value,)), span, self.instance)

    def drawn_pieces_decl(self, s: ast.DrawnPiecesDecl) -> None:
        """Shapes drawn as text, one a letter; nothing is posted until they are placed."""
        from .tilings import drawn_shapes

        self.declarations.bind(s.name, drawn_shapes(s), s.span)

    def place_decl(self, s: ast.PlaceDecl) -> None:
        pieces = self.declarations.lookup(s.pieces, s.pieces_span)
        if isinstance(pieces, ShapesValue):
            from .tilings import tile

            tile(self, s, pieces)
            return
        if not s.target or s.options:
            raise error("pieces of numbers are placed on an array, grid or board, by its name",
                        s.options[0] if s.options and s.target else s.target_span)
        if not isinstance(pieces, PiecesValue):
            raise error(f"'{s.pieces}' is not a set of pieces", s.pieces_span)
        cells = self.place_target_cells(s)
        self.check_pieces_fit(s, pieces, cells)
        from .shapes import place

        place(self.problem, pieces.pieces, cells, s.span, lambda stem: new_aux_name(self.scope, stem))

    def place_target_cells(self, s: ast.PlaceDecl) -> list[str]:
        target = self.declarations.lookup(s.target, s.target_span)
        if isinstance(target, Array):
            return list(target.cells.values())
        if isinstance(target, BoardValue):
            return list(target.layout.variables.values())
        raise error(f"'{s.target}' is not an array, grid or board", s.target_span)

    def check_pieces_fit(self, s: ast.PlaceDecl, pieces: PiecesValue, cells: list[str]) -> None:
        """One piece a cell, and every value of every piece in the cells' domain."""
        total = sum(copies for _, copies in pieces.pieces)
        if total != len(cells):
            raise error(
                f"{total} pieces for {len(cells)} cells: placing needs exactly one piece a cell",
                s,
            )
        for alternatives, _ in pieces.pieces:
            for value in alternatives:
                if value not in self.problem.variables[cells[0]].domain:
                    domain = list(self.problem.variables[cells[0]].domain)
                    raise error(
                        f"piece value {value} is outside the domain {range_text(domain)} of "
                        f"'{s.target}'",
                        s,
                        f"widen the domain of '{s.target}' to hold every piece",
                    )

    def question_decl(self, s: ast.QuestionDecl) -> None:
        """A question and its answer as a format string with a value for each placeholder."""
        texts = [text.replace("}", "}}") for text in s.answer.texts]  # the template is a format string
        template = texts[0] + "".join("{" + str(i) + "}" + text for i, text in enumerate(texts[1:]))
        placeholders = tuple(self.placeholder(node) for node in s.answer.placeholders)
        spans = tuple(node.span for node in s.answer.placeholders)
        self.layout.questions.append(Question(s.question.value, template, placeholders, s.span, spans))

    def placeholder(self, node: ast.Node) -> Any:
        """What a placeholder shows: an attribute's value at a position, a list of numbers, or a number.
        In a puzzle keyed by names, `band[rock]` and a value alone (`rock`) show the key value."""
        entities = self.layout.entities
        key = entities.name if entities is not None and entities.labels is not None else None
        if isinstance(node, ast.Index) and isinstance(node.target, ast.Name):
            target = self.declarations.lookup(node.target.name, node.target.span)
            if isinstance(target, Attribute) or node.target.name == key:
                if len(node.indices) != 1:
                    raise error("an attribute takes one position", node)
                position = self.lin(node.indices[0])
                return AttributeAt(node.target.name, LinTerm(position.terms, position.const))
        if key is not None and self.names_an_entity(node):
            position = self.lin(node)
            return AttributeAt(key, LinTerm(position.terms, position.const))
        value = self.eval(node)
        if isinstance(value, (list, Array)):
            items = as_list(value, node)
            if any(isinstance(item, (list, Array)) for item in items):
                raise error("an answer shows a number or a list of numbers, not a list of lists", node,
                            "name one group, such as {g.rows[1]}, or write one placeholder a row")
            return tuple(self.shown_term(item, node) for item in items)
        refuse_arithmetic(self.layout.symbolic, value, node)
        return self.shown_term(value, node)

    def shown_term(self, value: Any, node: ast.Node) -> LinTerm | Named:
        """A number an answer shows, or a name (a name of a domain, a variable holding one)."""
        if is_named(self.layout.symbolic, value):
            lin = named_lin(value)
            return Named(LinTerm(lin.terms, lin.const))
        lin = as_lin(value, node) if not isinstance(value, int) else as_lin_value(value)
        return LinTerm(lin.terms, lin.const)

    def names_an_entity(self, node: ast.Node) -> bool:
        """Whether a node is the name of an attribute value or a key value."""
        if not isinstance(node, (ast.Name, ast.Str)):
            return False
        name = node.name if isinstance(node, ast.Name) else node.value
        return isinstance(self.declarations.lookup(name, node.span), (AttributeValue, KeyValue))

    def show_decl(self, s: ast.ShowDecl) -> None:
        """`show a, b`: the variables a solution is told apart by (`shown.py`)."""
        self.shown.add(s, self.declarations.lookup, self.problem)

    def objective_decl(self, s: ast.ObjectiveDecl) -> None:
        """`minimize EXPR` / `maximize EXPR`: one a model, over a number or a list of numbers, the
        first the most important (a lexicographic objective)."""
        first = self.problem.objective
        if first is not None:
            raise error(f"a model states one objective; line {first.span.line if first.span else '?'} "
                        "states one already", s, "keep the one to optimise, or fold them into one sum")
        value = self.eval(s.expr)
        if not isinstance(s.expr, ast.ListLit | ast.Comprehension):  # a list written out: lexicographic
            self.problem.objective = self.objective_part(s.sense, value, s.expr, s.expr.span.text, s.span)
            return
        if not value:
            raise error("an objective that is a list optimises its numbers in order; this list is empty", s.expr)
        items = s.expr.items if isinstance(s.expr, ast.ListLit) else [s.expr] * len(value)
        parts = tuple(
            self.objective_part(s.sense, item, node, node.span.text if node is not s.expr else f"{node.span.text}[{i}]",
                                node.span)
            for i, (item, node) in enumerate(zip(value, items, strict=True), 1)
        )
        self.problem.objective = ir.Objective(s.sense, parts[0].terms, parts[0].constant, s.expr.span.text, s.span,
                                              parts)

    def objective_part(self, sense: str, value: Any, node: ast.Node, text: str, span: Span) -> ir.Objective:
        """One number to optimise: a linear expression (abs, sums and the like bring their auxiliary
        variables, as in a clue); a list's items each one (`minimize [a, b]`: lexicographic)."""
        refuse_arithmetic(self.layout.symbolic, value, node, alone=False)
        lin = self.lin(value, node)
        return ir.Objective(sense, lin.terms, lin.const, text, span)

    def constraint_stmt(self, s: ast.ConstraintStmt) -> None:
        self.post_clue(self.top_conditions(s.condition), s.span)  # lazily: `self.instance` is each one's

    def post_clue(self, constraints: Iterable[ir.Constraint], span: Span) -> None:
        """A clue's constraints posted, those that always hold left out (and a clue that folds to a
        constant noted, to be reported)."""
        posted, false = 0, None
        post = self.problem.constraints.append  # as `Problem.post` does, with the record's maker
        for constraint in constraints:
            kind = type(constraint)  # TRUE and FALSE are an empty And and Or: the others skip the compare
            if kind is ir.Or and constraint == ir.FALSE and false is None:
                false = self.instance
            if kind is not ir.And or constraint != ir.TRUE:
                posted += 1
                post(new_posted(constraint, span, self.instance))
        self.folds.saw(span, posted, false)
