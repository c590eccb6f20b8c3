"""Seeded generators of scale families for the benchmarks: zebra puzzles of n positions with a
unique solution, and n x n Sudokus (9, 16, 25) from a shuffled solved grid.

The same seed gives the same model text on every machine, so a figure can be reproduced.
"""

from __future__ import annotations

import random

from cspdsl.api import loads, solve

HARD_SUDOKUS = {
    # Arto Inkala's "world's hardest Sudoku" (2012) and his "AI Escargot" (2006).
    "inkala": "800000000003600000070090200050007000000045700000100030001000068008500010090000400",
    "escargot": "100007090030020008009600500005300900010080002600004000300000010040000007007000300",
}

ATTRIBUTES = ("colour", "pet", "drink", "job", "sport")


def zebra(positions: int, seed: int = 0, attributes: int = 5, backend: str = "sat") -> str:
    """A zebra puzzle with a unique solution: clues true of a hidden random solution are added,
    in a seeded random order, until only that solution is left."""
    rng = random.Random(seed)
    names = {a: [f"{a[0]}{i}" for i in range(1, positions + 1)] for a in ATTRIBUTES[:attributes]}
    hidden = {a: dict(zip(values, rng.sample(range(1, positions + 1), positions), strict=True))
              for a, values in names.items()}
    where = {value: house for houses in hidden.values() for value, house in houses.items()}
    values = sorted(where)
    header = [f'puzzle "Zebra puzzle, {positions} positions (seed {seed})"', f"positions house = 1..{positions}"]
    header += [f"attribute {a}: " + ", ".join(vs) for a, vs in names.items()]
    clues: list[str] = []
    while True:
        clue = _true_clue(rng, values, where)
        if clue in clues:
            continue
        clues.append(clue)
        if len(clues) % positions:  # check uniqueness every `positions` clues
            continue
        text = "\n".join(header + clues) + "\n"
        if len(solve(loads(text, "zebra.puz"), backend, limit=2).solutions) == 1:
            return text


def _true_clue(rng: random.Random, values: list[str], where: dict[str, int]) -> str:
    """A clue that the hidden solution satisfies: mostly the strong kinds (same house, neighbours)."""
    a = rng.choice(values)
    pa = where[a]
    others = [v for v in values if v != a and v[0] != a[0]]
    kind = rng.choices(["same", "next_to", "directly_left_of", "left_of", "not_same", "at"],
                       weights=[35, 20, 15, 10, 10, 10])[0]
    candidates = {
        "same": [b for b in others if where[b] == pa],
        "next_to": [b for b in others if abs(where[b] - pa) == 1],
        "directly_left_of": [b for b in others if where[b] == pa + 1],
        "left_of": [b for b in others if where[b] > pa],
        "not_same": [b for b in others if where[b] != pa],
    }.get(kind)
    if not candidates:
        return f"{a} at {pa}"
    return f"{a} {kind} {rng.choice(candidates)}"


def sudoku_grid(box: int, seed: int = 0, keep: float = 0.5) -> str:
    """An n x n Sudoku (n = box * box) as a row-major string ('0' or '.' for an empty cell, digits
    beyond 9 as letters A..P): a solved grid from the standard pattern, shuffled, with a seeded
    fraction `keep` of the cells given. It has at least one solution, not necessarily one only."""
    n = box * box
    rng = random.Random(seed)

    def shuffled_axis() -> list[int]:
        bands = rng.sample(range(box), box)
        return [b * box + r for b in bands for r in rng.sample(range(box), box)]

    rows, cols, digits = shuffled_axis(), shuffled_axis(), rng.sample(range(1, n + 1), n)
    solved = [[digits[(box * (r % box) + r // box + c) % n] for c in cols] for r in rows]
    cells = [(r, c) for r in range(n) for c in range(n)]
    given = set(rng.sample(cells, round(keep * n * n)))
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return "".join(symbols[solved[r][c] - 1] if (r, c) in given else "." for r, c in cells)


def sudoku_model(grid: str, title: str) -> str:
    """The .puz text of a Sudoku given as a row-major string (as models/sudoku.puz writes one)."""
    n = round(len(grid) ** 0.5)
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    rows = []
    for r in range(n):
        row = grid[r * n : (r + 1) * n]
        rows.append("  " + " ".join("." if ch in ".0" else str(symbols.index(ch) + 1) for ch in row))
    return (
        f'puzzle "{title}"\n'
        f"var cell[1..{n}, 1..{n}] in 1..{n}\n"
        "forall group in cell.rows + cell.columns + cell.boxes: alldifferent(group)\n"
        'given cell = """\n' + "\n".join(rows) + '\n"""\n'
    )
