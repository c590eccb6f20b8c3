"""`place p on g` with pieces of numbers (`pieces tile = [66|99 * 2, 88, ...]`), as a MiniZinc user
writes it: the kinds as an array of sets of values with their copies beside them, each cell's value
one of theirs, and each kind's copies counted over the array. Kinds whose values overlap need a kind
a cell (a table in the IR): those are written from the IR instead."""

from __future__ import annotations

from ...lower.shapes import piece_kinds
from ...syntax import ast
from .boards import set_text


def placed_numbers(pieces: ast.PiecesDecl, array: str, fresh: dict[str, str]) -> list[str] | None:
    """The declarations and the constraint of placing `pieces` on `array` (fresh: the names of the
    export's own to use for the copies, a kind and a cell); None when they cannot be written so."""
    if not all(isinstance(p, ast.Piece) for p in pieces.pieces):
        return None
    kinds = piece_kinds([(p.alternatives, p.copies) for p in pieces.pieces if isinstance(p, ast.Piece)])
    if len({v for key in kinds for v in key}) != sum(len(key) for key in kinds):
        return None  # overlapping kinds
    name, copies, t, x = pieces.name, fresh["copies"], fresh["kind"], fresh["cell"]
    sets = ", ".join(set_text(list(key)) for key in kinds)
    return [f"array[1..{len(kinds)}] of set of int: {name} = [{sets}];",
            f"array[1..{len(kinds)}] of int: {copies} = [{', '.join(str(n) for n in kinds.values())}];",
            f"constraint forall({x} in {array})({x} in array_union({name})) /\\",
            f"  forall({t} in 1..{len(kinds)})(sum({x} in {array})(bool2int({x} in {name}[{t}])) = {copies}[{t}]);"]
