"""What a puzzle with more than one solution lacks: two of its solutions side by side, and clues
in the model's own language that would each leave exactly one (`Brit next_to dog`, `Dane at 2`,
`cell[1,3] == 5`). Candidates are the facts and relations true in the first solution and false in
the second; each is tested on the solutions found (up to `SOLUTIONS_LOOKED_AT`, every one when there
are fewer) and then proved: the model is lowered again with the clue added and solved by the
ordinary SAT path, which must find exactly one solution."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from ..backends import Assignment
from ..core.errors import CspdslError
from ..core.record import Record
from ..lower import Lowered
from .facts import Fact, Namer
from .oracle import past

# How many solutions the candidates are tested on before being proved.
SOLUTIONS_LOOKED_AT = 200
# How many distinguishing clues are proved and shown.
SUGGESTED = 5
# Candidates proved at most, before giving up on the rest.
PROVED_AT_MOST = 40


class Suggestion(Record):
    """A clue in the model's language that holds in the first solution and leaves it the only one."""

    text: str


Holds = Callable[[Assignment], bool]


def suggestions(model: Lowered, solutions: list[Assignment],
                deadline: float | None = None) -> tuple[list[Suggestion], bool]:
    """(up to SUGGESTED clues that each make the first solution the only one, each proved; whether
    the deadline (`time.perf_counter()`) stopped the search for them)."""
    first, second = solutions[0], solutions[1]
    found: list[Suggestion] = []
    tried = 0
    for text, holds in _candidates(model, first, second):
        if sum(1 for s in solutions if holds(s)) != 1:
            continue  # another solution looked at keeps it too
        if past(deadline):
            return found, True
        tried += 1
        if _proved_unique(model, text, first):
            found.append(Suggestion(text))
        if len(found) == SUGGESTED or tried == PROVED_AT_MOST:
            break
    return found, False


def differing(model: Lowered, first: Assignment, second: Assignment) -> list[str]:
    """The model's variables whose values differ, named as the text names them."""
    namer = Namer(model.layout)
    return [namer.name(var) for var in model.problem.outputs if first[var] != second[var]]


def _candidates(model: Lowered, first: Assignment, second: Assignment) -> Iterator[tuple[str, Holds]]:
    """Clues true in `first` and false in `second`: relations between entities (`same`, `next_to`),
    then each variable's value (`Dane at 2`, `x == 4`)."""
    namer = Namer(model.layout)
    entities = model.layout.entities
    groups = [[var for var in values.values() if namer.is_entity(var)]
              for values in (entities.attributes.values() if entities is not None else [])]
    pairs = [(a, b) for one, other in itertools.combinations(groups, 2) for a, b in itertools.product(one, other)]
    relations: list[tuple[str, Callable[[int, int], bool]]] = [("same", lambda p, q: p == q)]
    if namer.labels is None:  # positions in a row: neighbours mean something
        relations.append(("next_to", lambda p, q: abs(p - q) == 1))
    for word, related in relations:
        for a, b in pairs:
            if related(first[a], first[b]) and not related(second[a], second[b]):
                yield f"{namer.name(a)} {word} {namer.name(b)}", _relation_holds(related, a, b)
    for var in model.problem.outputs:
        if first[var] != second[var]:
            clue = namer.fact(Fact(var, first[var], True))
            yield clue.replace(f"{var} = ", f"{var} == ", 1), _value_holds(var, first[var])


def _relation_holds(related: Callable[[int, int], bool], a: str, b: str) -> Holds:
    return lambda solution: related(solution[a], solution[b])


def _value_holds(var: str, value: int) -> Holds:
    return lambda solution: solution[var] == value


def _proved_unique(model: Lowered, clue: str, solution: Assignment) -> bool:
    """Whether the model with `clue` added has exactly one solution, `solution`: lowered again from
    its text and solved by the SAT backend's ordinary path, each solution checked."""
    from ..ir import validate
    from ..lower import lower
    from ..syntax.parser import parse
    from .verify import checked_solutions

    try:
        added = lower(parse(f"{model.text.rstrip()}\n{clue}\n", model.name), model.params)
        validate(added.problem)
    except CspdslError:
        return False  # not a clue this model can say (a name the text cannot write)
    found, complete = checked_solutions(added.problem, 2, f"the model with {clue!r} added")
    return len(found) == 1 and complete and all(found[0][v] == solution[v] for v in model.problem.outputs)
