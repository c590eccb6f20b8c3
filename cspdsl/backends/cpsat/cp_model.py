"""The part of OR-Tools' CP-SAT Python API that the cpsat backend uses, without pandas and numpy.

`ortools.sat.python.cp_model` imports pandas and numpy when it is imported (for its `pd.Series` helpers
and its type aliases): most of the 0.8 s that importing it takes on a quiet machine, for a backend that
uses neither (docs/performance.md, Start-up). Its `CpModel` is built on `cp_model_helper.CpBaseModel`,
whose constructor imports numpy too (to recognise `numpy.bool_` as a constant literal). Everything else
the backend needs from `cp_model_helper`, the pybind11 module under cp_model, imports neither: the
model's proto, its variables and linear expressions, the solve, its callbacks and its response.

So this module writes the constraints into the model's proto itself, field by field as CpBaseModel's
C++ writes them (`_add_table`, `_add_bool_argument_constraint`, ...), and wraps the solve as
`cp_model.CpSolver` does; only the methods the backend calls, under cp_model's names, so that the
backend imports it as `cp_model`. `tests/test_cpsat_backend.py` holds the protos it builds to those of
OR-Tools' own cp_model, model for model. `cp_model_helper` is the layer under OR-Tools' documented API,
not that API itself: pyproject.toml bounds ortools to the versions this was tested with (docs/cli.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.static_types import Any
from ..lazy_symbols import lazy_symbols

with lazy_symbols():  # some 115 shared libraries, bound as a run calls them
    from ortools.sat.python import cp_model_helper as cmh
    from ortools.util.python.sorted_interval_list import Domain

BoundedLinearExpression = cmh.BoundedLinearExpression
IntVar = cmh.IntVar
LinearExpr = cmh.LinearExpr
Status = cmh.CpSolverStatus

UNKNOWN = cmh.CpSolverStatus.UNKNOWN
MODEL_INVALID = cmh.CpSolverStatus.MODEL_INVALID
FEASIBLE = cmh.CpSolverStatus.FEASIBLE
INFEASIBLE = cmh.CpSolverStatus.INFEASIBLE
OPTIMAL = cmh.CpSolverStatus.OPTIMAL

CHOOSE_FIRST = cmh.DecisionStrategyProto.VariableSelectionStrategy.CHOOSE_FIRST
SELECT_MAX_VALUE = cmh.DecisionStrategyProto.DomainReductionStrategy.SELECT_MAX_VALUE
FIXED_SEARCH = cmh.SatParameters.SearchBranching.FIXED_SEARCH
PORTFOLIO_SEARCH = cmh.SatParameters.SearchBranching.PORTFOLIO_SEARCH

INT_MIN = -(2**63)
INT_MAX = 2**63 - 1

__all__ = ["Constraint", "CpModel", "CpSolver", "CpSolverSolutionCallback", "Domain", "IntVar", "LinearExpr"]


class Constraint:
    """A constraint of the model: `only_enforce_if` makes it conditional."""

    __slots__ = ("model", "proto")

    def __init__(self, model: CpModel, proto: Any) -> None:
        self.model = model
        self.proto = proto  # its ConstraintProto, in the model's (its place there never moves)

    def only_enforce_if(self, literals: Any) -> Constraint:
        """The constraint holds when the literal (or every literal of a list) is true."""
        if isinstance(literals, (list, tuple)):
            self.proto.enforcement_literal.extend(self.model.literal_indices(literals))
        else:
            self.proto.enforcement_literal.append(self.model.literal_index(literals))
        return self


class CpModel:
    """A CP-SAT model: its proto, written as cp_model's CpModel writes it for the methods below."""

    def __init__(self) -> None:
        self.proto: Any = cmh.CpModelProto()
        self._constraints = self.proto.constraints  # read once: each read makes a new wrapper
        # value -> the index of its constant variable; None: to be read from the proto (a clone's)
        self._constants: dict[int, int] | None = {}

    # -- variables and literals ---------------------------------------------------------------------

    def new_int_var(self, lb: int, ub: int, name: str) -> IntVar:
        return IntVar(self.proto).with_name(name).with_domain(Domain(lb, ub))

    def new_int_var_from_domain(self, domain: Domain, name: str) -> IntVar:
        return IntVar(self.proto).with_name(name).with_domain(domain)

    def new_bool_var(self, name: str) -> IntVar:
        return IntVar(self.proto).with_name(name).with_domain(Domain(0, 1))

    def get_int_var_from_proto_index(self, index: int) -> IntVar:
        if index < 0 or index >= len(self.proto.variables):
            raise ValueError(f"get_int_var_from_proto_index: out of bound index {index}")
        return IntVar(self.proto, index)

    def literal_index(self, literal: Any) -> int:
        """A Boolean variable's index, its negation's (negative), or a constant's (True, 1; False, 0)."""
        if isinstance(literal, (IntVar, cmh.NotBooleanVariable)):
            index: int = literal.index
            return index
        if isinstance(literal, int) and literal in (0, 1, -1, -2):  # -1 is ~False, -2 ~True
            return self._constant(1 if literal in (1, -1) else 0)
        raise TypeError(f"Invalid boolean literal: {literal!r}")

    def literal_indices(self, literals: Iterable[Any]) -> list[int]:
        """`literal_index` of each literal; at once when all are variables or their negations (the
        usual case, and the hot path of a compile)."""
        literals = list(literals)
        try:
            return [literal.index for literal in literals]
        except AttributeError:
            return [self.literal_index(literal) for literal in literals]

    def _constant(self, value: int) -> int:
        """The index of a variable fixed to `value`, shared as CpBaseModel shares them: those it made, and
        in a clone the unnamed variables of one value."""
        if self._constants is None:
            self._constants = {}
            for i, var in enumerate(self.proto.variables):
                domain = list(var.domain)
                if len(domain) == 2 and domain[0] == domain[1] and not var.name:
                    self._constants[domain[0]] = i
        if value not in self._constants:
            self._constants[value] = len(self.proto.variables)
            self.proto.variables.add().domain.extend([value, value])
        return self._constants[value]

    # -- constraints ------------------------------------------------------------------------------

    def _new_constraint(self) -> tuple[Constraint, Any]:
        """A new constraint at the end of the proto, and its ConstraintProto to fill."""
        ct = self._constraints.add()
        return Constraint(self, ct), ct

    def add(self, ct: Any) -> Constraint:
        """A bounded linear expression (`x + y <= 3`), or a constant truth value."""
        if isinstance(ct, BoundedLinearExpression):
            return self._add_linear(ct)
        if isinstance(ct, bool):
            return self.add_bool_or([True] if ct else [])
        raise TypeError(f"not supported: CpModel.add({type(ct).__name__!r})")

    def add_linear_expression_in_domain(self, linear_expr: Any, domain: Domain) -> Constraint:
        if isinstance(linear_expr, LinearExpr):
            bounded = BoundedLinearExpression(linear_expr, domain)
            if not bounded.ok:
                raise TypeError("Cannot add a linear expression containing floating point coefficients or constants")
            return self._add_linear(bounded)
        if isinstance(linear_expr, int):
            return self.add_bool_and([]) if domain.contains(linear_expr) else self.add_bool_or([])
        raise TypeError(f"not supported: CpModel.add_linear_expression_in_domain({type(linear_expr).__name__!r})")

    def _add_linear(self, bounded: Any) -> Constraint:
        constraint, ct = self._new_constraint()
        linear = ct.linear
        linear.vars.extend([var.index for var in bounded.vars])
        linear.coeffs.extend(bounded.coeffs)
        offset = bounded.offset
        linear.domain.extend([
            bound if bound in (INT_MIN, INT_MAX) else min(max(bound - offset, INT_MIN), INT_MAX)
            for bound in bounded.bounds.flattened_intervals()
        ])
        return constraint

    def add_all_different(self, expressions: Iterable[Any]) -> Constraint:
        constraint, ct = self._new_constraint()
        exprs = ct.all_diff.exprs
        for expression in expressions:
            _write_expression(exprs.add(), expression)
        return constraint

    def add_allowed_assignments(self, expressions: Sequence[Any], tuples: Iterable[Sequence[int]]) -> Constraint:
        if not expressions:
            raise ValueError("add_allowed_assignments expects a non-empty expressions array")
        constraint, ct = self._new_constraint()
        table = ct.table
        for expression in expressions:
            _write_expression(table.exprs.add(), expression)
        values: list[int] = []
        for row in tuples:
            if len(row) != len(expressions):
                raise ValueError(f"Tuple ({','.join(map(str, row))}) has the wrong arity != {len(expressions)}")
            values.extend(row)
        table.values.extend(values)
        return constraint

    def add_automaton(
        self, expressions: Sequence[Any], start: int, accepting: Sequence[int],
        transitions: Sequence[tuple[int, int, int]],
    ) -> Constraint:
        if not expressions or not accepting or not transitions:
            raise ValueError("add_automaton expects expressions, final states and transitions")
        constraint, ct = self._new_constraint()
        automaton = ct.automaton
        for expression in expressions:
            _write_expression(automaton.exprs.add(), expression)
        automaton.starting_state = start
        automaton.final_states.extend(accepting)
        for transition in transitions:
            if len(transition) != 3:
                raise ValueError(f"transition ({','.join(map(str, transition))}) has the wrong arity != 3")
        automaton.transition_tail.extend([tail for tail, _, _ in transitions])
        automaton.transition_label.extend([label for _, label, _ in transitions])
        automaton.transition_head.extend([head for _, _, head in transitions])
        return constraint

    def add_bool_or(self, literals: Iterable[Any]) -> Constraint:
        constraint, ct = self._new_constraint()
        ct.bool_or.literals.extend(self.literal_indices(literals))
        return constraint

    def add_bool_and(self, literals: Iterable[Any]) -> Constraint:
        constraint, ct = self._new_constraint()
        ct.bool_and.literals.extend(self.literal_indices(literals))
        return constraint

    def add_implication(self, a: Any, b: Any) -> Constraint:
        """`a => b`, as cp_model posts it: `b` enforced by `a`."""
        return self.add_bool_and([b]).only_enforce_if(a)

    def add_min_equality(self, target: Any, expressions: Iterable[Any]) -> Constraint:
        """`target == min(expressions)`, as CP-SAT takes it: `-target == max(-expressions)`."""
        constraint, ct = self._new_constraint()
        lin_max = ct.lin_max
        _write_expression(lin_max.target, target, -1)
        exprs = lin_max.exprs
        for expression in expressions:
            _write_expression(exprs.add(), expression, -1)
        return constraint

    def add_multiplication_equality(self, target: Any, expressions: Iterable[Any]) -> Constraint:
        constraint, ct = self._new_constraint()
        int_prod = ct.int_prod
        _write_expression(int_prod.target, target)
        exprs = int_prod.exprs
        for expression in expressions:
            _write_expression(exprs.add(), expression)
        return constraint

    # -- search strategy, objective, copies -----------------------------------------------------------

    def add_decision_strategy(self, variables: Iterable[IntVar], var_strategy: Any, domain_strategy: Any) -> None:
        strategy = self.proto.search_strategy.add()
        for v in variables:
            expr = strategy.exprs.add()
            if v.index >= 0:
                expr.vars.append(v.index)
                expr.coeffs.append(1)
            else:
                expr.vars.append(-v.index - 1)
                expr.coeffs.append(-1)
                expr.offset = 1
        strategy.variable_selection_strategy = var_strategy
        strategy.domain_reduction_strategy = domain_strategy

    def minimize(self, obj: LinearExpr) -> None:
        """Minimise an expression with integer coefficients (all the backend sets)."""
        self.clear_objective()
        if not obj.is_integer():
            raise TypeError("the objective must have integer coefficients")
        flat = cmh.FlatIntExpr(obj)
        objective = self.proto.objective
        for var in flat.vars:
            objective.vars.append(var.index)
        objective.scaling_factor = 1.0
        objective.offset = flat.offset
        objective.coeffs.extend(flat.coeffs)

    def clear_objective(self) -> None:
        self.proto.clear_objective()
        self.proto.clear_floating_point_objective()

    def clone(self) -> CpModel:
        copy = CpModel()
        copy.proto.copy_from(self.proto)
        copy._constants = None
        return copy

    def validate(self) -> str:
        """Why CP-SAT finds the model invalid ("" when it is valid)."""
        return cmh.CpSatHelper.validate_model(self.proto)


def _write_expression(proto: Any, expression: Any, multiplier: int = 1) -> None:
    """An affine or linear expression (or a constant) into a LinearExpressionProto, times `multiplier`."""
    if isinstance(expression, IntVar):
        proto.vars.append(expression.index)
        proto.coeffs.append(multiplier)
    elif isinstance(expression, int):
        proto.offset = expression * multiplier
    else:
        flat = cmh.FlatIntExpr(expression)
        if not flat.ok:
            raise ValueError(f"Failed to convert integer linear expression: {expression}")
        proto.vars.extend([var.index for var in flat.vars])
        proto.coeffs.extend([coeff * multiplier for coeff in flat.coeffs])
        proto.offset = flat.offset * multiplier


class CpSolver:
    """Solves a CpModel with `parameters`; after `solve`, the response's values and statistics."""

    def __init__(self) -> None:
        self.parameters: Any = cmh.SatParameters()
        self._response: Any = None
        self._running: Any = None  # the solve under way, which `stop_search` stops
        self._stopped = False

    def solve(self, model: CpModel, solution_callback: CpSolverSolutionCallback | None = None) -> Status:
        wrapper = self._running = cmh.SolveWrapper()
        wrapper.set_parameters(self.parameters)
        if self._stopped:  # stopped between two solves: this one returns at once
            wrapper.stop_search()
        if solution_callback is not None:
            wrapper.add_solution_callback(solution_callback)
        self._response = wrapper.solve(model.proto)  # type: ignore[no-untyped-call]
        if solution_callback is not None:
            wrapper.clear_solution_callback(solution_callback)
        return self._response.status  # type: ignore[no-any-return]

    def stop_search(self) -> None:
        """Stop the solve under way and every later one (from any thread: at Ctrl-C)."""
        self._stopped = True
        running = self._running
        if running is not None:
            running.stop_search()

    @property
    def response(self) -> Any:
        if self._response is None:
            raise RuntimeError("solve() has not been called.")
        return self._response

    def value(self, expression: Any) -> int:
        return cmh.ResponseHelper.value(self.response, expression)

    @property
    def objective_value(self) -> float:
        return self.response.objective_value  # type: ignore[no-any-return]

    @property
    def best_objective_bound(self) -> float:
        return self.response.best_objective_bound  # type: ignore[no-any-return]

    @property
    def num_conflicts(self) -> int:
        return self.response.num_conflicts  # type: ignore[no-any-return]

    @property
    def num_branches(self) -> int:
        return self.response.num_branches  # type: ignore[no-any-return]

    @staticmethod
    def status_name(status: Status) -> str:
        return status.name


class CpSolverSolutionCallback(cmh.SolutionCallback):
    """CP-SAT calls `on_solution_callback` at each solution; `value` reads that solution."""

    def __init__(self) -> None:
        cmh.SolutionCallback.__init__(self)

    def OnSolutionCallback(self) -> None:  # the native layer's name for it
        self.on_solution_callback()

    def on_solution_callback(self) -> None:
        """Overridden by each callback."""

    def value(self, expression: Any) -> int:
        return self.Value(expression)

    def stop_search(self) -> None:
        self.StopSearch()
