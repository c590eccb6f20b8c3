"""The search space of the local searches: groups, moves, and an assignment with its incremental cost.

The structure is read from the IR alone. A top-level `AllDifferent` is a *group*: its variables
never share a value, and a move that swaps two of them (or, when the group has more values than
variables, gives one an unused value) keeps it so. When its n variables have n values between them
it is a permutation, and swaps are its only moves, as article 000 swaps two houses' attributes and
002 two cells. A set of top-level `Count(InSet(x, S_k) for every x of the same variables, op, k)`
with disjoint sets S_k is a group too, of *kinds*: a placed piece's kind is the set of its
orientations (the tile square: `66|99 * 2` is a kind {66, 99} with 2 copies). Its moves swap two
cells' values, or flip a cell to another value of the same kind, as article 001 does; a change of
kind is made only when the kinds' bounds allow it. Either way the group's constraint holds from the
first assignment on and never has to be paid for. A variable in no group moves to any value of its
domain. The groups are disjoint; a constraint that would overlap a chosen group is paid for instead.

Costs are kept per constraint: a move re-evaluates only the constraints that mention the variables
it changes (`Space.touching`), so an iteration costs a few constraint evaluations, not all of them.
"""

from __future__ import annotations

import random
import time

from ...ir import AllDifferent, Constraint, Count, InSet, Problem, variables_of
from ...passes.narrow import propagate_all_different
from ...record import Record, field
from .cost import Violation, violation

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


class Group(Record, frozen=False):
    """Variables whose values fall into kinds with bounded counts (AllDifferent: one value per kind)."""

    vars: list[int]
    kind_of: dict[int, int]  # value -> kind; a value of no kind is of kind `free`
    lo: list[int]
    hi: list[int]
    source: list[int] = field(default_factory=list)  # the numbers of the constraints it stands for

    @property
    def free(self) -> int:
        return len(self.lo) - 1


class Space(Record, frozen=False):
    """A problem compiled for local search: variables by number, groups, and cost functions."""

    names: list[str]
    domains: list[tuple[int, ...]]
    allowed: list[frozenset[int]]
    groups: list[Group]
    group_of: list[int]  # variable -> its group, or -1
    movable: list[int]  # the variables a move can change
    costs: list[Violation]  # one per constraint that is paid for
    scopes: list[tuple[int, ...]]  # the variables of each paid constraint
    touching: list[tuple[int, ...]]  # variable -> the paid constraints that mention it
    paid: list[Constraint]


class State(Record, frozen=False):
    """A complete assignment with the violation of each paid constraint and each group's kind counts."""

    values: list[int]
    violations: list[int]
    counts: list[list[int]]
    cost: int

    def copy(self) -> State:
        return State(self.values[:], self.violations[:], [c[:] for c in self.counts], self.cost)


def build_space(problem: Problem, weighted: bool = True, propagate: bool = True) -> Space:
    """The search space of a problem whose domains are already narrowed (passes.narrow.narrow_domains)."""
    if propagate:
        problem = propagate_all_different(problem)
    names = list(problem.variables)
    index = {name: i for i, name in enumerate(names)}
    domains = [problem.variables[name].domain for name in names]
    constraints = [posted.constraint for posted in problem.constraints]
    groups = _find_groups(constraints, index, domains)
    structural = {c for g in groups for c in g.source}
    paid = [c for i, c in enumerate(constraints) if i not in structural]
    group_of = [-1] * len(names)
    for number, group in enumerate(groups):
        for v in group.vars:
            group_of[v] = number
    scopes = [tuple(sorted(index[name] for name in variables_of(c))) for c in paid]
    touching: list[list[int]] = [[] for _ in names]
    for number, scope in enumerate(scopes):
        for v in scope:
            touching[v].append(number)
    return Space(
        names=names,
        domains=domains,
        allowed=[frozenset(d) for d in domains],
        groups=groups,
        group_of=group_of,
        movable=[v for v, d in enumerate(domains) if len(d) > 1],
        costs=[violation(c, index, weighted) for c in paid],
        scopes=scopes,
        touching=[tuple(t) for t in touching],
        paid=paid,
    )


# -- groups ---------------------------------------------------------------------------------------


def _find_groups(constraints: list[Constraint], index: dict[str, int], domains: list[tuple[int, ...]]) -> list[Group]:
    """Disjoint groups: the kinds of placed pieces first, then the AllDifferents, in posting order."""
    taken: set[int] = set()
    groups = []
    for group in _kind_groups(constraints, index) + _all_different_groups(constraints, index, domains):
        if taken.isdisjoint(group.vars) and Placer(group, domains).place(random.Random(0)) is not None:
            groups.append(group)
            taken.update(group.vars)
    return groups


def _all_different_groups(
    constraints: list[Constraint], index: dict[str, int], domains: list[tuple[int, ...]]
) -> list[Group]:
    groups = []
    for number, c in enumerate(constraints):
        if not isinstance(c, AllDifferent):
            continue
        ids = [index[name] for name in c.vars]
        if len(set(ids)) != len(ids):
            continue
        values = sorted({value for v in ids for value in domains[v]})
        kinds = {value: k for k, value in enumerate(values)}
        n = len(values)
        groups.append(Group(ids, kinds, [0] * n + [0], [1] * n + [0], [number]))
    return groups


def _count_shape(c: Constraint, index: dict[str, int]) -> tuple[tuple[int, ...], frozenset[int]] | None:
    """(variables, values) when c counts `x in S` over distinct variables with one set S."""
    if not isinstance(c, Count) or c.op == "!=" or not c.conds:
        return None
    if not all(isinstance(cond, InSet) for cond in c.conds):
        return None
    conds = [cond for cond in c.conds if isinstance(cond, InSet)]
    sets = {frozenset(cond.values) for cond in conds}
    ids = tuple(index[cond.var] for cond in conds)
    if len(sets) != 1 or len(set(ids)) != len(ids):
        return None
    return tuple(sorted(ids)), next(iter(sets))


def _kind_groups(constraints: list[Constraint], index: dict[str, int]) -> list[Group]:
    by_vars: dict[tuple[int, ...], Group] = {}
    for number, c in enumerate(constraints):
        shape = _count_shape(c, index)
        if shape is None or not isinstance(c, Count):
            continue
        ids, values = shape
        group = by_vars.setdefault(ids, Group(list(ids), {}, [], [], []))
        if any(value in group.kind_of for value in values):
            continue  # overlapping kinds: this Count is paid for
        kind, n = len(group.lo), len(ids)
        group.kind_of.update({value: kind for value in values})
        group.lo.append(c.k if c.op in ("==", ">=") else 0)
        group.hi.append(c.k if c.op in ("==", "<=") else n)
        group.source.append(number)
    for group in by_vars.values():
        group.lo.append(0)  # the free kind: values that no Count counts
        group.hi.append(len(group.vars))
    return list(by_vars.values())


def kind(group: Group, value: int) -> int:
    return group.kind_of.get(value, group.free)


class Placer:
    """Random assignments of a group's variables that keep every kind within its bounds: a matching
    of variables to kind slots (the required slots first). What does not depend on chance is
    computed once."""

    def __init__(self, group: Group, domains: list[tuple[int, ...]]) -> None:
        self.slots: list[int] = []  # slot -> kind
        self.required: list[int] = []
        for k in range(len(group.lo)):
            self.required += range(len(self.slots), len(self.slots) + group.lo[k])
            self.slots += [k] * min(group.hi[k], len(group.vars))
        self.vars = group.vars
        self.values: dict[tuple[int, int], list[int]] = {}  # (variable, kind) -> its values of that kind
        for v in group.vars:
            for value in domains[v]:
                self.values.setdefault((v, kind(group, value)), []).append(value)
        self.options = {v: [s for s, k in enumerate(self.slots) if (v, k) in self.values] for v in group.vars}
        self.takers = {s: [v for v in group.vars if (v, k) in self.values] for s, k in enumerate(self.slots)}

    def place(self, rng: random.Random) -> dict[int, int] | None:
        """A random assignment, or None if there is none."""
        options = {v: rng.sample(slots, len(slots)) for v, slots in self.options.items()}
        holder: dict[int, int] = {}  # slot -> variable
        place: dict[int, int] = {}  # variable -> slot
        takers = {s: rng.sample(vs, len(vs)) for s, vs in self.takers.items()} if self.required else {}
        for s in rng.sample(self.required, len(self.required)):
            if not _augment_from_slot(s, takers, holder, place, set()):
                return None
        for v in rng.sample(self.vars, len(self.vars)):
            if v not in place and not _augment(v, options, holder, place, set()):
                return None
        return {v: rng.choice(self.values[v, self.slots[s]]) for v, s in place.items()}


def _augment(
    v: int, options: dict[int, list[int]], holder: dict[int, int], place: dict[int, int], seen: set[int]
) -> bool:
    """Kuhn's augmenting path from variable v."""
    for s in options[v]:
        if s in seen:
            continue
        seen.add(s)
        if s not in holder or _augment(holder[s], options, holder, place, seen):
            holder[s], place[v] = v, s
            return True
    return False


def _augment_from_slot(
    s: int, takers: dict[int, list[int]], holder: dict[int, int], place: dict[int, int], seen: set[int]
) -> bool:
    """An augmenting path from an unmatched slot: a variable that can move to another slot frees up."""
    for v in takers[s]:
        if v in seen:
            continue
        seen.add(v)
        if v not in place:
            holder[s], place[v] = v, s
            return True
        old = place[v]
        del holder[old]
        holder[s], place[v] = v, s
        # During the required phase every matched slot is required: the one v left must be refilled.
        if _augment_from_slot(old, takers, holder, place, seen):
            return True
        del holder[s]
        holder[old], place[v] = v, old
    return False


# -- states and moves -----------------------------------------------------------------------------


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
