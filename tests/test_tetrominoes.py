"""LITS's tetrominoes (`tetrominoes(g, part)`, docs/language/areas.md) on small grids: every exact
backend finds the 0/1 grids the rule itself accepts, enumerated here in Python over the cells (each
region's shaded cells four and joined, two alike that touch across regions never both), apart from the
IR; brute force over the IR agrees on the smallest; bad uses are located with a hint."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from brute import brute_force
from helpers import check_refuses

from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError

Place = tuple[int, int]


def free_form(cells: set[Place]) -> tuple[Place, ...]:
    """A shape's least form over its turns and flips, at the origin."""
    forms = []
    for flip, turn in itertools.product((1, -1), range(4)):
        moved = [(r, c * flip) for r, c in cells]
        for _ in range(turn):
            moved = [(c, -r) for r, c in moved]
        top, left = min(r for r, _ in moved), min(c for _, c in moved)
        forms.append(tuple(sorted((r - top, c - left) for r, c in moved)))
    return min(forms)


def joined(cells: set[Place]) -> bool:
    first = min(cells)
    found, todo = {first}, [first]
    while todo:
        r, c = todo.pop()
        for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if q in cells and q not in found:
                found.add(q)
                todo.append(q)
    return found == cells


def tetrominoes_hold(shaded: set[Place], regions: list[set[Place]]) -> bool:
    pieces = [shaded & region for region in regions]
    if any(len(piece) != 4 or not joined(piece) for piece in pieces):
        return False
    for a, b in itertools.combinations(pieces, 2):
        touch = any((r + dr, c + dc) in b for r, c in a for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)))
        if touch and free_form(a) == free_form(b):
            return False
    return True


def model(drawing: str, extra: str = "") -> str:
    rows = drawing.split("/")
    text = "\n".join("  " + " ".join(row) for row in rows)
    return (f"var g[1..{len(rows)}, 1..{len(rows[0])}] in bool\nregions part of g = \"\"\"\n{text}\n\"\"\"\n"
            f"tetrominoes(g, part)\n{extra}")


def regions_of(drawing: str) -> tuple[list[Place], list[set[Place]]]:
    rows = drawing.split("/")
    places = [(r, c) for r in range(len(rows)) for c in range(len(rows[0]))]
    labels = sorted({ch for row in rows for ch in row})
    return places, [{(r, c) for r, c in places if rows[r][c] == label} for label in labels]


JOINED = "connected(g, 1)\n"
# name -> (region drawing, rows apart by '/', and any rule added)
ROWS = {
    "one-square": ("AA/AA", ""),
    "one-region-of-six": ("AAA/AAA", ""),
    "two-squares-side-by-side": ("AABB/AABB", ""),  # both O, touching: no way
    "two-regions-of-six": ("AAAB/AAAB/BBBB", ""),
    "two-regions-joined": ("AAAB/AAAB/BBBB", JOINED),
    "three-regions": ("AAAA/BBBB/BBCC/CCCC", ""),
}
SMALL = ("one-square", "two-squares-side-by-side")
NO_WAY = ("two-squares-side-by-side",)


def rule_solutions(name: str) -> set[tuple[int, ...]]:
    drawing, extra = ROWS[name]
    places, regions = regions_of(drawing)
    found = set()
    for values in itertools.product((0, 1), repeat=len(places)):
        shaded = {q for q, v in zip(places, values, strict=True) if v}
        if tetrominoes_hold(shaded, regions) and (not extra or joined(shaded)):
            found.add(values)
    return found


@pytest.mark.parametrize("backend", exact_backends())
@pytest.mark.parametrize("row", sorted(ROWS))
def test_every_backend_finds_the_tetrominoes_the_rule_finds(row: str, backend: str) -> None:
    expected = rule_solutions(row)
    assert bool(expected) == (row not in NO_WAY), f"{row}: the rule accepts {len(expected)} grids"
    lowered = loads(model(*ROWS[row]), "lits.puz")
    if backend == "cp" and ROWS[row][1]:
        with pytest.raises(CspdslError, match="no constraint for a connected area"):
            solve(lowered, backend, limit=None)
        return
    result = solve(lowered, backend, limit=None)
    assert result.complete
    assert {lowered.problem.project(s) for s in result.solutions} == expected


def test_alike_tetrominoes_side_by_side_are_what_the_rows_tell_apart() -> None:
    """Without the rule that alike ones stay apart, the regions of six would have more answers."""
    drawing, _ = ROWS["two-regions-of-six"]
    places, regions = regions_of(drawing)
    loose = sum(1 for values in itertools.product((0, 1), repeat=len(places))
                if all(len(p := {q for q, v in zip(places, values, strict=True) if v} & region) == 4 and joined(p)
                       for region in regions))
    assert loose > len(rule_solutions("two-regions-of-six")) > 0


@pytest.mark.parametrize("row", SMALL)
def test_brute_force_over_the_ir_agrees_with_the_rule(row: str) -> None:
    assert brute_force(loads(model(*ROWS[row]), "lits.puz").problem) == rule_solutions(row)


GRIDS = ('var g[1..2, 1..2] in bool\nvar n[1..2, 1..2] in 0..2\nvar q[1..3] in bool\n'
         'regions part of g = """\n  AA\n  AA\n"""\nregions other of n = """\n  AB\n  AB\n"""\n')
HINT = "hint: tetrominoes(g, part): a 0/1 var grid and its region map (regions part of g = ...)"
LINE = 12
# name -> (the bad line, after GRIDS; its error, caret and hint)
ERRORS = {
    "in-a-condition": ("not tetrominoes(g, part)", [
        f"m.puz:{LINE}:5: error: tetrominoes(...) is a clue of its own: it cannot stand inside a condition or a value",
        f" {LINE} | not tetrominoes(g, part)", "    |     ^^^^^^^^^^^^^^^^^^^^",
        "hint: write it on a line of its own: tetrominoes(g, part)"]),
    "one-argument": ("tetrominoes(g)", [
        f"m.puz:{LINE}:1: error: tetrominoes takes two arguments, not 1", f" {LINE} | tetrominoes(g)",
        "    | ^^^^^^^^^^^^^^", HINT]),
    "of-a-row": ("tetrominoes(q, part)", [
        f"m.puz:{LINE}:13: error: tetrominoes(g, part): g must be a var grid of two dimensions",
        f" {LINE} | tetrominoes(q, part)", "    |             ^", HINT]),
    "of-numbers": ("tetrominoes(n, other)", [
        f"m.puz:{LINE}:13: error: tetrominoes(g, part): g's cells must be 0 or 1 (shaded)",
        f" {LINE} | tetrominoes(n, other)", "    |             ^", "hint: declare it so: var g[...] in bool"]),
    "not-a-map": ("tetrominoes(g, g)", [
        f"m.puz:{LINE}:16: error: tetrominoes(g, part): part must be the region map of g",
        f" {LINE} | tetrominoes(g, g)", "    |                ^", HINT]),
    "another-grids-map": ("tetrominoes(g, other)", [
        f"m.puz:{LINE}:16: error: tetrominoes: the regions of other are not of this grid",
        f" {LINE} | tetrominoes(g, other)", "    |                ^^^^^", HINT]),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_a_bad_use_is_located_with_a_hint(case: str) -> None:
    line, expected = ERRORS[case]
    with pytest.raises(CspdslError) as caught:
        loads(GRIDS + line + "\n", "m.puz")
    assert caught.value.render() == "\n".join(expected)


def test_the_command_line_exits_2_on_a_bad_use(tmp_path: Path) -> None:
    path, said = check_refuses(tmp_path, GRIDS + "tetrominoes(g)\n")
    assert said.startswith(f"{path}:{LINE}:1: error: tetrominoes takes two arguments, not 1")
