"""The functions and predicates a model's MiniZinc defines once, for the constructs of cspdsl that
MiniZinc's library does not say the same way: floored division and remainder, the buildings seen
along a line, a line's runs of 1s, and a grid's cells of some values as one area. Each text is
formatted with the name it gets in the model."""

# cspdsl's `//` and `%` floor, as Python's do, where MiniZinc's div and mod truncate toward zero: they
# differ by one divisor when the remainder is not 0 and its sign is not the divisor's. (A divisor never
# is 0: lowering refuses one that can be.)
FLOORED = {  # the operator -> the function's name and its text
    "//": ("floor_div", "function var int: {0}(var int: a, var int: b) = "
                        "a div b - bool2int(a mod b != 0 /\\ (a mod b < 0) != (b < 0));"),
    "%": ("floor_mod", "function var int: {0}(var int: a, var int: b) = "
                       "a mod b + b * bool2int(a mod b != 0 /\\ (a mod b < 0) != (b < 0));"),
}
# A line's runs of 1s are a clue's when the line spells 0*, then each run's 1s with 0s between, then 0*:
# the automaton's state s has read p[1..s] of the pattern p = 0, 1^k1, 0, 1^k2, 0, ...
RUNS = """predicate {0}(array[int] of var 0..1: x, array[int] of int: clue) = let {{
  array[int] of int: p = [0] ++ [v | k in index_set(clue), v in [1 | i in 1..clue[k]] ++ [0]];
  int: m = length(p);
  array[1..m, 1..2] of int: d = array2d(1..m, 1..2, [if s < m /\\ p[s + 1] = v then s + 1 elseif v = 0 /\\ p[s] = 0
    then s else 0 endif | s in 1..m, v in 0..1]);
}} in regular([v + 1 | v in x], m, 2, d, 1, {{m - 1, m}} intersect 1..m);"""
VISIBLE = ("function var int: {0}(array[int] of var int: x) = "
           "sum(i in index_set(x))(bool2int(forall(j in index_set(x) where j < i)(x[j] < x[i])));")
# `connected(g, v)`: the cells of g whose value is in `v` are one area, side by side, and at least one
# (MiniZinc's `connected` takes an empty graph as connected); the graph's nodes are the cells in reading
# order (n cells, w a row), its edges each cell's right neighbour, then each one's lower neighbour, an edge chosen
# where both its cells are.
ONE_AREA = """predicate {0}(array[int, int] of var int: g, set of int: v) = let {{
  array[int] of var bool: on = [x in v | x in array1d(g)]; int: n = length(on); int: w = card(index_set_2of2(g));
  array[int] of int: s = [i | i in 1..n where i mod w != 0] ++ [i | i in 1..n - w];
  array[int] of int: t = [i + 1 | i in 1..n where i mod w != 0] ++ [i + w | i in 1..n - w];
}} in exists(on) /\\ connected(s, t, on, [on[s[e]] /\\ on[t[e]] | e in index_set(s)]);"""
# `seen(g[r, c])`: the cells (r, c) sees along its row and column, itself included, up to a cell whose
# value is not 0 (a shaded one): each cell (i, j) of its row or column, counted when it and every cell
# between them are 0 (a shaded cell sees none).
SEEN = """function var int: {0}(array[int, int] of var int: g, int: r, int: c) =
  sum(i in index_set_1of2(g), j in index_set_2of2(g) where i = r \\/ j = c)
    (forall(k in min(i, r)..max(i, r), l in min(j, c)..max(j, c))(g[k, l] = 0));"""
# `sight(g[r, c])` on a grid drawn with a shape: the cell, then the cells it sees right, down, left
# and up, nearest first, up to a black cell (0 in `shape`) or the edge.
SIGHT = """function array[int] of var int: {0}(array[int, int] of var int: g, array[int, int] of int: shape,
    int: r, int: c) = [g[r, c]]
  ++ [g[r, j] | j in c + 1..max(index_set_2of2(g)) where forall(k in c + 1..j)(shape[r, k] = 1)]
  ++ [g[i, c] | i in r + 1..max(index_set_1of2(g)) where forall(k in r + 1..i)(shape[k, c] = 1)]
  ++ [g[r, j] | j in reverse(min(index_set_2of2(g))..c - 1) where forall(k in j..c - 1)(shape[r, k] = 1)]
  ++ [g[i, c] | i in reverse(min(index_set_1of2(g))..r - 1) where forall(k in i..r - 1)(shape[k, c] = 1)];"""
# `single_loop(h, v)`: the drawn edges of a grid of m rows of n cells are one loop. h holds the
# horizontal edges (m + 1 rows of n), v the vertical ones (m rows of n + 1), each read from its first
# index (x and y over 0..m and 0..n); every corner meets 0 or 2 drawn edges, and the corners with
# drawn edges, numbered in reading order, are one area along the drawn edges, at least one drawn.
SINGLE_LOOP = """predicate {0}(array[int, int] of var int: h, array[int, int] of var int: v) = let {{
  int: m = card(index_set_1of2(v)); int: n = card(index_set_2of2(h));
  array[0..m, 1..n] of var int: x = array2d(0..m, 1..n, array1d(h));
  array[1..m, 0..n] of var int: y = array2d(1..m, 0..n, array1d(v));
  array[int] of var int: degree = [sum(k in j..j + 1 where k in 1..n)(x[i, k])
    + sum(k in i..i + 1 where k in 1..m)(y[k, j]) | i in 0..m, j in 0..n];
  array[int] of int: from = [i * (n + 1) + j | i in 0..m, j in 1..n]
    ++ [(i - 1) * (n + 1) + j + 1 | i in 1..m, j in 0..n];
  array[int] of int: to = [i * (n + 1) + j + 1 | i in 0..m, j in 1..n] ++ [i * (n + 1) + j + 1 | i in 1..m, j in 0..n];
  array[int] of var bool: drawn = [e = 1 | e in array1d(x) ++ array1d(y)];
}} in forall(d in degree)(d in {{0, 2}}) /\\ exists(drawn) /\\ connected(from, to, [d > 0 | d in degree], drawn);"""
# `neighbours(g[r, c])` (sharing a side) and `around(g[r, c])` (a side or a corner): the cells of the
# grid next to (r, c), in reading order.
NEIGHBOURS = """function array[int] of var int: {0}(array[int, int] of var int: g, int: r, int: c) =
  [g[i, j] | i in index_set_1of2(g), j in index_set_2of2(g) where {1} = 1];"""
NEXT_TO = {"adjacent": "abs(i - r) + abs(j - c)", "touching": "max(abs(i - r), abs(j - c))"}
# `paired(a, b)`: the cells where a holds (is not 0) and those where b holds are matched one to one,
# side by side; p[r, c, k]: the cell (r, c) of a is paired with its neighbour in direction k (right,
# down, left, up) of b. Which pairs are taken is no part of the answer: the output shows a and b alone.
PAIRED = """predicate {0}(array[int, int] of var int: a, array[int, int] of var int: b) = let {{
  set of int: R = index_set_1of2(a); set of int: C = index_set_2of2(a);
  array[1..4] of int: dr = [0, 1, 0, -1]; array[1..4] of int: dc = [1, 0, -1, 0];
  array[R, C, 1..4] of var bool: p;
}} in forall(r in R, c in C, k in 1..4)(if r + dr[k] in R /\\ c + dc[k] in C
    then p[r, c, k] -> a[r, c] != 0 /\\ b[r + dr[k], c + dc[k]] != 0 else not p[r, c, k] endif)
  /\\ forall(r in R, c in C)(sum(k in 1..4)(p[r, c, k]) = (a[r, c] != 0)
    /\\ sum(k in 1..4 where r - dr[k] in R /\\ c - dc[k] in C)(p[r - dr[k], c - dc[k], k]) = (b[r, c] != 0));"""
# `no_loop(d)`: the diagonals of a Slant grid (1 `\`, 0 `/`) close no loop: for each class of corners
# (p: the parity of i + j), every corner of the class reaches the outside (node 1) through the drawn
# diagonals between corners of its class. The nodes: the outside, each corner (i, j) of the m x n cells,
# each cell joined to its four corners (those of the other class are off).
NO_LOOP = """predicate {0}(array[int, int] of var int: d) = let {{
  int: m = card(index_set_1of2(d)); int: n = card(index_set_2of2(d)); int: k = (m + 1) * (n + 1);
  array[0..m - 1, 0..n - 1] of var int: x = array2d(0..m - 1, 0..n - 1, array1d(d));
  array[int] of int: from = [1 | i in 0..m, j in 0..n where i in {{0, m}} \\/ j in {{0, n}}]
    ++ [k + 2 + r * n + c | r in 0..m - 1, c in 0..n - 1, e in 0..3];
  array[int] of int: to = [2 + i * (n + 1) + j | i in 0..m, j in 0..n where i in {{0, m}} \\/ j in {{0, n}}]
    ++ [2 + (r + e div 2) * (n + 1) + c + e mod 2 | r in 0..m - 1, c in 0..n - 1, e in 0..3];
}} in forall(p in 0..1)(let {{
  array[int] of var bool: on = [true] ++ [(i + j) mod 2 = p | i in 0..m, j in 0..n]
    ++ [x[r, c] = bool2int((r + c) mod 2 = p) | r in 0..m - 1, c in 0..n - 1];
}} in connected(from, to, on, [on[from[e]] /\\ on[to[e]] | e in index_set(from)]));"""
# `numbered_path(g)` (Numbrix, and with `around` Hidato): the cells hold 1, 2, ..., one number each,
# and each number but the last has the next one in a cell next to it ({1}: `neighbours` or `around`).
NUMBERED_PATH = """predicate {0}(array[int, int] of var int: g) = all_different(array1d(g))
  /\\ forall(r in index_set_1of2(g), c in index_set_2of2(g))
    (g[r, c] = length(array1d(g)) \\/ exists(x in {1}(g, r, c))(x = g[r, c] + 1));"""
