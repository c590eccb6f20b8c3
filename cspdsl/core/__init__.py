"""What every part of cspdsl stands on: the user-facing error with its place (`errors.py`), the
record type (`record.py`), typing's names without typing (`static_types.py`), the clock of a solve
(`deadline.py`) and the ranges of its limits (`limits.py`), the cycle collector's pause
(`collector.py`), and the bundled example models (`examples.py`). Imports nothing else of cspdsl."""
