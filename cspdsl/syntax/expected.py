"""What could have come where a parse error stopped, in the words a person uses: the terminals the
parser would take there, grouped into a few kinds a person knows (a value, an operator, a relation, a
closing bracket, a comma, the end of the line, a statement), never as grammar names or a list of
punctuation. At most three kinds are named, the ones nearest to what was found."""

from __future__ import annotations

from . import _puz_tables

# The declaration words that are names everywhere else (the grammar's `_word`): where a name may
# come, "a name" says it for them (tests/test_generated_parser.py holds this set to the grammar).
NAME_WORDS = frozenset({
    "ATTRIBUTE", "BOARD", "ELSE", "GIVEN", "PIECES", "PLACE", "POSITIONS", "PUZZLE", "QUESTION", "REGIONS",
    "SHAPE", "SHOW", "START", "GOAL", "ALWAYS", "MOVE",
})
# Terminals that can only start a value; `(`, `[` and `-` start one too, but after a value they are a
# call, an index and a subtraction.
_VALUE_STARTS = frozenset({
    "NAME", "INT", "STRING", "TRUE", "FALSE", "LBRACE", "COUNT_WORD", "NOT", "FORALL", "IF", "EITHER",
})
_MAYBE_VALUE_STARTS = frozenset({"LPAR", "LSQB", "MINUS"})
_ARITHMETIC = frozenset({"PLUS", "MINUS", "STAR", "PERCENT", "__ANON_1"})
_LOGIC = frozenset({"AND", "OR", "IFF"})
_AFTER_A_VALUE = frozenset({"DOT", "LSQB", "LPAR"})  # a field, an index, a call: seldom what is missing
_RELATIONS = frozenset({"COMPARE", "RELATION"})
_RELATION_WORDS = frozenset({"AT", "IN", "NOT"})  # relations too, once a comparison could come
_STATEMENTS = frozenset({"VAR", "LET", "PARAM", "MINIMIZE", "MAXIMIZE"})
_CLOSERS = {"RPAR": "')'", "RSQB": "']'", "RBRACE": "'}'"}
_ENDS = frozenset({"_NL", "$END"})
# Words named only when nothing else could come: the rarer continuations of a construct.
_SECONDARY = frozenset({"SHAPE", "FOR", "WHERE", "ELSE", "VBAR", "BOOL", "OF", "ON", "THEN", "__ANON_0"})

# The kinds, in the order a message names them.
VALUE, CLOSER, COMMA, RELATION, OPERATOR, END, STATEMENT = (
    "value", "closer", "comma", "relation", "operator", "end", "statement"
)
_ORDER = ("word", VALUE, CLOSER, COMMA, RELATION, OPERATOR, END, STATEMENT, "secondary")
# Which kinds are nearest to what was found: after a value-like token, what goes between two values;
# at the end of a line, what finishes a statement; after an operator or a bracket, a value.
_NEAREST = {
    "value": ("word", RELATION, OPERATOR, END, CLOSER, COMMA, VALUE, STATEMENT, "secondary"),
    "end": ("word", VALUE, CLOSER, COMMA, RELATION, OPERATOR, END, STATEMENT, "secondary"),
    "other": ("word", VALUE, CLOSER, COMMA, END, RELATION, OPERATOR, STATEMENT, "secondary"),
}


def kinds(expected: set[str]) -> dict[str, list[str]]:
    """The kinds of what could come, each with its words: {kind: words}; a kind "word" or "secondary"
    holds one or more keywords or signs by their text."""
    names = set(expected)
    if "NAME" in names:
        names -= NAME_WORDS
    found: dict[str, list[str]] = {}
    values = names & _VALUE_STARTS
    after_value = not values
    if values:
        found[VALUE] = [_value_words(names)]
        names -= _VALUE_STARTS | _MAYBE_VALUE_STARTS | {"BOOL"}
    if names & _STATEMENTS:
        found[STATEMENT] = ["a statement (a declaration or a clue)"]
        found.pop(VALUE, None)
        names -= _STATEMENTS | _ENDS  # a blank line, as much as the end of this one
    if names & _RELATIONS:
        found[RELATION] = ["a relation (such as == or same)"]
        names -= _RELATIONS | _RELATION_WORDS
    if names & (_ARITHMETIC | _LOGIC):
        found[OPERATOR] = ["an operator"]
        names -= _ARITHMETIC | _LOGIC | _AFTER_A_VALUE
    elif after_value and names - _AFTER_A_VALUE:
        names -= _AFTER_A_VALUE
    closers = [_CLOSERS[n] for n in sorted(names & set(_CLOSERS))]
    if closers:
        found[CLOSER] = [f"a closing {closers[0]}" if len(closers) == 1 else "a closing bracket"]
    if "COMMA" in names:
        found[COMMA] = ["a comma"]
    if names & _ENDS:
        found[END] = ["the end of the line"]
    rest = names - set(_CLOSERS) - _ENDS - {"COMMA"}
    for group, terminals in (("word", rest - _SECONDARY), ("secondary", rest & _SECONDARY)):
        if terminals:
            found[group] = sorted(literal(t) for t in terminals)
    return found


def _value_words(names: set[str]) -> str:
    """The words for the values that could come: a name, a number, a quoted name, or any value."""
    starts = names & (_VALUE_STARTS | _MAYBE_VALUE_STARTS)
    if starts == {"NAME"}:
        return "a name"
    if starts <= {"INT", "MINUS"}:
        return "a number"
    if starts == {"STRING"}:
        return "a quoted name"
    if starts <= {"NAME", "INT", "MINUS", "STRING"}:
        return "a name, a number or a quoted name"
    return "a value"


def literal(terminal: str) -> str:
    if terminal == "BLOCK":
        return 'a block in triple quotes ("""...""")'
    literal = _puz_tables.LITERALS.get(terminal)
    return terminal.lower() if literal is None else f"'{literal}'"


def expected_words(expected: set[str], found: str = "other") -> str:
    """What could come, in words: at most three kinds, the nearest to a `found` token of kind "value",
    "end" or "other" first, named in their usual order."""
    named = kinds(expected)
    if not named:
        return "nothing more"
    nearest = [kind for kind in _NEAREST[found] if kind in named]
    if len(nearest) > 3 and "secondary" in nearest:
        nearest.remove("secondary")
    kept = sorted(nearest[:3], key=_ORDER.index)
    return join([words for kind in kept for words in named[kind]])


def join(words: list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def found_kind(terminal: str) -> str:
    """How a found token counts for `expected_words`: a value-like token, the end of a line, or other."""
    if terminal in _ENDS:
        return "end"
    if terminal in _VALUE_STARTS | {"LPAR", "LSQB"} or terminal in NAME_WORDS:
        return "value"
    return "other"


def wants_a_value(expected: set[str]) -> bool:
    """Whether a value could come (and not only a name or a number of a declaration)."""
    return bool(expected & _VALUE_STARTS) and bool(expected & {"LPAR", "LSQB", "LBRACE"})
