"""Solutions drawn for a person: as text (`solution.py`: entity tables, grids, boards in their
drawing's shape, the answers in words; `tiling_text.py`), as HTML for notebooks, for rich
(`rich_display.py`), as SVG pictures in the puzzle's shape (`svg/`), and read the way the puzzle
reads (`solution_view.py`)."""

from .solution import answers, render_solution

__all__ = ["answers", "render_solution"]
