"""What a solve gives: a model's checked solutions and how the search ended (`Result`), or a
sequential puzzle's checked plans (`PlanResult`); the status words both share; and what a search cut
short by Ctrl-C had found (`Interrupted`, `PlansInterrupted`)."""

from __future__ import annotations

from ..backends import Assignment
from ..core.errors import CspdslError, did_you_mean
from ..core.record import Record, field
from ..core.static_types import TYPE_CHECKING, Any
from ..lower import Lowered
from ..lower.layout import Placeholder

if TYPE_CHECKING:
    from ..ir.sequential import Plan
    from ..render.solution_view import SolutionView
    from ..render.svg import Marks


def status_of(found: bool, complete: bool, timed_out: bool, optimal: bool | None = None) -> str:
    """solved, unsatisfiable (proved), timeout (the time limit stopped the search), or gave_up (a
    local search ended without a solution: that proves nothing). For a model with an objective
    (`optimal` not None) a solution is optimal (proved) or feasible (the best found, not proved)."""
    if found and optimal is not None:
        return "optimal" if optimal else "feasible"
    if found:
        return "solved"
    if timed_out:
        return "timeout"
    return "unsatisfiable" if complete else "gave_up"


class Result(Record, frozen=False):
    """Checked solutions of one model on one backend, and how the search ended.

    `found` is how many solutions the search found; it is the model's `count` only when the search
    was `complete`: a search stopped by `limit`, by the time limit or by a local search's budget
    leaves `count` None, however many it found. `time_limit` is the limit the search ran under (the
    caller's, or a local search's default), None for none.

    `count_method` says how a count was made: "enumeration" (every solution found, checked and held in
    `solutions`), or "components" (`cspdsl.count` on a model that falls apart into independent parts,
    `counting.py`): then `counted` is the product of the parts' counts, which `found` and `count`
    give, and `solutions` holds one solution only, the parts' first solutions put together.
    """

    model: Lowered
    backend: str
    solutions: list[Assignment]
    complete: bool
    timed_out: bool
    limit: int | None
    size: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    time_limit: float | None = None
    # A model with an objective: the best value found, the best bound proved (both None without a
    # solution or an objective), and whether that value is proved optimal; `solutions` are then
    # solutions of that value (all the optimal ones when `complete`).
    # A lexicographic objective's value is a list, and so is its bound (None for its parts not reached).
    objective: int | list[int] | None = None
    bound: int | list[int | None] | None = None
    optimal: bool = False
    count_method: str = "enumeration"
    # A count by components: the solutions established (the product of the parts' counts; a lower
    # bound when the time limit stopped it), how many parts, and how many of them were searched.
    counted: int | None = None
    components: int = 0
    distinct_components: int = 0
    # Why `backend` answered, when the caller named none (`choice.py`); None when the caller named it.
    chosen_because: str | None = None

    @property
    def status(self) -> str:
        optimal = self.optimal if self.model.problem.objective is not None else None
        return status_of(bool(self.solutions), self.complete, self.timed_out, optimal)

    @property
    def found(self) -> int:
        """How many solutions the search found: those in `solutions`, or of a count by components, the
        product of its parts' counts (`counted`)."""
        return len(self.solutions) if self.counted is None else self.counted

    @property
    def count(self) -> int | None:
        """How many solutions the model has, when the search was complete; None when it stopped
        first, as then there may be more than `found`."""
        return self.found if self.complete else None

    @property
    def unique(self) -> bool | None:
        """True or False when the search settled it; None when it stopped too early to tell."""
        if self.found > 1:
            return False
        if self.found == 1 and self.complete:
            return True
        return None

    def answers(self, index: int = 0) -> list[str]:
        from ..render.solution import answers

        return answers(self.model.layout, self.solutions[index]) if self.solutions else []

    @property
    def solution(self) -> SolutionView:
        """The first solution, read the way the puzzle reads: `solution["Brit"]` the Brit's row of the
        entity table, `solution["cell"][2][5]` a grid's cell, `solution["x"]` a variable
        (`solution_view.py`); `solutions[i]` keeps the flat names for scripts."""
        from ..render.solution_view import SolutionView

        if not self.solutions:
            raise LookupError(f"no solution was found (status {self.status})")
        return SolutionView(self.model.layout, self.solutions[0])

    def value(self, name: str, index: int = 0) -> Any:
        """A value of a solution (the first by default) by any name the model gives it: a variable
        as the IR spells it (`cell[1,3]`, `x`), an attribute's value (`fish`: its position), a grid
        or array (`q`: a list, `cell`: a list of rows), or whatever a question's `{...}` takes
        (`nationality[fish]`, `code[1] + code[2]`), evaluated as the question would."""
        from ..render.solution_view import SolutionView

        if not self.solutions:
            raise LookupError(f"no solution was found (status {self.status})")
        solution = self.solutions[index]
        layout = self.model.layout
        view = SolutionView(layout, solution)
        if name in solution:
            return view.shown(name)  # a variable of names gives the name, as `solution[name]` and the JSON do
        entities = layout.entities
        for values in (entities.attributes.values() if entities is not None else []):
            if name in values:
                return solution[values[name]]
        if name in view.grids or name in layout.scalars:
            return view.plain(name)
        return view.placeholder(question_placeholder(self.model, name))

    def to_dict(self, solutions: bool = True) -> dict[str, Any]:
        """The result as plain data, the shape `cspdsl solve --json` prints (`json.dumps` takes it;
        `docs/schema/result.schema.json` describes it, `format` its version): `found` always, `count`
        only when the search was complete (else None), the solutions (each its `values` by the model's
        names, `render/named_values.py`, and its `answers`) unless `solutions=False`, the size and the stats.
        `chosen_because` says why the backend answered when the caller named none. With a count,
        `count_method` says how it was made; a count by components gives its number of
        `components` too, and its `solutions` list is the one solution it holds."""
        from ..render.named_values import FORMAT, solution_document

        layout, problem = self.model.layout, self.model.problem
        data: dict[str, Any] = {
            "format": FORMAT, "backend": self.backend, "status": self.status, "complete": self.complete,
            "unique": self.unique, "found": self.found, "count": self.count,
        }
        if self.chosen_because is not None:
            data["chosen_because"] = self.chosen_because
        if self.count is not None or self.count_method != "enumeration":
            data["count_method"] = self.count_method
        if self.count_method == "components":
            data["components"], data["distinct_components"] = self.components, self.distinct_components
        if solutions:
            data["solutions"] = [solution_document(layout, problem.outputs, s) for s in self.solutions]
        if self.model.problem.objective is not None:
            data["objective"], data["bound"] = self.objective, self.bound
        data["size"] = dict(self.size)
        data["stats"] = {k: v for k, v in self.stats.items() if isinstance(v, (int, float, str))}
        return data

    def to_svg(self, index: int = 0) -> str:
        """A solution (the first by default) drawn as an SVG picture in the puzzle's shape: grids with
        their givens and regions, boards, tilings, entity tables, `name = value` for the rest
        (`render/svg/`)."""
        from ..render.svg import solution_svg

        if not self.solutions:
            raise LookupError(f"no solution was found (status {self.status})")
        return solution_svg(self.model.layout, self.solutions[index], self.model.problem, drawn_marks(self.model))

    def _repr_html_(self) -> str:
        """In a notebook: the puzzle's title, what was found, the first solution's picture (`to_svg`),
        a note when it is one of several, and the same solution as tables, folded (`render/html_view.py`)."""
        from ..render.html_view import result_html

        return result_html(self)

    def __rich__(self) -> Any:
        """In a rich-aware terminal: the summary line and the first solution drawn (`rich_display.py`)."""
        from ..render.rich_display import renderable

        return renderable(self)

    def __str__(self) -> str:
        """What `print` shows: the first solution drawn as `cspdsl solve` draws it, with the title,
        the answers and the objective's value (`render/printed.py`); `repr` is the one-line summary."""
        from ..render.printed import printed

        return printed(self)

    def __repr__(self) -> str:
        """Short: what was found and how (the model and its IR are in `model`)."""
        seconds = self.stats.get("total_seconds")
        took = f", seconds={seconds:.3f}" if isinstance(seconds, float) else ""
        return (f"Result(backend={self.backend!r}, status={self.status!r}, found={self.found}, "
                f"count={self.count}, unique={self.unique}{took})")


class PlanResult(Record, frozen=False):
    """Checked plans of one sequential puzzle on one backend, and how the search ended.

    `count` is the number of plans when the search settled it (None when it stopped first);
    `shortest` that the plans are proved the shortest there are (breadth-first search, or deepening
    that proved every shorter bound has none); `cheapest` that they are proved the cheapest, of `cost`
    (`minimize cost`)."""

    model: Lowered
    backend: str
    plans: list[Plan]
    count: int | None
    complete: bool
    timed_out: bool
    limit: int | None
    shortest: bool = False
    length: int | None = None  # of the shortest plans, when `shortest`
    size: dict[str, int] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    cheapest: bool = False
    cost: int | None = None  # of the cheapest plans, when `cheapest`; of the best found, when stopped before
    interrupted: bool = False  # Ctrl-C stopped the search (`driver.result.PlansInterrupted`)

    @property
    def status(self) -> str:
        if self.plans or self.count:
            return "solved"
        return "timeout" if self.timed_out else "unsatisfiable" if self.complete else "timeout"

    @property
    def found(self) -> int:
        return len(self.plans)

    def words(self, index: int = 0) -> list[str]:
        """A plan's moves in words."""
        seq = self.model.problem.sequential
        assert seq is not None
        return self.plans[index].words(seq)

    def to_svg(self, index: int = 0) -> str:
        """A plan (the first by default) drawn as an SVG picture: a strip of its states, from the start,
        each move in words over the state it leads to (`render/svg/`)."""
        from ..render.svg import plan_svg

        seq = self.model.problem.sequential
        assert seq is not None
        if not self.plans:
            raise LookupError(f"no plan was found (status {self.status})")
        states = [dict(zip(seq.state, state, strict=True)) for state in self.plans[index].states]
        return plan_svg(self.model.layout, states, self.words(index), self.model.problem, drawn_marks(self.model))

    def _repr_html_(self) -> str:
        """In a notebook: the puzzle's title, what was found, the first plan's picture (`to_svg`), and a
        note when it is one of several (`render/html_view.py`)."""
        from ..render.html_view import plan_result_html

        return plan_result_html(self)


class UnknownName(CspdslError, KeyError):
    """A name that `Result.value` cannot read in the model; a KeyError too, as a mapping's would be."""


def question_placeholder(model: Lowered, name: str) -> Placeholder:
    """`name` read as a question's `{name}` reads it: the model lowered again with that question
    added, so that every name, index and expression an answer takes means the same here."""
    from ..lower.load import loads

    try:
        if not model.text or any(char in name for char in '"{}\\\n'):
            raise CspdslError(f"{name!r} is not a name")
        again = loads(f'{model.text}\nquestion "?": "{{{name}}}"\n', model.name, model.params)
        return again.layout.questions[-1].placeholders[0]
    except CspdslError as error:
        said = error.hint if error.hint and error.hint.startswith("did you mean") else None
        hint = said or did_you_mean(name, names_of(model))
        raise UnknownName(f"the model has no variable or value named {name!r}", hint=hint) from None


def names_of(model: Lowered) -> list[str]:
    """The names `value` takes without an expression: variables, grids, scalars, attributes and
    their values, key values."""
    layout = model.layout
    names = [*model.problem.outputs, *(grid.name for grid in layout.grids), *layout.scalars]
    if layout.entities is not None:
        names += [*layout.entities.attributes, *(v for vs in layout.entities.attributes.values() for v in vs)]
        names += layout.entities.labels or []
    return names


def drawn_marks(model: Lowered) -> Marks:
    """What a picture draws from the model beyond its variables: the region maps and the loops,
    as lowering recorded them on the layout."""
    from ..render.svg import Marks

    return Marks(dict(model.layout.region_maps), tuple(model.layout.loops))


# Ctrl-C during a search, with what it had found: `Interrupted` is a KeyboardInterrupt that carries a
# partial `Result` (never complete), so that `solve --all` or `--count` stopped by Ctrl-C can still say
# "at least 17,691 solutions", and an optimisation the best solution found by then; `PlansInterrupted`
# carries a sequential puzzle's partial `PlanResult`. Code that stops at Ctrl-C stops here too (they are
# KeyboardInterrupts); code that wants what was found catches them and reads `partial`.
class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the search; `partial` holds the solutions checked by then (of a model with an
    objective: the best found, or the optimal ones found once the optimum was proved)."""

    def __init__(self, partial: Result) -> None:
        super().__init__("interrupted")
        self.partial = partial


class PlansInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a plan search; `partial` holds the plans checked by then (never complete) and,
    in its stats, `expanded`: the states the search over states had taken."""

    def __init__(self, partial: PlanResult) -> None:
        super().__init__("interrupted")
        self.partial = partial
