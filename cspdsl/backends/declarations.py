"""What each backend declares of itself (where it is, a one-line summary, `Capabilities`, `-O` options),
stated here rather than in its package: the registry and `cspdsl backends` read it without importing the
backend, and so without its solver library (OR-Tools takes 0.1 s to import). Each backend class takes
its `CAPABILITIES` and `OPTIONS` from here (tests/test_backend_declarations.py holds them the same).
"""

from __future__ import annotations

from ..core.record import Record
from .protocol import Capabilities

Options = dict[str, tuple[type, str]]  # option -> (its type, a one-line help), as `Backend.OPTIONS`


class Declaration(Record):
    """A backend as the registry knows it before importing it: its module and class, the first line of
    the class's docstring (`summary`), what it can do and the options its constructor takes."""

    module: str
    class_name: str
    summary: str
    capabilities: Capabilities
    options: Options


# Both local searches: one solution under a time limit, the objective joining the cost after feasibility.
LOCAL_SEARCH = Capabilities(
    exact=False, optimises=True, plans=False, sequential_only=False,
    every_kind=True, acyclic=False, incremental=False, forks=False,
)
LOCAL_SEARCH_OPTIONS: Options = {
    "weighted": (bool, "cost is the amount of violation, not the number of violated constraints (default true)"),
    "propagate": (bool, "first remove fixed values from their all-different neighbours' domains (default false)"),
}

ANNEAL = Declaration(
    "cspdsl.backends.local", "AnnealBackend",
    "Simulated annealing with restarts, as articles 000 and 002 solve Einstein and the hexagon.",
    LOCAL_SEARCH,
    {
        "temperature": (float, "temperature a run starts at (default: learnt from a ladder of fractions "
                        "of the median rise of a random move)"),
        "min_temperature": (float, "temperature a run cools to (default: start temperature / 1.5)"),
        "cooling_iterations": (int, "iterations to cool from the start to the lowest temperature (default 3000)"),
        "patience": (int, "iterations without a new best of the run before a restart (default 5000)"),
        "focus": (float, "chance that a move changes a variable of a violated constraint (default 0.8)"),
        "max_iterations": (int, "iterations before giving up (default 5000000)"),
        **LOCAL_SEARCH_OPTIONS,
    },
)

GENETIC = Declaration(
    "cspdsl.backends.local", "GeneticBackend",
    "A genetic search with structure-keeping crossover and mutation, as article 001 lays tiles.",
    LOCAL_SEARCH,
    {
        "population": (int, "members of the population (default 30)"),
        "elite": (float, "share of the best members kept as they are each generation (default 0.1)"),
        "immigrants": (float, "share of new random members each generation (default 0.1)"),
        "crossover": (float, "chance that a child has two parents rather than one (default 0.3)"),
        "mutations": (int, "random moves made on each child (default 1)"),
        "tournament": (int, "members drawn to choose each parent, the best wins (default 3)"),
        "polish": (int, "greedy moves tried on each child, 0 for a plain genetic search (default 50)"),
        "patience": (int, "generations without a new best before the population restarts (default 300)"),
        "max_generations": (int, "generations before giving up (default 5000)"),
        **LOCAL_SEARCH_OPTIONS,
    },
)

CP = Declaration(
    "cspdsl.backends.cp", "CpBackend",
    "OR-Tools' CP solver: propagation and depth-first search (no connected areas).",
    # every_kind: it refuses connected areas, so it is not among the backends that take any model
    # (`exact_backends`).
    Capabilities(exact=True, optimises=True, plans=False, sequential_only=False,
                 every_kind=False, acyclic=False, incremental=False, forks=False),
    {
        "variables": (str, "the variable decided next: min-size (default: fewest values left, then lowest "
                           "least value) or first (in the model's order)"),
        "values": (str, "the value tried first: min (default), max, center or random (seeded by --seed)"),
    },
)

CPSAT = Declaration(
    "cspdsl.backends.cpsat", "CpSatBackend",
    "Compiles the IR to a CP-SAT model and solves it (one worker unless -O workers=N).",
    Capabilities(exact=True, optimises=True, plans=False, sequential_only=False,
                 every_kind=True, acyclic=False, incremental=True, forks=False),
    {"workers": (int, "number of CP-SAT search workers (default 1: fastest on puzzles)")},
)

CSP = Declaration(
    "cspdsl.backends.csp", "CspBackend",
    "Compiles the IR to python-constraint constraints and searches in a chosen order.",
    # forks: under a time limit its search runs in a child process (`child.run_with_time_limit`).
    Capabilities(exact=True, optimises=True, plans=False, sequential_only=False,
                 every_kind=True, acyclic=False, incremental=True, forks=True),
    {
        "forwardcheck": (bool, "prune domains of later variables after each step (default true)"),
        "order": (str, "branching order: greedy (default), model (the model's variable order) or smallest (the "
                       "fewest values left at each step, ties in the greedy order)"),
    },
)

# The defaults that sat's option texts name: `sat.engines` (ENGINE_NAMES, DEFAULT_ENGINE) and
# `sat.encoder` (DIRECT_LITERALS_MAX, MAX_CLAUSES) hold them; the declarations' tests compare.
SAT = Declaration(
    "cspdsl.backends.sat", "SatBackend",
    "Compiles the IR to CNF and solves it with a SAT solver (MiniSat 2.2 through PySAT; -O solver).",
    # acyclic: its compile and search make no reference cycles, so `driver.solve` pauses the cycle
    # collector for a solve of a few solutions, whose objects all go by reference counting. forks: its
    # search of all solutions, and its optimisation, run in a child process under a time limit (`child`).
    Capabilities(exact=True, optimises=True, plans=False, sequential_only=False,
                 every_kind=True, acyclic=True, incremental=True, forks=True),
    {
        "implied": (bool, "state the short equalities that the sums imply, drop the sums implied by shorter ones "
                          "(default true)"),
        "symmetry": (bool, "to find all solutions, search one per orbit of the model's symmetries and map it "
                           "by each (default true)"),
        "solver": (str, "the SAT engine: minisat22, minisatgh, glucose41, glucose421, cadical153, cadical195, "
                        "pycosat (default minisat22; pycosat only where installed)"),
        "optimise": (str, "how a model with an objective is optimised: bounds (bound tightening on one "
                          "incremental solver, the default) or maxsat (PySAT's RC2)"),
        "rulers": (bool, "write an all-different of the differences of ordered marks (the Golomb ruler) as one "
                         "at-most-one pair of marks per distance (default true)"),
        "max_values": (int, "the most values the variables may have in all, a literal each (default 200,000)"),
        "max_clauses": (int, "the most clauses the clues may take the CNF to (default 5,000,000)"),
    },
)

SEARCH = Declaration(
    "cspdsl.backends.search", "SearchBackend",
    "Search over a sequential puzzle's states: depth-first, breadth-first, memoised counting.",
    Capabilities(exact=True, optimises=False, plans=True, sequential_only=True,
                 every_kind=True, acyclic=False, incremental=False, forks=False),
    {
        "order": (str, "depth-first (default: a first plan fast) or breadth-first (the shortest plans)"),
        "max_states": (int, "the most states the search keeps before it refuses (default 5000000)"),
    },
)

# name -> its declaration. A new backend joins by adding a line here.
DECLARED: dict[str, Declaration] = {
    "cp": CP,
    "cpsat": CPSAT,
    "csp": CSP,
    "anneal": ANNEAL,
    "genetic": GENETIC,
    "sat": SAT,
    "search": SEARCH,
}
