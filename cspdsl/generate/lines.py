"""A model's number clues: the clue lines that compare a value of the solution with numbers written in
the line itself (`sum(cage.A) == 3`, `product(cage.C) == 20`, `visible(g[.., 1]) == 2`,
`runs(g[1, ..]) == [2, 1]`). What counts as a clue is what the model writes so: no other mark.

A line is one when it is a statement of its own, an `==` with a number (or a list of numbers) on one
side and anything else on the other, and lowering posts it as one comparison of a value with that
number: a sum or other linear value (`Linear`), one variable (`InSet`), a count (`Count`), or the
runs of a line of cells (`Regular`). The number a solution gives it is read off that comparison, so
a new family needs no new code; a line lowered otherwise stays a rule of the puzzle, never changed.
The text is rewritten from the parser's spans: each number replaced where it stands, a dropped
line's lines removed, everything else kept byte for byte."""

from __future__ import annotations

from collections.abc import Callable

from ..backends import Assignment
from ..check.problem import holds
from ..core.record import Record
from ..explanation.clues import Clue
from ..ir import Count, InSet, Linear, Regular
from ..syntax import ast
from .givens import BOM, GENERATED_MARK

# A clue line's numbers as a solution gives them: one number, or a list (the runs of a line).
Numbers = int | tuple[int, ...]


class NumberLine(Record):
    """A statement `VALUE == NUMBERS` (or the other way round), and the node that writes its numbers."""

    statement: ast.ConstraintStmt
    numbers: ast.Node  # a Num, a negated Num, or a list of them

    @property
    def line(self) -> int:
        return self.statement.span.line

    @property
    def written(self) -> Numbers:
        """The numbers as the model writes them."""
        node = self.numbers
        return tuple(number_of(item) for item in node.items) if isinstance(node, ast.ListLit) else number_of(node)


def number_lines(tree: ast.Model) -> list[NumberLine]:
    """The statements that may be number clues, in the model's order (lowering decides: `reader`)."""
    found = []
    for statement in tree.statements:
        if not isinstance(statement, ast.ConstraintStmt):
            continue
        condition = statement.condition
        if not isinstance(condition, ast.Compare) or condition.op != "==":
            continue
        for side, other in ((condition.right, condition.left), (condition.left, condition.right)):
            if _numbers(side) and not _numbers(other):
                found.append(NumberLine(statement, side))
                break
    return found


def reader(line: NumberLine, clue: Clue) -> Callable[[Assignment], Numbers] | None:
    """How a solution gives the line its numbers, from the one comparison lowering posted for it
    (numbered `clue`): None when the line is lowered otherwise, and stays as it is."""
    written = line.written
    if len(clue.constraints) != 1:
        return None
    posted = clue.constraints[0]
    if isinstance(written, tuple):
        if isinstance(posted, Regular):
            return lambda solution: runs([solution[var] for var in posted.vars])
        return None
    if isinstance(posted, Linear) and posted.op == "==":
        return lambda solution: sum(k * solution[var] for k, var in posted.terms) + written - posted.rhs
    if isinstance(posted, InSet) and len(posted.values) == 1:
        return lambda solution: solution[posted.var] + written - posted.values[0]
    if isinstance(posted, Count) and posted.op == "==":
        return lambda solution: sum(holds(c, solution) for c in posted.conds) + written - posted.k
    return None


def runs(values: list[int]) -> tuple[int, ...]:
    """The lengths of the runs of shaded (non-zero) cells, in order."""
    found: list[int] = []
    previous = 0
    for value in values:
        if value and previous:
            found[-1] += 1
        elif value:
            found.append(1)
        previous = value
    return tuple(found)


def written_numbers(numbers: Numbers) -> str:
    """`7`, `[2, 1]`: the numbers as a clue line writes them."""
    return "[" + ", ".join(map(str, numbers)) + "]" if isinstance(numbers, tuple) else str(numbers)


def rewritten(text: str, lines: list[NumberLine], numbers: dict[int, Numbers], header: str | None) -> str:
    """The model's text with each line i of `lines` in `numbers` showing numbers[i] and every other
    of `lines` removed (its whole lines); `header` (one comment line) first, in place of an earlier
    generator's line (without a header, that line is kept, so that every line keeps its number)."""
    bom = BOM if text.startswith(BOM) else ""
    rows = text.removeprefix(bom).split("\n")
    dropped: set[int] = set()
    for i in sorted(range(len(lines)), key=lambda i: -lines[i].numbers.span.column):  # right to left
        span = lines[i].numbers.span
        if i in numbers:
            row = rows[span.line - 1]
            end = span.end_column - 1 if span.end_line == span.line else len(row)
            rows[span.line - 1] = row[:span.column - 1] + written_numbers(numbers[i]) + row[end:]
        else:
            dropped.update(range(lines[i].statement.span.line, lines[i].statement.span.end_line + 1))
    rows = [row for number, row in enumerate(rows, 1) if number not in dropped]
    if header is None:  # the lines stay where they were: the text is lowered and read by line
        return bom + "\n".join(rows)
    if rows and rows[0].startswith(GENERATED_MARK):
        rows.pop(0)
    newline = "\r\n" if rows and rows[0].endswith("\r") else "\n"
    return bom + header + newline + "\n".join(rows)


def clue_text(line: NumberLine, numbers: Numbers) -> str:
    """The clue line as written with these numbers (its first line, without a comment)."""
    span, statement = line.numbers.span, line.statement.span
    row = statement.text
    if span.line != statement.line:
        return row.split("#", 1)[0].strip()
    start, end = span.column - statement.column, span.end_column - statement.column
    return (row[:start] + written_numbers(numbers) + row[end:]).split("#", 1)[0].strip()


def _numbers(node: ast.Node) -> bool:
    if isinstance(node, ast.ListLit):
        return all(is_number(item) for item in node.items)
    return is_number(node)


def is_number(node: ast.Node) -> bool:
    """A number written in the model: `3` or `-3`."""
    return isinstance(node, ast.Num) or (isinstance(node, ast.Neg) and isinstance(node.operand, ast.Num))


def number_of(node: ast.Node) -> int:
    if isinstance(node, ast.Neg):
        return -number_of(node.operand)
    assert isinstance(node, ast.Num)
    return node.value
