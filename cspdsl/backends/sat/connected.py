"""`Connected` as clauses: layered reachability from the first node that holds.

`R[k][i]` is defined as `R[k-1][i] or (x_i and some neighbour j has R[k-1][j])`, and `R[0][i]` as
"x_i and no node before i holds" (the root), so every auxiliary literal is a function of the nodes'
conditions and blocking a whole model blocks one solution. The area holds when some node holds and
every node that holds has `R[n-1]`. Each layer of a node is one variable and 3 + degree clauses, with
no inner gate: on a 10x10 Slitherlink's 220 edges, about 48,000 variables and 300,000 clauses.
Layers stop once the nodes that can hold are all covered (n - 1 for n such nodes).
"""

from __future__ import annotations

from ...core.static_types import TYPE_CHECKING
from ...ir import Connected
from .cnf import FALSE, TRUE
from .variables import VariableEncoding

if TYPE_CHECKING:
    from ...passes.areas import Around


class ConnectedClauses(VariableEncoding):
    """The clauses of `Connected`, posted (the area must hold) or reified (an explanation's clue)."""

    def post_connected(self, c: Connected) -> None:
        chosen, reached = self._reached(c)
        self.cnf.add(chosen)
        for x, r in zip(chosen, reached, strict=True):
            self.cnf.add_binary(-x, r)

    def reify_connected(self, c: Connected) -> int:
        """The area's literal, for an explanation that selects its clues (`ir.validate` keeps it out of
        conditions)."""
        chosen, reached = self._reached(c)
        covered = [self.cnf.or_gate([-x, r]) for x, r in zip(chosen, reached, strict=True)]
        return self.cnf.and_gate([self.cnf.or_gate(chosen), *covered])

    def _reached(self, c: Connected) -> tuple[list[int], list[int]]:
        """The nodes' literals, and for each the literal "reached from the root" (the last layer)."""
        from ...passes.areas import neighbours  # here: only a model with a connected area

        chosen = [self.reify(sub) for sub in c.conds]
        around = neighbours(len(chosen), c.edges)
        reached = self._roots(chosen)
        for _ in range(sum(1 for x in chosen if x != FALSE) - 1):
            layer = [self._next_layer(i, chosen[i], reached, around) for i in range(len(chosen))]
            if layer == reached:  # nothing more can be reached
                break
            reached = layer
        return chosen, reached

    def _roots(self, chosen: list[int]) -> list[int]:
        roots, before = [], FALSE
        for x in chosen:
            roots.append(self.cnf.and_gate([x, -before]))
            before = self.cnf.or_gate([before, x])
        return roots

    def _next_layer(self, i: int, x: int, last: list[int], around: Around) -> int:
        """The literal of `last[i] or (x and some neighbour in last)`, folded where it is a constant or
        the last layer's literal."""
        old = last[i]
        sources = [last[j] for j in around[i] if last[j] != FALSE]
        if old == TRUE or x == FALSE or not sources:
            return old
        if TRUE in sources and x == TRUE:
            return TRUE
        new = self.cnf.new_var()
        self.cnf.add_binary(-old, new)
        for source in sources:
            self.cnf.add([-x, -source, new])
        self.cnf.add([-new, old, x])
        self.cnf.add([-new, old, *sources])
        return new
