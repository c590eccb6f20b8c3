"""Random states and moves over a `Space`, with their incremental costs: what the searches are made of.

A state starts from each group's random assignment (`Placer`), and every move keeps the groups'
constraints: a swap of two of a group's variables, a change within a kind or to a kind with room,
or any value for a variable in no group (`local/groups.py`). A trial re-evaluates only the paid
constraints that mention the variables it changes (`Space.touching`), and is then committed or undone.
"""

from __future__ import annotations

import random
import time

from ...core.record import Record
from .groups import Group, Placer, kind
from .space import Space

Move = list[tuple[int, int]]  # (variable number, new value)
SWAP_TRIES = 12  # attempts at finding a swap partner before the move is given up


class Budget(Record, frozen=False):
    """When a search must stop: at the user's deadline (a timeout), or after `limit` of its own steps
    (iterations or generations) when it gives up."""

    deadline: float | None
    limit: int
    clock_every: int = 512  # steps between two looks at the clock

    @staticmethod
    def of(timeout: float | None, limit: int, clock_every: int = 512) -> Budget:
        return Budget(None if timeout is None else time.perf_counter() + timeout, limit, clock_every)

    def clock_due(self, step: int) -> bool:
        return step % self.clock_every == 0

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def monotonic_deadline(self) -> float | None:
        """The deadline on `time.monotonic()`'s clock, the one `core.deadline` reads."""
        return None if self.deadline is None else time.monotonic() + self.deadline - time.perf_counter()


class State(Record, frozen=False):
    """A complete assignment with the violation of each paid constraint and each group's kind counts."""

    values: list[int]
    violations: list[int]
    counts: list[list[int]]
    cost: int

    def copy(self) -> State:
        return State(self.values[:], self.violations[:], [c[:] for c in self.counts], self.cost)


class Trial(Record, frozen=False):
    """A move applied to a state's values, not yet committed: what it changed and by how much."""

    move: Move
    old: list[int]
    changed: list[tuple[int, int]]  # (paid constraint, its new violation)
    delta: int


class Engine:
    """Random states, random moves and their incremental costs over one `Space`."""

    def __init__(self, space: Space, rng: random.Random) -> None:
        self.space = space
        self.rng = rng
        self._stamp = 0
        self._mark = [0] * len(space.costs)
        self._group_movable = [[v for v in g.vars if len(space.domains[v]) > 1] for g in space.groups]
        self._group_changes = [self._can_change(g) for g in space.groups]
        self._placers = [Placer(g, space.domains) for g in space.groups]

    def _can_change(self, group: Group) -> bool:
        """Whether a variable of the group can ever take a new value without a swap."""
        n = len(group.vars)
        if sum(min(hi, n) for hi in group.hi) > n:
            return True
        domains = self.space.domains
        return any(len({kind(group, x) for x in domains[v]}) < len(domains[v]) for v in group.vars)

    # -- states --

    def random_state(self) -> State:
        space, rng = self.space, self.rng
        values = [rng.choice(d) if d else 0 for d in space.domains]
        for placer in self._placers:
            placed = placer.place(rng)
            if placed is None:  # cannot happen: groups are kept only when they have an assignment
                raise ValueError("internal: a group without an assignment")
            for v, value in placed.items():
                values[v] = value
        return self.evaluate(values)

    def evaluate(self, values: list[int]) -> State:
        """A full evaluation of every paid constraint (and the groups' kind counts)."""
        violations = [cost(values) for cost in self.space.costs]
        counts = []
        for group in self.space.groups:
            count = [0] * len(group.lo)
            for v in group.vars:
                count[kind(group, values[v])] += 1
            counts.append(count)
        return State(values, violations, counts, sum(violations))

    # -- moves --

    def propose(
        self, state: State, scope: tuple[int, ...] | None = None, partners: tuple[int, ...] | None = None
    ) -> Move | None:
        """A random move, of a variable of `scope` when one of them can move (and, for a swap, with a
        variable of `partners` when one fits); None if none was found."""
        space, rng = self.space, self.rng
        v = -1
        if scope:
            v = rng.choice(scope)
            if len(space.domains[v]) < 2:
                v = -1
        if v < 0:
            if not space.movable:
                return None
            v = rng.choice(space.movable)
        g = space.group_of[v]
        if g < 0:
            return self._new_value(state, v)
        if self._group_changes[g] and rng.random() < 0.5:
            return self._change(state, g, v) or self._swap(state, g, v, partners)
        return self._swap(state, g, v, partners) or (self._change(state, g, v) if self._group_changes[g] else None)

    def _new_value(self, state: State, v: int) -> Move | None:
        domain, current = self.space.domains[v], state.values[v]
        for _ in range(SWAP_TRIES):
            value = self.rng.choice(domain)
            if value != current:
                return [(v, value)]
        return None

    def _change(self, state: State, g: int, v: int) -> Move | None:
        """v takes a new value of its own kind (a flip), or of another kind that has room."""
        group, counts = self.space.groups[g], state.counts[g]
        domain, current = self.space.domains[v], state.values[v]
        k = kind(group, current)
        for _ in range(SWAP_TRIES):
            value = self.rng.choice(domain)
            if value == current:
                continue
            j = kind(group, value)
            if j == k or (counts[k] > group.lo[k] and counts[j] < group.hi[j]):
                return [(v, value)]
        return None

    def _swap(self, state: State, g: int, v: int, partners: tuple[int, ...] | None = None) -> Move | None:
        values, allowed, group_of = state.values, self.space.allowed, self.space.group_of
        pool = self._group_movable[g]
        a = values[v]
        for attempt in range(SWAP_TRIES):
            u = self.rng.choice(partners) if partners and attempt < SWAP_TRIES // 2 else self.rng.choice(pool)
            if group_of[u] != g:
                continue
            b = values[u]
            if b != a and b in allowed[v] and a in allowed[u]:
                return [(v, b), (u, a)]
        return None

    def trial(self, state: State, move: Move) -> Trial:
        """Apply a move to the values and re-evaluate only the constraints it touches."""
        values, violations = state.values, state.violations
        costs, touching, mark = self.space.costs, self.space.touching, self._mark
        old = [values[v] for v, _ in move]
        for v, value in move:
            values[v] = value
        self._stamp += 1
        stamp = self._stamp
        changed = []
        delta = 0
        for v, _ in move:
            for c in touching[v]:
                if mark[c] != stamp:
                    mark[c] = stamp
                    now = costs[c](values)
                    if now != violations[c]:
                        changed.append((c, now))
                        delta += now - violations[c]
        return Trial(move, old, changed, delta)

    def commit(self, state: State, trial: Trial) -> None:
        violations = state.violations
        for c, now in trial.changed:
            violations[c] = now
        state.cost += trial.delta
        for (v, value), before in zip(trial.move, trial.old, strict=True):
            g = self.space.group_of[v]
            if g >= 0:
                group = self.space.groups[g]
                state.counts[g][kind(group, before)] -= 1
                state.counts[g][kind(group, value)] += 1

    def undo(self, state: State, trial: Trial) -> None:
        for (v, _), before in zip(trial.move, trial.old, strict=True):
            state.values[v] = before

    def crossover(self, a: State, b: State) -> State:
        """A child of a and b that keeps every group's structure: a copy of a in which about half the
        variables are pulled to b's value (a free variable takes it; a group variable swaps with one
        of its group that holds b's value, or a value of its kind, and flips to it)."""
        values, counts = a.values[:], [c[:] for c in a.counts]
        rng, group_of = self.rng, self.space.group_of
        for v in self.space.movable:
            target = b.values[v]
            if values[v] == target or rng.random() < 0.5:
                continue
            if group_of[v] < 0:
                values[v] = target
            else:
                self._pull(values, counts[group_of[v]], group_of[v], v, target)
        return self.evaluate(values)

    def _pull(self, values: list[int], counts: list[int], g: int, v: int, target: int) -> None:
        group, allowed = self.space.groups[g], self.space.allowed
        k, j = kind(group, values[v]), kind(group, target)
        if j == k or (counts[k] > group.lo[k] and counts[j] < group.hi[j]):
            values[v] = target
            counts[k] -= 1
            counts[j] += 1
            return
        fallback = -1
        for u in self._group_movable[g]:
            if u == v or kind(group, values[u]) != j or values[v] not in allowed[u]:
                continue
            if values[u] == target:
                fallback = u
                break
            fallback = u if fallback < 0 else fallback
        if fallback >= 0:  # u takes v's value and v the target: the kinds' counts do not change
            values[fallback], values[v] = values[v], target
