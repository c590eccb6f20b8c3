"""The code a page of the docs tells a reader to run, taken from the page itself, so that CI runs what
the reader reads (`.ci/run`: a wheel installed outside the clone) and a test type-checks it.

    python3 tests/doc_code.py python README.md     # the page's ```python blocks, as one script
    python3 tests/doc_code.py commands README.md   # its commands, as a shell script (see `commands`)

Standard library only: CI runs it before any environment exists."""

from __future__ import annotations

import re
import sys

FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
HEREDOC = re.compile(r"<<-?\s*'?(\w+)'?")


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """Each fenced block of a Markdown page: (its language, as after the fence, and its body)."""
    return [(match.group(1), match.group(2)) for match in FENCE.finditer(text)]


def python_code(text: str) -> str:
    """Every ```python block of the page, in order, as one script."""
    return "\n".join(body for language, body in fenced_blocks(text) if language == "python")


def commands(text: str) -> list[str]:
    """What a reader runs once cspdsl is installed: the commands of the page's first block that
    installs cspdsl (`python3 -m venv .venv && .venv/bin/pip install . && CMD`), those after the
    install; and the commands of each block of `$ ` prompts (a here-document's lines with its command),
    the lines without a prompt being their output."""
    found: list[str] = []
    for language, body in fenced_blocks(text):
        if language in ("", "console", "shell") and body.startswith("$ "):
            found += prompted(body)
    installs = [body for language, body in fenced_blocks(text) if language == "" and "pip install ." in body]
    if installs:
        steps = [step.strip() for step in installs[0].strip().split(" && ")]
        found[:0] = [step for step in steps if not step.startswith("python3 -m venv") and "pip install" not in step]
    return found


def prompted(block: str) -> list[str]:
    """The commands of a block of `$ ` prompts, each with the here-document it opens, if any."""
    found: list[str] = []
    lines = iter(block.splitlines())
    for line in lines:
        if not line.startswith("$ "):
            continue
        command = [line[2:]]
        heredoc = HEREDOC.search(line)
        if heredoc:
            for body in lines:
                command.append(body)
                if body.strip() == heredoc.group(1):
                    break
        found.append("\n".join(command))
    return found


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("python", "commands"):
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[2], encoding="utf-8") as page:
        text = page.read()
    print(python_code(text) if argv[1] == "python" else "\n".join(commands(text)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
