"""A sequential puzzle unrolled over a bound, written as CNF straight from its moves.

The model is `passes/unroll.py`'s, variable for variable (each state variable's copy `x@t`, each
step's action `move@t`, 0 once the plan has ended) and solution for solution, but it is not written
clue by clue through the general encoder: that took 0.2 s on the pegs' 13 steps and gave a weaker CNF
(each move a defined conjunction, each frame axiom a defined equality). Here a step is encoded once,
as a *template* over the state before it, the state after it and literals of its own, and copied to
every step with its literals renumbered. A step's clauses are those of a CNF written by hand:
- one literal per value of each state variable (one literal for a 0/1 variable), one per value of
  the action with exactly one of them true (a binary at-most-one: `_action_literals`): one literal
  per move per step;
- move m -> each part of its condition before it: a clause of the values a part on one variable
  allows, a clause for each forbidden combination of a few variables' values, else a defined literal;
- move m -> each effect: `x = 3` one binary clause, `x = y + z` one clause per combination of the
  values of y and z;
- the frame: x keeps its value unless a move that sets x is made (one clause per value, two for a
  0/1 variable);
- the action is 0 exactly when the goal held before the step (the goal as one defined literal), or
  at a step before the goal can hold by a count of the state (`goal_count.py`: the pegs' 13 jumps),
  not 0, one unit clause.
The start and the conditions of every state (`always`) are clues on one state, posted through the
general encoder into templates of their own; the goal at the last step is the same defined literal
as a step's (`GoalDefinition`, its decision diagram built once), made true, less the parts a count
makes sure of there. `copies.py` copies the templates to the steps of a bound.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property
from itertools import product

from ...core.errors import CspdslError, Span, Suggestion
from ...core.record import Record
from ...ir import And, Constraint, InSet, Linear, Posted, Problem, validate, variables_of
from ...ir.sequential import Effect, Move, Sequential
from ...passes.evaluate import truth
from ...passes.unroll import action, at
from .cnf import TRUE, Cnf, TooLarge, TooManyClauses
from .encoder import CnfEncoder
from .goal_count import goal_parts

# A condition's part on variables with at most this many combinations of values is written as one
# clause per forbidden combination; an effect, as one clause per combination of its terms' values.
COMBINATIONS_MAX = 256


class Template(Record):
    """Clauses over `blocks` consecutive states (1: one state, 2: before and after a move) and `own`
    variables of their own, numbered as in a CNF of their own: variable 1 is true, the states' literals
    come next (`StepTemplates.size` variables each), then the template's own: a step's action's
    literals first."""

    clauses: list[Sequence[int]]
    blocks: int
    own: int
    values: dict[str, list[tuple[int, int]]]  # each variable's (value, literal) pairs, as the encoder made them
    actions: int = 0  # how many of its own variables, the first ones, are the action's literals (a step's)

    @cached_property
    def columns(self) -> list[tuple[int, list[list[int]]]]:
        """The clauses by length, the shortest first, as columns (`copies.ClauseColumns`): how many
        there are of one length, and their first literals, their second literals, ..."""
        by_length: dict[int, list[Sequence[int]]] = {}
        for clause in self.clauses:
            by_length.setdefault(len(clause), []).append(clause)
        return [(len(group), [list(column) for column in zip(*group, strict=True)])
                for _, group in sorted(by_length.items())]


class StepTemplates:
    """The templates of one puzzle, whatever the bound: a state's literals (`state`), the start, the
    conditions of every state, a step, a step before the goal can hold (`early`), and the goal at the
    last step. Those that need the goal are made when a bound first needs them (the pegs' 13 jumps
    need none: `goal_count.py`)."""

    def __init__(self, problem: Problem) -> None:
        seq = problem.sequential
        assert seq is not None
        validate(problem)  # at once when loading the model checked it (and its puzzle's conditions)
        self.problem, self.seq, self.parts = problem, seq, goal_parts(seq)
        encoder, first = _encoder(problem, seq, blocks=1)
        self.size = encoder.cnf.num_vars - 1  # the variables of one state's literals
        self.state = Template(encoder.cnf.clauses[1:first], 1, 0, encoder.values)
        encoder.post_clues(seq.start)
        self.start = _template(encoder, 1, self.size, first)
        self.always = _posted_template(problem, seq, seq.always)
        self.actions = len(seq.moves) + 1  # a step's action's values (`_action_literals`): 0 and each move
        self.goals: dict[tuple[int, ...], Template] = {}
        self.definitions: dict[tuple[int, ...], GoalDefinition] = {}

    @cached_property
    def early(self) -> Template:
        """A step before the goal can hold: its action a move (not 0), no goal defined before it."""
        return _step_template(self.problem, self.seq, None)

    @cached_property
    def step(self) -> Template:
        """A step: its action 0 exactly when the goal held before it."""
        return _step_template(self.problem, self.seq, self.definition(tuple(range(len(self.parts)))))

    def goal(self, parts: tuple[int, ...]) -> Template:
        """The goal at the last step, made of these of its parts (none: no clause)."""
        if parts not in self.goals:
            goal = self.definition(parts) if parts else GoalDefinition([], TRUE, 0)
            clauses = [*goal.clauses, [goal.literal]] if parts else []
            self.goals[parts] = Template(clauses, 1, goal.own, {})
        return self.goals[parts]

    def definition(self, parts: tuple[int, ...]) -> GoalDefinition:
        """The literal of these of the goal's parts and its definition, made once each."""
        if parts not in self.definitions:
            chosen = [self.parts[i] for i in parts]
            self.definitions[parts] = _goal_definition(self.problem, self.seq, self.size, chosen)
        return self.definitions[parts]


def templates(problem: Problem) -> StepTemplates:
    """The puzzle's templates, its IR first checked as the unrolled model's would be (a global in a
    move's condition or in the goal, which the unrolled model reifies, is a bug of the lowering)."""
    return StepTemplates(problem)


class TemplateEncoder(CnfEncoder):
    """The general encoder as the templates use it: the literals of the states' variables made first
    and in their order (a template's numbering rests on it), clues posted at the top level (refused at
    the clue that outgrows a budget), and each variable's literals read back."""

    def encode(self, names: Iterable[str]) -> None:
        """Direct-encode these variables of the encoder's problem, in this order."""
        for name in names:
            self._encode_var(name, self.problem.variables[name].domain)

    def literals(self, name: str) -> dict[int, int]:
        """The variable's literal for each of its values."""
        return self._literals_of(name)

    def post_clues(self, posted: Sequence[Posted]) -> None:
        """The clues, each as the encoder writes a clue of a model's at the top level."""
        self.problem.constraints = list(posted)
        self._post_all(set())


def _encoder(problem: Problem, seq: Sequential, blocks: int) -> tuple[TemplateEncoder, int]:
    """An encoder over `blocks` states (the state's own names, then `x@1` after a move), with the
    states' literals made first; and the number of its clauses then (those that define the states'
    literals, which are not the template's)."""
    space = Problem()
    for block in range(blocks):
        for name in seq.state:
            space.add_var(name if block == 0 else at(name, 1), problem.variables[name].domain)
    encoder = TemplateEncoder(space)
    encoder.encode(space.variables)
    return encoder, len(encoder.cnf.clauses)


def _template(encoder: CnfEncoder, blocks: int, size: int, first: int, actions: int = 0) -> Template:
    """The clauses the encoder wrote from clause `first` on, as a template (with the literals of the
    variables for a step's, which are read back from it)."""
    own = encoder.cnf.num_vars - 1 - blocks * size
    return Template(encoder.cnf.clauses[first:], blocks, own, encoder.values if actions else {}, actions)


def _posted_template(problem: Problem, seq: Sequential, posted: Sequence[Posted]) -> Template:
    """Clues on one state, as the general encoder writes them at the top level."""
    if not posted:
        return Template([], 1, 0, {})
    encoder, first = _encoder(problem, seq, blocks=1)
    size = encoder.cnf.num_vars - 1
    encoder.post_clues(posted)
    return _template(encoder, 1, size, first)


class GoalDefinition(Record):
    """The goal's literal over one state (its literals numbered as a one-state template's) and the
    clauses that define it, with `own` variables of their own after the state's: the goal at the last
    step, and copied into a step's (`_StepWriter`), the goal before each move."""

    clauses: list[Sequence[int]]
    literal: int
    own: int


def _goal_definition(problem: Problem, seq: Sequential, size: int, parts: list[Constraint]) -> GoalDefinition:
    encoder, first = _encoder(problem, seq, blocks=1)
    with _located(seq.goal[0].span):
        literal = encoder.reify(_conjunction(parts))
    return GoalDefinition(encoder.cnf.clauses[first:], literal, encoder.cnf.num_vars - 1 - size)


class _StepWriter:
    """Writes one step's clauses (see the module's docstring) into an encoder of two states."""

    def __init__(self, problem: Problem, seq: Sequential, goal: GoalDefinition | None) -> None:
        self.seq, self.goal = seq, goal
        self.encoder, self.first = _encoder(problem, seq, blocks=2)
        self.cnf = self.encoder.cnf
        self.size = (self.cnf.num_vars - 1) // 2
        self.act = _action_literals(self.cnf, len(seq.moves) + 1)
        self.encoder.values[action(1)] = list(enumerate(self.act))
        self.after = {name: at(name, 1) for name in seq.state}
        self.after_literals = {name: self.encoder.literals(after) for name, after in self.after.items()}

    def write(self) -> None:
        """The step's clauses; without a goal, those of a step before the goal can hold, where the
        action is not 0 (one unit clause in place of the goal's definition and its link to it)."""
        for number, move in enumerate(self.seq.moves, start=1):
            try:  # no context manager a move: on the pegs that was a tenth of the step's template
                self._move(self.act[number], move)
            except (TooLarge, TooManyClauses) as error:
                raise _over_budget(error, move.span) from None
        if self.goal is None:
            self.cnf.add([-self.act[0]])
        else:
            goal = self._goal_before(self.goal)
            self.cnf.add([-self.act[0], goal])
            self.cnf.add([-goal, self.act[0]])
        self._frame()

    def _goal_before(self, goal: GoalDefinition) -> int:
        """The goal's literal over the state before the move: its definition copied, the state's
        literals as they are (the first state's here too), its own variables new."""
        table = list(range(1 + self.size + 1))  # the constant and the state's literals keep their numbers
        table.extend(self.cnf.new_var() for _ in range(goal.own))
        for clause in goal.clauses:
            self.cnf.clauses.append([table[lit] if lit > 0 else -table[-lit] for lit in clause])
        lit = goal.literal
        return table[lit] if lit > 0 else -table[-lit]

    def _move(self, made: int, move: Move) -> None:
        for part in _conjuncts(move.condition):
            self._guarded(made, part)
        for effect in move.effects:
            self._effect(made, effect)

    def _guarded(self, made: int, part: Constraint) -> None:
        """made -> part, over the state before the move."""
        if isinstance(part, InSet):  # the values it allows, in one clause (the most common part, fast)
            wanted = part.values
            self._add([-made, *[lit for v, lit in self.encoder.values[part.var] if v in wanted]])
            return
        scope = sorted(variables_of(part))
        values = [self.encoder.values[name] for name in scope]
        if _combinations(values) > COMBINATIONS_MAX:
            self.cnf.add([-made, self.encoder.reify(part)])
            return
        holds = truth(part, {name: i for i, name in enumerate(scope)})
        if len(scope) == 1:  # the values it allows, in one clause
            self.cnf.add([-made, *(lit for v, lit in values[0] if holds((v,)))])
            return
        for combination in product(*values):
            if not holds(tuple(v for v, _ in combination)):
                self.cnf.add([-made, *(-lit for _, lit in combination)])

    def _effect(self, made: int, effect: Effect) -> None:
        """made -> the variable after the move is the effect's value of the state before it."""
        after = self.after_literals[effect.var]
        if not effect.terms:  # x = 3 (the most common effect, fast)
            self._add([-made, after[effect.constant]] if effect.constant in after else [-made])
            return
        names = sorted({name for _, name in effect.terms})
        values = [self.encoder.values[name] for name in names]
        if _combinations(values) > COMBINATIONS_MAX:
            terms = ((1, at(effect.var, 1)), *((-k, name) for k, name in effect.terms))
            self.cnf.add([-made, self.encoder.reify(Linear(terms, "==", effect.constant))])
            return
        weight = {name: 0 for name in names}
        for k, name in effect.terms:
            weight[name] += k
        for combination in product(*values):
            value = effect.constant + sum(weight[name] * v for name, (v, _) in zip(names, combination, strict=True))
            taken = [-lit for _, lit in combination]
            self.cnf.add([-made, *taken, after[value]] if value in after else [-made, *taken])

    def _add(self, clause: list[int]) -> None:
        """A clause, as `Cnf.add` takes it, a clause of two variables other than the constant (most of
        a step's) without its call: on the pegs that was a fifth of the step's template."""
        if len(clause) == 2:
            a, b = abs(clause[0]), abs(clause[1])
            if a != b and a != TRUE and b != TRUE:
                self.cnf.clauses.append(clause)
                return
        self.cnf.add(clause)

    def _frame(self) -> None:
        """Each variable keeps its value unless one of the moves that set it is made."""
        setters: dict[str, list[int]] = {name: [] for name in self.seq.state}
        for number, move in enumerate(self.seq.moves, start=1):
            for effect in move.effects:
                setters[effect.var].append(self.act[number])
        for name in self.seq.state:
            before, after = self.encoder.literals(name), self.after_literals[name]
            if before.keys() == {0, 1} and before[1] == -before[0]:  # a 0/1 variable: one literal
                self.cnf.add([-before[1], after[1], *setters[name]])
                self.cnf.add([before[1], -after[1], *setters[name]])
                continue
            for v, lit in before.items():
                self.cnf.add([-lit, after[v], *setters[name]])


def _step_template(problem: Problem, seq: Sequential, goal: GoalDefinition | None) -> Template:
    writer = _StepWriter(problem, seq, goal)
    writer.write()
    actions = len(writer.act)  # made one after another, before any other
    return _template(writer.encoder, 2, writer.size, writer.first, actions)


def _action_literals(cnf: Cnf, count: int) -> list[int]:
    """A step's action: a new literal per value, exactly one true, as their clause and an at-most-one
    with few auxiliary variables. Pairwise for a few values; beyond, the binary encoding: each value's
    literal fixes the bits of its number (log2 of the values' count, pinned by the true literal, so
    they never multiply solutions), where a sequential counter took one variable a value. MiniSat
    propagates through every one of them at each conflict: on the pegs' 37 values a step the
    counter's 36 variables made a search 1.3x slower (median of 301 clause orders, docs/performance.md)."""
    lits = [cnf.new_var() for _ in range(count)]
    cnf.clauses.append(list(lits))
    bits = (count - 1).bit_length()
    if count * (count - 1) // 2 <= count * bits:
        cnf.clauses.extend([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :])
        return lits
    digits = [cnf.new_var() for _ in range(bits)]
    for number, lit in enumerate(lits):
        cnf.clauses.extend([-lit, digit if number >> k & 1 else -digit] for k, digit in enumerate(digits))
    return lits


def _conjuncts(c: Constraint) -> list[Constraint]:
    """The parts of a condition that must all hold (a top-level `and` taken apart)."""
    if isinstance(c, And):
        return [part for cond in c.conds for part in _conjuncts(cond)]
    return [c]


def _conjunction(conds: list[Constraint]) -> Constraint:
    return conds[0] if len(conds) == 1 else And(tuple(conds))


def _combinations(values: list[list[tuple[int, int]]]) -> int:
    count = 1
    for pairs in values:
        count *= len(pairs)
    return count


@contextmanager
def _located(span: Span | None) -> Iterator[None]:
    """The encoder's budgets, outgrown by the goal, as an error at its line."""
    try:
        yield
    except (TooLarge, TooManyClauses) as error:
        raise _over_budget(error, span) from None


def _over_budget(error: TooLarge | TooManyClauses, span: Span | None) -> CspdslError:
    """An encoder's budget outgrown by a move or the goal, as an error at its line."""
    if isinstance(error, TooLarge):
        return CspdslError("this is too large for the SAT backend: its decision diagram would have more than "
                           "200,000 edges", span, suggestion=Suggestion("use_backend", ("search",)))
    return CspdslError("this takes the SAT encoding past its clause limit (-O max_clauses=N raises it)", span,
                       suggestion=Suggestion("use_backend", ("search",)))


