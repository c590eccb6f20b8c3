"""Sums whose decision diagram outgrows its budget, as binary numbers: each variable's value in bits
(`x = low + sum 2^k b_k`, each bit the or-gate of the value literals that set it), the weighted bits
added by full and half adders column by column (the adder encoding of pseudo-Boolean constraints,
Eén and Sörensson 2006), and the total compared with the right-hand side bit by bit. Its size grows
with the bits of the coefficients and values, not with the totals a diagram's nodes stand for: the
cryptarithm `number(C, R, O, S, S) + number(R, O, A, D, S) == number(D, A, N, G, E, R)`, past 200,000
edges as a diagram, is a CNF of 3,289 clauses in all.

Adders propagate less than a diagram, so they are used only where a diagram is refused (never for an
implied equality, which is stated only for propagation). Every auxiliary variable is defined (gates
both ways), as the enumeration by blocking assignments needs (`cnf.py`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from .cnf import FALSE, TRUE, Cnf

Term = tuple[int, Sequence[tuple[int, int]]]  # (coefficient, the variable's (value, literal) pairs)


def binary_sum_literal(cnf: Cnf, terms: Sequence[Term], op: str, rhs: int) -> int:
    """A literal defined as: sum(coefficient * value) <op> rhs, through adders."""
    weighted, constant = _weighted_literals(cnf, terms)
    bits = _add(cnf, weighted)
    return _compare(cnf, bits, op, rhs - constant)


def _weighted_literals(cnf: Cnf, terms: Sequence[Term]) -> tuple[list[tuple[int, int]], int]:
    """The sum as a constant and positive weights on literals: each term's value in bits over its
    lowest value, a negative weight w on bit b written as w + (-w) on not b."""
    weighted: list[tuple[int, int]] = []
    constant = 0
    for coefficient, values in terms:
        if not values or coefficient == 0:
            continue  # a variable without values has made the CNF unsatisfiable already
        low = min(v for v, _ in values)
        constant += coefficient * low
        span = max(v for v, _ in values) - low
        for k in range(span.bit_length()):
            bit = cnf.or_gate([lit for v, lit in values if (v - low) >> k & 1])
            weight = coefficient << k
            if weight < 0:
                constant += weight
                bit, weight = -bit, -weight
            if bit == TRUE:
                constant += weight
            elif bit != FALSE:
                weighted.append((weight, bit))
    return weighted, constant


def _add(cnf: Cnf, weighted: list[tuple[int, int]]) -> list[int]:
    """The bits of sum(weight * literal), lowest first: each literal goes in the column of each bit
    of its weight, and each column is reduced by full adders (three literals to a sum in the column
    and a carry to the next) and a half adder, first in first out, so that its depth is logarithmic."""
    columns: dict[int, deque[int]] = {}
    for weight, lit in weighted:
        position = 0
        while weight:
            if weight & 1:
                columns.setdefault(position, deque()).append(lit)
            weight >>= 1
            position += 1
    bits: list[int] = []
    position = 0
    while position in columns or any(p > position for p in columns):
        column = columns.pop(position, deque())
        while len(column) > 1:
            if len(column) > 2:
                total, carry = _full_adder(cnf, column.popleft(), column.popleft(), column.popleft())
            else:
                total, carry = _half_adder(cnf, column.popleft(), column.popleft())
            column.append(total)
            columns.setdefault(position + 1, deque()).append(carry)
        bits.append(column[0] if column else FALSE)
        position += 1
    return bits


def _full_adder(cnf: Cnf, a: int, b: int, c: int) -> tuple[int, int]:
    """(sum, carry) of three literals, each a new variable defined both ways: the parity and the
    majority."""
    total, carry = cnf.new_var(), cnf.new_var()
    for signs in range(8):
        x, y, z = (a if signs & 1 else -a), (b if signs & 2 else -b), (c if signs & 4 else -c)
        odd = bin(signs).count("1") % 2 == 1  # the parity when x, y and z are true
        cnf.add([-x, -y, -z, total if odd else -total])
    for x, y in ((a, b), (a, c), (b, c)):
        cnf.add([-x, -y, carry])
        cnf.add([x, y, -carry])
    return total, carry


def _half_adder(cnf: Cnf, a: int, b: int) -> tuple[int, int]:
    """(sum, carry) of two literals: their exclusive or, a new variable, and their and-gate."""
    total = cnf.new_var()
    cnf.add([-a, -b, -total])
    cnf.add([a, b, -total])
    cnf.add([-a, b, total])
    cnf.add([a, -b, total])
    return total, cnf.and_gate([a, b])


def _compare(cnf: Cnf, bits: list[int], op: str, k: int) -> int:
    """The literal of: the number with these bits <op> k."""
    if op == "==":
        return _equal(cnf, bits, k)
    if op == "!=":
        return -_equal(cnf, bits, k)
    if op == "<=":
        return _at_most(cnf, bits, k)
    if op == ">=":
        return -_at_most(cnf, bits, k - 1)
    raise ValueError(f"internal: no comparison {op!r}")


def _equal(cnf: Cnf, bits: list[int], k: int) -> int:
    if k < 0 or k >> len(bits):
        return FALSE
    return cnf.and_gate([bit if k >> p & 1 else -bit for p, bit in enumerate(bits)])


def _at_most(cnf: Cnf, bits: list[int], k: int) -> int:
    """Bit by bit from the lowest: the bits up to p are at most k's when bit p is below k's, or equal
    to it with the lower ones at most k's."""
    if k < 0:
        return FALSE
    if k >> len(bits):
        return TRUE
    below = TRUE
    for p, bit in enumerate(bits):
        below = cnf.or_gate([-bit, below]) if k >> p & 1 else cnf.and_gate([-bit, below])
    return below
