"""Keen (KenKen) against the peer's keen solver: a map of cages ('d01', 'd02', ...) and each cage's
operation and result."""

from genres import lets, picture

PEER = "keen.keen"
VAR = "digit"
OPERATION = {"+": 1, "*": 2, "-": 3, "/": 4}
INSTANCES = [
    {  # test_ground (Simon Tatham's Keen, 9dn#388677227852840)
        'board': [
            ['d01', 'd01', 'd03', 'd03', 'd05', 'd05', 'd08', 'd08', 'd10'],
            ['d02', 'd02', 'd03', 'd04', 'd06', 'd06', 'd09', 'd09', 'd10'],
            ['d12', 'd13', 'd14', 'd04', 'd07', 'd07', 'd07', 'd11', 'd11'],
            ['d12', 'd13', 'd14', 'd14', 'd15', 'd16', 'd11', 'd11', 'd18'],
            ['d19', 'd20', 'd24', 'd26', 'd15', 'd16', 'd16', 'd17', 'd18'],
            ['d19', 'd20', 'd24', 'd26', 'd28', 'd28', 'd29', 'd17', 'd33'],
            ['d21', 'd21', 'd24', 'd27', 'd30', 'd30', 'd29', 'd33', 'd33'],
            ['d22', 'd23', 'd25', 'd27', 'd31', 'd32', 'd34', 'd34', 'd36'],
            ['d22', 'd23', 'd25', 'd25', 'd31', 'd32', 'd35', 'd35', 'd36'],
        ],
        'block_results': {
            'd01': ('-', 1), 'd02': ('-', 1), 'd03': ('*', 378), 'd04': ('/', 4), 'd05': ('/', 2),
            'd06': ('-', 2), 'd07': ('*', 6), 'd08': ('+', 9), 'd09': ('/', 2), 'd10': ('+', 9),
            'd11': ('+', 22), 'd12': ('-', 1), 'd13': ('*', 30), 'd14': ('+', 12), 'd15': ('-', 1),
            'd16': ('*', 196), 'd17': ('*', 63), 'd18': ('-', 1), 'd19': ('/', 3), 'd20': ('/', 3),
            'd21': ('*', 21), 'd22': ('/', 4), 'd23': ('-', 7), 'd24': ('*', 64), 'd25': ('+', 15),
            'd26': ('-', 1), 'd27': ('+', 11), 'd28': ('-', 4), 'd29': ('/', 4), 'd30': ('*', 54),
            'd31': ('+', 11), 'd32': ('/', 4), 'd33': ('+', 16), 'd34': ('+', 15), 'd35': ('*', 30),
            'd36': ('-', 7),
        },
    },
]


def instance(kwargs):
    board, results = kwargs["board"], kwargs["block_results"]
    cages = sorted(results, key=lambda name: int(name[1:]))  # our regions come in their numbers' order
    assert cages == sorted({name for row in board for name in row}, key=lambda name: int(name[1:]))
    return (lets(n=len(board)) + wrapped("operation", [OPERATION[results[name][0]] for name in cages])
            + wrapped("result", [results[name][1] for name in cages])
            + "var digit[1..n, 1..n] in 1..n\nregions cage of digit = "
            + picture([[name[1:] for name in row] for row in board]) + "\n")


def wrapped(name, values):
    """`let NAME = [...]`, twelve values a line."""
    lines = "".join("  " + ", ".join(str(v) for v in values[i:i + 12]) + ",\n" for i in range(0, len(values), 12))
    return f"let {name} = [\n{lines}]\n"
