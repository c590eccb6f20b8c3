"""The plain lines of a model (`syntax/plain.py`) lowered straight to their IR, with no AST between.

A declaration becomes the variable `var_decl` makes of `var x in 0..9`, a clue the constraint
`constraint_stmt` makes of `a + b != c`: the same records with the same spans, and the same bindings,
size counts and folds, made with the same checks (`check_free`, `Sizes.add_values`) in the same order
and the same arithmetic (`Lin.plus`, `comparison`, `post_clue`), without an AST node or a Lin a term.

Where a line is not plain after all (a name that is not a variable of numbers, or not declared yet; a
range that is empty or too long; an order compared in a puzzle keyed by names), the line is parsed
alone and lowered by the full path, so its result and every message are that path's own
(tests/test_plain_lines.py holds the two to the same IR).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .. import ir
from ..core.errors import Span
from ..core.static_types import Any
from ..syntax import ast
from ..syntax.makers import maker
from ..syntax.parser import parse_line
from ..syntax.plain import PlainLines
from .build import NON_STRICT, Lin, comparison, new_linear, new_posted
from .context import MAX_DOMAIN, MAX_INT
from .declarations import var_decl
from .statements import Statements

_ORDERS = ("<", "<=", ">", ">=")
_DIGITS = "0123456789"
new_var = maker(ir.Var)
new_span = maker(Span)


class PlainStatements(Statements):
    """Statements, and the runs of plain lines among them."""

    def __init__(self, params: Mapping[str, object]) -> None:
        super().__init__(params)
        self.plain_domains: dict[tuple[int, int], tuple[int, ...]] = {}
        # The names plain lines declared: each stands for its variable of numbers for good (a
        # top-level name is never bound again, nor is its variable made one of names).
        self.plain_vars: set[str] = set()

    def handlers(self) -> dict[type, Callable[[Any], None]]:
        found = super().handlers()
        found[PlainLines] = self.plain_lines
        return found

    def plain_lines(self, run: PlainLines) -> None:
        """Each line of a run, a declaration or a clue, with the span the parser would give it. (The
        loop is this one function's: a call costs a tenth of a line's lowering.)"""
        source = run.span.source
        count = source.text.count
        line, counted = run.span.line, run.matches[0].start()
        side, folds, instance = self.plain_side, self.folds, self.instance
        post = self.problem.constraints.append
        for match in run.matches:
            start = match.start()
            if start != counted:
                line += count("\n", counted, start)
                counted = start
            begin, end = match.span(1)  # the statement's group
            span = new_span(source, line, begin - start + 1, line, end - start + 1)
            _, name, lo, hi, left_text, op, right_text = match.groups()
            if name is not None:
                self.plain_var(name, _number(lo), _number(hi), span, start)
                continue
            left, right = side(left_text), side(right_text)
            if left is None or right is None or (op in _ORDERS and self.layout.entities is not None):
                self.full_path(span, start)
                continue
            constraint = _compared(left, op, right)
            if type(constraint) is ir.Linear:  # what `post_clue` does with a constraint that is not constant
                post(new_posted(constraint, span, instance))
                folds.saw(span, 1, None)
            else:
                self.post_clue((constraint,), span)

    def plain_var(self, name: str, lo: int, hi: int, span: Span, start: int) -> None:
        """`var x in lo..hi`: as `var_decl` makes it (`check_free`, the values counted, the variable, its
        place in the layout, its binding), or by the full path when the range is empty or too long."""
        if not lo <= hi < lo + MAX_DOMAIN:
            self.full_path(span, start)
            return
        env = self.env
        if name in env.names or name in self.position_words:
            self.declarations.check_free(name, span)
        self.sizes.add_values(name, hi - lo + 1, span)
        domain = self.plain_domains.get((lo, hi))
        if domain is None:  # one tuple for all the variables of a range: a tenth of their memory
            domain = self.plain_domains[lo, hi] = tuple(range(lo, hi + 1))
        problem = self.problem
        if name in problem.variables:  # never after check_free; as `Problem.add_var` says, if it were
            problem.add_var(name, domain, span=span)
        problem.variables[name] = new_var(name, domain, span)
        problem.outputs.append(name)
        self.layout.scalars[name] = name
        env.names[name] = Lin(((1, name),))
        env.spans[name] = span
        self.plain_vars.add(name)

    def plain_side(self, text: str) -> tuple[dict[str, int], int] | None:
        """A side's terms (each variable's coefficient, those that cancel left out) and number, as
        `eval_BinOp` sums them; None when a name is not a variable of numbers bound to itself, or when
        its numbers could add up past what `check_size` takes (there the full path says so). A side is
        names and numbers between `+` and `-` (no minus stands alone): cut at them, it is its terms."""
        terms = text.replace(" ", "").replace("\t", "").replace("-", "+-").split("+")
        plain = self.plain_vars
        if len(terms) == 1:  # one name or number, as most sides are
            if text[0] in _DIGITS:
                return {}, int(text)
            return ({text: 1}, 0) if text in plain or self.plain_name(text) else None
        merged: dict[str, int] = {}
        const = magnitude = 0
        for term in terms:
            sign = 1
            if term[0] == "-":
                sign, term = -1, term[1:]
            if term[0] in _DIGITS:
                number = int(term)
                const += sign * number
                magnitude += number
                if magnitude > MAX_INT:
                    return None
            elif term in plain or self.plain_name(term):
                merged[term] = merged.get(term, 0) + sign
            else:
                return None
        if 0 in merged.values():
            merged = {name: coef for name, coef in merged.items() if coef}
        return merged, const

    def plain_name(self, name: str) -> bool:
        """Whether a name stands for a variable of numbers of its own name (not a param, a let, a
        value of an attribute, a variable of names, nor an unknown name)."""
        value = self.env.names.get(name)
        own = type(value) is Lin and value.terms == ((1, name),) and not value.const
        return own and name not in self.layout.symbolic

    def full_path(self, span: Span, start: int) -> None:
        """A line lowered as the parser reads it alone (a plain line is one statement by itself)."""
        text = span.source.text
        end = text.find("\n", start)
        line = text[start : len(text) if end < 0 else end]
        for statement in parse_line(line, span.source, span.line):
            if isinstance(statement, ast.VarDecl):
                var_decl(self.declarations, self, statement)
            else:
                assert isinstance(statement, ast.ConstraintStmt)
                self.constraint_stmt(statement)


def _compared(left: tuple[dict[str, int], int], op: str, right: tuple[dict[str, int], int]) -> ir.Constraint:
    """left op right as `compare_values` makes it: `comparison` of their difference (`Lin.plus`)."""
    (terms, const), (subtracted, less) = left, right
    if subtracted:
        terms = dict(terms)
        for name, coef in subtracted.items():
            terms[name] = terms.get(name, 0) - coef
    kept = tuple([(coef, name) for name, coef in terms.items() if coef])
    if len(kept) > 1:  # what `comparison` makes of two terms or more, without the Lin between
        op, shift = NON_STRICT.get(op, (op, 0))
        return new_linear(kept, op, shift - const + less)
    return comparison(Lin(kept, const - less), op)


def _number(text: str) -> int:
    """An end of a plain range, as written: a minus may stand apart from its digits."""
    try:
        return int(text)
    except ValueError:
        return int(text.replace(" ", "").replace("\t", ""))
