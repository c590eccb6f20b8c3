"""The 264 tile square (article 001) as a hand-written direct CNF with naively enumerated line sums.

16 cells, each showing one of the 16 tile faces (11, 16, 18, 19, 61, ...): 256 variables `cell shows
face`, exactly one per cell (pairwise). The tiles: six kinds with two copies each (66|99, 19|61,
86|98, 89|68, 16|91, 18|81: exactly 2 cells show a face of the kind) and four single tiles (88, 96,
69, 11: exactly one cell). "Exactly 2" is written naively: at most 2 as every triple of cells
forbidden (560 triples x 8 face choices), at least 2 as "some cell other than c" for each cell c.
Each of the 10 lines (rows, columns, diagonals) sums to 264, as the forbidden prefixes of
`sat_hexagon.line_clauses` (faces may repeat along a line): 3856 clauses a line.

All 1152 layouts are found by blocking clauses (there are no auxiliary variables to multiply them).
"""

from __future__ import annotations

from sat_enumerate import itersolve

try:
    from sat_hexagon import exactly_one, line_clauses
except ImportError:  # imported as bench.reference.sat_tiles
    from .sat_hexagon import exactly_one, line_clauses

PAIRS = [(66, 99), (19, 61), (86, 98), (89, 68), (16, 91), (18, 81)]
SINGLES = [88, 96, 69, 11]
FACES = sorted({face for pair in PAIRS for face in pair} | set(SINGLES))
CELLS = [(r, c) for r in range(1, 5) for c in range(1, 5)]
TARGET = 264
LINES = (
    [[(r, c) for c in range(1, 5)] for r in range(1, 5)]
    + [[(r, c) for r in range(1, 5)] for c in range(1, 5)]
    + [[(i, i) for i in range(1, 5)], [(i, 5 - i) for i in range(1, 5)]]
)


def var(cell: tuple[int, int], face: int) -> int:
    return 16 * CELLS.index(cell) + FACES.index(face) + 1


def cnf() -> tuple[int, list[list[int]]]:
    """(number of variables, clauses)."""
    clauses: list[list[int]] = []
    for cell in CELLS:
        clauses += exactly_one([var(cell, f) for f in FACES])
    for pair in PAIRS:
        shows = {cell: [var(cell, f) for f in pair] for cell in CELLS}
        for i, a in enumerate(CELLS):  # at most 2: no three cells show the kind
            for j in range(i + 1, len(CELLS)):
                for b in CELLS[j + 1 :]:
                    c = CELLS[j]
                    clauses += [[-x, -y, -z] for x in shows[a] for y in shows[c] for z in shows[b]]
        for cell in CELLS:  # at least 2: some other cell shows it
            clauses.append([lit for other in CELLS if other != cell for lit in shows[other]])
    for face in SINGLES:
        clauses += exactly_one([var(cell, face) for cell in CELLS])
    for line in LINES:
        clauses += line_clauses(line, FACES, TARGET, lambda i, f, line=line: var(line[i], f), distinct=False)
    return 256, clauses


def decode(model: list[int]) -> dict[tuple[int, int], int]:
    true = {lit for lit in model if lit > 0}
    return {cell: next(f for f in FACES if var(cell, f) in true) for cell in CELLS}


def main() -> None:
    num_vars, clauses = cnf()
    literals = sum(len(c) for c in clauses)
    print(f"tile square, hand-written CNF: {num_vars} variables, {len(clauses)} clauses, {literals} literals")
    layouts = [decode(model) for model in itersolve(clauses, num_vars)]
    for layout in layouts:
        assert all(sum(layout[cell] for cell in line) == TARGET for line in LINES)
    print(f"{len(layouts)} layouts")


if __name__ == "__main__":
    main()
