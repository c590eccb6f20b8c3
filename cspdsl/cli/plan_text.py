"""A sequential puzzle's plans for a person (`cspdsl solve`): each move in words under its number and
the state after it drawn the way the model draws it (a board in its drawing's shape), then the plans'
number, and the stats line; or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..backends import headline_size
from ..core.deadline import left_of_command
from ..core.static_types import Any
from ..driver.plans import solve_plans
from ..driver.result import PlanResult, PlansInterrupted
from ..render.named_values import FORMAT, Shape
from ..render.solution import render_solution


def solve_sequential(model: Any, args: argparse.Namespace) -> PlanResult:
    """Solve a sequential puzzle as `cspdsl solve` asked, and print the result. Ctrl-C keeps what the
    search knew (`driver.result.PlansInterrupted`): the best plan found, printed as a result is, or how
    far the search went, said on standard error ("interrupted after 1,234 states"); the JSON document
    says so too (`"interrupted": true`), and the result returned is marked `interrupted` (exit 130)."""
    limit = None if (args.all or args.count) else (args.limit or 2)
    started = time.perf_counter()
    try:
        result = solve_plans(model, args.backend, limit=limit, timeout=left_of_command(args.timeout),
                             options=dict(args.options),
                             count_only=bool(args.count))
    except KeyboardInterrupt as stop:
        seconds = time.perf_counter() - started
        stopped = stop.partial if isinstance(stop, PlansInterrupted) else PlanResult(
            model, args.backend, [], None, False, False, limit)
        stopped.stats["total_seconds"] = seconds
        stopped.interrupted = True
        if args.json:
            document = {"format": FORMAT, "model": args.model, **plans_json(stopped, plans=not args.all)}
            status = stopped.status if stopped.plans else "interrupted"
            print(json.dumps({**document, "status": status, "interrupted": True}), flush=True)
        elif stopped.plans:
            print(result_text(stopped, all_plans=bool(args.all), count_only=False, stats=bool(args.stats)), flush=True)
        print(interrupted_text(stopped), file=sys.stderr, flush=True)
        return stopped
    if args.json and args.all:
        print_json_lines(result, args.model)
    elif args.json:
        print(json.dumps({"format": FORMAT, "model": args.model, **plans_json(result)}, indent=2))
    else:
        print(result_text(result, all_plans=bool(args.all), count_only=bool(args.count), stats=bool(args.stats)))
    return result


def state_text(result: PlanResult, state: tuple[int, ...]) -> str:
    """A state drawn as the model's layout draws a solution; plain variables on one line."""
    seq = result.model.problem.sequential
    assert seq is not None
    values = dict(zip(seq.state, state, strict=True))
    layout = result.model.layout
    if not layout.boards and not layout.grids and layout.scalars:
        return ", ".join(f"{name} = {values[var]}" for name, var in layout.scalars.items())
    return render_solution(layout, values)


def plan_text(result: PlanResult, index: int, drawn: bool) -> str:
    """One plan: numbered moves in words, each followed by the state it leads to when `drawn`."""
    plan = result.plans[index]
    lines = []
    if drawn:
        lines += ["start:", state_text(result, plan.states[0]), ""]
    for number, (words, state) in enumerate(zip(result.words(index), plan.states[1:], strict=True), start=1):
        lines.append(f"{number}. {words}")
        if drawn:
            lines += [state_text(result, state), ""]
    return "\n".join(lines).rstrip()


def result_text(result: PlanResult, all_plans: bool, count_only: bool, stats: bool) -> str:
    """The whole output of `cspdsl solve` on a sequential puzzle."""
    title = result.model.layout.title
    parts = [title] if title else []
    if not count_only and result.plans:
        if all_plans:
            parts += [f"Plan {i + 1}:\n{plan_text(result, i, drawn=False)}" for i in range(len(result.plans))]
        else:
            parts.append(plan_text(result, 0, drawn=True))
    parts.append(count_text(result, all_plans or count_only))
    parts.append(stats_text(result, stats))
    return "\n\n".join(parts)


def _plans(n: int) -> str:
    """`1,024 plans`: thousands separated, as the counts of solutions."""
    return f"{n:,} plan{'s' if n != 1 else ''}"


def count_text(result: PlanResult, asked: bool) -> str:
    """What is known of the plans: none, how many, whether they are the shortest or the only one."""
    if not result.plans and not result.count:
        if result.timed_out:
            return "No plan found within the time limit."
        return "No plan reaches the goal." if result.complete else "No plan found."
    if result.cheapest:
        return _cheapest_text(result, asked)
    length = result.length if result.length is not None else len(result.plans[0].moves) if result.plans else 0
    if result.cost is not None and result.count is None:  # the least cost not proved
        return f"A plan of {length} moves, of cost {result.cost}; there may be a cheaper one ({_stopped_by(result)})."
    fewest = f", of {length} moves: none has fewer" if result.shortest else ""
    kind = "shortest " if result.shortest else ""
    if result.count is None:
        why = _stopped_by(result)
        return f"A plan of {length} moves. At least {_plans(result.found)} ({why}; there may be more)."
    if asked or result.count == 1:
        only = ": the only one" if result.count == 1 and not result.shortest else ""
        return f"{result.count:,} {kind}plan{'s' if result.count != 1 else ''}{fewest}{only}."
    head = f"A shortest plan{fewest}." if result.shortest else f"A plan of {length} moves."
    return f"{head} {result.count:,} {kind}plans (--all shows them, --count counts them)."


def _cheapest_text(result: PlanResult, asked: bool) -> str:
    """The cheapest plans: their cost, proved the least, and their number."""
    least = f"of cost {result.cost}: none costs less"
    if result.count is None:
        return f"A cheapest plan, {least}. At least {_plans(result.found)} ({_stopped_by(result)}; there may be more)."
    if asked or result.count == 1:
        return f"{result.count:,} cheapest plan{'s' if result.count != 1 else ''}, {least}."
    return f"A cheapest plan, {least}. {result.count:,} cheapest plans (--all shows them, --count counts them)."


def _stopped_by(result: PlanResult) -> str:
    if result.interrupted:
        return "Ctrl-C stopped the search"
    return "the time limit stopped the search" if result.timed_out else "the search stopped at the first"


def interrupted_text(result: PlanResult) -> str:
    """Standard error's line when Ctrl-C stopped a plan search: what it had, and how far it went."""
    seconds = result.stats.get("total_seconds", 0.0)
    if result.plans:
        cost = f" of cost {result.cost}" if result.cost is not None else ""
        return f"interrupted: the best plan found{cost} is shown, not proved the best, in {seconds:.1f} s"
    if "expanded" in result.stats:
        return f"interrupted after {result.stats['expanded']:,} states, no plan found, in {seconds:.1f} s"
    if "horizon" in result.stats:
        return f"interrupted at plans of {result.stats['horizon']} moves, none found, in {seconds:.1f} s"
    return "interrupted"  # stopped before the search began


def stats_text(result: PlanResult, every: bool) -> str:
    seconds = result.stats.get("total_seconds", 0.0)
    found = _plans(result.count) if result.count is not None else f"at least {_plans(result.found)}"
    parts = [f"backend {result.backend}", found, *headline_size(result.size)]
    if "moves" in result.size:
        parts.append(f"{result.size['moves']} moves")
    parts.append(f"{seconds * 1000:.1f} ms")
    line = "stats: " + ", ".join(parts)
    if every:
        line += "\n" + "\n".join(f"  {k}: {v:.6f}" if isinstance(v, float) else f"  {k}: {v}"
                                 for k, v in sorted(result.stats.items()))
    return line


def plans_json(result: PlanResult, plans: bool = True) -> dict[str, Any]:
    """The result as plain data: each plan's moves in words and its states by the model's names
    (`render/named_values.py`), unless `plans=False`."""
    data: dict[str, Any] = {"backend": result.backend, "status": result.status, "complete": result.complete,
                            "count": result.count, "shortest": result.shortest, "found": result.found}
    if result.model.problem.sequential is not None and result.model.problem.sequential.cheapest:
        data["cheapest"] = result.cheapest
        if result.cost is not None:
            data["cost"] = result.cost
    if plans:
        data["plans"] = [plan_json(result, index) for index in range(len(result.plans))]
    data["size"] = dict(result.size)
    data["stats"] = {k: v for k, v in result.stats.items() if isinstance(v, (int, float, str))}
    return data


def plan_json(result: PlanResult, index: int) -> dict[str, Any]:
    """One plan: its moves in words, and each state's values by the model's names."""
    seq = result.model.problem.sequential
    assert seq is not None
    plan, layout = result.plans[index], result.model.layout
    shape = Shape(layout, list(seq.state))
    states = [shape.named(dict(zip(seq.state, s, strict=True))) for s in plan.states]
    return {"moves": plan.words(seq), "states": states}


def print_json_lines(result: PlanResult, model: str) -> None:
    """`--all --json`: one JSON line a plan (`{"format", "plan": N, "moves", "states"}`), as every
    `--all` prints its solutions, and the result without its plans last."""
    for index in range(len(result.plans)):
        print(json.dumps({"format": FORMAT, "plan": index + 1, **plan_json(result, index)}))
    print(json.dumps({"format": FORMAT, "model": model, **plans_json(result, plans=False)}), flush=True)
