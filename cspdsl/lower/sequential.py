"""The statements of a sequential puzzle: `start:`, `goal:`, `always:`, `move ...`, the bound
`steps <= N` and `minimize steps`, lowered into `ir.Sequential` over the model's variables.

A model with a start or a move is sequential: its variables are the state, and every condition is
one of its start, goal, always or moves (a plain clue would say nothing about which state it holds
in, so it is refused with a pointer to the words that do).
"""

from __future__ import annotations

from .. import ir
from ..core.errors import CspdslError, Span
from ..core.record import Record, field
from ..core.static_types import Any
from ..ir.sequential import Effect, Move, Sequential
from ..syntax import ast
from .build import Lin
from .context import error
from .logic import Logic
from .values import as_lin

STATE_WORDS = ("start", "goal", "always")
MAX_MOVES = 100_000


class Gathered(Record, frozen=False):
    """A sequential puzzle's statements as they are read, made one `ir.Sequential` at the end
    (`sequential_of`)."""

    conditions: dict[str, list[ir.Posted]] = field(default_factory=lambda: {word: [] for word in STATE_WORDS})
    moves: list[Move] = field(default_factory=list)
    bound: int | None = None  # `steps <= N`
    shortest: bool = False  # `minimize steps`, written at `shortest_span`
    shortest_span: Span | None = None
    words: dict[str, str] = field(default_factory=dict)  # a board's cell's letter, by its variable


def is_sequential(model: ast.Model) -> bool:
    """Whether a model describes a sequential puzzle: it has a start, a goal or a move."""
    return any(isinstance(s, (ast.StateDecl, ast.MoveDecl)) for s in model.statements)


class SequentialDecls(Logic):
    """The sequential puzzle's statements, lowered as they come into `self.gathered`."""

    def start_sequential(self) -> None:
        self.gathered = Gathered()

    def state_decl(self, s: ast.StateDecl) -> None:
        if s.kind == "goal":
            self.gathered.conditions["goal"].append(ir.Posted(self.cond(s.condition), s.span, ()))
            return
        for constraint in self.top_conditions(s.condition):
            self.gathered.conditions[s.kind].append(ir.Posted(constraint, s.span, ()))

    def move_decl(self, s: ast.MoveDecl) -> None:
        """One ground move for each binding of the move's names (one move without them)."""
        if s.binders is None:
            self.ground_move(s)
            return
        for _ in self.bindings(s.binders):
            self.ground_move(s)

    def ground_move(self, s: ast.MoveDecl) -> None:
        condition = self.cond(s.condition)
        if condition == ir.FALSE:  # a move that can never be made (a jump off the board)
            return
        effects: dict[str, Effect] = {}
        for effect in s.effects:
            var = self.effect_target(effect.target)
            if var in effects:
                raise error(f"the move sets {self.state_word(var)} twice", effect)
            value = as_lin(self.eval(effect.value), effect.value)
            effects[var] = Effect(var, value.terms, value.const)
        if len(self.gathered.moves) >= MAX_MOVES:
            raise error(f"more than {MAX_MOVES} moves: too many for a search over states", s)
        self.gathered.moves.append(Move(self.move_words(s.name), condition, tuple(effects.values()), s.span))

    def effect_target(self, node: ast.Node) -> str:
        """The state variable an effect sets: one variable of the model, as it is (`peg.a`, `on[d]`)."""
        value = self.eval(node)
        if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1 and value.terms[0][0] == 1:
            var = value.terms[0][1]
            if var in self.problem.outputs:
                return var
        raise error("a move sets a variable of the state: write `cell = value`", node)

    def move_words(self, template: ast.AnswerTemplate) -> str:
        """The move's name with its placeholders filled: a cell by its name, a number as a number."""
        parts = [template.texts[0]]
        for placeholder, text in zip(template.placeholders, template.texts[1:], strict=True):
            parts.append(self.word_of(self.eval(placeholder)))
            parts.append(text)
        return "".join(parts)

    def word_of(self, value: Any) -> str:
        if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1 and value.terms[0][0] == 1:
            return self.state_word(value.terms[0][1])
        if isinstance(value, Lin) and not value.terms:
            return str(value.const)
        return str(value)

    def state_word(self, var: str) -> str:
        """A state variable as a person names it: a board's cell by its letter, others by their name."""
        if not self.gathered.words:
            for board in self.layout.boards:
                self.gathered.words.update({v: cell for cell, v in board.variables.items()})
        return self.gathered.words.get(var, var)

    def sequential_clue(self, s: ast.ConstraintStmt) -> None:
        """`steps <= N` bounds the plans; any other clue has no state to hold in."""
        node = s.condition
        if isinstance(node, ast.Compare) and node.op in ("<=", "<") and self.names_steps(node.left):
            bound = self.constant(node.right)
            if not isinstance(bound, int) or isinstance(bound, bool) or bound < 0:
                raise error("the bound on the steps is a whole number, at least 0", node.right)
            self.gathered.bound = bound - 1 if node.op == "<" else bound
            return
        raise error(
            "a sequential puzzle's conditions say which state they hold in",
            s,
            "write it as 'start: ...', 'goal: ...', 'always: ...' or in a move's condition",
        )

    def names_steps(self, node: ast.Node) -> bool:
        return isinstance(node, ast.Name) and node.name == "steps" and "steps" not in self.env.names

    def sequential_objective(self, s: ast.ObjectiveDecl) -> None:
        if s.sense == "minimize" and self.names_steps(s.expr):
            self.gathered.shortest = True
            self.gathered.shortest_span = s.span
            return
        raise error("a sequential puzzle minimizes its steps: write 'minimize steps'", s)


def sequential_of(problem: ir.Problem, gathered: Gathered, first: Span) -> Sequential:
    """The gathered statements as the problem's `ir.Sequential`, once the model is read (`first`: its
    first state or move)."""
    for word in ("start", "goal"):
        if not gathered.conditions[word]:
            raise CspdslError(f"a sequential puzzle needs a '{word}:' condition", first,
                              "say where the plans begin with 'start: ...' and where they end with 'goal: ...'")
    if not gathered.moves:
        raise CspdslError("a sequential puzzle needs at least one move that can be made", first,
                          "declare its moves with 'move \"words\" for ...: condition then cell = value'")
    _check_state_only(problem, first)
    conditions = gathered.conditions
    return Sequential(
        tuple(problem.outputs), tuple(conditions["start"]), tuple(conditions["goal"]), tuple(conditions["always"]),
        tuple(gathered.moves), gathered.bound, gathered.shortest, first, gathered.shortest_span,
    )


def _span_of_auxiliary(problem: ir.Problem, name: str, fallback: Span) -> Span:
    """Where an auxiliary variable was made: the clue that posts the constraint defining it."""
    from ..ir.walk import variables_of

    for posted in problem.constraints:
        if posted.span is not None and name in variables_of(posted.constraint):
            return posted.span
    return fallback


def _check_state_only(problem: ir.Problem, first: Span) -> None:
    """Every variable is the state's and nothing is posted outside the state's conditions: an
    auxiliary variable (of `abs`, or of an index over variables) has no value from step to step."""
    for var in problem.variables.values():
        if var.name not in problem.outputs:
            raise CspdslError("this is not available in a sequential puzzle yet: it needs a hidden "
                              "variable, which has no value from one state to the next",
                              var.span or _span_of_auxiliary(problem, var.name, first))
    for posted in problem.constraints:
        raise CspdslError("a sequential puzzle's declarations post no conditions of their own",
                          posted.span, "give the state as variables and boards")
