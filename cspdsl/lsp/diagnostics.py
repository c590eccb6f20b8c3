"""A model's problems as the editor's diagnostics: the words and hint `cspdsl check` prints, over the
span of the fault.

A hint that names the likely word (`did you mean 'red'?`, `core.errors.did_you_mean`) carries that
word in the diagnostic's `data`, for the code action that puts it in place (`actions.py`).
"""

from __future__ import annotations

import re

from lsprotocol import types

from .analysis import ERROR, Analysis, Problem
from .ranges import Places

SOURCE = "cspdsl"
# How `core.errors.did_you_mean` words its hint (tests/test_lsp_index.py holds the two together).
# A name of several words is suggested in double quotes (`did you mean "last name"?`).
_DID_YOU_MEAN = re.compile(r"""did you mean (?:'(.+?)'|"(.+?)")\?""")


def diagnostics(analysis: Analysis, places: Places) -> list[types.Diagnostic]:
    """The diagnostics of a text's problems."""
    return [diagnostic(problem, places) for problem in analysis.problems]


def diagnostic(problem: Problem, places: Places) -> types.Diagnostic:
    """One problem: its message and hint in the CLI's words, at its span, with the suggested word."""
    severity = types.DiagnosticSeverity.Error if problem.severity == ERROR else types.DiagnosticSeverity.Warning
    message = problem.message + (f"\nhint: {problem.hint}" if problem.hint else "")
    suggested = suggestion(problem.hint)
    data = {"replacement": suggested} if suggested is not None and problem.span is not None else None
    return types.Diagnostic(places.range(problem.span), message, severity=severity, source=SOURCE, data=data)


def suggestion(hint: str | None) -> str | None:
    """The word a "did you mean" hint suggests, if the hint is one."""
    found = _DID_YOU_MEAN.search(hint or "")
    return (found.group(1) or found.group(2)) if found else None
