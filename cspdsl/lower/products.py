"""Products of variables: `x * y` and `product(list)`, each product of two variables an auxiliary
variable defined by an IR `Product`, which sums and comparisons then use as any variable.

A product of more than two factors is a chain of products of two (`product([a, b, c])` is `(a * b) * c`),
so that the table of supports a backend may post for each stays as small as two domains, and the
auxiliary's domain holds exactly the products its factors can make. A constant coefficient is taken
out first (`2 * x * 3 * y` is `6 * (x * y)`), and one product of two variables is made once however
often the model writes it.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping

from .. import ir
from ..errors import Span
from ..syntax import ast
from .build import Lin
from .context import MAX_INT, error
from .indexing import Indexing
from .sizes import too_large
from .values import check_lin


class Products(Indexing):
    """Multiplication of linear expressions, for the expressions' layer."""

    def __init__(self, params: Mapping[str, object]):
        super().__init__(params)
        self.products: dict[tuple[str, str], str] = {}  # the product of two variables, by their names

    @abstractmethod
    def aux_for(self, item: Lin, span: Span) -> str:
        """An auxiliary variable equal to `item` (defined by `Expressions`)."""

    def multiply(self, a: Lin, b: Lin, node: ast.Node) -> Lin:
        """a * b: by a constant, a linear expression scaled; of two variables, a product's variable."""
        if not a.terms:
            return check_lin(b.times(a.const), node)
        if not b.terms:
            return check_lin(a.times(b.const), node)
        coef_a, x = self.factor(a, node.span)
        coef_b, y = self.factor(b, node.span)
        return check_lin(Lin(((coef_a * coef_b, self.product_var(x, y, node)),)), node)

    def factor(self, lin: Lin, span: Span) -> tuple[int, str]:
        """A factor as a coefficient and a variable: `3 * x` is (3, x); `x + 1` an auxiliary's (1, _)."""
        if lin.const == 0 and len(lin.terms) == 1:
            return lin.terms[0]
        return 1, self.aux_for(lin, span)

    def product_var(self, x: str, y: str, node: ast.Node) -> str:
        """The auxiliary variable x * y, over exactly the products of their values (refused past the
        size limits: its pairs of values count as combinations, its values as values)."""
        key = (min(x, y), max(x, y))
        if key in self.products:
            return self.products[key]
        xs, ys = self.problem.variables[x].domain, self.problem.variables[y].domain
        pairs = len(xs) if x == y else len(xs) * len(ys)
        self.count_pairs(pairs, node.span)
        values = sorted({v * v for v in xs} if x == y else {v * w for v in xs for w in ys})
        for extreme in (values[0], values[-1]):
            if abs(extreme) > MAX_INT:
                raise error(f"this product reaches {extreme}: the backends take numbers from {-MAX_INT} to "
                            f"{MAX_INT}", node)
        self.sizes.add_values("this product", len(values), node.span)
        name = self.products[key] = self.new_aux_name("product")
        self.problem.add_var(name, tuple(values), output=False)
        self.problem.post(ir.Product(name, (x, y)), node.span)
        return name

    def count_pairs(self, pairs: int, span: Span) -> None:
        """A product's table of supports goes through its pairs of values: they count among the model's
        combinations."""
        sizes = self.sizes
        sizes.combinations += pairs
        if sizes.combinations > sizes.limits.combinations:
            raise too_large(
                f"this product goes through {pairs} pairs of values; at most {sizes.limits.combinations} "
                "combinations are supported in a model", span, "combinations",
            )

    def call_product(self, node: ast.Call, items: list[Lin]) -> Lin | int:
        """`product(list)`: the items multiplied left to right (a constant 0 makes it 0)."""
        if not items:
            raise error("product over nothing: the list is empty", node)
        total = Lin((), 1)
        for item in items:
            total = self.multiply(total, item, node)
        return total if total.terms else total.const
