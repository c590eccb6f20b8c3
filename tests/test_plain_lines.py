"""Plain lines (`syntax/plain.py`, read by a regular expression and lowered straight to the IR by
`lower/plain.py`) make exactly what the full path (the parser, then lowering) makes of them: the same
variables, domains, constraints, spans, order, layout and folded clues, or the same error, word for
word. Each model here is loaded both ways and the two compared: the bench's shapes, every model of
models/, every example of the docs, every model of the error table, the fuzzer's models (damaged text
too), generated plain clues, and a table of the lines that must go the full path (each fallback)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import fuzz_text
import pytest
from helpers import MODELS
from hypothesis import given, settings
from hypothesis import strategies as st
from test_errors import CASES as ERROR_CASES
from test_language_docs import SITE_EXAMPLES

from cspdsl.api import loads
from cspdsl.core.errors import CspdslError, Source
from cspdsl.lower import Lowered, lower
from cspdsl.lower.sizes import SizeLimits
from cspdsl.syntax.parser import parse
from cspdsl.syntax.plain import PLAIN_FROM, PlainLines, parse_plain, patterns, read_plain

ROOT = Path(__file__).resolve().parent.parent
NAME = "m.puz"


def _bench() -> Any:
    spec = importlib.util.spec_from_file_location("check_scaling", ROOT / "bench" / "check_scaling.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BENCH = _bench()


def facts(lowered: Lowered) -> tuple[Any, ...]:
    """All a load makes that a user or a backend can see, spans and their text included."""
    problem = lowered.problem
    return (
        [(var.name, var.domain, var.span, var.span and var.span.text) for var in problem.variables.values()],
        [(posted.constraint, posted.span, posted.span and posted.span.text, posted.clue)
         for posted in problem.constraints],
        problem.outputs, problem.objective, problem.projected, problem.sequential,
        lowered.layout, [(fold.span, fold.render()) for fold in lowered.folded],
    )


def outcome(read: Any, text: str, params: dict[str, object] | None, limits: SizeLimits | None) -> Any:
    try:
        return facts(lower(read(text, NAME), params, limits))
    except CspdslError as error:
        return error.render()


def assert_same(text: str, params: dict[str, object] | None = None, limits: SizeLimits | None = None) -> Any:
    """The full path's outcome and the plain path's are the same; the outcome is returned."""
    full = outcome(parse, text, params, limits)
    assert outcome(parse_plain, text, params, limits) == full
    return full


def plain_lines_read(text: str) -> int:
    """How many lines the plain reader took (0: the text goes to the parser whole)."""
    text = text.removeprefix("\ufeff")
    model = read_plain(text, Source(NAME, text))
    return 0 if model is None else sum(len(s.matches) for s in model.statements if isinstance(s, PlainLines))


# ---- whole models ---------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", ["clues", "list", "grid", "lets"])
def test_the_bench_shapes(shape: str) -> None:
    text = BENCH.SHAPES[shape](400)
    assert_same(text)
    if shape == "clues":
        assert plain_lines_read(text) == 800  # every line of it


@pytest.mark.parametrize("path", sorted(MODELS.glob("*.puz")), ids=lambda p: p.stem)
def test_every_model(path: Path) -> None:
    assert_same(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("index", range(len(SITE_EXAMPLES)))
def test_every_docs_example(index: int) -> None:
    assert_same(SITE_EXAMPLES[index].text)


@pytest.mark.parametrize("case", list(ERROR_CASES))
def test_every_model_of_the_error_table(case: str) -> None:
    assert isinstance(assert_same(ERROR_CASES[case][0]), str)


# ---- lines the plain reader takes, and lines it leaves to the parser -----------------------------

DECLARED = "var a in 0..9\nvar b in 0..9\nvar c in -3..3\n"

# name -> (model, lines the plain reader takes)
PLAIN = {
    "spaces-tabs-comments": ("  var a in 0 .. 9  # a\n\tvar b in -5..-1\t\nvar c in - 3 .. 3\n"
                             "a+b!=c#c\n  a  -  b  >=  c  \n", 5),
    "windows-line-breaks": ("var a in 0..9\r\nvar b in 0..9\r\na < b\r\n", 3),
    "byte-order-mark": ("\ufeffvar a in 0..9\nvar b in 0..9\na <= b", 3),
    "no-line-break-at-the-end": (DECLARED + "a + b == c", 4),
    "a-blank-line-first": ("\n" + DECLARED + "a + b == c\n", 4),
    "blank-lines-first-and-between": ("\n\n" + DECLARED + "\n\na + b == c\n", 4),
    "a-blank-line-first-then-other-statements": ("\nvar x in -7..7\nvar y in {-3, 2}\nvar z in 0..3\nx // y == z\n", 2),
    "every-comparison": (DECLARED + "a == b\na != b\na < b\na <= b\na > b\na >= b\n", 9),
    "one-variable-and-a-number": (DECLARED + "a != 3\n3 != a\na == 10\na + 1 == 5\n2 < b\n", 8),
    "terms-that-cancel": (DECLARED + "a - a + b != c\na + b - a == b\nb == b\na - a == 1\n1 + 2 == 3\n", 8),
    "numbers-folded": (DECLARED + "3 + a - 4 + b > 7 - c + 2\n999999 + 999999 - a == b\n", 5),
    "repeated-names": (DECLARED + "a + a + a - b == c + c\n", 4),
    "names-like-keywords": ("var andy in 0..9\nvar in_ in 0..9\nvar same_x in 0..9\nandy + in_ != same_x\n", 4),
    "hidden-and-shown": ("var _a in 0..9\nvar b in 0..9\n_a != b\nshow b\n", 3),
    "bool-variables": ("var p in bool\nvar q in bool\nvar r in 0..2\np + q == r\n", 2),
    "mixed-with-other-statements": (
        "param n = 3\nvar x[1..n] in 1..n\nvar a in 1..3\nalldifferent(x)\nvar b in 1..3\na != b\n"
        "x[1] == a\nlet k = 2\nforall i in 1..n: x[i] != 0\nb > a\n", 4),
    "a-list-over-lines-before-and-after": (DECLARED + "a in [\n1, 2,\n3]\na != b\nb in [1,\n2]\n", 4),
}


@pytest.mark.parametrize("case", list(PLAIN))
def test_plain_lines(case: str) -> None:
    text, read = PLAIN[case]
    assert plain_lines_read(text) == read
    assert not isinstance(assert_same(text), str)


# name -> (model, its error or None when it loads): each line here goes the full path.
FALLBACKS: dict[str, tuple[str, str | None]] = {
    "undeclared-name": (DECLARED + "a + d != c\n", "unknown name 'd'"),
    "declared-after-use": ("var a in 0..9\na != b\nvar b in 0..9\n", "unknown name 'b'"),
    "declared-twice": (DECLARED + "var b in 1..2\n", "'b' is already defined (line 2)"),
    "declared-after-a-let": ("let a = 2\nvar a in 0..9\n", "'a' is already defined (line 1)"),
    "a-let-before-an-array": ("var a[1..2] in 0..9\nvar a in 0..9\n", "'a' is already defined (line 1)"),
    "empty-range": ("var a in 5..3\n", "empty domain: no value is possible"),
    "range-too-long": ("var a in -999999..999999\n", "range -999999..999999 has 1999999 values"),
    "number-too-large-for-plain": ("var a in 0..9\na != 1234567\n", None),
    "numbers-past-32-bits": ("var a in 0..9\na == " + " + ".join(["999999"] * 2200) + "\n", "is too large"),
    "a-param": ("param n = 3\nvar a in 0..9\na != n\na + n == 5\n", None),
    "a-let-of-a-number": ("let k = 3\nvar a in 0..9\na != k\n", None),
    "a-let-of-a-variable": ("var a in 0..9\nlet k = a\nvar b in 0..9\nk != b\nk + b == 3\n", None),
    "a-variable-of-names": ("var a in {red, green}\nvar b in {red, green}\na != b\na + b == 1\n",
                            "arithmetic on a name: 'a' holds a name, not a number"),
    "an-attribute-value": ("positions house = 1..3\nattribute colour: red, green, blue\nred != green\n"
                           "red + 1 == green\nred < green\n", None),
    "a-position-word": ("positions house = 1..3\nattribute colour: red, green, blue\nred != first\n", None),
    "a-position-word-declared": ("positions house = 1..3\nvar first in 0..9\nvar a in 0..9\nfirst != a\n", None),
    "an-order-in-a-keyed-puzzle": ("positions band: Alpha, Beta\nattribute genre: rock, jazz\nvar a in 0..9\n"
                                   "var b in 0..9\na < b\nrock < jazz\n", "'<' compares positions"),
    "a-keyword-as-a-name": ("var place in 0..9\nvar a in 0..9\nplace != a\n", None),
    "values-past-the-limit": (DECLARED + "var d in 0..9\n", "brings the variables' values to"),
    "sequential-puzzle": ("var a in 0..3\nvar b in 0..3\nstart: a == 0\ngoal: a == 3\n"
                          "move \"up\": a < 3 then a = a + 1\na != b\n", "say which state they hold in"),
    "inside-a-list": (DECLARED + "exactly 1 of [\na != b,\na == c\n]\n", None),
    "inside-a-block": ('var g[1..2, 1..2] in 0..9 shape """\n..\na != b\n"""\n', "unexpected 'a' in the shape"),
    "a-syntax-error-before": (DECLARED + "a +\na != b\n", "unexpected"),
    "a-syntax-error-after": (DECLARED + "a != b\nb ==\n", "expected a value after '=='"),
    "an-unclosed-bracket": (DECLARED + "(a\na != b\n", "'(' is never closed"),
    "too-deep-elsewhere": (DECLARED + "a != b\nc == " + "abs(" * 120 + "a" + ")" * 120 + "\n",
                           "nested more than 100 levels deep"),
}


@pytest.mark.parametrize("case", list(FALLBACKS))
def test_fallback(case: str) -> None:
    text, error = FALLBACKS[case]
    limits = SizeLimits(values=30) if case == "values-past-the-limit" else None
    found = assert_same(text, limits=limits)
    if case.startswith("inside-"):  # the plain reader gives the whole text to the parser
        assert plain_lines_read(text) == 0
    if error is None:
        assert not isinstance(found, str), found
    else:
        assert isinstance(found, str) and error in found, found


def test_a_big_generated_model_is_read_line_by_line_and_loads_as_before() -> None:
    text = BENCH.clues(3000)
    assert len(text) >= PLAIN_FROM and plain_lines_read(text) == 6000
    lowered = loads(text, NAME)
    assert lowered.problem.size() == {"variables": 3000, "constraints": 3000}
    assert assert_same(text) == facts(lowered)


def test_a_small_model_goes_to_the_parser_and_the_patterns_are_compiled_only_for_a_big_one() -> None:
    """Compiling the plain patterns costs a small model's run more than they save it (Start-up in
    docs/performance.md): `loads` leaves them alone below PLAIN_FROM characters."""
    patterns.cache_clear()
    small = (ROOT / "models" / "einstein.puz").read_text(encoding="utf-8")
    assert len(small) < PLAIN_FROM and loads(small, NAME).problem.size()["variables"] == 25
    assert patterns.cache_info().currsize == 0
    assert loads(BENCH.clues(1500), NAME).problem.size() == {"variables": 1500, "constraints": 1500}
    assert patterns.cache_info().currsize == 1


# ---- the fuzzer's models: generated from the grammar, and shipped models with faults put in ----------

SEED_TEXTS = fuzz_text.seed_texts()


@pytest.mark.parametrize("seed", range(150))
def test_the_fuzzers_models(seed: int) -> None:
    assert_same(fuzz_text.generated(seed))
    assert_same(fuzz_text.mutated(seed, SEED_TEXTS))


# ---- generated plain clues -------------------------------------------------------------------------

NAMES = ["a", "b", "c", "d", "_e", "place"]
ODD_NAMES = ["n", "k", "first", "zz"]  # a param, a let, a position word, an undeclared name
PREAMBLE = "param n = 2\nlet k = 3\npositions house = 1..3\n"
SPACE = st.sampled_from(["", " ", "  ", "\t"])


@st.composite
def plain_side(draw: st.DrawFn) -> str:
    """A sum of names and numbers, now and then one the plain reader leaves to the parser."""
    names = st.sampled_from(NAMES) if draw(st.integers(0, 7)) else st.sampled_from(ODD_NAMES)
    terms = draw(st.lists(st.one_of(names, st.integers(0, 12).map(str)), min_size=1, max_size=4))
    gap = draw(SPACE)
    return "".join(f"{gap}{draw(st.sampled_from('+-'))}{gap}{term}" if i else term for i, term in enumerate(terms))


@st.composite
def plain_model(draw: st.DrawFn) -> str:
    """Declarations of numbers over a few names, then clues over them, written in the ways the plain
    reader takes; now and then a line it leaves to the parser (a param, a let, an undeclared name, a
    range that is empty, a name declared twice) or a comment."""
    lines = [PREAMBLE]
    for name in draw(st.lists(st.sampled_from(NAMES), unique=True, min_size=1)):
        lo = draw(st.integers(-3, 5))
        width = draw(st.integers(0, 4)) if draw(st.integers(0, 15)) else -1
        lines.append(f"{draw(SPACE)}var {name} in {lo}..{lo + width}")
    for _ in range(draw(st.integers(1, 10))):
        op = draw(st.sampled_from(["==", "!=", "<", "<=", ">", ">="]))
        lines.append(f"{draw(SPACE)}{draw(plain_side())}{draw(SPACE)}{op}{draw(SPACE)}{draw(plain_side())}")
        if draw(st.integers(0, 9)) == 0:
            lines[-1] += "  # note"
    if draw(st.integers(0, 9)) == 0:
        lines.insert(draw(st.integers(1, len(lines))), f"var {draw(st.sampled_from(NAMES))} in 0..1")
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None, derandomize=True)
@given(plain_model())
def test_generated_plain_clues(text: str) -> None:
    assert_same(text)
