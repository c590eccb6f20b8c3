"""The output items: the solution drawn as `cspdsl solve` draws it (the entity table, the grids, the
boards, the scalars: `render/solution.py`), and a section "values" that prints each shown variable
as `name = value` under its cspdsl name (`minizinc --only-sections values` prints that alone, for a
script). MiniZinc tells `-a` solutions apart on what the output prints: the shown variables, as
cspdsl does."""

from __future__ import annotations

from ...ir import Problem
from ...lower.layout import Board, Entities, Grid, Layout
from .arrays import Array, Declared
from .writers import string, unused

SYMBOLS = "symbol_names"  # the array of the names a variable of names holds, when the model has one


def output_items(problem: Problem, layout: Layout, declared: Declared) -> list[str]:
    """The drawing's output item, then the values' one."""
    parts = []
    shown = _Shown(problem, layout, declared)
    if layout.entities is not None and layout.entities.attributes:
        parts.append(_entity_table(layout.entities, declared))
    for grid in layout.grids:
        array = declared.array_named(grid.name)
        if array is not None:
            parts.append(_grid(grid, array, shown))
    for board in layout.boards:
        parts.append(_board(board, shown))
    scalars = [interpolated(f"{name} = ", shown(var, raw=True)) for name, var in layout.scalars.items()]
    values = _values(problem, declared)
    if scalars:
        parts.append(" ++ ".join(scalars))
    lines = []
    if layout.symbols:
        lines.append(f"array[1..{len(layout.symbols)}] of string: {SYMBOLS} = "
                     f"[{', '.join(string(s) for s in layout.symbols)}];")
    values_draw_it = parts == [" ++ ".join(scalars)] and scalars == values  # scalars alone, as the values show them
    if values_draw_it:  # an empty drawing, else MiniZinc prints every variable besides the values
        lines.append("output [];  % the values below are the drawing")
    elif parts:
        lines += ["output [", "  " + ',\n  "\\n",\n  '.join(parts), "];"]
    return [*lines, 'output :: "values" [', *(f"  {part}," for part in values), "];"]


def indices(bases: str, declared: Declared) -> list[str]:
    """Index names for the output's comprehensions: each base letter, numbered on where the model
    declares the name (a grid named `r` is drawn `[show(r[r2, c]) | c in ...] | r2 in ...`)."""
    taken = {name for array in declared.arrays for name in _names_of(array)} | set(declared.scalars.values())
    taken |= declared.pars
    found: list[str] = []
    for base in bases:
        found.append(unused(base, taken | set(found)))
    return found


def interpolated(before: str, value: str) -> str:
    """`"x = \\(x)\\n"`: the text, then the value in the string."""
    return string(before)[:-1] + f'\\({value})\\n"'


class _Shown:
    """A variable's value as a MiniZinc string, as a person reads it (a name for a variable of names),
    right-aligned in a width."""

    def __init__(self, problem: Problem, layout: Layout, declared: Declared) -> None:
        self.problem, self.layout, self.declared = problem, layout, declared

    def __call__(self, var: str, width: int = 0, raw: bool = False) -> str:
        """The value as a string (`raw`: as a value to interpolate, a number as it is)."""
        ref = self.declared.refs[var]
        if var in self.layout.symbolic:
            name = f"{SYMBOLS}[fix({ref})]"
            return f"format_justify_string({width}, {name})" if width else name
        if raw:
            return ref
        return f"show_int({width}, {ref})" if width else f"show({ref})"

    def width(self, variables: list[str]) -> int:
        """The widest value these variables may take, as shown."""
        return max(len(self.layout.shown(var, v)) for var in variables for v in self.problem.variables[var].domain)


def _entity_table(entities: Entities, declared: Declared) -> str:
    """One row a position, one column an attribute, under a rule (`render.solution.entity_table`)."""
    columns = [(name, declared.by_source[name]) for name in entities.attributes if name in declared.by_source]
    labels = entities.labels or [str(p) for p in entities.positions]
    widths = [max(len(entities.name), *map(len, labels))]
    widths += [max(len(name), *(len(k) for k in array.keys or [])) for name, array in columns]
    titles = [entities.name, *(name for name, _ in columns)]
    header = "   ".join(name.ljust(w) for name, w in zip(titles, widths, strict=True))
    rule = "─" * (sum(widths) + 3 * (len(widths) - 1))
    p, v, i = indices("pvi", declared)
    first = (f"[{', '.join(string(label) for label in labels)}][{p}]" if entities.labels
             else f"show({p})")
    justify = -widths[0] if entities.labels else widths[0]
    cells = [f"format_justify_string({justify}, {first})"]
    for (_, array), width in zip(columns, widths[1:], strict=True):
        named = f"{array.name}_keys[{i}] | {i} in {array.index_sets[0]} where fix({array.name}[{i}]) = {p}"
        value = (f"concat([show({v}) | {v} in {array.enum[0]} where fix({array.name}[{v}]) = {p}])" if array.enum
                 else f"concat([{named}])")
        cells.append(f"format_justify_string({-width}, {value})")
    row = ' ++ "   " ++ '.join(cells)
    positions = f"{entities.positions[0]}..{entities.positions[-1]}"
    return f"{string(header.rstrip() + chr(10) + rule + chr(10))} ++ concat([{row} ++ \"\\n\" | {p} in {positions}])"


def _grid(grid: Grid, array: Array, shown: _Shown) -> str:
    """A 1-D array as its values in a row, a 2-D one as rows under its name (a Sudoku's boxes ruled),
    one of more dimensions as its layers (`g[1, .., ..]:` and its rows); a grid of symbols (a grid in
    bool: `#` and `.`) shows those."""
    name, cells = array.name, list(array.cells.values())
    i, r, c = indices("irc", shown.declared)
    values = {v for var in cells for v in shown.problem.variables[var].domain}
    if grid.symbols is not None and list(grid.symbols) == list(range(len(grid.symbols))) \
            and values <= set(grid.symbols):  # each value its symbol, by its place: ".", "#"
        cell = f"[{', '.join(string(c) for c in grid.symbols.values())}][fix({name}[{{i}}]) + 1]"
    elif grid.symbols is not None:
        picks = " else ".join(f"if fix({name}[{{i}}]) = {v} then {string(c)}" for v, c in grid.symbols.items())
        cell = f"{picks} else show({name}[{{i}}]){' endif' * len(grid.symbols)}"
    elif set(cells) & shown.layout.symbolic:
        cell = f"{SYMBOLS}[fix({name}[{{i}}])]"
    else:
        cell = f"show_int({shown.width(cells)}, {name}[{{i}}])"
    if len(grid.index_ranges) == 1:
        one = cell.format(i=i).replace(f"show_int({shown.width(cells)}, ", "show(")
        return f'"{grid.name} = " ++ join(" ", [{one} | {i} in {array.sets[0]}]) ++ "\\n"'
    *outer, rows, cols = grid.index_ranges
    lead = indices("k" * len(outer), shown.declared)  # a grid of more dimensions: its layers, k fixed
    box_h, box_w = grid.box if grid.box and grid.show_boxes else (0, 0)
    one = cell.format(i=", ".join([*lead, r, c])).replace("show_int(1, ", "show(")  # a width of 1 pads nothing
    if array.shape is not None:  # a black cell drawn as `#`
        hole = string("#".rjust(shown.width(cells)))
        one = f"if {array.shape.mask}[{r}, {c}] = 0 then {hole} else {one} endif"
    if box_w:
        one = f'if {c} {_starts(cols, box_w)} then "| " else "" endif ++ {one}'
    row = f'"  " ++ join(" ", [{one} | {c} in {cols[0]}..{cols[-1]}]) ++ "\\n"'
    if box_h:
        width = shown.width(cells)
        rule = "  " + "-+-".join("-" * ((width + 1) * box_w - 1) for _ in range(len(cols) // box_w)) + "\n"
        row = f'if {r} {_starts(rows, box_h)} then {string(rule)} else "" endif ++ {row}'
    layer = f'concat([{row} | {r} in {rows[0]}..{rows[-1]}])'
    if not lead:
        return f'"{grid.name}:\\n" ++ {layer}'
    fixed = ", ".join(f"\\({k})" for k in lead)
    title = f'"{grid.name}[{fixed}, .., ..]:\\n"'
    generators = ", ".join(f"{k} in {span[0]}..{span[-1]}" for k, span in zip(lead, outer, strict=True))
    return f"concat([{title} ++ {layer} | {generators}])"


def _starts(indices: list[int], size: int) -> str:
    """The test of an index that starts a box but the first: `in {4, 7}` of 1..9 in boxes of 3, `= 3`
    of 1..4 in boxes of 2."""
    starts = [str(i) for i in indices[size::size]]
    return f"= {starts[0]}" if len(starts) == 1 else "in {" + ", ".join(starts) + "}"  # none: in {}


def _board(board: Board, shown: _Shown) -> str:
    """The drawing with each cell replaced by its value and each gap widened to match: the text
    before each cell in an array, then each cell's value after its text."""
    width = shown.width(list(board.variables.values()))
    texts, order, text = [], [], f"{board.name}:\n"
    for line in board.drawing:
        text += "  "
        for char in line.rstrip():
            if char in board.variables:
                texts.append(text)
                order.append(char)
                text = ""
            else:
                text += "-" * width if char == "-" else char.rjust(width) if char in "|/\\" else " " * width
        text = text.rstrip(" ") + "\n"  # the filler after a line's last cell, as `solve` draws it
    array = shown.declared.refs[board.variables[order[0]]].split("[")[0] if order else ""
    if not order or set(board.variables.values()) & shown.layout.symbolic or any(
            shown.declared.refs[board.variables[c]] != f"{array}[{i}]" for i, c in enumerate(order, start=1)):
        return _board_pieces(board, shown, width)
    rows = _board_rows(board, width, array, shown.declared)
    if rows is not None:
        return rows
    (i,) = indices("i", shown.declared)
    before = f"[{', '.join(string(t) for t in texts)}][{i}]"
    return f"concat([{before} ++ show_int({width}, {array}[{i}]) | {i} in 1..{len(order)}]) ++ {string(text)}"


def _board_rows(board: Board, width: int, array: str, declared: Declared) -> str | None:
    """A drawing whose every line is cells with one gap between them: each line its indent, then its
    cells (consecutive numbers) joined by the gap; None for another drawing."""
    indents, ranges, gaps, first = [], [], set(), 1
    for line in board.drawing:
        text, count = "  ", 0
        for char in line.rstrip():
            if char in board.variables:
                if count:
                    gaps.add(text)
                else:
                    indents.append(text)
                count, text = count + 1, ""
            else:
                text += "-" * width if char == "-" else char.rjust(width) if char in "|/\\" else " " * width
        if not count or text.strip(" "):
            return None
        ranges.append(f"{first}..{first + count - 1}")
        first += count
    if len(gaps) > 1:
        return None
    i, line = indices("il", declared)
    indent = string(indents[0]) if len(set(indents)) == 1 else f"[{', '.join(map(string, indents))}][{line}]"
    cells = f"[show_int({width}, {array}[{i}]) | {i} in [{', '.join(ranges)}][{line}]]"
    return f'"{board.name}:\\n" ++ concat([{indent} ++ join({string(gaps.pop() if gaps else "")}, {cells}) ++ "\\n" ' \
           f"| {line} in 1..{len(ranges)}])"


def _board_pieces(board: Board, shown: _Shown, width: int) -> str:
    """The drawing piece by piece, for a board whose cells are not drawn in their order."""
    pieces = [string(f"{board.name}:\n")]
    for line in board.drawing:
        text = "  "
        for char in line.rstrip():
            if char in board.variables:
                pieces += [string(text)] if text else []
                pieces.append(shown(board.variables[char], width))
                text = ""
            else:
                text += "-" * width if char == "-" else char.rjust(width) if char in "|/\\" else " " * width
        pieces.append(string(text.rstrip(" ") + "\n"))
    return " ++ ".join(pieces)


def _values(problem: Problem, declared: Declared) -> list[str]:
    """The items of `output :: "values"`: each shown variable as `name = value`, an array's in one
    comprehension."""
    shown = set(problem.outputs)
    parts = []
    done: set[str] = set()
    for array in declared.arrays:
        if shown.issuperset(array.cells.values()):
            parts.append(_array_values(array, declared))
            done.update(array.cells.values())
    for var in problem.outputs:
        if var not in done:
            parts.append(interpolated(f"{var} = ", declared.refs[var]))
    return parts


def _array_values(array: Array, declared: Declared) -> str:
    """The cells of an array under their cspdsl names: `g[1,2]`, `nationality[Dane]`, `hex.a`."""
    i, j, k, v = indices("ijkv", declared)
    if array.enum is not None:
        return f'concat(["{array.source}[\\({v})] = \\({array.name}[{v}])\\n" | {v} in {array.enum[0]}])'
    if array.keys is not None:
        sep, close = ("[", "]") if array.meaning.startswith("the ") else (".", "")
        value = f'"{close} = \\({array.name}[{i}])\\n"'
        keyed = f"{string(array.source + sep)} ++ {array.name}_keys[{i}] ++ {value}"
        return f"concat([{keyed} | {i} in {array.index_sets[0]}])"
    letters = [i, j, k][: len(array.index_sets)]
    where = ",".join(f"\\({x})" for x in letters)
    loops = ", ".join(f"{x} in {s}" for x, s in zip(letters, array.sets, strict=True))
    if len(set(array.sets)) == 1:  # i, j in 1..9
        loops = f"{', '.join(letters)} in {array.sets[0]}"
    if array.shape is not None:  # the shape's cells alone
        loops += f" where {array.shape.mask}[{', '.join(letters)}] = 1"
    return f'concat(["{array.source}[{where}] = \\({array.name}[{", ".join(letters)}])\\n" | {loops}])'


def _names_of(array: Array) -> tuple[str, ...]:
    """The identifiers an array brings into a comprehension: its own, its keys', its enum's and values'."""
    enum = (array.enum[0], *array.enum[1]) if array.enum is not None else ()
    shape = (array.shape.mask,) if array.shape is not None else ()
    return (array.name, f"{array.name}_keys", *enum, *shape)
