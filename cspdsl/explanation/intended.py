"""The fewest clues that make a setter's intended solution the only one (`explain --intended FILE`).

The clues are values of the intended solution written as the model writes them (`cell[1,3] == 5`,
`Dane at 2`). Which are the fewest is an implicit hitting-set search: each other solution found
differs from the intended one on some variables, and any set of added values must hit every such
set; PySAT's Hitman (RC2 MaxSAT) gives a smallest set hitting all those found so far, and the clue
session looks for another solution under it, until there is none. The set is then proved as every
suggestion is: the model's text with the clues added, lowered again and solved by the SAT path, must
have exactly the intended solution."""

from __future__ import annotations

from ..backends import Assignment
from ..core.errors import CspdslError
from ..core.record import Record, field
from ..lower import Lowered
from .facts import Fact, Namer
from .oracle import ClueOracle


class Intended(Record, frozen=False):
    """The clues added (as the model writes them), fewest first found; none when the model already
    has the intended solution as its only one."""

    clues: list[str] = field(default_factory=list)


def fewest_clues(model: Lowered, intended: Assignment) -> Intended:
    """The fewest values of `intended` (IR variables -> values, every one of the model's) that make
    it the model's only solution, proved."""
    from pysat.examples.hitman import Hitman

    outputs = model.problem.outputs
    missing = [var for var in outputs if var not in intended]
    if missing:
        raise CspdslError(f"the intended solution gives no value for {', '.join(missing[:5])}",
                          hint="give every value, as `cspdsl solve --json` writes a solution")
    oracle = ClueOracle(model.problem)
    hitman = Hitman(solver="g3", htype="sorted")
    try:
        numbers = [clue.number for clue in oracle.clues]
        if not oracle.holds(numbers) or not _holds(oracle, numbers, intended):
            raise CspdslError("the intended solution breaks the model's clues: it is no solution of the model")
        chosen: list[str] = []
        while (other := _another(oracle, numbers, intended, chosen)) is not None:
            hitman.hit([var for var in outputs if other[var] != intended[var]])
            chosen = sorted(hitman.get(), key=outputs.index)
    finally:
        hitman.delete()
        oracle.close()
    namer = Namer(model.layout)
    clues = [namer.fact(Fact(var, intended[var], True)).replace(f"{var} = ", f"{var} == ", 1) for var in chosen]
    if clues and not _proved(model, clues, intended):
        raise CspdslError("the clues found do not read back as the model's: a value of this model cannot be "
                          "written as a clue")
    return Intended(clues)


def _holds(oracle: ClueOracle, numbers: list[int], solution: Assignment) -> bool:
    """Whether the clues hold of `solution`: it is a solution of the model."""
    session = oracle.session
    return session.solve([*(oracle.selector[n] for n in numbers),
                          *(session.literal(var, solution[var]) for var in oracle.problem.outputs)])


def _another(oracle: ClueOracle, numbers: list[int], intended: Assignment, chosen: list[str]) -> Assignment | None:
    """A solution of the clues and the chosen values other than `intended`, or None."""
    session = oracle.session
    active = session.switch()
    session.add([-active, *(-session.literal(var, intended[var]) for var in oracle.problem.outputs)])
    try:
        assumptions = [active, *(oracle.selector[n] for n in numbers),
                       *(session.literal(var, intended[var]) for var in chosen)]
        return session.assignment() if session.solve(assumptions) else None
    finally:
        session.add([-active])


def _proved(model: Lowered, clues: list[str], intended: Assignment) -> bool:
    """Whether the model's text with the clues added has exactly the intended solution."""
    from ..ir import validate
    from ..lower import lower
    from ..syntax.parser import parse
    from .verify import checked_solutions

    added = lower(parse(model.text.rstrip() + "\n" + "\n".join(clues) + "\n", model.name), model.params)
    validate(added.problem)
    found, complete = checked_solutions(added.problem, 2, "the model with the intended clues added")
    return complete and len(found) == 1 and all(found[0][var] == intended[var] for var in model.problem.outputs)


def run_intended(model: Lowered, path: str, as_json: bool) -> int:
    """`explain --intended FILE`: the fewest clues that make FILE's solution the only one; exit 0."""
    import json

    from .hint import entered_values

    found = fewest_clues(model, entered_values(model, path))
    if as_json:
        from ..render.named_values import FORMAT

        print(json.dumps({"format": FORMAT, "status": "intended", "added": found.clues}, indent=2))
    elif not found.clues:
        print("The intended solution is the model's only one already: no clue needs adding.")
    else:
        said = "This clue makes" if len(found.clues) == 1 else f"These {len(found.clues)} clues make"
        print(f"{said} the intended solution the only one (no fewer values do, proved):")
        print("\n".join(f"  {clue}" for clue in found.clues))
    return 0
