"""A sequential puzzle's CNF over a bound, copied together from its templates (`unrolled.py`).

A copy renumbers a template's literals: its states' literals to those of the states it joins, its
action's to those of its step, its own variables to new ones. The clauses are kept as columns, by
length (the first literals of the clauses of one length, their second literals, ...): a copy
renumbers a column in one pass made in C (`map`), each step after the first shifts the columns of
the step before it by one stride per kind of variable (`_strides`), and the engine is handed the
clauses as the tuples `zip` makes of the columns. No Python list is made, or freed, per clause: on
the pegs, making those lists cost about as much as MiniSat's taking the clauses in.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain, repeat
from operator import add

from ...core.deadline import check_deadline
from ...core.record import Record
from ...ir.sequential import Sequential
from ...passes.unroll import action, at
from .cnf import TRUE
from .goal_count import goal_count
from .unrolled import StepTemplates, Template

Block = tuple[int, list[list[int]]]  # clauses of one length: how many, and their columns


class ClauseColumns:
    """Clauses as blocks of columns (`Block`). Iterated, they come as tuples, block by block, in
    the order they were added; `len` counts them and `literals` their literals."""

    def __init__(self, blocks: Sequence[Block] = ()) -> None:
        self.blocks: list[Block] = list(blocks)

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return chain.from_iterable(zip(*columns, strict=True) if columns else repeat((), count)
                                   for count, columns in self.blocks)

    def __len__(self) -> int:
        return sum(count for count, _ in self.blocks)

    @property
    def literals(self) -> int:
        return sum(count * len(columns) for count, columns in self.blocks)


class UnrolledCnf(Record):
    """The puzzle over `horizon` steps as CNF, and how to read the unrolled model's variables back."""

    clauses: ClauseColumns
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
    first_goal, sure = goal_count(seq, horizon)
    early = min(first_goal, horizon)
    values.update(_copy_moves(cnf, found.early, range(1, early + 1)) if early else {})
    values.update(_copy_moves(cnf, found.step, range(early + 1, horizon + 1)) if early < horizon else {})
    cnf.copy(found.goal(tuple(i for i in range(len(found.parts)) if i not in sure)), horizon)
    outputs = [at(name, 0) for name in seq.state] + [action(step) for step in range(1, horizon + 1)]
    return UnrolledCnf(cnf.clauses, cnf.num_vars, values, outputs)


def _copy_moves(cnf: _Copies, template: Template, steps: range) -> dict[str, list[tuple[int, int]]]:
    """The step's template copied to these steps; each one's action's (value, literal) pairs."""
    first = cnf.copy_steps(template, steps)
    pairs = template.values[action(1)]
    return {action(step): [(v, _shifted(first[lit], (step - steps.start) * cnf.actions)) for v, lit in pairs]
            for step in steps}


class _Copies:
    """The unrolled CNF as it is copied together: variable 1 true, the actions' literals of each step
    (numbered first: on the pegs that took half the conflicts of numbering the states first, in the
    CNF's own order; MiniSat breaks ties of activity by its heap, which follows the numbering), the states'
    literals (`size` variables a state), then each copy's own variables after them."""

    def __init__(self, found: StepTemplates, horizon: int) -> None:
        self.size, self.actions = found.size, found.actions
        self.clauses = ClauseColumns([(1, [[TRUE]])])
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
        renumber = table.__getitem__
        self.clauses.blocks.extend((count, [list(map(renumber, column)) for column in columns])
                                   for count, columns in template.columns)
        return table

    def copy_steps(self, step: Template, steps: range) -> list[int]:
        """The step's template copied to these steps, one after another; the renumbering of the first
        (as `copy` gives it). A step's literals are those of the step before it shifted by one stride
        for each kind of variable (`_strides`), so each further copy is one addition per literal, in C."""
        if not steps:
            return []
        table = self.copy(step, steps.start - 1, steps.start)
        blocks = self.clauses.blocks[len(self.clauses.blocks) - len(step.columns):]
        shifts = _strides(step, self.size, self.actions)
        for _ in steps[1:]:
            check_deadline()
            blocks = [(count, [list(map(add, column, shift)) for column, shift in zip(columns, by, strict=True)])
                      for (count, columns), by in zip(blocks, shifts, strict=True)]
            self.clauses.blocks.extend(blocks)
        self.num_vars += (len(steps) - 1) * (step.own - step.actions)
        return table


def _strides(step: Template, size: int, actions: int) -> list[list[list[int]]]:
    """For each literal of the step's template, in its columns, how far it moves from one step's copy
    to the next: a state's literal by a state (`size`), an action's by a step's actions, its own by
    its own count (numbered one copy after another), the constant not at all; a negative literal the
    other way."""
    others = step.own - step.actions
    stride = [0, 0, *[size] * (step.blocks * size), *[actions] * step.actions, *[others] * others]
    return [[[stride[lit] if lit > 0 else -stride[-lit] for lit in column] for column in columns]
            for _, columns in step.columns]


def _shifted(lit: int, by: int) -> int:
    return lit + by if lit > 0 else lit - by


def _renumber(table: list[int], first: int, count: int, to: int) -> None:
    """Template variables first .. first + count - 1 as to .. to + count - 1, in the table (the
    negative literals from its end, in the opposite order), a slice each."""
    if count:
        table[first : first + count] = range(to, to + count)
        end = len(table) - first + 1
        table[end - count : end] = range(-(to + count - 1), -to + 1)
