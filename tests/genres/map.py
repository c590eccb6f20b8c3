"""Map against the peer's map solver: the regions of a map, numbered from 0, each with regions it
borders (regions: each border named once at least), and the colours given (fixed_colors: Y, R, G or
B). The peer numbers its four colours in the order of a set of the colours given; their_cells reads
them back the same way."""

PEER = "map.map"
VAR = "colour"
INSTANCES = [
    {  # test_ground (Simon Tatham's Map, 30x25n75dh#361746541306980)
        'regions': {
            0: {1, 11, 12, 27},
            1: {2, 6, 11, 12, 13},
            2: {3, 4, 6, 7, 9, 10},
            3: {4},
            4: {5, 7, 8},
            5: {8, 14, 15},
            6: {9, 13, 16},
            7: {8},
            8: {10, 14, 18, 19, 20, 23},
            9: {10, 17},
            10: {17, 18, 21, 22},
            11: {12},
            12: {13, 17, 27},
            13: {16, 17},
            14: {15},
            15: {20, 24, 25},
            16: {17},
            17: {21, 27, 28, 33},
            18: {22, 23, 29},
            19: {20, 23, 26},
            20: {24, 26, 31},
            21: {22, 28, 29, 36, 37, 38},
            22: {29},
            23: {26, 29, 30, 34, 39},
            24: {25, 31, 35},
            25: {35, 42, 48, 50, 52},
            26: {30},
            27: {32, 33, 44},
            28: {33, 38, 45},
            29: {37, 39, 46},
            30: {31, 34, 35, 40, 41, 47, 48, 56},
            31: {35},
            32: {43, 44},
            33: {44},
            34: {39, 40},
            35: {41, 42},
            36: {37},
            37: {38, 46, 49, 51, 54, 59, 60, 61},
            38: {44, 45, 49, 51, 53, 58, 59},
            39: {40, 46},
            40: {55, 56},
            41: {42, 47},
            42: {48},
            43: {44, 53, 57, 58, 62},
            44: {45, 53},
            45: set(),
            46: {55, 56, 60, 64},
            47: {48},
            48: {52, 56},
            49: {51},
            50: {52, 63},
            51: {54, 59},
            52: {56, 63, 68},
            53: {57, 58},
            54: {59},
            55: {56},
            56: {65, 66, 68},
            57: {58},
            58: {59, 62},
            59: {51, 61, 62, 67, 69},
            60: {61, 64, 70},
            61: {69, 70},
            62: {67},
            63: {68, 71, 73, 74},
            64: {65, 70},
            65: {66, 68, 73},
            66: {68},
            67: {69, 72},
            68: {71, 73},
            69: {70, 72},
            70: {72},
            71: {73},
            72: set(),
            73: set(),
            74: set(),
        },
        'fixed_colors': {
            0: 'Y', 3: 'R', 7: 'Y', 14: 'Y', 15: 'R', 16: 'Y', 20: 'G', 32: 'B', 33: 'Y', 34: 'R', 35: 'G', 36: 'B',
            39: 'G', 43: 'G', 47: 'R', 55: 'B', 60: 'R', 64: 'G', 66: 'Y', 67: 'G', 73: 'G', 74: 'G',
        },
    },
]


def instance(kwargs):
    regions, fixed = kwargs["regions"], kwargs["fixed_colors"]
    assert sorted(regions) == list(range(len(regions)))
    borders = [[a, b] for a in sorted(regions) for b in sorted(regions[a])]
    given = [f"colour[{region}] == {colour}" for region, colour in sorted(fixed.items())]
    border_lines = ("  " + ", ".join(f"[{a}, {b}]" for a, b in borders[i:i + 10]) + ",\n"
                    for i in range(0, len(borders), 10))
    given_lines = (" and ".join(given[i:i + 5]) + "\n" for i in range(0, len(given), 5))
    return (f"let n = {len(regions)}\nlet border = [\n" + "".join(border_lines)
            + "]\nvar colour[0..n - 1] in {Y, R, G, B}\n" + "".join(given_lines))


def their_cells(assignment, kwargs):
    colours = dict(enumerate(set(kwargs["fixed_colors"].values())))  # as the peer's Board numbers them
    return (((0, region), colours[value]) for region, value in assignment.items())


def our_cells(result, index, kwargs):
    return (((0, region), colour) for region, colour in enumerate(result.value(VAR, index)))
