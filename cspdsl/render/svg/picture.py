"""A solution drawn as one SVG, in the order `render_solution` prints its parts: the entity table,
the grids (a loop's two grids as its loop), the boards, the tilings, the other variables as
`name = value`, then the answers; a board part way through (an explanation's step); and a sequential
puzzle's plan as a strip of its states."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...ir import Problem
from ...lower.layout import Layout
from ..solution import answers
from .boards import board_block
from .canvas import GAP, Block, caption, column, document, row
from .grids import grid_block
from .loops import loop_block
from .marks import Marks, fixed_values
from .tables import entity_block, scalars_block, words_block
from .tilings import tiling_block

NOTHING = "The clues hold; the model has no variables to show."
STRIP_WIDTH = 1100  # a plan's strip wraps to a new row of states past this width


def solution_svg(layout: Layout, solution: Mapping[str, int], problem: Problem | None = None,
                 marks: Marks | None = None) -> str:
    """The picture of one solution, under the puzzle's title. `problem` tells the givens apart (the
    cells it fixes); `marks` adds the regions and loops the model's text draws."""
    body = parts_block(layout, solution, fixed_values(problem), marks or Marks(), with_answers=True)
    return document(_titled(layout, body), layout.title or "solution")


def partial_svg(layout: Layout, known: Mapping[str, int], problem: Problem | None = None,
                marks: Marks | None = None) -> str:
    """A board part way through its solution (an explanation's step): the values `known` so far
    drawn, the others left blank, those in `marks.fresh` set apart as just found; no answers."""
    body = parts_block(layout, known, fixed_values(problem), marks or Marks(), with_answers=False)
    return document(_titled(layout, body), layout.title or "solution")


def plan_svg(layout: Layout, states: Sequence[Mapping[str, int]], moves: list[str], problem: Problem | None = None,
             marks: Marks | None = None) -> str:
    """A plan as a strip of states: the start, then each move in words over the state it leads to."""
    fixed, marks = fixed_values(problem), marks or Marks()
    captions = ["start", *(f"{number}. {words}" for number, words in enumerate(moves, start=1))]
    frames = [column([caption(words, 14, weight="bold"), parts_block(layout, state, fixed, marks, with_answers=False)],
                     gap=6) for words, state in zip(captions, states, strict=True)]
    return document(_titled(layout, column(_wrapped(frames), gap=2 * GAP)), layout.title or "plan")


def parts_block(layout: Layout, solution: Mapping[str, int], fixed: Mapping[str, int], marks: Marks,
                with_answers: bool) -> Block:
    """Every part of the model with its values, one under another (then the answers)."""
    parts = []
    if layout.entities is not None and layout.entities.attributes:
        parts.append(entity_block(layout.entities, solution, marks.fresh))
    parts += _grid_blocks(layout, solution, fixed, marks)
    parts += [board_block(board, solution, layout, fixed, marks.fresh) for board in layout.boards]
    parts += [tiling_block(tiling, solution) for tiling in layout.tilings]
    if layout.scalars:
        parts.append(scalars_block(layout, solution, marks.fresh))
    answered = answers(layout, dict(solution)) if with_answers else []
    if answered:
        parts.append(words_block(answered))
    if not parts:
        parts.append(words_block([NOTHING]))
    return column(parts, gap=2 * GAP)


def _grid_blocks(layout: Layout, solution: Mapping[str, int], fixed: Mapping[str, int], marks: Marks) -> list[Block]:
    """Each grid drawn, but the two grids of a loop drawn as their loop, where the first of them is."""
    by_name = {grid.name: grid for grid in layout.grids}
    loops: dict[str, Block] = {}
    for h, v in marks.loops:
        drawn = loop_block(by_name[h], by_name[v], solution, fixed) if h in by_name and v in by_name else None
        if drawn is not None:
            loops[h], loops[v] = drawn, Block(0, 0)  # the loop stands where h is; v adds nothing
    blocks = []
    for grid in layout.grids:
        if grid.name not in loops:
            blocks += [grid_block(layer, solution, layout, marks, fixed) for layer in grid.layers()]
        elif loops[grid.name].elements:
            blocks.append(loops[grid.name])
    return blocks


def _titled(layout: Layout, body: Block) -> Block:
    return column([caption(layout.title, 20, weight="bold"), body]) if layout.title else body


def _wrapped(frames: list[Block]) -> list[Block]:
    """The frames in rows no wider than STRIP_WIDTH (a frame wider than that alone in its row)."""
    rows: list[list[Block]] = []
    width = 0.0
    for frame in frames:
        if rows and width + GAP * 2 + frame.width <= STRIP_WIDTH:
            rows[-1].append(frame)
            width += GAP * 2 + frame.width
        else:
            rows.append([frame])
            width = frame.width
    return [row(frames_in_row, gap=2 * GAP) for frames_in_row in rows]


