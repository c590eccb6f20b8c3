"""The IR written flat (`cspdsl compile --to minizinc` of a problem without its source, and of a
sequential puzzle): each variable on its own, each constraint under a comment naming the clue's line,
and an output item that prints the shown variables as `name = value` (MiniZinc tells `-a` solutions
apart on the output, so a model's hidden variables count there as here)."""

from __future__ import annotations

from ...core.errors import CspdslError, Span
from ...ir import Problem
from ...passes.unroll import action, at, unroll
from .writers import Refs, domain_text, identifiers, include_lines, includes, string, terms_text, write


def line_comment(span: Span) -> str:
    """`% line 12: Brit same red`: the clue's first line, without its comment."""
    return f"% line {span.line}: {span.text.split('#', 1)[0].strip()}"


def flat_minizinc(problem: Problem, source: str = "") -> str:
    """The problem in MiniZinc: solve with `minizinc --solver gecode -a FILE` for every solution (of a
    model with an objective, `solve minimize` or `solve maximize`: the optimum). A sequential puzzle
    is written unrolled over its bound (`_plans_in_minizinc`)."""
    if problem.sequential is not None:
        return _plans_in_minizinc(problem, source)
    names = identifiers(list(problem.variables))
    lines = _model_lines(problem, names, source)
    lines += ["", solve_item(problem, names), "", "output ["]
    lines += [f'  "{name} = ", show({names[name]}), "\\n",' for name in problem.outputs]
    lines.append("];")
    return "\n".join(lines) + "\n"


def _model_lines(problem: Problem, names: Refs, source: str) -> list[str]:
    """The model but its solve and output items: the globals it includes, its variables, its constraints."""
    lines = [f"% cspdsl model of {source}" if source else "% cspdsl model"]
    lines += include_lines(includes(p.constraint for p in problem.constraints))
    lines.append("")
    for name, var in problem.variables.items():
        lines.append(f"var {domain_text(var.domain)}: {names[name]};  % {name}")
    lines.append("")
    for posted in problem.constraints:
        if posted.span is not None:
            lines.append(line_comment(posted.span))
        lines.append(f"constraint {write(posted.constraint, names)};")
    return lines


def _plans_in_minizinc(problem: Problem, source: str) -> str:
    """A sequential puzzle unrolled over its bound, as the exact backends solve it (`passes/unroll.py`):
    each solution a plan of at most `steps` moves, ended at its first goal state. `minimize steps`
    is a `solve minimize` of the moves made (one shortest plan: MiniZinc has no deepening to find them
    all). The output: the start state, then the moves in words, numbered."""
    seq = problem.sequential
    assert seq is not None
    if seq.bound is None:
        raise CspdslError("MiniZinc takes a sequential puzzle unrolled over a bound on its steps, and this "
                          "one has no bound", seq.shortest_span or seq.span,
                          "add 'steps <= N' to export its plans of at most N moves")
    unrolled = unroll(problem, seq.bound)
    names = identifiers(list(unrolled.variables))
    moves = [names[action(step)] for step in range(1, seq.bound + 1)]
    lines = _model_lines(unrolled, names, source)
    lines.insert(1, f"% unrolled over {seq.bound} steps: x_t is x after t moves, move_t the t-th move made (0: the "
                    "plan has ended)")
    words = ", ".join(string(move.name) for move in seq.moves)
    lines += ["", f"array[1..{len(seq.moves)}] of string: move_words = [{words}];", ""]
    made = " + ".join(f"bool2int({move} > 0)" for move in moves) or "0"
    lines.append(f"solve minimize {made};" if seq.shortest else "solve satisfy;")
    lines += ["", "output ["]
    lines += [f'  "{name} = ", show({names[at(name, 0)]}), "\\n",' for name in seq.state]
    lines += [f'  if fix({move}) > 0 then "{step}. " ++ move_words[fix({move})] ++ "\\n" else "" endif,'
              for step, move in enumerate(moves, start=1)]
    lines.append("];")
    return "\n".join(lines) + "\n"


def solve_item(problem: Problem, names: Refs) -> str:
    """`solve satisfy;`, or `solve minimize/maximize SUM;` under a comment naming the objective's line."""
    objective = problem.objective
    if objective is None:
        return "solve satisfy;"
    if objective.lexicographic:  # one sum in the list's order (MiniZinc takes one objective)
        objective = objective.weighted(problem.domains())
    total = terms_text(objective.terms, names) if objective.terms else ""
    if objective.constant or not total:
        total = f"{total} + {objective.constant}" if total else str(objective.constant)
    where = f"{line_comment(objective.span)}\n" if objective.span else ""
    return f"{where}solve {objective.sense} {total};"
