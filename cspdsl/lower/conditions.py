"""Conditions: boolean structure, comparisons and relations, counting, membership, and the calls that
are conditions (alldifferent, sum_equals, ...); the quantifiers' bindings are in `quantifiers.py`."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from .. import ir
from ..core.errors import CspdslError
from ..core.static_types import Any
from ..syntax import ast
from .build import RELATIONS, Lin, all_of, any_of, comparison, count, in_values, linear, negate
from .calls import (
    AREA_CALLS,
    GRAPH_CALLS,
    LOOP_CLUES,
    PATH_CLUES,
    is_area_size,
    is_runs_clue,
    is_view,
)
from .context import POSITION_WORDS, OutsideRange, error, method_for, range_text
from .forms import SUM_CALLS, abs_call_compared, left_spine
from .named_values import compare_names, is_named, member_of_names, refuse_arithmetic, refuse_order
from .quantifiers import Quantifiers
from .sizes import TooLarge
from .values import as_cond, as_list

# `[A, B] same [C, D]` pairs lists of at most this many (it tries every order).
PAIRED_UP_TO = 4

class Conditions(Quantifiers):
    """Nodes to IR constraints: `cond` dispatches on the node's type to a `cond_<Node>` method."""

    # ---- conditions at the top level: AllDifferent and conjunctions stay separate ---------------

    def top_conditions(self, node: ast.Node) -> Iterator[ir.Constraint]:
        """The constraints of a clue: a conjunction or forall as its parts, each posted on its own."""
        if isinstance(node, ast.BoolOp) and node.op == "and":
            spine = left_spine(node, ast.BoolOp, "and")
            yield from self.top_conditions(spine[-1].left)
            for step in reversed(spine):
                yield from self.top_conditions(step.right)
        elif isinstance(node, ast.Forall):
            yield from self.forall_conditions(node)
        elif isinstance(node, ast.Call) and node.func in ("alldifferent", "all_different"):
            yield ir.AllDifferent(tuple(self.distinct_vars(node)))
        elif is_runs_clue(node):
            from .automata import runs_clue

            assert isinstance(node, ast.Compare)
            yield runs_clue(self, node)
        elif isinstance(node, ast.Call) and node.func in AREA_CALLS:
            from .areas import area_constraints

            yield from area_constraints(self, node)
        elif isinstance(node, ast.Call) and node.func in GRAPH_CALLS:
            from .graphs import graph_constraints

            yield from graph_constraints(self, node)
        elif isinstance(node, ast.Call) and node.func == "clue_areas":
            from .partitions import clue_areas

            yield from clue_areas(self, node)
        elif isinstance(node, ast.Call) and node.func == "rectangles":
            from .rectangles import rectangles

            yield from rectangles(self, node)
        elif isinstance(node, ast.Call) and node.func == "sized_areas":
            from .sized_areas import sized_areas

            yield from sized_areas(self, node)
        elif isinstance(node, ast.Call) and node.func == "tetrominoes":
            from .tetrominoes import tetrominoes

            yield from tetrominoes(self, node)
        elif isinstance(node, ast.Call) and node.func in LOOP_CLUES:
            from .cell_loops import loop_constraints

            yield from loop_constraints(self, node)
        elif isinstance(node, ast.Call) and node.func in PATH_CLUES:
            from .paths import path_constraints

            yield from path_constraints(self, node)
        else:
            yield self.cond(node)

    def distinct_vars(self, node: ast.Call) -> list[str]:
        """The variables of a top-level alldifferent; expressions that are not plain variables get
        an auxiliary variable each, so the native AllDifferent still applies."""
        items = [self.lin(item, node) for item in self.call_list(node)]
        names = []
        for item in items:
            if item.const == 0 and len(item.terms) == 1 and item.terms[0][0] == 1:
                names.append(item.terms[0][1])
            else:
                from .products import aux_for

                names.append(aux_for(self.scope, item, node.span))
        return names

    # ---- conditions ----------------------------------------------------------------------------

    def cond(self, node: ast.Node) -> ir.Constraint:
        """A node as a condition: by its cond_<Node> method, or a value that is already one."""
        method = method_for(self, "cond_", node)
        if method is not None:
            result: ir.Constraint = method(self, node)
            return result
        value = self.eval(node)
        if isinstance(value, ir.KINDS):
            return value
        truth = self.bool_truth(value)
        if truth is not None:
            return truth
        raise error(
            "expected a condition (such as a == b), found a value",
            node,
            "compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        )

    def cond_Bool(self, node: ast.Bool) -> ir.Constraint:
        return ir.TRUE if node.value else ir.FALSE

    def cond_BoolOp(self, node: ast.BoolOp) -> ir.Constraint:
        """`A and B`, `A or B`, left first: a side that decides the whole (false and ..., true or ...)
        leaves the other unlowered, so `i == 1 or q[i-1] < q[i]` never makes q[0]."""
        spine = left_spine(node, ast.BoolOp)
        value: ir.Constraint | CspdslError = self.attempt(spine[-1].left)
        for step in reversed(spine):
            value = self.joined(step, value)
        if isinstance(value, CspdslError):
            raise value
        return value

    def attempt(self, node: ast.Node) -> ir.Constraint | CspdslError:
        """A side of `and`/`or` lowered, or the error lowering it raised (the other side may decide;
        a model past its size limits is past them whatever the other side says)."""
        try:
            return self.cond(node)
        except TooLarge:
            raise
        except CspdslError as failed:
            return failed

    def joined(self, step: ast.BoolOp, left: ir.Constraint | CspdslError) -> ir.Constraint | CspdslError:
        """One `and`/`or` of a chain. A left side that decides it is the whole; a left side that
        failed is the whole's error unless the right side decides it (`q[i-1] < q[i] or i == 1`)."""
        both = step.op == "and"
        deciding = ir.FALSE if both else ir.TRUE
        if isinstance(left, CspdslError):
            right = self.attempt(step.right)
            return right if right == deciding else left
        if left == deciding:
            return left
        right = self.guarded(step.left, left, step.right)
        return all_of([left, right]) if both else any_of([left, right])

    def guarded(self, guard: ast.Node, guard_value: ir.Constraint, node: ast.Node) -> ir.Constraint:
        """A condition under a guard that did not decide it. A guard over variables holds in some
        solutions only, so what it guards is lowered whatever the guard: an index outside its range
        there stays an error, whose hint says why."""
        try:
            return self.cond(node)
        except OutsideRange as failed:
            raise self.unguarded(failed, guard, guard_value) from None

    def unguarded(self, failed: CspdslError, guard: ast.Node, guard_value: ir.Constraint) -> CspdslError:
        """An index error under a guard, with the hint that a guard over variables cannot prevent it."""
        if failed.hint is None and guard_value not in (ir.TRUE, ir.FALSE):
            failed.hint = (f"the guard '{guard.span.text}' depends on a variable, so this is lowered for every "
                           "value: guard with the quantifier's names or a where")
        return failed

    def cond_NotOp(self, node: ast.NotOp) -> ir.Constraint:
        return negate(self.cond(node.operand))

    def cond_Either(self, node: ast.Either) -> ir.Constraint:
        return count([self.cond(option) for option in node.options], "==", 1)

    def cond_Implication(self, node: ast.Implication) -> ir.Constraint:
        """`if A then B`: A first; when A is false the whole holds and B is not lowered."""
        condition = self.cond(node.condition)
        if condition == ir.FALSE:
            return ir.TRUE
        return any_of([negate(condition), self.guarded(node.condition, condition, node.consequence)])

    def cond_Forall(self, node: ast.Forall) -> ir.Constraint:
        return all_of(list(self.instances(node, lambda: [self.cond(node.body)])))

    def cond_CountOf(self, node: ast.CountOf) -> ir.Constraint:
        k = self.constant_int(node.k)
        items = as_list(self.eval_item(node.conditions), node.conditions)
        self.sizes.add_terms(len(items), f"this count goes through {len(items)} conditions", node.conditions.span)
        conds = [self.as_condition(item, node.conditions) for item in items]
        op = {"exactly": "==", "at_least": ">=", "at_most": "<="}[node.word]
        return count(conds, op, k)

    def as_condition(self, value: Any, node: ast.Node) -> ir.Constraint:
        """A value that must be a condition: a condition, or a bool variable (true when it is 1)."""
        truth = self.bool_truth(value)
        return truth if truth is not None else as_cond(value, node)

    def cond_Membership(self, node: ast.Membership) -> ir.Constraint:
        element_value = self.eval(node.element)
        return self.membership(node, element_value, self.eval_collection(element_value, node.collection))

    def membership(self, node: ast.Membership, element_value: Any, collection: Any) -> ir.Constraint:
        """`x in collection` of their values (the compiled bodies of quantifiers call it too)."""
        symbolic = self.layout.symbolic
        items = collection if isinstance(collection, list) else []
        if is_named(symbolic, element_value) or any(is_named(symbolic, item) for item in items):
            named = member_of_names(symbolic, node, element_value, collection)
            return negate(named) if node.negated else named
        element = self.lin(element_value, node.element)
        if isinstance(collection, (range, frozenset)) or (
            isinstance(collection, list) and all(isinstance(v, int) for v in collection)
        ):
            result = in_values(element, sorted(set(collection)))
        else:
            listed = as_list(collection, node.collection)
            self.sizes.add_terms(len(listed), f"this clue goes through a list of {len(listed)} items",
                                 node.collection.span)
            items = [self.lin(v, node.collection) for v in listed]
            result = any_of([linear(element.plus(item, -1), "==", 0) for item in items])
        return negate(result) if node.negated else result

    def cond_Call(self, node: ast.Call) -> ir.Constraint:
        if node.func in ("alldifferent", "all_different"):
            items = [self.lin(i, node) for i in self.call_list(node)]
            pairs = len(items) * (len(items) - 1) // 2
            self.sizes.add_pairs(pairs, f"this condition compares {pairs} pairs of values", node.span)
            return all_of(
                [linear(a.plus(b, -1), "!=", 0) for a, b in itertools.combinations(items, 2)]
            )
        if node.func in SUM_CALLS:
            if len(node.args) != 2:
                raise error(f"{node.func} takes a list and a number: {node.func}(list, k)", node)
            items = as_list(self.eval(node.args[0]), node.args[0])  # of nothing: a sum of 0
            self.sizes.add_terms(len(items), f"this sum goes through {len(items)} items", node.args[0].span)
            total = Lin()
            for item in items:
                total = total.plus(self.lin(item, node.args[0]))
            return linear(total.plus(self.lin(node.args[1]), -1), SUM_CALLS[node.func], 0)
        value = self.eval_Call(node)
        return as_cond(value, node)

    def view_comparison(self, node: ast.Compare) -> ir.Constraint | None:
        """`visible(...) op k` or `seen(...) op k` as one Count (`visibility.py`, `sight.py`)."""
        from .sight import seen_comparison
        from .visibility import visible_comparison

        view = visible_comparison(self, node)
        return seen_comparison(self, node) if view is None else view

    def cond_Compare(self, node: ast.Compare) -> ir.Constraint:
        if node.op == "at":
            return self.at_position(node)
        if node.op == "same" and isinstance(node.left, ast.ListLit) and isinstance(node.right, ast.ListLit):
            return self.same_in_some_order(node)
        if is_view(node.left) or is_view(node.right):
            view = self.view_comparison(node)
            if view is not None:
                return view
        if is_area_size(node.left) or is_area_size(node.right):
            from .partitions import area_size_comparison

            sized = area_size_comparison(self, node)
            if sized is not None:
                return sized
        absolute = self.abs_comparison(node)
        if absolute is not None:
            return absolute
        left_value, right_value = self.eval_sides(node.left, node.right)
        return self.compare_values(node, left_value, right_value)

    def compare_values(self, node: ast.Compare, left_value: Any, right_value: Any) -> ir.Constraint:
        """Two sides' values compared (numbers, or names as their codes); the compiled bodies of
        quantifiers (`bodies.py`) call it too, so both make the same constraint."""
        symbolic = self.layout.symbolic
        refuse_arithmetic(symbolic, left_value, node.left)
        refuse_arithmetic(symbolic, right_value, node.right)
        if is_named(symbolic, left_value) or is_named(symbolic, right_value):
            result: ir.Constraint = compare_names(symbolic, node, left_value, right_value)
            return result
        left, right = self.lin(left_value, node.left), self.lin(right_value, node.right)
        diff = left.plus(right, -1)
        op = node.op
        if op not in ("same", "not_same", "==", "!="):
            refuse_order(self.layout.entities, op, node.op_span, [] if op in RELATIONS else [diff])
        if op in RELATIONS:
            return RELATIONS[op](diff)
        return comparison(diff, op)

    def same_in_some_order(self, node: ast.Compare) -> ir.Constraint:
        """`[Bill, caddy] same [s71, Sands]`: "of Bill and the caddy, one scored 71 and the other is
        Sands": the left ones are different, and each is one of the right ones, in some order."""
        assert isinstance(node.left, ast.ListLit) and isinstance(node.right, ast.ListLit)
        left, right = [self.lin(item) for item in node.left.items], [self.lin(item) for item in node.right.items]
        if len(left) != len(right) or not 2 <= len(left) <= PAIRED_UP_TO:
            raise error(f"'same' pairs lists of the same length, 2 to {PAIRED_UP_TO}: "
                        f"here {len(left)} and {len(right)}", node.op_span)
        different = [comparison(a.plus(b, -1), "!=") for i, a in enumerate(left) for b in left[i + 1:]]
        orders = [all_of([RELATIONS["same"](a.plus(right[j], -1)) for a, j in zip(left, order, strict=True)])
                  for order in itertools.permutations(range(len(right)))]
        return all_of([*different, any_of(orders)])

    def abs_comparison(self, node: ast.Compare) -> ir.Constraint | None:
        """abs(e) op k without an auxiliary variable: e op k and -e op k combined."""
        found = abs_call_compared(node)
        if found is None:
            return None
        call, other, op = found
        k = self.eval(other)
        if not isinstance(k, int):
            return None
        return self.abs_sides(self.abs_argument(call), op, k)

    def abs_sides(self, e: Lin, op: str, k: int) -> ir.Constraint:
        """|e| op k as e op k and -e op k combined (the compiled bodies of quantifiers call it too)."""
        if k < 0 and op in ("==", "!="):  # |e| is never negative: e == k or -e == k would be wrong
            return ir.FALSE if op == "==" else ir.TRUE
        sides = [comparison(side.plus(Lin((), -k)), op) for side in (e, e.times(-1))]
        # |e| != k and |e| <= k hold when both sides do; |e| == k and |e| >= k when either does.
        return all_of(sides) if op in ("!=", "<", "<=") else any_of(sides)

    def at_position(self, node: ast.Compare) -> ir.Constraint:
        left = self.lin(node.left)
        word = node.right.name if isinstance(node.right, ast.Name) else None
        if word in POSITION_WORDS and word not in self.position_words and not isinstance(self.eval(node.right), int):
            raise error(f"'{word}' is a value of this model, not a position", node.right,
                        "the model names something else so; write the position's number")
        entities = self.layout.entities
        if entities is not None and entities.labels is not None and not isinstance(node.right, (ast.Name, ast.Str)):
            raise error(
                f"'at' takes a value of '{entities.name}' here: {', '.join(entities.labels)}",
                node.right,
                f"the positions of '{entities.name}' have names, not numbers",
            )
        position = self.constant_int(node.right)
        entities = self.layout.entities
        if entities is not None and position not in entities.positions:
            raise error(
                f"position {position} is outside the positions {range_text(entities.positions)}",
                node.right,
            )
        return comparison(left.plus(Lin((), -position)), "==")
