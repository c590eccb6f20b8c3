"""A sequential puzzle in the IR: states, a start, moves and a goal, for a search over states.

The state is the problem's own variables (`Problem.variables`, each with its domain). The start, the
goal and the conditions that must hold in every state (`always`) are ordinary IR constraints over
them; so is each move's condition on the state before it. A move's effects set some variables after
the move to a linear expression of the state before it (`x = y + z - 3`); every other variable keeps
its value. A state an effect would take out of a domain is no state: the move cannot be made there.

A plan is a sequence of moves from a start state to a goal state, each move's condition holding
before it, with no goal state before the last (a plan ends when the goal is reached). The `search`
backend explores this description directly; `passes/unroll.py` turns it into an ordinary Problem
over a bounded number of steps for every other exact backend. Both are checked by `check/plan.py`.
"""

from __future__ import annotations

from ..core.errors import Span
from ..core.record import Record, field
from .kinds import Constraint, Posted


class Effect(Record):
    """`var` after the move is sum(c * x for c, x in terms) + constant over the state before it."""

    var: str
    terms: tuple[tuple[int, str], ...]
    constant: int = 0


class Move(Record):
    """One ground move: its name in words, the condition on the state before, its effects, and what
    it costs (`then ..., cost = N`; 1 unless the model says, a whole number at least 1)."""

    name: str
    condition: Constraint
    effects: tuple[Effect, ...]
    span: Span | None = field(default=None, compare=False, repr=False)
    cost: int = 1


class Sequential(Record):
    """What makes a Problem a sequential puzzle (`Problem.sequential`): the state is the problem's
    variables in `state` order; `bound` is the most moves a plan may take (None: no bound);
    `shortest` asks for the plans of the fewest moves (`minimize steps`, written at `shortest_span`);
    `cheapest` for the plans of the least cost, the sum of their moves' costs (`minimize cost`)."""

    state: tuple[str, ...]
    start: tuple[Posted, ...]
    goal: tuple[Posted, ...]
    always: tuple[Posted, ...]
    moves: tuple[Move, ...]
    bound: int | None = None
    shortest: bool = False
    span: Span | None = field(default=None, compare=False, repr=False)
    shortest_span: Span | None = field(default=None, compare=False, repr=False)
    cheapest: bool = False


class Plan(Record):
    """A plan: the moves made (indices into `Sequential.moves`) and the states passed, the start
    first, each a tuple of values in `Sequential.state` order (one more state than moves)."""

    moves: tuple[int, ...]
    states: tuple[tuple[int, ...], ...]

    def words(self, sequential: Sequential) -> list[str]:
        """The moves by their names, in order."""
        return [sequential.moves[m].name for m in self.moves]

    def cost(self, sequential: Sequential) -> int:
        """The sum of the moves' costs (the number of moves when no move has a cost of its own)."""
        return sum(sequential.moves[m].cost for m in self.moves)
