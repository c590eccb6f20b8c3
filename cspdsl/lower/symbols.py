"""Domains of names: `var WA in {red, green, blue}`.

Inside the IR a name is a number, its code: the names of all domains are numbered 1, 2, ... in the
order the model first writes them, so `red` is one number wherever it appears and two variables of
different domains compare as their names do. The layout keeps the names (`Layout.symbols`) and the
variables that hold one (`Layout.symbolic`), so solutions, answers and explanations show names.

A name is not a number: it may be compared with `==`, `!=`, `same`, `not_same`, tested with `in`,
counted and kept all different, and nothing else. Arithmetic on a name, an order between names, or
a name compared with a number is an error at the place. A name of a domain names nothing else: a
name already given to anything other than another domain's name (an attribute value, a param, a
variable, ...) is an error at the domain, and so is a later declaration of the same name.
"""

from __future__ import annotations

from ..core.errors import CspdslError, did_you_mean
from ..core.static_types import Any
from ..syntax import ast
from .build import plain_variable
from .context import error
from .expressions import Expressions
from .values import Symbol


class Symbols(Expressions):
    """Declaring domains of names, and the sides and sets that may hold names (`named_values.py`
    compares them)."""

    def symbolic_domain(self, node: ast.Node | None) -> tuple[int, ...] | None:
        """The codes of a domain of names, binding its new names; None for a domain of numbers (a set
        whose items are all names of constants, `{n, m}`, is one of numbers, as before)."""
        if not isinstance(node, ast.SetLit) or not node.items:
            return None
        if not all(isinstance(item, (ast.Name, ast.Str)) for item in node.items):
            self.refuse_mixed_domain(node)
            return None
        words = [(_word_of(item), item) for item in node.items]
        if all(word in self.env.names and not isinstance(self.env.names[word], Symbol) for word, _ in words):
            return None
        codes = []
        for word, item in words:
            bound = self.env.names.get(word)
            if bound is None:
                self.layout.symbols.append(word)
                bound = Symbol(word, len(self.layout.symbols))
                self.declarations.bind(word, bound, item.span)
            elif not isinstance(bound, Symbol):
                first = self.env.spans[word]
                raise CspdslError(
                    f"'{word}' is already defined (line {first.line}); a name in a domain of names names "
                    "nothing else", item.span, "choose another name: one name names one thing")
            codes.append(bound.code)
        return tuple(sorted(set(codes)))

    def refuse_mixed_domain(self, node: ast.SetLit) -> None:
        """A set with a new name among numbers (`{red, 2}`) is neither a domain of names nor of numbers."""
        names = [item for item in node.items if isinstance(item, (ast.Name, ast.Str))]
        new = [item for item in names if _word_of(item) not in self.env.names]
        if new:
            other = next(item for item in node.items if not isinstance(item, (ast.Name, ast.Str)))
            raise error("a domain holds names or numbers, not both", other,
                        f"'{_word_of(new[0])}' is a new name, so this is a domain of names")

    def eval_sides(self, left: ast.Node, right: ast.Node) -> tuple[Any, Any]:
        """Both sides of a comparison; an unknown word compared with a variable of names is a name
        missing from that variable's domain, and its error lists the domain's names."""
        unknown = [side for side in (left, right) if isinstance(side, ast.Name) and side.name not in self.env.names]
        if len(unknown) == 1:
            known = self.eval(right if unknown[0] is left else left)
            self.refuse_missing_name(unknown[0], [known])
        return self.eval(left), self.eval(right)

    def eval_collection(self, element: Any, node: ast.Node) -> Any:
        """The collection of `x in {...}`; an unknown word in a set tested against a variable of names
        is a name missing from that variable's domain."""
        if isinstance(node, ast.SetLit):
            for item in node.items:
                if isinstance(item, ast.Name) and item.name not in self.env.names:
                    self.refuse_missing_name(item, [element])
        return self.eval(node)

    def refuse_missing_name(self, node: ast.Name, others: list[Any]) -> None:
        """Raise for an unknown word: with the names of the variable of names it goes with, if any."""
        var = next((plain_variable(v) for v in others if plain_variable(v) in self.layout.symbolic), None)
        if var is None:
            self.declarations.lookup(node.name, node.span)
            return
        names = [self.layout.symbols[code - 1] for code in self.problem.variables[var].domain]
        hint = did_you_mean(node.name, names)
        raise error(f"unknown name '{node.name}': '{var}' is one of {', '.join(names)}", node,
                    hint or "a variable of names takes the names of its domain")

    def eval_SetLit(self, node: ast.SetLit) -> Any:
        """A set of numbers, or a set of names (as a list of them, in the order written)."""
        values = [self.eval(item) for item in node.items]
        if any(isinstance(value, Symbol) for value in values):
            for value, item in zip(values, node.items, strict=True):
                if not isinstance(value, Symbol):
                    raise error("a set holds names or numbers, not both", item)
            return list(dict.fromkeys(values))
        for value, item in zip(values, node.items, strict=True):
            if isinstance(value, bool) or not isinstance(value, int):
                raise error("expected a constant number", item)
        return frozenset(values)


def _word_of(item: ast.Node) -> str:
    """The name an item of a domain of names writes: a word, or a quoted name."""
    return item.name if isinstance(item, ast.Name) else item.value if isinstance(item, ast.Str) else ""
