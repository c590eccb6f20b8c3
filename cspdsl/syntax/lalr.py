"""Runs the LALR(1) tables that Lark compiled from grammars/puz.lark (`_puz_tables.py`, written by
`generate.py`): a scanner, a shift-reduce loop and the tree shaping of Lark's parse-tree builder.

Lark builds the tables at development time; at run time this module does what Lark's own runtime
would, token for token and tree for tree (tests/test_generated_parser.py compares the two on every
model and on generated text, errors included). It exists for start-up: Lark's runtime, even its
standalone form, imports logging, dataclasses, inspect, pickle and copy and rebuilds its tables on
every run: 30 ms of a 68 ms run, side by side (docs/performance.md); these tables are plain literals.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from . import _puz_tables as tables

_SCAN = re.compile(tables.PATTERN, tables.FLAGS).match
_RULES = tables.RULES
_ACTIONS = tables.ACTIONS
_GOTO = tables.GOTO

Place = tuple[int, int, int]  # line, column, offset


class Token(str):
    """A terminal's text with its type and place, as Lark's Token: lines and columns from 1."""

    type: str
    start_pos: int | None
    line: int | None
    column: int | None
    end_line: int | None
    end_column: int | None
    end_pos: int | None

    def __new__(
        cls,
        type: str,
        value: str,
        start_pos: int | None = None,
        line: int | None = None,
        column: int | None = None,
        end_line: int | None = None,
        end_column: int | None = None,
        end_pos: int | None = None,
    ) -> Token:
        token = super().__new__(cls, value)
        token.type = type
        token.start_pos, token.line, token.column = start_pos, line, column
        token.end_line, token.end_column, token.end_pos = end_line, end_column, end_pos
        return token

    @property
    def value(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"


class Meta:
    """A node's extent: from its first token to its last, `container_*` including the brackets and
    keywords of rules inlined into it (Lark's PropagatePositions). Lines and columns from 1."""

    __slots__ = (
        "column", "container_end", "container_start", "empty", "end_column", "end_line", "end_pos", "line",
        "start_pos",
    )

    def __init__(self) -> None:
        self.empty = True
        self.line: int | None = None
        self.column: int | None = None
        self.start_pos: int | None = None
        self.end_line: int | None = None
        self.end_column: int | None = None
        self.end_pos: int | None = None
        self.container_start: Place = (0, 0, 0)
        self.container_end: Place = (0, 0, 0)


class Tree:
    """A rule's node: its name (the rule's or its alias), its kept children and its Meta."""

    __slots__ = ("children", "data", "meta")

    def __init__(self, data: str, children: list[object], meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self.meta = meta if meta is not None else Meta()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tree) and (self.data, self.children) == (other.data, other.children)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"


# ---- errors ------------------------------------------------------------------------------------


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
        origin, size = _RULES[~action][:2]
        if size:
            del stack[-size:]
        stack.append(_GOTO[stack[-1]][origin])
        if terminal == "$END" and stack[-1] == end_state:
            return True


# ---- scanning ----------------------------------------------------------------------------------


def scan(text: str) -> Iterator[Token]:
    """The text's tokens, white space and comments skipped (Lark's BasicLexer)."""
    keywords, ignore, newline_types = tables.KEYWORDS, tables.IGNORE_TYPES, tables.NEWLINE_TYPES
    pos, line, line_start, size = 0, 1, 0, len(text)
    while pos < size:
        match = _SCAN(text, pos)
        if match is None:
            raise UnexpectedCharacters(text, pos, line, pos - line_start + 1)
        value, kind = match.group(), match.lastgroup
        assert kind is not None
        start, start_line, start_column = pos, line, pos - line_start + 1
        if kind in newline_types:
            newlines = value.count("\n")
            if newlines:
                line += newlines
                line_start = pos + value.rindex("\n") + 1
        pos += len(value)
        if kind in ignore:
            continue
        if kind in keywords:
            kind = keywords[kind].get(value, kind)
        yield Token(kind, value, start, start_line, start_column, line, pos - line_start + 1, pos)


# ---- parsing -----------------------------------------------------------------------------------


def parse(
    text: str, start: str = "start", postlex: Callable[[Iterator[Token]], Iterable[Token]] | None = None
) -> object:
    """The parse tree of `text` from the rule `start`. Raises UnexpectedInput."""
    tokens: Iterable[Token] = scan(text) if postlex is None else postlex(scan(text))
    states = [tables.START[start]]
    values: list[object] = []
    end_state = tables.END[start]
    last = None
    for token in tokens:
        _feed(token, states, values, end_state)
        last = token
    if last is None:
        end = Token("$END", "", 0, 1, 1)
    else:
        end = Token("$END", "", last.start_pos, last.line, last.column, last.end_line, last.end_column, last.end_pos)
    while True:
        action = _ACTIONS[states[-1]].get("$END")
        if action is None or action >= 0:
            raise UnexpectedToken(end, states, end_state)
        _reduce(~action, states, values)
        if states[-1] == end_state:
            return values[-1]


def _feed(token: Token, states: list[int], values: list[object], end_state: int) -> None:
    """Reduce as the token asks, then shift it."""
    while True:
        action = _ACTIONS[states[-1]].get(token.type)
        if action is None:
            raise UnexpectedToken(token, states, end_state)
        if action >= 0:
            states.append(action)
            values.append(token)
            return
        _reduce(~action, states, values)


def _reduce(rule: int, states: list[int], values: list[object]) -> None:
    origin, size, name, expand1, kept, after = _RULES[rule]
    if size == 1 and expand1 and kept is None:  # a ?rule passing its one child on, as it is and where it is
        del states[-1]
        states.append(_GOTO[states[-1]][origin])
        return
    if size:
        children = values[-size:]
        del states[-size:]
        del values[-size:]
    else:
        children = []
    states.append(_GOTO[states[-1]][origin])
    values.append(_node(name, expand1, kept, after, children))


def _node(
    name: str, expand1: bool, kept: tuple[tuple[int, bool, int], ...] | None, after: int, children: list[object]
) -> object:
    """The rule's value (Lark's ChildFilterLALR, ExpandSingleChild and PropagatePositions): the
    kept children, _rules spliced in, placeholders None; a ?rule with one child is that child.

    A spliced first child lends its list to the node (it is used nowhere else): a list of n items is
    built by n reductions of a left-recursive rule, and copying it at each would take n^2 steps."""
    if kept is None:
        filtered = list(children)
    else:
        filtered = []
        for index, splice, nones in kept:
            if nones:
                filtered += [None] * nones
            child = children[index]
            if splice:
                assert isinstance(child, Tree)
                if filtered:
                    filtered += child.children
                else:  # a list rule's left recursion: its list grows in place, not copied each time
                    filtered = child.children
            else:
                filtered.append(child)
        if after:
            filtered += [None] * after
    result = filtered[0] if expand1 and len(filtered) == 1 else Tree(name, filtered)
    if isinstance(result, Tree):
        _place(result.meta, children)
    return result


def _place(meta: Meta, children: list[object]) -> None:
    """Set the node's extent from the first and the last of its children that have one."""
    first = last = None
    for child in children:  # plain loops: this runs once a reduction, the parser's busiest step
        first = _extent(child, False)
        if first is not None:
            break
    if first is None:
        return
    for child in reversed(children):
        last = _extent(child, True)
        if last is not None:
            break
    assert last is not None
    if meta.line is None:  # a ?rule's child keeps its own start, and gets its container's
        meta.line, meta.column, meta.start_pos = first
        meta.empty = False
    meta.container_start = first
    if meta.end_line is None:
        meta.end_line, meta.end_column, meta.end_pos = last
        meta.empty = False
    meta.container_end = last


def _extent(child: object, end: bool) -> Place | None:
    """Where a child starts (or ends), a node by its container's extent; None if it has no place."""
    if isinstance(child, Token):
        if end:
            return child.end_line, child.end_column, child.end_pos  # type: ignore[return-value]
        return child.line, child.column, child.start_pos  # type: ignore[return-value]
    if isinstance(child, Tree) and not child.meta.empty:
        return child.meta.container_end if end else child.meta.container_start
    return None


def transform(tree: object, builder: object) -> object:
    """Bottom-up, each Tree to `builder.<its name>(meta, *children)`; a name the builder lacks
    keeps its Tree (Lark's Transformer with v_args(meta=True, inline=True)). With a stack of its
    own, not recursion: a sum of a thousand terms written out is a tree a thousand deep."""
    done: list[object] = []
    stack: list[tuple[object, bool]] = [(tree, False)]
    while stack:
        node, children_done = stack.pop()
        if not isinstance(node, Tree):
            done.append(node)
        elif not children_done:
            stack.append((node, True))
            stack.extend((child, False) for child in reversed(node.children))
        else:
            count = len(node.children)
            children = done[len(done) - count:]
            del done[len(done) - count:]
            method = None if node.data.startswith("_") else getattr(builder, node.data, None)  # no helper
            done.append(Tree(node.data, children, node.meta) if method is None else method(node.meta, *children))
    return done[0]
