"""A model compiled once on one backend, solved for many instances: `cspdsl.compile`.

    >>> import cspdsl
    >>> sudoku = cspdsl.compile(cspdsl.load("models/sudoku.puz"), "sat")
    >>> result = sudoku.solve("..53.78.....9..5..2738..1.66.....271....9....814.....35.2..3618..6..2.....81.93..")
    >>> result.status, result.unique
    ('solved', True)

The model is lowered without its `given` pictures and compiled once (`sessions.py`); each instance's
givens (its own, or else the model's pictures) are then fixed on the compiled model. Every solution is
checked against the instance's own problem, the base with the instance's givens posted, as `driver.solve`
checks a whole model's: by the base's test written once and the givens (`checking.py`), a solution
that fails them walked by `check/problem.py`, which names the clue it breaks.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping

from ..backends import DEFAULT_BACKEND, Assignment, OnSolution, Outcome, get_backend
from ..core import limits
from ..core.deadline import check_deadline, deadline_after
from ..core.record import Record
from ..core.static_types import Any
from ..driver.loop import checked_search
from ..driver.result import Result
from ..driver.solve import local_search_limits
from ..lower import Lowered
from .checking import BaseCheck, InstanceCheck
from .fields import fields_of
from .read import RawInstance
from .resolve import Instance, resolve, split_params
from .results import InstanceModel, InstanceResult, instance_model
from .sessions import Session, open_session
from .template import Template

# How many param settings keep their compiled model (a batch mixing params lowers again past these).
KEPT_SETTINGS = 8


class Prepared(Record):
    """One param setting of a compiled model: its template, its compiled session and the check that
    its instances' solutions take."""

    template: Template
    session: Session
    check: BaseCheck


class CompiledModel:
    """A model compiled for instances on one backend; `solve(instance)` gives the usual `Result`."""

    def __init__(self, text: str, name: str, backend: str = DEFAULT_BACKEND,
                 params: Mapping[str, object] | None = None, options: Mapping[str, str] | None = None) -> None:
        self.text, self.name, self.backend = text, name, backend
        self.params = dict(params or {})
        self.options = dict(options or {})
        # An unknown backend or option is refused now, not at the first instance.
        self.exact = get_backend(backend, self.options).CAPABILITIES.exact
        self._kept: dict[tuple[tuple[str, object], ...], Prepared] = {}
        self._own = self.prepared(self.params)  # the model's own params: most instances set none
        # An instance of the model's own params with no time limit is searched by `solved_now`.
        self._now = self._own.session.direct and self._own.template.base.problem.objective is None

    def prepared(self, params: Mapping[str, object]) -> Prepared:
        """The template, the compiled session and the check for these params, made on first use."""
        key = tuple(sorted(params.items())) if params else ()
        if key not in self._kept:
            check_deadline()  # under a batch's time limit: the lowering below does not look at it
            template = Template(self.text, self.name, params)
            if len(self._kept) >= KEPT_SETTINGS:
                self._kept.pop(next(iter(self._kept)))
            session = open_session(template.base.problem, self.backend, self.options)
            self._kept[key] = Prepared(template, session, BaseCheck(template.base))
        return self._kept[key]

    def instance(self, raw: RawInstance) -> Instance:
        """The instance a data file's entry describes, checked against the model (CspdslError located
        in the data file otherwise)."""
        template = self._own.template
        if raw.kind == "line":  # a line sets no params: read by C calls where it can be
            givens = template.line_givens(raw.text)
            if givens is not None:
                return Instance({}, givens, raw.file, raw.line)
        fields = fields_of(raw)
        own, rest = split_params(raw, fields, template.params)
        if own:
            template = self.prepared({**self.params, **own}).template
        return resolve(raw, rest, template, own)

    def solve(self, instance: Instance | Mapping[str, Any] | str | None = None, *, limit: int | None = 2,
              timeout: float | None = None, seed: int | None = None) -> Result:
        """Solve one instance: an `Instance`, a mapping of model names to values (as a JSON instance),
        a line of grid characters, or None for the model's own givens. `limit` and `timeout` as in
        `driver.solve` (the compile is done: the time limit is the search's and the checking's)."""
        now = self._now and timeout is None and seed is None
        if now and isinstance(instance, str):  # a line read by C calls, where it can be
            givens = self._own.template.line_givens(instance)
            if givens is not None:
                return self.solved_now(givens, limit)
        instance = self.as_instance(instance)
        if now and not instance.params:
            return self.solved_now(instance.givens, limit)
        timeout, seed = limits.checked(timeout, seed)
        if not self.exact:
            limit, timeout = local_search_limits(self.backend, limit, timeout)
        timeout = limits.no_limit_as_none(timeout)
        started = time.perf_counter()
        prepared = self.prepared({**self.params, **instance.params}) if instance.params else self._own
        if prepared.template.base.problem.objective is not None:
            return self.optimised(prepared.template, instance, limit, timeout, seed)
        session = prepared.session
        model = InstanceModel(prepared.template, instance.givens)
        deadline = deadline_after(timeout)
        checker = InstanceCheck(prepared.check, instance.givens, model, self.backend, deadline)

        def search(*, limit: int | None, timeout: float | None, seed: int | None, on_solution: OnSolution | None,
                   ) -> Outcome:
            return session.solve(model, instance.givens, limit, timeout, seed, on_solution)

        searched = checked_search(search, checker, limit=limit, deadline=deadline, seed=seed)
        # compile_seconds: compiled before, `compile_once_seconds` says how long that took
        stats = {**searched.stats, "compile_seconds": 0.0,
                 "compile_once_seconds": session.compiled.compile_seconds,
                 "total_seconds": time.perf_counter() - started}
        return InstanceResult(model, self.backend, searched.solutions, searched.complete,  # type: ignore[arg-type]
                              searched.timed_out, limit, dict(session.compiled.size), stats, timeout, None, None,
                              False, "enumeration", None, 0, 0)

    def solved_now(self, givens: dict[str, int], limit: int | None) -> Result:
        """An instance of the model's own params searched with no time limit on the SAT session (a
        batch's usual case), as `solve` searches one, with less Python around the engine's calls: its
        solutions checked after the search, not during it, and the instance's whole check
        (`InstanceCheck`) made only when one of them fails the base's test or the givens."""
        started = time.perf_counter()
        prepared = self._own
        session: Any = prepared.session
        model = InstanceModel(prepared.template, givens)
        solutions: list[Assignment] = []
        complete = session.models(givens, limit, None, None, solutions)
        if solutions and not prepared.check.passes(givens, solutions, session.held):
            checker = InstanceCheck(prepared.check, givens, model, self.backend)
            solutions, _ = checker.all_checked(solutions)  # InternalError at the clue a solution breaks
        stats = {"engine": session.engine, "compile_seconds": 0.0, "compile_once_seconds":
                 session.compiled.compile_seconds, "total_seconds": time.perf_counter() - started}
        return InstanceResult(model, self.backend, solutions, complete, False, limit,  # type: ignore[arg-type]
                              dict(session.compiled.size), stats, None, None, None, False, "enumeration", None, 0, 0)

    def optimised(self, template: Template, instance: Instance, limit: int | None, timeout: float | None,
                  seed: int | None) -> Result:
        """An instance of a model with an objective: its own model (the base, its givens posted, the
        objective kept) solved and proved optimal as `driver.solve` does, each solution checked there. The
        compiled session enumerates solutions and knows no objective, so it is not used."""
        from ..driver.solve import solve

        return solve(instance_model(template, instance.givens), self.backend, limit=limit, timeout=timeout, seed=seed,
                     options=self.options)

    def as_instance(self, instance: Instance | Mapping[str, Any] | str | None) -> Instance:
        if instance is None:
            instance = {}
        if isinstance(instance, Instance):
            return instance
        if isinstance(instance, str):
            givens = self._own.template.line_givens(instance)
            if givens is not None:
                return Instance({}, givens, "<instance>", 1)
            return self.instance(RawInstance("<instance>", 1, instance, "line", (), ""))
        return self.instance(RawInstance("<instance>", 1, json.dumps(dict(instance)), "json", (), ""))


def compile(model: Lowered | str, backend: str = DEFAULT_BACKEND, *, options: Mapping[str, str] | None = None,
            params: Mapping[str, object] | None = None) -> CompiledModel:
    """A model compiled once on `backend`, for solving many instances (`CompiledModel.solve`). `model`
    is a loaded model (`cspdsl.load`: its params stay) or a model file's path."""
    if isinstance(model, str):
        from ..lower.load import load

        model = load(model, params)
    merged = {**model.params, **(params or {})}
    return CompiledModel(model.text, model.name, backend, merged, options)
