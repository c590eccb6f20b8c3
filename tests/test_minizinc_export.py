"""`cspdsl compile --to minizinc`: the text of the export, and the round trip on every model of
models/: exported, solved by MiniZinc with Gecode for every solution, the same solution set as
cspdsl's (run where MiniZinc is installed; `.ci/run` installs it). The models with a connected area
are checked on small areas instead (TOO_SLOW_ON_GECODE)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from brute import brute_force, make_problem
from helpers import MODELS, SEQUENTIAL_MODELS, run_cli

from cspdsl.api import load, loads, solve
from cspdsl.driver.plans import solve_plans
from cspdsl.export import export
from cspdsl.export.minizinc import DATA_HEADER, minizinc_files
from cspdsl.ir import Regular
from cspdsl.lower import Lowered

MINIZINC = shutil.which("minizinc")
HIDDEN = "var x in 1..3\nvar _d in 1..3\nx != _d\nx != 2\n"  # two solutions on x, four assignments


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
def test_minizinc_counts_a_projected_model_on_its_shown_variables(tmp_path) -> None:
    path = tmp_path / "hidden.mzn"
    path.write_text(export("minizinc", loads(HIDDEN, "hidden.puz").problem, "hidden.puz"))
    run = subprocess.run([str(MINIZINC), "--solver", "gecode", "-a", str(path)], capture_output=True, text=True,
                         timeout=600, check=True)
    assert run.stdout.split("----------")[:-1] == ["x = 1\n", "\nx = 3\n"]


def test_the_export_reads_like_the_model() -> None:
    text = export("minizinc", load(MODELS / "einstein.puz").problem, "einstein.puz")
    assert text.startswith('% cspdsl model of einstein.puz\ninclude "all_different.mzn";\n')
    assert "var 1..5: nationality_Dane;  % nationality[Dane]\n" in text
    assert "% line 21: milk at middle\nconstraint beverage_milk == 3;\n" in text
    assert "constraint (cigar_Blends - animal_cat == 1 \\/ cigar_Blends - animal_cat == -1);\n" in text
    assert '  "nationality[Dane] = ", show(nationality_Dane), "\\n",\n' in text
    assert text.endswith("solve satisfy;\n\noutput [\n" + text.split("output [\n", 1)[1])


def test_an_objective_is_a_solve_minimize_or_maximize() -> None:
    golomb = export("minizinc", load(MODELS / "golomb.puz").problem, "golomb.puz")
    assert golomb.split("\n\noutput [", 1)[0].endswith("% line 17: minimize mark[n]\nsolve minimize mark_5;")
    lock = export("minizinc", load(MODELS / "lockmax.puz").problem, "lockmax.puz")
    assert "\nsolve maximize 100 * code_1 + 10 * code_2 + code_3;\n" in lock
    till = export("minizinc", load(MODELS / "till.puz").problem, "till.puz")  # [coins, small coins] in one sum
    weighted = " + ".join(f"97 * take_{i}" for i in range(1, 6)) + " + take_1 + take_2"
    assert f"\nsolve minimize {weighted};\n" in till


def test_a_projected_model_prints_its_shown_variables_only() -> None:
    """MiniZinc tells `-a` solutions apart on the output item, as cspdsl does on the shown variables."""
    text = export("minizinc", loads(HIDDEN, "hidden.puz").problem, "hidden.puz")
    assert "var 1..3: x;  % x\nvar 1..3: aux_d;  % _d\n" in text
    assert text.endswith('output [\n  "x = ", show(x), "\\n",\n];\n')


def test_compile_writes_minizinc_to_a_file(tmp_path) -> None:
    target = tmp_path / "lock.mzn"
    result = run_cli("compile", "models/lock.puz", "--to", "minizinc", "-o", str(target))
    assert result.returncode == 0 and "solve satisfy;" in target.read_text()


# MiniZinc's `connected` is a decomposition that Gecode does not enumerate on these in minutes (the
# Hitori's export ran over 5 minutes): their export is checked on the small areas below instead.
# The pentominoes have thousands of tilings, which Gecode does not list in minutes either.
TOO_SLOW_ON_GECODE = {"hitori", "pentominoes", "pentominoes4x15"}
# A sequential puzzle exports unrolled over its bound (`steps <= N`), and its plans are compared below,
# with a bound on the puzzles that have none.
NOT_EXPORTED = TOO_SLOW_ON_GECODE | SEQUENTIAL_MODELS
SMALL_AREAS = {
    "tetrominoes": "var g[1..2, 1..3] in bool\nconnected(g, 1)\nsum(g) == 3\n",
    "loops": "var h[0..2, 1..2] in bool\nvar v[1..2, 0..2] in bool\nsingle_loop(h, v)\n",
    "conditions": "var g[1..2, 1..2] in 0..2\nconnected([[g[r, c] >= 1 for c in 1..2] for r in 1..2])\n",
}


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize("name", sorted(p.stem for p in MODELS.glob("*.puz") if p.stem not in NOT_EXPORTED))
def test_minizinc_with_gecode_finds_the_same_solutions(name: str, tmp_path) -> None:
    assert_gecode_agrees(load(MODELS / f"{name}.puz"), name, tmp_path)


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize("name", sorted(SMALL_AREAS))
def test_minizinc_with_gecode_finds_the_same_areas(name: str, tmp_path) -> None:
    assert_gecode_agrees(loads(SMALL_AREAS[name], f"{name}.puz"), name, tmp_path)


# Constructs written as MiniZinc's own (True) or from the IR (False), on grids that start anywhere.
SMALL_CONSTRUCTS = {
    "pieces-and-diagonals": ("pieces p = [1|2 * 2, 3, 4|5]\nvar g[0..1, 1..2] in 1..5\nplace p on g\n"
                             "forall d in g.diagonals: sum(d) >= 5\n", True),
    "overlapping-pieces": ("pieces p = [1|2, 2|3, 3]\nvar g[1..3] in 1..3\nplace p on g\n", False),
    "floored-division": ("var x in -3..3\nvar y in {-2, -1, 1, 2}\nnot (x // y == 1) or x % y == 1\n"
                         "var z in -9..9\nz == x % y + 2 * (x // y)\n", True),
    "visible-buildings": ("var x[1..4] in 1..4\nalldifferent(x)\nvar v in 1..4\nvisible(x) == v\n"
                          "visible(reversed(x)) == 2\n", True),
    "length-of-a-list-of-lists": ("let cells = [[2, 1], [1, 3], [2, 2]]\nvar x[1..2, 1..3] in 1..9\n"
                                  "forall k in 1..len(cells) - 1:"
                                  " x[cells[k][1], cells[k][2]] < x[cells[k + 1][1], cells[k + 1][2]]\n"
                                  "x[cells[len(cells)][1], cells[len(cells)][2]] == 3\nsum(x) == 15\n", True),
    "runs-of-a-line": ("var x[1..5] in bool\nvar y[1..3] in bool\nlet clue = [1, 2]\nruns(x) == clue\n"
                       "runs(y) == []\n", True),
    "arrays-named-as-indices": ("var r[1..2, 1..2] in 1..2\nvar i in 1..3\nvar c[1..3] in 1..3\nvar v[1..2] in 1..2\n"
                                "alldifferent(c)\ni == c[1]\nsum(r[1, ..]) == r[2, 1] + i\nv[1] < v[2]\n", True),
    # the order within a pair counts (`p[1] < p[2]`): each pair as the lowering orders it, on a grid
    # that starts at 0
    # one area of the cells whose value is in a set, on a grid that starts at 0 and 2: a predicate
    "area-of-values": ("var g[0..1, 2..4] in 0..2\nconnected(g, {1, 2})\nsum(g) == 3\n", True),
    "touching-pairs-in-order": ("var g[0..2, 0..1] in 0..3\nforall p in g.touching: p[1] != p[2]\n"
                                "forall p in g.adjacent: p[1] <= p[2] + 1\nsum(g) == 6\n", True),
    # a grid drawn with a shape: the whole array, its black cells 0 (0 outside its domain, then in it)
    "runs-of-a-shape": ('var k in 1..3 shape """\n  # . .\n  . . .\n  . . #\n"""\nforall run in k.runs: '
                        "alldifferent(run)\nsum(k.across[1]) == 3\nsum(k.across[2]) == 6\n"
                        "forall i in 1..2: sum(k.down[i]) >= 3\nsum(k.runs[4]) <= 5\nsum(k.cells) <= 14\n", True),
    "sight-of-a-shape": ('var lamp in bool shape """\n  . . #\n  . . .\n  # . .\n"""\n'
                         "forall cell in lamp.cells: sum(sight(cell)) >= 1\n"
                         "forall cell in lamp.cells: if cell == 1 then sum(sight(cell)) == 1\n"
                         "sum(sight(lamp[2, 3])) <= lamp[1, 1] + 1\n", True),
    "seen-on-a-shifted-grid": ("var g[0..2, 1..3] in 0..2\nseen(g[1, 2]) == 3\nseen(g[0, 1]) >= 2\n"
                               "forall c in 1..3: seen(g[2, c]) != 1\n", True),
    "single-loop-shifted": ("var h[1..3, 2..4] in bool\nvar v[1..2, 1..4] in bool\nsingle_loop(h, v)\n"
                            "h[1, 3] + v[2, 1] >= 1\n", True),
    "neighbours-and-around": ("var g[0..2, 1..3] in bool\nforall r in 0..2, c in 1..3: if g[r, c] == 1 then "
                              "sum(neighbours(g[r, c])) == 1\nsum(around(g[1, 2])) == 2\n"
                              "sum(around(g[0, 1])) >= 1\n", True),
    # lists one after the other, a number in a range, max and min of numbers, a quantifier over a slice
    "lists-ranges-and-slices": ("var g[1..2, 1..3] in 0..2\nvar y[1..2] in 0..2\nsum(g[1, ..] + y) == 5\n"
                                "forall c in 1..2: g[2, c] + g[2, c + 1] in 1..3\n"
                                "max(g[1, 1], y[1]) != 2 * min(g[2, 1], y[2], 1)\n"
                                "exactly 1 of [v == 2 for v in g[.., 2]]\n", True),
    # a pairing of their cells (of a let and a grid, or of two grids), several pairings to one answer
    "pairs-side-by-side": ("let tr = [[1, 0, 0], [0, 0, 1]]\nvar t[1..2, 1..3] in bool\npaired(tr, t)\n"
                           "var a[0..1, 1..3] in bool\nvar b[0..1, 1..3] in bool\npaired(a, b)\nsum(a) == 2\n", True),
    "no-loop-of-diagonals": ("var d[0..1, 2..4] in bool\nno_loop(d)\nd[0, 2] + d[1, 4] >= 1\n", True),
    # a path of numbers along the sides, and one across the corners too, in one model
    "numbered-paths": ("var n[0..1, 1..3] in 1..6\nnumbered_path(n)\nvar m[1..2, 1..2] in 1..4\n"
                       "numbered_path(m, around)\nm[1, 1] == 1\n", True),
    "diagonals-of-a-shifted-square": ("var g[2..4, 0..2] in 1..3\nforall d in g.diagonals: alldifferent(d)\n"
                                      "forall r in g.rows: alldifferent(r)\n", True),
}


@pytest.mark.parametrize("name", sorted(SMALL_CONSTRUCTS))
def test_a_construct_is_written_as_minizinc_writes_it_or_flattened(name: str, tmp_path) -> None:
    text, readable = SMALL_CONSTRUCTS[name]
    written, _ = minizinc_files(loads(text, f"{name}.puz"), f"{name}.puz")
    assert ("(flattened)" not in written and "constraint g" not in written) == readable, written
    if MINIZINC is not None:
        assert_gecode_agrees(loads(text, f"{name}.puz"), name, tmp_path)


def assert_gecode_agrees(model: Lowered, name: str, tmp_path: Path) -> None:
    """Gecode on the export finds the model's solutions, or for an objective an optimal one."""
    path = tmp_path / f"{name}.mzn"
    path.write_text(export("minizinc", model, name))
    run = subprocess.run([str(MINIZINC), "--solver", "gecode", "-a", "--only-sections", "values", str(path)],
                         capture_output=True, text=True, timeout=600, check=True)
    blocks = run.stdout.split("----------")[:-1]
    theirs = {tuple(sorted((k, int(v)) for k, v in re.findall(r"^(.+?) = (-?\d+)$", block, re.M))) for block in blocks}
    ours = {tuple(sorted(s.items())) for s in solve(model, limit=None).solutions}
    ours = {tuple((k, v) for k, v in s if k in model.problem.outputs) for s in ours}
    if model.problem.objective is not None:  # -a prints each better solution: the last is optimal
        assert "==========" in run.stdout
        last = tuple(sorted((k, int(v)) for k, v in re.findall(r"^(.+?) = (-?\d+)$", blocks[-1], re.M)))
        assert last in ours
        return
    assert len(blocks) == len(theirs) == len(ours) and theirs == ours


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize(
    "regular",
    [
        # values that run on from 0, from -1, and with a gap (3 missing: looked up); a missing move rejects
        Regular(("a", "b", "c"), ((0, 0, 1), (0, 1, 0), (1, 1, 1), (1, 0, 0)), 0, (1,)),
        Regular(("a", "b", "c"), ((0, -1, 1), (1, 0, 1), (1, 1, 0)), 0, (0, 1)),
        Regular(("a", "c", "b"), ((0, 1, 1), (0, 2, 1), (0, 4, 2), (1, 0, 1), (1, 4, 2), (2, 2, 3)), 0, (1, 3)),
    ],
    ids=["shifted", "negative", "gap"],
)
def test_an_automaton_exported_has_the_brute_force_solutions(regular: Regular, tmp_path) -> None:
    problem = make_problem({"a": (-1, 0, 1, 2, 4), "b": (-1, 0, 1, 2), "c": (0, 1, 2, 3, 4)}, regular)
    path = tmp_path / "regular.mzn"
    path.write_text(export("minizinc", problem, "regular"))
    run = subprocess.run([str(MINIZINC), "--solver", "gecode", "-a", str(path)], capture_output=True, text=True,
                         timeout=600, check=True)
    blocks = run.stdout.split("----------")[:-1]
    theirs = {tuple(int(v) for _, v in sorted(re.findall(r"^(.+?) = (-?\d+)$", block, re.M))) for block in blocks}
    assert theirs == brute_force(problem)


# ---- sequential puzzles: unrolled over their bound -------------------------------------------------

# (model, the bound put in place of `minimize steps`, the number of plans of at most that many moves)
BOUNDED_PLANS = [("river", 9, 18), ("jugs", 8, 11), ("hanoi", 8, 5)]


def bounded(name: str, bound: int, shortest: bool = False) -> Lowered:
    """The puzzle with `steps <= bound` (and `minimize steps` kept if `shortest`)."""
    text = (MODELS / f"{name}.puz").read_text()
    wanted = f"steps <= {bound}\n" + ("minimize steps\n" if shortest else "")
    return loads(text.replace("minimize steps\n", wanted), f"{name}.puz")


def gecode_plans(model: Lowered, name: str, tmp_path: Path) -> tuple[list[tuple[str, ...]], bool]:
    """The plans Gecode finds on the export, each as its moves in words, and whether it proved an optimum."""
    path = tmp_path / f"{name}.mzn"
    path.write_text(export("minizinc", model.problem, f"{name}.puz"))
    run = subprocess.run([str(MINIZINC), "--solver", "gecode", "-a", str(path)], capture_output=True, text=True,
                         timeout=600, check=True)
    blocks = run.stdout.split("----------")[:-1]
    return [tuple(re.findall(r"^\d+\. (.+)$", block, re.M)) for block in blocks], "==========" in run.stdout


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize(("name", "bound", "count"), BOUNDED_PLANS)
def test_minizinc_with_gecode_finds_the_plans_within_the_bound(name: str, bound: int, count: int,
                                                               tmp_path: Path) -> None:
    model = bounded(name, bound)
    ours = solve_plans(model, "search", limit=None)
    assert ours.count == count
    theirs, _ = gecode_plans(model, name, tmp_path)
    assert len(theirs) == len(set(theirs)) == count
    assert set(theirs) == {tuple(plan.words(model.problem.sequential)) for plan in ours.plans}  # type: ignore[arg-type]


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
def test_minizinc_minimizes_the_steps_within_the_bound(tmp_path: Path) -> None:
    """`minimize steps` is a `solve minimize` of the moves made: the last plan is a shortest one."""
    model = bounded("river", 9, shortest=True)
    theirs, optimal = gecode_plans(model, "river", tmp_path)
    shortest = {tuple(plan.words(model.problem.sequential)) for plan in solve_plans(model, limit=None).plans}  # type: ignore[arg-type]
    assert optimal and theirs[-1] in shortest and len(theirs[-1]) == 7


def test_the_unrolled_export_reads_like_the_puzzle() -> None:
    text = export("minizinc", load(MODELS / "pegs.puz").problem, "pegs.puz")
    assert text.startswith("% cspdsl model of pegs.puz\n% unrolled over 13 steps: x_t is x after t moves, ")
    assert "\nvar 0..36: move_1;  % move@1\n" in text and "\nvar 0..36: move_14;" not in text
    assert '"jump d over b into a", ' in text and "\nsolve satisfy;\n" in text
    assert text.endswith('  if fix(move_13) > 0 then "13. " ++ move_words[fix(move_13)] ++ "\\n" else "" endif,\n];\n')


def test_a_sequential_puzzle_without_a_bound_is_refused_at_its_minimize_steps() -> None:
    result = run_cli("compile", "models/river.puz", "--to", "minizinc")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        "models/river.puz:13:1: error: MiniZinc takes a sequential puzzle unrolled over a bound on its steps, "
        "and this one has no bound",
        " 13 | minimize steps",
        "    | ^^^^^^^^^^^^^^",
        "hint: add 'steps <= N' to export its plans of at most N moves",
    ]


# ---- the model as MiniZinc writes it: params as data, arrays, globals, foralls ----------------------

# The models whose MiniZinc is more than twice their .puz with its data; the test fails once one fits.
# The pentominoes' pieces have no MiniZinc form here yet (each placement is written flattened); the
# others are written readably but their .puz says more in fewer characters: a shape and its runs
# (kakuro, kakuro4: the shape's par array and the runs' ends), a board's keys and lines (aristotle),
# the cells a cell sees with one area (kurodoko: two predicates written once).
NOT_YET_TWICE = {"aristotle", "kakuro", "kakuro4", "kurodoko", "pentominoes", "pentominoes4x15"}


@pytest.mark.parametrize("name", sorted(p.stem for p in MODELS.glob("*.puz") if p.stem not in SEQUENTIAL_MODELS))
def test_the_minizinc_is_no_longer_than_twice_the_model(name: str, request: pytest.FixtureRequest) -> None:
    if name in NOT_YET_TWICE:
        request.applymarker(pytest.mark.xfail(strict=True, reason="longer than twice its .puz"))
    assert_within_twice(MODELS, name)


def assert_within_twice(folder: Path, name: str) -> None:
    """The MiniZinc model and its data are at most twice as long as the .puz."""
    written = (folder / f"{name}.puz").read_text()
    # named as a user in a clone names it, so that the header's path is the same on every machine
    source = f"{folder.relative_to(MODELS.parent).as_posix()}/{name}.puz"
    text, data = minizinc_files(loads(written, source), f"{name}.puz")
    assert len(text) + len(data) <= 2 * len(written)


# ---- the models of models/genres: the same measure, and Gecode's round trip -------------------------

GENRES = MODELS / "genres"
# Over twice their .puz: a construct of theirs has no MiniZinc form here yet and is written flattened
# (a fleet of ships, areas of numbers, links, paths, loops of cells, sight lines with a direction,
# comprehensions over filtered neighbours, the placements of rectangles, areas and tetrominoes), or, written
# readably, says more than its .puz (yin_yang: a predicate of one area written once).
GENRES_NOT_YET_TWICE = {
    "abc_view", "area_51", "arrows", "battleships", "clouds", "cow_and_cactus", "filling", "fillomino", "flip",
    "galaxies", "hashi", "heyawake", "kakuro", "linesweeper", "lits", "masyu", "mathrax", "nonograms", "numberlink",
    "numbermaze", "nurikabe", "palisade", "pipes", "rectangles", "rooms", "shingoki", "slitherlink", "split_ends",
    "sumscrapers", "tracks", "troix", "vermicelli", "walls", "yajilin", "yin_yang"}
# Gecode lists every answer of the others in a second or two of CPU; of these it lists none in
# minutes (their areas, loops and links: MiniZinc's `connected` decomposed), so they are left out.
GENRES_TOO_SLOW_ON_GECODE = {
    "area_51", "cow_and_cactus", "filling", "fillomino", "galaxies", "hashi", "masyu", "number_path", "nurikabe",
    "palisade", "range", "rooms", "shingoki", "singles", "slant", "slitherlink", "tracks", "vectors", "vermicelli",
    "yajilin", "yin_yang"}
# The genres written as sequential puzzles (a start, moves, a goal): MiniZinc takes those unrolled over a
# bound on their steps, which these do not give.
SEQUENTIAL_GENRES = {p.stem for p in GENRES.glob("*.puz") if "\nstart:" in p.read_text(encoding="utf-8")}
CELL_GENRES = sorted(p.stem for p in GENRES.glob("*.puz") if p.stem not in SEQUENTIAL_GENRES)


@pytest.mark.parametrize("name", CELL_GENRES)
def test_a_genre_s_minizinc_is_no_longer_than_twice_the_model(name: str, request: pytest.FixtureRequest) -> None:
    if name in GENRES_NOT_YET_TWICE:
        request.applymarker(pytest.mark.xfail(strict=True, reason="longer than twice its .puz"))
    assert_within_twice(GENRES, name)


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
@pytest.mark.parametrize("name", [name for name in CELL_GENRES if name not in GENRES_TOO_SLOW_ON_GECODE])
def test_minizinc_with_gecode_finds_a_genre_s_solutions(name: str, tmp_path: Path) -> None:
    assert_gecode_agrees(load(GENRES / f"{name}.puz"), name, tmp_path)


def test_queens_reads_like_minizinc() -> None:
    text, data = minizinc_files(load(MODELS / "queens.puz", {"n": 10}), "queens.puz")
    assert data == "n = 10;\n"
    assert "\nint: n;\narray[1..n] of var 1..n: q;\n" in text
    clue = "% line 12: alldifferent([q[i] + i for i in 1..n])\n"
    assert clue + "constraint all_different([q[i] + i | i in 1..n]);\n" in text
    assert "8" not in text.split("output")[0] and "10" not in text  # nothing of the values but in the data


def test_a_grid_keeps_its_arrays_groups_and_givens() -> None:
    text, _ = minizinc_files(load(MODELS / "sudoku.puz"), "sudoku.puz")
    assert "constraint forall(r in 1..9)(all_different(row(cell, r))) /\\\n  forall(c in 1..9)(" in text
    assert '% line 8: given cell = """\narray[1..9, 1..9] of var 1..9: cell = [|\n' \
           "  _, _, 5, 3, _, 7, 8, _, _ |\n" in text
    assert "(flattened)" not in text and "cell;" not in text  # declared once, with its givens


def test_a_logic_grid_is_an_array_over_an_enum_per_attribute() -> None:
    text, _ = minizinc_files(load(MODELS / "einstein.puz"), "einstein.puz")
    assert "enum Beverage = {water, tea, milk, coffee, 'root beer'};\narray[Beverage] of var 1..5: beverage;\n" in text
    assert "% line 7: attribute nationality: Dane, Brit, Swede, Norwegian, German\n" \
           "constraint all_different(nationality);\n" in text
    assert "% line 14: Brit same red\nconstraint nationality[Brit] = colour[red];\n" in text
    assert "% line 17: green directly_left_of white\nconstraint colour[green] + 1 = colour[white];\n" in text
    assert "% line 23: Blends next_to cat\nconstraint abs(cigar[Blends] - animal[cat]) = 1;\n" in text
    assert "% line 21: milk at middle\nconstraint beverage[milk] = 3;\n" in text
    assert "(flattened)" not in text and "_keys" not in text


def test_positions_named_by_a_key_are_their_numbers() -> None:
    text, _ = minizinc_files(load(MODELS / "golf.puz"), "golf.puz")
    assert "constraint forall(m in 1..4 where m != 2)(score[2] < score[m]);\n" in text
    assert "constraint score[surname[Clubb]] = score[job[clerk]] + 10;\n" in text


def test_a_clue_without_a_form_of_its_own_is_flattened_under_its_line() -> None:
    text, _ = minizinc_files(loads("var x[1..3] in 1..3\nconnected([x[i] == 1 for i in 1..3])\n", "m.puz"), "m.puz")
    assert "% line 2: connected([x[i] == 1 for i in 1..3])  (flattened)\nconstraint " in text


def test_a_part_written_from_the_ir_holds_the_params_to_their_values() -> None:
    """Gecode refuses other data rather than answer for the values the IR was lowered with."""
    text, data = minizinc_files(loads("param n = 3\nvar x[1..n] in 1..n\nconnected([x[i] == 1 for i in 1..n])\n",
                                      "m.puz"), "m.puz")
    text2, _ = minizinc_files(loads("param n = 3\nvar x[1..n] in 1..n\nx[1] < x[n]\n", "m.puz"), "m.puz")
    assert 'constraint assert(n = 3, ' in text and data == "n = 3;\n"
    assert "assert" not in text2


@pytest.mark.skipif(MINIZINC is None, reason="MiniZinc is not installed")
def test_one_queens_model_solves_for_two_sizes_of_data(tmp_path: Path) -> None:
    model = tmp_path / "queens.mzn"
    result = run_cli("compile", "models/queens.puz", "--to", "minizinc", "-o", str(model), "-D", "n=10")
    assert result.returncode == 0 and (tmp_path / "queens.dzn").read_text() == "n = 10;\n"
    (tmp_path / "twelve.dzn").write_text("n = 12;\n")
    counts = []
    for data in ("queens.dzn", "twelve.dzn"):
        run = subprocess.run([str(MINIZINC), "--solver", "gecode", "-a", str(model), str(tmp_path / data)],
                             capture_output=True, text=True, timeout=600, check=True)
        counts.append(run.stdout.count("----------"))
    assert counts == [724, 14200]


def test_compile_to_standard_output_gives_the_data_after_the_model() -> None:
    result = run_cli("compile", "models/golomb.puz", "--to", "minizinc", "-D", "n=4")
    model, data = result.stdout.split(DATA_HEADER + "\n")
    assert result.returncode == 0 and "int: n;\n" in model and data == "n = 4;\n"


def test_a_number_of_an_attribute_of_numbers_is_a_function_of_the_position() -> None:
    text, _ = minizinc_files(load(MODELS / "seder.puz"), "seder.puz")
    assert "function var int: age_of(var int: p) = sum(i in 1..5)([3, 5, 7, 8, 10][i] * (age[i] = p));\n" in text
    assert "% line 12: \"Passover story\".age == Bernice.age + 2\n" \
           "constraint age_of(task['Passover story']) = age_of(1) + 2;\n" in text


def test_a_grid_s_boxes_are_slices() -> None:
    text, _ = minizinc_files(load(MODELS / "sudoku.puz"), "sudoku.puz")
    assert "  forall(r, c in {1, 4, 7})(all_different(cell[r..r + 2, c..c + 2]));\n" in text
    assert 'if r in {4, 7} then "  ------+-------+------\\n" else "" endif' in text  # the drawing's rules
    wide, _ = minizinc_files(loads("var g[0..3, 1..4] in 1..4\nforall b in g.boxes: sum(b) > 4 and b[1] > 1\n"
                                   "forall b in g.boxes: sum(b) < 9\n", "m.puz"), "m.puz")
    assert "constraint forall(r in {0, 2}, c in {1, 3})(sum(g[r..r + 1, c..c + 1]) < 9);\n" in wide
    assert "(flattened)" in wide  # a box indexed as a list has no slice form


def test_a_region_is_the_cells_of_its_number() -> None:
    killer, _ = minizinc_files(load(MODELS / "killer.puz"), "killer.puz")
    assert "(A-Z, a-c numbered 1..29)\narray[1..9, 1..9] of 1..29: cage = [| 1, 1, 2, 2, 2, 3, " in killer
    cells = "[g[r, c] | r, c in 1..9 where cage[r, c] = i]"  # called twice: written in place
    assert f"constraint forall(i in 1..length(sums))((sum({cells}) = sums[i] /\\ all_different({cells})));\n" in killer
    text, _ = minizinc_files(load(MODELS / "killer4.puz"), "killer4.puz")
    assert "% lines 17-24: sum(cage.A) == 3 to sum(cage.H) == 4\nconstraint forall(i in 1..8)(sum([g[r2, c] | " \
           "r2, c in 1..4 where cage[r2, c] = i]) = [3, 7, 5, 5, 5, 4, 7, 4][i]);\n" in text  # the model binds r
    one, _ = minizinc_files(loads("var g[1..2, 1..3] in 1..9\nregions p of g = \"\"\"\n  A A B\n  C C B\n\"\"\"\n"
                                  "sum(p.B) == 5\nsum(p.A) <= 8\nsum(p.C) == 3\n", "m.puz"), "m.puz")
    assert "function array[int] of var int: p_cells(int: i) = [g[r, c] | r in 1..2, c in 1..3 where " \
           "p[r, c] = i];" in one  # called three times: a function
    assert "% line 6: sum(p.B) == 5\nconstraint sum(p_cells(2)) = 5;" in one
    kenken, _ = minizinc_files(load(MODELS / "kenken.puz"), "kenken.puz")
    assert "% line 21: product(cage.C) == 20\nconstraint product(cage_cells(3)) = 20;\n" in kenken
    named, _ = minizinc_files(loads("var r[1..2, 1..2] in 1..4\nregions c of r = \"\"\"\n  A A\n  B B\n\"\"\"\n"
                                    "sum(c.A) == 3\n", "m.puz"), "m.puz")  # the model's names are not captured
    assert "constraint sum([r[r2, c2] | r2, c2 in 1..2 where c[r2, c2] = 1]) = 3;" in named  # called once: in place
    assert "function" not in named and '[show(r[r2, c2]) | c2 in 1..2]) ++ "\\n" | r2 in 1..2]' in named


def test_a_number_of_digits_is_their_weighted_sum() -> None:
    text, _ = minizinc_files(load(MODELS / "sendmore.puz"), "sendmore.puz")
    assert "constraint (1000 * S + 100 * E + 10 * N + D) + (1000 * M + 100 * O + 10 * R + E) = " \
           "(10000 * M + 1000 * O + 100 * N + 10 * E + Y);\n" in text
    assert "(flattened)" not in text
    one, _ = minizinc_files(loads("var a, b in 0..9\nnumber([a, b + 1]) == number([b]) * 3\n", "m.puz"), "m.puz")
    assert "constraint (10 * a + (b + 1)) = b * 3;\n" in one


def test_scalars_alone_are_drawn_by_their_values() -> None:
    """The values section is the drawing: printed once, and no default output of every variable."""
    text, _ = minizinc_files(load(MODELS / "sendmore.puz"), "sendmore.puz")
    assert text.endswith('output [];  % the values below are the drawing\noutput :: "values" [\n'
                         '  "S = \\(S)\\n",\n  "E = \\(E)\\n",\n' + text.split('"E = \\(E)\\n",\n', 1)[1])


def test_a_board_keeps_its_lines_as_sets_of_its_cells() -> None:
    text, _ = minizinc_files(load(MODELS / "magicstar.puz"), "magicstar.puz")
    assert "array[1..6] of set of int: star_lines = [2..5, 8..11, " in text  # consecutive cells a range
    assert "% line 26: forall line in star.lines: sum(line) == 26\n" \
           "constraint forall(l in 1..6)(sum([star[x] | x in star_lines[l]]) = 26);\n" in text
    assert "% line 30: star.b < star.e\nconstraint star[2] < star[5];\n" in text
