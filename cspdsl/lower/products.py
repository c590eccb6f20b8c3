"""Arithmetic over variables that is not a sum: products (`x * y`, `product(list)`), quotients and
remainders (`x // y`, `x % y`), and `min`/`max` of variables, each an auxiliary variable that sums and
comparisons then use as any variable, determined by the variables it is made of (so it never
multiplies solutions).

Each product of two variables is an auxiliary defined by an IR `Product`.

A product of more than two factors is a chain of products of two (`product([a, b, c])` is `(a * b) * c`),
so that the table of supports a backend may post for each stays as small as two domains, and the
auxiliary's domain holds exactly the products its factors can make. A constant coefficient is taken
out first (`2 * x * 3 * y` is `6 * (x * y)`), and one product of two variables is made once however
often the model writes it.

`e // d` is an auxiliary q with `e - d * q` between 0 and d - 1 (between d + 1 and 0 for a negative d),
Python's floor division, and `e % d` is `e - d * q`; a divisor with variables is multiplied by q as a
product, and must not take the value 0. `max(a, b, ...)` is an auxiliary m with `m >= a`, `m >= b`, ...
and `m == a or m == b or ...` (and `min` the same way round).

They are functions over the lowering's `Scope` (the problem, its size limits, the auxiliaries named):
they make variables and post constraints, and never read a name or evaluate a node.
"""

from __future__ import annotations

from .. import ir
from ..core.errors import CspdslError, Span
from ..syntax import ast
from .build import Lin, linear
from .context import MAX_DOMAIN, MAX_INT, Scope, error, new_aux_name
from .values import check_lin


def bounds(scope: Scope, lin: Lin) -> tuple[int, int]:
    """The least and greatest values of a linear expression over its variables' domains."""
    lo = hi = lin.const
    for coef, name in lin.terms:
        var = scope.problem.variables[name]
        lo += min(coef * var.lo, coef * var.hi)
        hi += max(coef * var.lo, coef * var.hi)
    return lo, hi


def values_of(scope: Scope, lin: Lin, span: Span) -> set[int]:
    """The values a linear expression can take: exactly for one variable, else its bounds' range."""
    if len(lin.terms) == 1:
        coef, name = lin.terms[0]
        return {coef * v + lin.const for v in scope.problem.variables[name].domain}
    lo, hi = bounds(scope, lin)
    if hi - lo >= MAX_DOMAIN:
        raise error("expression range is too large", span)
    return set(range(lo, hi + 1))


def aux_for(scope: Scope, item: Lin, span: Span) -> str:
    """An auxiliary variable equal to `item`, over the values it can take."""
    lo, hi = bounds(scope, item)
    if hi - lo > MAX_DOMAIN:
        raise CspdslError("expression range is too large", span)
    name = new_aux_name(scope, "expr")
    scope.problem.add_var(name, tuple(range(lo, hi + 1)), output=False)
    scope.problem.post(linear(Lin(((1, name),)).plus(item, -1), "==", 0), span)
    return name


def multiply(scope: Scope, a: Lin, b: Lin, node: ast.Node, written: str = "product") -> Lin:
    """a * b: by a constant, a linear expression scaled; of two variables, a product's variable
    (`written`: what the model wrote, that the product is part of, for the size limits' words)."""
    if not a.terms:
        return check_lin(b.times(a.const), node)
    if not b.terms:
        return check_lin(a.times(b.const), node)
    coef_a, x = _factor(scope, a, node.span)
    coef_b, y = _factor(scope, b, node.span)
    return check_lin(Lin(((coef_a * coef_b, _product_var(scope, x, y, node, written)),)), node)


def _factor(scope: Scope, lin: Lin, span: Span) -> tuple[int, str]:
    """A factor as a coefficient and a variable: `3 * x` is (3, x); `x + 1` an auxiliary's (1, _)."""
    if lin.const == 0 and len(lin.terms) == 1:
        return lin.terms[0]
    return 1, aux_for(scope, lin, span)


def _product_var(scope: Scope, x: str, y: str, node: ast.Node, written: str = "product") -> str:
    """The auxiliary variable x * y, over exactly the products of their values (refused past the
    size limits: its pairs of values count as combinations, its values as values)."""
    key = (min(x, y), max(x, y))
    if key in scope.products:
        return scope.products[key]
    xs, ys = scope.problem.variables[x].domain, scope.problem.variables[y].domain
    pairs = len(xs) if x == y else len(xs) * len(ys)
    # A product's table of supports goes through its pairs of values: they count among the model's
    # combinations.
    scope.sizes.add_pairs(pairs, f"this {written} goes through {pairs} pairs of values", node.span)
    values = sorted({v * v for v in xs} if x == y else {v * w for v in xs for w in ys})
    for extreme in (values[0], values[-1]):
        if abs(extreme) > MAX_INT:
            raise error(f"this product reaches {extreme}: the backends take numbers from {-MAX_INT} to "
                        f"{MAX_INT}", node)
    scope.sizes.add_values("this product", len(values), node.span)
    name = scope.products[key] = new_aux_name(scope, "product")
    scope.problem.add_var(name, tuple(values), output=False)
    scope.problem.post(ir.Product(name, (x, y)), node.span)
    return name


def divide(scope: Scope, op: str, a: Lin, b: Lin, node: ast.BinOp) -> Lin:
    """a // b or a % b (op), with variables on either side; b must not take the value 0."""
    lo, hi = bounds(scope, b)
    divisors = values_of(scope, b, node.right.span) if b.terms else {b.const}
    if 0 in divisors:
        raise error("division by zero" if not b.terms else
                    "the divisor can be 0: a quotient or remainder needs a divisor that never is",
                    node.right, None if not b.terms else f"the divisor takes {lo}..{hi}; leave 0 out of "
                    "its values (say, 'var y in 1..9')")
    q = _quotient_var(scope, a, divisors, node)
    written = "division" if op == "//" else "remainder"
    rest = a.plus(multiply(scope, q, b, node, written), -1)  # a - b * q, the remainder
    signs = [ir.And((linear(b, ">=", 1), linear(rest, ">=", 0), linear(rest.plus(b, -1), "<=", -1))),
             ir.And((linear(b, "<=", -1), linear(rest, "<=", 0), linear(rest.plus(b, -1), ">=", 1)))]
    scope.problem.post(ir.Or(tuple(signs)), node.span)
    return check_lin(q if op == "//" else rest, node)


def _quotient_var(scope: Scope, a: Lin, divisors: set[int], node: ast.Node) -> Lin:
    """An auxiliary over the quotients a // d can take: at a's least and greatest values (floor
    division is monotone in a for each d)."""
    lo, hi = bounds(scope, a)
    ends = [end // d for d in divisors for end in (lo, hi)]
    if max(ends) - min(ends) > MAX_DOMAIN:
        raise error(f"this quotient takes {max(ends) - min(ends) + 1} values; at most {MAX_DOMAIN} are "
                    "supported", node)
    name = new_aux_name(scope, "quotient")
    scope.problem.add_var(name, tuple(range(min(ends), max(ends) + 1)), output=False)
    return Lin(((1, name),))


def extreme(scope: Scope, func: str, items: list[Lin], node: ast.Call) -> Lin:
    """`max(...)` (or `min`) of values with variables: an auxiliary at least (at most) each item,
    and equal to one of them."""
    ends = [bounds(scope, item) for item in items]
    pick = max if func == "max" else min
    lo, hi = pick(low for low, _ in ends), pick(high for _, high in ends)
    name = new_aux_name(scope, func)
    scope.problem.add_var(name, tuple(range(lo, hi + 1)), output=False)
    m = Lin(((1, name),))
    side = ">=" if func == "max" else "<="
    scope.problem.post(ir.And(tuple(linear(m.plus(item, -1), side, 0) for item in items)), node.span)
    scope.problem.post(ir.Or(tuple(linear(m.plus(item, -1), "==", 0) for item in items)), node.span)
    return m


def product_of(scope: Scope, node: ast.Call, items: list[Lin]) -> Lin | int:
    """`product(list)`: the items multiplied left to right (a constant 0 makes it 0; of nothing, 1)."""
    total = Lin((), 1)
    for item in items:
        total = multiply(scope, total, item, node)
    return total if total.terms else total.const
