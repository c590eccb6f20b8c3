"""Each construct of the language against what it means.

Every test writes a small model, finds all its solutions with CP-SAT (`limit=None`) and compares them
with a brute-force enumeration in plain Python of what the construct means, written here
independently of the lowering and of the checker. Solutions are compared as sets of value tuples
over the model's own variables, and CP-SAT must give each solution exactly once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable

import pytest

from cspdsl.api import loads, solve
from cspdsl.core.errors import CspdslError
from cspdsl.render.solution import answers, render_solution, solution_json

Values = dict[str, int]


def cpsat_solutions(
    text: str, names: list[str], params: dict[str, int] | None = None
) -> set[tuple[int, ...]]:
    """All solutions of the model, as value tuples over `names` (which must be its own variables)."""
    lowered = loads(text, "construct.puz", params)
    assert sorted(lowered.problem.outputs) == sorted(names)
    result = solve(lowered, limit=None)
    assert result.complete and not result.timed_out
    found = [tuple(s[n] for n in names) for s in result.solutions]
    assert len(found) == len(set(found)), "a solution came back twice"
    return set(found)


def brute_force(domains: dict[str, Iterable[int]], meaning: Callable[[Values], bool]) -> set[tuple[int, ...]]:
    names = list(domains)
    found = set()
    for values in itertools.product(*(list(domains[n]) for n in names)):
        if meaning(dict(zip(names, values, strict=True))):
            found.add(values)
    return found


def assert_means(
    text: str,
    domains: dict[str, Iterable[int]],
    meaning: Callable[[Values], bool],
    params: dict[str, int] | None = None,
) -> set[tuple[int, ...]]:
    domains = {n: list(d) for n, d in domains.items()}
    expected = brute_force(domains, meaning)
    assert cpsat_solutions(text, list(domains), params) == expected
    return expected


def different(*values: int) -> bool:
    return len(set(values)) == len(values)


R4 = range(1, 5)

# ---- relations ---------------------------------------------------------------------------------

RELATIONS: dict[str, Callable[[int, int], bool]] = {
    "same": lambda a, b: a == b,
    "not_same": lambda a, b: a != b,
    "next_to": lambda a, b: abs(a - b) == 1,
    "beside": lambda a, b: abs(a - b) == 1,
    "directly_left_of": lambda a, b: a + 1 == b,
    "directly_right_of": lambda a, b: a == b + 1,
    "left_of": lambda a, b: a < b,
    "right_of": lambda a, b: a > b,
}


@pytest.mark.parametrize("relation", list(RELATIONS))
def test_relation_between_integers(relation):
    text = f"var x in 1..4\nvar y in 1..4\nx {relation} y\n"
    assert_means(text, {"x": R4, "y": R4}, lambda v: RELATIONS[relation](v["x"], v["y"]))


@pytest.mark.parametrize("relation", list(RELATIONS))
def test_relation_between_attribute_values(relation):
    # Three values on four positions: they are at different positions, and the relation holds.
    text = f"""
positions house = 1..4
attribute colour: red, green, "sky blue"
red {relation} "sky blue"
"""
    names = {"colour[red]": R4, "colour[green]": R4, "colour[sky blue]": R4}
    assert_means(
        text,
        names,
        lambda v: different(*v.values()) and RELATIONS[relation](v["colour[red]"], v["colour[sky blue]"]),
    )


def test_a_quoted_keyword_is_a_name():
    # The words of the language are reserved; quoted, they are ordinary values.
    text = """
positions house = 1..3
attribute pet: "at", "given", cat
"at" next_to "given"
"""
    names = {"pet[at]": range(1, 4), "pet[given]": range(1, 4), "pet[cat]": range(1, 4)}
    assert_means(text, names, lambda v: different(*v.values()) and abs(v["pet[at]"] - v["pet[given]"]) == 1)


# Puzzle nouns that open a declaration are names everywhere else; first and last too, after a
# positions line, when the model names its own values so.
NOUNS_AS_NAMES = [
    (
        "positions place = 1..3\nattribute shape: circle, square, regions\nregions next_to circle\nsquare at 1\n",
        {f"shape[{v}]": range(1, 4) for v in ("circle", "square", "regions")},
        lambda v: different(*v.values()) and abs(v["shape[regions]"] - v["shape[circle]"]) == 1
        and v["shape[square]"] == 1,
    ),
    (
        "positions p = 1..3\nattribute finish: first, last, place\nfirst at 3\nlast left_of place\n",
        {f"finish[{v}]": range(1, 4) for v in ("first", "last", "place")},
        lambda v: different(*v.values()) and v["finish[first]"] == 3 and v["finish[last]"] < v["finish[place]"],
    ),
    (
        "var place in 1..3\nvar shape[1..2] in 1..3\nlet regions = [place, shape[2]]\n"
        "shape[1] == place + 1\nsum(regions) == 4\nforall given in regions: given != 2\n",
        {"place": range(1, 4), "shape[1]": range(1, 4), "shape[2]": range(1, 4)},
        lambda v: v["shape[1]"] == v["place"] + 1 and v["place"] + v["shape[2]"] == 4
        and 2 not in (v["place"], v["shape[2]"]),
    ),
    (
        'var g[1..2, 1..2] in 1..2\nregions board of g = """\nAB\nAB\n"""\nforall place in board.regions: '
        "alldifferent(place)\ng[1, 1] == 1\n",
        {f"g[{r},{c}]": range(1, 3) for r in (1, 2) for c in (1, 2)},
        lambda v: v["g[1,1]"] == 1 and v["g[2,1]"] == 2 and v["g[1,2]"] != v["g[2,2]"],
    ),
]


@pytest.mark.parametrize(("text", "names", "meaning"), NOUNS_AS_NAMES, ids=["place", "first-last", "shape", "regions"])
def test_puzzle_nouns_are_names_outside_their_declarations(text, names, meaning):
    assert_means(text, names, meaning)


@pytest.mark.parametrize(
    ("where", "position"), [("1", 1), ("4", 4), ("first", 1), ("last", 5), ("middle", 3)]
)
def test_at_a_position(where, position):
    text = f"positions p = 1..5\nattribute pet: cat, dog\ncat at {where}\n"
    names = {"pet[cat]": range(1, 6), "pet[dog]": range(1, 6)}
    assert_means(text, names, lambda v: v["pet[cat]"] == position and v["pet[dog]"] != position)


def test_middle_needs_an_odd_number_of_positions():
    with pytest.raises(CspdslError):
        loads("positions p = 1..4\nattribute pet: cat, dog\ncat at middle\n")


def test_at_a_position_that_does_not_exist_is_an_error():
    with pytest.raises(CspdslError, match="outside the positions"):
        loads("positions p = 1..3\nattribute pet: cat, dog\ncat at 4\n")


def test_the_positions_name_is_the_list_of_positions():
    text = "positions p = 2..4\nattribute pet: cat, dog\nforall i in p: cat != i or i == 3\n"
    names = {"pet[cat]": range(2, 5), "pet[dog]": range(2, 5)}
    assert_means(text, names, lambda v: v["pet[cat]"] == 3 and v["pet[dog]"] != 3)


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
@pytest.mark.parametrize("k", [-1, 0, 2])
def test_distance(op, k):
    text = f"var a in 1..4\nvar b in 1..4\ndistance(a, b) {op} {k}\n"
    assert_means(text, {"a": R4, "b": R4}, lambda v: compare(abs(v["a"] - v["b"]), op, k))


def compare(left: int, op: str, right: int) -> bool:
    return {
        "==": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }[op]


# ---- comparisons, arithmetic, abs ----------------------------------------------------------------

NEG = range(-3, 4)


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
def test_strict_and_other_comparisons_with_negative_numbers(op):
    text = f"var x in -3..3\nvar y in -3..3\nx + 1 {op} 2*y - 3\n"
    assert_means(text, {"x": NEG, "y": NEG}, lambda v: compare(v["x"] + 1, op, 2 * v["y"] - 3))


@pytest.mark.parametrize("op", ["==", "!=", "<", ">="])
def test_comparison_of_single_variable_with_constant(op):
    text = f"var x in -3..3\n-x {op} -2\n"
    assert_means(text, {"x": NEG}, lambda v: compare(-v["x"], op, -2))


def test_arithmetic_with_constants_and_params():
    text = """
param n = 17
var x in -3..3
var y in -3..3
x * (n // 5) - -y == n % 5 - 2 * 2
(n - 20) * y <= x
"""
    assert_means(
        text,
        {"x": NEG, "y": NEG},
        lambda v: v["x"] * 3 + v["y"] == 2 - 4 and -3 * v["y"] <= v["x"],
    )


def test_products_of_variables():
    text = """
var x in -2..3
var y in -2..3
var z in 0..2
x * y + z == 2
product([x, y, z]) != 2 * x * y
(x + 1) * y * y >= x * x - 4
"""
    assert_means(
        text,
        {"x": range(-2, 4), "y": range(-2, 4), "z": range(3)},
        lambda v: v["x"] * v["y"] + v["z"] == 2
        and v["x"] * v["y"] * v["z"] != 2 * v["x"] * v["y"]
        and (v["x"] + 1) * v["y"] ** 2 >= v["x"] ** 2 - 4,
    )


def test_quotients_and_remainders_of_variables():
    """Python's floor division and remainder, with variables on either side, of either sign."""
    text = """
var x in -7..7
var y in {-3, -2, 2, 3}
var z in 0..3
x // y == z - 2
x % y != 0
(x + z) % 3 == 1
7 // y + x // 2 <= z
"""
    assert_means(
        text,
        {"x": range(-7, 8), "y": (-3, -2, 2, 3), "z": range(4)},
        lambda v: v["x"] // v["y"] == v["z"] - 2 and v["x"] % v["y"] != 0 and (v["x"] + v["z"]) % 3 == 1
        and 7 // v["y"] + v["x"] // 2 <= v["z"],
    )


def test_min_and_max_of_variables():
    text = """
var x in -2..3
var y in 0..4
var z in 1..3
max(x, y) == 2 * min([y, z])
max([x, y, z]) - min(x, 1) != 3
"""
    assert_means(
        text,
        {"x": range(-2, 4), "y": range(5), "z": range(1, 4)},
        lambda v: max(v["x"], v["y"]) == 2 * min(v["y"], v["z"]) and max(v["x"], v["y"], v["z"]) - min(v["x"], 1) != 3,
    )


@pytest.mark.parametrize("op", ["==", "!=", "<", "<=", ">", ">="])
@pytest.mark.parametrize("k", [-1, 0, 1, 3])
def test_abs_compared_with_a_constant(op, k):
    text = f"var x in -3..3\nvar y in -3..3\nabs(x - y) {op} {k}\n"
    assert_means(text, {"x": NEG, "y": NEG}, lambda v: compare(abs(v["x"] - v["y"]), op, k))


def test_abs_with_the_constant_on_the_left():
    text = "var x in -3..3\n2 < abs(x)\n-1 != abs(x)\n"
    assert_means(text, {"x": NEG}, lambda v: abs(v["x"]) > 2)


def test_abs_inside_sums_uses_auxiliary_variables_that_do_not_multiply_solutions():
    text = "var x in -3..3\nvar y in -3..3\nabs(x) + abs(y - 1) == 3\nabs(x) - 2 * abs(y) >= -3\n"
    assert_means(
        text,
        {"x": NEG, "y": NEG},
        lambda v: abs(v["x"]) + abs(v["y"] - 1) == 3 and abs(v["x"]) - 2 * abs(v["y"]) >= -3,
    )


def test_len_min_max_on_constants():
    text = "let xs = [4, -1, 3]\nvar x in min(xs)..max(xs)\nx != len(xs)\nx > min(0, 2) - max(1, -5)\n"
    assert_means(text, {"x": range(-1, 5)}, lambda v: v["x"] != 3 and v["x"] > -1)


# ---- domains and variables -----------------------------------------------------------------------


def test_domains_ranges_sets_and_bools():
    text = "var x in {5, -2, 1}\nvar y in 0..2\nvar b in bool\nx + y + b >= 2\n"
    assert_means(text, {"x": [-2, 1, 5], "y": range(3), "b": (0, 1)}, lambda v: v["x"] + v["y"] + v["b"] >= 2)


def test_arrays_and_grids_with_index_sets():
    text = "var q[{2, 5}] in 0..1\nvar g[0..1, 1..2] in 0..1\nq[5] > q[2]\ng[0, 2] + g[1, 1] == q[5]\n"
    names = ["q[2]", "q[5]", "g[0,1]", "g[0,2]", "g[1,1]", "g[1,2]"]
    assert_means(
        text,
        dict.fromkeys(names, (0, 1)),
        lambda v: v["q[5]"] > v["q[2]"] and v["g[0,2]"] + v["g[1,1]"] == v["q[5]"],
    )


def test_a_grid_row_is_a_list():
    text = "var g[1..2, 1..3] in 0..1\nsum(g[2]) == 2\nsum(g[1]) == 0\n"
    names = [f"g[{r},{c}]" for r in (1, 2) for c in (1, 2, 3)]
    assert_means(
        text,
        dict.fromkeys(names, (0, 1)),
        lambda v: (
            v["g[2,1]"] + v["g[2,2]"] + v["g[2,3]"] == 2 and v["g[1,1]"] + v["g[1,2]"] + v["g[1,3]"] == 0
        ),
    )


# ---- indices over variables (element) and slices ----------------------------------------------

Q3 = ["q[1]", "q[2]", "q[3]"]


@pytest.mark.parametrize(
    ("clue", "meaning"),
    [
        # an index outside 1..3 cannot hold, wherever the element stands
        ("q[i] == 2", lambda q, i: 1 <= i <= 3 and q[i - 1] == 2),
        ("q[i + 1] > q[i]", lambda q, i: 1 <= i <= 2 and q[i] > q[i - 1]),
        ("not q[i] == 2 or i == 1", lambda q, i: 1 <= i <= 3 and (q[i - 1] != 2 or i == 1)),
        ("q[i] + q[4 - i] == 3", lambda q, i: 1 <= i <= 3 and q[i - 1] + q[3 - i] == 3),
        ("[2, 0, 1][i] == q[2]", lambda q, i: 1 <= i <= 3 and [2, 0, 1][i - 1] == q[1]),
        ("[q[3], q[1] + 1, 2][i] == 1", lambda q, i: 1 <= i <= 3 and [q[2], q[0] + 1, 2][i - 1] == 1),
        ("exactly 1 of [q[i] == 0, q[i] == 1]", lambda q, i: 1 <= i <= 3 and q[i - 1] in (0, 1)),
        ("sum([q[i], q[1]]) >= 3", lambda q, i: 1 <= i <= 3 and q[i - 1] + q[0] >= 3),
        ("q[q[1]] == 1", lambda q, i: 1 <= q[0] <= 3 and q[q[0] - 1] == 1),
        ("sum(q[2..3]) == q[1]", lambda q, i: q[1] + q[2] == q[0]),
        ("sum(q[..]) == 3 and alldifferent(q[1..2])", lambda q, i: sum(q) == 3 and q[0] != q[1]),
    ],
)
def test_an_index_over_variables_chooses_an_item(clue, meaning):
    text = f"var q[1..3] in 0..2\nvar i in 0..4\n{clue}\n"
    assert_means(text, {**dict.fromkeys(Q3, range(3)), "i": range(5)},
                 lambda v: meaning([v[n] for n in Q3], v["i"]))


def test_a_grid_cell_chosen_by_a_row_and_a_column():
    text = "var g[1..2, 1..3] in 0..1\nvar r in 1..3\nvar c in 1..3\ng[r, c] == 1\ng[r, 1] + g[2, c] == 1\n"
    names = [f"g[{r},{c}]" for r in (1, 2) for c in (1, 2, 3)]

    def meaning(v: Values) -> bool:
        return v["r"] <= 2 and v[f"g[{v['r']},{v['c']}]"] == 1 and v[f"g[{v['r']},1]"] + v[f"g[2,{v['c']}]"] == 1

    assert_means(text, {**dict.fromkeys(names, (0, 1)), "r": range(1, 4), "c": range(1, 4)}, meaning)


def test_slices_of_a_grid_row_column_and_box():
    text = (
        "var g[1..3, 1..3] in 0..1\nvar r in 1..3\n"
        "sum(g[1..2, 2]) == 2\nsum(g[3, ..]) == 1\nsum(g[2..3, 2..3]) == 3\nsum(g[r, ..]) == 3\nsum(g[r]) == 3\n"
    )
    names = [f"g[{r},{c}]" for r in (1, 2, 3) for c in (1, 2, 3)]

    def meaning(v: Values) -> bool:
        def g(r: int, c: int) -> int:
            return v[f"g[{r},{c}]"]

        return (
            g(1, 2) + g(2, 2) == 2
            and sum(g(3, c) for c in (1, 2, 3)) == 1
            and sum(g(r, c) for r in (2, 3) for c in (2, 3)) == 3
            and sum(g(v["r"], c) for c in (1, 2, 3)) == 3
        )

    assert_means(text, {**dict.fromkeys(names, (0, 1)), "r": range(1, 4)}, meaning)


def test_slices_with_params_lets_and_quantifier_names():
    text = (
        "param n = 4\nlet upto = 2\nvar q[1..n] in 0..3\nlet xs = [5, 6, 7, 8]\n"
        "sum(q[1..upto]) == sum(xs[n-1..n]) - 13\nforall i in 1..n-1: alldifferent(q[i..i+1])\nq[..][n] == 3\n"
    )
    names = [f"q[{i}]" for i in range(1, 5)]

    def meaning(v: Values) -> bool:
        q = [v[n] for n in names]
        return q[0] + q[1] == 2 and all(q[i] != q[i + 1] for i in range(3)) and q[3] == 3

    assert_means(text, dict.fromkeys(names, range(4)), meaning)


def test_the_same_element_twice_is_one_auxiliary_variable():
    lowered = loads("var q[1..3] in 0..2\nvar i in 1..3\nq[i] >= 1\nq[i] <= 1\n", "m.puz")
    assert [n for n in lowered.problem.variables if n.startswith("_element")] == ["_element#1"]


# ---- membership ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("clue", "meaning"),
    [
        ("x in {1, 3, -2}", lambda x: x in (1, 3, -2)),
        ("x in -1..2", lambda x: -1 <= x <= 2),
        ("x not in {1, 3}", lambda x: x not in (1, 3)),
        ("x not in 0..5", lambda x: not 0 <= x <= 5),
        ("x + 1 in {0, 2}", lambda x: x + 1 in (0, 2)),
        ("2 * x in {2, 3, 4}", lambda x: 2 * x in (2, 3, 4)),
        ("-x in 1..2", lambda x: 1 <= -x <= 2),
        ("x in [1, 2] + [3]", lambda x: x in (1, 2, 3)),
    ],
)
def test_membership_in_constants(clue, meaning):
    assert_means(f"var x in -3..3\n{clue}\n", {"x": NEG}, lambda v: meaning(v["x"]))


def test_membership_in_a_list_of_variables():
    text = "var v in 0..3\nvar a in 0..3\nvar b in 0..3\nv in [a, b + 1]\n"
    r = range(4)
    assert_means(text, {"v": r, "a": r, "b": r}, lambda v: v["v"] in (v["a"], v["b"] + 1))


def test_non_membership_in_a_list_of_variables_and_an_array():
    text = "var v in 0..2\nvar q[1..2] in 0..2\nv not in q\n2 in q + [v]\n"
    r = range(3)
    assert_means(
        text,
        {"v": r, "q[1]": r, "q[2]": r},
        lambda v: v["v"] not in (v["q[1]"], v["q[2]"]) and 2 in (v["q[1]"], v["q[2]"], v["v"]),
    )


# ---- alldifferent and sums -----------------------------------------------------------------------


def test_alldifferent_of_variables_and_expressions():
    text = "var q[1..3] in 1..3\nalldifferent([q[i] + i for i in 1..3])\nalldifferent([q[1], 2, q[3]])\n"
    r = range(1, 4)
    assert_means(
        text,
        {"q[1]": r, "q[2]": r, "q[3]": r},
        lambda v: (
            different(v["q[1]"] + 1, v["q[2]"] + 2, v["q[3]"] + 3) and different(v["q[1]"], 2, v["q[3]"])
        ),
    )


def test_alldifferent_inside_a_condition():
    text = "var a in 1..3\nvar b in 1..3\nvar c in 1..3\nalldifferent([a, b, c]) or a == 1\n"
    r = range(1, 4)
    assert_means(text, {"a": r, "b": r, "c": r}, lambda v: different(*v.values()) or v["a"] == 1)


def test_sums_and_weighted_sums():
    text = """
var q[1..3] in -1..2
sum(q) >= 1
sum_equals([q[1], q[2]], q[3])
sum_at_most([q[1], 2*q[3]], 2)
sum_at_least([q[2], -q[3]], -1)
2*q[1] + 3*q[2] <= 4
sum([i * q[i] for i in 1..3]) != 3
"""
    r = range(-1, 3)

    def meaning(v):
        a, b, c = v["q[1]"], v["q[2]"], v["q[3]"]
        return (
            a + b + c >= 1
            and a + b == c
            and a + 2 * c <= 2
            and b - c >= -1
            and 2 * a + 3 * b <= 4
            and a + 2 * b + 3 * c != 3
        )

    assert_means(text, {"q[1]": r, "q[2]": r, "q[3]": r}, meaning)


# ---- counting and logic --------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["exactly", "at_least", "at_most"])
@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_counts(word, k):
    # Three live conditions and one constant true one, which counts too.
    text = f"var a in 0..2\nvar b in 0..2\n{word} {k} of [a == 1, b > a, a + b == 2, 1 < 2]\n"
    ops = {"exactly": "==", "at_least": ">=", "at_most": "<="}

    def meaning(v):
        n = sum([v["a"] == 1, v["b"] > v["a"], v["a"] + v["b"] == 2, True])
        return compare(n, ops[word], k)

    assert_means(text, {"a": range(3), "b": range(3)}, meaning)


@pytest.mark.parametrize(
    ("clue", "meaning"),
    [
        ("not a == 1", lambda a, b: a != 1),
        ("not a == 1 and b == 1", lambda a, b: a != 1 and b == 1),
        ("a == 1 or b == 1 and a == 2", lambda a, b: a == 1 or (b == 1 and a == 2)),
        ("(a == 1 or b == 1) and a != 2", lambda a, b: (a == 1 or b == 1) and a != 2),
        ("either a == 1 or b == 1", lambda a, b: (a == 1) != (b == 1)),
        ("either a >= 1 or b >= 1", lambda a, b: (a >= 1) != (b >= 1)),
        ("if a == 2 then b == 0", lambda a, b: a != 2 or b == 0),
        ("if a > 0 then b == a or b == 0", lambda a, b: a <= 0 or b in (a, 0)),
        ("if a > 0 then if b > 0 then a == b", lambda a, b: not (a > 0 and b > 0) or a == b),
        ("not (if a == 1 then b == 1)", lambda a, b: a == 1 and b != 1),
        ("a == 1 or true", lambda a, b: True),
        ("a == 1 and false or b == 2", lambda a, b: b == 2),
        ("not not a == 0", lambda a, b: a == 0),
    ],
)
def test_logic(clue, meaning):
    text = f"var a in 0..2\nvar b in 0..2\n{clue}\n"
    assert_means(text, {"a": range(3), "b": range(3)}, lambda v: meaning(v["a"], v["b"]))


def test_false_makes_a_model_unsatisfiable():
    lowered = loads("var a in 0..2\nfalse or a > 5\n")
    assert solve(lowered, limit=None).status == "unsatisfiable"


# ---- quantifiers and comprehensions --------------------------------------------------------------

QUEENS = """
param n = 4
var q[1..n] in 1..n
alldifferent(q)
forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i
"""


def queens_brute_force(n: int) -> set[tuple[int, ...]]:
    return {
        p
        for p in itertools.permutations(range(1, n + 1))
        if all(abs(p[i] - p[j]) != j - i for i in range(n) for j in range(i + 1, n))
    }


@pytest.mark.parametrize(("n", "count"), [(4, 2), (5, 10), (6, 4)])
def test_n_queens_with_a_param(n, count):
    params = None if n == 4 else {"n": n}
    found = cpsat_solutions(QUEENS, [f"q[{i}]" for i in range(1, n + 1)], params)
    assert found == queens_brute_force(n)
    assert len(found) == count


def test_n_queens_param_on_the_command_line(cli, tmp_path):
    model = tmp_path / "queens.puz"
    model.write_text(QUEENS)
    done = cli("solve", str(model), "--count", "-D", "n=6")
    assert done.returncode == 0, done.stderr
    assert "4 solutions" in done.stdout


def test_an_unknown_param_is_an_error():
    with pytest.raises(CspdslError, match="no param"):
        loads(QUEENS, "queens.puz", {"m": 3})


def test_forall_with_where_and_dependent_ranges():
    text = """
var q[1..4] in 0..2
forall i in 1..4, j in i..4 where (i + j) % 2 == 1: q[i] != q[j]
"""
    r = range(3)
    names = [f"q[{i}]" for i in range(1, 5)]

    def meaning(v):
        return all(v[f"q[{i}]"] != v[f"q[{j}]"] for i in range(1, 5) for j in range(i, 5) if (i + j) % 2 == 1)

    assert_means(text, dict.fromkeys(names, r), meaning)


def test_forall_over_sets_lists_of_variables_and_groups():
    text = """
var g[1..2, 1..2] in 0..2
forall k in {2, 1}: g[k, k] != 0
forall v in [g[1, 2], g[2, 1]]: v < 2
forall row in g.rows: sum(row) <= 2
"""
    names = ["g[1,1]", "g[1,2]", "g[2,1]", "g[2,2]"]

    def meaning(v):
        return (
            v["g[1,1]"] != 0
            and v["g[2,2]"] != 0
            and v["g[1,2]"] < 2
            and v["g[2,1]"] < 2
            and v["g[1,1]"] + v["g[1,2]"] <= 2
            and v["g[2,1]"] + v["g[2,2]"] <= 2
        )

    assert_means(text, dict.fromkeys(names, range(3)), meaning)


def test_forall_inside_a_condition():
    text = "var q[1..3] in 0..1\nvar x in 0..1\n(forall i in 1..3: q[i] == 1) or x == 1\n"
    names = ["q[1]", "q[2]", "q[3]", "x"]
    assert_means(
        text,
        dict.fromkeys(names, (0, 1)),
        lambda v: all(v[f"q[{i}]"] == 1 for i in (1, 2, 3)) or v["x"] == 1,
    )


def test_comprehension_of_conditions_and_of_numbers():
    text = """
param n = 4
var q[1..n] in 0..1
at_least 2 of [q[i] == 1 for i in 1..n where i != 2]
sum([q[i] * i for i in 1..n]) <= 5
"""
    names = [f"q[{i}]" for i in range(1, 5)]

    def meaning(v):
        return (
            sum(v[f"q[{i}]"] == 1 for i in (1, 3, 4)) >= 2 and sum(v[f"q[{i}]"] * i for i in range(1, 5)) <= 5
        )

    assert_means(text, dict.fromkeys(names, (0, 1)), meaning)


def test_a_where_on_variables_is_an_error():
    with pytest.raises(CspdslError, match="where"):
        loads("var q[1..3] in 0..1\nforall i in 1..3 where q[i] == 1: q[i] == 0\n")


def test_let_and_list_concatenation():
    text = """
var q[1..2] in 0..2
var x in 0..2
let both = q + [x]
let twice = both + [q[1]]
let r = 0..1
sum(twice) == 4
alldifferent(both)
x in r + [5]
"""
    names = ["q[1]", "q[2]", "x"]
    assert_means(
        text,
        dict.fromkeys(names, range(3)),
        lambda v: 2 * v["q[1]"] + v["q[2]"] + v["x"] == 4 and different(*v.values()) and v["x"] in (0, 1),
    )


# ---- entities: attributes ------------------------------------------------------------------------


def test_attributes_are_permutations_with_quoted_values():
    text = 'positions p = 1..3\nattribute drink: tea, "root beer", milk\ntea left_of milk\n'
    names = ["drink[tea]", "drink[root beer]", "drink[milk]"]
    found = assert_means(
        text,
        dict.fromkeys(names, range(1, 4)),
        lambda v: different(*v.values()) and v["drink[tea]"] < v["drink[milk]"],
    )
    assert len(found) == 3


def test_forall_over_an_attribute():
    text = "positions p = 1..3\nattribute pet: cat, dog\nforall x in pet: x != 2\n"
    names = ["pet[cat]", "pet[dog]"]
    assert_means(
        text,
        dict.fromkeys(names, range(1, 4)),
        lambda v: different(*v.values()) and 2 not in v.values(),
    )


def test_attributes_join_like_lists():
    text = (
        "positions p = 1..3\nattribute pet: cat, dog\nattribute drink: tea, milk\n"
        "forall x in pet + drink: x != 2\nsum(drink + [cat]) == 5\nlen(pet + drink) == 4\n"
    )
    names = ["pet[cat]", "pet[dog]", "drink[tea]", "drink[milk]"]

    def meaning(v):
        return (
            different(v["pet[cat]"], v["pet[dog]"])
            and different(v["drink[tea]"], v["drink[milk]"])
            and 2 not in v.values()
            and v["drink[tea]"] + v["drink[milk]"] + v["pet[cat]"] == 5
        )

    assert_means(text, dict.fromkeys(names, range(1, 4)), meaning)


def _number_at(v: Values, attribute: str, numbers: Iterable[int], position: int) -> int:
    return next(n for n in numbers if v[f"{attribute}[{n}]"] == position)


def test_the_number_of_an_entity_in_an_attribute_of_numbers():
    text = (
        "positions p = 1..3\nattribute who: Ann, Bob, Cy\nattribute age: 3, 5, -7\n"
        "Ann.age >= Bob.age + 2\nforall w in who: w.age != 5 or w same Cy\n"
    )
    names = ["who[Ann]", "who[Bob]", "who[Cy]", "age[3]", "age[5]", "age[-7]"]

    def meaning(v):
        def age(person):
            return _number_at(v, "age", (3, 5, -7), v[f"who[{person}]"])

        return (
            different(*(v[n] for n in names[:3])) and different(*(v[n] for n in names[3:]))
            and age("Ann") >= age("Bob") + 2
            and all(age(w) != 5 or w == "Cy" for w in ("Ann", "Bob", "Cy"))
        )

    assert len(assert_means(text, dict.fromkeys(names, range(1, 4)), meaning)) == 6  # Cy 5, Ann 3, Bob -7


def test_a_puzzle_keyed_by_names():
    text = (
        "positions band: Alpha, Beta, Gamma\nattribute genre: rock, jazz\nattribute stand: 1, 2, 3\n"
        "rock not_same Alpha\njazz at Beta or jazz same Gamma\nAlpha.stand < rock.stand\n"
    )
    names = ["genre[rock]", "genre[jazz]", "stand[1]", "stand[2]", "stand[3]"]

    def meaning(v):
        def stand(position):
            return _number_at(v, "stand", (1, 2, 3), position)

        return (
            different(v["genre[rock]"], v["genre[jazz]"]) and different(*(v[n] for n in names[2:]))
            and v["genre[rock]"] != 1 and v["genre[jazz]"] in (2, 3)
            and stand(1) < stand(v["genre[rock]"])
        )

    assert_means(text, dict.fromkeys(names, range(1, 4)), meaning)


# ---- grids and their groups ----------------------------------------------------------------------


def grid_names(rows: int, cols: int, name: str = "g") -> list[str]:
    return [f"{name}[{r},{c}]" for r in range(1, rows + 1) for c in range(1, cols + 1)]


def test_grid_groups_rows_columns_diagonals():
    text = """
var g[1..3, 1..3] in 0..1
forall row in g.rows: sum(row) == 1
forall col in g.columns: sum(col) == 1
sum(g.diagonals[1]) == 0
sum(g.diagonals[2]) >= 1
"""
    names = grid_names(3, 3)

    def meaning(v):
        g = [[v[f"g[{r},{c}]"] for c in (1, 2, 3)] for r in (1, 2, 3)]
        return (
            all(sum(row) == 1 for row in g)
            and all(sum(g[r][c] for r in range(3)) == 1 for c in range(3))
            and g[0][0] + g[1][1] + g[2][2] == 0
            and g[0][2] + g[1][1] + g[2][0] >= 1
        )

    found = assert_means(text, dict.fromkeys(names, (0, 1)), meaning)
    assert len(found) == 2  # the two permutations that avoid the main diagonal


def test_grid_boxes_and_cells():
    text = """
var g[1..4, 1..4] in 0..1
forall box in g.boxes: sum(box) == 1
sum(g.cells) == 4
forall row in g.rows: sum(row) == 1
forall col in g.columns: sum(col) == 1
g[1, 1] == 1
"""
    names = grid_names(4, 4)

    def meaning(v):
        g = [[v[f"g[{r},{c}]"] for c in range(1, 5)] for r in range(1, 5)]
        boxes = [[g[br + i][bc + j] for i in (0, 1) for j in (0, 1)] for br in (0, 2) for bc in (0, 2)]
        return (
            all(sum(b) == 1 for b in boxes)
            and all(sum(row) == 1 for row in g)
            and all(sum(g[r][c] for r in range(4)) == 1 for c in range(4))
            and g[0][0] == 1
        )

    # Every row and column holds one 1: enumerate the permutation matrices, then filter.
    expected = set()
    for p in itertools.permutations(range(4)):
        values = {f"g[{r + 1},{c + 1}]": int(p[r] == c) for r in range(4) for c in range(4)}
        if meaning(values):
            expected.add(tuple(values[n] for n in names))
    assert cpsat_solutions(text, names) == expected
    assert len(expected) == 4


def test_groups_of_a_1d_array_and_non_square_grids():
    assert loads("var q[1..3] in 0..1\nsum(q.cells) == 1\n")
    with pytest.raises(CspdslError, match="diagonals"):
        loads("var g[1..2, 1..3] in 0..1\nforall d in g.diagonals: sum(d) == 1\n")
    with pytest.raises(CspdslError, match="boxes"):
        loads("var g[1..3, 1..3] in 0..1\nforall b in g.boxes: sum(b) == 1\n")


# ---- boards --------------------------------------------------------------------------------------

HEX = '''
board hex in 1..7 = """
 a.b
c.d.e
 f.g
"""
'''


def board_groups(answer_of: Callable[[str], str], group: str, count: int) -> list[str]:
    return [answer_of(f"{{hex.{group}[{i}]}}") for i in range(1, count + 1)]


def test_board_groups_are_derived_from_the_drawing():
    # Cell a..g holds 1..7, so printing a group shows which cells it has, in order.
    fixed = "\n".join(f"hex.{c} == {i}" for i, c in enumerate("abcdefg", 1))

    def answer_of(placeholder: str) -> str:
        text = HEX + fixed + f'\nquestion "q": "{placeholder}"\n'
        lowered = loads(text)
        result = solve(lowered, limit=None)
        assert len(result.solutions) == 1
        return answers(lowered.layout, result.solutions[0])[0]

    assert board_groups(answer_of, "rows", 3) == ["12", "345", "67"]
    # Columns of the drawing: c | a f | d | b g | e.
    assert board_groups(answer_of, "columns", 5) == ["3", "16", "4", "27", "5"]
    # Down-right lines, from the bottom-left one: c f | a d g | b e.
    assert board_groups(answer_of, "diagonals", 3) == ["36", "147", "25"]
    # Down-left lines, from the top-left one: a c | b d f | e g.
    assert board_groups(answer_of, "antidiagonals", 3) == ["13", "246", "57"]
    assert answer_of("{len(hex.lines)}") == "9"
    assert answer_of("{hex.lines[4]}") == "36"
    assert answer_of("{hex.cells}") == "1234567"


def drawn_groups(drawing: str) -> dict[str, list[str]]:
    """The groups of a board drawn so, each line as its cells' letters (from the board's value)."""
    from cspdsl.lower.drawings import board_groups as groups_of
    from cspdsl.syntax.parser import parse

    (board,) = parse(f'board b in 1..9 = """\n{drawing}\n"""\n').statements
    found = groups_of(board.drawing)
    return {name: lines if isinstance(lines, str) else ["".join(line) for line in lines]
            for name, lines in found.items() if name != "cells"}


HEX_LINES = {
    "rows": ["abc", "defg", "hijkl", "mnop", "qrs"],
    "diagonals": ["hmq", "dinr", "aejos", "bfkp", "cgl"],
    "antidiagonals": ["adh", "beim", "cfjnq", "gkor", "lps"],
}


@pytest.mark.parametrize(
    "drawing",
    [
        "  a.b.c\n d.e.f.g\nh.i.j.k.l\n m.n.o.p\n  q.r.s",  # two characters apart
        "    a   b   c\n  d   e   f   g\nh   i   j   k   l\n  m   n   o   p\n    q   r   s",  # four apart
        "    a - b - c\n   / \\ / \\ / \\\n  d - e - f - g\n / \\ / \\ / \\ / \\\nh - i - j - k - l\n"
        " \\ / \\ / \\ / \\ /\n  m - n - o - p\n   \\ / \\ / \\ /\n    q - r - s",  # as printed
    ],
    ids=["spaced-2", "spaced-4", "connectors"],
)
def test_a_hexagon_reads_the_same_lines_however_it_is_spaced(drawing):
    groups = drawn_groups(drawing)
    assert {name: groups[name] for name in HEX_LINES} == HEX_LINES


def test_a_square_drawn_with_spaces_is_a_square():
    groups = drawn_groups("a b c\nd e f\ng h i")
    assert groups["diagonals"] == ["g", "dh", "aei", "bf", "c"]
    assert groups["antidiagonals"] == ["a", "bd", "ceg", "fh", "i"]
    assert groups == drawn_groups("abc\ndef\nghi")


def test_a_star_as_printed_has_the_lines_drawn():
    groups = drawn_groups(STAR)
    assert groups["rows"] == ["bcde", "hijk"]
    assert groups["diagonals"] == ["bfil", "adgk"]  # from the bottom-left one, as a drawing without lines
    assert groups["antidiagonals"] == ["acfh", "egjl"]
    assert groups["lines"] == groups["rows"] + groups["diagonals"] + groups["antidiagonals"]
    assert groups["columns"].startswith("the drawing has connectors but no '|' between two cells")


STAR = """\
        a
       / \\
  b---c---d---e
   \\ /     \\ /
    f       g
   / \\     / \\
  h---i---j---k
       \\ /
        l"""


def test_sums_over_board_lines_against_brute_force():
    text = (
        HEX
        + """
alldifferent(hex.cells)
forall line in hex.lines: sum(line) >= 7
hex.d == 4
"""
    )
    names = [f"hex.{c}" for c in "abcdefg"]
    lines = ["ab", "cde", "fg", "cf", "adg", "be", "ac", "bdf", "eg"]

    def meaning(v):
        return (
            different(*v.values())
            and v["hex.d"] == 4
            and all(sum(v[f"hex.{c}"] for c in line) >= 7 for line in lines)
        )

    expected = set()
    for p in itertools.permutations(range(1, 8)):
        values = dict(zip(names, p, strict=True))
        if meaning(values):
            expected.add(p)
    assert cpsat_solutions(text, names) == expected
    assert expected


def test_board_cells_drawn_as_digits_and_bool_boards():
    text = 'board b in bool = """\n1a\n2.\n"""\nb.1 + b.a + b.2 == 2\nb.1 != b.2\n'
    names = ["b.1", "b.a", "b.2"]
    assert_means(
        text,
        dict.fromkeys(names, (0, 1)),
        lambda v: sum(v.values()) == 2 and v["b.1"] != v["b.2"],
    )


def _posted_pairs(text: str) -> set[tuple[str, ...]]:
    """The pairs of variables of a model's clues, each read off the sum it posts."""
    problem = loads(text, "m.puz").problem
    return {tuple(sorted(name for _, name in p.constraint.terms)) for p in problem.constraints}  # type: ignore[union-attr]


SMALL_HEX = 'board h in 1..9 = """\n a.b\nc.d.e\n f.g\n"""\n'
SMALL_STAR = 'board s in 1..9 = """\n  a---b\n  |\n  c   d\n"""\n'
SMALL_SQUARE = 'board q in 1..9 = """\nab\ncd\n"""\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a grid: sides, then sides and corners; one pair each
        ("var g[1..2, 1..2] in 1..4\nforall p in g.adjacent: p[1] != p[2]\n",
         {("g[1,1]", "g[1,2]"), ("g[1,1]", "g[2,1]"), ("g[1,2]", "g[2,2]"), ("g[2,1]", "g[2,2]")}),
        ("var g[1..2, 1..2] in 1..4\nforall p in g.touching: p[1] != p[2]\n",
         {("g[1,1]", "g[1,2]"), ("g[1,1]", "g[2,1]"), ("g[1,2]", "g[2,2]"), ("g[2,1]", "g[2,2]"),
          ("g[1,1]", "g[2,2]"), ("g[1,2]", "g[2,1]")}),
        ("var q[1..3] in 1..4\nforall p in q.adjacent: p[1] != p[2]\n", {("q[1]", "q[2]"), ("q[2]", "q[3]")}),
        # a grid with black cells: none at a black cell
        ('var k in 1..9 shape """\n. #\n. .\n"""\nforall p in k.touching: p[1] != p[2]\n',
         {("k[1,1]", "k[2,1]"), ("k[2,1]", "k[2,2]"), ("k[1,1]", "k[2,2]")}),
        # boards: the six around a hexagon's cell, the lines a drawing draws, a square's sides
        (SMALL_HEX + "forall n in neighbours(h.d): n != h.d\n",
         {("h.a", "h.d"), ("h.b", "h.d"), ("h.c", "h.d"), ("h.d", "h.e"), ("h.d", "h.f"), ("h.d", "h.g")}),
        (SMALL_HEX + "forall n in around(h.a): n != h.a\n", {("h.a", "h.b"), ("h.a", "h.c"), ("h.a", "h.d")}),
        (SMALL_STAR + "forall p in s.touching: p[1] != p[2]\n", {("s.a", "s.b"), ("s.a", "s.c")}),
        (SMALL_SQUARE + "forall p in q.adjacent: p[1] != p[2]\n",
         {("q.a", "q.b"), ("q.a", "q.c"), ("q.b", "q.d"), ("q.c", "q.d")}),
        (SMALL_SQUARE + "forall n in around(q.a): n != q.a\n", {("q.a", "q.b"), ("q.a", "q.c"), ("q.a", "q.d")}),
    ],
    ids=["grid-adjacent", "grid-touching", "array", "black-cells", "hex-neighbours", "hex-around", "drawn-lines",
         "square-board", "square-around"],
)
def test_neighbourhoods(text: str, expected: set[tuple[str, ...]]) -> None:
    assert _posted_pairs(text) == expected


def test_neighbours_in_reading_order() -> None:
    text = "var g[1..3, 1..3] in 1..9\nsum(around(g[2, 2])) == 0\n"
    (posted,) = loads(text, "m.puz").problem.constraints
    assert [name for _, name in posted.constraint.terms] == [  # type: ignore[union-attr]
        "g[1,1]", "g[1,2]", "g[1,3]", "g[2,1]", "g[2,3]", "g[3,1]", "g[3,2]", "g[3,3]"]


# ---- pieces --------------------------------------------------------------------------------------


def piece_layouts(pieces: list[tuple[int, ...]], cells: int) -> set[tuple[int, ...]]:
    """Every way to put each piece (one of its values) on one cell: the distinct value layouts."""
    layouts = set()
    for order in itertools.permutations(pieces, cells):
        for values in itertools.product(*order):
            layouts.add(values)
    return layouts


@pytest.mark.parametrize(
    ("declaration", "pieces"),
    [
        ("66|99 * 2, 88, 11", [(66, 99), (66, 99), (88,), (11,)]),
        ("1|2, 2|3, 3", [(1, 2), (2, 3), (3,)]),
        ("1|2 * 2, 2, 3|4", [(1, 2), (1, 2), (2,), (3, 4)]),
        ("1|2, 2|1, 3, 3", [(1, 2), (2, 1), (3,), (3,)]),
        ("-1|1, 0, 2|-2, 1", [(-1, 1), (0,), (2, -2), (1,)]),
        ("1|2|3, 3|4, 4, 1", [(1, 2, 3), (3, 4), (4,), (1,)]),
    ],
)
def test_pieces_give_each_distinct_layout_once(declaration, pieces):
    n = len(pieces)
    text = f"var c[1..{n}] in -9..99\npieces p = [{declaration}]\nplace p on c\n"
    names = [f"c[{i}]" for i in range(1, n + 1)]
    assert cpsat_solutions(text, names) == piece_layouts(pieces, n)


def test_pieces_on_a_grid_with_constraints():
    text = """
var sq[1..2, 1..2] in 0..99
pieces tile = [66|99 * 2, 89|68, 11]
place tile on sq
forall row in sq.rows: sum(row) >= 100
"""
    names = grid_names(2, 2, "sq")
    expected = {
        layout
        for layout in piece_layouts([(66, 99), (66, 99), (89, 68), (11,)], 4)
        if layout[0] + layout[1] >= 100 and layout[2] + layout[3] >= 100
    }
    assert cpsat_solutions(text, names) == expected


def test_pieces_on_a_board():
    text = 'board b in 0..9 = """\nab\nc.\n"""\npieces p = [1|2, 2|3, 3]\nplace p on b\nb.a < b.c\n'
    names = ["b.a", "b.b", "b.c"]
    expected = {lay for lay in piece_layouts([(1, 2), (2, 3), (3,)], 3) if lay[0] < lay[2]}
    assert cpsat_solutions(text, names) == expected


def test_the_number_of_pieces_must_match_the_cells():
    with pytest.raises(CspdslError, match="pieces for"):
        loads("var c[1..3] in 0..9\npieces p = [1, 2]\nplace p on c\n")


# ---- givens --------------------------------------------------------------------------------------


def test_givens_with_blanks_and_rule_lines():
    text = '''
var g[1..3, 1..3] in 1..3
forall group in g.rows + g.columns: alldifferent(group)
given g = """
  1 . | _
  ----+---
  . . | 1
  . 1 | .
"""
'''
    names = grid_names(3, 3)

    def meaning(v):
        g = [[v[f"g[{r},{c}]"] for c in (1, 2, 3)] for r in (1, 2, 3)]
        return (
            all(different(*row) for row in g)
            and all(different(*col) for col in zip(*g, strict=True))
            and g[0][0] == 1
            and g[1][2] == 1
            and g[2][1] == 1
        )

    expected = set()
    for rows in itertools.product(itertools.permutations((1, 2, 3)), repeat=3):
        values = {f"g[{r + 1},{c + 1}]": rows[r][c] for r in range(3) for c in range(3)}
        if meaning(values):
            expected.add(tuple(values[n] for n in names))
    assert cpsat_solutions(text, names) == expected
    assert len(expected) == 2


def test_givens_of_a_1d_array_with_negative_numbers():
    text = 'var d[1..3] in -2..2\ngiven d = """ -2 . 1 """\nd[2] != 0\n'
    r = range(-2, 3)
    assert_means(
        text,
        {"d[1]": r, "d[2]": r, "d[3]": r},
        lambda v: v["d[1]"] == -2 and v["d[3]"] == 1 and v["d[2]"] != 0,
    )


@pytest.mark.parametrize(
    ("picture", "message"),
    [
        ("1 2\n3 .", "rows"),
        ("1 2 3\n. . .\n. . .", "cells"),
        ("1 7\n. .\n. .", "domain"),
        ("1 x\n. .\n. .", "x"),
    ],
)
def test_bad_givens_are_errors(picture, message):
    text = f'var g[1..3, 1..2] in 1..3\ngiven g = """\n{picture}\n"""\n'
    with pytest.raises(CspdslError, match=message):
        loads(text)


# ---- syntax: lines, brackets, comments -----------------------------------------------------------


def test_statements_over_several_lines_inside_brackets_with_trailing_commas():
    text = """
var q[1..3] in {
  0, 1, 2,
}
let xs = [
  q[1],  # a comment inside a list
  q[2],
]
sum(xs) == q[3] + 1
alldifferent(q
)
"""
    names = ["q[1]", "q[2]", "q[3]"]
    assert_means(
        text,
        dict.fromkeys(names, range(3)),
        lambda v: v["q[1]"] + v["q[2]"] == v["q[3]"] + 1 and different(*v.values()),
    )


def test_a_line_break_outside_brackets_ends_the_statement():
    with pytest.raises(CspdslError):
        loads("var a in 0..1\na == 1 and\n  a == 0\n")


# ---- rendering -----------------------------------------------------------------------------------


def only_solution(text: str):
    lowered = loads(text)
    result = solve(lowered, limit=None)
    assert len(result.solutions) == 1
    return lowered, result.solutions[0]


def test_render_a_grid():
    lowered, solution = only_solution(
        "var g[1..2, 1..3] in 0..20\nforall r in 1..2, c in 1..3: g[r, c] == 10 * (r - 1) + c\n"
    )
    assert render_solution(lowered.layout, solution) == "g:\n   1  2  3\n  11 12 13"


def test_render_a_sudoku_grid_with_its_boxes():
    text = """
var g[1..4, 1..4] in 1..4
forall group in g.rows + g.columns + g.boxes: alldifferent(group)
forall c in 1..4: g[1, c] == c
forall r in 2..4: g[r, 1] == [0, 3, 2, 4][r]
g[2, 2] == 4
g[2, 3] == 1
g[3, 2] == 1
"""
    lowered, solution = only_solution(text)
    lines = render_solution(lowered.layout, solution).splitlines()
    assert lines[0] == "g:"
    digits = ["".join(ch for ch in line if ch.isdigit()) for line in lines[1:]]
    assert [d for d in digits if d] == ["1234", "3412", "2143", "4321"]


def test_render_a_board_in_its_drawing_shape():
    text = HEX + "\n".join(f"hex.{c} == {i}" for i, c in enumerate("abcdefg", 1)) + "\n"
    lowered, solution = only_solution(text)
    assert render_solution(lowered.layout, solution) == "hex:\n   1 2\n  3 4 5\n   6 7"


def test_render_a_board_with_wide_values():
    text = 'board b in 0..20 = """\nab\n.c\n"""\nb.a == 5\nb.b == 12\nb.c == 7\n'
    lowered, solution = only_solution(text)
    assert render_solution(lowered.layout, solution) == "b:\n   512\n     7"


def test_render_1d_digits_and_non_digits():
    text = "var d[1..4] in 0..9\nvar w[1..3] in -1..20\nforall i in 1..4: d[i] == 5 - i\n"
    text += "w[1] == -1\nw[2] == 10\nw[3] == 3\n"
    lowered, solution = only_solution(text)
    assert render_solution(lowered.layout, solution) == "d = 4321\n\nw = -1 10 3"


def test_render_scalars_and_answers():
    text = """
puzzle "Small"
positions house = 1..2
attribute pet: cat, "pink elephant"
var code[1..3] in 0..9
var x in 0..20
cat at last
forall i in 1..3: code[i] == i + 6
x == 12
question "Where?": "The {pet[1]} is in house {3 - cat}."
question "Code?": "{code} / {code[1] * 2} / {x} / {pet[x - 10]}."
"""
    lowered, solution = only_solution(text)
    assert answers(lowered.layout, solution) == [
        "The pink elephant is in house 1.",
        "789 / 14 / 12 / cat.",
    ]
    rendered = render_solution(lowered.layout, solution)
    assert "code = 789" in rendered
    assert "x = 12" in rendered
    assert rendered.endswith("The pink elephant is in house 1.\n789 / 14 / 12 / cat.")


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_chains_written_out_thousands_long(backend: str) -> None:
    """A sum, a difference, an `and` and an `or` of 2000 terms, as a script would write them: the
    parser, the lowering and the SAT encoder walk such chains with loops, not recursion."""
    n = 2000
    text = "\n".join([
        f"var x[1..{n}] in 0..1",
        " + ".join(f"x[{i}]" for i in range(1, n + 1)) + f" == {n - 1}",
        " - ".join(f"x[{i}]" for i in range(1, n + 1)) + f" == {-(n - 3)}",
        " or ".join(f"x[{i}] == 0" for i in range(1, n + 1)),
        " and ".join(f"x[{i}] >= 0" for i in range(1, n + 1)),
        "x[2] == 0 or x[3] == 5",
    ])
    result = solve(loads(text, "chains.puz"), backend, limit=None)
    assert result.complete
    # The sum leaves one zero, the difference says it is not x1 (1 - (n - 2) == 3 - n), the last line
    # that it is x2.
    expected = {f"x[{i}]": int(i != 2) for i in range(1, n + 1)}
    assert [dict(s) for s in result.solutions] == [expected]


def test_several_variables_in_one_declaration() -> None:
    """`var a, b, c in D` declares each, with the same domain; a name twice is an error at its line."""
    assert_means("var a, b, c in 0..2\na + b == c", {"a": range(3), "b": range(3), "c": range(3)},
                 lambda v: v["a"] + v["b"] == v["c"])
    assert cpsat_solutions("var p, q in bool\np + q == 1", ["p", "q"]) == {(0, 1), (1, 0)}
    with pytest.raises(CspdslError, match="'a' is already defined"):
        loads("var a, b, a in 1..2", "twice.puz")
    with pytest.raises(CspdslError, match="unexpected '\\['"):
        loads("var a, b[1..2] in 1..2", "array.puz")


# ---- regions drawn as a letter map ---------------------------------------------------------------


def test_region_map_groups_the_grid_cells_by_letter():
    # Cell (r, c) of a 2x3 grid holds 3*(r-1)+c, so printing a region shows which cells it has, in order.
    text = '''
var g[1..2, 1..3] in 1..6
regions cage of g = """
  B|A A
  B|B C
"""
forall r in 1..2: forall c in 1..3: g[r, c] == 3 * (r - 1) + c
question "q": "{cage.A} {cage.B} {cage.C} {len(cage.regions)} {cage.regions[2]}"
'''
    lowered = loads(text)
    result = solve(lowered, limit=None)
    assert answers(lowered.layout, result.solutions[0]) == ["23 145 6 3 145"]


def test_cage_sums_and_differences_against_brute_force():
    text = '''
var g[1..2, 1..3] in 1..4
regions cage of g = """
  AAB
  CBB
"""
forall r in cage.regions: alldifferent(r)
sum(cage.A) == 5
sum(cage.B) >= 8
'''
    names = [f"g[{r},{c}]" for r in (1, 2) for c in (1, 2, 3)]

    def meaning(v: Values) -> bool:
        a, b = [v["g[1,1]"], v["g[1,2]"]], [v["g[1,3]"], v["g[2,2]"], v["g[2,3]"]]
        return different(*a) and different(*b) and sum(a) == 5 and sum(b) >= 8

    assert_means(text, {name: range(1, 5) for name in names}, meaning)


# ---- grids with black cells (kakuro) -------------------------------------------------------------

SHAPED = '''
var k[0..2, 1..4] in 1..9 shape """
  . . # .
  # . . .
  . . . #
"""
'''


def test_shape_runs_split_at_black_cells():
    # Each white cell holds its reading-order number, so printing a group shows its cells, in order.
    numbers = [(0, 1), (0, 2), (0, 4), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3)]
    fixed = "\n".join(f"k[{r}, {c}] == {i}" for i, (r, c) in enumerate(numbers, 1))
    groups = " ".join(f"{{k.{g}[{i}]}}" for g in ("across", "down") for i in (1, 2, 3))
    text = SHAPED + fixed + f'\nquestion "q": "{groups} {{len(k.runs)}} {{k.runs[4]}} {{k.cells}}"\n'
    lowered = loads(text)
    result = solve(lowered, limit=None)
    # Across row by row; down in the reading order of their first cells: columns 2, 4, 3.
    assert answers(lowered.layout, result.solutions[0]) == ["12 456 789 248 36 59 6 248 123456789"]
    assert sorted(lowered.problem.variables) == sorted(f"k[{r},{c}]" for r, c in numbers)
    drawn = render_solution(lowered.layout, result.solutions[0]).split("\n\n")[0]
    assert drawn == "k:\n  1 2 # 3\n  # 4 5 6\n  7 8 9 #"  # a black cell prints as '#'


def test_run_sums_and_differences_against_brute_force():
    text = 'var k in 1..3 shape """\n..\n.#\n"""\nforall run in k.runs: alldifferent(run)\nsum(k.across[1]) == 4\n'
    names = ["k[1,1]", "k[1,2]", "k[2,1]"]
    assert_means(
        text,
        dict.fromkeys(names, range(1, 4)),
        lambda v: v["k[1,1]"] + v["k[1,2]"] == 4 and different(v["k[1,1]"], v["k[1,2]"])
        and different(v["k[1,1]"], v["k[2,1]"]),
    )


# ---- shapes placed on a board ---------------------------------------------------------------------

TILINGS = [  # a model, and its number of tilings counted by hand or by a search over the board
    ("pieces d = [domino * 4]\nplace d on rectangle(2, 4)\n", 5),
    ("pieces d = [domino * 5]\nplace d on rectangle(2, 5)\n", 8),  # the Fibonacci numbers
    ("pieces d = [domino * 6]\nplace d on rectangle(3, 4)\n", 11),
    ("pieces t = [L3 * 4]\nplace t on rectangle(2, 6)\n", 4),  # 2^2: each 2x3 block two ways
    ("pieces t = [I3 * 3]\nplace t on rectangle(3, 3)\n", 2),
    ("pieces t = [I3 * 3]\nplace t on rectangle(3, 3): no_turns\n", 1),
    # the rest of the 2x3 block is the L turned:
    ("pieces t = [L3 * 2]\nplace t on rectangle(2, 3): no_flips, no_turns\n", 0),
    ("pieces t = [I3]\nplace t on rectangle(3, 3): at_most_once\n", 6),
    ('pieces t = """\n  AB\n  AB\n"""\nplace t on rectangle(2, 2)\n', 4),
]


@pytest.mark.parametrize(("text", "tilings"), TILINGS)
def test_tilings_count_as_by_hand(text: str, tilings: int) -> None:
    result = solve(loads(text, "construct.puz"), limit=None)
    assert (result.complete, len(result.solutions)) == (True, tilings)


def test_each_placement_is_a_bool_and_a_cell_a_count() -> None:
    problem = loads("pieces d = [domino * 2]\nplace d on rectangle(2, 2)\n", "construct.puz").problem
    assert sorted(problem.outputs) == ["d[domino,1,1,1]", "d[domino,1,1,2]", "d[domino,1,2,2]", "d[domino,2,1,1]"]
    assert [type(p.constraint).__name__ for p in problem.constraints] == ["Count"] * 5


def test_a_tiling_prints_as_a_lettered_board() -> None:
    text = "pieces p = [L, N, V]\nplace p on rectangle(3, 5)\n"
    result = solve(loads(text, "construct.puz"), limit=None)
    boards = sorted(render_solution(result.model.layout, s) for s in result.solutions)
    assert "p:\n  V L L L L\n  V N N N L\n  V V V N N" in boards
    assert len(boards) == 4


def test_json_gives_each_tiling_as_rows_of_its_lettered_board() -> None:
    for text, tilings in [("pieces p = [L, N, V]\nplace p on rectangle(3, 5)\n", 4),
                          ('pieces d = [domino * 2]\nplace d on """\n  ..#\n  ...\n""": at_most_once\n', 4)]:
        result = solve(loads(text, "construct.puz"), limit=None)
        assert result.count == tilings
        for s in result.solutions:
            (name, rows), = solution_json(result.model.layout, [], s)["tilings"].items()
            drawn = render_solution(result.model.layout, s)
            assert drawn == f"{name}:\n" + "\n".join("  " + " ".join(row) for row in rows)
    assert ["AA#", "BB."] in [solution_json(result.model.layout, [], s)["tilings"]["d"] for s in result.solutions]


def test_copies_are_lettered_in_reading_order_and_holes_drawn() -> None:
    text = 'pieces d = [domino * 2]\nplace d on """\n  ..#\n  ...\n""": at_most_once\n'
    result = solve(loads(text, "construct.puz"), limit=None)
    boards = {render_solution(result.model.layout, s) for s in result.solutions}
    assert "d:\n  A A #\n  B B ." in boards
    assert "d:\n  A B #\n  A B ." in boards


def test_the_pentominoes_are_the_twelve_of_five_squares() -> None:
    from cspdsl.lower.polyominoes import GROUPS, LIBRARY, orientations

    shapes = [LIBRARY[name] for name in GROUPS["pentominoes"]]
    assert all(len(shape) == 5 for shape in shapes)
    assert sum(len(orientations(shape, True, True)) for shape in shapes) == 63  # the free pentominoes' 63 fixed
    one_sided = sum(len(orientations(s, True, True)) // len(orientations(s, True, False)) for s in shapes)
    assert one_sided == 18  # the six with no mirror symmetry count twice when never flipped


def test_the_checker_refuses_a_cover_the_counts_let_through() -> None:
    from cspdsl.api import InternalError, SolutionCheck

    lowered = loads("pieces d = [domino * 2]\nplace d on rectangle(2, 2)\n", "construct.puz")
    tiling = lowered.layout.tilings[0]
    tiling.placements["d[domino,1,1,1]"] = ("domino", ((1, 1), (2, 2)))  # a slip of the lowering
    solution = {var: int(var in ("d[domino,1,1,1]", "d[domino,2,1,1]")) for var in tiling.placements}
    with pytest.raises(InternalError, match="are not its shape"):
        SolutionCheck(lowered, "cpsat").check(solution)
