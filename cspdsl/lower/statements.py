"""The statements of a model, lowered in order by `run`: the declarations by `declarations.py` and
`entities.py` (a sequential puzzle's statements by `sequential.py`), and here the rest: placements
post constraints, questions and `show` fill the layout, objectives and clues post their conditions."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .. import ir
from ..core.errors import Span
from ..core.static_types import Any
from ..syntax import ast
from .build import new_posted
from .context import AttributeValue, KeyValue, error, new_aux_name, range_text
from .declarations import check_params_used, declaration_handlers
from .entities import entity_handlers
from .layout import AttributeAt, LinTerm, Named, Question
from .logic import Logic
from .magnitudes import check_magnitudes
from .named_values import is_named, named_lin, refuse_arithmetic
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
)


class Statements(Logic):
    """The top layer of lowering: `run` lowers a model's statements in order."""

    def handlers(self) -> dict[type, Callable[[Any], None]]:
        """The function that lowers each kind of statement."""
        return {
            ast.PuzzleDecl: self.puzzle_decl,
            **declaration_handlers(self.declarations, self),
            **entity_handlers(self.declarations, self.int_values),
            ast.PlaceDecl: self.place_decl,
            ast.QuestionDecl: self.question_decl,
            ast.ObjectiveDecl: self.objective_decl,
            ast.ShowDecl: self.show_decl,
            ast.ConstraintStmt: self.constraint_stmt,
        }

    def run(self, model: ast.Model) -> None:
        """Lower the statements in order into `problem` and `layout`, then check the whole."""
        handlers, self.shown = self.handlers(), Shown()
        first = next((s for s in model.statements if isinstance(s, ast.StateDecl | ast.MoveDecl)), None)
        if first is not None:  # a sequential puzzle: its statements are gathered, its clues are its own
            from .sequential import Gathered, sequential_handlers, sequential_of  # here: only such a puzzle

            gathered = Gathered()
            handlers.update(sequential_handlers(gathered, self))
        for statement in model.statements:
            handlers[type(statement)](statement)
        if first is not None:
            self.problem.sequential = sequential_of(self.problem, gathered, first.span)
        self.plans.clear()  # the compiled bodies hold the lowering: no cycle is left behind
        project(self.problem, self.layout, self.shown)
        check_magnitudes(self.problem)
        check_params_used(self.declarations)

    def puzzle_decl(self, s: ast.PuzzleDecl) -> None:
        self.layout.title = s.title

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
        if isinstance(node, ast.Index) and isinstance(node.target, (ast.Name, ast.Str)):
            name = node.target.name if isinstance(node.target, ast.Name) else node.target.value  # "last name"
            target = self.declarations.lookup(name, node.target.span)
            if isinstance(target, Attribute) or name == key:
                if len(node.indices) != 1:
                    raise error("an attribute takes one position", node)
                position = self.lin(node.indices[0])
                return AttributeAt(name, LinTerm(position.terms, position.const))
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
