"""The generated tables (cspdsl/syntax/_puz_tables.py) are the grammar's, and lalr.py runs them as
Lark itself parses grammars/puz.lark: the same trees, token places and node extents on every model
and on generated text, the same errors with the same expected terminals; and a run never imports lark."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cspdsl.syntax import expected, generate, lalr
from cspdsl.syntax.parser import join_bracketed_lines, parse_tree

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = (ROOT / generate.GRAMMAR).read_text(encoding="utf-8")
MODULE = (ROOT / generate.MODULE).read_text(encoding="utf-8")
MODELS = sorted((ROOT / "models").glob("*.puz"))
MODEL_TEXTS = [path.read_text(encoding="utf-8") for path in MODELS]

REGENERATE = "the grammar changed: run `python -m cspdsl.syntax.generate` and commit cspdsl/syntax/_puz_tables.py"


def _without_version(text: str) -> str:
    return re.sub(r"as Lark \S+ compiled", "as Lark compiled", text)


def test_the_tables_were_generated_from_the_current_grammar() -> None:
    assert _without_version(generate.generate(GRAMMAR)) == _without_version(MODULE), REGENERATE


def test_generating_does_not_depend_on_the_hash_seed() -> None:
    """Lark numbers its states differently from run to run; the module must not."""
    script = "from cspdsl.syntax import generate; import sys; sys.stdout.write(generate.generate(sys.stdin.read()))"
    texts = {
        subprocess.run(
            [sys.executable, "-c", script], input=GRAMMAR, capture_output=True, text=True, cwd=ROOT, check=True,
            env={"PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(texts) == 1


class _LarkPostlex:
    """join_bracketed_lines in the form Lark's postlex option takes."""

    always_accept = ("_NL",)

    def process(self, stream: Iterator[Any]) -> Iterator[Any]:
        return join_bracketed_lines(stream)


LARK = lark.Lark(GRAMMAR, postlex=_LarkPostlex(), **generate.OPTIONS)


def _shape(node: Any) -> Any:
    """A tree as plain data: every node's name and extent, every token's type, text and place."""
    if node is None:
        return None
    if hasattr(node, "data"):
        meta = node.meta
        place = tuple(
            getattr(meta, field, None)
            for field in ("empty", "line", "column", "start_pos", "end_line", "end_column", "end_pos")
        )
        if not meta.empty:  # Lark's container_* attributes, ours two triples
            if isinstance(meta, lalr.Meta):
                place += (*meta.container_start, *meta.container_end)
            else:
                place += tuple(getattr(meta, f"container_{field}") for field in
                               ("line", "column", "start_pos", "end_line", "end_column", "end_pos"))
        return (str(node.data), place, [_shape(child) for child in node.children])
    return ("token", node.type, str(node), node.start_pos, node.line, node.column,
            node.end_line, node.end_column, node.end_pos)


def _outcome(parse: Any, text: str, start: str) -> Any:
    """The tree, or the error: its kind, place, token and the terminals it would accept."""
    try:
        return _shape(parse(text, start))
    except (lark.exceptions.UnexpectedToken, lalr.UnexpectedToken) as error:
        accepts = error.accepts() if isinstance(error, lalr.UnexpectedToken) else error.interactive_parser.accepts()
        return ("token", error.line, error.column, _shape(error.token), sorted(error.expected), sorted(accepts))
    except (lark.exceptions.UnexpectedCharacters, lalr.UnexpectedCharacters) as error:
        return ("characters", error.line, error.column, error.char)


def _lark(text: str, start: str) -> Any:
    return LARK.parse(text, start=start)


def _assert_same(text: str, start: str = "start") -> Any:
    ours = _outcome(parse_tree, text, start)
    assert ours == _outcome(_lark, text, start), text
    return ours


@pytest.mark.parametrize("text", MODEL_TEXTS, ids=[p.stem for p in MODELS])
def test_every_model_parses_as_with_lark(text: str) -> None:
    assert _assert_same(text)[0] == "start"


def test_expressions_parse_as_with_lark() -> None:
    for text in ("a + 2 * b - (c % 3) == 4 and not (x[1] > y)", "exactly 1 of [a == 1, b == 2, c == 3]",
                 "   (x)", "f()", "[v for v in 1..3 where v != 2]"):
        assert _assert_same(text, "expr")[0] != "token"


def test_errors_are_as_with_lark() -> None:
    for text in ("", "\n", "a == = 2\n", "var x in 1..3\nx = 2\n", "forall a in b:\n", "f(1, 2\n",
                 "a @ b\n", 'puzzle "open\n', "let if = 2\n", "x in [1,\n2,\n", '"""never closed\n'):
        _assert_same(text)


# Words of the language, of every terminal kind, and a few that are no terminal at all.
FRAGMENTS = [
    "puzzle", "param", "let", "positions", "attribute", "var", "board", "pieces", "given", "place", "on",
    "regions", "shape",
    "question", "forall", "in", "where", "either", "or", "and", "not", "if", "then", "else", "iff", "of", "for", "at",
    "true", "false", "bool", "same", "next_to", "left_of", "exactly", "at_most", "x", "y_2", "Name", "0",
    "12", '"a b"', '"""\n1 2\n"""', "#c", "==", "!=", "<", ">=", "=", "..", ".", ",", ":", "|", "*", "+",
    "-", "//", "%", "(", ")", "[", "]", "{", "}", "\n", " ", "@", '"', "\t",
]
text_pieces = st.lists(st.sampled_from(FRAGMENTS), max_size=14)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(text_pieces, st.sampled_from(["", " "]), st.sampled_from(["start", "expr"]))
def test_generated_text_parses_as_with_lark(pieces: list[str], glue: str, start: str) -> None:
    _assert_same(glue.join(pieces), start)


def _expressions() -> st.SearchStrategy[str]:
    """Mostly well-formed expressions of every shape: operators of each precedence, brackets,
    calls, lists, comprehensions, quantifiers; each side a smaller one."""
    atoms = st.sampled_from(["x", "y_2", "7", '"Red"', "true", "-3"])

    def bigger(e: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        two = st.tuples(e, e)
        return st.one_of(
            st.tuples(e, st.sampled_from(["+", "-", "*", "//", "%", "==", "<=", "and", "or", "same", "in",
                                          "not in", "at", ".."]), e).map(" ".join),
            e.map(lambda a: f"not {a}"), e.map(lambda a: f"({a})"), e.map(lambda a: f"-{a}"),
            st.lists(e, max_size=3).map(lambda a: f"f({', '.join(a)})"),
            st.lists(e, max_size=3).map(lambda a: f"[{', '.join(a)}]"),
            st.lists(e, min_size=1, max_size=3).map(lambda a: "{" + ",\n".join(a) + "}"),
            two.map(lambda a: f"{a[0]}[{a[1]}]"), e.map(lambda a: f"{a}.b"),
            two.map(lambda a: f"[{a[0]} for v in {a[1]} where v != 1]"),
            two.map(lambda a: f"forall v in {a[0]}: {a[1]}"), two.map(lambda a: f"if {a[0]} then {a[1]}"),
            two.map(lambda a: f"either {a[0]} or {a[1]}"), two.map(lambda a: f"exactly {a[0]} of {a[1]}"),
        )

    return st.recursive(atoms, bigger, max_leaves=12)


@settings(max_examples=300)
@given(_expressions(), st.sampled_from(["start", "expr"]))
def test_generated_expressions_parse_as_with_lark(text: str, start: str) -> None:
    _assert_same(text + "\n" if start == "start" else text, start)


@settings(max_examples=300)
@given(st.sampled_from(MODEL_TEXTS), st.data())
def test_edited_models_parse_as_with_lark(text: str, data: st.DataObject) -> None:
    """A model with a few words inserted, deleted or replaced: mostly errors deep inside real text."""
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 6))
        text = text[:at] + data.draw(st.sampled_from(["", *FRAGMENTS])) + text[at + cut:]
    _assert_same(text)


def test_a_run_does_not_import_lark() -> None:
    """Importing lark and compiling the grammar cost a fifth of every run's start-up."""
    script = (
        "import sys, cspdsl.cli\n"
        "sys.argv = ['cspdsl', 'solve', sys.argv[1]]\n"
        "try:\n    cspdsl.cli.main()\nexcept SystemExit:\n    pass\n"
        "print('lark' in sys.modules, file=sys.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(ROOT / "models" / "einstein.puz")],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )
    assert "The German owns the fish" in done.stdout
    assert done.stderr.strip().splitlines()[-1] == "False"


def test_the_words_that_are_names_are_the_grammars() -> None:
    """expected.NAME_WORDS, folded into "a name" in messages, are the grammar's `_word` keywords."""
    rules = lark.Lark(GRAMMAR, **generate.OPTIONS).rules
    words = {s.name for r in rules if r.origin.name == "_word" for s in r.expansion} - {"NAME"}
    assert words == expected.NAME_WORDS


def test_declaration_nouns_as_names_parse_as_with_lark() -> None:
    for text in ("positions place = 1..3\n", "attribute shape: place, regions\nregions next_to place\n",
                 "var board in 1..3\nboard == 2\nplace\n", 'regions given of pieces = """\nAB\n"""\n',
                 "place pieces on board\nx.regions + question.puzzle == 1\n", "place == 1\nshape\n",
                 "forall regions in shape.regions: sum(regions) == 3\n", "place place on place\n",
                 'question "q": "a"\nquestion == 1\n', "var x in 1..3 shape shape\n"):
        _assert_same(text)
