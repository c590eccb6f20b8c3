"""The mistakes people new to the language make, each with a located message (file:line:col and a
caret, exit 2 from the command line) and a hint in words: never the grammar's token names or a list
of punctuation. A hint that names the likely word ("did you mean 'next_to'?") is one the language
server offers as a quick fix over the error's span: putting the word there repairs the model."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fuzz_text import mutated, seed_texts
from helpers import run_cli

from cspdsl.api import loads
from cspdsl.core.errors import CspdslError
from cspdsl.syntax import _puz_tables
from cspdsl.syntax.parser import parse
from cspdsl.syntax.plain import PLAIN_FROM

HOUSES = "positions house = 1..3\nattribute nationality: Brit, Dane, Swede\nattribute colour: red, green, blue\n"
XY = "var x in 1..3\nvar y in 1..3\n"

# id -> (the model, where the error is (line:column), a piece of its message, a piece of its hint)
MISTAKES: dict[str, tuple[str, str, str, str]] = {
    # ---- a misspelt word: did you mean ----------------------------------------------------------
    "misspelt-attribute": (
        "positions house = 1..3\natribute colour: red, green, blue\n", "2:1",
        "unknown word 'atribute' at the start of a statement", "did you mean 'attribute'?",
    ),
    "misspelt-positions": ("positons house = 1..3\n", "1:1", "unknown word 'positons'", "did you mean 'positions'?"),
    "misspelt-question": (
        HOUSES + 'quesiton "Who?": "The {nationality[red]}"\n', "4:1", "unknown word 'quesiton'",
        "did you mean 'question'?",
    ),
    "relation-words-swapped": (
        HOUSES + "Brit left_of_directly red\n", "4:6", "unknown relation 'left_of_directly'",
        "did you mean 'directly_left_of'?",
    ),
    "relation-without-underscore": (HOUSES + "Brit nextto red\n", "4:6", "unknown relation 'nextto'",
                                    "did you mean 'next_to'?"),
    "relation-in-english": (HOUSES + "Brit same_as red\n", "4:6", "unknown relation 'same_as'", "did you mean 'same'?"),
    "is-for-same": (HOUSES + "Brit is red\n", "4:6", "unknown relation 'is'", "did you mean 'same'?"),
    "not-glued-to-a-relation": (HOUSES + "Brit not_next_to red\n", "4:6", "unknown relation 'not_next_to'",
                                "did you mean 'not next_to'?"),
    # ---- signs of other languages ---------------------------------------------------------------
    "single-equals": ("var x in 1..3\nx = 2\n", "2:3", "unexpected '='", "use '==' to compare"),
    "arrow-for-at-least": ("var x in 1..3\nx => 2\n", "2:3", "unexpected '=>'", "did you mean '>='?"),
    "ampersands-for-and": (XY + "x == 1 && y == 2\n", "3:8", "unexpected character '&&'", "did you mean 'and'?"),
    "bars-for-or": (XY + "x == 1 || y == 2\n", "3:8", "unexpected '||'", "did you mean 'or'?"),
    "python-nested-for": ("var g[1..2, 1..2] in 1..4\nalldifferent([g[i, j] for i in 1..2 for j in 1..2])\n", "2:37",
                          "a list takes all its names in one 'for'", "join them with a comma"),
    "python-for": (
        "var x[1..3] in 1..3\nfor i in 1..3:\n    x[i] >= 2\n", "2:1", "a clue for each value starts with 'forall'",
        "did you mean 'forall'?",
    ),
    "python-if": ("var x in 1..3\nif x == 1: x == 2\n", "2:10", "expected 'then'", "'if A then B'"),
    "slashes-for-a-comment": ("var x in 1..3\n// x is small\nx < 2\n", "2:1", "unexpected '//'", "did you mean '#'?"),
    "semicolon-at-the-end": ("var x in 1..3\nx != 2;\n", "2:7", "unexpected character ';'", "no ';'"),
    # ---- odd characters: a word processor's typography --------------------------------------------
    "not-equal-sign": ("var x in 1..3\nx ≠ 2\n", "2:3", "unexpected character '≠'", "did you mean '!='?"),
    "curly-quotes": ("puzzle “Zebra”\n", "1:8", "unexpected character '“'", "did you mean '\"Zebra\"'?"),
    # ---- ranges ---------------------------------------------------------------------------------
    "range-with-three-dots": ("var x in 1...3\n", "1:11", "unexpected '...'", "did you mean '..'?"),
    "range-with-to": ("var x in 1 to 3\n", "1:12", "unexpected 'to'", "did you mean '..'?"),
    "range-in-brackets": ("var x in [1..3]\n", "1:12", "unexpected '..' in a list", "a range goes without brackets"),
    # ---- the shape of a statement -----------------------------------------------------------------
    "attribute-without-colon": (
        "positions house = 1..3\nattribute colour red, green, blue\n", "2:18", "unexpected 'red'; expected ':'",
        "attribute colour: red, green, blue",
    ),
    "var-with-a-colon": ("var x: 1..3\n", "1:6", "unexpected ':'; expected 'in' or a comma", "var x in 1..9"),
    "param-without-equals": ("param n 8\n", "1:9", "expected '='", "param n = 8"),
    "title-without-quotes": ("puzzle Zebra\n", "1:8", "expected a quoted name", 'puzzle "The zebra puzzle"'),
    "trailing-comma": ("positions house = 1..3\nattribute colour: red, green, blue,\n", "2:35",
                       "the list ends with a comma", "a comma goes between two items"),
    "keyword-as-a-name": ("var in in 1..3\n", "1:5", "unexpected 'in'; expected a name", "choose another name"),
    # ---- clues ----------------------------------------------------------------------------------
    "clue-with-one-side": (HOUSES + "Brit same\n", "4:10", "expected a value after 'same'",
                           "a relation has a value on each side"),
    "clue-without-left-side": (HOUSES + "same red\n", "4:1", "'same' needs a value on each side", "Brit same red"),
    "two-values-without-a-relation": (
        HOUSES + "Brit red\n", "4:6", "expected a relation, an operator or the end of the line",
        "a clue needs a relation between its two sides",
    ),
    "condition-after-and-missing": (XY + "x == 1 and\n", "3:11", "expected a condition after 'and'",
                                    "a clue ends at the end of its line"),
    # ---- quotes and brackets left open: shown where they open ---------------------------------------
    "unclosed-quote": ('puzzle "Zebra\npositions house = 1..3\n', "1:8", "'\"' is never closed",
                       "a quoted name ends on its own line"),
    "quote-missing-mid-line": (HOUSES + 'question "Who?: "The {nationality[red]}"\n', "4:18", "expected ':'",
                               "odd number of '\"'"),
    "unclosed-block": ('puzzle "x"\nvar x in 1..3\n"""\nabc\n', "3:1", "'\"\"\"' is never closed", "close it with"),
    "bracket-left-open-over-lines": (
        "var x[1..3] in 1..3\nalldifferent(x\nx[1] == 2\n", "2:13", "'(' is never closed",
        "line 3 is read as going on inside it",
    ),
    "bracket-open-at-the-end": ("var x in 1..3\nx in {1, 2\n", "2:6", "'{' is never closed", "closing '}'"),
}

# Words a message must never hold: the parser's names for its tokens, its lists of punctuation.
TERMINALS = sorted(t for t in {*_puz_tables.LITERALS, "NAME", "INT", "STRING", "BLOCK", "COMPARE", "RELATION",
                               "COUNT_WORD"} if t.isupper() and len(t) > 2)
GRAMMAR_WORDS = re.compile(r"expected one of|'%'|__ANON|\$END|\b_NL\b|\b(" + "|".join(TERMINALS) + r")\b")


def error_of(text: str) -> CspdslError:
    with pytest.raises(CspdslError) as caught:
        loads(text, "m.puz")
    return caught.value


@pytest.mark.parametrize("case", list(MISTAKES))
def test_a_mistake_gets_a_located_message_and_a_hint(case: str) -> None:
    text, place, message, hint = MISTAKES[case]
    error = error_of(text)
    assert error.span is not None and f"{error.span.line}:{error.span.column}" == place, error.render()
    assert message in error.message, error.render()
    assert error.hint is not None and hint in error.hint, error.render()
    assert not GRAMMAR_WORDS.search(error.message + "\n" + error.hint), error.render()
    shown = error.render().splitlines()
    assert shown[0].startswith(f"m.puz:{place}: error: ") and set(shown[2].split("|")[1].strip()) == {"^"}


@pytest.mark.parametrize("case", ["misspelt-attribute", "relation-without-underscore", "unclosed-quote",
                                  "ampersands-for-and", "bracket-left-open-over-lines"])
def test_the_command_line_says_it_with_exit_code_2(case: str, tmp_path: Path) -> None:
    text, place, message, _ = MISTAKES[case]
    path = tmp_path / "m.puz"
    path.write_text(text, encoding="utf-8")
    done = run_cli("check", str(path))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"{path}:{place}: error: ") and message in done.stderr
    assert f"hint: {error_of(text).hint}" in done.stderr and "^" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("case", [case for case, (_, _, _, hint) in MISTAKES.items() if "did you mean" in hint])
def test_putting_the_suggested_word_in_the_span_repairs_the_model(case: str) -> None:
    """What the language server's quick fix does: the suggested word over the error's span."""
    text = MISTAKES[case][0]
    error = error_of(text)
    assert error.span is not None and error.hint is not None
    word = re.search(r"did you mean '(.+?)'\?", error.hint)
    assert word is not None
    lines = text.split("\n")
    line = lines[error.span.line - 1]
    lines[error.span.line - 1] = line[: error.span.column - 1] + word.group(1) + line[error.span.end_column - 1 :]
    repaired = "\n".join(lines)
    if case == "python-for":  # forall's clue goes on its own line: the next error is that one
        repaired = repaired.replace(":\n    ", ": ")
    parse(repaired, "m.puz")


def test_a_tab_before_a_clue_is_white_space() -> None:
    assert loads("var x in 1..3\n\tx == 2\n", "m.puz").problem.size()["constraints"] == 1


@pytest.mark.parametrize("start", range(0, 600, 200))
def test_no_syntax_error_of_a_damaged_model_names_grammar_tokens(start: int) -> None:
    """Models with small faults put in (tests/fuzz_text.py): what a message says could come, and its
    hint, are in words (what was found is quoted as written, `unexpected '%'`)."""
    texts = seed_texts()
    for seed in range(start, start + 200):
        try:
            parse(mutated(seed, texts), "m.puz")
        except CspdslError as error:
            said = error.message.partition("; expected ")[2] + "\n" + (error.hint or "")
            assert not GRAMMAR_WORDS.search(said), (seed, error.render())
        except RecursionError:
            pass


@pytest.mark.parametrize("case", ["bracket-left-open-over-lines", "relation-without-underscore", "trailing-comma"])
def test_a_big_model_read_line_by_line_gets_the_same_message(case: str) -> None:
    """Past PLAIN_FROM characters the parser reads a text with its plain lines blanked (syntax/plain.py):
    the slips are found from the model's own lines, so the message is the same, lines moved down."""
    text = MISTAKES[case][0]
    filler = "".join(f"var v{i} in 0..9\n" for i in range(1200)) + "".join(f"v{i} != v{i + 1}\n" for i in range(1199))
    assert len(filler) >= PLAIN_FROM
    small, big = error_of(text), error_of(filler + text)
    assert small.span is not None and big.span is not None
    moved = (small.hint or "").replace("line 3 ", "line 2402 ")  # the hint of a bracket open over lines
    assert (big.message, big.hint, big.span.line, big.span.column) == (
        small.message, moved, small.span.line + 2399, small.span.column,
    )
