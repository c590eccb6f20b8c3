"""A model's clue lists: a `let` list of numbers whose items are used only as the number a clue
compares with, inside a `forall` that names the item (`let sums = [...]`, `forall i in
1..len(sums): sum(cage.regions[i]) == sums[i]`). What counts as a clue is what the model writes so:
no other mark. `len(NAME)` may count the list; any other use of it makes it a rule of the puzzle.

Which posted comparison an item became is read from lowering itself, not guessed from the text: the
text is lowered once as written and once with one list's numbers each one more, and the posted
constraints that differ are that list's comparisons (a sum's right-hand side, a count's number, one
variable's value, each off by one), each item found by the `forall` value its index names. The number
a solution gives an item is read off its comparison; the text is rewritten from the parser's spans,
each number replaced where it stands and everything else kept byte for byte."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ..backends import Assignment
from ..check.problem import holds
from ..core.deadline import check_deadline
from ..core.errors import CspdslError, InternalError, Span
from ..core.record import Record
from ..explanation.oracle import ClueOracle
from ..ir import Count, InSet, Linear, Posted, Problem
from ..lower import Lowered
from ..lower.load import loads
from ..syntax import ast
from ..syntax.plain import parse_model
from .clues import GivenClues
from .givens import BOM, GENERATED_MARK, nothing_to_generate
from .numbered import TRIES, clues_text, drawn, holds_of
from .solution import check_unique, random_solution

# An item of a list: (the list's name, its place, 1 for the first).
Item = tuple[str, int]
Reader = Callable[[Assignment], int]


class ClueList(Record):
    """A `let NAME = [numbers]` statement, and the index names (of a `forall`) its clues read it by."""

    decl: ast.LetDecl
    binders: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.decl.name

    @property
    def items(self) -> tuple[ast.Node, ...]:
        assert isinstance(self.decl.value, ast.ListLit)
        return self.decl.value.items


class Refused(Record):
    """A list of numbers used elsewhere than as a clue's number: where, to say why it is no clue."""

    name: str
    span: Span


def clue_lists(tree: ast.Model) -> tuple[list[ClueList], list[Refused]]:
    """The model's lists of numbers, those whose items are clue numbers and those used otherwise."""
    found: list[ClueList] = []
    refused: list[Refused] = []
    for decl in tree.statements:
        if not (isinstance(decl, ast.LetDecl) and isinstance(decl.value, ast.ListLit) and decl.value.items
                and all(_is_number(item) for item in decl.value.items)):
            continue
        binders: list[str] = []
        others: list[Span] = []
        for statement in tree.statements:
            if statement is not decl:
                _uses(statement, decl.name, statement, isinstance(statement, ast.ConstraintStmt), frozenset(),
                      binders, others)
        if others:
            refused.append(Refused(decl.name, others[0]))
        elif binders:
            found.append(ClueList(decl, tuple(binders)))
    return found, refused


def _uses(node: ast.Node, name: str, parent: ast.Node, clue: bool, bound: frozenset[str],
          binders: list[str], others: list[Span]) -> None:
    """Collect the uses of list `name` under `node`: the index names of clue numbers into `binders`,
    any other use's place into `others`. `clue`: `node` stands where a clue's condition does (a
    statement's, a `forall` body's, a side of an `and` of them)."""
    if isinstance(node, ast.Name):
        if node.name == name and not (isinstance(parent, ast.Call) and parent.func == "len"):
            others.append(node.span)
        return
    if clue and isinstance(node, ast.Compare) and node.op == "==":
        for side, other in ((node.right, node.left), (node.left, node.right)):
            index = _item_index(side, name)
            if index is not None and index in bound:
                binders.append(index)
                _uses(other, name, node, False, bound, binders, others)
                return
    if isinstance(node, ast.Forall):
        inner = bound | {n for binder in node.binders.binders for n in binder.names}
        _uses(node.binders, name, node, False, bound, binders, others)
        _uses(node.body, name, node, clue, inner, binders, others)
        return
    keeps = clue and (isinstance(node, ast.ConstraintStmt) or (isinstance(node, ast.BoolOp) and node.op == "and"))
    for child in _children(node):
        _uses(child, name, node, keeps, bound, binders, others)


def _item_index(node: ast.Node, name: str) -> str | None:
    """`b` when `node` is `name[b]`, a list's item by one index name."""
    if (isinstance(node, ast.Index) and isinstance(node.target, ast.Name) and node.target.name == name
            and len(node.indices) == 1 and isinstance(node.indices[0], ast.Name)):
        return node.indices[0].name
    return None


def _children(node: ast.Node) -> Iterator[ast.Node]:
    for field in node._fields:
        value = getattr(node, field)
        if isinstance(value, ast.Node):
            yield value
        elif isinstance(value, tuple):
            yield from (item for item in value if isinstance(item, ast.Node))


def item_readers(text: str, name: str, lists: list[ClueList]) -> tuple[dict[Item, Reader], set[int]]:
    """(how a solution gives each item its number, the places in the model's posted constraints of
    the comparisons that do so: what the base leaves out)."""
    written = loads(text, name).problem.constraints
    as_written = {(other.name, k): _number(item) for other in lists for k, item in enumerate(other.items, 1)}
    readers: dict[Item, Reader] = {}
    places: set[int] = set()
    for clue_list in lists:
        shifted = {item: number + (item[0] == clue_list.name) for item, number in as_written.items()}
        moved = loads(rewritten(text, lists, shifted, None), name).problem.constraints
        if len(moved) != len(written):
            raise _unread(clue_list)
        for place, (before, after) in enumerate(zip(written, moved, strict=True)):
            if before.constraint == after.constraint:
                continue
            item = (clue_list.name, _item(before, clue_list))
            read = _reader(before, after, _number(clue_list.items[item[1] - 1]))
            if read is None or item in readers:
                raise _unread(clue_list)
            readers[item] = read
            places.add(place)
        if any((clue_list.name, k) not in readers
                                              for k in range(1, len(clue_list.items) + 1)):
            raise _unread(clue_list)
    return readers, places


def _item(posted: Posted, clue_list: ClueList) -> int:
    """The place of the item a posted comparison reads: the value of its index name there."""
    values = {value for binder, value in posted.clue or () if binder in clue_list.binders}
    if len(values) != 1 or not next(iter(values)).lstrip("-").isdigit():
        raise _unread(clue_list)
    k = int(next(iter(values)))
    if not 1 <= k <= len(clue_list.items):
        raise _unread(clue_list)
    return k


def _reader(before: Posted, after: Posted, written: int) -> Reader | None:
    """How a solution gives the item its number, from its comparison with the item as written
    (`before`) and one more (`after`): None when the two are not the same comparison off by one."""
    one, other = before.constraint, after.constraint
    if isinstance(one, Linear) and isinstance(other, Linear) and one.op == other.op == "==" \
            and one.terms == other.terms and abs(other.rhs - one.rhs) == 1:
        step, rhs = other.rhs - one.rhs, one.rhs
        return lambda solution: written + (sum(k * solution[var] for k, var in one.terms) - rhs) * step
    if isinstance(one, Count) and isinstance(other, Count) and one.op == other.op == "==" \
            and one.conds == other.conds and abs(other.k - one.k) == 1:
        step, count = other.k - one.k, one.k
        return lambda solution: written + (sum(holds(c, solution) for c in one.conds) - count) * step
    if isinstance(one, InSet) and isinstance(other, InSet) and one.var == other.var \
            and len(one.values) == len(other.values) == 1 and abs(other.values[0] - one.values[0]) == 1:
        step, value = other.values[0] - one.values[0], one.values[0]
        return lambda solution: written + (solution[one.var] - value) * step
    return None


def _unread(clue_list: ClueList) -> CspdslError:
    return CspdslError(
        f"cannot tell which clue each number of the list '{clue_list.name}' is: each number must be the one "
        f"a clue of its own compares with, as `SUM == {clue_list.name}[i]` inside `forall i in "
        f"1..len({clue_list.name})` says", clue_list.decl.span,
        hint="compare each item once, with a sum, a count or one variable (docs/generate.md)")


def rewritten(text: str, lists: list[ClueList], numbers: dict[Item, int], header: str | None) -> str:
    """The model's text with each item of `lists` showing numbers[item], and `header` (one comment
    line) first, in place of an earlier generator's line (without a header, that line is kept)."""
    bom = BOM if text.startswith(BOM) else ""
    rows = text.removeprefix(bom).split("\n")
    spans = [(item.span, numbers[clue_list.name, k]) for clue_list in lists
             for k, item in enumerate(clue_list.items, 1)]
    for span, number in sorted(spans, key=lambda pair: (pair[0].line, -pair[0].column)):  # right to left
        row = rows[span.line - 1]
        rows[span.line - 1] = row[:span.column - 1] + str(number) + row[span.end_column - 1:]
    if header is None:
        return bom + "\n".join(rows)
    if rows and rows[0].startswith(GENERATED_MARK):
        rows.pop(0)
    newline = "\r\n" if rows and rows[0].endswith("\r") else "\n"
    return bom + header + newline + "\n".join(rows)


def item_text(item: Item, number: int) -> str:
    """`sums[3] = 22`: an item with its number, as a puzzle's summary names it."""
    return f"{item[0]}[{item[1]}] = {number}"


def _is_number(node: ast.Node) -> bool:
    return isinstance(node, ast.Num) or (isinstance(node, ast.Neg) and isinstance(node.operand, ast.Num))


def _number(node: ast.Node) -> int:
    if isinstance(node, ast.Neg):
        return -_number(node.operand)
    assert isinstance(node, ast.Num)
    return node.value


class ListsGenerator:
    """A model's generator for its clue lists, as `numbered.NumberedGenerator` is for its clue lines:
    the lists, the readers of their items, the base's session (the model without the comparisons the
    items are the numbers of), and the picture every puzzle is drawn from (None: a random solution
    each seed). Every item keeps a number: an item cannot leave its list without changing which clue
    each later one is, so a puzzle is unique with all of them, not minimal by dropping any."""

    def __init__(self, model: Lowered, picture: str | None = None) -> None:
        self.name, self.text = model.name, model.text
        tree = parse_model(self.text, self.name)
        self.lists, refused = clue_lists(tree)
        if not self.lists:
            raise _nothing(tree, self.text, self.name, refused)
        self.readers, places = item_readers(self.text, self.name, self.lists)
        problem = model.problem
        base = Problem(variables=dict(problem.variables), outputs=list(problem.outputs), projected=problem.projected)
        base.constraints = [posted for place, posted in enumerate(problem.constraints) if place not in places]
        self.session = GivenClues(base, list(base.outputs))
        self.picture = None if picture is None else drawn(self.session, picture, model.layout.grids)

    def puzzle(self, seed: int) -> tuple[str, list[str]]:
        """(the text of this seed's puzzle, its items with their numbers): a fact of the model and the seed."""
        rng = random.Random(seed)
        for _ in range(1 if self.picture is not None else TRIES):
            check_deadline()  # a run's --timeout, looked at between two solutions tried
            solution = self.picture if self.picture is not None else random_solution(self.session, rng)[1]
            numbers = {item: read(solution) for item, read in sorted(self.readers.items())}
            if self.unique(numbers, solution):
                break
        else:
            said = "the picture's numbers leave the puzzle more than one solution" if self.picture is not None \
                else f"the numbers of none of {TRIES} random solutions make the puzzle unique"
            raise CspdslError(f"with every item of {_names(self.lists)} given, {said}: "
                              "there is no puzzle of this model to make",
                              hint="a smaller grid, or more rules, leave fewer solutions to tell apart")
        header = f"{GENERATED_MARK} --seed {seed}: {clues_text(len(numbers))}"
        text = rewritten(self.text, self.lists, numbers, header)
        check_unique(text, self.name, solution)
        return text, [item_text(item, number) for item, number in numbers.items()]

    def unique(self, numbers: dict[Item, int], solution: Assignment) -> bool:
        """Whether the model with these numbers has `solution` as its only one."""
        oracle = ClueOracle(loads(rewritten(self.text, self.lists, numbers, None), self.name).problem)
        try:
            every = [clue.number for clue in oracle.clues]
            if not holds_of(oracle, every, solution):
                raise InternalError("the lists' numbers read off a solution do not hold of it")
            return oracle.unique(every, solution)
        finally:
            oracle.close()

    def close(self) -> None:
        self.session.close()


def _names(lists: list[ClueList]) -> str:
    return ", ".join(f"'{clue_list.name}'" for clue_list in lists)


def _nothing(tree: ast.Model, text: str, name: str, refused: list[Refused]) -> CspdslError:
    """Nothing to generate; where a list of numbers is used otherwise than as clue numbers, the first such use."""
    if not refused:
        return nothing_to_generate(tree, text, name)
    first = refused[0]
    return CspdslError(
        f"nothing to generate: the list '{first.name}' is used here otherwise than as the number a clue "
        f"compares with, so its numbers are no clues", first.span,
        hint=f"a list's items are clue numbers when each is used only as `... == {first.name}[i]` inside a "
             f"`forall` naming i (and its length as len({first.name})); docs/generate.md")
