"""`number(S, E, N, D)` as a cryptarithm's MiniZinc writes it: `(1000 * S + 100 * E + 10 * N + D)`,
the first digit the most significant, each digit as the clue reads it."""

from __future__ import annotations

from collections.abc import Callable

from ...syntax import ast


def number(operand: Callable[[ast.Node], str], node: ast.Call) -> str | None:
    """The digits' weighted sum (`operand`: a digit's text, bracketed as a factor of `*`), or None
    for a number of one list that is not written out (its length is the lowering's)."""
    digits: list[ast.Node] = list(node.args)
    if len(digits) == 1:
        if not isinstance(digits[0], ast.ListLit):
            return None
        digits = list(digits[0].items)
    if not digits:
        return None
    last = len(digits) - 1
    terms = [operand(d) if i == last else f"{10 ** (last - i)} * {operand(d)}" for i, d in enumerate(digits)]
    return terms[0] if len(terms) == 1 else f"({' + '.join(terms)})"
