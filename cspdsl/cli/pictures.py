"""`cspdsl solve --svg FILE` and `--png FILE`: the first solution (or plan) drawn as a picture
(`Result.to_svg`, `render/svg/`), written beside what the command prints.

The paths are checked before the search spends its time: a folder that does not exist, or `--png`
without cairosvg (the optional extra `png`), is the user's to fix (exit 2). A file that cannot be
opened is too, as for `compile --output` (`stdout_guard.output_file`); a write that fails once the file
is open (a full disk) is `OutputFailed`, the command's exit code 74, as for standard output."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys

from ..core.errors import CspdslError, OutputFailed
from ..core.static_types import Any

EXTRA = "pip install 'cspdsl[png]' (cairosvg), or write an SVG picture with --svg"


def check_picture_paths(args: argparse.Namespace) -> None:
    """Refuse a picture that could not be written, before the search: its folder missing, or a PNG
    without cairosvg."""
    for flag, path in (("--svg", args.svg), ("--png", args.png)):
        folder = os.path.dirname(path) if path else ""
        if folder and not os.path.isdir(folder):
            raise CspdslError(f"{flag} {path}: the folder '{folder}' does not exist")
    if args.png:
        _cairosvg()


def write_pictures(result: Any, args: argparse.Namespace) -> None:
    """Draw the first solution (or plan) into the files asked for; without one, say there is none."""
    if not (args.svg or args.png):
        return
    from ..driver.result import PlanResult

    if not (result.plans if isinstance(result, PlanResult) else result.solutions):
        print("no picture written: there is no solution to draw", file=sys.stderr)
        return
    svg = result.to_svg()
    if args.svg:
        write_bytes(args.svg, svg.encode("utf-8"))
        print(f"wrote {args.svg}", file=sys.stderr)
    if args.png:
        write_bytes(args.png, _cairosvg().svg2png(bytestring=svg.encode("utf-8")))
        print(f"wrote {args.png}", file=sys.stderr)


def write_bytes(path: str, data: bytes) -> None:
    """`data` into the file at `path`: a file that cannot be opened is a CspdslError (exit 2), a
    write that fails (a full disk) OutputFailed (exit 74)."""
    try:
        file = open(path, "wb")  # noqa: SIM115 (closed below, its failures told apart from the open's)
    except OSError as error:
        raise CspdslError(f"cannot write '{path}': {error.strerror or error}") from None
    try:
        file.write(data)
        file.flush()
    except OSError as error:
        raise OutputFailed(f"{path}: {error.strerror or error}") from None
    finally:
        with contextlib.suppress(OSError):  # a failed write, said already: what it left in the buffer fails again
            file.close()


def _cairosvg() -> Any:
    """cairosvg, or the error that says how to get it."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: the package is there but its cairo library is not
        raise CspdslError("--png needs cairosvg, the optional extra 'png'", hint=EXTRA) from None
    return cairosvg
