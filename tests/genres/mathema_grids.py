"""Mathema Grids against the peer's mathema_grids solver: a board of digits (' ' to find), operators
between them, and after each row and column '=' and its result; the digits to place (each once).
Our instance writes each row's and column's equation as the board prints it, worked out from left
to right (and from the top down) as the puzzle reads it. The peer's test_toy3 is left out: its
digits include 0 and one of its cells divides, and our `//` refuses a divisor whose values include 0,
whatever else the model says of it (docs/language/arithmetic.md)."""

from genres import picture

PEER = "mathema_grids.mathema_grids"
VAR = "digit"
SIGN = {"+": "+", "-": "-", "*": "*", "/": "//"}
INSTANCES = [
    {  # test_ground
        'board': [
            ['8', '*', ' ', '-', ' ', '=', '39'],
            ['-', ' ', '-', ' ', '*', ' ', ' '],
            [' ', '+', '1', '*', ' ', '=', '35'],
            ['*', ' ', '*', ' ', '+', ' ', ' '],
            [' ', '*', ' ', '+', '2', '=', '17'],
            ['=', ' ', '=', ' ', '=', ' ', ' '],
            ['20', ' ', '15', ' ', '65', ' ', ' '],
        ],
        'digits': [1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
    {  # test_toy
        'board': [
            [' ', '*', ' ', '=', '24'],
            ['+', ' ', '/', ' ', ' '],
            [' ', '+', ' ', '=', '5'],
            ['=', ' ', '=', ' ', ' '],
            ['7', ' ', '3', ' ', ' '],
        ],
        'digits': [2, 3, 4, 6],
    },
    {  # test_toy2
        'board': [
            [' ', '*', ' ', '=', '-8'],
            ['+', ' ', '/', ' ', ' '],
            [' ', '+', ' ', '=', '4'],
            ['=', ' ', '=', ' ', ' '],
            ['7', ' ', '-2', ' ', ' '],
        ],
        'digits': [-2, 3, 4, 1],
    },
    {  # test_ground2
        'board': [
            [' ', '+', ' ', '-', ' ', '=', '4'],
            ['+', ' ', '+', ' ', '*', ' ', ' '],
            [' ', '*', ' ', '/', ' ', '=', '3'],
            ['*', ' ', '*', ' ', '+', ' ', ' '],
            [' ', '*', '2', '-', ' ', '=', '2'],
            ['=', ' ', '=', ' ', '=', ' ', ' '],
            ['24', ' ', '32', ' ', '30', ' ', ' '],
        ],
        'digits': [1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
]


def equation(cells, signs, result):
    """`((a op b) op c) == result`: the line worked out from its first cell."""
    text = cells[0]
    for step, (sign, cell) in enumerate(zip(signs, cells[1:], strict=True), 1):
        text = f"{text} {SIGN[sign]} {cell}"
        if step < len(signs):
            text = f"({text})"
    return f"{text} == {result}"


def line(board, r, c, down):
    """The equation of the row (or column) whose first digit is at board[r][c]."""
    at = (lambda i: board[r + i][c]) if down else (lambda i: board[r][c + i])
    k = (len(board) - 1) // 2
    cells = [f"digit[{r // 2 + 1 + i * down}, {c // 2 + 1 + i * (not down)}]" for i in range(k)]
    return equation(cells, [at(2 * i + 1) for i in range(k - 1)], int(at(2 * k)))


def instance(kwargs):
    board, digits = kwargs["board"], kwargs["digits"]
    k = (len(board) - 1) // 2
    given = [[board[2 * r][2 * c].strip() or "." for c in range(k)] for r in range(k)]
    equations = [line(board, 2 * i, 0, False) for i in range(k)] + [line(board, 0, 2 * i, True) for i in range(k)]
    return (f"let k = {k}\nvar digit[1..k, 1..k] in {{{', '.join(str(d) for d in digits)}}}\n"
            + f"given digit = {picture(given)}\n" + "".join(f"{e}\n" for e in equations))


def their_cells(assignment, kwargs):
    """The peer's digits sit at the board's even rows and columns, between its operators."""
    return (((pos.y // 2, pos.x // 2), value) for pos, value in assignment.items())
