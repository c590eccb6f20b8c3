"""A hint from where a solver is stuck (`explain --hint FILE`): the values they have entered, read from
the JSON `solve --json` writes (a solution's `values`, null where nothing is entered yet), and either
which entered values are wrong or the next step from there, the cheapest the step-wise explanation
finds (`steps.StepSearch`) with the entered values known.

An entered value is wrong when the puzzle's one solution has another there: the hint names the
variable, not the right value. A puzzle without a solution, or with several, gets no hint: `explain`
without `--hint` says why."""

from __future__ import annotations

from ..core.errors import CspdslError
from ..core.record import Record, field
from ..ir import Problem
from ..lower import Lowered
from .facts import Fact, Namer, solution_facts
from .oracle import ClueOracle
from .solved import step_text
from .steps import Step, StepSearch

ENTERED_HINT = "give the values as `cspdsl solve --json` writes them, null where none is entered"


class Hint(Record, frozen=False):
    """What a hint found: `status` "wrong" (then `wrong`, the variables whose entered value is not the
    solution's), "step" (then `step`, the next one), "solved" (every value is entered and right),
    "unsatisfiable" or "not_unique"."""

    status: str
    wrong: list[str] = field(default_factory=list)
    step: Step | None = None


def hint(model: Lowered, entered: dict[str, int]) -> Hint:
    """The hint for the values entered (IR variables -> values)."""
    _check_entered(model.problem, entered)
    oracle = ClueOracle(model.problem)
    try:
        found, _ = oracle.solutions([clue.number for clue in oracle.clues], 2)
        if len(found) != 1:
            return Hint("unsatisfiable" if not found else "not_unique")
        solution = found[0]
        wrong = [var for var, value in entered.items() if solution[var] != value]
        if wrong:
            return Hint("wrong", wrong)
        return _next_step(oracle, solution_facts(model.problem, solution), set(entered))
    finally:
        oracle.close()


def _next_step(oracle: ClueOracle, targets: list[Fact], entered: set[str]) -> Hint:
    """The cheapest step from the entered values and the givens, or "solved" when nothing is left."""
    search = StepSearch(oracle, targets, None)
    try:
        search.known = [fact for fact in targets if fact.var in entered]
        search.remaining = [fact for fact in targets if fact.var not in entered]
        givens = [clue.number for clue in oracle.clues if clue.is_given]
        if givens and search.remaining:
            placed = oracle.implied(givens, search.known, search.remaining)
            search.known += placed
            search.remaining = [fact for fact in search.remaining if fact not in set(placed)]
        if not search.remaining:
            return Hint("solved")
        return Hint("step", step=search.next_steps()[0])
    finally:
        search.close()


def _check_entered(problem: Problem, entered: dict[str, int]) -> None:
    for var, value in entered.items():
        if var not in problem.outputs:
            raise CspdslError(f"the values entered name '{var}', which is not a variable of the model")
        if value not in problem.variables[var].domain:
            raise CspdslError(f"the value entered for {var}, {value}, is not one of its values")


def hint_text(found: Hint, namer: Namer) -> str:
    """The hint in words."""
    if found.status == "wrong":
        return "These entered values are wrong: " + ", ".join(found.wrong) + "."
    if found.status == "solved":
        return "Every value is entered, and right: the puzzle is solved."
    if found.status == "step":
        assert found.step is not None
        return f"Next: {step_text(found.step, namer)}"
    return ("No hint: the model has no solution (cspdsl explain says why)." if found.status == "unsatisfiable"
            else "No hint: the model has more than one solution (cspdsl explain says where).")


def run_hint(model: Lowered, path: str, as_json: bool) -> int:
    """`explain --hint FILE`: the hint for the values FILE gives, in words or as JSON; exit 0."""
    import json

    found = hint(model, entered_values(model, path))
    namer = Namer(model.layout)
    if as_json:
        from ..render.named_values import FORMAT
        from .report import step_json

        data: dict[str, object] = {"format": FORMAT, "status": found.status, "wrong": found.wrong}
        if found.step is not None:
            data["step"] = step_json(found.step, namer)
        print(json.dumps(data, indent=2))
    else:
        print(hint_text(found, namer))
    return 0


def entered_values(model: Lowered, path: str) -> dict[str, int]:
    """The values a file gives: a `solve --json` document (its first solution), one solution
    (`{"values": ...}`), or the values alone, in the shape `solve --json` writes them."""
    import json

    from ..render.named_values import read_named

    try:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
    except OSError as error:
        raise CspdslError(f"cannot read the values entered, '{path}': {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CspdslError(f"'{path}' is not JSON: {error}", hint=ENTERED_HINT) from None
    if isinstance(data, dict) and isinstance(data.get("solutions"), list) and data["solutions"]:
        data = data["solutions"][0]
    values = data.get("values", data) if isinstance(data, dict) else None
    if not isinstance(values, dict):
        raise CspdslError(f"'{path}' holds no values", hint=ENTERED_HINT)
    try:
        return read_named(model.layout, model.problem.outputs, values)
    except ValueError as error:
        raise CspdslError(f"in '{path}': {error}") from None
