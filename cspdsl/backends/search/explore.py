"""The searches over states: depth-first for a first plan, breadth-first for the shortest plans,
and plans counted with memoised depth-first search (the count of plans from a state is kept, so a
state reached again by another path is not explored again).

Plans are sequences of moves from a start to a goal state with no goal state before the last; with
a bound (`steps <= N`) at most N moves. Without a bound, plans that can return to a state they left
are endless in number: counting them is refused (`Endless`), and the shortest ones can be asked for.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

from ...core.deadline import TimeLimitReached
from ...core.errors import CspdslError
from ...ir.sequential import Plan
from .space import Space, State

CHECK_EVERY = 4096  # states expanded between two looks at the clock


class Endless(Exception):
    """The moves can return to a state they left, so there are plans of every length."""


class Budget:
    """The time limit and the most states a search may keep; a search that reaches the number of
    states stops with a refusal that says so, before the machine starts swapping."""

    def __init__(self, deadline: float | None, max_states: int) -> None:
        self.deadline, self.max_states = deadline, max_states
        self.expanded = 0

    def expand(self, kept: int) -> None:
        self.expanded += 1
        if kept > self.max_states:
            raise CspdslError(
                f"the search keeps more than {self.max_states} states: the puzzle is too large for it",
                hint="give the search room for more states with -O max_states=N, or bound the plans "
                "with 'steps <= N'")
        if self.expanded % CHECK_EVERY == 0 and self.deadline is not None and time.monotonic() >= self.deadline:
            raise TimeLimitReached


def first_plan(space: Space, starts: list[State], bound: int | None, budget: Budget) -> Plan | None:
    """A plan by depth-first search over states, as article 004's solver finds one: each state is
    explored once (again only when reached in fewer moves, under a bound). None: there is none."""
    seen: dict[State, int] = {}
    for start in starts:
        if space.is_goal(start):
            return Plan((), (start,))
        moves: list[int] = []
        states = [start]
        stack: list[Iterator[tuple[int, State]]] = [iter(_expand(space, start, 0, bound, seen, budget))]
        seen[start] = 0
        while stack:
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                states.pop()
                if moves:
                    moves.pop()
                continue
            move, after = step
            moves.append(move)
            states.append(after)
            if space.is_goal(after):
                return Plan(tuple(moves), tuple(states))
            stack.append(iter(_expand(space, after, len(moves), bound, seen, budget)))
    return None


def _expand(space: Space, state: State, depth: int, bound: int | None, seen: dict[State, int],
            budget: Budget) -> list[tuple[int, State]]:
    """The moves from `state` into states not explored at this depth or less."""
    if (bound is not None and depth >= bound) or space.is_goal(state):
        return []
    budget.expand(len(seen))
    found = []
    again = depth + 2 if bound is not None else 0  # without a bound a state is explored once
    for move, after in space.successors(state):
        if seen.get(after, depth + 2) > depth + 1 and (after not in seen or again):
            seen[after] = depth + 1
            found.append((move, after))
    return found


class Counter:
    """The number of plans from each state (with the moves left, under a bound), memoised."""

    def __init__(self, space: Space, bound: int | None, budget: Budget) -> None:
        self.space, self.bound, self.budget = space, bound, budget
        self.memo: dict[tuple[State, int], int] = {}
        self.open: set[tuple[State, int]] = set()

    def total(self, starts: list[State]) -> int:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))
        try:
            return sum(self.count(start, self.bound if self.bound is not None else -1) for start in starts)
        except RecursionError:
            raise CspdslError("the plans are too long to count by depth-first search",
                              hint="bound them with 'steps <= N', or ask for the fewest moves") from None
        finally:
            sys.setrecursionlimit(limit)

    def count(self, state: State, left: int) -> int:
        """Plans from `state` in at most `left` moves (-1: no bound)."""
        key = (state, left)
        known = self.memo.get(key)
        if known is not None:
            return known
        if self.space.is_goal(state):
            return 1
        if left == 0:
            return 0
        if key in self.open:
            raise Endless
        self.open.add(key)
        self.budget.expand(len(self.memo))
        total = 0
        for _, after in self.space.successors(state):
            total += self.count(after, left - 1 if left > 0 else -1)
        self.open.discard(key)
        self.memo[key] = total
        return total

    def plans(self, starts: list[State], limit: int | None) -> Iterator[Plan]:
        """The plans in depth-first order, up to `limit`, only into states from which one goes on."""
        left = self.bound if self.bound is not None else -1
        for start in starts:
            yield from self._walk([start], [], left)

    def _walk(self, states: list[State], moves: list[int], left: int) -> Iterator[Plan]:
        state = states[-1]
        if self.space.is_goal(state):
            yield Plan(tuple(moves), tuple(states))
            return
        if left == 0:
            return
        later = left - 1 if left > 0 else -1
        for move, after in self.space.successors(state):
            if self.count(after, later):
                states.append(after)
                moves.append(move)
                yield from self._walk(states, moves, later)
                states.pop()
                moves.pop()


class Layers:
    """Breadth-first search: the states in layers by their fewest moves from a start, each with the
    moves that reach it from the layer before and its number of shortest paths."""

    def __init__(self, space: Space, starts: list[State], bound: int | None, budget: Budget) -> None:
        self.space = space
        self.parents: dict[State, list[tuple[int, State]]] = {s: [] for s in starts}
        self.ways: dict[State, int] = dict.fromkeys(starts, 1)
        self.goals = [s for s in starts if space.is_goal(s)]
        self.depth = 0
        layer = list(dict.fromkeys(starts))
        while layer and not self.goals and (bound is None or self.depth < bound):
            layer = self._next(layer, budget)
            self.depth += 1
            self.goals = [s for s in layer if space.is_goal(s)]

    def _next(self, layer: list[State], budget: Budget) -> list[State]:
        found: dict[State, None] = {}
        for state in layer:
            budget.expand(len(self.parents))
            for move, after in self.space.successors(state):
                if after in found:
                    self.parents[after].append((move, state))
                    self.ways[after] += self.ways[state]
                elif after not in self.parents:
                    found[after] = None
                    self.parents[after] = [(move, state)]
                    self.ways[after] = self.ways[state]
        return list(found)

    def count(self) -> int:
        return sum(self.ways[g] for g in self.goals)

    def plans(self) -> Iterator[Plan]:
        for goal in self.goals:
            yield from self._back([goal], [])

    def _back(self, states: list[State], moves: list[int]) -> Iterator[Plan]:
        parents = self.parents[states[-1]]
        if not parents:
            yield Plan(tuple(reversed(moves)), tuple(reversed(states)))
            return
        for move, before in parents:
            states.append(before)
            moves.append(move)
            yield from self._back(states, moves)
            states.pop()
            moves.pop()
