"""The garbage collector's cycle search paused around work that keeps nearly all it makes.

Lowering keeps its IR, a SAT compile a list per clause, a small solve its CNF and solver until it
returns: each collection they set off walks every object made so far and frees nothing (a third of
the lowering of 100 queens, a fifth to a half of their compile, a tenth of a solve of Einstein).
Their objects go by reference counting; the pause is lifted as it was, even on an error.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """The cycle collector off within the block, restored to what it was after it."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
