"""The encoder's variables, direct-encoded, and the state that every encoding of a constraint builds
on: the CNF, each variable's (value, literal) pairs, and its order literals where it has them."""

from __future__ import annotations

from collections.abc import Sequence

from ...ir import Problem
from ..base import Translator
from .cnf import FALSE, PAIRWISE_MAX, TRUE, Cnf


class VariableEncoding(Translator[int]):
    """The problem's variables as literals, and the primitives on literals that the translation's
    defaults use (gates); the encodings of constraints (`PairClauses`, `SumClauses`, the encoder
    itself) are written over them."""

    backend = "sat"

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.domains())
        self.problem = problem
        self.cnf = Cnf()
        self.values: dict[str, list[tuple[int, int]]] = {}
        self.literal: dict[str, dict[int, int]] = {}  # name -> value -> its literal, for lookups
        self.signed: dict[str, list[int]] = {}  # name -> its literals negated, then as they are (`PairClauses`)
        self.at_most: dict[str, list[int]] = {}  # x <= v_i literals, where a sequential counter made them

    # -- variables --------------------------------------------------------------------------------

    def _encode_var(self, name: str, domain: tuple[int, ...]) -> None:
        if 2 < len(domain) <= PAIRWISE_MAX:  # the most common: no counter, no special case
            lits, negated = self.cnf.new_exactly_one(name, domain)
            self.values[name] = list(zip(domain, lits, strict=True))
            self.signed[name] = [*negated, *lits]  # where the clues read them (`_signed`)
            return
        if len(domain) == 1:
            self.values[name] = [(domain[0], TRUE)]
        elif domain == (0, 1):
            b = self.cnf.new_var(f"{name} = 1")
            self.values[name] = [(0, -b), (1, b)]
        elif not domain:
            self.values[name] = []
            self.cnf.add([])
            self.cnf.exactly_one([])
        else:
            cnf = self.cnf
            lits = cnf.new_value_vars(name, domain)
            self.values[name] = list(zip(domain, lits, strict=True))
            negated = range(-lits[0], -lits[-1] - 1, -1)  # its literals are first..last
            self.signed[name] = [*negated, *lits]  # where the clues read them (`_signed`)
            prefix = cnf.exactly_one_fresh(lits, negated)
            if prefix:
                self.at_most[name] = prefix
                for v, lit in zip(domain, prefix, strict=True):
                    self.cnf.meaning.setdefault(abs(lit), f"{name} <= {v}")

    def _alias_var(self, name: str, base: str, offset: int) -> None:
        """`name == base + offset`, on base's literals (`offsets.py`): its value v is base's v - offset,
        in the same order, and so are its order literals."""
        self.values[name] = [(v + offset, lit) for v, lit in self.values[base]]
        if base in self.signed:
            self.signed[name] = self.signed[base]
        if base in self.at_most:
            self.at_most[name] = self.at_most[base]

    def _signed(self, name: str) -> list[int]:
        """The negations of the variable's literals, then its literals, in the order of its values:
        what the pair clues' plans (`pairs._positions`) and all-different index."""
        signed = self.signed.get(name)
        if signed is None:
            signed = [-lit for _, lit in self.values[name]]
            signed += [-lit for lit in signed]
            self.signed[name] = signed
        return signed

    def _eq(self, name: str, value: int) -> int:
        return self._literals_of(name).get(value, FALSE)

    def _literals_of(self, name: str) -> dict[int, int]:
        """The variable's literal for each of its values."""
        literals = self.literal.get(name)
        if literals is None:
            literals = self.literal[name] = dict(self.values[name])
        return literals

    def _domain(self, name: str) -> tuple[int, ...]:
        """The variable's values, in the order of its literals (`values`: it is encoded from them)."""
        return self.problem.variables[name].domain

    # -- primitives on literals ---------------------------------------------------------------------

    def constant(self, value: bool) -> int:
        return TRUE if value else FALSE

    def negate(self, lit: int) -> int:
        return -lit

    def require(self, lit: int) -> None:
        self.cnf.add([lit])

    def all_of(self, lits: Sequence[int]) -> int:
        return self.cnf.and_gate(lits)

    def any_of(self, lits: Sequence[int]) -> int:
        return self.cnf.or_gate(lits)
