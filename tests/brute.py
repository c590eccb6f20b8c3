"""Brute force over small IR problems: the reference every backend is tested against."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from cspdsl.backends import Backend, Outcome
from cspdsl.check.problem import holds, objective_value, violated
from cspdsl.ir import OPS, And, Constraint, Count, Not, Objective, Or, Problem


def make_problem(domains: dict[str, tuple[int, ...]], *constraints: Constraint) -> Problem:
    problem = Problem()
    for name, domain in domains.items():
        problem.add_var(name, domain)
    for c in constraints:
        problem.post(c)
    return problem


def brute_force(problem: Problem) -> set[tuple[int, ...]]:
    """Every assignment the checker accepts, projected on the output variables."""
    names = list(problem.variables)
    found = set()
    for values in itertools.product(*(problem.variables[n].domain for n in names)):
        a = dict(zip(names, values, strict=True))
        if all(holds(p.constraint, a) for p in problem.constraints):
            found.add(problem.project(a))
    return found


def brute_force_optimum(problem: Problem) -> tuple[int | list[int] | None, set[tuple[int, ...]]]:
    """The best value of the problem's objective over every assignment the checker accepts (None when
    there is none; a list for a lexicographic objective, compared part by part), and the assignments
    that reach it, projected on the output variables."""
    objective = problem.objective
    assert objective is not None
    names = list(problem.variables)
    best: tuple[int, ...] | None = None
    optimal: set[tuple[int, ...]] = set()
    for values in itertools.product(*(problem.variables[n].domain for n in names)):
        a = dict(zip(names, values, strict=True))
        if not all(holds(p.constraint, a) for p in problem.constraints):
            continue
        value = tuple(objective_value(part, a) for part in objective.parts)
        if best is None or any(part.better(x, y) for part, x, y in _first_difference(objective, value, best)):
            best, optimal = value, set()
        if value == best:
            optimal.add(problem.project(a))
    if best is None:
        return None, optimal
    return (list(best) if objective.lexicographic else best[0]), optimal


def _first_difference(objective: Objective, a: tuple[int, ...], b: tuple[int, ...]) -> list[tuple[Objective, int, int]]:
    """The first part where two values differ, with both numbers (none when they are equal)."""
    return [(part, x, y) for part, x, y in zip(objective.parts, a, b, strict=True) if x != y][:1]


def solve_all(backend: Backend, problem: Problem, timeout: float | None = None) -> Outcome:
    return backend.solve(backend.compile(problem), limit=None, timeout=timeout, seed=0)


def assert_matches_brute_force(backend: Backend, problem: Problem) -> None:
    outcome = solve_all(backend, problem)
    keys = [problem.project(s) for s in outcome.solutions]
    assert len(keys) == len(set(keys)), "a solution was reported twice"
    assert set(keys) == brute_force(problem)
    assert outcome.complete and not outcome.timed_out
    for s in outcome.solutions:
        assert set(s) == set(problem.variables)
        assert violated(problem, s) == []


def nested_conditions(leaves: st.SearchStrategy[Constraint]) -> st.SearchStrategy[Constraint]:
    """Conditions built from `leaves` by and, or, not and count, up to six leaves deep."""

    def extend(children: st.SearchStrategy[Constraint]) -> st.SearchStrategy[Constraint]:
        many = st.lists(children, max_size=3).map(tuple)
        return st.one_of(
            st.builds(And, many),
            st.builds(Or, many),
            st.builds(Not, children),
            st.builds(Count, many, st.sampled_from(OPS), st.integers(-1, 3)),
        )

    return st.recursive(leaves, extend, max_leaves=6)


def brute_force_tilings(board: set[tuple[int, int]], shapes: dict[str, list[set[tuple[int, int]]]],
                        copies: dict[str, int], exact: bool) -> int:
    """The number of ways to place `copies[k]` pieces of each kind k (in any of its orientations
    `shapes[k]`, each a set of cells) on the board, covering each cell once (`exact`) or at most
    once: a search cell by cell over the board alone, sharing nothing with the IR or the lowering."""
    cells = sorted(board)
    left = dict(copies)

    def search(i: int, free: set[tuple[int, int]]) -> int:
        while i < len(cells) and cells[i] not in free:
            i += 1
        if i == len(cells):
            return int(all(n == 0 for n in left.values()))
        r, c = cells[i]
        total = 0 if exact else search(i + 1, free - {cells[i]})  # the cell stays uncovered
        for kind, orientations in shapes.items():
            if not left[kind]:
                continue
            for shape in orientations:
                top = min(shape)  # the shape's first cell in reading order lies on (r, c)
                placed = {(r + dr - top[0], c + dc - top[1]) for dr, dc in shape}
                if placed <= free:
                    left[kind] -= 1
                    total += search(i + 1, free - placed)
                    left[kind] += 1
        return total

    return search(0, set(board))


def all_orientations(shape: set[tuple[int, int]], turns: bool, flips: bool) -> list[set[tuple[int, int]]]:
    """The distinct images of a shape under the quarter turns and flips allowed, moved to the corner."""
    def corner(cells: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        return frozenset((r - top, c - left) for r, c in cells)

    images = {corner(shape)}
    frontier = [corner(shape)]
    while frontier:
        current = frontier.pop()
        moves = ([{(c, -r) for r, c in current}] if turns else []) + ([{(r, -c) for r, c in current}] if flips else [])
        for moved in map(corner, moves):
            if moved not in images:
                images.add(moved)
                frontier.append(moved)
    return [set(image) for image in images]
