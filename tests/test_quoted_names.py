"""Attributes and positions named in several words, quoted as a value of several words is: declared
(`attribute "last name": ...`), used (`Ann."age in years"`, `forall n in "last name"`, `{'last name'[2]}`
in an answer), shown by those words, misspelt with a "did you mean", and found by the editor."""

from __future__ import annotations

import pytest

from cspdsl.api import loads, solve
from cspdsl.backends import exact_backends
from cspdsl.core.errors import CspdslError
from cspdsl.lsp.symbols import index_of
from cspdsl.render.solution import answers, render_solution
from cspdsl.syntax.parser import parse

CHILDREN = """\
positions "seat number" = 1..3
attribute child: Ann, Bob, Cy
attribute "last name": Smith, Jones, Brown
attribute "age in years": 3, 5, 7

Ann same Smith
Jones next_to Ann
Bob."age in years" == Ann."age in years" + 2
Cy."age in years" > Bob."age in years"
forall n in "last name": n != 2 or n == Jones
question "Who sits in seat 2?": "{child[2]} {'last name'[2]}, aged {Bob.'age in years'}"
"""
# Each solution as (Ann, Bob, Cy, Smith, Jones, Brown) positions, worked out by hand: Ann is Smith,
# Jones beside her; Ann 3, Bob 5, Cy 7 years old; Jones in seat 2.
SOLUTIONS = {(1, 2, 3, 1, 2, 3), (1, 3, 2, 1, 2, 3), (3, 2, 1, 3, 2, 1), (3, 1, 2, 3, 2, 1)}


@pytest.mark.parametrize("backend", exact_backends(partial=True))
def test_every_exact_backend_finds_the_solutions_of_a_model_with_names_of_several_words(backend: str) -> None:
    model = loads(CHILDREN)
    result = solve(model, backend, limit=None)
    assert result.complete
    variables = ["child[Ann]", "child[Bob]", "child[Cy]",
                 "last name[Smith]", "last name[Jones]", "last name[Brown]"]
    assert {tuple(s[v] for v in variables) for s in result.solutions} == SOLUTIONS


def test_the_table_and_the_answer_show_the_words() -> None:
    model = loads(CHILDREN + "Ann at first and Bob at 2\n")
    result = solve(model, limit=None)
    assert result.count == 1
    assert "seat number   child   last name   age in years" in render_solution(model.layout, result.solutions[0])
    assert answers(model.layout, result.solutions[0]) == ["Bob Jones, aged 5"]
    values = result.to_dict()["solutions"][0]["values"]
    assert values["last name"] == {"Smith": 1, "Jones": 2, "Brown": 3}


# A misspelt name of several words, where the error points, and its hint.
MISSPELT = {
    "member": ('Bob."age in yaers" == 5', (5, 5), "unknown attribute 'age in yaers'",
               'did you mean "age in years"? a name of several words is written in double quotes'),
    "member-unquoted": ("Bob.age_in_years == 5", (5, 5), "unknown attribute 'age_in_years'",
                        'did you mean "age in years"? a name of several words is written in double quotes'),
    "list": ('forall n in "last nmae": n != 0', (5, 13), "unknown value 'last nmae'",
             "did you mean 'last name'?"),
    "answer": ("question \"q?\": \"{'last nmae'[2]}\"", (5, 18), "unknown value 'last nmae'",
               "did you mean 'last name'?"),
}


@pytest.mark.parametrize("case", list(MISSPELT))
def test_a_misspelt_name_of_several_words_gets_did_you_mean(case: str) -> None:
    clue, (line, column), message, hint = MISSPELT[case]
    head = "\n".join(CHILDREN.split("\n")[:4])
    with pytest.raises(CspdslError) as raised:
        loads(f"{head}\n{clue}\n")
    error = raised.value
    assert error.span is not None and (error.span.line, error.span.column) == (line, column)
    assert (error.message, error.hint) == (message, hint)


def test_the_editor_finds_a_quoted_name_where_it_is_declared_and_used() -> None:
    index = index_of(parse(CHILDREN))
    declared = index.declared["last name"]
    assert (declared.span.line, declared.span.column, declared.span.end_column) == (3, 11, 22)
    assert declared.members == ("Smith", "Jones", "Brown")
    assert index.declared["seat number"].span.line == 1
    used = index.references("age in years", declaration=False)
    assert [(span.line, span.column) for span in used] == [(8, 5), (8, 27), (9, 4), (9, 25), (11, 73)]
