"""Each pencil-puzzle genre of models/genres/ against multi-puzzle-solver (`pip install
multi-puzzle-solver`, module `puzzle_solver`) on the peer's own example instances: the two agree on
the full set of solutions (a sequential puzzle's: of plans). A genre is one module in tests/genres/ (its
docstring says what one holds)."""

from __future__ import annotations

import genres
import pytest

from cspdsl import loads, solve, solve_plans
from cspdsl.core.examples import example_path


def cases(plans: bool) -> list:
    """Each peer's instance of each genre the peer has, of the genres that are (or are not) plans."""
    return [pytest.param(name, index, id=f"{name}-{index}",
                         marks=[pytest.mark.slow] if index in getattr(genres.adapter(name), "SLOW", ()) else [])
            for name in genres.adapters() if genres.in_peer(genres.adapter(name))
            and genres.is_plan(genres.adapter(name)) == plans
            for index in range(len(genres.adapter(name).INSTANCES))]


CASES = cases(plans=False)
PLAN_CASES = cases(plans=True)
ELSEWHERE = [name for name in genres.adapters() if not genres.in_peer(genres.adapter(name))]


@pytest.mark.parametrize(("name", "index"), CASES)
def test_every_solution_agrees_with_the_peer(name, index):
    pytest.importorskip("puzzle_solver")
    genre = genres.adapter(name)
    kwargs = genre.INSTANCES[index]
    expected = genres.theirs(genre, genres.peer_solutions(genre, index), kwargs)
    result = solve(loads(genres.model_text(genre, index), f"models/genres/{name}.puz"), limit=None)
    assert result.status in ("solved", "unique", "unsatisfiable") and result.count is not None, result.status
    assert expected, "the peer found no solution"
    assert genres.ours(genre, result, kwargs) == expected


@pytest.mark.parametrize(("name", "index"), PLAN_CASES)
def test_every_plan_agrees_with_the_peer(name, index):
    """A sequential puzzle's plans: all of them as the peer gives all; or, where the peer gives one
    plan of the fewest moves, ours are the plans of that many moves and the peer's is one of them."""
    pytest.importorskip("puzzle_solver")
    genre = genres.adapter(name)
    kwargs = genre.INSTANCES[index]
    expected = genre.their_plans(genres.peer_solutions(genre, index), kwargs)
    result = solve_plans(loads(genres.model_text(genre, index), f"models/genres/{name}.puz"), limit=None)
    assert result.complete and result.count == len(result.plans), result.status
    assert expected, "the peer found no plan"
    found = genre.our_plans(result, kwargs)
    if genre.PLAN == "one shortest":
        assert result.shortest and len(expected) == 1
        assert {len(plan) for plan in expected} == {result.length} and expected <= found
    else:
        assert genre.PLAN == "every plan"
        assert found == expected


@pytest.mark.parametrize("name", ELSEWHERE)
def test_a_genre_the_peer_lacks_has_its_sources_one_answer(name):
    """A genre the peer does not have is held to the one answer its source publishes."""
    genre = genres.adapter(name)
    assert genre.WHY
    result = solve(loads(genres.model_text(genre, 0), f"models/genres/{name}.puz"), limit=None)
    assert result.count == 1, result.status
    assert genres.answer(genre, result, 0) == genre.ANSWER


@pytest.mark.parametrize("name", genres.adapters())
def test_each_genre_ships_as_an_example(name):
    """Every genre's model runs by its example name (`cspdsl solve genres/light_up`) and holds rules
    besides its instance."""
    genre = genres.adapter(name)
    assert example_path(f"genres/{name}") == str(genres.MODELS / f"{name}.puz")
    assert genres.rule_lines(genre) > 0


def test_every_model_in_the_folder_has_its_genre_module():
    assert sorted(path.stem for path in genres.MODELS.glob("*.puz")) == genres.adapters()
