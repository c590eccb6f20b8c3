"""The graph of a `Connected` constraint, as the backends that test it at run time read it: each node's
neighbours, how many areas the chosen nodes make, and whether a partial choice already decides it.

The csp backend's search-time check, the local searches' violation and `evaluate` share these; the
independent checker (`check/problem.py`) has its own search, so the tests can hold these to it.
"""

from __future__ import annotations

from collections.abc import Sequence

Around = tuple[tuple[int, ...], ...]  # for each node, the nodes an edge joins it to


def neighbours(size: int, edges: Sequence[tuple[int, int]]) -> Around:
    """Each node's neighbours, in the order the edges name them (an edge counts both ways)."""
    found: list[list[int]] = [[] for _ in range(size)]
    for i, j in edges:
        found[i].append(j)
        found[j].append(i)
    return tuple(tuple(nodes) for nodes in found)


def _spread(start: int, inside: Sequence[bool], around: Around, reached: list[bool]) -> int:
    """Marks in `reached` every node joined to `start` through nodes `inside`; returns how many."""
    reached[start] = True
    stack, count = [start], 1
    while stack:
        node = stack.pop()
        for other in around[node]:
            if inside[other] and not reached[other]:
                reached[other] = True
                count += 1
                stack.append(other)
    return count


def areas(chosen: Sequence[bool], around: Around) -> int:
    """The number of separate areas (connected components) the chosen nodes make."""
    reached = [False] * len(chosen)
    count = 0
    for node, inside in enumerate(chosen):
        if inside and not reached[node]:
            _spread(node, chosen, around, reached)
            count += 1
    return count


def area_status(states: Sequence[bool | None], around: Around) -> bool | None:
    """Whether the nodes that hold are one non-empty area, when a partial assignment decides it: False
    once no node can hold or two nodes that hold are cut apart by nodes that cannot, True once every
    node is decided and they are one area, else None."""
    possible = [state is not False for state in states]
    if True not in possible:
        return False
    sure = [node for node, state in enumerate(states) if state is True]
    if not sure:
        return None
    reached = [False] * len(states)
    _spread(sure[0], possible, around, reached)
    if not all(reached[node] for node in sure):
        return False
    return True if None not in states else None
