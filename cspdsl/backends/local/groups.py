"""The groups of the local searches' space: variables whose constraint the moves keep, never pay for.

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

A `Placer` makes a group's random assignments (a matching of variables to kind slots): the first
assignment of a search, and the test that a group can be satisfied at all before it is chosen.
"""

from __future__ import annotations

import random

from ...core.deadline import check_deadline
from ...core.record import Record, field
from ...ir import AllDifferent, Constraint, Count, InSet


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


def find_groups(constraints: list[Constraint], index: dict[str, int], domains: list[tuple[int, ...]]) -> list[Group]:
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
    computed once. Both take time quadratic in the group's size (seconds for an all-different of
    600 variables), so both look at the time limit (`core.deadline`) variable by variable."""

    def __init__(self, group: Group, domains: list[tuple[int, ...]]) -> None:
        self.slots: list[int] = []  # slot -> kind
        self.required: list[int] = []
        for k in range(len(group.lo)):
            self.required += range(len(self.slots), len(self.slots) + group.lo[k])
            self.slots += [k] * min(group.hi[k], len(group.vars))
        self.vars = group.vars
        self.values: dict[tuple[int, int], list[int]] = {}  # (variable, kind) -> its values of that kind
        for v in group.vars:
            check_deadline()
            for value in domains[v]:
                self.values.setdefault((v, kind(group, value)), []).append(value)
        self.options = {v: self._slots_of(v) for v in group.vars}
        self.takers = {s: self._takers_of(k) for s, k in enumerate(self.slots)}

    def _slots_of(self, v: int) -> list[int]:
        check_deadline()
        return [s for s, k in enumerate(self.slots) if (v, k) in self.values]

    def _takers_of(self, k: int) -> list[int]:
        check_deadline()
        return [v for v in self.vars if (v, k) in self.values]

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
            check_deadline()
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
