"""A model's clue lists: a `let` list of numbers whose items are used only as the number a clue
compares with, inside a `forall` that names the item (`let sums = [...]`, `forall i in
1..len(sums): sum(cage.regions[i]) == sums[i]`). What counts as a clue is what the model writes so:
no other mark. `len(NAME)` may count the list; any other use of it makes it a rule of the puzzle.

Which posted comparison an item became is read from lowering itself, not guessed from the text: the
text is lowered once as written and once with one list's numbers each one more, and the posted
constraints that differ are that list's comparisons (a sum's right-hand side, a count's number, one
variable's value, each off by one), each item found by the `forall` value its index names. The number
a solution gives an item is read off its comparison; the text is rewritten from the parser's spans,
each number replaced where it stands and everything else kept byte for byte.

A list whose clues sit under a `where` guard on the item (`forall c in 1..4 where top[c] > 0: ...`)
has a number that says "no clue" (here 0): its items may be left blank, and are, one at a time in a
seeded order, while the puzzle stays unique. Any other item keeps its number: leaving it out of its
list would change which clue each later one is."""

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
from .itemclues import Comparison, ItemClues, countable
from .lines import is_number, number_of
from .numbered import clues_text, drawn, holds_of
from .repair import ROUNDS, Repairer, ambiguous_cells, neighbourhoods
from .solution import check_unique

# An item of a list: (the list's name, its place, 1 for the first).
Item = tuple[str, int]
Reader = Callable[[Assignment], int]


class ClueList(Record):
    """A `let NAME = [numbers]` statement, the index names (of a `forall`) its clues read it by, and
    the number that says "no clue" (None: every item is a clue)."""

    decl: ast.LetDecl
    binders: tuple[str, ...]
    blank: int | None = None

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
                and all(is_number(item) for item in decl.value.items)):
            continue
        uses = _Uses(decl.name)
        for statement in tree.statements:
            if statement is not decl:
                uses.walk(statement, statement, isinstance(statement, ast.ConstraintStmt), frozenset(), {})
        if uses.guards and (len(set(uses.blanks)) > 1 or None in uses.blanks):
            uses.others.append(uses.guards[0])  # some clue of it is guarded, another not, or otherwise
        if uses.others:
            refused.append(Refused(decl.name, uses.others[0]))
        elif uses.binders:
            found.append(ClueList(decl, tuple(uses.binders), uses.blanks[0] if uses.guards else None))
    return found, refused


class _Uses:
    """The uses of one list in a model: the index names of its clue numbers (`binders`), the number
    each one's `where` guard says is no clue (`blanks`: None when unguarded), the guards' places, and
    any other use's place (`others`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.binders: list[str] = []
        self.blanks: list[int | None] = []
        self.guards: list[Span] = []
        self.others: list[Span] = []

    def walk(self, node: ast.Node, parent: ast.Node, clue: bool, bound: frozenset[str],
             guarded: dict[str, int]) -> None:
        """`clue`: `node` stands where a clue's condition does (a statement's, a `forall` body's, a side
        of an `and` of them); `guarded`: the index names a `where` guards, with their blank number."""
        if isinstance(node, ast.Name):
            if node.name == self.name and not (isinstance(parent, ast.Call) and parent.func == "len"):
                self.others.append(node.span)
            return
        if clue and isinstance(node, ast.Compare) and node.op == "==":
            for side, other in ((node.right, node.left), (node.left, node.right)):
                index = _item_index(side, self.name)
                if index is not None and index in bound:
                    self.binders.append(index)
                    self.blanks.append(guarded.get(index))
                    self.walk(other, node, False, bound, guarded)
                    return
        if isinstance(node, ast.Forall):
            self.forall(node, clue, bound, guarded)
            return
        keeps = clue and (isinstance(node, ast.ConstraintStmt) or (isinstance(node, ast.BoolOp) and node.op == "and"))
        for child in _children(node):
            self.walk(child, node, keeps, bound, guarded)

    def forall(self, node: ast.Forall, clue: bool, bound: frozenset[str], guarded: dict[str, int]) -> None:
        names = {n for binder in node.binders.binders for n in binder.names}
        where = node.binders.where
        guard = None if where is None else _guard(where, self.name, names)
        for binder in node.binders.binders:
            self.walk(binder, node, False, bound, guarded)
        if guard is not None:
            assert where is not None
            self.guards.append(where.span)
            guarded = {**guarded, guard[0]: guard[1]}
        elif where is not None:
            self.walk(where, node, False, bound | names, guarded)
        self.walk(node.body, node, clue, bound | names, guarded)


def _guard(where: ast.Node, name: str, names: set[str]) -> tuple[str, int] | None:
    """(b, the blank number) when `where` is `name[b] > k` (blank k) or `name[b] >= k` (blank k - 1)."""
    if isinstance(where, ast.Compare) and where.op in (">", ">=") and is_number(where.right):
        index = _item_index(where.left, name)
        if index is not None and index in names:
            return index, number_of(where.right) - (where.op == ">=")
    return None


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


class Reading(Record):
    """What lowering says of a model's clue lists: the model lowered with every item a clue (`live`),
    how a solution gives each item its number, and where each item's comparison stands among `live`'s
    posted constraints (what the base leaves out)."""

    live: Problem
    readers: dict[Item, Reader]
    places: dict[Item, int]
    comparisons: dict[Item, Comparison]  # each item's comparison as written and one more


def item_readers(text: str, name: str, lists: list[ClueList]) -> Reading:
    """Each item's comparison, found by lowering the text with every item a clue (a blank one written
    one above its blank) and again with one list's numbers each one more."""
    live = {(clue_list.name, k): _live(number_of(item), clue_list.blank)
            for clue_list in lists for k, item in enumerate(clue_list.items, 1)}
    problem = loads(rewritten(text, lists, live, None), name).problem
    written = problem.constraints
    readers: dict[Item, Reader] = {}
    places: dict[Item, int] = {}
    comparisons: dict[Item, Comparison] = {}
    for clue_list in lists:
        shifted = {item: number + (item[0] == clue_list.name) for item, number in live.items()}
        moved = loads(rewritten(text, lists, shifted, None), name).problem.constraints
        if len(moved) != len(written):
            raise _unread(clue_list)
        for place, (before, after) in enumerate(zip(written, moved, strict=True)):
            if before.constraint == after.constraint:
                continue
            item = (clue_list.name, _item(before, clue_list))
            read = _reader(before, after, live[item])
            if read is None or item in readers:
                raise _unread(clue_list)
            readers[item], places[item] = read, place
            comparisons[item] = Comparison(before.constraint, after.constraint, live[item])
        if any((clue_list.name, k) not in readers for k in range(1, len(clue_list.items) + 1)):
            raise _unread(clue_list)
    return Reading(problem, readers, places, comparisons)


def _live(number: int, blank: int | None) -> int:
    """The item's number, or one its list's guard lets through when it is blank (or below)."""
    return number if blank is None or number > blank else blank + 1


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



class ListsGenerator:
    """A model's generator for its clue lists, as `numbered.NumberedGenerator` is for its clue lines:
    the lists, the readers of their items, the base's session (the model without the comparisons the
    items are the numbers of), and the picture every puzzle is drawn from (None: a random solution
    each seed). An item of a list with a blank number (a `where` guard) may be left blank, and is
    when the puzzle stays unique without it; every other item keeps a number."""

    def __init__(self, model: Lowered, picture: str | None = None) -> None:
        self.name, self.text = model.name, model.text
        tree = parse_model(self.text, self.name)
        self.lists, refused = clue_lists(tree)
        if not self.lists:
            raise _nothing(tree, self.text, self.name, refused)
        reading = item_readers(self.text, self.name, self.lists)
        self.readers = reading.readers
        self.blank = {(clue_list.name, k): clue_list.blank
                      for clue_list in self.lists for k in range(1, len(clue_list.items) + 1)}
        live, places = reading.live, set(reading.places.values())
        base = Problem(variables=dict(live.variables), outputs=list(live.outputs), projected=live.projected)
        base.constraints = [posted for place, posted in enumerate(live.constraints) if place not in places]
        # where an item that may be blank stands: its clue's line and `forall` values
        self.stands = {item: (live.constraints[place].span, live.constraints[place].clue)
                       for item, place in reading.places.items() if self.blank[item] is not None}
        self.session = GivenClues(base, list(base.outputs))
        comparisons = [live.constraints[place] for place in sorted(places)]
        self.repairer = Repairer(self.session, neighbourhoods(comparisons, self.session.cells))
        self.items = ItemClues(base, reading.comparisons, self.blank) \
            if picture is None and countable(reading.comparisons, base) else None
        self.picture = None if picture is None else drawn(self.session, picture, model.layout.grids)

    def puzzle(self, seed: int) -> tuple[str, list[str]]:
        """(the text of this seed's puzzle, its items with their numbers): a fact of the model and the seed."""
        rng = random.Random(seed)
        solution = self.settled(rng)
        if solution is None:
            said = "the picture's numbers leave the puzzle more than one solution" if self.picture is not None \
                else f"the numbers still leave a second solution after {ROUNDS} changes of a random solution " \
                     "where a second one differed"
            raise CspdslError(f"with every item of {_names(self.lists)} given, {said}: "
                              "there is no puzzle of this model to make",
                              hint="a smaller grid, or more rules, leave fewer solutions to tell apart")
        numbers = self.numbers(solution)
        kept = self.minimal(numbers, solution, rng)
        if kept is None:
            raise InternalError("the numbers of a settled solution leave it a second one")
        chosen = {item: number if item in kept else self.shown(item, None) for item, number in numbers.items()}
        header = f"{GENERATED_MARK} --seed {seed}: {clues_text(len(kept))}"
        text = rewritten(self.text, self.lists, chosen, header)
        check_unique(text, self.name, solution)
        return text, [item_text(item, chosen[item]) for item in sorted(kept)]

    def settled(self, rng: random.Random) -> Assignment | None:
        """The solution the puzzle is made from: the picture, when its numbers make it the only one;
        else one that `repair.py` finds; None when there is none."""
        if self.picture is not None:
            return None if self.ambiguous(self.picture, rng) else self.picture
        return self.repairer.settled(lambda solution: self.ambiguous(solution, rng), rng, ROUNDS)

    def numbers(self, solution: Assignment) -> dict[Item, int]:
        """Each item's number as the solution gives it (its list's blank when it gives none)."""
        return {item: self.shown(item, read(solution)) for item, read in sorted(self.readers.items())}

    def ambiguous(self, solution: Assignment, rng: random.Random) -> list[str]:
        """The cells that a second solution of the solution's numbers, every item given, differs in
        (`repair.ambiguous_cells`): none when there is no second solution."""
        if self.items is not None:
            return self.items.ambiguous(self.numbers(solution), solution, rng)
        oracle = ClueOracle(loads(rewritten(self.text, self.lists, self.numbers(solution), None), self.name).problem)
        try:
            every = [clue.number for clue in oracle.clues]
            if not holds_of(oracle, every, solution):
                raise InternalError("the lists' numbers read off a solution do not hold of it")
            return ambiguous_cells(oracle, every, solution, self.session.cells, rng)
        finally:
            oracle.close()

    def shown(self, item: Item, number: int | None) -> int:
        """The number written for an item: its own, or its list's blank when it has none (or one at
        or below the blank, which the guard reads as none)."""
        blank = self.blank[item]
        if blank is None:
            assert number is not None
            return number
        return blank if number is None or number <= blank else number

    def minimal(self, numbers: dict[Item, int], solution: Assignment, rng: random.Random) -> set[Item] | None:
        """The items that keep a number: every one not blank to start with, then each that may be blank
        left blank in turn, in an order drawn from `rng`, while `solution` stays the only one; None when
        all of them leave more than one."""
        oracle = ClueOracle(loads(rewritten(self.text, self.lists, numbers, None), self.name).problem)
        try:
            every = [clue.number for clue in oracle.clues]
            if not holds_of(oracle, every, solution):
                raise InternalError("the lists' numbers read off a solution do not hold of it")
            if not oracle.unique(every, solution):
                return None
            kept = {item for item, number in numbers.items() if number != self.blank[item]}  # blank: None or a number
            own = self.own_clues(oracle, kept)
            dropped: set[int] = set()
            for item in rng.sample(sorted(own), len(own)):
                check_deadline()
                if oracle.unique([n for n in every if n not in dropped and n != own[item]], solution):
                    dropped.add(own[item])
                    kept.discard(item)
            return kept
        finally:
            oracle.close()

    def own_clues(self, oracle: ClueOracle, kept: set[Item]) -> dict[Item, int]:
        """The clue number of each item that may be blank, where its `forall` instance is a clue of its
        comparison alone (one that says more, as a cage's `alldifferent` beside its sum, stays)."""
        by_place = {(clue.span.line, clue.span.column, clue.instance): clue for clue in oracle.clues
                    if clue.span is not None}
        own: dict[Item, int] = {}
        for item, (span, instance) in self.stands.items():
            clue = by_place.get((span.line, span.column, instance or ())) if span is not None else None
            if item in kept and clue is not None and len(clue.constraints) == 1:
                own[item] = clue.number
        return own

    def close(self) -> None:
        self.session.close()
        if self.items is not None:
            self.items.close()


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
