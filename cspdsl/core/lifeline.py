"""A forked process that cannot outlive the process that forked it.

A batch's worker forks a search of its own (`backends/child.py`) when its solver has no time limit of
its own. If the worker is killed from outside, the search would run on, orphaned, until its time limit,
holding copies of the worker's pipes: the batch, waiting for the worker's end of file, would wait for
it too. So a forked child asks the kernel to kill it when its parent dies (Linux's
`PR_SET_PDEATHSIG`), and closes every descriptor it inherited but the ones it uses, so that no pipe of
its parent's stays open through it whatever the platform.

`ctypes` (2 ms) is imported by the parent before it forks (`prepare`), not by each child.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def prepare() -> None:
    """Import in this process, before a fork, what `bind_to_parent` needs in the child."""
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: F401


def bind_to_parent(parent_pid: int, keep: tuple[int, ...]) -> None:
    """In a freshly forked child: be killed when `parent_pid` ends (where the kernel can do it), end
    now if it already has, and close every inherited descriptor above 2 but `keep`."""
    if sys.platform.startswith("linux"):
        _die_with_parent()
    if os.getppid() != parent_pid:  # the parent died before the request took hold
        os._exit(1)
    _close_all_but(keep)


def _die_with_parent() -> None:
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _close_all_but(keep: tuple[int, ...]) -> None:
    """Close the descriptors from 3 up, but those in `keep`: those listed in /proc/self/fd where there
    is one (a limit of open files may be in the billions), else up to the limit."""
    try:
        open_now = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        open_now = list(range(3, min(int(os.sysconf("SC_OPEN_MAX")), 1 << 16)))
    for fd in open_now:
        if fd > 2 and fd not in keep:
            with contextlib.suppress(OSError):  # the listing's own descriptor, closed already
                os.close(fd)
