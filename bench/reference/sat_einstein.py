"""Einstein's riddle as a hand-written CNF, in the style of article 004's SAT section.

125 variables `value house` (25 values x 5 houses). Each house takes exactly one value of each
attribute group and each value sits in exactly one house (`one_of`: one at-least-one clause and
pairwise at-most-one clauses); each clue is a small clause set:
- same_house(a, b): two implications per house, a_h -> b_h and b_h -> a_h;
- consecutive(a, b) (a directly left of b): a_h -> b_{h+1}, b_h -> a_{h-1}, and neither at the wrong end;
- beside(a, b): a_h -> b_{h-1} or b_{h+1}, and the same from b;
- found_at(a, h): a unit clause.

This is the reference our compiled CNF is measured against (bench/bench_sat.py).
Run as a script, it prints its size and who owns the fish.
"""

from __future__ import annotations

from sat_enumerate import itersolve

HOUSES = [1, 2, 3, 4, 5]
GROUPS = [
    ["Dane", "Brit", "Swede", "Norwegian", "German"],
    ["yellow", "red", "white", "green", "blue"],
    ["horse", "cat", "bird", "fish", "dog"],
    ["water", "tea", "milk", "coffee", "root beer"],
    ["Pall Mall", "Prince", "Blue Master", "Dunhill", "Blends"],
]
VALUES = [value for group in GROUPS for value in group]
NUMBER = {(value, house): 1 + 5 * i + (house - 1) for i, value in enumerate(VALUES) for house in HOUSES}
NAME = {number: f"{value} {house}" for (value, house), number in NUMBER.items()}


def v(value: str, house: int) -> int:
    return NUMBER[(value, house)]


def one_of(lits: list[int]) -> list[list[int]]:
    """Exactly one: at least one, and no two (pairwise)."""
    return [lits] + [[-a, -b] for i, a in enumerate(lits) for b in lits[i + 1 :]]


def same_house(a: str, b: str) -> list[list[int]]:
    return [clause for h in HOUSES for clause in ([-v(a, h), v(b, h)], [-v(b, h), v(a, h)])]


def consecutive(a: str, b: str) -> list[list[int]]:
    """a is directly left of b."""
    clauses = [[-v(a, h), v(b, h + 1)] for h in HOUSES[:-1]] + [[-v(a, HOUSES[-1])]]
    clauses += [[-v(b, h), v(a, h - 1)] for h in HOUSES[1:]] + [[-v(b, HOUSES[0])]]
    return clauses


def beside(a: str, b: str) -> list[list[int]]:
    clauses = []
    for x, y in ((a, b), (b, a)):
        for h in HOUSES:
            clauses.append([-v(x, h)] + [v(y, n) for n in (h - 1, h + 1) if n in HOUSES])
    return clauses


def found_at(a: str, house: int) -> list[list[int]]:
    return [[v(a, house)]]


def cnf() -> tuple[int, list[list[int]]]:
    """(number of variables, clauses)."""
    clauses: list[list[int]] = []
    for house in HOUSES:
        for group in GROUPS:
            clauses += one_of([v(value, house) for value in group])
    for value in VALUES:
        clauses += one_of([v(value, house) for house in HOUSES])
    clauses += same_house("Brit", "red")
    clauses += same_house("Swede", "dog")
    clauses += same_house("Dane", "tea")
    clauses += consecutive("green", "white")
    clauses += same_house("green", "coffee")
    clauses += same_house("Pall Mall", "bird")
    clauses += same_house("yellow", "Dunhill")
    clauses += found_at("milk", 3)
    clauses += found_at("Norwegian", 1)
    clauses += beside("Blends", "cat")
    clauses += beside("horse", "Dunhill")
    clauses += same_house("Blue Master", "root beer")
    clauses += same_house("German", "Prince")
    clauses += beside("Norwegian", "blue")
    clauses += beside("Blends", "water")
    return len(NUMBER), clauses


def decode(model: list[int]) -> str:
    """Who owns the fish, read from a solution."""
    true = {lit for lit in model if lit > 0}
    fish = next(h for h in HOUSES if v("fish", h) in true)
    owner = next(n for n in GROUPS[0] if v(n, fish) in true)
    return f"The {owner} owns the fish, in house {fish}."


def main() -> None:
    num_vars, clauses = cnf()
    literals = sum(len(c) for c in clauses)
    print(f"Einstein, hand-written CNF: {num_vars} variables, {len(clauses)} clauses, {literals} literals")
    solutions = list(itersolve(clauses, num_vars))
    print(f"{len(solutions)} solution(s)")
    for model in solutions:
        print(decode(model))


if __name__ == "__main__":
    main()
