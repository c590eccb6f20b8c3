"""The published models of models/ against the same puzzles written in MiniZinc (bench/minizinc/),
by length: lines that are neither blank nor only a comment, tokens (words, numbers, quoted names and
operators; a picture's letters one token each) and characters other than blanks. With `--check`,
MiniZinc with Gecode must also find the same solutions as cspdsl, compared as the answer text each
side prints.

    python bench/model_lengths.py            # the table, as docs/performance.md quotes it
    python bench/model_lengths.py --check    # and the same solutions (needs `minizinc` on the PATH)

tests/test_model_lengths.py holds the table to "no longer than MiniZinc" and runs the check where
MiniZinc is installed.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cspdsl.api import Result, load, solve  # noqa: E402  (the checkout, put on the path above)

MINIZINC_MODELS = Path(__file__).resolve().parent / "minizinc"
COMMENT = {".puz": "#", ".mzn": "%"}
TOKEN = re.compile(r'"""|"[^"\n]*"|[A-Za-z_][A-Za-z0-9_]*|\d+|\.\.|//|==|!=|<=|>=|/\\|\\/|<->|\S')


def _grid_text(result: Result, name: str, size: int, black: str = "", columns: int = 0) -> list[str]:
    """Each solution's rows, as the MiniZinc models print them: digits, a row a word (`size` rows of
    `columns` cells, as many as rows unless given)."""
    return sorted(
        " ".join("".join(str(s.get(f"{name}[{r},{c}]", black)) for c in range(1, (columns or size) + 1))
                 for r in range(1, size + 1))
        for s in result.solutions
    )


def _star_text(result: Result) -> list[str]:
    return sorted("[" + ", ".join(str(s[f"star.{c}"]) for c in "abcdefghijkl") + "]" for s in result.solutions)


def _tunapalooza_text(result: Result) -> list[str]:
    names = ["music[country]", "music[grunge]", "music[reggae]", "music[speed metal]", "spot[carnival games]",
             "spot[information booth]", "spot[mosh pit]", "spot[T-shirt vendor]"]
    return sorted("[" + ", ".join(str(s[n]) for n in names) + "]" for s in result.solutions)


def _loop_text(solution: dict[str, int], rows: int, columns: int) -> str:
    """A loop's edges as the MiniZinc model prints them: the horizontal lines, then the vertical ones."""
    h = ["".join(str(solution[f"h[{r},{c}]"]) for c in range(1, columns + 1)) for r in range(rows + 1)]
    v = ["".join(str(solution[f"v[{r},{c}]"]) for c in range(columns + 1)) for r in range(1, rows + 1)]
    return " ".join(h + v)


def _answer_text(result: Result) -> list[str]:
    """A unique solution's answers, on one line."""
    return [" ".join(result.answers())] * len(result.solutions)


# model name -> how its solutions read in the MiniZinc model's output
PAIRS: dict[str, Callable[[Result], list[str]]] = {
    "slitherlink": lambda result: sorted(_loop_text(s, 5, 5) for s in result.solutions),
    "killer": lambda result: _grid_text(result, "g", 9),
    "kakuro": lambda result: _grid_text(result, "k", 7, "#"),
    "jigsaw": lambda result: _grid_text(result, "g", 9),
    "tuna": _tunapalooza_text,
    "golf": _answer_text,
    "magicstar": _star_text,
    "sendmore": _answer_text,
    "nonogram": lambda result: _grid_text(result, "g", 12, columns=10),
}


def code_lines(path: Path) -> list[str]:
    """The lines that are neither blank nor only a comment, comments after code left out; a line of
    a picture in triple quotes is code whatever it starts with (a kakuro's '#' is a black cell)."""
    mark = COMMENT[path.suffix]
    found, in_block = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if in_block or '"""' in line:
            found.append(line)
            in_block ^= line.count('"""') % 2 == 1
        elif line.strip() and not line.strip().startswith(mark):
            found.append(_without_comment(line, mark))
    return found


def tokens(path: Path) -> int:
    """The tokens of the code lines."""
    return sum(len(TOKEN.findall(line)) for line in code_lines(path))


def _without_comment(line: str, mark: str) -> str:
    """The line up to a comment mark outside quotes."""
    inside = False
    for index, char in enumerate(line):
        if char == '"':
            inside = not inside
        elif char == mark and not inside:
            return line[:index]
    return line


def characters(path: Path) -> int:
    """The characters of the code lines other than blanks: a length that packing lines does not change."""
    return sum(len("".join(line.split())) for line in code_lines(path))


def lengths(name: str) -> tuple[int, ...]:
    """(lines, tokens, characters), cspdsl's then MiniZinc's of each, of one puzzle."""
    ours, theirs = ROOT / "models" / f"{name}.puz", MINIZINC_MODELS / f"{name}.mzn"
    return (len(code_lines(ours)), len(code_lines(theirs)), tokens(ours), tokens(theirs),
            characters(ours), characters(theirs))


def minizinc_solutions(name: str, minizinc: str) -> list[str]:
    """The MiniZinc model's solutions, as it prints them, by Gecode."""
    run = subprocess.run([minizinc, "--solver", "gecode", "-a", str(MINIZINC_MODELS / f"{name}.mzn")],
                         capture_output=True, text=True, timeout=600, check=True)
    return sorted(block.strip() for block in run.stdout.split("----------")[:-1])


def cspdsl_solutions(name: str) -> list[str]:
    result = solve(load(ROOT / "models" / f"{name}.puz"), "cpsat", limit=None)
    return [text.strip() for text in PAIRS[name](result)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="and the same solutions with MiniZinc and Gecode")
    args = parser.parse_args()
    minizinc = shutil.which("minizinc")
    print("| puzzle | lines: cspdsl | MiniZinc | tokens: cspdsl | MiniZinc | characters: cspdsl | MiniZinc |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in PAIRS:
        print("| `{}` | {} | {} | {} | {} | {} | {} |".format(name, *lengths(name)))
    if args.check:
        if minizinc is None:
            print("minizinc is not on the PATH: no check")
            return 0
        for name in PAIRS:
            same = minizinc_solutions(name, minizinc) == cspdsl_solutions(name)
            print(f"{name}: {'the same solutions' if same else 'DIFFERENT SOLUTIONS'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
