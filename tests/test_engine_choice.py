"""The default engine (`driver/choice.py`): for each family of the rule table, a small instance goes to
the engine its rule names, for that rule's reason, with the same answer as on the engine forced by
name; `--backend` forces one; and the commands that read no model import neither the parser nor
lowering. Nothing here depends on the machine's speed: the rules read the model, never a clock."""

from __future__ import annotations

import json

import pytest
from helpers import MODELS, ROOT, modules_after, run_cli

from cspdsl.core.errors import CspdslError
from cspdsl.driver.choice import RULES, choose, exact_cover, facts_of, offset_all_different, task_of
from cspdsl.driver.counting import count
from cspdsl.driver.solve import solve
from cspdsl.lower.load import load, loads

CRYPTARITHM = ROOT / "tests" / "data" / "cryptarithm_number_words.puz"
TOO_MANY_VALUES = ROOT / "tests" / "data" / "sat_too_many_values.puz"
EIGHT_PENTOMINOES = ROOT / "tests" / "data" / "eight_pentominoes.puz"  # 858 placements, 100 tilings
TILING_3X20 = 'puzzle "Pentominoes in a 3x20 rectangle"\npieces p = [pentominoes]\nplace p on rectangle(3, 20)\n'
FOUR_PENTOMINOES = 'pieces p = [L, P, U, Y]\nplace p on rectangle(4, 5)\n'  # 182 placements, 4 tilings
# Five pentominoes on 25 cells that no turn or flip maps onto themselves: 307 placements.
ASYMMETRIC_TILING = 'pieces p = [L, N, P, U, Y]\nplace p on """\n  ......\n  ......\n  ......\n  ......\n  .\n"""\n'
BY_SYMMETRY = "every tiling by the board's symmetries"  # the model's tilings found a class of placements at a time
TINY_TILING = 'pieces p = [I, domino]\nplace p on """\n  .....\n  ..###\n"""\n'  # 8 placements, 1 tiling


def _model(source: object, params: dict[str, int]) -> object:
    return loads(source) if isinstance(source, str) else load(str(source), params)


# (case, model, params, task, the engine chosen, its rule). The task: "first" is a plain solve (two
# solutions, to tell whether it is unique), "one" a solve for one, "all" every solution, "count" a count.
FAMILIES = [
    ("8 queens, first", MODELS / "queens.puz", {}, "first", "sat", "default"),
    ("16 queens, first", MODELS / "queens.puz", {"n": 16}, "one", "sat", "default"),
    ("30 queens, first", MODELS / "queens.puz", {"n": 30}, "one", "cp", "first solution over many offset terms"),
    ("30 queens, two", MODELS / "queens.puz", {"n": 30}, "first", "cp", "first solution over many offset terms"),
    ("8 queens, count", MODELS / "queens.puz", {}, "count", "sat", "default"),
    ("10 queens, count", MODELS / "queens.puz", {"n": 10}, "count", "cp", "every solution over offset terms"),
    ("8 queens, all", MODELS / "queens.puz", {}, "all", "sat", "default"),
    ("10 queens, all", MODELS / "queens.puz", {"n": 10}, "all", "cp", "every solution over offset terms"),
    ("Golomb ruler of 5, optimum", MODELS / "golomb.puz", {}, "first", "sat", "default"),
    ("Golomb ruler of 7, optimum", MODELS / "golomb.puz", {"n": 7}, "first", "cp", "optimum over many differences"),
    ("Golomb ruler of 7, all optima", MODELS / "golomb.puz", {"n": 7}, "all", "cp", "optimum over many differences"),
    ("pentominoes on 3x20, every tiling", TILING_3X20, {}, "all", "cpsat", BY_SYMMETRY),
    ("pentominoes on 3x20, count", TILING_3X20, {}, "count", "cpsat", BY_SYMMETRY),
    ("pentominoes on 3x20, first", TILING_3X20, {}, "one", "csp", "first tiling of a large board"),
    ("pentominoes on 3x20, two", TILING_3X20, {}, "first", "csp", "first tiling of a large board"),
    ("pentominoes on 4x15, first", MODELS / "pentominoes4x15.puz", {}, "one", "csp", "first tiling of a large board"),
    ("four pentominoes on 4x5, every tiling", FOUR_PENTOMINOES, {}, "all", "cpsat", "every tiling"),
    ("eight pentominoes on 5x8, count", EIGHT_PENTOMINOES, {}, "count", "cpsat", BY_SYMMETRY),
    ("four pentominoes on a drawn board, every tiling", ASYMMETRIC_TILING, {}, "all", "cpsat", "every tiling"),
    ("four pentominoes on 4x5, first", FOUR_PENTOMINOES, {}, "first", "sat", "default"),
    ("a tiling of 8 placements", TINY_TILING, {}, "all", "sat", "default"),
    ("Hitori, one area of 64 cells", MODELS / "hitori.puz", {}, "first", "sat", "default"),
    ("Slant, two areas of 193 corners", MODELS / "genres" / "slant.puz", {}, "first", "cpsat", "large connected area"),
    ("Hashi, 420 links", MODELS / "genres" / "hashi.puz", {}, "first", "cpsat", "large connected area"),
    ("Einstein", MODELS / "einstein.puz", {}, "first", "sat", "default"),
    ("Einstein, count", MODELS / "einstein.puz", {}, "count", "sat", "default"),
    ("Sudoku", MODELS / "sudoku.puz", {}, "first", "sat", "default"),
    ("lock", MODELS / "lock.puz", {}, "all", "sat", "default"),
    ("cryptarithm of large coefficients", CRYPTARITHM, {}, "first", "sat", "default"),
    ("more values than sat takes", TOO_MANY_VALUES, {}, "first", "cpsat", "refused"),
]
LIMITS = {"first": 2, "one": 1, "all": None}


def _run(model: object, task: str, backend: str | None) -> object:
    if task == "count":
        return count(model, backend, timeout=120)  # type: ignore[arg-type]
    return solve(model, backend, limit=LIMITS[task], timeout=120)  # type: ignore[arg-type]


def _answer(result: object) -> tuple[object, ...]:
    r: object = result
    return (r.status, r.found, r.count, r.objective)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("case", "source", "params", "task", "backend", "rule"), FAMILIES,
                         ids=[row[0] for row in FAMILIES])
def test_the_default_picks_the_engine_of_its_rule(case: str, source: object, params: dict[str, int], task: str,
                                                   backend: str, rule: str) -> None:
    model = _model(source, params)
    chosen = _run(model, task, None)
    assert chosen.backend == backend  # type: ignore[attr-defined]
    assert chosen.chosen_because.startswith(f"{rule}: ")  # type: ignore[attr-defined]
    forced = _run(model, task, backend)
    assert forced.chosen_because is None  # type: ignore[attr-defined]
    assert _answer(chosen) == _answer(forced)
    if rule == BY_SYMMETRY:  # the same tilings, found in another order
        assert sorted(map(_sorted, chosen.solutions)) == sorted(map(_sorted, forced.solutions))  # type: ignore[attr-defined]
    else:
        assert chosen.solutions == forced.solutions  # type: ignore[attr-defined]


def _sorted(solution: dict[str, int]) -> list[tuple[str, int]]:
    return sorted(solution.items())


# The families whose answer on sat is quick enough to compare: the same status, count and optimum.
SAME_ON_SAT = [row for row in FAMILIES
               if row[-1] not in ("refused", "every tiling", BY_SYMMETRY, "first tiling of a large board")]


# Rows whose run on sat takes most of a minute on two busy cores: run with the slow tests only (-m slow).
SLOW_ON_SAT = {"Hashi, 420 links"}


@pytest.mark.parametrize(("case", "source", "params", "task", "backend", "rule"),
                         [pytest.param(*row, id=row[0], marks=[pytest.mark.slow] if row[0] in SLOW_ON_SAT else [])
                          for row in SAME_ON_SAT])
def test_the_answer_is_the_one_sat_gives(case: str, source: object, params: dict[str, int], task: str,
                                         backend: str, rule: str) -> None:
    model = _model(source, params)
    assert _answer(_run(model, task, None)) == _answer(_run(model, task, "sat"))


# A first tiling moved from cpsat to csp (docs/performance.md, "The default against the fastest backend").
FIRST_TILINGS = [row for row in FAMILIES if row[-1] == "first tiling of a large board"]


@pytest.mark.parametrize(("case", "source", "params", "task", "backend", "rule"), FIRST_TILINGS,
                         ids=[row[0] for row in FIRST_TILINGS])
def test_a_first_tiling_has_the_answer_cpsat_gives(case: str, source: object, params: dict[str, int], task: str,
                                                   backend: str, rule: str) -> None:
    model = _model(source, params)
    assert _answer(_run(model, task, None)) == _answer(_run(model, task, "cpsat"))


def test_every_tiling_of_3x20_is_found_by_default() -> None:
    """The two tilings of 3x20 up to the board's turns and flips, eight in all (Golomb, Polyominoes)."""
    assert count(loads(TILING_3X20), timeout=120).count == 8


def test_a_model_that_sat_refuses_is_solved_by_default_on_the_backend_it_names() -> None:
    model = load(str(TOO_MANY_VALUES))
    with pytest.raises(CspdslError, match="too many for the SAT backend"):
        solve(model, "sat")
    result = solve(model)
    assert (result.backend, result.status) == ("cpsat", "solved")
    assert result.solutions[0]["q[1]"] == 7 and len(set(result.solutions[0].values())) == 500
    assert "sat refused it (the variables have 249,501 values in all" in result.chosen_because


def test_the_facts_the_rules_read() -> None:
    queens = load(str(MODELS / "queens.puz"), {"n": 12}).problem
    golomb = load(str(MODELS / "golomb.puz")).problem
    einstein = load(str(MODELS / "einstein.puz")).problem
    sudoku = load(str(MODELS / "sudoku.puz")).problem
    assert [offset_all_different(p) for p in (queens, golomb, einstein, sudoku)] == [12, 10, 0, 0]
    assert exact_cover(loads(TILING_3X20).problem) and not exact_cover(sudoku)
    assert facts_of(loads(FOUR_PENTOMINOES).problem, "all").placements == 182
    assert facts_of(sudoku, "all").placements == 0
    assert task_of(golomb, None, counting=True) == "optimum"
    tasks = [task_of(sudoku, 2), task_of(sudoku, None), task_of(sudoku, None, counting=True)]
    assert tasks == ["first", "all", "count"]
    assert facts_of(einstein, "first").kinds >= {"all_different", "linear", "or"}
    hitori, slant = load(str(MODELS / "hitori.puz")).problem, load(str(MODELS / "genres" / "slant.puz")).problem
    assert [facts_of(p, "first").connected_nodes for p in (einstein, hitori, slant)] == [0, 64, 193]


def test_options_keep_the_default_backend() -> None:
    """-O options without --backend are the default backend's own, whatever the model."""
    queens = load(str(MODELS / "queens.puz"), {"n": 30}).problem
    assert choose(queens, "first").backend == "cp"
    assert choose(queens, "first", {"symmetry": "false"}).backend == "sat"


def test_each_rule_has_a_name_a_backend_and_a_reason() -> None:
    assert len({rule.name for rule in RULES}) == len(RULES)
    assert all(rule.backend in ("sat", "cp", "cpsat", "csp") and len(rule.reason) > 20 for rule in RULES)


def test_the_command_line_says_which_engine_and_why() -> None:
    chosen = run_cli("solve", "models/queens.puz", "-D", "n=30", "-n", "1", "--json")
    data = json.loads(chosen.stdout)
    assert chosen.returncode == 0 and data["backend"] == "cp"
    assert data["chosen_because"].startswith("first solution over many offset terms: ")
    stats = run_cli("solve", "models/golomb.puz", "-D", "n=7", "--stats")
    assert stats.returncode == 0 and "stats: backend cp, " in stats.stdout
    assert "backend: cp, chosen by optimum over many differences: " in stats.stdout
    plain = run_cli("solve", "models/einstein.puz", "--stats")
    assert "stats: backend sat, 1 solution (unique)" in plain.stdout
    assert "backend: sat, chosen by default: " in plain.stdout


def test_backend_forces_the_engine() -> None:
    forced = run_cli("solve", "models/queens.puz", "-D", "n=30", "-n", "1", "--json", "--backend", "sat")
    data = json.loads(forced.stdout)
    assert forced.returncode == 0 and data["backend"] == "sat" and "chosen_because" not in data
    refused = run_cli("solve", str(TOO_MANY_VALUES), "--backend", "sat")
    assert refused.returncode == 2 and "hint: solve this model with --backend cpsat" in refused.stderr


@pytest.mark.parametrize("argv", [("--help",), ("backends",), ("examples",), ("--version",)])
def test_a_command_that_reads_no_model_loads_no_parser(argv: tuple[str, ...]) -> None:
    loaded = modules_after(*argv)
    assert "cspdsl.cli" in loaded
    assert not {name for name in loaded if name.startswith(("cspdsl.lower", "cspdsl.syntax"))}


def test_check_loads_the_parser_but_no_solver() -> None:
    loaded = modules_after("check", "models/lock.puz")
    assert "cspdsl.lower" in loaded and "cspdsl.syntax.parser" in loaded
    assert not {name for name in loaded if name.startswith(("cspdsl.driver", "cspdsl.backends.sat"))}
