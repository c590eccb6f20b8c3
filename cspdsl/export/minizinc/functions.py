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
# `connected(g, v)`: the cells of g whose value is in `values` are one area, side by side, and at least
# one (MiniZinc's `connected` takes an empty graph as connected); the graph's nodes are the cells in
# reading order, its edges each cell's right and lower neighbour, an edge chosen where both its cells are.
ONE_AREA = """predicate {0}(array[int, int] of var int: g, set of int: values) = let {{
  int: r0 = min(index_set_1of2(g)); int: c0 = min(index_set_2of2(g));
  int: h = card(index_set_1of2(g)); int: w = card(index_set_2of2(g));
  array[int] of var bool: on = [g[r0 + i, c0 + j] in values | i in 0..h - 1, j in 0..w - 1];
  array[int] of int: from = [i * w + j + 1 | i in 0..h - 1, j in 0..w - 2]
    ++ [i * w + j + 1 | i in 0..h - 2, j in 0..w - 1];
  array[int] of int: to = [i * w + j + 2 | i in 0..h - 1, j in 0..w - 2]
    ++ [i * w + j + w + 1 | i in 0..h - 2, j in 0..w - 1];
}} in exists(on) /\\ connected(from, to, on, [on[from[e]] /\\ on[to[e]] | e in index_set(from)]);"""
