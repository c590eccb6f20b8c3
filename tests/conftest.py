"""Shared fixtures, and the hypothesis settings every property suite runs under. The plain helpers
(the repository root, the models, running the CLI) are in helpers.py, which test modules import."""

from __future__ import annotations

import pytest
from helpers import run_cli
from hypothesis import settings

# Derandomised: every run draws the same examples, CI included, so a failure reproduces. No deadline:
# an example is not failed for its time on a loaded machine. Suites set only their own sizes on top.
settings.register_profile("cspdsl", derandomize=True, deadline=None)
settings.load_profile("cspdsl")


@pytest.fixture
def cli():
    return run_cli
