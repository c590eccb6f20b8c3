"""The cheapest plans (`minimize cost`) by a search of least cost first (Dijkstra's): states are taken
from a heap in the order of the least cost that reaches them, each with the moves that reach it at
that cost and its number of cheapest paths, until the goal states of the least cost are all taken.

Every move costs at least 1, so a state's parents are all taken before it is, and its count of
cheapest paths is final when it is taken. Ties are taken in the order they were reached: with every
cost 1 the states come layer by layer in the breadth-first search's order (`explore.Layers`), and so
do the plans. Under a bound (`steps <= N`) a state is told apart by the moves made to reach it, so
that a path that costs more but takes fewer moves is kept where it can still reach the goal in time.
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable, Iterator

from ...core.static_types import Any
from ...ir.sequential import Plan
from .explore import Budget
from .space import Space, State

Node = Hashable  # a state, or under a bound (state, moves made)


class Cheapest:
    """Least-cost-first search from the start states: `cost` the least cost of a plan (None: no plan),
    `count()` the number of cheapest plans, `plans()` them, in the order they were found."""

    def __init__(self, space: Space, starts: list[State], bound: int | None, budget: Budget) -> None:
        self.space, self.bound = space, bound
        self.costs = [move.cost for move in space.seq.moves]
        self.parents: dict[Node, list[tuple[int, Node]]] = {}
        self.ways: dict[Node, int] = {}
        self.best: dict[Node, int] = {}
        self.goals: list[Node] = []
        self.cost: int | None = None
        self._search(list(dict.fromkeys(starts)), budget)

    def _node(self, state: State, depth: int) -> Node:
        return (state, depth) if self.bound is not None else state

    def _state(self, node: Any) -> State:
        state: State = node[0] if self.bound is not None else node
        return state

    def _search(self, starts: list[State], budget: Budget) -> None:
        heap: list[tuple[int, int, int, Node]] = []  # (cost, order reached, moves made, node)
        for state in starts:
            node = self._node(state, 0)
            self.parents[node], self.ways[node], self.best[node] = [], 1, 0
            heap.append((0, len(heap), 0, node))
        reached = len(heap)
        taken: set[Node] = set()
        while heap:
            cost, _, depth, node = heapq.heappop(heap)
            if node in taken or cost > self.best[node]:
                continue
            if self.cost is not None and cost > self.cost:
                break
            taken.add(node)
            state = self._state(node)
            if self.space.is_goal(state):
                self.cost = cost
                self.goals.append(node)
                continue
            if self.bound is not None and depth >= self.bound:
                continue
            budget.expand(len(self.best))
            for move, after in self.space.successors(state):
                reached = self._relax(heap, reached, (cost, depth, node), move, self._node(after, depth + 1))
        return

    def _relax(self, heap: list[tuple[int, int, int, Node]], reached: int, came: tuple[int, int, Node],
               move: int, node: Node) -> int:
        """`node` reached by `move` from the node taken (its cost, moves made and itself): kept when it
        is a cheapest way there so far. The number of nodes reached, with this one."""
        cost, depth, before = came
        cost += self.costs[move]
        known = self.best.get(node)
        if known is None or cost < known:
            self.best[node], self.parents[node], self.ways[node] = cost, [(move, before)], self.ways[before]
            heapq.heappush(heap, (cost, reached, depth + 1, node))
            return reached + 1
        if cost == known:
            self.parents[node].append((move, before))
            self.ways[node] += self.ways[before]
        return reached

    def count(self) -> int:
        return sum(self.ways[goal] for goal in self.goals)

    def plans(self) -> Iterator[Plan]:
        for goal in self.goals:
            yield from self._back([goal], [])

    def _back(self, nodes: list[Node], moves: list[int]) -> Iterator[Plan]:
        parents = self.parents[nodes[-1]]
        if not parents:
            states = tuple(self._state(node) for node in reversed(nodes))
            yield Plan(tuple(reversed(moves)), states)
            return
        for move, before in parents:
            nodes.append(before)
            moves.append(move)
            yield from self._back(nodes, moves)
            nodes.pop()
            moves.pop()
