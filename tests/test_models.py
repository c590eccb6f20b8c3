"""The puzzles of the source articles, solved from their text models: real answers and counts."""

from __future__ import annotations

import itertools
import json
import threading
import time

import pytest
from helpers import MODELS, run_cli

import cspdsl
from cspdsl import solutions
from cspdsl.api import load, loads, solve
from cspdsl.backends import REGISTRY, backend_class, exact_backends
from cspdsl.check.problem import violated
from cspdsl.core.errors import CspdslError
from cspdsl.render.solution import render_solution, solution_json


def solve_model(name: str, params: dict[str, object] | None = None, **kwargs):
    """On CP-SAT unless told otherwise: tests/test_agreement.py holds every backend to the same sets."""
    return solve(load(MODELS / f"{name}.puz", params), **{"backend": "cpsat", **kwargs})


def entity_at(result, attribute: str, position: int) -> str:
    values = result.model.layout.entities.attributes[attribute]
    solution = result.solutions[0]
    return next(v for v, var in values.items() if solution[var] == position)


def test_einstein_the_german_owns_the_fish():
    result = solve_model("einstein")
    assert result.status == "solved"
    assert result.unique is True
    assert result.answers() == ["The German owns the fish, in house 4."]
    houses = {
        1: ("Norwegian", "yellow", "cat", "water", "Dunhill"),
        2: ("Dane", "blue", "horse", "tea", "Blends"),
        3: ("Brit", "red", "bird", "milk", "Pall Mall"),
        4: ("German", "green", "fish", "coffee", "Prince"),
        5: ("Swede", "white", "dog", "root beer", "Blue Master"),
    }
    attributes = ("nationality", "colour", "animal", "beverage", "cigar")
    for house, values in houses.items():
        assert tuple(entity_at(result, a, house) for a in attributes) == values


def test_einstein_has_exactly_one_solution():
    assert len(solve_model("einstein", limit=None).solutions) == 1


def test_einstein_rendered_output():
    result = solve_model("einstein")
    assert render_solution(result.model.layout, result.solutions[0]) == (
        "house   nationality   colour   animal   beverage    cigar\n"
        "───────────────────────────────────────────────────────────────\n"
        "    1   Norwegian     yellow   cat      water       Dunhill\n"
        "    2   Dane          blue     horse    tea         Blends\n"
        "    3   Brit          red      bird     milk        Pall Mall\n"
        "    4   German        green    fish     coffee      Prince\n"
        "    5   Swede         white    dog      root beer   Blue Master\n"
        "\n"
        "The German owns the fish, in house 4."
    )


def test_zebra_as_stated_in_004():
    result = solve_model("zebra", limit=None)
    assert len(result.solutions) == 1
    assert result.answers() == ["The German keeps the fish, in house 4."]
    assert entity_at(result, "nationality", 1) == "Norwegian"
    assert entity_at(result, "beverage", 5) == "beer"


SUDOKU_SOLUTION = """
965317824
481926537
273854196
659438271
327691485
814275963
592743618
136582749
748169352
"""


def test_sudoku_unique_solution():
    result = solve_model("sudoku", limit=None)
    assert len(result.solutions) == 1
    solution = result.solutions[0]
    rows = ["".join(str(solution[f"cell[{r},{c}]"]) for c in range(1, 10)) for r in range(1, 10)]
    assert rows == SUDOKU_SOLUTION.split()


def test_sudoku_givens_are_kept():
    solution = solve_model("sudoku").solutions[0]
    assert (solution["cell[1,3]"], solution["cell[1,4]"], solution["cell[9,7]"]) == (5, 3, 3)


def grid_rows(solution: dict[str, int], name: str, size: int) -> list[str]:
    return ["".join(str(solution[f"{name}[{r},{c}]"]) for c in range(1, size + 1)) for r in range(1, size + 1)]


@pytest.mark.parametrize("backend", exact_backends())
def test_killer_sudoku_cages_drawn_as_a_letter_map(backend):
    result = solve_model("killer4", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert grid_rows(result.solutions[0], "g", 4) == ["1234", "3412", "2143", "4321"]


@pytest.mark.parametrize("backend", exact_backends())
def test_kakuro_black_cells_have_no_variables(backend):
    result = solve_model("kakuro4", backend=backend, limit=None)
    assert result.complete and result.count == 1
    solution = result.solutions[0]
    rows = ["".join(str(solution.get(f"k[{r},{c}]", "#")) for c in range(1, 5)) for r in range(1, 5)]
    assert rows == ["##79", "#682", "489#", "35##"]
    assert sorted(result.model.problem.outputs) == sorted(f"k[{r},{c}]" for r in range(1, 5) for c in range(1, 5)
                                                          if rows[r - 1][c - 1] != "#")


# Published puzzles written with the language's constructs: each has one answer (the magic star 80,
# one of each 12 turned or flipped), found and counted the same on every exact backend. The KenKen's
# cages are products and quotients.
PUBLISHED_GRIDS = {
    "killer": ("g", ["215647398", "368952174", "794381652", "586274931", "142593867", "973816425", "821739546",
                     "659428713", "437165289"]),
    "jigsaw": ("g", ["845279361", "359162784", "281395476", "467918235", "574623918", "136754829", "928536147",
                     "792481653", "613847592"]),
    "kenken": ("g", ["563412", "614523", "452361", "341256", "236145", "125634"]),
}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("name", sorted(PUBLISHED_GRIDS))
def test_published_sudoku_variants_have_their_one_answer(name, backend):
    result = solve_model(name, backend=backend, limit=None)
    assert result.complete and result.count == 1
    grid, rows = PUBLISHED_GRIDS[name]
    assert grid_rows(result.solutions[0], grid, len(rows)) == rows


@pytest.mark.parametrize("backend", exact_backends())
def test_wikipedias_kakuro_has_its_one_answer(backend):
    result = solve_model("kakuro", backend=backend, limit=None)
    assert result.complete and result.count == 1
    solution = result.solutions[0]
    rows = ["".join(str(solution.get(f"k[{r},{c}]", "#")) for c in range(1, 8)) for r in range(1, 8)]
    assert rows == ["97##879", "89#8957", "68597##", "#61#26#", "##46132", "8931#14", "312##21"]


@pytest.mark.parametrize("backend", exact_backends())
def test_wikipedias_hitori_has_its_one_answer(backend):
    result = solve_model("hitori", backend=backend, limit=None)
    assert result.complete and result.count == 1
    shaded = result.solutions[0]
    rows = ["".join("#." [1 - shaded[f"black[{r},{c}]"]] for c in range(1, 9)) for r in range(1, 9)]
    assert rows == ["#.#...#.", ".....#..", "#..#....", "..#..#.#", ".#.#....", "#...#..#", ".#......", "....#.#."]


@pytest.mark.parametrize("backend", [name for name in exact_backends() if name != "cp"])  # cp: no areas
def test_shadifys_kurodoko_has_its_published_answer(backend):
    result = solve_model("kurodoko", backend=backend, limit=None)
    assert result.complete and result.count == 1
    shaded = result.solutions[0]
    rows = ["".join("#." [1 - shaded[f"black[{r},{c}]"]] for c in range(1, 6)) for r in range(1, 6)]
    assert rows == ["..#..", ".....", ".....", ".#.#.", "....."]


@pytest.mark.parametrize("backend", exact_backends())
def test_the_light_up_has_its_published_lamps(backend):
    result = solve_model("lightup", backend=backend, limit=None)
    assert result.complete and result.count == 1
    lamps = result.solutions[0]
    rows = ["".join(str(lamps.get(f"lamp[{r},{c}]", "#")) for c in range(1, 8)) for r in range(1, 8)]
    assert rows == ["1000#01", "0001000", "#01#100", "00#1#10", "100#10#", "0010000", "01#1000"]


@pytest.mark.parametrize("backend", exact_backends())
def test_the_puzz_link_slitherlink_has_its_one_loop(backend):
    result = solve_model("slitherlink", backend=backend, limit=None)
    assert result.complete and result.count == 1
    loop = result.solutions[0]
    h = ["".join(str(loop[f"h[{r},{c}]"]) for c in range(1, 6)) for r in range(6)]
    v = ["".join(str(loop[f"v[{r},{c}]"]) for c in range(6)) for r in range(1, 6)]
    assert h == ["11111", "01100", "00100", "00010", "10100", "00001"]
    assert v == ["100001", "110101", "111001", "111111", "000011"]


TUNAPALOOZA = [
    "Ellyfish: music grunge, spot T-shirt vendor.",
    "Korrupt: music speed metal, spot mosh pit.",
    "Retread Ed and the Flat Tires: music country, spot information booth.",
    "Yellow Reef: music reggae, spot carnival games.",
]


@pytest.mark.parametrize("backend", exact_backends())
def test_tunapalooza_keyed_by_band(backend):
    result = solve_model("tuna", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert result.answers() == TUNAPALOOZA


@pytest.mark.parametrize("backend", exact_backends())
def test_a_round_of_golf_scores_are_numbers_clues_add_to(backend):
    result = solve_model("golf", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert result.answers() == ["Jack 85, Bill 71, Paul 78, Frank 75."]
    golf = result.solution
    assert [(golf[name]["man"], golf[name]["job"]) for name in ("Clubb", "Sands", "Carter", "Green")] == [
        ("Jack", "maintenance man"), ("Bill", "cook"), ("Paul", "caddy"), ("Frank", "clerk")]


@pytest.mark.parametrize("backend", exact_backends())
def test_who_killed_agatha_has_one_solution_on_the_killer(backend):
    """`show killer`: the 18 ways to fill in who hates whom and who is richer all name one killer."""
    result = solve_model("agatha", backend=backend, limit=None)
    assert result.complete and result.count == 1 and result.unique is True
    assert result.answers() == ["Agatha killed Agatha."]
    assert result.to_dict()["solutions"] == [{"values": {"killer": 1}, "answers": ["Agatha killed Agatha."]}]
    assert render_solution(result.model.layout, result.solutions[0]) == "killer = 1\n\nAgatha killed Agatha."
    assert violated(result.model.problem, result.solutions[0]) == []  # a whole witness: hates, richer too
    shown_all = (MODELS / "agatha.puz").read_text().replace("\nshow killer\n", "\n")
    assert solve(loads(shown_all, "agatha.puz"), backend, limit=None).count == 18
    found = solutions(load(MODELS / "agatha.puz"), backend)
    assert [s["killer"] for s in found] == [1] and found.result is not None and found.result.count == 1


@pytest.mark.parametrize("backend", exact_backends())
def test_the_magic_star_drawn_as_printed_has_80_solutions(backend):
    result = solve_model("magicstar", backend=backend, limit=None)
    assert result.complete and result.count == 80
    lines = ["bcde", "hijk", "bfil", "adgk", "acfh", "egjl"]
    for solution in result.solutions:
        assert all(sum(solution[f"star.{c}"] for c in line) == 26 for line in lines)
    assert len({tuple(sorted(s.items())) for s in result.solutions}) == 80


# The shaded pictures of the published grids in bool, as their sources print them (`#` shaded, a star).
PUBLISHED_PICTURES = {
    "nonogram": (
        "g:\n  . # # . . . . . . .\n  # . # # . . . . . .\n  # . . # . . . . . .\n  . . . # # . . . . .\n"
        "  . . . . # . . . . .\n  . . . # # # . . . .\n  . . . # # # . . . .\n  . . # # . # # . . .\n"
        "  . . # # . . # . . .\n  . # # . . . # # . #\n  . # # . . . . # # #\n  # # . . . . . # # ."
    ),
    "stars": (
        "s:\n  . . . . . . . # . #\n  . # . # . . . . . .\n  . . . . . . # . # .\n  . . # . # . . . . .\n"
        "  # . . . . . . . # .\n  . . . # . # . . . .\n  . # . . . . . # . .\n  . . . . . # . . . #\n"
        "  # . # . . . . . . .\n  . . . . # . # . . ."
    ),
}


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("name", sorted(PUBLISHED_PICTURES))
def test_published_shaded_grids_have_their_one_picture(name, backend):
    result = solve_model(name, backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert render_solution(result.model.layout, result.solutions[0]) == PUBLISHED_PICTURES[name]


@pytest.mark.parametrize("backend", exact_backends())
def test_published_skyscrapers_has_its_one_answer(backend):
    result = solve_model("skyscrapers", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert grid_rows(result.solutions[0], "g", 4) == ["4321", "1243", "3412", "2134"]


def test_kakuro_rendered_with_its_black_cells():
    result = solve_model("kakuro4")
    assert render_solution(result.model.layout, result.solutions[0]) == (
        "k:\n  # # 7 9\n  # 6 8 2\n  4 8 9 #\n  3 5 # #"
    )


def test_lock_fits_exactly_three_codes():
    result = solve_model("lock", limit=None)
    codes = sorted("".join(str(s[f"code[{i}]"]) for i in (1, 2, 3)) for s in result.solutions)
    assert codes == ["438", "708", "748"]
    assert result.complete and result.unique is False


def test_lock_says_it_is_not_unique():
    result = run_cli("solve", "models/lock.puz")
    assert result.returncode == 0
    assert "not unique" in result.stdout
    assert "The code is " in result.stdout


# What a solve of the lock (3 codes) tells, by backend and `limit`: (found, count, complete, unique).
# A count only when the search was complete; a search stopped by its limit found a lower bound.
EXACT_LOCK_COUNTS = [
    (2, (2, None, False, False)),  # the plain solve: 2 found, so not unique, but not a count
    (3, (3, None, False, False)),  # the limit reached: no proof that there is no fourth
    (4, (3, 3, True, False)),
    (None, (3, 3, True, False)),
]
LOCK_COUNTS = [(backend, limit, told) for backend in exact_backends() for limit, told in EXACT_LOCK_COUNTS] + [
    (backend, 2, (1, None, False, None))
    for backend in sorted(REGISTRY) if not backend_class(backend).CAPABILITIES.exact
]


@pytest.mark.parametrize(("backend", "limit", "told"), LOCK_COUNTS)
def test_lock_count_only_when_the_search_was_complete(backend, limit, told):
    result = solve_model("lock", backend=backend, limit=limit, seed=1)
    assert (result.found, result.count, result.complete, result.unique) == told


@pytest.mark.parametrize("backend", exact_backends())
def test_send_more_money_is_9567_plus_1085(backend):
    result = solve_model("sendmore", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert result.answers() == ["9567 + 1085 = 10652."]


SEDER = [
    "Bernice: age 5, task bitter herbs.",
    "Dov: age 3, task Four Questions.",
    "Miriam: age 10, task door for Elijah.",
    "Noah: age 8, task afikoman.",
    "Tali: age 7, task Passover story.",
]


@pytest.mark.parametrize("backend", exact_backends())
def test_seder_ages_are_numbers_clues_add_to(backend):
    result = solve_model("seder", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert result.answers() == SEDER  # keyed by names and without questions: who is what


def test_seder_rendered_keyed_by_child():
    result = solve_model("seder")
    assert render_solution(result.model.layout, result.solutions[0]) == "\n".join([
        "child     age   task",
        "───────────────────────────────",
        "Bernice   5     bitter herbs",
        "Dov       3     Four Questions",
        "Miriam    10    door for Elijah",
        "Noah      8     afikoman",
        "Tali      7     Passover story",
        "",
        *SEDER,
    ])


@pytest.mark.parametrize("backend", exact_backends())
def test_bands_keyed_by_band_without_positions(backend):
    result = solve_model("bands", backend=backend, limit=None)
    assert result.complete and result.count == 1
    assert result.answers() == ["Moss Hollow, the jazz band from Fresno.", "folk, on the North stand."]
    rows = render_solution(result.model.layout, result.solutions[0]).splitlines()[2:6]
    assert rows == [
        "Yellow Reef    folk    North   Boise",
        "Iron Tide      punk    West    Akron",
        "Moss Hollow    jazz    South   Fresno",
        "Static Bloom   rock    East    Dayton",
    ]


def test_aristotle_hexagon_has_exactly_12_solutions():
    result = solve_model("aristotle", limit=None)
    assert result.complete
    assert len(result.solutions) == 12
    for solution in result.solutions:
        assert sorted(solution[f"hex.{c}"] for c in "abcdefghijklmnopqrs") == list(range(1, 20))


def test_aristotle_lines_come_from_the_drawing():
    model = load(MODELS / "aristotle.puz")
    sums = [c.constraint for c in model.problem.constraints if type(c.constraint).__name__ == "Linear"]
    lines = sorted(sorted(name[-1] for _, name in c.terms) for c in sums)
    assert len(lines) == 15
    assert ["a", "e", "j", "o", "s"] in lines  # a diagonal
    assert ["a", "d", "h"] in lines  # an antidiagonal
    assert ["h", "i", "j", "k", "l"] in lines  # the middle row


def test_aristotle_drawn_as_a_hexagon():
    result = run_cli("solve", "models/aristotle.puz")
    lines = result.stdout.splitlines()
    start = lines.index("hex:")
    shape = [len(line) - len(line.lstrip()) for line in lines[start + 1 : start + 6]]
    assert shape[0] > shape[1] > shape[2] < shape[3] < shape[4]


def test_tiles_a_layout_sums_to_264():
    result = solve_model("tiles")
    s = result.solutions[0]
    grid = [[s[f"square[{r},{c}]"] for c in range(1, 5)] for r in range(1, 5)]
    lines = grid + [list(col) for col in zip(*grid, strict=False)]
    lines += [[grid[i][i] for i in range(4)], [grid[i][3 - i] for i in range(4)]]
    assert all(sum(line) == 264 for line in lines)
    flips = {66: 99, 19: 61, 86: 98, 89: 68, 16: 91, 18: 81, 88: 88, 96: 96, 69: 69, 11: 11}
    tile_of = {**{v: k for k, v in flips.items()}, **{k: k for k in flips}}
    kinds = sorted(tile_of[v] for row in grid for v in row)
    assert kinds == sorted([66, 66, 19, 19, 86, 86, 89, 89, 16, 16, 18, 18, 88, 96, 69, 11])


def test_tiles_have_1152_distinct_layouts():
    result = solve_model("tiles", limit=None)
    assert result.complete
    assert len(result.solutions) == 1152


def test_count_and_json_from_the_cli():
    result = run_cli("solve", "models/aristotle.puz", "--count", "--json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["count"] == 12 and data["status"] == "solved" and data["complete"] is True


@pytest.mark.parametrize(
    "name", ["einstein", "zebra", "sudoku", "lock", "aristotle", "tiles", "sendmore", "seder", "bands", "killer",
             "kakuro", "jigsaw", "tuna", "golf", "magicstar", "nonogram", "stars",
             "skyscrapers", "agatha", "kenken",
             "pentominoes", "pentominoes4x15"]
)
def test_every_model_checks(name):
    result = run_cli("check", f"models/{name}.puz")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"models/{name}.puz: ok")


def test_a_result_reads_as_a_library_result():
    result = solve(load(MODELS / "einstein.puz"))
    assert repr(result).startswith("Result(backend='sat', status='solved', found=1, count=1, unique=True, seconds=")
    assert result.value("fish") == result.value("nationality[German]") == 4
    data = json.loads(json.dumps(result.to_dict()))  # plain data, the shape of --json
    assert (data["found"], data["count"], data["solutions"][0]["answers"]) == (
        1, 1, ["The German owns the fish, in house 4."])
    assert "solutions" not in result.to_dict(solutions=False)
    with pytest.raises(KeyError, match="no variable or value named 'unicorn'"):
        result.value("unicorn")


@pytest.mark.parametrize("backend", sorted(exact_backends()))
@pytest.mark.parametrize("timeout", [None, 60.0])
def test_each_checked_solution_is_handed_over_as_it_comes(backend, timeout):
    seen = []
    result = solve(load(MODELS / "lock.puz"), backend, limit=None, timeout=timeout, on_solution=seen.append)
    assert seen == result.solutions and len(seen) == 3


QUEENS_13 = ("param n = 13\nvar q[1..n] in 1..n\nalldifferent(q)\n"
             "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n")


@pytest.mark.parametrize("backend", sorted(exact_backends()))
@pytest.mark.parametrize("timeout", [None, 60.0])
def test_solutions_come_one_at_a_time_checked_and_the_result_follows(backend, timeout):
    found = solutions(load(MODELS / "lock.puz"), backend, timeout=timeout)
    listed = list(found)
    assert found.result is not None and (len(listed), found.result.count) == (3, 3)
    assert listed == found.result.solutions and not any(violated(found.result.model.problem, s) for s in listed)
    limited = solutions(load(MODELS / "lock.puz"), backend, limit=2, timeout=timeout)
    assert (len(list(limited)), limited.result and limited.result.count) == (2, None)


@pytest.mark.parametrize("backend", sorted(exact_backends()))
def test_a_loop_over_solutions_left_early_stops_the_search(backend):
    """The first three of 73,712 queens, and the search ends: no thread is left searching."""
    before = threading.active_count()
    for number, _ in enumerate(solutions(loads(QUEENS_13), backend, timeout=600)):
        if number == 2:
            break
    deadline = time.monotonic() + 60
    while threading.active_count() > before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert threading.active_count() == before


def test_solutions_raise_in_the_loop_what_the_search_refuses():
    with pytest.raises(CspdslError, match="is a local search"):
        list(solutions(load(MODELS / "lock.puz"), "anneal"))
    assert "solutions" in dir(cspdsl)


def test_a_result_draws_itself_in_a_notebook():
    import cspdsl

    assert {"load", "solve", "explain", "Result", "CspdslError"} <= set(dir(cspdsl))
    page = solve(load(MODELS / "einstein.puz"))._repr_html_()
    assert "<th>house</th><th>nationality</th>" in page
    assert "<tr><td>4</td><td>German</td><td>green</td><td>fish</td>" in page
    assert "<p>The German owns the fish, in house 4.</p>" in page
    assert "<table><tr><td>9</td><td>6</td><td>5</td>" in solve(load(MODELS / "sudoku.puz"))._repr_html_()
    assert "<table><tr><td>#</td><td>#</td><td>7</td>" in solve(load(MODELS / "kakuro4.puz"))._repr_html_()
    assert "<table><tr><td>.</td><td>#</td><td>#</td><td>.</td>" in solve(load(MODELS / "nonogram.puz"))._repr_html_()


@pytest.mark.parametrize("name", ["einstein", "sudoku", "lock", "sendmore"])
def test_a_result_shows_in_a_rich_terminal_as_the_cli_draws_it(name: str):
    import io

    from rich.console import Console

    result = solve_model(name)
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(result)
    drawn = render_solution(result.model.layout, result.solutions[0])
    assert out.getvalue() == f"{result!r}\n\n{drawn}\n"


def test_a_rich_terminal_shows_brackets_as_written_and_a_failed_search_as_its_summary():
    import io

    from rich.console import Console

    from cspdsl.api import loads

    out = io.StringIO()
    result = solve(loads('var x in 1..3\nx == 2\nquestion "q": "[bold]{x}[/bold]"', "t.puz"))
    Console(file=out, width=200, color_system=None).print(result)
    assert out.getvalue().endswith("x = 2\n\n[bold]2[/bold]\n")
    out = io.StringIO()
    failed = solve(loads("var x in 1..3\nx == 4", "t.puz"))
    Console(file=out, width=200, color_system=None).print(failed)
    assert out.getvalue() == f"{failed!r}\n"


def test_a_solution_reads_the_way_its_puzzle_does():
    einstein = solve(load(MODELS / "einstein.puz")).solution
    assert einstein["German"] == {"house": 4, "nationality": "German", "colour": "green", "animal": "fish",
                                  "beverage": "coffee", "cigar": "Prince"}
    assert einstein["fish"]["nationality"] == "German" and einstein["nationality[German]"] == 4
    sudoku = solve(load(MODELS / "sudoku.puz")).solution
    assert (sudoku["cell"][1][1], sudoku["cell"][9][9], list(sudoku["cell"][2])) == (9, 2, [4, 8, 1, 9, 2, 6, 5, 3, 7])
    with pytest.raises(IndexError, match="cell has no row 10"):
        sudoku["cell"][10]
    assert solve(load(MODELS / "bands.puz")).solution["jazz"]["band"] == "Moss Hollow"
    assert solve(load(MODELS / "sendmore.puz")).solution["S"] == 9


# ---- models with an objective -----------------------------------------------------------------------

# The shortest Golomb rulers (marks -> length), known since the 1970s; the larger ones on the fastest backends.
GOLOMB = [(4, 6, exact_backends()), (5, 11, exact_backends()), (6, 17, exact_backends()), (7, 25, ["cpsat"])]


@pytest.mark.parametrize(("marks", "length", "backends"), GOLOMB)
def test_golomb_rulers_have_their_known_lengths(marks, length, backends):
    for backend in backends:
        result = solve_model("golomb", backend=backend, params={"n": marks}, limit=1)
        assert (result.status, result.objective) == ("optimal", length), backend
        assert result.answers() == [f"Length {length}."]


def test_golomb_four_marks_has_one_ruler_up_to_reflection():
    result = solve_model("golomb", params={"n": 4}, limit=None)
    assert result.count == 1
    assert result.value("mark[2]") == 1 and [result.solutions[0][f"mark[{i}]"] for i in range(1, 5)] == [0, 1, 4, 6]


def test_coins_the_fewest_are_three_not_the_greedy_four():
    result = solve_model("coins", limit=None)
    assert (result.objective, result.count, result.answers()) == (3, 1, ["3 coins."])
    assert [result.value(f"take[{i}]") for i in range(1, 6)] == [0, 0, 0, 2, 1]  # 19 + 19 + 25


def test_the_largest_code_the_first_four_guesses_allow():
    result = solve_model("lockmax", limit=None)
    assert (result.status, result.objective, result.count) == ("optimal", 780, 1)
    assert result.answers() == ["The code is 780."]


# The till's lexicographic objective: (amount, the optimum [coins, small coins], how many ways reach it)
TILL = [(48, [4, 0], 1), (59, [5, 2], 2), (63, [3, 0], 1), (1, [1, 1], 1)]


@pytest.mark.parametrize(("amount", "optimum", "count"), TILL)
@pytest.mark.parametrize("backend", exact_backends())
def test_the_till_pays_the_fewest_coins_then_the_fewest_small_ones(backend, amount, optimum, count):
    result = solve_model("till", backend=backend, params={"amount": amount}, limit=None)
    assert (result.status, result.objective, result.bound, result.count) == ("optimal", optimum, optimum, count)
    assert result.answers()[0] == f"{optimum[0]} coins, {optimum[1]} of them small."


def test_the_till_has_no_way_to_pay_a_sum_no_coin_fits():
    text = (MODELS / "till.puz").read_text().replace("in 0..amount", "in 0..amount\ntake[1] == 0")
    for backend in exact_backends():
        result = solve(loads(text, "till.puz", {"amount": 4}), backend, limit=None)
        assert (result.status, result.objective, result.bound) == ("unsatisfiable", None, None), backend


@pytest.mark.parametrize("backend", [name for name in sorted(REGISTRY) if not backend_class(name).CAPABILITIES.exact])
def test_a_local_search_reports_the_best_found_of_a_list_never_an_optimum(backend):
    result = solve_model("till", backend=backend, seed=1, timeout=10)
    assert result.status == "feasible" and not result.optimal and result.bound is None
    assert result.objective >= [4, 0] and len(result.objective) == 2


@pytest.mark.parametrize("backend", [name for name in sorted(REGISTRY) if not backend_class(name).CAPABILITIES.exact])
def test_a_local_search_reports_the_best_found_never_an_optimum(backend):
    result = solve_model("lockmax", backend=backend, seed=1, timeout=10)
    assert result.status == "feasible" and not result.optimal and result.bound is None
    assert result.objective <= 780


# Australia's neighbours (Russell and Norvig, figure 6.1), to count its colourings by brute force.
AUSTRALIA = ["WA NT", "WA SA", "NT SA", "NT Q", "SA Q", "SA NSW", "SA V", "Q NSW", "NSW V"]


def test_australia_has_18_colourings_by_brute_force():
    regions = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
    count = 0
    for colours in itertools.product(range(3), repeat=len(regions)):
        colour = dict(zip(regions, colours, strict=True))
        count += all(colour[a] != colour[b] for a, b in map(str.split, AUSTRALIA))
    assert count == 18


@pytest.mark.parametrize("backend", sorted(exact_backends()))
def test_australia_the_books_colouring_in_names_on_every_backend(backend):
    result = solve(load(MODELS / "australia.puz"), backend, limit=None)
    assert result.count == 18
    colourings = [solution_json(result.model.layout, result.model.problem.outputs, s)["values"]
                  for s in result.solutions]
    book = {"WA": "red", "NT": "green", "SA": "blue", "Q": "red", "NSW": "green", "V": "red", "T": "red"}
    assert book in colourings
    assert all(c[a] != c[b] for c in colourings for a, b in map(str.split, AUSTRALIA))


@pytest.mark.parametrize("backend", sorted(exact_backends()))
def test_knights_and_knaves_as_the_book_answers_on_every_backend(backend):
    result = solve(load(MODELS / "knights.puz"), backend, limit=None)
    assert result.count == 1
    assert result.answers() == ["A is a knave, B is a knight, C is a knave."]
    assert dict(result.solution) == {"A": "knave", "B": "knight", "C": "knave"}
def assert_pentomino_tiling(result, rows: int, columns: int) -> None:
    """The first tiling printed as a lettered board: each of the twelve letters on five cells."""
    board = render_solution(result.model.layout, result.solutions[0]).splitlines()
    assert board[0] == "p:" and len(board) == rows + 1
    letters = [row.split() for row in board[1:]]
    assert all(len(row) == columns for row in letters)
    assert sorted("".join(map("".join, letters))) == sorted("FILNPTUVWXYZ" * 5)


# cpsat takes about a second to a first 6x10 tiling and csp, searching it as Algorithm X, half a second;
# sat about 13 s of CPU in the model's clause order (0.6-13 s over shuffled orders, MiniSat's luck): it
# runs with -m slow (docs/performance.md, Tilings).
@pytest.mark.parametrize(
    "backend", [b if b in ("cpsat", "csp") else pytest.param(b, marks=pytest.mark.slow) for b in exact_backends()]
)
def test_the_twelve_pentominoes_tile_the_6x10_rectangle(backend):
    result = solve(load(MODELS / "pentominoes.puz"), backend, limit=1)
    assert result.status == "solved"
    assert_pentomino_tiling(result, 6, 10)


def test_the_twelve_pentominoes_tile_the_4x15_rectangle():
    assert_pentomino_tiling(solve_model("pentominoes4x15", limit=1), 4, 15)


# cpsat, the best backend for it, counts them in about 30 s of CPU (sat does not within 14 minutes):
# a run of -m slow (docs/performance.md, Tilings).
@pytest.mark.slow
def test_the_4x15_rectangle_has_1472_tilings_368_up_to_symmetry():
    result = solve(load(MODELS / "pentominoes4x15.puz"), "cpsat", limit=None)
    assert (result.complete, len(result.solutions)) == (True, 1472)
    boards = {tuple(row.strip() for row in render_solution(result.model.layout, s).splitlines()[1:])
              for s in result.solutions}  # rows without their indent, so that a row read backwards is one too
    images = [lambda b: b, lambda b: b[::-1], lambda b: tuple(row[::-1] for row in b),
              lambda b: tuple(row[::-1] for row in b[::-1])]  # the rectangle's four symmetries
    assert len(boards) == 1472
    assert len({min(image(board) for image in images) for board in boards}) == 368
