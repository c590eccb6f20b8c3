"""Hundreds of generated `.puz` models on every exact backend: the same solution sets everywhere,
and the brute-force set where the model is small enough to enumerate. A backend that refuses a kind
(`cp`: connected areas) refuses the models that have one, with its message, and agrees on the rest.

The models are text, so the parser and the lowering are under test too. Hypothesis runs
derandomized: a failure reproduces, and hypothesis prints the model text that failed. The larger
sizes run with `-m slow`.
"""

from __future__ import annotations

import itertools
import math
import operator
from collections.abc import Callable, Sequence

import pytest
from brute import all_orientations, brute_force, brute_force_optimum, brute_force_tilings
from hypothesis import HealthCheck, Phase, event, find, given, settings
from hypothesis import strategies as st

from cspdsl.api import Result, loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError
from cspdsl.ir import Connected
from cspdsl.lower import Lowered

BACKENDS = exact_backends(partial=True)
REFERENCE = exact_backends()[0]  # a backend that takes every model
RELATIONS = ["same", "not_same", "next_to", "beside", "directly_left_of", "directly_right_of", "left_of", "right_of"]
OPS = ["==", "!=", "<", "<=", ">", ">="]
BRUTE_FORCE_MAX = 5000
# Solution sets are compared up to this size; beyond it every backend must find more than this
# many (each one checked): a zebra puzzle with few clues has up to (n!)^attributes solutions.
SOLUTIONS_MAX = 300


# -- zebra-style puzzles ------------------------------------------------------------------------------


@st.composite
def zebra_models(draw: st.DrawFn, max_positions: int = 4, max_attributes: int = 3, max_clues: int = 6) -> str:
    n = draw(st.integers(3, max_positions))
    attributes = draw(st.integers(1, max_attributes))
    values = [f"{chr(ord('a') + k)}{i}" for k in range(attributes) for i in range(1, n + 1)]
    lines = [f"positions p = 1..{n}"]
    lines += [
        f"attribute attr{k}: " + ", ".join(f"{chr(ord('a') + k)}{i}" for i in range(1, n + 1))
        for k in range(attributes)
    ]
    if draw(st.booleans()):  # an attribute of numbers, its values named by handles: `age 20 same a1`
        lines.append("attribute age: " + ", ".join(str(10 * i) for i in range(1, n + 1)))
        values += [f"age {10 * i}" for i in range(1, n + 1)]
    value = st.sampled_from(values)
    where = st.sampled_from(["first", "last", *map(str, range(1, n + 1))])

    def relation() -> st.SearchStrategy[str]:
        return st.one_of(
            st.builds(lambda x, r, y: f"{x} {r} {y}", value, st.sampled_from(RELATIONS), value),
            st.builds(lambda x, w: f"{x} at {w}", value, where),
            st.builds(lambda x, y, op, k: f"distance({x}, {y}) {op} {k}", value, value, st.sampled_from(OPS),
                      st.integers(0, n)),
        )

    clue = st.one_of(
        relation(),
        relation().map(lambda r: f"not ({r})"),
        st.builds(lambda a, b: f"{a} or {b}", relation(), relation()),
        st.builds(lambda a, b: f"if {a} then {b}", relation(), relation()),
        st.builds(lambda a, b: f"either {a} or {b}", relation(), relation()),
        st.builds(lambda k, rs: f"exactly {k} of [{', '.join(rs)}]", st.integers(0, 2),
                  st.lists(relation(), min_size=1, max_size=3)),
    )
    lines += draw(st.lists(clue, min_size=1, max_size=max_clues))
    return "\n".join(lines) + "\n"


# -- numbers: sums, products, counts, all-different, membership, boolean structure -----------------------


@st.composite
def number_models(
    draw: st.DrawFn, max_vars: int = 4, max_size: int = 4, max_clues: int = 4, auxiliaries: bool = True
) -> str:
    """Clues over an array of numbers; with `auxiliaries`, also products, quotients and values chosen by
    conditions, whose auxiliary variables widen the space a brute force of every variable goes through."""
    k = draw(st.integers(2, max_vars))
    lo = draw(st.integers(-2, 2))
    hi = lo + draw(st.integers(1, max_size - 1))
    lines = [f"var x[1..{k}] in {lo}..{hi}"]
    index = st.integers(1, k)
    var = index.map(lambda i: f"x[{i}]")
    coef = st.sampled_from([-3, -2, -1, 1, 2, 3])
    term = st.builds(lambda c, v: f"{c}*{v}" if c != 1 else v, coef, var)
    linear = st.lists(term, min_size=1, max_size=3).map(lambda ts: " + ".join(ts))
    comparison = st.builds(lambda e, op, r: f"{e} {op} {r}", linear, st.sampled_from(OPS), st.integers(-6, 8))
    member = st.builds(lambda v, neg, vs: f"{v} {'not in' if neg else 'in'} [{', '.join(map(str, vs))}]",
                       var, st.booleans(), st.lists(st.integers(lo - 1, hi + 1), min_size=1, max_size=3))
    # an index over variables: shifted so that some of its values fall inside 1..k (or 1..3), not all
    chosen = var.map(lambda v: f"{v} + ({1 - lo})")
    element = st.builds(lambda i, op, e: f"x[{i}] {op} {e}", chosen, st.sampled_from(OPS), linear) | st.builds(
        lambda cs, i, op, r: f"[{', '.join(map(str, cs))}][{i}] {op} {r}",
        st.lists(st.integers(-2, 4), min_size=3, max_size=3), chosen, st.sampled_from(OPS), var)
    sliced = st.builds(lambda a, b, op, r: f"sum(x[{min(a, b)}..{max(a, b)}]) {op} {r}",
                       index, index, st.sampled_from(OPS), st.integers(-4, 2 * k))
    # products of variables: of two (a square too), of an expression, of a list, inside sums; and the
    # other arithmetic over variables
    product = st.one_of(
        st.builds(lambda a, b: f"{a} * {b}", var, var),
        st.builds(lambda a, c, b: f"({a} + {c}) * {b}", var, st.integers(-2, 2), var),
        st.lists(var, min_size=1, max_size=3).map(lambda vs: f"product([{', '.join(vs)}])"),
        # quotients and remainders (a divisor that is never 0), min and max
        st.builds(lambda a, op, d: f"{a} {op} {d}", var, st.sampled_from(["//", "%"]), st.sampled_from([-3, -2, 2, 3])),
        st.builds(lambda a, op, b: f"{a} {op} (abs({b}) + 1)", var, st.sampled_from(["//", "%"]), var),
        st.builds(lambda f, vs: f"{f}({', '.join(vs)})", st.sampled_from(["min", "max"]),
                  st.lists(var, min_size=2, max_size=3)),
    )
    multiplied = st.builds(lambda p, e, op, r: f"{p} + {e} {op} {r}", product, linear, st.sampled_from(OPS),
                           st.integers(-8, 12))
    if not auxiliaries:
        multiplied = st.nothing()
    condition = st.one_of(comparison, member, element, multiplied)
    # a number chosen by a condition (an auxiliary variable tied by two implications)
    chosen_value = st.builds(lambda c, a, b: f"(if {c} then {a} else {b})", condition, linear, st.integers(-2, 3))
    counted = st.builds(lambda op, c, a, b: f"sum([if x[i] {op} {c} then {a} else {b} for i in 1..{k}])",
                        st.sampled_from(OPS), st.integers(lo, hi), st.integers(-1, 2), st.integers(-1, 2))
    clue = st.one_of(
        comparison,
        member,
        st.builds(lambda a, b: f"{a} or {b}", condition, condition),
        st.builds(lambda a: f"not ({a})", condition),
        st.builds(lambda a, b: f"if {a} then {b}", condition, condition),
        st.builds(lambda a, b, c: f"if {a} then {b} else {c}", condition, condition, condition),
        st.builds(lambda a, b: f"{a} iff {b}", condition, condition),
        st.builds(lambda a, b: f"not ({a} iff {b})", condition, condition),
        st.builds(lambda v, op, r: f"{v} {op} {r}", chosen_value | counted if auxiliaries else st.nothing(),
                  st.sampled_from(OPS), linear | var),
        st.builds(lambda q, j, cs: f"{q} {j} of [{', '.join(cs)}]", st.sampled_from(["exactly", "at_least", "at_most"]),
                  st.integers(0, 3), st.lists(condition, min_size=1, max_size=4)),
        st.builds(lambda which, op, r: f"sum([x[i] for i in {which}]) {op} {r}",
                  st.sampled_from([f"1..{k}", f"2..{k}"]), st.sampled_from(OPS), st.integers(-4, 3 * k)),
        st.just(f"alldifferent([x[i] for i in 1..{k}])"),
        st.builds(lambda a, b: f"abs({a} - {b}) >= 1", var, var),
        element,
        sliced,
        multiplied,
        st.builds(lambda a, b: f"alldifferent(x[{min(a, b)}..{max(a, b)}])", index, index),
    )
    lines += draw(st.lists(clue, min_size=1, max_size=max_clues))
    return "\n".join(lines) + "\n"


# -- names: variables over a domain of names, compared, counted, all different, chosen ---------------------


@st.composite
def names_models(draw: st.DrawFn, max_vars: int = 4, max_clues: int = 4) -> str:
    """A map colouring's kind of model: variables of names (two domains that share a name), with
    `==`, `!=`, `in`, counts, all-different and a name chosen by a condition."""
    k = draw(st.integers(2, max_vars))
    lines = [f"var c[1..{k}] in {{red, green, blue}}", "var d in {blue, white}"]
    var = st.integers(1, k).map(lambda i: f"c[{i}]") | st.just("d")
    name = st.sampled_from(["red", "green", "blue", "white"])
    side = var | name
    equal = st.builds(lambda a, op, b: f"{a} {op} {b}", var, st.sampled_from(["==", "!=", "same", "not_same"]), side)
    member = st.builds(lambda v, neg, ns: f"{v} {'not in' if neg else 'in'} {{{', '.join(ns)}}}", var, st.booleans(),
                       st.lists(name, min_size=1, max_size=3, unique=True))
    condition = equal | member
    chosen = st.builds(lambda c, a, b: f"(if {c} then {a} else {b})", condition, side, side)
    clue = st.one_of(
        equal,
        member,
        st.builds(lambda a, b: f"{a} iff {b}", condition, condition),
        st.builds(lambda a, b, c: f"if {a} then {b} else {c}", condition, condition, condition),
        st.builds(lambda a, op, b: f"{a} {op} {b}", chosen, st.sampled_from(["==", "!="]), side),
        st.builds(lambda q, j, n: f"{q} {j} of [c[i] == {n} for i in 1..{k}]",
                  st.sampled_from(["exactly", "at_least", "at_most"]), st.integers(0, 3), name),
        st.just(f"alldifferent([c[i] for i in 1..{k}])"),
    )
    lines += draw(st.lists(clue, min_size=1, max_size=max_clues))
    return "\n".join(lines) + "\n"
# -- projections: hidden variables (`show`, a leading `_`) tied to the shown ones ------------------------


@st.composite
def projected_models(draw: st.DrawFn) -> str:
    """A number model with two more variables, an array `y` and a scalar `z`, tied to `x` by clues.
    Either a `show` names a random part of {x, y, z}, or some of `y`, `z` are named with a leading `_`:
    each solution counts once on what is shown, however many values the hidden ones take with it."""
    text = draw(number_models(max_vars=3, max_size=4, max_clues=3, auxiliaries=False))
    first, rest = text.split("\n", 1)  # var x[1..k] in lo..hi
    k, domain = int(first.split("[1..", 1)[1].split("]", 1)[0]), first.rsplit(" in ", 1)[1]
    by_show = draw(st.booleans())
    y, z = ("y", "z") if by_show else (draw(st.sampled_from(["_y", "y"])), draw(st.sampled_from(["_z", "z"])))
    lines = [first, f"var {y}[1..2] in {domain}", f"var {z} in {domain}"]
    if by_show:
        shown = draw(st.lists(st.sampled_from(["x", y, z]), min_size=1, max_size=3, unique=True))
        lines.append(f"show {', '.join(shown)}")
    one = st.one_of(st.integers(1, k).map(lambda i: f"x[{i}]"), st.integers(1, 2).map(lambda i: f"{y}[{i}]"),
                    st.just(z))
    tie = st.one_of(
        st.builds(lambda a, b, op, r: f"{a} + {b} {op} {r}", one, one, st.sampled_from(OPS), st.integers(-4, 6)),
        st.builds(lambda a, b: f"{a} == {b} or {b} == {a} + 1", one, one),
        st.builds(lambda a, b, c: f"if {a} > {b} then {c} != {b}", one, one, one),
        st.just(f"{y}[1] <= {y}[2]"),
    )
    return "\n".join([*lines, rest.rstrip("\n"), *draw(st.lists(tie, min_size=1, max_size=3))]) + "\n"


def shown_names(text: str) -> set[str]:
    """The declared names a generated model shows: those its `show` names, else those without a `_`."""
    for line in text.splitlines():
        if line.startswith("show "):
            return set(line.removeprefix("show ").split(", "))
    declared = [line.split()[1].split("[")[0] for line in text.splitlines() if line.startswith("var ")]
    return {name for name in declared if not name.startswith("_")}


@st.composite
def projected_zebra_models(draw: st.DrawFn) -> str:
    """A zebra puzzle that shows some of its attributes, or where one value of an attribute stands."""
    text = draw(zebra_models(max_positions=4, max_attributes=3, max_clues=5))
    n = int(text.split("\n", 1)[0].rsplit("..", 1)[1])  # positions p = 1..n
    attributes = sum(line.startswith("attribute attr") for line in text.splitlines())  # not `age`
    some = st.lists(st.integers(0, attributes - 1).map(lambda a: f"attr{a}"), min_size=1, unique=True)
    one_value = st.builds(lambda a, i: [f"{chr(ord('a') + a)}{i}"], st.integers(0, attributes - 1),
                          st.integers(1, n))
    return f"{text}show {', '.join(draw(some | one_value))}\n"


# -- numbers with an objective: minimize or maximize a sum, an abs, a sum of pieces ---------------------


@st.composite
def optimised_models(draw: st.DrawFn) -> str:
    """A number model with an objective over its variables: linear, `sum(...)`, or with `abs`, whose
    auxiliary variables the objective then reads."""
    text = draw(number_models(max_vars=3, max_size=4, max_clues=3, auxiliaries=False))
    k = int(text.split("[1..", 1)[1].split("]", 1)[0])  # the first line: var x[1..k] in lo..hi
    var = st.integers(1, k).map(lambda i: f"x[{i}]")
    coef = st.sampled_from([-3, -2, -1, 1, 2, 3])
    term = st.builds(lambda c, v: f"{c}*{v}", coef, var)
    objective = st.one_of(
        st.lists(term, min_size=1, max_size=3).map(" + ".join),
        st.just("sum(x)"),
        st.builds(lambda a, b, c: f"abs({a} - {b}) + {c}", var, var, term),
        st.builds(lambda a, b: f"abs({a} + {b}) - sum([x[i] for i in 1..{k}])", term, term),
    )
    sense = draw(st.sampled_from(["minimize", "maximize"]))
    return f"{text}{sense} {draw(objective)}\n"


@st.composite
def lexicographic_models(draw: st.DrawFn) -> str:
    """A number model with a lexicographic objective: a list of two or three sums (a part negated
    mixes the senses), over variables with few values, so that several solutions tie on the first."""
    text = draw(number_models(max_vars=3, max_size=4, max_clues=3, auxiliaries=False))
    k = int(text.split("[1..", 1)[1].split("]", 1)[0])
    var = st.integers(1, k).map(lambda i: f"x[{i}]")
    coef = st.sampled_from([-2, -1, 1, 2])
    part = st.one_of(
        var,
        st.builds(lambda c, v, d, w: f"{c}*{v} + {d}*{w}", coef, var, coef, var),
        st.builds(lambda a, b: f"abs({a} - {b})", var, var),
        st.just("sum(x)"),
    )
    parts = draw(st.lists(part, min_size=2, max_size=3))
    sense = draw(st.sampled_from(["minimize", "maximize"]))
    return f"{text}{sense} [{', '.join(parts)}]\n"


def assert_optimum_agrees(text: str) -> None:
    """Every exact backend: the optimum, proved, and every optimal solution, as brute force has them."""
    model = loads(text, "random.puz")
    problem = model.problem
    best, optimal = brute_force_optimum(problem)
    for backend in BACKENDS:
        result = solved_unless_refused(model, backend, limit=None)  # the API checks each solution and its value
        if result is None:
            continue
        assert result.complete, f"{backend} did not finish on:\n{text}"
        if best is None:
            assert result.status == "unsatisfiable", f"{backend} on:\n{text}"
            continue
        assert (result.status, result.objective, result.bound) == ("optimal", best, best), f"{backend}:\n{text}"
        assert {problem.project(s) for s in result.solutions} == optimal, f"{backend} on:\n{text}"
        assert result.count == len(optimal)
    event("satisfiable" if best is not None else "unsatisfiable")
# -- areas and loops: connected(...) and single_loop(...), with clues beside them -----------------------


@st.composite
def area_models(draw: st.DrawFn) -> str:
    """A small grid whose cells of a value (or meeting a condition) must be one area, or the edges of a
    small grid that must be one loop with Slitherlink numbers; small enough for brute force."""
    if draw(st.booleans()):
        return draw(_loop_models())
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    hi = 1 if rows * cols > 7 else draw(st.integers(1, 2))
    cell = st.builds(lambda r, c: f"g[{r}, {c}]", st.integers(1, rows), st.integers(1, cols))
    value = st.integers(0, hi)
    area = st.one_of(
        st.builds(lambda v: f"connected(g, {v})", value),
        st.builds(lambda a, b: f"connected(g, {{{a}, {b}}})", value, value),
        st.builds(lambda o, v: f"connected([[g[r, c] {o} {v} for c in 1..{cols}] for r in 1..{rows}])",
                  st.sampled_from(OPS), value),
        st.builds(lambda v, r: f"connected([g[{r}, c] == {v} for c in 1..{cols}])", value, st.integers(1, rows)),
    )
    clue = st.one_of(
        st.builds(lambda o, k: f"sum(g) {o} {k}", st.sampled_from(OPS), st.integers(0, rows * cols * hi)),
        st.builds(lambda a, o, b: f"{a} {o} {b}", cell, st.sampled_from(OPS), cell),
        st.builds(lambda a, v: f"{a} == {v}", cell, value),
    )
    lines = [f"var g[1..{rows}, 1..{cols}] in 0..{hi}", *draw(st.lists(area, min_size=1, max_size=2))]
    lines += draw(st.lists(clue, max_size=3))
    return "\n".join(lines) + "\n"


@st.composite
def _loop_models(draw: st.DrawFn) -> str:
    """single_loop(h, v) on a grid of up to 2x2 cells, with a number on some cells: how many of the
    cell's sides the loop uses."""
    rows, cols = draw(st.integers(1, 2)), draw(st.integers(1, 2))
    lines = [f"var h[0..{rows}, 1..{cols}] in bool", f"var v[1..{rows}, 0..{cols}] in bool", "single_loop(h, v)"]
    cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    for r, c in draw(st.lists(st.sampled_from(cells), max_size=3, unique=True)):
        sides = f"h[{r - 1}, {c}] + h[{r}, {c}] + v[{r}, {c - 1}] + v[{r}, {c}]"
        lines.append(f"{sides} {draw(st.sampled_from(OPS))} {draw(st.integers(0, 4))}")
    return "\n".join(lines) + "\n"


# -- loops and paths through cells: cell_loop(...) with its cells' conditions, paths(...), numbered_path(...) --


@st.composite
def cell_path_models(draw: st.DrawFn) -> str:
    """A loop (or an open path) through the cells of a grid of up to 2x3 cells with conditions on its
    cells, a Numberlink of two pairs of ends, or a numbered path with a number given: small enough for
    brute force."""
    rows, cols = draw(st.sampled_from([(2, 2), (2, 3), (3, 2)]))
    cell = st.builds(lambda r, c: f"[{r}, {c}]", st.integers(1, rows), st.integers(1, cols))
    kind = draw(st.sampled_from(["loop", "paths", "numbered"]))
    if kind == "numbered":
        around = draw(st.booleans())
        lines = [f"var g[1..{rows}, 1..{cols}] in 1..{rows * cols}", f"numbered_path(g{', around' if around else ''})"]
        lines += [f"g{draw(cell)} == {draw(st.integers(1, rows * cols))}" for _ in range(draw(st.integers(0, 2)))]
        return "\n".join(lines) + "\n"
    if kind == "paths":
        places = draw(st.lists(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                               min_size=4, max_size=4, unique=True))
        ends = [[0] * cols for _ in range(rows)]
        for n, (r, c) in enumerate(places):
            ends[r][c] = 1 + n // 2
        low = draw(st.integers(0, 1))
        return f"var g[1..{rows}, 1..{cols}] in {low}..2\npaths(g, {ends})\n"
    lines = [f"var loop[1..{rows}, 1..{cols}] in bool", f"var right[1..{rows}, 1..{cols - 1}] in bool",
             f"var down[1..{rows - 1}, 1..{cols}] in bool", "cell_loop(loop, right, down)"]
    if draw(st.booleans()):  # an open path between two cells instead
        a, b = draw(st.lists(cell, min_size=2, max_size=2, unique=True))
        lines[-1] = f"cell_path(loop, right, down, loop{a}, loop{b})"
    said = st.builds(lambda f, at: f"{f}(loop{at})" if f else f"loop{at}",
                     st.sampled_from(["", "turns", "straight", "straight_next", "turns_next"]), cell)
    for _ in range(draw(st.integers(0, 3))):
        lines.append(draw(st.one_of(said, said.map(lambda x: f"not {x}"),
                                    st.builds(lambda a, b: f"{a} or {b}", said, said))))
    return "\n".join(lines) + "\n"


# -- grids: regions drawn as a letter map, black cells and their runs, cells chosen by variables ------------


def _connected_regions(draw: st.DrawFn, rows: int, cols: int) -> list[str]:
    """A letter map of regions that are each connected: single cells, joined side by side at random."""
    parent = {(r, c): (r, c) for r in range(rows) for c in range(cols)}

    def root(cell: tuple[int, int]) -> tuple[int, int]:
        while parent[cell] != cell:
            cell = parent[cell]
        return cell

    sides = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    sides += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    for a, b in draw(st.lists(st.sampled_from(sides), max_size=len(sides))):
        parent[root(a)] = root(b)
    letters: dict[tuple[int, int], str] = {}
    for cell in sorted(parent):
        letters.setdefault(root(cell), "ABCDEFGHI"[len(letters)])
    return [" ".join(letters[root((r, c))] for c in range(cols)) for r in range(rows)]


@st.composite
def grid_models(draw: st.DrawFn, max_side: int = 3, max_clues: int = 4) -> str:
    """A small grid, either divided into regions or with black cells; clues on its regions or runs,
    and cells picked by an index that is a variable (an element)."""
    rows, cols = draw(st.integers(2, max_side)), draw(st.integers(2, max_side))
    hi = draw(st.integers(2, 3))
    op, total = st.sampled_from(OPS), st.integers(0, 3 * hi)
    if draw(st.booleans()):
        picture = _connected_regions(draw, rows, cols)
        letters = sorted({letter for line in picture for letter in line.split()})
        lines = [f"var g[1..{rows}, 1..{cols}] in 1..{hi}", 'regions cage of g = """', *picture, '"""']
        white = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
        region = st.sampled_from(letters).map(lambda letter: f"cage.{letter}")
        group_clues = [
            st.builds(lambda g, o, t: f"sum({g}) {o} {t}", region, op, total),
            region.map(lambda g: f"alldifferent({g})"),
            st.just("forall r in cage.regions: alldifferent(r)"),
            st.builds(lambda o, t: f"forall r in cage.regions: sum(r) {o} {t}", op, total),
        ]
    else:
        black = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
        black[draw(st.integers(0, rows * cols - 1))] = False  # a white cell at least
        picture = [" ".join("#" if black[r * cols + c] else "." for c in range(cols)) for r in range(rows)]
        lines = [f"var g in 1..{hi} shape " + '"""', *picture, '"""']
        white = [(r + 1, c + 1) for r in range(rows) for c in range(cols) if not black[r * cols + c]]
        group_clues = [
            st.just("forall run in g.runs: alldifferent(run)"),
            st.builds(lambda w, o, t: f"forall run in g.{w}: sum(run) {o} {t}", st.sampled_from(["across", "down"]),
                      op, total),
            st.builds(lambda o, t: f"sum(g.cells) {o} {t}", op, total),
        ]
    cell = st.sampled_from(white).map(lambda rc: f"g[{rc[0]}, {rc[1]}]")
    clues = [*group_clues, st.builds(lambda a, o, b: f"{a} {o} {b}", cell, op, cell)]
    # g[r, c] with r a variable, in a column without black cells (an index over variables may not
    # reach one): shifted so that some of its values fall on the grid, not all
    whole = [c for c in range(1, cols + 1) if all((r, c) in white for r in range(1, rows + 1))]
    if whole:
        chosen = st.builds(lambda v, c: f"g[{v} - 1, {c}]", cell, st.sampled_from(whole))
        clues.append(st.builds(lambda a, o, b: f"{a} {o} {b}", chosen, op, cell))
    clue = st.one_of(*clues)
    lines += draw(st.lists(clue, min_size=1, max_size=max_clues))
    return "\n".join(lines) + "\n"


@st.composite
def shaded_models(draw: st.DrawFn, max_side: int = 4, max_clues: int = 5) -> str:
    """A small grid in bool with run-length clues on some rows and columns (lengths that fit, `[0]`
    or none), and now and then a neighbourhood rule: no two shaded cells touching or side by side, or
    a count of shaded cells around a cell."""
    rows, cols = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    lines = [f"var g[1..{rows}, 1..{cols}] in bool"]
    lines += draw(st.lists(_runs_clue(rows, cols), min_size=1, max_size=max_clues))
    cell = st.builds(lambda r, c: f"g[{r}, {c}]", st.integers(1, rows), st.integers(1, cols))
    rules = [
        st.builds(lambda w, k: f"forall pair in g.{w}: sum(pair) <= {k}", st.sampled_from(["adjacent", "touching"]),
                  st.integers(0, 1)),
        st.builds(lambda w, c, o, k: f"sum({w}({c})) {o} {k}", st.sampled_from(["neighbours", "around"]), cell,
                  st.sampled_from(OPS), st.integers(0, 3)),
    ]
    if rows * cols > 1:  # a single cell has no neighbours: its sum would be over nothing, an error
        lines += draw(st.lists(st.one_of(*rules), max_size=2))
    return "\n".join(lines) + "\n"


def _runs_clue(rows: int, cols: int) -> st.SearchStrategy[str]:
    """`runs(g[r, ..]) == [...]` or `runs(g[.., c]) == [...]`, the runs fitting the line."""

    def clue(draw: st.DrawFn) -> str:
        across = draw(st.booleans())
        size = cols if across else rows
        line = f"g[{draw(st.integers(1, rows))}, ..]" if across else f"g[.., {draw(st.integers(1, cols))}]"
        lengths: list[int] = []
        while draw(st.booleans()) and sum(lengths) + len(lengths) < size:
            room = size - sum(lengths) - len(lengths)
            lengths.append(draw(st.integers(1, room)))
        shown = "[0]" if not lengths and draw(st.booleans()) else str(lengths)
        return f"runs({line}) == {shown}"

    return st.composite(clue)()


# -- skyscrapers: views of a line, against the rule itself ----------------------------------------------


def seen_from_start(heights: Sequence[int]) -> int:
    """How many of the heights are seen from the start: each one taller than all before it."""
    return sum(1 for i, h in enumerate(heights) if all(h > before for before in heights[:i]))


PY_OPS: dict[str, Callable[[int, int], bool]] = {
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


@st.composite
def visibility_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """A line `q` of 2 to 4 heights with views as clues (of it, of a slice, reversed; compared with a
    constant, with a cell, or two views added up), and the solutions the rule itself gives."""
    n, hi = draw(st.integers(2, 4)), draw(st.integers(1, 4))
    lines: list[str] = [f"var q[1..{n}] in 1..{hi}"]
    rules: list[Callable[[tuple[int, ...]], bool]] = []
    if hi >= n and draw(st.booleans()):
        lines.append("alldifferent(q)")
        rules.append(lambda q: len(set(q)) == len(q))

    def view() -> tuple[str, View]:
        a = draw(st.integers(1, n))
        b = draw(st.integers(a, n))
        text = "q" if (a, b) == (1, n) else f"q[{a}..{b}]"
        if draw(st.booleans()):
            return f"visible(reversed({text}))", lambda q: seen_from_start(q[a - 1:b][::-1])
        return f"visible({text})", lambda q: seen_from_start(q[a - 1:b])

    for _ in range(draw(st.integers(1, 3))):
        op, (left, value) = draw(st.sampled_from(OPS)), view()
        kind = draw(st.sampled_from(["constant", "cell", "sum"]))
        if kind == "sum":
            second, second_value = view()
            left, value = f"{left} + {second}", _added(value, second_value)
        i, k = draw(st.integers(1, n)), draw(st.integers(0, 2 * n if kind == "sum" else n + 1))
        right, other = (f"q[{i}]", _height(i)) if kind == "cell" else (str(k), _constant(k))
        lines.append(f"{left} {op} {right}")
        rules.append(_compared(value, op, other))
    expected = {q for q in itertools.product(range(1, hi + 1), repeat=n) if all(rule(q) for rule in rules)}
    return "\n".join(lines) + "\n", expected


View = Callable[[tuple[int, ...]], int]


def _added(f: View, g: View) -> View:
    return lambda q: f(q) + g(q)


def _height(i: int) -> View:
    return lambda q: q[i - 1]


def _constant(k: int) -> View:
    return lambda q: k


def _compared(f: View, op: str, g: View) -> Callable[[tuple[int, ...]], bool]:
    return lambda q: PY_OPS[op](f(q), g(q))


# -- sight lines: Kurodoko's and Light Up's views, against the rule itself ------------------------------

SIGHT_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))


SIGHT_WORDS = ["right", "down", "left", "up"]


def cells_seen(open_cell: Callable[[int, int], bool], r: int, c: int, way: int | None = None) -> list[tuple[int, int]]:
    """The cells (r, c) sees, itself first, walking each direction while the cells are open; along
    one direction (`way`, an index of SIGHT_STEPS), the cells that way only, without itself."""
    if not open_cell(r, c):
        return []
    seen = [(r, c)] if way is None else []
    for dr, dc in SIGHT_STEPS if way is None else SIGHT_STEPS[way : way + 1]:
        i, j = r + dr, c + dc
        while open_cell(i, j):
            seen.append((i, j))
            i, j = i + dr, j + dc
    return seen


@st.composite
def sight_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """A small grid `b` with views `seen(b[r, c])` as clues (compared with a constant, with a cell, or
    two views added up), and the solutions the rule itself gives: a cell other than 0 blocks."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    hi = draw(st.sampled_from([1, 1, 2])) if rows * cols <= 5 else 1
    lines = [f"var b[1..{rows}, 1..{cols}] in {'bool' if hi == 1 else '0..2'}"]
    rules: list[Callable[[tuple[int, ...]], bool]] = []

    def view() -> tuple[str, View]:
        r, c = draw(st.integers(1, rows)), draw(st.integers(1, cols))
        way = draw(st.one_of(st.none(), st.integers(0, 3)))
        along = "" if way is None else f", {SIGHT_WORDS[way]}"
        return f"seen(b[{r}, {c}]{along})", _seen_in(rows, cols, r, c, way)

    for _ in range(draw(st.integers(1, 3))):
        op, (left, value) = draw(st.sampled_from(OPS)), view()
        kind = draw(st.sampled_from(["constant", "constant", "cell", "sum"]))
        if kind == "sum":
            second, second_value = view()
            left, value = f"{left} + {second}", _added(value, second_value)
        k = draw(st.integers(0, rows + cols + (rows + cols if kind == "sum" else 0)))
        i, j = draw(st.integers(1, rows)), draw(st.integers(1, cols))
        right, other = (f"b[{i}, {j}]", _height((i - 1) * cols + j)) if kind == "cell" else (str(k), _constant(k))
        if draw(st.booleans()):
            lines.append(f"{left} {op} {right}")
        else:
            lines.append(f"{right} {MIRRORED[op]} {left}")
        rules.append(_compared(value, op, other))
    space = itertools.product(range(hi + 1), repeat=rows * cols)
    return "\n".join(lines) + "\n", {b for b in space if all(rule(b) for rule in rules)}


MIRRORED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _seen_in(rows: int, cols: int, r: int, c: int, way: int | None) -> View:
    def count(b: tuple[int, ...]) -> int:
        return len(cells_seen(lambda i, j: 1 <= i <= rows and 1 <= j <= cols and b[(i - 1) * cols + j - 1] == 0,
                              r, c, way))

    return count


@st.composite
def walled_sight_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """A small Light Up: a grid `lamp` drawn with walls (`#`), clues `sum(sight(lamp[r, c])) op k` on
    white cells, and the solutions the rule itself gives (lamps seen through white cells)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 4))
    places = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
    walls = draw(st.sets(st.sampled_from(places), max_size=len(places) - 1))
    white = [place for place in places if place not in walls]
    picture = "\n".join(" ".join("#" if (r, c) in walls else "." for c in range(1, cols + 1))
                         for r in range(1, rows + 1))
    lines = [f'var lamp in bool shape """\n{picture}\n"""']
    clues: list[tuple[list[int], str, int]] = []
    for _ in range(draw(st.integers(1, 3))):
        r, c = draw(st.sampled_from(white))
        op, k = draw(st.sampled_from(OPS)), draw(st.integers(0, 3))
        way = draw(st.one_of(st.none(), st.integers(0, 3)))
        along = "" if way is None else f", {SIGHT_WORDS[way]}"
        lines.append(f"sum(sight(lamp[{r}, {c}]{along})) {op} {k}")
        seen = cells_seen(lambda i, j: (i, j) in places and (i, j) not in walls, r, c, way)
        clues.append(([white.index(cell) for cell in seen], op, k))
    space = itertools.product(range(2), repeat=len(white))
    expected = {lamps for lamps in space
                if all(PY_OPS[op](sum(lamps[i] for i in seen), k) for seen, op, k in clues)}
    return "\n".join(lines) + "\n", expected


# -- areas of equal values: Fillomino's and Nurikabe's, against the rule itself ----------------------


def area_of(b: tuple[int, ...], rows: int, cols: int, r: int, c: int) -> set[tuple[int, int]]:
    """The cells joined to (r, c) side by side through cells of its value (a flood fill)."""
    found, todo = {(r, c)}, [(r, c)]
    while todo:
        i, j = todo.pop()
        for p, q in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if 1 <= p <= rows and 1 <= q <= cols and (p, q) not in found \
                    and b[(p - 1) * cols + q - 1] == b[(r - 1) * cols + c - 1]:
                found.add((p, q))
                todo.append((p, q))
    return found


def _islands_hold(b: tuple[int, ...], rows: int, cols: int, value: int, clues: dict[tuple[int, int], int]) -> bool:
    """Each area of `value` holds exactly one clue, equal to its size; no clue is on another value."""
    for r, c in itertools.product(range(1, rows + 1), range(1, cols + 1)):
        if b[(r - 1) * cols + c - 1] != value:
            if (r, c) in clues:
                return False
            continue
        area = area_of(b, rows, cols, r, c)
        held = [clues[cell] for cell in area if cell in clues]
        if len(held) != 1 or held[0] != len(area):
            return False
    return True


@st.composite
def equal_value_area_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """A small grid `b` with clues `area_size(b[r, c]) op k` (k a constant or a cell), and sometimes
    `clue_areas(b, v, clue)`, with the solutions the rule itself gives (areas by flood fill)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    hi = draw(st.sampled_from([1, 1, 2])) if rows * cols <= 6 else 1
    lines = [f"var b[1..{rows}, 1..{cols}] in {'bool' if hi == 1 else '0..2'}"]
    rules: list[Callable[[tuple[int, ...]], bool]] = []
    for _ in range(draw(st.integers(0 if rows * cols > 1 else 1, 3))):
        r, c, op = draw(st.integers(1, rows)), draw(st.integers(1, cols)), draw(st.sampled_from(OPS))
        size: View = lambda b, r=r, c=c: len(area_of(b, rows, cols, r, c))  # noqa: E731
        if draw(st.booleans()):
            i, j = draw(st.integers(1, rows)), draw(st.integers(1, cols))
            right, other = f"b[{i}, {j}] + 1", _added(_height((i - 1) * cols + j), _constant(1))
        else:
            k = draw(st.integers(0, rows * cols + 1))
            right, other = str(k), _constant(k)
        left = f"area_size(b[{r}, {c}])"
        lines.append(f"{left} {op} {right}" if draw(st.booleans()) else f"{right} {MIRRORED[op]} {left}")
        rules.append(_compared(size, op, other))
    if len(rules) < 3 and draw(st.booleans()):
        value = draw(st.integers(0, hi))
        clue = [[draw(st.sampled_from([0, 0, 1, 2, 3])) for _ in range(cols)] for _ in range(rows)]
        lines.append(f"clue_areas(b, {value}, {clue})")
        clues = {(r + 1, c + 1): k for r, row in enumerate(clue) for c, k in enumerate(row) if k}
        rules.append(lambda b, value=value, clues=clues: _islands_hold(b, rows, cols, value, clues))
    space = itertools.product(range(hi + 1), repeat=rows * cols)
    return "\n".join(lines) + "\n", {b for b in space if all(rule(b) for rule in rules)}


def _rectangles_hold(a: tuple[int, ...], rows: int, cols: int, clues: list[tuple[tuple[int, int], int]]) -> bool:
    """The cells labelled k are a full rectangle over the k-th clue (in reading order), as large as it."""
    for k, (at, size) in enumerate(clues, start=1):
        body = {(r, c) for r in range(rows) for c in range(cols) if a[r * cols + c] == k}
        if at not in body or len(body) != size:
            return False
        top, left = min(r for r, _ in body), min(c for _, c in body)
        height, width = max(r for r, _ in body) - top + 1, max(c for _, c in body) - left + 1
        if height * width != size:
            return False
    return all(1 <= x <= len(clues) for x in a)


@st.composite
def rectangle_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """`rectangles(a, clue)` on a small grid with clues drawn, sometimes a cell's label given, with the
    label grids the rule itself accepts (each clue's cells a full rectangle of its size)."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    clue = [[draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4, 6])) for _ in range(cols)] for _ in range(rows)]
    clues = [((r, c), k) for r, row in enumerate(clue) for c, k in enumerate(row) if k][:3]  # 3^9 grids at most
    clue = [[k if ((r, c), k) in clues else 0 for c, k in enumerate(row)] for r, row in enumerate(clue)]
    top = max(len(clues), 1)
    lines = [f"let clue = {clue}", f"var a[1..{rows}, 1..{cols}] in 1..{top}", "rectangles(a, clue)"]
    rules: list[Callable[[tuple[int, ...]], bool]] = [lambda a: _rectangles_hold(a, rows, cols, clues)]
    if draw(st.booleans()):
        r, c, k = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1)), draw(st.integers(1, top))
        lines.append(f"a[{r + 1}, {c + 1}] == {k}")
        rules.append(lambda a, at=r * cols + c, k=k: a[at] == k)
    space = itertools.product(range(1, top + 1), repeat=rows * cols)
    return "\n".join(lines) + "\n", {a for a in space if all(rule(a) for rule in rules)}


def _sized_areas_hold(a: tuple[int, ...], rows: int, cols: int, size: int, counts: dict[int, int]) -> bool:
    """Each label's cells are one area of `size` cells joined side by side, labelled with its first
    cell's number; each counted cell has that many sides off its area."""
    for label in set(a):
        cells = {i for i, x in enumerate(a) if x == label}
        if len(cells) != size or label != min(cells) + 1:
            return False
        found, todo = {min(cells)}, [min(cells)]
        while todo:
            i = todo.pop()
            for j in _beside(i, rows, cols):
                if j in cells and j not in found:
                    found.add(j)
                    todo.append(j)
        if found != cells:
            return False
    return all(4 - sum(a[j] == a[i] for j in _beside(i, rows, cols)) == k for i, k in counts.items())


def _beside(i: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(i, cols)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return [p * cols + q for p, q in near if 0 <= p < rows and 0 <= q < cols]


@st.composite
def sized_area_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """`sized_areas(a, n)` on a grid of at most 6 cells, with border counts drawn or none, with the
    label grids the rule itself accepts (areas by flood fill, each named by its first cell)."""
    rows, cols = draw(st.sampled_from([(1, 2), (1, 3), (2, 2), (2, 3), (3, 2), (1, 4)]))
    size = draw(st.integers(1, 3))
    counts = {i: draw(st.integers(0, 4)) for i in draw(st.sets(st.integers(0, rows * cols - 1), max_size=2))}
    grid = [[counts.get(r * cols + c, -1) for c in range(cols)] for r in range(rows)]
    call = f"sized_areas(a, {size}, {grid})" if counts or draw(st.booleans()) else f"sized_areas(a, {size})"
    text = f"var a[1..{rows}, 1..{cols}] in 1..{rows * cols}\n{call}\n"
    space = itertools.product(range(1, rows * cols + 1), repeat=rows * cols)
    return text, {a for a in space if _sized_areas_hold(a, rows, cols, size, counts)}


# Region maps of at most 12 cells, each region joined side by side.
LITS_MAPS = ["AA/AA", "AAA/AAA", "AABB/AABB", "AAAB/AAAB/BBBB", "AAAA/BBBB/BBBB", "AAB/AAB/ABB/BBB", "ABBB/AABB/AAAB"]


def _lits_hold(g: tuple[int, ...], rows: list[str]) -> bool:
    """Each region's shaded cells are four, joined; alike ones never share a side across regions."""
    cols = len(rows[0])
    pieces = [{i for i, v in enumerate(g) if v and rows[i // cols][i % cols] == label}
              for label in sorted({ch for row in rows for ch in row})]
    if any(len(piece) != 4 or not _joined(piece, len(rows), cols) for piece in pieces):
        return False
    for a, b in itertools.combinations(pieces, 2):
        if any(j in b for i in a for j in _beside(i, len(rows), cols)) and _free(a, cols) == _free(b, cols):
            return False
    return True


def _joined(cells: set[int], rows: int, cols: int) -> bool:
    found, todo = {min(cells)}, [min(cells)]
    while todo:
        for j in _beside(todo.pop(), rows, cols):
            if j in cells and j not in found:
                found.add(j)
                todo.append(j)
    return found == cells


def _free(cells: set[int], cols: int) -> tuple[tuple[int, int], ...]:
    forms = []
    for flip, turn in itertools.product((1, -1), range(4)):
        moved = [(i // cols, i % cols * flip) for i in cells]
        for _ in range(turn):
            moved = [(c, -r) for r, c in moved]
        top, left = min(r for r, _ in moved), min(c for _, c in moved)
        forms.append(tuple(sorted((r - top, c - left) for r, c in moved)))
    return min(forms)


@st.composite
def tetromino_models(draw: st.DrawFn) -> tuple[str, set[tuple[int, ...]]]:
    """`tetrominoes(g, part)` on a small region map, sometimes a cell given, with the 0/1 grids the
    rule itself accepts."""
    rows = draw(st.sampled_from(LITS_MAPS)).split("/")
    cols = len(rows[0])
    drawn = "\n".join("  " + row for row in rows)
    lines = [f"var g[1..{len(rows)}, 1..{cols}] in bool", f'regions part of g = """\n{drawn}\n"""',
             "tetrominoes(g, part)"]
    rules: list[Callable[[tuple[int, ...]], bool]] = [lambda g: _lits_hold(g, rows)]
    if draw(st.booleans()):
        i, v = draw(st.integers(0, len(rows) * cols - 1)), draw(st.integers(0, 1))
        lines.append(f"g[{i // cols + 1}, {i % cols + 1}] == {v}")
        rules.append(lambda g, i=i, v=v: g[i] == v)
    space = itertools.product((0, 1), repeat=len(rows) * cols)
    return "\n".join(lines) + "\n", {g for g in space if all(rule(g) for rule in rules)}


# -- shapes placed on a board ------------------------------------------------------------------------

LIBRARY_SHAPES = {"monomino": "#", "domino": "##", "I3": "###", "L3": "##/#.", "O4": "##/##", "T4": "###/.#.",
                  "S4": ".##/##.", "L4": "###/#.."}


@st.composite
def tiling_models(draw: st.DrawFn) -> tuple[str, int]:
    """A few library shapes with copies on a small board with holes, the options drawn too; with the
    number of its tilings by a search over the board (tests/brute.py), apart from the IR."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 5))
    holes = draw(st.sets(st.tuples(st.integers(1, rows), st.integers(1, cols)), max_size=min(2, rows * cols - 1)))
    board = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)} - holes
    names = draw(st.lists(st.sampled_from(sorted(LIBRARY_SHAPES)), min_size=1, max_size=3, unique=True))
    copies = {name: draw(st.integers(1, 3)) for name in names}
    options = draw(st.lists(st.sampled_from(["no_turns", "no_flips", "at_most_once"]), unique=True, max_size=2))
    turns, flips, exact = ("no_turns" not in options, "no_flips" not in options, "at_most_once" not in options)

    def orientations(name: str) -> list[set[tuple[int, int]]]:
        drawing = LIBRARY_SHAPES[name].split("/")
        shape = {(r, c) for r, row in enumerate(drawing) for c, char in enumerate(row) if char == "#"}
        return all_orientations(shape, turns, flips)

    def fits(name: str) -> bool:
        return any({(r + dr, c + dc) for dr, dc in shape} <= board for shape in orientations(name) for r, c in board)

    area = sum(LIBRARY_SHAPES[n].count("#") * k for n, k in copies.items())
    if area > len(board) or (exact and area != len(board)) or not all(map(fits, copies)):
        copies = {"monomino": len(board)}  # an error otherwise: the pieces do not fit the board's area
    drawn = "\n".join("".join("#" if (r, c) in holes else "." for c in range(1, cols + 1)) for r in range(1, rows + 1))
    pieces = ", ".join(f"{name} * {k}" for name, k in copies.items())
    after = ": " + ", ".join(options) if options else ""
    text = f'pieces p = [{pieces}]\nplace p on """\n{drawn}\n"""{after}\n'
    shapes = {name: orientations(name) for name in copies}
    return text, brute_force_tilings(board, shapes, copies, exact)


# -- shapes placed on a grid of cell variables (Battleships) --------------------------------------------

APART_STEPS = {"": [], "no_side_touching": [(0, 1), (1, 0), (0, -1), (-1, 0)],
               "no_touching": [(i, j) for i in (-1, 0, 1) for j in (-1, 0, 1) if (i, j) != (0, 0)]}


def fleet_covers(board: set[tuple[int, int]], shapes: dict[str, list[set[tuple[int, int]]]],
                 copies: dict[str, int], apart: str) -> list[set[tuple[int, int]]]:
    """The cells each way of placing the fleet covers (one entry a way, the same cells may come
    twice), no two pieces overlapping nor touching as `apart` says: a search over the board alone."""
    places = sorted({(kind, frozenset((r + dr, c + dc) for dr, dc in shape))
                     for kind, images in shapes.items() for shape in images for r, c in board}, key=str)
    places = [(kind, cells) for kind, cells in places if cells <= board]
    found: list[set[tuple[int, int]]] = []

    def search(start: int, left: dict[str, int], taken: set[tuple[int, int]]) -> None:
        if not any(left.values()):
            found.append(set(taken))
            return
        for i in range(start, len(places)):
            kind, cells = places[i]
            near = {(r + dr, c + dc) for r, c in cells for dr, dc in APART_STEPS[apart]}
            if left[kind] and not (cells | near) & taken:
                search(i + 1, {**left, kind: left[kind] - 1}, taken | cells)

    search(0, dict(copies), set())
    return found


@st.composite
def fleet_models(draw: st.DrawFn) -> tuple[str, int]:
    """A few library shapes placed on a small 0/1 grid `s`, kept apart or not, with row totals and
    given cells as clues; with the number of placings a search over the board finds, apart from the IR."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    board = {(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)}
    names = draw(st.lists(st.sampled_from(["monomino", "domino", "I3", "L3"]), min_size=1, max_size=2, unique=True))
    copies = {name: draw(st.integers(1, 2)) for name in names}
    apart = draw(st.sampled_from(sorted(APART_STEPS)))
    turns = draw(st.booleans())
    shapes = {name: all_orientations({(r, c) for r, row in enumerate(LIBRARY_SHAPES[name].split("/"))
                                      for c, char in enumerate(row) if char == "#"}, turns, True) for name in copies}
    fits = all(any({(r + dr, c + dc) for dr, dc in shape} <= board for shape in shapes[n] for r, c in board)
               for n in copies)
    if not fits or sum(LIBRARY_SHAPES[n].count("#") * k for n, k in copies.items()) > len(board):
        copies, shapes = {"monomino": 1}, {"monomino": [{(0, 0)}]}  # an error otherwise
    options = [option for option in ["" if turns else "no_turns", apart] if option]
    pieces = ", ".join(f"{n} * {k}" for n, k in copies.items())
    lines = [f"var s[1..{rows}, 1..{cols}] in bool", f"pieces f = [{pieces}]",
             "place f on s" + (": " + ", ".join(options) if options else "")]
    clues: list[Callable[[set[tuple[int, int]]], bool]] = []
    for _ in range(draw(st.integers(0, 2))):
        r, c, k = draw(st.integers(1, rows)), draw(st.integers(1, cols)), draw(st.integers(0, cols))
        if draw(st.booleans()):
            lines.append(f"sum([s[{r}, j] for j in 1..{cols}]) == {k}")
            clues.append(lambda g, r=r, k=k: sum((r, j) in g for j in range(1, cols + 1)) == k)
        else:
            lines.append(f"s[{r}, {c}] == {k % 2}")
            clues.append(lambda g, r=r, c=c, k=k: ((r, c) in g) == bool(k % 2))
    covers = fleet_covers(board, shapes, copies, apart)
    return "\n".join(lines) + "\n", sum(all(clue(g) for clue in clues) for g in covers)


# -- the comparison ------------------------------------------------------------------------------------


def solved_unless_refused(model: Lowered, backend: str, limit: int | None) -> Result | None:
    """The model solved on the backend within 60 s; None if the backend takes no connected area (`cp`)
    and the model has one, which it must then refuse with its message."""
    try:
        return solve(model, backend, limit=limit, timeout=60)
    except CspdslError as error:
        areas = any(isinstance(posted.constraint, Connected) for posted in model.problem.constraints)
        if not (areas and error.message.startswith(f"backend '{backend}' has no constraint for a connected area")):
            raise
        return None


def assert_backends_agree(text: str) -> None:
    model = loads(text, "random.puz")
    problem = model.problem
    found = {}
    for backend in BACKENDS:
        result = solved_unless_refused(model, backend, limit=SOLUTIONS_MAX + 1)  # the API checks each solution
        if result is None:
            continue
        assert result.complete or len(result.solutions) > SOLUTIONS_MAX, f"{backend} did not finish"
        found[backend] = {problem.project(s) for s in result.solutions}
        assert len(found[backend]) == len(result.solutions), f"{backend} found a solution twice on:\n{text}"
    if any(len(solutions) > SOLUTIONS_MAX for solutions in found.values()):
        assert all(len(solutions) > SOLUTIONS_MAX for solutions in found.values()), f"counts differ on:\n{text}"
        event("many solutions")
        return
    first, reference = next(iter(found.items()))
    for backend, solutions in found.items():
        assert solutions == reference, f"{backend} and {first} disagree on:\n{text}"
    space = math.prod(len(v.domain) for v in problem.variables.values())
    if space <= BRUTE_FORCE_MAX:
        assert reference == brute_force(problem), f"the backends all disagree with brute force on:\n{text}"
    event("satisfiable" if reference else "unsatisfiable")


FAST = settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])
PROJECTED = settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])



def assert_the_rules_solutions(text: str, expected: set[tuple[int, ...]]) -> None:
    """Every backend agrees on the model, and its solutions are the ones the rule, written apart, gives."""
    assert_backends_agree(text)
    model = loads(text, "random.puz")
    result = solve(model, REFERENCE, limit=None)
    assert {model.problem.project(s) for s in result.solutions} == expected, f"not the rule's solutions:\n{text}"

@FAST
@given(zebra_models())
def test_random_zebra_puzzles(text: str) -> None:
    assert_backends_agree(text)


@FAST
@given(number_models())
def test_random_number_puzzles(text: str) -> None:
    assert_backends_agree(text)


@PROJECTED
@given(projected_models())
def test_random_projected_models(text: str) -> None:
    outputs = loads(text, "random.puz").problem.outputs
    assert {name.split("[")[0] for name in outputs} == shown_names(text)
    assert_backends_agree(text)


@PROJECTED
@given(projected_zebra_models())
def test_random_projected_zebra_puzzles(text: str) -> None:
    shown = set(text.rsplit("show ", 1)[1].strip().split(", "))
    for name in loads(text, "random.puz").problem.outputs:  # attr0[a1]: attribute attr0, its value a1
        attribute, value = name.rstrip("]").split("[")
        assert attribute in shown or value in shown
    assert_backends_agree(text)


@FAST
@given(names_models())
def test_random_models_of_names(text: str) -> None:
    assert_backends_agree(text)


@FAST
@given(optimised_models())
def test_random_optimisation_models(text: str) -> None:
    assert_optimum_agrees(text)


@PROJECTED
@given(lexicographic_models())
def test_random_lexicographic_optimisation_models(text: str) -> None:
    assert_optimum_agrees(text)
@FAST
@given(area_models())
def test_random_areas_and_loops(text: str) -> None:
    assert_backends_agree(text)


@FAST
@given(cell_path_models())
def test_random_loops_and_paths_through_cells(text: str) -> None:
    assert_backends_agree(text)


@given(grid_models())
def test_random_grid_puzzles(text: str) -> None:
    assert_backends_agree(text)


@FAST
@given(shaded_models())
def test_random_nonograms(text: str) -> None:
    assert_backends_agree(text)


@FAST
@given(visibility_models())
def test_random_views_of_skyscrapers(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


@FAST
@given(sight_models())
def test_random_views_along_sight_lines(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


@FAST
@given(walled_sight_models())
def test_random_cells_in_sight_of_walls(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


@FAST
@given(equal_value_area_models())
def test_random_sizes_of_areas(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


@FAST
@given(rectangle_models())
def test_random_rectangles(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


@FAST
@given(sized_area_models())
def test_random_areas_of_a_size(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


def test_the_sized_area_generator_makes_both_satisfiable_and_unsatisfiable_models() -> None:
    find(sized_area_models(), lambda case: len(case[1]) > 1)
    find(sized_area_models(), lambda case: not case[1])


@FAST
@given(tetromino_models())
def test_random_tetrominoes(case: tuple[str, set[tuple[int, ...]]]) -> None:
    assert_the_rules_solutions(*case)


def test_the_tetromino_generator_makes_both_satisfiable_and_unsatisfiable_models() -> None:
    find(tetromino_models(), lambda case: len(case[1]) > 1)
    find(tetromino_models(), lambda case: not case[1])


def test_the_rectangle_generator_makes_both_satisfiable_and_unsatisfiable_models() -> None:
    find(rectangle_models(), lambda case: len(case[1]) > 1)
    find(rectangle_models(), lambda case: not case[1])


@FAST
@given(tiling_models())
def test_random_tilings_count_as_a_search_over_the_board_does(model: tuple[str, int]) -> None:
    text, tilings = model
    assert_backends_agree(text)
    for backend in BACKENDS:
        result = solve(loads(text, "random.puz"), backend, limit=None, timeout=60)
        assert (result.complete, len(result.solutions)) == (True, tilings), f"{backend} on:\n{text}"


@FAST
@given(fleet_models())
def test_random_fleets_on_a_grid_count_as_a_search_over_the_board_does(model: tuple[str, int]) -> None:
    text, placings = model
    assert_backends_agree(text)
    for backend in BACKENDS:
        result = solve(loads(text, "random.puz"), backend, limit=None, timeout=60)
        assert (result.complete, len(result.solutions)) == (True, placings), f"{backend} on:\n{text}"


@pytest.mark.slow
@SLOW
@given(grid_models(max_side=4, max_clues=6))
def test_larger_random_grid_puzzles(text: str) -> None:
    assert_backends_agree(text)


@pytest.mark.slow
@SLOW
@given(zebra_models(max_positions=5, max_attributes=4, max_clues=10))
def test_larger_random_zebra_puzzles(text: str) -> None:
    assert_backends_agree(text)


@pytest.mark.slow
@SLOW
@given(number_models(max_vars=6, max_size=6, max_clues=6))
def test_larger_random_number_puzzles(text: str) -> None:
    assert_backends_agree(text)


@pytest.mark.parametrize(
    "strategy",
    [zebra_models(), number_models(), grid_models(), shaded_models(), projected_models(), projected_zebra_models()],
    ids=["zebra", "numbers", "grids", "nonograms", "projected", "projected-zebra"],
)
def test_the_generators_make_both_satisfiable_and_unsatisfiable_models(strategy: st.SearchStrategy[str]) -> None:
    def count(text: str) -> int:
        return len(solve(loads(text, "random.puz"), REFERENCE, limit=None).solutions)

    # One model of each kind is enough: no shrinking, which would solve a hundred more to make it small.
    quiet = settings(derandomize=True, database=None, max_examples=500, phases=[Phase.generate])
    assert count(find(strategy, lambda text: count(text) == 0, settings=quiet)) == 0
    assert count(find(strategy, lambda text: count(text) >= 2, settings=quiet)) >= 2


def test_the_area_generator_makes_both_satisfiable_and_unsatisfiable_models() -> None:
    test_the_generators_make_both_satisfiable_and_unsatisfiable_models(area_models())


# -- chosen edges: linked(h, v), no_loop(d) and paired(a, b), with clues beside them ---------------------


@st.composite
def edge_models(draw: st.DrawFn) -> str:
    """Links between the cells of a grid of up to 2x2 that must join them, the diagonals of up to 2x3
    cells that must make no loop, or two grids whose cells must pair off side by side."""
    kind = draw(st.sampled_from(["linked", "no_loop", "paired"]))
    rows, cols = draw(st.integers(1, 2)), draw(st.integers(1, 2 if kind == "linked" else 3))
    if kind == "linked":
        top = draw(st.integers(1, 2))
        lines = [f"var h[1..{rows}, 0..{cols}] in 0..{top}", f"var v[0..{rows}, 1..{cols}] in bool", "linked(h, v)"]
        sides = [f"h[{r}, {c - 1}] + h[{r}, {c}] + v[{r - 1}, {c}] + v[{r}, {c}]"
                 for r in range(1, rows + 1) for c in range(1, cols + 1)]
    elif kind == "no_loop":
        lines = [f"var d[1..{rows}, 1..{cols}] in bool", "no_loop(d)"]
        sides = [f"d[{r}, {c}]" for r in range(1, rows + 1) for c in range(1, cols + 1)]
    else:
        lines = [f"var a[1..{rows}, 1..{cols}] in bool", f"var b[1..{rows}, 1..{cols}] in bool", "paired(a, b)"]
        sides = [f"{g}[{r}, {c}]" for g in "ab" for r in range(1, rows + 1) for c in range(1, cols + 1)]
    for side in draw(st.lists(st.sampled_from(sides), max_size=3, unique=True)):
        lines.append(f"{side} {draw(st.sampled_from(OPS))} {draw(st.integers(0, 2))}")
    return "\n".join(lines) + "\n"


@FAST
@given(edge_models())
def test_random_chosen_edges(text: str) -> None:
    assert_backends_agree(text)


def test_the_edge_generator_makes_both_satisfiable_and_unsatisfiable_models() -> None:
    test_the_generators_make_both_satisfiable_and_unsatisfiable_models(edge_models())
