"""A CNF under construction, and the encodings the SAT backend builds from: at-most-one, defined
or/and gates, and decision diagrams (MDDs) for sums, counts and tables.

Every auxiliary variable made here is *defined*: it is a function of the literals it is built from
(s <-> a or b, not just s <- a or b). The SAT backend enumerates solutions by blocking whole
assignments, so a free auxiliary variable would multiply the solutions; a defined one cannot.

Variable 1 is the constant true (a unit clause holds it), so `TRUE = 1` and `FALSE = -1` are
literals like any other, and `add` folds them away: a clause with TRUE is dropped, FALSE is removed
from a clause, and an emptied clause becomes the clause [FALSE], which makes the CNF unsatisfiable.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence, Sized
from itertools import combinations

from ...core.deadline import check_deadline

TRUE = 1
FALSE = -1

# Pairwise at-most-one up to this many literals (n(n-1)/2 binary clauses); beyond it a sequential
# counter (about 4n clauses and n-1 auxiliary variables) is smaller.
PAIRWISE_MAX = 20
# The most edges a decision diagram may have (its edges to FALSE included) before its clue is refused.
DIAGRAM_EDGES_MAX = 200_000

ValueLits = Sequence[tuple[int, int]]  # (value, literal) pairs of which exactly one literal is true
Step = Callable[[int, Hashable, int], Hashable | bool]  # (layer, state, value) -> the next state, or settled
Successors = Callable[[int, Hashable], list[Hashable | bool]]  # (layer, state) -> each value's step, in order


def no_two(lits: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The pairwise at-most-one clauses [-a, -b] of the literals, in the order of their pairs, made
    in C (`combinations` of the negated literals, each pair a tuple): no Python frame a clause."""
    return combinations([-lit for lit in lits], 2)


class TooLarge(Exception):
    """A decision diagram outgrew its budget; `what` names what it was a diagram of (`a sum of 3
    terms over 556, 16 and 156 values`), for the message that refuses the clue."""

    def __init__(self, what: str = "") -> None:
        super().__init__(what)
        self.what = what


def over_values(what: str, layers: Sequence[Sized]) -> str:
    """`what` and the sizes of the domains a diagram goes through, for a message: `a sum over 3
    variables of 556, 16 and 156 values` (beyond four, the largest: `of up to 64 values each`)."""
    sizes = [len(layer) for layer in layers]
    if not sizes:
        return what
    if len(sizes) > 4:
        return f"{what} over {len(sizes)} variables of up to {max(sizes):,} values each"
    listed = [f"{size:,}" for size in sizes]
    joined = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    return f"{what} over {len(sizes)} variable{'s' if len(sizes) > 1 else ''} of {joined} values"


class TooManyClauses(Exception):
    """The CNF reached its clause budget (`Cnf.clause_budget`) while a clue was written."""


class Cnf:
    """Clauses over numbered variables, with a name for each variable that has a meaning."""

    def __init__(self) -> None:
        self.num_vars = 1
        self.clauses: list[Sequence[int]] = [[TRUE]]
        self._meaning: dict[int, str] = {TRUE: "true"}
        # Variables' value literals whose names are not written yet: (first literal, variable, values).
        # Only a DIMACS export reads the names, and writing them took a twentieth of a solve of Einstein.
        self._unnamed: list[tuple[int, str, Sequence[int]]] = []
        self._or_gates: dict[tuple[int, ...], int] = {}
        # While set, the most clauses the CNF may hold: past it `add` raises TooManyClauses, so that a
        # model's clauses cannot fill the memory before it is refused (the encoder sets it).
        self.clause_budget: int | None = None

    @property
    def meaning(self) -> dict[int, str]:
        """The name of each variable that has one (`x = 3`, `x <= 3`), by number."""
        if self._unnamed:
            for first, name, values in self._unnamed:
                self._meaning.update(zip(range(first, first + len(values)), [f"{name} = {v}" for v in values],
                                         strict=True))
            self._unnamed = []
        return self._meaning

    @meaning.setter
    def meaning(self, names: dict[int, str]) -> None:
        self._meaning, self._unnamed = names, []

    def new_var(self, meaning: str | None = None) -> int:
        self.num_vars += 1
        if meaning is not None:
            self._meaning[self.num_vars] = meaning
        return self.num_vars

    def new_value_vars(self, name: str, values: Sequence[int]) -> list[int]:
        """A new variable for each value of variable `name`, numbered in turn and named `name = v` (as
        `new_var` would make them one by one; the names written when `meaning` is read)."""
        first = self.num_vars + 1
        self.num_vars += len(values)
        self._unnamed.append((first, name, values))
        return list(range(first, self.num_vars + 1))

    def new_exactly_one(self, name: str, values: Sequence[int]) -> tuple[list[int], range]:
        """`new_value_vars` and `exactly_one_fresh` of them in one step, for at most PAIRWISE_MAX values
        (pairwise at-most-one): the new literals, and their negations in the same order."""
        first = self.num_vars + 1
        self.num_vars += len(values)
        self._unnamed.append((first, name, values))
        lits = list(range(first, self.num_vars + 1))
        negated = range(-first, -self.num_vars - 1, -1)
        self.clauses.append(lits)
        self.clauses.extend(combinations(negated, 2))
        return lits, negated

    def add(self, literals: Iterable[int]) -> None:
        """Add a clause, folding the constants and dropping a clause that is always true. A clause of
        distinct variables without the constants (most of them) is taken as it is, without the loop."""
        clause = list(literals)
        variables = {abs(lit) for lit in clause}
        if len(variables) == len(clause) and TRUE not in variables:
            self.clauses.append(clause)
            return
        self._add_folded(clause)

    def _add_folded(self, literals: list[int]) -> None:
        clause: list[int] = []
        seen: set[int] = set()
        for lit in literals:
            if lit == TRUE or -lit in seen:
                return
            if lit != FALSE and lit not in seen:
                seen.add(lit)
                clause.append(lit)
        if self.clause_budget is not None and len(self.clauses) >= self.clause_budget:
            raise TooManyClauses
        self.clauses.append(clause or [FALSE])

    def add_binary(self, a: int, b: int) -> None:
        """The clause [a, b], on the fast path of the encodings' many two-literal clauses."""
        if self.clause_budget is not None and len(self.clauses) >= self.clause_budget:
            raise TooManyClauses
        if a != b and a != -b and a != TRUE and a != FALSE and b != TRUE and b != FALSE:
            self.clauses.append([a, b])
        else:
            self._add_folded([a, b])

    def checkpoint(self) -> tuple[int, int, dict[int, str], dict[tuple[int, ...], int]]:
        """A state to come back to with `rollback`: what is added after it (clauses, variables,
        their names, gates) is then undone, so one CNF can be extended for a while and restored."""
        return self.num_vars, len(self.clauses), dict(self.meaning), dict(self._or_gates)

    def rollback(self, checkpoint: tuple[int, int, dict[int, str], dict[tuple[int, ...], int]]) -> None:
        self.num_vars, clause_count, self.meaning, self._or_gates = checkpoint
        del self.clauses[clause_count:]

    def literal_count(self) -> int:
        return sum(map(len, self.clauses))

    # -- gates ------------------------------------------------------------------------------------

    def or_gate(self, literals: Iterable[int]) -> int:
        """A literal defined as the disjunction of `literals` (shared between equal disjunctions)."""
        lits = set(literals)
        if TRUE in lits or any(-lit in lits for lit in lits):
            return TRUE
        lits.discard(FALSE)
        if not lits:
            return FALSE
        if len(lits) == 1:
            return next(iter(lits))
        key = tuple(sorted(lits))  # a tuple is made and hashed in less than half a frozenset's time
        gate = self._or_gates.get(key)
        if gate is None:
            gate = self.new_var()
            for lit in lits:
                self.add([-lit, gate])
            self.add([-gate, *sorted(lits, key=abs)])
            self._or_gates[key] = gate
        return gate

    def and_gate(self, literals: Iterable[int]) -> int:
        return -self.or_gate(-lit for lit in literals)

    # -- cardinality --------------------------------------------------------------------------------

    def at_most_one(self, literals: Iterable[int]) -> list[int]:
        """At most one literal is true. Returns the prefix disjunctions (s_i <-> l_1 or ... or l_i)
        when a sequential counter was used, which are the order literals of an exactly-one group."""
        lits = [lit for lit in literals if lit != FALSE]
        if lits.count(TRUE) > 1:
            self.add([])
            return []
        if TRUE in lits:
            for lit in lits:
                if lit != TRUE:
                    self.add([-lit])
            return []
        if len(lits) <= PAIRWISE_MAX:
            if len({abs(lit) for lit in lits}) == len(lits):  # distinct variables: every pair is a clause
                self.clauses.extend(no_two(lits))
                return []
            for i, a in enumerate(lits):
                for b in lits[i + 1 :]:
                    self.add([-a, -b])
            return []
        return self._sequential_at_most_one(lits)

    def _sequential_at_most_one(self, lits: list[int]) -> list[int]:
        """The counter's clauses and gates, as `add` and `or_gate` would write them, written inline
        when the literals are of distinct variables (a large domain's exactly-one has thousands)."""
        if len({abs(lit) for lit in lits}) != len(lits):
            prefix = [lits[0]]
            for lit in lits[1:]:
                self.add([-prefix[-1], -lit])
                prefix.append(self.or_gate([prefix[-1], lit]))
            return prefix
        clauses, gates = self.clauses, self._or_gates
        prefix = [lits[0]]
        last = lits[0]
        for lit in lits[1:]:
            clauses.append([-last, -lit])
            pair = {last, lit}
            key = (last, lit) if last < lit else (lit, last)
            gate = gates.get(key)
            if gate is None:
                gate = gates[key] = self.new_var()
                for member in pair:
                    clauses.append([-member, gate])
                clauses.append([-gate, last, lit] if abs(last) < abs(lit) else [-gate, lit, last])
            prefix.append(gate)
            last = gate
        return prefix

    def exactly_one_ladder(self, literals: Sequence[int]) -> None:
        """Exactly one literal is true, as their clause and a one-way sequential counter: s_i <- l_i,
        s_i <- s_(i-1) and not (s_(i-1) and l_i), with l_1 as s_1 (3 clauses and a variable a literal).

        The counter's variables are pinned by the true literal (s_i holds exactly from it on), so they
        never multiply solutions, and without the other way of or-gates (s_i -> s_(i-1) or l_i) MiniSat
        finds a first pentomino tiling about 4x sooner (docs/performance.md, Tilings). Literals with
        constants or a repeated variable take `exactly_one`."""
        lits = list(literals)
        if len(lits) <= PAIRWISE_MAX or TRUE in map(abs, lits) or len({abs(lit) for lit in lits}) != len(lits):
            self.exactly_one(lits)
            return
        self.clauses.append(lits)
        before = lits[0]
        for lit in lits[1:-1]:
            step = self.new_var()
            self.clauses.extend(([-before, step], [-lit, step], [-before, -lit]))
            before = step
        self.clauses.append([-before, -lits[-1]])

    def exactly_one_fresh(self, lits: list[int], negated: Sequence[int]) -> list[int]:
        """`exactly_one` of literals of distinct variables other than the constant (a variable's own
        new literals, and their negations in the same order), its clauses as `exactly_one` writes them,
        without the checks; the list is taken as the at-least-one clause itself."""
        self.clauses.append(lits)
        if len(lits) <= PAIRWISE_MAX:
            self.clauses.extend(combinations(negated, 2))
            return []
        return self._sequential_at_most_one(lits)

    def exactly_one(self, literals: Iterable[int]) -> list[int]:
        lits = list(literals)
        self.add(lits)
        return self.at_most_one(lits)

    # -- decision diagrams ------------------------------------------------------------------------

    def mdd(self, layers: Sequence[ValueLits], start: Hashable, step: Step, budget: int = DIAGRAM_EDGES_MAX,
            what: str = "") -> int:
        """A literal defined as: the path chosen by the layers' true literals ends in TRUE.

        `step(i, state, value)` is the state after layer i takes `value`, or True/False once the
        outcome is settled. States are merged bottom-up (a node whose edges all lead to one child
        is that child; nodes with the same edges are one node), so the diagram is reduced. With
        every node defined both ways, unit propagation on it keeps the constraint domain consistent.
        """
        return self.diagram(layers, step, budget, what).node(0, start)

    def mdd_of_successors(
        self, layers: Sequence[ValueLits], start: Hashable, successors: Successors, budget: int = DIAGRAM_EDGES_MAX,
        what: str = "",
    ) -> int:
        """`mdd`, given each node's steps at once: `successors(i, state)` is every value's step of
        layer i, in the layer's order (a sum's are worked out faster so than by a call for each)."""
        return Diagram(self, layers, successors, budget, what).node(0, start)

    def diagram(self, layers: Sequence[ValueLits], step: Step, budget: int = DIAGRAM_EDGES_MAX,
                what: str = "") -> Diagram:
        """The diagram of `mdd`, from which `node(0, start)` is the literal for any start state:
        the nodes are shared between the starts (the tails of a sum for each remaining total)."""
        return Diagram(self, layers, each_step(layers, step), budget, what)


def each_step(layers: Sequence[ValueLits], step: Step) -> Successors:
    """The successors of a node, one `step` for each value of its layer."""

    def successors(i: int, state: Hashable) -> list[Hashable | bool]:
        return [step(i, state, value) for value, _ in layers[i]]

    return successors


class Diagram:
    """A reduced decision diagram under construction; `node(i, state)` is the literal of a node."""

    def __init__(self, cnf: Cnf, layers: Sequence[ValueLits], successors: Successors, budget: int,
                 what: str = "") -> None:
        self.cnf = cnf
        self.what = what
        self.layers = layers
        self.successors = successors
        self.budget = budget
        self.memo: dict[tuple[int, Hashable], int] = {}
        self.unique: dict[tuple[int, tuple[int, ...]], int] = {}
        self.edges = 0

    def node(self, i: int, state: Hashable) -> int:
        """Depth first, children in the order of their layer's values, with a stack of its own: a sum
        of a thousand terms is a diagram a thousand layers deep, too deep for Python's recursion."""
        found = self.memo.get((i, state))
        if found is not None:
            return found
        # a node, its successor states not yet taken, and its children so far
        frames: list[tuple[int, Hashable, Iterator[Hashable | bool], list[int]]] = [
            (i, state, iter(self.successors(i, state)), [])
        ]
        last = len(self.layers) - 1
        while True:
            i, state, pending, children = frames[-1]
            for after in pending:
                if after is True:
                    children.append(TRUE)
                elif after is False:
                    children.append(FALSE)
                else:
                    if i == last:
                        raise ValueError("internal: an MDD step left the last layer undecided")
                    known = self.memo.get((i + 1, after))
                    if known is None:  # its literal is appended once its own children are done
                        frames.append((i + 1, after, iter(self.successors(i + 1, after)), []))
                        break
                    children.append(known)
            else:
                frames.pop()
                literal = self.memo[(i, state)] = self._reduce(i, children)
                if not frames:
                    return literal
                frames[-1][3].append(literal)

    def _reduce(self, i: int, children: list[int]) -> int:
        """The literal of a node of layer i with these children: a child if all are one, a literal of
        the layer if the node is that literal, else a shared node with its defining clauses."""
        self.edges += len(children)
        if self.edges > self.budget:
            raise TooLarge(self.what)
        check_deadline()  # a diagram near its budget takes a second or two
        if len(set(children)) == 1:
            return children[0]
        single = _single_literal([lit for _, lit in self.layers[i]], children)
        if single is not None:
            return single
        key = (i, tuple(children))
        node = self.unique.get(key)
        if node is None:
            node = self.cnf.new_var()
            self._define(node, [lit for _, lit in self.layers[i]], children)
            self.unique[key] = node
        return node

    def _define(self, node: int, lits: list[int], children: list[int]) -> None:
        """node <-> OR(lit_v and child_v), given that exactly one lit_v is true.

        Edges with the same child share clauses: `node -> (lit not in the FALSE edges)` is one
        clause, and so is `not node -> (lit not in the TRUE edges)`.
        """
        by_child: dict[int, list[int]] = {}
        for lit, child in zip(lits, children, strict=True):
            by_child.setdefault(child, []).append(lit)
        cnf = self.cnf
        clauses = cnf.clauses
        for child, group in by_child.items():
            if child in (FALSE, TRUE):
                sign = -1 if child == FALSE else 1
                if len(group) > 1:
                    members = set(group)
                    cnf.add([sign * node, *(lit for lit in lits if lit not in members)])
                else:
                    cnf.add([sign * node, -group[0]])
                continue
            # The node is new, and a child is another node or a later layer's literal: the two clauses
            # go in as they are (most of a diagram's), unless the layer's literal is the constant (a
            # fixed variable) or the child's own variable, which `add` folds.
            shared = abs(child)
            for lit in group:
                if lit in (TRUE, FALSE) or abs(lit) == shared:
                    cnf.add([-lit, -child, node])
                    cnf.add([-lit, -node, child])
                else:
                    clauses.append([-lit, -child, node])
                    clauses.append([-lit, -node, child])


def _single_literal(lits: list[int], children: list[int]) -> int | None:
    """The layer's literal that a node is equivalent to, when one edge leads to TRUE and all the
    others to FALSE (or the other way round), else None."""
    trues, falses = children.count(TRUE), children.count(FALSE)
    if trues + falses != len(children):
        return None
    if trues == 1:
        return lits[children.index(TRUE)]
    if falses == 1:
        return -lits[children.index(FALSE)]
    return None
