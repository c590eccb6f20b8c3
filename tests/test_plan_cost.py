"""A plan's cost (`then ..., cost = N` and `minimize cost`): the cheapest plans by a search of least
cost first on `search` and over bounds chosen from the costs on the unrolled backends, the two
agreeing; with every cost 1 the shortest plans and counts of today; the checker recomputing the cost;
and Ctrl-C keeping what a plan search had found."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from helpers import run_cli
from test_json_schema import errors

from cspdsl.api import CspdslError, load, loads
from cspdsl.backends.search import explore
from cspdsl.check.plan import PlanChecker
from cspdsl.cli.commands import main
from cspdsl.driver import cheapest
from cspdsl.driver.plans import solve_plans
from cspdsl.driver.result import PlansInterrupted
from cspdsl.ir.sequential import Plan

HANOI = Path("models/hanoi_costs.puz").read_text()
UNROLLED = ["sat", "cpsat", "csp"]
SHORTEST = ["models/pegs.puz", "models/river.puz", "models/jugs.puz", "models/hanoi.puz"]

# Worked by hand: one disc goes by the middle peg (1 + 1) rather than across (3); two discs take the
# three moves of the shortest plan (1 + 6 + 1: disc 2 across costs 6, by the middle 2 + 2 but then
# disc 1 must cross twice); three discs move the two small ones as a tower by the middle peg (5 each
# way: disc 1 by the middle, 1 + 1, disc 2 2, disc 1 1) around disc 3 carried across (9): 19 in 9
# moves, where the 7 moves of the shortest plan cost 21.
HAND_CHECKED = {
    1: (2, ["disc 1 from left to middle", "disc 1 from middle to right"]),
    2: (8, ["disc 1 from left to middle", "disc 2 from left to right", "disc 1 from middle to right"]),
    3: (19, ["disc 1 from left to middle", "disc 1 from middle to right", "disc 2 from left to middle",
             "disc 1 from right to middle", "disc 3 from left to right", "disc 1 from middle to left",
             "disc 2 from middle to right", "disc 1 from left to middle", "disc 1 from middle to right"]),
}


def _hanoi(discs: int, extra: str = "") -> object:
    return loads(HANOI + extra, "hanoi_costs.puz", {"discs": discs})


@pytest.mark.parametrize("discs", sorted(HAND_CHECKED))
def test_the_search_finds_the_cheapest_plan_worked_by_hand(discs: int) -> None:
    cost, words = HAND_CHECKED[discs]
    result = solve_plans(_hanoi(discs), limit=None)
    assert (result.cheapest, result.cost, result.count, result.words(0)) == (True, cost, 1, words)


@pytest.mark.parametrize(("backend", "discs"), [(b, d) for b in UNROLLED for d in (1, 2)] + [("sat", 3), ("cpsat", 3)])
def test_the_unrolled_backends_find_the_cheapest_plan_that_search_finds(backend: str, discs: int) -> None:
    searched = solve_plans(_hanoi(discs), limit=None)
    unrolled = solve_plans(_hanoi(discs), backend, limit=None)
    assert (unrolled.cheapest, unrolled.cost, unrolled.count) == (True, searched.cost, searched.count)
    assert unrolled.plans == searched.plans


def test_a_cheaper_plan_that_takes_more_moves_is_found_over_a_longer_bound() -> None:
    """Three discs: a plan takes 7 moves at least, and the cheapest 9: the bound looked over is the
    most moves a plan of cost 18 could take (18 moves of cost 1 at least), not the first with a plan."""
    shortest = solve_plans(loads(HANOI.replace("minimize cost", "minimize steps"), "h.puz"), "sat", limit=None)
    assert (shortest.length, shortest.count, shortest.plans[0].cost(shortest.model.problem.sequential)) == (7, 1, 21)
    result = solve_plans(_hanoi(3), "sat", limit=None)
    assert (result.cost, len(result.plans[0].moves), result.stats["horizon"]) == (19, 9, 19)


@pytest.mark.parametrize("backend", ["search", "sat", "cpsat"])
def test_a_bound_on_the_steps_keeps_the_cheapest_plan_within_it(backend: str) -> None:
    result = solve_plans(_hanoi(3, "steps <= 7\n"), backend, limit=None)
    assert (result.cost, result.count, [len(plan.moves) for plan in result.plans]) == (21, 1, [7])


@pytest.mark.parametrize("path", SHORTEST)
def test_every_cost_1_gives_the_shortest_plans_in_the_same_order(path: str) -> None:
    text = Path(path).read_text()
    costed = text.replace("minimize steps", "minimize cost") if "minimize steps" in text else text + "minimize cost\n"
    limit = 50
    result = solve_plans(loads(costed, path), limit=limit)
    layers = solve_plans(load(path), limit=limit, options={"order": "breadth-first"})
    assert (result.cheapest, result.cost, result.count) == (True, layers.length, layers.count)
    assert result.plans == layers.plans


def test_the_pegs_at_cost_1_still_have_14880_plans() -> None:
    result = solve_plans(loads(Path("models/pegs.puz").read_text() + "minimize cost\n", "pegs.puz"), count_only=True)
    assert (result.count, result.cost) == (14880, 13)


@pytest.mark.slow  # a minute on two busy cores
def test_moves_that_cost_alike_by_cases_of_the_state() -> None:
    """A cost by cases of the state before the move: filling an empty jug from the tap costs 4, topping
    one up 1 (the move is split into its cases, each of one cost)."""
    text = Path("models/jugs.puz").read_text().replace("minimize steps", "minimize cost")
    text = text.replace("then small = 3", "then small = 3, cost = (if small == 0 then 4 else 1)").replace(
        "then large = 5", "then large = 5, cost = (if large == 0 then 4 else 1)")
    searched = solve_plans(loads(text, "jugs.puz"), limit=None)
    for backend in UNROLLED:
        unrolled = solve_plans(loads(text, "jugs.puz"), backend, limit=None)
        assert (unrolled.cost, unrolled.count, unrolled.plans) == (searched.cost, searched.count, searched.plans)
    assert (searched.cost, searched.count) == (12, 1)  # 4 + 1 + 1 + 1 + 4 + 1: the shortest plan, in 6 moves


@pytest.mark.parametrize(("cost", "message"), [
    ("peg_of[d]", "a move's cost is a number in each of its cases, not a value of the state"),
    ("d - 1", "a move's cost is a whole number, at least 1, not 0"),
])
def test_a_cost_that_is_not_a_whole_number_of_the_move_is_refused(cost: str, message: str) -> None:
    text = HANOI.replace("cost = (if p == middle or q == middle then d else 3 * d)", f"cost = {cost}")
    with pytest.raises(CspdslError, match=message):
        loads(text, "h.puz")


def test_two_objectives_are_refused() -> None:
    with pytest.raises(CspdslError, match="minimizes one thing"):
        loads(HANOI + "minimize steps\n", "h.puz")


def test_the_checker_recomputes_the_cost() -> None:
    model = _hanoi(1)
    result = solve_plans(model)
    checker = PlanChecker(model.problem)
    assert checker.cost_fault(result.plans[0], 2) is None
    assert checker.cost_fault(result.plans[0], 1) == "the plan costs 2, not the 1 claimed"
    stray = Plan((0, 99), ((0,), (1,), (2,)))
    assert checker.cost_fault(stray, 2) == "the plan makes a move that is no move of the puzzle"


def test_solve_says_the_cost_in_words_and_in_json() -> None:
    said = run_cli("solve", "models/hanoi_costs.puz")
    assert said.returncode == 0 and "1 cheapest plan, of cost 19: none costs less." in said.stdout
    document = json.loads(run_cli("solve", "models/hanoi_costs.puz", "--json", "--backend", "cpsat").stdout)
    assert errors(document) == []
    assert (document["cheapest"], document["cost"], len(document["plans"][0]["moves"])) == (True, 19, 9)


def _sigint_at(states: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Send the process SIGINT when the search over states takes its `states`-th state."""
    expand = explore.Budget.expand

    def expanding(self: explore.Budget, kept: int) -> None:
        expand(self, kept)
        if self.expanded == states:
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(explore.Budget, "expand", expanding)


@pytest.mark.parametrize("json_output", [False, True])
def test_ctrl_c_during_a_search_over_states_says_how_far_it_went(monkeypatch, capsys, json_output) -> None:
    _sigint_at(100, monkeypatch)
    code = main(["solve", "models/pegs.puz", "--count", *(["--json"] if json_output else [])])
    out, err = capsys.readouterr()
    assert code == 130
    assert err.startswith("interrupted after 100 states, no plan found, in ")
    if json_output:
        document = json.loads(out)
        assert errors(document) == []
        assert (document["status"], document["interrupted"], document["count"]) == ("interrupted", True, None)
    else:
        assert out == ""


def test_ctrl_c_while_a_cheaper_plan_is_looked_for_keeps_the_best_found(monkeypatch, capsys) -> None:
    """The unrolled search of the least cost has a plan from its first bound with one on: Ctrl-C while
    it looks for a cheaper one shows that plan, checked, with its cost."""
    solve = cheapest.solve

    def solving(model, backend, **options):  # type: ignore[no-untyped-def]
        if any(posted.constraint.__class__.__name__ == "Linear" and posted.span is not None
               and posted.constraint.terms[0][1].endswith(".cost") for posted in model.problem.constraints):
            signal.raise_signal(signal.SIGINT)
        return solve(model, backend, **options)

    monkeypatch.setattr(cheapest, "solve", solving)
    code = main(["solve", "models/hanoi_costs.puz", "--backend", "cpsat"])
    out, err = capsys.readouterr()
    assert code == 130
    found = re_cost(err)
    assert found >= 19
    assert "1. disc 1 from left to" in out and f"of cost {found}; there may be a cheaper one (Ctrl-C" in out


def re_cost(said: str) -> int:
    import re

    matched = re.match(r"interrupted: the best plan found of cost (\d+) is shown, not proved the best, in ", said)
    assert matched is not None, said
    return int(matched.group(1))


def test_ctrl_c_in_the_api_is_a_keyboard_interrupt_that_carries_the_partial_result(monkeypatch) -> None:
    _sigint_at(10, monkeypatch)
    with pytest.raises(PlansInterrupted) as stop:
        solve_plans(load("models/pegs.puz"), limit=None)
    assert isinstance(stop.value, KeyboardInterrupt)
    assert (stop.value.partial.plans, stop.value.partial.stats["expanded"]) == ([], 10)
