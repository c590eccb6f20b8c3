"""Twiddle against the peer's twiddle solver: the tiles' numbers. The peer turns a 2x2 square
clockwise only, as the model does, and gives one plan of the fewest turns (it minimises the turns'
times within `time_horizon` steps, so a shortest plan with no waiting between), each turn as the
(x, y) of the square's top left tile; ours are every shortest plan, each turn as (row, column)."""

from genres import picture

PEER = "twiddle.twiddle"
PLAN = "one shortest"
INSTANCES = [
    {  # test_toy2 (test_toy3 is the same board)
        'board': [
            [2, 5, 3],
            [4, 8, 6],
            [1, 7, 9],
        ],
        'time_horizon': 20,
    },
]
# The peer's test_toy ([[6, 8, 2], [7, 9, 3], [5, 1, 4]], marked very slow in its tests) is left out:
# the peer does not solve it within a quarter of an hour; ours finds its 26 shortest plans, of 11
# turns, in 3 s.


def instance(kwargs):
    board = kwargs["board"]
    values = [v for row in board for v in row]
    return (f"let R = {len(board)}\nlet C = {len(board[0])}\n"
            f"var tile[1..R, 1..C] in {min(values)}..{max(values)}\n"
            f"start: tile = {picture([[str(v) for v in row] for row in board])}\n")


def their_plans(solutions, kwargs):
    if not solutions:
        return set()
    return {tuple((y, x) for x, y in (turn for turn in solutions if turn not in (None, "NOOP")))}


def our_plans(result, kwargs):
    plans = set()
    for index, _ in enumerate(result.plans):
        turns = [word.removeprefix("turn ").split(",") for word in result.words(index)]
        plans.add(tuple((int(r) - 1, int(c) - 1) for r, c in turns))
    return plans


def peer_solutions(kwargs):
    """The peer's Board, solved as its `solve_and_print` does; that method asks the solver's status
    by `StatusName()`, which fails on the installed OR-Tools (a `CpSolverStatus` called), so the
    turns are read here from `solve`'s own status: each step's square as (x, y), or 'NOOP'."""
    import numpy as np
    from ortools.sat.python import cp_model
    from puzzle_solver.puzzles.twiddle.twiddle import Board

    board = Board(board=np.array(kwargs["board"]), time_horizon=kwargs["time_horizon"])
    solver = cp_model.CpSolver()
    if solver.solve(board.model) != cp_model.OPTIMAL:
        return []
    return [next((pos.x, pos.y) if pos != "NOOP" else "NOOP" for pos, var in decisions.items() if solver.value(var))
            for _, decisions in sorted(board.decision.items())]
