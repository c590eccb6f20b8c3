"""Each pencil-puzzle genre of models/genres/ against multi-puzzle-solver (`pip install
multi-puzzle-solver`, module `puzzle_solver`) on the peer's own example instances: the two agree on
the full set of solutions. A genre is one module in tests/genres/ (its docstring says what one holds)."""

from __future__ import annotations

import genres
import pytest

from cspdsl import loads, solve
from cspdsl.core.examples import example_path

CASES = [(name, index) for name in genres.adapters() for index in range(len(genres.adapter(name).INSTANCES))]


@pytest.mark.parametrize(("name", "index"), CASES, ids=[f"{name}-{index}" for name, index in CASES])
def test_every_solution_agrees_with_the_peer(name, index):
    pytest.importorskip("puzzle_solver")
    genre = genres.adapter(name)
    expected = genres.theirs(genre, genres.peer_solve(genres.peer_board(genre, index)))
    result = solve(loads(genres.model_text(genre, index), f"models/genres/{name}.puz"), limit=None)
    assert result.status in ("solved", "unique", "unsatisfiable") and result.count is not None, result.status
    assert expected, "the peer found no solution"
    assert genres.ours(genre, result) == expected


@pytest.mark.parametrize("name", genres.adapters())
def test_each_genre_ships_as_an_example(name):
    """Every genre's model runs by its example name (`cspdsl solve genres/light_up`) and holds rules
    besides its instance."""
    genre = genres.adapter(name)
    assert example_path(f"genres/{name}") == str(genres.MODELS / f"{name}.puz")
    assert genres.rule_lines(genre) > 0


def test_every_model_in_the_folder_has_its_genre_module():
    assert sorted(path.stem for path in genres.MODELS.glob("*.puz")) == genres.adapters()
