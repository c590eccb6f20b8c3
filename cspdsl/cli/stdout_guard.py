"""Standard output that tells its own write failures apart from every other OSError.

A command's output can fail to be written (a full disk: `cspdsl solve m.puz > /dev/full`, a device
error): that is neither the model's fault nor a bug, and the command says so in one line and exits
with its own code. Catching OSError around a whole command would also take a failing fork or an
unreadable file for it; so, for the length of a command, sys.stdout is a thin wrapper whose writes
and flushes turn such an error into `OutputFailed`. A closed reader (BrokenPipeError) passes through
unchanged: the command line stops quietly then, as a Unix filter does.

A file named for the output (`batch --out FILE`, `compile --output FILE`) is the output too: its
writes are guarded the same way (`output_file`), so that a full disk ends every command alike. A
file that cannot be opened is the user's to fix (exit code 2), not a failed write.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

from ..core.errors import CspdslError, OutputFailed
from ..core.static_types import Any


class _Guarded:
    """A text stream whose write and flush raise OutputFailed for an OSError; the rest is the stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            written: int = self._stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputFailed(error.strerror or str(error)) from None
        return written

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputFailed(error.strerror or str(error)) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Closed:
    """Standard output that was closed before the command started (`>&-`, where sys.stdout is None):
    the first write fails as a write to a full disk does, rather than losing the output in silence."""

    def write(self, text: str) -> int:
        raise OutputFailed("standard output is closed")

    def flush(self) -> None:
        pass


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """sys.stdout guarded for the body, and flushed at its end, so that a failure of the last write
    is reported here and not by the interpreter at exit."""
    original = sys.stdout
    sys.stdout = _Closed() if original is None else _Guarded(original)
    try:
        yield
        sys.stdout.flush()
    finally:
        sys.stdout = original


@contextlib.contextmanager
def output_file(path: str | None) -> Iterator[Any]:
    """The stream a command writes its output to: standard output (guarded by `guarded_stdout`) or,
    given a path, that file guarded alike, flushed before it is closed so that a failure of its last
    write is OutputFailed too."""
    if path is None:
        yield sys.stdout
        return
    try:
        file = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed below, after its last flush)
    except OSError as error:
        raise CspdslError(f"cannot write '{path}': {error.strerror or error}") from None
    try:
        guarded = _Guarded(file)
        yield guarded
        guarded.flush()
    finally:
        with contextlib.suppress(OSError):  # a failed write, said already: what it left in the buffer fails again
            file.close()
