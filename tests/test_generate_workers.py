"""`cspdsl generate --workers N` and `--ray ADDRESS`: the same files from the same seed whatever the
number of workers (each seed's puzzle is the model's and the seed's alone), with or without a
difficulty; Ctrl-C keeps the puzzles written; Ray, where it is installed, gives the same puzzles, and
where it is not, the command says how to install it (exit 2)."""

from __future__ import annotations

import importlib.util
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ROOT, run_cli
from test_generate import SHIDOKU

from cspdsl import loads, solve
from cspdsl.generate.difficulty import Level
from cspdsl.generate.many import Spec, _make, _start
from cspdsl.generate.puzzle import generate, generator_for


def texts(**where: object) -> list[str]:
    return [p.text for p in generate(loads(SHIDOKU, "m.puz"), 6, 11, **where)]  # type: ignore[arg-type]


def test_the_same_puzzles_on_any_number_of_workers() -> None:
    here = texts()
    assert len(set(here)) == 6
    assert texts(workers=2) == here
    assert texts(workers=3, symmetry="rotational") == texts(symmetry="rotational")


def test_a_difficulty_rated_on_the_workers_keeps_the_same_puzzles() -> None:
    for asked in (Level("hard"), Level(None, 1, 40)):
        here = [p.text for p in generate(loads(SHIDOKU, "m.puz"), 2, 4, difficulty=asked)]
        assert [p.text for p in generate(loads(SHIDOKU, "m.puz"), 2, 4, difficulty=asked, workers=2)] == here


def test_a_worker_without_the_generator_makes_its_own() -> None:
    """What a spawned worker or a Ray actor does: the generator made from the spec alone."""
    spec = Spec(SHIDOKU, "m.puz", None, "vertical", rate=True)
    _start(spec, generator_for)
    puzzle, rating = _make(9)
    [alone] = generate(loads(SHIDOKU, "m.puz"), 1, 9, symmetry="vertical")
    assert puzzle.text == alone.text and rating is not None and rating.hardest >= 1


def test_cli_workers_write_the_same_files(tmp_path: Path) -> None:
    for workers in ("1", "2"):
        done = run_cli("generate", "models/sudoku.puz", "-n", "4", "--seed", "3", "--workers", workers,
                       "-o", str(tmp_path / workers))
        assert done.returncode == 0, done.stderr
    one, two = (sorted((tmp_path / w).glob("*.puz")) for w in ("1", "2"))
    assert [p.name for p in one] == [p.name for p in two] == [f"sudoku-{seed}.puz" for seed in range(3, 7)]
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]
    assert len(solve(loads(two[0].read_text(encoding="utf-8")), limit=2).solutions) == 1


def test_ctrl_c_on_workers_keeps_the_puzzles_written(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "cspdsl", "generate", "models/einstein.puz", "-n", "100",
                                "--seed", "1", "--workers", "2", "-o", str(tmp_path)], cwd=ROOT, env=env, text=True,
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stderr is not None
    first = process.stderr.readline()  # once a puzzle is written
    assert first.startswith("wrote "), first
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    written = sorted(tmp_path.glob("einstein-*.puz"))
    assert process.returncode == 130, err
    assert (first + err).splitlines()[-1] == f"interrupted: {len(written)} of 100 puzzles written"
    assert 1 <= len(written) < 100
    assert all(len(solve(loads(path.read_text(encoding="utf-8")), limit=2).solutions) == 1 for path in written)


def test_on_a_local_ray_cluster() -> None:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert texts(workers=2, ray_address="auto") == texts()
    finally:
        ray.shutdown()


@pytest.mark.skipif(importlib.util.find_spec("ray") is not None, reason="Ray is installed")
def test_generate_on_ray_without_ray_says_how_to_install_it() -> None:
    result = run_cli("generate", "models/sudoku.puz", "--seed", "1", "--ray", "auto")
    assert result.returncode == 2
    assert result.stderr == "error: Ray is not installed: pip install 'cspdsl[ray]' (on every machine of the cluster)\n"
    assert result.stdout == ""


def test_the_time_limit_ends_a_run_on_workers(tmp_path: Path) -> None:
    done = run_cli("generate", "models/sudoku.puz", "-n", "100000", "--seed", "1", "--workers", "2",
                   "--timeout", "1", "-o", str(tmp_path))
    assert done.returncode == 3, done.stderr
    assert done.stdout == "No puzzle made within the time limit of 1 s.\n"
    assert all(len(solve(loads(path.read_text(encoding="utf-8")), limit=2).solutions) == 1
               for path in tmp_path.glob("*.puz"))


def test_spawned_workers_compile_the_model_themselves_and_make_the_same_puzzles(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where processes cannot be forked, each worker is spawned and makes its generator from the spec."""
    from cspdsl.instances import pool

    here = texts(symmetry="diagonal")
    monkeypatch.setattr(pool, "FORKS", False)
    assert texts(workers=2, symmetry="diagonal") == here
