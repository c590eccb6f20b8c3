"""Runs the LALR(1) tables that Lark compiled from grammars/puz.lark (`_puz_tables.py`, written by
`generate.py`): a scanner and a shift-reduce loop in one, and the tree shaping of Lark's parse-tree
builder.

Lark builds the tables at development time; at run time this module does what Lark's own runtime
would, token for token and tree for tree (tests/test_generated_parser.py compares the two on every
model and on generated text, errors included). It exists for start-up and for speed: Lark's runtime,
even its standalone form, imports logging, dataclasses, inspect, pickle and copy and rebuilds its
tables on every run (30 ms of a 68 ms run, docs/performance.md), and it builds a token object a
token and a tree a rule that the AST is then built from again.

`run` is the one loop. What a reduction makes is the caller's: each rule gets a reducer (see
`compile_rules`), so the same loop builds Lark's tree (`parse`, for the tests and for messages) or the
AST directly (parser.py), with no tree in between. Places are offsets into the text while parsing;
`Lines` turns one into a line and a column only where a node or a message needs it.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from itertools import chain

from ..core.static_types import Any
from . import _puz_tables as tables
from .unexpected import UnexpectedCharacters as UnexpectedCharacters
from .unexpected import UnexpectedInput as UnexpectedInput
from .unexpected import UnexpectedToken as UnexpectedToken

_ACTIONS = tables.ACTIONS
_GOTO = tables.GOTO
_FIND_TOKENS = re.compile(tables.PATTERN, tables.FLAGS).finditer

Place = tuple[int, int, int]  # line, column, offset
Match = re.Match
# A rule's reducer: (the caller's context, the offsets its text starts and ends at (None for a rule
# that matched no text), its children) -> its value. A child is a value, or a token's re.Match.
Reducer = Callable[[Any, "int | None", "int | None", list[Any]], Any]
CompiledRule = tuple[str, int, "Reducer | None"]  # name reduced to, symbols popped, None: pass the one child on


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


class Lines:
    """Where the lines of a text start, to turn an offset into a line and a column (both from 1) when a
    node or a message needs them: the parser itself counts nothing. A line ends at \\n only, as the
    scanner counts (a form feed or U+2028 stays inside its line)."""

    __slots__ = ("starts",)

    def __init__(self, text: str) -> None:
        starts = [0]
        starts += [match.end() for match in re.finditer("\n", text)]
        self.starts = starts

    def place(self, offset: int) -> Place:
        line = bisect_right(self.starts, offset)
        return line, offset - self.starts[line - 1] + 1, offset

    def token(self, match: Match[str]) -> Token:
        """The Token of a match of the scanner, typed as the parser saw it (a keyword retyped)."""
        line, column, start = self.place(match.start())
        end_line, end_column, end = self.place(match.end())
        return Token(terminal_of(match), match.group(), start, line, column, end_line, end_column, end)


def terminal_of(match: Match[str]) -> str:
    """The terminal a match of the scanner is: its group's, or the keyword a NAME's text is (Lark's
    UnlessCallback: `if` scans as NAME and is retyped IF)."""
    kind = match.lastgroup
    assert kind is not None
    words = tables.KEYWORDS.get(kind)
    return kind if words is None else words.get(match.group(), kind)


# ---- errors (their classes: unexpected.py) ---------------------------------------------------


def _bad_character(text: str, pos: int) -> UnexpectedCharacters:
    line, column, _ = Lines(text[:pos]).place(pos)
    return UnexpectedCharacters(text, pos, line, column)


def _bad_token(
    text: str, match: Match[str] | None, last: Match[str] | None, states: list[int], end_state: int
) -> UnexpectedToken:
    """The error for `match`, or for the end of the text (None) after the token `last` (Lark's $END
    token takes the last token's place)."""
    lines = Lines(text)
    if match is not None:
        token = lines.token(match)
    elif last is None:
        token = Token("$END", "", 0, 1, 1)
    else:
        at = lines.token(last)
        token = Token("$END", "", at.start_pos, at.line, at.column, at.end_line, at.end_column, at.end_pos)
    return UnexpectedToken(token, states, end_state)


# ---- the loop ----------------------------------------------------------------------------------

# What the loop does with a terminal before parsing it, beyond looking up its action.
_SKIP, _KEYWORD, _LINE_BREAK, _OPENS, _CLOSES = 1, 2, 3, 4, 5
OPENING = frozenset({"(", "[", "{"})  # inside these a line break is white space
CLOSING = frozenset({")", "]", "}"})
_BRACKETS = {**{text: _OPENS for text in OPENING}, **{text: _CLOSES for text in CLOSING}}
_HANDLING = {name: 0 for name in re.compile(tables.PATTERN).groupindex}
_HANDLING.update({name: _BRACKETS[text] for name, text in tables.LITERALS.items() if text in _BRACKETS})
_HANDLING.update({name: _KEYWORD for name in tables.KEYWORDS})
_HANDLING.update({name: _SKIP for name in tables.IGNORE_TYPES})
_HANDLING["_NL"] = _LINE_BREAK
_NAME_KEYWORDS = tables.KEYWORDS["NAME"]
assert set(tables.KEYWORDS) == {"NAME"}, "the loop retypes NAME's keywords only"
assert all(action.get("$END", -1) < 0 for action in _ACTIONS), "the end of the text is never shifted"


def run(text: str, start: str, rules: tuple[CompiledRule, ...], context: Any) -> Any:
    """The value of `text` parsed from the rule `start`, each rule's value made by its reducer in
    `rules` (see compile_rules). White space and comments are skipped, and a line break inside (), []
    or {} too (parser.join_bracketed_lines, for Lark). Raises UnexpectedInput.

    One loop for scanning and parsing, its tables in local names: this is where a run reads its text."""
    actions, goto, handling, name_keywords, unit_chains = _ACTIONS, _GOTO, _HANDLING, _NAME_KEYWORDS, _UNIT_CHAINS
    state = tables.START[start]  # the state on top; `states` holds those under it, one per value
    states: list[int] = []
    values: list[Any] = []
    starts: list[int | None] = []  # the offsets each value's text starts and ends at
    ends: list[int | None] = []
    end_state = tables.END[start]
    pos = depth = 0
    last = None
    for match in chain(_FIND_TOKENS(text), (None,)):
        if match is None:
            if pos != len(text):
                raise _bad_character(text, pos)
            kind = "$END"
        else:
            begin = match.start()
            if begin != pos:
                raise _bad_character(text, pos)
            pos = match.end()
            kind = match.lastgroup  # type: ignore[assignment]
            todo = handling[kind]
            if todo:
                if todo == _SKIP:
                    continue
                if todo == _KEYWORD:
                    kind = name_keywords.get(match.group(), kind)
                elif todo == _LINE_BREAK:
                    if depth:
                        continue
                elif todo == _OPENS:
                    depth += 1
                elif depth:
                    depth -= 1
            last = match
        while True:
            action = actions[state].get(kind)
            if action is None:
                if match is None and state == end_state:
                    return values[-1]
                raise _bad_token(text, match, last, [*states, state], end_state)
            if action >= 0:
                states.append(state)
                state = action
                values.append(match)
                starts.append(begin)
                ends.append(pos)
                break
            origin, size, reducer = rules[~action]
            if reducer is None:  # rules that pass their one child on, as it is and where it is
                key = (kind, states[-1], state)
                passed = unit_chains.get(key)
                state = unit_chains[key] = _pass_on(kind, *key[1:]) if passed is None else passed
                continue
            if size == 1:  # the value changes, its place does not
                values[-1] = reducer(context, starts[-1], ends[-1], [values[-1]])
            elif size:
                children = values[-size:]
                first, final = starts[-size], ends[-1]
                if first is None or final is None:
                    first, final = _extent(starts[-size:], ends[-size:])
                del values[1 - size:], states[1 - size:], starts[1 - size:], ends[1 - size:]
                values[-1] = reducer(context, first, final, children)
                starts[-1], ends[-1] = first, final
            else:
                states.append(state)
                values.append(reducer(context, None, None, []))
                starts.append(None)
                ends.append(None)
            state = goto[states[-1]][origin]
    raise AssertionError("unreachable: the end of the text ends the loop")


# (terminal, state under, state on top) -> the state on top after the chain of rules that pass their
# one child on (?expr -> ?or_expr -> ... -> ?atom), which the terminal sets off: a chain depends on
# these three alone, and a clue sets off a few such chains a token.
_UNIT_CHAINS: dict[tuple[str, int, int], int] = {}


def _pass_on(kind: str, below: int, state: int) -> int:
    while True:
        action = _ACTIONS[state].get(kind)
        if action is None or action >= 0 or not _PASSES_ON[~action]:
            return state
        state = _GOTO[below][tables.RULES[~action][0]]


def _extent(starts: list[int | None], ends: list[int | None]) -> tuple[int | None, int | None]:
    """Where the first of some children that have a place starts and the last one ends."""
    first = next((start for start in starts if start is not None), None)
    final = next((end for end in reversed(ends) if end is not None), None)
    return first, final


# ---- rules -------------------------------------------------------------------------------------

Kept = tuple[tuple[int, bool, int], ...] | None


# The ?rules that pass their one child on as it is: one symbol, nothing filtered.
_PASSES_ON = tuple(size == 1 and expand1 and kept is None for _, size, _, expand1, kept, _ in tables.RULES)


def compile_rules(reducer_of: Callable[[tables.Rule], Reducer]) -> tuple[CompiledRule, ...]:
    """The tables' rules for `run`, each with the reducer `reducer_of` makes for it; a ?rule that
    passes its one child on as it is gets none, and costs no call."""
    return tuple(
        (rule[0], rule[1], None if passes_on else reducer_of(rule))
        for rule, passes_on in zip(tables.RULES, _PASSES_ON, strict=True)
    )


def child_selector(kept: Kept, after: int) -> Callable[[list[Any]], list[Any]]:
    """The children a rule keeps (Lark's ChildFilterLALR): the kept ones, the lists of _rules spliced
    in, None for an [optional] part that is missing. A rule's value is a list if its name begins
    with '_', for its parent to splice in.

    A spliced first child lends its list to the node (it is used nowhere else): a list of n items is
    built by n reductions of a left-recursive rule, and copying it at each would take n^2 steps."""
    if kept is None:
        return _all_children
    if len(kept) == 1 and kept[0] == (kept[0][0], False, 0) and not after:
        index = kept[0][0]
        return lambda children: [children[index]]
    if not after and all(not splice and not nones for _, splice, nones in kept):
        indices = [index for index, _, _ in kept]
        return lambda children: [children[index] for index in indices]

    def select(children: list[Any]) -> list[Any]:
        kept_children: list[Any] = []
        for index, splice, nones in kept:
            if nones:
                kept_children += [None] * nones
            if not splice:
                kept_children.append(children[index])
            elif kept_children:
                kept_children += children[index]
            else:  # a list rule's left recursion: its list grows in place, not copied each time
                kept_children = children[index]
        if after:
            kept_children += [None] * after
        return kept_children

    return select


def _all_children(children: list[Any]) -> list[Any]:
    return children


def _nothing(context: Any, start: int | None, end: int | None, children: list[Any]) -> None:
    return None


# Rules that make nothing: `run` with them only tells whether the text parses.
CHECK_RULES = compile_rules(lambda rule: _nothing)


# ---- Lark's tree -------------------------------------------------------------------------------


def parse(text: str, start: str = "start") -> Any:
    """The parse tree of `text` from the rule `start`, as Lark builds it. Raises UnexpectedInput."""
    return run(text, start, _tree_rules(), Lines(text))


_TREE_RULES: list[tuple[CompiledRule, ...]] = []


def _tree_rules() -> tuple[CompiledRule, ...]:
    if not _TREE_RULES:
        _TREE_RULES.append(compile_rules(_tree_reducer))
    return _TREE_RULES[0]


def _tree_reducer(rule: tables.Rule) -> Reducer:
    """A rule's Tree (an _rule's list), its tokens made Tokens, its extent set as Lark's
    PropagatePositions sets it; a ?rule with one child is that child, its container grown."""
    _origin, _size, name, expand1, kept, after = rule
    select = child_selector(kept, after)

    def reduce(lines: Lines, first: int | None, final: int | None, children: list[Any]) -> Any:
        for index, child in enumerate(children):
            if isinstance(child, Match):
                children[index] = lines.token(child)
        kept_children = select(children)
        if name.startswith("_"):
            return kept_children
        if expand1 and len(kept_children) == 1:
            child = kept_children[0]
            if isinstance(child, Tree):
                _place(child.meta, lines, first, final)
            return child
        tree = Tree(name, kept_children)
        _place(tree.meta, lines, first, final)
        return tree

    return reduce


def _place(meta: Meta, lines: Lines, first: int | None, final: int | None) -> None:
    """A node's extent: its own, set once when it is made; its container's, grown by the ?rules
    that pass it on with their brackets."""
    if first is None or final is None:
        return
    start, end = lines.place(first), lines.place(final)
    if meta.line is None:
        meta.line, meta.column, meta.start_pos = start
        meta.empty = False
    meta.container_start = start
    if meta.end_line is None:
        meta.end_line, meta.end_column, meta.end_pos = end
        meta.empty = False
    meta.container_end = end
