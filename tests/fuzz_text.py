"""Model text for the fuzzer (tests/test_fuzz.py): new models from grammars/puz.lark, and the shipped
models and the examples of the language reference (docs/language/) with small faults put in.

The generator is biased towards text that lowers: it declares positions, attributes, variables,
arrays and boards first and writes its clues over the names it declared (nesting, forall, lists,
relations, counts, sums, givens, pieces), so that the lowering and the backends are reached, not only
the parser. Its sizes are small, so that no generated model takes long to lower. Every case is drawn
from `random.Random(seed)`: a case is reproduced by its seed alone.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from helpers import language_pages

ROOT = Path(__file__).resolve().parent.parent
RELATIONS = ["same", "not_same", "next_to", "beside", "directly_left_of", "directly_right_of", "left_of", "right_of"]
COMPARES = ["==", "!=", "<", "<=", ">", ">="]
COUNT_WORDS = ["exactly", "at_least", "at_most"]
# Characters and bits of syntax a damaged model may have anywhere: whitespace the scanner does not
# take, a NUL, a byte order mark, letters outside ASCII, unbalanced quotes and brackets.
ODD_TEXT = [*"\t\f\v\x00\r\n\u2028\ufeffé\U0001f600\"#()[]{},:.-%\\';@$", '"""', "..", "//"]
NUMBERS = ["0", "-1", "-7", "1000", "4096", "1000001", "2147483648", "9223372036854775808", "10" * 20, "007"]


class World:
    """The names a generated model declared so far, by kind, for its clues to refer to."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.scalars: list[str] = []  # integer variables and params
        self.arrays: dict[str, int] = {}  # one-dimensional arrays, by length (indexed 1..n)
        self.grids: dict[str, int] = {}  # square arrays, by side
        self.cubes: dict[str, int] = {}  # arrays of three dimensions, 2 x side x side, by side
        self.values: list[str] = []  # attribute values, handles (age 40) and keyed positions, as in a clue
        self.numeric_attributes: list[str] = []  # attributes of numbers: `X.age`
        self.positions = 0  # how many positions there are (0: none)
        self.keyed = False  # positions named by keys have no order: only same and not_same
        self.boards: dict[str, list[str]] = {}  # board name: its cells
        self.binders: list[str] = []  # forall binders in scope
        self.variables: list[str] = []  # the declared variables, arrays and grids, for a `show`
        self.counter = 0

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"


# -- declarations ----------------------------------------------------------------------------------


def declarations(world: World) -> list[str]:
    """The model's declarations, in an order that declares every name before its use."""
    rng = world.rng
    lines: list[str] = []
    if rng.random() < 0.3:
        lines.append(f'puzzle "fuzz {rng.randint(0, 99)}"')
    if rng.random() < 0.5:
        lines += positions_and_attributes(world)
    for _ in range(rng.randint(0 if lines else 1, 4)):
        lines += rng.choice([scalar_var, array_var, grid_var, param_or_let, board])(world)
    return lines


def positions_and_attributes(world: World) -> list[str]:
    rng = world.rng
    n = rng.randint(2, 5)
    world.positions = n
    if rng.random() < 0.3:
        keys = [rng.choice([f"K{i}", f'"k {i}"']) for i in range(n)]
        lines = [f"positions {world.fresh('band')}: " + ", ".join(keys)]
        world.keyed = True
        world.values += keys
    else:
        lines = [f"positions {world.fresh('p')} = 1..{n}"]
    for _ in range(rng.randint(1, 3)):
        name = world.fresh("attr")
        if rng.random() < 0.25:
            numbers = rng.sample(range(-3, 12), n)
            lines.append(f"attribute {name}: " + ", ".join(map(str, numbers)))
            world.numeric_attributes.append(name)
            # `age 40` for two values, and a number that may be none of them
            world.values += [handle(name, k) for k in (*numbers[:2], rng.randint(-3, 12))]
            continue
        values = [f"{name}v{i}" if rng.random() < 0.8 else f'"{name} v{i}"' for i in range(n)]
        lines.append(f"attribute {name}: " + ", ".join(values))
        world.values += values
    return lines


def handle(attribute: str, number: int) -> str:
    """A value of an attribute of numbers standing for its entity: `age 40`, `age(-3)`."""
    return f"{attribute} {number}" if number >= 0 else f"{attribute}({number})"


def domain(world: World) -> str:
    rng = world.rng
    lo = rng.randint(-2, 2)
    hi = lo + rng.randint(0, 5)
    return rng.choice([f"{lo}..{hi}", f"{lo}..{hi}", "bool", "{" + ", ".join(map(str, sorted({lo, hi, 3}))) + "}"])


def scalar_var(world: World) -> list[str]:
    names = [world.fresh("x") for _ in range(world.rng.choice([1, 1, 2, 3]))]
    world.scalars += names
    world.variables += names
    return [f"var {', '.join(names)} in {domain(world)}"]


def array_var(world: World) -> list[str]:
    rng = world.rng
    name, n = world.fresh("q"), rng.randint(1, 5)
    world.arrays[name] = n
    world.variables.append(name)
    lines = [f"var {name}[1..{n}] in {domain(world)}"]
    if rng.random() < 0.2:
        cells = [rng.choice([".", ".", str(rng.randint(-2, 4))]) for _ in range(n)]
        lines.append(f'given {name} = """ {" ".join(cells)} """')
    elif rng.random() < 0.15:
        pieces = ", ".join("|".join(map(str, rng.sample(range(4), rng.randint(1, 2)))) for _ in range(n))
        lines += [f"pieces {name}p = [{pieces}]", f"place {name}p on {name}"]
    return lines


def grid_var(world: World) -> list[str]:
    rng = world.rng
    name, n = world.fresh("g"), rng.choice([2, 3, 4])
    world.variables.append(name)
    if rng.random() < 0.15:
        world.cubes[name] = n
        return [f"var {name}[1..2, 1..{n}, 1..{n}] in 1..{n}"]
    world.grids[name] = n
    if rng.random() < 0.1:  # shapes placed on a 0/1 grid, kept apart or not
        fleet = rng.choice(["monomino * 2", "domino", "domino, monomino", "L3", "I3 * 2"])
        apart = rng.choice(["", ": no_touching", ": no_side_touching", ": no_turns, no_touching"])
        return [f"var {name}[1..{n}, 1..{n}] in bool", f"pieces {name}f = [{fleet}]", f"place {name}f on {name}{apart}"]
    low = 0 if rng.random() < 0.3 else 1  # a 0 is a white cell for seen(...)
    lines = [f"var {name}[1..{n}, 1..{n}] in {low}..{n}"]
    if rng.random() < 0.3:
        rows = [" ".join(rng.choice([".", ".", "_", str(rng.randint(1, n))]) for _ in range(n)) for _ in range(n)]
        lines.append(f'given {name} = """\n' + "\n".join(rows) + '\n"""')
    return lines


def param_or_let(world: World) -> list[str]:
    rng = world.rng
    name, value = world.fresh("k"), arith(world, 1)
    kind = rng.randrange(3)
    if kind == 0:
        world.scalars.append(name)
        return [f"param {name} = {rng.randint(-3, 6)}"]
    if kind == 1:
        world.scalars.append(name)
        return [f"let {name} = {value}"]
    values = [str(rng.randint(-2, 6)) for _ in range(rng.randint(1, 4))]
    world.arrays[name] = len(values)
    return [f"let {name} = [{', '.join(values)}]"]


def board(world: World) -> list[str]:
    rng = world.rng
    name = world.fresh("b")
    shape = rng.choice(["ab\ncd", " a\nb.c", "abc\ndef\nghi", "  a\n b.c\nd.e.f"])
    world.boards[name] = [c for c in shape if c.isalpha()]
    return [f'board {name} in 1..{rng.randint(3, 9)} = """\n{shape}\n"""']


# -- expressions and clues -------------------------------------------------------------------------


def index(world: World, n: int) -> str:
    rng = world.rng
    choices = [str(rng.randint(1, n))] * 6 + [str(rng.randint(0, n + 1))]
    choices += world.binders + world.scalars[-1:]
    return rng.choice(choices)


def element(world: World) -> str:
    """A cell of a declared array, grid or board, at an index that is mostly in range."""
    rng = world.rng
    kinds = [kind for kind, names in (("array", world.arrays), ("grid", world.grids), ("cube", world.cubes),
                                      ("board", world.boards)) if names]
    kind = rng.choice(kinds)
    if kind == "array":
        name = rng.choice(list(world.arrays))
        return f"{name}[{index(world, world.arrays[name])}]"
    if kind == "grid":
        name = rng.choice(list(world.grids))
        return f"{name}[{index(world, world.grids[name])}, {index(world, world.grids[name])}]"
    if kind == "cube":
        name = rng.choice(list(world.cubes))
        n = world.cubes[name]
        return f"{name}[{index(world, 2)}, {index(world, n)}, {index(world, n)}]"
    name = rng.choice(list(world.boards))
    return f"{name}.{rng.choice(world.boards[name])}"


def atom(world: World) -> str:
    """A number-valued leaf over the declared names."""
    rng = world.rng
    choices = [str(rng.randint(-3, 9))] + world.scalars[-3:] + world.binders * 2
    if world.arrays or world.grids or world.cubes or world.boards:
        choices += [element(world)] * 2
        if world.grids and rng.random() < 0.2:  # sight lines: mostly of a grid's cell, else of any element
            choices.append(rng.choice(["seen({})", "seen({}, left)", "sum(sight({}))", "sum(sight({}, up))"])
                           .format(element(world)))
        if world.grids and rng.random() < 0.1:  # the size of a cell's area (refused unless compared)
            choices.append(f"area_size({element(world)})")
    if world.values and world.numeric_attributes:
        choices.append(f"{rng.choice(world.values)}.{rng.choice(world.numeric_attributes)}")
    return rng.choice(choices)


def number_list(world: World) -> str:
    """A list of numbers: literal, an array (or a slice or a grid's lines), or a comprehension."""
    rng = world.rng
    options = [lambda: "[" + ", ".join(arith(world, 1) for _ in range(rng.randint(1, 4))) + "]"]
    if world.arrays:
        options.append(lambda: rng.choice(list(world.arrays)))
        options.append(lambda: (lambda a: f"{a}[1..{world.arrays[a]}]")(rng.choice(list(world.arrays))))
    if world.grids:
        options.append(lambda: f"{rng.choice(list(world.grids))}[{rng.randint(1, 2)}, ..]")
        options.append(lambda: f"{rng.choice(list(world.grids))}.cells")
    if world.cubes:
        options.append(lambda: f"{rng.choice(list(world.cubes))}[{rng.randint(1, 2)}, .., ..]")
        options.append(lambda: f"{rng.choice(list(world.cubes))}[.., 1, {rng.randint(1, 2)}]")
        options.append(lambda: f"{rng.choice(list(world.cubes))}.cells")
    if world.boards:
        options.append(lambda: f"{rng.choice(list(world.boards))}.cells")
    options.append(lambda: comprehension(world))
    return rng.choice(options)()


def comprehension(world: World) -> str:
    binder = world.fresh("i")
    world.binders.append(binder)
    body = arith(world, 1)
    world.binders.pop()
    where = f" where {binder} != {world.rng.randint(1, 3)}" if world.rng.random() < 0.3 else ""
    return f"[{body} for {binder} in 1..{world.rng.randint(1, 4)}{where}]"


def arith(world: World, depth: int) -> str:
    rng = world.rng
    if depth <= 0 or rng.random() < 0.4:
        return atom(world)
    kind = rng.randrange(10)
    if kind == 8:  # `//` and `%` over variables of small domains, a divisor that may be 0 among them
        return f"{atom(world)} {rng.choice(['//', '%'])} {atom(world)}"
    if kind == 9:
        return "number(" + ", ".join(atom(world) for _ in range(rng.randint(1, 4))) + ")"
    if kind < 3:
        return f"{arith(world, depth - 1)} {rng.choice(['+', '-', '+'])} {arith(world, depth - 1)}"
    if kind == 7:
        return f"{arith(world, depth - 1)} * {rng.choice(['2', '-1', '3', atom(world)])}"
    if kind == 3:
        constant = rng.choice([str(rng.randint(-3, 9)), *world.binders])  # `//` and `%` take constants only
        return f"{constant} {rng.choice(['//', '%'])} {rng.choice(['2', '3', atom(world)])}"
    if kind == 4:
        return f"{rng.choice(['abs', '-'])}({arith(world, depth - 1)})"
    if kind == 5:
        return f"sum({number_list(world)})"
    if kind == 6 and len(world.values) >= 2 and world.positions:
        return f"distance({rng.choice(world.values)}, {rng.choice(world.values)})"
    return f"({arith(world, depth - 1)})"


def relation(world: World) -> str:
    """A clue over attribute values and positions, the zebra puzzles' kind."""
    rng = world.rng
    a, b = rng.choice(world.values), rng.choice(world.values)
    if world.keyed:
        return f"{a} {rng.choice(['same', 'not_same'])} {b}"
    where = rng.choice(["first", "last", "middle", str(rng.randint(1, world.positions))])
    return rng.choice(
        [
            f"{a} {rng.choice(RELATIONS)} {b}",
            f"{a} not {rng.choice(RELATIONS)} {b}",
            f"{a} at {where}",
            f"{a} not at {where}",
            f"{a} {rng.choice(COMPARES)} {b}",
        ]
    )


def clue(world: World, depth: int) -> str:
    """A clue of its own line: a condition, or one of the calls that may stand only there."""
    rng = world.rng
    if rng.random() < 0.15:
        return f"alldifferent({number_list(world)})"
    if rng.random() < 0.1:
        return f"{rng.choice(['sum_equals', 'sum_at_most', 'sum_at_least'])}({number_list(world)}, {rng.randint(0, 8)})"
    if world.grids and rng.random() < 0.05:  # chosen edges: mostly refused here (shapes, values), at times solved
        grid, other = rng.choice(list(world.grids)), rng.choice(list(world.grids))
        return rng.choice([f"paired({grid}, {other})", f"no_loop({grid})", f"linked({grid}, {other})"])
    if world.grids and rng.random() < 0.05:  # paths through a grid's cells (the ends may not fit it)
        grid = rng.choice(sorted(world.grids))
        ends = [[rng.choice([0, 0, 1, 2]) for _ in range(world.grids[grid])] for _ in range(world.grids[grid])]
        return rng.choice([f"numbered_path({grid})", f"numbered_path({grid}, around)", f"paths({grid}, {ends})"])
    if world.grids and rng.random() < 0.05:  # rectangles over a grid (its values or the clues may not fit)
        grid = rng.choice(sorted(world.grids))
        clues = [[rng.choice([0, 0, 0, 1, 2, 4]) for _ in range(world.grids[grid])] for _ in range(world.grids[grid])]
        return f"rectangles({grid}, {clues})"
    if world.grids and rng.random() < 0.05:  # areas of a size (the grid's values or the counts may not fit)
        grid, size = rng.choice(sorted(world.grids)), rng.randint(1, 3)
        counts = [[rng.choice([-1, -1, -1, 2, 3]) for _ in range(world.grids[grid])] for _ in range(world.grids[grid])]
        return rng.choice([f"sized_areas({grid}, {size})", f"sized_areas({grid}, {size}, {counts})"])
    if world.grids and rng.random() < 0.03:  # tetrominoes: refused unless a region map of a 0/1 grid is named
        grid = rng.choice(sorted(world.grids))
        return f"tetrominoes({grid}, {rng.choice(sorted(world.grids))})"
    return condition(world, depth)


def condition(world: World, depth: int) -> str:
    rng = world.rng
    leaves = [
        lambda: f"{arith(world, 2)} {rng.choice(COMPARES)} {arith(world, 1)}",
        lambda: f"{arith(world, 1)} {rng.choice(['in', 'not in'])} {rng.choice(['1..3', '{0, 2, 4}'])}",
    ]
    if world.values and world.positions:
        leaves += [lambda: relation(world)] * 3
    if depth <= 0 or rng.random() < 0.45:
        return rng.choice(leaves)()
    kind = rng.randrange(7)

    def sub() -> str:
        text = condition(world, depth - 1)
        return f"({text})" if text.startswith(("if ", "either ", "forall ")) else text

    if kind == 0:
        return f"{sub()} {rng.choice(['and', 'or'])} {sub()}"
    if kind == 1:
        return f"not ({sub()})"
    if kind == 2:
        return f"if {sub()} then {sub()}"
    if kind == 3:
        return f"either {sub()} or {sub()}"
    if kind == 4:
        items = ", ".join(sub() for _ in range(rng.randint(1, 3)))
        return f"{rng.choice(COUNT_WORDS)} {rng.randint(0, 2)} of [{items}]"
    if kind == 5:
        return forall(world, depth)
    return f"({sub()})"


def forall(world: World, depth: int) -> str:
    rng = world.rng
    binders = [world.fresh("i") for _ in range(rng.choice([1, 1, 2]))]
    ranges = [rng.choice(["1..3", "1..2", "{1, 3}", f"1..{rng.randint(0, 4)}"]) for _ in binders]
    where = f" where {binders[0]} != {rng.randint(1, 3)}" if rng.random() < 0.3 else ""
    world.binders += binders
    body = clue(world, depth - 1)
    del world.binders[-len(binders) :]
    return "forall " + ", ".join(f"{b} in {r}" for b, r in zip(binders, ranges, strict=True)) + f"{where}: {body}"


def hidden_part(world: World) -> list[str]:
    """A part of its own, apart from the rest of the model: variables whose names begin with `_`
    (hidden), free or tied to one another or to a shown variable of the part only."""
    rng = world.rng
    hidden = [world.fresh("_h") for _ in range(rng.randint(1, 3))]
    lines = [f"var {', '.join(hidden)} in {domain(world)}"]
    if rng.random() < 0.5:
        shown = world.fresh("y")
        lines.append(f"var {shown} in {domain(world)}")
        world.variables.append(shown)
        hidden.append(shown)
    if rng.random() < 0.7:
        a, b = rng.choice(hidden), rng.choice(hidden)
        lines.append(f"{a} {rng.choice(['+', '-', '*', '%', '//'])} {b} {rng.choice(COMPARES)} {rng.randint(-2, 4)}")
    return lines


def show_and_objective(world: World) -> list[str]:
    """Perhaps a `show` of some of the declared variables, perhaps an objective over them."""
    rng = world.rng
    lines = []
    if world.variables and rng.random() < 0.3:
        lines.append("show " + ", ".join(rng.sample(world.variables, rng.randint(1, len(world.variables)))))
    if rng.random() < 0.25:
        lines.append(f"{rng.choice(['minimize', 'maximize'])} {arith(world, 2)}")
    return lines


def generated(seed: int) -> str:
    """A whole model: declarations (some in parts of their own with hidden variables), then clues over
    them, then perhaps a `show`, an objective and a question."""
    world = World(random.Random(seed))
    lines = declarations(world)
    if world.rng.random() < 0.3:
        lines += hidden_part(world)
    lines += [clue(world, world.rng.randint(0, 3)) for _ in range(world.rng.randint(1, 5))]
    lines += show_and_objective(world)
    if world.scalars and world.rng.random() < 0.2:
        lines.append(f'question "What?": "It is {{{world.rng.choice(world.scalars)}}}."')
    return "\n".join(lines) + "\n"


# -- mutations of the shipped models and the documented examples -------------------------------------

TOKEN = re.compile(r'""".*?"""|"[^"\n]*"|\d+|[A-Za-z_]\w*|\.\.|//|[=!<>]=|\s+|.', re.S)


def seed_texts() -> list[str]:
    """The shipped models and every ```puz example of the language reference, page after page."""
    texts = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "models").glob("*.puz"))]
    for page in language_pages():
        texts += re.findall(r"^```puz\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    return texts


def mutate_tokens(rng: random.Random, tokens: list[str]) -> None:
    """One fault at the level of tokens: deleted, doubled, swapped, a number made odd, a character put in."""
    at = rng.randrange(len(tokens))
    kind = rng.randrange(5)
    if kind == 0:
        del tokens[at]
    elif kind == 1:
        tokens.insert(at, tokens[at])
    elif kind == 2 and at + 1 < len(tokens):
        tokens[at], tokens[at + 1] = tokens[at + 1], tokens[at]
    elif kind == 3:
        numbers = [i for i, token in enumerate(tokens) if token.isdigit()]
        tokens[rng.choice(numbers) if numbers else at] = rng.choice(NUMBERS)
    else:
        tokens.insert(at, rng.choice(ODD_TEXT))


def mutate_lines(rng: random.Random, text: str) -> str:
    """One fault at the level of lines: deleted, doubled or swapped."""
    lines = text.split("\n")
    at, other = rng.randrange(len(lines)), rng.randrange(len(lines))
    kind = rng.randrange(3)
    if kind == 0:
        del lines[at]
    elif kind == 1:
        lines.insert(at, lines[other])
    else:
        lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines)


def mutated(seed: int, texts: list[str]) -> str:
    """A shipped model or a documented example with one to three faults put in."""
    rng = random.Random(seed)
    text = rng.choice(texts)
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.3:
            text = mutate_lines(rng, text)
        else:
            tokens = TOKEN.findall(text) or [""]
            mutate_tokens(rng, tokens)
            text = "".join(tokens)
    return text
