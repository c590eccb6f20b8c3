"""A model read from a file, standard input or a string, parsed, lowered and checked once: the
`Lowered` model every command and API function starts from."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

from ..core.collector import no_cycle_collection
from ..core.errors import CspdslError
from ..ir import validate
from ..syntax.plain import parse_model
from . import Lowered, lower
from .sizes import SizeLimits


def load(
    path: str | os.PathLike[str], params: Mapping[str, object] | None = None, limits: SizeLimits | None = None
) -> Lowered:
    """Read, parse, check and lower a model file (`-` reads standard input; a name that is no file,
    such as `einstein`, one of the bundled examples, `cspdsl.core.examples`), held to `limits`."""
    if str(path) == "-":
        return loads(read_stdin(), "<stdin>", params, limits)
    if not os.path.exists(path):
        from ..core.examples import example_path  # here: a path that is a file needs no look-up

        path = example_path(str(path)) or path
    try:
        with open(path, encoding="utf-8") as file:  # not pathlib: 3 ms of start-up to import
            text = file.read()
    except OSError as error:
        hint = missing_hint(str(path))
        raise CspdslError(f"cannot read model '{path}': {error.strerror or error}", hint=hint) from None
    except UnicodeDecodeError:
        raise CspdslError(f"cannot read model '{path}': it is not UTF-8 text") from None
    return loads(text, str(path), params, limits)


def missing_hint(path: str) -> str | None:
    """Where a model that is no file may be instead: the bundled example of its file's name (a
    snippet written in a clone, `models/einstein.puz`, run where only the installed package is),
    or the list of examples, for a bare name."""
    if os.path.exists(path):
        return None
    from ..core.examples import example_path

    name = os.path.basename(path.replace("\\", "/").rstrip("/"))
    name = name[: -len(".puz")] if name.endswith(".puz") else name
    if name != path and example_path(name) is not None:
        return f"the bundled example of that name is load('{name}') in Python, 'cspdsl solve {name}' on the " \
               "command line"
    bare = os.sep not in path and "/" not in path
    return "'cspdsl examples' lists the models that come with cspdsl" if bare else None


def read_stdin() -> str:
    """Standard input, read as strictly as a model file: text that is not UTF-8 is refused (the text
    layer of sys.stdin would pass its bytes on as lone surrogates), and so is a closed stdin (`<&-`)."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise CspdslError("cannot read the model from standard input: it is closed")
    buffer = getattr(stream, "buffer", None)
    try:
        if buffer is None:  # a text stream without bytes under it (io.StringIO): its text as it is
            return stream.read()
        text: str = buffer.read().decode("utf-8")
    except OSError as error:
        raise CspdslError(f"cannot read the model from standard input: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise CspdslError("cannot read the model from standard input: it is not UTF-8 text") from None
    return text


def loads(
    text: str, name: str = "<model>", params: Mapping[str, object] | None = None, limits: SizeLimits | None = None
) -> Lowered:
    """Parse, check and lower a model given as text, held to `limits` (the sizes a model may reach:
    `lower/sizes.py`). The IR's own rules are checked once here, before any backend sees the problem
    (a break is a bug in lowering: `ir.InvalidProblem`). The cycle collector is paused throughout, as
    lowering pauses it: the AST and the IR are kept, and each collection would walk them again."""
    with no_cycle_collection():
        lowered = lower(parse_model(text, name), params, limits)
        validate(lowered.problem)
    lowered.text, lowered.name, lowered.params = text, name, dict(params or {})
    return lowered
