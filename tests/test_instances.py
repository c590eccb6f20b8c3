"""One model, many instances: data files read, instances solved on a model compiled once (`cspdsl.compile`),
batches here, on a process pool and on Ray, and the `batch` and `solve --data` commands."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import MODELS, ROOT, run_cli

import cspdsl
from cspdsl.api import InternalError
from cspdsl.backends import REGISTRY, has_session
from cspdsl.core.errors import ProcessKilled
from cspdsl.instances.batch import Job, batch_rows, batch_written, chunk_sizes
from cspdsl.instances.pool import WorkerDied, in_order
from cspdsl.instances.read import instances_of
from cspdsl.instances.sessions import PlainSession, open_session

SUDOKUS = (ROOT / "bench" / "data" / "sudoku-minimal-200.txt").read_text(encoding="utf-8").split()
SUDOKU = str(MODELS / "sudoku.puz")
# models/sudoku.puz's own picture, as a line, and its solution.
ARTICLE = "..53.78.....9..5..2738..1.66.....271....9....814.....35.2..3618..6..2.....81.93.."
ARTICLE_SOLVED = "965317824481926537273854196659438271327691485814275963592743618136582749748169352"
# The solved grid with a swappable rectangle left open (rows 1 and 3, columns 1 and 8: 9 2 / 2 9):
# exactly two solutions, found at once by every backend.
TWO_SOLUTIONS = "".join("." if (i // 9, i % 9) in {(0, 0), (0, 7), (2, 0), (2, 7)} else ch
                        for i, ch in enumerate(ARTICLE_SOLVED))
QUEENS = "param n = 4\nvar q[1..n] in 1..n\nvar x in 0..3\nalldifferent(q)\n" \
         "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n"


def sudoku_holds(puzzle: str, solved: str) -> bool:
    """A solved grid, checked here on its own: each row, column and box holds 1..9, the givens kept."""
    grid = [[int(solved[9 * r + c]) for c in range(9)] for r in range(9)]
    groups = [row for row in grid] + [[grid[r][c] for r in range(9)] for c in range(9)]
    groups += [[grid[3 * (b // 3) + i][3 * (b % 3) + j] for i in range(3) for j in range(3)] for b in range(9)]
    kept = all(p in ".0" or p == s for p, s in zip(puzzle, solved, strict=True))
    return kept and all(sorted(group) == list(range(1, 10)) for group in groups)


def grid_text(result: cspdsl.Result) -> str:
    return "".join(str(v) for row in result.solution["cell"] for v in row)


def test_every_minimal_sudoku_is_solved_unique_and_right_on_sat():
    compiled = cspdsl.compile(SUDOKU, "sat")
    for puzzle in SUDOKUS:
        result = compiled.solve(puzzle)
        assert (result.status, result.unique) == ("solved", True), puzzle
        assert sudoku_holds(puzzle, grid_text(result)), puzzle


def test_the_minimal_sudokus_are_minimal():
    """Each given is needed: without it the puzzle has a second solution (the first three puzzles)."""
    compiled = cspdsl.compile(SUDOKU, "sat")
    for puzzle in SUDOKUS[:3]:
        for cell in [i for i, ch in enumerate(puzzle) if ch != "."]:
            assert compiled.solve(puzzle[:cell] + "." + puzzle[cell + 1:]).unique is False


@pytest.mark.parametrize("backend", ["cpsat", "csp"])
def test_cpsat_and_csp_reuse_their_compile_and_agree_with_sat(backend):
    sat, other = cspdsl.compile(SUDOKU, "sat"), cspdsl.compile(SUDOKU, backend)
    # csp's search is slow on some minimal puzzles (minutes): it gets the article's and a quick minimal one
    for puzzle in SUDOKUS[:4] if backend == "cpsat" else (ARTICLE, SUDOKUS[6]):
        result = other.solve(puzzle)
        assert (result.status, result.unique, grid_text(result)) == ("solved", True, grid_text(sat.solve(puzzle)))


# backend -> (whether it reuses its compile through a batch session, whether that session is direct)
SESSION_KINDS = {"sat": (True, True), "cpsat": (True, False), "csp": (True, False), "cp": (False, False),
                 "search": (False, False), "anneal": (False, False), "genetic": (False, False)}


def test_every_backend_has_its_row_in_the_session_kinds():
    assert set(SESSION_KINDS) == set(REGISTRY)


@pytest.mark.parametrize("backend", sorted(SESSION_KINDS))
def test_a_backend_reuses_its_compile_through_the_batch_session_it_registers(backend):
    """A backend with a batch session compiles the base once (its native model kept); the others are
    given each instance's whole problem (`PlainSession`, nothing compiled yet)."""
    reuses, direct = SESSION_KINDS[backend]
    lowered = cspdsl.loads(QUEENS, "q.puz")
    session = open_session(lowered.problem, backend, {})
    assert has_session(backend, "batch") is reuses and isinstance(session, PlainSession) is not reuses
    assert (session.compiled.native is not None) is reuses and session.direct is direct


@pytest.mark.parametrize("backend", ["sat", "cpsat", "csp", "cp"])
def test_a_batch_session_solves_under_givens_and_forgets_them(backend):
    """The 4-queens with a free x (0..3): 8 solutions; under givens fixing q[1] and x, one; the givens
    of one instance never stay for the next (a backend without a session solves the whole model)."""
    lowered = cspdsl.loads(QUEENS, "q.puz")
    session = open_session(lowered.problem, backend, {})
    counts = []
    for givens in ({}, {"q[1]": 2, "x": 0}, {}) if session.compiled.native is not None else ({},):
        outcome = session.solve(lambda: lowered, givens, None, None, None, None)
        assert outcome.complete and all(s.items() >= givens.items() for s in outcome.solutions)
        counts.append(len(outcome.solutions))
    assert counts == ([8, 1, 8] if session.compiled.native is not None else [8])


@pytest.mark.parametrize("backend", ["sat", "cpsat", "csp"])
def test_an_unsatisfiable_instance_leaves_nothing_behind(backend):
    """Givens that contradict, then a puzzle with two solutions, then one with one: each on its own."""
    compiled = cspdsl.compile(SUDOKU, backend)
    clash = "11" + "." * 79
    results = [compiled.solve(p) for p in (clash, TWO_SOLUTIONS, ARTICLE, clash, ARTICLE)]
    assert [(r.status, r.unique) for r in results] == [
        ("unsatisfiable", None), ("solved", False), ("solved", True), ("unsatisfiable", None), ("solved", True)]


def test_the_models_own_picture_is_the_instance_that_sets_nothing():
    compiled = cspdsl.compile(cspdsl.load(SUDOKU), "sat")
    assert grid_text(compiled.solve()) == ARTICLE_SOLVED == grid_text(compiled.solve(ARTICLE))
    assert grid_text(compiled.solve({})) == ARTICLE_SOLVED
    assert compiled.solve("." * 81).unique is False  # an instance's grid replaces the picture


def test_an_instance_sets_params_grids_and_variables():
    model = cspdsl.loads(QUEENS, "queens.puz")
    compiled = cspdsl.compile(model, "sat")
    assert compiled.solve({"n": 6}, limit=None).count == 4 * 4  # x is free: 0..3
    assert compiled.solve({"n": 6, "x": 1}, limit=None).count == 4
    result = compiled.solve({"n": 6, "x": 1, "q": [2, None, None, None, None, None]})
    assert (result.unique, list(result.solution["q"]), result.value("x")) == (True, [2, 4, 6, 1, 3, 5], 1)
    assert compiled.solve({"n": 5, "q": "1...."}, limit=None).count == 2 * 4
    assert compiled.solve({"n": 3}).status == "unsatisfiable"


def test_a_solution_is_checked_against_the_instance_itself():
    result = cspdsl.compile(SUDOKU, "sat").solve(SUDOKUS[0])
    givens = [c for c in result.model.problem.constraints[-30:] if c.constraint.__class__.__name__ == "InSet"]
    assert len(givens) == 81 - SUDOKUS[0].count(".")


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_jsonl_csv_and_lines_give_one_row_each_in_order(tmp_path):
    data = [write(tmp_path, "a.jsonl", '{"n": 6, "x": 1}\n\n{"n": 5, "q": "1....", "x": 0}\n'),
            write(tmp_path, "b.csv", "n,q,x\n6,2.....,1\n5,,2\n"),
            write(tmp_path, "c.json", '{\n  "n": 4,\n  "x": 3\n}\n')]
    job = Job(QUEENS, "queens.puz", "sat")
    rows = list(batch_rows(job, instances_of(data)))
    assert [(r["index"], Path(r["file"]).name, r["line"], r["status"], r["unique"]) for r in rows] == [
        (1, "a.jsonl", 1, "solved", False), (2, "a.jsonl", 3, "solved", False), (3, "b.csv", 2, "solved", True),
        (4, "b.csv", 3, "solved", False), (5, "c.json", 1, "solved", False)]
    assert rows[2]["solution"] == {"q": [2, 4, 6, 1, 3, 5], "x": 1}


def test_a_pool_of_two_workers_gives_the_same_rows_in_the_same_order(tmp_path):
    data = write(tmp_path, "s.txt", "\n".join([*SUDOKUS[:30], "123", *SUDOKUS[30:60]]) + "\n")
    job = Job(Path(SUDOKU).read_text(encoding="utf-8"), SUDOKU, "sat")
    here = list(batch_rows(job, instances_of([data])))
    pooled = list(batch_rows(job, instances_of([data]), workers=2))
    used = job.compiled()  # a compiled model used here before its workers are forked with it
    used.solve(SUDOKUS[0])
    forked = list(batch_rows(job, instances_of([data]), workers=2, compiled=used))
    strip = [{k: v for k, v in row.items() if k != "seconds"} for row in here]
    assert strip == [{k: v for k, v in row.items() if k != "seconds"} for row in pooled]
    assert strip == [{k: v for k, v in row.items() if k != "seconds"} for row in forked]
    assert [row["status"] for row in here].count("solved") == 60 and here[30]["status"] == "error"
    assert all(sudoku_holds(p, row["text"]) for p, row in zip(SUDOKUS[:30], here[:30], strict=True))


def test_the_command_writes_the_same_lines_and_summary_with_two_workers(tmp_path):
    """The workers make the JSON lines and tally them; the lines, the located messages on standard
    error, the summary and the exit code are those of one process."""
    puzzles = [*SUDOKUS[:40], SUDOKUS[40][:80], "11" + "." * 79, *SUDOKUS[41:70]]
    data = write(tmp_path, "s.txt", "\n".join(puzzles) + "\n")
    one, two = run_cli("batch", SUDOKU, data), run_cli("batch", SUDOKU, data, "--workers", "2")
    assert (one.returncode, two.returncode) == (2, 2)
    unseconded = [[{k: v for k, v in json.loads(line).items() if k != "seconds"} for line in run.stdout.splitlines()]
                  for run in (one, two)]
    assert unseconded[0] == unseconded[1] and [row["index"] for row in unseconded[1]] == list(range(1, 72))
    assert one.stderr.splitlines()[:-1] == two.stderr.splitlines()[:-1]
    assert two.stderr.splitlines()[0].startswith(f"{data}:41:1: error: 'cell' is 9x9: expected 81 characters")
    summary = SUMMARY.match(two.stderr.splitlines()[-1])
    assert summary and summary.groups() == ("71", "69 solved (69 unique), 1 unsatisfiable, 0 timed out, 1 error")


def test_written_chunks_hold_the_rows_lines_counts_and_messages(tmp_path):
    data = write(tmp_path, "s.txt", "\n".join([*SUDOKUS[:25], "123", *SUDOKUS[25:50]]) + "\n")
    job = Job(Path(SUDOKU).read_text(encoding="utf-8"), SUDOKU, "sat")
    rows = list(batch_rows(job, instances_of([data])))
    chunks = list(batch_written(job, instances_of([data]), workers=2))
    assert len(chunks) > 2 and sum(chunk.rows for chunk in chunks) == 51
    lines = "".join(chunk.text for chunk in chunks).splitlines()
    assert [{**json.loads(line), "seconds": 0} for line in lines] == [
        {k: (0 if k == "seconds" else v) for k, v in row.items() if k != "message"} for row in rows]
    assert [message for chunk in chunks for message in chunk.messages] == [rows[25]["message"]]
    assert sum(chunk.counts["solved"] for chunk in chunks) == 50 and sum(chunk.unique for chunk in chunks) == 50


@pytest.mark.parametrize(("count", "workers"), [(1, 2), (7, 2), (200, 2), (1000, 2), (4000, 2), (4000, 3)])
def test_chunks_cover_the_instances_and_shrink_towards_the_end(count, workers):
    sizes = chunk_sizes(count, workers)
    assert sum(sizes) == count and max(sizes) <= 64 and sizes == sorted(sizes, reverse=True)
    assert sizes[-1] == 1


_POOL_STATE: list[int] = []


def _pool_setup(offset: int) -> None:
    if offset < 0:
        raise RuntimeError("a worker that cannot start")
    _POOL_STATE[:] = [offset]


def _pool_work(task: int) -> int:
    """Tasks that end out of order; 13 fails as a bug would, 17 ends its worker as a crash would, 19 is
    killed."""
    import os
    import time

    if task == 13:
        raise ValueError("task 13")
    if task == 17:
        os._exit(9)
    if task == 19:  # killed from outside, as the out-of-memory killer does
        import signal

        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.002 * (task % 4))
    return task + _POOL_STATE[0]


def child_processes() -> set[str]:
    """This process's children, ended ones not yet waited for included (Linux: /proc)."""
    import os

    path = Path(f"/proc/self/task/{os.getpid()}/children")
    return set(path.read_text().split()) if path.exists() else set()


@pytest.mark.parametrize("forks", [True, False], ids=["forked", "spawned"])
def test_the_pool_gives_results_in_order_raises_a_workers_error_and_stops_its_workers(forks, monkeypatch):
    import multiprocessing

    monkeypatch.setattr("cspdsl.instances.pool.FORKS", forks)
    before = child_processes()
    assert list(in_order(list(range(12)), _pool_work, 3, _pool_setup, (100,))) == list(range(100, 112))
    with pytest.raises(ValueError, match="task 13"):
        list(in_order(list(range(20)), _pool_work, 2, _pool_setup, (0,)))
    with pytest.raises(WorkerDied, match="exit code 9"):
        list(in_order([16, 17, 18], _pool_work, 2, _pool_setup, (0,)))
    with pytest.raises(ProcessKilled, match="a worker process was killed by SIGKILL") as killed:
        list(in_order([18, 19, 20], _pool_work, 2, _pool_setup, (0,)))
    assert killed.value.exit_code == 137
    with pytest.raises(WorkerDied, match="exit code 1 before"):
        list(in_order(list(range(40)), _pool_work, 2, _pool_setup, (-1,)))
    left = in_order(list(range(12)), _pool_work, 2, _pool_setup, (0,))
    assert next(left) == 0
    left.close()  # a reader that stopped reading: the workers still busy are ended
    assert multiprocessing.active_children() == []
    if forks:  # (spawning leaves multiprocessing's resource tracker running, as it should)
        assert child_processes() <= before


def test_on_a_local_ray_cluster(tmp_path):
    ray = pytest.importorskip("ray")
    data = write(tmp_path, "s.txt", "\n".join([*SUDOKUS[:20], "x"]) + "\n")
    job = Job(Path(SUDOKU).read_text(encoding="utf-8"), SUDOKU, "sat")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        rows = list(batch_rows(job, instances_of([data]), workers=2, ray_address="auto"))
    finally:
        ray.shutdown()
    assert [row["index"] for row in rows] == list(range(1, 22))
    assert all(sudoku_holds(p, row["text"]) and row["unique"] for p, row in zip(SUDOKUS[:20], rows, strict=False))
    assert rows[-1]["error"].endswith("error: 'cell' is 9x9: expected 81 characters (a digit a cell, '.' or '0' "
                                      "for a blank), found 1")


SUMMARY = re.compile(r"^([\d,]+) instances? in [\d.]+ s \((?:[\d,.]+/s|[\d,.]+ s each)\): (.*)$")


def test_batch_command_streams_rows_and_ends_with_a_summary(tmp_path):
    data = write(tmp_path, "s.txt", f"{SUDOKUS[0]}\n{SUDOKUS[1][:80]}\n{'11' + '.' * 79}\n{SUDOKUS[2]}\n")
    result = run_cli("batch", SUDOKU, data)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["status"] for row in rows] == ["solved", "error", "unsatisfiable", "solved"]
    errors = result.stderr.splitlines()
    assert errors[:3] == [
        f"{data}:2:1: error: 'cell' is 9x9: expected 81 characters (a digit a cell, '.' or '0' for a blank), found 80",
        f" 2 | {SUDOKUS[1][:80]}", f"   | {'^' * 80}"]
    summary = SUMMARY.match(errors[-1])
    assert summary and summary.groups() == (
        "4", "2 solved (2 unique), 1 unsatisfiable, 0 timed out, 1 error")
    assert result.returncode == 2


@pytest.mark.parametrize(("lines", "code"), [([0, 1], 0), ([0, "clash"], 1)])
def test_batch_exit_codes(tmp_path, lines, code):
    puzzles = ["11" + "." * 79 if line == "clash" else SUDOKUS[line] for line in lines]
    out = tmp_path / "rows.jsonl"
    result = run_cli("batch", SUDOKU, write(tmp_path, "s.txt", "\n".join(puzzles)), "--out", str(out))
    assert (result.returncode, result.stdout) == (code, "")
    assert len(out.read_text().splitlines()) == len(lines)


def test_batch_time_limit_is_per_instance(tmp_path):
    """Pigeons into holes: no SAT engine proves it soon; each instance stops at its own limit."""
    model = write(tmp_path, "php.puz", "var p[1..12] in 1..11\nalldifferent(p)\n")
    result = run_cli("batch", model, write(tmp_path, "e.jsonl", "{}\n{}\n"), "--timeout", "0.3")
    assert [json.loads(line)["status"] for line in result.stdout.splitlines()] == ["timeout", "timeout"]
    assert result.returncode == 3
    assert max(json.loads(line)["seconds"] for line in result.stdout.splitlines()) < 10


def test_solve_data_solves_the_one_instance(tmp_path):
    result = run_cli("solve", SUDOKU, "--data", write(tmp_path, "one.txt", SUDOKUS[5] + "\n"))
    assert result.returncode == 0, result.stderr
    assert "Sudoku (Brain Games, puzzle 51)" in result.stdout and "not unique" not in result.stdout
    data = write(tmp_path, "q.json", '{"n": 6, "x": 2}')
    counted = run_cli("solve", "-", "--data", data, "--count", stdin=QUEENS)
    assert (counted.returncode, counted.stdout.splitlines()[0]) == (0, "4 solutions.")


@pytest.mark.skipif(__import__("importlib.util").util.find_spec("ray") is not None, reason="Ray is installed")
def test_batch_on_ray_without_ray_says_how_to_install_it(tmp_path):
    result = run_cli("batch", SUDOKU, write(tmp_path, "s.txt", SUDOKUS[0]), "--ray", "auto")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "error: Ray is not installed: pip install 'cspdsl[ray]' (on every machine of the cluster)\n"


# -- the per-instance path of a batch: the model read back, the compiled check, the lazy result -----------


def sudoku_check(puzzle: str):
    """The compiled Sudoku's check of one puzzle's solutions, and the puzzle's solution."""
    from cspdsl.instances.checking import InstanceCheck
    from cspdsl.instances.results import InstanceModel

    compiled = cspdsl.compile(SUDOKU, "sat")
    instance, prepared = compiled.as_instance(puzzle), compiled.prepared(compiled.params)
    model = InstanceModel(prepared.template, instance.givens)
    result = compiled.solve(instance)
    return prepared.check, InstanceCheck(prepared.check, instance.givens, model, "sat"), result.solutions[0]


@pytest.mark.parametrize("cell", ["cell[1,1]", "cell[5,7]", "cell[9,9]"])
def test_the_compiled_check_rejects_a_solution_with_one_wrong_cell(cell):
    base, check, solution = sudoku_check(SUDOKUS[0])
    wrong = {**solution, cell: solution[cell] % 9 + 1}
    assert base.test is not None and base.test(solution) is True and base.test(wrong) is False
    with pytest.raises(InternalError, match=r"returned a solution that breaks the clue at .*sudoku.puz:\d+"):
        check.check(wrong)
    check.check(solution)  # the right one passes, once
    with pytest.raises(InternalError, match="returned the same solution twice"):
        check.check(dict(solution))


def test_the_compiled_check_rejects_a_sudoku_that_drops_a_given():
    """Digits 1 and 2 swapped everywhere: every row, column and box still holds 1..9 (the base's test
    passes), but the instance's givens are broken."""
    base, check, solution = sudoku_check(SUDOKUS[0])
    swapped = {name: {1: 2, 2: 1}.get(value, value) for name, value in solution.items()}
    assert base.test is not None and base.test(swapped) is True
    with pytest.raises(InternalError, match="returned a solution that breaks the clue"):
        check.check(swapped)


def engine_returns(monkeypatch, compiled, change):
    """The live solver's models replaced by the literals of `change(assignment)`, as if the engine had
    a bug: the assignment of each model changed before it is read back."""
    session = compiled.prepared(compiled.params).session
    handle, solve, model, add, main = session.calls

    def changed(solver):
        found = model(solver)
        true = {name: v for (name, v), lit in session.literal.items() if found[lit - 1] > 0}
        wrong = change(true)
        for (name, v), lit in session.literal.items():
            found[lit - 1] = lit if wrong[name] == v else -lit
        return found

    monkeypatch.setattr(session, "calls", (handle, solve, changed, add, main))


ONE_CELL_OFF = lambda a: {**a, "cell[1,1]": a["cell[1,1]"] % 9 + 1}  # noqa: E731  (blank in SUDOKUS[1])
ONE_AND_TWO_SWAPPED = lambda a: {name: {1: 2, 2: 1}.get(v, v) for name, v in a.items()}  # noqa: E731


@pytest.mark.parametrize("change", [ONE_CELL_OFF, ONE_AND_TWO_SWAPPED], ids=["one cell off", "1 and 2 swapped"])
@pytest.mark.parametrize("timeout", [None, 60.0])
def test_a_wrong_model_from_the_sat_engine_is_never_shown(monkeypatch, change, timeout):
    """The engine's model with one blank cell changed (a row, a column and a box then hold a digit
    twice), or with its digits 1 and 2 swapped (every group still right, the givens broken): the solve fails
    loudly and shows nothing, with or without a time limit (the two paths of `CompiledModel.solve`).
    One solution is asked for: the wrong model is the only one read back."""
    compiled = cspdsl.compile(SUDOKU, "sat")
    engine_returns(monkeypatch, compiled, change)
    with pytest.raises(InternalError, match="breaks the clue"):
        compiled.solve(SUDOKUS[1], timeout=timeout, limit=1)


def test_the_literal_test_holds_for_a_sudoku_model_and_fails_for_a_wrong_one():
    """A Sudoku's base (all-differents alone) is tested on the true literals of a model: a model of
    the base holds, the same with one cell changed does not, and a model of another base is not
    tested that way (False: the assignment is tested instead)."""
    compiled = cspdsl.compile(SUDOKU, "sat")
    session = compiled.prepared(compiled.params).session
    assert session.solver.solve(session.assumptions(compiled.as_instance(SUDOKUS[0]).givens))
    model = session.solver.model()
    assignment, clause, held = session.reader.read(model)
    assert held is True and len(assignment) == len(clause) == 81
    lit = session.literal["cell[2,3]", assignment["cell[2,3]"]]
    other = session.literal["cell[2,3]", assignment["cell[2,3]"] % 9 + 1]
    model[lit - 1], model[other - 1] = -lit, other
    wrong, _, held = session.reader.read(model)
    assert held is False and wrong == {**assignment, "cell[2,3]": assignment["cell[2,3]"] % 9 + 1}
    queens = cspdsl.compile(cspdsl.loads(QUEENS, "q.puz"), "sat").prepared({}).session
    assert queens.solver.solve() and queens.reader.read(queens.solver.model())[2] is False


@pytest.mark.parametrize("text", [QUEENS, "var b[1..6] in 0..1\nvar x in 1..3\nsum(b) == x\nb[1] != b[2]\n"])
def test_a_model_read_back_is_the_plain_decode_of_it(text):
    """Every model of small CNFs (0/1 variables read one by one among them): the same assignment as
    the sat backend's own decode, and a clause that is the outputs' true literals, negated."""
    from cspdsl.backends.sat.search import decode

    compiled = cspdsl.compile(cspdsl.loads(text, "m.puz"), "sat")
    session = compiled.prepared(compiled.params).session
    outputs = set(compiled.prepared(compiled.params).template.base.problem.outputs)
    count = 0
    while session.solver.solve():
        model = session.solver.model()
        assignment, clause, _ = session.reader.read(model)
        assert assignment == decode(session.values, model)
        assert sorted(clause) == sorted(-lit for name, pairs in session.values.items() if name in outputs
                                        for v, lit in pairs if v == assignment[name] and abs(lit) != 1)
        session.solver.add(clause)
        count += 1
    assert count == cspdsl.compile(cspdsl.loads(text, "m.puz"), "sat").solve(limit=None).count > 1


def test_the_incremental_solver_is_renewed_and_answers_the_same():
    compiled = cspdsl.compile(SUDOKU, "sat")
    session = compiled.prepared(compiled.params).session
    session.renew_after = 3
    solver = session.solver
    results = [compiled.solve(p) for p in [*SUDOKUS[:5], TWO_SOLUTIONS, "11" + "." * 79, *SUDOKUS[5:8]]]
    assert session.solver is not solver and session.next_var - session.first_switch <= 3
    assert [(r.status, r.unique) for r in results] == [("solved", True)] * 5 + [
        ("solved", False), ("unsatisfiable", None)] + [("solved", True)] * 3


def test_an_instance_result_makes_its_model_when_read_and_pickles_as_a_result():
    import pickle

    result = cspdsl.compile(SUDOKU, "sat").solve(SUDOKUS[0])
    assert "Problem" not in repr(result.__dict__["model"])  # not made yet
    assert result.status == "solved" and result.__dict__["model"].made is None
    copied = pickle.loads(pickle.dumps(result))
    assert type(copied) is cspdsl.Result and copied.solutions == result.solutions
    givens = [p for p in copied.model.problem.constraints if p.constraint.__class__.__name__ == "InSet"]
    assert len(givens) == 81 - SUDOKUS[0].count(".") and copied.model.problem == result.model.problem


def test_a_row_has_a_text_only_when_every_value_is_one_digit(tmp_path):
    model = "var q[1..12] in 1..12\nalldifferent(q)\nq[1] == 12\n"
    job = Job(model, "q.puz", "sat")
    rows = list(batch_rows(job, instances_of([write(tmp_path, "q.txt", "..3.........\n")])))
    assert rows[0]["status"] == "solved" and rows[0]["solution"]["q"][:3] == [12, rows[0]["solution"]["q"][1], 3]
    assert "text" not in rows[0]
    sudoku = list(batch_rows(Job(Path(SUDOKU).read_text(encoding="utf-8"), SUDOKU, "sat"),
                             instances_of([write(tmp_path, "s.txt", ARTICLE + "\n")])))
    assert sudoku[0]["text"] == ARTICLE_SOLVED
    assert sudoku[0]["solution"]["cell"][1] == [int(ch) for ch in ARTICLE_SOLVED[9:18]]


COINS = str(MODELS / "coins.puz")


@pytest.mark.parametrize("backend", ["sat", "cpsat", "csp"])
def test_each_instance_of_a_model_with_an_objective_is_proved_optimal(tmp_path, backend):
    """The fewest coins for 63 with a 19 fixed (25 + 19 + 12 + 5 + 1 + 1: 6, the only way) and for 48
    (four coins, two ways: 4 x 12 and 2 x 5 + 2 x 19): each instance optimised, not just solved."""
    data = write(tmp_path, "c.jsonl", '{"take": [null, null, null, 1, null]}\n{"amount": 48}\n')
    result = run_cli("batch", COINS, data, "--backend", backend)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["status"], r["objective"], r["bound"], r["unique"]) for r in rows] == [
        ("optimal", 6, 6, True), ("optimal", 4, 4, False)]
    assert rows[0]["solution"] == {"take": [2, 1, 1, 1, 1]}
    assert SUMMARY.match(result.stderr.splitlines()[-1]).groups() == (
        "2", "2 optimal (1 unique), 0 feasible (not proved optimal), 0 unsatisfiable, 0 timed out, 0 errors")
    assert result.returncode == 0


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_a_batch_of_golomb_rulers_reads_the_differences_back_from_the_marks(tmp_path, backend):
    """On sat the ruler's differences have no literals (`passes.rulers`): each row's solution is still
    read whole and checked. 5 marks: length 11, two rulers; with the second mark at 1, one."""
    data = write(tmp_path, "g.jsonl", '{}\n{"mark": [null, 1, null, null, null]}\n')
    result = run_cli("batch", str(MODELS / "golomb.puz"), data, "--backend", backend)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["status"], r["objective"], r["unique"]) for r in rows] == [("optimal", 11, False), ("optimal", 11, True)]
    assert rows[1]["solution"] == {"mark": [0, 1, 4, 9, 11]}
    assert result.returncode == 0, result.stderr
    model = write(tmp_path, "r.puz", "var m[1..4] in 0..6\nforall i in 1..3: m[i] < m[i + 1]\n"
                                     "alldifferent([m[j] - m[i] for i in 1..4, j in 1..4 where i < j])\n")
    data = write(tmp_path, "r.jsonl", '{"m": [0, null, null, 6]}\n{"m": [null, null, null, 3]}\n')
    found = run_cli("batch", model, data, "--backend", backend)  # no objective: its models read by `ModelReader`
    assert [(r["status"], r["unique"]) for r in map(json.loads, found.stdout.splitlines())] == [
        ("solved", False), ("unsatisfiable", None)]


def test_a_compiled_model_with_an_objective_solves_an_instance_to_its_optimum():
    result = cspdsl.compile(COINS, "sat").solve({"take": [None, None, None, 1, None]})
    assert (result.status, result.objective, result.count) == ("optimal", 6, 1)
    assert result.model.problem.objective is not None


def test_a_sequential_puzzle_has_no_instances(tmp_path):
    result = run_cli("batch", str(MODELS / "river.puz"), write(tmp_path, "e.jsonl", "{}\n"))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("error: instances are of a model solved as a whole, not of a sequential puzzle")


@pytest.mark.parametrize(("domain", "line", "givens"), [
    ("1..4", "1.3_", {"g[1,1]": 1, "g[2,1]": 3}),
    ("1..4", "0004", {"g[2,2]": 4}),  # 0 is not a value: a blank
    ("0..1", "01.1", {"g[1,1]": 0, "g[1,2]": 1, "g[2,2]": 1}),  # 0 is a value
    ("1..4", "1234", {"g[1,1]": 1, "g[1,2]": 2, "g[2,1]": 3, "g[2,2]": 4}),
    ("1..4", "15..", None), ("1..4", "1..", None), ("1..4", "1.\u0663.", None), ("1..4", " 1..", None),
])
def test_a_line_is_read_by_c_calls_as_the_cell_by_cell_reading_reads_it(domain, line, givens):
    """The line reader gives the givens a line fixes, or None for a line it leaves to the cell-by-cell
    reading (which then says what is wrong with it); where it reads one, that reading agrees."""
    from cspdsl.instances.read import RawInstance

    compiled = cspdsl.compile(cspdsl.loads(f"var g[1..2, 1..2] in {domain}\nalldifferent(g[1, 1..2])\n", "m.puz"))
    template = compiled.prepared(compiled.params).template
    assert template.line_givens(line) == givens
    if givens is not None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(template, "line_reader", lambda grid: None)  # the cell-by-cell reading alone
            assert compiled.instance(RawInstance("d.txt", 1, line, "line")).givens == givens


def test_the_literal_test_of_a_latin_square_with_a_variable_in_no_group():
    """Each model of a 3x3 Latin square and a free x holds on its literals; a cell moved does not."""
    text = "var g[1..3, 1..3] in 1..3\nvar x in 1..2\nforall group in g.rows + g.columns: alldifferent(group)\n"
    session = cspdsl.compile(cspdsl.loads(text, "latin.puz"), "sat").prepared({}).session
    held = []
    while session.solver.solve():
        model = session.solver.model()
        assignment, clause, holds = session.reader.read(model)
        held.append(holds)
        lit = session.literal["g[1,1]", assignment["g[1,1]"]]
        other = session.literal["g[1,1]", 1 + assignment["g[1,1]"] % 3]
        moved = list(model)
        moved[lit - 1], moved[other - 1] = -lit, other
        assert session.reader.read(moved)[2] is False
        session.solver.add(clause)
    assert held == [True] * 24  # 12 squares, each with x = 1 or 2
