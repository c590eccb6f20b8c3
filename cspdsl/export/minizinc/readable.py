"""The model written as a MiniZinc user writes one, statement by statement in the source's order:
params as MiniZinc parameters (their values in the data), lets as par declarations, the arrays as
arrays (`arrays.py`), each clue under a comment naming its line, from the AST where MiniZinc says it
the same way (`clues.py`), else from the IR constraints the clue lowered to, over the arrays'
cells (flattened, said in the comment)."""

from __future__ import annotations

from ...ir import AllDifferent, Constraint, Posted, variables_of
from ...lower import Lowered
from ...lower.regions import label_order, row_labels
from ...syntax import ast
from ...syntax.plain import parse_model
from .arrays import Declared, declaration, declare, narrower
from .boards import board_of
from .clues import COMPARE, Bound, Clues, LetRows, Unreadable
from .entities import entity_names, number_functions
from .families import names_in
from .flat import line_comment, solve_item
from .grids import Grid, grid_of
from .output import output_items
from .pieces import placed_numbers
from .regions import letter_ranges, region_map, region_sum, sum_runs
from .views import run_cells
from .writers import RESERVED, domain_text, include_lines, includes, write


class Readable:
    """The parts of the MiniZinc model, gathered in one walk over the statements."""

    def __init__(self, model: Lowered) -> None:
        self.model, self.problem = model, model.problem
        self.statements = parse_model(model.text, model.name).statements
        scalars = {s.name for s in self.statements if isinstance(s, ast.VarDecl) and not s.dims}
        shaped = frozenset(s.name for s in self.statements if isinstance(s, ast.ShapedVarDecl))
        self.declared: Declared = declare(self.problem, model.layout, scalars, names_in(self.statements), shaped)
        self.params: dict[str, int] = {}  # the data
        self.constants: dict[str, int] = {}  # the params' and the lets' numbers
        self.lines: list[str] = []
        self.files: set[str] = set()
        self.flattened: list[Posted] = []  # the IR constraints written, for their globals and auxiliaries
        self.dropped: list[Posted] = []  # those of the statements written from the AST
        self.data_lines: list[str] = []  # the params and lets, declared first
        self.exact = True  # no part depends on the params' values but through the params
        self.given: dict[str, list[str]] = {}  # an array's declaration with its givens as its value
        self.pieces: dict[str, ast.PiecesDecl] = {}  # the pieces of numbers declared so far
        names: dict[str, Bound] = {var: ("int", ref) for var, ref in self.declared.scalars.items()
                                   if var not in model.layout.symbolic}
        names |= entity_names(model.layout, self.declared)
        grids = {a.source: grid_of(a, self._box(a.source), a.shape) for a in self.declared.arrays if a.keys is None}
        self.clues = Clues(names, grids, {})
        taken = {a.name for a in self.declared.arrays} | set(self.declared.scalars.values()) | set(names)
        self.clues.numbers = number_functions(model.layout, self.declared, taken | names_in(self.statements))
        self.by_statement = _posted_by_statement(self.statements, self.problem.constraints)

    def _box(self, name: str) -> tuple[int, int] | None:
        return next((g.box for g in self.model.layout.grids if g.name == name), None)

    def write(self) -> tuple[str, str]:
        i = 0
        while i < len(self.statements):
            runs = sum_runs(self.statements, self.clues.regions, self._shaped())
            run = next((end for start, end in runs if start == i), None)
            if run is not None and self._region_sums(self.statements[i:run]):
                i = run
                continue
            self._statement(self.statements[i])
            i += 1
        self._rest()
        return self._model_text(), "".join(f"{name} = {value};\n" for name, value in self.params.items())

    def _statement(self, s: ast.Node) -> None:
        if isinstance(s, ast.ParamDecl) and self._param(s):
            return
        if isinstance(s, ast.LetDecl) and self._let(s):
            return
        if isinstance(s, ast.RegionsDecl):
            self._regions(s)
        if isinstance(s, ast.BoardDecl):
            self._board(s)
        if isinstance(s, ast.PiecesDecl):
            self.pieces[s.name] = s
        if isinstance(s, ast.PlaceDecl) and self._place(s):
            return
        if isinstance(s, ast.ConstraintStmt):
            try:
                text = self.clues.cond(s.condition)
            except Unreadable:
                pass
            else:
                self.lines += [line_comment(s.span), f"constraint {text};"]
                self.dropped += self.by_statement.pop(id(s), [])
                return
        if isinstance(s, ast.VarDecl) and s.dims:
            self._dims(s)
        if isinstance(s, ast.GivenDecl) and self._given(s):
            return
        self._flattened(s)

    def _param(self, s: ast.ParamDecl) -> bool:
        value = self.model.params.get(s.name)
        if value is None:
            value = _constant(s.value, self.constants)
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        self.params[s.name] = self.constants[s.name] = value
        self.clues.names[s.name] = ("int", s.name)
        self.data_lines.append(f"int: {s.name};")
        return True

    def _let(self, s: ast.LetDecl) -> bool:
        """A let of a number, a list of numbers or of equal-length lists of numbers, as a par."""
        value = s.value
        try:
            if isinstance(value, ast.ListLit) and value.items and all(isinstance(i, ast.ListLit) for i in value.items):
                rows = [[self.clues.num(x) for x in row.items] for row in value.items]  # type: ignore[attr-defined]
                if len({len(r) for r in rows}) != 1:
                    return False
                body = " | ".join(", ".join(r) for r in rows)
                self.data_lines.append(f"array[1..{len(rows)}, 1..{len(rows[0])}] of int: {s.name} = [| {body} |];")
                self.clues.names[s.name] = ("rows", LetRows(s.name, len(rows)))
                self.clues.grids[s.name] = Grid(s.name, [(1, len(rows)), (1, len(rows[0]))])
            elif isinstance(value, ast.ListLit):
                items = [self.clues.num(x) for x in value.items]
                self.data_lines.append(f"array[1..{len(items)}] of int: {s.name} = [{', '.join(items)}];")
                self.clues.names[s.name] = ("list", s.name)
            else:
                self.data_lines.append(f"int: {s.name} = {self.clues.num(value)};")
                number = _constant(value, self.constants)
                if number is not None:
                    self.constants[s.name] = number
                self.clues.names[s.name] = ("int", s.name)
        except Unreadable:
            return False
        return True

    def _regions(self, s: ast.RegionsDecl) -> None:
        """A region map as a par array of region numbers, in the letters' order."""
        grid = self.clues.grids.get(s.grid)
        if grid is None or len(grid.ranges) != 2 or grid.shape is not None:  # a shape's black cells are in no region
            return
        (r0, r1), (c0, c1) = grid.ranges
        rows = [row_labels(row, c1 - c0 + 1) or row.cells for row in s.picture.rows]  # lowering checked the widths
        letters = sorted({cell.char for row in rows for cell in row}, key=label_order)
        number = {letter: i for i, letter in enumerate(letters, start=1)}
        body = " | ".join(", ".join(str(number[c.char]) for c in row) for row in rows)
        self.lines += [line_comment(s.span) + f" ({letter_ranges(letters)} numbered 1..{len(letters)})",
                       f"array[{r0}..{r1}, {c0}..{c1}] of 1..{len(letters)}: {s.name} = [| {body} |];"]
        self.clues.avoid = names_in(self.statements)  # the function's names capture none of the model's
        names = (self.clues.fresh(f"{s.name}_cells"), *(self.clues.fresh(x) for x in "irc"))
        self.clues.regions[s.name] = region_map(s.name, grid.name, grid.ranges, letters, names)

    def _region_sums(self, run: tuple[ast.Node, ...]) -> bool:
        """Clues `sum(cage.A) == 3`, `sum(cage.B) == 7`, ... as one forall over the regions, their
        sums in a par array."""
        found = [region_sum(s, self.clues.regions, self._shaped()) for s in run]
        if any(f is None or id(s) not in self.by_statement for f, s in zip(found, run, strict=True)):
            return False
        name, op = found[0][:2]  # type: ignore[index]
        self.clues.avoid = names_in(run)
        i = self.clues.fresh("i")
        if name in self.clues.regions:
            cells = self.clues.region(self.clues.regions[name], i)
        else:  # a family of runs, `k.across`
            grid, kind = name.split(".")
            cells = run_cells(self.clues, self.clues.grids[grid], kind, i)
        sums = ", ".join(str(f[3]) for f in found)  # type: ignore[index]
        first, last = run[0].span, run[-1].span
        self.lines += [f"% lines {first.line}-{last.end_line}: {first.text.strip()} to {last.text.strip()}",
                       f"constraint forall({i} in 1..{len(run)})(sum({cells}) {COMPARE[op]} [{sums}][{i}]);"]
        for s in run:
            self.dropped += self.by_statement.pop(id(s))
        return True

    def _shaped(self) -> set[str]:
        """The grids drawn with a shape, by the model's names."""
        return {name for name, grid in self.clues.grids.items() if grid.shape is not None}

    def _board(self, s: ast.BoardDecl) -> None:
        array = self.declared.array_named(s.name)
        if array is not None and array.keys is not None:
            self.clues.boards[s.name] = board_of(s, array.name, array.keys)

    def _place(self, s: ast.PlaceDecl) -> bool:
        """Pieces of numbers placed on a grid, as sets of values with their copies (`pieces.py`)."""
        pieces, grid = self.pieces.get(s.pieces), self.clues.grids.get(s.target)
        if pieces is None or grid is None or grid.shape is not None or id(s) not in self.by_statement \
                or s.pieces in RESERVED:
            return False
        fresh = {"copies": self.clues.fresh(f"{s.pieces}_copies"), "kind": self.clues.fresh("t"),
                 "cell": self.clues.fresh("x")}
        lines = placed_numbers(pieces, grid.name, fresh)
        if lines is None:
            return False
        self.lines += [line_comment(s.span), *lines]
        self.dropped += self.by_statement.pop(id(s))
        return True

    def _given(self, s: ast.GivenDecl) -> bool:
        """A grid of givens as the array's own value, `_` a blank (an anonymous variable of the
        array's domain): `array[1..9, 1..9] of var 1..9: cell = [| _, _, 5, ... |];`."""
        grid = self.clues.grids.get(s.name)
        array = self.declared.array_named(s.name)
        if grid is None or array is None or len(grid.ranges) != 2 or id(s) not in self.by_statement \
                or array.name in self.given:
            return False
        rows = [", ".join("_" if c.value is None else str(c.value) for c in row.cells) for row in s.grid.rows]
        *head, last = declaration(array)
        self.given[array.name] = [line_comment(s.span), *head, last.split(";", 1)[0] + " = [|",
                                  *(f"  {row} |" for row in rows[:-1]), f"  {rows[-1]} |];"]
        self.dropped += self.by_statement.pop(id(s))
        return True

    def _dims(self, s: ast.VarDecl) -> None:
        """An array's ranges and domain as the model writes them (`1..n`), where they are ranges over
        the params and lets that give the IR's."""
        array = self.declared.array_named(s.name)
        if array is None:
            return
        try:
            sets = [self._range(d) for d in s.dims]
            domain = ("0..1", "0..1") if s.domain is None else self._range(s.domain)
        except Unreadable:
            return
        if [value for value, _ in sets] == array.index_sets and domain[0] == array.domain:
            array.written = ([text for _, text in sets], domain[1])

    def _range(self, node: ast.Node) -> tuple[str, str]:
        """(lo..hi evaluated, lo..hi as written) of a range over params."""
        if not isinstance(node, ast.Range):
            raise Unreadable("range")
        lo, hi = _constant(node.lo, self.constants), _constant(node.hi, self.constants)
        if lo is None or hi is None:
            raise Unreadable("range")
        return f"{lo}..{hi}", f"{self.clues.num(node.lo)}..{self.clues.num(node.hi)}"

    def _flattened(self, s: ast.Node) -> None:
        """The statement's IR constraints, over the arrays' cells, under its line."""
        posted = self.by_statement.pop(id(s), [])
        if not posted:
            return
        self.exact = False
        self.lines.append(line_comment(s.span) + ("  (flattened)" if isinstance(s, ast.ConstraintStmt) else ""))
        self._write_posted(posted)

    def _write_posted(self, posted: list[Posted]) -> None:
        self.flattened += posted
        for p in posted:
            self.lines.append(f"constraint {self._ir(p.constraint)};")

    def _ir(self, c: Constraint) -> str:
        """An IR constraint over the arrays: an all-different of a whole array by its name."""
        if isinstance(c, AllDifferent):
            array = next((a for a in self.declared.arrays if tuple(a.cells.values()) == c.vars and a.shape is None),
                         None)
            if array is not None:
                return f"all_different({array.name})"
        return write(c, self.declared.refs)

    def _rest(self) -> None:
        """The constraints of no statement, and the definitions of the auxiliaries that the
        flattened ones use, from the statements written from the AST."""
        rest = [p for group in self.by_statement.values() for p in group]
        self.by_statement.clear()
        if rest:
            self.exact = False
            self.lines.append("% the constraints of no line (flattened)")
            self._write_posted(rest)
        while True:
            needed = self._auxiliaries()
            extra = [p for p in self.dropped if needed & set(variables_of(p.constraint)) and p not in self.flattened]
            if not extra:
                return
            self.lines.append("% the auxiliary variables' definitions (flattened)")
            self._write_posted(extra)

    def _auxiliaries(self) -> set[str]:
        """The scalars outside the model's own that a flattened constraint or the objective uses."""
        used = {v for p in self.flattened for v in variables_of(p.constraint)}
        if self.problem.objective is not None:
            used |= {x for _, x in self.problem.objective.terms}
        return {v for v in used if v in self.declared.scalars and v not in self.model.layout.scalars}

    def _model_text(self) -> str:
        problem, declared = self.problem, self.declared
        self.files |= self.clues.used | includes(p.constraint for p in self.flattened)
        head = [f"% cspdsl model of {self.model.name}", *include_lines(self.files), ""]
        head += self.data_lines
        for array in declared.arrays:
            self.exact = self.exact and (array.written is not None or not self.params)
            head += self.given.get(array.name) or declaration(array)
        aux = self._auxiliaries()
        own = [v for v in declared.scalars if v in self.model.layout.scalars or v in aux]
        head += [f"var {domain_text(problem.variables[v].domain)}: {declared.scalars[v]};" for v in own]
        head += narrower(problem, declared)
        head += self.clues.defined.values()
        if self.params and not self.exact:
            values = " /\\ ".join(f"{name} = {value}" for name, value in self.params.items())
            head.append(f'constraint assert({values}, "parts of this model were written for {values}: export it '
                        'again for other values");')
        declared.pars |= set(self.params) | set(self.constants) | set(self.clues.regions)
        declared.pars |= {name for name, (kind, _) in self.clues.names.items() if kind in ("list", "rows")}
        tail = ["", self._objective(), "", *output_items(problem, self.model.layout, declared)]
        return self._regions_in_place("\n".join([*head, "", *self.lines, *tail]) + "\n")

    def _regions_in_place(self, text: str) -> str:
        """Each region map's function dropped for its cells in place, where it is called so seldom
        that its definition would cost more than it saves."""
        for regions in self.clues.regions.values():
            definition = regions.definition() + "\n"
            if definition in text:
                written = regions.written_in_place(text.replace(definition, "", 1))
                text = text if written is None else written
        return text

    def _objective(self) -> str:
        objective = next((s for s in self.statements if isinstance(s, ast.ObjectiveDecl)), None)
        if objective is not None and self.problem.objective is not None and not self.problem.objective.lexicographic:
            try:
                return f"{line_comment(objective.span)}\nsolve {objective.sense} {self.clues.num(objective.expr)};"
            except Unreadable:
                pass
        if self.problem.objective is not None:
            self.exact = False
        return solve_item(self.problem, self.declared.refs)


def _posted_by_statement(statements: tuple[ast.Node, ...], posted: list[Posted]) -> dict[int, list[Posted]]:
    """The IR constraints of each statement (by its id), by the lines their spans start on; those
    of no statement under the key 0."""
    spans = [(s.span.line, s.span.end_line, id(s)) for s in statements if isinstance(s, ast.Node)]
    found: dict[int, list[Posted]] = {}
    for p in posted:
        owner = next((key for first, last, key in spans if p.span is not None and first <= p.span.line <= last), 0)
        found.setdefault(owner, []).append(p)
    return found


def _constant(node: ast.Node, params: dict[str, int]) -> int | None:
    """A param's default: a number, or arithmetic over the params before it."""
    if isinstance(node, ast.Num):
        return node.value
    if isinstance(node, ast.Name):
        return params.get(node.name)
    if isinstance(node, ast.Neg):
        inner = _constant(node.operand, params)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and node.op in ("+", "-", "*"):
        a, b = _constant(node.left, params), _constant(node.right, params)
        if a is None or b is None:
            return None
        return a + b if node.op == "+" else a - b if node.op == "-" else a * b
    return None
