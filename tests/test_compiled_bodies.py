"""The compiled bodies of quantifiers (`lower/bodies.py`) make what the generic lowering makes.

Each model is lowered twice, as it is and with no body compiled (every combination walked the generic
way), and the two must agree constraint for constraint (with the span and the instance each is posted
under), variable for variable, in the clues found constant, or in the error, rendered. The rows cover
each kind the closures compile, and the cases they leave to the generic lowering mid-way (an error, an
auxiliary variable, a slice, a name); the models of `models/` are compared too.
"""

from __future__ import annotations

import pytest
from helpers import ROOT

from cspdsl.api import loads
from cspdsl.core.errors import CspdslError
from cspdsl.lower.quantifiers import Quantifiers

QUEENS = "param n = 6\nvar q[1..n] in 1..n\nforall {binders}: {body}\n"
PAIRS = "i in 1..n, j in i+1..n"

BODIES = [
    "abs(q[i] - q[j]) != j - i",  # the queens: abs(e) op k
    "distance(q[i], q[j]) >= 1 and q[i] + i != q[j] + j",
    "q[i] - q[j] + 2 * i <= j * 3 - n",
    "-q[i] < q[j] - (i - j) * 2",
    "if q[i] == j then q[j] != i",
    "not (q[i] == 1 or q[j] == 1) or either q[i] == 2 or q[j] == 2",
    "exactly 1 of [q[i] == j, q[j] == i, true]",
    "at_most 1 of [q[i] in {j, j + 1}, q[j] not in i..n]",
    "q[i] in [q[j], i + 1]",
    "q[i] != abs(i - j) + 1",
    "q[i] + sum([q[j], i]) != 20",
    "q[i] * 2 != q[j] * i",
    "q[i] * q[j] != 6",  # a product of variables: an auxiliary each, left to the generic lowering
    "q[i] // 2 != j",  # a quotient over variables: the same
    "abs(q[i] - q[j]) != 0",  # abs(e) != k of a variable k: not a number, the generic way
    "abs(q[i]) != q[j]",
    "q[i + j] != 1",  # past the array for some combinations: the generic lowering reports it
    "q[i] != r",  # an unknown name
    "q[i..j] == 1",  # a slice
    "q[i] == i and (forall k in 1..2: q[j] != k)",  # a nested quantifier
    "q[i] != 2147483648",
    "q[i] != i * 1000000 * 1000000",
    "q[i] != q[j] + i where i != 2",  # a filter, on the binders
    "q[i] != q[j] where q[i] == 1",  # a filter on variables: an error
]


def lowered_text(text: str) -> str:
    """What a model lowers to, as text: its constraints with their places, variables and folds, or its error."""
    try:
        model = loads(text, "m.puz")
    except CspdslError as error:
        return "error: " + error.render()
    problem = model.problem
    posted = [(c.constraint, c.span, c.clue) for c in problem.constraints]
    return repr((posted, list(problem.variables.values()), model.folded))


def generic_and_compiled(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    compiled = lowered_text(text)
    with monkeypatch.context() as patched:
        patched.setattr(Quantifiers, "compiled", lambda self, node, part: None)
        generic = lowered_text(text)
    return generic, compiled


@pytest.mark.parametrize("body", BODIES)
def test_a_compiled_body_lowers_as_the_generic_lowering(body: str, monkeypatch: pytest.MonkeyPatch) -> None:
    body, _, where = body.partition(" where ")
    text = QUEENS.format(binders=PAIRS + (f" where {where}" if where else ""), body=body)
    generic, compiled = generic_and_compiled(text, monkeypatch)
    assert compiled == generic


@pytest.mark.parametrize("path", sorted((ROOT / "models").glob("*.puz")), ids=lambda path: path.stem)
def test_the_models_lower_the_same_with_compiled_bodies(path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    generic, compiled = generic_and_compiled(path.read_text(encoding="utf-8"), monkeypatch)  # type: ignore[attr-defined]
    assert compiled == generic
