"""Error messages as a user sees them: the exact text, location, source line, caret and hint.

Every bad model must give a `CspdslError` (never another exception), and through the command line
exit code 2 with the same message on stderr and never a traceback.
"""

from __future__ import annotations

import math
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import run_cli

from cspdsl.api import loads
from cspdsl.core.errors import CspdslError

ROOT = Path(__file__).resolve().parent.parent


def lines(*parts: str) -> str:
    return "\n".join(parts)


def error_of(text: str, params: dict[str, object] | None = None, name: str = "m.puz") -> str:
    """The rendered error of a model; fails if the model loads, or raises anything else."""
    with pytest.raises(CspdslError) as caught:
        loads(text, name, params)
    return caught.value.render()


# Small models that the cases below build on.
HOUSES = lines(
    "positions house = 1..3",
    "attribute nationality: Brit, Dane, Swede",
    "attribute colour: red, green, blue",
    "",
)
FIVE_HOUSES = lines(
    "positions house = 1..5",
    "attribute nationality: Dane, Brit, Swede, Norwegian, German",
    "",
)
BANDS = lines(
    "positions band: Alpha, Beta, Gamma",
    "attribute genre: rock, jazz, folk",
    "attribute stand: 1, 2, 3",
    "",
)
AGES = lines(
    "positions seat = 1..3",
    "attribute child: Ann, Bob, Cy",
    "attribute age: 3, 5, 7",
    "",
)
FISH = lines(
    "positions house = 1..2",
    "attribute nationality: Dane, Brit",
    "attribute animal: fish, dog",
    "",
)

NESTING_HINT = "hint: cspdsl reads at most 100 levels of nesting; write the clue in simpler parts"


def nested_too_deep(declaration: str, clue: str, column: int, width: int) -> tuple[str, str]:
    """A model of a declaration and a clue nested too deeply, and its error: at `column` of the clue,
    under the construct that opens level 101, `width` carets."""
    return f"{declaration}\n{clue}\n", lines(
        f"m.puz:2:{column}: error: this is nested more than 100 levels deep",
        f" 2 | {clue}",
        "   | " + " " * (column - 1) + "^" * width,
        NESTING_HINT,
    )


# Characters that str.splitlines() breaks lines at and the scanner does not (it breaks at \n only):
# the quoted line must be the scanner's line, with the character shown as its escape.
NOT_LINE_BREAKS = {
    "form-feed": "\x0c", "vertical-tab": "\x0b", "file-separator": "\x1c", "group-separator": "\x1d",
    "record-separator": "\x1e", "next-line": "\x85", "line-separator": "\u2028", "paragraph-separator": "\u2029",
}


def not_a_line_break(char: str) -> dict[str, tuple[str, str]]:
    """Cases with `char` above the error (in a comment), before it on its line (in a quoted name),
    and as the error itself; the shown line holds its escape, the carets stay under the fault."""
    escape = repr(char)[1:-1]
    pad = " " * (len(escape) - 1)
    return {
        "in-a-comment-above": (
            f"var x in 1..3  # a{char}b\nx @ 2\n",
            lines("m.puz:2:3: error: unexpected character '@'", " 2 | x @ 2", "   |   ^"),
        ),
        "in-a-quoted-name-before": (
            f'positions house = 1..2\nattribute drink: "a{char}b", tea @\n',
            lines(
                "m.puz:2:29: error: unexpected character '@'",
                f' 2 | attribute drink: "a{escape}b", tea @',
                f"   |                             {pad}^",
            ),
        ),
        "unexpected": (
            f"var x in 1..3\nx {char}@ 2\n",
            lines(
                f"m.puz:2:3: error: unexpected character '{escape}'",
                f" 2 | x {escape}@ 2",
                "   |   " + "^" * len(escape),
            ),
        ),
        "above-an-early-end": (
            f"# a{char}b\nvar x in 1..3\nx == (1 +",
            lines(
                "m.puz:3:10: error: unexpected end of the model; expected a value",
                " 3 | x == (1 +",
                "   |          ^",
                "hint: the '(' on line 3, column 6 is still open",
            ),
        ),
    }


# id -> (model, the exact rendered error, with the model named m.puz)
CASES: dict[str, tuple[str, str]] = {
    # ---- sequential puzzles: start, goal, moves ------------------------------------------------
    'sequential-without-goal': (
        'var x in 0..3\nstart: x == 0\nmove "add one": x < 3 then x = x + 1\n',
        lines(
            "m.puz:2:1: error: a sequential puzzle needs a 'goal:' condition",
            ' 2 | start: x == 0',
            '   | ^^^^^^^^^^^^^',
            "hint: say where the plans begin with 'start: ...' and where they end with 'goal: ...'",
        ),
    ),
    'sequential-without-moves': (
        'var x in 0..3\nstart: x == 0\ngoal: x == 3\n',
        lines(
            'm.puz:2:1: error: a sequential puzzle needs at least one move that can be made',
            ' 2 | start: x == 0',
            '   | ^^^^^^^^^^^^^',
            'hint: declare its moves with \'move "words" for ...: condition then cell = value\'',
        ),
    ),
    'sequential-plain-clue': (
        'var x in 0..3\nstart: x == 0\nmove "add one": x < 3 then x = x + 1\ngoal: x == 3\nx != 2\n',
        lines(
            "m.puz:5:1: error: a sequential puzzle's conditions say which state they hold in",
            ' 5 | x != 2',
            '   | ^^^^^^',
            "hint: write it as 'start: ...', 'goal: ...', 'always: ...' or in a move's condition",
        ),
    ),
    'move-sets-a-number': (
        'var x in 0..3\nstart: x == 0\nmove "add one": x < 3 then x + 1 = 2\ngoal: x == 3\n',
        lines(
            "m.puz:3:30: error: unexpected '+'; expected '='",
            ' 3 | move "add one": x < 3 then x + 1 = 2',
            '   |                              ^',
            'hint: write it as: move "fill" for j in jugs: x[j] < 3 then x[j] = 3',
        ),
    ),
    'move-sets-twice': (
        'var x in 0..3\nstart: x == 0\nmove "add one": x < 3 then x = 1, x = 2\ngoal: x == 3\n',
        lines(
            'm.puz:3:35: error: the move sets x twice',
            ' 3 | move "add one": x < 3 then x = 1, x = 2',
            '   |                                   ^^^^^',
        ),
    ),
    'unpack-wrong-length': (
        'var x in 0..3\nstart: x == 0\nmove "m" for [a, b] in [[1, 2, 3]]: x < a then x = b\ngoal: x == 3\n',
        lines(
            'm.puz:3:24: error: each item of this range must be a list of 2 values, one for each of a, b',
            ' 3 | move "m" for [a, b] in [[1, 2, 3]]: x < a then x = b',
            '   |                        ^^^^^^^^^^^',
        ),
    ),
    'sequential-product-needs-an-auxiliary': (
        'var a in 0..3\nvar b in 0..3\nstart: a == 0\nmove "grow": a < 3 then a = a + 1\ngoal: a == 3\n'
        'always: a * b <= 2\n',
        lines(
            'm.puz:6:9: error: this is not available in a sequential puzzle yet: it needs a hidden variable, '
            'which has no value from one state to the next',
            ' 6 | always: a * b <= 2',
            '   |         ^^^^^',
        ),
    ),
    'sequential-maximize': (
        'var x in 0..3\nstart: x == 0\nmove "add one": x < 3 then x = x + 1\ngoal: x == 3\nmaximize x\n',
        lines(
            "m.puz:5:1: error: a sequential puzzle minimizes its steps or its cost: write 'minimize steps' or "
            "'minimize cost'",
            ' 5 | maximize x',
            '   | ^^^^^^^^^^',
        ),
    ),
    'segments-arguments': (
        'board b in 0..1 = """\nabc\n"""\nstart: b.a == 1\n'
        'move "m" for [p, q] in segments(b.lines): p == 1 then p = 0\ngoal: b.a == 0\n',
        lines(
            'm.puz:5:24: error: segments takes the lines and a length: segments(b.lines, 3)',
            ' 5 | move "m" for [p, q] in segments(b.lines): p == 1 then p = 0',
            '   |                        ^^^^^^^^^^^^^^^^^',
        ),
    ),
    'move-sets-a-constant': (
        'var x in 0..3\nstart: x == 0\nmove "add one": x < 3 then 2 = x\ngoal: x == 3\n',
        lines(
            'm.puz:3:28: error: a move sets a variable of the state: write `cell = value`',
            ' 3 | move "add one": x < 3 then 2 = x',
            '   |                            ^',
        ),
    ),
    # ---- syntax ---------------------------------------------------------------------------------
    "missing-operand": (
        "var x in 1..3\nx + == 2\n",
        lines(
            "m.puz:2:5: error: unexpected '=='; expected a value",
            " 2 | x + == 2",
            "   |     ^^",
        ),
    ),
    "missing-operand-at-end-of-line": (
        "var x in 1..3\nx ==\ny == 2\n",
        lines(
            "m.puz:2:5: error: expected a value after '=='",
            " 2 | x ==",
            "   |     ^",
            "hint: a clue ends at the end of its line: finish it there, or put it in parentheses to go on",
        ),
    ),
    "single-equals": (
        "var x in 1..3\nx = 2\n",
        lines(
            "m.puz:2:3: error: unexpected '='",
            " 2 | x = 2",
            "   |   ^",
            "hint: use '==' to compare; '=' only gives a name a value (param, let)",
        ),
    ),
    "keyword-as-a-name": (
        "positions house = 1..2\nattribute pet: at, cat\n",
        lines(
            "m.puz:2:16: error: unexpected 'at'; expected a name, a number or a quoted name",
            " 2 | attribute pet: at, cat",
            "   |                ^^",
            "hint: 'at' is a word of the language; to use it as a name, quote it: \"at\"",
        ),
    ),
    "unclosed-bracket-at-end-of-file": (
        "var x in 1..3\nsum_equals([x, x",
        lines(
            "m.puz:2:12: error: '[' is never closed",
            " 2 | sum_equals([x, x",
            "   |            ^",
            "hint: the model ends before its closing ']'",
        ),
    ),
    "unclosed-bracket-over-lines": (
        # Brackets in comments and quoted names do not count.
        "# see (1\nvar x[1..3] in 1..3\nalldifferent([x[1], x[2],  # \"[\"\n  x[3]\n",
        lines(
            "m.puz:3:14: error: '[' is never closed",
            " 3 | alldifferent([x[1], x[2],  # \"[\"",
            "   |              ^",
            "hint: the model ends before its closing ']'",
        ),
    ),
    "unclosed-paren": (
        "var x in 1..3\nx == (1 + 2",
        lines(
            "m.puz:2:6: error: '(' is never closed",
            " 2 | x == (1 + 2",
            "   |      ^",
            "hint: the model ends before its closing ')'",
        ),
    ),
    "end-of-file-inside-a-bracket": (
        "var x in 1..3\nx == (1 +",
        lines(
            "m.puz:2:10: error: unexpected end of the model; expected a value",
            " 2 | x == (1 +",
            "   |          ^",
            "hint: the '(' on line 2, column 6 is still open",
        ),
    ),
    "unexpected-character": (
        "var x in 1..3\nx @ 2\n",
        lines(
            "m.puz:2:3: error: unexpected character '@'",
            " 2 | x @ 2",
            "   |   ^",
        ),
    ),
    "unterminated-quoted-name": (
        'positions house = 1..2\nattribute drink: "root beer, tea\n',
        lines(
            "m.puz:2:18: error: '\"' is never closed",
            ' 2 | attribute drink: "root beer, tea',
            "   |                  ^",
            "hint: a quoted name ends on its own line with a second '\"'; a drawing or grid goes in triple quotes",
        ),
    ),
    "empty-set-literal": (
        "positions house = {}\n",
        lines(
            "m.puz:1:20: error: unexpected '}'; expected a value",
            " 1 | positions house = {}",
            "   |                    ^",
            "hint: write it as: positions house = 1..5  (or: positions band: Alpha, Beta)",
        ),
    ),
    # ---- slips of a clue's shape, each with the hint that names the fix -------------------------------
    "chained-comparison": (
        "var x in 1..5\n1 <= x <= 3\n",
        lines(
            "m.puz:2:8: error: unexpected '<='; expected an operator or the end of the line",
            " 2 | 1 <= x <= 3",
            "   |        ^^",
            "hint: comparisons do not chain: write 'x in 1..3' for a range, or one clue per comparison",
        ),
    ),
    "clue-broken-across-lines": (
        "var x in 1..3\nvar y in 1..3\nx + y ==\n  4\n",
        lines(
            "m.puz:3:9: error: expected a value after '=='",
            " 3 | x + y ==",
            "   |         ^",
            "hint: a clue ends at the end of its line: finish it there, or put it in parentheses to go on",
        ),
    ),
    "bracket-closed-by-another": (
        "var q[1..3] in 1..3\nsum([q[1], q[2]\n) == 3\n",
        lines(
            "m.puz:3:1: error: unexpected ')'; expected a closing ']'",
            " 3 | ) == 3",
            "   | ^",
            "hint: the '[' on line 2, column 5 is still open",
        ),
    ),
    "alldifferent-without-brackets": (
        "var S in 0..9\nvar E in 0..9\nalldifferent(S, E)\n",
        lines(
            "m.puz:3:1: error: alldifferent takes one list",
            " 3 | alldifferent(S, E)",
            "   | ^^^^^^^^^^^^^^^^^^",
            "hint: put the values in brackets: alldifferent([S, E])",
        ),
    ),
    "same-pairs-lists-of-other-lengths": (
        "positions p = 1..3\nattribute name: A, B, C\n[A, B] same [A]\n",
        lines(
            "m.puz:3:8: error: 'same' pairs lists of the same length, 2 to 4: here 2 and 1",
            " 3 | [A, B] same [A]",
            "   |        ^^^^",
        ),
    ),
    "number-of-nothing": (
        "var x in 0..9\nnumber() == 3\n",
        lines(
            "m.puz:2:1: error: number of nothing: give it its digits, number(S, E, N, D)",
            " 2 | number() == 3",
            "   | ^^^^^^^^",
        ),
    ),
    "answer-of-a-list-of-lists": (
        'var g[1..2, 1..2] in 1..2\nquestion "q": "{g.rows}"\n',
        lines(
            "m.puz:2:17: error: an answer shows a number or a list of numbers, not a list of lists",
            ' 2 | question "q": "{g.rows}"',
            "   |                 ^^^^^^",
            "hint: name one group, such as {g.rows[1]}, or write one placeholder a row",
        ),
    ),
    "board-cell-missing": (
        'board star in 1..4 = """\n  A B\n C D\n"""\nstar.Z == 1\n',
        lines(
            "m.puz:5:6: error: the board has no cell 'Z'",
            " 5 | star.Z == 1",
            "   |      ^",
            "hint: its cells are A..D; its groups: rows, columns, diagonals, antidiagonals, lines, cells, adjacent, "
            "touching",
        ),
    ),
    # ---- unknown names ----------------------------------------------------------------------------
    "unknown-value": (
        HOUSES + "Brit same gren\n",
        lines(
            "m.puz:4:11: error: unknown value 'gren'",
            " 4 | Brit same gren",
            "   |           ^^^^",
            "hint: did you mean 'green'?",
        ),
    ),
    "unknown-function": (
        "var x[1..3] in 1..3\nalldiferent(x)\n",
        lines(
            "m.puz:2:1: error: unknown function 'alldiferent'",
            " 2 | alldiferent(x)",
            "   | ^^^^^^^^^^^",
            "hint: did you mean 'alldifferent'?",
        ),
    ),
    "unknown-group": (
        "var cell[1..4, 1..4] in 1..4\nforall r in cell.rowz: alldifferent(r)\n",
        lines(
            "m.puz:2:18: error: 'rowz' is not a group of this array",
            " 2 | forall r in cell.rowz: alldifferent(r)",
            "   |                  ^^^^",
            "hint: did you mean 'rows'?",
        ),
    ),
    # ---- names defined twice ----------------------------------------------------------------------
    "value-in-two-attributes": (
        HOUSES + "attribute pet: cat, red, dog\n",
        lines(
            "m.puz:4:21: error: value 'red' is already a value of attribute 'colour'",
            " 4 | attribute pet: cat, red, dog",
            "   |                     ^^^",
            "hint: give each value one attribute; use a different name here",
        ),
    ),
    "variable-defined-twice": (
        "var x in 1..3\nvar x in 1..4\n",
        lines(
            "m.puz:2:1: error: 'x' is already defined (line 1)",
            " 2 | var x in 1..4",
            "   | ^^^^^^^^^^^^^",
            "hint: choose another name",
        ),
    ),
    "array-defined-twice": (
        "var x[1..2] in 1..3\nvar x[1..2] in 1..3\n",
        lines(
            "m.puz:2:1: error: 'x' is already defined (line 1)",
            " 2 | var x[1..2] in 1..3",
            "   | ^^^^^^^^^^^^^^^^^^^",
            "hint: choose another name",
        ),
    ),
    "board-defined-twice": (
        'board b in 1..3 = """\na b\n"""\nboard b in 1..3 = """\na b\n"""\n',
        lines(
            "m.puz:4:1: error: 'b' is already defined (line 1)",
            ' 4 | board b in 1..3 = """',
            "   | ^^^^^^^^^^^^^^^^^^^^^",
            "hint: choose another name",
        ),
    ),
    "attribute-named-like-positions": (
        "positions house = 1..2\nattribute house: a, b\n",
        lines(
            "m.puz:2:1: error: 'house' is already defined (line 1)",
            " 2 | attribute house: a, b",
            "   | ^^^^^^^^^^^^^^^^^^^^^",
            "hint: choose another name",
        ),
    ),
    # ---- values outside their domain ----------------------------------------------------------------
    "given-outside-domain": (
        'var cell[1..2, 1..2] in 1..9\ngiven cell = """\n1 .\n. 12\n"""\n',
        lines(
            "m.puz:4:3: error: given 12 is outside the domain 1..9 of cell[2,2]",
            " 4 | . 12",
            "   |   ^^",
        ),
    ),
    "position-outside-positions": (
        FIVE_HOUSES + "Norwegian at 6\n",
        lines(
            "m.puz:3:14: error: position 6 is outside the positions 1..5",
            " 3 | Norwegian at 6",
            "   |              ^",
        ),
    ),
    "index-out-of-range": (
        "var x[1..3] in 1..3\nx[4] == 1\n",
        lines(
            "m.puz:2:3: error: index 4 is outside x's range 1..3",
            " 2 | x[4] == 1",
            "   |   ^",
        ),
    ),
    "variable-index-never-in-range": (
        "var x[1..3] in 1..3\nvar i in 5..7\nx[i + 1] == 1\n",
        lines(
            "m.puz:3:3: error: this index can take no value in x's range 1..3",
            " 3 | x[i + 1] == 1",
            "   |   ^^^^^",
        ),
    ),
    "variable-index-into-a-list-of-lists": (
        "var i in 1..2\nlet pairs = [[1, 2], [2, 3]]\npairs[i][1] == 2\n",
        lines(
            "m.puz:3:1: error: only a list of numbers or variables can be indexed by a variable",
            " 3 | pairs[i][1] == 2",
            "   | ^^^^^",
            "hint: an index over variables chooses a number; a list of lists or conditions cannot be chosen from",
        ),
    ),
    "slice-out-of-range": (
        "var x[1..3] in 1..3\nsum(x[2..4]) == 3\n",
        lines(
            "m.puz:2:7: error: slice 2..4 is outside x's range 1..3",
            " 2 | sum(x[2..4]) == 3",
            "   |       ^^^^",
        ),
    ),
    "slice-of-a-list-out-of-range": (
        "var x in 1..3\nlet xs = [x, 2]\nsum(xs[0..1]) == 3\n",
        lines(
            "m.puz:3:8: error: slice 0..1 is outside the list's range 1..2",
            " 3 | sum(xs[0..1]) == 3",
            "   |        ^^^^",
        ),
    ),
    "empty-slice": (
        "param n = 1\nvar x[1..3] in 1..3\nsum(x[2..n]) == 3\n",
        lines(
            "m.puz:3:7: error: slice 2..1 is empty",
            " 3 | sum(x[2..n]) == 3",
            "   |       ^^^^",
        ),
    ),
    "index-that-is-a-set": (
        "var x[1..3] in 1..3\nx[{1, 2}] == 3\n",
        lines(
            "m.puz:2:3: error: expected an index: a number, a slice 'lo..hi' or '..'",
            " 2 | x[{1, 2}] == 3",
            "   |   ^^^^^^",
        ),
    ),
    # ---- grid literals of the wrong size -------------------------------------------------------------
    "grid-literal-too-many-rows": (
        'var cell[1..2, 1..2] in 1..9\ngiven cell = """\n1 .\n. 2\n. 3\n"""\n',
        lines(
            "m.puz:5:1: error: grid literal has 3 rows; 'cell' is 2x2",
            " 5 | . 3",
            "   | ^^^",
        ),
    ),
    "grid-literal-too-few-rows": (
        'var cell[1..2, 1..2] in 1..9\ngiven cell = """\n1 .\n"""\n',
        lines(
            "m.puz:2:14: error: grid literal has 1 rows; 'cell' is 2x2",
            ' 2 | given cell = """',
            "   |              ^^^",
        ),
    ),
    "grid-literal-row-too-long": (
        'var cell[1..2, 1..2] in 1..9\ngiven cell = """\n1 .\n. 2 3\n"""\n',
        lines(
            "m.puz:4:1: error: grid literal row has 3 cells; 'cell' is 2x2",
            " 4 | . 2 3",
            "   | ^^^^^",
        ),
    ),
    "grid-literal-bad-token": (
        'var cell[1..2, 1..2] in 1..9\ngiven cell = """\n1 x\n. 2\n"""\n',
        lines(
            "m.puz:3:3: error: unexpected 'x' in the grid literal",
            " 3 | 1 x",
            "   |   ^",
            "hint: write numbers for givens and '.' or '_' for blanks",
        ),
    ),
    "grid-literal-bad-token-on-the-quotes-line": (
        'var cell[1..2, 1..2] in 1..9\ngiven cell = """1 x\n. 2\n"""\n',
        lines(
            "m.puz:2:19: error: unexpected 'x' in the grid literal",
            ' 2 | given cell = """1 x',
            "   |                   ^",
            "hint: write numbers for givens and '.' or '_' for blanks",
        ),
    ),
    "given-outside-the-domain-between-rules": (
        'var cell[1..2, 1..2] in 1..4\ngiven cell = """\n1|.\n-+-\n.|-5\n"""\n',
        lines(
            "m.puz:5:3: error: given -5 is outside the domain 1..4 of cell[2,2]",
            " 5 | .|-5",
            "   |   ^^",
        ),
    ),
    # ---- domains and sizes ---------------------------------------------------------------------------
    "empty-domain": (
        "var x in 5..1\n",
        lines(
            "m.puz:1:10: error: empty domain: no value is possible",
            " 1 | var x in 5..1",
            "   |          ^^^^",
            "hint: the range 5..1 is empty because 5 > 1; a range goes up, as in 1..5",
        ),
    ),
    "number-too-large": (
        "var x in 0..99999999999\n",
        lines(
            "m.puz:1:13: error: number 99999999999 is too large: the backends take numbers from "
            "-2147483647 to 2147483647",
            " 1 | var x in 0..99999999999",
            "   |             ^^^^^^^^^^^",
        ),
    ),
    "syntax-error-after-a-bad-grid": (
        # The parser makes each node as it goes, but the text is read as a whole first: a syntax
        # error further on is the one reported, as before.
        'var g[1..2] in 0..9\ngiven g = """1 x"""\nx == = 2\n',
        lines(
            "m.puz:3:6: error: unexpected '='; expected a value",
            " 3 | x == = 2",
            "   |      ^",
        ),
    ),
    "number-of-too-many-digits": (
        # More digits than Python converts to a number: refused where it is written.
        "var x in 0..9\nx == " + "9" * 5000 + "\n",
        lines(
            "m.puz:2:6: error: a number of 5000 digits is too large",
            " 2 | x == " + "9" * 5000,
            "   |      " + "^" * 5000,
            "hint: the backends take numbers from -2147483647 to 2147483647",
        ),
    ),
    "given-of-too-many-digits": (
        'var g[1..2] in 0..9\ngiven g = """1 ' + "9" * 5000 + '"""\n',
        lines(
            "m.puz:2:16: error: a number of 5000 digits is too large",
            ' 2 | given g = """1 ' + "9" * 5000 + '"""',
            "   |                " + "^" * 5000,
            "hint: the backends take numbers from -2147483647 to 2147483647",
        ),
    ),
    "range-too-long": (
        # Refused before two billion numbers are made.
        "var x in 0..2000000000\n",
        lines(
            "m.puz:1:10: error: range 0..2000000000 has 2000000001 values; at most 1000000 are supported",
            " 1 | var x in 0..2000000000",
            "   |          ^^^^^^^^^^^^^",
        ),
    ),
    "array-too-large": (
        # Refused before a million million variables are made (each dimension alone is in range).
        "var g[1..1000000, 1..1000000] in 1..9\n",
        lines(
            "m.puz:1:1: error: array g has 1000000000000 cells; at most 1000000 are supported",
            " 1 | var g[1..1000000, 1..1000000] in 1..9",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-cells N",
        ),
    ),
    # The sizes of lower/sizes.py, each counted before what it measures is built.
    "values-too-many": (
        "var q[1..1000000] in 1..1000000\n",
        lines(
            "m.puz:1:1: error: array q brings the variables' values to 1000000000000 in all; at most 10000000 "
            "are supported",
            " 1 | var q[1..1000000] in 1..1000000",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-values N",
        ),
    ),
    "values-too-many-over-declarations": (
        "var x in 1..1000000\nvar q[1..100000] in 1..100000\nalldifferent(q)\n",
        lines(
            "m.puz:2:1: error: array q brings the variables' values to 10001000000 in all; at most 10000000 "
            "are supported",
            " 2 | var q[1..100000] in 1..100000",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-values N",
        ),
    ),
    "values-too-many-attribute": (
        "positions p = 1..1000000\nattribute a: v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11\n",
        lines(
            "m.puz:2:1: error: attribute a brings the variables' values to 11000000 in all; at most 10000000 "
            "are supported",
            " 2 | attribute a: v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-values N",
        ),
    ),
    "forall-too-many-combinations": (
        "var x in 1..3\nforall i in 1..1000000, j in 1..500000: x != i + j\n",
        lines(
            "m.puz:2:8: error: this quantifier goes through 500000000000 combinations of i, j; at most 200000 "
            "combinations are supported in a model",
            " 2 | forall i in 1..1000000, j in 1..500000: x != i + j",
            "   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "comprehension-too-many-combinations": (
        "var x in 1..3\nx == len([i * j for i in 1..1000000, j in 1..500000])\n",
        lines(
            "m.puz:2:21: error: this quantifier goes through 500000000000 combinations of i, j; at most 200000 "
            "combinations are supported in a model",
            " 2 | x == len([i * j for i in 1..1000000, j in 1..500000])",
            "   |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "forall-dependent-too-many-combinations": (
        # j's range hangs on i: counted by binding i alone, before any clue is made.
        "var x in 1..3\nforall i in 1..2000, j in i..2000: x != i + j\n",
        lines(
            "m.puz:2:8: error: this quantifier goes through more than 200000 combinations of i, j; at most "
            "200000 combinations are supported in a model",
            " 2 | forall i in 1..2000, j in i..2000: x != i + j",
            "   |        ^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "queens-of-a-thousand-too-many-combinations": (
        # The fuzzer's damaged N-queens (docs/language/basics.md with n = 1000): half a million combinations,
        # which took minutes to lower, are refused at once.
        "param n = 1000\nparam last_row = n\n\nvar q[1..n] in 1..last_row\nalldifferent(q)\n"
        "forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i\n",
        lines(
            "m.puz:6:8: error: this quantifier goes through more than 200000 combinations of i, j; at most "
            "200000 combinations are supported in a model",
            " 6 | forall i in 1..n, j in i+1..n: abs(q[i] - q[j]) != j - i",
            "   |        ^^^^^^^^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "coefficient-too-large": (
        "var x in 1..3\nvar y in 1..3\nx * 2000000000 * 2000000000 + y <= 1\n",
        lines(
            "m.puz:3:1: error: number 4000000000000000000 is too large: the backends take numbers from "
            "-2147483647 to 2147483647",
            " 3 | x * 2000000000 * 2000000000 + y <= 1",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ),
    ),
    "division-of-too-many-pairs": (
        "var x in 0..9999\nvar y in 1..9999\nx // y == 3\n",
        lines(
            "m.puz:3:1: error: this division goes through 99990000 pairs of values; at most 200000 combinations "
            "are supported in a model",
            " 3 | x // y == 3",
            "   | ^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "product-of-too-many-pairs": (
        "var x in 1..2000\nvar y in 1..2000\nx * y == 2\n",
        lines(
            "m.puz:3:1: error: this product goes through 4000000 pairs of values; at most 200000 combinations "
            "are supported in a model",
            " 3 | x * y == 2",
            "   | ^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "view-of-too-many-buildings": (
        "var q[1..1000] in 1..4\nvisible(q) + visible(reversed(q)) == 5\n",
        lines(
            "m.puz:2:1: error: this view compares 499500 pairs of buildings; at most 200000 combinations "
            "are supported in a model",
            " 2 | visible(q) + visible(reversed(q)) == 5",
            "   | ^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "condition-all-different-of-too-many": (
        "var q[1..1000] in 1..1000\nvar b in 0..1\nb == 1 or alldifferent(q)\n",
        lines(
            "m.puz:3:11: error: this condition compares 499500 pairs of values; at most 200000 combinations "
            "are supported in a model",
            " 3 | b == 1 or alldifferent(q)",
            "   |           ^^^^^^^^^^^^^^^",
            "hint: if this is meant, raise the limit with --max-combinations N",
        ),
    ),
    "product-too-large": (
        "var x in 50000..50010\nvar y in 50000..50010\nx - 3 * y < 7 * x * y\n",
        lines(
            "m.puz:3:13: error: this product reaches 2500000000: the backends take numbers from -2147483647 "
            "to 2147483647",
            " 3 | x - 3 * y < 7 * x * y",
            "   |             ^^^^^^^^^",
        ),
    ),
    "divisor-can-be-zero": (
        "var x in 1..9\nvar y in -1..3\nx // y == 2\n",
        lines(
            "m.puz:3:6: error: the divisor can be 0: a quotient or remainder needs a divisor that never is",
            " 3 | x // y == 2",
            "   |      ^",
            "hint: the divisor takes -1..3; leave 0 out of its values (say, 'var y in 1..9')",
        ),
    ),
    "remainder-by-zero": (
        "var x in 1..9\nx % (3 - 3) == 2\n",
        lines(
            "m.puz:2:6: error: division by zero",
            " 2 | x % (3 - 3) == 2",
            "   |      ^^^^^",
        ),
    ),
    "quotient-of-too-many-values": (
        "var x in 0..900000\nvar y in {-1, 1}\nx // y == 2\n",
        lines(
            "m.puz:3:1: error: this quotient takes 1800001 values; at most 1000000 are supported",
            " 3 | x // y == 2",
            "   | ^^^^^^",
        ),
    ),
    "max-of-a-condition": (
        "var x in 1..3\nmax(x, x == 1) == 2\n",
        lines(
            "m.puz:2:8: error: this is a condition; it cannot be used as a value here",
            " 2 | max(x, x == 1) == 2",
            "   |        ^^^^^^",
            "hint: a condition is true or false, not a number; count conditions with 'exactly k of [...]', "
            "'at_least' or 'at_most'",
        ),
    ),
    "min-of-nothing-beside-a-variable": (
        "var x in 1..3\nmin([]) + x == 2\n",
        lines(
            "m.puz:2:1: error: min of nothing: the list is empty",
            " 2 | min([]) + x == 2",
            "   | ^^^^^^^",
        ),
    ),
    "product-of-groups": (
        "var g[1..2, 1..2] in 1..3\nproduct(g.rows) == 2\n",
        lines(
            "m.puz:2:9: error: product takes one list of values, not a list of groups",
            " 2 | product(g.rows) == 2",
            "   |         ^^^^^^",
            "hint: use 'forall g in ...: product(g)'",
        ),
    ),
    # ---- conditions and numbers mixed up -------------------------------------------------------------
    "condition-used-as-number": (
        "var x in 1..3\nvar y in 1..3\n(x == 1) + y == 2\n",
        lines(
            "m.puz:3:2: error: this is a condition; it cannot be used as a value here",
            " 3 | (x == 1) + y == 2",
            "   |  ^^^^^^",
            "hint: a condition is true or false, not a number; count conditions with "
            "'exactly k of [...]', 'at_least' or 'at_most'",
        ),
    ),
    "number-used-as-condition": (
        "var x in 1..3\nx + 1\n",
        lines(
            "m.puz:2:1: error: expected a condition (such as a == b), found a value",
            " 2 | x + 1",
            "   | ^^^^^",
            "hint: compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        ),
    ),
    "true-used-as-number": (
        "var x in 1..3\nx == true\n",
        lines(
            "m.puz:2:6: error: a condition cannot be used as a number",
            " 2 | x == true",
            "   |      ^^^^",
            "hint: count conditions with 'exactly k of [...]', 'at_least' or 'at_most'",
        ),
    ),
    # ---- attributes, positions, pieces, boards -------------------------------------------------------
    "more-values-than-positions": (
        "positions house = 1..2\nattribute colour: red, green, blue\n",
        lines(
            "m.puz:2:1: error: attribute 'colour' has 3 values but there are only 2 positions",
            " 2 | attribute colour: red, green, blue",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        ),
    ),
    "attribute-before-positions": (
        "attribute colour: red, green\npositions house = 1..2\n",
        lines(
            "m.puz:1:1: error: an attribute needs positions to be declared first",
            " 1 | attribute colour: red, green",
            "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "hint: add a line such as 'positions house = 1..5' above it",
        ),
    ),
    "keyed-next-to": (
        BANDS + "rock next_to jazz\n",
        lines(
            "m.puz:4:6: error: 'next_to' compares positions, but 'band' (Alpha, Beta, Gamma) has no order",
            ' 4 | rock next_to jazz',
            '   |      ^^^^^^^',
            "hint: relate values with 'same', 'not_same', '==' or '!='; for an order, number the positions: "
            "'positions band = 1..3'",
        ),
    ),
    "keyed-less-than": (
        BANDS + "rock < jazz\n",
        lines(
            "m.puz:4:6: error: '<' compares positions, but 'band' (Alpha, Beta, Gamma) has no order",
            ' 4 | rock < jazz',
            '   |      ^',
            "hint: relate values with 'same', 'not_same', '==' or '!='; for an order, number the positions: "
            "'positions band = 1..3'",
        ),
    ),
    "keyed-distance": (
        BANDS + "distance(rock, jazz) == 1\n",
        lines(
            "m.puz:4:1: error: 'distance' compares positions, but 'band' (Alpha, Beta, Gamma) has no order",
            ' 4 | distance(rock, jazz) == 1',
            '   | ^^^^^^^^',
            "hint: relate values with 'same', 'not_same', '==' or '!='; for an order, number the positions: "
            "'positions band = 1..3'",
        ),
    ),
    "keyed-at-a-number": (
        BANDS + "rock at 2\n",
        lines(
            "m.puz:4:9: error: 'at' takes a value of 'band' here: Alpha, Beta, Gamma",
            ' 4 | rock at 2',
            '   |         ^',
            "hint: the positions of 'band' have names, not numbers",
        ),
    ),
    "key-value-a-number": (
        "positions band: Alpha, 2, Gamma\n",
        lines(
            "m.puz:1:24: error: positions named after ':' are names, not numbers",
            ' 1 | positions band: Alpha, 2, Gamma',
            '   |                        ^',
            "hint: for numbered positions write 'positions band = 1..3'; quote a number to use it as a name",
        ),
    ),
    "attribute-numbers-and-names": (
        "positions seat = 1..3\nattribute age: 3, five, 7\n",
        lines(
            "m.puz:2:19: error: attribute 'age' has numbers and names; its values are all numbers or all names",
            ' 2 | attribute age: 3, five, 7',
            '   |                   ^^^^',
            'hint: quote a number to use it as a name, as in "7"',
        ),
    ),
    "attribute-number-twice": (
        "positions seat = 1..3\nattribute age: 3, 5, 3\n",
        lines(
            "m.puz:2:22: error: 3 appears twice in attribute 'age'",
            ' 2 | attribute age: 3, 5, 3',
            '   |                      ^',
        ),
    ),
    "number-of-an-attribute-of-names": (
        AGES + "Ann.child == 2\n",
        lines(
            "m.puz:4:5: error: 'child' is an attribute of names; '.child' gives a number only for an attribute of "
            "numbers",
            ' 4 | Ann.child == 2',
            '   |     ^^^^^',
            "hint: relate a value to the values of 'child' with 'same' or 'not_same', as in '... same Ann'",
        ),
    ),
    "number-of-too-few-numbers": (
        "positions seat = 1..4\nattribute child: Ann, Bob, Cy, Di\nattribute age: 3, 5, 7\nAnn.age == 3\n",
        lines(
            "m.puz:4:5: error: '.age' needs a number at every position: 'age' has 3 values for 4 positions",
            ' 4 | Ann.age == 3',
            '   |     ^^^',
            "hint: give 'age' one value for each position",
        ),
    ),
    "number-outside-the-positions": (
        AGES + "(Ann + 1).age == 3\n",
        lines(
            "m.puz:4:2: error: '.age' needs one position, and this can be outside the positions 1..3",
            ' 4 | (Ann + 1).age == 3',
            '   |  ^^^^^^^',
            "hint: write a value of an attribute before '.age'",
        ),
    ),
    "template-quote-not-closed": (
        BANDS + 'question "q": "{genre[\'Alpha]}"\n',
        lines(
            'm.puz:4:23: error: quote not closed: a quoted value in an answer ends with its own "\'"',
            ' 4 | question "q": "{genre[\'Alpha]}"',
            '   |                       ^',
        ),
    ),

    "three-pieces-on-four-cells": (
        "var g[1..2, 1..2] in 1..9\npieces p = [1, 2, 3]\nplace p on g\n",
        lines(
            "m.puz:3:1: error: 3 pieces for 4 cells: placing needs exactly one piece a cell",
            " 3 | place p on g",
            "   | ^^^^^^^^^^^^",
        ),
    ),
    # ---- shapes placed on a board ----------------------------------------------------------------
    "shape-unknown-name": (
        'pieces p = [pentomino]\nplace p on rectangle(1, 5)\n',
        lines(
            "m.puz:1:13: error: no shape named 'pentomino'",
            ' 1 | pieces p = [pentomino]',
            '   |             ^^^^^^^^^',
            "hint: did you mean 'pentominoes'?",
        ),
    ),
    "shapes-and-numbers-mixed": (
        'pieces p = [domino, 3]\n',
        lines(
            'm.puz:1:21: error: a list of pieces holds numbers or shapes, not both',
            ' 1 | pieces p = [domino, 3]',
            '   |                     ^',
        ),
    ),
    "shape-not-connected": (
        'pieces p = """\n  A . A\n"""\n',
        lines(
            'm.puz:2:7: error: shape A is not connected: this A does not reach the first A side by side',
            ' 2 |   A . A',
            '   |       ^',
            "hint: a shape's cells touch side by side; give each shape a letter of its own",
        ),
    ),
    "shape-drawing-bad-character": (
        'pieces p = """\n  A * B\n"""\n',
        lines(
            "m.puz:2:5: error: unexpected '*' in the drawing of shapes",
            ' 2 |   A * B',
            '   |     ^',
            "hint: write a shape's letter on each of its cells, and '.' for an empty square",
        ),
    ),
    "shapes-area-not-the-board": (
        'pieces p = [domino * 3]\nplace p on rectangle(2, 4)\n',
        lines(
            "m.puz:2:1: error: the pieces of 'p' have 6 squares and the board 8 cells; covering it needs as many",
            ' 2 | place p on rectangle(2, 4)',
            '   | ^^^^^^^^^^^^^^^^^^^^^^^^^^',
            "hint: with ': at_most_once' some cells may stay uncovered",
        ),
    ),
    "shapes-area-over-the-board": (
        'pieces p = [domino * 5]\nplace p on rectangle(2, 4): at_most_once\n',
        lines(
            "m.puz:2:1: error: the pieces of 'p' have 10 squares, more than the board's 8 cells",
            ' 2 | place p on rectangle(2, 4): at_most_once',
            '   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
        ),
    ),
    "shapes-unknown-option": (
        'pieces p = [domino * 4]\nplace p on rectangle(2, 4): no_flip\n',
        lines(
            "m.puz:2:29: error: unknown option 'no_flip' of placing shapes",
            ' 2 | place p on rectangle(2, 4): no_flip',
            '   |                             ^^^^^^^',
            "hint: did you mean 'no_flips'?",
        ),
    ),
    "shape-fits-nowhere": (
        'pieces p = [I3, monomino]\nplace p on rectangle(2, 2)\n',
        lines(
            "m.puz:2:1: error: shape I3 of 'p' fits nowhere on the board",
            ' 2 | place p on rectangle(2, 2)',
            '   | ^^^^^^^^^^^^^^^^^^^^^^^^^^',
        ),
    ),
    "shapes-on-a-grid-of-numbers": (
        'var g[1..2, 1..2] in 1..3\npieces p = [domino * 2]\nplace p on g\n',
        lines(
            "m.puz:3:12: error: the cells of 'g' must be 0 or 1 to show where the pieces lie",
            ' 3 | place p on g',
            '   |            ^',
            "hint: declare it with 'in bool' or 'in 0..1'",
        ),
    ),
    "shapes-kept-apart-off-a-grid": (
        'pieces p = [domino]\nplace p on rectangle(2, 2): at_most_once, no_touching\n',
        lines(
            "m.puz:2:43: error: 'no_touching' needs the pieces placed on a grid of cell variables",
            ' 2 | place p on rectangle(2, 2): at_most_once, no_touching',
            '   |                                           ^^^^^^^^^^^',
            "hint: declare var cells[1..R, 1..C] in bool and write 'place ... on cells'",
        ),
    ),
    "shapes-on-another-call": (
        'pieces p = [domino * 2]\nplace p on square(2)\n',
        lines(
            'm.puz:2:12: error: shapes are placed on rectangle(ROWS, COLUMNS) or on a board drawn in triple quotes',
            ' 2 | place p on square(2)',
            '   |            ^^^^^^^^^',
        ),
    ),
    "shapes-board-all-holes": (
        'pieces p = [monomino]\nplace p on """\n  # #\n"""\n',
        lines(
            "m.puz:2:12: error: the board has no cells: draw its cells with '.' and its holes with '#'",
            ' 2 | place p on """',
            '   |            ^^^',
        ),
    ),
    "shapes-placed-twice": (
        'pieces p = [domino * 2]\nplace p on rectangle(2, 2)\nplace p on rectangle(1, 4)\n',
        lines(
            "m.puz:3:1: error: 'p' is placed already; a set of shapes is placed once",
            ' 3 | place p on rectangle(1, 4)',
            '   | ^^^^^^^^^^^^^^^^^^^^^^^^^^',
        ),
    ),
    "numbers-on-a-rectangle": (
        'pieces p = [1, 2]\nplace p on rectangle(1, 2)\n',
        lines(
            'm.puz:2:12: error: pieces of numbers are placed on an array, grid or board, by its name',
            ' 2 | place p on rectangle(1, 2)',
            '   |            ^^^^^^^^^^^^^^^',
        ),
    ),
    "shapes-two-of-one-name": (
        'pieces q = """\n  F F\n"""\npieces p = [q, pentominoes]\n',
        lines(
            'm.puz:4:16: error: two different shapes are named F',
            ' 4 | pieces p = [q, pentominoes]',
            '   |                ^^^^^^^^^^^',
            'hint: give each shape a name of its own',
        ),
    ),
    "shapes-name-not-shapes": (
        'var x in 1..2\npieces p = [x]\n',
        lines(
            "m.puz:2:13: error: 'x' is not a set of shapes",
            ' 2 | pieces p = [x]',
            '   |             ^',
        ),
    ),
    "rectangle-empty": (
        'pieces p = [domino]\nplace p on rectangle(0, 2)\n',
        lines(
            'm.puz:2:12: error: a rectangle of 0x2 has no cells',
            ' 2 | place p on rectangle(0, 2)',
            '   |            ^^^^^^^^^^^^^^^',
        ),
    ),
    "bad-board-character": (
        'board b in 1..4 = """\n  a b\n  c # d\n"""\n',
        lines(
            "m.puz:3:5: error: unexpected '#' in the board drawing",
            " 3 |   c # d",
            "   |     ^",
            "hint: cells are letters or digits; gaps are '.' or blanks; lines between cells are - | / \\ crossing "
            "at +",
        ),
    ),
    "board-skewed-drawing": (
        'board b in 1..6 = """\na   b   c\n d   e   f\n"""\nforall line in b.lines: sum(line) >= 3\n',
        lines(
            "m.puz:5:18: error: the drawing has no antidiagonals: no two of its cells are on a line going down "
            "to the left",
            " 5 | forall line in b.lines: sum(line) >= 3",
            "   |                  ^^^^^",
            "hint: its cells were read, spacing taken out, as",
            "    a...b...c",
            "    .d...e...f",
            "draw a hexagon's rows offset by half the spacing of their cells and a square's rows aligned, or draw "
            "the lines with connectors (- | / \\)",
        ),
    ),
    "board-connector-joins-nothing": (
        'board b in 1..4 = """\n  a - b\n /\n c   d\n"""\n',
        lines(
            "m.puz:3:2: error: this '/' ends nowhere: the line it draws reaches no cell",
            " 3 |  /",
            "   |  ^",
            "hint: a line runs from a cell to a cell, as long as it needs: '-' along the row, '|' down, '\\' down "
            "to the right and '/' down to the left a column each line; a row and a column cross at a '+'",
        ),
    ),
    "board-long-line-ends-nowhere": (
        'board b in 1..4 = """\n  a ---- b\n  |\n  |\n\n  c    d\n"""\n',
        lines(
            "m.puz:4:3: error: this '|' ends nowhere: the line it draws reaches no cell",
            " 4 |   |",
            "   |   ^",
            "hint: a line runs from a cell to a cell, as long as it needs: '-' along the row, '|' down, '\\' down "
            "to the right and '/' down to the left a column each line; a row and a column cross at a '+'",
        ),
    ),
    "board-lines-cross-without-plus": (
        'board b in 1..4 = """\n    a\n    |\n  b---c\n    |\n    d\n"""\n',
        lines(
            "m.puz:3:5: error: this '|' runs into a '-' between two cells: lines cross only at a cell, or a row "
            "and a column at a '+'",
            " 3 |     |",
            "   |     ^",
            "hint: a line runs from a cell to a cell, as long as it needs: '-' along the row, '|' down, '\\' down "
            "to the right and '/' down to the left a column each line; a row and a column cross at a '+'",
        ),
    ),
    "board-line-branches-at-plus": (
        'board b in 1..4 = """\n  b--+--c\n     |\n     d\n"""\n',
        lines(
            "m.puz:2:6: error: the '|' line through this '+' stops at it: a line that branches touches three "
            "cells, not two",
            " 2 |   b--+--c",
            "   |      ^",
            "hint: a line runs from a cell to a cell, as long as it needs: '-' along the row, '|' down, '\\' down "
            "to the right and '/' down to the left a column each line; a row and a column cross at a '+'",
        ),
    ),
    "board-no-drawn-columns": (
        'board b in 1..4 = """\n  a - b\n  |\n  c   d\n"""\n'
        'forall r in b.rows: sum(r) == 3\nsum(b.diagonals[1]) == 2\n',
        lines(
            "m.puz:7:7: error: the drawing has connectors but no '\\' between two cells, so it has no diagonals",
            " 7 | sum(b.diagonals[1]) == 2",
            "   |       ^^^^^^^^^",
            "hint: a drawing with connectors has the lines drawn: - for rows, | for columns, \\ and / slanted",
        ),
    ),
    "attribute-of-two-words-misspelt": (
        'positions seat = 1..2\nattribute child: Ann, Bob\nattribute "age in years": 3, 5\n'
        'Bob."age in yaers" == 5\n',
        lines(
            "m.puz:4:5: error: unknown attribute 'age in yaers'",
            ' 4 | Bob."age in yaers" == 5',
            "   |     ^^^^^^^^^^^^^^",
            'hint: did you mean "age in years"? a name of several words is written in double quotes',
        ),
    ),
    "board-cell-twice": (
        'board b in 1..4 = """\n  a b\n  c a\n"""\n',
        lines(
            "m.puz:3:5: error: cell 'a' appears twice in the drawing",
            " 3 |   c a",
            "   |     ^",
        ),
    ),
    "board-drawing-empty": (
        'board b in 1..4 = """\n   \n"""\n',
        lines(
            "m.puz:1:19: error: the board drawing is empty",
            ' 1 | board b in 1..4 = """',
            "   |                   ^^^",
        ),
    ),
    # ---- region maps (regions cage of g = ...) -----------------------------------------------------
    "region-map-too-many-rows": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """\nAAB\nCCB\nCCB\n"""\n',
        lines(
            "m.puz:5:1: error: region map has 3 rows; 'g' is 2x3",
            ' 5 | CCB',
            '   | ^^^',
        ),
    ),
    "region-map-too-few-rows": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """ A A B """\n',
        lines(
            "m.puz:2:21: error: region map has 1 rows; 'g' is 2x3",
            ' 2 | regions cage of g = """ A A B """',
            '   |                     ^^^^^^^^^^^^^',
        ),
    ),
    "region-map-row-too-short": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """\nA A B\nC C\n"""\n',
        lines(
            "m.puz:4:1: error: region map row has 2 cells; 'g' is 2x3",
            ' 4 | C C',
            '   | ^^^',
            "hint: a label is one letter or digit a cell, or a word a cell with blanks between (AA AB AC)",
        ),
    ),
    "region-map-bad-character": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """\nA A B\nC * B\n"""\n',
        lines(
            "m.puz:4:3: error: unexpected '*' in the region map",
            ' 4 | C * B',
            '   |   ^',
            "hint: write each cell's region label: a letter or digit, or words with blanks between (AA AB, 10 11)",
        ),
    ),
    "region-not-connected": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """\nA B A\nC B C\n"""\n',
        lines(
            'm.puz:3:5: error: region A is not connected: this A does not reach the first A side by side',
            ' 3 | A B A',
            '   |     ^',
            "hint: a region's cells touch side by side; give each part a label of its own, and join regions "
            "in a clue with '+' where one needs them together: sum(cage.A + cage.B)",
        ),
    ),
    "region-unknown-letter": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """\nA|B B\nC|C D\n"""\nsum(cage.Z) == 3\n',
        lines(
            "m.puz:6:10: error: no region Z; the regions of 'cage' are A..D",
            ' 6 | sum(cage.Z) == 3',
            '   |          ^',
        ),
    ),
    "region-group-unknown": (
        'var g[1..2, 1..3] in 1..6\nregions cage of g = """\nAAB\nCDE\n"""\nforall r in cage.rows: alldifferent(r)\n',
        lines(
            "m.puz:6:18: error: no region rows; the regions of 'cage' are A..E",
            ' 6 | forall r in cage.rows: alldifferent(r)',
            '   |                  ^^^^',
        ),
    ),
    "regions-of-a-board": (
        'board b in 1..3 = """\nab\n"""\nregions cage of b = """\nAB\n"""\n',
        lines(
            "m.puz:4:17: error: 'b' is not an array or grid; a region map divides a grid's cells",
            ' 4 | regions cage of b = """',
            '   |                 ^',
        ),
    ),
    "of-reserved": (
        'var of in 1..3\n',
        lines(
            "m.puz:1:5: error: unexpected 'of'; expected a name",
            ' 1 | var of in 1..3',
            '   |     ^^',
            "hint: 'of' is a word of the language: choose another name",
        ),
    ),
    "regions-name-twice": (
        'var g[1..2, 1..3] in 1..6\nregions g of g = """\nAAB\nCDE\n"""\n',
        lines(
            "m.puz:2:1: error: 'g' is already defined (line 1)",
            ' 2 | regions g of g = """',
            '   | ^^^^^^^^^^^^^^^^^^^^',
            'hint: choose another name',
        ),
    ),
    # ---- run-length clues and neighbourhoods (runs(...) == [...], g.touching, around(...)) -------
    'runs-not-equal': (
        'var g[1..2, 1..3] in bool\nruns(g[1, ..]) != [1]\n',
        lines(
            "m.puz:2:16: error: runs(...) can only be compared with '==', not '!='",
            ' 2 | runs(g[1, ..]) != [1]',
            '   |                ^^',
            'hint: write the lengths of the runs as the puzzle prints them: runs(g[3, ..]) == [2, 1]',
        ),
    ),
    'runs-of-numbers': (
        'var g[1..2, 1..3] in 0..2\nruns(g[1, ..]) == [1]\n',
        lines(
            "m.puz:2:6: error: runs(...) reads cells that are 0 or 1 (a grid 'in bool')",
            ' 2 | runs(g[1, ..]) == [1]',
            '   |      ^^^^^^^^',
            "hint: declare the grid 'var g[1..R, 1..C] in bool'; a shaded cell is 1",
        ),
    ),
    'runs-of-a-constant': (
        'var g[1..2, 1..3] in bool\nruns([g[1, 1], 1, g[1, 2]]) == [1]\n',
        lines(
            'm.puz:2:16: error: runs(...) reads cells, not numbers',
            ' 2 | runs([g[1, 1], 1, g[1, 2]]) == [1]',
            '   |                ^',
            'hint: give it a row or a column: runs(g[3, ..])',
        ),
    ),
    'runs-lengths-not-a-list': (
        'var g[1..2, 1..3] in bool\nruns(g[1, ..]) == 2\n',
        lines(
            'm.puz:2:19: error: expected the lengths of the runs as a list of numbers, such as [2, 1]',
            ' 2 | runs(g[1, ..]) == 2',
            '   |                   ^',
            'hint: write the lengths of the runs as the puzzle prints them: runs(g[3, ..]) == [2, 1]',
        ),
    ),
    'runs-lengths-with-variables': (
        'var g[1..2, 1..3] in bool\nruns(g[1, ..]) == [g[2, 1]]\n',
        lines(
            'm.puz:2:19: error: expected a constant, found an expression with variables',
            ' 2 | runs(g[1, ..]) == [g[2, 1]]',
            '   |                   ^^^^^^^^^',
        ),
    ),
    'runs-too-long': (
        'var g[1..2, 1..3] in bool\nruns(g[1, ..]) == [2, 1, 1]\n',
        lines(
            'm.puz:2:19: error: the runs 2 1 1 need 6 cells; the list has 3',
            ' 2 | runs(g[1, ..]) == [2, 1, 1]',
            '   |                   ^^^^^^^^^',
        ),
    ),
    'runs-zero-run': (
        'var g[1..2, 1..3] in bool\nruns(g[1, ..]) == [1, 0]\n',
        lines(
            'm.puz:2:19: error: a run is 1 cell long or more (write [0] or [] for a line with no run)',
            ' 2 | runs(g[1, ..]) == [1, 0]',
            '   |                   ^^^^^^',
        ),
    ),
    'runs-in-a-condition': (
        'var g[1..2, 1..3] in bool\ng[2, 1] == 1 or runs(g[1, ..]) == [1]\n',
        lines(
            'm.puz:2:17: error: runs(...) == [...] is a clue of its own: it cannot be a value or part of a condition',
            ' 2 | g[2, 1] == 1 or runs(g[1, ..]) == [1]',
            '   |                 ^^^^^^^^^^^^^^',
            'hint: write it on a line of its own (or under a forall): runs(g[3, ..]) == [2, 1]',
        ),
    ),
    'runs-as-a-value': (
        'var g[1..2, 1..3] in bool\nlen(runs(g[1, ..])) == 1\n',
        lines(
            'm.puz:2:5: error: runs(...) == [...] is a clue of its own: it cannot be a value or part of a condition',
            ' 2 | len(runs(g[1, ..])) == 1',
            '   |     ^^^^^^^^^^^^^^',
            'hint: write it on a line of its own (or under a forall): runs(g[3, ..]) == [2, 1]',
        ),
    ),
    'neighbours-of-a-number': (
        'var g[1..2, 1..3] in bool\nsum(neighbours(3)) == 1\n',
        lines(
            'm.puz:2:16: error: neighbours takes a cell of a grid or a board, such as g[2, 3] or b.a',
            ' 2 | sum(neighbours(3)) == 1',
            '   |                ^',
        ),
    ),
    'neighbours-two-args': (
        'var g[1..2, 1..3] in bool\nsum(around(g[1, 1], 2)) == 1\n',
        lines(
            'm.puz:2:5: error: around takes one cell: around(g[r, c])',
            ' 2 | sum(around(g[1, 1], 2)) == 1',
            '   |     ^^^^^^^^^^^^^^^^^^',
        ),
    ),
    'touching-misspelt': (
        'var g[1..2, 1..3] in bool\nforall p in g.touch: sum(p) <= 1\n',
        lines(
            "m.puz:2:15: error: 'touch' is not a group of this array",
            ' 2 | forall p in g.touch: sum(p) <= 1',
            '   |               ^^^^^',
            "hint: did you mean 'touching'?",
        ),
    ),
    # ---- visibility clues (visible(...), reversed(...)) ---------------------------------------------
    'visible-of-nothing-given': (
        'var q[1..3] in 1..3\nvisible() == 2\n',
        lines(
            'm.puz:2:1: error: visible takes one list: the buildings of a line, nearest first',
            ' 2 | visible() == 2',
            '   | ^^^^^^^^^',
            'hint: give it the buildings of a line, nearest first: visible(g[r, ..]) == 3',
        ),
    ),
    'visible-two-args': (
        'var q[1..3] in 1..3\nvisible(q[1], q[2]) == 2\n',
        lines(
            'm.puz:2:1: error: visible takes one list: the buildings of a line, nearest first',
            ' 2 | visible(q[1], q[2]) == 2',
            '   | ^^^^^^^^^^^^^^^^^^^',
            'hint: give it the buildings of a line, nearest first: visible(g[r, ..]) == 3',
        ),
    ),
    'visible-empty-list': (
        'var q[1..3] in 1..3\nvisible([]) + q[1] >= 2\n',
        lines(
            'm.puz:2:1: error: visible(...) of nothing: the list is empty',
            ' 2 | visible([]) + q[1] >= 2',
            '   | ^^^^^^^^^^^',
            'hint: give it the buildings of a line, nearest first: visible(g[r, ..]) == 3',
        ),
    ),
    'visible-of-a-number': (
        'var q[1..3] in 1..3\nvisible(3) == 1\n',
        lines(
            'm.puz:2:9: error: expected a list, a range or a group',
            ' 2 | visible(3) == 1',
            '   |         ^',
        ),
    ),
    'visible-of-groups': (
        'var g[1..2, 1..2] in 1..2\nvisible(g.rows) == 1\n',
        lines(
            'm.puz:2:9: error: visible takes one list of values, not a list of groups',
            ' 2 | visible(g.rows) == 1',
            '   |         ^^^^^^',
            "hint: use 'forall g in ...: visible(g)'",
        ),
    ),
    'visible-of-conditions': (
        'var q[1..3] in 1..3\nvisible([q[1] == 1, q[2]]) == 1\n',
        lines(
            'm.puz:2:9: error: a condition cannot be used as a number',
            ' 2 | visible([q[1] == 1, q[2]]) == 1',
            '   |         ^^^^^^^^^^^^^^^^^',
            "hint: count conditions with 'exactly k of [...]', 'at_least' or 'at_most'",
        ),
    ),
    'visible-compared-with-a-list': (
        'var q[1..3] in 1..3\nvisible(q) == [1]\n',
        lines(
            'm.puz:2:15: error: expected a number, found a list or group',
            ' 2 | visible(q) == [1]',
            '   |               ^^^',
            'hint: sum(...) adds a list up',
        ),
    ),
    'visible-misspelt': (
        'var q[1..3] in 1..3\nvisibel(q) == 2\n',
        lines(
            "m.puz:2:1: error: unknown function 'visibel'",
            ' 2 | visibel(q) == 2',
            '   | ^^^^^^^',
            "hint: did you mean 'visible'?",
        ),
    ),
    # ---- sight lines (seen(...), sight(...)) -------------------------------------------------------
    'seen-of-nothing-given': (
        'var b[1..3, 1..3] in bool\nseen() == 2\n',
        lines(
            'm.puz:2:1: error: seen takes one cell of a grid, and a direction if one',
            ' 2 | seen() == 2',
            '   | ^^^^^^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-two-args': (
        'var b[1..3, 1..3] in bool\nseen(b, 2) == 2\n',
        lines(
            'm.puz:2:6: error: seen takes a cell of a grid, such as g[2, 3]',
            ' 2 | seen(b, 2) == 2',
            '   |      ^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-of-a-number': (
        'var b[1..3, 1..3] in bool\nseen(3) == 1\n',
        lines(
            'm.puz:2:6: error: seen takes a cell of a grid, such as g[2, 3]',
            ' 2 | seen(3) == 1',
            '   |      ^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-of-a-sum': (
        'var b[1..3, 1..3] in bool\nseen(b[1, 1] + 1) == 1\n',
        lines(
            'm.puz:2:6: error: seen takes a cell of a grid, such as g[2, 3]',
            ' 2 | seen(b[1, 1] + 1) == 1',
            '   |      ^^^^^^^^^^^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-of-a-variable': (
        'var x in bool\nseen(x) == 1\n',
        lines(
            'm.puz:2:6: error: seen takes a cell of a grid, such as g[2, 3]',
            ' 2 | seen(x) == 1',
            '   |      ^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-of-a-1d-array': (
        'var q[1..5] in bool\nseen(q[2]) == 3\n',
        lines(
            "m.puz:2:6: error: seen looks along the rows and columns of a grid; 'q' has 1 dimension",
            ' 2 | seen(q[2]) == 3',
            '   |      ^^^^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-outside-the-grid': (
        'var b[1..3, 1..3] in bool\nseen(b[4, 1]) == 2\n',
        lines(
            "m.puz:2:8: error: index 4 is outside b's range 1..3",
            ' 2 | seen(b[4, 1]) == 2',
            '   |        ^',
        ),
    ),
    'seen-compared-with-a-list': (
        'var b[1..3, 1..3] in bool\nseen(b[1, 1]) == [1]\n',
        lines(
            'm.puz:2:18: error: expected a number, found a list or group',
            ' 2 | seen(b[1, 1]) == [1]',
            '   |                  ^^^',
            'hint: sum(...) adds a list up',
        ),
    ),
    'seen-misspelt': (
        'var b[1..3, 1..3] in bool\nsen(b[1, 1]) == 2\n',
        lines(
            "m.puz:2:1: error: unknown function 'sen'",
            ' 2 | sen(b[1, 1]) == 2',
            '   | ^^^',
            "hint: did you mean 'seen'?",
        ),
    ),
    'sight-of-a-row': (
        'var b[1..3, 1..3] in bool\nsum(sight(b[1, ..])) >= 1\n',
        lines(
            'm.puz:2:11: error: sight takes a cell of a grid, such as g[2, 3]',
            ' 2 | sum(sight(b[1, ..])) >= 1',
            '   |           ^^^^^^^^',
            'hint: give it one cell of a grid, and a direction if one: sum(sight(lamp[r, c])) >= 1',
        ),
    ),
    'sight-of-a-black-cell': (
        'var lamp in bool shape """\n. #\n. .\n"""\nsum(sight(lamp[1, 2])) >= 1\n',
        lines(
            "m.puz:5:11: error: lamp[1,2] is a black cell ('#' in its shape): it has no variable",
            ' 5 | sum(sight(lamp[1, 2])) >= 1',
            '   |           ^^^^^^^^^^',
        ),
    ),
    'sight-of-a-3d-cell': (
        'var c[1..2, 1..2, 1..2] in bool\nsum(sight(c[1, 1, 1])) >= 1\n',
        lines(
            "m.puz:2:11: error: sight looks along the rows and columns of a grid; 'c' has 3 dimensions",
            ' 2 | sum(sight(c[1, 1, 1])) >= 1',
            '   |           ^^^^^^^^^^',
            'hint: give it one cell of a grid, and a direction if one: sum(sight(lamp[r, c])) >= 1',
        ),
    ),
    'seen-three-args': (
        'var b[1..3, 1..3] in bool\nseen(b[1, 1], right, 2) == 2\n',
        lines(
            'm.puz:2:1: error: seen takes one cell of a grid, and a direction if one',
            ' 2 | seen(b[1, 1], right, 2) == 2',
            '   | ^^^^^^^^^^^^^^^^^^^^^^^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'seen-direction-misspelt': (
        'var b[1..3, 1..3] in bool\nseen(b[1, 1], rigth) == 2\n',
        lines(
            'm.puz:2:15: error: a direction is right, down, left or up',
            ' 2 | seen(b[1, 1], rigth) == 2',
            '   |               ^^^^^',
            'hint: give it one cell of a grid, and a direction if one: seen(black[r, c]) == 7, seen(black[r, c], left)',
        ),
    ),
    'sight-direction-a-number': (
        'var b[1..3, 1..3] in bool\nsum(sight(b[1, 1], 2)) == 1\n',
        lines(
            'm.puz:2:20: error: a direction is right, down, left or up',
            ' 2 | sum(sight(b[1, 1], 2)) == 1',
            '   |                    ^',
            'hint: give it one cell of a grid, and a direction if one: sum(sight(lamp[r, c])) >= 1',
        ),
    ),
    'reversed-two-args': (
        'var q[1..3] in 1..3\nvisible(reversed(q, q)) == 1\n',
        lines(
            'm.puz:2:9: error: reversed takes one list: reversed(g[r, ..])',
            ' 2 | visible(reversed(q, q)) == 1',
            '   |         ^^^^^^^^^^^^^^',
        ),
    ),
    'reversed-of-a-number': (
        'var q[1..3] in 1..3\nvisible(reversed(3)) == 1\n',
        lines(
            'm.puz:2:18: error: expected a list, a range or a group',
            ' 2 | visible(reversed(3)) == 1',
            '   |                  ^',
        ),
    ),
    # ---- grids with black cells (var k in D shape ...) ---------------------------------------------
    "shape-black-cell-indexed": (
        'var k in 1..9 shape """\n# . .\n. . #\n"""\nk[1, 1] == 3\n',
        lines(
            "m.puz:5:1: error: k[1,1] is a black cell ('#' in its shape): it has no variable",
            ' 5 | k[1, 1] == 3',
            '   | ^^^^^^^',
        ),
    ),
    "shape-black-cell-in-a-slice": (
        'var k in 1..9 shape """\n# . .\n. . #\n"""\nsum(k[2, 1..3]) == 3\n',
        lines(
            "m.puz:5:5: error: k[2,3] is a black cell ('#' in its shape): it has no variable",
            ' 5 | sum(k[2, 1..3]) == 3',
            '   |     ^^^^^^^^^^',
        ),
    ),
    "shape-has-no-rows": (
        'var k in 1..9 shape """\n# . .\n. . #\n"""\nforall r in k.rows: alldifferent(r)\n',
        lines(
            "m.puz:5:15: error: a grid with black cells has no whole lines or boxes; its groups are across, "
            "down, runs and cells",
            ' 5 | forall r in k.rows: alldifferent(r)',
            '   |               ^^^^',
        ),
    ),
    "shape-bad-character": (
        'var k in 1..9 shape """\n# . .\n. x #\n"""\n',
        lines(
            "m.puz:3:3: error: unexpected 'x' in the shape",
            ' 3 | . x #',
            '   |   ^',
            "hint: write '#' for a black cell and '.' or '_' for a cell",
        ),
    ),
    "shape-rows-of-different-lengths": (
        'var k in 1..9 shape """\n# . .\n. . # .\n"""\n',
        lines(
            'm.puz:3:1: error: shape row has 4 cells; its first row has 3',
            ' 3 | . . # .',
            '   | ^^^^^^^',
        ),
    ),
    "shape-wrong-for-the-dims": (
        'var k[1..3, 1..3] in 1..9 shape """\n# . .\n. . #\n"""\n',
        lines(
            "m.puz:1:33: error: shape has 2 rows; 'k' is 3x3",
            ' 1 | var k[1..3, 1..3] in 1..9 shape """',
            '   |                                 ^^^',
        ),
    ),
    "shape-row-wrong-for-the-dims": (
        'var k[1..2, 1..3] in 1..9 shape """\n# . .\n. . # .\n"""\n',
        lines(
            "m.puz:3:1: error: shape row has 4 cells; 'k' is 2x3",
            ' 3 | . . # .',
            '   | ^^^^^^^',
        ),
    ),
    "shape-one-dimension": (
        'var k[1..3] in 1..9 shape """\n# . .\n"""\n',
        lines(
            'm.puz:1:7: error: a shape is drawn for a grid of two dimensions',
            ' 1 | var k[1..3] in 1..9 shape """',
            '   |       ^^^^',
        ),
    ),
    "shape-empty": (
        'var k in 1..9 shape """\n"""\n',
        lines(
            'm.puz:1:21: error: the shape is empty',
            ' 1 | var k in 1..9 shape """',
            '   |                     ^^^',
        ),
    ),
    "shape-given-on-a-black-cell": (
        'var k in 1..9 shape """\n# . .\n. . #\n"""\ngiven k = """\n5 . .\n. . .\n"""\n',
        lines(
            "m.puz:6:1: error: k[1,1] is a black cell ('#' in its shape): it has no variable",
            ' 6 | 5 . .',
            '   | ^',
        ),
    ),
    "shape-region-on-a-black-cell": (
        'var k in 1..9 shape """\n# . .\n. . #\n"""\nregions cage of k = """\nAAB\nCCB\n"""\n',
        lines(
            "m.puz:6:1: error: k[1,1] is a black cell ('#' in its shape): it has no variable",
            ' 6 | AAB',
            '   | ^',
        ),
    ),
    "shape-element-may-land-on-black": (
        'var k in 1..9 shape """\n# . .\n. . #\n"""\nvar i in 1..3\nk[1, i] == 3\n',
        lines(
            "m.puz:6:1: error: k[1,1] is a black cell ('#' in its shape): it has no variable",
            ' 6 | k[1, i] == 3',
            '   | ^^^^^^^',
            'hint: an index over variables may not reach a black cell: narrow it',
        ),
    ),
    "where-reserved": (
        'var where in 1..3\n',
        lines(
            "m.puz:1:5: error: unexpected 'where'; expected a name",
            ' 1 | var where in 1..3',
            '   |     ^^^^^',
            "hint: 'where' is a word of the language: choose another name",
        ),
    ),
    "where-depends-on-variables": (
        "var x[1..3] in 1..3\nforall i in 1..3 where x[i] > 1: x[i] != 2\n",
        lines(
            "m.puz:2:24: error: a 'where' condition must be decidable from constants alone",
            " 2 | forall i in 1..3 where x[i] > 1: x[i] != 2",
            "   |                        ^^^^^^^^",
            "hint: 'where' only filters the indices; put a condition on variables after ':', "
            "e.g. 'forall i in 1..n: if ... then ...'",
        ),
    ),
    # ---- answer templates: the caret points into the template, on the template's own line ----------
    "template-unknown-name": (
        FISH + 'question "Who owns the fish?": "The {nationalty[fish]} owns it."\nDane at 1\n',
        lines(
            "m.puz:4:38: error: unknown value 'nationalty'",
            ' 4 | question "Who owns the fish?": "The {nationalty[fish]} owns it."',
            "   |                                      ^^^^^^^^^^",
            "hint: did you mean 'nationality'?",
        ),
    ),
    "template-syntax-error": (
        FISH + 'question "q": "The {nationality[fish} owns it."\nDane at 1\n',
        lines(
            "m.puz:4:37: error: the placeholder ends too early; expected a closing ']', a comma or '..'",
            ' 4 | question "q": "The {nationality[fish} owns it."',
            "   |                                     ^",
            "hint: the '[' at column 32 is not closed",
        ),
    ),
    "template-unexpected-character": (
        FISH + 'question "q": "The {fish @ 1} owns it."\nDane at 1\n',
        lines(
            "m.puz:4:26: error: unexpected character '@'",
            ' 4 | question "q": "The {fish @ 1} owns it."',
            "   |                          ^",
        ),
    ),
    "template-empty-placeholder": (
        FISH + 'question "q": "The {} owns it."\n',
        lines(
            "m.puz:4:20: error: empty placeholder in the answer",
            ' 4 | question "q": "The {} owns it."',
            "   |                    ^^",
            "hint: put a value between the braces, e.g. {x}",
        ),
    ),
    "template-unclosed-brace": (
        FISH + 'question "q": "The {nationality[fish] owns it."\n',
        lines(
            "m.puz:4:20: error: '{' in an answer is not closed by '}'",
            ' 4 | question "q": "The {nationality[fish] owns it."',
            "   |                    ^",
        ),
    ),
    "template-second-placeholder-unclosed": (
        'var x in 1..3\nx == 2\nquestion "q": "{x} and {x"\n',
        lines(
            "m.puz:3:24: error: '{' in an answer is not closed by '}'",
            ' 3 | question "q": "{x} and {x"',
            "   |                        ^",
        ),
    ),
    "template-second-placeholder-ends-early": (
        'var x in 1..3\nx == 2\nquestion "q": "{x} and {x + }"\n',
        lines(
            "m.puz:3:29: error: the placeholder ends too early; expected a value",
            ' 3 | question "q": "{x} and {x + }"',
            "   |                             ^",
        ),
    ),
    "template-attribute-in-arithmetic": (
        FISH + 'question "q": "{nationality[fish] + 1}"\n',
        lines(
            "m.puz:4:17: error: 'nationality[...]' names the value at a position; it can only stand "
            "alone in an answer, as in {nationality[...]}",
            ' 4 | question "q": "{nationality[fish] + 1}"',
            "   |                 ^^^^^^^^^^^^^^^^^",
        ),
    ),
    "template-bare-attribute": (
        FISH + 'question "q": "{nationality}"\n',
        lines(
            "m.puz:4:17: error: expected a number, found the attribute 'nationality'",
            ' 4 | question "q": "{nationality}"',
            "   |                 ^^^^^^^^^^^",
            "hint: in an answer, 'nationality[p]' is its value at position p (p may be a value of "
            "another attribute)",
        ),
    ),
    "positions-not-consecutive": (
        "positions house = {1, 3, 5}\n",
        lines(
            "m.puz:1:19: error: positions must be consecutive numbers in order",
            " 1 | positions house = {1, 3, 5}",
            "   |                   ^^^^^^^^^",
            "hint: write a range, such as 1..5",
        ),
    ),
    "piece-outside-domain": (
        "pieces p = [1|2, 5]\nvar g[1..2] in 1..3\nplace p on g\n",
        lines(
            "m.puz:3:1: error: piece value 5 is outside the domain 1..3 of 'g'",
            " 3 | place p on g",
            "   | ^^^^^^^^^^^^",
            "hint: widen the domain of 'g' to hold every piece",
        ),
    ),
    "position-word-taken-by-a-value": (
        "positions house = 1..3\nattribute a: x, last, y\nx at last\n",
        lines(
            "m.puz:3:6: error: 'last' is a value of this model, not a position",
            " 3 | x at last",
            "   |      ^^^^",
            "hint: the model names something else so; write the position's number",
        ),
    ),
    "sum-overflows-64-bits": (
        "var x[1..3] in {0, 2000000000}\n2000000000 * x[1] + 2000000000 * x[2] + 2000000000 * x[3] >= 5\n",
        lines(
            "m.puz:2:1: error: this sum can reach 12000000000000000005: too large for the backends "
            "(at most 4611686018427387904)",
            " 2 | 2000000000 * x[1] + 2000000000 * x[2] + 2000000000 * x[3] >= 5",
            "   | " + "^" * 62,
            "hint: use smaller numbers or narrower domains",
        ),
    ),
    # ---- nesting deeper than the passes after parsing take (100 levels, syntax/nesting.py) ---------
    "nested-300-abs": nested_too_deep("var x in -3..3", "x == " + "abs(" * 300 + "x" + ")" * 300, 402, 3),
    "nested-600-not": nested_too_deep("var b in 0..1", "not " * 600 + "b == 1", 401, 3),
    "nested-330-lists": nested_too_deep("var x in 1..3", "x in " + "[" * 330 + "1" + "]" * 330, 105, 1),
    "nested-500-unary-minus": nested_too_deep("var x in -3..3", "x == " + "-" * 500 + "x", 105, 1),
    "nested-500-if-then": nested_too_deep("var x in 1..3", "if true then " * 500 + "x == 1", 1301, 2),
    "nested-1000-forall": nested_too_deep("var x in 1..3", "forall i in 1..1: " * 1000 + "x == i", 1801, 6),
    "nested-150-binders": nested_too_deep(
        "var x in 1..3", "forall " + ", ".join(f"a{i} in 1..1" for i in range(150)) + ": x == 1", 1298, 4
    ),
    "nested-150-binders-of-a-comprehension": nested_too_deep(
        "var x in 1..3", "x == len([1 for " + ", ".join(f"a{i} in 1..1" for i in range(150)) + "])", 1281, 3
    ),
    "nested-and-or-in-parentheses": nested_too_deep(
        "var x in 1..3", "(" * 200 + "x == 1" + "".join(" or x == 2)" if k % 2 else " and x != 3)" for k in range(200)),
        102, 1,
    ),
    "lets-nesting-lists-too-deep": (
        "var x in 1..3\nlet l0 = [x]\n" + "".join(f"let l{i} = [l{i - 1}]\n" for i in range(1, 101)),
        lines(
            "m.puz:102:12: error: this list is nested more than 100 levels deep",
            " 102 | let l100 = [l99]",
            "     |            ^^^^^",
            NESTING_HINT,
        ),
    ),
    # ---- iff, conditionals, bool variables as conditions, domains of names ------------------------
    'else-without-if': (
        'var x in 1..3\nx == 1 else x == 2\n',
        lines(
            "m.puz:2:8: error: unexpected 'else'; expected an operator or the end of the line",
            ' 2 | x == 1 else x == 2',
            '   |        ^^^^',
            "hint: 'else' ends 'if A then B else C'; an 'if', 'either' or 'forall' as B goes in parentheses",
        ),
    ),
    'else-after-either': (
        'var x in 1..3\nif x == 1 then either x == 2 or x == 3 else x == 1\n',
        lines(
            "m.puz:2:40: error: unexpected 'else'; expected an operator or the end of the line",
            ' 2 | if x == 1 then either x == 2 or x == 3 else x == 1',
            '   |                                        ^^^^',
            "hint: 'else' ends 'if A then B else C'; an 'if', 'either' or 'forall' as B goes in parentheses",
        ),
    ),
    'iff-chained': (
        'var a, b, c in bool\na iff b iff c\n',
        lines(
            "m.puz:2:9: error: unexpected 'iff'; expected an operator or the end of the line",
            ' 2 | a iff b iff c',
            '   |         ^^^',
            "hint: 'iff' joins two conditions; group more in parentheses: (A iff B) iff C",
        ),
    ),
    'conditional-value-without-parentheses': (
        'var x in 1..3\nvar b in bool\nx == if b then 1 else 2\n',
        lines(
            "m.puz:3:6: error: unexpected 'if'; expected a value",
            ' 3 | x == if b then 1 else 2',
            '   |      ^^',
            'hint: a conditional value goes in parentheses: (if A then x else y)',
        ),
    ),
    'conditional-value-as-clue': (
        'var b in bool\nif b then 1 else 2\n',
        lines(
            'm.puz:2:11: error: expected a condition (such as a == b), found a value',
            ' 2 | if b then 1 else 2',
            '   |           ^',
            "hint: compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        ),
    ),
    'conditional-value-and-condition': (
        'var x in 1..3\nvar b in bool\nx == (if b then 1 else x == 2)\n',
        lines(
            'm.puz:3:24: error: this is a condition; it cannot be used as a value here',
            ' 3 | x == (if b then 1 else x == 2)',
            '   |                        ^^^^^^',
            "hint: a condition is true or false, not a number; count conditions with "
            "'exactly k of [...]', 'at_least' or 'at_most'",
        ),
    ),
    'conditional-name-and-number': (
        'var x in {red, green}\nvar b in bool\nx == (if b then red else 2)\n',
        lines(
            'm.puz:3:26: error: one branch is a name and the other a number',
            ' 3 | x == (if b then red else 2)',
            '   |                          ^',
            'hint: a conditional value chooses between two names or two numbers',
        ),
    ),
    'iff-of-a-number': (
        'var x in 1..3\nx iff x == 2\n',
        lines(
            'm.puz:2:1: error: expected a condition (such as a == b), found a value',
            ' 2 | x iff x == 2',
            '   | ^',
            "hint: compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        ),
    ),
    'number-variable-as-condition': (
        'var x in 0..1\nif x then x == 1\n',
        lines(
            'm.puz:2:4: error: expected a condition (such as a == b), found a value',
            ' 2 | if x then x == 1',
            '   |    ^',
            "hint: compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        ),
    ),
    'names-arithmetic': (
        'var WA, NT in {red, green}\nWA + 1 == NT\n',
        lines(
            "m.puz:2:1: error: arithmetic on a name: 'WA' holds a name, not a number",
            ' 2 | WA + 1 == NT',
            '   | ^^^^^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'names-ordered': (
        'var WA, NT in {red, green}\nWA < NT\n',
        lines(
            "m.puz:2:4: error: names have no order: '<' compares numbers",
            ' 2 | WA < NT',
            '   |    ^',
            "hint: names are compared with '==', '!=', 'same' and 'not_same'",
        ),
    ),
    'name-compared-with-number': (
        'var WA in {red, green}\nWA == 2\n',
        lines(
            'm.puz:2:7: error: a name is compared with a number',
            ' 2 | WA == 2',
            '   |       ^',
            'hint: compare a variable of names with a name or with another such variable',
        ),
    ),
    'name-as-number': (
        'var WA in {red, green}\nWA == red + 1\n',
        lines(
            "m.puz:2:7: error: 'red' is a name, not a number",
            ' 2 | WA == red + 1',
            '   |       ^^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'names-summed': (
        'var WA, NT in {red, green}\nsum([WA, NT]) == 3\n',
        lines(
            "m.puz:2:1: error: arithmetic on a name: 'WA' holds a name, not a number",
            ' 2 | sum([WA, NT]) == 3',
            '   | ^^^^^^^^^^^^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'name-also-attribute-value': (
        'positions house = 1..3\nattribute colour: red, green, blue\nvar WA in {red, yellow}\n',
        lines(
            "m.puz:3:12: error: 'red' is already defined (line 2); a name in a domain of names names nothing else",
            ' 3 | var WA in {red, yellow}',
            '   |            ^^^',
            'hint: choose another name: one name names one thing',
        ),
    ),
    'attribute-value-also-name': (
        'var WA in {red, yellow}\npositions house = 1..3\nattribute colour: red, green, blue\n',
        lines(
            "m.puz:3:19: error: 'red' is already defined (line 1)",
            ' 3 | attribute colour: red, green, blue',
            '   |                   ^^^',
            'hint: choose another name',
        ),
    ),
    'names-and-numbers-in-a-domain': (
        'var WA in {red, 2}\n',
        lines(
            'm.puz:1:17: error: a domain holds names or numbers, not both',
            ' 1 | var WA in {red, 2}',
            '   |                 ^',
            "hint: 'red' is a new name, so this is a domain of names",
        ),
    ),
    'name-as-index': (
        'var WA in {red, green}\nlet p = [3, 4]\np[WA] == 3\n',
        lines(
            "m.puz:3:3: error: arithmetic on a name: 'WA' holds a name, not a number",
            ' 3 | p[WA] == 3',
            '   |   ^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'name-minimized': (
        'var WA in {red, green}\nminimize WA\n',
        lines(
            "m.puz:2:10: error: arithmetic on a name: 'WA' holds a name, not a number",
            ' 2 | minimize WA',
            '   |          ^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'name-in-a-range': (
        'var WA in {red, green}\nWA in 1..2\n',
        lines(
            'm.puz:2:7: error: a name is tested against numbers',
            ' 2 | WA in 1..2',
            '   |       ^^^^',
            'hint: a name is one of a set of names: x in {red, green}',
        ),
    ),
    'name-also-param': (
        'param red = 3\nvar WA in {red, green}\n',
        lines(
            "m.puz:2:12: error: 'red' is already defined (line 1); a name in a domain of names names nothing else",
            ' 2 | var WA in {red, green}',
            '   |            ^^^',
            'hint: choose another name: one name names one thing',
        ),
    ),
    'names-distance': (
        'var WA, NT in {red, green}\ndistance(WA, NT) == 1\n',
        lines(
            "m.puz:2:1: error: arithmetic on a name: 'WA' holds a name, not a number",
            ' 2 | distance(WA, NT) == 1',
            '   | ^^^^^^^^^^^^^^^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'name-arithmetic-in-answer': (
        'var WA in {red, green}\nquestion "q": "{WA + 1}"\n',
        lines(
            "m.puz:2:17: error: arithmetic on a name: 'WA' holds a name, not a number",
            ' 2 | question "q": "{WA + 1}"',
            '   |                 ^^^^^^',
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    'name-not-in-the-domain': (
        'var WA in {red, green}\nWA == purple\n',
        lines(
            "m.puz:2:7: error: unknown name 'purple': 'WA' is one of red, green",
            ' 2 | WA == purple',
            '   |       ^^^^^^',
            'hint: a variable of names takes the names of its domain',
        ),
    ),
    'name-not-in-the-domain-misspelt': (
        'var c[1..2] in {red, green}\nc[1] in {red, gren}\n',
        lines(
            "m.puz:2:15: error: unknown name 'gren': 'c[1]' is one of red, green",
            ' 2 | c[1] in {red, gren}',
            '   |               ^^^^',
            "hint: did you mean 'green'?",
        ),
    ),
    'name-not-in-the-domain-on-the-left': (
        'var WA in {red, green}\nRed != WA\n',
        lines(
            "m.puz:2:1: error: unknown name 'Red': 'WA' is one of red, green",
            ' 2 | Red != WA',
            '   | ^^^',
            "hint: did you mean 'red'?",
        ),
    ),
    # ---- connected areas and loops ----------------------------------------------------------------
    "connected-inside-a-condition": (
        'var g[1..2, 1..3] in bool\nif g[1, 1] == 1 then connected(g, 1)\n',
        lines(
            'm.puz:2:22: error: connected(...) is a clue of its own: it cannot stand inside a condition',
            ' 2 | if g[1, 1] == 1 then connected(g, 1)',
            '   |                      ^^^^^^^^^^^^^^^',
            'hint: write it on a line of its own (a forall may hold it); an area that need not be connected '
            'has no encoding',
        ),
    ),
    "connected-in-a-count": (
        'var g[1..2, 1..3] in bool\nexactly 1 of [connected(g, 1), g[1, 1] == 1]\n',
        lines(
            'm.puz:2:15: error: connected(...) is a clue of its own: it cannot stand inside a condition',
            ' 2 | exactly 1 of [connected(g, 1), g[1, 1] == 1]',
            '   |               ^^^^^^^^^^^^^^^',
            'hint: write it on a line of its own (a forall may hold it); an area that need not be connected '
            'has no encoding',
        ),
    ),
    "connected-without-its-value": (
        'var g[1..2, 1..3] in bool\nconnected(g)\n',
        lines(
            'm.puz:2:1: error: connected(g) needs the value of the cells that make the area',
            ' 2 | connected(g)',
            '   | ^^^^^^^^^^^^',
            'hint: connected takes a grid and its value, connected(g, 0), or rows of conditions, '
            'connected([[g[r, c] == 0 for c in 1..n] for r in 1..n])',
        ),
    ),
    "connected-three-arguments": (
        'var g[1..2, 1..3] in bool\nconnected(g, 1, 2)\n',
        lines(
            'm.puz:2:1: error: connected takes a grid and its value, connected(g, 0), or rows of conditions, '
            'connected([[g[r, c] == 0 for c in 1..n] for r in 1..n])',
            ' 2 | connected(g, 1, 2)',
            '   | ^^^^^^^^^^^^^^^^^^',
        ),
    ),
    "connected-of-a-constant": (
        'let x = 3\nconnected(x, 1)\n',
        lines(
            'm.puz:2:11: error: connected(g, v): g must be a var array or grid',
            ' 2 | connected(x, 1)',
            '   |           ^',
            'hint: for a part of a grid, give its rows of conditions: connected([[g[1, c] == 1 for c in '
            '1..n]])',
        ),
    ),
    "connected-of-a-slice": (
        'var g[1..2, 1..3] in bool\nconnected(g[1, ..], 1)\n',
        lines(
            'm.puz:2:11: error: connected(g, v): g must be a var array or grid',
            ' 2 | connected(g[1, ..], 1)',
            '   |           ^^^^^^^^',
            'hint: for a part of a grid, give its rows of conditions: connected([[g[1, c] == 1 for c in '
            '1..n]])',
        ),
    ),
    "connected-value-a-variable": (
        'var g[1..2, 1..3] in bool\nconnected(g, g[1, 1])\n',
        lines(
            "m.puz:2:14: error: connected(g, v): v, the value of the area's cells, must be a constant number "
            'or set',
            ' 2 | connected(g, g[1, 1])',
            '   |              ^^^^^^^',
        ),
    ),
    "connected-no-values": (
        'var g[1..2, 1..3] in bool\nconnected(g, [])\n',
        lines(
            'm.puz:2:14: error: connected(g, v): v is empty, so no cell could be in the area',
            ' 2 | connected(g, [])',
            '   |              ^^',
        ),
    ),
    "connected-rows-of-numbers": (
        'var g[1..2, 1..3] in bool\nconnected([1, 2])\n',
        lines(
            'm.puz:2:11: error: expected a condition (such as a == b), found a value',
            ' 2 | connected([1, 2])',
            '   |           ^^^^^^',
            "hint: compare the value to make a condition, e.g. '... == 1' (a bool variable is 0 or 1)",
        ),
    ),
    "connected-misspelt": (
        'var g[1..2, 1..3] in bool\nconected(g, 1)\n',
        lines(
            "m.puz:2:1: error: unknown function 'conected'",
            ' 2 | conected(g, 1)',
            '   | ^^^^^^^^',
            "hint: did you mean 'connected'?",
        ),
    ),
    "single-loop-one-grid": (
        'var g[1..2, 1..3] in bool\nsingle_loop(g)\n',
        lines(
            'm.puz:2:1: error: single_loop takes the bool grids of the horizontal and the vertical edges: '
            'single_loop(h, v)',
            ' 2 | single_loop(g)',
            '   | ^^^^^^^^^^^^^^',
        ),
    ),
    "single-loop-shapes": (
        'var h[0..2, 1..2] in bool\nvar v[1..2, 0..1] in bool\nsingle_loop(h, v)\n',
        lines(
            'm.puz:3:1: error: single_loop(h, v): for a grid of R x C cells, h is (R+1) x C and v is R x '
            '(C+1), whole; here h is 3 x 2 and v is 2 x 2',
            ' 3 | single_loop(h, v)',
            '   | ^^^^^^^^^^^^^^^^^',
        ),
    ),
    "single-loop-not-bool": (
        'var h[0..2, 1..2] in 0..2\nvar v[1..2, 0..2] in bool\nsingle_loop(h, v)\n',
        lines(
            'm.puz:3:13: error: single_loop: the edges must be bool variables (an edge is drawn when it is 1)',
            ' 3 | single_loop(h, v)',
            '   |             ^',
        ),
    ),
    "single-loop-in-an-or": (
        'var h[0..2, 1..2] in bool\nvar v[1..2, 0..2] in bool\nsingle_loop(h, v) or h[0, 1] == 1\n',
        lines(
            'm.puz:3:1: error: single_loop(...) is a clue of its own: it cannot stand inside a condition',
            ' 3 | single_loop(h, v) or h[0, 1] == 1',
            '   | ^^^^^^^^^^^^^^^^^',
            'hint: write it on a line of its own (a forall may hold it); an area that need not be connected '
            'has no encoding',
        ),
    ),
    # ---- objectives ----------------------------------------------------------------------------------
    "two-objectives": (
        "var x in 1..3\nminimize x\nmaximize x\n",
        lines(
            "m.puz:3:1: error: a model states one objective; line 2 states one already",
            " 3 | maximize x",
            "   | ^^^^^^^^^^",
            "hint: keep the one to optimise, or fold them into one sum",
        ),
    ),
    "objective-over-a-list": (
        "var q[1..3] in 1..3\nminimize q\n",
        lines(
            "m.puz:2:10: error: expected a number, found a list or group",
            " 2 | minimize q",
            "   |          ^",
            "hint: sum(...) adds a list up",
        ),
    ),
    "objective-an-empty-list": (
        "var x in 1..3\nminimize [x for i in 1..0]\n",
        lines(
            "m.puz:2:10: error: an objective that is a list optimises its numbers in order; this list is empty",
            " 2 | minimize [x for i in 1..0]",
            "   |          ^^^^^^^^^^^^^^^^^",
        ),
    ),
    "objective-list-in-a-list": (
        "var x in 1..3\nvar y in 1..3\nminimize [x, [x, y]]\n",
        lines(
            "m.puz:3:14: error: expected a number, found a list or group",
            " 3 | minimize [x, [x, y]]",
            "   |              ^^^^^^",
            "hint: sum(...) adds a list up",
        ),
    ),
    "objective-list-of-a-condition": (
        "var x in 1..3\nmaximize [x, x == 2]\n",
        lines(
            "m.puz:2:14: error: a condition cannot be used as a number",
            " 2 | maximize [x, x == 2]",
            "   |              ^^^^^^",
            "hint: count conditions with 'exactly k of [...]', 'at_least' or 'at_most'",
        ),
    ),
    "objective-list-of-a-name": (
        "var x in 1..3\nvar c in {red, green}\nminimize [x, c]\n",
        lines(
            "m.puz:3:14: error: arithmetic on a name: 'c' holds a name, not a number",
            " 3 | minimize [x, c]",
            "   |              ^",
            "hint: names are compared with '==' and '!=' only",
        ),
    ),
    "objective-list-added-to": (
        "var x in 1..3\nminimize [x, x] + 1\n",
        lines(
            "m.puz:2:10: error: expected a number, found a list or group",
            " 2 | minimize [x, x] + 1",
            "   |          ^^^^^^",
            "hint: sum(...) adds a list up",
        ),
    ),
    "objective-list-part-too-large": (
        "var x[1..3] in {0, 2000000000}\nminimize [x[1], 2000000000 * x[1] + 2000000000 * x[2] + 2000000000 * x[3]]\n",
        lines(
            "m.puz:2:17: error: this sum can reach 12000000000000000000: too large for the backends "
            "(at most 4611686018427387904)",
            " 2 | minimize [x[1], 2000000000 * x[1] + 2000000000 * x[2] + 2000000000 * x[3]]",
            "   |                 " + "^" * 57,
            "hint: use smaller numbers or narrower domains",
        ),
    ),
    "objective-over-a-condition": (
        "var x in 1..3\nminimize x == 2\n",
        lines(
            "m.puz:2:12: error: unexpected '=='; expected an operator or the end of the line",
            " 2 | minimize x == 2",
            "   |            ^^",
            "hint: write it as: minimize cost",
        ),
    ),
    "objective-too-large": (
        "var x[1..3] in {0, 2000000000}\nminimize 2000000000 * x[1] + 2000000000 * x[2] + 2000000000 * x[3]\n",
        lines(
            "m.puz:2:1: error: this sum can reach 12000000000000000000: too large for the backends "
            "(at most 4611686018427387904)",
            " 2 | minimize 2000000000 * x[1] + 2000000000 * x[2] + 2000000000 * x[3]",
            "   | " + "^" * 66,
            "hint: use smaller numbers or narrower domains",
        ),
    ),
    # ---- show: the variables a solution is told apart by ----------------------------------------------
    "show-a-let": (
        "let n = 3\nvar x in 1..n\nshow n\n",
        lines(
            "m.puz:3:6: error: 'n' is not a variable: show names variables, arrays, boards or attributes",
            " 3 | show n",
            "   |      ^",
        ),
    ),
    "show-an-expression": (
        "var x in 1..3\nlet y = x + 1\nshow x, y\n",
        lines(
            "m.puz:3:9: error: 'y' is not a variable: show names variables, arrays, boards or attributes",
            " 3 | show x, y",
            "   |         ^",
        ),
    ),
    "show-a-key-value": (
        "positions band: A, B\nattribute genre: rock, jazz\nshow A\n",
        lines(
            "m.puz:3:6: error: 'A' is not a variable: show names variables, arrays, boards or attributes",
            " 3 | show A",
            "   |      ^",
        ),
    ),
    "show-an-unknown-name": (
        "var killer in 1..3\nshow kiler\n",
        lines(
            "m.puz:2:6: error: unknown name 'kiler'",
            " 2 | show kiler",
            "   |      ^^^^^",
            "hint: did you mean 'killer'?",
        ),
    ),
    "show-twice": (
        "var x in 1..3\nvar y in 1..3\nshow x, y\nshow x\n",
        lines(
            "m.puz:4:6: error: 'x' is shown already (line 3)",
            " 4 | show x",
            "   |      ^",
            "hint: name each variable in one show statement",
        ),
    ),
    "show-without-a-comma": (
        "var x in 1..3\nvar y in 1..3\nshow x y\n",
        lines(
            "m.puz:3:8: error: unexpected 'y'; expected a comma or the end of the line",
            " 3 | show x y",
            "   |        ^",
            "hint: write it as: show x, y",
        ),
    ),
    "an-answer-shows-a-variable-show-leaves-out": (
        'var x in 1..3\nvar h[1..2] in 1..3\nshow x\nquestion "What?": "{x}, {h}"\n',
        lines(
            "m.puz:4:26: error: this answer shows 'h[1]', which the model hides",
            ' 4 | question "What?": "{x}, {h}"',
            "   |                          ^",
            "hint: show it too (show h), or leave it out of the answer",
        ),
    ),
    "an-answer-shows-a-hidden-name": (
        'var x in 1..3\nvar _y in 1..3\nx != _y\nquestion "What?": "{x + _y}"\n',
        lines(
            "m.puz:4:21: error: this answer shows '_y', which the model hides",
            ' 4 | question "What?": "{x + _y}"',
            "   |                     ^^^^^^",
            "hint: name it without the leading '_', or leave it out of the answer",
        ),
    ),
    # ---- a block never closed, a character that shows as nothing, a line too long to quote whole ---
    "a-block-in-triple-quotes-never-closed": (
        'var g[1..2, 1..2] in 1..2\ngiven g = """\n1 .\n. 1\n\nalldifferent(g[1, ..])\n',
        lines(
            "m.puz:2:11: error: '\"\"\"' is never closed",
            ' 2 | given g = """',
            "   |           ^^^",
            'hint: the block in triple quotes opened here runs to the end of the model: close it with """',
        ),
    ),
    "a-combining-mark-by-its-code-point": (
        "var x in 1..2\nx\u0301 == 1\n",
        lines(
            "m.puz:2:2: error: unexpected character U+0301 (COMBINING ACUTE ACCENT)",
            " 2 | x\\u0301 == 1",
            "   |  ^^^^^^",
        ),
    ),
    "a-long-line-cut-around-the-caret": (
        "var x in 1..2\nx == " + "1 + " * 300_000 + "@ + 1" + " + 1" * 100 + "\n",
        lines(
            "m.puz:2:1200006: error: unexpected character '@'",
            # 60 characters before the fault, 100 from it on
            " 2 | ...(1,199,945 characters cut) " + "1 + " * 15 + "@ + 1" + " + 1" * 23 + " +  ...(305 characters cut)",
            "   | " + " " * 90 + "^",
        ),
    ),
    # ---- characters that end a line for str.splitlines() but not for the scanner -------------------
    **{
        f"{name}-{where}": case
        for name, char in NOT_LINE_BREAKS.items()
        for where, case in not_a_line_break(char).items()
    },
}


@pytest.mark.parametrize("case", list(CASES))
def test_message(case: str) -> None:
    model, expected = CASES[case]
    assert error_of(model) == expected


# ---- just under the nesting limit: every stage after parsing takes it, with stack to spare -------

# shape -> (the model at depth n, the deepest n that the limit lets through). The shapes that nest
# the IR deepest (and/or, either, not-or, counts) are here besides the deepest in lowering.
DEEPEST: dict[str, tuple[Callable[[int], str], int]] = {
    "abs": (lambda n: "var x in -3..3\nx == " + "abs(" * n + "x" + ")" * n + "\n", 99),
    "not": (lambda n: "var b in 0..1\n" + "not " * n + "b == 1\n", 99),
    "lists": (lambda n: "var x in 1..3\nx == len(" + "[" * n + "1" + "]" * n + ")\n", 98),
    "unary-minus": (lambda n: "var x in -3..3\nx == " + "-" * n + "x\n", 99),
    "if-then": (lambda n: "var x in 1..3\n" + "if x > 1 then " * n + "x == 2\n", 99),
    "forall": (lambda n: "var x in 1..3\n" + "forall i in 1..1: " * n + "x == i\n", 99),
    "and-or": (lambda n: "var x in 1..3\n" + "".join("x == 2 or (" if k % 2 else "x != 3 and (" for k in range(n))
               + "x == 1" + ")" * n + "\n", 99),
    "either": (lambda n: "var x in 1..3\n" + "either (" * n + "x == 1" + ") or x == 3" * n + "\n", 99),
    "not-or": (lambda n: "var x in 1..3\n" + "not (x == 2 or " * n + "x == 1" + ")" * n + "\n", 49),
    "exactly-of": (lambda n: "var x in 1..3\n" + "exactly 1 of [" * n + "x == 1" + "]" * n + "\n", 49),
}
UNSATISFIABLE = "var zz in 1..2\nzz > 1\nzz < 2\n"  # for explain, which explains only a model without solutions


def with_frames_in_use(frames: int, work: Callable[[], None]) -> None:
    """`work()` with `frames` more frames on the stack, as a caller deep in its own code would have."""
    if frames:
        with_frames_in_use(frames - 1, work)
    else:
        work()


@pytest.mark.parametrize("shape", list(DEEPEST))
def test_nesting_at_the_limit_passes_every_stage(shape: str) -> None:
    from cspdsl.api import solve
    from cspdsl.backends import REGISTRY, backend_class
    from cspdsl.explanation import explain
    from cspdsl.export import export

    make, deepest = DEEPEST[shape]
    assert "is nested more than 100 levels deep" in error_of(make(deepest + 1))

    def every_stage() -> None:
        model = loads(make(deepest), "m.puz")
        for backend in sorted(REGISTRY):  # a local search may not find the abs chain's one solution soon
            if backend_class(backend).CAPABILITIES.sequential_only:
                continue
            exact = backend_class(backend).CAPABILITIES.exact
            result = solve(model, backend, limit=1, seed=1, timeout=60 if exact else 2)
            assert result.status in (("solved",) if exact else ("solved", "timeout")), backend
        assert export("dimacs", model.problem).startswith("c ")
        assert explain(loads(make(deepest) + UNSATISFIABLE, "m.puz")).status == "unsatisfiable"

    with_frames_in_use(300, every_stage)  # of Python's default limit of 1000


# ---- time limits and seeds given in Python: an error that names the argument (backends/limits.py) --

BAD_SEED = "the seed must be a whole number from 0 to 2147483647"
# (function, keyword arguments, the rendered error)
PYTHON_LIMITS = [
    ("solve", {"timeout": math.nan}, "error: timeout=nan: the time limit must be a number of seconds"),
    ("solve", {"timeout": 0}, "error: timeout=0: the time limit must be more than 0 seconds"),
    ("solve", {"timeout": -math.inf}, "error: timeout=-inf: the time limit must be more than 0 seconds"),
    ("solve", {"timeout": "5"}, "error: timeout='5': the time limit must be a number of seconds"),
    ("solve", {"seed": 2**31}, f"error: seed=2147483648: {BAD_SEED}"),
    ("solve", {"seed": -1}, f"error: seed=-1: {BAD_SEED}"),
    ("compare_backends", {"timeout": -1.0}, "error: timeout=-1.0: the time limit must be more than 0 seconds"),
    ("compare_backends", {"timeout": 1, "seed": 1.5}, f"error: seed=1.5: {BAD_SEED}"),
    ("explain", {"timeout": math.nan}, "error: timeout=nan: the time limit must be a number of seconds"),
]


@pytest.mark.parametrize(("function", "arguments", "expected"), PYTHON_LIMITS)
def test_python_time_limits_and_seeds(function: str, arguments: dict[str, object], expected: str) -> None:
    from cspdsl.api import solve
    from cspdsl.compare.runs import compare_backends
    from cspdsl.explanation import explain

    model = loads("var x in 1..2\nx == 1\n")
    calls: dict[str, Callable[..., object]] = {
        "solve": lambda: solve(model, "cpsat", **arguments),
        "compare_backends": lambda: compare_backends(model, ["cpsat"], all_solutions=False, repeat=1, **arguments),
        "explain": lambda: explain(model, **arguments),
    }
    with pytest.raises(CspdslError) as caught:
        calls[function]()
    assert caught.value.render() == expected


@pytest.mark.parametrize(("timeout", "time_limit"), [(math.inf, None), (1e300, 1_000_000.0), (10**400, 1_000_000.0)])
def test_python_takes_no_time_limit_and_clamps_a_huge_one(timeout: float, time_limit: float | None) -> None:
    from cspdsl.api import solve

    model = loads("var x in 1..2\nx == 1\n")
    for backend in ("anneal", "csp"):
        result = solve(model, backend, timeout=timeout, seed=2**31 - 1)
        assert (result.status, result.time_limit) == ("solved", time_limit)


# ---- params (-D) ---------------------------------------------------------------------------------


def test_unknown_param_has_no_span() -> None:
    rendered = error_of("param n = 3\nvar x in 1..n\n", {"m": 4})
    assert rendered == lines("error: -D m: the model has no param 'm'", "hint: the model's params: n")


def test_unknown_param_close_to_a_real_one() -> None:
    rendered = error_of("param size = 3\nvar x in 1..size\n", {"sise": 4})
    assert rendered == lines("error: -D sise: the model has no param 'sise'", "hint: did you mean 'size'?")


def test_unknown_param_lists_params_not_position_words() -> None:
    # first, last and middle are names a positions declaration makes, not params.
    assert error_of(FIVE_HOUSES, {"n": 1}) == lines(
        "error: -D n: the model has no param 'n'", "hint: the model has no params"
    )


def test_param_override_too_large() -> None:
    rendered = error_of("param n = 3\nvar x in 1..3\nx < n\n", {"n": 10**23})
    assert rendered == lines(
        "m.puz:1:11: error: -D n=100000000000000000000000: the number is too large: the backends take numbers "
        "from -2147483647 to 2147483647",
        " 1 | param n = 3",
        "   |           ^",
    )


# A param given (-D, or `params` in Python) anything but a whole number: an error at the default it
# would replace, not a TypeError from deep in lowering. (value given, as the message shows it)
PARAM_VALUES = [("abc", "abc"), ([1, 2], "[1, 2]"), (2.5, "2.5"), (True, "True"), (None, "None"), ("", "")]


@pytest.mark.parametrize(("value", "shown"), PARAM_VALUES)
def test_param_override_not_a_whole_number(value: object, shown: str) -> None:
    assert error_of("var x in 1..3\nparam n = 3\nx < n\n", {"n": value}) == lines(
        f"m.puz:2:11: error: -D n={shown}: the value is not a whole number",
        " 2 | param n = 3",
        "   |           ^",
        "hint: give a whole number, such as -D n=10",
    )


def test_param_override_makes_empty_domain() -> None:
    assert error_of("param n = 3\nvar x in 1..n\n", {"n": 0}) == lines(
        "m.puz:2:10: error: empty domain: no value is possible",
        " 2 | var x in 1..n",
        "   |          ^^^^",
        "hint: the range 1..0 is empty because 1 > 0; a range goes up, as in 0..1",
    )


# ---- things that used to leak Python exceptions --------------------------------------------------


def test_user_names_never_clash_with_auxiliary_variables() -> None:
    for model in (
        "var _abs1 in 0..3\nvar x in -2..2\n_abs1 == abs(x)\n",
        "var x in -2..2\nvar y in 0..3\ny == abs(x)\nvar _abs1 in 0..3\n",
    ):
        problem = loads(model, "m.puz").problem
        # `_abs1` is the user's own (hidden, as its name begins with `_`), beside the auxiliary one.
        auxiliary = [name for name in problem.variables if name.startswith("_abs#")]
        assert "_abs1" in problem.variables and "_abs1" not in problem.outputs and len(auxiliary) == 1


# ---- the command line ----------------------------------------------------------------------------


def assert_bad_input(result: subprocess.CompletedProcess[str], message: str) -> None:
    assert "Traceback" not in result.stderr + result.stdout
    assert result.returncode == 2, result.stderr
    assert result.stderr == message + "\n"
    assert result.stdout == ""


CLI_CASES = [
    "single-equals",
    "unclosed-bracket-at-end-of-file",
    "unknown-value",
    "array-defined-twice",
    "given-outside-domain",
    "range-too-long",
    "template-unknown-name",
    "keyed-next-to",
    "number-of-an-attribute-of-names",
]


@pytest.mark.parametrize("case", CLI_CASES)
def test_cli_check_file(case: str, tmp_path: Path) -> None:
    model, expected = CASES[case]
    path = tmp_path / "m.puz"
    path.write_text(model, encoding="utf-8")
    assert expected.startswith("m.puz:")
    assert_bad_input(run_cli("check", str(path)), f"{path}{expected[len('m.puz'):]}")


@pytest.mark.parametrize("case", ["missing-operand", "unknown-group", "where-depends-on-variables"])
def test_cli_check_stdin(case: str) -> None:
    model, expected = CASES[case]
    assert_bad_input(run_cli("check", "-", stdin=model), "<stdin>" + expected[len("m.puz") :])


def test_cli_solve_reports_errors_too() -> None:
    model, expected = CASES["product-of-too-many-pairs"]
    assert_bad_input(run_cli("solve", "-", stdin=model), "<stdin>" + expected[len("m.puz") :])


def test_cli_unknown_param() -> None:
    result = run_cli("check", "-", "-D", "m=4", stdin="param n = 3\nvar x in 1..n\n")
    assert_bad_input(result, lines("error: -D m: the model has no param 'm'", "hint: the model's params: n"))


@pytest.mark.parametrize("command", ["check", "solve", "compile"])
@pytest.mark.parametrize("value", ["abc", "[1,2]", "2.5", "n"])
def test_cli_param_not_a_number(command: str, value: str) -> None:
    extra = ["--to", "dimacs"] if command == "compile" else []
    result = run_cli(command, "-", *extra, "-D", f"n={value}", stdin="param n = 3\nvar x in 1..n\n")
    assert_bad_input(result, lines(
        f"<stdin>:1:11: error: -D n={value}: the value is not a whole number",
        " 1 | param n = 3",
        "   |           ^",
        "hint: give a whole number, such as -D n=10",
    ))


def test_cli_explain_refuses_a_model_with_an_objective() -> None:
    result = run_cli("explain", "-", stdin="var x in 1..3\nx != 2\nminimize x + 1\n")
    assert_bad_input(result, lines(
        "<stdin>:3:1: error: explain tells why a puzzle has no solution, several or one; this model asks for "
        "the best value of 'x + 1', which it does not explain",
        " 3 | minimize x + 1",
        "   | ^^^^^^^^^^^^^^",
        "hint: cspdsl solve proves the optimum; without this line, explain explains the clues",
    ))


def test_cli_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.puz"
    result = run_cli("check", str(missing))
    assert_bad_input(result, f"error: cannot read model '{missing}': No such file or directory")


def test_cli_unsatisfiable_model_exits_1() -> None:
    result = run_cli("solve", "-", stdin="var x in 1..3\nx > 5\n")
    assert "Traceback" not in result.stderr
    assert result.returncode == 1
    assert "unsatisfiable" in result.stdout


def test_cli_correct_model_exits_0() -> None:
    result = run_cli("check", "models/einstein.puz")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("models/einstein.puz: ok (")
    result = run_cli("solve", "-", stdin="var x in 1..3\nx > 2\n")
    assert (result.returncode, result.stderr) == (0, "")
    assert "x = 3" in result.stdout


# A layer below the faces proposes a remedy (another backend) without naming a flag; each face words it.
ONE_CLUE = "var x in 1..2\nx == 1\n"
AREA = "var g[1..2, 1..2] in bool\nconnected(g, 1)\n"
SUGGESTIONS = [
    # (backend, limit, the command line's words, the Python API's words)
    ("anneal", None, "hint: use an exact backend for --all and --count: cpsat, csp, sat",
     "hint: use an exact backend for limit=None: cpsat, csp, sat"),
    # a model without moves on the search over states: the backends that take it
    ("search", 1, "hint: solve this model with --backend sat", "hint: solve this model with backend='sat'"),
    # a connected area on the CP solver, which has no constraint for one
    ("cp", 1, "hint: solve this model with --backend sat", "hint: solve this model with backend='sat'", AREA),
]


@pytest.mark.parametrize(("backend", "limit", "cli_hint", "api_hint", "model"),
                         [(*row, ONE_CLUE)[:5] for row in SUGGESTIONS])
def test_a_suggestion_is_worded_by_the_face_that_was_called(
    backend: str, limit: int | None, cli_hint: str, api_hint: str, model: str
) -> None:
    from cspdsl.api import solve

    with pytest.raises(CspdslError) as caught:
        solve(loads(model), backend, limit=limit)
    assert caught.value.render().endswith(api_hint)
    flags = ["--all"] if limit is None else []
    done = run_cli("solve", "-", "--backend", backend, *flags, stdin=model)
    assert done.returncode == 2 and done.stderr.rstrip().endswith(cli_hint)


def test_cp_refuses_a_connected_area_at_its_clue() -> None:
    assert_bad_input(run_cli("solve", "-", "--backend", "cp", stdin=AREA), lines(
        "<stdin>:2:1: error: backend 'cp' has no constraint for a connected area: solve this model with sat, "
        "cpsat or csp",
        " 2 | connected(g, 1)",
        "   | ^^^^^^^^^^^^^^^",
        "hint: solve this model with --backend sat",
    ))


# Each size limit, set low: the model passes it at the statement named (in Python and by its flag).
SIZE_LIMITS = [
    ("cells", 5, "var q[1..6] in 1..2\n",
     "m.puz:1:1: error: array q has 6 cells; at most 5 are supported"),
    ("values", 9, "var x in 1..4\nvar q[1..3] in 1..2\n",
     "m.puz:2:1: error: array q brings the variables' values to 10 in all; at most 9 are supported"),
    ("combinations", 10, "var x in 1..9\nforall i in 1..3, j in 1..2: x != i + j\nforall k in 1..5: x != k\n",
     "m.puz:3:8: error: this quantifier goes through 5 values of k, which brings the model's quantifiers to 11 "
     "combinations in all; at most 10 are supported in a model, all its quantifiers together"),
    ("combinations", 10, "var x in 1..9\nforall i in 1..3, j in 1..2: x != i + j\nforall k in 1..5, m in k..5: x < m\n",
     "m.puz:3:8: error: this quantifier goes through more than 4 combinations of k, m, which brings the model's "
     "quantifiers to more than 10 combinations in all; at most 10 are supported in a model, all its quantifiers "
     "together"),
    ("terms", 11, "var q[1..6] in 1..9\nforall d in [1, 2]: d not in q\n",
     "m.puz:2:30: error: this clue goes through a list of 6 items, which brings the model's clues to 12 terms; "
     "at most 11 are supported"),
    ("terms", 10, "var q[1..6] in 1..9\nexactly 2 of [v == 1 for v in q]\nsum(q) == 20\n",
     "m.puz:3:5: error: this sum goes through 6 items, which brings the model's clues to 12 terms; at most 10 "
     "are supported"),
]


@pytest.mark.parametrize(("limit", "value", "text", "message"), SIZE_LIMITS)
def test_each_size_limit_is_held_and_raised(limit: str, value: int, text: str, message: str) -> None:
    from cspdsl.lower.sizes import SizeLimits

    assert error_of_limited(text, SizeLimits(**{limit: value})).splitlines()[0] == message
    loads(text, "m.puz", limits=SizeLimits(**{limit: 100}))
    flag = f"--max-{limit}"
    refused = run_cli("check", "-", flag, str(value), stdin=text)
    assert refused.returncode == 2
    assert refused.stderr.splitlines()[-1] == f"hint: if this is meant, raise the limit with {flag} N"
    assert run_cli("check", "-", flag, "100", stdin=text).returncode == 0


def error_of_limited(text: str, limits: object) -> str:
    with pytest.raises(CspdslError) as caught:
        loads(text, "m.puz", limits=limits)  # type: ignore[arg-type]
    return caught.value.render()


def test_a_model_too_large_for_sat_is_refused_at_the_declaration_that_passes_its_limit() -> None:
    from cspdsl.api import solve

    text = "var x in 1..9\nvar q[1..1000] in 1..1000\nalldifferent(q)\n"
    with pytest.raises(CspdslError) as caught:
        solve(loads(text, "m.puz"), "sat")
    assert caught.value.render() == lines(
        "m.puz:2:1: error: the variables have 1,000,009 values in all: too many for the SAT backend, which "
        "gives each value its own literal (at most 200,000: -O max_values=N raises the limit)",
        " 2 | var q[1..1000] in 1..1000",
        "   | ^^^^^^^^^^^^^^^^^^^^^^^^^",
        "hint: solve this model with backend='cpsat'",
    )


def test_a_clue_that_takes_the_sat_encoding_past_its_clause_budget_is_refused_at_the_clue() -> None:
    from cspdsl.api import solve

    text = "var q[1..30] in 1..30\nalldifferent(q)\n"
    with pytest.raises(CspdslError) as caught:
        solve(loads(text, "m.puz"), "sat", options={"max_clauses": "1000"})
    assert caught.value.render() == lines(
        "m.puz:2:1: error: this clue takes the SAT encoding past 1,000 clauses (-O max_clauses=N raises the limit)",
        " 2 | alldifferent(q)",
        "   | ^^^^^^^^^^^^^^^",
        "hint: solve this model with backend='cpsat'",
    )
    assert solve(loads(text, "m.puz"), "sat", options={"max_clauses": "100000"}, limit=1).status == "solved"


def test_the_memory_ceiling_ends_a_run_with_exit_5_and_one_message() -> None:
    # Within its size limits once they are raised, but past a memory ceiling of 300 MB.
    text = "var q[1..20000] in 1..20000\nalldifferent(q)\n"
    done = run_cli("check", "-", "--max-values", "1000000000", "--max-memory", "300", stdin=text)
    assert (done.returncode, done.stdout) == (5, "")
    assert done.stderr.splitlines() == [
        "error: the run reached its memory ceiling of 300 MB",
        "hint: raise it with --max-memory MB, or make the model smaller",
    ]


def test_a_model_too_large_for_sat_suggests_cpsat_in_each_face() -> None:
    from cspdsl.api import solve
    from cspdsl.core.errors import Suggestion

    text = "var x[1..500] in 1..500\n"  # 250,000 values: more literals than the direct encoding takes
    with pytest.raises(CspdslError) as caught:
        solve(loads(text), "sat")
    assert caught.value.suggestion == Suggestion("use_backend", ("cpsat",))
    assert caught.value.render().endswith("hint: solve this model with backend='cpsat'")
    done = run_cli("solve", "-", "--backend", "sat", stdin=text)
    assert done.returncode == 2 and done.stderr.rstrip().endswith("hint: solve this model with --backend cpsat")


# ---- instances from data files (`cspdsl batch`, `solve --data`): each error at its file, line and column ----

GRID4 = lines("var g[1..4, 1..4] in 1..4", "var k in 1..3", "param n = 2",
              "forall group in g.rows + g.columns: alldifferent(group)", "")
TWO_GRIDS = "var a[1..2] in 1..2\nvar b[1..2] in 1..2\n"

# (model, data file's name, its text, the rendered error of its first instance)
INSTANCE_ERRORS = [
    (GRID4, "d.txt", "12341234\n", lines(
        "d.txt:1:1: error: 'g' is 4x4: expected 16 characters (a digit a cell, '.' or '0' for a blank), found 8",
        " 1 | 12341234", "   | ^^^^^^^^")),
    (GRID4, "d.txt", "# four by four\n1..4....x.......\n", lines(
        "d.txt:2:9: error: 'x' is not a cell: expected a digit, or '.' or '0' for a blank",
        " 2 | 1..4....x.......", "   |         ^")),
    (GRID4, "d.txt", "1..4....5.......\n", lines(
        "d.txt:1:9: error: given 5 is outside the domain 1..4 of g[3,1]",
        " 1 | 1..4....5.......", "   |         ^")),
    (GRID4, "d.jsonl", '{"n": 2, "h": "1..."}\n', lines(
        "d.jsonl:1:10: error: the model has no param, grid or variable 'h'",
        ' 1 | {"n": 2, "h": "1..."}', "   |          ^^^", "hint: an instance may set: n, g, k")),
    (GRID4, "d.jsonl", '{"gg": "1..."}\n', lines(
        "d.jsonl:1:2: error: the model has no param, grid or variable 'gg'",
        ' 1 | {"gg": "1..."}', "   |  ^^^^", "hint: did you mean 'g'?")),
    (GRID4, "d.jsonl", '{"k": 1, "größe": 2}\n', lines(
        "d.jsonl:1:10: error: the model has no param, grid or variable 'größe'",
        ' 1 | {"k": 1, "größe": 2}', "   |          ^^^^^^^", "hint: an instance may set: n, g, k")),
    (GRID4, "d.jsonl", '{"k": 4}\n', lines(
        "d.jsonl:1:7: error: given 4 is outside the domain 1..3 of k", ' 1 | {"k": 4}', "   |       ^")),
    (GRID4, "d.jsonl", '{"n": 2.5}\n', lines(
        "d.jsonl:1:7: error: param 'n': 2.5 is not a whole number", ' 1 | {"n": 2.5}', "   |       ^^^")),
    (GRID4, "d.jsonl", '{"g": [[1, 2, 3, 4]]}\n', lines(
        "d.jsonl:1:7: error: 'g' is 4x4: expected a list of 4 rows of 4 numbers (null for a blank)",
        ' 1 | {"g": [[1, 2, 3, 4]]}', "   |       ^")),
    (GRID4, "d.jsonl", '{"g": "1234", }\n', lines(
        "d.jsonl:1:15: error: not valid JSON: Expecting property name enclosed in double quotes",
        ' 1 | {"g": "1234", }', "   |               ^")),
    (GRID4, "d.json", '[\n  {"k": 1}\n]\n', lines(
        "d.json:1:1: error: an instance is a JSON object, not a list", " 1 | [", "   | ^",
        'hint: name the model\'s params, grids and variables: {"n": 8, "cell": "..."}')),
    (GRID4, "d.csv", "k,n\n1,2,3\n", lines(
        "d.csv:2:1: error: this row has 3 cells; the header names 2 (k, n)", " 2 | 1,2,3", "   | ^^^^^")),
    (GRID4, "d.csv", "n,k\nfour,1\n", lines(
        "d.csv:2:1: error: param 'n': four is not a whole number", " 2 | four,1", "   | ^^^^")),
    (TWO_GRIDS, "d.txt", "12\n", lines(
        "d.txt:1:1: error: a line of characters fills the model's grid of givens, but the model has 2 grids (a, b)",
        " 1 | 12", "   | ^^", "hint: name what the instance sets in a .json, .jsonl or .csv file")),
]


@pytest.mark.parametrize(("model", "name", "data", "expected"), INSTANCE_ERRORS)
def test_a_bad_instance_is_located_in_its_data_file(
    model: str, name: str, data: str, expected: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cspdsl.instances import CompiledModel
    from cspdsl.instances.read import instances_of

    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(data, encoding="utf-8")
    with pytest.raises(CspdslError) as caught:
        CompiledModel(model, "m.puz").instance(instances_of([name])[0])
    assert caught.value.render() == expected


def test_solve_data_reports_a_bad_instance_with_exit_2(tmp_path: Path) -> None:
    (tmp_path / "d.txt").write_text("12341234\n", encoding="utf-8")
    done = run_cli("solve", "-", "--data", str(tmp_path / "d.txt"), stdin=GRID4)
    assert_bad_input(done, lines(
        f"{tmp_path / 'd.txt'}:1:1: error: 'g' is 4x4: expected 16 characters (a digit a cell, '.' or '0' for a "
        "blank), found 8", " 1 | 12341234", "   | ^^^^^^^^"))
