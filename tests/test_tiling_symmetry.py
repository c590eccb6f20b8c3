"""Every tiling by the board's symmetries (`driver/board_symmetry.py`, `driver/symmetric_tilings.py`):
on small boards of each kind of symmetry, the tilings found a class of one piece's placements at a time
and mapped by the board's moves are exactly those that the plain search of the whole model lists on
another backend, each once; a move that is no symmetry of the IR is never used; a model without a
usable symmetry is searched as before. Nothing here depends on the machine's speed."""

from __future__ import annotations

import json

import pytest
from helpers import MODELS, run_cli

from cspdsl.driver.board_symmetry import board_moves, board_symmetry, placed_at, verified_moves
from cspdsl.driver.choice import choose
from cspdsl.driver.counting import count
from cspdsl.driver.solve import solve
from cspdsl.driver.symmetric_tilings import by_board_symmetry, every_tiling
from cspdsl.ir import Count, InSet, Posted
from cspdsl.lower.load import load, loads
from cspdsl.render.solution import render_solution

HALF_TURN_BOARD = '"""\n  ....##\n  ......\n  ......\n  ##....\n"""'  # only a half turn maps it onto itself
ASYMMETRIC_BOARD = '"""\n  .......#\n  .......#\n  ........\n  ........\n"""'  # 30 cells, no move

# (case, model, its tilings, the board's symmetries of the model, the piece fixed, its classes): the
# tilings as the plain searches of cpsat and csp agree on them. The classes: the I's 10 placements on
# 5x5 make 3 (the border lines, the next ones in, the middle row and column), the X's 9 centres 3 (the
# corners, the edges, the middle), the O4's 12 places on 4x5 4 (two of them of 2).
CASES = [
    ("four pentominoes on 4x5", "pieces p = [L, P, U, Y]\nplace p on rectangle(4, 5)\n", 4, 4, "L", 10),
    ("six pentominoes on 3x10", "pieces p = [L, N, P, U, V, Y]\nplace p on rectangle(3, 10)\n", 36, 4, "V", 8),
    ("five pentominoes on a 5x5 square", "pieces p = [I, L, P, U, Y]\nplace p on rectangle(5, 5)\n", 16, 8, "I", 3),
    ("the X and four more on 5x5", "pieces p = [X, F, L, P, U]\nplace p on rectangle(5, 5)\n", 8, 8, "X", 3),
    ("four tetrominoes on a 4x4 square, none", "pieces p = [L4, S4, T4, I4]\nplace p on rectangle(4, 4)\n",
     0, 8, "I4", 2),
    ("the five tetrominoes on 4x5, none", "pieces p = [tetrominoes]\nplace p on rectangle(4, 5)\n", 0, 4, "O4", 4),
    ("a drawn board turned half round", f"pieces p = [F, P, U, Y]\nplace p on {HALF_TURN_BOARD}\n", 4, 2, "U", 14),
]
IDS = [row[0] for row in CASES]


def _placed(solution: dict[str, int]) -> frozenset[str]:
    return frozenset(name for name, value in solution.items() if value == 1)


@pytest.mark.parametrize(("case", "source", "tilings", "symmetries", "piece", "classes"), CASES, ids=IDS)
def test_the_board_symmetries_and_the_piece_fixed(case: str, source: str, tilings: int, symmetries: int,
                                                  piece: str, classes: int) -> None:
    board = board_symmetry(loads(source))
    assert board is not None
    assert (len(board.group), board.piece, len(board.moves)) == (symmetries, piece, classes)
    assert board.group[0] == {name: name for name in board.group[0]}
    # the classes split the piece's placements: a tiling's image by g places the piece where g sends
    # onto the representative, and each placement is reached from exactly one representative, once
    images = [next(v for v in board.placements if g[v] == r) for r, moves in board.moves.items() for g in moves]
    assert sorted(images) == sorted(board.placements)


@pytest.mark.parametrize("engine", ["cpsat", "sat"])
@pytest.mark.parametrize(("case", "source", "tilings", "symmetries", "piece", "classes"), CASES, ids=IDS)
def test_every_tiling_by_symmetry_is_the_plain_search_s(case: str, source: str, tilings: int, symmetries: int,
                                                        piece: str, classes: int, engine: str) -> None:
    model = loads(source)
    board = board_symmetry(model)
    assert board is not None
    seen: list[dict[str, int]] = []
    found = every_tiling(model, engine, board, timeout=120, seed=None, options=None, on_solution=seen.append)
    plain = solve(model, "csp", limit=None, timeout=120)
    assert found.complete and plain.complete
    assert found.count == plain.count == tilings
    assert len({_placed(s) for s in found.solutions}) == len(found.solutions)  # each once
    assert {_placed(s) for s in found.solutions} == {_placed(s) for s in plain.solutions}
    assert seen == found.solutions  # each given to on_solution once checked, in order
    assert all(set(s) == set(model.problem.variables) for s in found.solutions)


EIGHT_PENTOMINOES = MODELS.parent / "tests" / "data" / "eight_pentominoes.puz"  # on 5x8: 858 placements


def test_the_default_counts_and_lists_by_the_board_s_symmetries() -> None:
    """100 tilings; the I's 28 placements on 5x8 fall into 10 classes (4 of 4, 6 of 2)."""
    model = load(str(EIGHT_PENTOMINOES))
    counted, listed = count(model, timeout=120), solve(model, limit=None, timeout=120)
    for result in (counted, listed):
        assert result.backend == "cpsat" and result.count == 100
        assert (result.chosen_because or "").startswith("every tiling by the board's symmetries: ")
        assert (result.stats["fixed_piece"], result.stats["symmetries"], result.stats["classes"]) == ("I", 4, 10)
        assert result.stats["searched"] < 100
    assert counted.count_method == "enumeration" and counted.stats["count_method"] == "enumeration"
    assert {_placed(s) for s in listed.solutions} == {_placed(s) for s in solve(model, "csp", limit=None).solutions}


def test_a_small_board_is_searched_whole() -> None:
    """Below 800 placements the classes' searches cost more than they save: one search, as before."""
    model = loads(CASES[1][1])  # six pentominoes on 3x10: 350 placements
    result = count(model, timeout=120)
    assert (result.chosen_because or "").startswith("every tiling: ") and "fixed_piece" not in result.stats


def test_without_a_piece_to_fix_the_whole_model_is_searched() -> None:
    """No symmetry of the model: the run of the rule is the plain search, and its stats say so."""
    model = loads(f"pieces p = [F, I, L, N, P, U]\nplace p on {ASYMMETRIC_BOARD}\n")
    plain = solve(model, "cpsat", limit=None)
    run = by_board_symmetry(model, lambda backend, timeout: plain, seed=None, options=None, on_solution=None)
    result = run("cpsat", None)
    assert result is plain and result.stats["board_symmetry"].startswith("none used")


def test_a_move_that_breaks_a_clue_is_not_used() -> None:
    """Two clues that only the half turn keeps: cell (1,1) and cell (4,5) are each covered by the L or
    the P. The flips map them onto other clues, so they are no symmetry, and the count is still exact."""
    model = loads(CASES[0][1])
    tiling = model.layout.tilings[0]
    for corner in ((1, 1), (4, 5)):
        over = tuple(InSet(name, (1,)) for name, (kind, cells) in tiling.placements.items()
                     if kind in ("L", "P") and corner in cells)
        model.problem.constraints.append(Posted(Count(over, "==", 1)))
    assert len(board_moves(tiling.board)) == 4
    group = verified_moves(model.problem, tiling)
    assert len(group) == 2
    half_turn = group[1]
    assert all(set(tiling.placements[half_turn[name]][1]) == {(5 - r, 6 - c) for r, c in cells}
               for name, (_, cells) in tiling.placements.items())
    board = board_symmetry(model)
    assert board is not None and len(board.group) == 2
    found = every_tiling(model, "cpsat", board, timeout=120, seed=None, options=None, on_solution=None)
    plain = solve(model, "csp", limit=None, timeout=120)
    assert found.count == plain.count
    assert {_placed(s) for s in found.solutions} == {_placed(s) for s in plain.solutions}


def test_a_model_that_is_more_than_an_exact_cover_is_not_searched_by_symmetry() -> None:
    model = loads(CASES[0][1])
    tiling = model.layout.tilings[0]
    over = tuple(InSet(name, (1,)) for name, (kind, cells) in tiling.placements.items() if (1, 1) in cells)
    model.problem.constraints.append(Posted(Count(over, "<=", 1)))
    assert board_symmetry(model) is None


WITHOUT = [
    ("a board that no move maps onto itself", f"pieces p = [F, I, L, N, P, U]\nplace p on {ASYMMETRIC_BOARD}\n",
     "every tiling"),
    ("pieces that may not be flipped", "pieces p = [L, N, P, U, V, Y]\nplace p on rectangle(3, 10): no_flips\n",
     "every tiling"),
    ("two copies of a piece", "pieces p = [L, L, P, P, U, U]\nplace p on rectangle(3, 10)\n", "default"),
]


@pytest.mark.parametrize(("case", "source", "rule"), WITHOUT, ids=[row[0] for row in WITHOUT])
def test_a_model_without_a_usable_symmetry_is_searched_as_before(case: str, source: str, rule: str) -> None:
    model = loads(source)
    chosen = solve(model, limit=None, timeout=120)
    assert (chosen.chosen_because or "").startswith(f"{rule}: ")
    assert "fixed_piece" not in chosen.stats
    forced = solve(model, chosen.backend, limit=None, timeout=120)
    assert chosen.solutions == forced.solutions and chosen.complete


def test_a_piece_placed_fixes_its_counts_as_a_cover_search_does() -> None:
    model = loads(CASES[0][1])
    name = next(iter(board_symmetry(model).moves))  # type: ignore[union-attr]
    rest, fixed = placed_at(model.problem, name)
    assert fixed[name] == 1 and sum(fixed.values()) == 1
    assert set(rest.variables) == set(model.problem.variables) - set(fixed)
    assert len(rest.constraints) == len(model.problem.constraints) - 6  # the L's count and its five cells
    assert all(isinstance(p.constraint, Count) and p.constraint.k == 1 for p in rest.constraints)


def test_the_x_pentomino_is_fixed_on_the_large_boards() -> None:
    """Fewest classes: the X's 26 placements on 4x15 in 7 (the middle column's two, swapped by the
    flip across the long side, make one of 2), its 32 on 6x10 in 8; none depends on a search."""
    for path, classes, images in (("pentominoes4x15.puz", 7, [4] * 6 + [2]), ("pentominoes.puz", 8, [4] * 8)):
        model = load(str(MODELS / path))
        board = board_symmetry(model)
        assert board is not None and board.piece == "X" and len(board.group) == 4
        assert len(board.moves) == classes and sorted((len(m) for m in board.moves.values()), reverse=True) == images
        tilings = model.layout.tilings
        assert choose(model.problem, "count", None, tilings).rule == "every tiling by the board's symmetries"
        assert choose(model.problem, "first", None, tilings).rule == "first tiling of a large board"


def test_a_time_limit_keeps_the_tilings_checked() -> None:
    """Whatever the time limit lets through, what is given is checked, distinct and no more than all."""
    model = load(str(MODELS / "pentominoes4x15.puz"))
    result = count(model, timeout=0.05)
    assert len({_placed(s) for s in result.solutions}) == len(result.solutions) <= 1472
    assert result.count == 1472 if result.complete else result.count is None and result.timed_out


def test_the_command_line_says_how_the_tilings_were_found() -> None:
    path = "tests/data/eight_pentominoes.puz"
    stats = run_cli("solve", path, "--count", "--stats")
    assert stats.returncode == 0, stats.stderr
    assert "100 solutions." in stats.stdout
    assert "backend: cpsat, chosen by every tiling by the board's symmetries: " in stats.stdout
    assert "fixed_piece: I" in stats.stdout and "symmetries: 4" in stats.stdout
    listed, forced = (run_cli("solve", path, "--all", "--json", *more) for more in ((), ("--backend", "cpsat")))
    lines, plain = listed.stdout.splitlines(), forced.stdout.splitlines()  # a line a solution, then the summary
    data = json.loads(lines[-1])
    assert (listed.returncode, data["count"], len(lines)) == (0, 100, 101)
    assert data["chosen_because"].startswith("every tiling by the board's symmetries: ")
    assert data["stats"]["fixed_piece"] == "I" and data["stats"]["classes"] == 10
    assert "chosen_because" not in json.loads(plain[-1]) and "fixed_piece" not in json.loads(plain[-1])["stats"]
    values = [json.dumps(json.loads(line)["values"], sort_keys=True) for line in lines[:-1]]
    assert sorted(values) == sorted(json.dumps(json.loads(line)["values"], sort_keys=True) for line in plain[:-1])


@pytest.mark.slow
def test_the_pentominoes_on_4x15_by_default() -> None:
    """1,472 tilings, 368 up to the rectangle's four symmetries (Golomb, Polyominoes), told apart by
    their lettered boards, apart from the board's moves on the placements."""
    result = count(load(str(MODELS / "pentominoes4x15.puz")), timeout=600)
    assert (result.count, result.stats["searched"], result.stats["fixed_piece"]) == (1472, 402, "X")
    boards = {tuple(row.strip() for row in render_solution(result.model.layout, s).splitlines()[1:])
              for s in result.solutions}
    images = [lambda b: b, lambda b: b[::-1], lambda b: tuple(row[::-1] for row in b),
              lambda b: tuple(row[::-1] for row in b[::-1])]
    assert len(boards) == 1472
    assert len({min(image(board) for image in images) for board in boards}) == 368


@pytest.mark.slow
def test_the_pentominoes_on_6x10_by_default() -> None:
    """2,339 tilings up to the rectangle's four symmetries (Haselgrove, 1960), 9,356 in all."""
    result = count(load(str(MODELS / "pentominoes.puz")), timeout=1200)
    assert (result.count, result.stats["fixed_piece"]) == (9356, "X")
