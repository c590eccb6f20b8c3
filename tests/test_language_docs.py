"""Every ```puz example of the docs site is a model that parses, lowers and solves as the example itself
says (its `# expect:` lines), and the reference (docs/language/, a page a topic) covers every construct.

On the reference's pages every example is a complete model with its `# expect:` line. The other pages
(getting started, the tutorials) build a model a few lines at a time: a block without a `puzzle`
line adds to the model of the blocks before it, and is run as that whole model so far; a block
without `# expect:` there must still solve. A tutorial's last model is its example model of models/ (the same CNF)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers import DOCS, MODELS, language_pages

from cspdsl.api import load, loads, solve
from cspdsl.core import exit_codes as cli
from cspdsl.driver.plans import PlanResult, solve_plans
from cspdsl.export.dimacs import to_dimacs
from cspdsl.render.solution import answers
from cspdsl.syntax.parser import parse

LANGUAGE = language_pages()  # the reference, in the site's order
PAGES = sorted(DOCS.rglob("*.md"))
# The examples the reference had when it was one page (docs/language.md): none may go missing.
REFERENCE_EXAMPLES = 82

# `# expect: 3 solutions`, `# expect: 1 solution`, `# expect: unsatisfiable`,
# `# expect -D n=6: 4 solutions` (with params, as `cspdsl solve -D n=6` would get), and for a model with an
# objective `# expect: optimum 19, 1 solution` (the optimum proved, and the number of optimal solutions).
EXPECT = re.compile(r"^# expect(?P<params>(?: -D \w+=-?\d+)*): (?P<outcome>.+?)\s*$", re.M)
# `# answer: TEXT`: the answers to the model's questions, in order, for its (unique) solution.
ANSWER = re.compile(r"^# answer: (?P<text>.*?)\s*$", re.M)
# A tutorial's model and the example model it builds.
TUTORIAL_MODELS = {
    "einstein-annealing.md": "einstein", "tiles.md": "tiles", "hexagon.md": "aristotle",
    "lock.md": "lock", "sudoku.md": "sudoku",
}


@dataclass
class Example:
    index: int
    heading: str
    line: int
    text: str  # the model it runs: on a tutorial, the blocks so far
    page: str = "language/index.md"
    block: str = ""  # the block as the page shows it

    @property
    def id(self) -> str:
        slug = re.sub(r"[^a-z0-9]+", "-", self.heading.lower()).strip("-")
        return f"{self.page.removesuffix('.md')}:{self.index:02d}-{slug}"

    @property
    def reference(self) -> bool:
        return is_reference(self.page)


def is_reference(page: str) -> bool:
    """A page of the language reference, where every example is a complete model."""
    return page.startswith("language/")


def examples(page: Path) -> list[Example]:
    text, name = page.read_text(encoding="utf-8"), str(page.relative_to(DOCS))
    found: list[Example] = []
    heading, model = "intro", ""
    fence = re.compile(r"^```(\S*)\n(.*?)^```", re.M | re.S)
    position = 0
    for match in fence.finditer(text):
        for title in re.findall(r"^#+ (.+)$", text[position : match.start()], re.M):
            heading = title
        position = match.end()
        if match.group(1) == "puz":
            block = match.group(2)
            continues = not is_reference(name) and not re.search(r'^puzzle "', block, re.M)
            model = model + "\n" + block if continues else block
            line = text.count("\n", 0, match.start()) + 2
            found.append(Example(len(found), heading, line, model, name, block))
    return found


EXAMPLES = [example for page in LANGUAGE for example in examples(page)]
SITE_EXAMPLES = [example for page in PAGES for example in examples(page)]


def outcome_of(example: Example, params: dict[str, int] | None) -> str:
    lowered = loads(example.text, f"{example.page}:{example.line}", params)
    if lowered.problem.sequential is not None:
        return plans_outcome(solve_plans(lowered, limit=None))
    result = solve(lowered, limit=None)
    assert result.status != "timeout"
    if result.status == "unsatisfiable":
        return "unsatisfiable"
    n = len(result.solutions)
    optimum = f"optimum {result.objective}, " if result.status == "optimal" else ""
    return f"{optimum}{n} solution{'s' if n != 1 else ''}"


def plans_outcome(result: PlanResult) -> str:
    """`3 plans`, or `1 shortest plan, of 6 moves` where the plans are proved the shortest, or
    `1 cheapest plan, of cost 19` where they are proved the cheapest."""
    assert result.complete and result.count is not None
    n = result.count
    if result.cheapest:
        return f"{n} cheapest plan{'s' if n != 1 else ''}, of cost {result.cost}"
    kind = "shortest " if result.shortest else ""
    fewest = f", of {result.length} moves" if result.shortest else ""
    return f"{n} {kind}plan{'s' if n != 1 else ''}{fewest}"


def test_the_reference_has_every_page_and_example():
    assert sorted(LANGUAGE) == sorted((DOCS / "language").glob("*.md")), "mkdocs.yml's nav leaves a page out"
    assert all(examples(page) for page in LANGUAGE if page.name not in ("lowering.md", "running.md"))
    assert len(EXAMPLES) >= REFERENCE_EXAMPLES


@pytest.mark.parametrize("example", SITE_EXAMPLES, ids=lambda e: e.id)
def test_example_parses_and_lowers(example: Example):
    parse(example.text, "example.puz")
    lowered = loads(example.text, "example.puz")
    assert lowered.problem.variables


@pytest.mark.parametrize("example", SITE_EXAMPLES, ids=lambda e: e.id)
def test_example_solves_as_it_says(example: Example):
    expectations = list(EXPECT.finditer(example.block))
    if not expectations and not example.reference:  # a step of a tutorial: it runs and has a solution
        assert solve(loads(example.text, "example.puz")).status == "solved", f"{example.page}:{example.line}"
        return
    assert expectations, f"the example at line {example.line} has no '# expect: ...' line"
    for expectation in expectations:
        params = dict(
            (name, int(value)) for name, value in re.findall(r"-D (\w+)=(-?\d+)", expectation["params"])
        )
        outcome = expectation["outcome"]
        assert re.fullmatch(r"(optimum (-?\d+|\[-?\d+(, -?\d+)*\]), )?(1 solution|\d+ solutions)|unsatisfiable"
                            r"|\d+ (shortest )?plans?(, of \d+ moves)?|\d+ cheapest plans?, of cost \d+",
                            outcome), outcome
        assert outcome_of(example, params or None) == outcome, f"{example.page}:{example.line} {params}"


@pytest.mark.parametrize("example", [e for e in SITE_EXAMPLES if ANSWER.search(e.block)], ids=lambda e: e.id)
def test_example_answers_as_it_says(example: Example):
    lowered = loads(example.text, "example.puz")
    result = solve(lowered, limit=None)
    assert len(result.solutions) == 1
    expected = [m["text"] for m in ANSWER.finditer(example.block)]
    assert answers(lowered.layout, result.solutions[0]) == expected


@pytest.mark.parametrize("page", sorted(TUTORIAL_MODELS))
def test_a_tutorial_builds_its_example_model(page: str):
    built = [e for e in SITE_EXAMPLES if e.page == f"tutorials/{page}"]
    assert built, f"tutorials/{page} has no ```puz block"
    mine = loads(built[-1].text, page).problem
    theirs = load(MODELS / f"{TUTORIAL_MODELS[page]}.puz").problem
    assert to_dimacs(mine) == to_dimacs(theirs)  # the same CNF: the same variables and clues


# Each construct of the language, and a pattern that finds it in an example.
CONSTRUCTS = {
    "puzzle title": r'^puzzle "',
    "comment after a statement": r"^[^#\n]+#",
    "param": r"^param \w+ =",
    "-D override": r"^# expect -D ",
    "let": r"^let \w+ =",
    "positions": r"^positions \w+ =",
    "attribute": r"^attribute \w+:",
    "quoted value": r'^attribute .*"[^"]* [^"]*"',
    "attribute of numbers": r"^attribute \w+: -?\d+, ",
    "number of an entity": r"\b\w+\.age\b",
    "positions keyed by names": r"^positions \w+: ",
    "quoted value in an answer": r"\{\w+\['[^']+'\]\}",
    "same": r"\bsame\b",
    "not_same": r"\bnot_same\b",
    "next_to": r"\bnext_to\b",
    "beside": r"\bbeside\b",
    "directly_left_of": r"\bdirectly_left_of\b",
    "directly_right_of": r"\bdirectly_right_of\b",
    "left_of": r"(?<!directly_)\bleft_of\b",
    "right_of": r"(?<!directly_)\bright_of\b",
    "at number": r"\bat \d",
    "at first": r"\bat first\b",
    "at last": r"\bat last\b",
    "at middle": r"\bat middle\b",
    "distance": r"\bdistance\(",
    "integer var": r"^var \w+ in -?\d",
    "bool var": r"^var \w+ in bool",
    "array": r"^var \w+\[[^,\]]+\] in",
    "grid": r"^var \w+\[[^\]]+,[^\]]+\] in",
    "set domain": r"^var .* in \{",
    "g.rows": r"\.rows\b",
    "g.columns": r"\.columns\b",
    "g.boxes": r"\.boxes\b",
    "g.diagonals": r"\.diagonals\b",
    "g.cells": r"\.cells\b",
    "board": r'^board \w+ in .* = """',
    "regions": r'^regions \w+ of \w+ = """',
    "a region": r"\bcage\.[A-Z]\b",
    "r.regions": r"\.regions\b",
    "grid with black cells": r'^var \w+ in .* shape """',
    "k.across": r"\.across\b",
    "k.down": r"\.down\b",
    "k.runs": r"\.runs\b",
    "board cell": r"\bhex\.[a-z]\b",
    "b.antidiagonals": r"\.antidiagonals\b",
    "b.lines": r"\.lines\b",
    "g.adjacent": r"\.adjacent\b",
    "g.touching": r"\.touching\b",
    "neighbours": r"\bneighbours\(",
    "around": r"\baround\(",
    "runs": r"^runs\(\w+\[.*\]\) == \[",
    "runs under a forall": r"^forall .*: runs\(",
    "alldifferent": r"\balldifferent\(",
    "sum": r"\bsum\(",
    "sum_equals": r"\bsum_equals\(",
    "sum_at_most": r"\bsum_at_most\(",
    "sum_at_least": r"\bsum_at_least\(",
    "weighted sum": r"\d\*\w+ \+ \d\*\w+",
    "exactly": r"\bexactly \d+ of\b",
    "at_least": r"\bat_least \d+ of\b",
    "at_most": r"\bat_most \d+ of\b",
    "not": r"\bnot \(",
    "and": r"\band\b",
    "or": r"\bor\b",
    "either": r"\beither\b.*\bor\b",
    "if then": r"\bif\b.*\bthen\b",
    "if then else": r"^(forall .*: )?if\b.*\bthen\b.*\belse\b",
    "iff": r"\biff\b",
    "conditional value": r"\(if\b.*\belse\b.*\)|\[if\b.*\belse\b",
    "bool variable as a condition": r"^not \w+\[\d\]$",
    "domain of names": r"^var .* in \{[a-z]",
    "floor division": r"//",
    "remainder": r"%",
    "abs": r"\babs\(",
    "comparison <": r" < ",
    "comparison >=": r" >= ",
    "in set": r"\bin \{",
    "in range": r"^\w+ in \d+\.\.",
    "not in": r"\bnot in\b",
    "in list": r"\bin \[",
    "forall": r"^forall \w+ in .*, \w+ in .*:",
    "where": r"\bwhere\b",
    "comprehension": r"\[.* for \w+ in ",
    "list concatenation": r"\w \+ \[",
    "attributes joined": r"\bcolour \+ pet\b",
    "len": r"\blen\(",
    "min": r"\bmin\(",
    "max": r"\bmax\(",
    "pieces": r"^pieces \w+ = \[.*\|.*\* \d",
    "place": r"^place \w+ on \w+",
    "pieces kept apart": r"^place \w+ on \w+: no_touching$",
    "pieces kept apart at the sides": r"^place \w+ on \w+: no_side_touching$",
    "connected by value": r"^connected\(\w+, \d\)",
    "connected by conditions": r"^connected\(\[",
    "single_loop": r"^single_loop\(\w+, \w+\)",
    "cell_loop": r"^cell_loop\(\w+, \w+, \w+\)",
    "cell_path": r"^cell_path\(",
    "turns and straight of a loop's cell": r"\bturns\(\w+\[.*\bstraight_next\(",
    "turns_next": r"\bturns_next\(",
    "inside a loop": r"\binside\(",
    "paths": r"^paths\(\w+, \[\[",
    "numbered_path": r"^numbered_path\(\w+",
    "linked": r"^linked\(\w+, \w+\)",
    "no_loop": r"^no_loop\(\w+\)",
    "paired": r"^paired\(",
    "area_size": r"\barea_size\(\w+\[",
    "clue_areas": r"^clue_areas\(\w+, \d+, \w+\)",
    "rectangles": r"^rectangles\(\w+, \w+\)",
    "sized_areas": r"^sized_areas\(\w+, \d+\)",
    "sized_areas with borders": r"^sized_areas\(\w+, \d+, \w+\)",
    "tetrominoes": r"^tetrominoes\(\w+, \w+\)",
    "given": r'^given \w+ = """',
    "question": r'^question ".*": ".*\{\w+\[\w+\]\}',
    "multi-line list": r"\[\n",
    "several variables in one declaration": r"^var \w+, \w+",
    "minimize": r"^minimize ",
    "visible": r"\bvisible\(g\[",
    "reversed": r"\bvisible\(reversed\(",
    "visible as a number": r"\bvisible\(\w+\) \+ visible\(",
    "seen": r"\bseen\(\w+\[\d+, \d+\]\) == \d",
    "seen as a number": r"\bseen\(\w+\[\d+, \d+\]\) \+ seen\(",
    "sight": r"\bsum\(sight\(\w+\)\)",
    "seen one way": r"\bseen\(\w+\[\d+, \d+\], (right|down|left|up)\)",
    "start": r"^start: ",
    "move": r'^move ".*": .* then \w+ = ',
    "goal": r"^goal: ",
}


@pytest.mark.parametrize("construct", list(CONSTRUCTS))
def test_every_construct_has_an_example(construct: str):
    pattern = re.compile(CONSTRUCTS[construct], re.M)
    assert any(pattern.search(e.text) for e in EXAMPLES), f"no example shows {construct}"


def test_the_exit_codes_table_matches_the_cli():
    text = (DOCS / "language" / "running.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| (\d) \| (.+?) \|$", text, re.M))
    assert set(table) == {"0", "1", "2", "3", "4"}
    assert cli.EXIT_SOLVED == 0 and "solved" in table["0"]
    assert cli.EXIT_UNSAT == 1 and "unsatisfiable" in table["1"]
    assert cli.EXIT_BAD_INPUT == 2 and "bad model" in table["2"]
    assert cli.EXIT_TIMEOUT == 3 and "time limit" in table["3"]
    assert cli.EXIT_INTERNAL == 4 and "internal error" in table["4"]


def test_the_site_lists_every_page_once():
    """mkdocs.yml's nav names each page of docs/ once, and only pages that exist."""
    config = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r'^\s+- (?:"[^"\n]*"|[^:"\n]+): ([\w/.-]+\.md)\s*$', config, re.M)
    pages = sorted(str(page.relative_to(DOCS)) for page in PAGES)
    assert sorted(listed) == pages
