"""Solutions drawn as SVG pictures, in the puzzle's own shape (`Result.to_svg`, `cspdsl solve --svg`):
plain text built with the standard library, the same bytes for the same solution.

`canvas.py` writes the elements and lays out blocks; `grids.py` (givens, regions, shading, stars),
`loops.py`, `boards.py`, `tilings.py` and `tables.py` (entity tables, `name = value`) each draw one kind
of part; `picture.py` puts a solution's parts together, and a plan's states in a strip; `marks.py`
holds what the model's text adds (region maps, loops) and the givens read from the IR."""

from .marks import Marks
from .picture import partial_svg, plan_svg, solution_svg

__all__ = ["Marks", "partial_svg", "plan_svg", "solution_svg"]
