"""Einstein's riddle (article 000) written directly with python-constraint, the way a user would.

One variable per attribute value, its house 1..5; an AllDifferentConstraint per attribute; each clue a
constraint on the two variables it mentions (a lambda), the two fixed houses as one-value domains;
the library's default solver. Run as a script to print who owns the fish.
"""

from __future__ import annotations

import constraint

ATTRIBUTES = {
    "nationality": ["Dane", "Brit", "Swede", "Norwegian", "German"],
    "colour": ["yellow", "red", "white", "green", "blue"],
    "animal": ["horse", "cat", "bird", "fish", "dog"],
    "beverage": ["water", "tea", "milk", "coffee", "root beer"],
    "cigar": ["Pall Mall", "Prince", "Blue Master", "Dunhill", "Blends"],
}
SAME = [
    ("Brit", "red"), ("Swede", "dog"), ("Dane", "tea"), ("green", "coffee"), ("Pall Mall", "bird"),
    ("yellow", "Dunhill"), ("Blue Master", "root beer"), ("German", "Prince"),
]
NEXT_TO = [("Blends", "cat"), ("horse", "Dunhill"), ("Norwegian", "blue"), ("Blends", "water")]


def build() -> constraint.Problem:
    problem = constraint.Problem()
    for values in ATTRIBUTES.values():
        for value in values:
            if value == "milk":
                problem.addVariable(value, [3])  # the centre house drinks milk
            elif value == "Norwegian":
                problem.addVariable(value, [1])  # the Norwegian lives in the first house
            else:
                problem.addVariable(value, range(1, 6))
        problem.addConstraint(constraint.AllDifferentConstraint(), values)
    for a, b in SAME:
        problem.addConstraint(lambda x, y: x == y, [a, b])
    problem.addConstraint(lambda green, white: green + 1 == white, ["green", "white"])
    for a, b in NEXT_TO:
        problem.addConstraint(lambda x, y: abs(x - y) == 1, [a, b])
    return problem


def solve(all_solutions: bool = False) -> list[dict]:
    problem = build()
    if all_solutions:
        return list(problem.getSolutions())
    solution = problem.getSolution()
    return [solution] if solution else []


if __name__ == "__main__":
    for solution in solve(all_solutions=True):
        owner = next(n for n in ATTRIBUTES["nationality"] if solution[n] == solution["fish"])
        print(f"The {owner} owns the fish, in house {solution['fish']}.")
