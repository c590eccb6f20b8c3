"""A region map as MiniZinc writes one: a par array of region numbers over its grid (1.. in the
letters' order), a function giving the cells whose number is i (`function array[int] of var int:
cage_cells(int: i) = [g[r, c] | r, c in 1..9 where cage[r, c] = i];`), a region (`cage.A`,
`cage.regions[i]`) that function's call (`cage_cells(1)`; called fewer than three times, the cells
in place of each call), and a run of clues `sum(cage.A) == 3`,
one a region in the regions' order, one forall over the regions with their sums in a par array (as
is a run of clues `sum(k.across[1]) == 16`, ... over the runs of a grid drawn with a shape)."""

from __future__ import annotations

import re
from collections.abc import Collection

from ...core.record import Record
from ...syntax import ast


class Regions(Record):
    """A region map as a par array of region numbers (1.. in the letters' order) over its grid, and
    the function that gives a region's cells: `cells` its body, `{}` where the number goes."""

    name: str
    grid: str
    letters: list[str]
    function: str
    parameter: str
    cells: str

    def definition(self) -> str:
        return f"function array[int] of var int: {self.function}(int: {self.parameter}) = " \
               f"{self.cells.format(self.parameter)};"

    def written_in_place(self, text: str) -> str | None:
        """`text` with each call of the function written as the cells it gives, when it has fewer
        than three calls (the definition would be longer than what it saves), each of a plain number
        or name; else None."""
        calls = re.findall(rf"\b{self.function}\(([^()]*)\)", text)
        if len(calls) >= 3 or text.count(f"{self.function}(") != len(calls):
            return None
        return re.sub(rf"\b{self.function}\(([^()]*)\)", lambda m: self.cells.format(m[1]), text)


def region_map(name: str, grid: str, ranges: list[tuple[int, int]], letters: list[str], names: tuple[str, ...]
               ) -> Regions:
    """The map `name` over `grid`, its function named by names[0], with names[1:] its parameter and
    the cells' indices (names the model does not use)."""
    function, i, r, c = names
    (r0, r1), (c0, c1) = ranges
    generators = f"{r}, {c} in {r0}..{r1}" if (r0, r1) == (c0, c1) else f"{r} in {r0}..{r1}, {c} in {c0}..{c1}"
    return Regions(name, grid, letters, function, i, f"[{grid}[{r}, {c}] | {generators} where {name}[{r}, {c}] = {{}}]")


def letter_ranges(letters: list[str]) -> str:
    """`A-Z, a-c`, `00-07`: the letters, each run of consecutive characters or numbers as its first and last."""
    runs: list[list[str]] = []
    for letter in letters:
        if runs and _follows(runs[-1][-1], letter):
            runs[-1].append(letter)
        else:
            runs.append([letter])
    return ", ".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" if len(run) > 2 else ", ".join(run)
                     for run in runs)


def _follows(before: str, label: str) -> bool:
    """Whether a label comes right after another: the next character, or the next number as long."""
    if len(before) == len(label) == 1 and ord(label) == ord(before) + 1:
        return True
    return before.isdigit() and label.isdigit() and len(before) == len(label) and int(label) == int(before) + 1


def region_sum(s: ast.Node, regions: dict[str, Regions], shaped: Collection[str] = ()
               ) -> tuple[str, str, int, int] | None:
    """(the region map, the comparison, the region's number, the number) of a clue `sum(R.L) OP k`;
    of a clue `sum(k.across[2]) OP n` on a grid drawn with a shape (`shaped`), the family `k.across`
    in place of the map."""
    if not isinstance(s, ast.ConstraintStmt) or not isinstance(s.condition, ast.Compare) \
            or s.condition.op not in ("==", "!=", "<", "<=", ">", ">="):
        return None
    left, right = s.condition.left, s.condition.right
    if not (isinstance(left, ast.Call) and left.func == "sum" and len(left.args) == 1 and isinstance(right, ast.Num)):
        return None
    member = left.args[0]
    if isinstance(member, ast.Index) and len(member.indices) == 1 and isinstance(member.indices[0], ast.Num) \
            and isinstance(member.target, ast.Member) and isinstance(member.target.target, ast.Name) \
            and member.target.target.name in shaped and member.target.name in ("across", "down"):
        return f"{member.target.target.name}.{member.target.name}", s.condition.op, member.indices[0].value, right.value
    if not (isinstance(member, ast.Member) and isinstance(member.target, ast.Name)):
        return None
    found = regions.get(member.target.name)
    if found is None or member.name not in found.letters:
        return None
    return found.name, s.condition.op, found.letters.index(member.name) + 1, right.value


def sum_runs(statements: tuple[ast.Node, ...], regions: dict[str, Regions], shaped: Collection[str] = ()
             ) -> list[tuple[int, int]]:
    """The runs of two or more consecutive clues `sum(R.L) OP k` over one map (or `sum(k.across[i]) OP
    n` over one family of runs) and one comparison, their regions 1, 2, 3, ... in order: each as
    (first statement's place, past the last's)."""
    runs, i = [], 0
    while i < len(statements):
        first = region_sum(statements[i], regions, shaped)
        j = i + 1
        if first is not None and first[2] == 1:
            while j < len(statements):
                sum_j = region_sum(statements[j], regions, shaped)
                if sum_j is None or sum_j[:2] != first[:2] or sum_j[2] != j - i + 1:
                    break
                j += 1
            if j - i > 1:
                runs.append((i, j))
        i = j
    return runs
