"""Ripple Effect against the peer's ripple_effect solver: a map of regions and the digits given."""

from collections import Counter

from genres import lets, number, picture

PEER = "ripple_effect.ripple_effect"
VAR = "digit"
INSTANCES = [
    {  # test_ground
        'id_board': [
            ['00', '01', '02', '02', '03', '03', '04'],
            ['00', '05', '05', '02', '03', '06', '06'],
            ['07', '07', '05', '08', '03', '03', '06'],
            ['09', '07', '07', '07', '03', '10', '10'],
            ['11', '11', '12', '12', '13', '13', '10'],
            ['14', '11', '14', '12', '13', '15', '15'],
            ['14', '14', '14', '16', '13', '13', '15'],
        ],
        'board': [
            [' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', '5', ' '],
            [' ', ' ', '4', ' ', '6', ' ', ' '],
            [' ', ' ', ' ', ' ', ' ', ' ', '1'],
            [' ', ' ', '1', ' ', ' ', ' ', ' '],
            [' ', '4', ' ', ' ', ' ', ' ', ' '],
        ],
    },
]


def instance(kwargs):
    ids, board = kwargs["id_board"], kwargs["board"]
    assert max(Counter(v for row in ids for v in row).values()) <= 9  # the digits are 1..9
    return (lets(R=len(ids), C=len(ids[0]), given=[[number(v) for v in row] for row in board])
            + f"var digit[1..R, 1..C] in 1..9\nregions part of digit = {picture(ids)}\n")
