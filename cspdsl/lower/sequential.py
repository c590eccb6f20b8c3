"""The statements of a sequential puzzle: `start:`, `goal:`, `always:`, `move ...` (with its cost,
`then ..., cost = N`), the bound `steps <= N` and `minimize steps` or `minimize cost`, lowered into
`ir.Sequential` over the model's variables.

A model with a start or a move is sequential: its variables are the state, and every condition is
one of its start, goal, always or moves (a plain clue would say nothing about which state it holds
in, so it is refused with a pointer to the words that do).

Functions that gather the statements into a `Gathered` record as they come; the lowering, passed in,
evaluates their conditions, values and quantifiers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from .. import ir
from ..core.errors import CspdslError, Span
from ..core.record import Record, field
from ..core.static_types import Any
from ..ir.sequential import Effect, Move, Sequential
from ..syntax import ast
from .build import Lin, all_of
from .context import error
from .declarations import check_grid_shape
from .effects import effect_cases
from .logic import Logic
from .values import Array, Symbol

STATE_WORDS = ("start", "goal", "always")
MAX_MOVES = 100_000
COST = "cost"  # `then ..., cost = N`: not a variable set but what the move costs


class Gathered(Record, frozen=False):
    """A sequential puzzle's statements as they are read, made one `ir.Sequential` at the end
    (`sequential_of`)."""

    conditions: dict[str, list[ir.Posted]] = field(default_factory=lambda: {word: [] for word in STATE_WORDS})
    moves: list[Move] = field(default_factory=list)
    bound: int | None = None  # `steps <= N`
    shortest: bool = False  # `minimize steps`, written at `shortest_span`
    shortest_span: Span | None = None
    cheapest: bool = False  # `minimize cost`
    words: dict[str, str] = field(default_factory=dict)  # a board's cell's letter, by its variable


def sequential_handlers(gathered: Gathered, lowering: Logic) -> dict[type, Callable[[Any], None]]:
    """The function that lowers each statement of a sequential puzzle into `gathered` (the lowering
    evaluates its conditions and values)."""
    return {
        ast.StateDecl: partial(state_decl, gathered, lowering),
        ast.MoveDecl: partial(move_decl, gathered, lowering),
        ast.ConstraintStmt: partial(sequential_clue, gathered, lowering),
        ast.ObjectiveDecl: partial(sequential_objective, gathered, lowering),
    }


def state_decl(gathered: Gathered, lowering: Logic, s: ast.StateDecl) -> None:
    if isinstance(s.condition, ast.GivenDecl):
        drawn = all_of(_drawn(lowering, s.condition))
        gathered.conditions[s.kind].append(ir.Posted(drawn, s.span, ()))
        return
    if s.kind == "goal":
        gathered.conditions["goal"].append(ir.Posted(lowering.cond(s.condition), s.span, ()))
        return
    for constraint in lowering.top_conditions(s.condition):
        gathered.conditions[s.kind].append(ir.Posted(constraint, s.span, ()))


def _drawn(lowering: Logic, picture: ast.GivenDecl) -> list[ir.Constraint]:
    """A start or goal drawn as a grid's picture: each number drawn is the cell's value there, a blank
    says nothing (as `given` reads a picture)."""
    target = lowering.eval(ast.Name(picture.name_span, picture.name))
    if not isinstance(target, Array):
        raise error(f"'{picture.name}' is not an array or grid; a drawn state fills an array", picture.name_span)
    check_grid_shape(picture, target)
    drawn: list[ir.Constraint] = []
    for r, row in enumerate(picture.grid.rows):
        for c, cell in enumerate(row.cells):
            if cell.value is None:
                continue
            index = (target.ranges[-1][c],) if len(target.ranges) == 1 else (target.ranges[0][r], target.ranges[1][c])
            if index not in target.cells:
                raise error(f"'{picture.name}' has no cell at {index}", cell.span)
            if cell.value not in lowering.problem.variables[target.cells[index]].domain:
                raise error(f"{cell.value} is outside the domain of {target.cells[index]}", cell.span)
            drawn.append(ir.InSet(target.cells[index], (cell.value,)))
    return drawn


def move_decl(gathered: Gathered, lowering: Logic, s: ast.MoveDecl) -> None:
    """One ground move for each binding of the move's names (one move without them)."""
    if s.binders is None:
        _ground_move(gathered, lowering, s)
        return
    for _ in lowering.bindings(s.binders):
        _ground_move(gathered, lowering, s)


def _ground_move(gathered: Gathered, lowering: Logic, s: ast.MoveDecl) -> None:
    """The move for the names bound now: one ground move for each case of its effects (`effects.py`)."""
    condition = lowering.cond(s.condition)
    if condition == ir.FALSE:  # a move that can never be made (a jump off the board)
        return
    targets: dict[str, ast.Node] = {}
    for effect in s.effects:
        var = COST if _names_cost(lowering, effect.target) else _effect_target(lowering, effect.target)
        if var in targets:
            raise error(f"the move sets {_state_word(gathered, lowering, var)} twice", effect)
        targets[var] = effect.value
    symbolic = lowering.layout.symbolic
    words = _move_words(gathered, lowering, s.name)
    for case, values in effect_cases(lowering, [(var, node, var in symbolic) for var, node in targets.items()]):
        when = all_of([condition, case])
        if when == ir.FALSE:
            continue
        if len(gathered.moves) >= MAX_MOVES:
            raise error(f"more than {MAX_MOVES} moves: too many for a search over states", s)
        cost = _cost_of(values.pop(COST, None), targets.get(COST))
        effects = tuple(Effect(var, lin.terms, lin.const) for var, lin in values.items())
        gathered.moves.append(Move(words, when, effects, s.span, cost))


def _names_cost(lowering: Logic, node: ast.Node) -> bool:
    """`cost = ...` in a move's effects, where the model has nothing of its own named `cost`."""
    return isinstance(node, ast.Name) and node.name == COST and COST not in lowering.env.names


def _cost_of(value: Lin | None, node: ast.Node | None) -> int:
    """A move's cost: 1 unless it says (`cost = d`); in each case of its effects a whole number at
    least 1, so that the cheapest plans are found by a search of least cost and have a bounded length."""
    if value is None or node is None:
        return 1
    if value.terms:
        raise error("a move's cost is a number in each of its cases, not a value of the state", node,
                    "write it of the move's names (cost = 2 * d), or by cases (cost = (if x > 0 then 2 else 1))")
    if value.const < 1:
        raise error(f"a move's cost is a whole number, at least 1, not {value.const}", node)
    return value.const


def _effect_target(lowering: Logic, node: ast.Node) -> str:
    """The state variable an effect sets: one variable of the model, as it is (`peg.a`, `on[d]`)."""
    value = lowering.eval(node)
    if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1 and value.terms[0][0] == 1:
        var = value.terms[0][1]
        if var in lowering.problem.outputs:
            return var
    raise error("a move sets a variable of the state: write `cell = value`", node)


def _move_words(gathered: Gathered, lowering: Logic, template: ast.AnswerTemplate) -> str:
    """The move's name with its placeholders filled: a cell by its name, a number as a number."""
    parts = [template.texts[0]]
    for placeholder, text in zip(template.placeholders, template.texts[1:], strict=True):
        parts.append(_word_of(gathered, lowering, lowering.eval(placeholder)))
        parts.append(text)
    return "".join(parts)


def _word_of(gathered: Gathered, lowering: Logic, value: Any) -> str:
    if isinstance(value, Symbol):
        return value.name
    if isinstance(value, Lin) and value.const == 0 and len(value.terms) == 1 and value.terms[0][0] == 1:
        return _state_word(gathered, lowering, value.terms[0][1])
    if isinstance(value, Lin) and not value.terms:
        return str(value.const)
    return str(value)


def _state_word(gathered: Gathered, lowering: Logic, var: str) -> str:
    """A state variable as a person names it: a board's cell by its letter, others by their name."""
    if not gathered.words:
        for board in lowering.layout.boards:
            gathered.words.update({v: cell for cell, v in board.variables.items()})
    return gathered.words.get(var, var)


def sequential_clue(gathered: Gathered, lowering: Logic, s: ast.ConstraintStmt) -> None:
    """`steps <= N` bounds the plans; any other clue has no state to hold in."""
    node = s.condition
    if isinstance(node, ast.Compare) and node.op in ("<=", "<") and _names_steps(lowering, node.left):
        bound = lowering.constant(node.right)
        if not isinstance(bound, int) or isinstance(bound, bool) or bound < 0:
            raise error("the bound on the steps is a whole number, at least 0", node.right)
        gathered.bound = bound - 1 if node.op == "<" else bound
        return
    raise error(
        "a sequential puzzle's conditions say which state they hold in",
        s,
        "write it as 'start: ...', 'goal: ...', 'always: ...' or in a move's condition",
    )


def _names_steps(lowering: Logic, node: ast.Node) -> bool:
    return isinstance(node, ast.Name) and node.name == "steps" and "steps" not in lowering.env.names


def sequential_objective(gathered: Gathered, lowering: Logic, s: ast.ObjectiveDecl) -> None:
    """`minimize steps` (the fewest moves) or `minimize cost` (the least sum of the moves' costs)."""
    cost = s.sense == "minimize" and _names_cost(lowering, s.expr)
    if not cost and not (s.sense == "minimize" and _names_steps(lowering, s.expr)):
        raise error("a sequential puzzle minimizes its steps or its cost: write 'minimize steps' or "
                    "'minimize cost'", s)
    if gathered.shortest_span is not None:
        raise error("a sequential puzzle minimizes one thing: its steps or its cost", s)
    gathered.shortest, gathered.cheapest = not cost, cost
    gathered.shortest_span = s.span


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
        tuple(gathered.moves), gathered.bound, gathered.shortest, first, gathered.shortest_span, gathered.cheapest,
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
