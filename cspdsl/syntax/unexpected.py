"""The syntax errors of the LALR loop (lalr.py), shaped as Lark's: where the text stopped fitting the
grammar, and for a token the parser could not take, which terminals it would have taken there."""

from __future__ import annotations

from ..core.static_types import TYPE_CHECKING
from . import _puz_tables as tables

if TYPE_CHECKING:
    from .lalr import Token

_ACTIONS = tables.ACTIONS
_GOTO = tables.GOTO


class UnexpectedInput(Exception):
    """A syntax error at (line, column), both from 1."""

    def __init__(self, line: int, column: int) -> None:
        super().__init__(f"unexpected input at line {line}, column {column}")
        self.line = line
        self.column = column


class UnexpectedCharacters(UnexpectedInput):
    """No terminal matches the text at `pos`."""

    def __init__(self, text: str, pos: int, line: int, column: int) -> None:
        super().__init__(line, column)
        self.pos = pos
        self.char = text[pos]


class UnexpectedToken(UnexpectedInput):
    """The parser has no action for `token` (type "$END" at the end of the text) in its state.

    `expected` is the state's terminals, as Lark gives them; `accepts()` tries each one and keeps
    those the parser would really take next (LALR merges states, so some fail one reduction later).
    """

    def __init__(self, token: Token, state_stack: list[int], end_state: int) -> None:
        super().__init__(token.line or 1, token.column or 1)
        self.token = token
        self.expected = set(_ACTIONS[state_stack[-1]])
        self._stack = state_stack
        self._end_state = end_state

    def accepts(self) -> set[str]:
        return {t for t in self.expected if _would_take(list(self._stack), t, self._end_state)}


def _would_take(stack: list[int], terminal: str, end_state: int) -> bool:
    """Whether the parser with this state stack would shift `terminal` after its reductions (or,
    for "$END", reduce to the end)."""
    while True:
        action = _ACTIONS[stack[-1]].get(terminal)
        if action is None:
            return False
        if action >= 0:
            return True
        origin, size = tables.RULES[~action][:2]
        if size:
            del stack[-size:]
        stack.append(_GOTO[stack[-1]][origin])
        if terminal == "$END" and stack[-1] == end_state:
            return True
