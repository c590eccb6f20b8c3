"""The language server of `.puz` models, `cspdsl lsp`: diagnostics in `cspdsl check`'s words,
completion, hover, definitions and references, an outline and quick fixes for "did you mean" hints.

pygls and lsprotocol are an optional extra (`pip install 'cspdsl[lsp]'`): only `serve` needs them,
and it says so when they are missing.

- analysis.py: one text read: its problems (as `lower.load.loads` finds them), its names, its lowering
- symbols.py: the index of declared names and their uses, from the AST
- diagnostics.py, completion.py, hover.py, navigation.py, actions.py: one feature each
- ranges.py: cspdsl's lines and columns to the protocol's; server.py: the wiring
"""

from __future__ import annotations

from ..core.errors import CspdslError

INSTALL = "pip install 'cspdsl[lsp]'"


def serve() -> int:
    """Run the language server on standard input and output; 0 when the editor ends it."""
    try:
        import lsprotocol  # noqa: F401  (only to tell whether it is installed)
        import pygls  # noqa: F401
    except ImportError:
        raise CspdslError("'cspdsl lsp' needs pygls and lsprotocol, which are not installed",
                          hint=f"install them with: {INSTALL}") from None
    from .server import start

    start()
    return 0
