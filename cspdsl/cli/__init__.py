"""The `cspdsl` command: its flags, its commands, its output and its exit codes (`main.py`)."""

from .commands import main

__all__ = ["main"]
