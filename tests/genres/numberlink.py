"""Numberlink against the peer's connect_the_dots solver (Flow: its paths also fill every cell), on
our model's own instance (puzz.link's sample): the ends of each path, named by its number. A cell's
value on both sides is the number of the path through it."""

from genres import lets, number

PEER = "connect_the_dots.connect_the_dots"
VAR = "link"
INSTANCES = [
    {  # puzz.link's sample, https://puzz.link/p?numlin/5/5/1j2h3m1h2j3
        'board': [
            ['1', ' ', ' ', ' ', ' '],
            ['2', ' ', ' ', '3', ' '],
            [' ', ' ', ' ', ' ', ' '],
            [' ', '1', ' ', ' ', '2'],
            [' ', ' ', ' ', ' ', '3'],
        ],
    },
]


def instance(kwargs):
    return lets(ends=[[number(v) for v in row] for row in kwargs["board"]])


def theirs(value):
    return int(value)


def ours(value):
    return value or None
