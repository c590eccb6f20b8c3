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
- the action is 0 exactly when the goal held before the step (the goal as one defined literal).
The start and the conditions of every state (`always`) are clues on one state, posted through the
general encoder into templates of their own; the goal at the last step is the same defined literal
as a step's (`GoalDefinition`, its decision diagram built once), made true.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import cached_property
from itertools import accumulate, product
from operator import add

from ...errors import CspdslError, Span, Suggestion
from ...ir import And, Constraint, InSet, Linear, Not, Posted, Problem, validate, variables_of
from ...ir.sequential import Effect, Move, Sequential
from ...passes.deadline import check_deadline
from ...passes.evaluate import truth
from ...passes.unroll import action, at
from ...record import Record
from .cnf import TRUE, Cnf, TooLarge, TooManyClauses
from .encoder import CnfEncoder
from .goal_count import first_goal_state

# A condition's part on variables with at most this many combinations of values is written as one
# clause per forbidden combination; an effect, as one clause per combination of its terms' values.
COMBINATIONS_MAX = 256


class Template(Record):
    """Clauses over `blocks` consecutive states (1: one state, 2: before and after a move) and `own`
    variables of their own, numbered as in a CNF of their own: variable 1 is true, the states' literals
    come next (`StepTemplates.size` variables each), then the template's own: a step's action's
    literals first."""

    clauses: list[list[int]]
    blocks: int
    own: int
    values: dict[str, list[tuple[int, int]]]  # each variable's (value, literal) pairs, as the encoder made them
    actions: int = 0  # how many of its own variables, the first ones, are the action's literals (a step's)

    @cached_property
    def flat(self) -> list[int]:
        """The clauses' literals one after another (a copy renumbers them in one pass)."""
        return [lit for clause in self.clauses for lit in clause]

    @cached_property
    def bounds(self) -> list[tuple[int, int]]:
        """Where each clause starts and ends in `flat`."""
        ends = list(accumulate(map(len, self.clauses)))
        return list(zip([0, *ends][:-1], ends, strict=True))


class StepTemplates(Record):
    """The templates of one puzzle, whatever the bound: a state's literals (`state`), the start, the
    conditions of every state, the goal, and a step."""

    size: int  # the variables of one state's literals
    state: Template
    start: Template
    always: Template
    goal: Template
    step: Template
    early: Template  # a step before the goal can hold (`goal_count.py`): its action a move, no goal defined


def templates(problem: Problem) -> StepTemplates:
    """The puzzle's templates, its IR first checked as the unrolled model's would be (a global in a
    move's condition or in the goal, which the unrolled model reifies, is a bug of the lowering)."""
    seq = problem.sequential
    assert seq is not None
    _validate(problem, seq)
    encoder, first = _encoder(problem, seq, blocks=1)
    size = encoder.cnf.num_vars - 1
    state = Template(encoder.cnf.clauses[1:first], 1, 0, encoder.values)
    encoder.post_clues(seq.start)
    goal = _goal_definition(problem, seq, size)
    step, early = _step_templates(problem, seq, goal)
    return StepTemplates(size, state, _template(encoder, 1, size, first), _posted_template(problem, seq, seq.always),
                         Template([*goal.clauses, [goal.literal]], 1, goal.own, {}), step, early)


def _validate(problem: Problem, seq: Sequential) -> None:
    """The IR's rules on the puzzle's conditions, each where the unrolled model puts it: the start and
    `always` at the top level, the goal and the moves' conditions inside a condition."""
    check = Problem()
    check.variables = dict(problem.variables)
    for posted in (*seq.start, *seq.always):
        check.post(posted.constraint)
    for condition in (*(p.constraint for p in seq.goal), *(move.condition for move in seq.moves)):
        check.post(Not(condition))
    validate(check)


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

    clauses: list[list[int]]
    literal: int
    own: int


def _goal_definition(problem: Problem, seq: Sequential, size: int) -> GoalDefinition:
    encoder, first = _encoder(problem, seq, blocks=1)
    with _located(seq.goal[0].span):
        literal = encoder.reify(_conjunction([p.constraint for p in seq.goal]))
    return GoalDefinition(encoder.cnf.clauses[first:], literal, encoder.cnf.num_vars - 1 - size)


class _StepWriter:
    """Writes one step's clauses (see the module's docstring) into an encoder of two states."""

    def __init__(self, problem: Problem, seq: Sequential, goal: GoalDefinition) -> None:
        self.seq, self.goal = seq, goal
        self.encoder, self.first = _encoder(problem, seq, blocks=2)
        self.cnf = self.encoder.cnf
        self.size = (self.cnf.num_vars - 1) // 2
        self.act = _action_literals(self.cnf, len(seq.moves) + 1)
        self.encoder.values[action(1)] = list(enumerate(self.act))
        self.after = {name: at(name, 1) for name in seq.state}

    def write(self) -> tuple[int, int]:
        """The step's clauses; where those of the goal before the move and its link to the action 0
        start and end among them (the goal's own variables the step's last)."""
        for number, move in enumerate(self.seq.moves, start=1):
            with _located(move.span):
                self._move(self.act[number], move)
        start, variables = len(self.cnf.clauses), self.cnf.num_vars
        goal = self._goal_before()
        self.cnf.add([-self.act[0], goal])
        self.cnf.add([-goal, self.act[0]])
        end = len(self.cnf.clauses)
        self._frame()
        assert self.cnf.num_vars == variables + self.goal.own, "the goal's variables come last"
        return start - self.first, end - self.first

    def _goal_before(self) -> int:
        """The goal's literal over the state before the move: its definition copied, the state's
        literals as they are (the first state's here too), its own variables new."""
        table = list(range(1 + self.size + 1))  # the constant and the state's literals keep their numbers
        table.extend(self.cnf.new_var() for _ in range(self.goal.own))
        for clause in self.goal.clauses:
            self.cnf.clauses.append([table[lit] if lit > 0 else -table[-lit] for lit in clause])
        lit = self.goal.literal
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
            self.cnf.add([-made, *(lit for v, lit in self.encoder.values[part.var] if v in wanted)])
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
        after = self.encoder.literals(self.after[effect.var])
        if not effect.terms:  # x = 3 (the most common effect, fast)
            self.cnf.add([-made, after[effect.constant]] if effect.constant in after else [-made])
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

    def _frame(self) -> None:
        """Each variable keeps its value unless one of the moves that set it is made."""
        setters: dict[str, list[int]] = {name: [] for name in self.seq.state}
        for number, move in enumerate(self.seq.moves, start=1):
            for effect in move.effects:
                setters[effect.var].append(self.act[number])
        for name in self.seq.state:
            before, after = self.encoder.literals(name), self.encoder.literals(at(name, 1))
            if len(before) == 2 and before[1] == -before[0]:  # a 0/1 variable: one literal
                self.cnf.add([-before[1], after[1], *setters[name]])
                self.cnf.add([before[1], -after[1], *setters[name]])
                continue
            for v, lit in before.items():
                self.cnf.add([-lit, after[v], *setters[name]])


def _step_templates(problem: Problem, seq: Sequential, goal: GoalDefinition) -> tuple[Template, Template]:
    """A step's template, and that of a step before the goal can hold: the goal's definition and its
    link to the action 0 replaced by the action's not being 0, one unit clause."""
    writer = _StepWriter(problem, seq, goal)
    start, end = writer.write()
    actions = len(writer.act)  # made one after another, before any other
    step = _template(writer.encoder, 2, writer.size, writer.first, actions)
    clauses = [*step.clauses[:start], [-writer.act[0]], *step.clauses[end:]]
    return step, Template(clauses, 2, step.own - goal.own, step.values, actions)


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
    """The encoder's budgets, outgrown by a move or the goal, as an error at its line."""
    try:
        yield
    except TooLarge:
        raise CspdslError("this is too large for the SAT backend: its decision diagram would have more than "
                          "200,000 edges", span, suggestion=Suggestion("use_backend", ("search",))) from None
    except TooManyClauses:
        raise CspdslError("this takes the SAT encoding past its clause limit (-O max_clauses=N raises it)", span,
                          suggestion=Suggestion("use_backend", ("search",))) from None



class UnrolledCnf(Record):
    """The puzzle over `horizon` steps as CNF, and how to read the unrolled model's variables back."""

    clauses: list[list[int]]
    num_vars: int
    values: dict[str, list[tuple[int, int]]]  # x@t and move@t: (value, literal) pairs, exactly one true
    outputs: list[str]  # as the unrolled model's: the start state, then each step's action


def unrolled_cnf(seq: Sequential, found: StepTemplates, horizon: int) -> UnrolledCnf:
    """The templates copied to each step: a state's literals and `always` at every step, the start at
    the first, a move between each two (with no goal before it while the goal cannot hold yet:
    `goal_count.py`), the goal at the last."""
    cnf = _Copies(found, horizon)
    values: dict[str, list[tuple[int, int]]] = {}
    for step in range(horizon + 1):
        table = cnf.copy(found.state, step)
        for name in seq.state:
            values[at(name, step)] = [(v, table[lit]) for v, lit in found.state.values[name]]
        cnf.copy(found.always, step)
    cnf.copy(found.start, 0)
    early = min(first_goal_state(seq, horizon), horizon)
    for template, steps in ((found.early, range(1, early + 1)), (found.step, range(early + 1, horizon + 1))):
        first = cnf.copy_steps(template, steps)
        for step in steps:
            by = (step - steps.start) * cnf.actions
            values[action(step)] = [(v, _shifted(first[lit], by)) for v, lit in template.values[action(1)]]
    cnf.copy(found.goal, horizon)
    outputs = [at(name, 0) for name in seq.state] + [action(step) for step in range(1, horizon + 1)]
    return UnrolledCnf(cnf.clauses, cnf.num_vars, values, outputs)


class _Copies:
    """The unrolled CNF as it is copied together: variable 1 true, the actions' literals of each step
    (numbered first: on the pegs that took half the conflicts of numbering the states first, in the
    CNF's own order; MiniSat breaks ties of activity by its heap, which follows the numbering), the states'
    literals (`size` variables a state), then each copy's own variables after them."""

    def __init__(self, found: StepTemplates, horizon: int) -> None:
        self.size, self.actions = found.size, found.step.actions
        self.clauses: list[list[int]] = [[TRUE]]
        self.first_state = 2 + horizon * self.actions
        self.num_vars = self.first_state - 1 + (horizon + 1) * self.size

    def copy(self, template: Template, first_state: int, step: int = 0) -> list[int]:
        """The template's clauses with its states at `first_state` on, its action's literals (if any)
        those of `step`, and its other variables new; the renumbering, as a table indexed by the
        template's literals (a negative one from the end)."""
        check_deadline()
        if not template.clauses and not template.values:  # nothing to copy, nothing to read back
            return []
        states = template.blocks * self.size
        others = template.own - template.actions
        table = [0] * (2 * (1 + states + template.own) + 1)
        table[1], table[-1] = TRUE, -TRUE
        _renumber(table, 2, states, self.first_state + first_state * self.size)
        _renumber(table, 2 + states, template.actions, 2 + (step - 1) * self.actions)
        _renumber(table, 2 + states + template.actions, others, self.num_vars + 1)
        self.num_vars += others
        flat = list(map(table.__getitem__, template.flat))  # one pass over every literal, then cut
        self.clauses.extend([flat[start:end] for start, end in template.bounds])
        return table

    def copy_steps(self, step: Template, steps: range) -> list[int]:
        """The step's template copied to these steps, one after another; the renumbering of the first
        (as `copy` gives it). A step's literals are those of the step before it shifted by one stride
        for each kind of variable (`_strides`), so each further copy is one addition per literal, in C."""
        if not steps:
            return []
        table = self.copy(step, steps.start - 1, steps.start)
        flat = list(map(table.__getitem__, step.flat))
        shifts = _strides(step, self.size, self.actions)
        for _ in steps[1:]:
            check_deadline()
            flat = list(map(add, flat, shifts))
            self.clauses.extend([flat[start:end] for start, end in step.bounds])
        self.num_vars += (len(steps) - 1) * (step.own - step.actions)
        return table


def _strides(step: Template, size: int, actions: int) -> list[int]:
    """For each literal of the step's template, how far it moves from one step's copy to the next:
    a state's literal by a state (`size`), an action's by a step's actions, its own by its own
    count (numbered one copy after another), the constant not at all; a negative literal the other way."""
    others = step.own - step.actions
    stride = [0, 0, *[size] * (step.blocks * size), *[actions] * step.actions, *[others] * others]
    return [stride[lit] if lit > 0 else -stride[-lit] for lit in step.flat]


def _shifted(lit: int, by: int) -> int:
    return lit + by if lit > 0 else lit - by


def _renumber(table: list[int], first: int, count: int, to: int) -> None:
    """Template variables first .. first + count - 1 as to .. to + count - 1, in the table (the
    negative literals from its end, in the opposite order), a slice each."""
    if count:
        table[first : first + count] = range(to, to + count)
        end = len(table) - first + 1
        table[end - count : end] = range(-(to + count - 1), -to + 1)
