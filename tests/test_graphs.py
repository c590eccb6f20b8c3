"""Chosen edges: `linked(h, v)` (the drawn links join the cells they touch into one group), `no_loop(d)`
(a grid's diagonals close no loop) and `paired(a, b)` (one-to-one pairs of side-by-side cells).

Small models on every exact backend find the solutions the rule itself gives, enumerated here in
Python over the model's own variables (union-find over the links and the corners, a search for a
pairing), not over the IR; brute force over the IR agrees. The genre models have their published
answers, the same as multi-puzzle-solver's, on every backend that takes them in a test's time."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from brute import brute_force
from helpers import MODELS, run_cli

from cspdsl.api import load, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError

Values = dict[str, int]
Place = tuple[int, int]
NO_AREA = "backend 'cp' has no constraint for a connected area"


def cells_of(v: Values, grid: str) -> dict[Place, int]:
    """A grid's values by index, read from the names `grid[r,c]`."""
    found = {}
    for name, value in v.items():
        m = re.fullmatch(rf"{grid}\[(-?\d+),(-?\d+)\]", name)
        if m:
            found[(int(m[1]), int(m[2]))] = value
    return found


class Parts:
    """Union-find: `join` tells whether the two were apart."""

    def __init__(self) -> None:
        self.up: dict[object, object] = {}

    def find(self, x: object) -> object:
        while self.up.setdefault(x, x) != x:
            x = self.up[x]
        return x

    def join(self, a: object, b: object) -> bool:
        ra, rb = self.find(a), self.find(b)
        self.up[ra] = rb
        return ra != rb


def links_join(v: Values, rows: int, columns: int) -> bool:
    """h[1..R, 0..C] and v[0..R, 1..C]: no link off the grid, at least one drawn, and the cells they
    touch one group."""
    h, w = cells_of(v, "h"), cells_of(v, "v")
    drawn = [((r, c), (r, c + 1)) for (r, c), x in h.items() if x]
    drawn += [((r, c), (r + 1, c)) for (r, c), x in w.items() if x]
    inside = all(1 <= r <= rows and 1 <= c <= columns for pair in drawn for r, c in pair)
    parts = Parts()
    for a, b in drawn:
        parts.join(a, b)
    return bool(drawn) and inside and len({parts.find(cell) for pair in drawn for cell in pair}) == 1


def no_cycle(v: Values, grid: str = "d") -> bool:
    """The diagonals (1 joins the top left and bottom right corners, 0 the other two) close no loop."""
    parts = Parts()
    for (r, c), x in cells_of(v, grid).items():
        ends = ((r - 1, c - 1), (r, c)) if x else ((r - 1, c), (r, c - 1))
        if not parts.join(*ends):
            return False
    return True


def pairing_exists(a: set[Place], b: set[Place]) -> bool:
    """Whether the cells of a and of b pair off one to one, each pair side by side."""
    if len(a) != len(b):
        return False
    first = sorted(a)
    def match(i: int, free: set[Place]) -> bool:
        if i == len(first):
            return True
        r, c = first[i]
        return any(q in free and match(i + 1, free - {q}) for q in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)))
    return match(0, set(b))


def holding(v: Values, grid: str) -> set[Place]:
    return {p for p, x in cells_of(v, grid).items() if x}


# name -> (model, the rule over the values of the model's shown variables)
ROWS: dict[str, tuple[str, Callable[[Values], bool]]] = {
    "linked-2x2": ("var h[1..2, 0..2] in bool\nvar v[0..2, 1..2] in bool\nlinked(h, v)\n",
                   lambda v: links_join(v, 2, 2)),
    "linked-double-links": ("var h[1..1, 0..3] in 0..2\nvar v[0..1, 1..3] in bool\nlinked(h, v)\n",
                            lambda v: links_join(v, 1, 3)),
    "linked-with-degrees": ("var h[1..2, 0..3] in bool\nvar v[0..2, 1..3] in bool\nlinked(h, v)\n"
                            "forall r in 1..2, c in 1..3: h[r, c - 1] + h[r, c] + v[r - 1, c] + v[r, c] >= 1\n",
                            lambda v: links_join(v, 2, 3) and all(
                                v[f"h[{r},{c - 1}]"] + v[f"h[{r},{c}]"] + v[f"v[{r - 1},{c}]"] + v[f"v[{r},{c}]"] >= 1
                                for r in (1, 2) for c in (1, 2, 3))),
    "no-loop-2x2": ("var d[1..2, 1..2] in bool\nno_loop(d)\n", no_cycle),
    "no-loop-3x3": ("var d[1..3, 1..3] in bool\nno_loop(d)\n", no_cycle),
    "no-loop-from-zero": ("var d[0..2, 0..1] in bool\nno_loop(d)\nd[1, 0] == 1\n",
                          lambda v: no_cycle(v) and v["d[1,0]"] == 1),
    "paired-grids": ("var a[1..2, 1..2] in bool\nvar b[1..2, 1..2] in bool\npaired(a, b)\n",
                     lambda v: pairing_exists(holding(v, "a"), holding(v, "b"))),
    "paired-given-trees": ("let tree = [[1, 0, 0], [0, 0, 1]]\nvar tent[1..2, 1..3] in bool\npaired(tree, tent)\n",
                           lambda v: pairing_exists({(1, 1), (2, 3)}, holding(v, "tent"))),
    "paired-rows-of-conditions": ("var g[1..2, 1..3] in 0..2\n"
                                  "paired([[g[r, c] == 1 for c in 1..3] for r in 1..2], "
                                  "[[g[r, c] == 2 for c in 1..3] for r in 1..2])\n",
                                  lambda v: pairing_exists({p for p, x in cells_of(v, "g").items() if x == 1},
                                                           {p for p, x in cells_of(v, "g").items() if x == 2})),
}


def rule_solutions(text: str, rule: Callable[[Values], bool]) -> set[tuple[int, ...]]:
    """The assignments of the model's shown variables that the rule accepts, in the model's order."""
    problem = loads(text, "graphs.puz").problem
    names = list(problem.outputs)
    domains = [problem.variables[name].domain for name in names]
    return {values for values in itertools.product(*domains) if rule(dict(zip(names, values, strict=True)))}


@pytest.mark.parametrize("backend", exact_backends(partial=True))
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_finds_what_the_rule_allows(row: str, backend: str) -> None:
    text, rule = ROWS[row]
    expected = rule_solutions(text, rule)
    assert expected and len(expected) < len(rule_solutions(text, lambda v: True)), f"{row}: the rule decides nothing"
    model = loads(text, "graphs.puz")
    if backend == "cp" and not row.startswith("paired"):
        with pytest.raises(CspdslError, match=NO_AREA):
            solve(model, backend, limit=None)
        return
    result = solve(model, backend, limit=None)
    assert result.complete
    assert {model.problem.project(s) for s in result.solutions} == expected
    assert result.count == len(expected)


@pytest.mark.parametrize("row", [pytest.param(row, marks=pytest.mark.slow) if row == "paired-rows-of-conditions"
                                 else row for row in sorted(ROWS)])  # that one's brute force takes a minute: -m slow
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    text, rule = ROWS[row]
    assert brute_force(loads(text, "graphs.puz").problem) == rule_solutions(text, rule)


def test_a_loop_of_four_diagonals_around_a_corner_is_refused() -> None:
    diamond = "var d[1..2, 1..2] in bool\nno_loop(d)\nd[1, 1] == 0\nd[1, 2] == 1\nd[2, 1] == 1\nd[2, 2] == 0\n"
    assert solve(loads(diamond, "graphs.puz"), "sat", limit=None).count == 0


def test_no_loop_on_a_3x4_grid_keeps_exactly_the_drawings_without_a_loop() -> None:
    model = loads("var d[1..3, 1..4] in bool\nno_loop(d)\n", "graphs.puz")
    expected = rule_solutions("var d[1..3, 1..4] in bool\nno_loop(d)\n", no_cycle)
    result = solve(model, "cpsat", limit=None)
    assert result.complete and {model.problem.project(s) for s in result.solutions} == expected
    assert len(expected) == 2624  # of the 4,096 drawings


# ---- the genre models: their published answers -------------------------------------------------

def hashi_bridges(solution: Values) -> dict[Place, tuple[int, int, int, int]]:
    """Each island's bridges right, left, down and up, as multi-puzzle-solver writes its answer."""
    model_text = (MODELS / "genres" / "hashi.puz").read_text()
    rows = re.findall(r"^  \[([\d, ]+)\],$", model_text, re.M)
    islands = [(r, c) for r, row in enumerate(rows, 1) for c, n in enumerate(row.split(", "), 1) if n != "0"]
    return {(r, c): (solution[f"h[{r},{c}]"], solution[f"h[{r},{c - 1}]"], solution[f"v[{r},{c}]"],
                     solution[f"v[{r - 1},{c}]"]) for r, c in islands}


# multi-puzzle-solver's answer (tests/test_bridges.py): each island's bridges right, left, down, up.
HASHI_ANSWER = """
1000 0120 / 1010 2110 2200 0200 / 2000 0220 / 0010 1000 1100 0112 / 1001 2100 2202 1201 1110 0100 /
1001 1100 0100 0020 / / 2000 2210 0210 0022 / / 1020 0120 / 1010 0110 1022 0121 / / / 0001 0002 0001 0002 /
2002 1201 1101 2101 0202
"""


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_hashi_has_the_peers_one_answer(backend: str) -> None:
    result = solve(load(MODELS / "genres" / "hashi.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    found = hashi_bridges(result.solutions[0])
    expected = [tuple(int(x) for x in word) for word in HASHI_ANSWER.split() if word != "/"]
    assert [found[p] for p in sorted(found)] == expected


TENTS_ANSWER = """
001000010001010 000001000000000 101000010100101 000000000000000 010010101000100
000000000010001 000001010000100 010000000000000 000010100100101 101000000000000
000000001000101 000101000000000 100000000101010 001010100000000 100000001010100
"""


@pytest.mark.parametrize("backend", ["sat", "cpsat", "cp"])
def test_tents_has_the_peers_one_answer(backend: str) -> None:
    result = solve(load(MODELS / "genres" / "tents.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    tents = cells_of(result.solutions[0], "tent")
    rows = ["".join(str(tents[(r, c)]) for c in range(1, 16)) for r in range(1, 16)]
    assert rows == TENTS_ANSWER.split()


SLANT_ANSWER = """
011000011101 111111010011 111001011110 101101001010 011011100011
011011101011 011010001001 111110001011 000110011011 110001010110
"""


@pytest.mark.parametrize("backend", ["sat", "cpsat", "csp"])
def test_slant_has_the_peers_one_answer(backend: str) -> None:
    result = solve(load(MODELS / "genres" / "slant.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    d = cells_of(result.solutions[0], "d")
    rows = ["".join(str(d[(r, c)]) for c in range(1, 13)) for r in range(1, 11)]
    assert rows == SLANT_ANSWER.split()
    assert no_cycle(result.solutions[0])


# ---- bad uses: located, with a caret and a hint -------------------------------------------------

def lines(*parts: str) -> str:
    return "\n".join(parts)


ERRORS = {
    'linked-inside-a-condition': (
        'var h[1..2, 0..2] in bool\nvar v[0..2, 1..2] in bool\nif h[1, 1] == 1 then linked(h, v)\n',
        lines(
            'm.puz:3:22: error: linked(...) is a clue of its own: it cannot stand inside a condition',
            ' 3 | if h[1, 1] == 1 then linked(h, v)',
            '   |                      ^^^^^^^^^^^^',
            'hint: write it on a line of its own (a forall may hold it)',
        ),
    ),
    'linked-one-array': (
        'var h[1..2, 0..2] in bool\nlinked(h)\n',
        lines(
            'm.puz:2:1: error: linked(h, v) takes two arrays of links, found 1',
            ' 2 | linked(h)',
            '   | ^^^^^^^^^',
            'hint: linked takes the links of a grid of R x C cells: linked(h, v), h[1..R, 0..C] '
            'between a cell and the one to its right, v[0..R, 1..C] between a cell and the one below',
        ),
    ),
    'linked-shapes-that-do-not-fit': (
        'var h[1..2, 1..2] in bool\nvar v[0..2, 1..2] in bool\nlinked(h, v)\n',
        lines(
            'm.puz:3:1: error: linked(h, v): for a grid of R x C cells, h is R x (C+1) and v is '
            '(R+1) x C; here h is 2 x 2 and v is 3 x 2',
            ' 3 | linked(h, v)',
            '   | ^^^^^^^^^^^^',
            'hint: linked takes the links of a grid of R x C cells: linked(h, v), h[1..R, 0..C] '
            'between a cell and the one to its right, v[0..R, 1..C] between a cell and the one below',
        ),
    ),
    'linked-of-a-constant': (
        'let h = 3\nvar v[0..2, 1..2] in bool\nlinked(h, v)\n',
        lines(
            'm.puz:3:8: error: linked(h, v): h must be a 2-D var array',
            ' 3 | linked(h, v)',
            '   |        ^',
            'hint: linked takes the links of a grid of R x C cells: linked(h, v), h[1..R, 0..C] '
            'between a cell and the one to its right, v[0..R, 1..C] between a cell and the one below',
        ),
    ),
    'no-loop-of-numbers': (
        'var d[1..2, 1..2] in 0..2\nno_loop(d)\n',
        lines(
            'm.puz:2:9: error: no_loop(d): the diagonals must be bool variables (1 is \\, 0 is /)',
            ' 2 | no_loop(d)',
            '   |         ^',
            'hint: no_loop takes a grid of bool diagonals, one a cell (1 is \\, 0 is /): no_loop(d)',
        ),
    ),
    'no-loop-of-a-row': (
        'var d[1..4] in bool\nno_loop(d)\n',
        lines(
            'm.puz:2:9: error: no_loop(d): d must be a 2-D var array',
            ' 2 | no_loop(d)',
            '   |         ^',
            'hint: no_loop takes a grid of bool diagonals, one a cell (1 is \\, 0 is /): no_loop(d)',
        ),
    ),
    'no-loop-in-a-count': (
        'var d[1..2, 1..2] in bool\nexactly 1 of [no_loop(d), d[1, 1] == 1]\n',
        lines(
            'm.puz:2:15: error: no_loop(...) is a clue of its own: it cannot stand inside a condition',
            ' 2 | exactly 1 of [no_loop(d), d[1, 1] == 1]',
            '   |               ^^^^^^^^^^',
            'hint: write it on a line of its own (a forall may hold it)',
        ),
    ),
    'paired-shapes-that-differ': (
        'var a[1..2, 1..2] in bool\nvar b[1..2, 1..3] in bool\npaired(a, b)\n',
        lines(
            'm.puz:3:1: error: paired(a, b): a is 2 x 2 and b is 2 x 3; they must have the same shape',
            ' 3 | paired(a, b)',
            '   | ^^^^^^^^^^^^',
            'hint: paired takes two grids of the same shape, var arrays or rows of conditions: paired(tree, tent)',
        ),
    ),
    'paired-one-grid': (
        'var a[1..2, 1..2] in bool\npaired(a)\n',
        lines(
            'm.puz:2:1: error: paired(a, b) takes two grids, found 1',
            ' 2 | paired(a)',
            '   | ^^^^^^^^^',
            'hint: paired takes two grids of the same shape, var arrays or rows of conditions: paired(tree, tent)',
        ),
    ),
    'paired-with-a-number': (
        'var a[1..2, 1..2] in bool\nlet x = 3\npaired(a, x)\n',
        lines(
            'm.puz:3:11: error: paired(a, b): each of a and b must be a 2-D var array or rows of conditions',
            ' 3 | paired(a, x)',
            '   |           ^',
            'hint: paired takes two grids of the same shape, var arrays or rows of conditions: paired(tree, tent)',
        ),
    ),
    'paired-in-a-sum': (
        'var a[1..2, 1..2] in bool\nvar b[1..2, 1..2] in bool\nsum([a[1, 1]]) + paired(a, b) == 1\n',
        lines(
            'm.puz:3:18: error: paired(...) is a clue of its own: it cannot stand inside a condition',
            ' 3 | sum([a[1, 1]]) + paired(a, b) == 1',
            '   |                  ^^^^^^^^^^^^',
            'hint: write it on a line of its own (a forall may hold it)',
        ),
    ),
    'no-loop-misspelt': (
        'var d[1..2, 1..2] in bool\nno_loops(d)\n',
        lines(
            "m.puz:2:1: error: unknown function 'no_loops'",
            ' 2 | no_loops(d)',
            '   | ^^^^^^^^',
            "hint: did you mean 'no_loop'?",
        ),
    ),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_a_bad_use_is_located_with_a_caret_and_a_hint(case: str) -> None:
    text, expected = ERRORS[case]
    with pytest.raises(CspdslError) as caught:
        loads(text, "m.puz")
    assert caught.value.render() == expected


def test_the_command_line_exits_2_with_the_message_and_no_traceback(tmp_path: Path) -> None:
    text, expected = ERRORS["paired-shapes-that-differ"]
    model = tmp_path / "m.puz"
    model.write_text(text)
    done = run_cli("solve", str(model))
    assert done.returncode == 2
    assert expected.replace("m.puz", str(model)) in done.stderr and "Traceback" not in done.stderr


# multi-puzzle-solver's answer (tests/test_dominosa.py): each domino as x-y-R (across from column x,
# row y, from 0) or x-y-D (down).
DOMINOSA_ANSWER = """
0-0-R 0-1-D 0-3-D 0-5-D 0-7-D 0-9-R 1-1-D 1-3-D 1-5-D 1-7-D 10-1-D 10-3-D 10-5-D 10-8-D 2-0-R 2-1-R 2-2-D
2-4-D 2-6-R 2-7-D 2-9-R 3-2-R 3-3-D 3-5-R 3-7-D 4-0-D 4-3-D 4-6-D 4-8-D 5-0-R 5-1-D 5-3-R 5-4-R 5-5-D 5-7-R
5-8-D 6-1-D 6-5-R 6-6-R 6-8-R 6-9-R 7-0-R 7-1-D 7-3-D 7-7-R 8-1-R 8-2-R 8-3-R 8-4-D 8-6-R 8-8-D 9-0-R 9-4-D
9-7-R 9-8-D
"""


@pytest.mark.parametrize("backend", exact_backends(partial=True))
def test_dominosa_has_the_peers_one_answer(backend: str) -> None:
    result = solve(load(MODELS / "genres" / "dominosa.puz"), backend, limit=None)
    assert result.complete and result.count == 1
    solution = result.solutions[0]
    found = {f"{c - 1}-{r - 1}-R" for (r, c), x in cells_of(solution, "h").items() if x}
    found |= {f"{c - 1}-{r - 1}-D" for (r, c), x in cells_of(solution, "v").items() if x}
    assert found == set(DOMINOSA_ANSWER.split())
