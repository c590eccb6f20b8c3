"""Whole-process times of several commands, interleaved in one loop so that the machine's drift touches
them alike: medians of wall-clock and of CPU time (the children's user + system), and each command's
ratio to the first.

    python bench/side_by_side.py --runs 31 -- "OLD/bin/cspdsl solve einstein" "NEW/bin/cspdsl solve einstein"

Run the installed scripts from outside the checkout (docs/performance.md, Start-up: `python -m cspdsl`
inside it compiles every module afresh where bytecode is not written).
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import tempfile
import time


def run_once(command: list[str], cwd: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of the command, its output discarded; the CPU time is
    the child's own user and system time (`wait4`, to the microsecond), which another process's load
    moves less than the wall clock."""
    started = time.perf_counter()
    child = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("commands", nargs="+", help="each a whole command line, quoted")
    args = parser.parse_args()
    commands = [shlex.split(command) for command in args.commands]
    cwd = tempfile.mkdtemp()
    for command in commands:  # a first run each: caches warm, bytecode written
        run_once(command, cwd)
    times: list[list[tuple[float, float]]] = [[] for _ in commands]
    for _ in range(args.runs):
        for index, command in enumerate(commands):
            times[index].append(run_once(command, cwd))
    first_wall = statistics.median(wall for wall, _ in times[0])
    first_cpu = statistics.median(cpu for _, cpu in times[0])
    print(f"{'command':60} {'wall':>9} {'cpu':>9} {'wall/1st':>9} {'cpu/1st':>8}")
    for command, runs in zip(args.commands, times, strict=True):
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        ratios = f"{wall / first_wall:9.3f} {cpu / first_cpu:8.3f}"
        print(f"{command[-60:]:60} {wall * 1000:7.1f}ms {cpu * 1000:7.1f}ms {ratios}")


if __name__ == "__main__":
    main()
