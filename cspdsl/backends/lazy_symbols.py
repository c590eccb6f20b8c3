"""OR-Tools' native extensions loaded with lazy symbol binding, for the cpsat and cp backends.

Their native layer needs some 115 shared libraries (OR-Tools, SCIP, HiGHS, protobuf, abseil), and
Python loads extensions with RTLD_NOW, which binds every symbol of all of them at once: lazy binding
binds only those a run calls, and took about a fifth off loading them (docs/performance.md, Start-up).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def lazy_symbols() -> Iterator[None]:
    """Extensions imported inside bind their symbols when first called; the flags are put back after."""
    flags = sys.getdlopenflags()
    sys.setdlopenflags(flags & ~os.RTLD_NOW | os.RTLD_LAZY)
    try:
        yield
    finally:
        sys.setdlopenflags(flags)
