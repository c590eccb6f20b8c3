"""N-queens enumeration and counting curves, n = 8..14, on each exact backend against MiniZinc with
Gecode, whole process, as ratios (ours / Gecode) in one run.

The model is the N-queens of docs/language/basics.md; Gecode runs the same constraints written plainly
(bench/reference/mzn_queens.mzn, with alldifferent.mzn alone included: the Debian package's
globals.mzn clashes). For each n, in turn:

- Gecode: `minizinc --solver gecode -a -s -D n=N` (its count is its enumeration: `nSolutions`);
- counting: `cspdsl solve queens.puz --count --json -D n=N --backend B`;
- enumeration: `cspdsl solve queens.puz --all -D n=N --backend B`, every solution drawn and read
  from the pipe.

Each run is capped (`--cap`, 300 s): past it the cell is "-". A backend whose run at one n took more
than a quarter of the cap is not run at larger n either ("-" too): each n takes about five times the
one before. Every run must report the known number of solutions.

    python bench/queens_count.py                       # n = 8..14, every exact backend
    python bench/queens_count.py --sizes 8-12 --backends sat --cap 60
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

# run.py is the bench entry point: its helpers run the installed script as a user does, and it puts
# the checkout on sys.path.
from run import BENCH, ROOT, cspdsl_command, user_environment

from cspdsl.backends import exact_backends

QUEENS = ROOT / "docs" / "language" / "basics.md"  # the model is read from there, as a user copies it
GECODE_MODEL = BENCH / "reference" / "mzn_queens.mzn"
SOLUTIONS = {4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596, 15: 2279184}

Run = Callable[[int], tuple[float, int] | None]  # n -> (whole-process seconds, solutions), None past the cap


def queens_model() -> str:
    """The N-queens block of docs/language/basics.md."""
    text = QUEENS.read_text(encoding="utf-8")
    found = re.search(r"```puz\n(# N queens.*?)```", text, re.S)
    if found is None:
        raise SystemExit("docs/language/basics.md has no N-queens model")
    return found.group(1)


def timed(command: list[str], cap: float, env: dict[str, str] | None = None) -> tuple[float, str] | None:
    """(whole-process seconds, standard output), or None when the run passed the cap."""
    started = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=cap, check=False, env=env, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.strip()[-400:]}")
    return time.perf_counter() - started, done.stdout + done.stderr


def gecode(cap: float) -> Run:
    def run(n: int) -> tuple[float, int] | None:
        ran = timed(["minizinc", "--solver", "gecode", "-a", "-s", "-D", f"n={n}", str(GECODE_MODEL)], cap)
        if ran is None:
            return None
        found = re.search(r"%%%mzn-stat: nSolutions=(\d+)", ran[1])
        return ran[0], int(found.group(1)) if found else -1

    return run


def ours(model: str, backend: str, mode: str, cap: float) -> Run:
    def run(n: int) -> tuple[float, int] | None:
        flags = ["--count", "--json"] if mode == "count" else ["--all"]
        command = [*cspdsl_command(), "solve", model, "-D", f"n={n}", "--backend", backend, *flags]
        ran = timed(command, cap, user_environment())
        if ran is None:
            return None
        if mode == "count":
            return ran[0], int(json.loads(ran[1][: ran[1].rindex("}") + 1])["count"])
        found = re.search(r"^(\d+) solutions\.$", ran[1], re.M)
        return ran[0], int(found.group(1)) if found else -1

    return run


def curve(name: str, run: Run, sizes: list[int], cap: float, log: Callable[[str], None]) -> dict[int, float]:
    """Seconds by n, up to the first n past the cap (or predicted past it)."""
    seconds: dict[int, float] = {}
    for n in sizes:
        log(f"{name} n={n}")
        result = run(n)
        if result is None:
            break
        if result[1] != SOLUTIONS[n]:
            raise SystemExit(f"{name} found {result[1]} solutions of {n}-queens, not {SOLUTIONS[n]}")
        seconds[n] = result[0]
        if result[0] > cap / 4:
            break
    return seconds


def table(sizes: list[int], columns: dict[str, dict[int, float]]) -> str:
    """A markdown table: Gecode's seconds, then each of ours as seconds and ratio to Gecode."""
    reference = columns["Gecode"]
    lines = ["| n | solutions | " + " | ".join(columns) + " |", "|---" * (len(columns) + 2) + "|"]
    for n in sizes:
        cells = [str(n), f"{SOLUTIONS[n]:,}"]
        for name, seconds in columns.items():
            if n not in seconds:
                cells.append("-")
            elif name == "Gecode" or n not in reference:
                cells.append(f"{seconds[n]:.2f} s")
            else:
                cells.append(f"{seconds[n]:.2f} s ({seconds[n] / reference[n]:.2f}x)")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def log(text: str) -> None:
    print(f"  {text}", flush=True)


def sizes_of(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8-14", help="n from-to (default 8-14)")
    parser.add_argument("--backends", default=",".join(exact_backends()), help="comma-separated (default: the exact)")
    parser.add_argument("--modes", default="count,all", help="count, all, or both (default)")
    parser.add_argument("--cap", type=float, default=300.0, help="seconds a run may take (default 300)")
    args = parser.parse_args()
    if shutil.which("minizinc") is None:
        print("minizinc is not on the PATH: nothing to compare (Debian: apt-get install minizinc)")
        return
    sizes = sizes_of(args.sizes)
    with tempfile.TemporaryDirectory() as folder:
        model = Path(folder) / "queens.puz"
        model.write_text(queens_model(), encoding="utf-8")
        columns = {"Gecode": curve("Gecode", gecode(args.cap), sizes, args.cap, log)}
        for mode in args.modes.split(","):
            for backend in args.backends.split(","):
                name = f"{backend} {'--count' if mode == 'count' else '--all'}"
                columns[name] = curve(name, ours(str(model), backend, mode, args.cap), sizes, args.cap, log)
    version = subprocess.run(["minizinc", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
    print(f"\n{version}; whole process, seconds (ratio ours / Gecode); cap {args.cap:g} s\n")
    print(table(sizes, columns))


if __name__ == "__main__":
    main()
