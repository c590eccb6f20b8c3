"""Source spans and the one error type users see.

Every message a user gets about a model names the file, line and column, shows the line with a caret
under the fault and, where one is likely, a hint. Nothing else in the package prints tracebacks at users.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .record import Record, field


class Source(Record):
    """The text of one model and the name it is reported under (a path, or `<stdin>`)."""

    name: str
    text: str = field(repr=False, compare=False)

    def lines(self) -> list[str]:
        """The text's lines as the scanner numbers them: broken at \\n only (a \\r before it belongs to
        the line break), so that a form feed, a vertical tab, U+2028 and the like stay inside their line
        (str.splitlines breaks at them too, and would quote another line than the one an error is on)."""
        return [line.removesuffix("\r") for line in self.text.split("\n")]

    def line(self, number: int) -> str:
        lines = self.lines()
        return lines[number - 1] if 0 < number <= len(lines) else ""


class Span(Record):
    """A stretch of source text: 1-based line and column of its start and end (end exclusive)."""

    source: Source
    line: int
    column: int
    end_line: int
    end_column: int

    @property
    def text(self) -> str:
        """The source text the span covers (only its first line when it spans several)."""
        line = self.source.line(self.line)
        end = self.end_column if self.end_line == self.line else len(line) + 1
        return line[self.column - 1 : end - 1]

    def location(self) -> str:
        return f"{self.source.name}:{self.line}:{self.column}"


class Suggestion(Record):
    """A remedy proposed by a layer that does not know how it was called: the face the user called
    (the command line, Python) puts it in its own words (`--backend cpsat`, `backend='cpsat'`).

    `action` is "use_backend" (solve on `backends[0]` instead) or "use_exact_backend" (enumerating or
    counting takes one of `backends`)."""

    action: str
    backends: tuple[str, ...]

    def worded(self, words: Mapping[str, str]) -> str:
        """The suggestion in a face's `words`: a template per action, with {first} and {all} backends."""
        return words[self.action].format(first=self.backends[0], all=", ".join(self.backends))


# How a caller of the Python API reads a suggestion (the CLI has its own, in its flags).
PYTHON_WORDS = {
    "use_backend": "solve this model with backend='{first}'",
    "use_exact_backend": "use an exact backend for limit=None: {all}",
}
# How a user of the command line (and of an editor, which runs it) reads a suggestion: in its flags.
COMMAND_LINE_WORDS = {
    "use_backend": "solve this model with --backend {first}",
    "use_exact_backend": "use an exact backend for --all and --count: {all}",
}


class CspdslError(Exception):
    """A problem with a model or with how cspdsl was called, reported with its place in the source.

    Its hint is either words (`hint`) or a `Suggestion` that the face the user called words."""

    def __init__(
        self, message: str, span: Span | None = None, hint: str | None = None, suggestion: Suggestion | None = None
    ):
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint
        self.suggestion = suggestion

    def worded_hint(self, words: Mapping[str, str] = PYTHON_WORDS) -> str | None:
        """The hint as a user reads it: the one given, else the suggestion put in `words` (the CLI's
        flags or the API's arguments)."""
        return self.hint or (self.suggestion.worded(words) if self.suggestion else None)

    def render(self, words: Mapping[str, str] = PYTHON_WORDS) -> str:
        """The message as a user sees it: location, the offending line, a caret, and a hint (a
        suggestion put in `words`)."""
        if self.span is None:
            out = [f"error: {self.message}"]
        else:
            out = [f"{self.span.location()}: error: {self.message}"]
            out += caret_lines(self.span)
        hint = self.worded_hint(words)
        if hint:
            out.append(f"hint: {hint}")
        return "\n".join(out)

    def __str__(self) -> str:
        return self.render()

    def to_dict(self, words: Mapping[str, str] = PYTHON_WORDS) -> dict[str, object]:
        """The error as plain data, for a program that asked for JSON: its words, hint and place (lines
        and columns 1-based, the end exclusive), and the whole text `render` gives."""
        hint = self.worded_hint(words)
        data: dict[str, object] = {"message": self.message, "hint": hint, "text": self.render(words)}
        if self.span is not None:
            span = self.span
            data |= {"file": span.source.name, "line": span.line, "column": span.column,
                     "end_line": span.end_line, "end_column": span.end_column}
        return data


class OutputFailed(Exception):
    """Writing the output failed once it was open (a full disk): the command ends with exit 74; the
    message is the system's reason (strerror)."""


class InternalError(Exception):
    """A backend returned something the independent checker rejects: a bug in cspdsl, not the model."""


class ProcessKilled(Exception):
    """A solver or worker process that cspdsl started was ended by a signal from outside (the
    system's out-of-memory killer, `kill`): not a bug, so the command exits as a shell reports a
    process killed by that signal, 128 + its number (137 for SIGKILL), and says what happened."""

    def __init__(self, what: str, signal_number: int) -> None:
        import signal  # here: only a process killed needs its names

        try:
            name = signal.Signals(signal_number).name
        except ValueError:
            name = f"signal {signal_number}"
        super().__init__(f"{what} was killed by {name} (signal {signal_number}) before it finished")
        self.signal_number = signal_number
        self.exit_code = 128 + signal_number
        self.hint = ("the system's out-of-memory killer sends SIGKILL: --max-memory MB stops cspdsl at its own "
                     "ceiling first (exit code 5)" if name == "SIGKILL" else None)

    def render(self) -> str:
        """The message as the command prints it, with its hint."""
        return f"error: {self}" + (f"\nhint: {self.hint}" if self.hint else "")


def ended_by(what: str, exit_code: int | None) -> Exception | None:
    """ProcessKilled for a process that a signal ended (a negative exit code, as `multiprocessing` and
    `os.waitstatus_to_exitcode` give it); None for one that exited by itself."""
    return ProcessKilled(what, -exit_code) if exit_code is not None and exit_code < 0 else None


# A quoted line of more than LINE_MAX characters is cut to QUOTED_MAX around the caret (a line of 1.2 MB
# quoted whole would bury the message), CONTEXT of them before the fault.
LINE_MAX = 20_000
QUOTED_MAX = 160
CONTEXT = 60


def caret_lines(span: Span) -> list[str]:
    """The source line of a span, numbered, with carets under the part the span covers; a line past
    LINE_MAX cut to QUOTED_MAX characters around the fault, saying how many were left out either side."""
    line = span.source.line(span.line)
    end = span.end_column if span.end_line == span.line else len(line) + 1
    first, last = 0, len(line)
    if len(line) > LINE_MAX:
        first = max(0, min(span.column - 1 - CONTEXT, len(line) - QUOTED_MAX))
        last = first + QUOTED_MAX
    shown = [_shown(ch) for ch in line[first:last]]
    before = f"...({first:,} characters cut) " if first else ""
    after = f" ...({len(line) - last:,} characters cut)" if last < len(line) else ""
    covered = range(span.column - 1 - first, min(end - 1, last) - first)
    width = max(1, sum(len(shown[i]) if i < len(shown) else 1 for i in covered))
    gutter = str(span.line)
    pad = " " * len(gutter)
    # Tabs stay tabs under the caret so that it lines up in any terminal.
    lead = " " * len(before) + "".join(
        text if text == "\t" else " " * len(text) for text in shown[: span.column - 1 - first]
    )
    return [f" {gutter} | {before}{''.join(shown)}{after}", f" {pad} | {lead}{'^' * width}"]


def _shown(char: str) -> str:
    """A character as a quoted line shows it: itself, or, for one that a terminal would not show as
    one column (a form feed, U+2028, a lone \\r: some break the line; a combining mark or a zero-width
    one, which takes no column of its own), its escape, as messages name it."""
    if char == "\t" or (char.isprintable() and (char.isascii() or not zero_width(char))):
        return char
    return repr(char)[1:-1] if not char.isprintable() else f"\\u{ord(char):04x}"


def zero_width(char: str) -> bool:
    """Whether a terminal shows the character in no column of its own: a combining mark (U+0301)
    or a format character (a zero-width space, U+200B)."""
    import unicodedata  # here, not at the top: only a line with such characters needs it

    return unicodedata.category(char) in ("Mn", "Me", "Cf")


def did_you_mean(name: str, candidates: Iterable[str], quote_words: bool = False) -> str | None:
    """A hint naming the closest known name, if any is close enough to be a likely typo. With
    `quote_words`, the candidates are names a model declares, so one of several words is shown as it
    must be written, in double quotes (`"last name"`)."""
    pool = list(candidates)
    lowered = {c.lower(): c for c in pool}
    if name.lower() in lowered and lowered[name.lower()] != name:
        return _suggest(lowered[name.lower()], quote_words)
    import difflib  # here, not at the top: only a misspelt model pays for its import

    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
    return _suggest(close[0], quote_words) if close else None


def _suggest(name: str, quote_words: bool) -> str:
    if quote_words and " " in name:
        return f'did you mean "{name}"? a name of several words is written in double quotes'
    return f"did you mean '{name}'?"
