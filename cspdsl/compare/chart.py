"""The chart of `cspdsl compare --plot`: the median times per backend, drawn so as not to mislead.

Times on the backends differ by orders of magnitude (a local search's 30 s against SAT's 60 ms), so
the time axis is logarithmic, with a tick and a label at each power of ten, and each time is a dot
on it (a bar on a log axis would start from an arbitrary origin, and its length would mean nothing);
with several runs a line through the dot spans the shortest to the longest. Each time is end to end,
from the compile's start (`rows.py`). A time that does not apply (a local search never counts all
solutions) or that was not reached (a time limit) gets no dot but a word. Beside each backend stand
its solution count and whether it agrees with the others, and under the title one line says whether
the backends agree. SVG is written by hand (no plotting library needed); PNG goes
through matplotlib, the optional extra `plot`.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable

from ..core.errors import CspdslError, OutputFailed
from ..core.record import Record
from ..core.static_types import Any
from .rows import Row
from .table import runs_said, seconds, time_range

COLOURS = ["#4e79a7", "#f28e2b", "#59a14f"]
SMALLEST = 1e-6  # a time of zero (a clock's resolution) is drawn as a microsecond


class Bar(Record):
    """One time of one backend: the median drawn as a dot and the runs' range as a line through it,
    or None and the word said in its place."""

    value: float | None
    text: str
    spread: tuple[float, float] | None = None


class Chart(Record):
    """What both drawings show, worked out once."""

    title: str
    summary: str
    axis_label: str
    names: list[str]
    notes: list[str]  # per backend: its solutions and its agreement
    series: list[tuple[str, list[Bar]]]
    low: int  # the axis runs from 10**low to 10**high seconds
    high: int


def check_plot_path(path: str) -> None:
    """Refuse a --plot file that cannot be written, before the comparison spends its time: a name
    that is neither .svg nor .png, a folder that does not exist, a .png without matplotlib."""
    if not path.lower().endswith((".svg", ".png")):
        raise CspdslError(f"--plot {path}: the chart is written as .svg or .png; name the file so")
    folder = os.path.dirname(path)
    if folder and not os.path.isdir(folder):
        raise CspdslError(f"--plot {path}: the folder '{folder}' does not exist")
    if path.lower().endswith(".png"):
        _matplotlib()


def plot(rows: list[Row], path: str, title: str, *, all_solutions: bool, objective: bool = False) -> None:
    """Write the chart of a comparison: SVG directly, PNG with matplotlib."""
    check_plot_path(path)
    chart = chart_of(rows, title, all_solutions=all_solutions, objective=objective)
    if not path.lower().endswith(".svg"):
        try:
            _png_chart(chart, path)
        except OSError as error:
            raise CspdslError(f"cannot write '{path}': {error.strerror or error}") from None
        return
    try:
        out = open(path, "w", encoding="utf-8")  # noqa: SIM115 (closed by _written, which tells its failures apart)
    except OSError as error:
        raise CspdslError(f"cannot write '{path}': {error.strerror or error}") from None
    _written(out, svg_chart(chart), path)


def _written(out: Any, text: str, path: str) -> None:
    """The chart written to a file that is open: a write that fails then (a full disk) is a failed
    output (exit 74), as on standard output, not a bad argument."""
    try:
        out.write(text)
        out.flush()
    except OSError as error:
        raise OutputFailed(error.strerror or str(error)) from None
    finally:
        with contextlib.suppress(OSError):  # what a failed write left in the buffer fails again
            out.close()


# -- what the chart says ----------------------------------------------------------------------------


# The bars' words, as the table's columns: with an objective, the first search proves the optimum and
# the second enumerates the optimal solutions.
LABELS = {False: ("first solution", "all solutions"), True: ("proved in", "all optimal")}


def chart_of(rows: list[Row], title: str, *, all_solutions: bool, objective: bool = False) -> Chart:
    """The bars, words and axis of a comparison; the all-solutions times only when they were asked for."""
    first, every = LABELS[objective]
    wanted = [("compile", "compile_seconds"), (first, "first_seconds")]
    if all_solutions:
        wanted.append((every, "all_seconds"))
    series = [(label, [_bar(row, attribute) for row in rows]) for label, attribute in wanted]
    values = [bar.value for _, bars in series for bar in bars if bar.value is not None]
    values += [end for _, bars in series for bar in bars if bar.spread is not None for end in bar.spread]
    low, high = decades(values)
    repeats = len(rows[0].runs) if rows else 0
    return Chart(
        title,
        agreement_summary(rows),
        f"seconds from the compile's start, log scale ({runs_said(repeats, 'a line from shortest to longest')})",
        [row.backend for row in rows],
        [f"{solutions_note(row)}, agrees: {_AGREES[row.agrees]}" for row in rows],
        series,
        low,
        high,
    )


_AGREES = {True: "yes", False: "NO", None: "-"}


def _bar(row: Row, attribute: str) -> Bar:
    value = row.median(attribute)
    if value is not None:
        spread = row.spread(attribute)
        drawn = None if spread is None else (max(spread[0], SMALLEST), max(spread[1], SMALLEST))
        return Bar(max(value, SMALLEST), seconds(value), drawn)
    if row.status in ("solved", "optimal", "feasible") or (attribute == "all_seconds" and not row.exact):
        return Bar(None, "n/a")  # does not apply: a local search counts nothing
    return Bar(None, row.status)  # not reached: unsatisfiable, timeout, gave_up, refused


def solutions_note(row: Row) -> str:
    """How many solutions, said as honestly as the search allows: a count only when it was complete."""
    if row.status == "unsatisfiable":
        return "no solution"
    if row.runs and row.runs[-1].solution_set is not None:
        return _plural(row.solutions, "solution")
    found = f"{row.solutions:,} found"
    return found if row.status in ("solved", "optimal") else f"{row.status}, {found}"


def agreement_summary(rows: list[Row]) -> str:
    """One line: whether the backends agree, and on what."""
    broken = [row.backend for row in rows if row.agrees is False]
    if broken:
        return f"the backends disagree ({', '.join(broken)} against the others)"
    if not any(row.agrees for row in rows):
        return "no backend settled the question"
    counted = [row for row in rows if row.agrees and row.runs[-1].solution_set is not None]
    if counted:
        return f"the backends agree: {_plural(counted[0].solutions, 'solution')}"
    if any(row.agrees and row.status == "unsatisfiable" for row in rows):
        return "the backends agree: no solution"
    return "the backends agree: there is a solution"


def _plural(count: int, noun: str) -> str:
    return f"{count:,} {noun}" if count == 1 else f"{count:,} {noun}s"


def decades(values: list[float]) -> tuple[int, int]:
    """The powers of ten the axis runs between: the smallest time and the largest within them, a
    decade at least."""
    if not values:
        return -3, 0
    smallest, largest = math.log10(min(values)), math.log10(max(values))
    low = math.floor(smallest)
    return low, max(math.ceil(largest), low + 1)


def tick_label(exponent: int) -> str:
    """10**exponent seconds, in the unit a reader expects: 1 µs, 10 ms, 1 s, 100 s."""
    if exponent >= 0:
        return f"{10**exponent:g} s"
    if exponent >= -3:
        return f"{10 ** (exponent + 3):g} ms"
    return f"{10 ** (exponent + 6):g} µs" if exponent >= -6 else f"1e{exponent} s"


def position(chart: Chart, value: float) -> float:
    """Where a time lies along the axis, from 0 (left) to 1 (right)."""
    return (math.log10(value) - chart.low) / (chart.high - chart.low)


# -- the drawings -----------------------------------------------------------------------------------


def svg_chart(chart: Chart) -> str:
    """A dot chart in plain SVG: title and summary, the legend, then a line of dots a backend over a
    log axis with its ticks."""
    from xml.sax.saxutils import escape

    bar, left, width = 14, 190, 420
    group = max(bar * len(chart.series), 30) + 12
    plot_top, plot_bottom = 84, 84 + group * len(chart.names)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 90}" height="{plot_bottom + 50}" '
        'font-family="sans-serif" font-size="12">',
        f'<text x="10" y="20" font-size="14">{escape(chart.title)}</text>',
        f'<text x="10" y="40">{escape(chart.summary)}</text>',
        *_svg_legend(chart, escape),
        *_svg_axis(chart, left, width, plot_top, plot_bottom),
    ]
    for i, name in enumerate(chart.names):
        top = plot_top + 6 + i * group
        parts.append(f'<text x="10" y="{top + 11}">{escape(name)}</text>')
        parts.append(f'<text x="10" y="{top + 26}" font-size="11" fill="#555">{escape(chart.notes[i])}</text>')
        for j, (label, bars) in enumerate(chart.series):
            parts += _svg_bar(chart, bars[i], f"{name} {label}", j, left, width, top + j * bar, escape)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _svg_legend(chart: Chart, escape: Callable[[str], str]) -> list[str]:
    """The legend in a row above the bars, clear of them."""
    parts, x = [], 10
    for j, (label, _) in enumerate(chart.series):
        parts.append(f'<circle cx="{x + 6}" cy="58" r="5" fill="{COLOURS[j % 3]}"/>')
        parts.append(f'<text x="{x + 16}" y="62">{escape(label)}</text>')
        x += 30 + 7 * len(label)
    if any(bar.text == "n/a" for _, bars in chart.series for bar in bars):
        parts.append(f'<text x="{x}" y="62" fill="#555">n/a: does not apply</text>')
    return parts


def _svg_axis(chart: Chart, left: int, width: int, top: int, bottom: int) -> list[str]:
    """The time axis under the bars: a grid line, a tick and a label at each power of ten."""
    parts = [f'<line x1="{left}" y1="{bottom}" x2="{left + width}" y2="{bottom}" stroke="#333"/>']
    for exponent in range(chart.low, chart.high + 1):
        x = left + width * (exponent - chart.low) / (chart.high - chart.low)
        parts.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{bottom}" stroke="#ddd"/>')
        parts.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 5}" stroke="#333"/>')
        parts.append(f'<text x="{x:.1f}" y="{bottom + 18}" text-anchor="middle">{tick_label(exponent)}</text>')
    parts.append(f'<text x="{left + width / 2}" y="{bottom + 38}" text-anchor="middle">{chart.axis_label}</text>')
    return parts


def _svg_bar(
    chart: Chart, bar: Bar, what: str, j: int, left: int, width: int, y: int, escape: Callable[[str], str]
) -> list[str]:
    """A time as a dot at its place on the axis, the runs' range as a line through it, its figure beside."""
    if bar.value is None:
        return [f'<text x="{left + 4}" y="{y + 10}" font-style="italic" fill="#555">{escape(bar.text)}</text>']
    x, middle, colour = left + width * position(chart, bar.value), y + 6, COLOURS[j % 3]
    parts = []
    right = x
    if bar.spread is not None:
        start, stop = (left + width * position(chart, end) for end in bar.spread)
        right = max(x, stop)
        parts.append(f'<line x1="{start:.1f}" y1="{middle}" x2="{stop:.1f}" y2="{middle}" stroke="{colour}" '
                     'stroke-width="2"/>')
    shown = bar.text if bar.spread is None else f"{bar.text} ({time_range(*bar.spread)})"
    return [
        *parts,
        f'<circle cx="{x:.1f}" cy="{middle}" r="5" fill="{colour}">'
        f"<title>{escape(what)}: {escape(shown)}</title></circle>",
        f'<text x="{right + 8:.1f}" y="{y + 10}">{escape(bar.text)}</text>',
    ]


def _matplotlib() -> Any:
    """matplotlib's pyplot on a backend that needs no display, or the error that says how to get it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise CspdslError(
            "--plot with a .png file needs matplotlib",
            hint="pip install 'cspdsl[plot]' (matplotlib), or write an .svg chart",
        ) from None
    return plt


def _png_chart(chart: Chart, path: str) -> None:
    """The same chart through matplotlib: dots on a log axis with labelled decades, words for missing
    times, the legend beside the axis."""
    plt = _matplotlib()
    from matplotlib.lines import Line2D
    from matplotlib.ticker import NullFormatter

    rows, height = len(chart.names), 0.8 / len(chart.series)
    figure, axes = plt.subplots(figsize=(9, 1.5 + 0.35 * rows * len(chart.series)))
    origin = 10.0**chart.low
    for j, (_, bars) in enumerate(chart.series):
        for i, bar in enumerate(bars):
            y = i + (j - (len(chart.series) - 1) / 2) * height
            if bar.value is None:
                axes.text(origin * 1.15, y, bar.text, va="center", fontsize=8, fontstyle="italic", color="#555")
                continue
            low, high = bar.spread or (bar.value, bar.value)
            axes.errorbar([bar.value], [y], xerr=[[bar.value - low], [high - bar.value]], fmt="o",
                          color=COLOURS[j % 3], markersize=5, capsize=0)
            axes.text(high * 1.25, y, bar.text, va="center", fontsize=8)
    axes.set_xscale("log")
    axes.set_xlim(origin, 10.0 ** (chart.high + 0.5))  # room for the last dot's figure
    axes.set_xticks([10.0**e for e in range(chart.low, chart.high + 1)],
                    [tick_label(e) for e in range(chart.low, chart.high + 1)])
    axes.xaxis.set_minor_formatter(NullFormatter())
    axes.grid(axis="x", color="#ddd")
    axes.set_yticks(range(rows), [f"{name}\n{note}" for name, note in zip(chart.names, chart.notes, strict=True)])
    axes.set_ylim(rows - 0.5, -0.5)  # the first backend on top; room for a word in place of a last bar
    axes.set_axisbelow(True)
    axes.set_xlabel(chart.axis_label)
    axes.set_title(f"{chart.title}\n{chart.summary}")
    handles = [Line2D([], [], marker="o", linestyle="", color=COLOURS[j % 3], label=label)
               for j, (label, _) in enumerate(chart.series)]
    axes.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)  # clear of the bars
    figure.savefig(path, bbox_inches="tight")
    plt.close(figure)
