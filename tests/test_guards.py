"""Guards that guard, and lists that are empty at the edges.

A condition whose constant part decides it does not lower the rest: `if i >= 2 then q[i-1] <= q[i]`
at i = 1, `i == 1 or ...`, `(if i >= 2 then q[i-1] else 0)`, bound checks joined by `and` in a
`where`. A sum of nothing is 0, a product 1, a count of nothing counts 0. Each model's number of
solutions is the same on sat, cpsat and csp, and is the count worked out by hand beside it; the bad
uses give their error with its place, and an error in a `forall` names the values it was lowered for.
"""

from __future__ import annotations

import pytest

from cspdsl.api import loads, solve
from cspdsl.core.errors import CspdslError

BACKENDS = ("sat", "cpsat", "csp")
Q = "var q[1..3] in 1..3\n"
NONDECREASING = 10  # q[1] <= q[2] <= q[3] over 1..3: choose 3 of 1..3 with repeats

# name -> (model, number of solutions): each guard's constant part decides it where the rest cannot be lowered.
GUARDED: dict[str, tuple[str, int]] = {
    "if-then": (Q + "forall i in 1..3: if i >= 2 then q[i-1] <= q[i]\n", NONDECREASING),
    "or-first": (Q + "forall i in 1..3: i == 1 or q[i-1] <= q[i]\n", NONDECREASING),
    "or-last": (Q + "forall i in 1..3: q[i-1] <= q[i] or i == 1\n", NONDECREASING),
    "and-under-not": (Q + "forall i in 1..3: not (i >= 2 and q[i-1] > q[i])\n", NONDECREASING),
    "and-then-or": (Q + "forall i in 1..3: i > 1 and q[i-1] != q[i] or i == 1\n", 3 * 2 * 2),
    "if-then-else-condition": (Q + "forall i in 1..3: if i == 1 then q[i] == 1 else q[i-1] < q[i]\n", 1),
    "if-then-else-value": (Q + "forall i in 1..3: q[i] >= (if i >= 2 then q[i-1] else 0)\n", NONDECREASING),
    "if-value-in-a-list": (Q + "sum([if i >= 2 then q[i-1] else 0 for i in 1..3]) == 2\n", 3),
    "where-bound-check": (Q + "let c = [1, 2, 3]\nforall i in 0..3 where i >= 1 and c[i] >= 2: q[i] == c[i]\n", 3),
    "forall-inside-a-condition": (Q + "(forall i in 1..3: if i >= 2 then q[i-1] <= q[i]) or q[1] == 3\n",
                                  NONDECREASING + 9 - 1),
    "nested-guards": (Q + "forall i in 1..3, j in 1..3: if i < j then (j == i + 1 or q[j-2] < q[j])\n", 9),
}

# name -> (model, number of solutions): lists that come out empty at the edges.
EMPTY: dict[str, tuple[str, int]] = {
    "sum-of-nothing": ("var x in 0..2\nx == sum([])\n", 1),
    "sum-equals-of-nothing": ("var x in 0..2\nsum_equals([], x)\n", 1),
    "product-of-nothing": ("var x in 0..2\nx == product([])\n", 1),
    "exactly-0-of-nothing": ("var x in 0..2\nexactly 0 of []\n", 3),
    "at-most-0-of-nothing": ("var x in 0..2\nat_most 0 of [x == i for i in 1..0]\n", 3),
    "forall-over-nothing": ("var x in 0..2\nforall i in 1..0: x == 5\n", 3),
    "filtered-sum-at-the-edge": (Q + "forall i in 1..3: q[i] >= 1 + sum([1 for j in 1..3 where j < i])\n", 3 * 2 * 1),
    "filtered-sum-of-variables": (Q + "forall i in 1..3: q[i] > sum([q[j] for j in 1..3 where j < i and j > 1])\n",
                                  3 * 3),
}


def counts(text: str) -> dict[str, int]:
    model = loads(text, "guard.puz")
    found = {}
    for backend in BACKENDS:
        result = solve(model, backend, limit=None)
        assert result.complete and not result.timed_out
        found[backend] = len(result.solutions)
    return found


@pytest.mark.parametrize("name", list(GUARDED))
def test_a_constant_guard_keeps_the_rest_unlowered(name: str) -> None:
    text, expected = GUARDED[name]
    assert counts(text) == dict.fromkeys(BACKENDS, expected)


@pytest.mark.parametrize("name", list(EMPTY))
def test_a_list_of_nothing_folds_to_its_unit(name: str) -> None:
    text, expected = EMPTY[name]
    assert counts(text) == dict.fromkeys(BACKENDS, expected)


def test_at_least_one_of_nothing_never_holds() -> None:
    model = loads("var x in 0..2\nat_least 1 of []\n", "guard.puz")
    assert [fold.message for fold in model.folded] == ["this clue can never hold, so the model has no solution"]
    assert solve(model, "sat").status == "unsatisfiable"


GUARD_HINT = ("hint: the guard 'x > 2' depends on a variable, so this is lowered for every value: "
              "guard with the quantifier's names or a where")

# name -> (model, the error's first line, the words its other lines hold).
ERRORS: dict[str, tuple[str, str, list[str]]] = {
    "forall-names-its-values": (
        Q + "forall i in 1..3, j in 1..2: q[i + j] >= 1\n",
        "e.puz:2:32: error: index 4 is outside q's range 1..3 (for i = 2, j = 2)", [],
    ),
    "nested-forall-names-all-values": (
        Q + "forall i in 1..3: forall j in 1..2: q[i * j] >= 1\n",
        "e.puz:2:39: error: index 4 is outside q's range 1..3 (for i = 2, j = 2)", [],
    ),
    "forall-in-a-condition-names-its-values": (
        Q + "var x in 1..3\nx == 1 or (forall i in 1..3: q[i + 1] >= 1)\n",
        "e.puz:3:32: error: index 4 is outside q's range 1..3 (for i = 3)", [],
    ),
    "variable-guard-does-not-guard": (
        Q + "var x in 1..3\nforall i in 1..3: if x > 2 then q[i-1] <= q[i]\n",
        "e.puz:3:35: error: index 0 is outside q's range 1..3 (for i = 1)", [GUARD_HINT],
    ),
    "variable-guard-of-a-value": (
        Q + "var x in 1..3\nforall i in 1..3: q[i] >= (if x > 2 then q[i-1] else 0)\n",
        "e.puz:3:44: error: index 0 is outside q's range 1..3 (for i = 1)", [GUARD_HINT],
    ),
    "let-list-names-the-list": (
        Q + "let t = [q[i] for i in 0..2]\nsum(t) == 3\n",
        "e.puz:2:12: error: in let t: index 0 is outside q's range 1..3", [],
    ),
    "min-of-nothing": ("var x in 0..2\nx == min([])\n", "e.puz:2:6: error: min of nothing: the list is empty", []),
    "max-of-nothing-filtered": (
        Q + "forall i in 1..3: q[i] >= max([q[j] for j in 1..3 where j < i])\n",
        "e.puz:2:27: error: max of nothing: the list is empty (for i = 1)", [],
    ),
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_what_a_guard_cannot_save_is_an_error_that_says_where(name: str) -> None:
    text, first, others = ERRORS[name]
    with pytest.raises(CspdslError) as caught:
        loads(text, "e.puz")
    rendered = caught.value.render().splitlines()
    assert rendered[0] == first
    for line in others:
        assert line in rendered
