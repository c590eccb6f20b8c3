"""`cspdsl compare`: one model on several backends, side by side (`runs.py`), whether they agree, the
table (`table.py`) and the chart (`chart.py`)."""

from .rows import Row, Run
from .runs import compare_backends, disagreement
from .table import render_table, seconds, table_rows

__all__ = ["Row", "Run", "compare_backends", "disagreement", "render_table", "seconds", "table_rows"]
